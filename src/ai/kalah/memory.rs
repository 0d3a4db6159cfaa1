//! Zeroed memory for the solver's two big tables, seen as atomics so that
//! every search thread reads and writes them without locks.
//!
//! Both tables are read at random, so with ordinary 4 KiB pages nearly every
//! read also misses the processor's cache of page addresses; on Linux the
//! memory is asked for in 2 MiB pages where the system grants them on request
//! (transparent huge pages in `madvise` mode, a common default). Measured on
//! `solve kalaha`, two cores, runs alternating: 52-54 s with small pages,
//! 38-44 s with huge ones.

use std::sync::atomic::{AtomicI8, AtomicU64};

use memmap2::MmapMut;
use zerocopy::{FromBytes, IntoBytes};

pub struct Memory {
    backing: Backing,
    /// Bytes asked for (the backing may round them up to whole words).
    len: usize,
}

enum Backing {
    /// An anonymous map: whole pages, zeroed by the system.
    Mapped(MmapMut),
    /// Where the system gives no anonymous map: ordinary heap memory.
    Heap(Vec<u64>),
}

impl Memory {
    /// `len` zeroed bytes.
    #[must_use]
    pub fn zeroed(len: usize) -> Memory {
        let words = len.div_ceil(8).max(1);
        let backing = match MmapMut::map_anon(words * 8) {
            Ok(map) => {
                // Only a hint: where it is refused the tables work the same,
                // a little slower, so its answer is not needed.
                #[cfg(target_os = "linux")]
                let _ = map.advise(memmap2::Advice::HugePage);
                Backing::Mapped(map)
            }
            Err(_) => Backing::Heap(vec![0; words]),
        };
        Memory { backing, len }
    }

    fn bytes(&mut self) -> &mut [u8] {
        let bytes = match &mut self.backing {
            Backing::Mapped(map) => &mut map[..],
            Backing::Heap(words) => words.as_mut_bytes(),
        };
        &mut bytes[..self.len]
    }

    /// The memory as bytes, shared by the threads (for the endgame table).
    pub fn cells(&mut self) -> &[AtomicI8] {
        <[AtomicI8]>::mut_from_bytes(self.bytes()).expect("any bytes are atomic bytes")
    }

    /// The memory as 8-byte words, shared by the threads (for the
    /// transposition table); bytes past the last whole word are left out.
    pub fn words(&mut self) -> &[AtomicU64] {
        let whole = self.len / 8 * 8;
        <[AtomicU64]>::mut_from_bytes(&mut self.bytes()[..whole])
            .expect("a map starts on a page and the heap fallback on a word")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn starts_zeroed_and_keeps_what_is_written() {
        let mut memory = Memory::zeroed(100);
        let words = memory.words();
        assert_eq!(words.len(), 12);
        assert!(words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
        words[11].store(7, Ordering::Relaxed);
        assert_eq!(memory.words()[11].load(Ordering::Relaxed), 7);
        let cells = memory.cells();
        assert_eq!(cells.len(), 100);
        cells[90].store(1, Ordering::Relaxed);
        assert_ne!(memory.words()[11].load(Ordering::Relaxed), 7);
    }
}
