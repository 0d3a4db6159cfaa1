//! Endgame tables: for rules whose positions are their pit counts and the
//! player to move alone (Oware, the Kalah family), what each player can make
//! sure of taking from every board with few seeds left, worked out once by
//! retrograde analysis and kept in the cache folder
//! ([`crate::storage::tables`]).
//!
//! What a table proves. The end by repetition judges a position against the
//! line since the last capture (rules.md §6), so a value that holds whatever
//! that line was cannot be kept by board. A table holds what holds from a
//! position where that line begins (right after a capture, or a game's
//! start), and is asked only there: two numbers for the player to move, the
//! seeds of the board they can make sure of taking whatever the other does
//! (`at_least`), and those the other can make sure of (so the mover takes at
//! most the rest). Both come from plans whose every move goes to a board
//! nearer the plan's end, so no position comes twice and the end by
//! repetition never cuts them short. Where the two meet, the value is exact;
//! where they do not, best play goes round a cycle, and how that ends
//! depends on the line, which no table by board can hold.
//!
//! The end at more than half the seeds is left out
//! ([`Rules::without_more_than_half_end`]): it depends on the stores, and
//! who wins is the same without it.
//!
//! How. Boards are worked out one seed count at a time, fewest first: a
//! move keeps the count or lowers it (by a capture, a seed sown into a
//! store or the game's end), so a lower count's values are final before a
//! higher one starts. Within a count, moves can go round in cycles; every
//! board starts at "sure of nothing" and sweeps raise each board to what its
//! moves give, until a sweep changes nothing (the least fixed point: exactly
//! what can be forced in a finite number of moves).

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::kalah::board::{MAX_ROW, Pits};
use super::kalah::index::Indexer;
use crate::engine::{Pit, Position, Rounds, Rules, Side};

/// The most seeds a table can hold on a board: five bits of a byte.
pub const MAX_TABLE_SEEDS: u8 = 31;
/// The most boards a table may hold (each takes two bytes while it is
/// built).
const MAX_BOARDS: u64 = 1 << 32;
/// Boards a thread takes at a time.
const BLOCK: usize = 4096;
/// How often the build tells its progress.
const TELL_EVERY: Duration = Duration::from_millis(200);
/// The high bits of a stored byte: how far the two players' sure seeds fall
/// short of the board (at most this, meaning this or more).
const SHORT_MAX: u8 = 7;
const SHORT_SHIFT: u32 = 5;
const SURE_MASK: u8 = (1 << SHORT_SHIFT) - 1;

/// Why a rule set has no endgame table: its positions hold more than the
/// seeds in each pit and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unindexable {
    /// Four rows (Bao's hand, nyumba and blocks belong to them).
    FourRows,
    /// Rounds: the board of the next round depends on this one's end.
    Rounds,
    /// Owned pits (a tuzdyk, a weg).
    OwnedPits,
    /// A move after a capture, or moves counted from the start.
    Turns,
    /// Who cannot move loses, or passes: the end is not told by seeds.
    NotBySeeds,
    /// More pits a row than the numbering holds.
    TooManyPits,
}

/// Whether `rules` can have an endgame table.
///
/// # Errors
/// Why not.
pub fn indexable(rules: &Rules) -> Result<(), Unindexable> {
    if rules.rows() != 2 || rules.in_hand() != 0 || rules.front_across().is_some() {
        return Err(Unindexable::FourRows);
    }
    if rules.rounds() != Rounds::Single {
        return Err(Unindexable::Rounds);
    }
    if rules.owned_pits().is_some() {
        return Err(Unindexable::OwnedPits);
    }
    if rules.move_after_capture() || rules.plies_counted() != 0 {
        return Err(Unindexable::Turns);
    }
    if rules.stuck_player_loses() || rules.front_row_empty_loses() || rules.passing() {
        return Err(Unindexable::NotBySeeds);
    }
    if usize::from(rules.pits()) > MAX_ROW {
        return Err(Unindexable::TooManyPits);
    }
    Ok(())
}

/// What a table says of a position, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableValue {
    /// Seeds on the board.
    pub seeds: u8,
    /// Seeds the player to move can make sure of taking.
    pub at_least: u8,
    /// Seeds they take at most, when the other plays their best.
    pub at_most: u8,
}

