//! A coloured piece in one byte.

use crate::square::Color;
use crate::variant::PieceType;

/// `0` = no piece, otherwise `1 + type + 64 * colour`.
#[derive(Copy, Clone, PartialEq, Eq, Default, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    pub const NONE: Piece = Piece(0);
    /// Number of distinct codes, for tables indexed by `Piece::index`.
    pub const CODES: usize = 129;

    #[inline]
    pub const fn new(c: Color, t: PieceType) -> Piece {
        Piece(1 + t + (c as u8) * 64)
    }

    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Colour of a real piece (meaningless for `NONE`).
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 > 64 { Color::Black } else { Color::White }
    }

    /// Type of a real piece (meaningless for `NONE`).
    #[inline]
    pub const fn kind(self) -> PieceType {
        (self.0.wrapping_sub(1)) & 63
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
