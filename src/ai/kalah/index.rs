//! A one-to-one numbering of boards, ordered by the seeds on them: every
//! board with fewer seeds comes first. It keys the transposition table
//! exactly (no two boards share a number) and, because of the order, the
//! boards with at most `n` seeds are exactly the numbers below a bound, so the
//! endgame table is a plain array indexed by it.
//!
//! With suffix sums `s_i = x_i + … + x_{k-1}` of the `k` pit counts, the
//! numbers `s_i + k - 1 - i` strictly decrease, and the board's number is
//! `Σ C(s_i + k - 1 - i, k - i)`: the combinatorial number system.

use super::board::{MAX_ROW, Pits, Shape};

/// Entries of a row of [`Indexer`]'s terms: more than any suffix sum (at
/// most 120 seeds), a power of two so that a masked look-up needs no check.
const TERMS: usize = 128;

/// Binomial coefficients laid out for ranking boards of one shape.
pub struct Indexer {
    pits: usize,
    max_seeds: usize,
    /// `terms[i][s] = C(s + k - 1 - i, k - i)` for `s` up to `max_seeds`
    /// (zero past it: no board numbered holds more).
    terms: Vec<[u64; TERMS]>,
}

/// `C(n, r)`, or `None` when it does not fit in 63 bits.
#[must_use]
pub fn binomial(n: u64, r: u64) -> Option<u64> {
    if r > n {
        return Some(0);
    }
    let r = r.min(n - r);
    let mut value: u128 = 1;
    for i in 0..r {
        value = value * u128::from(n - i) / u128::from(i + 1);
        if value >= 1 << 63 {
            return None;
        }
    }
    u64::try_from(value).ok()
}

impl Indexer {
    /// An indexer for boards of `shape` holding up to `max_seeds` seeds, or
    /// `None` when their numbers would not fit in 63 bits.
    #[must_use]
    pub fn new(shape: Shape, max_seeds: usize) -> Option<Indexer> {
        Indexer::for_pits(shape.pits(), max_seeds)
    }

    /// An indexer for boards of `k` pits (at most `2 * MAX_ROW`) holding up
    /// to `max_seeds` seeds, as [`Indexer::new`].
    #[must_use]
    pub fn for_pits(k: usize, max_seeds: usize) -> Option<Indexer> {
        if k > 2 * MAX_ROW || !k.is_multiple_of(2) {
            return None;
        }
        if max_seeds >= TERMS {
            return None;
        }
        binomial((max_seeds + k) as u64, k as u64)?;
        let mut terms = vec![[0; TERMS]; k];
        for (i, row) in terms.iter_mut().enumerate() {
            for (s, term) in row[..=max_seeds].iter_mut().enumerate() {
                *term = binomial((s + k - 1 - i) as u64, (k - i) as u64)?;
            }
        }
        Some(Indexer {
            pits: k,
            max_seeds,
            terms,
        })
    }

    /// How many boards hold at most `seeds` seeds.
    #[must_use]
    pub fn count_up_to(&self, seeds: usize) -> u64 {
        binomial((seeds + self.pits) as u64, self.pits as u64).unwrap_or(u64::MAX)
    }

    /// The board's number.
    #[must_use]
    pub fn index(&self, board: &Pits) -> u64 {
        let mut suffix = 0usize;
        let mut index = 0u64;
        // Two pits a step (a board has an even number of pits): half the
        // loop's own work, 3 % of the endgame build's instructions.
        let (_, rows) = self.terms.as_rchunks::<2>();
        let (_, counts) = board.0[..self.pits].as_rchunks::<2>();
        for (rows, counts) in rows.iter().zip(counts).rev() {
            suffix += usize::from(counts[1]);
            index += rows[1][suffix % TERMS];
            suffix += usize::from(counts[0]);
            index += rows[0][suffix % TERMS];
        }
        index
    }

    /// The board with number `index` (which must be below
    /// `count_up_to(max_seeds)`): greedily the largest term at each pit.
    #[must_use]
    pub fn board(&self, index: u64) -> Pits {
        let mut rest = index;
        let mut suffix = [0usize; 2 * MAX_ROW + 1];
        let mut bound = self.max_seeds;
        for (i, sum) in suffix[..self.pits].iter_mut().enumerate() {
            let row = &self.terms[i][..=bound];
            let s = row.partition_point(|&term| term <= rest) - 1;
            rest -= row[s];
            *sum = s;
            bound = s;
        }
        let mut board = Pits([0; 2 * MAX_ROW]);
        for i in 0..self.pits {
            board.0[i] = u8::try_from(suffix[i] - suffix[i + 1]).unwrap_or(u8::MAX);
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of 4 pits with up to 6 seeds, in order of seeds.
    fn all_boards(max: u8) -> Vec<Pits> {
        let mut boards = Vec::new();
        for total in 0..=max {
            for a in 0..=total {
                for b in 0..=total - a {
                    for c in 0..=total - a - b {
                        let mut pits = [0u8; 2 * MAX_ROW];
                        pits[..4].copy_from_slice(&[a, b, c, total - a - b - c]);
                        boards.push(Pits(pits));
                    }
                }
            }
        }
        boards
    }

    #[test]
    fn numbers_are_one_to_one_and_ordered_by_seeds() {
        let shape = Shape {
            row: 2,
            skip_origin: false,
            empty_capture: false,
        };
        let indexer = Indexer::new(shape, 6).unwrap();
        let boards = all_boards(6);
        let mut seen = vec![false; boards.len()];
        for board in &boards {
            let index = usize::try_from(indexer.index(board)).unwrap();
            assert!(!seen[index], "two boards share number {index}");
            seen[index] = true;
            assert_eq!(indexer.board(index as u64), *board);
            let seeds = usize::try_from(board.total(shape)).unwrap();
            if seeds > 0 {
                assert!(index as u64 >= indexer.count_up_to(seeds - 1));
            }
            assert!((index as u64) < indexer.count_up_to(seeds));
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(60, 12), Some(1_399_358_844_975));
        assert_eq!(binomial(2, 3), Some(0));
        assert_eq!(binomial(200, 100), None);
    }
}
