//! After a round: the refill for the next one, and the match's end.

use super::Position;
use super::setup::starter_kept;
use crate::engine::ground::Pit;
use crate::engine::ground::Side;
use crate::engine::mechanics::rounds::{FillChoice, Refill};
use crate::engine::moves::Fill;
use crate::engine::rules::{NextStarter, Rules};
use crate::engine::status::{Ending, Outcome, Status};
use crate::engine::trace::NoTrace;

/// Why the round could not be moved on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    #[error("the round is still being played")]
    StillPlaying,
    #[error("the match is over")]
    MatchOver,
    #[error("no pits are chosen before this round: the refill fills them as the rules say")]
    NoFillChoice,
    #[error("choose {needs} pits to fill, not {chosen}")]
    FillCount { needs: u8, chosen: u8 },
    #[error("there is no pit {pit} to fill: pits are numbered 1 to {pits}")]
    NoPitToFill { pit: Pit, pits: u8 },
}

impl Position {
    /// Sets up the next round after a round is over: each player refills their
    /// pits from the end the rules name, pits that cannot be filled are closed, the loser may
    /// get a partial pit, and the rules say who starts (the player who took the
    /// remaining seeds, or the winner).
    ///
    /// # Errors
    /// When the round is not over, or the match is.
    pub fn next_round(&self, rules: &Rules) -> Result<Position, RoundError> {
        self.next_round_filling(rules, None)
    }

    /// The choice the round's loser makes before the next round, where the
    /// rules let them choose which pits to fill and they can fill some but
    /// not all (§12).
    #[must_use]
    pub fn fill_choice(&self, rules: &Rules) -> Option<FillChoice> {
        if rules.plan().rounds.refill != Refill::LoserChooses
            || !matches!(self.status, Status::RoundOver { .. })
        {
            return None;
        }
        let Some(Outcome::Win(winner)) = self.outcome() else {
            return None;
        };
        let side = winner.other();
        let full = u16::from(rules.seeds_per_pit()).max(1);
        let count = u8::try_from(self.store(side) / full).unwrap_or(u8::MAX);
        (1..self.shape.pits)
            .contains(&count)
            .then_some(FillChoice { side, count })
    }

    /// [`Position::next_round`], the loser filling the pits of `fill`
    /// where they have that choice ([`Position::fill_choice`]); with no
    /// fill, the rules' own order.
    ///
    /// # Errors
    /// As [`Position::next_round`]; and a fill where there is no choice, or
    /// one of the wrong number of pits, or of pits the row lacks.
    pub fn next_round_filling(
        &self,
        rules: &Rules,
        fill: Option<Fill>,
    ) -> Result<Position, RoundError> {
        let chosen = match (fill, self.fill_choice(rules)) {
            (None, _) => None,
            (Some(_), None) => {
                return Err(match self.status {
                    Status::Ongoing => RoundError::StillPlaying,
                    Status::MatchOver { .. } => RoundError::MatchOver,
                    Status::RoundOver { .. } => RoundError::NoFillChoice,
                });
            }
            (Some(fill), Some(choice)) => {
                let pits = self.shape.pits;
                if let Some(pit) = fill.pits().find(|pit| pit.number() > pits) {
                    return Err(RoundError::NoPitToFill { pit, pits });
                }
                if fill.count() != choice.count {
                    return Err(RoundError::FillCount {
                        needs: choice.count,
                        chosen: fill.count(),
                    });
                }
                Some((choice.side, fill))
            }
        };
        let took_remaining = match self.status {
            Status::Ongoing => return Err(RoundError::StillPlaying),
            Status::MatchOver { .. } => return Err(RoundError::MatchOver),
            Status::RoundOver { took_remaining } => took_remaining,
        };
        Ok(self.refilled(rules, took_remaining, chosen))
    }

    /// The next round's start as the loser's choice so far would make it,
    /// for a screen to show while they choose: the pits of `fill` filled
    /// (which may be fewer than they must fill), every other pit of theirs
    /// closed. `None` where no one chooses, or `fill` names too many pits or
    /// pits the row lacks.
    #[must_use]
    pub fn fill_preview(&self, rules: &Rules, fill: Fill) -> Option<Position> {
        let choice = self.fill_choice(rules)?;
        let fits =
            fill.count() <= choice.count && fill.pits().all(|pit| pit.number() <= self.shape.pits);
        let Status::RoundOver { took_remaining } = self.status else {
            return None;
        };
        fits.then(|| self.refilled(rules, took_remaining, Some((choice.side, fill))))
    }

