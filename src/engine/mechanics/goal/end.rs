//! The goal's part of the turn: the checks made whenever a player is about
//! to move (a row empty, more than half the seeds, a player stuck or
//! passing), the end of a game the player who cannot move loses, and the
//! end by repetition, each with the seeds left going where the goal says.

use crate::engine::board::{Board, indices, next_on};
use crate::engine::game::Position;
use crate::engine::ground::{BySide, Side};
use crate::engine::mechanics::Goal;
use crate::engine::mechanics::goal::{EndsWhen, RepetitionRest, RestGoesTo};
use crate::engine::rules::Rules;
use crate::engine::shape::Shape;
use crate::engine::sow::TurnEnd;
use crate::engine::status::{Ending, Status};
use crate::engine::trace::{Event, Observer};

impl Position {
    /// The round-end checks made whenever a player is about to move.
    pub(in crate::engine) fn start_turn<O: Observer>(&mut self, rules: &Rules, obs: &mut O) {
        // A row is empty when it holds no seeds but in owned pits (which
        // keep theirs where the rules say, and are never played).
        let (seeded, mine, theirs) = if rules.shortcuts().sows_plainly {
            let shape = self.shape;
            (
                self.board.filled(),
                shape.side_mask(self.to_move),
                shape.side_mask(self.to_move.other()),
            )
        } else {
            (
                self.board.filled() & !self.owned_mask(),
                self.territory(self.to_move),
                self.territory(self.to_move.other()),
            )
        };
        let mover_row_empty = seeded & mine == 0;
        let other_row_empty = seeded & theirs == 0;
        let side_empty = rules.plan().goal.ends_when == EndsWhen::RowEmpty
            && (mover_row_empty || other_row_empty);
        // Unless the rules say a player with seeds may be stuck, or the move
        // must feed an empty row, any seed on the mover's row is a legal move.
        let maybe_stuck = mover_row_empty
            || rules.shortcuts().stuck_with_seeds
            || (rules.plan().playable.must_feed && other_row_empty);
        // Most turns go on: what ends them is out of their way.
        if side_empty
            || maybe_stuck
            || (rules.plan().goal.more_than_half && self.has_more_than_half(rules))
        {
            self.end_or_pass(
                rules,
                (side_empty, maybe_stuck),
                (mover_row_empty, other_row_empty),
                obs,
            );
        }
    }

