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

impl Pits {
    /// Seeds on the board.
    #[must_use]
    pub fn total(&self, shape: Shape) -> i32 {
        self.0[..shape.pits()].iter().map(|&s| i32::from(s)).sum()
    }

    fn row_total(&self, shape: Shape, first: usize) -> i32 {
        self.0[first..first + shape.row]
            .iter()
            .map(|&s| i32::from(s))
            .sum()
    }

    /// The same board seen from the other side.
    #[must_use]
    pub fn turned(&self, shape: Shape) -> Pits {
        let m = shape.row;
        let mut out = [0u8; 2 * MAX_ROW];
        out[..m].copy_from_slice(&self.0[m..2 * m]);
        out[m..2 * m].copy_from_slice(&self.0[..m]);
        Pits(out)
    }

    /// Sows pit `pit` (0-based, must hold seeds) under Kalah rules: own store
    /// sown, the opponent's passed; last seed in the store moves again; last
    /// seed in an empty own pit takes the opposite pit when it holds seeds
    /// (with the empty capture, the seed alone otherwise);
    /// the game ends as soon as either row is empty.
    #[must_use]
    pub fn play(&self, shape: Shape, pit: usize) -> Played {
        let m = shape.row;
        let mut board = *self;
        let mut hand = u32::from(board.0[pit]);
        board.0[pit] = 0;
        let mut gain: i32 = 0;
        // Track positions: 0..m own pits, m the store, m+1..=2m the opponent's.
        let track = 2 * m + 1;
        // Whole laps first: every place on the track gets the same.
        let lap = if shape.skip_origin { track - 1 } else { track };
        if hand as usize >= lap {
            let laps = hand / lap as u32;
            hand %= lap as u32;
            let each = u8::try_from(laps).unwrap_or(u8::MAX);
            for (index, count) in board.0[..2 * m].iter_mut().enumerate() {
                if index != pit || !shape.skip_origin {
                    *count += each;
                }
            }
            gain += laps.cast_signed();
        }
        let mut at = pit + 1; // track position of the next drop (own pits map 1:1)
        let mut last = if shape.skip_origin || hand > 0 {
            usize::MAX
        } else {
            pit
        };
        while hand > 0 {
            if at == track {
                at = 0;
            }
            if shape.skip_origin && at == pit {
                at += 1;
                continue;
            }
            if at == m {
                gain += 1;
            } else {
                let index = if at < m { at } else { at - 1 };
                board.0[index] += 1;
            }
            last = at;
            at += 1;
            hand -= 1;
        }
        if last == usize::MAX {
            // Only whole laps with the origin skipped: the last seed fell just
            // before the origin.
            last = if pit == 0 { track - 1 } else { pit - 1 };
        }
        if last < m && board.0[last] == 1 {
            let facing = 2 * m - 1 - last;
            let taken = board.0[facing];
            if taken > 0 || shape.empty_capture {
                board.0[last] = 0;
                board.0[facing] = 0;
                gain += i32::from(taken) + 1;
            }
        }
        let own = board.row_total(shape, 0);
        let other = board.row_total(shape, m);
        if own == 0 || other == 0 {
            return Played::Finished {
                gain: gain + own - other,
            };
        }
        if last == m {
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
            start.play(KALAH, 2),
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
            start.play(KALAH, 5),
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
            board.play(KALAH, 2),
            Played::Over {
                gain: 6,
                board: pits([2, 2, 0, 2, 2, 2], [1, 0, 0, 0, 0, 0])
            }
        );
        // Facing an empty pit, nothing is taken.
        let board = pits([1, 0, 1, 0, 0, 0], [2, 2, 0, 2, 2, 2]);
        assert_eq!(
            board.play(KALAH, 2),
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
            board.play(empty, 2),
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
            board.play(KALAH, 0),
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
            board.play(skipping, 0),
            Played::Over {
                gain: 1,
                board: pits([1, 1, 1, 1, 1, 4], [0, 2, 1, 1, 1, 1])
            }
        );
    }

    #[test]
    fn an_empty_row_ends_the_game_and_each_keeps_their_own() {
        let board = pits([0, 0, 0, 0, 0, 1], [3, 0, 0, 0, 2, 0]);
        assert_eq!(board.play(KALAH, 5), Played::Finished { gain: 1 - 5 });
    }
}
