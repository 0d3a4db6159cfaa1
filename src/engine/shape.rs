//! The board's shape as data: where each place lies in a position's array,
//! which places a player's laps go round, what faces what, and the rows as
//! they are drawn. One shape is built for each board a rule set can have,
//! once, and every position on that board refers to it; no other code works
//! out a neighbour or a pit across.
//!
//! Places are kept in *track order* for the rule set's direction, so sowing
//! always moves on to the next index among the places the mover sows into.
//! - On **two rows** the track is one loop: South's row in sowing order,
//!   South's store, North's row, North's store. Counter-clockwise, South's
//!   pit 1 is index 0; clockwise, South's pit n is.
//! - On **four rows** (§10.1) each player's front and back rows are a loop
//!   of their own: South's 2n pits, then North's, then the two stores, which
//!   no lap passes. Counter-clockwise a loop runs `fn` … `f1`, `b1` … `bn`.
//!
//! A side's pits are numbered as their owner counts them: 1 to n on two
//! rows; on four rows the front row is 1 to n (`f1` … `fn`) and the back
//! row n+1 to 2n, so that pit n+k is `bk`, the one behind `fk`.

use std::fmt;
use std::sync::OnceLock;

use super::ground::{
    BySide, Direction, MAX_FOUR_ROW_PITS, MAX_PITS, MAX_PLACES, Pit, Place, Row, Side,
};

/// Marks a place with nothing across it or behind it.
const NONE: u8 = u8::MAX;

/// One row of pits as South sees the board, left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnRow {
    pub side: Side,
    pub row: Row,
    pub pits: Vec<Pit>,
}

/// One board's shape. See the module's comment.
pub struct Shape {
    /// Pits per row.
    pub pits: u8,
    /// Rows of pits on the board: 2 (one a player) or 4 (two a player).
    pub rows: u8,
    /// Whether the track runs clockwise (the rules' direction, and
    /// counter-clockwise where the mover chooses).
    pub clockwise: bool,
    /// Places in the array, stores included.
    len: usize,
    /// The index of each side's pit, by the pit's offset.
    pit_index: BySide<[u8; MAX_PITS as usize]>,
    store_index: BySide<u8>,
    /// The first index of each side's pits (they are contiguous).
    side_base: BySide<u8>,
    /// What lies at each index.
    places: [Place; MAX_PLACES],
    /// The pit across from each pit, or [`NONE`].
    across: [u8; MAX_PLACES],
    /// The back pit behind each front pit, or [`NONE`].
    behind: [u8; MAX_PLACES],
    side_mask: BySide<u64>,
    front_mask: BySide<u64>,
    /// The pits a player's laps go round (before closed pits and stores).
    loop_mask: BySide<u64>,
    drawn: Vec<DrawnRow>,
    /// The same turned round, as North sees the board.
    drawn_turned: Vec<DrawnRow>,
}

