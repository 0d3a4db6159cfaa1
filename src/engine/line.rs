//! Playing a whole list of moves from the start (or any position), across
//! rounds: [`GameState::play_line`], for callers that have only the rules
//! and a position.

use std::sync::Arc;

use super::game::{PlayError, Position};
use super::game_state::GameState;
use super::moves::Step;

use super::ground::Side;
use super::rules::Rules;

/// A move of a list that could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({}) is illegal: {reason}", .played.said())]
pub struct LineError {
    /// 1-based position of the move in the list.
    pub index: usize,
    pub played: Step,
    pub reason: PlayError,
}

/// Plays `moves` from the start of a match with `first` to move. When a round is
/// over and more moves follow, the next round is set up as the rules say.
///
/// # Errors
/// The first move that is not legal, with its place in the list.
pub fn play_line(
    rules: &Rules,
    first: Side,
    moves: &[impl Copy + Into<Step>],
) -> Result<Position, LineError> {
    play_line_from(rules, Position::new(rules, first), moves)
}

/// Plays `moves` from `start`, as [`play_line`] does from a match's start.
///
/// # Errors
/// The first move that is not legal, with its place in the list.
pub fn play_line_from(
    rules: &Rules,
    start: Position,
    moves: &[impl Copy + Into<Step>],
) -> Result<Position, LineError> {
    let steps: Vec<Step> = moves.iter().map(|&m| m.into()).collect();
    GameState::at(Arc::new(rules.clone()), start)
        .play_line(&steps)
        .map(|state| *state.position())
}
