//! What a passed pawn's way forward is worth, in the shape of Stockfish 11's classical
//! evaluation (`passed()`): from its fourth rank on, in the endgame the enemy royal
//! near the square in front of it holds it up and the own royal near that square helps
//! it on; and, where that square is empty, the fewer of the squares ahead (on its file
//! and beside it) the enemy attacks, the more it is worth, more again where the own side
//! covers the square in front.
//!
//! Kirin's passed-pawn term (`pawns.rs`) counts only how far a pawn has come, so the
//! search saw a passer that no piece can stop as much like one that walks into the enemy
//! royal. Weighed by `eval.passedPath` (percent of Stockfish's, scaled like the rest of a
//! pawn's passed terms by what its promotion gains; 0, the default, leaves it out).
//! Stockfish's rook-behind-the-passer test is left out: it is for a Queen's promotion,
//! and reads x-ray attacks that Kirin's attack sets do not keep. In courier (a Fers's
//! promotion: a fifth of Stockfish's size) an SPRT at node odds against Fairy-Stockfish
//! rejected it, -2.0 +/- 3.8 points (docs/log/2026-12.md, eightieth session).

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Color, Square};

/// Stockfish counts a royal's distance up to this many steps.
const PROXIMITY_CAP: i32 = 5;

/// The squares ahead of a passed pawn, from none the enemy attacks down to the square in
/// front attacked: Stockfish 11's bonus steps (times the rank weight, middlegame and
/// endgame alike).
const FREE: i32 = 35;
const FILE_FREE: i32 = 20;
const BLOCK_FREE: i32 = 9;
/// Added where the own side covers the square in front.
const BLOCK_DEFENDED: i32 = 5;

/// Stockfish's units: an endgame pawn is 213, Kirin's 100.
const UNIT: i32 = 213;

/// The bonus (middlegame, endgame, centipawns, positive is good for `us`) of `us`'s
/// passed pawns `passers`, at `percent` of Stockfish's size; `attacks`: the squares each
/// side attacks (`Color::index`), its royals' included.
pub(super) fn passed_path(
    pos: &Position,
    us: Color,
    passers: Bitboard,
    attacks: &[Bitboard; 2],
    percent: i32,
) -> (i32, i32) {
    let vals = &pos.rules().values;
    let ranks = pos.variant().ranks as i32;
    let zone = pos.variant().promotion_zone as i32;
    let pawns = pos.pieces_of(Color::White, vals.pawn_mask) | pos.pieces_of(Color::Black, vals.pawn_mask);
    let proximity = |c: Color, sq: Square| {
        pos.royal_squares(c).iter().map(|k| k.distance(sq)).min().unwrap_or(PROXIMITY_CAP).min(PROXIMITY_CAP)
    };
    let (mut mg, mut eg) = (0, 0);
    for sq in passers {
        let adv = sq.relative_rank(us, ranks);
        // Stockfish's relative rank: its seventh (6) is one step from the promotion zone.
        let to_go = ranks - zone - adv;
        let r = (7 - to_go).min(6);
        if r <= 2 {
            continue;
        }
        let block_rank = sq.rank() as i32 + us.forward();
        if !(0..ranks).contains(&block_rank) {
            continue;
        }
        let block = Square::new(sq.file(), block_rank as u8);
        let weight = 5 * r - 13;
        let mut bonus_eg = (proximity(!us, block) * 19 / 4 - proximity(us, block) * 2) * weight;
        // Short of the last step, the square after it too.
        let next = block_rank + us.forward();
        if r < 6 && (0..ranks).contains(&next) {
            bonus_eg -= proximity(us, Square::new(sq.file(), next as u8)) * weight;
        }
        let mut bonus_mg = 0;
        if !pos.occupied().contains(block) {
            let span = vals.passed_span[us.index()][sq.index()];
            let unsafe_squares = span & attacks[(!us).index()];
            let file = span & vals.files[sq.file() as usize];
            let mut k = if !unsafe_squares.any() {
                FREE
            } else if !unsafe_squares.intersects(file) {
                FILE_FREE
            } else if !unsafe_squares.contains(block) {
                BLOCK_FREE
            } else {
                0
            };
            if attacks[us.index()].contains(block) {
                k += BLOCK_DEFENDED;
            }
            bonus_mg += k * weight;
            bonus_eg += k * weight;
        }
        // A pawn in front (a doubled passer) must wait for it: half.
        if pawns.contains(block) {
            bonus_mg /= 2;
            bonus_eg /= 2;
        }
        let scale = vals.pawn_scale[pos.piece_at(sq).kind() as usize] * percent;
        mg += bonus_mg * scale / (UNIT * 100);
        eg += bonus_eg * scale / (UNIT * 100);
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::position::Position;
    use crate::search::eval::evaluate;

    /// The term alone, in chess (a Queen's promotion: the pawn's scale is 100) with
    /// White to move: the evaluation with it at Stockfish's size less that without it.
    fn path_term(fen: &str) -> i32 {
        let catalog = Catalog::embedded_with("[pathchess:chess]\neval.passedPath = 100\n");
        assert!(catalog.errors.is_empty(), "{:?}", catalog.errors);
        let on = Position::from_fen(catalog.get("pathchess").expect("user variant"), fen).expect("fen");
        let off = Position::from_fen(catalog.get("chess").expect("embedded variant"), fen).expect("fen");
        evaluate(&on) - evaluate(&off)
    }

    #[test]
    fn a_free_passer_counts_more_than_a_watched_or_blocked_one() {
        // A passer on e6, the royals far away: nothing attacks its way.
        let free = path_term("8/8/4P3/8/8/8/8/K6k w - - 0 1");
        // A rook watching the queening square, one watching the square in front, and
        // the enemy royal standing on it.
        let queening_watched = path_term("r7/8/4P3/8/8/8/8/K6k w - - 0 1");
        let block_watched = path_term("8/r7/4P3/8/8/8/8/K6k w - - 0 1");
        let blockaded = path_term("8/4k3/4P3/8/8/8/8/K7 w - - 0 1");
        assert!(free > 150, "{free}");
        assert!(
            free > queening_watched && queening_watched > block_watched,
            "{free} {queening_watched} {block_watched}"
        );
        assert!(block_watched > 0 && blockaded < 0, "{block_watched} {blockaded}");
        // The same for Black, mirrored: the other sign.
        assert_eq!(path_term("k6K/8/8/8/8/4p3/8/8 w - - 0 1"), -free);
    }

    #[test]
    fn only_passers_from_the_fourth_rank_on_count() {
        assert_eq!(path_term("8/8/8/8/8/4P3/8/K6k w - - 0 1"), 0, "third rank");
        assert!(path_term("8/8/8/8/4P3/8/8/K6k w - - 0 1") > 0, "fourth rank");
        assert_eq!(path_term("8/8/3p4/8/4P3/8/8/K6k w - - 0 1"), 0, "not passed");
    }
}
