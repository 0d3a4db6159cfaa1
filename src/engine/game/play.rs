//! Legality and play: which moves the player to move has, why one is
//! refused, and the sowing of one (checked, or walked unchecked by perft and
//! the search).

use super::Position;
use crate::engine::board::{Place, indices};
use crate::engine::ground::Direction;
use crate::engine::ground::Pit;
use crate::engine::ground::Row;
use crate::engine::ground::Side;
use crate::engine::mechanics::playable::Restriction;
use crate::engine::mechanics::ways::WayRefused;
use crate::engine::moves::{Choices, Move};
use crate::engine::rules::{Rules, Stores};
use crate::engine::sow::{
    PackedTrack, PairTurn, Refused, Steering, Turn, TurnEnd, Unmade, sow_turn, sow_turn_plainly,
};
use crate::engine::status::Status;
use crate::engine::trace::{Event, NoTrace, Observer};

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
    #[error("pit {0} is an owned pit, which is never played")]
    Owned(Pit),
    #[error("pit {pit} holds too few seeds: a pit needs {needs} to be played")]
    TooFew { pit: Pit, needs: u16 },
    #[error("say which way to sow pit {0}: these rules let the mover choose (`{0}cw` or `{0}ccw`)")]
    NoDirection(Pit),
    #[error("these rules fix the direction: write pit {0} without one")]
    DirectionFixed(Pit),
    #[error("pit {0} would start a turn that never ends")]
    Endless(Pit),
    #[error("pit {0} sows nothing into the opponent's empty row")]
    DoesNotFeed(Pit),
    #[error("pit {0}: {why}", why = .1.why())]
    Restricted(Pit, Restriction),
    #[error(
        "the swap is offered only to the second player, once, right after the first \
         player's first turn"
    )]
    NoSwap,
    #[error(
        "`{0}` names no pit of this board: on two rows write the pit's number (`3`), on four \
         its row and number (`f3`, `b3`)"
    )]
    NotOnBoard(Move),
    #[error(
        "{pit} may be sown the other way here, where that way captures: write `{pit}cw` or \
         `{pit}ccw`",
        pit = .0.named_pit()
    )]
    WayNeeded(Move),
    #[error("`{0}` meets one more choice of way inside the move: add `.cw` or `.ccw`")]
    LaterWayNeeded(Move),
    #[error(
        "{pit} is sown the usual way here (only a lap that would capture may turn): write it \
         without `cw` or `ccw`",
        pit = .0.named_pit()
    )]
    NoWayHere(Move),
    #[error("`{0}` names more choices of way than the move meets")]
    TooManyWays(Move),
    #[error("`{0}` captures nothing, and a capture is compulsory when there is one")]
    MustCapture(Move),
    #[error(
        "`{0}` is a back pit: with no capture, a front pit of 2 or more is played while \
         there is one"
    )]
    FrontPitFirst(Move),
    #[error("`{0}` would empty the front row: from a lone end pit, sow towards the centre")]
    EmptiesFrontRow(Move),
    #[error(
        "`{0}` captures, but not the blocked pit first: while a block stands, a capture that \
         takes it first is compulsory"
    )]
    MustTakeBlocked(Move),
    #[error(
        "`{0}`: seeds captured at a kimbi go in from its own end: `cw` at the two left pits, \
         `ccw` at the two right"
    )]
    KimbiWay(Move),
    #[error("`{0}`: the nyumba holds enough to be functional, and is not played from the hand")]
    FunctionalNyumba(Move),
    #[error(
        "`{0}` holds one seed: from the hand, a pit of 2 or more is played while there is one \
         (and the nyumba is given up)"
    )]
    NamuaSingle(Move),
    #[error("`{0}` is blocked: the block set by the move just played keeps a takasa from it")]
    Blocked(Move),
    #[error("`{0}` meets no safari: `+` is written where a capturing lap ends in the nyumba")]
    NoSafari(Move),
    #[error("pit {0} was won by the opponent for this round: its owner alone plays it")]
    Lost(Pit),
    #[error("pit {0} names a pit of the opponent's row that is not yours this round")]
    NotWon(Pit),
    /// A loser's choice of pits that cannot begin the next round.
    #[error("{0}")]
    Fill(super::RoundError),
}

impl Position {
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

