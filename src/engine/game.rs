//! The position and the flow of play: turns, round ends, refills and the match.

use super::board::{Board, Layout, Place, indices};
use super::moves::Move;
use super::pit::Pit;
use super::rules::{EndsWhen, NextStarter, RestGoesTo, Rounds, Rules, Stores};
use super::side::{BySide, Side};
use super::sow::{Refused, Turn, sow_turn};
use super::status::{Ending, Outcome, Status};
use super::trace::{Event, NoTrace, Observer};

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the round is over")]
    RoundOver,
    #[error("the match is over")]
    MatchOver,
    #[error("there is no pit {pit}: pits are numbered 1 to {pits}")]
    NoSuchPit { pit: Pit, pits: u8 },
    #[error("pit {0} is closed")]
    Closed(Pit),
    #[error("pit {0} is empty")]
    Empty(Pit),
    #[error("pit {0} would start a turn that never ends")]
    Endless(Pit),
    #[error("pit {0} sows nothing into the opponent's empty row")]
    DoesNotFeed(Pit),
}

/// Why the round could not be moved on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    #[error("the round is still being played")]
    StillPlaying,
    #[error("the match is over")]
    MatchOver,
}

/// Why a hand-made position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{side} has {given} pits but the board has {pits} a row")]
    RowLength { side: Side, given: usize, pits: u8 },
    #[error("the position holds {given} seeds but the rules play with {expected}")]
    SeedTotal { given: u32, expected: u16 },
    #[error(
        "{side}'s pit {pit} is closed, but these rules never close a pit (they play one round)"
    )]
    ClosedPit { side: Side, pit: Pit },
    #[error(
        "{side}'s pit {pit} is owned by the player across, but these rules never make it so \
         (or that player owns a pit already)"
    )]
    OwnedPit { side: Side, pit: Pit },
}

/// A pit of a position set up by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PitSetup {
    Seeds(u16),
    /// Out of play this round.
    Closed,
    /// Owned by the player across (a tuzdyk): it holds no seeds.
    Owned,
}

/// The round's starter as a position keeps it: only where it decides who
/// starts the next round (after a draw, where the winner starts), so that
/// positions alike in all else are equal.
fn starter_kept(rules: &Rules, starter: Side) -> Side {
    match rules.next_starter() {
        NextStarter::Winner => starter,
        NextStarter::TookRemaining => Side::South,
    }
}

/// A position in a match: every count, closed pits, who moves, the round and
/// whether it is over. It is small and `Copy`, so playing a move makes a new one.
/// The rules it was made with must be passed to every method that plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    layout: Layout,
    /// Bits (by track index) of the pits in play; closed pits are clear.
    open_pits: u64,
    /// The pit each player (South, North) owns, as its track index plus one
    /// (0: none). An owned pit lies on the other player's row.
    owned: BySide<u8>,
    to_move: Side,
    /// Who made the round's first move (the next round's starter after a
    /// draw, where the winner starts the next).
    round_starter: Side,
    round: u16,
    status: Status,
    /// Why the round ended, once it has.
    ending: Option<Ending>,
}

impl Position {
    /// The start of a match: every pit full, `first` to move.
    #[must_use]
    pub fn new(rules: &Rules, first: Side) -> Position {
        let layout = Layout::of(rules);
        let mut board = Board::EMPTY;
        for index in indices(layout.pits_mask()) {
            board.set(index, u16::from(rules.seeds_per_pit()));
        }
        let mut position = Position {
            board,
            layout,
            open_pits: layout.pits_mask(),
            owned: BySide::new(0, 0),
            to_move: first,
            round_starter: starter_kept(rules, first),
            round: 1,
            status: Status::Ongoing,
            ending: None,
        };
        position.start_turn(rules, &mut NoTrace);
        position
    }

    /// A position set up by hand (for tests, puzzles and analysis): rows given
    /// pit 1 first, all pits open, stores as given, round 1.
    ///
    /// # Errors
    /// When a row has the wrong length or the seeds do not add up to the rules'
    /// total.
    pub fn from_rows(
        rules: &Rules,
        south: &[u16],
        north: &[u16],
        stores: impl Into<BySide<u16>>,
        to_move: Side,
    ) -> Result<Position, SetupError> {
        let [south, north] = [south, north].map(|row| {
            row.iter()
                .map(|&count| PitSetup::Seeds(count))
                .collect::<Vec<_>>()
        });
        Position::from_parts(rules, [&south, &north], stores, 1, to_move, None)
    }

