//! Material imbalance: what a piece is worth beside the other pieces on the board.
//!
//! A piece value alone says a Knight is worth the same with twelve pawns as with none, and
//! a second Rook as much as the first. Stockfish's classical evaluation corrects this with
//! a quadratic imbalance table (Tord Romstad's idea, after Larry Kaufman's study of piece
//! values); Fairy-Stockfish applies it to the chess-like pieces of its variants. Here the
//! terms are data, per variant, in `variants.ini`:
//!
//! * `imbalance.A.B = N`: N centipawns for each own A times each own B (a Knight gains
//!   with every own pawn); for `A.A`, N for each pair of own A (a Courier pair);
//! * `imbalanceVs.A.B = N`: N centipawns for each own A times each enemy B.
//!
//! Both sides get the same terms; the score is White's minus Black's. `A.B` and `B.A`
//! are separate terms (both count when both are given).

use crate::position::Position;
use crate::square::Color;
use crate::variant::PieceType;

/// One imbalance term of a variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The piece that gains or loses.
    pub own: PieceType,
    /// The piece whose number it depends on.
    pub other: PieceType,
    /// `other` counted on the enemy side (`imbalanceVs`) rather than one's own.
    pub against: bool,
    /// Centipawns per product (per pair where `own == other` on one side).
    pub value: i32,
}

impl Term {
    /// This term's score for side `c`.
    #[inline]
    fn of(&self, pos: &Position, c: Color) -> i32 {
        let n = i32::from(pos.count(c, self.own));
        if n == 0 {
            return 0;
        }
        let side = if self.against { !c } else { c };
        let m = i32::from(pos.count(side, self.other));
        let products = if self.own == self.other && !self.against { n * (n - 1) / 2 } else { n * m };
        self.value * products
    }
}

/// The imbalance score of `pos` from White's point of view (the same in the middlegame
/// and the endgame).
pub fn score(pos: &Position, terms: &[Term]) -> i32 {
    terms.iter().map(|t| t.of(pos, Color::White) - t.of(pos, Color::Black)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn position(variant: &str, fen: &str) -> Position {
        Position::from_fen(Catalog::embedded().get(variant).unwrap(), fen).unwrap()
    }

    fn kind(pos: &Position, token: &str) -> PieceType {
        pos.variant().pieces.iter().position(|p| p.token == token).unwrap() as PieceType
    }

    /// A pair term counts pairs, a product term products, and a `Vs` term the enemy's
    /// pieces: White has two Bishops, a Knight and three pawns, Black a Knight and one pawn.
    #[test]
    fn terms_count_pairs_products_and_enemy_pieces() {
        let pos = position("chess", "4k3/4p3/3n4/8/8/8/PPP5/1NB1KB2 w - - 0 1");
        let (p, n, b) = (kind(&pos, "P"), kind(&pos, "N"), kind(&pos, "B"));
        let pair = Term { own: b, other: b, against: false, value: 40 };
        assert_eq!(score(&pos, &[pair]), 40);
        let knight_pawns = Term { own: n, other: p, against: false, value: 7 };
        assert_eq!(score(&pos, &[knight_pawns]), 3 * 7 - 7);
        let knight_vs_pawns = Term { own: n, other: p, against: true, value: 2 };
        assert_eq!(score(&pos, &[knight_vs_pawns]), 2 - 3 * 2);
        assert_eq!(score(&pos, &[pair, knight_pawns, knight_vs_pawns]), 40 + 14 - 4);
    }

    fn catalog(user: &str) -> Catalog {
        Catalog::embedded_with(user)
    }

    /// An ini line gives its variant a term, which the evaluation then counts: a Bishop
    /// pair worth 50 moves the static evaluation of a position where only White has one
    /// by exactly 50 (everything else being equal).
    #[test]
    fn an_ini_line_adds_a_term_to_its_variant() {
        use crate::search::eval::evaluate;
        let c = catalog("[pairs:chess]\nimbalance.B.B = 50\nimbalanceVs.N.P = -3\n");
        assert!(c.errors.is_empty(), "{:?}", c.errors);
        let with = c.get("pairs").unwrap();
        let b = kind(&Position::startpos(with.clone()), "B");
        assert!(with.variant.imbalance.contains(&Term { own: b, other: b, against: false, value: 50 }));
        assert_eq!(with.variant.imbalance.len(), 2);
        let fen = "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1";
        let plain = Position::from_fen(c.get("chess").unwrap(), fen).unwrap();
        let paired = Position::from_fen(with, fen).unwrap();
        assert_eq!(evaluate(&paired) - evaluate(&plain), 50);
    }

    #[test]
    fn bad_imbalance_lines_are_reported() {
        let c =
            catalog("[a:chess]\nimbalance.N = 4\n[b:chess]\nimbalance.N.Z = 4\n[c:chess]\nimbalanceVs.N.P = many\n");
        let text = c.errors.join("\n");
        assert!(text.contains("imbalance.N: the key names two pieces"), "{text}");
        assert!(text.contains("imbalance.N.Z: no piece 'Z'"), "{text}");
        assert!(text.contains("imbalanceVs.N.P must be a whole number"), "{text}");
    }
}
