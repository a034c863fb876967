//! Tests of the `partner` rule module (src/rules/partner.rs): promotion only while the side
//! has no partner piece on the board (ini `promoteUnless.X`), and types a side may not
//! promote to while it has one (`unique`).
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`shortsliders`), each test citing the section of its variant's rules page that it
//! checks. A new variant that uses the rule adds a module with its own cases here (its
//! shared setups go in tests/common/).

mod common;

/// Short Sliders (docs/rules/short-sliders.md §4.3; conventions in
/// tests/common/shortsliders.rs): Sorcerer / Wizard -> Thaumaturge, and at most one
/// Thaumaturge (`unique`).
mod shortsliders {
    use crate::common::shortsliders::{fen, pawn_moves, pos};
    use crate::common::{moves_from, play, with_pool};
    use kirin::square::Square;

    /// §3.3 ("to a Thaumaturge only while the side has none") and §4.3 (at most one per side).
    #[test]
    fn thaumaturge_only_if_none_on_board() {
        assert_eq!(pawn_moves("P", "f15", "T"), vec!["f15f16t", "f15f16t!", "f15f16t'"]);
        let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f15", "P"), ("b2", "T")], 'w', "-");
        let mut p = pos(&with_pool(&f, "T"));
        assert_eq!(moves_from(&mut p, "f15"), vec!["f15f16t!", "f15f16t'"]);
    }

    /// §4.3 (only while the side has no counterpart and no Thaumaturge on the board) and
    /// §9.1 (the seed's prose, not its diagram).
    #[test]
    fn sorcerer_promotes_only_without_wizard_and_thaumaturge() {
        // The Wizard is alive: the Sorcerer enters the zone unpromoted.
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f12", "T'"), ("b2", "T!")], 'w', "-"));
        let m = moves_from(&mut p, "f12");
        assert!(m.contains(&"f12f13".to_string()) && !m.contains(&"f12f13t".to_string()), "{m:?}");
        // Without the Wizard it must promote on a qualifying move (zone or capture).
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f12", "T'"), ("f10", "n")], 'w', "-"));
        let m = moves_from(&mut p, "f12");
        assert!(m.contains(&"f12f13t".to_string()) && !m.contains(&"f12f13".to_string()), "{m:?}");
        assert!(m.contains(&"f12f11".to_string()), "plain move outside the zone");
        // A Thaumaturge on the board blocks it as well.
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f12", "T'"), ("b2", "T")], 'w', "-"));
        assert!(moves_from(&mut p, "f12").contains(&"f12f13".to_string()));
        // The Wizard the same way.
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f12", "T!"), ("b2", "T'")], 'w', "-"));
        assert!(moves_from(&mut p, "f12").contains(&"f12g13".to_string()));
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f12", "T!")], 'w', "-"));
        let m = moves_from(&mut p, "f12");
        assert!(m.contains(&"f12g13t".to_string()) && !m.contains(&"f12g13".to_string()), "{m:?}");
    }

    /// §4.3 ("at once": a survivor standing on the opponent's four ranks promotes as part of
    /// the capturing move) and §9.2 (automatically, where the seed says "may"). Unmake
    /// restores both pieces.
    #[test]
    fn survivor_in_the_zone_promotes_at_once() {
        let start = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f14", "T'"), ("b2", "T!"), ("b8", "r")], 'b', "-");
        let mut p = pos(&start);
        play(&mut p, "b8b2w");
        assert_eq!(
            p.piece_at(Square::parse("f14").unwrap()),
            pos(&fen(&[("a1", "K"), ("l16", "k"), ("f14", "T")], 'w', "-")).piece_at(Square::parse("f14").unwrap())
        );
        assert_eq!(p.key(), p.compute_key());
        assert!(p.fen().contains("[T!]"), "the Wizard is in White's pool: {}", p.fen());
        p.unmake_move();
        assert_eq!(p.fen(), start);
        // Outside the zone nothing happens until a qualifying move.
        let mut p =
            pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f11", "T'"), ("b2", "T!"), ("b8", "r")], 'b', "-"));
        play(&mut p, "b8b2w");
        assert!(p.fen().contains("5T'6"), "{}", p.fen());
    }

    /// §4.3 (only the capture of the last counterpart promotes the survivor at once) and the
    /// seed's "when the other is captured": the trigger is the counterpart's capture. With the
    /// Wizard long gone and a Thaumaturge on the board, the Sorcerer in the zone stays a Sorcerer
    /// when the Thaumaturge is captured; it promotes on its next qualifying move instead. Found by
    /// the cross-check against the independent generator (Kirin promoted it at once).
    #[test]
    fn losing_the_thaumaturge_does_not_promote_the_survivor_at_once() {
        let start = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f14", "T'"), ("b2", "T"), ("b8", "r")], 'b', "-");
        let mut p = pos(&start);
        play(&mut p, "b8b2w");
        assert!(p.fen().contains("5T'6"), "still a Sorcerer: {}", p.fen());
        let m = moves_from(&mut p, "f14");
        assert!(m.contains(&"f14f15t".to_string()) && !m.contains(&"f14f15".to_string()), "{m:?}");
    }
}
