//! The board: where every place sits on the sowing track, and the position.
//!
//! Places are stored in *track order* for the rule set's direction, so sowing
//! always moves to the next index: South's row (in sowing order), South's store,
//! North's row, North's store. For counter-clockwise sowing South's pit 1 is index
//! 0; for clockwise sowing South's pit n is. In both layouts the pit facing index
//! `i` is `2n - i`.

use std::fmt;
use std::str::FromStr;

use super::pit::Pit;
use super::rules::{Direction, Rules};
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

/// Where each place lives in the track-ordered array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Layout {
    pub pits: u8,
    pub clockwise: bool,
}

impl Layout {
    pub fn of(rules: &Rules) -> Layout {
        Layout {
            pits: rules.pits(),
            clockwise: rules.direction() == Direction::Clockwise,
        }
    }

    /// Whether sowing `direction` goes against the track (the track runs
    /// in the rules' direction, counter-clockwise where the mover chooses).
    pub fn backward(self, direction: Direction) -> bool {
        (direction == Direction::Clockwise) != self.clockwise
    }

    /// The direction of sowing along the track, or against it.
    pub fn direction_of(self, backward: bool) -> Direction {
        if backward == self.clockwise {
            Direction::CounterClockwise
        } else {
            Direction::Clockwise
        }
    }

    /// Track bits of pits packed in 32: South's row in the low half,
    /// North's in the high half, each pit by its track offset in its row.
    #[inline]
    pub fn pits_of(self, track_bits: u64) -> u32 {
        let n = self.n();
        let row = (1u64 << n) - 1;
        let south = track_bits & row;
        let north = (track_bits >> (n + 1)) & row;
        // A row has at most 16 pits, so each half fits.
        (south | (north << 16)) as u32
    }

    /// [`Layout::pits_of`]'s packing back as track bits.
    #[inline]
    pub fn track_of(self, pits: u32) -> u64 {
        let south = u64::from(pits & 0xffff);
        let north = u64::from(pits >> 16);
        south | (north << (self.n() + 1))
    }

    fn n(self) -> usize {
        usize::from(self.pits)
    }

    /// Number of places on the track, stores included.
    pub fn len(self) -> usize {
        2 * self.n() + 2
    }

    fn base(self, side: Side) -> usize {
        side.index() * (self.n() + 1)
    }

    /// Index of pit `pit` (1..=n) of `side`.
    pub fn pit(self, side: Side, pit: Pit) -> usize {
        let offset = if self.clockwise {
            self.n() - 1 - pit.offset()
        } else {
            pit.offset()
        };
        self.base(side) + offset
    }

    pub fn store(self, side: Side) -> usize {
        self.base(side) + self.n()
    }

    pub fn index(self, place: Place) -> usize {
        match place {
            Place::Pit(side, pit) => self.pit(side, pit),
            Place::Store(side) => self.store(side),
        }
    }

    pub fn owner(self, index: usize) -> Side {
        if index <= self.n() {
            Side::South
        } else {
            Side::North
        }
    }

    pub fn is_store(self, index: usize) -> bool {
        index == self.n() || index == self.len() - 1
    }

    pub fn place(self, index: usize) -> Place {
        let side = self.owner(index);
        let offset = index - self.base(side);
        if offset == self.n() {
            return Place::Store(side);
        }
        let row_offset = if self.clockwise {
            self.n() - 1 - offset
        } else {
            offset
        };
        // row_offset < n <= 16, so the pit can be numbered.
        Place::Pit(
            side,
            Pit::at_offset(row_offset).unwrap_or(Pit::new(u8::MAX)),
        )
    }

    /// The pit across the board from a pit.
    pub fn opposite(self, index: usize) -> usize {
        2 * self.n() - index
    }

    /// Track indices of one row's pits (contiguous in either direction).
    pub fn row_range(self, side: Side) -> std::ops::Range<usize> {
        self.base(side)..self.base(side) + self.n()
    }

    /// Bits of the pits of one row.
    pub fn row_mask(self, side: Side) -> u64 {
        ((1u64 << self.n()) - 1) << self.base(side)
    }

    /// Bits of every pit of both rows.
    pub fn pits_mask(self) -> u64 {
        self.row_mask(Side::South) | self.row_mask(Side::North)
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

    fn layouts() -> Vec<Layout> {
        let mut all = Vec::new();
        for pits in 1..=16 {
            for clockwise in [false, true] {
                all.push(Layout { pits, clockwise });
            }
        }
        all
    }

    #[test]
    fn every_place_maps_to_its_own_index() {
        for layout in layouts() {
            for index in 0..layout.len() {
                assert_eq!(layout.index(layout.place(index)), index, "{layout:?}");
            }
        }
    }

    #[test]
    fn south_pit_i_faces_north_pit_n_plus_1_minus_i() {
        for layout in layouts() {
            let n = layout.pits;
            for i in 1..=n {
                let south = layout.pit(Side::South, Pit::new(i));
                let facing = layout.pit(Side::North, Pit::new(n + 1 - i));
                assert_eq!(layout.opposite(south), facing);
            }
        }
    }

    #[test]
    fn counter_clockwise_track_runs_pit_1_to_n_then_store() {
        let layout = Layout {
            pits: 6,
            clockwise: false,
        };
        let order: Vec<Place> = (0..layout.len()).map(|i| layout.place(i)).collect();
        assert_eq!(order[0], Place::Pit(Side::South, Pit::new(1)));
        assert_eq!(order[5], Place::Pit(Side::South, Pit::new(6)));
        assert_eq!(order[6], Place::Store(Side::South));
        assert_eq!(order[7], Place::Pit(Side::North, Pit::new(1)));
        assert_eq!(order[13], Place::Store(Side::North));
    }

    #[test]
    fn clockwise_track_runs_pit_n_to_1_then_store() {
        let layout = Layout {
            pits: 7,
            clockwise: true,
        };
        assert_eq!(layout.place(0), Place::Pit(Side::South, Pit::new(7)));
        assert_eq!(layout.place(6), Place::Pit(Side::South, Pit::new(1)));
        assert_eq!(layout.place(7), Place::Store(Side::South));
        assert_eq!(layout.place(8), Place::Pit(Side::North, Pit::new(7)));
    }

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
