//! The position as the rules see it: the read-only view of `rules::Board`.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::Piece;
use crate::rules::{Board, RuleData, RuleState};
use crate::square::{Color, Square};
use crate::variant::PieceType;

impl Board for Position {
    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.occ
    }

    #[inline]
    fn color_bb(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    #[inline]
    fn pieces_of(&self, c: Color, mask: u64) -> Bitboard {
        Position::pieces_of(self, c, mask)
    }

    #[inline]
    fn count(&self, c: Color, t: PieceType) -> u16 {
        self.counts[c.index()][t as usize]
    }

    #[inline]
    fn total(&self, c: Color) -> u16 {
        self.totals[c.index()]
    }

    #[inline]
    fn royal_count(&self, c: Color) -> u16 {
        self.royals[c.index()]
    }

    #[inline]
    fn royal_squares(&self, c: Color) -> Bitboard {
        Position::royal_squares(self, c)
    }

    fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        Position::attackers(self, sq, by, occ)
    }

    fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        Position::is_attacked(self, sq, by, occ)
    }

    #[inline]
    fn is_mobile(&self, sq: Square) -> bool {
        let p = self.board[sq.index()];
        self.rules.tables.pieces[p.color().index()][p.kind() as usize].mobile.contains(sq)
    }

    fn capture_targets(&self, c: Color, t: PieceType, sq: Square) -> Bitboard {
        let tables = &self.rules.tables;
        tables.pool[tables.pieces[c.index()][t as usize].capture as usize][sq.index()]
    }

    fn has_pseudo_move_after(&self, m: Move, sq: Square) -> bool {
        let mut p = self.scratch();
        p.make_move(m);
        p.has_pseudo_move_from(sq)
    }

    #[inline]
    fn rule_state(&self) -> &RuleState {
        &self.st.rules
    }

    #[inline]
    fn rule_data(&self) -> &RuleData {
        &self.rule_data
    }
}
