//! Bao's turn (rules.md §10.2): a lap ending in an own front pit that held
//! seeds, facing an occupied front pit, takes that pit's seeds and sows
//! them back in from a kichwa (an end of the mover's front row), which may
//! turn the move; elsewhere a pit that held seeds is lifted and sown on the
//! same way. A move is capturing or not (a takasa) from its first lap on,
//! and a takasa never captures.

use super::{CycleCheck, Lap, MAX_LAPS, Refused, Turn, TurnEnd, sow_lap_from, taken_up};
use crate::engine::board::{Board, Place};
use crate::engine::pit::Pit;
use crate::engine::rules::Direction;
use crate::engine::trace::{Event, NoTrace, Observer};

/// What a turn of such rules needs beyond the rest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrontTurn {
    /// The move's first lap captures, so each of its laps may: else it is a
    /// takasa, which captures nothing.
    pub capturing: bool,
}

/// Plays out a turn of the front-across capture on `board`.
///
/// # Errors
/// [`Refused::Endless`] where a lap-start state comes back or a lap past
/// [`MAX_LAPS`] would begin.
pub(super) fn sow_turn<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    front: FrontTurn,
    obs: &mut O,
) -> Result<TurnEnd, Refused> {
    let shape = turn.shape;
    let mover = turn.mover;
    let own_front = shape.front_mask(mover);
    let their_front = shape.front_mask(mover.other());
    let mut backward = turn.backward;
    let mut take = turn.origin;
    // Captured seeds to sow in, and the kichwa they go in from.
    let mut sown_in: Option<(usize, u16)> = None;
    let mut lap: u32 = 1;
    let mut captured = false;
    let mut cycle = CycleCheck::new(board.seeds(), lap_key(take, backward, None));
    loop {
        let done = match sown_in.take() {
            None => {
                let hand = board.take(take);
                obs.record(taken_up(shape.place(take), hand, lap));
                sow_lap_from(
                    board,
                    turn,
                    take,
                    false,
                    backward,
                    hand,
                    turn.sow_track,
                    obs,
                )
            }
            // The kichwa takes the first seed.
            Some((kichwa, hand)) => sow_lap_from(
                board,
                turn,
                kichwa,
                true,
                backward,
                hand,
                turn.sow_track,
                obs,
            ),
        };
        let at = done.at;
        obs.record(Event::LapEnd {
            lap,
            last: shape.place(at),
        });
        let held = board.get(at) > 1;
        let across = shape.opposite(at);
        if front.capturing && held && own_front & (1 << at) != 0 && board.get(across) > 0 {
            let count = board.take(across);
            captured = true;
            if board.filled() & their_front == 0 {
                // The opponent's front row is empty: won, the seeds not yet
                // sown kept in the winner's hand.
                board.add(shape.store(mover), count);
                obs.record(front_capture(turn, at, across, count, None));
                return Ok(TurnEnd {
                    won: true,
                    ..TurnEnd::ended(true)
                });
            }
            let (kichwa, way) = kichwa_of(turn, at, backward);
            obs.record(front_capture(turn, at, across, count, Some(kichwa)));
            backward = way;
            sown_in = Some((kichwa, count));
        } else if held {
            take = at;
        } else {
            return Ok(TurnEnd::ended(captured));
        }
        lap += 1;
        let key = lap_key(take, backward, sown_in.map(|(kichwa, _)| kichwa));
        if lap > MAX_LAPS || cycle.repeats(board.seeds(), key) {
            return Err(Refused::Endless);
        }
    }
}

/// A lap's start as the endless-turn check keys it: the pit lifted or the
/// kichwa sown in from (the seeds in hand are those missing from the
/// board), and the way.
fn lap_key(take: usize, backward: bool, kichwa: Option<usize>) -> usize {
    let from = kichwa.map_or(take, |k| k | (1 << 7));
    from | (usize::from(backward) << 8)
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
    let left = (shape.pit(turn.mover, Pit::new(1)), clockwise);
    let right = (shape.pit(turn.mover, Pit::new(n)), !clockwise);
    if number <= 2 {
        left
    } else if number + 1 >= n {
        right
    } else if backward == clockwise {
        left
    } else {
        right
    }
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

/// Whether the move from `origin` sown this way is a capturing move: its
/// first lap ends in an own front pit that held seeds, facing an occupied
/// pit, and the pit lifted held no more than `most_seeds` (sown on a copy).
pub(crate) fn first_lap_captures(board: &Board, turn: &Turn, most_seeds: u16) -> bool {
    let (shape, origin) = (turn.shape, turn.origin);
    let hand = board.get(origin);
    if hand > most_seeds {
        return false;
    }
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
    probe.get(at) > 1
        && shape.front_mask(turn.mover) & (1 << at) != 0
        && probe.get(shape.opposite(at)) > 0
}
