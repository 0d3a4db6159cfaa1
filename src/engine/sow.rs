//! One turn of sowing: the laps, relays, and the detection of turns that never end.

use super::board::{Board, Place, next_on};
use super::ground::{BySide, Side};
use super::mechanics::{Relay, owned_pits, pair_across, while_sowing};
use super::rules::Rules;
use super::shape::Shape;
use super::trace::{Event, NoTrace, Observer};

mod choices;
mod packed;

pub(crate) use choices::{Steering, Unmade};

pub(crate) use packed::PackedTrack;

/// Everything fixed for the length of one turn.
// Each flag is one fact of the turn, read once from the rules or the move.
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct Turn<'r> {
    pub rules: &'r Rules,
    pub shape: &'static Shape,
    pub mover: Side,
    /// The pit emptied at the start of the turn.
    pub origin: usize,
    /// Places the mover drops seeds into: open pits, plus their store if sown.
    pub sow_track: u64,
    /// Open pits of both rows: where relays and leaps look.
    pub open_pits: u64,
    /// Owned pits (of either player): never captured; a relay stops at one.
    pub owned: u64,
    /// The pits each player owns.
    /// (As the position packs them: see [`Shape::pits_of`].)
    pub owned_by: BySide<u32>,
    /// The opponent's row is empty and the rules say the move must reach it.
    pub must_feed: bool,
    /// The pits the opponent owns for the round: where feeding looks, and
    /// whose groups made while sowing are theirs (their row, but in
    /// territory rounds, rules.md §12).
    pub their_pits: u64,
    /// Owned pits keep their seeds (read once from the rules).
    pub owned_pits_kept: bool,
    /// Pits become owned as tuzdyks (read once from the rules).
    pub to_owner_pits: bool,
    /// The first lap sows against the track (the mover chose the other
    /// direction than the board's).
    pub backward: bool,
    /// Whether the turn's drops on the opponent's row are to be noticed
    /// (where the rules ask whether a turn reached it).
    pub track_reach: bool,
    /// Where the rules capture the pair across (§10.5): what this turn
    /// may capture from and turn at. (`None` elsewhere, so that the other
    /// rule sets' turns stay as small as they were.)
    pub pair: Option<PairTurn>,
}

/// What a turn needs where laps end in the capture of the pair across.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PairTurn {
    /// The mover's front pits, where a lap ending in a pit that held seeds
    /// takes the pair across, captures being open; 0 before they open.
    pub capture_from: u64,
    /// The mover's pits whose lap may turn, reversals being open; else 0.
    pub reversal_pits: u64,
}

/// How a turn that ended did end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnEnd {
    pub extra_turn: bool,
    /// Bits of the pits that became the mover's own.
    pub owned: u64,
    /// The move captured something for the mover (for the move after a
    /// capture): a leap, a Kalah capture, a capture by count, or seeds
    /// taken while sowing from the mover's own row.
    pub captured: bool,
    /// Who took the move's last group while sowing, if it took any.
    pub group_taker: Option<Side>,
    /// A capture left the opponent unable to move, and the mover has won
    /// (where the player who cannot move loses).
    pub won: bool,
}

impl TurnEnd {
    /// A turn that ended with nothing more to say, captured or not.
    pub(crate) const fn ended(captured: bool) -> TurnEnd {
        TurnEnd {
            extra_turn: false,
            owned: 0,
            captured,
            group_taker: None,
            won: false,
        }
    }

    /// The same end, saying who took the move's last group while sowing.
    #[inline]
    const fn with_group_taker(self, group_taker: Option<Side>) -> TurnEnd {
        TurnEnd {
            group_taker,
            ..self
        }
    }
}

/// What one lap did.
pub(in crate::engine) struct Lap {
    /// The place of its last seed.
    pub(in crate::engine) at: usize,
    /// The mover took seeds while sowing.
    took: bool,
    /// Who took its last group while sowing, if it took any.
    group_taker: Option<Side>,
    /// Its last seed made a group that went to the sower: the turn ends.
    ended_on_group: bool,
    /// A seed fell on the opponent's row (tracked where the rules ask).
    reached: bool,
}

