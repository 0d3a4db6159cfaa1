//! The ways seeds leave the pits during a move: fours, leaps, Kalah captures
//! and captures by count on the opponent's row. Each moves seeds into a store
//! and reports what it did.

use super::board::{Board, Layout};
use super::rules::GrandSlam;
use super::side::Side;
use super::sow::Turn;
use super::trace::{Event, Observer};

/// The last seed fell at `last`. If that is a pit of the opponent's row now
/// holding one of the rules' counts, it is captured; with chains, so is each
/// pit before it (in sowing order) on that row while it holds one of the
/// counts. A capture that would empty the opponent's row is, under
/// `captures-nothing`, not made.
#[inline]
pub(crate) fn opponent_row<O: Observer>(board: &mut Board, turn: &Turn, last: usize, obs: &mut O) {
    // Most moves capture nothing: that is decided here, inlined.
    let row = turn.layout.row_mask(turn.mover.other()) & turn.open_pits;
    if row & (1 << last) != 0 && turn.rules.captures_count(board.get(last)) {
        opponent_row_chain(board, turn, last, obs);
    }
}

/// The capture itself, once the last seed's pit is known to be taken.
#[inline(never)]
fn opponent_row_chain<O: Observer>(board: &mut Board, turn: &Turn, last: usize, obs: &mut O) {
    let (rules, layout, mover) = (turn.rules, turn.layout, turn.mover);
    let row = layout.row_mask(mover.other()) & turn.open_pits;
    let captures = |index: usize| row & (1 << index) != 0 && rules.captures_count(board.get(index));
    // The chain as a bit set: the row's pits run upwards in track order, so
    // "the pit before" is the next lower open pit of the row.
    let mut chain = 1u64 << last;
    let mut taken = board.get(last);
    let mut at = last;
    while rules.chain_captures() {
        let below = row & ((1u64 << at) - 1);
        if below == 0 {
            break;
        }
        let before = 63 - below.leading_zeros() as usize;
        if !captures(before) {
            break;
        }
        chain |= 1 << before;
        taken += board.get(before);
        at = before;
    }
    let row_total: u16 = super::board::indices(row).map(|i| board.get(i)).sum();
    if taken == row_total && rules.grand_slam() == GrandSlam::CapturesNothing {
        obs.record(Event::GrandSlam {
            by: mover,
            spared: taken,
        });
        return;
    }
    // Reported from the last seed's pit backwards, as the chain is found.
    let store = layout.store(mover);
    let mut index = last;
    loop {
        let count = board.take(index);
        board.add(store, count);
        obs.record(Event::RowCapture {
            pit: layout.place(index),
            count,
            by: mover,
        });
        let below = chain & ((1u64 << index) - 1);
        if below == 0 {
            break;
        }
        index = 63 - below.leading_zeros() as usize;
    }
}

/// A drop made the pit at `index` hold exactly 4: they go to the row's owner,
/// whoever is sowing.
#[inline]
pub(crate) fn four<O: Observer>(board: &mut Board, layout: Layout, index: usize, obs: &mut O) {
    let owner = layout.owner(index);
    board.take(index);
    board.add(layout.store(owner), 4);
    obs.record(Event::FourCapture {
        pit: layout.place(index),
        owner,
    });
}

/// The relay stopped at an empty pit; the mover takes the whole pit after it
/// (`index`), on either row, if it holds anything.
pub(crate) fn leap<O: Observer>(
    board: &mut Board,
    layout: Layout,
    mover: Side,
    index: usize,
    obs: &mut O,
) {
    let count = board.take(index);
    if count == 0 {
        return;
    }
    board.add(layout.store(mover), count);
    obs.record(Event::LeapCapture {
        pit: layout.place(index),
        count,
        by: mover,
    });
}

/// The last seed fell at `index`. If that is a pit of the mover's own row that was
/// empty (it now holds 1) and the opposite pit holds seeds, both go to the mover's
/// store. There is no capture of an empty opposite pit.
pub(crate) fn kalah<O: Observer>(
    board: &mut Board,
    layout: Layout,
    mover: Side,
    index: usize,
    obs: &mut O,
) {
    if layout.is_store(index) || layout.owner(index) != mover || board.get(index) != 1 {
        return;
    }
    let opposite = layout.opposite(index);
    let count = board.get(opposite);
    if count == 0 {
        return;
    }
    board.take(index);
    board.take(opposite);
    board.add(layout.store(mover), count + 1);
    obs.record(Event::KalahCapture {
        pit: layout.place(index),
        opposite: layout.place(opposite),
        count,
        by: mover,
    });
}
