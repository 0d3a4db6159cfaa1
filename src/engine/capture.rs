//! The ways seeds leave the pits during a move: fours, leaps, Kalah captures,
//! captures by count, owned pits and the seeds sown into them, each into a
//! store; and the pair across, whose seeds go back into play on the
//! capturer's side. Each reports what it did.

use super::board::{Board, Place};
use super::ground::Side;
use super::rules::{CountRow, GrandSlam};
use super::shape::Shape;
use super::sow::Turn;
use super::trace::{Event, Observer};

/// The last seed fell at `last`. If that is a pit of the row the rules look
/// at (the opponent's, or either) now holding one of the rules' counts, it is
/// captured; with chains, so is each place sown before it (backwards along
/// `track`, the lap's places) while it is such a pit holding one of the
/// counts. A capture that would empty the opponent's row is, under
/// `captures-nothing`, not made.
/// Gives whether anything was taken.
#[inline]
pub(crate) fn by_count<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    last: usize,
    track: u64,
    obs: &mut O,
) -> bool {
    // Most moves capture nothing: that is decided here, inlined, the count
    // (one bit) before the row.
    if turn.rules.captures_count(board.get(last)) {
        let row = capture_row(turn);
        if row & (1 << last) != 0 {
            return chain(board, turn, last, track, row, obs);
        }
    }
    false
}

/// The pits a capture by count may take: open, not owned, on the rules' row.
fn capture_row(turn: &Turn) -> u64 {
    let rows = match turn.rules.count_row() {
        CountRow::Opponent => turn.shape.side_mask(turn.mover.other()),
        CountRow::Either => turn.shape.pits_mask(),
    };
    rows & turn.open_pits & !turn.owned
}

/// The capture itself, once the last seed's pit is known to be taken;
/// whether it took anything (a grand slam under `captures-nothing` does not).
#[inline(never)]
fn chain<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    last: usize,
    track: u64,
    row: u64,
    obs: &mut O,
) -> bool {
    let (rules, shape, mover) = (turn.rules, turn.shape, turn.mover);
    if !rules.chain_captures() && rules.grand_slam() == GrandSlam::CapturesAll {
        // One pit, nothing to weigh (Toguz Kumalak's even captures).
        let count = take_to_store(board, shape, last, mover);
        obs.record(Event::RowCapture {
            pit: shape.place(last),
            count,
            by: mover,
        });
        return true;
    }
    let captures = |index: usize| row & (1 << index) != 0 && rules.captures_count(board.get(index));
    // The chain as a bit set, and in the order it was found.
    let mut chain = 1u64 << last;
    let mut order = [last; super::ground::MAX_PLACES];
    let mut length = 1;
    let mut taken = board.get(last);
    let mut at = last;
    while rules.chain_captures() {
        let before = previous_on(track, at);
        if chain & (1 << before) != 0 || !captures(before) {
            break;
        }
        chain |= 1 << before;
        order[length] = before;
        length += 1;
        taken += board.get(before);
        at = before;
    }
    if rules.count_row() == CountRow::Opponent && rules.grand_slam() == GrandSlam::CapturesNothing {
        let opponent_row = shape.side_mask(mover.other()) & turn.open_pits;
        let row_total: u16 = super::board::indices(opponent_row)
            .map(|i| board.get(i))
            .sum();
        if taken == row_total {
            obs.record(Event::GrandSlam {
                by: mover,
                spared: taken,
            });
            return false;
        }
    }
    // Reported from the last seed's pit backwards, as the chain was found.
    for &index in &order[..length] {
        let count = take_to_store(board, shape, index, mover);
        obs.record(Event::RowCapture {
            pit: shape.place(index),
            count,
            by: mover,
        });
    }
    true
}

/// Empties the pit at `index` into `by`'s store; gives how many it held.
#[inline]
fn take_to_store(board: &mut Board, shape: &Shape, index: usize, by: Side) -> u16 {
    let count = board.take(index);
    board.add(shape.store(by), count);
    count
}

