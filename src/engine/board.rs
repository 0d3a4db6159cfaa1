//! The board's counts, and the places seeds can be in. Which index holds
//! which place is the board's shape's to say ([`super::shape::Shape`]).

use std::fmt;
use std::str::FromStr;

use super::pit::Pit;
use super::side::Side;

/// Places on the largest board: two rows of 16 pits and two stores.
pub(crate) const MAX_PLACES: usize = 2 * super::rules::MAX_PITS as usize + 2;

/// Seed counts of every place, in track order.
pub(crate) type Seeds = [u16; MAX_PLACES];

/// The counts, with a bit set for every place that holds seeds. The bits make
/// "is this row empty?" and "which pits can move?" one instruction each, which
/// matters because they are asked after every move; every write goes through
/// the methods below so the two never disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    seeds: Seeds,
    filled: u64,
}

impl Board {
    pub const EMPTY: Board = Board {
        seeds: [0; MAX_PLACES],
        filled: 0,
    };

    #[inline]
    pub fn get(&self, index: usize) -> u16 {
        self.seeds[index]
    }

    #[inline]
    pub fn set(&mut self, index: usize, count: u16) {
        self.seeds[index] = count;
        if count == 0 {
            self.filled &= !(1 << index);
        } else {
            self.filled |= 1 << index;
        }
    }

    /// Adds seeds to a place; returns its new count.
    #[inline]
    pub fn add(&mut self, index: usize, count: u16) -> u16 {
        self.seeds[index] += count;
        if count > 0 {
            self.filled |= 1 << index;
        }
        self.seeds[index]
    }

    /// Empties a place; returns what it held.
    #[inline]
    pub fn take(&mut self, index: usize) -> u16 {
        let count = self.seeds[index];
        self.seeds[index] = 0;
        self.filled &= !(1 << index);
        count
    }

    /// Bits of the places holding seeds.
    #[inline]
    pub fn filled(&self) -> u64 {
        self.filled
    }

    pub fn seeds(&self) -> &Seeds {
        &self.seeds
    }

    /// Whether the bits match the counts (checked in debug builds after moves).
    pub fn is_consistent(&self) -> bool {
        (0..MAX_PLACES).all(|i| (self.filled >> i) & 1 == u64::from(self.seeds[i] > 0))
            && self.filled >> MAX_PLACES == 0
    }

    pub fn total(&self) -> u32 {
        self.seeds.iter().map(|&s| u32::from(s)).sum()
    }
}

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

/// The next place after `index` among the set bits of `track`, wrapping around.
/// `track` must not be empty.
#[inline]
pub(crate) fn next_on(track: u64, index: usize) -> usize {
    let ahead = track & (!0u64 << (index + 1));
    let bits = if ahead == 0 { track } else { ahead };
    bits.trailing_zeros() as usize
}

/// Iterates over the indices of the set bits of a mask, lowest first.
pub(crate) fn indices(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let index = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(index)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_on_wraps_and_skips_clear_bits() {
        let track = 0b1010_0100u64;
        assert_eq!(next_on(track, 2), 5);
        assert_eq!(next_on(track, 5), 7);
        assert_eq!(next_on(track, 7), 2);
        assert_eq!(indices(track).collect::<Vec<_>>(), vec![2, 5, 7]);
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