    /// [`Position::start_turn`]'s ends: a row empty, more than half the
    /// seeds, a player stuck or passing.
    #[cold]
    #[inline(never)]
    fn end_or_pass<O: Observer>(
        &mut self,
        rules: &Rules,
        (side_empty, maybe_stuck): (bool, bool),
        (mover_row_empty, other_row_empty): (bool, bool),
        obs: &mut O,
    ) {
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
                None => self.finish_leaving_rest(rules, Ending::RowEmpty, obs),
            }
        } else if rules.plan().goal.more_than_half && self.has_more_than_half(rules) {
            self.finish_leaving_rest(rules, Ending::MoreThanHalf, obs);
        } else if maybe_stuck && self.is_stuck(rules, self.to_move) {
            if rules.plan().goal.passing() {
                if self.is_stuck(rules, self.to_move.other()) {
                    match self.unfed(rules) {
                        Some(unfed) => self.finish_to(rules, unfed, Ending::NeitherCanMove, obs),
                        None => self.finish_leaving_rest(rules, Ending::NeitherCanMove, obs),
                    }
                } else {
                    obs.record(Event::Pass { side: self.to_move });
                    self.to_move = self.to_move.other();
                    self.after_capture = false;
                }
            } else if rules.plan().goal.stuck_player_loses {
                self.finish_won(self.to_move.other(), obs);
            } else if rules.plan().goal.rest_goes_to == RestGoesTo::Nobody
                || (rules.plan().goal.ends_when == EndsWhen::NoMove
                    && rules.plan().goal.rest_goes_to == RestGoesTo::RowOwner)
            {
                self.finish_leaving_rest(rules, Ending::NoMove, obs);
            } else {
                // Stuck (and, where a round ends when a row is empty, a
                // player whose every pit would never end): the other
                // player takes the rest (docs/rules.md §3).
                self.finish_to(rules, self.to_move.other(), Ending::NoMove, obs);
            }
        }
    }

    /// Ends the game with `winner` winning, the seeds left where they lie,
    /// where the player who cannot move loses (§10): the ending is
    /// [`Ending::CannotMove`], and the winner is kept as the player "to
    /// move" of the finished game, which [`Position::outcome`] reads.
    #[cold]
    #[inline(never)]
    pub(in crate::engine) fn finish_won<O: Observer>(&mut self, winner: Side, obs: &mut O) {
        self.finish_won_by(winner, Ending::CannotMove, obs);
    }

    /// [`Position::finish_won`] for the reason `ending` (one where the
    /// seeds stay where they lie and the winner is kept as the player to
    /// move).
    #[cold]
    #[inline(never)]
    pub(in crate::engine) fn finish_won_by<O: Observer>(
        &mut self,
        winner: Side,
        ending: Ending,
        obs: &mut O,
    ) {
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
    pub(in crate::engine) fn cannot_move(&self, rules: &Rules, side: Side) -> bool {
        let playable = self.open_pits & !self.owned_mask();
        cannot_move(&self.board, self.shape, rules, playable, side)
    }

    /// Whether `side`'s only seeds would leapfrog for ever, where the rules
    /// count that as no move (§10.5).
    pub(in crate::engine) fn leapfrogs_for_ever(&self, rules: &Rules, side: Side) -> bool {
        rules.plan().goal.leapfrog_is_stuck && self.cannot_move(rules, side)
    }

    /// Where the player who cannot move loses (§10), the end of `mover`'s
    /// move that ended as `end` in `self` (the position it made): a
    /// capture that left the opponent so wins at once (`end.won`), a move
    /// that left its own mover so loses; where the front pit across is
    /// captured, an emptied front row is what loses (§10.2). Gives whether
    /// the game is over.
    pub(in crate::engine) fn end_by_moving<O: Observer>(
        &mut self,
        rules: &Rules,
        mover: Side,
        end: &TurnEnd,
        obs: &mut O,
    ) -> bool {
        let goal = rules.plan().goal;
        if !goal.stuck_player_loses {
            return false;
        }
        let ending = if goal.front_row_empty_loses {
            Ending::FrontRowEmpty
        } else {
            Ending::CannotMove
        };
        if end.won {
            self.finish_won_by(mover, ending, obs);
            return true;
        }
        let lost = if goal.front_row_empty_loses {
            self.board.filled() & self.shape.front_mask(mover) == 0
        } else {
            self.cannot_move(rules, mover)
        };
        if lost {
            self.finish_won_by(mover.other(), ending, obs);
        }
        lost
    }
}

impl Position {
    /// A store holds more than half of all seeds, or both hold exactly half.
    pub(in crate::engine) fn has_more_than_half(&self, rules: &Rules) -> bool {
        let total = rules.total_seeds();
        let stores = Side::BOTH.map(|side| self.store(side));
        stores.iter().any(|&s| 2 * s > total) || stores.iter().all(|&s| 2 * s == total)
    }

    /// Ends the round because this position repeats one seen since the last
    /// capture (the caller keeps those: see [`crate::engine::History`]), the
    /// seeds left going where the goal says.
    #[must_use]
    pub fn end_by_repetition<O: Observer>(&self, rules: &Rules, obs: &mut O) -> Position {
        let mut next = *self;
        if next.status == Status::Ongoing {
            next.finish_leaving_rest(rules, Ending::Repetition, obs);
        }
        next
    }

