//! Tests of the `once` rule module (src/rules/once.rs): a move usable once per game,
//! written `{once:...}` in XBetza (the Bat chess King's knight move; ini `onceMovesAttack`;
//! its marks in the FEN's castling field).
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`batchess`, for `missingbat`, `leapingbat` and `missingbat-nightrider`), each test
//! citing the section of its variant's rules page that it checks. A new variant that uses
//! the rule adds a module with its own cases here (its shared setups go in tests/common/).

mod common;

/// Bat chess (docs/rules/bat-chess.md §3.5; conventions in tests/common/batchess.rs): the
/// King's once-per-game knight move.
mod batchess {
    use crate::common::batchess::{BATS, expect, fen, none, rights};
    use crate::common::{moves, moves_from, play, pos_in};
    use kirin::catalog::Catalog;
    use kirin::game_end;
    use kirin::position::Position;
    use kirin::square::Color;

    /// §3.5, the optional case: with other moves available the knight move is an ordinary
    /// legal move; it may capture (j3) and may not end attacked (g2 covered by a Black Rook
    /// on g12). §3.5, §5 and §7: using it forfeits castling; it cannot be used twice; the FEN
    /// records it. A plain King step keeps the knight move.
    #[test]
    fn king_knight_move_optional_and_once() {
        let back = [("a1", "R"), ("i1", "K"), ("p1", "R"), ("a12", "r"), ("i12", "k"), ("p12", "r")];
        for v in BATS {
            let base = fen(&back, 'w', &rights("KQkq", true, true));
            let mut p = pos_in(v, &base);
            assert!(p.rule_state().once.available(Color::White) && p.rule_state().once.available(Color::Black));
            let m = moves_from(&mut p, "i1");
            for s in ["i1h3", "i1j3", "i1g2", "i1k2", "i1o1", "i1c1", "i1i2"] {
                assert!(m.contains(&s.to_string()), "{v}: {s} in {m:?}");
            }
            play(&mut p, "i1h3");
            assert!(!p.rule_state().once.available(Color::White) && p.rule_state().once.available(Color::Black), "{v}");
            let want = format!("r7k6r/16/16/16/16/16/16/16/16/7K8/16/R14R b {} - 1 1", rights("kq", false, true));
            assert_eq!(p.fen(), want, "{v}");
            // The FEN round-trips: the used move stays used.
            let mut q = pos_in(v, &want);
            assert_eq!(q.fen(), want, "{v}");
            play(&mut q, "i12i11");
            assert!(!moves_from(&mut q, "h3").contains(&"h3g5".to_string()), "{v}");
            play(&mut p, "i12i11");
            let m = moves_from(&mut p, "h3");
            assert_eq!(m, expect("h3", &["g2", "h2", "i2", "g3", "i3", "g4", "h4", "i4"]), "{v}: once only");
            // The King walks back to i1 in two steps: no castling, no second knight move.
            play(&mut p, "h3h2 i11i10 h2i1 i10i11");
            let m = moves_from(&mut p, "i1");
            assert!(!m.contains(&"i1o1".to_string()) && !m.contains(&"i1c1".to_string()), "{v}: {m:?}");
            assert!(!m.contains(&"i1h3".to_string()), "{v}");

            // Capture with it, and not onto an attacked square.
            let f = fen(&[("i1", "K"), ("i12", "k"), ("j3", "p"), ("g12", "r")], 'w', &rights("", true, false));
            let mut p = pos_in(v, &f);
            let m = moves_from(&mut p, "i1");
            assert!(m.contains(&"i1j3".to_string()) && !m.contains(&"i1g2".to_string()), "{v}: {m:?}");

            // A plain King move keeps the knight move (and loses castling).
            let mut p = pos_in(v, &base);
            play(&mut p, "i1i2");
            let want = format!("r7k6r/16/16/16/16/16/16/16/16/16/8K7/R14R b {} - 1 1", rights("kq", true, true));
            assert_eq!(p.fen(), want, "{v}");
            play(&mut p, "i12i11");
            assert!(moves_from(&mut p, "i2").contains(&"i2h4".to_string()), "{v}");
        }
    }

