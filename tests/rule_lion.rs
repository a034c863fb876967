//! Tests of the `lion` rule module (src/rules/lion.rs): Chu Shogi's Lion-trading rules
//! L1-L3, the Okazaki rule and `lionVictimProtects` (ini `lions`, `lionBridgeExempt`,
//! `okazaki`, `lionVictimProtects`).
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`chushogi`, with `chu`, the section that plays as HaChu does), each test citing the
//! section of its variant's rules page that it checks. A new variant that uses the rule
//! adds a module with its own cases here (its shared setups go in tests/common/).

mod common;

/// Chu Shogi (docs/rules/shogi.md §3.5; conventions in tests/common/chushogi.rs): the
/// Lion-trading rules, and the promoted Kirin as a Lion for them.
mod chushogi {
    use crate::common::chushogi::{fen, pos, with_base};
    use crate::common::{assert_has, assert_lacks, at, moves, moves_from, play, pos_in};

    /// §3.5 (L1): an enemy Lion adjacent to the starting square may always be
    /// captured, even when protected: by step, igui, or either leg of a double move.
    #[test]
    fn l1_adjacent_lion_always_capturable() {
        // Black Lion f7 protected by the black Gold f8 (and by a Rook on f12 behind it).
        let mut p = pos(&with_base(&[("f6", "N"), ("f7", "n"), ("f8", "g"), ("f12", "r")]), 'w');
        let m = moves_from(&mut p, "f6");
        assert_has(&m, &["f6f7"], "L1 step (§3.5)");
        assert_has(&m, &["f6f7,f7f6"], "L1 igui (§3.5)");
        assert_has(&m, &["f6f7,f7f8", "f6f7,f7e8"], "L1 first leg of a double move (§3.5)");
        assert_has(&m, &["f6e7,e7f7", "f6g6,g6f7", "f6e6,e6f7"], "L1 second leg of a double move (§3.5)");
        // The same with the Lion on a diagonal neighbour.
        let mut p = pos(&with_base(&[("f6", "N"), ("g7", "n"), ("g8", "g")]), 'w');
        assert_has(&moves_from(&mut p, "f6"), &["f6g7", "f6g7,g7f6", "f6f7,f7g7"], "L1 diagonal (§3.5)");
    }