/// Where a relay lap's end leads.
enum LapEnd {
    /// Another lap, taken up from this place.
    Next(usize),
    /// The turn is over, its captures made.
    TurnOver(Close),
}

/// Why a turn cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// It would go round the same laps forever, or past [`MAX_LAPS`].
    Endless,
    /// It leaves the opponent's empty row empty, which the rules forbid.
    DoesNotFeed,
    /// It met a choice of way the move does not make.
    Unmade(Unmade),
    /// The move names a way for its first lap where that lap cannot turn.
    NoChoiceHere,
    /// The move names more later ways than the turn meets choices.
    TooManyChoices,
    /// A rule of the pits that may be played refuses it.
    Restricted(crate::engine::mechanics::playable::Restriction),
}

/// The most laps a turn may take: one that needs more counts as endless
/// (docs/rules.md §2). Only custom rule files in which no seed leaves the board
/// come near it; the built-in variants' longest turns are about 20 laps. It
/// keeps every move, legality check and stuck check bounded.
pub const MAX_LAPS: u32 = 1000;

/// Plays out a whole turn on `board`.
///
/// # Errors
/// [`Refused::Endless`] when a lap-start state repeats or a lap past
/// [`MAX_LAPS`] would begin, [`Refused::DoesNotFeed`] when the move must feed
/// the opponent and does not; `board` is then left part-way through and must
/// be thrown away.
// Inlined into `play` so the fast path is specialised for the do-nothing
// observer; measured: about 4% of perft's time.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn sow_turn<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    choices: Steering,
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    // One lap from the pit after the origin, no owned pits (Kalaha, Oware):
    // a path of its own, with nothing of the other mechanics to test.
    if turn.rules.shortcuts().sows_plainly {
        sow_turn_plainly(board, turn, obs)
    } else if !O::WATCHES && turn.rules.shortcuts().relays_in_bulk {
        sow_turn_in_bulk(board, turn)
    } else {
        sow_turn_general::<O, false>(board, turn, choices, obs)
    }
}

/// [`sow_turn`] with relay laps sown whole, where no one watches the seeds.
/// Kept out of line, so the paths that never take it compile as before.
#[inline(never)]
fn sow_turn_in_bulk(board: &mut Board, turn: &Turn) -> Result<TurnEnd, Refused> {
    sow_turn_general::<NoTrace, true>(board, turn, Steering::default(), &mut NoTrace)
}

/// [`sow_turn`] for rules that sow plainly: one lap along the track from
/// the pit after the origin, then the turn's end. Nothing of the other
/// mechanics (relays, groups, owned pits, a chosen way) is looked at, which
/// keeps perft and the search on these rule sets as fast as they can be.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn sow_turn_plainly<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    let (rules, shape) = (turn.rules, turn.shape);
    let track = if rules.plan().laps.skip_origin {
        without(turn.sow_track, turn.origin)
    } else {
        turn.sow_track
    };
    let mut hand = board.take(turn.origin);
    obs.record(Event::TakeUp {
        pit: shape.place(turn.origin),
        count: hand,
    });
    let mut at = turn.origin;
    // Drops go to the set bits of `ahead` in order, then round again.
    let mut ahead = track & (!0u64 << (turn.origin + 1));
    while hand > 0 {
        if ahead == 0 {
            ahead = track;
        }
        at = ahead.trailing_zeros() as usize;
        ahead &= ahead - 1;
        hand -= 1;
        let count = board.add(at, 1);
        obs.record(Event::Drop {
            place: shape.place(at),
            count,
            in_hand: hand,
        });
    }
    obs.record(Event::LapEnd {
        lap: 1,
        last: shape.place(at),
    });
    if at == shape.store(turn.mover) && rules.plan().extra_turn.own_store {
        obs.record(Event::ExtraTurn { side: turn.mover });
        return Ok(TurnEnd {
            extra_turn: true,
            ..TurnEnd::ended(false)
        });
    }
    let plan = rules.plan();
    let mut captured = plan
        .across
        .is_some_and(|across| across.capture(board, turn, at, obs));
    if let Some(by_count) = &plan.by_count {
        captured |= by_count.capture(board, turn, at, (track, false), obs);
    }
    fed(board, turn)?;
    Ok(TurnEnd::ended(captured))
}

