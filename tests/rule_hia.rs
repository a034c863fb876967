//! Tests of the `hia` rule module (src/rules/hia.rs): the Hia power of Short Sliders'
//! Bodyguard, whose neighbouring squares stop slides (ini `hia`, `hiaEnemyOnly`).
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`shortsliders`, `hiashatar`), each test citing the section of its variant's rules page
//! that it checks. A new variant that uses the rule adds a module with its own cases here
//! (its shared setups go in tests/common/).

mod common;

/// Short Sliders (docs/rules/short-sliders.md §2.6; conventions in
/// tests/common/shortsliders.rs): the Bodyguard's Hia zone.
mod shortsliders {
    use crate::common::moves_from;
    use crate::common::shortsliders::{fen, pos};
    use kirin::catalog::Catalog;
    use kirin::position::Position;
    use kirin::square::Color;
    use std::collections::BTreeSet;

    /// §2.6 (a slider entering a square next to the Bodyguard stops, and moves one step while
    /// next to it; leaps unaffected; both colours by default).
    #[test]
    fn hia_zone_stops_slides() {
        // Black Bodyguard e10: its zone is d9-f9, d10, f10, d11-f11. A White Rook a9 slides to d9
        // and no further (e9, f9 and beyond are cut off).
        let base = [("a1", "K"), ("l16", "k"), ("a16", "p"), ("e10", "d")];
        let mut with_r = base.to_vec();
        with_r.push(("a9", "R"));
        let mut p = pos(&fen(&with_r, 'w', "-"));
        let m = moves_from(&mut p, "a9");
        assert!(m.contains(&"a9d9".to_string()), "stops on the first zone square: {m:?}");
        assert!(!m.iter().any(|s| ["a9e9", "a9f9", "a9g9", "a9l9"].contains(&s.as_str())), "{m:?}");
        assert!(m.contains(&"a9a16w".to_string()) && m.contains(&"a9a2".to_string()), "other lines free: {m:?}");
        // A Queen starting in the zone (d9) moves one step only, in every direction, and may
        // capture the Bodyguard next to it.
        let mut with_q = base.to_vec();
        with_q.push(("d9", "Q"));
        let mut p = pos(&fen(&with_q, 'w', "-"));
        let m = moves_from(&mut p, "d9");
        let targets: BTreeSet<String> =
            m.iter().map(|s| s[2..].trim_end_matches(|c: char| !c.is_ascii_digit()).to_string()).collect();
        let want: BTreeSet<String> =
            ["c8", "d8", "e8", "c9", "e9", "c10", "d10", "e10"].iter().map(|s| s.to_string()).collect();
        assert_eq!(targets, want, "{m:?}");
        // Leaps are unaffected: a Knight in the zone jumps as ever.
        let mut with_n = base.to_vec();
        with_n.push(("d9", "N"));
        let mut p = pos(&fen(&with_n, 'w', "-"));
        assert_eq!(moves_from(&mut p, "d9").len(), 8);
        // The Bodyguard's own K2 is not hindered by its own zone; another Bodyguard's zone does.
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "D")], 'w', "-"));
        assert_eq!(moves_from(&mut p, "f8").len(), 16);
        // Black Bodyguard h9: g8 and g9 are in its zone, so the White Bodyguard's two-step slides
        // through them stop there.
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "D"), ("h9", "d")], 'w', "-"));
        let m = moves_from(&mut p, "f8");
        assert!(m.contains(&"f8g8".to_string()) && !m.contains(&"f8h8".to_string()), "{m:?}");
        assert!(m.contains(&"f8g9".to_string()) && !m.contains(&"f8h10".to_string()), "{m:?}");
        assert!(m.contains(&"f8d8".to_string()) && m.contains(&"f8f10".to_string()), "{m:?}");
    }

    /// §2.6 (attacks and check follow the same rule): a Rook behind a Bodyguard's zone does
    /// not give check; without the Bodyguard it does. A slider next to the Bodyguard checks
    /// at distance one only.
    #[test]
    fn hia_zone_and_check() {
        let p = pos(&fen(&[("a1", "K"), ("h9", "k"), ("a16", "p"), ("e10", "d"), ("a9", "R")], 'b', "-"));
        assert!(!p.in_check(), "the Rook's line is cut at d9");
        let p = pos(&fen(&[("a1", "K"), ("h9", "k"), ("a16", "p"), ("e12", "d"), ("a9", "R")], 'b', "-"));
        assert!(p.in_check(), "Bodyguard elsewhere: check");
        // Rook on d9, in the zone of e10: the King on f9... is two steps away: no check; the King
        // on e8... not on a line. King on d8: one step, check.
        let p = pos(&fen(&[("a1", "K"), ("f9", "k"), ("a16", "p"), ("e10", "d"), ("d9", "R")], 'b', "-"));
        assert!(!p.in_check(), "a slider in the zone reaches one step only");
        let p = pos(&fen(&[("a1", "K"), ("d8", "k"), ("a16", "p"), ("e10", "d"), ("d9", "R")], 'b', "-"));
        assert!(p.in_check());
        // The Black King may step to g9 (beyond the zone from the Rook a9) but not onto the a-file.
        let mut p =
            pos(&fen(&[("a1", "K"), ("h8", "k"), ("a16", "p"), ("e10", "d"), ("a9", "R"), ("b1", "R")], 'b', "-"));
        let m = moves_from(&mut p, "h8");
        assert!(m.contains(&"h8h9".to_string()) && m.contains(&"h8g9".to_string()), "{m:?}");
    }

    /// §2.6 and §9.1: the Hia power hinders sliders of both colours; with
    /// `hiaEnemyOnly = true` the own side's sliders pass freely.
    #[test]
    fn hia_both_colours_and_enemy_only_option() {
        let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("e10", "D"), ("a9", "R")], 'w', "-");
        let mut p = pos(&f);
        assert!(!moves_from(&mut p, "a9").contains(&"a9l9".to_string()), "own Bodyguard hinders too");
        let ini = "[ss-enemy:shortsliders]\nhiaEnemyOnly = true\n".to_string();
        let cat = Catalog::embedded_with(&ini);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let mut q = Position::from_fen(cat.get("ss-enemy").unwrap(), &f).unwrap();
        assert!(moves_from(&mut q, "a9").contains(&"a9l9".to_string()), "enemy only: own slider passes");
        assert_eq!(q.side_to_move(), Color::White);
    }

    /// §2.6 and §9.3: the zone stops lame steps as it stops slides. A Pawn's or Berolina's
    /// double step may end on the first zone square but not pass one, and from inside the
    /// zone a pawn steps one square only. Black Bodyguard c6, zone b5-d5, b6, d6, b7-d7:
    /// b4b6 and d4d6 pass b5 / d5 (illegal), a4a6 does not; the Berolina f4 may end on d6
    /// (a zone square) over e5, and e4g6 is free. Black Bodyguard c3, zone b2-d2, b3, d3,
    /// b4-d4: the pawn d4 starts in the zone and may not double-step although d5 is free;
    /// c4 neither.
    #[test]
    fn hia_zone_stops_double_steps() {
        let around = [("a1", "K"), ("l16", "k"), ("a16", "p")];
        let pawns = [("a4", "P"), ("b4", "P"), ("d4", "P"), ("e4", "P'"), ("f4", "P'")];
        let mut pieces = around.to_vec();
        pieces.extend(pawns);
        pieces.push(("c6", "d"));
        let mut p = pos(&fen(&pieces, 'w', "-"));
        for (sq, legal, illegal) in [("b4", "b4b5", "b4b6"), ("d4", "d4d5", "d4d6")] {
            let m = moves_from(&mut p, sq);
            assert!(m.contains(&legal.to_string()) && !m.contains(&illegal.to_string()), "{sq}: {m:?}");
        }
        assert!(moves_from(&mut p, "a4").contains(&"a4a6".to_string()));
        assert!(moves_from(&mut p, "f4").contains(&"f4d6".to_string()), "may end on the first zone square");
        assert!(moves_from(&mut p, "e4").contains(&"e4g6".to_string()));
        // Without the Bodyguard every double step is there.
        let mut free = pos(&fen(&[around.as_slice(), pawns.as_slice()].concat(), 'w', "-"));
        for mv in ["b4b6", "d4d6", "a4a6", "f4d6", "e4g6"] {
            assert!(moves_from(&mut free, &mv[..2]).contains(&mv.to_string()), "{mv}");
        }
        // Starting in the zone: one step only (the White King away from the Bodyguard's reach).
        let pieces = [("h1", "K"), ("l16", "k"), ("a16", "p"), ("c4", "P"), ("d4", "P"), ("c3", "d")];
        let mut q = pos(&fen(&pieces, 'w', "-"));
        let m = moves_from(&mut q, "d4");
        assert!(m.contains(&"d4d5".to_string()) && !m.contains(&"d4d6".to_string()), "{m:?}");
        let m = moves_from(&mut q, "c4");
        assert!(m.contains(&"c4c5".to_string()) && !m.contains(&"c4c6".to_string()), "{m:?}");
    }
}

