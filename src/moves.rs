//! The one move type used for every kind of move.
//!
//! A move is six bytes: origin, destination, an auxiliary square whose meaning depends on
//! the kind (first-leg square of a two-leg move, castling partner), the promotion type and
//! the kind. Protocol layers print and parse it; see `Position::move_to_uci`.

use crate::square::Square;
use crate::variant::PieceType;

/// What a move does besides going from `from` to `to`.
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
        Move {
            from,
            to,
            aux: from,
            promo: 0,
            kind: MoveKind::Normal,
        }
    }

    #[inline]
    pub fn with_kind(from: Square, to: Square, aux: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            aux,
            promo: 0,
            kind,
        }
    }

    #[inline]
    pub fn promoting(self, t: PieceType) -> Move {
        Move {
            promo: t + 1,
            ..self
        }
    }

    /// The promotion type, if any.
    #[inline]
    pub fn promotion(self) -> Option<PieceType> {
        if self.promo == 0 {
            None
        } else {
            Some(self.promo - 1)
        }
    }

    #[inline]
    pub fn is_null(self) -> bool {
        self.kind == MoveKind::Null
    }
}
