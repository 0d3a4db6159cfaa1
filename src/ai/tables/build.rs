//! Working a table out: every board's moves read once through the rules
//! engine, then the least fixed point of what each player can force, seed
//! count by seed count (see [`super`]).

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{Building, EndgameTable, SHORT_MAX, SHORT_SHIFT, boards, counts, indexable};
use crate::ai::kalah::index::Indexer;
use crate::engine::{Position, Rules, Side};

/// Boards a thread takes at a time.
const BLOCK: usize = 4096;
/// The most seeds on the boards whose values the end by repetition raises
/// ([`Builder::refine_by_cycles`]): in Oware it raised values on boards of
/// up to 10 seeds and none of 11 to 15 (measured on 2026-12-05), while it
/// took most of the build's time there.
const CYCLES_UP_TO: u8 = 12;
/// How often the build tells its progress.
const TELL_EVERY: Duration = Duration::from_millis(200);
/// Marks a child where the other player moves next (not an extra turn).
const OTHER_MOVES: u32 = 1 << 31;

/// What an edge of a [`Level`] (a child, or a parent in [`Parents`])
/// holds: the board it names, numbered within the count, and whether the
/// player to move changes along it.
pub(super) fn edge(edge: u32) -> (usize, bool) {
    ((edge & !OTHER_MOVES) as usize, edge & OTHER_MOVES != 0)
}

impl EndgameTable {
    /// Works out the table of `rules` (which must be [`indexable`]) up to
    /// `max_seeds` seeds on `threads` threads, telling `tell` how far it has
    /// come now and then; `None` when `stop` is set or the table would be
    /// larger than [`boards`] allows.
    pub fn build(
        rules: &Rules,
        max_seeds: u8,
        threads: usize,
        stop: &AtomicBool,
        tell: &mut dyn FnMut(&Building),
    ) -> Option<EndgameTable> {
        indexable(rules).ok()?;
        let total = boards(rules.pits(), max_seeds)?;
        let pits = usize::from(rules.pits());
        let indexer = Indexer::for_pits(2 * pits, usize::from(max_seeds))?;
        let rules = rules.without_more_than_half_end();
        let size = usize::try_from(total).ok()?;
        let builder = Builder {
            template: Position::new(&rules, Side::South),
            rules,
            pits,
            indexer,
            mine: (0..size).map(|_| AtomicU8::new(0)).collect(),
            theirs: (0..size).map(|_| AtomicU8::new(0)).collect(),
        };
        let threads = threads.max(1);
        for seeds in 0..=max_seeds {
            builder.work_out(seeds, max_seeds, threads, stop, tell)?;
        }
        Some(builder.into_table(max_seeds))
    }
}

/// The table while it is worked out: for every board, what the player to
/// move (`mine`) and the other (`theirs`) are sure of so far.
pub(super) struct Builder {
    rules: Rules,
    template: Position,
    pub(super) pits: usize,
    pub(super) indexer: Indexer,
    pub(super) mine: Vec<AtomicU8>,
    pub(super) theirs: Vec<AtomicU8>,
}

/// The moves of every board of one seed count, read once.
pub(super) struct Level {
    /// The first board's number.
    pub(super) first: u64,
    /// Per board: the best the moves that leave the count give the mover,
    /// and the least they leave the other (`u8::MAX`: no such move).
    pub(super) exits: Vec<(u8, u8)>,
    /// Per board, where its moves within the count begin in `children`
    /// (one more entry than boards).
    pub(super) starts: Vec<u32>,
    /// Boards of this count moves lead to (numbered from `first`), with
    /// [`OTHER_MOVES`] set where the other player moves next.
    pub(super) children: Vec<u32>,
}

/// What one block of boards gave: its exits, its children counts and the
/// children, in board order.
type Block = (usize, Vec<(u8, u8)>, Vec<u32>, Vec<u32>);

