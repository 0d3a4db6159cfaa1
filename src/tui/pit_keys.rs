//! The two rows of pit keys, and which pit each key plays: the part of the
//! key table the board draws under its pits.

use crate::engine::{Pit, Shape, Side};

/// South's pit keys, for its pits 1, 2, ... from the left as drawn.
pub const SOUTH_KEYS: [char; 10] = ['z', 'x', 'c', 'v', 'b', 'n', 'm', ',', '.', '/'];
/// North's pit keys, for its pits from the left as drawn (pit n first).
pub const NORTH_KEYS: [char; 10] = ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'];

/// The drawn row of a side's pits the keys play: on two rows, its only one.
fn keyed_row(shape: &Shape, side: Side) -> &[Pit] {
    shape
        .drawn_rows()
        .iter()
        .find(|row| row.side == side)
        .map_or(&[], |row| row.pits.as_slice())
}

/// The pit drawn in column `column` (0 = leftmost) of a side's row.
#[must_use]
pub fn pit_in_column(shape: &Shape, side: Side, column: u8) -> Pit {
    let row = keyed_row(shape, side);
    row.get(usize::from(column)).copied().unwrap_or(Pit::new(1))
}

/// The column (0 = leftmost) a side's pit is drawn in: the inverse of
/// [`pit_in_column`].
#[must_use]
pub fn column_of_pit(shape: &Shape, side: Side, pit: Pit) -> u8 {
    let row = keyed_row(shape, side);
    let column = row.iter().position(|&p| p == pit).unwrap_or(0);
    u8::try_from(column).unwrap_or(0)
}

/// The pit a row key chooses, if it is one.
#[must_use]
pub fn pit_for_key(key: char, shape: &Shape) -> Option<(Side, Pit)> {
    for (side, keys) in [(Side::South, SOUTH_KEYS), (Side::North, NORTH_KEYS)] {
        if let Some(column) = keys.iter().position(|&k| k == key) {
            return keyed_row(shape, side).get(column).map(|&pit| (side, pit));
        }
    }
    None
}
