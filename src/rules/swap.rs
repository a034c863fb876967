//! The King swap (Tamerlane's Great Chess, `docs/rules/tamerlane.md` §7): once per game,
//! when its side has no other legal move, the King may exchange places with one of its own
//! pieces, so that it is not attacked afterwards.
//!
//! The partner stands on a board square (not in a citadel), is not a piece that cannot move
//! by rule (the Pawn of Pawns waiting on its last rank), and is not a pawn that the swap
//! would put on its last rank. The swap is written from the King's square to the partner's
//! (`g2h3`).
//!
//! ini: `swap = K` (the types that may swap). FEN: the castling field carries `S` (White) /
//! `s` (Black) once the swap is used; no mark means still available.

use super::side_flags::SideFlags;
use super::{AfterMake, Board, mask_of};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::square::Color;
use crate::variant::Variant;
use crate::zobrist::KEYS;

#[derive(Debug, Clone)]
pub struct Swap {
    mask: u64,
    pawns: u64,
    /// The last rank of each colour.
    last_ranks: [Bitboard; 2],
    /// Squares a partner may not stand on (the citadels).
    off_board: Bitboard,
}

/// Which colours have used their swap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SwapState(SideFlags);

/// The castling-field marks of a used swap.
const MARKS: [char; 2] = ['S', 's'];

impl SwapState {
    #[inline]
    pub fn available(self, c: Color) -> bool {
        !self.0.is_set(c)
    }
}

impl Swap {
    pub fn new(v: &Variant, off_board: Bitboard) -> Option<Swap> {
        if v.swap.is_empty() {
            return None;
        }
        let pawns: Vec<u8> = (0..v.pieces.len()).filter(|&t| v.pieces[t].pawn).map(|t| t as u8).collect();
        let last = |r: u8| Bitboard::rank_mask(r) & v.board;
        Some(Swap {
            mask: mask_of(&v.swap),
            pawns: mask_of(&pawns),
            last_ranks: [last(v.ranks - 1), last(0)],
            off_board,
        })
    }

    /// The swaps of the side to move, before the test that the King is not attacked after
    /// them (the core makes it: [`super::RuleSet::fallback_moves`]).
    pub fn moves<B: Board>(&self, b: &B, out: &mut Vec<Move>) {
        let us = b.side_to_move();
        if !b.rule_state().swap.available(us) {
            return;
        }
        for king in b.pieces_of(us, self.mask).without(self.off_board) {
            let pawn_barred = self.last_ranks[us.index()].contains(king);
            for sq in b.color_bb(us).without(self.off_board) {
                if sq == king || !b.is_mobile(sq) {
                    continue;
                }
                if pawn_barred && self.pawns & (1u64 << b.piece_at(sq).kind()) != 0 {
                    continue;
                }
                out.push(Move::with_kind(king, sq, king, MoveKind::Swap));
            }
        }
    }

    /// A swap uses up its side's right.
    pub(super) fn after_make(&self, ctx: &mut AfterMake) {
        let c = ctx.made.side;
        if ctx.made.m.kind == MoveKind::Swap && ctx.state.swap.available(c) {
            ctx.state.swap.0.set(c);
            *ctx.key ^= KEYS.swap[c.index()];
        }
    }

    /// Reads `S` / `s` from the castling field.
    pub(super) fn read_mark(ch: char, st: &mut SwapState) -> bool {
        st.0.read_mark(ch, MARKS)
    }

    /// Writes `S` / `s` for a used swap of colour `c`.
    pub(super) fn write_mark(st: &SwapState, c: Color, out: &mut String) {
        st.0.write_mark(c, MARKS, out);
    }

    /// The state's share of the hash key.
    pub(super) fn key(st: &SwapState) -> u64 {
        st.0.key(&KEYS.swap)
    }
}
