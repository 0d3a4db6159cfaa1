//! Perft: the number of move sequences of a given length (spec §5), the engine's
//! correctness and speed check.
//!
//! A ply is one move (all its laps); an extra turn is a ply of its own; a position
//! whose round is over has no moves, so a game that ends before the last ply
//! counts nothing and one that ends exactly on it counts as a leaf.

use std::ops::AddAssign;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::game::Position;
use super::history::History;
use super::rules::Rules;

/// What a perft run counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftCount {
    /// Move sequences of exactly the depth asked for: the spec's number.
    pub nodes: u64,
    /// Moves found on the way, at every depth (the sum of the nodes of each
    /// depth up to this one). The last ply's are counted without being
    /// played wherever the rules make every movable pit a legal move.
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
    if rules.plan().goal.repetition {
        let mut history = History::starting_at(position);
        return perft_remembering(rules, position, depth, &mut history);
    }
    perft_plain(rules, position, depth)
}

fn perft_plain(rules: &Rules, position: &Position, depth: u32) -> PerftCount {
    match depth {
        0 => return PerftCount { nodes: 1, moves: 0 },
        // The last ply's moves are counted, not played: most of perft's
        // sequences end there, and nothing after them is looked at.
        1 => {
            let moves = position.count_moves(rules);
            return PerftCount {
                nodes: moves,
                moves,
            };
        }
        _ => {}
    }
    let mut count = PerftCount::default();
    position.for_each_child(rules, |child| {
        count.moves += 1;
        count += perft_plain(rules, child, depth - 1);
    });
    count
}

/// Perft where a repeated position ends the game: `history` holds the line
/// down to `position`, which is its last entry.
fn perft_remembering(
    rules: &Rules,
    position: &Position,
    depth: u32,
    history: &mut History,
) -> PerftCount {
    // The last ply's positions are counted whether or not they repeat one:
    // only the moves after them would differ, and there are none.
    if depth <= 1 {
        return perft_plain(rules, position, depth);
    }
    let mut count = PerftCount::default();
    position.for_each_child(rules, |child| {
        count.moves += 1;
        let ended = history.enter(rules, child);
        count += perft_remembering(rules, ended.as_ref().unwrap_or(child), depth - 1, history);
        history.pop();
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
    // Each position of the frontier with the line that led to it.
    let mut frontier = vec![(*position, History::starting_at(position))];
    let mut count = PerftCount::default();
    for _ in 0..SPLIT {
        frontier = frontier
            .iter()
            .flat_map(|(p, history)| {
                p.legal_moves(rules).into_iter().filter_map(|mv| {
                    let child = p.play(rules, mv).ok()?;
                    let mut history = history.clone();
                    let child = history.enter(rules, &child).unwrap_or(child);
                    Some((child, history))
                })
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
                    while let Some((p, history)) =
                        frontier.get(next.fetch_add(1, Ordering::Relaxed))
                    {
                        count += if rules.plan().goal.repetition {
                            perft_remembering(rules, p, remaining, &mut history.clone())
                        } else {
                            perft_plain(rules, p, remaining)
                        };
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
