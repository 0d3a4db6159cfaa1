//! The endgame table: the exact value of every board with few seeds left,
//! built when a solve starts, by working up from empty boards.
//!
//! A move never adds seeds to the board, so every board a move leads to has
//! as many seeds or fewer. Boards are built one seed count at a time; a move
//! that keeps the count (no seed reaches a store, no capture) only carries the
//! mover's seeds towards their store, so following such moves always stops,
//! and a board still missing its value is worked out first, depth first.

use std::sync::atomic::{AtomicI8, AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::board::{MAX_ROW, Pits, Played, Shape, Sowing};
use super::index::Indexer;

/// Not worked out yet (no value is this low: a board holds at most 127 seeds).
const UNKNOWN: i8 = i8::MIN;
/// Marks a move that ended the game in the build's move list.
const FINISHED: u64 = u64::MAX;
/// Boards handed to a thread at a time, consecutive in the numbering.
const BLOCK: u64 = 4096;

/// The table, over the bytes that hold it (one a board).
pub struct Endgame<'m> {
    /// Every board with at most this many seeds is in the table.
    pub max_seeds: i32,
    values: &'m [AtomicI8],
}

impl<'m> Endgame<'m> {
    /// The bytes the table of boards with at most `max_seeds` seeds takes.
    #[must_use]
    pub fn bytes_for(indexer: &Indexer, max_seeds: u32) -> usize {
        usize::try_from(indexer.count_up_to(max_seeds as usize)).unwrap_or(usize::MAX)
    }

