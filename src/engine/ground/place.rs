//! A place seeds can be in: a pit or a store, named as the spec names it.

use std::fmt;
use std::str::FromStr;

use super::{Pit, Side};

/// A place seeds can be in, named as the spec names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pit, numbered 1..=n from its owner's left hand.
    Pit(Side, Pit),
    /// A player's store (or, without stores on the board, their pile).
    Store(Side),
}

/// `south 3` or `north store`, as the command line and messages for programs
/// write a place.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Pit(side, pit) => write!(f, "{side} {pit}"),
            Place::Store(side) => write!(f, "{side} store"),
        }
    }
}

/// A place that is not `SIDE PIT` or `SIDE store`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a place: write a side and a pit number, or a side and `store` (\"south 3\", \"north store\")"
)]
pub struct ParsePlaceError(pub String);

impl FromStr for Place {
    type Err = ParsePlaceError;

    fn from_str(text: &str) -> Result<Place, ParsePlaceError> {
        let fail = || ParsePlaceError(text.to_string());
        let mut words = text.split_whitespace();
        let (Some(side), Some(what), None) = (words.next(), words.next(), words.next()) else {
            return Err(fail());
        };
        let side = side.parse::<Side>().map_err(|_| fail())?;
        if what == "store" {
            return Ok(Place::Store(side));
        }
        what.parse::<Pit>()
            .map(|pit| Place::Pit(side, pit))
            .map_err(|_| fail())
    }
}

impl Place {
    /// The player whose row or store this is.
    #[must_use]
    pub fn owner(self) -> Side {
        match self {
            Place::Pit(side, _) | Place::Store(side) => side,
        }
    }
}

#[cfg(test)]
mod place_words {
    use super::*;

    #[test]
    fn places_read_back_as_they_are_written() {
        for place in [
            Place::Pit(Side::South, Pit::new(3)),
            Place::Pit(Side::North, Pit::new(16)),
            Place::Store(Side::North),
        ] {
            assert_eq!(place.to_string().parse::<Place>(), Ok(place));
        }
        assert_eq!(Place::Store(Side::South).to_string(), "south store");
        assert_eq!(
            "north 5".parse::<Place>(),
            Ok(Place::Pit(Side::North, Pit::new(5)))
        );
        for wrong in ["", "south", "south 0", "east 3", "south 3 4", "south pile"] {
            assert!(wrong.parse::<Place>().is_err(), "{wrong:?}");
        }
    }
}