    /// A position set up pit by pit: closed pits, owned pits, the round (and,
    /// where it decides who starts the next, who began it; else who moves).
    ///
    /// # Errors
    /// As [`Position::from_rows`], and when a pit is closed or owned where the
    /// rules never make it so.
    pub fn from_parts(
        rules: &Rules,
        rows: [&[PitSetup]; 2],
        stores: impl Into<BySide<u16>>,
        round: u16,
        to_move: Side,
        round_starter: Option<Side>,
    ) -> Result<Position, SetupError> {
        let mut position = Position::new(rules, to_move);
        position.board = Board::EMPTY;
        position.open_pits = position.layout.pits_mask();
        position.status = Status::Ongoing;
        position.ending = None;
        position.round = round.max(1);
        position.round_starter = starter_kept(rules, round_starter.unwrap_or(to_move));
        let (rows, stores) = (BySide::from(rows), stores.into());
        for side in Side::BOTH {
            let row = rows[side];
            if row.len() != usize::from(rules.pits()) {
                return Err(SetupError::RowLength {
                    side,
                    given: row.len(),
                    pits: rules.pits(),
                });
            }
            for (pit, &setup) in Pit::all(rules.pits()).zip(row) {
                let index = position.layout.pit(side, pit);
                match setup {
                    PitSetup::Seeds(count) => position.board.set(index, count),
                    // Pits close only when a new round cannot fill them.
                    PitSetup::Closed if rules.rounds() == Rounds::Single => {
                        return Err(SetupError::ClosedPit { side, pit });
                    }
                    PitSetup::Closed => position.open_pits &= !(1u64 << index),
                    PitSetup::Owned => {
                        let owner = side.other();
                        let allowed = rules.owned_pits().is_some_and(|owned| {
                            owned.last_pit_allowed || pit.number() != rules.pits()
                        });
                        if !allowed || position.owned[owner] != 0 {
                            return Err(SetupError::OwnedPit { side, pit });
                        }
                        position.owned[owner] = index as u8 + 1;
                    }
                }
            }
            position
                .board
                .set(position.layout.store(side), stores[side]);
        }
        let given = position.board.total();
        if given != u32::from(rules.total_seeds()) {
            return Err(SetupError::SeedTotal {
                given,
                expected: rules.total_seeds(),
            });
        }
        position.start_turn(rules, &mut NoTrace);
        Ok(position)
    }

    /// Pit `pit` of `side` as [`Position::from_parts`] takes it.
    #[must_use]
    pub fn pit_setup(&self, side: Side, pit: Pit) -> PitSetup {
        if self.is_closed(side, pit) {
            PitSetup::Closed
        } else if self.owner_of(side, pit).is_some() {
            PitSetup::Owned
        } else {
            PitSetup::Seeds(self.pit(side, pit))
        }
    }

    /// Who began the round, where that decides who starts the next one.
    #[must_use]
    pub fn round_starter(&self, rules: &Rules) -> Option<Side> {
        (rules.next_starter() == NextStarter::Winner).then_some(self.round_starter)
    }

