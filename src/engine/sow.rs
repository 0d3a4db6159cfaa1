//! One turn of sowing: the laps, relays, and the detection of turns that never end.

use super::board::{Board, Layout, Seeds, next_on};
use super::capture;
use super::rules::Rules;
use super::side::Side;
use super::trace::{Event, Observer};

/// Everything fixed for the length of one turn.
pub(crate) struct Turn<'r> {
    pub rules: &'r Rules,
    pub layout: Layout,
    pub mover: Side,
    /// The pit emptied at the start of the turn.
    pub origin: usize,
    /// Places the mover drops seeds into: open pits, plus their store if sown.
    pub sow_track: u64,
    /// Open pits of both rows: where relays and leaps look.
    pub open_pits: u64,
    /// The opponent's row is empty and the rules say the move must reach it.
    pub must_feed: bool,
}

/// How a turn that ended did end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnEnd {
    pub extra_turn: bool,
}

/// Why a turn cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// It would go round the same laps forever, or past [`MAX_LAPS`].
    Endless,
    /// It sows nothing into the opponent's empty row, which the rules forbid.
    DoesNotFeed,
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
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    let rules = turn.rules;
    let layout = turn.layout;
    // Read once: the compiler cannot always see that sowing leaves them alone.
    let four_capture = rules.four_capture();
    let own_store = layout.store(turn.mover);
    // The places seeds may drop into this turn. With skip-origin the origin is
    // left out (unless it is the only place, which a real board never has).
    let without_origin = turn.sow_track & !(1u64 << turn.origin);
    let drop_track = if rules.skip_origin() && without_origin != 0 {
        without_origin
    } else {
        turn.sow_track
    };
    let mut cycle = rules
        .relay()
        .then(|| CycleCheck::new(board.seeds(), turn.origin));
    let mut take = turn.origin;
    let mut lap: u32 = 1;
    loop {
        let mut hand = board.take(take);
        obs.record(if lap == 1 {
            Event::TakeUp {
                pit: layout.place(take),
                count: hand,
            }
        } else {
            Event::RelayTakeUp {
                pit: layout.place(take),
                count: hand,
                lap,
            }
        });

        let mut at = take;
        // Drops go to the set bits of `ahead` in order, then round again. Walking
        // bits keeps each step short, which is most of the cost of a move.
        let mut ahead = drop_track & (!0u64 << (take + 1));
        while hand > 0 {
            if ahead == 0 {
                ahead = drop_track;
            }
            at = ahead.trailing_zeros() as usize;
            ahead &= ahead - 1;
            hand -= 1;
            let count = board.add(at, 1);
            obs.record(Event::Drop {
                place: layout.place(at),
                count,
                in_hand: hand,
            });
            if four_capture && count == 4 && !layout.is_store(at) {
                capture::four(board, layout, at, obs);
            }
        }
        obs.record(Event::LapEnd {
            lap,
            last: layout.place(at),
        });

        if at == own_store && rules.extra_turn() {
            obs.record(Event::ExtraTurn { side: turn.mover });
            return Ok(TurnEnd { extra_turn: true });
        }
        if !rules.relay() {
            // Feeding is judged on what was sown, before any capture.
            if turn.must_feed && board.filled() & layout.row_mask(turn.mover.other()) == 0 {
                return Err(Refused::DoesNotFeed);
            }
            if rules.kalah_capture() {
                capture::kalah(board, layout, turn.mover, at, obs);
            }
            if rules.opponent_row_captures() {
                capture::opponent_row(board, turn, at, obs);
            }
            return Ok(TurnEnd { extra_turn: false });
        }

        // Relay: the next pit decides whether the turn goes on.
        let next = next_on(turn.open_pits, at);
        if board.get(next) == 0 {
            if rules.leap_capture() {
                let beyond = next_on(turn.open_pits, next);
                capture::leap(board, layout, turn.mover, beyond, obs);
            }
            return Ok(TurnEnd { extra_turn: false });
        }
        take = next;
        lap += 1;
        if lap > MAX_LAPS {
            return Err(Refused::Endless);
        }
        if let Some(cycle) = cycle.as_mut()
            && cycle.repeats(board.seeds(), take)
        {
            return Err(Refused::Endless);
        }
    }
}

/// Brent's cycle detection over lap-start states (every pit's count plus the pit
/// about to be taken up). A lap is a pure function of that state, so a repeat
/// means the turn never ends. It needs one saved state, not a history, and finds
/// any cycle within a small multiple of the cycle's start plus its length.
struct CycleCheck {
    saved: Seeds,
    saved_take: usize,
    power: u32,
    steps: u32,
}

impl CycleCheck {
    fn new(seeds: &Seeds, origin: usize) -> Self {
        CycleCheck {
            saved: *seeds,
            saved_take: origin,
            power: 1,
            steps: 1,
        }
    }

    fn repeats(&mut self, seeds: &Seeds, take: usize) -> bool {
        if take == self.saved_take && *seeds == self.saved {
            return true;
        }
        if self.steps == self.power {
            self.saved = *seeds;
            self.saved_take = take;
            self.power = self.power.saturating_mul(2);
            self.steps = 0;
        }
        self.steps += 1;
        false
    }
}
