//! A match being played: the rule set, the players, and every action so far,
//! with undo and redo. The TUI plays through it; save files will store it.

use std::sync::Arc;

use crate::ai::Level;
use crate::engine::{
    BySide, Event, Fill, GameState, History, Move, Outcome, PlayError, Position, RoundError, Rules,
    Side, Status, Step, SwapState,
};

/// Longest player name, in characters.
pub const NAME_LENGTH: usize = 16;

/// `text` as one line: control characters (and the marks that reorder or
/// break a line) dropped, spaces trimmed, at most `length` characters.
#[must_use]
pub fn one_line(text: &str, length: usize) -> String {
    text.chars()
        .filter(|&c| !crate::text::is_unsafe(c))
        .collect::<String>()
        .trim()
        .chars()
        .take(length)
        .collect()
}

/// A name fit for the board: one line, no control characters, at most
/// `NAME_LENGTH` characters; `fallback` when nothing is left.
#[must_use]
pub fn clean_name(name: &str, fallback: &str) -> String {
    let cleaned = one_line(name, NAME_LENGTH);
    if cleaned.is_empty() {
        fallback.to_string()
    } else {
        cleaned
    }
}

/// A player's name as shown: a computer that kept the default name is named
/// by its level ("Computer (hard)"); any other name as typed.
#[must_use]
pub fn shown_name(name: &str, computer: Option<Level>) -> String {
    match computer {
        Some(level) if name == "Computer" => format!("Computer ({level})"),
        _ => name.to_string(),
    }
}

/// One step of a match's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The player to move made this move.
    Move(Move),
    /// The second player swapped seats with the first (not a ply: the
    /// board and the player to move stay).
    Swap,
    /// The players set up the next round, the loser filling the pits
    /// chosen where the rules let them choose (rules.md §12).
    NextRound(Option<Fill>),
    /// The players ended the match after a round.
    EndMatch,
}

/// How one finished round went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundSummary {
    pub round: u16,
    /// Seeds each player held when the round ended.
    pub stores: BySide<u16>,
    pub outcome: Outcome,
    pub took_remaining: Option<Side>,
}

/// How the odd-or-even guess went before the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddEvenGuess {
    pub marbles: u32,
    pub guessed_odd: bool,
}

/// One round's opening player and moves, as save files store them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundMoves {
    pub starter: Side,
    pub moves: Vec<Step>,
}

/// Longest comment on a move, in characters.
pub const NOTE_LENGTH: usize = 2000;

/// A comment on a move, as a record brought in from another program had it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// How many moves of the match come before it (0: before the first).
    pub after_move: usize,
    /// One line, fit to show.
    pub text: String,
}

impl Note {
    /// A note made fit to keep and show: one line of at most
    /// [`NOTE_LENGTH`] characters; `None` when nothing is left.
    #[must_use]
    pub fn new(after_move: usize, text: &str) -> Option<Note> {
        let text = one_line(text, NOTE_LENGTH);
        (!text.is_empty()).then_some(Note { after_move, text })
    }
}

/// A match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    rules: Arc<Rules>,
    names: BySide<String>,
    first: Side,
    /// Seconds since 1970 when the match began.
    pub started_at: u64,
    pub odd_even: Option<OddEvenGuess>,
    /// The computer's level for each seat; `None` is a person.
    pub computer: BySide<Option<Level>>,
    /// The round the players agreed to stop after, if any: the match ends by
    /// itself when that round is over.
    pub round_limit: Option<u16>,
    actions: Vec<Action>,
    /// `positions[i]` is the position after the first `i` actions.
    positions: Vec<Position>,
    /// The position now, through which every action is played (its history
    /// is that of `positions`, for the end by repetition).
    state: GameState,
    /// Where the swap rule stood after each action (`swaps[i]` after the
    /// first `i`), so that an undo puts it back.
    swaps: Vec<SwapState>,
    /// Actions undone, most recent last, for redo.
    undone: Vec<Action>,
}

/// A match as its players sat at each of its actions: see
/// [`Session::seatings`].
pub struct Seatings<'a> {
    now: &'a Session,
    /// The swap's place among the actions, and the match as it stood then.
    before_swap: Option<(usize, Session)>,
}