    /// §3.5 (L2): a protected Lion two squares away may not be captured by a Lion
    /// (jump or two-step path, including knight-distance squares); an unprotected one may.
    #[test]
    fn l2_protected_lion_at_distance_two() {
        // Black Lion f8 protected by the black Gold f9.
        let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n"), ("f9", "g")]), 'w');
        let m = moves_from(&mut p, "f6");
        assert_lacks(&m, &["f6f8", "f6f7,f7f8", "f6e7,e7f8", "f6g7,g7f8"], "L2 protected (§3.5)");
        assert_has(&m, &["f6f7", "f6e7", "f6f7,f7f6"], "other Lion moves stay legal");
        // Unprotected: all four ways are legal.
        let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n")]), 'w');
        let m = moves_from(&mut p, "f6");
        assert_has(&m, &["f6f8", "f6f7,f7f8", "f6e7,e7f8", "f6g7,g7f8"], "L2 unprotected (§3.5)");
        // Knight-distance target g8, protected by the Gold g9 / unprotected.
        let mut p = pos(&with_base(&[("f6", "N"), ("g8", "n"), ("g9", "g")]), 'w');
        assert_lacks(
            &moves_from(&mut p, "f6"),
            &["f6g8", "f6f7,f7g8", "f6g7,g7g8"],
            "L2 also protects a Lion on a (1,2) square (§3.3, §3.5)",
        );
        let mut p = pos(&with_base(&[("f6", "N"), ("g8", "n")]), 'w');
        assert_has(&moves_from(&mut p, "f6"), &["f6g8", "f6f7,f7g8", "f6g7,g7g8"], "L2 (1,2) unprotected");
        // Protection by another Lion's jump counts.
        let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n"), ("f10", "n")]), 'w');
        assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "protected by a Lion jump (§3.5)");
    }

    /// §3.5: protection is tested with the capturing Lion removed from its origin
    /// (and intermediate) square: X-ray protectors count; pinned protectors count.
    #[test]
    fn l2_xray_and_pinned_protectors() {
        // Black Rook f2 sees f8 only through the Lion's origin f6.
        let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n"), ("f2", "r")]), 'w');
        assert_lacks(
            &moves_from(&mut p, "f6"),
            &["f6f8", "f6g7,g7f8", "f6e7,e7f8"],
            "X-ray protection through the Lion's origin (§3.5)",
        );
        // With a black Pawn on f7, the Rook is blocked unless f7 is emptied too: the jump is
        // legal (f8 unprotected), the pawn-capturing path is not (f6 and f7 both emptied; a
        // Pawn is no bridge, §3.5).
        let mut p = pos(&with_base(&[("f6", "N"), ("f7", "p"), ("f8", "n"), ("f2", "r")]), 'w');
        let m = moves_from(&mut p, "f6");
        assert_has(&m, &["f6f8"], "blocked protector does not count (§3.5)");
        assert_lacks(&m, &["f6f7,f7f8"], "X-ray through the intermediate square (§3.5)");
        // A protector pinned against its King (White Rook a9, black Gold f9, black King l9)
        // still protects: Chu has no check rule.
        let mut p =
            pos(&[("a1", "K"), ("l9", "k"), ("a9", "R"), ("f9", "g"), ("f8", "n"), ("f6", "N"), ("a12", "g")], 'w');
        assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "pinned protector counts (§3.5)");
    }

    /// §3.5 (L2 bridge): the protected Lion two squares away may be taken when the
    /// first leg of the same move captured a piece other than a Pawn or Go-Between.
    #[test]
    fn l2_bridge_capture() {
        for (bridge, ok) in [("g", true), ("s", true), ("+p", true), ("n", true), ("p", false), ("i", false)] {
            let mut p = pos(&with_base(&[("f6", "N"), ("f7", bridge), ("f8", "n"), ("f9", "g")]), 'w');
            let m = moves_from(&mut p, "f6");
            // Never by the jump or by a path over an empty square.
            assert_lacks(
                &m,
                &["f6f8", "f6e7,e7f8", "f6g7,g7f8"],
                &format!("bridge {bridge}: no bridge without a first-leg capture (§3.5)"),
            );
            if ok {
                assert_has(&m, &["f6f7,f7f8"], &format!("bridge over {bridge} (§3.5)"));
            } else {
                assert_lacks(&m, &["f6f7,f7f8"], &format!("Pawn/Go-Between is no bridge (§3.5): {bridge}"));
            }
        }
        // A Go-Between that is itself the only protector of the target: as in LISHOGI
        // (`secondLionStepDests` tests protectors on the board before the move; §3.5,
        // `lionVictimProtects = true`), it still protects, and it is no bridge: both ways
        // illegal. (The jump is illegal too: the Go-Between on f7 protects f8.)
        let mut p = pos(&with_base(&[("f6", "N"), ("f7", "i"), ("f8", "n")]), 'w');
        assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "§3.5");
        // `chu` (XBoard's built-in, played against HaChu) sets `lionVictimProtects = false`:
        // HaChu judges protection once the first leg has taken the Go-Between, so the double
        // capture is legal there (HaChu played `e9d8,d8d7` in exactly this pattern). The jump
        // is still illegal (the Go-Between stays and protects f8), and so is a path over an
        // empty square.
        let mut p = pos_in("chu", &fen(&with_base(&[("f6", "N"), ("f7", "i"), ("f8", "n")]), 'w'));
        let m = moves_from(&mut p, "f6");
        assert_has(&m, &["f6f7,f7f8"], "chu: the first-leg victim no longer protects");
        assert_lacks(&m, &["f6f8", "f6e7,e7f8", "f6g7,g7f8"], "chu: the Go-Between on f7 still protects f8");
        // After the bridge capture, both pieces are gone.
        let mut p = pos(&with_base(&[("f6", "N"), ("f7", "g"), ("f8", "n"), ("f9", "g")]), 'w');
        play(&mut p, "f6f7,f7f8");
        assert_eq!((at(&p, "f6"), at(&p, "f7"), at(&p, "f8")), (".".into(), ".".into(), "N".into()));
    }

    /// §3.5: L2 restricts Lions only; a non-Lion (here a Horned Falcon's forward jump)
    /// may take a protected Lion two squares away.
    #[test]
    fn l2_does_not_bind_non_lions() {
        let mut p = pos(&with_base(&[("f6", "+H"), ("f8", "n"), ("f9", "g")]), 'w');
        assert_has(&moves_from(&mut p, "f6"), &["f6f8"], "§3.5 (L2: a Lion may not ...)");
    }

    /// §3.5 (L3): after a non-Lion captured a Lion, the opponent may not capture a
    /// Lion with a non-Lion (Okazaki off: not even an unprotected one, §3.5);
    /// Lions are not restricted (they obey L1/L2); the restriction lasts one move.
    #[test]
    fn l3_no_counterstrike() {
        // White Gold f6 takes the black Lion f7; White Lion c3 is unprotected; black Rook c12
        // aims at it; black Lions e5 (distance 2) and d4 (adjacent).
        let pieces = with_base(&[("f6", "G"), ("f7", "n"), ("c3", "N"), ("c12", "r"), ("e5", "n"), ("d4", "n")]);
        let mut p = pos(&pieces, 'w');
        assert_has(&moves(&mut p), &["f6f7"], "setup");
        play(&mut p, "f6f7");
        let m = moves(&mut p);
        assert_lacks(&m, &["c12c3"], "L3: no counterstrike by a non-Lion (§3.5)");
        assert_has(&m, &["c12c4", "c12c11"], "the Rook still moves");
        assert_has(&m, &["e5c3", "d4c3", "d4c3,c3d4", "d4d3,d3c3"], "L3 does not bind Lions (§3.5)");
        // One move later the restriction is gone.
        play(&mut p, "l12k12");
        play(&mut p, "a1b1");
        assert_has(&moves(&mut p), &["c12c3"], "L3 lasts for the next move only (§3.5)");

        // Lions still obey L2 while L3 is active: a White Gold c2 protects c3.
        let mut pieces2 = pieces.clone();
        pieces2.push(("c2", "G"));
        let mut p = pos(&pieces2, 'w');
        play(&mut p, "f6f7");
        let m = moves(&mut p);
        assert_lacks(&m, &["e5c3", "c12c3"], "L2 still applies to Lions, L3 to the Rook (§3.5)");
        assert_has(&m, &["d4c3"], "L1 still applies (§3.5)");
    }

    /// §3.5: the exception of the capture square: a Kirin that promoted to Lion
    /// while capturing a Lion may be re-captured by a non-Lion on that square.
    #[test]
    fn l3_recapture_on_the_same_square() {
        let pieces = with_base(&[("e8", "O"), ("f9", "n"), ("f10", "g"), ("c3", "N"), ("c12", "r")]);
        let mut p = pos(&pieces, 'w');
        play(&mut p, "e8f9+");
        assert_eq!(at(&p, "f9"), "+O");
        let m = moves(&mut p);
        assert_has(&m, &["f10f9"], "re-capture on the capture square (§3.5)");
        assert_lacks(&m, &["c12c3"], "L3 elsewhere (§3.5)");
        // `chu` (played against HaChu) sets `lionRecaptureOnSquare = false` (§3.5): no
        // exception, the Gold may not re-take the promoted Kirin either; the Lion still may.
        let mut p = pos_in("chu", &fen(&pieces, 'w'));
        play(&mut p, "e8f9+");
        let m = moves(&mut p);
        assert_lacks(&m, &["f10f9", "c12c3"], "chu: no re-capture by a non-Lion (§3.5)");
        // A Lion is bound by L1/L2 only (§3.5): the black Lion placed next to f9 takes it.
        let with_lion = with_base(&[("e8", "O"), ("f9", "n"), ("f10", "g"), ("g10", "n"), ("c12", "r")]);
        let mut p = pos_in("chu", &fen(&with_lion, 'w'));
        play(&mut p, "e8f9+");
        assert_has(&moves(&mut p), &["g10f9"], "chu: a Lion still re-takes (§3.5)");
    }

    /// §3.5: after Lion x Lion, L3 does not apply (also when the capturer is a
    /// promoted Kirin, §3.5).
    #[test]
    fn l3_not_after_lion_takes_lion() {
        for capturer in ["N", "+O"] {
            let pieces = with_base(&[("f6", capturer), ("f7", "n"), ("c3", "N"), ("c12", "r"), ("f12", "r")]);
            let mut p = pos(&pieces, 'w');
            play(&mut p, "f6f7");
            let m = moves(&mut p);
            assert_has(&m, &["c12c3", "f12f7"], &format!("{capturer}xLion: no L3 (§3.5)"));
        }
    }

    /// §3.5: L3 is triggered by a non-Lion capturing a promoted Kirin (a Lion),
    /// and by a non-Lion's two-leg capture (Horned Falcon igui).
    #[test]
    fn l3_triggers() {
        // Gold takes a promoted Kirin.
        let mut p = pos(&with_base(&[("f6", "G"), ("f7", "+o"), ("c3", "N"), ("c12", "r")]), 'w');
        play(&mut p, "f6f7");
        assert_lacks(&moves(&mut p), &["c12c3"], "+O is a Lion for L3 (§3.5)");
        // ... and the protected +O is not a Lion target for L3's victims either: Rook vs +O.
        let mut p = pos(&with_base(&[("f6", "G"), ("f7", "n"), ("c3", "+O"), ("c12", "r")]), 'w');
        play(&mut p, "f6f7");
        assert_lacks(&moves(&mut p), &["c12c3"], "a promoted Kirin is protected by L3 (§3.5)");
        // Horned Falcon igui on a Lion.
        let mut p = pos(&with_base(&[("f6", "+H"), ("f7", "n"), ("c3", "N"), ("c12", "r")]), 'w');
        play(&mut p, "f6f7,f7f6");
        assert_eq!((at(&p, "f6"), at(&p, "f7")), ("+H".into(), ".".into()));
        assert_lacks(&moves(&mut p), &["c12c3"], "Falcon igui on a Lion triggers L3 (§3.5)");
        // A non-Lion capturing a non-Lion does not.
        let mut p = pos(&with_base(&[("f6", "G"), ("f7", "s"), ("c3", "N"), ("c12", "r")]), 'w');
        play(&mut p, "f6f7");
        assert_has(&moves(&mut p), &["c12c3"], "no Lion was captured");
    }

    /// §3.2, §3.3, §3.5: a Kirin promotes to Lion; the promoted Kirin moves as a Lion and is a
    /// Lion for all lion rules (L1, L2 as capturer and as victim).
    #[test]
    fn promoted_kirin_is_a_lion() {
        let mut p = pos(&with_base(&[("f7", "O")]), 'w');
        let m = moves_from(&mut p, "f7");
        assert_has(&m, &["f7f9+", "f7f9", "f7g8", "f7e8"], "Kirin F + D, promotion on entry (§3.2, §3.6)");
        play(&mut p, "f7f9+");
        assert_eq!(at(&p, "f9"), "+O");
        // Lion moves on an open board: 88 as for the Lion.
        let mut p = pos(&with_base(&[("f6", "+O")]), 'w');
        assert_eq!(moves_from(&mut p, "f6").len(), 88, "§3.3");
        // L2 as capturer.
        let mut p = pos(&with_base(&[("f6", "+O"), ("f8", "n"), ("f9", "g")]), 'w');
        assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "+O obeys L2 (§3.5)");
        // L2 as victim.
        let mut p = pos(&with_base(&[("f6", "N"), ("f8", "+o"), ("f9", "g")]), 'w');
        assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "+o is a protected Lion (§3.5)");
        let mut p = pos(&with_base(&[("f6", "N"), ("f8", "+o")]), 'w');
        assert_has(&moves_from(&mut p, "f6"), &["f6f8"], "unprotected +o");
        // L1 both ways.
        let mut p = pos(&with_base(&[("f6", "+O"), ("f7", "+o"), ("f8", "g")]), 'w');
        assert_has(&moves_from(&mut p, "f6"), &["f6f7", "f6f7,f7f6"], "L1 (§3.5)");
    }
}
