//! Tests of the `pool` rule module (src/rules/pool.rs): pawns promote to pieces of their
//! side that the opponent has captured (ini `poolPromotion`, `poolLines`; the pool is a FEN
//! field).
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`shortsliders`), each test citing the section of its variant's rules page that it
//! checks. A new variant that uses the rule adds a module with its own cases here (its
//! shared setups go in tests/common/).

mod common;

/// Short Sliders (docs/rules/short-sliders.md §3; conventions in
/// tests/common/shortsliders.rs): the pool and pawn promotion.
mod shortsliders {
    use crate::common::shortsliders::{V, fen, pawn_moves, pos};
    use crate::common::{catalog, play, with_pool};
    use kirin::position::Position;

    /// §3.3: with nothing captured a
    /// Pawn cannot enter the last rank at all and just moves on the Pawn Row.
    #[test]
    fn pawn_with_empty_pool() {
        assert!(pawn_moves("P", "f15", "").is_empty(), "no choice on the last rank: no move");
        assert_eq!(pawn_moves("P", "f12", ""), vec!["f12f13"]);
        assert!(pawn_moves("P'", "f15", "").is_empty());
    }

    /// §3.3: on ranks 13-15 optionally the starter of a line with a captured member (any
    /// stage); on rank 16 compulsorily a starter, or a first-stage type whose line has a
    /// captured first- or second-stage member (§9.1).
    #[test]
    fn pawn_promotes_from_the_pool() {
        // A captured Knight: the Knight line's starter, optional on the Pawn Row.
        assert_eq!(pawn_moves("P", "f12", "N"), vec!["f12f13", "f12f13n"]);
        assert_eq!(pawn_moves("P", "f15", "N"), vec!["f15f16n"], "Okapi needs a captured promoted member");
        // A captured Queen (first stage of the Lady line): Lady anywhere, Queen on rank 16 only.
        assert_eq!(pawn_moves("P", "f12", "Q"), vec!["f12f13", "f12f13l'"]);
        assert_eq!(pawn_moves("P", "f15", "Q"), vec!["f15f16l'", "f15f16q"]);
        // A captured Malkia (second stage) makes the same two available.
        assert_eq!(pawn_moves("P", "f15", "Z"), vec!["f15f16l'", "f15f16q"]);
        // Lines without promotion (Turtle) give their starter; the Berolina is a Pawn here too.
        assert_eq!(pawn_moves("P'", "f12", "X"), vec!["f12e13", "f12e13x", "f12g13", "f12g13x"]);
        // Black's pool does not count for White.
        assert!(pawn_moves("P", "f15", "nq").is_empty());
        // Never a King, Pawn or Berolina: pawns are not pool members.
        let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f15", "P")], 'w', "-");
        assert!(Position::from_fen(catalog().get(V).unwrap(), &with_pool(&f, "P")).is_err());
    }

    /// §3.2 and §3.3: the used pool member is consumed (the starter first, so that a
    /// captured promoted member still allows a first-stage promotion later); capturing adds
    /// the victim to its side's pool; unmake restores both; the hash key follows the pool.
    #[test]
    fn pool_is_part_of_the_position() {
        let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f15", "P"), ("g15", "P")], 'w', "-");
        let mut p = pos(&with_pool(&f, "L'Q"));
        let before = p.fen();
        let key = p.key();
        play(&mut p, "f15f16l'");
        assert!(p.fen().contains("[Q]"), "the Lady went, the Queen stays: {}", p.fen());
        assert_eq!(p.key(), p.compute_key());
        play(&mut p, "l16l15 g15g16q");
        assert!(!p.fen().contains('['), "pool empty: {}", p.fen());
        assert_eq!(p.key(), p.compute_key());
        p.unmake_move();
        p.unmake_move();
        p.unmake_move();
        assert_eq!(p.fen(), before);
        assert_eq!(p.key(), key);
        // Capturing: the Black Knight joins Black's pool.
        let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "R"), ("f10", "n")], 'w', "-");
        let mut p = pos(&f);
        play(&mut p, "f8f10w");
        assert!(p.fen().contains("[n]"), "{}", p.fen());
        assert_eq!(p.key(), p.compute_key());
        assert_ne!(p.key(), pos(&p.fen().replace("[n]", "")).key(), "the pool is in the key");
        assert_eq!(pos(&p.fen()).fen(), p.fen(), "FEN round trip");
        p.unmake_move();
        assert_eq!(p.fen(), f);
    }
}