/// The place before `index` among the set bits of `track`, wrapping around.
fn previous_on(track: u64, index: usize) -> usize {
    let below = track & ((1u64 << index) - 1);
    let bits = if below == 0 { track } else { below };
    63 - bits.leading_zeros() as usize
}

/// The last seed fell at `last`: if it made a pit of the opponent's row hold
/// the rules' count, that pit becomes the mover's own (its seeds to the
/// mover's store), unless the mover owns one already, it is the opponent's
/// last pit, or the opponent owns the mover's pit of the same number (each
/// as the rules allow). Returns the pit made the mover's.
#[inline]
pub(crate) fn own_pit<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    last: usize,
    obs: &mut O,
) -> Option<usize> {
    let owned = turn.rules.owned_pits()?;
    // The cheapest tests first, inlined: most last seeds make no pit of the
    // count, and most players own one before long.
    if Some(board.get(last)) != owned.count || turn.owned_by[turn.mover] != 0 {
        return None;
    }
    make_owned(board, turn, last, owned, obs)
}

/// The rest of [`own_pit`]'s conditions, and the pit made the mover's.
#[inline(never)]
fn make_owned<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    last: usize,
    owned: super::rules::OwnedPits,
    obs: &mut O,
) -> Option<usize> {
    let (shape, mover) = (turn.shape, turn.mover);
    if !may_become_owned(turn, owned, last) {
        return None;
    }
    let count = take_to_store(board, shape, last, mover);
    obs.record(Event::PitOwned {
        pit: shape.place(last),
        count,
        by: mover,
    });
    Some(last)
}

/// Whether the pit at `index` may become the mover's: an open, unowned pit
/// of the opponent's row, not their last pit and not the number across from
/// a pit they own, each as the rules allow.
// Out of line: inlined, it cost the plain path 1.6% of its instructions
// (cachegrind, kalaha perft 9), though that path never calls it.
#[inline(never)]
fn may_become_owned(turn: &Turn, owned: super::rules::OwnedPits, index: usize) -> bool {
    let (shape, mover) = (turn.shape, turn.mover);
    let row = shape.side_mask(mover.other()) & turn.open_pits & !turn.owned;
    let Place::Pit(_, pit) = shape.place(index) else {
        return false;
    };
    let theirs = shape.track_of(turn.owned_by[mover.other()]);
    row & (1 << index) != 0
        && (owned.last_pit_allowed || pit.number() != shape.pits)
        && (owned.same_number_allowed || theirs & (1 << shape.pit(mover, pit)) == 0)
}

/// A seed sown into the owned pit at `index` goes at once to its owner's
/// store (the owner is the player across from the pit's row).
#[inline]
pub(crate) fn to_owner<O: Observer>(
    board: &mut Board,
    shape: &Shape,
    index: usize,
    in_hand: u16,
    obs: &mut O,
) {
    let owner = shape.owner(index).other();
    board.add(shape.store(owner), 1);
    obs.record(Event::DropToOwner {
        pit: shape.place(index),
        owner,
        in_hand,
    });
}

/// A drop made the pit at `index` hold the count taken while sowing (Raja
/// Pasu's four): they go to `taker` (the row's owner, or the sower for a
/// lap's last seed where the rules say so).
#[inline]
pub(crate) fn while_sowing<O: Observer>(
    board: &mut Board,
    shape: &Shape,
    index: usize,
    taker: Side,
    obs: &mut O,
) {
    let count = board.take(index);
    board.add(shape.store(taker), count);
    obs.record(Event::SowingCapture {
        pit: shape.place(index),
        count,
        owner: taker,
    });
}

