//! Endgame tables: for rules whose positions are their pit counts and the
//! player to move alone (Oware, the Kalah family), what each player can make
//! sure of taking from every board with few seeds left, worked out once by
//! retrograde analysis and kept in the cache folder
//! ([`crate::storage::tables`]).
//!
//! What a table proves. The end by repetition judges a position against the
//! line since the last capture (rules.md §6), so a table holds what holds
//! from a position where that line begins (right after a capture, or a
//! game's start), and is asked only there: two numbers for the player to
//! move, the seeds of the board they can make sure of taking whatever the
//! other does (`at_least`), and those the other can make sure of (so the
//! mover takes at most the rest). Both come from plans a player can keep to
//! whatever the other does: plans whose every move goes to a board nearer
//! their end (no position comes twice, so no repetition cuts them short),
//! and, on boards of few seeds, plans that keep every cycle the play can go
//! round among positions good for the player ([`cycles`]: a repetition ends
//! the game at a position of that cycle). Where the two numbers meet, the
//! value is exact. Where they do not, which position repeats first decides,
//! and a player may steer by what the line has already seen: the exact
//! value is still the board's, but working it out is a search of lines, not
//! of boards.
//!
//! The end at more than half the seeds is left out
//! ([`Rules::without_more_than_half_end`]): it depends on the stores, and
//! who wins is the same without it.
//!
//! How ([`build`]). Boards are worked out one seed count at a time, fewest
//! first: a move keeps the count or lowers it (by a capture, a seed sown
//! into a store or the game's end), so a lower count's values are final
//! before a higher one starts. Within a count, moves can go round in
//! cycles; every board starts at "sure of nothing" and is raised to what
//! its moves give, again whenever a board it leads to rises, until none
//! rises (the least fixed point: exactly what can be forced in a finite
//! number of moves).

mod build;
mod cycles;

use super::kalah::board::{MAX_ROW, Pits};
use super::kalah::index::Indexer;
use crate::engine::{Pit, Position, Rounds, Rules, Score, Side};

/// The most seeds a table can hold on a board: five bits of a byte.
pub const MAX_TABLE_SEEDS: u8 = 31;
/// The most boards a table may hold (each takes two bytes while it is
/// built).
const MAX_BOARDS: u64 = 1 << 32;
/// The high bits of a stored byte: how far the two players' sure seeds fall
/// short of the board (at most this, meaning this or more).
const SHORT_MAX: u8 = 7;
const SHORT_SHIFT: u32 = 5;
const SURE_MASK: u8 = (1 << SHORT_SHIFT) - 1;

/// Why a rule set has no endgame table: its positions hold more than the
/// seeds in each pit and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unindexable {
    /// Four rows: the tables number positions of two.
    FourRows,
    /// Rounds: the board of the next round depends on this one's end.
    Rounds,
    /// Owned pits (a tuzdyk, a weg).
    OwnedPits,
    /// A move after a capture, moves counted from the start, or a pit
    /// barred by the move before.
    Turns,
    /// Who cannot move loses, or passes: the end is not told by seeds.
    NotBySeeds,
    /// Seeds left at the end go to no one: a position's seeds are not
    /// shared out between the two players.
    RestToNoOne,
    /// More pits a row than the numbering holds.
    TooManyPits,
}

/// Whether `rules` can have an endgame table.
///
/// # Errors
/// Why not.
pub fn indexable(rules: &Rules) -> Result<(), Unindexable> {
    if rules.rows() != 2 || rules.board().in_hand != 0 || rules.plan().front_across.is_some() {
        return Err(Unindexable::FourRows);
    }
    if rules.plan().rounds.rounds != Rounds::Single {
        return Err(Unindexable::Rounds);
    }
    if rules.plan().owned_pits.is_some() {
        return Err(Unindexable::OwnedPits);
    }
    if rules.plan().extra_turn.after_capture
        || rules.plies_counted() != 0
        || !rules.plan().playable.lone_seed_back
    {
        return Err(Unindexable::Turns);
    }
    if rules.plan().goal.score() != Score::Seeds || rules.plan().goal.passing() {
        return Err(Unindexable::NotBySeeds);
    }
    if !rules.plan().goal.scores_every_seed() {
        return Err(Unindexable::RestToNoOne);
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
    /// Pits a row.
    #[must_use]
    pub fn pits(&self) -> u8 {
        u8::try_from(self.pits).unwrap_or(u8::MAX)
    }

    /// Boards in the table, and those whose value is exact.
    #[must_use]
    pub fn exact_boards(&self) -> (u64, u64) {
        let exact = self
            .values
            .iter()
            .filter(|&&v| v >> SHORT_SHIFT == 0)
            .count();
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

    /// How long the file of a table of `pits` pits a row up to
    /// `max_seeds` seeds is (`None` past what a table may hold): a file of
    /// another length is not read.
    #[must_use]
    pub fn file_length(pits: u8, max_seeds: u8) -> Option<u64> {
        Some(boards(pits, max_seeds)? + HEADER as u64 + 8)
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
    let text = format!(
        "{}\n{:?}\n{:?}",
        env!("CARGO_PKG_VERSION"),
        rules.board(),
        rules.plan()
    );
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
