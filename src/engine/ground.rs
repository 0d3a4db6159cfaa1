//! The ground floor of the engine: the words every other part is built on
//! (the two sides and what each has, a pit's number, the way seeds travel,
//! a player's rows, the limits of a board). It imports nothing from the
//! rest of the engine, so that the rules, the board's shape, moves and
//! counts all stand on it and none on another's back.

mod pit;
mod place;
mod side;

use serde::Deserialize;

pub use pit::{ParsePitError, Pit};
pub use place::{ParsePlaceError, Place};
pub use side::{BySide, ParseSideError, Side};

/// Two-row boards have between 1 and this many pits per row.
pub const MAX_PITS: u8 = 16;
/// Pits per row on a four-row board, at most: four such rows fill the
/// places two rows of [`MAX_PITS`] and two stores take (a position is
/// copied at every move, so its array does not grow for them).
pub const MAX_FOUR_ROW_PITS: u8 = 8;
/// A rule file may start each pit with at most this many seeds.
pub const MAX_SEEDS_PER_PIT: u8 = 64;
/// The most seeds any board holds: the largest count a capture may name.
pub const MAX_SEEDS: u16 = 2 * MAX_PITS as u16 * MAX_SEEDS_PER_PIT as u16;
/// Places on the largest board: two rows of 16 pits and two stores.
pub(crate) const MAX_PLACES: usize = 2 * MAX_PITS as usize + 2;

/// Which way seeds travel, seen from above with South at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Along one's own row from pit 1 to pit n, then the opponent's from their pit 1.
    CounterClockwise,
    /// From pit n down to pit 1 on each row.
    Clockwise,
}

/// Which of a player's rows a pit is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Row {
    /// The only row of a two-row board.
    Only,
    /// The inner row of a four-row board, facing the opponent's front row.
    Front,
    /// The outer row of a four-row board, at its owner's edge.
    Back,
}

rule_words! {
    Direction { CounterClockwise => "counter-clockwise", Clockwise => "clockwise" }
}

/// A word that names no value of a rule parameter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown value {found:?}: expected one of {}", expected.join(", "))]
pub struct UnknownWord {
    pub found: String,
    pub expected: &'static [&'static str],
}