    /// A 64-bit key of what decides the rest of the round (counts, closed pits,
    /// who moves), for transposition tables. Different positions may share a
    /// key, very rarely.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.hash(self.board.seeds())
    }

    /// Like [`Position::key`] but blind to the stores: what is left to play
    /// for does not depend on them, so searches share one table entry across
    /// every way the seeds already won were split.
    pub(crate) fn key_without_stores(&self) -> u64 {
        let mut seeds = *self.board.seeds();
        for side in Side::BOTH {
            seeds[self.layout.store(side)] = 0;
        }
        self.hash(&seeds)
    }

    fn hash(&self, seeds: &[u16]) -> u64 {
        // A multiply-xorshift step (as in splitmix64) on each word of four
        // counts, salted by the word's place; the words are mixed apart and
        // then combined, so the processor can work on them side by side
        // (repetition checks hash every position perft and search visit).
        let mix = |word: u64, salt: u64| {
            let hash = (word ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            hash ^ (hash >> 29)
        };
        let mut hash = mix(
            self.open_pits
                ^ (u64::from(self.owned.south) << 40)
                ^ (u64::from(self.owned.north) << 48)
                ^ (u64::from(self.to_move.index() as u8) << 63),
            0,
        );
        // Only the board's own places: the rest of the array is always empty.
        let mut words = seeds[..self.layout.len()].chunks_exact(4);
        let mut salt = 0x632b_e59b_d9b4_e019_u64;
        for c in &mut words {
            let word = u64::from(c[0])
                | (u64::from(c[1]) << 16)
                | (u64::from(c[2]) << 32)
                | (u64::from(c[3]) << 48);
            hash = hash.rotate_left(23) ^ mix(word, salt);
            salt = salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let word = rest
                .iter()
                .enumerate()
                .fold(0u64, |word, (i, &c)| word | (u64::from(c) << (16 * i)));
            hash = hash.rotate_left(23) ^ mix(word, salt);
        }
        hash
    }

    /// Pits per row.
    #[must_use]
    pub fn pit_count(&self) -> u8 {
        self.layout.pits
    }

    /// Seeds in a place.
    #[must_use]
    pub fn seeds(&self, place: Place) -> u16 {
        self.board.get(self.layout.index(place))
    }

    /// Seeds in pit `pit` (1..=n) of `side`.
    #[must_use]
    pub fn pit(&self, side: Side, pit: Pit) -> u16 {
        self.board.get(self.layout.pit(side, pit))
    }

    /// One row's counts, pit 1 first.
    #[must_use]
    pub fn row(&self, side: Side) -> Vec<u16> {
        Pit::all(self.layout.pits)
            .map(|p| self.pit(side, p))
            .collect()
    }

    /// Seeds on one row.
    #[must_use]
    pub fn row_total(&self, side: Side) -> u16 {
        self.layout
            .row_range(side)
            .map(|index| self.board.get(index))
            .sum()
    }

    /// Seeds in a player's store (or pile).
    #[must_use]
    pub fn store(&self, side: Side) -> u16 {
        self.board.get(self.layout.store(side))
    }

    /// Whether pit `pit` of `side` is out of play this round.
    #[must_use]
    pub fn is_closed(&self, side: Side, pit: Pit) -> bool {
        self.open_pits & (1 << self.layout.pit(side, pit)) == 0
    }

    /// One row's closed flags, pit 1 first.
    #[must_use]
    pub fn closed_row(&self, side: Side) -> Vec<bool> {
        Pit::all(self.layout.pits)
            .map(|p| self.is_closed(side, p))
            .collect()
    }

    /// The pit `side` owns (on the other player's row), if any.
    #[must_use]
    pub fn owned_pit(&self, side: Side) -> Option<Pit> {
        let index = usize::from(self.owned[side].checked_sub(1)?);
        match self.layout.place(index) {
            Place::Pit(_, pit) => Some(pit),
            Place::Store(_) => None,
        }
    }

    /// Who owns pit `pit` of `side`'s row, if anyone does.
    #[must_use]
    pub fn owner_of(&self, side: Side, pit: Pit) -> Option<Side> {
        let owner = side.other();
        (self.owned_pit(owner) == Some(pit)).then_some(owner)
    }

    /// Bits of the owned pits of both players.
    #[inline]
    fn owned_mask(&self) -> u64 {
        // Most rule sets own no pits: one test, no loop.
        let bit = |o: u8| if o == 0 { 0 } else { 1u64 << (o - 1) };
        bit(self.owned.south) | bit(self.owned.north)
    }

    /// Every seed on the board and in the stores.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        self.board.total()
    }

    /// The player to move, while the round is being played.
    #[must_use]
    pub fn to_move(&self) -> Option<Side> {
        (self.status == Status::Ongoing).then_some(self.to_move)
    }

    /// The round being played, or the one just finished.
    #[must_use]
    pub fn round(&self) -> u16 {
        self.round
    }

    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The winner of the round just over (which, once the match is over, is also
    /// the match's winner): the player with more seeds in store.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.status == Status::Ongoing {
            return None;
        }
        let (south, north) = (self.store(Side::South), self.store(Side::North));
        Some(match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::South),
            std::cmp::Ordering::Less => Outcome::Win(Side::North),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Plays `mv` for the player to move: the sowing of one move alone.
    /// It cannot know whether the position it makes came before, so it never
    /// ends a game by repetition; a match or a line of moves plays through
    /// [`crate::engine::GameState::play`], which does.
    ///
    /// # Errors
    /// A [`PlayError`] saying why the move is not legal; `self` is untouched.
    pub fn play(&self, rules: &Rules, mv: impl Into<Move>) -> Result<Position, PlayError> {
        self.play_observed(rules, mv.into(), &mut NoTrace)
    }

    /// Like [`Position::play`], appending every event of the move to `trace`
    /// (nothing is appended when the move is refused).
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_traced(
        &self,
        rules: &Rules,
        mv: impl Into<Move>,
        trace: &mut Vec<Event>,
    ) -> Result<Position, PlayError> {
        let before = trace.len();
        let result = self.play_observed(rules, mv.into(), trace);
        if result.is_err() {
            trace.truncate(before);
        }
        result
    }

    /// Whether `mv` is a legal move, and why not.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn check(&self, rules: &Rules, mv: impl Into<Move>) -> Result<(), PlayError> {
        self.play(rules, mv).map(|_| ())
    }

    /// The legal moves of the player to move, lowest pit first.
    #[must_use]
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .candidate_moves()
            .map(Move::sow)
            .filter(|&mv| self.check(rules, mv).is_ok())
            .collect();
        moves.sort_unstable();
        moves
    }

    /// The pits the player to move might play: open and not empty. With relay
    /// sowing some of them may still be refused as endless.
    pub fn candidate_moves(&self) -> impl Iterator<Item = Pit> + use<> {
        let layout = self.layout;
        let movable = match self.status {
            Status::Ongoing => self.movable(self.to_move),
            _ => 0,
        };
        indices(movable).map(move |index| match layout.place(index) {
            Place::Pit(_, pit) => pit,
            Place::Store(_) => unreachable!("row masks hold only pits"),
        })
    }

    pub(crate) fn play_observed<O: Observer>(
        &self,
        rules: &Rules,
        mv: Move,
        obs: &mut O,
    ) -> Result<Position, PlayError> {
        let pit = mv.pit();
        let mover = match self.status {
            Status::Ongoing => self.to_move,
            Status::RoundOver { .. } => return Err(PlayError::RoundOver),
            Status::MatchOver { .. } => return Err(PlayError::MatchOver),
        };
        if pit.number() == 0 || pit.number() > self.layout.pits {
            return Err(PlayError::NoSuchPit {
                pit,
                pits: self.layout.pits,
            });
        }
        let origin = self.layout.pit(mover, pit);
        if self.open_pits & (1 << origin) == 0 {
            return Err(PlayError::Closed(pit));
        }
        if self.board.get(origin) == 0 {
            return Err(PlayError::Empty(pit));
        }
        self.sow_from(rules, mover, origin, obs)
            .map_err(|refused| match refused {
                Refused::Endless => PlayError::Endless(pit),
                Refused::DoesNotFeed => PlayError::DoesNotFeed(pit),
            })
    }

    /// The move from track index `origin`, which must be an open, non-empty pit
    /// of the player to move; `None` when its turn never ends. Perft walks
    /// moves this way, skipping the checks its move list already made.
    #[inline]
    fn sow_from<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        origin: usize,
        obs: &mut O,
    ) -> Result<Position, Refused> {
        let mut next = *self;
        self.sow_into(rules, mover, origin, &mut next, obs)?;
        Ok(next)
    }

    /// [`Position::sow_from`] writing the position reached into `next`, which
    /// must hold a copy of `self`: the caller makes it where the child is to
    /// be kept, so a move copies the position once. `next` is left part-way
    /// when the move is refused.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn sow_into<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        origin: usize,
        next: &mut Position,
        obs: &mut O,
    ) -> Result<(), Refused> {
        debug_assert_eq!(self.to_move(), Some(mover));
        debug_assert!(self.open_pits & self.board.filled() & (1 << origin) != 0);
        let end = sow_turn(&mut next.board, &self.turn(rules, mover, origin), obs)?;
        if end.owned != 0 {
            next.owned[mover] = end.owned;
        }
        next.to_move = if end.extra_turn { mover } else { mover.other() };
        next.start_turn(rules, obs);
        debug_assert_eq!(next.total_seeds(), self.total_seeds());
        debug_assert!(next.board.is_consistent());
        Ok(())
    }

    /// Every position one legal move away, in track order (for perft, which
    /// needs the positions, not the pit numbers).
    #[inline]
    pub fn for_each_child(&self, rules: &Rules, mut visit: impl FnMut(&Position)) {
        self.for_each_move(rules, |_, child| visit(child));
    }

    /// Every legal move with the position it leads to, in track order: what
    /// [`Position::play`] gives for each, without its checks.
    #[inline]
    pub fn for_each_move(&self, rules: &Rules, mut visit: impl FnMut(Move, &Position)) {
        if self.status != Status::Ongoing {
            return;
        }
        let mover = self.to_move;
        let movable = self.movable(mover);
        for origin in indices(movable) {
            let mut child = *self;
            if self
                .sow_into(rules, mover, origin, &mut child, &mut NoTrace)
                .is_ok()
                && let Place::Pit(_, pit) = self.layout.place(origin)
            {
                visit(Move::sow(pit), &child);
            }
        }
    }

    fn turn<'r>(&self, rules: &'r Rules, mover: Side, origin: usize) -> Turn<'r> {
        let own_store = if rules.stores() == Stores::Sown {
            1 << self.layout.store(mover)
        } else {
            0
        };
        Turn {
            rules,
            layout: self.layout,
            mover,
            origin,
            sow_track: self.open_pits | own_store,
            open_pits: self.open_pits,
            // Most rule sets own no pits: their moves never look.
            owned: if rules.owned_pits().is_some() {
                self.owned_mask()
            } else {
                0
            },
            owned_by: self.owned,
            must_feed: rules.must_feed()
                && self.board.filled() & self.layout.row_mask(mover.other()) == 0,
        }
    }

    /// The round-end checks made whenever a player is about to move.
    fn start_turn<O: Observer>(&mut self, rules: &Rules, obs: &mut O) {
        let filled = self.board.filled();
        let mover_row_empty = filled & self.layout.row_mask(self.to_move) == 0;
        let other_row_empty = filled & self.layout.row_mask(self.to_move.other()) == 0;
        let side_empty =
            rules.ends_when() == EndsWhen::RowEmpty && (mover_row_empty || other_row_empty);
        // Without relays or feeding any seed on the mover's row is a legal move.
        let maybe_stuck =
            mover_row_empty || rules.relay() || (rules.must_feed() && other_row_empty);
        if side_empty {
            self.finish_keeping_rows(rules, Ending::RowEmpty, obs);
        } else if rules.more_than_half_ends() && self.has_more_than_half(rules) {
            self.finish_keeping_rows(rules, Ending::MoreThanHalf, obs);
        } else if maybe_stuck && self.is_stuck(rules, self.to_move) {
            if rules.passing() {
                if self.is_stuck(rules, self.to_move.other()) {
                    self.finish_keeping_rows(rules, Ending::NeitherCanMove, obs);
                } else {
                    obs.record(Event::Pass { side: self.to_move });
                    self.to_move = self.to_move.other();
                }
            } else if rules.ends_when() == EndsWhen::NoMove
                && rules.rest_goes_to() == RestGoesTo::RowOwner
            {
                self.finish_keeping_rows(rules, Ending::NoMove, obs);
            } else {
                // Stuck (and, where a round ends when a row is empty, a
                // player whose every pit would never end): the other
                // player takes the rest (docs/rules.md §3).
                let taker = self.to_move.other();
                let mut swept = BySide::new(0, 0);
                swept[taker] = Side::BOTH
                    .map(|side| self.sweep_row(side, taker))
                    .iter()
                    .sum();
                self.finish_round(rules, Some(taker), swept, Ending::NoMove, obs);
            }
        }
    }

    /// A store holds more than half of all seeds, or both hold exactly half.
    fn has_more_than_half(&self, rules: &Rules) -> bool {
        let total = rules.total_seeds();
        let stores = Side::BOTH.map(|side| self.store(side));
        stores.iter().any(|&s| 2 * s > total) || stores.iter().all(|&s| 2 * s == total)
    }

    /// Ends the round because this position repeats one seen since the last
    /// capture (the caller keeps those: see [`crate::engine::History`]): each
    /// player adds the seeds on their own row to their store.
    #[must_use]
    pub fn end_by_repetition<O: Observer>(&self, rules: &Rules, obs: &mut O) -> Position {
        let mut next = *self;
        if next.status == Status::Ongoing {
            next.finish_keeping_rows(rules, Ending::Repetition, obs);
        }
        next
    }

    /// Ends the round with each player adding the seeds on their own row to
    /// their store.
    fn finish_keeping_rows<O: Observer>(&mut self, rules: &Rules, ending: Ending, obs: &mut O) {
        let swept = BySide::from_fn(|side| self.sweep_row(side, side));
        self.finish_round(rules, None, swept, ending, obs);
    }

    /// Why the round ended, once it has.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Seeds in both stores together: they only grow, by captures, so two
    /// positions with different totals have a capture between them.
    #[must_use]
    pub fn stored_seeds(&self) -> u16 {
        Side::BOTH.iter().map(|&side| self.store(side)).sum()
    }

    /// Bits of `side`'s open pits that hold seeds: the pits they might play.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn movable(&self, side: Side) -> u64 {
        self.layout.row_mask(side) & self.open_pits & self.board.filled()
    }

    /// Whether `side` has no legal move: no open non-empty pit, or (with relay
    /// sowing or feeding) only pits whose turn is refused.
    fn is_stuck(&self, rules: &Rules, side: Side) -> bool {
        let movable = self.movable(side);
        if self.every_pit_moves(rules, side) {
            return movable == 0;
        }
        !indices(movable).any(|origin| self.turn_ends(rules, side, origin))
    }

    /// How many legal moves the player to move has: perft's last ply, counted
    /// without making the positions they lead to.
    pub(crate) fn count_moves(&self, rules: &Rules) -> u64 {
        if self.status != Status::Ongoing {
            return 0;
        }
        let mover = self.to_move;
        let movable = self.movable(mover);
        if self.every_pit_moves(rules, mover) {
            return u64::from(movable.count_ones());
        }
        indices(movable)
            .filter(|&origin| self.turn_ends(rules, mover, origin))
            .count() as u64
    }

    /// Whether every open non-empty pit of `side` is a legal move: no turn
    /// can go on forever (no relays) and none can fail to feed.
    fn every_pit_moves(&self, rules: &Rules, side: Side) -> bool {
        !rules.relay()
            && (!rules.must_feed() || self.board.filled() & self.layout.row_mask(side.other()) != 0)
    }

    /// Whether the turn from `origin` ends and is allowed, sown on a copy of
    /// the board alone.
    fn turn_ends(&self, rules: &Rules, side: Side, origin: usize) -> bool {
        let mut probe = self.board;
        sow_turn(&mut probe, &self.turn(rules, side, origin), &mut NoTrace).is_ok()
    }

    /// Moves every seed of `row` into `taker`'s store; returns how many.
    fn sweep_row(&mut self, row: Side, taker: Side) -> u16 {
        let mut total = 0;
        for index in indices(self.layout.row_mask(row)) {
            total += self.board.take(index);
        }
        self.board.add(self.layout.store(taker), total);
        total
    }

    fn finish_round<O: Observer>(
        &mut self,
        rules: &Rules,
        took_remaining: Option<Side>,
        swept: BySide<u16>,
        ending: Ending,
        obs: &mut O,
    ) {
        obs.record(Event::RoundEnd {
            took_remaining,
            swept,
            ending,
        });
        self.ending = Some(ending);
        let full_pit = u16::from(rules.seeds_per_pit());
        let last_round = rules.rounds() == Rounds::Single
            || Side::BOTH.iter().any(|&side| self.store(side) < full_pit);
        self.status = if last_round {
            Status::MatchOver { took_remaining }
        } else {
            Status::RoundOver { took_remaining }
        };
    }

    /// Sets up the next round after a round is over: each player refills their
    /// pits from the right, pits that cannot be filled are closed, the loser may
    /// get a partial pit, and the rules say who starts (the player who took the
    /// remaining seeds, or the winner).
    ///
    /// # Errors
    /// When the round is not over, or the match is.
    pub fn next_round(&self, rules: &Rules) -> Result<Position, RoundError> {
        let took_remaining = match self.status {
            Status::Ongoing => return Err(RoundError::StillPlaying),
            Status::MatchOver { .. } => return Err(RoundError::MatchOver),
            Status::RoundOver { took_remaining } => took_remaining,
        };
        let loser = match self.outcome() {
            Some(Outcome::Win(winner)) => Some(winner.other()),
            _ => None,
        };
        let full_pit = u16::from(rules.seeds_per_pit());
        let mut next = *self;
        next.open_pits = 0;
        for side in Side::BOTH {
            let store = self.layout.store(side);
            let mut left = next.board.get(store);
            let mut pit = self.layout.pits;
            while pit >= 1 && left >= full_pit {
                let index = self.layout.pit(side, Pit::new(pit));
                next.board.set(index, full_pit);
                next.open_pits |= 1 << index;
                left -= full_pit;
                pit -= 1;
            }
            if rules.partial_pit() && loser == Some(side) && pit >= 1 && left > 0 {
                let index = self.layout.pit(side, Pit::new(pit));
                next.board.set(index, left);
                next.open_pits |= 1 << index;
                left = 0;
            }
            next.board.set(store, left);
        }
        next.round += 1;
        next.status = Status::Ongoing;
        next.ending = None;
        next.to_move = match (rules.next_starter(), self.outcome()) {
            (NextStarter::TookRemaining, _) => took_remaining.unwrap_or(self.to_move),
            (NextStarter::Winner, Some(Outcome::Win(winner))) => winner,
            (NextStarter::Winner, _) => self.round_starter.other(),
        };
        next.round_starter = starter_kept(rules, next.to_move);
        next.start_turn(rules, &mut NoTrace);
        Ok(next)
    }

    /// Ends the match where it stands, when the players agree to stop in the
    /// middle of a round: each adds the seeds on their own row to their store
    /// (the pits' seeds are theirs, as at a side-empty end), and whoever then
    /// has more wins. After a round, it is [`Position::end_match`].
    ///
    /// # Errors
    /// When the match is already over.
    pub fn end_now(&self, rules: &Rules) -> Result<Position, RoundError> {
        match self.status {
            Status::Ongoing => {
                let mut next = *self;
                next.finish_keeping_rows(rules, Ending::Agreed, &mut NoTrace);
                next.status = Status::MatchOver {
                    took_remaining: None,
                };
                Ok(next)
            }
            _ => self.end_match(),
        }
    }

    /// Ends the match after a round, as the players may choose to.
    ///
    /// # Errors
    /// When the round is still being played, or the match is already over.
    pub fn end_match(&self) -> Result<Position, RoundError> {
        match self.status {
            Status::Ongoing => Err(RoundError::StillPlaying),
            Status::MatchOver { .. } => Err(RoundError::MatchOver),
            Status::RoundOver { took_remaining } => {
                let mut next = *self;
                next.status = Status::MatchOver { took_remaining };
                Ok(next)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sow::sow_turn_as;

    /// The plain path of the rule sets that sow plainly agrees with the
    /// general one on every move of random games: the same board, the same
    /// end, the same events.
    #[test]
    fn the_plain_sowing_path_agrees_with_the_general_one() {
        for text in [
            include_str!("../../rules/kalaha.toml"),
            include_str!("../../rules/oware.toml"),
        ] {
            let rules = Rules::from_toml(text).unwrap();
            assert!(rules.sows_plainly());
            let mut state = 0x2545_f491_4f6c_dd1d_u64;
            let mut position = Position::new(&rules, Side::South);
            for _ in 0..3000 {
                let Some(mover) = position.to_move() else {
                    position = Position::new(&rules, Side::South);
                    continue;
                };
                let movable = position.movable(mover);
                for origin in indices(movable) {
                    let turn = position.turn(&rules, mover, origin);
                    let (mut plain, mut general) = (position.board, position.board);
                    let (mut plain_events, mut general_events) = (Vec::new(), Vec::new());
                    assert_eq!(
                        sow_turn_as::<_, true>(&mut plain, &turn, &mut plain_events),
                        sow_turn_as::<_, false>(&mut general, &turn, &mut general_events)
                    );
                    assert_eq!(plain, general);
                    assert_eq!(plain_events, general_events);
                }
                let legal = position.legal_moves(&rules);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let pit = legal[usize::try_from(state % legal.len() as u64).unwrap()];
                position = position.play(&rules, pit).unwrap();
            }
        }
    }
}