/// [`sow_turn`] for any rules: laps and relays, groups taken while sowing,
/// owned pits, the way the mover chose, laps that turn as `choices` say;
/// relay laps sown whole where `IN_BULK` (see [`packed`]).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn sow_turn_general<O: Observer, const IN_BULK: bool>(
    board: &mut Board,
    turn: &Turn,
    choices: Steering,
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    let rules = turn.rules;
    let shape = turn.shape;
    // Read once: the compiler cannot always see that sowing leaves them alone.
    let (relay, skip_lap_start) = (rules.plan().relay, rules.plan().laps.skip_lap_start);
    let own_store = shape.store(turn.mover);
    // The places seeds may drop into this turn. With skip-origin the origin is
    // left out (unless it is the only place, which a real board never has).
    let drop_track = if rules.plan().laps.skip_origin {
        without(turn.sow_track, turn.origin)
    } else {
        turn.sow_track
    };
    let mut cycle = (relay != Relay::Off)
        .then(|| CycleCheck::new(board.seeds(), lap_key(turn.origin, turn.backward)));
    let mut take = turn.origin;
    let mut lap: u32 = 1;
    let mut captured = false;
    let mut group_taker = None;
    let mut backward = turn.backward;
    let mut reached = false;
    // Where no one watches the seeds, relay laps may be sown whole. A track
    // that does not pack never will this turn (its seeds stay on it), so it
    // is not packed again lap after lap.
    let mut in_bulk = IN_BULK;
    let turning = turning(turn, choices)?;
    // How many of the move's later ways its laps have taken.
    let mut later_used = 0;
    loop {
        if let Some(pair) = turning {
            backward = lap_way(board, turn, pair, choices, (take, lap), &mut later_used)?;
            turned_lap_starts(board, &mut cycle, lap_key(take, backward), lap)?;
        }
        let packed = if in_bulk {
            packed::relay_laps(board, turn, &mut take, &mut lap, &mut backward)?
        } else {
            None
        };
        in_bulk &= packed.is_some();
        let lap_track = lap_track(drop_track, take, skip_lap_start);
        let done = match packed {
            Some(done) => done,
            None => take_up_and_sow(board, turn, (take, lap), backward, lap_track, obs),
        };
        let at = done.at;
        if lap == 1 {
            rules
                .plan()
                .playable
                .first_lap(board, turn, at, done.reached)?;
        }
        captured |= done.took;
        reached |= done.reached;
        group_taker = done.group_taker.or(group_taker);
        obs.record(Event::LapEnd {
            lap,
            last: shape.place(at),
        });

        if at == own_store && rules.plan().extra_turn.own_store {
            return extra_turn(board, turn, captured, group_taker, obs);
        }
        if let Some(mut end) = ends_where_it_fell(board, turn, &done, obs) {
            fed(board, turn)?;
            end.captured |= captured;
            return Ok(end.with_group_taker(group_taker));
        }
        let course = Course { reached, backward };
        let next = match relay {
            Relay::Off => {
                let mut end = end_of_lap::<O>(board, turn, at, lap_track, course, obs)?;
                end.captured |= captured;
                return Ok(end.with_group_taker(group_taker));
            }
            kind => match relay_goes_on(board, turn, kind, (at, take, lap_track), course, obs)? {
                LapEnd::Next(next) => next,
                LapEnd::TurnOver(close) => {
                    if later_used < choices.later.len() {
                        return Err(Refused::TooManyChoices);
                    }
                    let end = TurnEnd {
                        owned: close.owned,
                        extra_turn: close.extra_turn,
                        won: close.won,
                        ..TurnEnd::ended(captured || close.captured)
                    };
                    return Ok(end.with_group_taker(group_taker));
                }
            },
        };
        take = next;
        lap += 1;
        if rules.plan().laps.reverse_laps {
            backward = !backward;
        }
        if lap > MAX_LAPS {
            return Err(Refused::Endless);
        }
        if turning.is_none()
            && let Some(cycle) = cycle.as_mut()
            && cycle.repeats(board.seeds(), lap_key(take, backward))
        {
            return Err(Refused::Endless);
        }
    }
}

