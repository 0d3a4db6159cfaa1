//! Playing a whole list of moves from the start (or any position), across
//! rounds.

use super::game::{PlayError, Position};
use super::history::History;
use super::moves::Move;
use super::rules::Rules;
use super::side::Side;

/// A move of a list that could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} (pit {played}) is illegal: {reason}")]
pub struct LineError {
    /// 1-based position of the move in the list.
    pub index: usize,
    pub played: Move,
    pub reason: PlayError,
}

/// Plays `moves` from the start of a match with `first` to move. When a round is
/// over and more moves follow, the next round is set up as the rules say.
///
/// # Errors
/// The first move that is not legal, with its place in the list.
pub fn play_line(rules: &Rules, first: Side, moves: &[Move]) -> Result<Position, LineError> {
    play_line_from(rules, Position::new(rules, first), moves)
}

/// Plays `moves` from `start`, as [`play_line`] does from a match's start.
///
/// # Errors
/// The first move that is not legal, with its place in the list.
pub fn play_line_from(
    rules: &Rules,
    start: Position,
    moves: &[Move],
) -> Result<Position, LineError> {
    play_line_keeping_history(rules, start, moves).map(|(position, _)| position)
}

/// Like [`play_line_from`], also giving the positions since the last capture
/// (for a search that goes on from the line's end). A position that repeats
/// one of them ends the game when the rules say so.
///
/// # Errors
/// The first move that is not legal, with its place in the list.
pub fn play_line_keeping_history(
    rules: &Rules,
    start: Position,
    moves: &[Move],
) -> Result<(Position, History), LineError> {
    let mut position = start;
    let mut history = History::starting_at(&start);
    for (i, &played) in moves.iter().enumerate() {
        if let Ok(next) = position.next_round(rules) {
            position = next;
            history.push(&position);
        }
        position = history
            .play(rules, &position, played)
            .map_err(|reason| LineError {
                index: i + 1,
                played,
                reason,
            })?;
    }
    Ok((position, history))
}
