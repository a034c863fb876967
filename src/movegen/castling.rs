//! Castling: the royal moves a fixed distance towards the piece on the edge of its rank,
//! which lands next to it (on the crossed square, or beyond with `castlingRook = outside`).

use crate::attacks::PieceTables;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;

impl Position {
    pub(super) fn gen_castles(&self, pt: &PieceTables, p: Piece, from: Square, out: &mut Vec<Move>) {
        let t = self.tables();
        let c = p.color();
        let rules = self.rules();
        let occ = self.occupied();
        let royal_guarded = self.protected_royal(c) == Some(from);
        let outside = self.variant().castling_rook_outside;
        for cs in &pt.castles {
            for (dir, allowed) in [(-1i32, cs.left), (1i32, cs.right)] {
                if !allowed {
                    continue;
                }
                // The partner is the piece on the last square of the board in this direction.
                let mut edge = from;
                while let Some(n) = edge.offset(dir, 0) {
                    if !t.board.contains(n) {
                        break;
                    }
                    edge = n;
                }
                if edge == from {
                    continue;
                }
                let partner = self.piece_at(edge);
                if partner.is_none()
                    || partner.color() != c
                    || !self.is_virgin(edge)
                    || rules.castling_partner_mask & (1u64 << partner.kind()) == 0
                {
                    continue;
                }
                let Some(kt) = from.offset(dir * cs.distance as i32, 0) else {
                    continue;
                };
                // The partner lands next to the royal: on the square it crossed, or (with
                // `castlingRook = outside`) on the far side without crossing it.
                let Some(rt) = kt.offset(if outside { dir } else { -dir }, 0) else {
                    continue;
                };
                if !t.board.contains(kt) {
                    continue;
                }
                // The royal must not pass the partner (nor reach it when the partner stays
                // outside).
                let dist_edge = (edge.file() as i32 - from.file() as i32).abs();
                if cs.distance as i32 > dist_edge || (outside && cs.distance as i32 >= dist_edge) {
                    continue;
                }
                // Everything between royal and partner empty; both landing squares free.
                let mut between = Bitboard::EMPTY;
                let mut s = from;
                while let Some(n) = s.offset(dir, 0) {
                    if n == edge {
                        break;
                    }
                    between.set(n);
                    s = n;
                }
                if occ.intersects(between) {
                    continue;
                }
                if [kt, rt].iter().any(|&sq| sq != from && sq != edge && occ.contains(sq)) {
                    continue;
                }
                if royal_guarded {
                    let occ2 = occ.without(Bitboard::from_square(from));
                    let mut safe = !self.is_attacked(from, !c, occ);
                    let mut s = from;
                    while safe && s != kt {
                        let Some(n) = s.offset(dir, 0) else { break };
                        s = n;
                        if self.is_attacked(s, !c, occ2) {
                            safe = false;
                        }
                    }
                    if !safe {
                        continue;
                    }
                }
                out.push(Move::with_kind(from, kt, edge, MoveKind::Castle));
            }
        }
    }
}