/// Hiashatar (docs/rules/hiashatar.md; conventions in tests/common/hiashatar.rs): the
/// Bodyguard's zone (§3.3), by default hindering the enemy's pieces only.
mod hiashatar {
    use crate::common::hiashatar::{fen, pos};
    use crate::common::{assert_has, assert_lacks, moves_from, pos_with};
    use kirin::catalog::Catalog;

    /// Black Bodyguard f6 (zone e5-g5, e6, g6, e7-g7), the Kings far away.
    const AROUND: [(&str, &str); 4] = [("a1", "K"), ("j10", "k"), ("a2", "P"), ("j9", "p")];

    fn with(extra: &[(&str, &str)], side: char) -> kirin::position::Position {
        let mut pieces = AROUND.to_vec();
        pieces.extend_from_slice(extra);
        pos(&fen(&pieces, side))
    }

    /// §3.3 rule 1: a Rook's slide along rank 5 ends on e5, the first zone square of the Black
    /// Bodyguard f6, and goes no further; its other line is free.
    #[test]
    fn a_slide_stops_on_the_first_zone_square() {
        let mut p = with(&[("f6", "g"), ("a5", "R")], 'w');
        let m = moves_from(&mut p, "a5");
        assert_has(&m, &["a5b5", "a5d5", "a5e5", "a5a3", "a5a10"], "up to e5 and the file");
        assert_lacks(&m, &["a5f5", "a5g5", "a5j5"], "beyond the first zone square");
    }

