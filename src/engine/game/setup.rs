//! Setting up a position: the start of a match, and positions made by hand
//! (for tests, puzzles and analysis).

use super::Position;
use crate::engine::board::{Board, indices};
use crate::engine::ground::Pit;
use crate::engine::ground::{BySide, Side};
use crate::engine::mechanics::Marks;
use crate::engine::rules::{NextStarter, Rounds, Rules, SeedsIn};
use crate::engine::status::Status;
use crate::engine::trace::NoTrace;

/// Why a hand-made position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{side} has {given} pits but the board has {pits} a side")]
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
    #[error(
        "{side}'s pit {pit} is owned with its seeds kept, but these rules keep no seeds in \
         owned pits"
    )]
    KeptPit { side: Side, pit: Pit },
    #[error(
        "{side}'s pit {pit} is written as won by the player across, which only territory \
         rounds (`match.refill = \"territory\"`) have"
    )]
    WonPit { side: Side, pit: Pit },
}

/// A pit of a position set up by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PitSetup {
    Seeds(u16),
    /// Out of play this round.
    Closed,
    /// Owned by the player across (a tuzdyk): it holds no seeds.
    Owned,
    /// Owned by `owner`, on either row, keeping the seeds sown into it.
    Kept {
        owner: Side,
        seeds: u16,
    },
    /// Won for the round by the player across, holding `seeds`
    /// (territory rounds, rules.md §12: `4o`).
    Won(u16),
}

/// The round's starter as a position keeps it: only where it decides who
/// starts the next round (after a draw, where the winner or the loser
/// starts), so that positions alike in all else are equal.
pub(super) fn starter_kept(rules: &Rules, starter: Side) -> Side {
    if keeps_starter(rules) {
        starter
    } else {
        Side::South
    }
}

/// Whether the round's starter decides who starts the next: after a draw,
/// or, in a match, after a repetition where no one took the remaining seeds.
fn keeps_starter(rules: &Rules) -> bool {
    match rules.plan().rounds.next_starter {
        NextStarter::Winner | NextStarter::Loser | NextStarter::Alternate => true,
        NextStarter::TookRemaining => {
            rules.plan().goal.repetition && rules.plan().rounds.rounds == Rounds::Many
        }
    }
}

impl Position {
    /// This position with the player to move making the one more move a
    /// capture gave them (for positions set up by hand); `None` where the
    /// rules give no such move or no one is to move.
    #[must_use]
    pub fn with_move_after_capture(mut self, rules: &Rules) -> Option<Position> {
        if !rules.plan().extra_turn.after_capture || self.status != Status::Ongoing {
            return None;
        }
        self.after_capture = true;
        Some(self)
    }

    /// The start of a match: every pit full, `first` to move.
    #[must_use]
    pub fn new(rules: &Rules, first: Side) -> Position {
        let shape = rules.shape();
        let mut board = Board::EMPTY;
        let filled = match rules.board().seeds_in {
            SeedsIn::EveryPit => shape.pits_mask(),
            SeedsIn::FrontRows => shape.front_mask(Side::South) | shape.front_mask(Side::North),
        };
        for index in indices(filled) {
            board.set(index, u16::from(rules.seeds_per_pit()));
        }
        if let Some(start) = rules.board().start.as_ref() {
            let pits = usize::from(shape.pits);
            for side in Side::BOTH {
                let counts = start.front[..pits].iter().chain(&start.back[..pits]);
                for (number, &seeds) in (1..).zip(counts) {
                    board.set(shape.pit(side, Pit::new(number)), u16::from(seeds));
                }
            }
        }
        for side in Side::BOTH {
            board.set(shape.store(side), u16::from(rules.board().in_hand));
        }
        let nyumba = rules.plan().front_across.and_then(|front| front.nyumba);
        let marks = Marks::new(nyumba.map(|nyumba| nyumba.pit));
        let mut position = Position {
            board,
            shape,
            open_pits: shape.pits_mask(),
            owned: BySide::new(0, 0),
            crossed: 0,
            to_move: first,
            after_capture: false,
            round_starter: starter_kept(rules, first),
            round: 1,
            status: Status::Ongoing,
            ending: None,
            ply: 0,
            marks,
        };
        position.start_turn(rules, &mut NoTrace);
        position
    }

    /// This position with `rows` (South's, then North's, pit 1 first) in
    /// its pits, nothing in the stores, `to_move` to move and the turn's
    /// checks made: the step of an endgame table, which walks every board of
    /// rules whose positions are their counts alone (`crate::ai::tables`).
    #[must_use]
    pub(crate) fn with_counts(&self, rules: &Rules, rows: [&[u8]; 2], to_move: Side) -> Position {
        let mut position = *self;
        position.board = Board::EMPTY;
        for (side, row) in Side::BOTH.into_iter().zip(rows) {
            for (number, &seeds) in (1..).zip(row) {
                let index = position.shape.pit(side, Pit::new(number));
                position.board.set(index, u16::from(seeds));
            }
        }
        position.to_move = to_move;
        position.status = Status::Ongoing;
        position.ending = None;
        position.start_turn(rules, &mut NoTrace);
        position
    }