/// The relay stopped at an empty pit; the mover takes the whole pit after it
/// (`index`), on either row, if it holds anything, and (where the rules say
/// so) the pit facing it too. Gives whether anything was taken.
pub(crate) fn leap<O: Observer>(board: &mut Board, turn: &Turn, index: usize, obs: &mut O) -> bool {
    let (shape, mover) = (turn.shape, turn.mover);
    let count = take_to_store(board, shape, index, mover);
    if count == 0 {
        return false;
    }
    obs.record(Event::LeapCapture {
        pit: shape.place(index),
        count,
        by: mover,
        across: false,
    });
    if turn.rules.leap_also_across() {
        let facing = shape.opposite(index);
        let count = take_to_store(board, shape, facing, mover);
        if count > 0 {
            obs.record(Event::LeapCapture {
                pit: shape.place(facing),
                count,
                by: mover,
                across: true,
            });
        }
    }
    true
}

/// The turn ended at `index`. If that is a pit of the mover's own row that was
/// empty (it now holds 1) and the opposite pit holds seeds, they go to the
/// mover's store, with the capturing seed unless the rules leave it; with
/// the empty capture, the capturing seed goes there even when the opposite
/// pit is empty. Gives whether anything was taken.
#[inline]
pub(crate) fn kalah<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    index: usize,
    obs: &mut O,
) -> bool {
    let (shape, mover) = (turn.shape, turn.mover);
    if shape.is_store(index) || shape.owner(index) != mover || board.get(index) != 1 {
        return false;
    }
    let opposite = shape.opposite(index);
    // Owned pits are never captured, nor captured with.
    if turn.owned & ((1 << index) | (1 << opposite)) != 0 {
        return false;
    }
    let count = board.get(opposite);
    if count == 0 && !turn.rules.kalah_empty() {
        return false;
    }
    let seed_taken = turn.rules.kalah_takes_capturing_seed();
    if seed_taken {
        board.take(index);
    }
    board.take(opposite);
    board.add(shape.store(mover), count + u16::from(seed_taken));
    obs.record(Event::KalahCapture {
        pit: shape.place(index),
        opposite: shape.place(opposite),
        count,
        by: mover,
        seed_taken,
    });
    true
}

/// A lap ended at `index`, which held seeds before its last one. If that
/// is one of `capture_from` (the mover's front pits, captures being open)
/// and the front pit across and the back pit behind it both hold seeds,
/// both are taken and added to `origin`, the pit this lap was lifted from
/// (§10.5). Gives how many were taken (0: no capture).
#[inline]
pub(crate) fn pair_across<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    capture_from: u64,
    index: usize,
    origin: usize,
    obs: &mut O,
) -> u16 {
    if capture_from & (1 << index) == 0 {
        return 0;
    }
    let shape = turn.shape;
    let Some((front, back)) = shape.pair_across(index) else {
        return 0;
    };
    if board.get(front) == 0 || board.get(back) == 0 {
        return 0;
    }
    let count = board.take(front) + board.take(back);
    board.add(origin, count);
    obs.record(Event::PairCapture {
        pit: shape.place(index),
        front: shape.place(front),
        back: shape.place(back),
        count,
        by: turn.mover,
        to: shape.place(origin),
    });
    count
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

/// Where a turn ends at `index`: the pair of owned pits where the rules make
/// one (and then no capture); else, where the Kalah capture needs the
/// opponent's row reached and the turn did not reach it, another move;
/// else the Kalah capture where the rules have it, chained where they say.
#[inline]
pub(crate) fn at_turn_end<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    index: usize,
    course: super::sow::Course,
    obs: &mut O,
) -> Close {
    if let Some(pair) = turn.rules.owned_pits().and_then(|o| o.pair_across)
        && let Some(owned) = own_pair(board, turn, index, pair, obs)
    {
        return Close {
            owned,
            ..Close::default()
        };
    }
    let Some(across) = turn.rules.capture().across else {
        return Close::default();
    };
    let (shape, mover) = (turn.shape, turn.mover);
    if across.after_reaching && !course.reached {
        let own_empty = !shape.is_store(index)
            && shape.owner(index) == mover
            && turn.owned & (1 << index) == 0
            && board.get(index) == 1;
        if own_empty {
            obs.record(Event::OwnRowOnly { side: mover });
        }
        return Close {
            extra_turn: own_empty,
            ..Close::default()
        };
    }
    let captured = kalah(board, turn, index, obs);
    if captured && across.chain {
        chain_across(board, turn, index, course.backward, obs);
    }
    Close {
        captured,
        ..Close::default()
    }
}

