//! The compact board the solver searches: pit counts only, seen from the
//! player to move, so a position and its mirror image are one entry.
//!
//! Index `0..m` holds the mover's pits in sowing order (the last one touches
//! their store), `m..2m` the opponent's pits in the order the mover's seeds
//! reach them. Pit `i` faces pit `2m - 1 - i`. Stores are not kept: the solver
//! values what is still to be won, which does not depend on them.

/// Most pits a row may have on the compact board (the rule files' limit).
pub const MAX_ROW: usize = 16;

/// The board's shape: pits per row, whether a long sowing skips its origin,
/// and whether a last seed in an empty own pit is taken even facing an empty
/// pit (the empty capture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub row: usize,
    pub skip_origin: bool,
    pub empty_capture: bool,
}

impl Shape {
    /// Pits on the whole board.
    #[must_use]
    pub fn pits(self) -> usize {
        2 * self.row
    }
}

/// Pit counts, the player to move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pits(pub [u8; 2 * MAX_ROW]);

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// The same player moves again on the board left (still from their side).
    Again { gain: i32, board: Pits },
    /// The opponent moves next; the board is turned round to their side.
    Over { gain: i32, board: Pits },
    /// A row is empty: the game is over and `gain` includes the seeds each
    /// player keeps from their own row.
    Finished { gain: i32 },
}

/// The low `n` bytes of a word set, for rows of `n` pits (a shift of a
/// varying 128-bit amount costs more than this look-up).
const ROW_MASKS: [u128; MAX_ROW + 1] = {
    let mut masks = [u128::MAX; MAX_ROW + 1];
    let mut n = 0;
    while n < MAX_ROW {
        masks[n] = (1 << (8 * n)) - 1;
        n += 1;
    }
    masks
};

/// Where a last seed fell in the store, in [`Pits::play`].
const STORE: usize = usize::MAX;

/// How a shape's pits are sown, worked out once: for each pit and each
/// count short of a lap, the one seed every place it reaches gets (as a
/// mask added to the board's bytes in two 128-bit words: no byte carries
/// into the next, a board holding at most 120 seeds), where the last seed
/// falls, and whether one went to the store. A move is then one addition,
/// not a walk along the track.
pub struct Sowing {
    pub shape: Shape,
    /// Places on the track a lap sows.
    lap: usize,
    /// By `pit * lap + seeds`.
    partial: Vec<Partial>,
}

#[derive(Clone, Copy)]
struct Partial {
    ones: [u128; 2],
    /// A board index, or `STORE`.
    last: usize,
    store: i32,
}

impl Sowing {
    #[must_use]
    pub fn new(shape: Shape) -> Sowing {
        let m = shape.row;
        let lap = 2 * m + 1 - usize::from(shape.skip_origin);
        let mut partial = Vec::with_capacity(m * lap);
        for pit in 0..m {
            for hand in 0..lap {
                partial.push(Partial::walked(shape, pit, hand));
            }
        }
        Sowing {
            shape,
            lap,
            partial,
        }
    }
}

impl Partial {
    /// `hand` seeds (less than a lap) sown from `pit` place by place: the
    /// own pits after the origin, the store, the opponent's pits, the own
    /// pits before the origin (never the origin itself: that takes a lap).
    fn walked(shape: Shape, pit: usize, mut hand: usize) -> Partial {
        let m = shape.row;
        let mut ones = [0u8; 2 * MAX_ROW];
        let mut store = 0;
        let mut last = pit;
        for place in (pit + 1..m).chain([STORE]).chain(m..2 * m).chain(0..pit) {
            if hand == 0 {
                break;
            }
            if place == STORE {
                store = 1;
            } else {
                ones[place] = 1;
            }
            last = place;
            hand -= 1;
        }
        Partial {
            ones: halves(&ones),
            last,
            store,
        }
    }
}

/// A board's bytes as two little-endian 128-bit words.
fn halves(bytes: &[u8; 2 * MAX_ROW]) -> [u128; 2] {
    let mut words = [0u128; 2];
    for (word, half) in words.iter_mut().zip(bytes.chunks_exact(16)) {
        let mut chunk = [0u8; 16];
        chunk.copy_from_slice(half);
        *word = u128::from_le_bytes(chunk);
    }
    words
}

