//! The position: every count, closed and owned pits, who moves, the round
//! and whether it is over, and what can be read off it. Its other jobs each
//! have a file: setting one up ([`setup`]), its key ([`hash`]), legality
//! and play ([`play`]), the end of a round ([`round_end`]), and the refill
//! and the match's end ([`refill`]).

mod hash;
mod play;
mod refill;
mod round_end;
mod setup;

use super::board::{Board, Place};
use super::ground::Pit;
use super::ground::{BySide, Side};
use super::mechanics::goal::Tally;
use super::moves::Move;
use super::shape::Shape;
use super::status::{Ending, Outcome, Status};

pub use play::PlayError;
pub use refill::RoundError;
pub use setup::{PitSetup, SetupError};

/// A position in a match: every count, closed pits, who moves, the round and
/// whether it is over. It is small and `Copy`, so playing a move makes a new one.
/// The rules it was made with must be passed to every method that plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(in crate::engine) board: Board,
    pub(in crate::engine) shape: &'static Shape,
    /// Bits (by track index) of the pits in play; closed pits are clear.
    pub(in crate::engine) open_pits: u64,
    /// The pits each player (South, North) owns, as [`Shape::pits_of`]
    /// packs them (half the room of track bits: a position is copied at
    /// every move). A tuzdyk lies on the other player's row and holds no
    /// seeds; pits that keep their seeds may lie on either row.
    pub(in crate::engine) owned: BySide<u32>,
    /// In territory rounds (rules.md §12), the pits owned by the player of
    /// the other row, packed as [`Shape::pits_of`] packs them: South's pits
    /// North owns, and North's South owns. The owner alone plays them and
    /// takes their seeds.
    pub(in crate::engine) crossed: u32,
    pub(in crate::engine) to_move: Side,
    /// The player to move is making the one more move a capture gave them
    /// (which gives no further one).
    pub(in crate::engine) after_capture: bool,
    /// Who made the round's first move (the next round's starter after a
    /// draw, where the winner starts the next).
    pub(in crate::engine) round_starter: Side,
    pub(in crate::engine) round: u16,
    pub(in crate::engine) status: Status,
    /// Why the round ended, once it has.
    pub(in crate::engine) ending: Option<Ending>,
    /// Plies played, counted only up to [`crate::engine::Rules::plies_counted`]
    /// (where a capture or a reversal opens at a ply), so that later
    /// positions alike in all else are equal.
    pub(in crate::engine) ply: u8,
    /// Bao's nyumba owned and pit blocked (§10.4); nothing elsewhere.
    pub(in crate::engine) marks: super::mechanics::Marks,
}

