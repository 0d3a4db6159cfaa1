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

#[cfg(test)]
mod tests {
    use super::*;

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
