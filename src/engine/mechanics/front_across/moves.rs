//! Bao's moves (rules.md §10.2-§10.4), where the front pit across is
//! captured: which moves the player to move has (a capture where one ends,
//! else a takasa; from the hand while it holds seeds), the nyumba each
//! player owns until it is lifted or captured, and the pit a takasa may
//! block (takasia). The sowing itself is [`crate::engine::sow`]'s.

use super::turn::{FrontEnd, FrontTurn, first_lap, sow_turn as sow_front_turn};
use crate::engine::board::{Place, indices};
use crate::engine::game::{PlayError, Position};
use crate::engine::ground::Direction;
use crate::engine::ground::Pit;
use crate::engine::ground::Side;
use crate::engine::moves::Move;
use crate::engine::position_text::WrittenMark;
use crate::engine::rules::{FrontAcross, Rules, TakasaFrom};
use crate::engine::sow::Refused;
use crate::engine::trace::{Event, NoTrace, Observer};

/// One way the player to move may start a Bao move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Way {
    origin: usize,
    backward: bool,
    capturing: bool,
    /// A namua move: a seed from the hand goes into the origin first.
    from_hand: bool,
    /// A taxed nyumba: only so many seeds are lifted.
    lift: Option<u16>,
    /// The pit its first capture takes (capturing ways).
    first_taken: usize,
}

/// The ways of one kind: at most two from each pit of a side's loop.
struct Ways {
    ways: [Option<Way>; 2 * 2 * crate::engine::ground::MAX_FOUR_ROW_PITS as usize],
    len: usize,
}

impl Ways {
    fn new() -> Ways {
        Ways {
            ways: [None; 2 * 2 * crate::engine::ground::MAX_FOUR_ROW_PITS as usize],
            len: 0,
        }
    }

    fn push(&mut self, way: Way) {
        if let Some(slot) = self.ways.get_mut(self.len) {
            *slot = Some(way);
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = Way> + '_ {
        self.ways[..self.len].iter().flatten().copied()
    }
}

impl Position {
    /// Seeds in `side`'s hand: on four rows, what they have still to play in
    /// (§10.4), or captured seeds kept when a capture won the game.
    #[must_use]
    pub fn hand(&self, side: Side) -> u16 {
        if self.shape.rows == 4 {
            self.board.get(self.shape.store(side))
        } else {
            0
        }
    }

    /// Whether `side` still owns their nyumba (§10.4), where the rules have one.
    #[must_use]
    pub fn owns_nyumba(&self, side: Side) -> bool {
        self.marks.owns_nyumba(side)
    }

    /// The nyumba's number in the front row, where the rules have one.
    #[must_use]
    pub fn nyumba_pit(&self) -> Option<Pit> {
        self.marks.nyumba_pit()
    }

    /// The pit blocked by takasia: its owner, its number (a front pit's,
    /// as the loop numbers it too), and whether the move just played set
    /// the block.
    #[must_use]
    pub fn blocked(&self) -> Option<(Side, Pit, bool)> {
        let (index, fresh) = self.marks.block()?;
        match self.shape.place(index) {
            Place::Pit(side, pit) => Some((side, pit, fresh)),
            Place::Store(_) => None,
        }
    }

    /// This position with the marks a position text wrote: the owned
    /// nyumbas, and a blocked pit. The first mark these rules cannot have
    /// (as its side and pit) is refused.
    pub(crate) fn with_bao_marks(
        mut self,
        rules: &Rules,
        marks: &[WrittenMark],
    ) -> Result<Position, (Side, Pit)> {
        let front = rules.plan().front_across;
        let nyumba = self.marks.nyumba_pit();
        for side in Side::BOTH {
            self.marks.set_nyumba(side, false);
        }
        let mut blocked = None;
        for mark in marks {
            let at = (mark.side, mark.pit);
            let front_pit = mark.pit.number() <= self.shape.pits;
            if mark.is_nyumba() {
                if nyumba != Some(mark.pit) {
                    return Err(at);
                }
                self.marks.set_nyumba(mark.side, true);
            } else if let Some(fresh) = mark.block() {
                let takasia = front.is_some_and(|front| front.takasia);
                if !takasia || !front_pit || blocked.is_some() {
                    return Err(at);
                }
                blocked = Some((self.shape.pit(mark.side, mark.pit), fresh));
            }
        }
        self.marks.set_block(blocked);
        Ok(self)
    }