    /// The legal moves of the player to move, lowest pit first (and, where
    /// the mover chooses the direction, counter-clockwise before clockwise).
    #[must_use]
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves: Vec<Move> =
            if rules.plan().ways.reversal().is_some() || rules.plan().front_across.is_some() {
                // Each way at each choice is a move of its own.
                let mut moves = Vec::new();
                self.for_each_move(rules, |played, _| moves.push(played));
                moves
            } else {
                self.legal(rules).collect()
            };
        moves.sort_unstable();
        moves
    }

    /// The legal moves, without playing them where no move can be refused
    /// (no relays, nothing to feed), else sown on a copy of the board alone.
    fn legal<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = Move> + 'a {
        let (mover, movable) = match self.status {
            Status::Ongoing => (self.to_move, self.movable(rules, self.to_move)),
            _ => (self.to_move, 0),
        };
        let every = self.every_pit_moves(rules, mover);
        let ends = self.turns_end(rules, mover);
        indices(movable)
            .flat_map(move |origin| {
                let ways = rules.plan().ways.of_pit(self.shape, origin);
                ways.map(move |backward| (origin, backward))
            })
            .filter(move |&(origin, backward)| every || ends(origin, backward))
            .map(move |(origin, backward)| self.move_of(rules, origin, backward))
    }

    /// The moves the player to move might make: open pits holding enough
    /// seeds, each way the rules allow. With relay sowing some of them may
    /// still be refused as endless.
    pub fn candidate_moves<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = Move> + 'a {
        let movable = match self.status {
            Status::Ongoing => self.movable(rules, self.to_move),
            _ => 0,
        };
        indices(movable).flat_map(move |origin| {
            let ways = rules.plan().ways.of_pit(self.shape, origin);
            ways.map(move |backward| self.move_of(rules, origin, backward))
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
        if (mv.row() == Row::Only) != (self.shape.rows == 2) {
            return Err(PlayError::NotOnBoard(mv));
        }
        let origin = match self.shape.named_pit(mv.row(), pit) {
            // Pit n + k: the other row's pit k, where the mover won it
            // (territory rounds, rules.md §12).
            None if self.crossed != 0
                && mv.row() == Row::Only
                && pit.number() > self.shape.pits
                && pit.number() <= 2 * self.shape.pits =>
            {
                let theirs = Pit::new(pit.number() - self.shape.pits);
                let origin = self.shape.pit(mover.other(), theirs);
                if self.territory(mover) & (1 << origin) == 0 {
                    return Err(PlayError::NotWon(pit));
                }
                origin
            }
            None => {
                return Err(PlayError::NoSuchPit {
                    pit,
                    pits: self.shape.pits,
                });
            }
            Some(side_pit) => {
                let origin = self.shape.pit(mover, side_pit);
                if self.territory(mover) & (1 << origin) == 0 {
                    return Err(PlayError::Lost(pit));
                }
                origin
            }
        };
        if self.open_pits & (1 << origin) == 0 {
            return Err(PlayError::Closed(pit));
        }
        if self.owned_mask() & (1 << origin) != 0 {
            return Err(PlayError::Owned(pit));
        }
        if let Some(front) = rules.plan().front_across {
            let Some(direction) = mv.direction() else {
                return Err(PlayError::NoDirection(pit));
            };
            // Bao asks for no way part-way through a move (a safari, at most).
            if mv.choices().ways().next().is_some() {
                return Err(PlayError::TooManyWays(mv));
            }
            let backward = self.shape.backward(direction);
            return self.play_bao(rules, front, mv, (origin, backward), obs);
        }
        if mv.choices().safari() {
            return Err(PlayError::NoSafari(mv));
        }
        let seeds = self.board.get(origin);
        if seeds == 0 {
            return Err(PlayError::Empty(pit));
        }
        if self.barred() & (1 << origin) != 0 {
            return Err(PlayError::Restricted(pit, Restriction::LoneSeedBack));
        }
        if seeds < rules.plan().playable.min_seeds {
            return Err(PlayError::TooFew {
                pit,
                needs: rules.plan().playable.min_seeds,
            });
        }
        // Ways chosen inside the move are for rules with laps that turn.
        if !mv.choices().is_empty() && rules.plan().ways.reversal().is_none() {
            return Err(PlayError::TooManyWays(mv));
        }
        let (backward, choices) = rules
            .plan()
            .ways
            .of_move(self.shape, mv)
            .map_err(|refused| match refused {
                WayRefused::Unnamed => PlayError::NoDirection(pit),
                WayRefused::Fixed => PlayError::DirectionFixed(pit),
            })?;
        self.sow_from(rules, mover, origin, backward, choices, obs)
            .map_err(|refused| match refused {
                Refused::Endless => PlayError::Endless(pit),
                Refused::DoesNotFeed => PlayError::DoesNotFeed(pit),
                Refused::Unmade(Unmade::First) => PlayError::WayNeeded(mv),
                Refused::Unmade(Unmade::Later) => PlayError::LaterWayNeeded(mv),
                Refused::NoChoiceHere => PlayError::NoWayHere(mv),
                Refused::TooManyChoices => PlayError::TooManyWays(mv),
                Refused::Restricted(why) => PlayError::Restricted(pit, why),
            })
    }

    /// The move from track index `origin`, which must be an open, non-empty pit
    /// of the player to move; `None` when its turn never ends. Perft walks
    /// moves this way, skipping the checks its move list already made.
    #[inline]
    pub(in crate::engine) fn sow_from<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        origin: usize,
        backward: bool,
        choices: Steering,
        obs: &mut O,
    ) -> Result<Position, Refused> {
        let mut next = *self;
        self.sow_into(rules, mover, origin, backward, choices, &mut next, obs)?;
        Ok(next)
    }

    /// [`Position::sow_from`] writing the position reached into `next`, which
    /// must hold a copy of `self`: the caller makes it where the child is to
    /// be kept, so a move copies the position once. `next` is left part-way
    /// when the move is refused.
    #[allow(clippy::inline_always, clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::engine) fn sow_into<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        origin: usize,
        backward: bool,
        choices: Steering,
        next: &mut Position,
        obs: &mut O,
    ) -> Result<(), Refused> {
        debug_assert_eq!(self.to_move(), Some(mover));
        debug_assert!(self.open_pits & self.board.filled() & (1 << origin) != 0);
        if rules.shortcuts().sows_plainly {
            return self.sow_into_plainly(rules, mover, origin, next, obs);
        }
        let turn = self.turn(rules, mover, origin, backward);
        let end = sow_turn(&mut next.board, &turn, choices, obs)?;
        self.set_bar(rules, origin, next, obs);
        self.finish_turn(rules, mover, &end, next, obs);
        Ok(())
    }

    /// What follows `mover`'s turn, which ended as `end`, in `next`: pits
    /// owned, plies counted, a game won or lost, who moves next.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(in crate::engine) fn finish_turn<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        end: &TurnEnd,
        next: &mut Position,
        obs: &mut O,
    ) {
        next.own(mover, end.owned);
        if u16::from(next.ply) < rules.plies_counted() {
            next.ply += 1;
        }
        if next.end_by_moving(rules, mover, end, obs) {
            return;
        }
        self.hand_on(rules, mover, end, next, obs);
        if let Some(taker) = end.group_taker
            && next.leftover_to_capturer(rules, taker, obs)
        {
            return;
        }
        next.start_turn(rules, obs);
        debug_assert!(next.keeps_every_seed_of(self));
        debug_assert!(next.board.is_consistent());
    }

    /// [`Position::sow_into`] for rule sets that sow plainly: one lap, no
    /// owned pits, no groups, so nothing of the other mechanics is built or
    /// looked at (perft and the search on Kalaha and Oware run here).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn sow_into_plainly<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        origin: usize,
        next: &mut Position,
        obs: &mut O,
    ) -> Result<(), Refused> {
        let turn = self.turn(rules, mover, origin, false);
        let end = sow_turn_plainly(&mut next.board, &turn, obs)?;
        self.hand_on(rules, mover, &end, next, obs);
        next.start_turn(rules, obs);
        debug_assert!(next.keeps_every_seed_of(self));
        debug_assert!(next.board.is_consistent());
        Ok(())
    }

    /// Who moves after `mover`'s turn that ended as `end`, written into
    /// `next`: the mover again after an extra turn, or once after a capture
    /// where the rules give one more move (the move it gives gives none).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn hand_on<O: Observer>(
        &self,
        rules: &Rules,
        mover: Side,
        end: &TurnEnd,
        next: &mut Position,
        obs: &mut O,
    ) {
        let again = end.captured
            && !end.extra_turn
            && !self.after_capture
            && rules.plan().extra_turn.after_capture;
        if again {
            obs.record(Event::AnotherMove { side: mover });
        }
        next.after_capture = again;
        next.to_move = if end.extra_turn || again {
            mover
        } else {
            mover.other()
        };
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
        let movable = self.movable(rules, mover);
        // One loop per kind, so the plain one holds nothing of the others.
        if rules.shortcuts().sows_plainly {
            for origin in indices(movable) {
                let mut child = *self;
                if self
                    .sow_into_plainly(rules, mover, origin, &mut child, &mut NoTrace)
                    .is_ok()
                {
                    visit(self.move_of(rules, origin, false), &child);
                }
            }
            return;
        }
        if rules.plan().ways.reversal().is_some() {
            self.for_each_turning_move(rules, movable, &mut visit);
            return;
        }
        if let Some(front) = rules.plan().front_across {
            self.for_each_front_move(rules, front, &mut visit);
            return;
        }
        for origin in indices(movable) {
            for backward in rules.plan().ways.of_pit(self.shape, origin) {
                let mut child = *self;
                if self
                    .sow_into(
                        rules,
                        mover,
                        origin,
                        backward,
                        Steering::default(),
                        &mut child,
                        &mut NoTrace,
                    )
                    .is_ok()
                {
                    visit(self.move_of(rules, origin, backward), &child);
                }
            }
        }
    }

    /// [`Position::for_each_move`] where laps may turn: each way at each
    /// choice is a move of its own. Kept out of line, so that the other
    /// rule sets' loops hold nothing of it.
    #[inline(never)]
    fn for_each_turning_move(
        &self,
        rules: &Rules,
        movable: u64,
        visit: &mut impl FnMut(Move, &Position),
    ) {
        let mover = self.to_move;
        for origin in indices(movable) {
            each_way(|choices| {
                let mut child = *self;
                self.sow_into(
                    rules,
                    mover,
                    origin,
                    false,
                    choices,
                    &mut child,
                    &mut NoTrace,
                )?;
                visit(
                    with_ways(self.move_of(rules, origin, false), choices),
                    &child,
                );
                Ok(())
            });
        }
    }

    /// How many moves the player to move has where laps may turn (each way
    /// at each choice one), sown on a copy of the board alone.
    #[inline(never)]
    fn count_turning_moves(&self, rules: &Rules) -> u64 {
        let mut count = 0;
        for origin in indices(self.movable(rules, self.to_move)) {
            each_way(|choices| {
                let mut probe = self.board;
                let turn = self.turn(rules, self.to_move, origin, false);
                sow_turn(&mut probe, &turn, choices, &mut NoTrace)?;
                count += 1;
                Ok(())
            });
        }
        count
    }

    /// Whether some way of the turn from `origin` ends (where laps may
    /// turn), sown on a copy of the board alone.
    #[inline(never)]
    fn some_way_ends(&self, rules: &Rules, side: Side, origin: usize) -> bool {
        let mut ends = false;
        each_way(|choices| {
            let mut probe = self.board;
            let turn = self.turn(rules, side, origin, false);
            sow_turn(&mut probe, &turn, choices, &mut NoTrace)?;
            ends = true;
            Ok(())
        });
        ends
    }

    /// The move that sows the pit at track index `origin` (against the track
    /// where `backward`), written as the rules' ways write it.
    fn move_of(&self, rules: &Rules, origin: usize, backward: bool) -> Move {
        let Place::Pit(side, pit) = self.shape.place(origin) else {
            unreachable!("moves start from pits")
        };
        // A pit won on the other row is numbered on from the mover's pit n
        // (territory rounds, rules.md §12).
        let pit = if side == self.to_move {
            pit
        } else {
            Pit::new(self.shape.pits + pit.number())
        };
        let (row, number) = self.shape.named(pit);
        let played = Move::in_row(row, number);
        rules.plan().ways.written(self.shape, played, backward)
    }

    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(in crate::engine) fn turn<'r>(
        &self,
        rules: &'r Rules,
        mover: Side,
        origin: usize,
        backward: bool,
    ) -> Turn<'r> {
        let own_store = if rules.board().stores == Stores::Sown {
            1 << self.shape.store(mover)
        } else {
            0
        };
        // Rule sets that sow plainly have none of what follows `must_feed`.
        let plain = rules.shortcuts().sows_plainly;
        let theirs = if plain {
            self.shape.side_mask(mover.other())
        } else {
            self.territory(mover.other())
        };
        let kept = !plain
            && rules
                .plan()
                .owned_pits
                .is_some_and(super::super::mechanics::owned_pits::OwnedPits::keep_seeds);
        let owned = if plain { 0 } else { self.owned_mask() };
        // The ply this move is (a capture or a reversal may open at one).
        let ply = u16::from(self.ply) + 1;
        let pair = match rules.plan().pair_across {
            Some(pair) if !plain => Some(PairTurn {
                capture_from: if ply >= pair.from_ply {
                    self.shape.front_mask(mover)
                } else {
                    0
                },
                reversal_pits: match rules.plan().ways.reversal() {
                    Some(reversal) if ply >= reversal.from_ply => {
                        self.pit_bits(mover, reversal.pits)
                    }
                    _ => 0,
                },
            }),
            _ => None,
        };
        Turn {
            rules,
            shape: self.shape,
            mover,
            origin,
            sow_track: (self.open_pits & self.shape.loop_mask(mover)) | own_store,
            open_pits: self.open_pits,
            // Most rule sets own no pits: their moves never look.
            owned,
            owned_by: self.owned,
            must_feed: rules.plan().playable.must_feed && self.board.filled() & theirs == 0,
            their_pits: theirs,
            owned_pits_kept: kept,
            to_owner_pits: !plain && !kept && rules.plan().owned_pits.is_some(),
            backward,
            track_reach: !plain
                && (rules.plan().across.is_some_and(|a| a.after_reaching)
                    || rules.plan().playable.asks_reach()),
            pair,
        }
    }

    /// Track bits of `side`'s pits whose numbers are the bits of `pits`
    /// (bit `k - 1` for pit `k`).
    fn pit_bits(&self, side: Side, pits: u32) -> u64 {
        indices(pits.into())
            .map(|offset| 1u64 << self.shape.pit(side, Pit::new(offset as u8 + 1)))
            .fold(0, |bits, bit| bits | bit)
    }

    /// [`Position::territory`], read straight from the board's shape where
    /// the rules sow plainly (no pit is ever won across).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn pits_of_player(&self, rules: &Rules, side: Side) -> u64 {
        if rules.shortcuts().sows_plainly {
            self.shape.side_mask(side)
        } else {
            self.territory(side)
        }
    }

    /// Bits of `side`'s open pits that hold seeds: the pits they might play.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(in crate::engine) fn movable(&self, rules: &Rules, side: Side) -> u64 {
        // Rule sets that sow plainly own no pits and play any pit of their
        // row with seeds.
        if rules.shortcuts().sows_plainly {
            return self.shape.side_mask(side) & self.open_pits & self.board.filled();
        }
        let movable = self.territory(side) & self.open_pits & self.board.filled();
        let movable = movable & !self.owned_mask() & !self.barred();
        if rules.plan().playable.min_seeds <= 1 {
            return movable;
        }
        indices(movable)
            .filter(|&index| self.board.get(index) >= rules.plan().playable.min_seeds)
            .fold(0, |bits, index| bits | (1 << index))
    }

    /// Whether `side` has no legal move: no open non-empty pit, or (with relay
    /// sowing or feeding) only pits whose turn is refused, or only the
    /// two-seed leapfrog where the rules count it so.
    pub(in crate::engine) fn is_stuck(&self, rules: &Rules, side: Side) -> bool {
        // Seeds that would leapfrog for ever count as no move (§10.5).
        if self.leapfrogs_for_ever(rules, side) {
            return true;
        }
        if let Some(front) = rules.plan().front_across {
            let mut theirs = *self;
            theirs.to_move = side;
            return !theirs.has_front_move(rules, front);
        }
        let movable = self.movable(rules, side);
        if self.every_pit_moves(rules, side) {
            return movable == 0;
        }
        let ends = self.turns_end(rules, side);
        !indices(movable).any(|origin| {
            let mut ways = rules.plan().ways.of_pit(self.shape, origin);
            ways.any(|backward| ends(origin, backward))
        })
    }

    /// How many legal moves the player to move has: perft's last ply, counted
    /// without making the positions they lead to.
    pub(crate) fn count_moves(&self, rules: &Rules) -> u64 {
        if self.status != Status::Ongoing {
            return 0;
        }
        let mover = self.to_move;
        if self.every_pit_moves(rules, mover) {
            let movable = self.movable(rules, mover);
            return rules.plan().ways.moves_from(self.shape, movable);
        }
        if rules.plan().ways.reversal().is_some() {
            return self.count_turning_moves(rules);
        }
        if let Some(front) = rules.plan().front_across {
            return self.count_front_moves(rules, front);
        }
        self.legal(rules).count() as u64
    }

    /// Whether every open non-empty pit of `side` is a legal move: no turn
    /// can go on forever (no relays) and none can fail to feed.
    pub(in crate::engine) fn every_pit_moves(&self, rules: &Rules, side: Side) -> bool {
        rules.shortcuts().turns_always_end
            && (!rules.plan().playable.must_feed
                || self.board.filled() & self.pits_of_player(rules, side.other()) != 0)
    }

    /// Whether each turn of `side` ends and is allowed, as
    /// [`Position::turn_ends`] says, asked of one packing of the board for
    /// all of them where the rules sow relays in bulk and the turn cannot
    /// fail to feed.
    fn turns_end<'a>(&'a self, rules: &'a Rules, side: Side) -> impl Fn(usize, bool) -> bool + 'a {
        let packed = if rules.shortcuts().relays_in_bulk {
            // Any pit will do: the packing reads the board, not the move.
            let turn = self.turn(rules, side, 0, false);
            (!turn.must_feed)
                .then(|| PackedTrack::of(&self.board, &turn))
                .flatten()
        } else {
            None
        };
        move |origin, backward| {
            packed
                .and_then(|packed| packed.turn_ends(rules, origin, backward))
                .unwrap_or_else(|| self.turn_ends(rules, side, origin, backward))
        }
    }

    /// Whether the turn from `origin` ends and is allowed, sown on a copy of
    /// the board alone (where laps may turn, in some way).
    pub(in crate::engine) fn turn_ends(
        &self,
        rules: &Rules,
        side: Side,
        origin: usize,
        backward: bool,
    ) -> bool {
        if rules.plan().ways.reversal().is_some() {
            return self.some_way_ends(rules, side, origin);
        }
        let mut probe = self.board;
        let turn = self.turn(rules, side, origin, backward);
        sow_turn(&mut probe, &turn, Steering::default(), &mut NoTrace).is_ok()
    }
}

