//! The rows of pit keys, and which pit each key plays: the part of the key
//! table the board draws beside its pits. Each key lies where its pit lies:
//! on two rows South's row on `z x c v ...` and North's on `q w e r ...`;
//! on four rows South's front row on `a s d f ...` and back row on
//! `z x c v ...`, North's front row on `q w e r ...` and back row on the
//! digits.

use crate::engine::{Pit, Shape, Side};

/// South's pit keys (its back row on four rows), from the left as drawn.
pub const SOUTH_KEYS: [char; 10] = ['z', 'x', 'c', 'v', 'b', 'n', 'm', ',', '.', '/'];
/// North's pit keys (its front row on four rows), from the left as drawn.
pub const NORTH_KEYS: [char; 10] = ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'];
/// South's front row on four rows, from the left as drawn.
pub const SOUTH_FRONT_KEYS: [char; 8] = ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k'];
/// North's back row on four rows, from the left as drawn (its `b8` first).
pub const NORTH_BACK_KEYS: [char; 8] = ['1', '2', '3', '4', '5', '6', '7', '8'];

/// The keys of the drawn row `index` from the top of a board of `rows`
/// rows: on two rows the top letter row above and the bottom one below; on
/// four, the digits, the top letter row, the home row and the bottom row.
/// A key plays the pit it lies nearest, whoever's pit is drawn there.
#[must_use]
pub fn row_keys(index: usize, rows: usize) -> &'static [char] {
    match (rows, index) {
        (4, 0) => &NORTH_BACK_KEYS,
        (4, 2) => &SOUTH_FRONT_KEYS,
        (_, 0) | (4, 1) => &NORTH_KEYS,
        _ => &SOUTH_KEYS,
    }
}

/// A side's pits as the cursor walks them: each of its drawn rows from the
/// left, the rows from the top of the screen.
#[must_use]
pub fn pits_in_order(shape: &Shape, turned: bool, side: Side) -> Vec<Pit> {
    shape
        .rows_seen(turned)
        .iter()
        .filter(|row| row.side == side)
        .flat_map(|row| row.pits.iter().copied())
        .collect()
}

/// The drawn row (from the top) a side's pit lies in, and its column there
/// (0 = leftmost).
#[must_use]
pub fn drawn_at(shape: &Shape, turned: bool, side: Side, pit: Pit) -> Option<(usize, usize)> {
    shape
        .rows_seen(turned)
        .iter()
        .enumerate()
        .filter(|(_, row)| row.side == side)
        .find_map(|(index, row)| Some((index, row.pits.iter().position(|&p| p == pit)?)))
}

/// The key that plays a side's pit, where one does.
#[must_use]
pub fn key_of_pit(shape: &Shape, turned: bool, side: Side, pit: Pit) -> Option<char> {
    let (index, column) = drawn_at(shape, turned, side, pit)?;
    let rows = shape.rows_seen(turned).len();
    row_keys(index, rows).get(column).copied()
}

/// The pit a row key chooses, if it is one.
#[must_use]
pub fn pit_for_key(key: char, shape: &Shape, turned: bool) -> Option<(Side, Pit)> {
    let rows = shape.rows_seen(turned);
    rows.iter().enumerate().find_map(|(index, row)| {
        let column = row_keys(index, rows.len()).iter().position(|&k| k == key)?;
        row.pits.get(column).map(|&pit| (row.side, pit))
    })
}
