//! Continuation history: how good a quiet move (piece, destination) was as an answer to
//! the move one or two plies earlier (piece, destination). It orders quiet moves beyond the
//! killers and counter move and scales late-move reductions and pruning.
//!
//! The natural table is indexed by a pair of (coloured piece type, square) keys. For small
//! variants (chess: 768 keys, Courier: 1,728) it is stored exactly; for the big shogi
//! variants (Chu Shogi: 11,232 keys, a table of 126 million entries) the pair is hashed
//! into a fixed table of `1 << HASH_BITS` entries, where collisions blur the statistics but
//! memory stays at 16 MB a thread.

use crate::piece::Piece;
use crate::square::Square;

/// Entries of a hashed table (and the largest exact one).
const HASH_BITS: u32 = 23;
/// Saturation bound of every history statistic (`gravity` keeps |value| within it).
pub const HISTORY_MAX: i32 = 16_384;

/// A (coloured piece type, square) key of a move; `NONE` for a null move or no move.
pub type ContKey = u32;
pub const NO_KEY: ContKey = u32::MAX;

pub struct ContHist {
    files: usize,
    nsq: usize,
    ntypes: usize,
    dim: usize,
    hashed: bool,
    table: Vec<i16>,
}

impl ContHist {
    pub fn new(files: u8, ranks: u8, ntypes: usize) -> ContHist {
        let files = files.max(1) as usize;
        let nsq = files * ranks.max(1) as usize;
        let ntypes = ntypes.clamp(1, 64);
        let dim = 2 * ntypes * nsq;
        let hashed = dim * dim > 1 << HASH_BITS;
        let size = if hashed { 1 << HASH_BITS } else { dim * dim };
        ContHist { files, nsq, ntypes, dim, hashed, table: vec![0; size] }
    }

    /// The key of `piece` (before it moved) arriving on `to`.
    #[inline]
    pub fn key(&self, piece: Piece, to: Square) -> ContKey {
        let sq = to.rank() as usize * self.files + to.file() as usize;
        let kind = (piece.kind() as usize).min(self.ntypes - 1);
        ((piece.color().index() * self.ntypes + kind) * self.nsq + sq.min(self.nsq - 1)) as ContKey
    }

    #[inline]
    fn slot(&self, prev: ContKey, cur: ContKey) -> usize {
        if self.hashed {
            let h = ((prev as u64) << 32 | cur as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (h >> (64 - HASH_BITS)) as usize
        } else {
            prev as usize * self.dim + cur as usize
        }
    }

    /// The statistic of `cur` after `prev` (0 when there is no previous move).
    #[inline]
    pub fn get(&self, prev: ContKey, cur: ContKey) -> i32 {
        if prev == NO_KEY {
            return 0;
        }
        self.table[self.slot(prev, cur)] as i32
    }

    /// Moves the entry towards +/-HISTORY_MAX by `bonus` (negative for a malus), with the
    /// usual gravity term so that it saturates instead of overflowing.
    #[inline]
    pub fn update(&mut self, prev: ContKey, cur: ContKey, bonus: i32) {
        if prev == NO_KEY {
            return;
        }
        let i = self.slot(prev, cur);
        self.table[i] = nudged(self.table[i], bonus);
    }
}

/// A statistic moved by `bonus` (a malus when negative) towards +/-HISTORY_MAX, with the
/// gravity term that makes it saturate instead of overflowing (Stockfish's history
/// update): from within the range, a bonus of at most HISTORY_MAX stays within it. Every
/// history of the search (butterfly, continuation, capture) is updated by this.
#[inline]
pub fn gravity(v: i32, bonus: i32) -> i32 {
    gravity_within(v, bonus, HISTORY_MAX)
}

/// The gravity rule for a statistic bounded by `bound` instead of HISTORY_MAX (the
/// correction history's entries).
#[inline]
pub fn gravity_within(v: i32, bonus: i32, bound: i32) -> i32 {
    (v + bonus - v * bonus.abs() / bound).clamp(-bound, bound)
}

/// `gravity` for the 16-bit entries of the continuation and capture histories.
#[inline]
pub fn nudged(v: i16, bonus: i32) -> i16 {
    gravity(v as i32, bonus) as i16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Color;

    #[test]
    fn keys_are_distinct_and_in_range() {
        let h = ContHist::new(12, 8, 9);
        let mut seen = std::collections::HashSet::new();
        for c in Color::BOTH {
            for t in 0..9u8 {
                for r in 0..8 {
                    for f in 0..12 {
                        let k = h.key(Piece::new(c, t), Square::new(f, r));
                        assert!((k as usize) < h.dim);
                        assert!(seen.insert(k));
                    }
                }
            }
        }
        assert!(!h.hashed);
    }

    #[test]
    fn updates_saturate_and_big_boards_hash() {
        let mut h = ContHist::new(16, 16, 60);
        assert!(h.hashed);
        let a = h.key(Piece::new(Color::White, 3), Square::new(15, 15));
        let b = h.key(Piece::new(Color::Black, 59), Square::new(0, 0));
        for _ in 0..1000 {
            h.update(a, b, 2000);
        }
        assert!(h.get(a, b) <= HISTORY_MAX && h.get(a, b) > HISTORY_MAX / 2);
        for _ in 0..1000 {
            h.update(a, b, -2000);
        }
        assert!(h.get(a, b) >= -HISTORY_MAX && h.get(a, b) < -HISTORY_MAX / 2);
        assert_eq!(h.get(NO_KEY, b), 0);
    }
}