/// `played` with the ways `choices` make.
fn with_ways(played: Move, choices: Steering) -> Move {
    let played = match choices.first {
        Some(way) => played.toward(way),
        None => played,
    };
    played.with_choices(choices.later)
}

/// Tries `attempt` with the ways chosen so far, and again with each way at
/// every choice a turn meets that they do not make: once for each whole
/// move (counter-clockwise first). A move that would need more than
/// [`Choices::MAX`] later choices is not tried.
#[inline]
fn each_way(mut attempt: impl FnMut(Steering) -> Result<(), Refused>) {
    // Each try that meets a choice replaces itself with two longer ones,
    // so the stack holds at most one more entry per choice.
    let mut stack = [Steering::default(); Choices::MAX + 2];
    let mut len = 1;
    while len > 0 {
        len -= 1;
        if let Err(Refused::Unmade(unmade)) = attempt(stack[len]) {
            let tried = stack[len];
            for way in [Direction::Clockwise, Direction::CounterClockwise] {
                if let Some(more) = tried.with(unmade, way) {
                    stack[len] = more;
                    len += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sow::sow_turn_general;

    /// The plain path of the rule sets that sow plainly agrees with the
    /// general one on every move of random games: the same board, the same
    /// end, the same events.
    #[test]
    fn the_plain_sowing_path_agrees_with_the_general_one() {
        for text in [
            include_str!("../../../rules/kalaha.toml"),
            include_str!("../../../rules/oware.toml"),
        ] {
            let rules = Rules::from_toml(text).unwrap();
            assert!(rules.shortcuts().sows_plainly);
            let mut state = 0x2545_f491_4f6c_dd1d_u64;
            let mut position = Position::new(&rules, Side::South);
            for _ in 0..3000 {
                let Some(mover) = position.to_move() else {
                    position = Position::new(&rules, Side::South);
                    continue;
                };
                let movable = position.movable(&rules, mover);
                for origin in indices(movable) {
                    let turn = position.turn(&rules, mover, origin, false);
                    let (mut plain, mut general) = (position.board, position.board);
                    let (mut plain_events, mut general_events) = (Vec::new(), Vec::new());
                    assert_eq!(
                        sow_turn_plainly(&mut plain, &turn, &mut plain_events),
                        sow_turn_general::<_, false>(
                            &mut general,
                            &turn,
                            Steering::default(),
                            &mut general_events,
                        )
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
