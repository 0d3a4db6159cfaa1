//! The one door through which a move is played: a position together with
//! the rules it is played under and the line that led to it, so that no one
//! can play it by other rules or forget the end by repetition. A match
//! (`Session`), a line of moves on the command line, replays and tests play
//! through it.
//!
//! Underneath, [`Position::play`] is the sowing of one move alone (no
//! history, so no end by repetition), and [`Position::for_each_move`] with
//! [`History::enter`] is the unchecked fast path that perft and the search
//! walk, which check nothing twice.

use std::ops::Deref;
use std::sync::Arc;

use super::game::{PlayError, Position, RoundError};
use super::ground::Side;
use super::history::History;
use super::line::LineError;
use super::moves::Fill;
use super::moves::{Move, Step};
use super::rules::Rules;
use super::status::Status;
use super::trace::{Event, NoTrace, Observer};

/// A position, its rules and the positions of its line since the line
/// began (what a repeated position is judged against), and where the swap
/// rule stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    rules: Arc<Rules>,
    position: Position,
    history: History,
    swap: SwapState,
}

/// Where the swap rule (rules.md §8) stands in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwapState {
    /// Not played in this match, or no longer offered (the second player
    /// played on, or the first round is over).
    Off,
    /// The first player's first turn is being played.
    Waiting { first: Side },
    /// The first turn is over: the second player may swap now.
    Offered,
    /// The second player swapped.
    Taken,
}

impl SwapState {
    /// Where it stands after a move that led to `next` (`first_round`: the
    /// round is still the match's first).
    #[must_use]
    fn after_move(self, next: &Position) -> SwapState {
        match self {
            // The first turn ends when the other player is to move, or
            // with the round.
            SwapState::Waiting { first } if next.to_move() == Some(first) => self,
            SwapState::Waiting { .. } => SwapState::Offered,
            // Whoever answers the first turn has played on.
            SwapState::Offered => SwapState::Off,
            other => other,
        }
    }
}

impl GameState {
    /// The start of a match under `rules`, `first` to move.
    #[must_use]
    pub fn new(rules: Arc<Rules>, first: Side) -> GameState {
        let position = Position::new(&rules, first);
        GameState::at(rules, position)
    }

    /// `position` as the start of a line (it counts as seen), which must
    /// have been reached under `rules` or set up for them, as
    /// [`Position::from_text`] does.
    #[must_use]
    pub fn at(rules: Arc<Rules>, position: Position) -> GameState {
        let history = History::starting_at(&position);
        GameState {
            rules,
            position,
            history,
            swap: SwapState::Off,
        }
    }

    /// This match with the swap rule on or off: a choice made before the
    /// first move (the rule file says which is the default: see
    /// [`Rules::swap_by_default`]). Later it changes nothing.
    #[must_use]
    pub fn with_swap_rule(mut self, on: bool) -> GameState {
        let starting = self.history.len() == 1 && self.position.round() == 1;
        if starting {
            self.swap = match self.position.to_move() {
                Some(first) if on => SwapState::Waiting { first },
                _ => SwapState::Off,
            };
        }
        self
    }

    /// Where the swap rule stands.
    #[must_use]
    pub fn swap_state(&self) -> SwapState {
        self.swap
    }

    /// This state with the swap rule standing as `swap` (for a match
    /// rebuilt from its positions after an undo).
    #[must_use]
    pub fn with_swap_state(mut self, swap: SwapState) -> GameState {
        self.swap = swap;
        self
    }

    /// Whether the second player may swap now.
    #[must_use]
    pub fn can_swap(&self) -> bool {
        self.swap == SwapState::Offered
    }

    /// The second player swaps: the players change seats, the board and
    /// the player to move stay as they are (a swap is not a ply).
    ///
    /// # Errors
    /// [`PlayError::NoSwap`] when no swap is offered now.
    pub fn swap(&self) -> Result<GameState, PlayError> {
        if !self.can_swap() {
            return Err(PlayError::NoSwap);
        }
        let mut next = self.clone();
        next.swap = SwapState::Taken;
        // The same position again: the line's history stays that of the
        // match's positions, one an action.
        next.history.push(&next.position);
        Ok(next)
    }

    /// Plays a step of a line: a move, the swap, or the loser's choice of
    /// pits that begins the next round.
    ///
    /// # Errors
    /// As [`GameState::play`], [`GameState::swap`] and
    /// [`GameState::next_round_filling`].
    pub fn play_step(&self, step: Step) -> Result<GameState, PlayError> {
        match step {
            Step::Move(played) => self.play(played),
            Step::Swap => self.swap(),
            Step::Fill(fill) => self.next_round_filling(Some(fill)).map_err(PlayError::Fill),
        }
    }