/// Lap `lap`: the pit at `take` taken up and sown, along the track or
/// against it (`backward`), into the places of `lap_track`.
#[allow(clippy::inline_always)]
#[inline(always)]
fn take_up_and_sow<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    (take, lap): (usize, u32),
    backward: bool,
    lap_track: u64,
    obs: &mut O,
) -> Lap {
    let hand = board.take(take);
    obs.record(taken_up(turn.shape.place(take), hand, lap));
    // Sowing from the origin puts the first seed back where the lap began,
    // unless it is the only one.
    let at_origin = turn.rules.plan().laps.back_into_origin(lap, hand);
    sow_lap_from::<O>(board, turn, take, at_origin, backward, hand, lap_track, obs)
}

/// A lap ended in the mover's own store, which gives another move (a
/// relay's turn judged for feeding first).
fn extra_turn<O: Observer>(
    board: &Board,
    turn: &Turn,
    captured: bool,
    group_taker: Option<Side>,
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    if turn.rules.plan().relay.is_on() {
        fed(board, turn)?;
    }
    obs.record(Event::ExtraTurn { side: turn.mover });
    let extra = TurnEnd::ended(captured).with_group_taker(group_taker);
    Ok(TurnEnd {
        extra_turn: true,
        ..extra
    })
}

/// Where laps may turn this turn: where the rules have such pits and they
/// are open. A move may name a way for its first lap only there.
fn turning(turn: &Turn, choices: Steering) -> Result<Option<PairTurn>, Refused> {
    let turning = turn.pair.filter(|pair| pair.reversal_pits != 0);
    if turning.is_none() && choices.first.is_some() {
        return Err(Refused::NoChoiceHere);
    }
    Ok(turning)
}

/// A lap of a turn whose laps may turn starts with the way chosen, which
/// its lap-start state holds (§10.1): the first lap's starts the check,
/// each later one's is checked against it.
fn turned_lap_starts(
    board: &Board,
    cycle: &mut Option<CycleCheck<super::board::Seeds>>,
    key: usize,
    lap: u32,
) -> Result<(), Refused> {
    match cycle.as_mut() {
        Some(cycle) if lap > 1 => {
            if cycle.repeats(board.seeds(), key) {
                return Err(Refused::Endless);
            }
        }
        _ => *cycle = Some(CycleCheck::new(board.seeds(), key)),
    }
    Ok(())
}

/// Whether the lap about to be sown from `take` goes against the track:
/// where the pit may turn and the other way would capture the pair across,
/// the way the move names (refused where it names none); else the track's
/// way, as every lap of such rules goes unless it turns (§10.5).
fn lap_way(
    board: &Board,
    turn: &Turn,
    pair: PairTurn,
    choices: Steering,
    (take, lap): (usize, u32),
    later_used: &mut usize,
) -> Result<bool, Refused> {
    let turns = pair.reversal_pits & (1 << take) != 0
        && turned_lap_captures(board, turn, pair.capture_from, (take, lap));
    if !turns {
        if lap == 1 && choices.first.is_some() {
            return Err(Refused::NoChoiceHere);
        }
        return Ok(false);
    }
    let (way, unmade) = if lap == 1 {
        (choices.first, Unmade::First)
    } else {
        *later_used += 1;
        (choices.later_way(*later_used - 1), Unmade::Later)
    };
    let way = way.ok_or(Refused::Unmade(unmade))?;
    Ok(turn.shape.backward(way))
}

/// Whether the lap from `take`, sown against the track, would end in an
/// own front pit that held seeds facing a pair that both hold seeds: sown
/// on a copy, after the pit is lifted (so a lap that comes round to its own
/// emptied pit ends in an empty one).
fn turned_lap_captures(
    board: &Board,
    turn: &Turn,
    capture_from: u64,
    (take, lap): (usize, u32),
) -> bool {
    let mut probe = *board;
    let hand = probe.take(take);
    let track = lap_track(turn.sow_track, take, turn.rules.plan().laps.skip_lap_start);
    let at_origin = turn.rules.plan().laps.back_into_origin(lap, hand);
    let lap = sow_lap_from(
        &mut probe,
        turn,
        take,
        at_origin,
        true,
        hand,
        track,
        &mut NoTrace,
    );
    probe.get(lap.at) > 1
        && pair_across::capture(&mut probe, turn, capture_from, lap.at, take, &mut NoTrace) > 0
}

