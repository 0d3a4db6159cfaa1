//! A position together with the rules it is played under, so that no one can
//! play it by other rules. The session, save files, the command line and the
//! terminal game work with this; the bare [`Position`] and a `&Rules` stay
//! for the hot loops (perft, search), which check nothing twice.

use std::ops::Deref;
use std::sync::Arc;

use super::game::{PlayError, Position, RoundError};
use super::moves::Move;
use super::rules::Rules;
use super::side::Side;

/// A position and its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    rules: Arc<Rules>,
    position: Position,
}

impl GameState {
    /// The start of a match under `rules`, `first` to move.
    #[must_use]
    pub fn new(rules: Arc<Rules>, first: Side) -> GameState {
        let position = Position::new(&rules, first);
        GameState { rules, position }
    }

    /// `position`, which must have been reached under `rules` (or set up for
    /// them, as [`Position::from_text`] does).
    #[must_use]
    pub fn at(rules: Arc<Rules>, position: Position) -> GameState {
        GameState { rules, position }
    }

    #[must_use]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether `mv` may be played now, and why not.
    ///
    /// # Errors
    /// Why the move cannot be played.
    pub fn check(&self, mv: impl Into<Move>) -> Result<(), PlayError> {
        self.position.check(&self.rules, mv)
    }

    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position.legal_moves(&self.rules)
    }

    /// The next round set up, after one is over.
    ///
    /// # Errors
    /// When no round follows.
    pub fn next_round(&self) -> Result<GameState, RoundError> {
        let position = self.position.next_round(&self.rules)?;
        Ok(self.with(position))
    }

    /// The match ended here by the players.
    ///
    /// # Errors
    /// When it is over already.
    pub fn end_now(&self) -> Result<GameState, RoundError> {
        let position = self.position.end_now(&self.rules)?;
        Ok(self.with(position))
    }

    fn with(&self, position: Position) -> GameState {
        GameState {
            rules: self.rules.clone(),
            position,
        }
    }
}

/// Reading a game is reading its position: stores, rows, who moves.
impl Deref for GameState {
    type Target = Position;

    fn deref(&self) -> &Position {
        &self.position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pit;

    #[test]
    fn a_game_judges_moves_by_the_rules_it_carries() {
        let rules = Arc::new(Rules::from_toml(include_str!("../../rules/kalaha.toml")).unwrap());
        let start = GameState::new(rules.clone(), Side::South);
        // Pit 3: the last of its 4 seeds lands in South's store, South again.
        let played = start.position().play(&rules, Pit::new(3)).unwrap();
        let after = GameState::at(rules.clone(), played);
        assert_eq!(after.to_move(), Some(Side::South));
        assert!(Arc::ptr_eq(after.rules(), &rules));
        // Pit 3 is empty now: refused, with the reason.
        assert_eq!(after.check(Pit::new(3)), Err(PlayError::Empty(Pit::new(3))));
        assert_eq!(
            after.legal_moves(),
            [1, 2, 4, 5, 6].map(|n| Move::sow(Pit::new(n)))
        );
        assert_eq!(after.next_round(), Err(RoundError::StillPlaying));
    }
}
