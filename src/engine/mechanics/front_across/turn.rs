//! Bao's turn (rules.md §10.2-§10.4): a lap ending in an own front pit that
//! held seeds, facing an occupied front pit, takes that pit's seeds and
//! sows them back in from a kichwa (an end of the mover's front row), which
//! may turn the move; elsewhere a pit that held seeds is lifted and sown on
//! the same way. A move is capturing or not (a takasa) from its first lap
//! on, and a takasa never captures. A move from the hand (namua) first puts
//! a seed into the pit it names; the owned nyumba and a blocked pit may end
//! a lap that would relay.

use crate::engine::board::{Board, Place};
use crate::engine::ground::Direction;
use crate::engine::ground::Pit;
use crate::engine::sow::{
    CycleCheck, Lap, MAX_LAPS, Refused, Turn, TurnEnd, sow_lap_from, taken_up,
};
use crate::engine::trace::{Event, NoTrace, Observer};

/// What a Bao turn needs beyond the rest.
// Each flag is one independent fact about the move, as §10.4 names them.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrontTurn {
    /// The move's first lap captures, so each of its laps may: else it is a
    /// takasa, which captures nothing.
    pub capturing: bool,
    /// The move starts with a seed from the mover's hand into its origin
    /// (namua). A capturing one then takes the pit across at once, its
    /// seeds going in from the kichwa the move's way starts from.
    pub from_hand: bool,
    /// Lift only this many seeds from the origin (a taxed nyumba), not all.
    pub lift: Option<u16>,
    /// The mover's nyumba while they own it.
    pub nyumba: Option<usize>,
    /// While the mover has seeds in hand: a nyumba of this many seeds or
    /// more ends a takasa lap and offers a capturing one the safari (0:
    /// neither, as in mtaji).
    pub functional: u16,
    /// The safari is offered where a capturing lap ends in the functional
    /// nyumba with nothing to take (else such a lap ends the move).
    pub safari_offered: bool,
    /// The move goes on safari where one is offered.
    pub safari: bool,
    /// A pit of the mover's blocked by takasia: a takasa lap ending there
    /// ends the move.
    pub blocked: Option<usize>,
}

/// How a Bao turn ended, and what it touched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrontEnd {
    pub end: TurnEnd,
    /// Pits lifted whole by the turn (its origin too, unless taxed).
    pub lifted: u64,
    /// Pits whose seeds it captured.
    pub taken: u64,
    /// A lap ended where the safari was offered, taken or not.
    pub met_safari: bool,
}

/// Plays out a Bao turn on `board`.
///
/// # Errors
/// [`Refused::Endless`] where a lap-start state comes back or a lap past
/// [`MAX_LAPS`] would begin.
pub(crate) fn sow_turn<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    front: FrontTurn,
    obs: &mut O,
) -> Result<FrontEnd, Refused> {
    let shape = turn.shape;
    let mover = turn.mover;
    let own_front = shape.front_mask(mover);
    let their_front = shape.front_mask(mover.other());
    let mut backward = turn.backward;
    let mut nyumba = front.nyumba;
    let mut done = FrontEnd {
        end: TurnEnd::ended(false),
        lifted: 0,
        taken: 0,
        met_safari: false,
    };
    if front.from_hand {
        let hand = shape.store(mover);
        board.set(hand, board.get(hand) - 1);
        board.add(turn.origin, 1);
        obs.record(Event::FromHand {
            pit: shape.place(turn.origin),
            by: mover,
        });
    }
    let mut next = if front.from_hand && front.capturing {
        Next::CaptureAt(turn.origin)
    } else {
        Next::Lift(turn.origin, front.lift)
    };
    let mut lap: u32 = 1;
    let mut cycle = CycleCheck::new(board.seeds(), lap_key(next, backward, nyumba));
    loop {
        let at = match next {
            Next::CaptureAt(at) => at,
            Next::Lift(pit, part) => {
                let hand = if let Some(part) = part {
                    board.set(pit, board.get(pit) - part);
                    part
                } else {
                    done.lifted |= 1 << pit;
                    if nyumba == Some(pit) {
                        nyumba = None;
                    }
                    board.take(pit)
                };
                obs.record(taken_up(shape.place(pit), hand, lap));
                lap_end(board, turn, pit, false, backward, hand, lap, obs)
            }
            // The kichwa takes the first seed.
            Next::SowIn(kichwa, hand) => {
                lap_end(board, turn, kichwa, true, backward, hand, lap, obs)
            }
        };
        let held = board.get(at) > 1;
        let across = shape.opposite(at);
        if front.capturing && held && own_front & (1 << at) != 0 && board.get(across) > 0 {
            let count = board.take(across);
            done.taken |= 1 << across;
            done.end.captured = true;
            if board.filled() & their_front == 0 {
                // The opponent's front row is empty: won, the seeds not yet
                // sown kept in the winner's hand.
                board.add(shape.store(mover), count);
                obs.record(front_capture(turn, at, across, count, None));
                done.end.won = true;
                return Ok(done);
            }
            let (kichwa, way) = if matches!(next, Next::CaptureAt(_)) {
                // From the hand the move's way names the kichwa.
                (kichwa_heading(turn, backward), backward)
            } else {
                kichwa_of(turn, at, backward)
            };
            obs.record(front_capture(turn, at, across, count, Some(kichwa)));
            backward = way;
            next = Next::SowIn(kichwa, count);
        } else if held {
            let functional =
                front.functional > 0 && nyumba == Some(at) && board.get(at) >= front.functional;
            if functional && front.capturing {
                // Nothing to take at the functional nyumba: stop, or go on
                // safari where it is offered.
                done.met_safari = front.safari_offered;
                if !(front.safari_offered && front.safari) {
                    return Ok(done);
                }
            } else if !front.capturing && (functional || front.blocked == Some(at)) {
                return Ok(done);
            }
            next = Next::Lift(at, None);
        } else {
            return Ok(done);
        }
        lap += 1;
        let key = lap_key(next, backward, nyumba);
        if lap > MAX_LAPS || cycle.repeats(board.seeds(), key) {
            return Err(Refused::Endless);
        }
    }
}

