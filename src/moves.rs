//! The one move type used for every kind of move.
//!
//! A move is six bytes: origin, destination, an auxiliary square whose meaning depends on
//! the kind (first-leg square of a two-leg move, castling partner), the promotion type and
//! the kind. Protocol layers print and parse it; see `Position::move_to_uci`.

use crate::square::Square;
use crate::variant::PieceType;

/// What a move does besides going from `from` to `to`. The table keeps 4 bits of it
/// ([`Move::to_bits`]): room for the kinds still to come with their games (cage
/// relocation and insertion, the King swap, a placement).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[repr(u8)]
pub enum MoveKind {
    /// Ordinary move or capture on `to`.
    #[default]
    Normal,
    /// An initial multi-step move that leaves e.p. squares behind (pawn double step).
    EpStep,
    /// Captures the last e.p. victim while moving to the (empty) e.p. square `to`.
    EnPassant,
    /// The royal goes to `to`; the partner on `aux` lands next to it on the inner side.
    Castle,
    /// Two legs: `from` -> `aux` (capturing an enemy there, if any) -> `to` (capturing there).
    /// `to == from` for igui/rifle captures and passes.
    TwoLeg,
    /// No move at all (search only).
    Null,
    /// A move usable once per game (`{once:...}`, the Bat-chess King's knight move); it
    /// uses up the right.
    Once,
    /// Free castling (`castlingRook = free`): the royal goes to `to`, the partner on the
    /// edge of the rank in that direction lands on `aux`, anywhere the royal crossed.
    FreeCastle,
    /// The royal on `from` and the own piece on `to` exchange places (Tamerlane's King swap).
    Swap,
    /// Enter and exchange (Tamerlane): the royal steps into the enemy citadel `aux`
    /// (capturing there, if anything) and on to `to`, whose piece goes to `aux`.
    EnterExchange,
    /// A cage on `from` moves with its content to `to` (Slide-chess).
    Relocate,
    /// The cage on `from` enters the board and shifts the line up to `to` by one square
    /// (Slide-chess): the first pawn it puts on its last rank promotes to
    /// [`Move::promotion`], a second one to [`Move::second_promotion`].
    Insert,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub aux: Square,
    /// 0 = no promotion, otherwise promotion type + 1.
    promo: u8,
    pub kind: MoveKind,
}

impl Move {
    pub const NONE: Move = Move {
        from: Square::from_index(0),
        to: Square::from_index(0),
        aux: Square::from_index(0),
        promo: 0,
        kind: MoveKind::Null,
    };

    #[inline]
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to, aux: from, promo: 0, kind: MoveKind::Normal }
    }

    #[inline]
    pub fn with_kind(from: Square, to: Square, aux: Square, kind: MoveKind) -> Move {
        Move { from, to, aux, promo: 0, kind }
    }

    #[inline]
    pub fn promoting(self, t: PieceType) -> Move {
        Move { promo: t + 1, ..self }
    }

    /// The promotion type, if any.
    #[inline]
    pub fn promotion(self) -> Option<PieceType> {
        if self.promo == 0 { None } else { Some(self.promo - 1) }
    }

    #[inline]
    pub fn is_null(self) -> bool {
        self.kind == MoveKind::Null
    }

    /// An insertion's promotion of the second pawn it puts on its last rank, kept in `aux`
    /// (which an insertion does not otherwise use) as the square of index type + 1; index
    /// 0 is none.
    #[inline]
    pub fn second_promotion(self) -> Option<PieceType> {
        match self.kind {
            MoveKind::Insert if self.aux.index() != 0 => Some(self.aux.index() as PieceType - 1),
            _ => None,
        }
    }

    /// The same insertion with a second promotion to `t`.
    #[inline]
    pub fn with_second_promotion(self, t: PieceType) -> Move {
        Move { aux: Square::from_index(t as usize + 1), ..self }
    }

    /// A castling of any form.
    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle | MoveKind::FreeCastle)
    }

    /// Packs the move into [`Move::BITS`] bits (for the transposition table): three
    /// squares, the promotion and 4 bits of kind, room for 16 kinds.
    #[inline]
    pub fn to_bits(self) -> u64 {
        (self.from.index() as u64)
            | (self.to.index() as u64) << 8
            | (self.aux.index() as u64) << 16
            | ((self.promo & 0x7F) as u64) << 24
            | (self.kind as u64) << 31
    }

    /// The width of [`Move::to_bits`].
    pub const BITS: u32 = 35;

    /// Inverse of `to_bits` (only the low [`Move::BITS`] bits are read).
    #[inline]
    pub fn from_bits(b: u64) -> Move {
        let kind = match (b >> 31) & 15 {
            0 => MoveKind::Normal,
            1 => MoveKind::EpStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::TwoLeg,
            6 => MoveKind::Once,
            7 => MoveKind::FreeCastle,
            8 => MoveKind::Swap,
            9 => MoveKind::EnterExchange,
            10 => MoveKind::Relocate,
            11 => MoveKind::Insert,
            _ => MoveKind::Null,
        };
        Move {
            from: Square::from_index((b & 0xFF) as usize),
            to: Square::from_index(((b >> 8) & 0xFF) as usize),
            aux: Square::from_index(((b >> 16) & 0xFF) as usize),
            promo: ((b >> 24) & 0x7F) as u8,
            kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        for (f, t, a, p, k) in [
            (0, 255, 17, Some(63u8), MoveKind::TwoLeg),
            (12, 28, 12, None, MoveKind::Normal),
            (4, 6, 7, None, MoveKind::Castle),
            (4, 7, 5, None, MoveKind::FreeCastle),
            (30, 50, 30, None, MoveKind::Swap),
            (130, 65, 128, None, MoveKind::EnterExchange),
            (68, 4, 0, Some(2), MoveKind::Insert),
            (68, 4, 4, Some(2), MoveKind::Insert),
        ] {
            let mut m = Move::with_kind(Square::from_index(f), Square::from_index(t), Square::from_index(a), k);
            if let Some(p) = p {
                m = m.promoting(p);
            }
            assert_eq!(Move::from_bits(m.to_bits()), m);
            assert!(m.to_bits() < 1 << Move::BITS);
        }
        assert_eq!(Move::from_bits(Move::NONE.to_bits()), Move::NONE);
    }
}
