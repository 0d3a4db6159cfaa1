//! The solver's transposition table, shared by its threads without locks.
//!
//! Every search here runs to the end of the game, so an entry holds proven
//! bounds on a board's true value (`low ≤ value ≤ high`) rather than a value
//! at some depth. Each entry is two words: the data, and the board's exact
//! number XOR the data, so a half-written entry (two threads writing at once)
//! fails the key check instead of being misread. Two entries share a bucket;
//! a new board evicts the one whose proof took less work.

use std::sync::atomic::{AtomicU64, Ordering};

/// What the table knows about a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub low: i8,
    pub high: i8,
    /// The pit that gave the last cut or best value, or `NO_PIT`.
    pub best: u8,
    /// About log2 of the nodes its proof took: what replacement keeps.
    pub work: u8,
}

pub const NO_PIT: u8 = u8::MAX;

impl Bounds {
    fn pack(self) -> u64 {
        u64::from(self.low.cast_unsigned())
            | u64::from(self.high.cast_unsigned()) << 8
            | u64::from(self.best) << 16
            | u64::from(self.work) << 24
            | 1 << 32 // never zero, so an empty slot never matches
    }

    fn unpack(data: u64) -> Bounds {
        Bounds {
            low: (data as u8).cast_signed(),
            high: ((data >> 8) as u8).cast_signed(),
            best: (data >> 16) as u8,
            work: (data >> 24) as u8,
        }
    }
}

const WAYS: usize = 2;

/// The table, over zeroed words that hold it (see [`Table::bytes_for`]).
pub struct Table<'m> {
    /// `[key ^ data, data]` per entry, `WAYS` entries per bucket.
    words: &'m [AtomicU64],
    buckets: usize,
}

impl<'m> Table<'m> {
    /// The bytes a table of at most `bytes` bytes takes (at least 1,024
    /// buckets).
    #[must_use]
    pub fn bytes_for(bytes: usize) -> usize {
        (bytes / (WAYS * 16)).max(1024) * WAYS * 16
    }

    /// The table kept in `words`: all zero for an empty one, or as a table
    /// of the same size left them.
    #[must_use]
    pub fn new(words: &'m [AtomicU64]) -> Table<'m> {
        Table {
            words,
            buckets: words.len() / (WAYS * 2),
        }
    }

    #[must_use]
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    fn bucket(&self, key: u64) -> usize {
        // Numbers of similar boards are close together: mix them, then scale
        // to the bucket count (any count, not only powers of two).
        let mixed = (key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bucket = (u128::from(mixed) * self.buckets as u128) >> 64;
        bucket as usize * WAYS * 2
    }

    #[must_use]
    pub fn get(&self, key: u64) -> Option<Bounds> {
        let base = self.bucket(key);
        for way in 0..WAYS {
            let check = self.words[base + 2 * way].load(Ordering::Relaxed);
            let data = self.words[base + 2 * way + 1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(Bounds::unpack(data));
            }
        }
        None
    }

    pub fn put(&self, key: u64, bounds: Bounds) {
        let base = self.bucket(key);
        let mut victim = 0;
        let mut least = u8::MAX;
        for way in 0..WAYS {
            let check = self.words[base + 2 * way].load(Ordering::Relaxed);
            let data = self.words[base + 2 * way + 1].load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = way;
                break;
            }
            let work = Bounds::unpack(data).work;
            if work < least {
                least = work;
                victim = way;
            }
        }
        let data = bounds.pack();
        self.words[base + 2 * victim + 1].store(data, Ordering::Relaxed);
        self.words[base + 2 * victim].store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_bounds_and_tells_boards_apart() {
        let words: Vec<AtomicU64> = (0..Table::bytes_for(1 << 16) / 8)
            .map(|_| AtomicU64::new(0))
            .collect();
        let table = Table::new(&words);
        let bounds = Bounds {
            low: -3,
            high: 7,
            best: 2,
            work: 9,
        };
        table.put(12_345, bounds);
        assert_eq!(table.get(12_345), Some(bounds));
        assert_eq!(table.get(12_346), None);
    }
}