    /// The end of a line of positions (the first its start), each the one
    /// before played on or moved to the next round.
    ///
    /// # Panics
    /// When `line` is empty.
    #[must_use]
    pub fn at_end_of(rules: Arc<Rules>, line: &[Position]) -> GameState {
        let position = *line.last().expect("a line has a start");
        GameState {
            rules,
            position,
            history: History::of(line),
            swap: SwapState::Off,
        }
    }

    #[must_use]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The positions of the line so far: what the computer and hints need
    /// to know what would repeat.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plays `mv`: the sowing, then the end by repetition where the rules
    /// have it and the position comes back.
    ///
    /// # Errors
    /// Why the move is not legal; `self` is untouched.
    pub fn play(&self, mv: impl Into<Move>) -> Result<GameState, PlayError> {
        self.play_observed(mv.into(), &mut NoTrace)
    }

    /// Like [`GameState::play`], appending every event of the move to
    /// `trace`, a repetition's end included (nothing is appended when the
    /// move is refused).
    ///
    /// # Errors
    /// As [`GameState::play`].
    pub fn play_traced(
        &self,
        mv: impl Into<Move>,
        trace: &mut Vec<Event>,
    ) -> Result<GameState, PlayError> {
        let before = trace.len();
        let result = self.play_observed(mv.into(), trace);
        if result.is_err() {
            trace.truncate(before);
        }
        result
    }

    /// [`GameState::play_traced`] in place, for whoever plays a long line
    /// one move at a time (a match as it is loaded, a replay): a copy of the
    /// state at every move would copy its history, growing with the line.
    ///
    /// # Errors
    /// As [`GameState::play`]; `self` and `trace` are untouched.
    pub fn advance_traced(&mut self, mv: Move, trace: &mut Vec<Event>) -> Result<(), PlayError> {
        let before = trace.len();
        let result = self.advance(mv, trace);
        if result.is_err() {
            trace.truncate(before);
        }
        result
    }

    fn play_observed<O: Observer>(&self, mv: Move, obs: &mut O) -> Result<GameState, PlayError> {
        let mut next = self.clone();
        next.advance(mv, obs)?;
        Ok(next)
    }

    /// [`GameState::play`] in place (for long lines, which would otherwise
    /// copy their history at every move); `self` is untouched when refused.
    fn advance<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<(), PlayError> {
        let mut next = self.position.play_observed(&self.rules, mv, obs)?;
        if self.rules.plan().goal.repetition
            && next.status() == Status::Ongoing
            && self.history.repeats(&next)
        {
            next = next.end_by_repetition(&self.rules, obs);
        }
        self.history.push(&next);
        self.swap = self.swap.after_move(&next);
        self.position = next;
        Ok(())
    }

    /// Plays a list of steps (moves, and the swap where it is offered);
    /// where a round is over and more moves follow, the next round is set
    /// up first, as the rules say.
    ///
    /// # Errors
    /// The first step that cannot be played, with its place in the list.
    pub fn play_line(&self, steps: &[Step]) -> Result<GameState, LineError> {
        let mut state = self.clone();
        for (i, &played) in steps.iter().enumerate() {
            let refused = |reason| LineError {
                index: i + 1,
                played,
                reason,
            };
            match played {
                Step::Swap => state = state.swap().map_err(refused)?,
                Step::Fill(fill) => state
                    .begin_next_round_filling(Some(fill))
                    .map_err(|e| refused(PlayError::Fill(e)))?,
                Step::Move(mv) => {
                    // Where a round is over, the next begins (nothing
                    // changes otherwise).
                    let _ = state.begin_next_round();
                    state.advance(mv, &mut NoTrace).map_err(refused)?;
                }
            }
        }
        Ok(state)
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
        self.next_round_filling(None)
    }

    /// [`GameState::next_round`] with the loser filling the pits of `fill`
    /// ([`Position::next_round_filling`]).
    ///
    /// # Errors
    /// As [`Position::next_round_filling`].
    pub fn next_round_filling(&self, fill: Option<Fill>) -> Result<GameState, RoundError> {
        let mut next = self.clone();
        next.begin_next_round_filling(fill)?;
        Ok(next)
    }

    /// [`GameState::next_round`] in place (see [`GameState::advance_traced`]).
    ///
    /// # Errors
    /// As [`GameState::next_round`]; `self` is untouched.
    pub fn begin_next_round(&mut self) -> Result<(), RoundError> {
        self.begin_next_round_filling(None)
    }