impl TableValue {
    /// Whether best play's result is known (no cycle in the way).
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.at_least == self.at_most
    }

    /// The least and the most the player to move gains on the other from
    /// here, as the search counts (their seeds taken minus the other's).
    #[must_use]
    pub fn gains(&self) -> (i32, i32) {
        let seeds = i32::from(self.seeds);
        (
            2 * i32::from(self.at_least) - seeds,
            2 * i32::from(self.at_most) - seeds,
        )
    }
}

/// Every board of one rule set with up to `max_seeds` seeds.
pub struct EndgameTable {
    pits: usize,
    max_seeds: u8,
    indexer: Indexer,
    /// One byte a board (numbered the mover's row first): the seeds the
    /// mover is sure of in the low bits, and in the high bits how many
    /// fewer the other is sure of than the rest of the board.
    values: Vec<u8>,
}

/// How far a build has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Building {
    /// The seed count being worked out.
    pub seeds: u8,
    pub max_seeds: u8,
    /// Boards read (every board of the counts done, and those of this
    /// count whose moves are read).
    pub settled: u64,
    pub boards: u64,
}

/// How many boards a table of `pits` pits a row up to `max_seeds` seeds
/// holds, or `None` past what a table may hold.
#[must_use]
pub fn boards(pits: u8, max_seeds: u8) -> Option<u64> {
    if max_seeds > MAX_TABLE_SEEDS {
        return None;
    }
    let indexer = Indexer::for_pits(2 * usize::from(pits), usize::from(max_seeds))?;
    let count = indexer.count_up_to(usize::from(max_seeds));
    (count <= MAX_BOARDS).then_some(count)
}

impl std::fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameTable")
            .field("pits", &self.pits)
            .field("max_seeds", &self.max_seeds)
            .field("boards", &self.values.len())
            .finish_non_exhaustive()
    }
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

    /// Pits a row.
    #[must_use]
    pub fn pits(&self) -> u8 {
        u8::try_from(self.pits).unwrap_or(u8::MAX)
    }

    /// Boards in the table, and those whose value is exact.
    #[must_use]
    pub fn exact_boards(&self) -> (u64, u64) {
        let exact = self.values.iter().filter(|&&v| v >> SHORT_SHIFT == 0).count();
        (self.values.len() as u64, exact as u64)
    }

    /// The most seeds on a board the table holds.
    #[must_use]
    pub fn max_seeds(&self) -> u8 {
        self.max_seeds
    }

    /// What the table says of `position` (which must be of the rules it was
    /// built for), for the player to move: `None` when the game is over or
    /// more seeds are on the board than the table holds. It holds where
    /// the line a repeated position is judged against begins at `position`.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<TableValue> {
        let mover = position.to_move()?;
        if usize::from(position.pit_count()) != self.pits {
            return None;
        }
        let pits = counts(position, mover, self.pits, self.max_seeds)?;
        let seeds = u8::try_from(pits.0.iter().map(|&s| u32::from(s)).sum::<u32>()).ok()?;
        if seeds > self.max_seeds {
            return None;
        }
        let index = usize::try_from(self.indexer.index(&pits)).ok()?;
        Some(unpacked(seeds, self.values[index]))
    }

    /// The table as a file's bytes: a header naming `rules_key` (see
    /// [`rules_key`]), the values, and a checksum of all before it.
    #[must_use]
    pub fn to_bytes(&self, rules_key: u64) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + self.values.len() + 8);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&rules_key.to_le_bytes());
        bytes.push(self.pits());
        bytes.push(self.max_seeds);
        bytes.extend_from_slice(&[0; 6]);
        bytes.extend_from_slice(&self.values);
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// A table read back from [`EndgameTable::to_bytes`].
    ///
    /// # Errors
    /// When the bytes are not a whole, undamaged table of `rules_key` with
    /// `pits` pits a row.
    pub fn from_bytes(bytes: &[u8], rules_key: u64, pits: u8) -> Result<EndgameTable, Damaged> {
        let body_end = bytes.len().checked_sub(8).ok_or(Damaged::Short)?;
        if body_end < HEADER || &bytes[..8] != MAGIC {
            return Err(Damaged::NotATable);
        }
        let stored = u64::from_le_bytes(bytes[body_end..].try_into().map_err(|_| Damaged::Short)?);
        if checksum(&bytes[..body_end]) != stored {
            return Err(Damaged::Checksum);
        }
        let key = u64::from_le_bytes(bytes[8..16].try_into().map_err(|_| Damaged::Short)?);
        if key != rules_key || bytes[16] != pits {
            return Err(Damaged::OtherRules);
        }
        let max_seeds = bytes[17];
        let count = boards(pits, max_seeds).ok_or(Damaged::NotATable)?;
        let values = &bytes[HEADER..body_end];
        if u64::try_from(values.len()).ok() != Some(count) {
            return Err(Damaged::Short);
        }
        let indexer = Indexer::for_pits(2 * usize::from(pits), usize::from(max_seeds))
            .ok_or(Damaged::NotATable)?;
        // Every value within its board's seeds.
        let mut first = 0;
        for seeds in 0..=max_seeds {
            let end = usize::try_from(indexer.count_up_to(usize::from(seeds)))
                .map_err(|_| Damaged::NotATable)?;
            if values[first..end].iter().any(|&v| {
                let (sure, short) = (v & SURE_MASK, v >> SHORT_SHIFT);
                sure > seeds || short > seeds - sure
            }) {
                return Err(Damaged::Values);
            }
            first = end;
        }
        Ok(EndgameTable {
            pits: usize::from(pits),
            max_seeds,
            indexer,
            values: values.to_vec(),
        })
    }
}

