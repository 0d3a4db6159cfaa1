//! The compact board the solver searches: pit counts only, seen from the
//! player to move, so a position and its mirror image are one entry.
//!
//! Index `0..m` holds the mover's pits in sowing order (the last one touches
//! their store), `m..2m` the opponent's pits in the order the mover's seeds
//! reach them. Pit `i` faces pit `2m - 1 - i`. Stores are not kept: the solver
//! values what is still to be won, which does not depend on them.

/// Most pits a row may have on the compact board (the rule files' limit).
pub const MAX_ROW: usize = 16;

/// The board's shape: pits per row and whether a long sowing skips its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub row: usize,
    pub skip_origin: bool,
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

    /// Sows `hand` seeds (at most `2m`, so the origin is never reached
    /// again) from `pit`: a run of drops along the own row, the store and the
    /// opponent's row, wrapping onto the own row. Returns the seeds gained and
    /// the track position of the last drop.
    fn sow_short(&mut self, m: usize, pit: usize, hand: usize) -> (i32, usize) {
        let end = pit + hand;
        let track = 2 * m + 1;
        for count in &mut self.0[pit + 1..=end.min(m - 1)] {
            *count += 1;
        }
        if end < m {
            return (0, end);
        }
        for count in &mut self.0[m..end.min(2 * m)] {
            *count += 1;
        }
        if end >= track {
            for count in &mut self.0[..=end - track] {
                *count += 1;
            }
        }
        (1, end % track)
    }

    /// Sows more seeds than the track minus the origin holds: whole laps
    /// first, then the rest one by one.
    fn sow_long(&mut self, shape: Shape, pit: usize, hand: usize) -> (i32, usize) {
        let m = shape.row;
        let track = 2 * m + 1;
        let lap = if shape.skip_origin { track - 1 } else { track };
        let laps = hand / lap;
        let mut hand = hand % lap;
        let each = u8::try_from(laps).unwrap_or(u8::MAX);
        for (index, count) in self.0[..2 * m].iter_mut().enumerate() {
            if index != pit || !shape.skip_origin {
                *count += each;
            }
        }
        let mut gain = i32::try_from(laps).unwrap_or(0);
        // With no seeds left after the laps, the last one fell on the origin,
        // or just before it when the origin is skipped.
        let mut last = match (hand, shape.skip_origin) {
            (0, false) => pit,
            (0, true) => (pit + track - 1) % track,
            _ => usize::MAX,
        };
        let mut at = pit + 1;
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
                self.0[index] += 1;
            }
            last = at;
            at += 1;
            hand -= 1;
        }
        (gain, last)
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
    /// seed in an empty own pit takes the opposite pit when it holds seeds;
    /// the game ends as soon as either row is empty.
    #[must_use]
    pub fn play(&self, shape: Shape, pit: usize) -> Played {
        let m = shape.row;
        let mut board = *self;
        let hand = usize::from(board.0[pit]);
        board.0[pit] = 0;
        // Track positions: 0..m own pits, m the store, m+1..=2m the opponent's.
        let (mut gain, last) = if hand <= 2 * m {
            board.sow_short(m, pit, hand)
        } else {
            board.sow_long(shape, pit, hand)
        };
        if last < m && board.0[last] == 1 {
            let facing = 2 * m - 1 - last;
            let taken = board.0[facing];
            if taken > 0 {
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