impl Pits {
    /// Seeds on the board.
    #[must_use]
    pub fn total(&self, shape: Shape) -> i32 {
        self.0[..shape.pits()].iter().map(|&s| i32::from(s)).sum()
    }

    /// Whether the row from `first` on holds no seed.
    #[must_use]
    pub fn row_is_empty(&self, shape: Shape, first: usize) -> bool {
        self.row(shape, first) == 0
    }

    /// Seeds in the row from `first` on.
    #[must_use]
    pub fn row_total(&self, shape: Shape, first: usize) -> i32 {
        self.row(shape, first)
            .to_le_bytes()
            .iter()
            .map(|&s| i32::from(s))
            .sum()
    }

    /// The `shape.row` pits from `first` on, one byte each in a word (the
    /// board's bytes past its pits are zero, so the word ends in zeros).
    fn row(&self, shape: Shape, first: usize) -> u128 {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.0[first..first + 16]);
        u128::from_le_bytes(bytes) & ROW_MASKS[shape.row]
    }

    /// The same board seen from the other side.
    #[must_use]
    pub fn turned(&self, shape: Shape) -> Pits {
        let m = shape.row;
        let (own, other) = (self.row(shape, 0), self.row(shape, m));
        let mut out = [0u8; 2 * MAX_ROW];
        out[..16].copy_from_slice(&other.to_le_bytes());
        // The own row's word ends in zeros: it leaves the other row whole.
        out[m..m + 16].copy_from_slice(&own.to_le_bytes());
        Pits(out)
    }

    /// Sows pit `pit` (0-based, must hold seeds) under Kalah rules: own store
    /// sown, the opponent's passed; last seed in the store moves again; last
    /// seed in an empty own pit takes the opposite pit when it holds seeds
    /// (with the empty capture, the seed alone otherwise);
    /// the game ends as soon as either row is empty.
    // Inlined where it is called, so the board comes back in registers and
    // the call costs nothing: measured, 6% of the endgame build's
    // instructions.
    #[must_use]
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn play(&self, sowing: &Sowing, pit: usize) -> Played {
        let shape = sowing.shape;
        let m = shape.row;
        let mut board = *self;
        let mut hand = usize::from(board.0[pit]);
        board.0[pit] = 0;
        let mut gain: i32 = 0;
        // Whole laps first: every place on the track gets the same.
        let lap = sowing.lap;
        if hand >= lap {
            let laps = hand / lap;
            hand %= lap;
            let each = u8::try_from(laps).unwrap_or(u8::MAX);
            for count in &mut board.0[..2 * m] {
                *count += each;
            }
            if shape.skip_origin {
                board.0[pit] -= each;
            }
            gain += i32::try_from(laps).unwrap_or(i32::MAX);
        }
        // Then less than a lap, from the table. `last` is where the last
        // seed fell: a board index, or `STORE`.
        let last = if hand == 0 {
            // Only whole laps: the last seed fell in the place just before
            // the origin's next seed, the origin itself unless it is skipped.
            match (shape.skip_origin, pit) {
                (false, _) => pit,
                (true, 0) => 2 * m - 1,
                (true, _) => pit - 1,
            }
        } else {
            let partial = &sowing.partial[pit * lap + hand];
            let mut words = halves(&board.0);
            words[0] += partial.ones[0];
            words[1] += partial.ones[1];
            board.0[..16].copy_from_slice(&words[0].to_le_bytes());
            board.0[16..].copy_from_slice(&words[1].to_le_bytes());
            gain += partial.store;
            partial.last
        };
        if last < m && board.0[last] == 1 {
            let facing = 2 * m - 1 - last;
            let taken = board.0[facing];
            if taken > 0 || shape.empty_capture {
                board.0[last] = 0;
                board.0[facing] = 0;
                gain += i32::from(taken) + 1;
            }
        }
        if board.row_is_empty(shape, 0) || board.row_is_empty(shape, m) {
            return Played::Finished {
                gain: gain + board.row_total(shape, 0) - board.row_total(shape, m),
            };
        }
        if last == STORE {
            Played::Again { gain, board }
        } else {
            Played::Over {
                gain,
                board: board.turned(shape),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KALAH: Shape = Shape {
        row: 6,
        skip_origin: false,
        empty_capture: false,
    };

    fn pits(own: [u8; 6], other: [u8; 6]) -> Pits {
        let mut board = [0; 2 * MAX_ROW];
        board[..6].copy_from_slice(&own);
        board[6..12].copy_from_slice(&other);
        Pits(board)
    }

    #[test]
    fn last_seed_in_the_store_moves_again() {
        let start = pits([4; 6], [4; 6]);
        assert_eq!(
            start.play(&Sowing::new(KALAH), 2),
            Played::Again {
                gain: 1,
                board: pits([4, 4, 0, 5, 5, 5], [4; 6])
            }
        );
    }

    #[test]
    fn a_move_past_the_store_hands_the_turned_board_over() {
        let start = pits([4; 6], [4; 6]);
        // Pit 6 (slot 5): store, then the opponent's first three pits.
        assert_eq!(
            start.play(&Sowing::new(KALAH), 5),
            Played::Over {
                gain: 1,
                board: pits([5, 5, 5, 4, 4, 4], [4, 4, 4, 4, 4, 0])
            }
        );
    }

    #[test]
    fn last_seed_in_an_empty_own_pit_takes_the_pit_across() {
        let board = pits([1, 0, 1, 0, 0, 0], [2, 2, 5, 2, 2, 2]);
        // Slot 2 sows into empty slot 3, which faces slot 8 (five seeds).
        assert_eq!(
            board.play(&Sowing::new(KALAH), 2),
            Played::Over {
                gain: 6,
                board: pits([2, 2, 0, 2, 2, 2], [1, 0, 0, 0, 0, 0])
            }
        );
        // Facing an empty pit, nothing is taken.
        let board = pits([1, 0, 1, 0, 0, 0], [2, 2, 0, 2, 2, 2]);
        assert_eq!(
            board.play(&Sowing::new(KALAH), 2),
            Played::Over {
                gain: 0,
                board: pits([2, 2, 0, 2, 2, 2], [1, 0, 0, 1, 0, 0])
            }
        );
        // With the empty capture, the last seed alone goes to the store.
        let empty = Shape {
            empty_capture: true,
            ..KALAH
        };
        assert_eq!(
            board.play(&Sowing::new(empty), 2),
            Played::Over {
                gain: 1,
                board: pits([2, 2, 0, 2, 2, 2], [1, 0, 0, 0, 0, 0])
            }
        );
    }

    #[test]
    fn a_full_lap_ends_in_the_emptied_origin() {
        // Thirteen seeds: one in every place, the last back in the origin,
        // which was empty, so it takes the pit across.
        let board = pits([13, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3]);
        assert_eq!(
            board.play(&Sowing::new(KALAH), 0),
            Played::Over {
                gain: 6,
                board: pits([1, 1, 1, 1, 1, 0], [0, 1, 1, 1, 1, 1])
            }
        );
        // Skipping the origin, twelve seeds go round once and the last falls
        // on the opponent's last pit.
        let skipping = Shape {
            skip_origin: true,
            ..KALAH
        };
        let board = pits([12, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3]);
        assert_eq!(
            board.play(&Sowing::new(skipping), 0),
            Played::Over {
                gain: 1,
                board: pits([1, 1, 1, 1, 1, 4], [0, 2, 1, 1, 1, 1])
            }
        );
    }

    #[test]
    fn an_empty_row_ends_the_game_and_each_keeps_their_own() {
        let board = pits([0, 0, 0, 0, 0, 1], [3, 0, 0, 0, 2, 0]);
        assert_eq!(
            board.play(&Sowing::new(KALAH), 5),
            Played::Finished { gain: 1 - 5 }
        );
    }
}