    /// This position with `ply` plies played (for positions set up by hand
    /// where the rules count plies); `None` past the plies they count.
    #[must_use]
    pub fn with_ply(mut self, rules: &Rules, ply: u8) -> Option<Position> {
        if u16::from(ply) > rules.plies_counted() {
            return None;
        }
        self.ply = ply;
        Some(self)
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
        position.open_pits = position.shape.pits_mask();
        position.status = Status::Ongoing;
        position.ending = None;
        position.round = round.max(1);
        position.round_starter = starter_kept(rules, round_starter.unwrap_or(to_move));
        let (rows, stores) = (BySide::from(rows), stores.into());
        for side in Side::BOTH {
            let row = rows[side];
            let pits = position.shape.pits_per_side();
            if row.len() != usize::from(pits) {
                return Err(SetupError::RowLength {
                    side,
                    given: row.len(),
                    pits,
                });
            }
            for (pit, &setup) in Pit::all(pits).zip(row) {
                let index = position.shape.pit(side, pit);
                match setup {
                    PitSetup::Seeds(count) => position.board.set(index, count),
                    // Pits close only when a new round cannot fill them.
                    PitSetup::Closed if rules.plan().rounds.rounds == Rounds::Single => {
                        return Err(SetupError::ClosedPit { side, pit });
                    }
                    PitSetup::Closed => position.open_pits &= !(1u64 << index),
                    PitSetup::Owned => {
                        let owner = side.other();
                        let plan = rules.plan();
                        let allowed = plan.owned_pits.is_some_and(|owned| {
                            owned.tuzdyk_may_be_at(position.shape, plan.ways, pit)
                        });
                        if !allowed || position.owned_by(owner) != 0 {
                            return Err(SetupError::OwnedPit { side, pit });
                        }
                        position.own(owner, 1 << index);
                    }
                    PitSetup::Won(seeds) => {
                        if rules.plan().rounds.territory_goal.is_none() {
                            return Err(SetupError::WonPit { side, pit });
                        }
                        position.crossed |= position.shape.pits_of(1 << index);
                        position.board.set(index, seeds);
                    }
                    PitSetup::Kept { owner, seeds } => {
                        if !rules
                            .plan()
                            .owned_pits
                            .is_some_and(super::super::mechanics::owned_pits::OwnedPits::keep_seeds)
                        {
                            return Err(SetupError::KeptPit { side, pit });
                        }
                        position.own(owner, 1 << index);
                        position.board.set(index, seeds);
                        // In territory rounds a weg is made only in a pit
                        // the opponent owns: one on its maker's own row
                        // stands in a pit won across.
                        if owner == side && rules.plan().rounds.territory_goal.is_some() {
                            position.crossed |= position.shape.pits_of(1 << index);
                        }
                    }
                }
            }
            position.board.set(position.shape.store(side), stores[side]);
        }
        // Owned pits on the two rows stand together only as the rules
        // allow (§7.1, §13.9); pits owned in facing pairs may (the middle
        // pits of an odd row face each other).
        if let Some(owned) = rules
            .plan()
            .owned_pits
            .filter(|o| o.count.is_some() && o.pair_across.is_none())
        {
            let all = || Pit::all(position.shape.pits_per_side());
            let owned_on = |side| all().filter(move |&pit| position.owner_of(side, pit).is_some());
            for on_north in owned_on(Side::North) {
                let clash = owned_on(Side::South).any(|on_south| {
                    !owned.owned_may_stand_together(position.shape, on_north, on_south)
                });
                if clash {
                    return Err(SetupError::OwnedPit {
                        side: Side::North,
                        pit: on_north,
                    });
                }
            }
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
    pub fn pit_setup(&self, rules: &Rules, side: Side, pit: Pit) -> PitSetup {
        if self.is_closed(side, pit) {
            PitSetup::Closed
        } else if self.round_owner(side, pit) != side && self.owner_of(side, pit).is_none() {
            // (A weg in a pit won across is written as the weg: its owner
            // is the pit's other player, which says who won the pit.)
            PitSetup::Won(self.pit(side, pit))
        } else if let Some(owner) = self.owner_of(side, pit) {
            if rules
                .plan()
                .owned_pits
                .is_some_and(super::super::mechanics::owned_pits::OwnedPits::keep_seeds)
            {
                PitSetup::Kept {
                    owner,
                    seeds: self.pit(side, pit),
                }
            } else {
                PitSetup::Owned
            }
        } else {
            PitSetup::Seeds(self.pit(side, pit))
        }
    }

    /// Who began the round, where that decides who starts the next one.
    #[must_use]
    pub fn round_starter(&self, rules: &Rules) -> Option<Side> {
        keeps_starter(rules).then_some(self.round_starter)
    }
}
