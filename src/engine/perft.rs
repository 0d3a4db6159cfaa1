//! Perft: the number of move sequences of a given length (spec §5), the engine's
//! correctness and speed check.
//!
//! A ply is one move (all its laps); an extra turn is a ply of its own; a position
//! whose round is over has no moves, so a game that ends before the last ply
//! counts nothing and one that ends exactly on it counts as a leaf.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::game::Position;
use super::rules::Rules;

/// Counts the leaves `depth` plies below `position`, on one thread.
#[must_use]
pub fn perft(rules: &Rules, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for pit in 1..=position.pit_count() {
        if let Ok(child) = position.play(rules, pit) {
            nodes += perft(rules, &child, depth - 1);
        }
    }
    nodes
}

/// Like [`perft`], sharing the work among `threads` threads. The positions two
/// plies down are handed out one at a time, so the threads stay busy even when
/// the subtrees differ a lot in size.
#[must_use]
pub fn perft_parallel(rules: &Rules, position: &Position, depth: u32, threads: usize) -> u64 {
    let split = 2;
    if threads <= 1 || depth <= split {
        return perft(rules, position, depth);
    }
    let mut frontier = vec![*position];
    for _ in 0..split {
        frontier = frontier
            .iter()
            .flat_map(|p| (1..=p.pit_count()).filter_map(|pit| p.play(rules, pit).ok()))
            .collect();
    }
    let next = AtomicUsize::new(0);
    let remaining = depth - split;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut nodes = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = frontier.get(i) else { break };
                        nodes += perft(rules, p, remaining);
                    }
                    nodes
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    })
}
