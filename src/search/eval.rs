//! Static evaluation for any variant, from the data in `values.rs`:
//! tapered piece-square sum (kept incrementally by the position), passed pawns, a
//! king-safety term for protected royals, and a tempo bonus. Scores are centipawns from
//! the side to move's point of view.

use crate::position::Position;
use crate::square::Color;

const TEMPO: i32 = 12;
/// Pawn-structure penalties (middlegame, endgame), per isolated pawn and per extra pawn on
/// a file.
const ISOLATED: (i32, i32) = (8, 12);
const DOUBLED: (i32, i32) = (8, 16);
/// Threat terms: a piece attacked by a pawn (plus a twentieth of its value), a piece
/// attacked by a less valuable one (plus a sixteenth of the difference), and the most an
/// undefended attacked piece counts (a tenth of its value up to this).
const THREAT_BY_PAWN: i32 = 25;
const THREAT_BY_LESSER: i32 = 20;
const HANGING_MAX: i32 = 60;

/// The incremental part of the evaluation only (tapered piece-square sum), from the side
/// to move: cheap, used to skip the full evaluation where it cannot matter.
pub fn evaluate_fast(pos: &Position) -> i32 {
    let vals = &pos.rules().values;
    let psq = pos.psq();
    let max = vals.max_phase.max(1);
    let phase = pos.phase().clamp(0, max);
    let score = (psq.mg * phase + psq.eg * (max - phase)) / max;
    scale_for_move_rule(pos, if pos.side_to_move() == Color::White { score } else { -score }) + TEMPO
}

/// Evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    finish(pos, evaluate_keyed(pos))
}