/// Why a table file was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damaged {
    Short,
    NotATable,
    Checksum,
    /// Built for other rules, or by a build that played them otherwise.
    OtherRules,
    /// A value larger than its board.
    Values,
}

const MAGIC: &[u8; 8] = b"MNCLTBL1";
/// Magic, rules key, pits, seeds and room to grow.
const HEADER: usize = 24;

/// What a table is built for: the rules' mechanics and this program's
/// version (a later version may play a rule otherwise), hashed.
#[must_use]
pub fn rules_key(rules: &Rules) -> u64 {
    let text = format!("{}\n{:?}", env!("CARGO_PKG_VERSION"), rules.mechanics());
    checksum(text.as_bytes())
}

/// FNV-1a over eight bytes at a time: quick over a table's hundreds of
/// megabytes, and any damaged byte changes it.
fn checksum(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let (words, rest) = bytes.as_chunks::<8>();
    for word in words {
        hash = (hash ^ u64::from_le_bytes(*word)).wrapping_mul(0x0100_0000_01b3);
    }
    for &byte in rest {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn unpacked(seeds: u8, value: u8) -> TableValue {
    let at_least = value & SURE_MASK;
    let short = value >> SHORT_SHIFT;
    let theirs = seeds - at_least - short.min(seeds - at_least);
    TableValue {
        seeds,
        at_least,
        at_most: seeds - theirs,
    }
}

/// The counts of `position`'s pits, `first`'s row first; `None` when a pit
/// holds more than `max_seeds`.
fn counts(position: &Position, first: Side, pits: usize, max_seeds: u8) -> Option<Pits> {
    let mut counts = Pits([0; 2 * MAX_ROW]);
    let number_of_pits = u8::try_from(pits).ok()?;
    for (offset, side) in [(0, first), (pits, first.other())] {
        for (i, pit) in Pit::all(number_of_pits).enumerate() {
            let seeds = u8::try_from(position.pit(side, pit)).ok()?;
            if seeds > max_seeds {
                return None;
            }
            counts.0[offset + i] = seeds;
        }
    }
    Some(counts)
}

/// The table while it is worked out: for every board, what the player to
/// move (`mine`) and the other (`theirs`) are sure of so far.
struct Builder {
    rules: Rules,
    template: Position,
    pits: usize,
    indexer: Indexer,
    mine: Vec<AtomicU8>,
    theirs: Vec<AtomicU8>,
}

/// The moves of every board of one seed count, read once.
struct Level {
    /// The first board's number.
    first: u64,
    /// Per board: the best the moves that leave the count give the mover,
    /// and the least they leave the other (`u8::MAX`: no such move).
    exits: Vec<(u8, u8)>,
    /// Per board, where its moves within the count begin in `children`
    /// (one more entry than boards).
    starts: Vec<u32>,
    /// Boards of this count moves lead to (numbered from `first`), with
    /// [`OTHER_MOVES`] set where the other player moves next.
    children: Vec<u32>,
}

/// Marks a child where the other player moves next (not an extra turn).
const OTHER_MOVES: u32 = 1 << 31;

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
                                        let parent = parent as usize;
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
        told(end - first);
        Some(())
    }

    /// Raises `board`'s values to what its moves give now: whether either
    /// rose.
    fn settle(&self, level: &Level, board: usize) -> bool {
        let (mut mine, mut theirs) = level.exits[board];
        let first = level.first as usize;
        let (from, to) = (level.starts[board] as usize, level.starts[board + 1] as usize);
        for &child in &level.children[from..to] {
            let index = first + (child & !OTHER_MOVES) as usize;
            let (child_mine, child_theirs) = (
                self.mine[index].load(Ordering::Relaxed),
                self.theirs[index].load(Ordering::Relaxed),
            );
            let (for_mover, for_other) = if child & OTHER_MOVES == 0 {
                (child_mine, child_theirs)
            } else {
                (child_theirs, child_mine)
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
                                block.1.push(self.read_board(first, first + board as u64, &mut block.3));
                                block.2.push(u32::try_from(block.3.len() - before).unwrap_or(0));
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
        let p = self.pits;
        let position = self.template.with_counts(
            &self.rules,
            [&board.0[..p], &board.0[p..2 * p]],
            Side::South,
        );
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
                    let (m, t) = (
                        self.mine[index].load(Ordering::Relaxed),
                        self.theirs[index].load(Ordering::Relaxed),
                    );
                    let (s, n) = if mover == Side::South { (m, t) } else { (t, m) };
                    mine = mine.max(south + s);
                    theirs = theirs.min(north + n);
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
            let end = usize::try_from(self.indexer.count_up_to(usize::from(seeds)))
                .unwrap_or(usize::MAX);
            for index in first..end {
                let mine = self.mine[index].load(Ordering::Relaxed);
                let theirs = self.theirs[index].load(Ordering::Relaxed);
                let short = (seeds - mine - theirs).min(SHORT_MAX);
                values.push(mine | (short << SHORT_SHIFT));
            }
            if std::env::var_os("TB_DEBUG").is_some() { let mut h=[0u64;8]; for v in &values[first..end] { h[(v>>SHORT_SHIFT) as usize]+=1; } eprintln!("level {seeds} gaps {h:?}"); }
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
    /// Who leads to each board.
    fn parents(&self) -> Parents {
        let count = self.exits.len();
        let mut starts = vec![0u32; count + 1];
        for &child in &self.children {
            starts[(child & !OTHER_MOVES) as usize + 1] += 1;
        }
        for i in 0..count {
            starts[i + 1] += starts[i];
        }
        let mut filled = starts.clone();
        let mut parents = vec![0u32; self.children.len()];
        for board in 0..count {
            let (from, to) = (self.starts[board] as usize, self.starts[board + 1] as usize);
            for &child in &self.children[from..to] {
                let slot = &mut filled[(child & !OTHER_MOVES) as usize];
                parents[*slot as usize] = u32::try_from(board).unwrap_or(0);
                *slot += 1;
            }
        }
        Parents { starts, parents }
    }
}

/// The boards that lead to each board of a count.
struct Parents {
    starts: Vec<u32>,
    parents: Vec<u32>,
}

impl Parents {
    fn of(&self, board: usize) -> &[u32] {
        &self.parents[self.starts[board] as usize..self.starts[board + 1] as usize]
    }
}

/// The stores of a position set up with nothing in them: what the moves
/// since took.
fn stored(position: &Position) -> (u8, u8) {
    let store = |side| u8::try_from(position.store(side)).unwrap_or(u8::MAX);
    (store(Side::South), store(Side::North))
}
