//! A pit's number on its owner's row: what players say and moves are written
//! in, kept apart from the track indices the board stores seeds by.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Pit `n` of a row, counted 1, 2, … from its owner's left hand (the spec's
/// numbering). Any number can be named; whether the board has it is for the
/// rules to say ([`crate::engine::PlayError::NoSuchPit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pit(u8);

impl Pit {
    /// Pit number `number` as written (1 is the first pit).
    #[must_use]
    pub const fn new(number: u8) -> Pit {
        Pit(number)
    }

    /// The number as written.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Pits 1 to `pits` of a row, in order.
    pub fn all(pits: u8) -> impl DoubleEndedIterator<Item = Pit> + Clone {
        (1..=pits).map(Pit)
    }

    /// 0 for pit 1, 1 for pit 2, …: the pit's slot in a row's list.
    #[must_use]
    pub fn offset(self) -> usize {
        usize::from(self.0.saturating_sub(1))
    }

    /// The pit at 0-based `offset` in a row's list, if it can be numbered.
    #[must_use]
    pub fn at_offset(offset: usize) -> Option<Pit> {
        u8::try_from(offset + 1).ok().map(Pit)
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As the bare number, padding and all (`{pit:>5}` in tables).
        fmt::Display::fmt(&self.0, f)
    }
}

/// The text was not a pit number from 1 to 255.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a pit number")]
pub struct ParsePitError(pub String);

impl FromStr for Pit {
    type Err = ParsePitError;

    fn from_str(text: &str) -> Result<Pit, ParsePitError> {
        match text.trim().parse::<u8>() {
            Ok(number) if number >= 1 => Ok(Pit(number)),
            _ => Err(ParsePitError(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_its_number() {
        assert_eq!("3".parse::<Pit>(), Ok(Pit::new(3)));
        assert_eq!(Pit::new(12).to_string(), "12");
        assert_eq!(
            format!("{:>4}|{:<3}|", Pit::new(7), Pit::new(12)),
            "   7|12 |"
        );
        assert!("0".parse::<Pit>().is_err());
        assert!("256".parse::<Pit>().is_err());
        assert!("x".parse::<Pit>().is_err());
    }

    #[test]
    fn numbers_and_offsets_agree() {
        let pits: Vec<Pit> = Pit::all(4).collect();
        assert_eq!(pits, [1, 2, 3, 4].map(Pit::new));
        for (offset, pit) in pits.iter().enumerate() {
            assert_eq!(pit.offset(), offset);
            assert_eq!(Pit::at_offset(offset), Some(*pit));
        }
    }
}
