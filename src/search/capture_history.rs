//! Capture history: how often a capture (moving piece, destination, captured piece type)
//! cut a node or failed to, for ordering captures among themselves.
//!
//! Captures are ordered by the victim's value first (most valuable victim), which says
//! nothing about which of two captures of a Knight refutes the position: the one that
//! also opens a line, or the recapture that keeps the structure. Stockfish adds this
//! statistic to the victim's value (`captureHistory`, since Stockfish 10); the update is
//! the same gravity rule as the quiet histories'.

use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;

/// Saturation bound of one entry.
pub const CAPTURE_MAX: i32 = 16_384;

/// One thread's capture statistics.
pub struct CaptureHistory {
    ntypes: usize,
    table: Vec<i16>,
}

impl CaptureHistory {
    /// A table for a variant of `ntypes` piece types.
    pub fn new(ntypes: usize) -> CaptureHistory {
        let ntypes = ntypes.clamp(1, 64);
        CaptureHistory { ntypes, table: vec![0; Piece::CODES * 256 * ntypes] }
    }

    /// The slot of capture `m` in `pos` (before it is made); an en-passant capture or one
    /// whose square holds no piece counts as taking type 0.
    #[inline]
    fn slot(&self, pos: &Position, m: Move) -> usize {
        let victim = pos.piece_at(m.to);
        let kind = if victim.is_none() { 0 } else { (victim.kind() as usize).min(self.ntypes - 1) };
        (pos.piece_at(m.from).index() * 256 + m.to.index()) * self.ntypes + kind
    }

    /// The statistic of capture `m` in `pos`.
    #[inline]
    pub fn get(&self, pos: &Position, m: Move) -> i32 {
        self.table[self.slot(pos, m)] as i32
    }

    /// Moves the entry of `m` towards +/-CAPTURE_MAX by `bonus` (negative for a malus).
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        let i = self.slot(pos, m);
        let v = self.table[i] as i32;
        let nv = v + bonus - v * bonus.abs() / CAPTURE_MAX;
        self.table[i] = nv.clamp(-CAPTURE_MAX, CAPTURE_MAX) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn position(fen: &str) -> Position {
        let catalog = Catalog::embedded();
        Position::from_fen(catalog.get("chess").expect("chess"), fen).expect("fen")
    }

    fn capture(pos: &Position, from: &str, to: &str) -> Move {
        let mut moves = Vec::new();
        pos.clone().generate_legal(&mut moves);
        *moves
            .iter()
            .find(|m| m.from.to_string() == from && m.to.to_string() == to)
            .unwrap_or_else(|| panic!("{from}{to} is not legal"))
    }

    #[test]
    fn a_capture_that_cuts_rises_and_the_others_fall_each_apart() {
        // White's e4 pawn and d1 Queen can both take on d5 (a Knight); c4 takes b5 (a Pawn).
        let pos = position("4k3/8/8/1p1n4/2P1P3/8/8/3QK3 w - - 0 1");
        let (pawn_takes, queen_takes, other) =
            (capture(&pos, "e4", "d5"), capture(&pos, "d1", "d5"), capture(&pos, "c4", "b5"));
        let mut h = CaptureHistory::new(6);
        h.update(&pos, pawn_takes, 800);
        h.update(&pos, queen_takes, -800);
        assert_eq!(h.get(&pos, pawn_takes), 800);
        assert_eq!(h.get(&pos, queen_takes), -800, "the same square and victim by another piece");
        assert_eq!(h.get(&pos, other), 0);
        for _ in 0..200 {
            h.update(&pos, pawn_takes, 3200);
        }
        assert!(h.get(&pos, pawn_takes) <= CAPTURE_MAX);
        assert!(h.get(&pos, pawn_takes) > CAPTURE_MAX / 2);
    }
}