impl Shape {
    /// The shared shape of `rows` rows of `pits`, sown clockwise or not.
    /// The rules' checks keep `pits` within 1 to [`MAX_PITS`] on two rows
    /// and [`MAX_FOUR_ROW_PITS`] on four.
    pub fn get(rows: u8, pits: u8, clockwise: bool) -> &'static Shape {
        static SHAPES: OnceLock<Vec<Shape>> = OnceLock::new();
        let shapes = SHAPES.get_or_init(|| {
            let mut all = Vec::new();
            for rows in [2, 4] {
                let most = if rows == 2 {
                    MAX_PITS
                } else {
                    MAX_FOUR_ROW_PITS
                };
                for pits in 1..=most {
                    for clockwise in [false, true] {
                        all.push(Shape::build(rows, pits, clockwise));
                    }
                }
            }
            all
        });
        let four = usize::from(rows == 4) * 2 * usize::from(MAX_PITS);
        let at = four + 2 * usize::from(pits.max(1) - 1) + usize::from(clockwise);
        &shapes[at]
    }

    fn build(rows: u8, pits: u8, clockwise: bool) -> Shape {
        let n = usize::from(pits);
        let per_side = n * usize::from(rows / 2);
        // Each side's pits by track offset, counter-clockwise; reversed
        // for a clockwise track.
        let ccw_offset = |number: usize| {
            if rows == 4 && number <= n {
                n - number
            } else {
                number - 1
            }
        };
        let offset = |number: usize| {
            let ccw = ccw_offset(number);
            if clockwise { per_side - 1 - ccw } else { ccw }
        };
        let (side_base, store_index) = if rows == 2 {
            (BySide::new(0, n + 1), BySide::new(n, 2 * n + 1))
        } else {
            (
                BySide::new(0, per_side),
                BySide::new(2 * per_side, 2 * per_side + 1),
            )
        };
        let len = 2 * per_side + 2;
        let mut shape = Shape {
            pits,
            rows,
            clockwise,
            len,
            pit_index: BySide::new([NONE; MAX_PITS as usize], [NONE; MAX_PITS as usize]),
            store_index: store_index.map(small),
            side_base: side_base.map(small),
            places: [Place::Store(Side::South); MAX_PLACES],
            across: [NONE; MAX_PLACES],
            behind: [NONE; MAX_PLACES],
            side_mask: BySide::new(0, 0),
            front_mask: BySide::new(0, 0),
            loop_mask: BySide::new(0, 0),
            drawn: Vec::new(),
            drawn_turned: Vec::new(),
        };
        for side in Side::BOTH {
            for number in 1..=per_side {
                let index = side_base[side] + offset(number);
                shape.pit_index[side][number - 1] = small(index);
                shape.places[index] = Place::Pit(side, Pit::new(small(number)));
                shape.side_mask[side] |= 1 << index;
                if number <= n {
                    shape.front_mask[side] |= 1 << index;
                }
            }
            shape.places[store_index[side]] = Place::Store(side);
        }
        for side in Side::BOTH {
            for number in 1..=n {
                let index = shape.index(Place::Pit(side, Pit::new(small(number))));
                let facing = Pit::new(small(n + 1 - number));
                shape.across[index] = small(shape.index(Place::Pit(side.other(), facing)));
                if rows == 4 {
                    let back = Pit::new(small(n + number));
                    shape.behind[index] = small(shape.index(Place::Pit(side, back)));
                }
            }
        }
        let pits_mask = shape.side_mask.south | shape.side_mask.north;
        shape.loop_mask = if rows == 2 {
            BySide::new(pits_mask, pits_mask)
        } else {
            shape.side_mask
        };
        shape.drawn = drawn_rows(rows, pits);
        shape.drawn_turned = shape
            .drawn
            .iter()
            .rev()
            .map(|row| DrawnRow {
                pits: row.pits.iter().rev().copied().collect(),
                ..row.clone()
            })
            .collect();
        shape
    }

    /// Places in the array, stores included.
    pub fn len(&self) -> usize {
        self.len
    }

    /// How many pits each player has: one row or two.
    pub fn pits_per_side(&self) -> u8 {
        self.pits * (self.rows / 2)
    }

    /// Whether sowing `direction` goes against the track (the track runs
    /// in the rules' direction, counter-clockwise where the mover chooses).
    pub fn backward(&self, direction: Direction) -> bool {
        (direction == Direction::Clockwise) != self.clockwise
    }

    /// The direction of sowing along the track, or against it.
    pub fn direction_of(&self, backward: bool) -> Direction {
        if backward == self.clockwise {
            Direction::CounterClockwise
        } else {
            Direction::Clockwise
        }
    }

    /// Track bits of pits packed in 32: South's pits in the low half,
    /// North's in the high half, each by its offset from its side's first.
    #[inline]
    pub fn pits_of(&self, track_bits: u64) -> u32 {
        let side = (1u64 << self.pits_per_side()) - 1;
        let south = (track_bits >> self.side_base.south) & side;
        let north = (track_bits >> self.side_base.north) & side;
        // A side has at most 16 pits, so each half fits.
        (south | (north << 16)) as u32
    }

    /// [`Shape::pits_of`]'s packing back as track bits.
    #[inline]
    pub fn track_of(&self, pits: u32) -> u64 {
        let south = u64::from(pits & 0xffff);
        let north = u64::from(pits >> 16);
        (south << self.side_base.south) | (north << self.side_base.north)
    }

    /// Index of pit `pit` of `side` (1 to [`Shape::pits_per_side`]).
    #[inline]
    pub fn pit(&self, side: Side, pit: Pit) -> usize {
        usize::from(self.pit_index[side][pit.offset()])
    }

    #[inline]
    pub fn store(&self, side: Side) -> usize {
        usize::from(self.store_index[side])
    }

    pub fn index(&self, place: Place) -> usize {
        match place {
            Place::Pit(side, pit) => self.pit(side, pit),
            Place::Store(side) => self.store(side),
        }
    }

    #[inline]
    pub fn owner(&self, index: usize) -> Side {
        self.places[index].owner()
    }

    #[inline]
    pub fn is_store(&self, index: usize) -> bool {
        index == self.store(Side::South) || index == self.store(Side::North)
    }

    #[inline]
    pub fn place(&self, index: usize) -> Place {
        self.places[index]
    }

    /// A side's pit as its owner names it: its row, and its number in that
    /// row (`b3` is pit n+3 of four rows).
    pub fn named(&self, pit: Pit) -> (Row, Pit) {
        match self.row_of(pit) {
            Row::Back => (Row::Back, Pit::new(pit.number() - self.pits)),
            row => (row, pit),
        }
    }

    /// The side's pit that a row and a number name, where this board has
    /// such a row and pit (a two-row pit is named without a row).
    pub fn named_pit(&self, row: Row, number: Pit) -> Option<Pit> {
        if number.number() == 0 || number.number() > self.pits {
            return None;
        }
        match (self.rows, row) {
            (2, Row::Only) | (4, Row::Front) => Some(number),
            (4, Row::Back) => Some(Pit::new(number.number() + self.pits)),
            _ => None,
        }
    }

    /// Which of its owner's rows a pit lies in.
    pub fn row_of(&self, pit: Pit) -> Row {
        match (self.rows, pit.number() <= self.pits) {
            (2, _) => Row::Only,
            (_, true) => Row::Front,
            (_, false) => Row::Back,
        }
    }

    /// The way a step to the right of the screen (as South sees the board) sows from `side`'s `pit`:
    /// counter-clockwise for South on two rows; on four, clockwise along
    /// South's front row and the other way along its back row (§10.1:
    /// South's front row is the upper of its two), and North's the reverse.
    #[must_use]
    pub fn way_to_the_right(&self, side: Side, pit: Pit) -> Direction {
        let ccw = match self.row_of(pit) {
            Row::Only | Row::Back => side == Side::South,
            Row::Front => side == Side::North,
        };
        if ccw {
            Direction::CounterClockwise
        } else {
            Direction::Clockwise
        }
    }

    /// The pit across the board from a pit of the front row (on two rows,
    /// any pit).
    #[inline]
    pub fn opposite(&self, index: usize) -> usize {
        usize::from(self.across[index])
    }

    /// The pit across and the one behind it (§10.1's "pair across"), for a
    /// front pit of a four-row board.
    pub fn pair_across(&self, index: usize) -> Option<(usize, usize)> {
        let facing = self.across[index];
        let behind = *self.behind.get(usize::from(facing))?;
        (behind != NONE).then_some((usize::from(facing), usize::from(behind)))
    }

    /// Track indices of one side's pits (contiguous in either direction).
    pub fn side_range(&self, side: Side) -> std::ops::Range<usize> {
        let base = usize::from(self.side_base[side]);
        base..base + usize::from(self.pits_per_side())
    }

    /// Bits of one side's pits (its row, or both its rows).
    #[inline]
    pub fn side_mask(&self, side: Side) -> u64 {
        self.side_mask[side]
    }

    /// Bits of one side's front row (on two rows, its only row).
    pub fn front_mask(&self, side: Side) -> u64 {
        self.front_mask[side]
    }

    /// Bits of the pits `side`'s laps go round: every pit on two rows, their
    /// own two rows on four.
    #[inline]
    pub fn loop_mask(&self, side: Side) -> u64 {
        self.loop_mask[side]
    }

    /// Bits of every pit of both sides.
    #[inline]
    pub fn pits_mask(&self) -> u64 {
        self.side_mask.south | self.side_mask.north
    }

    /// The rows from the top of the board as South sees it, each left to
    /// right: North's (back row first), then South's (front row first).
    pub fn drawn_rows(&self) -> &[DrawnRow] {
        &self.drawn
    }

    /// The rows from the top of the screen: as South sees the board, or,
    /// `turned`, as North does (South's rows at the top, each reversed).
    pub fn rows_seen(&self, turned: bool) -> &[DrawnRow] {
        if turned {
            &self.drawn_turned
        } else {
            &self.drawn
        }
    }
}

