//! Tests of the `citadel` rule module (src/rules/citadel.rs): squares only some pieces may
//! enter (ini `citadels`, `citadelEnemyEntry`, `citadelOwnEntry`, `citadelExchange`,
//! `citadelCaptureExchange`), one module per variant that uses the rule.

mod common;

/// Tamerlane (docs/rules/tamerlane.md §6; conventions in tests/common/tamerlane.rs).
mod tamerlane {
    use crate::common::tamerlane::{black, fen, pos, white};
    use crate::common::{assert_has, assert_lacks, at, moves, moves_from, play, pos_with};
    use kirin::catalog::Catalog;
    use kirin::game_end;
    use kirin::square::Color;

    /// §6.2: the original King steps into the enemy citadel a9; the game is drawn at once
    /// (no legal moves after it). §6.3: or it enters and exchanges with its Prince, which
    /// then stands in the citadel, and the game goes on.
    #[test]
    fn the_king_enters_the_enemy_citadel_draw_or_exchange() {
        let pieces = [("b9", "K"), ("f6", "S"), ("d3", "R'"), ("h7", "k"), ("h8", "r'")];
        let mut p = white(&pieces);
        assert_has(&moves_from(&mut p, "b9"), &["b9a9", "b9a9,a9f6"], "entry and exchange");
        play(&mut p, "b9a9");
        assert!(moves(&mut p).is_empty());
        let r = game_end::terminal(&mut p).expect("over");
        assert_eq!((r.winner, r.reason), (None, "King in the enemy citadel"));
        let mut q = white(&pieces);
        play(&mut q, "b9a9,a9f6");
        assert_eq!((at(&q, "a9"), at(&q, "f6"), at(&q, "b9")), ("S".into(), "K".into(), ".".into()));
        assert!(game_end::terminal(&mut q).is_none(), "the game goes on");
        assert_eq!(q.key(), q.compute_key());
        q.unmake_move();
        assert_eq!(q.fen(), white(&pieces).fen());
    }

    /// §6.2: no other piece steps into a citadel: a Rook or the Prince next to the enemy
    /// citadel may not enter it, nor the King its own (m2); only the Adventitious King
    /// enters its own citadel.
    #[test]
    fn only_the_named_pieces_enter() {
        let mut p = white(&[("g1", "K"), ("b10", "S"), ("b5", "R"), ("l1", "A"), ("h7", "k"), ("h8", "r'")]);
        let m = moves(&mut p);
        assert_lacks(&m, &["b10a9", "b5a5"], "Prince and Rook stay out of a9");
        assert_has(&m, &["l1m2"], "the Adventitious King enters its own citadel");
        let mut p = white(&[("l1", "K"), ("h7", "k"), ("h8", "r'")]);
        assert_lacks(&moves(&mut p), &["l1m2"], "the King does not enter its own citadel");
    }

    /// §6.2: the Adventitious King, White's last royal, in its own citadel m2: a Black Rook on
    /// the second rank attacks it there (so it may not go in), a Black pawn on l3 does not
    /// (a pawn's capture squares never include a citadel).
    #[test]
    fn own_citadel_attacked_by_a_rook_not_by_a_pawn() {
        let mut p = white(&[("l1", "A"), ("c3", "R'"), ("g9", "k"), ("l3", "r'"), ("b10", "r")]);
        assert_has(&moves_from(&mut p, "l1"), &["l1m2"], "a pawn on l3 does not attack m2");
        let mut p = white(&[("l1", "A"), ("c3", "R'"), ("g9", "k"), ("e2", "r")]);
        assert_lacks(&moves_from(&mut p, "l1"), &["l1m2"], "the Rook on e2 attacks m2");
        let p = pos(&fen(&[("m2", "A"), ("c3", "R'"), ("g9", "k"), ("l3", "r'")], 'w', "-"));
        assert!(!p.in_check());
        let mut p = pos(&fen(&[("m2", "A"), ("c3", "R'"), ("g9", "k"), ("e2", "r")], 'w', "-"));
        assert!(p.in_check());
        assert!(!moves(&mut p).is_empty());
    }

    /// §6.2: a Rook captures the Adventitious King standing in White's citadel and then
    /// stands in its enemy's citadel, where nothing may take it; it may leave.
    #[test]
    fn capture_into_a_citadel_and_immunity() {
        let mut p = black(&[("g1", "K"), ("m2", "A"), ("c3", "R'"), ("k1", "N"), ("g9", "k"), ("b2", "r")]);
        assert_has(&moves_from(&mut p, "b2"), &["b2m2"], "the Rook takes the Adventitious King");
        play(&mut p, "b2m2");
        // White's Knight on k1 reaches m2, but the Rook standing there is immune.
        let m = moves(&mut p);
        assert!(!m.iter().any(|x| x.ends_with("m2")), "nothing takes the Rook in the citadel: {m:?}");
        assert_has(&moves_from(&mut p, "k1"), &["k1l3", "k1i2"], "the Knight's other squares");
        play(&mut p, "c3c4");
        assert_has(&moves_from(&mut p, "m2"), &["m2l2", "m2c2"], "it steps out along the rank");
    }

    /// §6.3 (the project's decision D17): the King entering the enemy citadel by taking the
    /// Adventitious King there may do so as an exchange too; with
    /// `citadelCaptureExchange = false` only the plain entry (a draw) remains.
    #[test]
    fn capturing_entry_and_its_exchange() {
        let pieces = [("b8", "K"), ("f5", "S"), ("c3", "R'"), ("h10", "k"), ("a9", "a"), ("h8", "r'")];
        let f = fen(&pieces, 'w', "-");
        let mut p = pos(&f);
        assert_has(&moves_from(&mut p, "b8"), &["b8a9", "b8a9,a9f5"], "both forms");
        let ini = "[tam-no-capture-exchange:tamerlane]\ncitadelCaptureExchange = false\n".to_string();
        let cat = Catalog::embedded_with(&ini);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let mut q = pos_with(&cat, "tam-no-capture-exchange", &f);
        let m = moves_from(&mut q, "b8");
        assert_has(&m, &["b8a9"], "the plain capturing entry");
        assert_lacks(&m, &["b8a9,a9f5"], "no exchange");
        assert_eq!(q.side_to_move(), Color::White);
    }
}
