//! The two rows of pit keys, and which pit each key plays: the part of the
//! key table the board draws under its pits.

use crate::engine::{Pit, Side};

/// South's pit keys, for its pits 1, 2, ... from the left as drawn.
pub const SOUTH_KEYS: [char; 10] = ['z', 'x', 'c', 'v', 'b', 'n', 'm', ',', '.', '/'];
/// North's pit keys, for its pits from the left as drawn (pit n first).
pub const NORTH_KEYS: [char; 10] = ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'];

/// The pit drawn in column `column` (0 = leftmost) of a side's row.
#[must_use]
pub fn pit_in_column(side: Side, column: u8, pits: u8) -> Pit {
    Pit::new(match side {
        Side::South => column + 1,
        Side::North => pits - column,
    })
}

/// The column (0 = leftmost) a side's pit is drawn in: the inverse of
/// [`pit_in_column`].
#[must_use]
pub fn column_of_pit(side: Side, pit: Pit, pits: u8) -> u8 {
    match side {
        Side::South => pit.number() - 1,
        Side::North => pits - pit.number(),
    }
}

/// The pit a row key chooses, if it is one.
#[must_use]
pub fn pit_for_key(key: char, pits: u8) -> Option<(Side, Pit)> {
    for (side, keys) in [(Side::South, SOUTH_KEYS), (Side::North, NORTH_KEYS)] {
        if let Some(column) = keys.iter().position(|&k| k == key) {
            let column = u8::try_from(column).ok()?;
            if column < pits {
                return Some((side, pit_in_column(side, column, pits)));
            }
        }
    }
    None
}