    /// §3.3 rule 2: a Queen starting on e5, in the zone, moves one step in each direction
    /// (and may take the Bodyguard on f6); rule 3: a Knight there leaps as ever.
    #[test]
    fn in_the_zone_one_step_but_the_knight_leaps() {
        let mut p = with(&[("f6", "g"), ("e5", "Q")], 'w');
        let m = moves_from(&mut p, "e5");
        let want = ["e5d4", "e5e4", "e5f4", "e5d5", "e5f5", "e5d6", "e5e6", "e5f6"];
        assert_eq!(m.len(), 8, "{m:?}");
        assert_has(&m, &want, "one step each way");
        let mut p = with(&[("f6", "g"), ("e5", "N")], 'w');
        assert_eq!(moves_from(&mut p, "e5").len(), 8, "the Knight is not hindered");
    }

    /// §3.3, `hiaEnemyOnly = true`: the zone of White's own Bodyguard does not hinder a White
    /// Rook; with `hiaEnemyOnly = false` (both colours) it does.
    #[test]
    fn own_zone_hinders_only_with_both_scopes() {
        let pieces = [AROUND.as_slice(), &[("f6", "G"), ("a5", "R")]].concat();
        let f = fen(&pieces, 'w');
        let mut p = pos(&f);
        assert!(moves_from(&mut p, "a5").contains(&"a5j5".to_string()), "enemy only: the own zone is open");
        let ini = "[hia-both:hiashatar]\nhiaEnemyOnly = false\n".to_string();
        let cat = Catalog::embedded_with(&ini);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let mut q = pos_with(&cat, "hia-both", &f);
        let m = moves_from(&mut q, "a5");
        assert_has(&m, &["a5e5"], "both colours");
        assert_lacks(&m, &["a5f5", "a5j5"], "both colours: the own zone stops it too");
    }

