//! The board's counts, place by place. Which index holds which place is
//! the board's shape's to say ([`super::shape::Shape`]).

use super::ground::MAX_PLACES;
pub use super::ground::{ParsePlaceError, Place};

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
