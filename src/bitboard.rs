//! 256-bit bitboards covering the 16x16 grid.
//!
//! Bit `rank * 16 + file` of the four little-endian words is set when the square is in the
//! set. All operations are plain word-wise loops over `[u64; 4]` so that the compiler can
//! vectorise them (the benchmark in `benches/perft.rs` is where that is checked).

use crate::square::{NUM_SQUARES, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
#[repr(C, align(32))]
pub struct Bitboard(pub [u64; 4]);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    pub const FULL: Bitboard = Bitboard([!0; 4]);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        let i = sq.index();
        let mut w = [0u64; 4];
        w[i >> 6] = 1u64 << (i & 63);
        Bitboard(w)
    }

    /// All squares of a board with `files` files and `ranks` ranks (each 1..=16).
    pub fn board_mask(files: u8, ranks: u8) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for r in 0..ranks {
            for f in 0..files {
                b.set(Square::new(f, r));
            }
        }
        b
    }

    /// The up to 8 squares of the 16x16 grid next to `s`.
    pub fn neighbours(s: Square) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            if let Some(n) = s.offset(dx, dy) {
                b.set(n);
            }
        }
        b
    }

    /// All squares of one rank of the 16x16 grid.
    pub fn rank_mask(rank: u8) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for f in 0..16 {
            b.set(Square::new(f, rank));
        }
        b
    }

    /// All squares of one file of the 16x16 grid.
    pub fn file_mask(file: u8) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for r in 0..16 {
            b.set(Square::new(file, r));
        }
        b
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] ^= 1u64 << (i & 63);
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones() + self.0[3].count_ones()
    }

    /// The squares of the 16x16 grid whose file stays on it when moved `dx` files: each
    /// word holds four ranks of 16 files, so the mask is one 16-bit lane repeated. With
    /// `shifted_bits` a set-wide leap: one shift where a table would be looked up square
    /// by square.
    #[inline]
    pub fn shiftable(dx: i8) -> Bitboard {
        let lane = match dx {
            0 => 0xFFFF,
            1..=15 => 0xFFFFu64 >> dx,
            -15..=-1 => (0xFFFFu64 << -dx) & 0xFFFF,
            _ => 0,
        };
        Bitboard([lane * 0x0001_0001_0001_0001; 4])
    }

    /// The whole 256-bit set shifted `n` bits towards the higher squares (`n` < 0: the
    /// lower ones), what falls off either end dropped. Files wrap into the next rank: mask
    /// with `shiftable` first.
    #[inline]
    pub fn shifted_bits(self, n: i32) -> Bitboard {
        let w = self.0;
        // The common case, a leap of up to three ranks: within a word and its neighbour.
        if (1..64).contains(&n) {
            let (l, r) = (n as u32, 64 - n as u32);
            return Bitboard([w[0] << l, w[1] << l | w[0] >> r, w[2] << l | w[1] >> r, w[3] << l | w[2] >> r]);
        }
        if (-63..0).contains(&n) {
            let (r, l) = (n.unsigned_abs(), 64 - n.unsigned_abs());
            return Bitboard([w[0] >> r | w[1] << l, w[1] >> r | w[2] << l, w[2] >> r | w[3] << l, w[3] >> r]);
        }
        let (words, bits) = ((n.unsigned_abs() / 64) as usize, n.unsigned_abs() % 64);
        if words >= 4 {
            return Bitboard::EMPTY;
        }
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate() {
            // The word `i` takes its bits from: `words` lower (or higher) and its neighbour.
            let word = |j: isize| if (0..4).contains(&j) { w[j as usize] } else { 0 };
            let (i, words) = (i as isize, words as isize);
            *o = if n >= 0 {
                word(i - words) << bits | if bits > 0 { word(i - words - 1) >> (64 - bits) } else { 0 }
            } else {
                word(i + words) >> bits | if bits > 0 { word(i + words + 1) << (64 - bits) } else { 0 }
            };
        }
        Bitboard(out)
    }

    /// True when at least two squares are set.
    #[inline]
    pub fn more_than_one(&self) -> bool {
        let mut seen = false;
        for w in self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// Lowest square in the set.
    #[inline]
    pub fn lsb(&self) -> Option<Square> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(Square::from_index(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// Highest square in the set.
    #[inline]
    pub fn msb(&self) -> Option<Square> {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return Some(Square::from_index(i * 64 + 63 - w.leading_zeros() as usize));
            }
        }
        None
    }

    #[inline]
    pub fn iter(self) -> BitIter {
        BitIter::new(self)
    }

    /// Squares in this set and not in `other`.
    #[inline]
    pub fn without(self, other: Bitboard) -> Bitboard {
        Bitboard([self.0[0] & !other.0[0], self.0[1] & !other.0[1], self.0[2] & !other.0[2], self.0[3] & !other.0[3]])
    }

    #[inline]
    pub fn intersects(&self, other: Bitboard) -> bool {
        ((self.0[0] & other.0[0]) | (self.0[1] & other.0[1]) | (self.0[2] & other.0[2]) | (self.0[3] & other.0[3])) != 0
    }
}