    /// [`GameState::next_round_filling`] in place.
    ///
    /// # Errors
    /// As [`Position::next_round_filling`]; `self` is untouched.
    pub fn begin_next_round_filling(&mut self, fill: Option<Fill>) -> Result<(), RoundError> {
        let position = self.position.next_round_filling(&self.rules, fill)?;
        self.move_on_to(position);
        Ok(())
    }

    /// The match ended here by the players.
    ///
    /// # Errors
    /// When it is over already.
    pub fn end_now(&self) -> Result<GameState, RoundError> {
        let mut next = self.clone();
        next.end_here()?;
        Ok(next)
    }

    /// [`GameState::end_now`] in place.
    ///
    /// # Errors
    /// As [`GameState::end_now`]; `self` is untouched.
    pub fn end_here(&mut self) -> Result<(), RoundError> {
        let position = self.position.end_now(&self.rules)?;
        self.move_on_to(position);
        Ok(())
    }

    /// The line goes on to `position` (a round begun or the match ended:
    /// the swap is offered in the first round only).
    fn move_on_to(&mut self, position: Position) {
        self.history.push(&position);
        self.position = position;
        self.swap = match self.swap {
            SwapState::Waiting { .. } | SwapState::Offered => SwapState::Off,
            other => other,
        };
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

    fn rules(text: &str) -> Arc<Rules> {
        Arc::new(Rules::from_toml(text).unwrap())
    }

    #[test]
    fn a_game_judges_moves_by_the_rules_it_carries() {
        let rules = rules(include_str!("../../rules/kalaha.toml"));
        let start = GameState::new(rules.clone(), Side::South);
        // Pit 3: the last of its 4 seeds lands in South's store, South again.
        let after = start.play(Pit::new(3)).unwrap();
        assert_eq!(after.to_move(), Some(Side::South));
        assert!(Arc::ptr_eq(after.rules(), &rules));
        // Pit 3 is empty now: refused, with the reason, and nothing changes.
        assert_eq!(after.check(Pit::new(3)), Err(PlayError::Empty(Pit::new(3))));
        assert_eq!(after.play(Pit::new(3)), Err(PlayError::Empty(Pit::new(3))));
        assert_eq!(
            after.legal_moves(),
            [1, 2, 4, 5, 6].map(|n| Move::sow(Pit::new(n)))
        );
        assert_eq!(after.next_round(), Err(RoundError::StillPlaying));
    }

    /// The trap this door closes: a position alone cannot know it repeats.
    #[test]
    fn a_position_that_comes_back_ends_the_game_through_the_door_only() {
        // Oware's mechanics on one pit a row of one seed: each move is a
        // grand slam (nothing taken), and the third brings back the
        // position after the first.
        let rules = rules(
            "id = \"tiny\"\nname = \"Tiny\"\ndescription = \"One pit a row.\"\n\
             [board]\npits = 1\nseeds-per-pit = 1\nstores = \"not-sown\"\n\
             [sowing]\ndirection = \"counter-clockwise\"\nskip = [\"origin\"]\nmust-feed = true\n\
             [capture.by-count]\ncounts = [2, 3]\nchain = true\ngrand-slam = \"captures-nothing\"\n\
             [round]\nends-when = \"no-move\"\nrepetition = true\n",
        );
        let pit = Move::sow(Pit::new(1));
        let state = GameState::new(rules.clone(), Side::South);
        let ended = state
            .play(pit)
            .unwrap()
            .play(pit)
            .unwrap()
            .play(pit)
            .unwrap();
        assert_eq!(ended.ending(), Some(crate::engine::Ending::Repetition));
        assert_eq!(ended.store(Side::North), 2, "each keeps their row");
        let start = *state.position();
        let alone = [pit; 3]
            .iter()
            .fold(start, |position, &mv| position.play(&rules, mv).unwrap());
        assert_eq!(
            alone.status(),
            Status::Ongoing,
            "the position alone plays on"
        );
    }

    #[test]
    fn a_line_moves_on_to_the_next_round_by_itself() {
        let rules = rules(include_str!("../../rules/raja-pasu.toml"));
        let start = GameState::new(rules.clone(), Side::South);
        let mut state = start.clone();
        let mut moves = Vec::new();
        while state.status() == Status::Ongoing {
            let mv = state.legal_moves()[0];
            moves.push(mv);
            state = state.play(mv).unwrap();
        }
        let Ok(next) = state.next_round() else {
            return; // The match ended with the first round.
        };
        let opening = next.legal_moves()[0];
        moves.push(opening);
        let moves: Vec<Step> = moves.into_iter().map(Step::Move).collect();
        let line = start.play_line(&moves).unwrap();
        assert_eq!(line.position(), next.play(opening).unwrap().position());
        assert_eq!(line.history(), next.play(opening).unwrap().history());
        assert_eq!(line.round(), 2);
    }
}
