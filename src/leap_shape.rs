//! Leap tables that move every square by the same few offsets (a pawn's step, its
//! diagonal capture), applied to a whole set of squares with a few shifts where the table
//! would be looked up square by square.

use crate::attacks::Tables;
use crate::bitboard::Bitboard;

/// The most offsets a shape keeps: beyond, the table lookups are as cheap.
const MAX_OFFSETS: usize = 8;

/// A leap table as offsets (files, ranks) from every square of the board, each kept as
/// the squares it may leap from and the bits it shifts them by.
#[derive(Clone, Debug)]
pub struct LeapShape {
    shifts: arrayvec::ArrayVec<(Bitboard, i32), MAX_OFFSETS>,
    board: Bitboard,
}

impl LeapShape {
    /// The shape of pool table `table`, where from every square of the board it leaps to
    /// exactly the squares of the same offsets that stay on the board (none, where a
    /// piece's moves depend on where it stands, or where there are many offsets).
    pub fn of(t: &Tables, table: u16) -> Option<LeapShape> {
        let pool = t.pool.get(table as usize)?;
        let mut offsets = arrayvec::ArrayVec::<(i8, i8), MAX_OFFSETS>::new();
        for from in t.board {
            for to in pool[from.index()] {
                let o = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
                if !offsets.contains(&o) {
                    offsets.try_push(o).ok()?;
                }
            }
        }
        let shifts = offsets.iter().map(|&(dx, dy)| (Bitboard::shiftable(dx), dy as i32 * 16 + dx as i32)).collect();
        let shape = LeapShape { shifts, board: t.board };
        t.board.iter().all(|from| shape.leaps(Bitboard::from_square(from)) == pool[from.index()]).then_some(shape)
    }

    /// The squares the table leaps to from any of `from` (squares of the board).
    #[inline]
    pub fn leaps(&self, from: Bitboard) -> Bitboard {
        let mut to = Bitboard::EMPTY;
        for &(shiftable, bits) in &self.shifts {
            to |= (from & shiftable).shifted_bits(bits);
        }
        to & self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    /// Courier's pawn (rules.md, Courier: one step forward, captures one diagonal step
    /// forward) has both its tables as shapes, which leap as the tables do from a set of
    /// squares; the Rook's leap table is empty (it only slides).
    #[test]
    fn courier_pawn_tables_are_shapes() {
        let rules = crate::catalog::Catalog::embedded().get("courier").expect("courier is embedded");
        let t = &rules.tables;
        let pawn = rules.variant.pieces.iter().position(|p| p.name == "pawn").expect("courier has pawns");
        let pt = &t.pieces[0][pawn];
        let rook = rules.variant.pieces.iter().position(|p| p.name == "rook").expect("courier has rooks");
        assert!(LeapShape::of(t, t.pieces[0][rook].capture).is_some_and(|s| s.shifts.is_empty()));
        let quiet = LeapShape::of(t, pt.quiet).expect("a pawn step is a shape");
        let capture = LeapShape::of(t, pt.capture).expect("a pawn capture is a shape");
        let from = Bitboard::from_square(Square::new(0, 1)) | Bitboard::from_square(Square::new(5, 3));
        let mut expected_quiet = Bitboard::EMPTY;
        let mut expected_capture = Bitboard::EMPTY;
        for sq in from {
            expected_quiet |= t.pool[pt.quiet as usize][sq.index()];
            expected_capture |= t.pool[pt.capture as usize][sq.index()];
        }
        assert_eq!(quiet.leaps(from), expected_quiet);
        assert_eq!(capture.leaps(from), expected_capture);
        assert_eq!(capture.leaps(from).count(), 3, "b3, e5 and g5");
    }
}