impl Builder {
    /// Works out the boards of `seeds` seeds; `None` when stopped.
    fn work_out(
        &self,
        seeds: u8,
        max_seeds: u8,
        threads: usize,
        stop: &AtomicBool,
        tell: &mut dyn FnMut(&Building),
    ) -> Option<()> {
        let first = if seeds == 0 {
            0
        } else {
            self.indexer.count_up_to(usize::from(seeds) - 1)
        };
        let end = self.indexer.count_up_to(usize::from(seeds));
        let boards = self.indexer.count_up_to(usize::from(max_seeds));
        let count = usize::try_from(end - first).ok()?;
        let mut told = |done: u64| {
            tell(&Building {
                seeds,
                max_seeds,
                settled: first + done,
                boards,
            });
        };
        let level = self.read_moves(first, count, threads, stop, &mut told)?;
        let parents = level.parents();
        // Every board once, then those a child of which rose, until none
        // rises: the least fixed point.
        let dirty: Vec<AtomicU64> = (0..count.div_ceil(64))
            .map(|_| AtomicU64::new(u64::MAX))
            .collect();
        loop {
            let next = AtomicUsize::new(0);
            let any = AtomicBool::new(false);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        loop {
                            let word = next.fetch_add(1, Ordering::Relaxed);
                            if word >= dirty.len() || stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let bits = dirty[word].swap(0, Ordering::Relaxed);
                            if bits != 0 {
                                any.store(true, Ordering::Relaxed);
                            }
                            let mut bits = bits;
                            while bits != 0 {
                                let board = word * 64 + bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                if board < count && self.settle(&level, board) {
                                    for &parent in parents.of(board) {
                                        let (parent, _) = edge(parent);
                                        dirty[parent / 64]
                                            .fetch_or(1 << (parent % 64), Ordering::Relaxed);
                                    }
                                }
                            }
                        }
                    });
                }
            });
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if !any.load(Ordering::Relaxed) {
                break;
            }
        }
        if seeds <= CYCLES_UP_TO {
            self.refine_by_cycles(&level, &parents, seeds);
        }
        told(end - first);
        Some(())
    }

    /// Raises `board`'s values to what its moves give now: whether either
    /// rose.
    fn settle(&self, level: &Level, board: usize) -> bool {
        let (mut mine, mut theirs) = level.exits[board];
        let first = level.first as usize;
        for &child in level.children_of(board) {
            let (child, passes) = edge(child);
            let index = first + child;
            let (child_mine, child_theirs) = (
                self.mine[index].load(Ordering::Relaxed),
                self.theirs[index].load(Ordering::Relaxed),
            );
            let (for_mover, for_other) = if passes {
                (child_theirs, child_mine)
            } else {
                (child_mine, child_theirs)
            };
            mine = mine.max(for_mover);
            theirs = theirs.min(for_other);
        }
        if theirs == u8::MAX {
            theirs = 0;
        }
        let index = first + board;
        let old_mine = self.mine[index].fetch_max(mine, Ordering::Relaxed);
        let old_theirs = self.theirs[index].fetch_max(theirs, Ordering::Relaxed);
        mine > old_mine || theirs > old_theirs
    }

    /// Every move of the `count` boards numbered from `first`, through the
    /// rules engine, on `threads` threads; `None` when stopped.
    fn read_moves(
        &self,
        first: u64,
        count: usize,
        threads: usize,
        stop: &AtomicBool,
        told: &mut dyn FnMut(u64),
    ) -> Option<Level> {
        let next = AtomicUsize::new(0);
        let done = AtomicU64::new(0);
        let running = AtomicUsize::new(threads);
        let mut blocks: Vec<Block> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut blocks = Vec::new();
                        loop {
                            let start = next.fetch_add(BLOCK, Ordering::Relaxed);
                            if start >= count || stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let end = (start + BLOCK).min(count);
                            let mut block = (start, Vec::new(), Vec::new(), Vec::new());
                            for board in start..end {
                                let before = block.3.len();
                                block.1.push(self.read_board(
                                    first,
                                    first + board as u64,
                                    &mut block.3,
                                ));
                                block
                                    .2
                                    .push(u32::try_from(block.3.len() - before).unwrap_or(0));
                            }
                            done.fetch_add((end - start) as u64, Ordering::Relaxed);
                            blocks.push(block);
                        }
                        running.fetch_sub(1, Ordering::Relaxed);
                        blocks
                    })
                })
                .collect();
            let mut last = Instant::now();
            while running.load(Ordering::Relaxed) > 0 {
                std::thread::sleep(Duration::from_millis(5));
                if last.elapsed() >= TELL_EVERY {
                    told(done.load(Ordering::Relaxed));
                    last = Instant::now();
                }
            }
            workers
                .into_iter()
                .flat_map(|worker| worker.join().unwrap_or_default())
                .collect()
        });
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        blocks.sort_unstable_by_key(|block| block.0);
        let edges: usize = blocks.iter().map(|block| block.3.len()).sum();
        let mut level = Level {
            first,
            exits: Vec::with_capacity(count),
            starts: Vec::with_capacity(count + 1),
            children: Vec::with_capacity(edges),
        };
        let mut start = 0u32;
        for (_, exits, counts, children) in blocks {
            level.exits.extend(exits);
            for n in counts {
                level.starts.push(start);
                start += n;
            }
            level.children.extend(children);
        }
        level.starts.push(start);
        Some(level)
    }

    /// Board `index`'s moves: what those that leave the count (numbered
    /// from `first`) give, and the boards of the count the others lead to,
    /// pushed on `children`.
    fn read_board(&self, first: u64, index: u64, children: &mut Vec<u32>) -> (u8, u8) {
        let board = self.indexer.board(index);
        let (south, north) = board.0[..2 * self.pits].split_at(self.pits);
        let position = self
            .template
            .with_counts(&self.rules, [south, north], Side::South);
        if position.to_move() != Some(Side::South) {
            // Over before a move: each takes what the end gives them.
            return stored(&position);
        }
        let mut mine = 0;
        let mut theirs = u8::MAX;
        position.for_each_child(&self.rules, |child| {
            let (south, north) = stored(child);
            let within = child.to_move().and_then(|mover| {
                let pits = counts(child, mover, self.pits, u8::MAX)?;
                Some((mover, self.indexer.index(&pits)))
            });
            match within {
                Some((mover, index)) if index >= first => {
                    let other = if mover == Side::South { 0 } else { OTHER_MOVES };
                    children.push(u32::try_from(index - first).unwrap_or(0) | other);
                }
                Some((mover, index)) => {
                    let index = usize::try_from(index).unwrap_or(usize::MAX);
                    let movers = self.mine[index].load(Ordering::Relaxed);
                    let others = self.theirs[index].load(Ordering::Relaxed);
                    let (for_south, for_north) = if mover == Side::South {
                        (movers, others)
                    } else {
                        (others, movers)
                    };
                    mine = mine.max(south + for_south);
                    theirs = theirs.min(north + for_north);
                }
                None => {
                    mine = mine.max(south);
                    theirs = theirs.min(north);
                }
            }
        });
        (mine, theirs)
    }

    fn into_table(self, max_seeds: u8) -> EndgameTable {
        let mut values = Vec::with_capacity(self.mine.len());
        let mut first = 0;
        for seeds in 0..=max_seeds {
            let end =
                usize::try_from(self.indexer.count_up_to(usize::from(seeds))).unwrap_or(usize::MAX);
            for index in first..end {
                let mine = self.mine[index].load(Ordering::Relaxed);
                let theirs = self.theirs[index].load(Ordering::Relaxed);
                let short = (seeds - mine - theirs).min(SHORT_MAX);
                values.push(mine | (short << SHORT_SHIFT));
            }
            first = end;
        }
        EndgameTable {
            pits: self.pits,
            max_seeds,
            indexer: self.indexer,
            values,
        }
    }
}

