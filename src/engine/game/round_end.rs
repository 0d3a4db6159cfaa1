//! The end of a round: the checks made whenever a player is about to move
//! (a row empty, more than half the seeds, a player stuck or passing), and
//! the seeds left on the board going to their takers.

use super::Position;
use crate::engine::board::indices;
use crate::engine::ground::{BySide, Side};
use crate::engine::rules::{EndsWhen, RestGoesTo, Rounds, Rules};
use crate::engine::status::{Ending, Status};
use crate::engine::trace::{Event, Observer};

impl Position {
    /// The round-end checks made whenever a player is about to move.
    pub(super) fn start_turn<O: Observer>(&mut self, rules: &Rules, obs: &mut O) {
        // A row is empty when it holds no seeds but in owned pits (which
        // keep theirs where the rules say, and are never played).
        let seeded = if rules.shortcuts().sows_plainly {
            self.board.filled()
        } else {
            self.board.filled() & !self.owned_mask()
        };
        let mover_row_empty = seeded & self.shape.side_mask(self.to_move) == 0;
        let other_row_empty = seeded & self.shape.side_mask(self.to_move.other()) == 0;
        let side_empty = rules.plan().goal.ends_when == EndsWhen::RowEmpty
            && (mover_row_empty || other_row_empty);
        // Unless the rules say a player with seeds may be stuck, or the move
        // must feed an empty row, any seed on the mover's row is a legal move.
        let maybe_stuck = mover_row_empty
            || rules.shortcuts().stuck_with_seeds
            || (rules.plan().playable.must_feed && other_row_empty);
        if side_empty {
            let emptier = match (mover_row_empty, other_row_empty) {
                (true, false) => Some(self.to_move),
                (false, true) => Some(self.to_move.other()),
                _ => None,
            };
            match emptier.filter(|_| rules.plan().goal.rest_goes_to == RestGoesTo::Emptier) {
                // The player whose row is empty takes the other row.
                Some(taker) => {
                    let mut swept = BySide::new(0, 0);
                    self.sweep_row(taker.other(), taker, &mut swept);
                    self.finish_round(rules, Some(taker), swept, Ending::RowEmpty, obs);
                }
                None => self.finish_keeping_rows(rules, Ending::RowEmpty, obs),
            }
        } else if rules.plan().goal.more_than_half && self.has_more_than_half(rules) {
            self.finish_keeping_rows(rules, Ending::MoreThanHalf, obs);
        } else if maybe_stuck && self.is_stuck(rules, self.to_move) {
            if rules.plan().goal.passing() {
                if self.is_stuck(rules, self.to_move.other()) {
                    self.finish_keeping_rows(rules, Ending::NeitherCanMove, obs);
                } else {
                    obs.record(Event::Pass { side: self.to_move });
                    self.to_move = self.to_move.other();
                    self.after_capture = false;
                }
            } else if rules.plan().goal.stuck_player_loses {
                self.finish_won(self.to_move.other(), obs);
            } else if rules.plan().goal.ends_when == EndsWhen::NoMove
                && rules.plan().goal.rest_goes_to == RestGoesTo::RowOwner
            {
                self.finish_keeping_rows(rules, Ending::NoMove, obs);
            } else {
                // Stuck (and, where a round ends when a row is empty, a
                // player whose every pit would never end): the other
                // player takes the rest (docs/rules.md §3).
                let taker = self.to_move.other();
                let mut swept = BySide::new(0, 0);
                for side in Side::BOTH {
                    self.sweep_row(side, taker, &mut swept);
                }
                self.finish_round(rules, Some(taker), swept, Ending::NoMove, obs);
            }
        }
    }

    /// Ends the game with `winner` winning, the seeds left where they lie,
    /// where the player who cannot move loses (§10): the ending is
    /// [`Ending::CannotMove`], and the winner is kept as the player "to
    /// move" of the finished game, which [`Position::outcome`] reads.
    #[cold]
    #[inline(never)]
    pub(super) fn finish_won<O: Observer>(&mut self, winner: Side, obs: &mut O) {
        self.finish_won_by(winner, Ending::CannotMove, obs);
    }

    /// [`Position::finish_won`] for the reason `ending` (one where the
    /// seeds stay where they lie and the winner is kept as the player to
    /// move).
    #[cold]
    #[inline(never)]
    pub(super) fn finish_won_by<O: Observer>(&mut self, winner: Side, ending: Ending, obs: &mut O) {
        obs.record(Event::RoundEnd {
            took_remaining: None,
            swept: BySide::new(0, 0),
            ending,
            winner: Some(winner),
        });
        self.ending = Some(ending);
        self.to_move = winner;
        self.status = Status::MatchOver {
            took_remaining: None,
        };
    }

    /// Whether `side` has no pit it may play, or (where the rules say so)
    /// only the two-seed leapfrog (§10.5): judged after captures and at the
    /// end of a move, where the player who cannot move loses.
    pub(super) fn cannot_move(&self, rules: &Rules, side: Side) -> bool {
        let playable = self.open_pits & !self.owned_mask();
        crate::engine::sow::cannot_move(&self.board, self.shape, rules, playable, side)
    }

    /// After a move that took a group while sowing: when 1 to the rules'
    /// count of seeds are left on the board, `taker` (who took the move's
    /// last group) takes them and the round is over. Gives whether it did.
    pub(super) fn leftover_to_capturer<O: Observer>(
        &mut self,
        rules: &Rules,
        taker: Side,
        obs: &mut O,
    ) -> bool {
        let most = rules
            .plan()
            .while_sowing
            .map_or(0, |w| w.leftover_to_capturer);
        let left: u16 = indices(self.shape.pits_mask())
            .map(|index| self.board.get(index))
            .sum();
        if most == 0 || left == 0 || left > most {
            return false;
        }
        let mut swept = BySide::new(0, 0);
        for side in Side::BOTH {
            self.sweep_row(side, taker, &mut swept);
        }
        self.finish_round(rules, Some(taker), swept, Ending::LastSeeds, obs);
        true
    }

    /// A store holds more than half of all seeds, or both hold exactly half.
    pub(super) fn has_more_than_half(&self, rules: &Rules) -> bool {
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
    pub(super) fn finish_keeping_rows<O: Observer>(
        &mut self,
        rules: &Rules,
        ending: Ending,
        obs: &mut O,
    ) {
        let mut swept = BySide::new(0, 0);
        for side in Side::BOTH {
            self.sweep_row(side, side, &mut swept);
        }
        self.finish_round(rules, None, swept, ending, obs);
    }

    /// Moves every seed of `row` into `taker`'s store, but those of a pit
    /// owned with its seeds kept into its owner's; adds what each store got
    /// to `swept`.
    pub(super) fn sweep_row(&mut self, row: Side, taker: Side, swept: &mut BySide<u16>) {
        for index in indices(self.shape.side_mask(row)) {
            let bit = 1u64 << index;
            let to = Side::BOTH
                .into_iter()
                .find(|&owner| self.owned_by(owner) & bit != 0)
                .unwrap_or(taker);
            let count = self.board.take(index);
            self.board.add(self.shape.store(to), count);
            swept[to] += count;
        }
    }

    pub(super) fn finish_round<O: Observer>(
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
            winner: None,
        });
        self.ending = Some(ending);
        let full_pit = u16::from(rules.seeds_per_pit());
        let last_round = rules.plan().rounds.rounds == Rounds::Single
            || Side::BOTH.iter().any(|&side| self.store(side) < full_pit);
        self.status = if last_round {
            Status::MatchOver { took_remaining }
        } else {
            Status::RoundOver { took_remaining }
        };
    }
}