/// One lap from the pit at `take` (its first seed back into it where
/// `at_origin`), along the track or against it: the loop that fits, rule
/// sets without tuzdyks getting one that never looks for one.
#[allow(clippy::inline_always, clippy::too_many_arguments)]
#[inline(always)]
pub(in crate::engine) fn sow_lap_from<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    take: usize,
    at_origin: bool,
    backward: bool,
    hand: u16,
    lap_track: u64,
    obs: &mut O,
) -> Lap {
    // Tuzdyks get the loop that sends their seeds to their owners.
    let plain = !turn.to_owner_pits || turn.owned == 0;
    if backward {
        let bound = if at_origin { take + 1 } else { take };
        if plain {
            sow_lap::<O, false, true>(board, turn, bound, hand, lap_track, obs)
        } else {
            sow_lap::<O, true, true>(board, turn, bound, hand, lap_track, obs)
        }
    } else {
        let first = if at_origin { take } else { take + 1 };
        if plain {
            sow_lap::<O, false, false>(board, turn, first, hand, lap_track, obs)
        } else {
            sow_lap::<O, true, false>(board, turn, first, hand, lap_track, obs)
        }
    }
}

/// How the turn has gone so far, for what its end depends on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Course {
    /// A seed fell on the opponent's row (where the rules ask).
    pub reached: bool,
    /// The last lap went against the track.
    pub backward: bool,
}

/// A lap's start as the endless-turn check keys it: the pit and the way.
#[inline]
fn lap_key(take: usize, backward: bool) -> usize {
    take | (usize::from(backward) << 8)
}

/// The event of a lap's seeds taken up: the turn's first, or a relay's.
#[inline]
pub(in crate::engine) fn taken_up(pit: Place, count: u16, lap: u32) -> Event {
    if lap == 1 {
        Event::TakeUp { pit, count }
    } else {
        Event::RelayTakeUp { pit, count, lap }
    }
}

/// The turn ends where the lap's last seed fell, whatever the relay: a
/// group it made went to the sower (the pit is empty again), or owned pits
/// that keep their seeds say so (see [`owned_pits::OwnedPits::kept_lap_end`]).
fn ends_where_it_fell<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    lap: &Lap,
    obs: &mut O,
) -> Option<TurnEnd> {
    if lap.ended_on_group {
        return Some(TurnEnd::ended(false));
    }
    if turn.owned_pits_kept {
        return turn
            .rules
            .plan()
            .owned_pits
            .and_then(|owned| owned.kept_lap_end(board, turn, lap.at, obs));
    }
    None
}

/// A relay lap ended at `at`: the pit the next lap is taken from, or the
/// turn's end (its captures made).
#[allow(clippy::inline_always)]
#[inline(always)]
fn relay_goes_on<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    kind: Relay,
    (at, lap_origin, lap_track): (usize, usize, u64),
    course: Course,
    obs: &mut O,
) -> Result<LapEnd, Refused> {
    let (rules, shape) = (turn.rules, turn.shape);
    let mut close;
    match kind {
        Relay::NextPit => {
            // The next pit decides whether the turn goes on.
            let next = next_on(turn.open_pits, at);
            if board.get(next) != 0 {
                return Ok(LapEnd::Next(next));
            }
            close = at_turn_end(board, turn, at, course, obs);
            if let Some(leap) = rules.plan().leap {
                let beyond = next_on(turn.open_pits, next);
                close.captured |= leap.take(board, turn, beyond, obs);
            }
        }
        Relay::LandingPit | Relay::Off => {
            // A capture by count made by the lap's last seed ends the turn
            // there (§13); only else does the relay go on.
            if let Some(by_count) = &rules.plan().by_count
                && by_count.capture(board, turn, at, (lap_track, course.backward), obs)
            {
                fed(board, turn)?;
                return Ok(LapEnd::TurnOver(Close {
                    captured: true,
                    ..Close::default()
                }));
            }
            // A pit that held seeds before the last one goes on; an empty
            // one (or a store, or an owned pit) ends the turn.
            let ends = shape.is_store(at) || turn.owned & (1 << at) != 0 || board.get(at) <= 1;
            if !ends {
                // The pair across, taken where the rules take it, goes into
                // the lap's origin and is sown on from there (§10.5).
                if let Some(pair) = turn.pair
                    && pair_across::capture(board, turn, pair.capture_from, at, lap_origin, obs) > 0
                {
                    let opponent = turn.mover.other();
                    if rules
                        .plan()
                        .goal
                        .capture_wins(board, shape, rules, turn.open_pits, opponent)
                    {
                        return Ok(LapEnd::TurnOver(Close {
                            captured: true,
                            won: true,
                            ..Close::default()
                        }));
                    }
                    return Ok(LapEnd::Next(lap_origin));
                }
                return Ok(LapEnd::Next(at));
            }
            close = at_turn_end(board, turn, at, course, obs);
        }
    }
    fed(board, turn)?;
    Ok(LapEnd::TurnOver(close))
}