/// What a Bao turn does next.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// The hand's seed is in this pit: take the pit across.
    CaptureAt(usize),
    /// Lift the pit (all of it, or only so many seeds) and sow on.
    Lift(usize, Option<u16>),
    /// Sow captured seeds in from this kichwa.
    SowIn(usize, u16),
}

/// Sows a lap and reports where it ended.
#[allow(clippy::too_many_arguments)]
fn lap_end<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    from: usize,
    at_origin: bool,
    backward: bool,
    hand: u16,
    lap: u32,
    obs: &mut O,
) -> usize {
    let Lap { at, .. } = sow_lap_from(
        board,
        turn,
        from,
        at_origin,
        backward,
        hand,
        turn.sow_track,
        obs,
    );
    obs.record(Event::LapEnd {
        lap,
        last: turn.shape.place(at),
    });
    at
}

/// A lap's start as the endless-turn check keys it: the pit lifted or the
/// kichwa sown in from (the seeds in hand are those missing from the
/// board), the way, and whether the nyumba is still owned.
fn lap_key(next: Next, backward: bool, nyumba: Option<usize>) -> usize {
    let from = match next {
        Next::CaptureAt(pit) | Next::Lift(pit, None) => pit,
        Next::Lift(pit, Some(_)) => pit | (1 << 6),
        Next::SowIn(kichwa, _) => kichwa | (1 << 7),
    };
    from | (usize::from(backward) << 8) | (usize::from(nyumba.is_some()) << 9)
}

/// The kichwa captured seeds at the mover's front pit `at` go in from, and
/// whether they go against the track: at the two pits of either end, that
/// end, towards the centre; at a central pit, the end the lap was heading
/// for, the way unchanged.
fn kichwa_of(turn: &Turn, at: usize, backward: bool) -> (usize, bool) {
    let shape = turn.shape;
    let n = shape.pits;
    let number = match shape.place(at) {
        Place::Pit(_, pit) => pit.number(),
        Place::Store(_) => 1,
    };
    let clockwise = shape.backward(Direction::Clockwise);
    if number <= 2 {
        (shape.pit(turn.mover, Pit::new(1)), clockwise)
    } else if number + 1 >= n {
        (shape.pit(turn.mover, Pit::new(n)), !clockwise)
    } else {
        (kichwa_heading(turn, backward), backward)
    }
}

/// The kichwa seeds sown this way start from: the left end clockwise, the
/// right end counter-clockwise.
fn kichwa_heading(turn: &Turn, backward: bool) -> usize {
    let shape = turn.shape;
    let number = if backward == shape.backward(Direction::Clockwise) {
        1
    } else {
        shape.pits
    };
    shape.pit(turn.mover, Pit::new(number))
}

fn front_capture(turn: &Turn, at: usize, across: usize, count: u16, to: Option<usize>) -> Event {
    let shape = turn.shape;
    Event::FrontCapture {
        pit: shape.place(at),
        across: shape.place(across),
        count,
        by: turn.mover,
        kichwa: to.map(|k| shape.place(k)),
    }
}

/// Where the first lap of the move from `origin` sown this way ends, and
/// whether it captures: it ends in an own front pit that held seeds, facing
/// an occupied pit, and the pit lifted held no more than `most_seeds` (sown
/// on a copy).
pub(crate) fn first_lap(board: &Board, turn: &Turn, most_seeds: u16) -> (usize, bool) {
    let (shape, origin) = (turn.shape, turn.origin);
    let hand = board.get(origin);
    let mut probe = *board;
    probe.take(origin);
    let Lap { at, .. } = sow_lap_from(
        &mut probe,
        turn,
        origin,
        false,
        turn.backward,
        hand,
        turn.sow_track,
        &mut NoTrace,
    );
    let captures = hand <= most_seeds
        && probe.get(at) > 1
        && shape.front_mask(turn.mover) & (1 << at) != 0
        && probe.get(shape.opposite(at)) > 0;
    (at, captures)
}
