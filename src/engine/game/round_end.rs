//! The end of a round, however it came: the seeds left on the board going
//! to their takers, and the status that says whether another round follows.
//! When a round ends is the goal's to say ([`crate::engine::mechanics::goal`]).

use super::Position;
use crate::engine::board::indices;
use crate::engine::ground::{BySide, Side};
use crate::engine::mechanics::rounds::Rounds;
use crate::engine::rules::Rules;
use crate::engine::status::{Ending, Status};
use crate::engine::trace::{Event, Observer};

impl Position {
    /// Moves every seed of `row` into `taker`'s store, but those of a pit
    /// owned with its seeds kept into its owner's; adds what each store got
    /// to `swept`.
    pub(in crate::engine) fn sweep_row(&mut self, row: Side, taker: Side, swept: &mut BySide<u16>) {
        self.sweep_row_to(row, Some(taker), swept);
    }

    /// [`Position::sweep_row`], or, with no taker, every seed of `row` but
    /// those of owned pits taken off the board into no store.
    pub(in crate::engine) fn sweep_row_to(
        &mut self,
        row: Side,
        taker: Option<Side>,
        swept: &mut BySide<u16>,
    ) {
        self.sweep_pits_to(self.shape.side_mask(row), taker, swept);
    }

    /// [`Position::sweep_row_to`] for the pits of track bits `pits`.
    pub(in crate::engine) fn sweep_pits_to(
        &mut self,
        pits: u64,
        taker: Option<Side>,
        swept: &mut BySide<u16>,
    ) {
        for index in indices(pits) {
            let bit = 1u64 << index;
            let owner = Side::BOTH
                .into_iter()
                .find(|&owner| self.owned_by(owner) & bit != 0);
            let count = self.board.take(index);
            if let Some(to) = owner.or(taker) {
                self.board.add(self.shape.store(to), count);
                swept[to] += count;
            }
        }
    }

    pub(in crate::engine) fn finish_round<O: Observer>(
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
        let rounds = rules.plan().rounds;
        let fewest = rounds.fewest_seeds(rules.seeds_per_pit());
        let last_round = rounds.rounds == Rounds::Single
            || match rounds.territory_goal {
                // Over when the winner would own the goal's pits (§12).
                Some(goal) => Side::BOTH.iter().any(|&side| {
                    self.store(side) > self.store(side.other())
                        && rounds.pits_won(self.store(side), rules.seeds_per_pit())
                            >= u16::from(goal)
                }),
                None => Side::BOTH.iter().any(|&side| self.store(side) < fewest),
            };
        self.status = if last_round {
            Status::MatchOver { took_remaining }
        } else {
            Status::RoundOver { took_remaining }
        };
    }
}
