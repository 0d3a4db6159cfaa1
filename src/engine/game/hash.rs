//! A position's key, for transposition tables and the end by repetition.

use super::Position;
use crate::engine::ground::Side;

impl Position {
    /// A 64-bit key of what decides the rest of the round (counts, closed pits,
    /// who moves), for transposition tables. Different positions may share a
    /// key, very rarely.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.hash(self.board.seeds())
    }

    /// Like [`Position::key`] but blind to the stores: what is left to play
    /// for does not depend on them, so searches share one table entry across
    /// every way the seeds already won were split.
    pub(crate) fn key_without_stores(&self) -> u64 {
        let mut seeds = *self.board.seeds();
        // On four rows the stores are hands, still to be played in.
        if self.shape.rows == 2 {
            for side in Side::BOTH {
                seeds[self.shape.store(side)] = 0;
            }
        }
        self.hash(&seeds)
    }

    pub(super) fn hash(&self, seeds: &[u16]) -> u64 {
        // A multiply-xorshift step (as in splitmix64) on each word of four
        // counts, salted by the word's place; the words are mixed apart and
        // then combined, so the processor can work on them side by side
        // (repetition checks hash every position perft and search visit).
        let mix = |word: u64, salt: u64| {
            let hash = (word ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            hash ^ (hash >> 29)
        };
        let mut hash = mix(
            self.open_pits
                ^ (u64::from(self.after_capture) << 62)
                ^ (u64::from(self.ply) << 54)
                ^ (u64::from(self.to_move.index() as u8) << 63),
            0,
        );
        // Most rule sets own no pits, win none across and mark none: one
        // test, nothing mixed.
        if self.owned.south | self.owned.north | self.crossed | self.marks.bits() != 0 {
            let owned = u64::from(self.owned.south) | (u64::from(self.owned.north) << 32);
            hash ^= mix(owned, 0x5851_f42d_4c95_7f2d).rotate_left(11);
            // Territory rounds' pits owned across, and Bao's marks.
            let across_and_marks = u64::from(self.crossed) | (u64::from(self.marks.bits()) << 32);
            hash ^= mix(across_and_marks, 0x1405_7b7e_f767_814f).rotate_left(23);
        }
        // Only the board's own places: the rest of the array is always empty.
        let mut words = seeds[..self.shape.len()].chunks_exact(4);
        let mut salt = 0x632b_e59b_d9b4_e019_u64;
        for c in &mut words {
            let word = u64::from(c[0])
                | (u64::from(c[1]) << 16)
                | (u64::from(c[2]) << 32)
                | (u64::from(c[3]) << 48);
            hash = hash.rotate_left(23) ^ mix(word, salt);
            salt = salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let word = rest
                .iter()
                .enumerate()
                .fold(0u64, |word, (i, &c)| word | (u64::from(c) << (16 * i)));
            hash = hash.rotate_left(23) ^ mix(word, salt);
        }
        hash
    }
}