    /// Whether a move from `pit` of the player to move takes the pit
    /// across at once with a seed from the hand, its way naming the kichwa
    /// the seeds go in from (§10.4).
    #[must_use]
    pub fn captures_from_hand(&self, rules: &Rules, pit: Pit) -> bool {
        let Some(front) = rules.plan().front_across else {
            return false;
        };
        let at = self.shape.pit(self.to_move, pit);
        self.in_namua(rules)
            && self
                .capture_ways(rules, front)
                .iter()
                .any(|way| way.origin == at)
    }

    /// The kichwa captured seeds sown `way` go in from: the mover's left
    /// end clockwise, the right end counter-clockwise (its loop number).
    #[must_use]
    pub fn kichwa_of(&self, way: Direction) -> Pit {
        match way {
            Direction::Clockwise => Pit::new(1),
            Direction::CounterClockwise => Pit::new(self.shape.pits),
        }
    }

    /// The track index of `side`'s nyumba, where the rules have one.
    fn nyumba_of(&self, side: Side) -> Option<usize> {
        self.marks.nyumba_pit().map(|pit| self.shape.pit(side, pit))
    }

    /// The track index of `side`'s nyumba while they own it.
    fn owned_nyumba(&self, side: Side) -> Option<usize> {
        self.nyumba_of(side)
            .filter(|_| self.marks.owns_nyumba(side))
    }

    /// `side`'s nyumba while they own it, with `functional` seeds or more
    /// (judged now).
    fn functional_nyumba(&self, front: FrontAcross, side: Side) -> Option<usize> {
        let nyumba = front.nyumba?;
        let at = self.owned_nyumba(side)?;
        (self.board.get(at) >= nyumba.functional).then_some(at)
    }

    /// Whether the player to move plays from the hand (namua).
    fn in_namua(&self, rules: &Rules) -> bool {
        rules.board().in_hand > 0 && self.hand(self.to_move) > 0
    }

    /// The pit blocked against the player to move, if any.
    fn blocked_for_mover(&self) -> Option<(usize, bool)> {
        self.marks
            .block()
            .filter(|&(index, _)| self.shape.owner(index) == self.to_move)
    }

    /// The capturing ways of the player to move: from the hand into an
    /// occupied front pit facing seeds (a kimbi's seeds going in from its
    /// own end, a central pit's from either), or a pit of enough seeds
    /// whose first lap captures.
    fn capture_ways(&self, rules: &Rules, front: FrontAcross) -> Ways {
        let (shape, mover) = (self.shape, self.to_move);
        let mut ways = Ways::new();
        if self.in_namua(rules) {
            let occupied = self.board.filled() & shape.front_mask(mover);
            let clockwise = shape.backward(Direction::Clockwise);
            for origin in indices(occupied) {
                let across = shape.opposite(origin);
                if self.board.get(across) == 0 {
                    continue;
                }
                let number = self.front_number(origin);
                let left = number <= 2;
                let right = number + 1 >= shape.pits;
                for backward in [false, true] {
                    let from_left = backward == clockwise;
                    if (left && !from_left) || (right && from_left) {
                        continue;
                    }
                    ways.push(Way {
                        origin,
                        backward,
                        capturing: true,
                        from_hand: true,
                        lift: None,
                        first_taken: across,
                    });
                }
            }
            return ways;
        }
        for origin in indices(self.movable(rules, mover)) {
            for backward in [false, true] {
                let turn = self.turn(rules, mover, origin, backward);
                let (at, captures) = first_lap(&self.board, &turn, front.most_seeds);
                if captures {
                    ways.push(Way {
                        origin,
                        backward,
                        capturing: true,
                        from_hand: false,
                        lift: None,
                        first_taken: shape.opposite(at),
                    });
                }
            }
        }
        ways
    }

