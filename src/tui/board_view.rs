//! A board as drawn: the counts, closed and owned pits of a position, or of
//! a moment in a move as its events step it on.

use crate::engine::Tally;
use crate::engine::{BySide, MAX_PITS, Pit, Place, Places, Position, Rules, Shape, Side};

/// Counts and closed pits as drawn: a position, or a moment of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    shape: &'static Shape,
    /// Each side's counts, pit 1 first (on four rows, front then back).
    counts: BySide<[u16; MAX_PITS as usize]>,
    stores: BySide<u16>,
    closed: BySide<[bool; MAX_PITS as usize]>,
    /// Whose own each pit is (an owned pit, or tuzdyk), if anyone's.
    owners: BySide<[Option<Side>; MAX_PITS as usize]>,
    /// In territory rounds (rules.md §12), the pits won for the round by the
    /// player of the other row.
    won: BySide<[bool; MAX_PITS as usize]>,
    /// Bao's marks (§10.4): each side's nyumba while owned, and the pit
    /// blocked by takasia (with whether the move just played blocked it).
    nyumba: BySide<Option<Pit>>,
    blocked: Option<(Side, Pit, bool)>,
    /// The pit of the player to move that a lone seed may not leave this
    /// move (§13.6).
    barred: Option<(Side, Pit)>,
}

impl BoardView {
    #[must_use]
    pub fn of(position: &Position) -> BoardView {
        let mut view = BoardView {
            shape: position.shape(),
            counts: BySide::default(),
            stores: BySide::from_fn(|side| position.store(side)),
            closed: BySide::default(),
            owners: BySide::default(),
            won: BySide::default(),
            nyumba: BySide::from_fn(|side| {
                position.nyumba_pit().filter(|_| position.owns_nyumba(side))
            }),
            blocked: position.blocked(),
            barred: position.to_move().zip(position.barred_pit()),
        };
        for side in Side::BOTH {
            for pit in Pit::all(view.shape.pits_per_side()) {
                let i = pit.offset();
                view.counts[side][i] = position.pit(side, pit);
                view.closed[side][i] = position.is_closed(side, pit);
                view.owners[side][i] = position.owner_of(side, pit);
                view.won[side][i] = position.round_owner(side, pit) != side;
            }
        }
        view
    }

    /// Whether this is `side`'s nyumba, still theirs (Bao).
    #[must_use]
    pub fn is_nyumba(&self, side: Side, pit: Pit) -> bool {
        self.nyumba[side] == Some(pit)
    }

    /// Whether this is the pit a lone seed may not leave this move.
    #[must_use]
    pub fn is_barred(&self, side: Side, pit: Pit) -> bool {
        self.barred == Some((side, pit))
    }

    /// Whether this pit is blocked by takasia (Bao), and whether the move
    /// just played blocked it.
    #[must_use]
    pub fn block_on(&self, side: Side, pit: Pit) -> Option<bool> {
        self.blocked
            .filter(|&(owner, blocked, _)| owner == side && blocked == pit)
            .map(|(_, _, fresh)| fresh)
    }

    /// Who owns a pit, if anyone does.
    #[must_use]
    pub fn owner(&self, side: Side, pit: Pit) -> Option<Side> {
        self.owners[side][pit.offset()]
    }

    /// Who plays `side`'s pit `pit` this round: `side`, or in territory
    /// rounds the player across who won it.
    #[must_use]
    pub fn holder(&self, side: Side, pit: Pit) -> Side {
        if self.won[side][pit.offset()] {
            side.other()
        } else {
            side
        }
    }

    #[must_use]
    pub fn pits(&self) -> u8 {
        self.shape.pits
    }

    /// The board's shape, as the position has it.
    #[must_use]
    pub fn shape(&self) -> &'static Shape {
        self.shape
    }

    /// Seeds on a side's pits.
    #[must_use]
    pub fn side_total(&self, side: Side) -> u16 {
        self.counts[side].iter().sum()
    }

    /// What counts for `side` as the board shows it, as the rules' goal
    /// counts it (the same as [`Position::counted`] of the position shown).
    #[must_use]
    pub fn counted(&self, rules: &Rules, side: Side) -> u16 {
        rules.plan().goal.counted(Tally {
            store: self.stores[side],
            owned: self.owned_seeds(side),
            // Seeds in hand (held where stores would be) are the player's.
            in_play: self.side_total(side) + self.hand(side),
        })
    }

    /// Seeds in `side`'s hand on four rows (Bao, §10.4), as the moment
    /// drawn has them.
    #[must_use]
    pub fn hand(&self, side: Side) -> u16 {
        if self.shape.rows == 4 {
            self.stores[side]
        } else {
            0
        }
    }

    /// Seeds in the pits `side` owns (Gabata's wegs), which go to `side`
    /// at the end.
    #[must_use]
    pub fn owned_seeds(&self, side: Side) -> u16 {
        Side::BOTH
            .into_iter()
            .flat_map(|row| {
                self.owners[row]
                    .iter()
                    .zip(&self.counts[row])
                    .filter(move |&(owner, _)| *owner == Some(side))
                    .map(|(_, &count)| count)
            })
            .sum()
    }

    #[must_use]
    pub fn is_closed(&self, side: Side, pit: Pit) -> bool {
        self.closed[side][pit.offset()]
    }
}

/// A move's events step the view on as the engine stepped the board.
impl Places for BoardView {
    fn get(&self, place: Place) -> u16 {
        match place {
            Place::Pit(side, pit) => self.counts[side][pit.offset()],
            Place::Store(side) => self.stores[side],
        }
    }

    fn set(&mut self, place: Place, count: u16) {
        match place {
            Place::Pit(side, pit) => self.counts[side][pit.offset()] = count,
            Place::Store(side) => self.stores[side] = count,
        }
    }

    fn set_owner(&mut self, place: Place, owner: Side) {
        if let Place::Pit(side, pit) = place {
            self.owners[side][pit.offset()] = Some(owner);
        }
    }

    fn give_up_nyumba(&mut self, side: Side) {
        self.nyumba[side] = None;
    }

    fn set_block(&mut self, pit: Option<Place>, fresh: bool) {
        self.blocked = match pit {
            Some(Place::Pit(side, pit)) => Some((side, pit, fresh)),
            _ => None,
        };
    }

    fn set_bar(&mut self, pit: Option<Place>) {
        self.barred = match pit {
            Some(Place::Pit(side, pit)) => Some((side, pit)),
            _ => None,
        };
    }

    fn clear_pits(&mut self) {
        self.counts = BySide::default();
    }
}