/// The part of the evaluation that depends only on what the position key covers (board,
/// side to move, pools): what an evaluation cache may keep. `finish` adds the rest.
pub fn evaluate_keyed(pos: &Position) -> i32 {
    let rules = pos.rules();
    let vals = &rules.values;
    let psq = pos.psq();
    let max = vals.max_phase.max(1);
    let phase = pos.phase().clamp(0, max);
    let mut mg = psq.mg;
    let mut eg = psq.eg;

    // Passed pawns: no enemy pawn ahead on the same or adjacent files.
    if vals.pawn_mask != 0 {
        let mut pawns = [crate::bitboard::Bitboard::EMPTY; 2];
        let mut m = vals.pawn_mask;
        while m != 0 {
            let t = m.trailing_zeros() as u8;
            m &= m - 1;
            for c in Color::BOTH {
                pawns[c.index()] |= pos.pieces(c, t);
            }
        }
        let ranks = pos.variant().ranks as i32;
        for c in Color::BOTH {
            let sign = if c == Color::White { 1 } else { -1 };
            for sq in pawns[c.index()] {
                if vals.passed_span[c.index()][sq.index()].intersects(pawns[(!c).index()]) {
                    continue;
                }
                let adv = if c == Color::White { sq.rank() as i32 } else { ranks - 1 - sq.rank() as i32 };
                let progress = adv * 8 / ranks.max(2);
                let scale = vals.pawn_scale[pos.piece_at(sq).kind() as usize];
                mg += sign * (progress * progress * scale / 100);
                eg += sign * ((6 + 2 * progress * progress) * scale / 100);
            }
            // Structure: a second pawn on a file and a pawn with no friendly pawn on the
            // neighbouring files are weaker (cannot defend each other, block each other).
            let own = pawns[c.index()];
            for sq in own {
                let f = sq.file() as usize;
                if !vals.neighbours[f].intersects(own) {
                    mg -= sign * ISOLATED.0;
                    eg -= sign * ISOLATED.1;
                }
            }
            for f in 0..pos.variant().files as usize {
                let n = (own & vals.files[f]).count() as i32;
                if n > 1 {
                    mg -= sign * DOUBLED.0 * (n - 1);
                    eg -= sign * DOUBLED.1 * (n - 1);
                }
            }
        }
    }

    // King safety: enemy pieces (not pawns) close to a protected royal, middlegame only.
    for c in Color::BOTH {
        // A single royal, protected by a check rule or not (Chu Shogi has none).
        if pos.royal_count(c) != 1 {
            continue;
        }
        let Some(k) = pos.royal_squares(c).lsb() else { continue };
        let zone = vals.near[k.index()];
        let mut danger = 0;
        for sq in pos.color_bb(!c) & zone {
            let p = pos.piece_at(sq);
            if vals.pawn_mask & (1 << p.kind()) == 0 {
                danger += vals.value[p.kind() as usize].clamp(0, 1500) / 20;
            }
        }
        let sign = if c == Color::White { -1 } else { 1 };
        mg += sign * danger;
    }

    // Mobility: squares each non-pawn piece reaches now (own pieces excluded), against its
    // empty-board average. Slides are blocked by any piece, as in move generation.
    // The same walk collects the squares each side attacks (own pieces included: those
    // are defended), and those its pawns attack, for the threat terms below.
    let t = pos.tables();
    let occ = pos.occupied();
    let mut attacks = [crate::bitboard::Bitboard::EMPTY; 2];
    let mut pawn_attacks = [crate::bitboard::Bitboard::EMPTY; 2];
    // `least[c][sq]`: the value of the least valuable non-royal piece of `c` attacking the
    // enemy piece on `sq` (only squares with enemy pieces are written).
    let mut least = [[i32::MAX; crate::square::NUM_SQUARES]; 2];
    // Material without the royals, for the conversion terms at the end.
    let mut material = [0i32; 2];
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        let own = pos.color_bb(c);
        let mut total = 0;
        for sq in own {
            let p = pos.piece_at(sq);
            let k = p.kind() as usize;
            if rules.royal_mask & (1 << k) == 0 {
                material[c.index()] += vals.value[k];
            }
            let pt = &t.pieces[c.index()][k];
            let mut hits = t.pool[pt.capture as usize][sq.index()];
            let mut reach = hits | t.pool[pt.quiet as usize][sq.index()];
            for r in &pt.rays {
                if !r.initial {
                    let ray = t.slide(r, sq, occ);
                    reach |= ray;
                    if r.mode & crate::variant::betza::MODE_CAPTURE != 0 {
                        hits |= ray;
                    }
                }
            }
            attacks[c.index()] |= hits;
            if rules.royal_mask & (1 << k) == 0 {
                for target in hits & pos.color_bb(!c) {
                    let e = &mut least[c.index()][target.index()];
                    *e = (*e).min(vals.value[k]);
                }
            }
            if vals.pawn_mask & (1 << k) != 0 {
                pawn_attacks[c.index()] |= hits;
                continue;
            }
            if rules.royal_mask & (1 << k) != 0 {
                continue;
            }
            total += reach.without(own).count() as i32 - vals.mob_avg[k];
        }
        mg += sign * 3 * total;
        eg += sign * 3 * total;
    }

    // Threats: an enemy piece attacked by a pawn, by a less valuable piece, or attacked and
    // not defended at all. Quiescence search settles the side to move's captures; these
    // terms see the attacks it leaves for later (a fork, a piece left hanging, a Lion that
    // has run into enemy pieces) and the pressure behind them.
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        let mut bonus = 0;
        for sq in pos.color_bb(!c) & attacks[c.index()] {
            let k = pos.piece_at(sq).kind() as usize;
            if rules.royal_mask & (1 << k) != 0 {
                continue;
            }
            let v = vals.value[k].clamp(0, 1500);
            let by = least[c.index()][sq.index()];
            if vals.pawn_mask & (1 << k) == 0 && pawn_attacks[c.index()].contains(sq) {
                bonus += THREAT_BY_PAWN + v / 20;
            } else if by < vals.value[k] && by < v {
                bonus += THREAT_BY_LESSER + (v - by) / 16;
            } else if !attacks[(!c).index()].contains(sq) {
                bonus += (v / 10).min(HANGING_MAX);
            }
        }
        mg += sign * bonus;
        eg += sign * bonus;
    }

    let mut score = (mg * phase + eg * (max - phase)) / max;

    // Conversion help. A side ahead in material gains from trading pieces (fewer pieces
    // left, larger relative edge; decisive where a bare royal loses), and in the endgame
    // from driving the enemy royal to the edge and bringing its own royal closer.
    let (mw, mb) = (material[Color::White.index()], material[Color::Black.index()]);
    let diff = mw - mb;
    if diff.abs() >= 150 {
        let total = (mw + mb).max(1);
        let start_total = 2 * max + 1;
        // Up to about a quarter of the edge again when most material is gone.
        score += diff * (start_total - total.min(start_total)) / (4 * start_total);
        let (strong, weak) = if diff > 0 { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        if let (Some(wk), Some(sk)) = (pos.royal_squares(weak).lsb(), pos.royal_squares(strong).lsb()) {
            let v = pos.variant();
            let edge = |sq: crate::square::Square| {
                let f = sq.file() as i32;
                let r = sq.rank() as i32;
                f.min(v.files as i32 - 1 - f).min(r).min(v.ranks as i32 - 1 - r)
            };
            let dist = (wk.file() as i32 - sk.file() as i32).abs().max((wk.rank() as i32 - sk.rank() as i32).abs());
            let mop = 10 * (4 - edge(wk)).max(0) + 4 * (7 - dist).max(0);
            let eg_weight = (max - phase).max(0);
            let bonus = mop * eg_weight / max;
            score += if strong == Color::White { bonus } else { -bonus };
        }
    }

    if pos.side_to_move() == Color::White { score } else { -score }
}

/// The full evaluation from `evaluate_keyed`'s score: the n-move counter's scaling (not in
/// the key) and the tempo bonus.
#[inline]
pub fn finish(pos: &Position, keyed: i32) -> i32 {
    scale_for_move_rule(pos, keyed) + TEMPO
}

/// Shrinks the score towards a draw as the n-move counter runs: the side ahead then prefers
/// moves that reset it (captures, pawn moves) to shuffling until the rule draws the game.
/// At the limit a score counts half.
#[inline]
fn scale_for_move_rule(pos: &Position, score: i32) -> i32 {
    let n = pos.variant().n_move_rule as i32;
    if n == 0 {
        return score;
    }
    let r = (pos.state().rule50 as i32).min(2 * n);
    score * (4 * n - r) / (4 * n)
}