/// Drops `hand` seeds along `lap_track`, one a place, from the place
/// `first` on, taking the groups the rules take while sowing.
#[allow(clippy::inline_always)]
#[inline(always)]
fn sow_lap<O: Observer, const OWNED: bool, const BACK: bool>(
    board: &mut Board,
    turn: &Turn,
    first: usize,
    mut hand: u16,
    lap_track: u64,
    obs: &mut O,
) -> Lap {
    let mut reached = false;
    let shape = turn.shape;
    // Whether the mover took seeds from their own row while sowing.
    let mut took = false;
    let mut group_taker = None;
    let mut ended_on_group = false;
    // Read once: the compiler cannot always see that sowing leaves it alone.
    // 0 where nothing is taken while sowing: no drop makes a pit hold 0.
    let while_sowing = turn.rules.plan().while_sowing.map_or(0, |w| w.count);
    let mut at = first;
    // Drops go to the set bits of `ahead` in order, then round again. Walking
    // bits keeps each step short, which is most of the cost of a move.
    // Backwards (`BACK`), `first` is the bound below which the lap starts,
    // and the bits are walked from the highest down.
    let mut ahead = if BACK {
        lap_track & ((1u64 << first) - 1)
    } else {
        lap_track & (!0u64 << first)
    };
    let to_owner = turn.owned;
    let reach_row = if turn.track_reach {
        shape.side_mask(turn.mover.other())
    } else {
        0
    };
    while hand > 0 {
        if ahead == 0 {
            ahead = lap_track;
        }
        if BACK {
            at = 63 - ahead.leading_zeros() as usize;
            ahead &= !(1u64 << at);
        } else {
            at = ahead.trailing_zeros() as usize;
            ahead &= ahead - 1;
        }
        hand -= 1;
        if reach_row != 0 {
            reached |= reach_row & (1 << at) != 0;
        }
        if OWNED && to_owner & (1 << at) != 0 {
            owned_pits::to_owner(board, shape, at, hand, obs);
            continue;
        }
        let count = board.add(at, 1);
        obs.record(Event::Drop {
            place: shape.place(at),
            count,
            in_hand: hand,
        });
        if count == while_sowing && !shape.is_store(at) {
            let last =
                hand == 0
                    && turn.rules.plan().while_sowing.is_some_and(
                        super::mechanics::while_sowing::WhileSowing::last_seed_to_sower,
                    );
            // A group goes to the pit's owner (the lap's last seed's, to
            // the sower where the rules say so).
            let taker = if !last && turn.their_pits & (1 << at) != 0 {
                turn.mover.other()
            } else {
                turn.mover
            };
            while_sowing::take(board, shape, at, taker, obs);
            took |= taker == turn.mover;
            group_taker = Some(taker);
            ended_on_group = last;
        }
    }
    Lap {
        at,
        took,
        group_taker,
        ended_on_group,
        reached,
    }
}

/// The places a lap from `take` drops into: the turn's, less `take` itself
/// where each lap leaves out the pit it was taken up from.
#[inline]
fn lap_track(drop_track: u64, take: usize, skip_lap_start: bool) -> u64 {
    if skip_lap_start {
        without(drop_track, take)
    } else {
        drop_track
    }
}