    /// §3.5: the knight move is compulsory (here: the only legal move) when the King would
    /// otherwise be checkmated. White K a1 in check from the Rook h1; a2 b2 c2 covered by
    /// the Rook h2, b1 by the Rook h1; the knight square b3 is free. Unused: the only legal
    /// move is a1b3; used: checkmate.
    #[test]
    fn king_knight_move_forced_out_of_check() {
        for v in BATS {
            let pieces = [("a1", "K"), ("h1", "r"), ("h2", "r"), ("p12", "k")];
            let mut p = pos_in(v, &fen(&pieces, 'w', &rights("", true, false)));
            assert!(p.in_check());
            assert_eq!(moves(&mut p), vec!["a1b3"], "{v}");
            assert_eq!(game_end::terminal(&mut p), None);
            play(&mut p, "a1b3");
            assert_eq!(p.fen(), format!("15k/16/16/16/16/16/16/16/16/1K14/7r8/7r8 b {} - 1 1", none()), "{v}");
            let mut p = pos_in(v, &fen(&pieces, 'w', &none()));
            let r = game_end::terminal(&mut p).unwrap();
            assert_eq!((r.winner, r.reason, r.points), (Some(Color::Black), "checkmate", None), "{v}");
        }
    }

    /// §3.5: compulsory when the King would otherwise be stalemated. White K a1 not in
    /// check; a2 b2 c2 covered by the Rook h2, b1 by the Bishop e4 (via d3 c2). Unused: the
    /// only legal move is a1b3; used: stalemate (3/5 to Black, §6.3); unused but b3 covered
    /// too (Rook h3): still stalemate.
    #[test]
    fn king_knight_move_forced_out_of_stalemate() {
        for v in BATS {
            let pieces = [("a1", "K"), ("h2", "r"), ("e4", "b"), ("p12", "k")];
            let mut p = pos_in(v, &fen(&pieces, 'w', &rights("", true, false)));
            assert!(!p.in_check());
            assert_eq!(moves(&mut p), vec!["a1b3"], "{v}");
            assert_eq!(game_end::terminal(&mut p), None);
            let mut p = pos_in(v, &fen(&pieces, 'w', &none()));
            let r = game_end::terminal(&mut p).unwrap();
            assert_eq!((r.winner, r.reason, r.points), (Some(Color::Black), "stalemate", Some((3, 5))), "{v}");
            let mut more = pieces.to_vec();
            more.push(("h3", "r"));
            let mut p = pos_in(v, &fen(&more, 'w', &rights("", true, false)));
            let r = game_end::terminal(&mut p).unwrap();
            assert_eq!((r.winner, r.reason, r.points), (Some(Color::Black), "stalemate", Some((3, 5))), "{v}");
        }
    }

    /// §3.5: while unused, the King's knight move attacks its knight squares.
    /// White K h6, Black K j9 to move (its own knight move used): i8 is (+1,+2) from h6 ->
    /// forbidden while White's is unused (7 moves), allowed once used (8 moves). A Black King
    /// on i8 is in check from it.
    #[test]
    fn king_knight_move_attacks_while_unused() {
        for v in BATS {
            let mut p = pos_in(v, &fen(&[("h6", "K"), ("j9", "k")], 'b', &rights("", true, false)));
            let m = moves_from(&mut p, "j9");
            assert_eq!(m, expect("j9", &["i10", "j10", "k10", "i9", "k9", "j8", "k8"]), "{v}");
            let mut p = pos_in(v, &fen(&[("h6", "K"), ("j9", "k")], 'b', &none()));
            assert_eq!(moves_from(&mut p, "j9").len(), 8, "{v}");
            let p = pos_in(v, &fen(&[("h6", "K"), ("i8", "k")], 'b', &rights("", true, false)));
            assert!(p.in_check(), "{v}");
            let p = pos_in(v, &fen(&[("h6", "K"), ("i8", "k")], 'b', &none()));
            assert!(!p.in_check(), "{v}");
        }
    }

    /// §3.5 and §8: with `onceMovesAttack = false` the unused knight move no longer attacks.
    #[test]
    fn once_move_attack_option() {
        let base = Catalog::embedded();
        let v = &base.get("missingbat").unwrap().variant;
        assert!(v.once_moves_attack);
        let ini = "[nod6:missingbat]\nonceMovesAttack = false\n".to_string();
        let cat = Catalog::embedded_with(&ini);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let on = base.get("missingbat").unwrap();
        let off = cat.get("nod6").unwrap();
        // White King a1 with its knight move unused; may the Black King on c4 step to b3, one
        // of the knight squares of a1?
        let fen = "16/16/16/16/16/16/16/16/2k13/16/16/K15 b - - 0 1";
        let mut p_on = Position::from_fen(on, fen).unwrap();
        let mut p_off = Position::from_fen(off, fen).unwrap();
        let m_on: Vec<String> = p_on.legal_moves().iter().map(|m| p_on.move_to_uci(*m)).collect();
        let m_off: Vec<String> = p_off.legal_moves().iter().map(|m| p_off.move_to_uci(*m)).collect();
        assert!(!m_on.contains(&"c4b3".to_string()), "§3.5: b3 is attacked by the unused knight move");
        assert!(m_off.contains(&"c4b3".to_string()), "with onceMovesAttack = false, b3 is free");
    }
}
