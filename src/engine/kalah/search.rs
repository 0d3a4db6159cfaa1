//! The exact search: null-window alpha-beta tests ("is the value at least
//! t?") over the compact board, driven towards the true value MTD(f)-style,
//! with two tests at a time when there are two threads.
//!
//! Values are what the player to move still gains on the opponent, so they
//! lie within ± the seeds left on the board; that alone settles many tests.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::board::{MAX_ROW, Pits, Played, Shape};
use super::endgame::Endgame;
use super::index::Indexer;
use super::table::{Bounds, NO_PIT, Table};

/// Everything the search threads share.
pub struct Shared<'a> {
    pub shape: Shape,
    pub indexer: &'a Indexer,
    pub endgame: &'a Endgame,
    pub table: &'a Table,
    pub nodes: AtomicU64,
    /// Raised to make every test return at once (with a meaningless value).
    pub stop: &'a AtomicBool,
}

/// One thread's search.
struct Tester<'s, 'a> {
    shared: &'s Shared<'a>,
    nodes: u64,
}

/// A move tried at a node, with the order it is tried in.
#[derive(Clone, Copy)]
struct Candidate {
    pit: u8,
    order: i32,
    played: Played,
}

impl Tester<'_, '_> {
    /// Fail-soft test of "value ≥ `beta`" for the player to move on `board`
    /// (holding `seeds` seeds): a result ≥ `beta` is a lower bound of the
    /// value, one below it an upper bound.
    fn test(&mut self, board: &Pits, seeds: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if beta > seeds {
            return seeds;
        }
        if beta <= -seeds {
            return -seeds;
        }
        if self.nodes.is_multiple_of(1 << 16) && self.shared.stop.load(Ordering::Relaxed) {
            return 0;
        }
        let shared = self.shared;
        let index = shared.indexer.index(board);
        if seeds as u32 <= shared.endgame.max_seeds
            && let Some(value) = shared.endgame.get(index)
        {
            return i32::from(value);
        }
        let mut low = -seeds;
        let mut high = seeds;
        let mut first = NO_PIT;
        if let Some(known) = shared.table.get(index) {
            low = i32::from(known.low);
            high = i32::from(known.high);
            if low >= beta {
                return low;
            }
            if high < beta {
                return high;
            }
            first = known.best;
        }
        let nodes_before = self.nodes;
        let (candidates, count) = self.candidates(board, first);
        let mut best = i32::MIN;
        let mut best_pit = NO_PIT;
        for candidate in &candidates[..count] {
            let value = match candidate.played {
                Played::Finished { gain } => gain,
                Played::Again { gain, board } => {
                    gain + self.test(&board, seeds - gain, beta - gain)
                }
                Played::Over { gain, board } => {
                    gain - self.test(&board, seeds - gain, gain - beta + 1)
                }
            };
            if value > best {
                best = value;
                best_pit = candidate.pit;
                if best >= beta {
                    break;
                }
            }
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            return 0;
        }
        if best >= beta {
            low = low.max(best);
        } else {
            high = high.min(best);
        }
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        shared.table.put(
            index,
            Bounds {
                low: low as i8,
                high: high as i8,
                best: best_pit,
                work: work as u8,
            },
        );
        best
    }

    /// The legal moves, in the order to try them: the table's move, moves
    /// that end the game (no search needed), extra turns from the pit nearest
    /// the store down, then the rest by what they win at once.
    fn candidates(&self, board: &Pits, first: u8) -> ([Candidate; MAX_ROW], usize) {
        let shape = self.shared.shape;
        let mut list = [Candidate {
            pit: 0,
            order: 0,
            played: Played::Finished { gain: 0 },
        }; MAX_ROW];
        let mut count = 0;
        for pit in (0..shape.row).rev() {
            if board.0[pit] == 0 {
                continue;
            }
            let played = board.play(shape, pit);
            let pit = pit as u8;
            let order = if pit == first {
                1 << 20
            } else {
                match played {
                    Played::Finished { .. } => 1 << 19,
                    Played::Again { .. } => (1 << 18) + i32::from(pit),
                    Played::Over { gain, .. } => gain * 32 + i32::from(pit),
                }
            };
            // Insertion sort: at most sixteen moves.
            let mut at = count;
            while at > 0 && list[at - 1].order < order {
                list[at] = list[at - 1];
                at -= 1;
            }
            list[at] = Candidate { pit, order, played };
            count += 1;
        }
        (list, count)
    }
}

/// The value of `board` for the player to move, proved exactly: `guess` is
/// where to start looking. Returns `None` when stopped.
pub fn value(shared: &Shared, board: &Pits, guess: i32, threads: usize) -> Option<i32> {
    let seeds = board.total(shared.shape) as i32;
    let mut low = -seeds;
    let mut high = seeds;
    let mut guess = guess.clamp(low, high);
    while low < high {
        // The test that would confirm the guess from below, and the one that
        // would confirm it from above.
        let first = if guess > low { guess } else { guess + 1 };
        let mut targets = vec![first];
        if threads > 1 && first < high {
            targets.push(first + 1);
        }
        let results = run_tests(shared, board, seeds, &targets);
        if shared.stop.load(Ordering::Relaxed) {
            return None;
        }
        for (&target, &result) in targets.iter().zip(&results) {
            if result >= target {
                low = low.max(result);
                guess = result;
            } else {
                high = high.min(result);
            }
        }
        if results[0] < targets[0] {
            guess = results[0];
        }
        guess = guess.clamp(low, high);
    }
    Some(low)
}

/// Runs one test per target, each on its own thread.
fn run_tests(shared: &Shared, board: &Pits, seeds: i32, targets: &[i32]) -> Vec<i32> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = targets
            .iter()
            .map(|&target| scope.spawn(move || test_once(shared, board, seeds, target)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread panicked"))
            .collect()
    })
}

/// One test of "value ≥ `target`" from `board`, counting its nodes.
pub fn test_once(shared: &Shared, board: &Pits, seeds: i32, target: i32) -> i32 {
    let mut tester = Tester { shared, nodes: 0 };
    let result = tester.test(board, seeds, target);
    shared.nodes.fetch_add(tester.nodes, Ordering::Relaxed);
    result
}