/// Iterator over the squares of a bitboard, lowest first.
///
/// It works through one word at a time and moves the others down as each runs out, so
/// that a square costs one test of the current word: taking the lowest square of the
/// whole board each time tested the emptied low words again for every square (most
/// boards have their pieces in words 0 and 1, and Kirin walks such sets everywhere).
pub struct BitIter {
    /// The word being worked through.
    current: u64,
    /// The words above it, lowest first; zeros move in as they move down.
    rest: [u64; 3],
    /// The index of the current word's bit 0.
    base: usize,
}

impl BitIter {
    #[inline]
    fn new(b: Bitboard) -> BitIter {
        BitIter { current: b.0[0], rest: [b.0[1], b.0[2], b.0[3]], base: 0 }
    }
}

impl Iterator for BitIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.current == 0 {
            if (self.rest[0] | self.rest[1] | self.rest[2]) == 0 {
                return None;
            }
            self.current = self.rest[0];
            self.rest = [self.rest[1], self.rest[2], 0];
            self.base += 64;
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(Square::from_index(self.base + bit))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitIter;
    fn into_iter(self) -> BitIter {
        BitIter::new(self)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Bitboard) -> Bitboard {
                Bitboard([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2], self.0[3] $op o.0[3]])
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Bitboard) {
                self.0[0] = self.0[0] $op o.0[0];
                self.0[1] = self.0[1] $op o.0[1];
                self.0[2] = self.0[2] $op o.0[2];
                self.0[3] = self.0[3] $op o.0[3];
            }
        }
        impl $tr<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Square) -> Bitboard {
                self $op Bitboard::from_square(o)
            }
        }
        impl $tra<Square> for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Square) {
                *self = *self $op Bitboard::from_square(o);
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard{{")?;
        let mut first = true;
        for sq in *self {
            if !first {
                write!(f, ",")?;
            }
            first = false;
            write!(f, "{sq}")?;
        }
        write!(f, "}}")
    }
}

/// Number of squares of the grid, re-exported for table sizes.
pub const SQUARES: usize = NUM_SQUARES;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_clear_count() {
        let mut b = Bitboard::EMPTY;
        for i in [0usize, 63, 64, 127, 128, 200, 255] {
            b.set(Square::from_index(i));
        }
        assert_eq!(b.count(), 7);
        assert_eq!(b.lsb(), Some(Square::from_index(0)));
        assert_eq!(b.msb(), Some(Square::from_index(255)));
        b.clear(Square::from_index(0));
        assert_eq!(b.lsb(), Some(Square::from_index(63)));
        let v: Vec<usize> = b.iter().map(|s| s.index()).collect();
        assert_eq!(v, vec![63, 64, 127, 128, 200, 255]);
        // Empty words between and below the squares, and none at all.
        let squares = |b: Bitboard| b.iter().map(|s| s.index()).collect::<Vec<_>>();
        let sparse = Bitboard::from_square(Square::from_index(5)) | Bitboard::from_square(Square::from_index(250));
        assert_eq!(squares(sparse), vec![5, 250]);
        assert_eq!(squares(Bitboard::from_square(Square::from_index(192))), vec![192]);
        assert_eq!(squares(Bitboard::EMPTY), Vec::<usize>::new());
        assert!(b.more_than_one());
        assert!(!Bitboard::from_square(Square::from_index(77)).more_than_one());
        assert!(!Bitboard::EMPTY.more_than_one());
    }

    #[test]
    fn board_masks() {
        assert_eq!(Bitboard::board_mask(8, 8).count(), 64);
        assert_eq!(Bitboard::board_mask(16, 16), Bitboard::FULL);
        assert_eq!(Bitboard::board_mask(12, 16).count(), 192);
        let m = Bitboard::board_mask(12, 8);
        assert!(m.contains(Square::new(11, 7)));
        assert!(!m.contains(Square::new(12, 0)));
        assert!(!m.contains(Square::new(0, 8)));
    }

    /// A set moved `dx` files and `dy` ranks, as `LeapShape` moves it.
    fn shifted(b: Bitboard, dx: i8, dy: i8) -> Bitboard {
        (b & Bitboard::shiftable(dx)).shifted_bits(dy as i32 * 16 + dx as i32)
    }

    /// `shiftable` and `shifted_bits` move each square as `Square::offset` does, one
    /// square at a time, and a whole set as the union of its squares: every square,
    /// offsets up to 17 (past a word of four ranks and across every word boundary).
    #[test]
    fn shifted_moves_every_square_like_offset() {
        let offsets = [-17, -16, -15, -3, -1, 0, 1, 2, 5, 15, 16, 17];
        for dx in [-15i8, -4, -2, -1, 0, 1, 2, 4, 15] {
            for &dy in &offsets {
                let mut all_from = Bitboard::EMPTY;
                let mut all_to = Bitboard::EMPTY;
                for i in 0..NUM_SQUARES {
                    let sq = Square::from_index(i);
                    let expected = match sq.offset(dx as i32, dy) {
                        Some(to) => Bitboard::from_square(to),
                        None => Bitboard::EMPTY,
                    };
                    assert_eq!(shifted(Bitboard::from_square(sq), dx, dy as i8), expected, "{i} by ({dx}, {dy})");
                    if i % 3 == 0 {
                        all_from.set(sq);
                        all_to |= expected;
                    }
                }
                assert_eq!(shifted(all_from, dx, dy as i8), all_to, "every third square by ({dx}, {dy})");
            }
        }
    }
}
