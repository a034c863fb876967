//! Correction history: what the search has learned about the static evaluation's error
//! in positions with a given pawn structure, added back to the evaluation.
//!
//! An evaluation with a blind spot (a pawn chain it underrates, a shelter it does not
//! see) misjudges every position of that structure the same way, and the pruning rules
//! that trust it (reverse futility, futility, null move, the capture search's stand-pat)
//! repeat the mistake at every node. After a node's search, the gap between its result
//! and its static evaluation is a measured error; kept per (side to move, pawn structure)
//! as a moving average and added to later evaluations of positions with the same pawns,
//! it corrects the bias the search keeps finding. Stockfish's `pawnCorrectionHistory`
//! (2024) does this; the update here is the weighted moving average of Ethereal and
//! Berserk (deeper searches weigh more), in 1/256 centipawn.

use crate::position::Position;
use crate::square::Color;

/// Entries per side to move (a power of two).
const SIZE: usize = 1 << 14;
/// Fixed-point scale of an entry: 1/256 centipawn.
const GRAIN: i32 = 256;
/// The weights of the moving average are out of this.
const WEIGHT_SCALE: i32 = 1024;
/// The largest correction, in centipawns.
const MAX_CP: i32 = 128;

/// One search thread's corrections, kept between the searches of a game.
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory { table: vec![0; 2 * SIZE] }
    }
}

impl CorrectionHistory {
    /// The slot of `pos`: its side to move and a hash of each side's pawns.
    fn slot(pos: &Position) -> usize {
        let mask = pos.rules().values.pawn_mask;
        let mut h: u64 = 0;
        for c in Color::BOTH {
            for w in pos.pieces_of(c, mask).0 {
                h = (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            }
        }
        pos.side_to_move().index() * SIZE + (h >> (64 - SIZE.trailing_zeros())) as usize
    }

    /// The correction for `pos`, in centipawns.
    #[inline]
    pub fn get(&self, pos: &Position) -> i32 {
        self.table[Self::slot(pos)] / GRAIN
    }

    /// Records that a search of `depth` plies found `error` centipawns between the
    /// node's result and its (corrected) static evaluation.
    pub fn update(&mut self, pos: &Position, error: i32, depth: i32) {
        let i = Self::slot(pos);
        let d = depth.clamp(0, 16);
        let weight = (d * d + 2 * d + 1).min(128);
        let target = error.clamp(-4 * MAX_CP, 4 * MAX_CP) * GRAIN;
        let v = self.table[i];
        let nv = (v * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        self.table[i] = nv.clamp(-MAX_CP * GRAIN, MAX_CP * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn position(variant: &str, fen: &str) -> Position {
        let catalog = Catalog::embedded();
        Position::from_fen(catalog.get(variant).expect("variant"), fen).expect("fen")
    }

    #[test]
    fn corrections_follow_the_pawns_and_the_side_to_move() {
        let start = position("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // The same pawns, other pieces moved: the same slot.
        let knights = position("chess", "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3");
        let black = position("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let e4 = position("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        let mut h = CorrectionHistory::default();
        for _ in 0..200 {
            h.update(&start, 60, 10);
        }
        assert!((55..=60).contains(&h.get(&start)), "{}", h.get(&start));
        assert_eq!(h.get(&knights), h.get(&start));
        assert_eq!(h.get(&black), 0, "the other side to move");
        assert_eq!(h.get(&e4), 0, "other pawns");
    }

    #[test]
    fn deeper_searches_weigh_more_and_the_correction_is_bounded() {
        let pos = position("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut shallow = CorrectionHistory::default();
        let mut deep = CorrectionHistory::default();
        shallow.update(&pos, 100, 1);
        deep.update(&pos, 100, 8);
        assert!(deep.get(&pos) > shallow.get(&pos));
        for _ in 0..1000 {
            deep.update(&pos, 10_000, 16);
        }
        assert_eq!(deep.get(&pos), MAX_CP);
        for _ in 0..1000 {
            deep.update(&pos, -10_000, 16);
        }
        assert_eq!(deep.get(&pos), -MAX_CP);
    }
}