/// After a Kalah capture at `index`: the next pits of the mover's row along
/// the last lap's way (against the track where `backward`), while each is
/// empty and faces seeds, have those seeds taken too; the row's end stops it.
fn chain_across<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    index: usize,
    backward: bool,
    obs: &mut O,
) {
    let (shape, mover) = (turn.shape, turn.mover);
    let row = shape.side_mask(mover) & turn.open_pits & !turn.owned;
    let mut at = index;
    loop {
        let next = if backward {
            at.checked_sub(1)
        } else {
            Some(at + 1)
        };
        let Some(next) = next.filter(|&n| n < 64 && row & (1 << n) != 0) else {
            return;
        };
        let opposite = shape.opposite(next);
        let count = board.get(opposite);
        if board.get(next) != 0 || count == 0 || turn.owned & (1 << opposite) != 0 {
            return;
        }
        board.take(opposite);
        board.add(shape.store(mover), count);
        obs.record(Event::KalahCapture {
            pit: shape.place(next),
            opposite: shape.place(opposite),
            count,
            by: mover,
            seed_taken: false,
        });
        at = next;
    }
}

/// A turn ended at `index`: if that is an empty pit of the mover's row (it
/// now holds 1), not owned, facing an unowned open pit of `pair` seeds, one
/// seed moves across into it and both become the mover's. Gives their bits.
fn own_pair<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    index: usize,
    pair: u16,
    obs: &mut O,
) -> Option<u64> {
    let (shape, mover) = (turn.shape, turn.mover);
    if shape.is_store(index) || shape.owner(index) != mover || board.get(index) != 1 {
        return None;
    }
    let across = shape.opposite(index);
    let bits = (1u64 << index) | (1u64 << across);
    if turn.owned & bits != 0 || turn.open_pits & (1 << across) == 0 || board.get(across) != pair {
        return None;
    }
    board.set(across, pair - 1);
    board.add(index, 1);
    obs.record(Event::PairOwned {
        pit: shape.place(index),
        across: shape.place(across),
        by: mover,
    });
    Some(bits)
}

/// Owned pits that keep their seeds, where a lap's last seed fell at `at`:
/// the turn ends there when `at` is an owned pit (taking from the
/// opponent's where the rules say, with another move) or when the seed made
/// a pit of the opponent's row hold the owning count (the pit becomes the
/// mover's). `None` where neither holds and the lap's end goes on as usual.
#[inline]
pub(crate) fn kept_lap_end<O: Observer>(
    board: &mut Board,
    turn: &Turn,
    at: usize,
    obs: &mut O,
) -> Option<super::sow::TurnEnd> {
    let (shape, mover) = (turn.shape, turn.mover);
    if shape.is_store(at) {
        return None;
    }
    if turn.owned & (1 << at) != 0 {
        let theirs = shape.track_of(turn.owned_by[mover.other()]) & (1 << at) != 0;
        if !(theirs && turn.rules.captures_from_owned_pits()) {
            return Some(super::sow::TurnEnd::ended(false));
        }
        // The last seed and one more, if there is one.
        let count = board.get(at).min(2);
        board.set(at, board.get(at) - count);
        board.add(shape.store(mover), count);
        obs.record(Event::FromOwnedPit {
            pit: shape.place(at),
            count,
            by: mover,
        });
        obs.record(Event::AnotherMove { side: mover });
        return Some(super::sow::TurnEnd {
            extra_turn: true,
            ..super::sow::TurnEnd::ended(true)
        });
    }
    let owned = turn.rules.owned_pits()?;
    if Some(board.get(at)) != owned.count || !may_become_owned(turn, owned, at) {
        return None;
    }
    obs.record(Event::PitKept {
        pit: shape.place(at),
        by: mover,
    });
    Some(super::sow::TurnEnd {
        owned: 1 << at,
        ..super::sow::TurnEnd::ended(false)
    })
}