/// `track` without the place `index` (unless that would leave nothing,
/// which a real board never does).
#[inline]
fn without(track: u64, index: usize) -> u64 {
    let left = track & !(1u64 << index);
    if left != 0 { left } else { track }
}

/// The end of a single-lap turn whose last seed fell at `last`: the
/// captures, then feeding, judged once the turn is over (rules.md §7; with
/// Oware's grand slam, which captures nothing, the same as judging what was
/// sown).
#[allow(clippy::inline_always)]
#[inline(always)]
fn end_of_lap<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    last: usize,
    track: u64,
    course: Course,
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    let rules = turn.rules;
    let close = at_turn_end(board, turn, last, course, obs);
    let (mut captured, mut owned) = (close.captured, close.owned);
    if close.extra_turn {
        fed(board, turn)?;
        return Ok(TurnEnd {
            extra_turn: true,
            ..TurnEnd::ended(captured)
        });
    }
    if turn.to_owner_pits
        && let Some(made) = rules
            .plan()
            .owned_pits
            .and_then(|owned| owned.own_pit(board, turn, last, obs))
    {
        owned = 1 << made;
    }
    if owned != 0 {
        fed(board, turn)?;
        return Ok(TurnEnd {
            owned,
            ..TurnEnd::ended(captured)
        });
    }
    if let Some(by_count) = &rules.plan().by_count {
        captured |= by_count.capture(board, turn, last, (track, course.backward), obs);
    }
    fed(board, turn)?;
    Ok(TurnEnd::ended(captured))
}

/// Refuses a turn that leaves the opponent's row empty when it must feed it.
#[inline]
fn fed(board: &Board, turn: &Turn) -> Result<(), Refused> {
    if turn.must_feed && board.filled() & turn.their_pits == 0 {
        Err(Refused::DoesNotFeed)
    } else {
        Ok(())
    }
}

/// What the end of a turn did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Close {
    pub captured: bool,
    /// Pits made the mover's.
    pub owned: u64,
    /// The mover moves again (the turn stayed on their own row).
    pub extra_turn: bool,
    /// A capture left the opponent unable to move: the mover has won.
    pub won: bool,
}

/// Where a turn ends at `index`: the pair of owned pits where the rules
/// make one (and then no capture); else the Kalah capture where the rules
/// have it (see [`crate::engine::mechanics::Across::at_turn_end`]).
#[inline]
fn at_turn_end<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    index: usize,
    course: Course,
    obs: &mut O,
) -> Close {
    let plan = turn.rules.plan();
    if let Some(owned) = plan
        .owned_pits
        .and_then(|owned| owned.own_pair(board, turn, index, obs))
    {
        return Close {
            owned,
            ..Close::default()
        };
    }
    match plan.across {
        Some(across) => across.at_turn_end(board, turn, index, course, obs),
        None => Close::default(),
    }
}

/// Empties the pit at `index` into `by`'s store; gives how many it held.
#[inline]
pub(crate) fn take_to_store(board: &mut Board, shape: &Shape, index: usize, by: Side) -> u16 {
    let count = board.take(index);
    board.add(shape.store(by), count);
    count
}

/// Brent's cycle detection over lap-start states (every place's count, as
/// the board or the packed track holds them, plus the pit about to be taken
/// up). A lap is a pure function of that state, so a repeat means the turn
/// never ends. It needs one saved state, not a history, and finds any cycle
/// within a small multiple of the cycle's start plus its length.
pub(in crate::engine) struct CycleCheck<S> {
    saved: S,
    saved_take: usize,
    power: u32,
    steps: u32,
}

impl<S: Copy + PartialEq> CycleCheck<S> {
    pub(in crate::engine) fn new(counts: &S, origin: usize) -> Self {
        CycleCheck {
            saved: *counts,
            saved_take: origin,
            power: 1,
            steps: 1,
        }
    }

    pub(in crate::engine) fn repeats(&mut self, counts: &S, take: usize) -> bool {
        if take == self.saved_take && *counts == self.saved {
            return true;
        }
        if self.steps == self.power {
            self.saved = *counts;
            self.saved_take = take;
            self.power = self.power.saturating_mul(2);
            self.steps = 0;
        }
        self.steps += 1;
        false
    }
}
