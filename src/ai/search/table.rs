//! The search's transposition table: what searches found of positions,
//! shared by the threads of one search (and kept from move to move).
//!
//! An entry is two words: its data, and its key combined with the data by
//! exclusive or. Two threads writing one slot at once may leave words of
//! different entries there; the key then fails to check on reading, and
//! the slot reads as empty. No lock is taken on the search's hottest path.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Depth recorded for a value that no horizon touched: the true game value.
pub(super) const TRUE_DEPTH: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub key: u64,
    pub value: i16,
    pub depth: u8,
    pub bound: Bound,
    /// The best move's place among the position's moves as the rules list
    /// them (`Position::for_each_move`): a move itself is larger than a word.
    pub best: u16,
    /// The search that wrote it (the table's count of searches then).
    pub generation: u8,
}

/// Set in every written entry's data: a word of zeros is an empty slot.
const OCCUPIED: u64 = 1 << 63;

impl Entry {
    /// What a search found at `depth` (a true value when `exact`).
    pub fn new(key: u64, value: i32, depth: u32, exact: bool, bound: Bound, best: u16) -> Entry {
        Entry {
            key,
            value: i16::try_from(value).unwrap_or(0),
            depth: if exact {
                TRUE_DEPTH
            } else {
                u8::try_from(depth.min(254)).unwrap_or(254)
            },
            bound,
            best,
            generation: 0,
        }
    }

    fn data(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        OCCUPIED
            | u64::from(self.value.cast_unsigned())
            | u64::from(self.depth) << 16
            | bound << 24
            | u64::from(self.generation) << 26
            | u64::from(self.best) << 34
    }

    fn from_data(key: u64, data: u64) -> Entry {
        let bound = match (data >> 24) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        // The casts take the fields' bits back out of the word.
        Entry {
            key,
            value: (data as u16).cast_signed(),
            depth: (data >> 16) as u8,
            bound,
            generation: (data >> 26) as u8,
            best: (data >> 34) as u16,
        }
    }
}

/// The words of a table, shared by every [`Table`] handle to it.
struct Slots {
    /// Two words a slot: the key XOR the data, then the data.
    words: Vec<AtomicU64>,
    /// Selects a pair's first slot.
    mask: usize,
    /// Counts the searches this table served (wrapping).
    generation: AtomicU8,
}

/// A transposition table of fixed size in pairs of slots: the first keeps
/// the deepest entry met by this search (those near the root, where the
/// line the computer means to play runs), the second the latest. A table
/// kept from one move to the next lets the old searches' deep entries go
/// to this one's. A clone is another handle to the same entries, for a
/// thread that helps the search.
#[derive(Clone)]
pub struct Table {
    slots: Arc<Slots>,
}

impl Default for Table {
    /// The smallest table (1,024 entries).
    fn default() -> Table {
        Table::with_entries(1024)
    }
}

impl Table {
    /// A table of about `mib` MiB (a power of two entries, at least 1,024).
    #[must_use]
    pub fn with_mib(mib: usize) -> Table {
        let bytes = mib.max(1) * 1024 * 1024;
        let wanted = (bytes / ENTRY_BYTES).max(1024);
        Table::with_entries(1usize << (usize::BITS - 1 - wanted.leading_zeros()))
    }

    /// `size` entries, a power of two.
    fn with_entries(size: usize) -> Table {
        Table {
            slots: Arc::new(Slots {
                words: (0..2 * size).map(|_| AtomicU64::new(0)).collect(),
                mask: (size - 1) & !1,
                generation: AtomicU8::new(0),
            }),
        }
    }

    /// Forgets every entry (a new game).
    pub fn clear(&self) {
        for word in &self.slots.words {
            word.store(0, Ordering::Relaxed);
        }
    }

    /// Marks the entries written from now on as the next search's.
    pub(super) fn begin_search(&self) {
        self.slots.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.slots.generation.load(Ordering::Relaxed)
    }

    /// The first slot of `key`'s pair.
    fn slot(&self, key: u64) -> usize {
        // The low bits index the table; the full key is checked on reading.
        (key as usize) & self.slots.mask
    }