impl Seatings<'_> {
    /// The match to tell action `index` with: before the swap, as it was.
    #[must_use]
    pub fn at(&self, index: usize) -> &Session {
        match &self.before_swap {
            Some((swap, then)) if index < *swap => then,
            _ => self.now,
        }
    }
}

impl Session {
    /// A match beginning now.
    #[must_use]
    pub fn new(rules: Arc<Rules>, names: impl Into<BySide<String>>, first: Side) -> Session {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Session::begun_at(rules, names, first, now)
    }

    /// A match that began at `started_at` (seconds since 1970): for callers
    /// that keep their own clock.
    #[must_use]
    pub fn begun_at(
        rules: Arc<Rules>,
        names: impl Into<BySide<String>>,
        first: Side,
        started_at: u64,
    ) -> Session {
        let start = Position::new(&rules, first);
        Session::from_position(rules, names, start, started_at)
    }

    /// A match that began at `start`, a position of `rules` with a player
    /// to move (a game brought in from another program's record, which
    /// may begin anywhere).
    #[must_use]
    pub fn from_position(
        rules: Arc<Rules>,
        names: impl Into<BySide<String>>,
        start: Position,
        started_at: u64,
    ) -> Session {
        let first = start.to_move().unwrap_or(Side::South);
        let state = GameState::at(rules.clone(), start).with_swap_rule(rules.plan().rounds.swap);
        Session {
            rules,
            names: names.into(),
            first,
            started_at,
            odd_even: None,
            computer: BySide::new(None, None),
            round_limit: None,
            actions: Vec::new(),
            positions: vec![start],
            swaps: vec![state.swap_state()],
            state,
            undone: Vec::new(),
        }
    }

    #[must_use]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Whether the swap rule is played in this match.
    #[must_use]
    pub fn swap_rule(&self) -> bool {
        self.swaps[0] != SwapState::Off
    }

    /// Plays the match with the swap rule or without: a choice made before
    /// the first move (later it changes nothing).
    pub fn set_swap_rule(&mut self, on: bool) {
        if self.actions.is_empty() {
            self.state = self.state.clone().with_swap_rule(on);
            self.swaps = vec![self.state.swap_state()];
        }
    }

    /// Whether the second player may swap now.
    #[must_use]
    pub fn can_swap(&self) -> bool {
        self.state.can_swap()
    }

    /// Whether the players swapped seats in this match.
    #[must_use]
    pub fn swapped(&self) -> bool {
        self.actions.contains(&Action::Swap)
    }

    /// The computer's level if `side` is played by the computer.
    #[must_use]
    pub fn computer(&self, side: Side) -> Option<Level> {
        self.computer[side]
    }

    /// A player's name, as typed and saved.
    #[must_use]
    pub fn name(&self, side: Side) -> &str {
        &self.names[side]
    }

    /// A player's name as shown: a computer that kept the default name is
    /// named by its level ("Computer (hard)").
    #[must_use]
    pub fn display_name(&self, side: Side) -> String {
        shown_name(self.name(side), self.computer(side))
    }

    #[must_use]
    pub fn first(&self) -> Side {
        self.first
    }

    /// The position the match began from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Whether the match began from its rules' own start (and not from a
    /// position of its own).
    #[must_use]
    pub fn has_usual_start(&self) -> bool {
        *self.start() == Position::new(&self.rules, self.first)
    }