    /// §3.3 rule 1 and §4.1 (the project's decision D1): a pawn's double and triple steps are
    /// lame steps. Black Bodyguard f5, zone e4-g4, e5, g5, e6-g6: the pawn e2 may end on e4,
    /// its first zone square, but not triple-step through it to e5; g2 likewise; d2 is out of
    /// reach and goes to d5. A White Bodyguard's zone (c3: b2-d2 ...) does not stop White's
    /// own pawns; a Black Bodyguard on c3 stops them: b2 and d2, inside its zone, step once.
    #[test]
    fn pawn_multi_steps_through_a_zone() {
        let mut p = pos(&fen(
            &[("j1", "K"), ("j10", "k"), ("j9", "p"), ("d2", "P"), ("e2", "P"), ("g2", "P"), ("f5", "g")],
            'w',
        ));
        assert_has(&moves_from(&mut p, "e2"), &["e2e3", "e2e4"], "up to the first zone square");
        assert_lacks(&moves_from(&mut p, "e2"), &["e2e5"], "through e4");
        assert_has(&moves_from(&mut p, "g2"), &["g2g3", "g2g4"], "g");
        assert_lacks(&moves_from(&mut p, "g2"), &["g2g5"], "through g4");
        assert_has(&moves_from(&mut p, "d2"), &["d2d3", "d2d4", "d2d5"], "out of the zone");
        let own = [("j1", "K"), ("j10", "k"), ("j9", "p"), ("b2", "P"), ("d2", "P"), ("c3", "G")];
        let mut p = pos(&fen(&own, 'w'));
        assert_has(&moves_from(&mut p, "b2"), &["b2b3", "b2b4", "b2b5"], "own Bodyguard");
        let mut enemy = own.to_vec();
        enemy[5] = ("c3", "g");
        let mut p = pos(&fen(&enemy, 'w'));
        for sq in ["b2", "d2"] {
            let m = moves_from(&mut p, sq);
            assert!(m.iter().all(|mv| mv.ends_with('3')), "{sq} starts in the zone: one step, got {m:?}");
        }
    }

    /// §3.3 rule 4: check follows the zone. A Rook a5 does not check a King on h5 through the
    /// zone of the Black Bodyguard f6 (its slide ends on e5), but checks a King standing on e5,
    /// the first zone square. A Rook standing in the zone (e5) checks one step only: a King on
    /// f5... is next to it; one on g5 is not attacked. The King may step onto squares the
    /// Rook cannot reach past the zone.
    #[test]
    fn check_through_and_into_a_zone() {
        let around = [("a1", "K"), ("a2", "P"), ("j9", "p"), ("f6", "g")];
        let king_on = |k: &str, r: &str| {
            let mut pieces = around.to_vec();
            pieces.push((k, "k"));
            pieces.push((r, "R"));
            pos(&fen(&pieces, 'b'))
        };
        assert!(!king_on("h5", "a5").in_check(), "the line passes the zone square e5");
        assert!(king_on("e5", "a5").in_check(), "the King on the first zone square");
        assert!(king_on("f5", "e5").in_check(), "one step from inside the zone");
        assert!(!king_on("g5", "e5").in_check(), "two steps from inside the zone");
        let mut p = king_on("h4", "a5");
        assert_has(&moves_from(&mut p, "h4"), &["h4h5", "h4i5"], "rank 5 past the zone is not attacked");
    }

    /// §3.2: the Bodyguard gives no check and pins nothing. A White King two squares from a
    /// Black Bodyguard on an open file is not in check and may step next to it or take it;
    /// a Knight between King and Bodyguard may leave; the Bodyguard cannot take the King.
    #[test]
    fn the_bodyguard_gives_no_check() {
        let mut p = pos(&fen(&[("e4", "K"), ("a2", "P"), ("j10", "k"), ("j9", "p"), ("e6", "g")], 'w'));
        assert!(!p.in_check());
        assert_has(&moves_from(&mut p, "e4"), &["e4e5", "e4d5", "e4f5"], "next to the Bodyguard");
        let mut p = pos(&fen(&[("d5", "K"), ("a2", "P"), ("j10", "k"), ("j9", "p"), ("e6", "g")], 'w'));
        assert_has(&moves_from(&mut p, "d5"), &["d5e6"], "the King takes the Bodyguard");
        let pinned = |guard: &str| {
            let mut p =
                pos(&fen(&[("e1", "K"), ("e2", "N"), ("a2", "P"), ("j10", "k"), ("j9", "p"), ("e3", guard)], 'w'));
            moves_from(&mut p, "e2").len()
        };
        assert_eq!(pinned("g"), 6, "no pin: c1 g1 c3 g3 d4 f4");
        assert_eq!(pinned("r"), 0, "a Rook there pins the Knight");
        let mut p = pos(&fen(&[("e4", "K"), ("a2", "P"), ("j10", "k"), ("j9", "p"), ("e5", "g")], 'b'));
        assert_lacks(&moves_from(&mut p, "e5"), &["e5e4"], "the Bodyguard never takes a King");
    }
}