    /// The entry in `slot`, if one is there whole.
    fn read(&self, slot: usize) -> Option<Entry> {
        let data = self.slots.words[2 * slot + 1].load(Ordering::Relaxed);
        let check = self.slots.words[2 * slot].load(Ordering::Relaxed);
        (data & OCCUPIED != 0).then(|| Entry::from_data(check ^ data, data))
    }

    fn write(&self, slot: usize, entry: Entry) {
        let data = entry.data();
        self.slots.words[2 * slot].store(entry.key ^ data, Ordering::Relaxed);
        self.slots.words[2 * slot + 1].store(data, Ordering::Relaxed);
    }

    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        (slot..slot + 2)
            .filter_map(|s| self.read(s))
            .find(|e| e.key == key)
    }

    pub(super) fn put(&self, entry: Entry) {
        let slot = self.slot(entry.key);
        let generation = self.generation();
        let held = [self.read(slot), self.read(slot + 1)];
        let same = (0..2).find(|&i| held[i].is_some_and(|e| e.key == entry.key));
        let at = match (same, held[0]) {
            // Keep true game values over depth-limited ones of the position.
            (Some(i), _) => {
                if held[i].is_some_and(|old| old.depth == TRUE_DEPTH) && entry.depth != TRUE_DEPTH {
                    return;
                }
                slot + i
            }
            (None, Some(deepest))
                if deepest.depth > entry.depth && deepest.generation == generation =>
            {
                slot + 1
            }
            (None, _) => slot,
        };
        self.write(
            at,
            Entry {
                generation,
                ..entry
            },
        );
    }

    /// Bytes the table takes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.slots.words.len() * std::mem::size_of::<AtomicU64>()
    }
}

/// Bytes an entry takes: its two words.
const ENTRY_BYTES: usize = 2 * std::mem::size_of::<AtomicU64>();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_written() {
        let table = Table::default();
        let entry = Entry {
            key: 0x1234_5678_9abc_def0,
            value: -1007,
            depth: TRUE_DEPTH,
            bound: Bound::Upper,
            best: 300,
            generation: 0,
        };
        table.begin_search();
        table.put(entry);
        let read = table.get(entry.key).expect("written");
        assert_eq!(
            read,
            Entry {
                generation: 1,
                ..entry
            }
        );
        assert_eq!(table.get(entry.key ^ 1), None);
        table.clear();
        assert_eq!(table.get(entry.key), None);
    }

    /// Words of two entries mixed in one slot (two threads writing at once)
    /// read as no entry, never as a wrong one.
    #[test]
    fn a_torn_slot_reads_as_empty() {
        let table = Table::default();
        let one = Entry {
            key: 8,
            value: 5,
            depth: 3,
            bound: Bound::Exact,
            best: 1,
            generation: 0,
        };
        let other = Entry {
            key: 8 + 4096,
            value: -5,
            ..one
        };
        table.put(one);
        let slot = table.slot(one.key);
        // The other's data beside the first's check word.
        table.slots.words[2 * slot + 1].store(other.data(), Ordering::Relaxed);
        assert_eq!(table.get(one.key), None);
        assert_eq!(table.get(other.key), None);
    }

    /// A true value stays over a shallower search's entry for the same
    /// position; a deeper entry of this search keeps its slot, the newer
    /// going beside it.
    #[test]
    fn true_values_and_this_searchs_deep_entries_are_kept() {
        let table = Table::default();
        table.begin_search();
        let solved = Entry {
            key: 16,
            value: 2,
            depth: TRUE_DEPTH,
            bound: Bound::Exact,
            best: 0,
            generation: 0,
        };
        table.put(solved);
        table.put(Entry {
            depth: 4,
            value: 9,
            ..solved
        });
        assert_eq!(table.get(16).map(|e| e.value), Some(2));
        let shallow = Entry {
            key: 16 + 2048,
            depth: 1,
            ..solved
        };
        table.put(shallow);
        assert_eq!(table.get(16).map(|e| e.value), Some(2));
        assert_eq!(table.get(shallow.key).map(|e| e.depth), Some(1));
    }
}