/// See [`Shape::drawn_rows`]: a player's pit 1 is at their left hand, so
/// North's rows run from n down to 1 across the screen.
fn drawn_rows(rows: u8, pits: u8) -> Vec<DrawnRow> {
    let row = |side, row, first: u8| {
        let numbers: Vec<Pit> = (first..first + pits).map(Pit::new).collect();
        let pits = match side {
            Side::South => numbers,
            Side::North => numbers.into_iter().rev().collect(),
        };
        DrawnRow { side, row, pits }
    };
    if rows == 2 {
        return vec![
            row(Side::North, Row::Only, 1),
            row(Side::South, Row::Only, 1),
        ];
    }
    vec![
        row(Side::North, Row::Back, pits + 1),
        row(Side::North, Row::Front, 1),
        row(Side::South, Row::Front, 1),
        row(Side::South, Row::Back, pits + 1),
    ]
}

/// An index or count known to be below 256 (boards have at most 34 places).
fn small(value: usize) -> u8 {
    u8::try_from(value).unwrap_or(NONE)
}

/// A shape is known by its board: every position of one board refers to
/// the same shape, so these compare and hash that alone.
impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        (self.rows, self.pits, self.clockwise) == (other.rows, other.pits, other.clockwise)
    }
}

impl Eq for Shape {}

