//! Correction history (`corrHist`, as Stockfish has since version 16): how far searches
//! have found the static evaluation off in positions with the same pawns, by side to move,
//! added back to the evaluation of the next such position.
//!
//! Why: a hand-written evaluation is wrong in the same direction across a whole pawn
//! structure (a closed position it scores as open, a shelter it does not see), and the
//! pruning rules that read the static evaluation (reverse futility, null move, futility)
//! inherit that error at every node. The search's own results in the game so far say
//! which way and by how much; the table learns it within a game, without training.
//!
//! Each side's table has `SIZE` entries indexed by the pawn placement's hash. An entry
//! moves towards `+/-LIMIT` by the gravity rule of the histories; the correction is the
//! entry scaled so that a saturated entry adds `max_cp`.

use super::history::gravity_within;
use crate::square::Color;

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// The bound of an entry.
const LIMIT: i32 = 1024;
/// The most one update moves an entry.
const MAX_BONUS: i32 = LIMIT / 4;

pub struct CorrectionHistory {
    table: Vec<i16>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory { table: vec![0; 2 * SIZE] }
    }
}

impl CorrectionHistory {
    #[inline]
    fn slot(side: Color, pawn_key: u64) -> usize {
        side.index() * SIZE + (pawn_key as usize & (SIZE - 1))
    }

    /// Centipawns to add to the static evaluation of a position with `side` to move and
    /// pawns hashed to `pawn_key`, when a saturated entry is worth `max_cp`.
    #[inline]
    pub fn correction(&self, side: Color, pawn_key: u64, max_cp: i32) -> i32 {
        self.table[Self::slot(side, pawn_key)] as i32 * max_cp / LIMIT
    }

    /// Learns from a search of `depth` plies whose result was `diff` centipawns above the
    /// (corrected) static evaluation: deeper searches count more, as in Stockfish
    /// (`diff * depth / 8`, at most a quarter of the bound at once).
    #[inline]
    pub fn update(&mut self, side: Color, pawn_key: u64, diff: i32, depth: i32) {
        let bonus = (diff * depth.max(1) / 8).clamp(-MAX_BONUS, MAX_BONUS);
        let e = &mut self.table[Self::slot(side, pawn_key)];
        *e = gravity_within(*e as i32, bonus, LIMIT) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_follow_the_sign_of_the_error_and_saturate() {
        let mut h = CorrectionHistory::default();
        assert_eq!(h.correction(Color::White, 7, 64), 0);
        for _ in 0..200 {
            h.update(Color::White, 7, 300, 10);
        }
        let c = h.correction(Color::White, 7, 64);
        assert!(c > 56 && c <= 64, "saturates near the most it may add: {c}");
        assert_eq!(h.correction(Color::Black, 7, 64), 0, "each side has its own table");
        for _ in 0..200 {
            h.update(Color::White, 7, -300, 10);
        }
        assert!(h.correction(Color::White, 7, 64) < -56);
        assert_eq!(h.correction(Color::White, 7, 0), 0, "a share of 0 adds nothing");
    }

    #[test]
    fn a_shallow_small_error_moves_the_entry_little() {
        let mut h = CorrectionHistory::default();
        h.update(Color::Black, 1, 16, 1);
        assert_eq!(h.table[CorrectionHistory::slot(Color::Black, 1)], 2);
        h.update(Color::Black, 1, 100_000, 30);
        assert!(h.table[CorrectionHistory::slot(Color::Black, 1)] as i32 <= 2 + MAX_BONUS);
    }
}
