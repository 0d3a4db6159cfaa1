//! The exact search: null-window alpha-beta tests ("is the value at least
//! t?") over the compact board, driven towards the true value MTD(f)-style.
//! Every thread runs the same test; they share the table and spread out over
//! the moves (see [`Busy`]).
//!
//! Values are what the player to move still gains on the opponent, so they
//! lie within ± the seeds left on the board; that alone settles many tests.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::TELL_EVERY;
use super::board::{MAX_ROW, Pits, Played, Sowing};
use super::endgame::Endgame;
use super::index::Indexer;
use super::table::{Bounds, NO_PIT, Table};

/// Everything the search threads share.
pub struct Shared<'a> {
    pub sowing: &'a Sowing,
    pub indexer: &'a Indexer,
    pub endgame: Endgame<'a>,
    pub table: Table<'a>,
    pub nodes: AtomicU64,
    /// Moves some thread is searching right now (see [`Busy`]).
    pub busy: Busy,
    /// When to give up: a flag another thread may raise, and a deadline.
    pub stop: Option<&'a AtomicBool>,
    pub deadline: Option<Instant>,
    /// Raised once the search has given up: every test then returns at once
    /// with a meaningless value, and nothing more is written to the table.
    pub halted: AtomicBool,
}

impl Shared<'_> {
    /// Whether to give up, looking at the flag and the clock.
    fn check_limits(&self) -> bool {
        let over = self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if over {
            self.halted.store(true, Ordering::Relaxed);
        }
        over
    }

    #[must_use]
    pub fn is_halted(&self) -> bool {
        self.halted.load(Ordering::Relaxed)
    }
}

/// How often (in nodes) a thread looks at the flag and the clock.
const CHECK_EVERY: u64 = 1 << 14;

