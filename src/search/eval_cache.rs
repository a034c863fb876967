//! What a search thread's evaluations leave behind: the scores of the positions it
//! evaluated, by position key, and the pawn facts by pawn placement (`pawns.rs`), kept
//! from one search to the next within a game.
//!
//! A position's score is a function of the position and its rules alone, so that a
//! cache only saves time: the same positions recur through transpositions, between the
//! main search and quiescence, from one iteration to the next, and from one move of a
//! game to the next (its searches revisit much of the last one's tree). Kept between
//! the moves of a game, 3% more nodes a second along courier games (docs/log/2026-12.md).

use std::sync::Arc;

use super::pawns::PawnTable;
use crate::position::{Position, Rules};

/// Entries of a thread's evaluation cache for a search without a node limit (a power of
/// two; 4 MB): each iteration of the deepening revisits the last one's nodes, more than
/// 64 k entries keep.
const EVAL_CACHE_SIZE: usize = 1 << 18;

pub struct EvalMemory {
    /// The rules the scores are of (held, so that no other rules can take their place
    /// at the same address while these are kept).
    rules: Arc<Rules>,
    /// (key, `evaluate_keyed` score); key 0 marks an empty slot.
    scores: Vec<(u64, i32)>,
    pub pawns: PawnTable,
}

impl EvalMemory {
    /// What a thread kept from its last search (`kept`) where it is of `pos`'s rules and
    /// of the sizes a search limited to `nodes` uses, else empty tables.
    pub fn kept_or_new(kept: Option<EvalMemory>, pos: &Position, nodes: Option<u64>) -> EvalMemory {
        let size = eval_cache_size(nodes);
        match kept {
            Some(m) if Arc::ptr_eq(&m.rules, pos.rules()) && m.scores.len() == size => m,
            _ => EvalMemory {
                rules: pos.rules().clone(),
                scores: vec![(0, 0); size],
                pawns: PawnTable::new(pos, pawn_table_size(nodes)),
            },
        }
    }

    /// The kept score of the position with key `key`, if any.
    #[inline]
    pub fn score(&self, key: u64) -> Option<i32> {
        let (k, s) = self.scores[slot(key, self.scores.len())];
        (k == key && key != 0).then_some(s)
    }

    /// Keeps `score` for the position with key `key` (in place of what its slot held).
    #[inline]
    pub fn keep(&mut self, key: u64, score: i32) {
        let i = slot(key, self.scores.len());
        self.scores[i] = (key, score);
    }

    /// Starts loading the slot of `key` (a random place in megabytes: a cache miss was
    /// most of a lookup's cost).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        super::tt::prefetch(self.scores.as_ptr().wrapping_add(slot(key, self.scores.len())));
    }
}

/// The slot of position key `key` in a cache of `len` entries (a power of two).
#[inline]
fn slot(key: u64, len: usize) -> usize {
    key as usize & (len - 1)
}

/// Entries of the evaluation cache for a search limited to `nodes`: a short search
/// touches few entries, and each page of a fresh 4 MB cache costs a page fault (a
/// self-play game at 3,000 nodes a move spent as long in the kernel as in its searches).
fn eval_cache_size(nodes: Option<u64>) -> usize {
    match nodes {
        Some(n) => (n.saturating_mul(2).min(EVAL_CACHE_SIZE as u64) as usize).next_power_of_two().max(1024),
        None => EVAL_CACHE_SIZE,
    }
}

/// Entries of the pawn table for a search limited to `nodes`: placements of the pawns
/// are far fewer than positions (a 64th of the evaluation cache's entries), and a short
/// search should not pay to fill pages it never touches.
fn pawn_table_size(nodes: Option<u64>) -> usize {
    (eval_cache_size(nodes) / 64).max(64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn scores_are_kept_for_the_same_rules_and_size_only() {
        let catalog = Catalog::embedded();
        let chess = Position::startpos(catalog.get("chess").expect("chess"));
        let courier = Position::startpos(catalog.get("courier").expect("courier"));
        let mut m = EvalMemory::kept_or_new(None, &chess, Some(1000));
        assert_eq!(m.score(12345), None);
        m.keep(12345, 77);
        assert_eq!(m.score(12345), Some(77));
        assert_eq!(m.score(12345 + (1 << 40)), None, "another key in the same slot");
        let m = EvalMemory::kept_or_new(Some(m), &chess, Some(1000));
        assert_eq!(m.score(12345), Some(77), "kept for the same rules");
        let m = EvalMemory::kept_or_new(Some(m), &chess, Some(1_000_000));
        assert_eq!(m.score(12345), None, "another size starts empty");
        let mut m = m;
        m.keep(12345, 77);
        assert_eq!(EvalMemory::kept_or_new(Some(m), &courier, Some(1_000_000)).score(12345), None, "other rules");
        // The same variant's rules built again (a user's file read anew) are other rules.
        let again = Catalog::embedded();
        let mut m = EvalMemory::kept_or_new(None, &chess, None);
        m.keep(12345, 77);
        let chess_again = Position::startpos(again.get("chess").expect("chess"));
        assert_eq!(EvalMemory::kept_or_new(Some(m), &chess_again, None).score(12345), None);
    }
}
