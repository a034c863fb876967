//! The statistics a search thread learns (butterfly history, counter moves, continuation
//! history, capture history, correction history), kept from one search to the next
//! within a game.
//!
//! Successive positions of a game share most of their moves, so what ordered the last
//! search well orders the next one: as Stockfish keeps its histories between `go`
//! commands and clears them on `ucinewgame`. Starting each search from empty tables also
//! cost a 16 MB allocation a thread a search in the big variants.

use super::correction::CorrectionHistory;
use super::history::ContHist;
use crate::moves::Move;
use crate::piece::Piece;
use crate::variant::Variant;

/// The statistics of one thread.
pub struct OrderingTables {
    /// The variant they were learned in (name, files, ranks, piece types): another
    /// variant's pieces and squares give the same indices different meanings.
    variant: (String, u8, u8, usize),
    /// Butterfly history, by (moving piece, destination).
    pub history: Vec<i32>,
    /// Counter move, by the (piece, destination) of the move answered.
    pub counters: Vec<Move>,
    pub cont: ContHist,
    /// Capture history (`captureHistory`), by (moving piece, destination, captured kind):
    /// how often such a capture refuted a position before, beyond what the victim's value
    /// says. Empty until a search with the option asks for it
    /// ([`OrderingTables::ensure_capture_history`]): in the big shogi variants it is
    /// megabytes a thread.
    pub captures: Vec<i16>,
    /// How far searches found the static evaluation off, by pawn placement
    /// (`corrHist`): learned as the histories are, and kept and cleared with them.
    pub correction: CorrectionHistory,
    /// Captured kinds a slot (the variant's kinds, and one for a move that takes nothing
    /// on its destination: e.p., a promotion, a second leg's capture).
    pub capture_kinds: usize,
}

impl OrderingTables {
    pub fn new(v: &Variant) -> OrderingTables {
        OrderingTables {
            variant: signature(v),
            history: vec![0; Piece::CODES * 256],
            counters: vec![Move::NONE; Piece::CODES * 256],
            cont: ContHist::new(v.files, v.ranks, v.pieces.len()),
            captures: Vec::new(),
            correction: CorrectionHistory::default(),
            capture_kinds: v.pieces.len() + 1,
        }
    }

    /// The tables a thread kept from its last search (`kept`) where they were learned in
    /// `v`, else new ones.
    pub fn kept_or_new(kept: Option<OrderingTables>, v: &Variant) -> OrderingTables {
        match kept {
            Some(t) if t.variant == signature(v) => t,
            _ => OrderingTables::new(v),
        }
    }

    /// Allocates the capture history, once per set of tables.
    pub fn ensure_capture_history(&mut self) {
        if self.captures.is_empty() {
            self.captures = vec![0; Piece::CODES * 256 * self.capture_kinds];
        }
    }

    /// The capture-history slot of `piece` moving to `to` (a square index) and taking a
    /// piece of `victim` kind (`None`: nothing on `to`).
    #[inline]
    pub fn capture_slot(&self, piece: Piece, to: usize, victim: Option<usize>) -> usize {
        let kind = victim.map_or(self.capture_kinds - 1, |k| k.min(self.capture_kinds - 2));
        (piece.index() * 256 + to) * self.capture_kinds + kind
    }
}

fn signature(v: &Variant) -> (String, u8, u8, usize) {
    (v.name.clone(), v.files, v.ranks, v.pieces.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn tables_are_kept_for_the_same_variant_only() {
        let catalog = Catalog::embedded();
        let chess = catalog.get("chess").expect("chess").variant.clone();
        let courier = catalog.get("courier").expect("courier").variant.clone();
        let mut t = OrderingTables::new(&chess);
        t.history[5] = 77;
        let t = OrderingTables::kept_or_new(Some(t), &chess);
        assert_eq!(t.history[5], 77, "kept for the same variant");
        assert_eq!(OrderingTables::kept_or_new(Some(t), &courier).history[5], 0, "another variant starts empty");
        assert_eq!(OrderingTables::kept_or_new(None, &chess).history[5], 0, "nothing kept");
    }
}
