//! Move lists in the spec's notation: moves as [`Move`] writes them (pit
//! numbers on the mover's own row), separated by commas (`3,1,4`).

use std::fmt;

use super::moves::{ParseStepError, Step};

/// A list entry that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {position}: {reason}")]
pub struct ParseMovesError {
    /// 1-based position of the bad entry in the list.
    pub position: usize,
    pub text: String,
    /// What is wrong with it, and how a move is written.
    pub reason: ParseStepError,
}

/// Parses `3,1,4` (spaces allowed around entries; an empty text is no moves).
///
/// # Errors
/// The first entry that is not a number from 1 to 255.
pub fn parse_moves(text: &str) -> Result<Vec<Step>, ParseMovesError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .enumerate()
        .map(|(i, entry)| {
            entry.parse::<Step>().map_err(|reason| ParseMovesError {
                position: i + 1,
                text: entry.trim().to_string(),
                reason,
            })
        })
        .collect()
}

/// Writes moves as `parse_moves` reads them.
pub struct MoveList<'a>(pub &'a [Step]);

impl fmt::Display for MoveList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, played) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{played}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pit;

    #[test]
    fn round_trip() {
        let moves = parse_moves("3, 1,4").unwrap();
        assert_eq!(moves, [3, 1, 4].map(|n| Step::from(Pit::new(n))));
        assert_eq!(MoveList(&moves).to_string(), "3,1,4");
        assert_eq!(parse_moves("").unwrap(), Vec::<Step>::new());
        let with_swap = parse_moves("3,swap,1").unwrap();
        assert_eq!(with_swap[1], Step::Swap);
        assert_eq!(MoveList(&with_swap).to_string(), "3,swap,1");
    }

    #[test]
    fn names_the_bad_entry() {
        let err = parse_moves("3,x,4").unwrap_err();
        assert_eq!(err.position, 2);
        assert_eq!(err.text, "x");
        assert_eq!(parse_moves("1,,2").unwrap_err().position, 2);
        assert_eq!(parse_moves("0").unwrap_err().position, 1);
        assert_eq!(parse_moves("300").unwrap_err().position, 1);
        // The message says how a move is written, direction included.
        let said = parse_moves("2,3cwx").unwrap_err().to_string();
        assert!(said.starts_with("move 2: \"3cwx\" is not a move"), "{said}");
        assert!(said.contains("`3cw`"), "{said}");
    }
}
