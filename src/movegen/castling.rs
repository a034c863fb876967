//! Castling: the royal moves a fixed distance towards the piece on the edge of its rank,
//! which lands next to it (on the crossed square, or beyond with `castlingRook = outside`),
//! or, with free castling (`castlingRook = free`), on any square from the royal's origin to
//! the square before its destination, each a move of its own.

use crate::attacks::PieceTables;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::{Color, Square};
use crate::variant::{CastlingRook, CastlingSafe};

impl Position {
    /// The square of the castling partner of a royal on `from` that castles towards `to`:
    /// the last square of the board along the rank in that direction.
    pub fn castling_edge(&self, from: Square, to: Square) -> Square {
        self.rank_edge(from, if to.file() > from.file() { 1 } else { -1 })
    }

    /// The last square of the board along the rank from `from` towards `dir` (+1: higher
    /// files, -1: lower), or `from` itself at the edge: where a castling partner must stand.
    fn rank_edge(&self, from: Square, dir: i32) -> Square {
        let board = self.tables().board;
        let mut edge = from;
        while let Some(n) = edge.offset(dir, 0).filter(|n| board.contains(*n)) {
            edge = n;
        }
        edge
    }

    /// The end of the rank from the royal on `royal` towards `dir`, if a piece of the
    /// royal's colour and of a castling-partner type stands there (moved or not): the one
    /// test of the move generator, the FEN reader and the FEN writer.
    pub fn castling_partner(&self, royal: Square, dir: i32) -> Option<Square> {
        let edge = self.rank_edge(royal, dir);
        let p = self.piece_at(edge);
        (edge != royal
            && p.is_some()
            && p.color() == self.piece_at(royal).color()
            && self.rules().castling_partner_mask & (1u64 << p.kind()) != 0)
            .then_some(edge)
    }

    pub(super) fn gen_castles(&self, pt: &PieceTables, p: Piece, from: Square, out: &mut Vec<Move>) {
        let t = self.tables();
        let c = p.color();
        let occ = self.occupied();
        let royal_guarded = self.protected_royal(c) == Some(from);
        let placement = self.variant().castling_rook;
        let outside = placement == CastlingRook::Outside;
        for cs in &pt.castles {
            for (dir, allowed) in [(-1i32, cs.left), (1i32, cs.right)] {
                if !allowed {
                    continue;
                }
                let Some(kt) = from.offset(dir * cs.distance as i32, 0) else {
                    continue;
                };
                if !t.board.contains(kt) {
                    continue;
                }
                let Some(edge) = self.castling_partner(from, dir).filter(|&e| self.is_virgin(e)) else {
                    continue;
                };
                // The partner lands next to the royal: on the square it crossed, or (with
                // `castlingRook = outside`) on the far side without crossing it.
                let Some(rt) = kt.offset(if outside { dir } else { -dir }, 0) else {
                    continue;
                };
                // The royal must not pass the partner (nor reach it when the partner stays
                // outside).
                let dist_edge = (edge.file() as i32 - from.file() as i32).abs();
                if cs.distance as i32 > dist_edge || (outside && cs.distance as i32 >= dist_edge) {
                    continue;
                }
                // Everything between royal and partner empty; both landing squares free.
                let between = self.squares_between_on_rank(from, edge);
                if occ.intersects(between) {
                    continue;
                }
                if [kt, rt].iter().any(|&sq| sq != from && sq != edge && occ.contains(sq)) {
                    continue;
                }
                if royal_guarded && !self.castling_is_safe(from, kt, between, c) {
                    continue;
                }
                if placement == CastlingRook::Free {
                    // Every square from the royal's origin up to its destination.
                    let mut s = from;
                    while s != kt {
                        out.push(Move::with_kind(from, kt, s, MoveKind::FreeCastle));
                        let Some(n) = s.offset(dir, 0) else { break };
                        s = n;
                    }
                } else {
                    out.push(Move::with_kind(from, kt, edge, MoveKind::Castle));
                }
            }
        }
    }

    /// The squares strictly between two squares of one rank.
    fn squares_between_on_rank(&self, a: Square, b: Square) -> Bitboard {
        let dir = if b.file() > a.file() { 1 } else { -1 };
        let mut between = Bitboard::EMPTY;
        let mut s = a;
        while let Some(n) = s.offset(dir, 0) {
            if n == b {
                break;
            }
            between.set(n);
            s = n;
        }
        between
    }

    /// The royal of `c` on `from`, castling to `kt`, is not in check and no square the
    /// variant names (`castlingSafeSquares`: those the royal crosses and lands on, or all
    /// of `between`, the squares between royal and partner) is attacked.
    fn castling_is_safe(&self, from: Square, kt: Square, between: Bitboard, c: Color) -> bool {
        let occ = self.occupied();
        if self.is_attacked(from, !c, occ) {
            return false;
        }
        let occ2 = occ.without(Bitboard::from_square(from));
        let watched = match self.variant().castling_safe {
            CastlingSafe::Between => between,
            CastlingSafe::King => {
                let mut path = Bitboard::EMPTY;
                let dir = if kt.file() > from.file() { 1 } else { -1 };
                let mut s = from;
                while s != kt {
                    let Some(n) = s.offset(dir, 0) else { break };
                    path.set(n);
                    s = n;
                }
                path
            }
        };
        watched.iter().all(|s| !self.is_attacked(s, !c, occ2))
    }
}