    /// The takasa ways of the player to move, never emptying the front row
    /// from a lone end pit (unless the rules allow it): from the hand, into
    /// the pits §10.4 allows; else a front pit while one may be played
    /// (where the rules say so), never from a pit blocked by the move just
    /// played.
    fn takasa_ways(&self, rules: &Rules, front: FrontAcross) -> Ways {
        let (shape, mover) = (self.shape, self.to_move);
        let front_row = shape.front_mask(mover);
        let occupied = self.board.filled() & front_row;
        let namua = self.in_namua(rules);
        let mut taxed = false;
        let from = if namua {
            match self.owned_nyumba(mover) {
                // The owned nyumba alone: taxed, two seeds lifted.
                Some(at) if occupied == 1 << at => {
                    taxed = true;
                    occupied
                }
                Some(_) => {
                    let functional = self.functional_nyumba(front, mover);
                    occupied & !functional.map_or(0, |at| 1 << at)
                }
                None => {
                    let several = indices(occupied)
                        .filter(|&at| self.board.get(at) >= 2)
                        .fold(0, |bits, at| bits | (1u64 << at));
                    if several == 0 { occupied } else { several }
                }
            }
        } else {
            let movable = self.movable(rules, mover);
            let front_first = front.takasa_from == TakasaFrom::FrontRowFirst;
            let from = if front_first && movable & front_row != 0 {
                movable & front_row
            } else {
                movable
            };
            match self.blocked_for_mover() {
                Some((at, true)) => from & !(1 << at),
                _ => from,
            }
        };
        let lone = (!front.outward_takasa && occupied.is_power_of_two())
            .then(|| occupied.trailing_zeros() as usize);
        let (left, right) = (
            shape.pit(mover, Pit::new(1)),
            shape.pit(mover, Pit::new(shape.pits)),
        );
        let clockwise = shape.backward(Direction::Clockwise);
        let mut ways = Ways::new();
        for origin in indices(from) {
            for backward in [false, true] {
                // Away from the centre: counter-clockwise from the left
                // end, clockwise from the right.
                let outward = (origin == left && backward != clockwise)
                    || (origin == right && backward == clockwise);
                if outward && lone == Some(origin) {
                    continue;
                }
                ways.push(Way {
                    origin,
                    backward,
                    capturing: false,
                    from_hand: namua,
                    lift: taxed.then_some(2),
                    first_taken: origin,
                });
            }
        }
        ways
    }

    /// A front pit's number in its row.
    fn front_number(&self, index: usize) -> u8 {
        match self.shape.place(index) {
            Place::Pit(_, pit) => self.shape.named(pit).1.number(),
            Place::Store(_) => 0,
        }
    }

    /// The capturing ways the player to move must choose among: where a
    /// block stands against the opponent, those whose first capture takes
    /// the blocked pit, if any ends.
    fn ways_in_force(&self, rules: &Rules, front: FrontAcross) -> (Ways, Ways) {
        let captures = self.capture_ways(rules, front);
        let mut first = Ways::new();
        let mut rest = Ways::new();
        let against = self
            .marks
            .block()
            .filter(|&(index, _)| self.shape.owner(index) != self.to_move);
        for way in captures.iter() {
            match against {
                Some((blocked, _)) if way.first_taken == blocked => first.push(way),
                _ => rest.push(way),
            }
        }
        (first, rest)
    }

