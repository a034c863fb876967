//! Correction history (`corrHist`, as Stockfish has since version 16): how far searches
//! have found the static evaluation off in positions with the same pawns, by side to move,
//! added back to the evaluation of the next such position. `corrNonPawn` adds two more
//! tables of the same kind (Stockfish 17's non-pawn correction), keyed by the placement
//! of each colour's pieces other than pawns.
//!
//! Why: a hand-written evaluation is wrong in the same direction across a whole pawn
//! structure (a closed position it scores as open, a shelter it does not see), and the
//! pruning rules that read the static evaluation (reverse futility, null move, futility)
//! inherit that error at every node. The search's own results in the game so far say
//! which way and by how much; the table learns it within a game, without training. The
//! errors that Kirin's evaluation makes against Fairy-Stockfish's in courier lie in king
//! safety, threats and space (docs/log/2026-12.md, fifty-eighth session): terms of where
//! the pieces stand, which the pieces' own placement keys as the pawns' cannot.
//!
//! Each table has `SIZE` entries per side to move, indexed by a placement's hash. An
//! entry moves towards `+/-LIMIT` by the gravity rule of the histories; the correction
//! is the entry scaled so that a saturated entry adds `max_cp`.

use super::history::gravity_within;
use crate::position::Position;
use crate::square::Color;

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// The bound of an entry.
const LIMIT: i32 = 1024;
/// The most one update moves an entry.
const MAX_BONUS: i32 = LIMIT / 4;

/// One table: per side to move, `SIZE` entries by a placement's hash.
struct Table(Vec<i16>);

impl Default for Table {
    fn default() -> Self {
        Table(vec![0; 2 * SIZE])
    }
}

impl Table {
    #[inline]
    fn slot(side: Color, key: u64) -> usize {
        side.index() * SIZE + (key as usize & (SIZE - 1))
    }

    #[inline]
    fn correction(&self, side: Color, key: u64, max_cp: i32) -> i32 {
        self.0[Self::slot(side, key)] as i32 * max_cp / LIMIT
    }

    #[inline]
    fn update(&mut self, side: Color, key: u64, bonus: i32) {
        let e = &mut self.0[Self::slot(side, key)];
        *e = gravity_within(*e as i32, bonus, LIMIT) as i16;
    }
}

/// The placements a correction is read under: the pawns', and each colour's other
/// pieces' (`Color::index`; 0 where `corrNonPawn` is off).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CorrectionKeys {
    pub pawns: u64,
    pub non_pawns: [u64; 2],
}

impl CorrectionKeys {
    /// The keys of `pos`: the pawns' placement, and with `non_pawns` each colour's other
    /// pieces' (their kinds and squares).
    pub fn of(pos: &Position, non_pawns: bool) -> CorrectionKeys {
        let mut keys = CorrectionKeys { pawns: super::pawns::pawn_key(pos), non_pawns: [0, 0] };
        if non_pawns {
            let vals = &pos.rules().values;
            let others = vals.kinds_by_value.iter().fold(0u64, |m, &k| m | 1 << k) & !vals.pawn_mask;
            for c in Color::BOTH {
                keys.non_pawns[c.index()] = super::pawns::placement_key(pos, &[c], others, 0x1319_8A2E_0370_7344);
            }
        }
        keys
    }
}

#[derive(Default)]
pub struct CorrectionHistory {
    pawns: Table,
    non_pawns: [Table; 2],
}

impl CorrectionHistory {
    /// Centipawns to add to the static evaluation of a position with `side` to move and
    /// placements hashed to `keys`, when a saturated entry is worth `pawn_cp` in the pawn
    /// table and `non_pawn_cp` in each colour's non-pawn table.
    #[inline]
    pub fn correction(&self, side: Color, keys: &CorrectionKeys, pawn_cp: i32, non_pawn_cp: i32) -> i32 {
        let mut c = self.pawns.correction(side, keys.pawns, pawn_cp);
        if non_pawn_cp != 0 {
            for colour in Color::BOTH {
                c += self.non_pawns[colour.index()].correction(side, keys.non_pawns[colour.index()], non_pawn_cp);
            }
        }
        c
    }

    /// Learns from a search of `depth` plies whose result was `diff` centipawns above the
    /// (corrected) static evaluation: deeper searches count more, as in Stockfish
    /// (`diff * depth / 8`, at most a quarter of the bound at once). Every table read
    /// (`non_pawns`: whether the non-pawn tables were) learns the same.
    #[inline]
    pub fn update(&mut self, side: Color, keys: &CorrectionKeys, non_pawns: bool, diff: i32, depth: i32) {
        let bonus = (diff * depth.max(1) / 8).clamp(-MAX_BONUS, MAX_BONUS);
        self.pawns.update(side, keys.pawns, bonus);
        if non_pawns {
            for colour in Color::BOTH {
                self.non_pawns[colour.index()].update(side, keys.non_pawns[colour.index()], bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_follow_the_sign_of_the_error_and_saturate() {
        let mut h = CorrectionHistory::default();
        let k = pawns_only(7);
        assert_eq!(h.correction(Color::White, &k, 64, 0), 0);
        for _ in 0..200 {
            h.update(Color::White, &k, false, 300, 10);
        }
        let c = h.correction(Color::White, &k, 64, 0);
        assert!(c > 56 && c <= 64, "saturates near the most it may add: {c}");
        assert_eq!(h.correction(Color::Black, &k, 64, 0), 0, "each side has its own table");
        for _ in 0..200 {
            h.update(Color::White, &k, false, -300, 10);
        }
        assert!(h.correction(Color::White, &k, 64, 0) < -56);
        assert_eq!(h.correction(Color::White, &k, 0, 0), 0, "a share of 0 adds nothing");
    }

    #[test]
    fn a_shallow_small_error_moves_the_entry_little() {
        let mut h = CorrectionHistory::default();
        let k = pawns_only(1);
        h.update(Color::Black, &k, false, 16, 1);
        assert_eq!(h.pawns.0[Table::slot(Color::Black, 1)], 2);
        h.update(Color::Black, &k, false, 100_000, 30);
        assert!(h.pawns.0[Table::slot(Color::Black, 1)] as i32 <= 2 + MAX_BONUS);
    }

    #[test]
    fn the_non_pawn_tables_learn_and_count_only_when_asked() {
        let mut h = CorrectionHistory::default();
        let k = CorrectionKeys { pawns: 3, non_pawns: [11, 12] };
        for _ in 0..200 {
            h.update(Color::White, &k, true, 300, 10);
        }
        // Three saturated tables: the pawns' at 40 cp, each colour's pieces' at 20.
        let c = h.correction(Color::White, &k, 40, 20);
        assert!(c > 70 && c <= 80, "{c}");
        assert!(h.correction(Color::White, &k, 40, 0) <= 40, "off, the non-pawn tables add nothing");
        // Another placement of White's pieces: its entry has learned nothing.
        let moved = CorrectionKeys { non_pawns: [99, 12], ..k };
        let c = h.correction(Color::White, &moved, 0, 20);
        assert!(c > 15 && c <= 20, "Black's pieces' entry alone: {c}");
        // Updated without the non-pawn tables, they stay as they were.
        let mut g = CorrectionHistory::default();
        g.update(Color::White, &k, false, 300, 10);
        assert_eq!(g.correction(Color::White, &k, 0, 20), 0);
    }

    fn pawns_only(key: u64) -> CorrectionKeys {
        CorrectionKeys { pawns: key, non_pawns: [0, 0] }
    }
}
