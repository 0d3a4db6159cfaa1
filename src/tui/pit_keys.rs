//! The rows of pit keys, and which pit each key plays: the part of the key
//! table the board draws beside its pits. Each key lies where its pit lies:
//! on two rows South's row on `z x c v ...` and North's on `q w e r ...`;
//! on four rows South's front row on `a s d f ...` and back row on
//! `z x c v ...`, North's front row on `q w e r ...` and back row on the
//! digits.

use crate::engine::{Pit, Row, Shape, Side};

/// South's pit keys (its back row on four rows), from the left as drawn.
pub const SOUTH_KEYS: [char; 10] = ['z', 'x', 'c', 'v', 'b', 'n', 'm', ',', '.', '/'];
/// North's pit keys (its front row on four rows), from the left as drawn.
pub const NORTH_KEYS: [char; 10] = ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'];
/// South's front row on four rows, from the left as drawn.
pub const SOUTH_FRONT_KEYS: [char; 8] = ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k'];
/// North's back row on four rows, from the left as drawn (its `b8` first).
pub const NORTH_BACK_KEYS: [char; 8] = ['1', '2', '3', '4', '5', '6', '7', '8'];

/// The keys of one drawn row of a side.
#[must_use]
pub fn row_keys(side: Side, row: Row) -> &'static [char] {
    match (side, row) {
        (Side::South, Row::Front) => &SOUTH_FRONT_KEYS,
        (Side::North, Row::Back) => &NORTH_BACK_KEYS,
        (Side::South, _) => &SOUTH_KEYS,
        (Side::North, _) => &NORTH_KEYS,
    }
}

/// A side's pits as the cursor walks them: each of its drawn rows from the
/// left, the rows from the top of the screen.
#[must_use]
pub fn pits_in_order(shape: &Shape, side: Side) -> Vec<Pit> {
    shape
        .drawn_rows()
        .iter()
        .filter(|row| row.side == side)
        .flat_map(|row| row.pits.iter().copied())
        .collect()
}

/// The drawn row a side's pit lies in, and its column there (0 = leftmost).
fn drawn_at(shape: &Shape, side: Side, pit: Pit) -> Option<(Row, usize)> {
    shape
        .drawn_rows()
        .iter()
        .filter(|row| row.side == side)
        .find_map(|row| Some((row.row, row.pits.iter().position(|&p| p == pit)?)))
}

/// The column (0 = leftmost) a side's pit is drawn in.
#[must_use]
pub fn column_of_pit(shape: &Shape, side: Side, pit: Pit) -> u8 {
    drawn_at(shape, side, pit)
        .and_then(|(_, column)| u8::try_from(column).ok())
        .unwrap_or(0)
}

/// The key that plays a side's pit, where one does.
#[must_use]
pub fn key_of_pit(shape: &Shape, side: Side, pit: Pit) -> Option<char> {
    let (row, column) = drawn_at(shape, side, pit)?;
    row_keys(side, row).get(column).copied()
}

/// The pit a row key chooses, if it is one.
#[must_use]
pub fn pit_for_key(key: char, shape: &Shape) -> Option<(Side, Pit)> {
    shape.drawn_rows().iter().find_map(|row| {
        let column = row_keys(row.side, row.row).iter().position(|&k| k == key)?;
        row.pits.get(column).map(|&pit| (row.side, pit))
    })
}