    /// Ends the round with `taker` taking every seed left on the board (but
    /// those of pits owned with their seeds kept, their owners').
    fn finish_to<O: Observer>(&mut self, rules: &Rules, taker: Side, ending: Ending, obs: &mut O) {
        let mut swept = BySide::new(0, 0);
        for side in Side::BOTH {
            self.sweep_row(side, taker, &mut swept);
        }
        self.finish_round(rules, Some(taker), swept, ending, obs);
    }

    /// Where the rest goes to the unfed player (§13.12) and neither can
    /// move: the player whose row is empty, if only one row is.
    fn unfed(&self, rules: &Rules) -> Option<Side> {
        if rules.plan().goal.rest_goes_to != RestGoesTo::Unfed {
            return None;
        }
        let seeded = self.board.filled() & !self.owned_mask();
        let empty = |side| seeded & self.territory(side) == 0;
        match (empty(Side::South), empty(Side::North)) {
            (true, false) => Some(Side::South),
            (false, true) => Some(Side::North),
            _ => None,
        }
    }

    /// Ends the round with the seeds left where no player takes them all:
    /// each player adds the seeds on their own row to their store, or, where
    /// the rest goes to no one (§13), they are taken off the board and put
    /// in no store. The seeds of pits owned with their seeds kept are their
    /// owners' either way.
    pub(in crate::engine) fn finish_leaving_rest<O: Observer>(
        &mut self,
        rules: &Rules,
        ending: Ending,
        obs: &mut O,
    ) {
        let mut swept = BySide::new(0, 0);
        let goal = rules.plan().goal;
        let divided =
            ending == Ending::Repetition && goal.repetition_rest == RepetitionRest::Divided;
        for side in Side::BOTH {
            match goal.rest_goes_to {
                RestGoesTo::Nobody => self.sweep_row_to(side, None, &mut swept),
                _ if divided => self.sweep_row_to(side, None, &mut swept),
                // Each pit to its owner: in territory rounds, the pits won.
                _ => self.sweep_pits_to(self.territory(side), Some(side), &mut swept),
            }
        }
        if divided {
            // Halved between the players, an odd seed to no one (§13.12);
            // what owned pits kept went to their owners already.
            let left = rules.total_seeds() - u16::try_from(self.total_seeds()).unwrap_or(0);
            for side in Side::BOTH {
                self.board.add(self.shape.store(side), left / 2);
                swept[side] += left / 2;
            }
        }
        self.finish_round(rules, None, swept, ending, obs);
    }
}

impl Goal {
    /// Whether a capture just made on `board` has won the game: where the
    /// player who cannot move loses, it left `opponent` unable to move.
    pub(crate) fn capture_wins(
        self,
        board: &Board,
        shape: &Shape,
        rules: &Rules,
        playable: u64,
        opponent: Side,
    ) -> bool {
        self.stuck_player_loses && cannot_move(board, shape, rules, playable, opponent)
    }
}

/// Whether `side` cannot move: no pit among `playable` holding the seeds a
/// move needs, or (where the rules say so) only a pit of two followed,
/// along the way of sowing, by a pit of one and nothing else, which would
/// leapfrog for ever (§10.5).
fn cannot_move(board: &Board, shape: &Shape, rules: &Rules, playable: u64, side: Side) -> bool {
    let seeded = board.filled() & playable & shape.side_mask(side);
    let movable = indices(seeded)
        .filter(|&index| board.get(index) >= rules.plan().playable.min_seeds)
        .fold(0u64, |bits, index| bits | (1 << index));
    if movable == 0 {
        return true;
    }
    if !rules.plan().goal.leapfrog_is_stuck || movable.count_ones() != 1 || seeded.count_ones() != 2
    {
        return false;
    }
    let two = movable.trailing_zeros() as usize;
    let next = next_on(shape.loop_mask(side) & playable, two);
    board.get(two) == 2 && board.get(next) == 1
}
