//! Squares, colours and coordinates on the 16x16 grid.
//!
//! Every board up to 16 files x 16 ranks lives inside one 16x16 grid, so a square is a
//! single byte `rank * 16 + file`. Variants with smaller boards simply never use the
//! squares outside their `board_mask`; this keeps every table the same shape.

use std::fmt;

/// Number of files (and ranks) of the underlying grid.
pub const GRID: i32 = 16;
/// Number of squares of the underlying grid.
pub const NUM_SQUARES: usize = 256;

/// A square of the 16x16 grid: `rank * 16 + file`, both 0-based.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    /// Builds a square from a 0-based file and rank; both must be below 16.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 16 && rank < 16);
        Square((rank << 4) | file)
    }

    /// Builds a square from its grid index (0..256).
    #[inline]
    pub const fn from_index(i: usize) -> Square {
        debug_assert!(i < NUM_SQUARES);
        Square(i as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// King-step (Chebyshev) distance: the larger of the file and rank differences.
    #[inline]
    pub fn distance(self, other: Square) -> i32 {
        (self.file() as i32 - other.file() as i32).abs().max((self.rank() as i32 - other.rank() as i32).abs())
    }

    /// The square `(dx, dy)` away, if it is still on the 16x16 grid.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        let f = self.file() as i32 + dx;
        let r = self.rank() as i32 + dy;
        if (0..GRID).contains(&f) && (0..GRID).contains(&r) { Some(Square::new(f as u8, r as u8)) } else { None }
    }

    /// Parses `a1`..`p16` (file letter, 1-based decimal rank). Returns the square and the
    /// number of bytes consumed, so callers can parse move strings that glue squares together.
    pub fn parse_prefix(s: &[u8]) -> Option<(Square, usize)> {
        let f = *s.first()?;
        if !(b'a'..=b'p').contains(&f) {
            return None;
        }
        let mut i = 1;
        let mut rank: u32 = 0;
        while i < s.len() && s[i].is_ascii_digit() && i <= 2 {
            rank = rank * 10 + (s[i] - b'0') as u32;
            i += 1;
        }
        if i == 1 || !(1..=16).contains(&rank) {
            return None;
        }
        // "a1" followed by a digit that would make the rank > 16 is handled by the caller.
        Some((Square::new(f - b'a', (rank - 1) as u8), i))
    }

    /// Parses a whole square name such as `e4` or `p16`.
    pub fn parse(s: &str) -> Option<Square> {
        match Square::parse_prefix(s.as_bytes()) {
            Some((sq, n)) if n == s.len() => Some(sq),
            _ => None,
        }
    }

    /// Mirror across the horizontal midline of a board with `ranks` ranks.
    #[inline]
    pub fn flip_rank(self, ranks: u8) -> Square {
        Square::new(self.file(), ranks - 1 - self.rank())
    }

    /// The rank counted from `c`'s own back rank (0) on a board with `ranks` ranks: how
    /// far a piece of `c` on this square has come.
    #[inline]
    pub fn relative_rank(self, c: Color, ranks: i32) -> i32 {
        if c == Color::White { self.rank() as i32 } else { ranks - 1 - self.rank() as i32 }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() as u32 + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Side to move / owner of a piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// +1 for White (moves up the board), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for i in 0..NUM_SQUARES {
            let sq = Square::from_index(i);
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("p16"), Some(Square::new(15, 15)));
        assert_eq!(Square::parse("a10"), Some(Square::new(0, 9)));
        assert_eq!(Square::parse("q1"), None);
        assert_eq!(Square::parse("a17"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a"), None);
        assert_eq!(Square::parse("a123"), None);
    }

    #[test]
    fn offsets_stay_on_grid() {
        let a1 = Square::new(0, 0);
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(15, 15), Some(Square::new(15, 15)));
        assert_eq!(a1.offset(16, 0), None);
    }
}