    /// The refill after a round over, `chosen` the loser's choice where
    /// they make one.
    fn refilled(
        &self,
        rules: &Rules,
        took_remaining: Option<Side>,
        chosen: Option<(Side, Fill)>,
    ) -> Position {
        let loser = match self.outcome() {
            Some(Outcome::Win(winner)) => Some(winner.other()),
            _ => None,
        };
        let full_pit = u16::from(rules.seeds_per_pit());
        let mut next = *self;
        next.open_pits = 0;
        let territory = rules.plan().rounds.refill == Refill::Territory;
        if territory {
            next.territory_refill(rules);
        }
        for side in Side::BOTH.into_iter().filter(|_| !territory) {
            let store = self.shape.store(side);
            let mut left = next.board.get(store);
            let order: Vec<u8> = match chosen {
                Some((chooser, fill)) if chooser == side => fill.pits().map(Pit::number).collect(),
                _ => rules.plan().rounds.refill.order(self.shape.pits).collect(),
            };
            let mut order = order.into_iter().peekable();
            while left >= full_pit
                && let Some(pit) = order.next()
            {
                let index = self.shape.pit(side, Pit::new(pit));
                next.board.set(index, full_pit);
                next.open_pits |= 1 << index;
                left -= full_pit;
            }
            if rules.plan().rounds.partial_pit
                && loser == Some(side)
                && left > 0
                && let Some(&pit) = order.peek()
            {
                let index = self.shape.pit(side, Pit::new(pit));
                next.board.set(index, left);
                next.open_pits |= 1 << index;
                left = 0;
            }
            next.board.set(store, left);
        }
        next.round += 1;
        next.status = Status::Ongoing;
        next.ending = None;
        next.after_capture = false;
        next.to_move = match (rules.plan().rounds.next_starter, self.outcome()) {
            (NextStarter::TookRemaining, _) => match (took_remaining, self.ending) {
                (Some(taker), _) => taker,
                // No one took the rest (§8.3): who did not begin, begins.
                (None, Some(Ending::Repetition)) => self.round_starter.other(),
                (None, _) => self.to_move,
            },
            (NextStarter::Winner, Some(Outcome::Win(winner))) => winner,
            (NextStarter::Loser, Some(Outcome::Win(winner))) => winner.other(),
            // Turn about; and after a draw, the player who did not start
            // the round.
            (NextStarter::Alternate | NextStarter::Winner | NextStarter::Loser, _) => {
                self.round_starter.other()
            }
        };
        next.round_starter = starter_kept(rules, next.to_move);
        next.start_turn(rules, &mut NoTrace);
        next
    }

    /// Territory rounds' refill (rules.md §12): every pit full again, the
    /// stores empty, and the round's winner owning as many pits as their
    /// seeds fill (one more above half a pit): their own row, then the
    /// loser's from pit 1 on (counter-clockwise from the winner's pit n). A
    /// drawn round leaves each player their row.
    fn territory_refill(&mut self, rules: &Rules) {
        let full = u16::from(rules.seeds_per_pit());
        let winner = match self.outcome() {
            Some(Outcome::Win(winner)) => Some(winner),
            _ => None,
        };
        let won = winner.map_or(0, |w| {
            rules
                .plan()
                .rounds
                .pits_won(self.store(w), rules.seeds_per_pit())
        });
        for side in Side::BOTH {
            for pit in Pit::all(self.shape.pits) {
                let index = self.shape.pit(side, pit);
                self.board.set(index, full);
                self.open_pits |= 1 << index;
            }
            self.board.set(self.shape.store(side), 0);
        }
        self.crossed = 0;
        // Owned pits (Gabata's wegs) last a round.
        self.owned = crate::engine::ground::BySide::new(0, 0);
        if let Some(winner) = winner {
            let across = won.saturating_sub(u16::from(self.shape.pits));
            let taken = Pit::all(self.shape.pits)
                .take(usize::from(across))
                .fold(0u64, |bits, pit| {
                    bits | 1 << self.shape.pit(winner.other(), pit)
                });
            self.crossed = self.shape.pits_of(taken);
        }
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
                next.finish_leaving_rest(rules, Ending::Agreed, &mut NoTrace);
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