impl Level {
    /// The boards of the count `board`'s moves lead to (edges, see [`edge`]).
    pub(super) fn children_of(&self, board: usize) -> &[u32] {
        &self.children[self.starts[board] as usize..self.starts[board + 1] as usize]
    }

    /// Who leads to each board.
    fn parents(&self) -> Parents {
        let count = self.exits.len();
        let mut starts = vec![0u32; count + 1];
        for &child in &self.children {
            starts[edge(child).0 + 1] += 1;
        }
        for i in 0..count {
            starts[i + 1] += starts[i];
        }
        let mut filled = starts.clone();
        let mut parents = vec![0u32; self.children.len()];
        for board in 0..count {
            for &child in self.children_of(board) {
                let slot = &mut filled[edge(child).0];
                parents[*slot as usize] = u32::try_from(board).unwrap_or(0) | (child & OTHER_MOVES);
                *slot += 1;
            }
        }
        Parents { starts, parents }
    }
}

/// The boards that lead to each board of a count.
pub(super) struct Parents {
    starts: Vec<u32>,
    parents: Vec<u32>,
}

impl Parents {
    pub(super) fn of(&self, board: usize) -> &[u32] {
        &self.parents[self.starts[board] as usize..self.starts[board + 1] as usize]
    }
}

/// The stores of a position set up with nothing in them: what the moves
/// since took.
fn stored(position: &Position) -> (u8, u8) {
    let store = |side| u8::try_from(position.store(side)).unwrap_or(u8::MAX);
    (store(Side::South), store(Side::North))
}
