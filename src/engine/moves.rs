//! A move: what a player does on their turn, as the engine, move lists,
//! saves, the command line, the terminal game and the search all pass it.
//! A move sows one of the mover's pits, in the rule set's direction or,
//! where the mover chooses it (rules.md §9), in the one chosen: written `3`,
//! or `3cw` and `3ccw`. A board of more rows would name the pit by its row
//! here as well, not by a second kind of move.
//!
//! A [`Step`] of a match is a move or the swap (rules.md §8): the swap is
//! written among the moves and taken back like one, but it is not a ply, so
//! it never reaches a position, perft or the search: only the match
//! ([`crate::engine::GameState`]) takes it.

use std::fmt;
use std::str::FromStr;

use super::pit::{ParsePitError, Pit};
use super::rules::Direction;

/// One move of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Empty pit `pit` of the mover's row and sow its seeds: in the rule
    /// set's direction (`None`), or in the one the mover chose.
    Sow {
        pit: Pit,
        direction: Option<Direction>,
    },
}

impl Move {
    /// Sowing pit `pit` (1..=n) of the mover's row in the rules' direction.
    #[must_use]
    pub const fn sow(pit: Pit) -> Move {
        Move::Sow {
            pit,
            direction: None,
        }
    }

    /// Sowing pit `pit` in the direction the mover chose.
    #[must_use]
    pub const fn sow_toward(pit: Pit, direction: Direction) -> Move {
        Move::Sow {
            pit,
            direction: Some(direction),
        }
    }

    /// The pit the move empties.
    #[must_use]
    pub const fn pit(self) -> Pit {
        match self {
            Move::Sow { pit, .. } => pit,
        }
    }

    /// The direction the mover chose, where the rules let them.
    #[must_use]
    pub const fn direction(self) -> Option<Direction> {
        match self {
            Move::Sow { direction, .. } => direction,
        }
    }

    /// The move as a player says it: "pit 3", "pit 3 clockwise".
    #[must_use]
    pub fn said(self) -> String {
        match self.direction() {
            None => format!("pit {}", self.pit()),
            Some(direction) => format!("pit {} {direction}", self.pit()),
        }
    }
}

/// How a move writes a chosen direction after the pit's number.
const CLOCKWISE: &str = "cw";
const COUNTER_CLOCKWISE: &str = "ccw";

impl From<Pit> for Move {
    fn from(pit: Pit) -> Move {
        Move::sow(pit)
    }
}

/// As the rules contract writes a move: the pit's number (`3`), and the
/// direction where the mover chose it (`3cw`, `3ccw`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Move::Sow { pit, direction } = self;
        fmt::Display::fmt(pit, f)?;
        match direction {
            None => Ok(()),
            Some(Direction::Clockwise) => f.write_str(CLOCKWISE),
            Some(Direction::CounterClockwise) => f.write_str(COUNTER_CLOCKWISE),
        }
    }
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a move: write the number of the pit to sow, as `3`, and where the mover \
     chooses the direction, `cw` or `ccw` after it, as `3cw`"
)]
pub struct ParseMoveError(pub String);

impl From<ParsePitError> for ParseMoveError {
    fn from(error: ParsePitError) -> ParseMoveError {
        ParseMoveError(error.0)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        let (number, direction) = if let Some(number) = text.strip_suffix(COUNTER_CLOCKWISE) {
            (number, Some(Direction::CounterClockwise))
        } else if let Some(number) = text.strip_suffix(CLOCKWISE) {
            (number, Some(Direction::Clockwise))
        } else {
            (text, None)
        };
        // `3 cw` is not a move: the direction is written against the pit.
        if direction.is_some() && number.ends_with(char::is_whitespace) {
            return Err(ParseMoveError(text.to_string()));
        }
        let pit = number
            .parse::<Pit>()
            .map_err(|_| ParseMoveError(text.to_string()))?;
        Ok(Move::Sow { pit, direction })
    }
}

/// One step of a match's line: a move, or the second player's swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Move(Move),
    /// The second player takes the first player's seat (and side) after
    /// the first turn: not a ply.
    Swap,
}

/// How a list of moves writes the swap.
const SWAP_WORD: &str = "swap";

impl From<Move> for Step {
    fn from(played: Move) -> Step {
        Step::Move(played)
    }
}

impl From<Pit> for Step {
    fn from(pit: Pit) -> Step {
        Step::Move(Move::sow(pit))
    }
}

/// A move as [`Move`] writes it, the swap as `swap`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(played) => fmt::Display::fmt(played, f),
            Step::Swap => f.write_str(SWAP_WORD),
        }
    }
}

impl FromStr for Step {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Step, ParseMoveError> {
        if text.trim() == SWAP_WORD {
            return Ok(Step::Swap);
        }
        text.parse::<Move>().map(Step::Move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_as_they_are_written() {
        for number in [1, 7, 16, 255] {
            let sow = Move::sow(Pit::new(number));
            assert_eq!(sow.to_string(), number.to_string());
            assert_eq!(sow.to_string().parse::<Move>(), Ok(sow));
            assert_eq!(sow.pit(), Pit::new(number));
        }
        assert_eq!(" 3 ".parse::<Move>(), Ok(Move::sow(Pit::new(3))));
        for wrong in ["", "0", "x", "3 4", "256", "-1"] {
            assert!(wrong.parse::<Move>().is_err(), "{wrong:?}");
        }
        assert_eq!(
            "x".parse::<Move>().unwrap_err().to_string(),
            "\"x\" is not a move: write the number of the pit to sow, as `3`, and where the \
             mover chooses the direction, `cw` or `ccw` after it, as `3cw`"
        );
    }

    #[test]
    fn moves_with_a_direction_read_back_as_they_are_written() {
        for (text, direction) in [
            ("3cw", Direction::Clockwise),
            ("16ccw", Direction::CounterClockwise),
        ] {
            let pit = Pit::new(text.trim_end_matches(char::is_alphabetic).parse().unwrap());
            let sow = Move::sow_toward(pit, direction);
            assert_eq!(sow.to_string(), text);
            assert_eq!(text.parse::<Move>(), Ok(sow));
            assert_eq!((sow.pit(), sow.direction()), (pit, Some(direction)));
        }
        assert_eq!(Move::sow(Pit::new(3)).direction(), None);
        for wrong in ["cw", "3 cw", "3cc", "3ccww", "ccw3", "0cw", "3CW"] {
            assert!(wrong.parse::<Move>().is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn steps_read_back_as_they_are_written() {
        for step in [Step::Swap, Step::Move(Move::sow(Pit::new(4)))] {
            assert_eq!(step.to_string().parse::<Step>(), Ok(step));
        }
        assert_eq!(Step::Swap.to_string(), "swap");
        assert!("swap".parse::<Move>().is_err(), "a swap is not a move");
        assert!("swapp".parse::<Step>().is_err());
    }
}