    /// Every legal move with the position it leads to: the capturing moves
    /// where one ends (those taking a blocked pit first where one of them
    /// ends), else the takasa moves; each way that meets the safari once
    /// more, going on.
    #[inline(never)]
    pub(in crate::engine) fn for_each_front_move(
        &self,
        rules: &Rules,
        front: FrontAcross,
        visit: &mut impl FnMut(Move, &Position),
    ) {
        let mut play = |way: Way| {
            let mut ended = false;
            for safari in [false, true] {
                let mut child = *self;
                match self.sow_bao_into(rules, front, way, safari, &mut child, &mut NoTrace) {
                    Ok(end) => {
                        ended = true;
                        visit(self.bao_move(way, safari), &child);
                        if !end.met_safari {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
            ended
        };
        let (first, rest) = self.ways_in_force(rules, front);
        let mut any = false;
        for way in first.iter() {
            any |= play(way);
        }
        if any {
            return;
        }
        for way in rest.iter() {
            any |= play(way);
        }
        if any {
            return;
        }
        for way in self.takasa_ways(rules, front).iter() {
            play(way);
        }
    }

    /// Whether the player to move has a legal move (stopping at the first).
    pub(in crate::engine) fn has_front_move(&self, rules: &Rules, front: FrontAcross) -> bool {
        let ends = |way: Way| self.way_ends(rules, front, way);
        let (first, rest) = self.ways_in_force(rules, front);
        first.iter().chain(rest.iter()).any(ends) || self.takasa_ways(rules, front).iter().any(ends)
    }

    /// Whether `way`'s turn ends, sown on a copy of the board alone (what
    /// follows the turn is not played).
    fn way_ends(&self, rules: &Rules, front: FrontAcross, way: Way) -> bool {
        let mut probe = *self;
        self.sow_bao_turn(rules, front, way, false, &mut probe, &mut NoTrace)
            .is_ok()
    }

    /// The written move of `way`.
    fn bao_move(&self, way: Way, safari: bool) -> Move {
        let Place::Pit(_, pit) = self.shape.place(way.origin) else {
            unreachable!("moves start from pits")
        };
        let (row, number) = self.shape.named(pit);
        let played = Move::in_row(row, number).toward(self.shape.direction_of(way.backward));
        if safari { played.on_safari() } else { played }
    }

    /// Plays `mv` for the player to move, or says why it is refused (the
    /// pit is known to be the mover's, open, and the way named).
    pub(in crate::engine) fn play_bao<O: Observer>(
        &self,
        rules: &Rules,
        front: FrontAcross,
        mv: Move,
        (origin, backward): (usize, bool),
        obs: &mut O,
    ) -> Result<Position, PlayError> {
        let same = |way: &Way| way.origin == origin && way.backward == backward;
        let ends = |way: Way| self.way_ends(rules, front, way);
        let (first, rest) = self.ways_in_force(rules, front);
        let way = if first.iter().any(ends) {
            first.iter().find(same).ok_or_else(|| {
                if rest.iter().any(|w| same(&w)) {
                    PlayError::MustTakeBlocked(mv)
                } else {
                    PlayError::MustCapture(mv)
                }
            })?
        } else if rest.iter().any(ends) {
            rest.iter()
                .find(same)
                .ok_or_else(|| self.why_not_a_capture(rules, mv, origin))?
        } else {
            self.takasa_ways(rules, front)
                .iter()
                .find(same)
                .ok_or_else(|| self.why_no_takasa(rules, front, mv, origin))?
        };
        let mut next = *self;
        match self.sow_bao_into(rules, front, way, mv.choices().safari(), &mut next, obs) {
            Ok(_) => Ok(next),
            Err(Refused::NoChoiceHere) => Err(PlayError::NoSafari(mv)),
            Err(_) => Err(PlayError::Endless(mv.pit())),
        }
    }

    /// Why the pit at `origin` is no capture where one is compulsory.
    fn why_not_a_capture(&self, rules: &Rules, mv: Move, origin: usize) -> PlayError {
        let across = self.shape.opposite(origin);
        let front_pit = self.shape.front_mask(self.to_move) & (1 << origin) != 0;
        if self.in_namua(rules) && front_pit && self.board.get(across) > 0 {
            PlayError::KimbiWay(mv)
        } else {
            PlayError::MustCapture(mv)
        }
    }

    /// Why the pit at `origin` (the mover's, open) starts no takasa.
    fn why_no_takasa(
        &self,
        rules: &Rules,
        front: FrontAcross,
        mv: Move,
        origin: usize,
    ) -> PlayError {
        let mover = self.to_move;
        let front_pit = self.shape.front_mask(mover) & (1 << origin) != 0;
        let seeds = self.board.get(origin);
        if seeds == 0 {
            return PlayError::Empty(mv.pit());
        }
        if self.in_namua(rules) {
            return if !front_pit {
                PlayError::FrontPitFirst(mv)
            } else if self.functional_nyumba(front, mover) == Some(origin) {
                PlayError::FunctionalNyumba(mv)
            } else {
                PlayError::NamuaSingle(mv)
            };
        }
        if seeds < rules.plan().playable.min_seeds {
            PlayError::TooFew {
                pit: mv.pit(),
                needs: rules.plan().playable.min_seeds,
            }
        } else if self.blocked_for_mover() == Some((origin, true)) {
            PlayError::Blocked(mv)
        } else if !front_pit {
            PlayError::FrontPitFirst(mv)
        } else {
            PlayError::EmptiesFrontRow(mv)
        }
    }

    /// Sows `way` into `next` (a copy of `self`), going on safari where
    /// `safari` and one is offered, and plays out what follows: the nyumba
    /// given up, a block kept, lifted or set, the game won or lost, who
    /// moves next.
    fn sow_bao_into<O: Observer>(
        &self,
        rules: &Rules,
        front: FrontAcross,
        way: Way,
        safari: bool,
        next: &mut Position,
        obs: &mut O,
    ) -> Result<FrontEnd, Refused> {
        let mover = self.to_move;
        let end = self.sow_bao_turn(rules, front, way, safari, next, obs)?;
        for side in Side::BOTH {
            if let Some(at) = self.nyumba_of(side)
                && self.marks.owns_nyumba(side)
                && (end.lifted | end.taken) & (1 << at) != 0
            {
                next.marks.set_nyumba(side, false);
                obs.record(Event::NyumbaGivenUp { side });
            }
        }
        if let Some((blocked, fresh)) = self.marks.block() {
            let owner = self.shape.owner(blocked);
            let facing = self.shape.opposite(blocked);
            let lifted = end.lifted & (1 << blocked) != 0;
            let taken = end.taken & ((1 << blocked) | (1 << facing)) != 0;
            next.marks.set_block(if lifted || taken {
                None
            } else {
                Some((blocked, fresh && owner != mover))
            });
        }
        let won_or_lost = end.end.won || next.board.filled() & self.shape.front_mask(mover) == 0;
        if front.takasia && !way.capturing && !won_or_lost {
            next.to_move = mover.other();
            if let Some(blocked) = next.takasia(rules, front, mover) {
                next.marks.set_block(Some((blocked, true)));
            }
            next.to_move = mover;
        }
        if next.marks.block() != self.marks.block() {
            let block = next.marks.block();
            obs.record(Event::Block {
                pit: block.map(|(at, _)| self.shape.place(at)),
                fresh: block.is_some_and(|(_, fresh)| fresh),
            });
        }
        self.finish_turn(rules, mover, &end.end, next, obs);
        Ok(end)
    }

    /// Sows `way` on `next`'s board alone (what follows the turn is not
    /// played, so that judging whether a player can move never plays the
    /// next player's turn).
    fn sow_bao_turn<O: Observer>(
        &self,
        rules: &Rules,
        front: FrontAcross,
        way: Way,
        safari: bool,
        next: &mut Position,
        obs: &mut O,
    ) -> Result<FrontEnd, Refused> {
        let mover = self.to_move;
        let turn = self.turn(rules, mover, way.origin, way.backward);
        let namua = way.from_hand;
        let nyumba = self.owned_nyumba(mover);
        let rules_nyumba = front.nyumba.filter(|_| namua);
        let front_turn = FrontTurn {
            capturing: way.capturing,
            from_hand: namua,
            lift: way.lift,
            nyumba,
            functional: rules_nyumba.map_or(0, |n| n.functional),
            safari_offered: rules_nyumba.is_some_and(|n| n.safari),
            safari,
            blocked: self.blocked_for_mover().map(|(at, _)| at),
        };
        let end = sow_front_turn(&mut next.board, &turn, front_turn, obs)?;
        if safari && !end.met_safari {
            return Err(Refused::NoChoiceHere);
        }
        Ok(end)
    }

    /// The opponent's pit `blocker`'s takasa blocks (§10.4), this position
    /// having the opponent to move and both hands empty: where every
    /// capture `blocker` would have if they moved again takes the same pit
    /// first, the opponent has no capture, and that pit is not their
    /// functional nyumba, their only occupied front pit, or their only
    /// front pit of two or more.
    fn takasia(&self, rules: &Rules, front: FrontAcross, blocker: Side) -> Option<usize> {
        if self.hand(Side::South) > 0 || self.hand(Side::North) > 0 {
            return None;
        }
        let opponent = blocker.other();
        if self.capture_ways(rules, front).iter().next().is_some() {
            return None;
        }
        let mut theirs = *self;
        theirs.to_move = blocker;
        let captures = theirs.capture_ways(rules, front);
        let mut taken = captures.iter().map(|way| way.first_taken);
        let first = taken.next()?;
        if taken.any(|at| at != first) {
            return None;
        }
        let occupied = self.board.filled() & self.shape.front_mask(opponent);
        let several = indices(occupied)
            .filter(|&at| self.board.get(at) >= 2)
            .fold(0u64, |bits, at| bits | (1 << at));
        let spared = self.functional_nyumba(front, opponent) == Some(first)
            || occupied == 1 << first
            || several == 1 << first;
        (!spared).then_some(first)
    }

    /// How many legal moves the player to move has (perft's last ply).
    pub(in crate::engine) fn count_front_moves(&self, rules: &Rules, front: FrontAcross) -> u64 {
        let mut count = 0;
        self.for_each_front_move(rules, front, &mut |_, _| count += 1);
        count
    }
}
