//! Tests of the `hia` rule module (src/rules/hia.rs): the Hia power of Short Sliders'
//! Bodyguard, whose neighbouring squares stop slides (ini `hia`, `hiaEnemyOnly`).
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`shortsliders`; Hiashatar will reuse the zone), each test citing the rules.md line(s)
//! it checks. A new variant that uses the rule adds a module with its own cases here (its
//! shared setups go in tests/common/).

mod common;

/// Short Sliders (rules.md section 1; conventions in tests/common/shortsliders.rs): the
/// Bodyguard's Hia zone (1c #3, #14; 1d).
mod shortsliders {
    use crate::common::moves_from;
    use crate::common::shortsliders::{fen, pos};
    use kirin::catalog::Catalog;
    use kirin::position::Position;
    use kirin::square::Color;
    use std::collections::BTreeSet;

    /// rules.md:117-118 (1a Hia power: a slider entering a square next to the Bodyguard stops, and
    /// moves one step while next to it; leaps unaffected), rules.md:203-206 (1d), rules.md:180
    /// (1c #14: both colours by default).
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

    /// rules.md:206 (attack detection and check use the same zone-aware rays): a Rook behind a
    /// Bodyguard's zone does not give check; without the Bodyguard it does. A slider next to
    /// the Bodyguard checks at distance one only.
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

    /// rules.md:180 (1c #14): the Hia power hinders sliders of both colours; with
    /// `hiaEnemyOnly = true` the own side's sliders pass freely.
    #[test]
    fn hia_both_colours_and_enemy_only_option() {
        let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("e10", "D"), ("a9", "R")], 'w', "-");
        let mut p = pos(&f);
        assert!(!moves_from(&mut p, "a9").contains(&"a9l9".to_string()), "own Bodyguard hinders too");
        let ini = "[ss-enemy:shortsliders]\nhiaEnemyOnly = true\n".to_string();
        let cat = Catalog::from_texts(&[("variants.ini", kirin::variant::EMBEDDED_INI.to_string()), ("user.ini", ini)]);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let mut q = Position::from_fen(cat.get("ss-enemy").unwrap(), &f).unwrap();
        assert!(moves_from(&mut q, "a9").contains(&"a9l9".to_string()), "enemy only: own slider passes");
        assert_eq!(q.side_to_move(), Color::White);
    }

    /// docs/rules/short-sliders.md §2.6 and §9.3 (rules.md D1): the zone stops lame steps as it
    /// stops slides. A Pawn's or Berolina's double step may end on the first zone square but
    /// not pass one, and from inside the zone a pawn steps one square only. Black Bodyguard
    /// c6, zone b5-d5, b6, d6, b7-d7: b4b6 and d4d6 pass b5 / d5 (illegal), a4a6 does not;
    /// the Berolina f4 may end on d6 (a zone square) over e5, and e4g6 is free. Black
    /// Bodyguard c3, zone b2-d2, b3, d3, b4-d4: the pawn d4 starts in the zone and may not
    /// double-step although d5 is free; c4 neither.
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
