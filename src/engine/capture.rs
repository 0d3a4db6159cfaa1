//! The three ways seeds leave the pits during a move: fours, leaps and Kalah
//! captures. Each moves seeds into a store and reports what it did.

use super::board::{Board, Layout};
use super::side::Side;
use super::trace::{Event, Observer};

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
