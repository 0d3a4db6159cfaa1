//! The two players and the notation for them.

use std::fmt;
use std::str::FromStr;

/// One of the two players. South sits at the bottom of the screen, North at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the side's slot in per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name used in files, JSON and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text given was neither `south` nor `north`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown side {0:?}: expected \"south\" or \"north\"")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(ParseSideError(s.to_string())),
        }
    }
}

/// One value for each player, South's and North's: what a pair indexed by
/// side would be, read and written by side (as shakmaty's `ByColor`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    #[must_use]
    pub const fn new(south: T, north: T) -> BySide<T> {
        BySide { south, north }
    }

    /// Each side's value from `f`.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            south: f(Side::South),
            north: f(Side::North),
        }
    }

    #[must_use]
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// Each value changed by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }

    /// Both values, South's first, each with its side.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::South, &self.south), (Side::North, &self.north)].into_iter()
    }
}

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;

    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

/// A pair in files and on the command line: South's first.
impl<T> From<[T; 2]> for BySide<T> {
    fn from([south, north]: [T; 2]) -> BySide<T> {
        BySide { south, north }
    }
}

impl<T> From<BySide<T>> for [T; 2] {
    fn from(pair: BySide<T>) -> [T; 2] {
        [pair.south, pair.north]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_by_side_reads_and_writes_each_sides_value() {
        let mut pair = BySide::new(1, 2);
        pair[Side::North] += 10;
        assert_eq!((pair[Side::South], pair[Side::North]), (1, 12));
        assert_eq!(BySide::from_fn(Side::name).north, "north");
        assert_eq!(<[i32; 2]>::from(pair.map(|v| v * 2)), [2, 24]);
        let sides: Vec<Side> = pair.iter().map(|(side, _)| side).collect();
        assert_eq!(sides, Side::BOTH);
    }

    #[test]
    fn display_and_parse_round_trip() {
        for side in Side::BOTH {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
        assert!("east".parse::<Side>().is_err());
    }

    #[test]
    fn other_is_an_involution() {
        for side in Side::BOTH {
            assert_ne!(side.other(), side);
            assert_eq!(side.other().other(), side);
        }
    }
}
