//! Perft: the number of move sequences of a given length (spec §5), the engine's
//! correctness and speed check.
//!
//! A ply is one move (all its laps); an extra turn is a ply of its own; a position
//! whose round is over has no moves, so a game that ends before the last ply
//! counts nothing and one that ends exactly on it counts as a leaf.

use std::ops::AddAssign;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::game::Position;
use super::rules::Rules;

/// What a perft run counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftCount {
    /// Move sequences of exactly the depth asked for: the spec's number.
    pub nodes: u64,
    /// Moves played to find them, at every depth: the work done.
    pub moves: u64,
}

impl AddAssign for PerftCount {
    fn add_assign(&mut self, other: PerftCount) {
        self.nodes += other.nodes;
        self.moves += other.moves;
    }
}

/// Counts the sequences `depth` plies long from `position`, on one thread.
#[must_use]
pub fn perft(rules: &Rules, position: &Position, depth: u32) -> PerftCount {
    if depth == 0 {
        return PerftCount { nodes: 1, moves: 0 };
    }
    let mut count = PerftCount::default();
    position.for_each_child(rules, |child| {
        count.moves += 1;
        count += perft(rules, &child, depth - 1);
    });
    count
}

/// Like [`perft`], sharing the work among `threads` threads. The positions three
/// plies down are handed out one at a time, so the threads stay busy even when
/// the subtrees differ a lot in size.
#[must_use]
pub fn perft_parallel(
    rules: &Rules,
    position: &Position,
    depth: u32,
    threads: usize,
) -> PerftCount {
    const SPLIT: u32 = 3;
    if threads <= 1 || depth <= SPLIT {
        return perft(rules, position, depth);
    }
    let mut frontier = vec![*position];
    let mut count = PerftCount::default();
    for _ in 0..SPLIT {
        frontier = frontier
            .iter()
            .flat_map(|p| {
                p.candidate_moves()
                    .filter_map(|pit| p.play(rules, pit).ok())
            })
            .collect();
        count.moves += frontier.len() as u64;
    }
    let next = AtomicUsize::new(0);
    let remaining = depth - SPLIT;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut count = PerftCount::default();
                    while let Some(p) = frontier.get(next.fetch_add(1, Ordering::Relaxed)) {
                        count += perft(rules, p, remaining);
                    }
                    count
                })
            })
            .collect();
        for worker in workers {
            count += worker
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
    count
}