impl std::hash::Hash for Shape {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.rows, self.pits, self.clockwise).hash(state);
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({} rows of {}", self.rows, self.pits)?;
        f.write_str(if self.clockwise { ", clockwise)" } else { ")" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes() -> impl Iterator<Item = &'static Shape> {
        let two = (1..=MAX_PITS).map(|pits| (2, pits));
        let four = (1..=MAX_FOUR_ROW_PITS).map(|pits| (4, pits));
        two.chain(four).flat_map(|(rows, pits)| {
            [false, true]
                .into_iter()
                .map(move |clockwise| Shape::get(rows, pits, clockwise))
        })
    }

    fn pit(side: Side, number: u8) -> Place {
        Place::Pit(side, Pit::new(number))
    }

    #[test]
    fn every_shape_is_the_one_asked_for() {
        for shape in shapes() {
            let again = Shape::get(shape.rows, shape.pits, shape.clockwise);
            assert!(std::ptr::eq(shape, again));
            assert_eq!(shape.len(), 2 * usize::from(shape.pits_per_side()) + 2);
            assert!(shape.len() <= MAX_PLACES, "{shape:?}");
        }
    }

    #[test]
    fn every_place_maps_to_its_own_index() {
        for shape in shapes() {
            for index in 0..shape.len() {
                assert_eq!(shape.index(shape.place(index)), index, "{shape:?}");
            }
            let sides = shape.side_mask(Side::South) | shape.side_mask(Side::North);
            assert_eq!(sides.count_ones(), 2 * u32::from(shape.pits_per_side()));
            for side in Side::BOTH {
                assert!(!shape.is_store(shape.pit(side, Pit::new(1))));
                assert!(shape.is_store(shape.store(side)));
                assert_eq!(shape.owner(shape.store(side)), side);
                for index in shape.side_range(side) {
                    assert_eq!(shape.owner(index), side, "{shape:?}");
                    assert_ne!(shape.side_mask(side) & (1 << index), 0);
                }
            }
        }
    }

    #[test]
    fn south_pit_i_faces_north_pit_n_plus_1_minus_i() {
        for shape in shapes() {
            let n = shape.pits;
            for i in 1..=n {
                let south = shape.index(pit(Side::South, i));
                let facing = shape.index(pit(Side::North, n + 1 - i));
                assert_eq!(shape.opposite(south), facing, "{shape:?}");
                assert_eq!(shape.opposite(facing), south, "{shape:?}");
            }
        }
    }

    #[test]
    fn counter_clockwise_track_runs_pit_1_to_n_then_store() {
        let shape = Shape::get(2, 6, false);
        let order: Vec<Place> = (0..shape.len()).map(|i| shape.place(i)).collect();
        assert_eq!(order[0], pit(Side::South, 1));
        assert_eq!(order[5], pit(Side::South, 6));
        assert_eq!(order[6], Place::Store(Side::South));
        assert_eq!(order[7], pit(Side::North, 1));
        assert_eq!(order[13], Place::Store(Side::North));
        assert_eq!(shape.loop_mask(Side::North), shape.pits_mask());
    }

    #[test]
    fn clockwise_track_runs_pit_n_to_1_then_store() {
        let shape = Shape::get(2, 7, true);
        assert_eq!(shape.place(0), pit(Side::South, 7));
        assert_eq!(shape.place(6), pit(Side::South, 1));
        assert_eq!(shape.place(7), Place::Store(Side::South));
        assert_eq!(shape.place(8), pit(Side::North, 7));
    }

    /// §10.1: counter-clockwise runs along the front row from `fn` to `f1`,
    /// round to `b1`, along the back row to `bn` and round to `fn`; the
    /// other player's loop is theirs alone.
    #[test]
    fn a_four_row_loop_runs_front_then_back_in_its_owners_names() {
        let shape = Shape::get(4, 8, false);
        let south: Vec<Place> = (0..16).map(|i| shape.place(i)).collect();
        let front = (1..=8).rev().map(|k| pit(Side::South, k));
        let back = (9..=16).map(|k| pit(Side::South, k));
        assert_eq!(south, front.chain(back).collect::<Vec<_>>());
        assert_eq!(shape.place(16), pit(Side::North, 8));
        assert_eq!(shape.loop_mask(Side::South), 0xffff);
        assert_eq!(shape.loop_mask(Side::North), 0xffff << 16);
        assert_eq!(shape.front_mask(Side::South), 0xff);
        assert_eq!(shape.row_of(Pit::new(8)), Row::Front);
        assert_eq!(shape.row_of(Pit::new(9)), Row::Back);

        let clockwise = Shape::get(4, 8, true);
        let order: Vec<Place> = (0..16).map(|i| clockwise.place(i)).collect();
        let reversed: Vec<Place> = south.into_iter().rev().collect();
        assert_eq!(order, reversed);
    }

    /// §10.1: `fk` faces the opponent's `f(n+1-k)`, behind which lies their
    /// `b(n+1-k)`; back pits face nothing.
    #[test]
    fn the_pair_across_is_the_facing_front_pit_and_the_one_behind_it() {
        for clockwise in [false, true] {
            let shape = Shape::get(4, 8, clockwise);
            let f2 = shape.index(pit(Side::South, 2));
            let facing = shape.index(pit(Side::North, 7));
            let behind = shape.index(pit(Side::North, 15));
            assert_eq!(shape.opposite(f2), facing);
            assert_eq!(shape.pair_across(f2), Some((facing, behind)));
            let b2 = shape.index(pit(Side::South, 10));
            assert_eq!(shape.pair_across(b2), None);
            assert_eq!(Shape::get(2, 6, clockwise).pair_across(2), None);
        }
    }

    #[test]
    fn rows_are_drawn_with_each_players_pit_1_at_their_left_hand() {
        let numbers = |row: &DrawnRow| row.pits.iter().map(|p| p.number()).collect::<Vec<_>>();
        let two = Shape::get(2, 3, false).drawn_rows();
        assert_eq!(
            (two[0].side, numbers(&two[0])),
            (Side::North, vec![3, 2, 1])
        );
        assert_eq!(
            (two[1].side, numbers(&two[1])),
            (Side::South, vec![1, 2, 3])
        );
        let four = Shape::get(4, 4, false).drawn_rows();
        let drawn: Vec<(Side, Row, Vec<u8>)> =
            four.iter().map(|r| (r.side, r.row, numbers(r))).collect();
        assert_eq!(
            drawn,
            [
                (Side::North, Row::Back, vec![8, 7, 6, 5]),
                (Side::North, Row::Front, vec![4, 3, 2, 1]),
                (Side::South, Row::Front, vec![1, 2, 3, 4]),
                (Side::South, Row::Back, vec![5, 6, 7, 8]),
            ]
        );
    }
}
