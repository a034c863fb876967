//! Static evaluation for any variant, from the data in `values.rs`:
//! tapered piece-square sum (kept incrementally by the position), passed pawns, a
//! king-safety term for protected royals, and a tempo bonus. Scores are centipawns from
//! the side to move's point of view.

use crate::position::Position;
use crate::square::Color;

const TEMPO: i32 = 12;

/// Evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
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
                mg += sign * (4 * progress * progress / 4);
                eg += sign * (6 + 2 * progress * progress);
            }
        }
    }

    // King safety: enemy pieces (not pawns) close to a protected royal, middlegame only.
    for c in Color::BOTH {
        let Some(k) = pos.protected_royal(c) else { continue };
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
    let t = pos.tables();
    let occ = pos.occupied();
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        let own = pos.color_bb(c);
        let mut total = 0;
        for sq in own {
            let p = pos.piece_at(sq);
            let k = p.kind() as usize;
            if vals.pawn_mask & (1 << k) != 0 || rules.royal_mask & (1 << k) != 0 {
                continue;
            }
            let pt = &t.pieces[c.index()][k];
            let mut reach = t.pool[pt.capture as usize][sq.index()] | t.pool[pt.quiet as usize][sq.index()];
            for r in &pt.rays {
                if !r.initial {
                    reach |= t.slide(r, sq, occ);
                }
            }
            total += reach.without(own).count() as i32 - vals.mob_avg[k];
        }
        mg += sign * 3 * total;
        eg += sign * 3 * total;
    }

    let score = (mg * phase + eg * (max - phase)) / max;
    let stm = if pos.side_to_move() == Color::White { score } else { -score };
    stm + TEMPO
}