    #[must_use]
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("never empty"))
    }

    /// The position now with the match's rules and line: what to ask
    /// whether a pit may be played, or what the next round would be.
    #[must_use]
    pub fn game(&self) -> &GameState {
        &self.state
    }

    /// The same for the position after the first `shown` actions (the replay
    /// viewer's moment).
    #[must_use]
    pub fn game_at(&self, shown: usize) -> GameState {
        let last = self.positions.len() - 1;
        GameState::at_end_of(self.rules.clone(), &self.positions[..=shown.min(last)])
    }

    /// What every action did, in order, as [`Session::move_trace`] tells
    /// one (`None` for an action that is not a move): the match played
    /// through once, so that telling all of them grows with its length.
    #[must_use]
    pub fn move_traces(&self) -> Vec<Option<(Side, Move, Vec<Event>)>> {
        let mut state = self.game_at(0);
        let mut told = Vec::with_capacity(self.actions.len());
        for (index, &action) in self.actions.iter().enumerate() {
            let played_again = match action {
                Action::Move(played) => {
                    let mut trace = Vec::new();
                    let mover = self.positions[index].to_move();
                    let played_here = state.advance_traced(played, &mut trace).is_ok();
                    told.push(
                        mover
                            .filter(|_| played_here)
                            .map(|side| (side, played, trace)),
                    );
                    continue;
                }
                Action::Swap => state.swap().map(|next| state = next).is_ok(),
                Action::NextRound(fill) => state.begin_next_round_filling(fill).is_ok(),
                Action::EndMatch => state.end_here().is_ok(),
            };
            told.push(None);
            // Each was played when the match was, so each plays again.
            if !played_again {
                state = self.game_at(index + 1);
            }
        }
        told
    }

    /// What action `index` did, if it was a move: its mover, the move and
    /// every step, a repetition's end included (for replays).
    #[must_use]
    pub fn move_trace(&self, index: usize) -> Option<(Side, Move, Vec<Event>)> {
        let Action::Move(played) = *self.actions.get(index)? else {
            return None;
        };
        let mover = self.positions[index].to_move()?;
        let mut trace = Vec::new();
        self.play_after(index, played, &mut trace).ok()?;
        Some((mover, played, trace))
    }

    /// `played` from the position after the first `index` actions, the
    /// positions up to it counting for the end by repetition (a replay's
    /// move; the match's own moves go through its kept state).
    fn play_after(
        &self,
        index: usize,
        played: Move,
        trace: &mut Vec<Event>,
    ) -> Result<GameState, PlayError> {
        self.game_at(index).play_traced(played, trace)
    }

    /// The positions since the match began, for the computer and hints to
    /// know what would repeat.
    #[must_use]
    pub fn history(&self) -> &History {
        self.state.history()
    }

    fn push(&mut self, action: Action, next: GameState) {
        self.state = next;
        self.record(action);
    }

    /// Keeps `action`, played into the state already.
    fn record(&mut self, action: Action) {
        self.positions.push(*self.state.position());
        self.swaps.push(self.state.swap_state());
        self.actions.push(action);
    }

    /// The second player takes the first player's seat: names and seats
    /// (person, or the computer at its level) change sides.
    ///
    /// # Errors
    /// When no swap is offered now; nothing changes.
    pub fn swap(&mut self) -> Result<(), PlayError> {
        self.apply(Action::Swap)?;
        self.undone.clear();
        Ok(())
    }

    /// The players' names and seats change sides (a swap, or its undo).
    fn change_seats(&mut self) {
        std::mem::swap(&mut self.names.south, &mut self.names.north);
        std::mem::swap(&mut self.computer.south, &mut self.computer.north);
    }

    /// Plays a move for the player to move and returns what happened, for
    /// animation. A new move forgets what was undone.
    ///
    /// # Errors
    /// Why the move is not legal; nothing changes.
    pub fn play(&mut self, played: impl Into<Move>) -> Result<Vec<Event>, PlayError> {
        let trace = self.apply(Action::Move(played.into()))?;
        self.undone.clear();
        Ok(trace)
    }

    /// Plays a step of a line: a move, the swap, or the loser's choice of
    /// pits that begins the next round.
    ///
    /// # Errors
    /// Why it cannot be played; nothing changes.
    pub fn play_step(&mut self, step: Step) -> Result<Vec<Event>, PlayError> {
        match step {
            Step::Move(played) => self.play(played),
            Step::Swap => self.swap().map(|()| Vec::new()),
            Step::Fill(fill) => self
                .next_round_filling(Some(fill))
                .map(|()| Vec::new())
                .map_err(PlayError::Fill),
        }
    }

    /// The side the player now playing `side` sat on after the first
    /// `shown` actions (a swap after that moment had them on the other).
    #[must_use]
    pub fn seat_at(&self, side: Side, shown: usize) -> Side {
        let swapped_later = self.actions.iter().skip(shown).any(|&a| a == Action::Swap);
        if swapped_later { side.other() } else { side }
    }

    /// The match as its players sat at each action, to tell the moves made
    /// before a swap with the seats of then (a save keeps those after it).
    #[must_use]
    pub fn seatings(&self) -> Seatings<'_> {
        let before_swap = self
            .actions
            .iter()
            .position(|&a| a == Action::Swap)
            .map(|at| (at, self.truncated(at)));
        Seatings {
            now: self,
            before_swap,
        }
    }

    /// A player's name as shown, as they sat after the first `shown`
    /// actions (a replay's moment).
    #[must_use]
    pub fn display_name_at(&self, side: Side, shown: usize) -> String {
        let now = self.seat_at(side, shown);
        shown_name(self.name(now), self.computer(now))
    }

    /// Sets up the next round after a round is over.
    ///
    /// # Errors
    /// When the round is not over or the match is.
    pub fn next_round(&mut self) -> Result<(), RoundError> {
        self.next_round_filling(None)
    }

    /// [`Session::next_round`], the loser filling the pits of `fill` where
    /// they choose ([`crate::engine::Position::fill_choice`]).
    ///
    /// # Errors
    /// As [`crate::engine::Position::next_round_filling`].
    pub fn next_round_filling(&mut self, fill: Option<Fill>) -> Result<(), RoundError> {
        self.apply_round(Action::NextRound(fill))?;
        self.undone.clear();
        Ok(())
    }

    /// Ends the match: after a round, or (each player adding the seeds on
    /// their row to their store) in the middle of one.
    ///
    /// # Errors
    /// When the match already is over.
    pub fn end_match(&mut self) -> Result<(), RoundError> {
        self.apply_round(Action::EndMatch)?;
        self.undone.clear();
        Ok(())
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, PlayError> {
        match action {
            Action::Move(played) => {
                let mut trace = Vec::new();
                // In place: a match of many moves loads in time that grows
                // with its moves, not with their square.
                self.state.advance_traced(played, &mut trace)?;
                let reached_limit = self.at_round_limit(self.state.position());
                self.record(action);
                if reached_limit {
                    self.apply_round(Action::EndMatch)
                        .map_err(|_| PlayError::RoundOver)?;
                }
                Ok(trace)
            }
            Action::Swap => {
                let next = self.state.swap()?;
                self.change_seats();
                self.push(action, next);
                Ok(Vec::new())
            }
            Action::NextRound(_) | Action::EndMatch => {
                self.apply_round(action).map_err(|_| PlayError::RoundOver)?;
                Ok(Vec::new())
            }
        }
    }

    fn apply_round(&mut self, action: Action) -> Result<(), RoundError> {
        match action {
            Action::NextRound(fill) => self.state.begin_next_round_filling(fill)?,
            Action::EndMatch => self.state.end_here()?,
            Action::Move(_) | Action::Swap => return Err(RoundError::StillPlaying),
        }
        self.record(action);
        Ok(())
    }

    /// Whether `position` ends the last round the players agreed to play.
    fn at_round_limit(&self, position: &Position) -> bool {
        matches!(position.status(), Status::RoundOver { .. })
            && self
                .round_limit
                .is_some_and(|limit| position.round() >= limit)
    }

    /// Takes back the last move (and a round change that followed it).
    /// Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        while let Some(action) = self.actions.pop() {
            self.positions.pop();
            self.swaps.pop();
            let swap = self.swaps.last().copied().unwrap_or(SwapState::Off);
            self.state =
                GameState::at_end_of(self.rules.clone(), &self.positions).with_swap_state(swap);
            if action == Action::Swap {
                self.change_seats();
            }
            // The end a round limit brought comes back with the move itself.
            let automatic = action == Action::EndMatch
                && self
                    .positions
                    .last()
                    .is_some_and(|p| self.at_round_limit(p));
            if !automatic {
                self.undone.push(action);
            }
            if matches!(action, Action::Move(_) | Action::Swap) {
                return true;
            }
        }
        false
    }

    /// Plays again what was last undone: round changes, then one move, whose
    /// events are returned.
    pub fn redo(&mut self) -> Option<Vec<Event>> {
        while let Some(action) = self.undone.pop() {
            let Ok(trace) = self.apply(action) else {
                self.undone.clear();
                return None;
            };
            if matches!(action, Action::Move(_) | Action::Swap) {
                return Some(trace);
            }
        }
        None
    }

    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.actions
            .iter()
            .any(|a| matches!(a, Action::Move(_) | Action::Swap))
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The last move played and by whom, if the last action was a move.
    #[must_use]
    pub fn last_move(&self) -> Option<(Side, Move)> {
        let n = self.actions.len();
        match self.actions.last() {
            Some(Action::Move(played)) => {
                self.positions[n - 1].to_move().map(|side| (side, *played))
            }
            _ => None,
        }
    }

    /// The moves of each round begun so far, with who opened it.
    #[must_use]
    pub fn round_moves(&self) -> Vec<RoundMoves> {
        let mut rounds = vec![RoundMoves {
            starter: self.first,
            moves: Vec::new(),
        }];
        for (i, action) in self.actions.iter().enumerate() {
            match action {
                Action::Move(played) => {
                    if let Some(round) = rounds.last_mut() {
                        round.moves.push(Step::Move(*played));
                    }
                }
                Action::Swap => {
                    if let Some(round) = rounds.last_mut() {
                        round.moves.push(Step::Swap);
                    }
                }
                Action::NextRound(fill) => {
                    let starter = match self.positions[i].status() {
                        Status::RoundOver {
                            took_remaining: Some(side),
                        } => side,
                        _ => self.positions[i + 1].to_move().unwrap_or(self.first),
                    };
                    rounds.push(RoundMoves {
                        starter,
                        moves: fill.map(Step::Fill).into_iter().collect(),
                    });
                }
                Action::EndMatch => {}
            }
        }
        rounds
    }

    /// Whether the players ended the match themselves (rather than the rules
    /// or the round limit ending it).
    #[must_use]
    pub fn ended_by_players(&self) -> bool {
        let n = self.actions.len();
        self.actions.last() == Some(&Action::EndMatch)
            && !self.at_round_limit(&self.positions[n - 1])
    }

    /// Whether the match ended because the agreed number of rounds was played.
    #[must_use]
    pub fn ended_at_round_limit(&self) -> bool {
        let n = self.actions.len();
        self.actions.last() == Some(&Action::EndMatch)
            && self.at_round_limit(&self.positions[n - 1])
    }

    /// The match as it stood after the first `count` actions, with nothing to
    /// redo: the start of a branch.
    #[must_use]
    pub fn truncated(&self, count: usize) -> Session {
        let count = count.min(self.actions.len());
        let mut branch = self.clone();
        branch.actions.truncate(count);
        branch.positions.truncate(count + 1);
        branch.swaps.truncate(count + 1);
        // Seats swapped after the branch's end go back.
        if self.actions[count..].contains(&Action::Swap) {
            branch.change_seats();
        }
        let swap = branch.swaps[count];
        branch.state =
            GameState::at_end_of(self.rules.clone(), &branch.positions).with_swap_state(swap);
        branch.undone.clear();
        branch
    }

    /// Every position of the match, the start first.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Every round finished so far.
    #[must_use]
    pub fn rounds(&self) -> Vec<RoundSummary> {
        let mut rounds: Vec<RoundSummary> = Vec::new();
        for position in &self.positions {
            let took_remaining = match position.status() {
                Status::Ongoing => continue,
                Status::RoundOver { took_remaining } | Status::MatchOver { took_remaining } => {
                    took_remaining
                }
            };
            if rounds.last().is_some_and(|r| r.round == position.round()) {
                continue; // The same round, ended after being over.
            }
            rounds.push(RoundSummary {
                round: position.round(),
                stores: BySide::from_fn(|side| position.store(side)),
                outcome: position.outcome().unwrap_or(Outcome::Draw),
                took_remaining,
            });
        }
        rounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::engine::Pit;

    fn session(id: &str) -> Session {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find(id).unwrap().rules.clone();
        Session::new(rules, ["Ann".into(), "Bo".into()], Side::South)
    }

    #[test]
    fn the_kept_history_is_that_of_the_positions_through_undo_and_rounds() {
        let mut s = session("raja-pasu");
        let agrees = |s: &Session| *s.history() == History::of(s.positions());
        for _ in 0..400 {
            match s.position().status() {
                Status::Ongoing => {
                    let pit = s.game().legal_moves()[0];
                    s.play(pit).unwrap();
                }
                Status::RoundOver { .. } => s.next_round().unwrap(),
                Status::MatchOver { .. } => break,
            }
            assert!(agrees(&s));
            if s.actions().len().is_multiple_of(7) {
                s.undo();
                assert!(agrees(&s));
                s.redo();
                assert!(agrees(&s));
            }
        }
        assert!(agrees(&s.truncated(5)));
    }

    /// The walk through the whole match tells each move as playing it
    /// alone from its position does, through a swap, rounds and the end.
    #[test]
    fn every_moves_events_are_told_alike_one_at_a_time_and_all_at_once() {
        let mut s = session("raja-pasu");
        s.set_swap_rule(true);
        for ply in 0..300 {
            match s.position().status() {
                Status::Ongoing if s.can_swap() => s.swap().unwrap(),
                Status::Ongoing => {
                    let moves = s.game().legal_moves();
                    s.play(moves[ply % moves.len()]).unwrap();
                }
                Status::RoundOver { .. } => s.next_round().unwrap(),
                Status::MatchOver { .. } => break,
            }
        }
        s.end_match().ok();
        let all = s.move_traces();
        assert_eq!(all.len(), s.actions().len());
        assert!(s.actions().contains(&Action::Swap));
        assert!(s.actions().contains(&Action::NextRound(None)));
        for (index, told) in all.into_iter().enumerate() {
            assert_eq!(told, s.move_trace(index), "action {index}");
        }
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut s = session("kalaha");
        let start = *s.position();
        s.play(Pit::new(3)).unwrap(); // extra turn
        s.play(Pit::new(1)).unwrap();
        let after = *s.position();
        assert!(s.undo());
        assert!(s.undo());
        assert_eq!(*s.position(), start);
        assert!(!s.undo());
        assert!(s.redo().is_some());
        assert!(s.redo().is_some());
        assert_eq!(*s.position(), after);
        assert!(s.redo().is_none());
    }

    #[test]
    fn a_new_move_forgets_the_redo_list() {
        let mut s = session("kalaha");
        s.play(Pit::new(1)).unwrap();
        s.undo();
        s.play(Pit::new(2)).unwrap();
        assert!(!s.can_redo());
    }

    #[test]
    fn refused_moves_change_nothing() {
        let mut s = session("kalaha");
        s.play(Pit::new(1)).unwrap();
        let before = *s.position();
        assert_eq!(
            s.play(Pit::new(9)),
            Err(PlayError::NoSuchPit {
                pit: Pit::new(9),
                pits: 6
            })
        );
        assert_eq!(*s.position(), before);
        assert_eq!(s.actions().len(), 1);
    }

    #[test]
    fn last_move_names_the_mover() {
        let mut s = session("kalaha");
        assert_eq!(s.last_move(), None);
        s.play(Pit::new(1)).unwrap();
        assert_eq!(s.last_move(), Some((Side::South, Move::sow(Pit::new(1)))));
        s.play(Pit::new(2)).unwrap();
        assert_eq!(s.last_move(), Some((Side::North, Move::sow(Pit::new(2)))));
    }

    #[test]
    fn rounds_are_summarised_and_undo_crosses_them() {
        let mut s = session("raja-pasu");
        while s.position().status() == Status::Ongoing {
            let pit = s.position().legal_moves(s.rules())[0];
            s.play(pit).unwrap();
        }
        assert_eq!(s.rounds().len(), 1);
        if matches!(s.position().status(), Status::RoundOver { .. }) {
            s.next_round().unwrap();
            assert_eq!(s.position().round(), 2);
            // Undo takes back the round change and the move that ended round 1.
            assert!(s.undo());
            assert_eq!(s.position().round(), 1);
            assert_eq!(s.position().status(), Status::Ongoing);
        }
    }
}