/// Moves being searched, so that threads running the same test spread out:
/// at a node where every move must be searched, a thread leaves a move
/// another thread is already on for last, by when its result is usually in
/// the table (simplified ABDADA). A slot holds `board number · 32 + pit + 1`
/// (wrapping: a clash only costs a little order).
pub struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    #[must_use]
    pub fn new(threads: usize) -> Busy {
        let size = if threads > 1 { 1 << 15 } else { 0 };
        Busy {
            slots: (0..size).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> Option<&AtomicU64> {
        if self.slots.is_empty() {
            return None;
        }
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        Some(&self.slots[mixed as usize & (self.slots.len() - 1)])
    }
}

/// A pit's place in the move order among equals: nearer the store first.
fn slot_order(pit: usize) -> i32 {
    i32::try_from(pit).unwrap_or(0)
}

/// Stands for "not numbered yet" in [`Next::index`].
const UNNUMBERED: u64 = u64::MAX;

/// Children are looked up before any is searched (for cutoffs from the
/// table, and so the memory reads overlap) only this many seeds above the
/// endgame table; nearer the leaves that costs more than it saves.
/// Measured on Kalah(6,4): 4 → 27.6 s, 8 → 24.6 s, never → 25.1 s.
const EAGER_MARGIN: i32 = 8;

/// One thread's search.
struct Tester<'s, 'a> {
    shared: &'s Shared<'a>,
    nodes: u64,
    /// This thread has seen the limits passed (each thread looks for itself,
    /// so the hot path reads no shared flag).
    halted: bool,
}

/// A move at a node, with what is known of its value before searching it.
#[derive(Clone, Copy)]
struct Candidate {
    pit: u8,
    order: i32,
    /// The move's value for the mover lies in `low..=high`.
    low: i32,
    high: i32,
    /// The game is over after it; else it goes on to `next`.
    ends: bool,
    next: Next,
}

impl Candidate {
    /// A free place in a list of candidates: all zero, so a list is
    /// cleared as one block.
    const NONE: Candidate = Candidate {
        pit: 0,
        order: 0,
        low: 0,
        high: 0,
        ends: false,
        next: Next {
            index: 0,
            seeds: 0,
            gain: 0,
            again: false,
        },
    };
}

/// Where a move leads (the board itself is kept apart, by pit, so that
/// sorting the moves moves less) and how to turn its value into the mover's.
#[derive(Clone, Copy)]
struct Next {
    index: u64,
    seeds: i32,
    gain: i32,
    /// The mover moves again (the value is not negated).
    again: bool,
}

impl Tester<'_, '_> {
    /// Fail-soft test of "value ≥ `beta`" for the player to move on `board`
    /// (number `index`, holding `seeds` seeds, more than the endgame table
    /// covers): a result ≥ `beta` is a lower bound of the value, one below it
    /// an upper bound.
    fn test(&mut self, board: &Pits, index: u64, seeds: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            // Counted as it goes, so that a long test can tell how far it got.
            self.shared.nodes.fetch_add(CHECK_EVERY, Ordering::Relaxed);
            if self.shared.check_limits() {
                self.halted = true;
            }
        }
        if self.halted {
            return 0;
        }
        if beta > seeds {
            return seeds;
        }
        if beta <= -seeds {
            return -seeds;
        }
        let shared = self.shared;
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
        let eager = seeds > shared.endgame.max_seeds + EAGER_MARGIN;
        let mut candidates = [Candidate::NONE; MAX_ROW];
        let mut boards = [Pits([0; 2 * MAX_ROW]); MAX_ROW];
        let count = self.candidates(board, seeds, first, eager, &mut candidates, &mut boards);
        // A move whose known bounds already reach `beta` settles the test
        // without a search (enhanced transposition cutoff).
        let (best, best_pit) = match candidates[..count].iter().find(|c| c.low >= beta) {
            Some(cut) => (cut.low, cut.pit),
            None => self.try_moves(index, &candidates[..count], &boards, beta),
        };
        if self.halted {
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

    /// Searches `candidates` (of the board numbered `index`) in order until
    /// one reaches `beta`; returns the best value and its pit. A move another
    /// thread is searching is left for last (see [`Busy`]).
    fn try_moves(
        &mut self,
        index: u64,
        candidates: &[Candidate],
        boards: &[Pits; MAX_ROW],
        beta: i32,
    ) -> (i32, u8) {
        let mut best = i32::MIN;
        let mut best_pit = NO_PIT;
        let mut deferred = [0usize; MAX_ROW];
        let mut deferred_count = 0;
        for (order, candidate) in candidates.iter().enumerate() {
            let key = index
                .wrapping_mul(32)
                .wrapping_add(u64::from(candidate.pit) + 1);
            // The first move, and moves the tables already settle, are never
            // left: the first is what every thread starts with.
            let busy = if !candidate.ends && order > 0 && candidate.high >= beta {
                self.shared.busy.slot(key)
            } else {
                None
            };
            if let Some(slot) = busy {
                if slot.load(Ordering::Relaxed) == key {
                    deferred[deferred_count] = order;
                    deferred_count += 1;
                    continue;
                }
                slot.store(key, Ordering::Relaxed);
            }
            let value = self.move_value(candidate, &boards[usize::from(candidate.pit)], beta);
            if let Some(slot) = busy {
                let _ = slot.compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
            }
            if value > best {
                best = value;
                best_pit = candidate.pit;
                if best >= beta {
                    return (best, best_pit);
                }
            }
        }
        for &order in &deferred[..deferred_count] {
            let candidate = &candidates[order];
            let value = self.move_value(candidate, &boards[usize::from(candidate.pit)], beta);
            if value > best {
                best = value;
                best_pit = candidate.pit;
                if best >= beta {
                    break;
                }
            }
        }
        (best, best_pit)
    }

    /// The value of a move for the mover, as a fail-soft bound against
    /// `beta`, searching only when its known bounds do not decide.
    fn move_value(&mut self, candidate: &Candidate, board: &Pits, beta: i32) -> i32 {
        if candidate.high < beta || candidate.low >= beta {
            return if candidate.high < beta {
                candidate.high
            } else {
                candidate.low
            };
        }
        if candidate.ends {
            return candidate.low;
        }
        let mut next = candidate.next;
        if next.index == UNNUMBERED {
            next.index = self.shared.indexer.index(board);
            let (low, high) = self.known(&next);
            if low == high {
                return if next.again {
                    next.gain + low
                } else {
                    next.gain - low
                };
            }
        }
        if next.again {
            next.gain + self.test(board, next.index, next.seeds, beta - next.gain)
        } else {
            next.gain - self.test(board, next.index, next.seeds, next.gain - beta + 1)
        }
    }

    /// Where a move that took `gain` seeds off a board of `seeds` leads.
    fn lookup(&self, board: &Pits, seeds: i32, gain: i32, again: bool, eager: bool) -> Next {
        let seeds = seeds - gain;
        Next {
            index: if eager {
                self.shared.indexer.index(board)
            } else {
                UNNUMBERED
            },
            seeds,
            gain,
            again,
        }
    }

    /// Bounds on the value of `next` for the player to move there: exact
    /// from the endgame table, proven ones from the transposition table, or
    /// the seeds left.
    fn known(&self, next: &Next) -> (i32, i32) {
        let shared = self.shared;
        if next.index == UNNUMBERED {
            return (-next.seeds, next.seeds);
        }
        if next.seeds <= shared.endgame.max_seeds
            && let Some(value) = shared.endgame.get(next.index)
        {
            return (i32::from(value), i32::from(value));
        }
        match shared.table.get(next.index) {
            Some(known) => (i32::from(known.low), i32::from(known.high)),
            None => (-next.seeds, next.seeds),
        }
    }

    /// The legal moves with what the tables know of each, in the order to
    /// try them, into `list` (their boards into `boards`, by pit): the
    /// table's move, extra turns from the pit nearest the store down, then
    /// the rest by what they win at once. Looking every child up here,
    /// before any is searched, also lets the memory loads overlap.
    fn candidates(
        &self,
        board: &Pits,
        seeds: i32,
        first: u8,
        eager: bool,
        list: &mut [Candidate; MAX_ROW],
        boards: &mut [Pits; MAX_ROW],
    ) -> usize {
        let shared = self.shared;
        let shape = shared.sowing.shape;
        let mut count = 0;
        for pit in (0..shape.row).rev() {
            if board.0[pit] == 0 {
                continue;
            }
            let (order, low, high, ends, next) = match board.play(shared.sowing, pit) {
                Played::Finished { gain } => (1 << 19, gain, gain, true, Candidate::NONE.next),
                Played::Again { gain, board } => {
                    boards[pit] = board;
                    let next = self.lookup(&board, seeds, gain, true, eager);
                    let (low, high) = self.known(&next);
                    (
                        (1 << 18) + slot_order(pit),
                        gain + low,
                        gain + high,
                        false,
                        next,
                    )
                }
                Played::Over { gain, board } => {
                    boards[pit] = board;
                    let next = self.lookup(&board, seeds, gain, false, eager);
                    let (low, high) = self.known(&next);
                    (
                        gain * 32 + slot_order(pit),
                        gain - high,
                        gain - low,
                        false,
                        next,
                    )
                }
            };
            let pit = pit as u8;
            let order = if pit == first { 1 << 20 } else { order };
            let candidate = Candidate {
                pit,
                order,
                low,
                high,
                ends,
                next,
            };
            // Insertion sort: at most sixteen moves.
            let mut at = count;
            while at > 0 && list[at - 1].order < order {
                list[at] = list[at - 1];
                at -= 1;
            }
            list[at] = candidate;
            count += 1;
        }
        count
    }
}

/// The value of `board` for the player to move, proved exactly: `guess` is
/// where to start looking. Every thread runs the same test. `proven` hears
/// the bounds after each test. `None` when the search gave up.
pub fn value(
    shared: &Shared,
    board: &Pits,
    guess: i32,
    threads: usize,
    report: &mut dyn FnMut(Step),
) -> Option<i32> {
    let seeds = board.total(shared.sowing.shape);
    let mut low = -seeds;
    let mut high = seeds;
    let mut guess = guess.clamp(low, high);
    while low < high {
        // Confirm the guess from below first, then from above.
        if shared.check_limits() {
            return None;
        }
        let target = if guess > low { guess } else { guess + 1 };
        let result = parallel_test(shared, board, seeds, target, threads, &mut || {
            report(Step::Testing { low, high, target });
        });
        if shared.is_halted() {
            return None;
        }
        if result >= target {
            low = result;
        } else {
            high = result;
        }
        report(Step::Proven { low, high });
        guess = result.clamp(low, high);
    }
    Some(low)
}

/// How [`value`] is getting on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The value is proven to lie in `low..=high`.
    Proven { low: i32, high: i32 },
    /// A test of "value ≥ `target`" has run for a while, bounds unchanged.
    Testing { low: i32, high: i32, target: i32 },
}

/// One test of "value ≥ `target`", run by `threads` threads together;
/// `waiting` is called every [`TELL_EVERY`] while it runs.
pub fn parallel_test(
    shared: &Shared,
    board: &Pits,
    seeds: i32,
    target: i32,
    threads: usize,
    waiting: &mut dyn FnMut(),
) -> i32 {
    std::thread::scope(|scope| {
        let (done, answer) = std::sync::mpsc::channel();
        let first = scope.spawn(move || {
            let _ = done.send(test_once(shared, board, seeds, target));
        });
        let helpers: Vec<_> = (1..threads)
            .map(|_| scope.spawn(move || test_once(shared, board, seeds, target)))
            .collect();
        let result = loop {
            match answer.recv_timeout(TELL_EVERY) {
                Ok(result) => break result,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => waiting(),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    // The thread panicked: its join below says so.
                    break 0;
                }
            }
        };
        first.join().expect("a search thread panicked");
        // The first thread's answer is complete; the helpers' work is in the
        // table. (They finish their own copy of the same test quickly.)
        for helper in helpers {
            helper.join().expect("a search thread panicked");
        }
        result
    })
}

/// One test of "value ≥ `target`" from `board`, counting its nodes.
pub fn test_once(shared: &Shared, board: &Pits, seeds: i32, target: i32) -> i32 {
    let mut tester = Tester {
        shared,
        nodes: 0,
        halted: false,
    };
    let index = shared.indexer.index(board);
    if seeds <= shared.endgame.max_seeds
        && let Some(value) = shared.endgame.get(index)
    {
        return i32::from(value);
    }
    let result = tester.test(board, index, seeds, target);
    shared
        .nodes
        .fetch_add(tester.nodes % CHECK_EVERY, Ordering::Relaxed);
    result
}
