//! How winnable the score is: Stockfish 11's last two corrections of its evaluation
//! (`Evaluation::initiative` and `Evaluation::scale_factor` in its `evaluate.cpp`, read,
//! not copied), which Fairy-Stockfish applies in every variant without a drop rule.
//!
//! Why: Kirin's hand-written evaluation knows material, squares and pressure but not
//! whether an edge can be turned into a win. In courier, Kirin drew 16 of 200 games
//! against Fairy-Stockfish 11.1 from positions that engine scored 2.5 pawns and more in
//! Kirin's favour: a Rook and a Bishop against a Bishop, pieces against blocked pawns
//! (docs/log/2026-12.md, seventy-eighth session). Stockfish counts less of an endgame edge
//! as the pawns of the side ahead go, and more where pawns, passed pawns and an
//! outflanking king leave play on the board.
//!
//! Both are per-variant weights, percent of Stockfish's: `eval.initiative` and
//! `eval.pawnScale`, 0 (off) unless a variant sets them.

use super::eval_weights::{EvalWeights, Weight};
use crate::position::Position;
use crate::square::Color;

/// Stockfish's endgame pawn in its units; its numbers below are converted to
/// centipawns by it.
const STOCKFISH_PAWN: i32 = 213;

/// The scale factor's unit (Stockfish's `SCALE_FACTOR_NORMAL`).
const NORMAL: i32 = 64;

/// `(mg, eg)` (White's point of view, everything else in them) corrected by both terms at
/// their weights in `w`; `passed` is the number of passed pawns on the board.
#[inline]
pub fn adjust(pos: &Position, w: &EvalWeights, passed: i32, mg: i32, eg: i32) -> (i32, i32) {
    let vals = &pos.rules().values;
    if vals.pawn_mask == 0 {
        return (mg, eg);
    }
    let (initiative, pawn_scale) = (w[Weight::Initiative], w[Weight::PawnScale]);
    let (mut mg, mut eg) = (mg, eg);
    let pawns = Color::BOTH.map(|c| pos.pieces_of(c, vals.pawn_mask));
    if initiative != 0 {
        let cp = |units: i32| units * 100 / STOCKFISH_PAWN * initiative / 100;
        let c = complexity(pos, passed, pawns);
        // The side ahead gains (or loses) that much, never so much that its score changes
        // sign; in the middle game only a loss counts, and less of it.
        mg += mg.signum() * cp(c + 50).clamp(-mg.abs(), 0);
        eg += eg.signum() * cp(c).max(-eg.abs());
    }
    if pawn_scale != 0 && eg != 0 {
        // The side ahead without pawns keeps 36/64 of its endgame edge, 7/64 more a pawn.
        let strong = if eg > 0 { Color::White } else { Color::Black };
        let sf = (36 + 7 * pawns[strong.index()].count() as i32).min(NORMAL);
        let cut = (NORMAL - sf) * pawn_scale / 100;
        eg = eg * (NORMAL - cut).max(0) / NORMAL;
    }
    (mg, eg)
}

/// Stockfish's complexity, in its units: many pawns, passed pawns, pawns on both wings
/// and a king that has got round the other make an edge count more; a board without
/// those, less.
fn complexity(pos: &Position, passed: i32, pawns: [crate::bitboard::Bitboard; 2]) -> i32 {
    let vals = &pos.rules().values;
    let all = pawns[0] | pawns[1];
    let both_flanks = all.intersects(vals.left_half) && all.without(vals.left_half).any();
    // Files between the royals less ranks between them: a royal beside the other or past
    // it on the files can walk round it.
    let outflanking = match (pos.royal_squares(Color::White).lsb(), pos.royal_squares(Color::Black).lsb()) {
        (Some(w), Some(b)) if pos.royal_count(Color::White) == 1 && pos.royal_count(Color::Black) == 1 => {
            (w.file() as i32 - b.file() as i32).abs() - (w.rank() as i32 - b.rank() as i32).abs()
        }
        _ => 0,
    };
    let pieces_left =
        Color::BOTH.iter().any(|&c| (pos.color_bb(c).without(pawns[c.index()]).without(pos.royal_squares(c))).any());
    let almost_unwinnable = passed == 0 && outflanking < 0 && !both_flanks;
    9 * passed + 11 * all.count() as i32 + 9 * outflanking + 18 * i32::from(both_flanks) + 49 * i32::from(!pieces_left)
        - 36 * i32::from(almost_unwinnable)
        - 103
}