    /// The table kept in `values` (of [`Endgame::bytes_for`] bytes), as
    /// [`Endgame::build`] left it.
    #[must_use]
    pub fn new(values: &'m [AtomicI8], max_seeds: u32) -> Endgame<'m> {
        Endgame {
            max_seeds: max_seeds.cast_signed(),
            values,
        }
    }

    /// Builds the table of boards with at most `max_seeds` seeds in
    /// `values` (of [`Endgame::bytes_for`] bytes) using `threads` threads,
    /// telling `building` every `tell_every` how many boards are done.
    pub fn build(
        sowing: &Sowing,
        indexer: &Indexer,
        values: &'m [AtomicI8],
        max_seeds: u32,
        threads: usize,
        tell_every: Duration,
        building: &mut dyn FnMut(u64),
    ) {
        for value in values {
            value.store(UNKNOWN, Ordering::Relaxed);
        }
        let table = &Endgame::new(values, max_seeds);
        let mut last_told = Instant::now();
        for seeds in 0..=max_seeds {
            let first = if seeds == 0 {
                0
            } else {
                indexer.count_up_to(seeds as usize - 1)
            };
            let end = indexer.count_up_to(seeds as usize);
            let next_block = AtomicU64::new(first);
            std::thread::scope(|scope| {
                let (finished, heard) = channel();
                for _ in 0..threads.max(1) {
                    let finished = finished.clone();
                    let next_block = &next_block;
                    scope.spawn(move || {
                        loop {
                            let start = next_block.fetch_add(BLOCK, Ordering::Relaxed);
                            if start >= end {
                                break;
                            }
                            table.fill_block(sowing, indexer, start, (start + BLOCK).min(end));
                        }
                        let _ = finished.send(());
                    });
                }
                drop(finished);
                // Until every thread is done (or gone: its panic comes out
                // of the scope), now and then the boards handed out so far
                // (the blocks under way counted as done).
                loop {
                    match heard.recv_timeout(tell_every.saturating_sub(last_told.elapsed())) {
                        Ok(()) => {}
                        Err(RecvTimeoutError::Timeout) => {
                            building(next_block.load(Ordering::Relaxed).min(end));
                            last_told = Instant::now();
                        }
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
            });
        }
    }

    /// Boards in the table.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The value of the board numbered `index` for the player to move (what
    /// they gain on the opponent from here), if it is in the table.
    #[must_use]
    pub fn get(&self, index: u64) -> Option<i8> {
        let value = self.values.get(usize::try_from(index).ok()?)?;
        Some(value.load(Ordering::Relaxed)).filter(|&v| v != UNKNOWN)
    }

    /// Works out boards `start..end`, all holding the same number of seeds.
    fn fill_block(&self, sowing: &Sowing, indexer: &Indexer, start: u64, end: u64) {
        let mut board = indexer.board(start);
        for index in start..end {
            self.value(sowing, indexer, &board, index);
            next_board(sowing.shape, &mut board);
        }
    }

    /// The value of `board` (numbered `index`), worked out if need be.
    fn value(&self, sowing: &Sowing, indexer: &Indexer, board: &Pits, index: u64) -> i8 {
        let slot = &self.values[index as usize];
        let known = slot.load(Ordering::Relaxed);
        if known != UNKNOWN {
            return known;
        }
        let shape = sowing.shape;
        let m = shape.row;
        let value = if board.row_is_empty(shape, 0) || board.row_is_empty(shape, m) {
            // Never to move (the game ended), but give it its end value.
            board.row_total(shape, 0) - board.row_total(shape, m)
        } else {
            // Every move first, so the table reads for them overlap; then
            // any board of this seed count not worked out yet, played again
            // (rarer than keeping every child board would make up for).
            let mut moves = [(0i32, 0u64, 0u8, 0i8); MAX_ROW];
            let mut count = 0;
            for pit in 0..m {
                if board.0[pit] == 0 {
                    continue;
                }
                moves[count] = match board.play(sowing, pit) {
                    Played::Finished { gain } => (gain, FINISHED, pit as u8, 0),
                    Played::Again { gain, board } => (gain, indexer.index(&board), pit as u8, 1),
                    Played::Over { gain, board } => (gain, indexer.index(&board), pit as u8, -1),
                };
                count += 1;
            }
            let mut known = [UNKNOWN; MAX_ROW];
            for (value, &(_, index, _, _)) in known.iter_mut().zip(&moves[..count]) {
                if index != FINISHED {
                    *value = self.values[index as usize].load(Ordering::Relaxed);
                }
            }
            let mut best = i32::MIN;
            for (&(gain, index, pit, sign), &value) in moves[..count].iter().zip(&known) {
                let value = if sign == 0 {
                    gain
                } else {
                    let value = if value == UNKNOWN {
                        let next = match board.play(sowing, usize::from(pit)) {
                            Played::Again { board, .. } | Played::Over { board, .. } => board,
                            Played::Finished { .. } => unreachable!("played the same as before"),
                        };
                        self.value(sowing, indexer, &next, index)
                    } else {
                        value
                    };
                    gain + i32::from(sign) * i32::from(value)
                };
                best = best.max(value);
            }
            best
        };
        let value = i8::try_from(value).expect("a value is at most the seeds on the board");
        slot.store(value, Ordering::Relaxed);
        value
    }
}

/// The next board with the same seeds in the numbering: the suffix sums
/// `(s_1, s_2, …)` count up like an odometer, the last fastest.
fn next_board(shape: Shape, board: &mut Pits) {
    let k = shape.pits();
    // Suffix sums s_j = x_j + … + x_{k-1}; find the last j ≥ 1 that may grow.
    let mut suffix = [0u32; 2 * MAX_ROW + 1];
    for i in (0..k).rev() {
        suffix[i] = suffix[i + 1] + u32::from(board.0[i]);
    }
    for j in (1..k).rev() {
        if suffix[j] < suffix[j - 1] {
            suffix[j] += 1;
            for s in &mut suffix[j + 1..k] {
                *s = 0;
            }
            for i in 0..k {
                board.0[i] = u8::try_from(suffix[i] - suffix[i + 1]).unwrap_or(u8::MAX);
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built(shape: Shape, max_seeds: u32, tell_every: Duration) -> (Vec<i8>, Vec<u64>) {
        let sowing = Sowing::new(shape);
        let indexer = Indexer::new(shape, max_seeds as usize).unwrap();
        let values: Vec<AtomicI8> = (0..Endgame::bytes_for(&indexer, max_seeds))
            .map(|_| AtomicI8::new(0))
            .collect();
        let mut told = Vec::new();
        Endgame::build(
            &sowing,
            &indexer,
            &values,
            max_seeds,
            2,
            tell_every,
            &mut |done| {
                told.push(done);
            },
        );
        let values = values.iter().map(|v| v.load(Ordering::Relaxed)).collect();
        (values, told)
    }

    #[test]
    fn a_build_tells_how_far_it_got_and_builds_the_same_table() {
        let shape = Shape {
            row: 4,
            skip_origin: false,
            empty_capture: false,
        };
        // Telling at every chance (each of the 15 seed counts is many
        // blocks, so the waiting thread gets chances), and never.
        let (values, told) = built(shape, 14, Duration::ZERO);
        let (quiet_values, quiet_told) = built(shape, 14, Duration::from_hours(24));
        assert!(quiet_told.is_empty());
        assert!(!told.is_empty());
        assert!(told.windows(2).all(|pair| pair[0] <= pair[1]), "{told:?}");
        assert!(told.iter().all(|&done| done <= values.len() as u64));
        assert_eq!(values, quiet_values);
        assert!(values.iter().all(|&value| value != UNKNOWN));
    }
}