impl Position {
    /// The board's shape: what lies where, as drawn and as sown.
    #[must_use]
    pub(crate) fn shape(&self) -> &'static Shape {
        self.shape
    }

    /// Pits per row.
    #[must_use]
    pub fn pit_count(&self) -> u8 {
        self.shape.pits
    }

    /// Seeds in a place.
    #[must_use]
    pub fn seeds(&self, place: Place) -> u16 {
        self.board.get(self.shape.index(place))
    }

    /// Plies played, where the rules count them (see
    /// [`crate::engine::Rules::plies_counted`]); 0 elsewhere.
    #[must_use]
    pub fn ply(&self) -> u8 {
        self.ply
    }

    /// Rows of pits on the board: 2 or 4.
    #[must_use]
    pub fn row_count(&self) -> u8 {
        self.shape.rows
    }

    /// How many pits each player has: one row or two.
    #[must_use]
    pub fn pits_per_side(&self) -> u8 {
        self.shape.pits_per_side()
    }

    /// The pit of the mover's side a move empties (numbered as the side
    /// counts its pits: `b3` is pit n+3 of four rows), if this board has it.
    #[must_use]
    pub fn pit_of_move(&self, played: Move) -> Option<Pit> {
        self.shape
            .named_pit(played.row(), played.pit())
            .or_else(|| {
                // Pit n + k, a pit won across (territory rounds, rules.md §12),
                // is named so.
                let number = played.pit().number();
                (self.crossed != 0 && number > self.shape.pits && number <= 2 * self.shape.pits)
                    .then_some(played.pit())
            })
    }

    /// The move that sows a side's pit, named as this board names it
    /// (`3`, or `f3`/`b3` on four rows), without a way.
    #[must_use]
    pub fn move_at(&self, pit: Pit) -> Move {
        let (row, number) = self.shape.named(pit);
        Move::in_row(row, number)
    }

    /// Seeds in pit `pit` (1..=n) of `side`.
    #[must_use]
    pub fn pit(&self, side: Side, pit: Pit) -> u16 {
        self.board.get(self.shape.pit(side, pit))
    }

    /// One side's counts, pit 1 first (on four rows the front row, then
    /// the back row).
    #[must_use]
    pub fn row(&self, side: Side) -> Vec<u16> {
        Pit::all(self.shape.pits_per_side())
            .map(|p| self.pit(side, p))
            .collect()
    }

    /// Seeds on one side's pits.
    #[must_use]
    pub fn row_total(&self, side: Side) -> u16 {
        self.shape
            .side_range(side)
            .map(|index| self.board.get(index))
            .sum()
    }

    /// Seeds in a player's store (or pile).
    #[must_use]
    pub fn store(&self, side: Side) -> u16 {
        self.board.get(self.shape.store(side))
    }

    /// The seeds a player's score is told in, as the rules' goal counts
    /// them (see [`crate::engine::mechanics::Goal::counted`]).
    #[must_use]
    pub fn counted(&self, rules: &super::Rules, side: Side) -> u16 {
        rules.plan().goal.counted(self.tally(side))
    }

    /// A player's seeds: in store, in the pits they own that keep their
    /// seeds, and in play (on their pits and in their hand).
    #[must_use]
    pub fn tally(&self, side: Side) -> Tally {
        Tally {
            store: self.store(side),
            owned: self.owned_seeds(side),
            // Seeds in hand are the player's still to play (Bao, §10.4).
            in_play: self.row_total(side) + self.hand(side),
        }
    }

    /// Seeds in the pits `side` owns (Gabata's wegs), which go to `side`
    /// at the end.
    #[must_use]
    pub fn owned_seeds(&self, side: Side) -> u16 {
        super::board::indices(self.owned_by(side))
            .map(|index| self.board.get(index))
            .sum()
    }

    /// Whether pit `pit` of `side` is out of play this round.
    #[must_use]
    pub fn is_closed(&self, side: Side, pit: Pit) -> bool {
        self.open_pits & (1 << self.shape.pit(side, pit)) == 0
    }

    /// One side's closed flags, pit 1 first.
    #[must_use]
    pub fn closed_row(&self, side: Side) -> Vec<bool> {
        Pit::all(self.shape.pits_per_side())
            .map(|p| self.is_closed(side, p))
            .collect()
    }

    /// The pits `side` owns, as places, in track order.
    pub fn owned_places(&self, side: Side) -> impl Iterator<Item = Place> + use<> {
        let shape = self.shape;
        super::board::indices(self.owned_by(side)).map(move |index| shape.place(index))
    }

    /// A pit `side` owns on the other player's row (a tuzdyk), if any.
    #[must_use]
    pub fn owned_pit(&self, side: Side) -> Option<Pit> {
        self.owned_places(side).find_map(|place| match place {
            Place::Pit(row, pit) if row != side => Some(pit),
            _ => None,
        })
    }

    /// Who owns pit `pit` of `side`'s row, if anyone does.
    #[must_use]
    pub fn owner_of(&self, side: Side, pit: Pit) -> Option<Side> {
        let bit = 1u64 << self.shape.pit(side, pit);
        Side::BOTH
            .into_iter()
            .find(|&owner| self.owned_by(owner) & bit != 0)
    }

    /// Bits of the owned pits of both players.
    #[inline]
    pub(in crate::engine) fn owned_mask(&self) -> u64 {
        self.shape.track_of(self.owned.south | self.owned.north)
    }

    /// Track bits of the pits `side` owns for the round: its own row's but
    /// those the other player won, and those of the other row it won
    /// (territory rounds, rules.md §12; elsewhere its row).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(in crate::engine) fn territory(&self, side: Side) -> u64 {
        if self.crossed == 0 {
            return self.shape.side_mask(side);
        }
        let crossed = self.shape.track_of(self.crossed);
        (self.shape.side_mask(side) & !crossed) | (self.shape.side_mask(side.other()) & crossed)
    }

    /// Who owns the pit at track index `index` for the round.
    #[must_use]
    pub(in crate::engine) fn pit_owner(&self, index: usize) -> Side {
        let row = self.shape.owner(index);
        if self.shape.track_of(self.crossed) & (1 << index) != 0 {
            row.other()
        } else {
            row
        }
    }

    /// How many pits `side` owns this round, on both rows (territory
    /// rounds; elsewhere its row).
    #[must_use]
    pub fn pits_held(&self, side: Side) -> u32 {
        self.territory(side).count_ones()
    }

    /// Who owns `side`'s pit `pit` this round: `side`, or in territory
    /// rounds the player who won it.
    #[must_use]
    pub fn round_owner(&self, side: Side, pit: Pit) -> Side {
        self.pit_owner(self.shape.pit(side, pit))
    }

    /// Bits (by track index) of the pits `side` owns.
    #[inline]
    pub(in crate::engine) fn owned_by(&self, side: Side) -> u64 {
        self.shape.track_of(self.owned[side])
    }

    /// `side` owns the pits of these track bits too.
    #[inline]
    pub(in crate::engine) fn own(&mut self, side: Side, track_bits: u64) {
        self.owned[side] |= self.shape.pits_of(track_bits);
    }

    /// Every seed on the board and in the stores.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        self.board.total()
    }

    /// Whether the player to move is making the one more move their
    /// capture gave them (it gives no further one).
    #[must_use]
    pub fn is_move_after_capture(&self) -> bool {
        self.after_capture && self.status == Status::Ongoing
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
    /// the match's winner), as the goal judges it: the player with more seeds
    /// in store, or the one who could still move.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        super::mechanics::goal::outcome(self)
    }

    /// Where the game was lost by being unable to move (or by an empty front
    /// row, Bao), its winner.
    #[must_use]
    pub fn won_by_moving(&self) -> Option<Side> {
        if self.status == Status::Ongoing {
            return None;
        }
        super::mechanics::goal::won_by_moving(self)
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
}
