//! Tamerlane's Great Chess (docs/rules/tamerlane.md): the board, the Giraffe and the Taliah,
//! the pawns' identities, the royal set and perft from the start. The citadels, the King
//! swap and the Pawn of Pawns' placement are in tests/rule_citadel.rs, tests/rule_swap.rs
//! and tests/rule_placement.rs.

mod common;

use common::tamerlane::{black, fen, pos, white};
use common::{assert_has, assert_lacks, at, catalog, moves, moves_from, play, pos_with};
use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::perft::divide_parallel;
use kirin::position::Position;
use kirin::square::Color;
use std::collections::BTreeSet;

fn perft(p: &Position, depth: u32) -> u64 {
    divide_parallel(p, depth).iter().map(|(_, n)| n).sum()
}

/// The destination squares of a move list (the square after the origin).
fn targets(m: &[String]) -> BTreeSet<String> {
    m.iter()
        .map(|s| {
            let rest =
                s.trim_start_matches(|c: char| c.is_ascii_lowercase()).trim_start_matches(|c: char| c.is_ascii_digit());
            rest.to_string()
        })
        .collect()
}

/// §1, §2: the start position and perft to depth 4 as the independent reference generator
/// counts it (perft-reference.tsv: 24, 576, 14614; depth 4 370555 from the generator's
/// README). Depth 1 by hand: 11 pawn steps, 6 Knight moves, 2 Fers moves, the King to g1
/// and 4 Camel leaps.
#[test]
fn perft_from_the_start_matches_the_independent_generator() {
    let p = Position::startpos(catalog().get("tamerlane").unwrap());
    assert_eq!(
        p.fen(),
        "*b1c1d1d1c1b*/1rntgwkfgtnr*/*r'n't'g'w'k'f'b'c'd'p*/*11*/*11*/*11*/*11*/*PD'C'B'F'K'W'G'T'N'R'*/*RNTGFKWGTNR1/*B1C1D1D1C1B* w - - 0 1"
    );
    for (d, n) in [(1, 24), (2, 576), (3, 14614), (4, 370_555)] {
        assert_eq!(perft(&p, d), n, "depth {d}");
    }
}

/// §1: holes hold nothing and end every line; a piece may not be put on one.
#[test]
fn holes_end_lines() {
    let mut p = white(&[("g2", "K"), ("b5", "R"), ("g9", "k")]);
    let m = moves_from(&mut p, "b5");
    assert_has(&m, &["b5l5", "b5b10", "b5b1"], "the board's lines");
    assert!(!m.iter().any(|x| x.ends_with("a5") || x.ends_with("m5")), "{m:?}");
    let bad = fen(&[("g2", "K"), ("a5", "R"), ("g9", "k")], 'w', "-");
    assert!(Position::from_fen(catalog().get("tamerlane").unwrap(), &bad).is_err());
}

/// §3.3: the Giraffe goes one square diagonally, then three or more straight on outward,
/// every passed square empty. From f5 on an empty board: after g6, north g9 g10 and east j6
/// k6 l6; after e6, e9 e10 and b6 (a6 is a hole); after g4, g1 and j4 k4 l4; after e4, e1
/// and b4. A piece on its first square or on the two squares after it blocks; it captures on
/// the last square.
#[test]
fn giraffe_paths_and_blocks() {
    let mut p = white(&[("b1", "K"), ("f5", "G"), ("l10", "k")]);
    let t = targets(&moves_from(&mut p, "f5"));
    let want: BTreeSet<String> = "g9 g10 j6 k6 l6 e9 e10 b6 g1 j4 k4 l4 e1 b4".split(' ').map(String::from).collect();
    assert_eq!(t, want);
    // A Black pawn on g7 (a passed square) cuts the north line; one on i6 the east line
    // before its third square; a Black Knight on k6 is captured and ends the line.
    let mut p = white(&[("b1", "K"), ("f5", "G"), ("l10", "k"), ("g7", "r'"), ("h6", "r'"), ("k4", "n")]);
    let t = targets(&moves_from(&mut p, "f5"));
    assert!(!t.contains("g9") && !t.contains("j6"), "{t:?}");
    assert!(t.contains("k4") && !t.contains("l4"), "captures on k4 and stops: {t:?}");
    // Its first square occupied: that diagonal's two lines are gone.
    let mut p = white(&[("b1", "K"), ("f5", "G"), ("l10", "k"), ("g6", "N")]);
    let t = targets(&moves_from(&mut p, "f5"));
    assert!(!t.contains("g9") && !t.contains("j6"), "{t:?}");
}

/// §3.2: the Taliah moves two or more squares diagonally, its first square empty; it can
/// neither stop nor capture there.
#[test]
fn taliah_minimum_two_squares() {
    let mut p = white(&[("b1", "K"), ("f5", "T"), ("l10", "k"), ("e6", "n"), ("h7", "r")]);
    let m = moves_from(&mut p, "f5");
    assert_lacks(&m, &["f5e6", "f5g6", "f5e4", "f5g4"], "not on the first square");
    assert_has(&m, &["f5h7", "f5d3", "f5h3"], "two or more, capturing on h7");
    assert!(!m.iter().any(|x| x == "f5d7"), "the Knight on e6 blocks the line: {m:?}");
}

/// §4: a pawn keeps its identity: the Rook's pawn on c9 takes on d10 and becomes a Rook on
/// the d-file; the King's pawn becomes a Prince; Black's Knight's pawn promotes on rank 1.
/// No suffix is written, and one is accepted.
#[test]
fn each_pawn_promotes_to_its_own_piece() {
    let mut p = white(&[("g2", "K"), ("c9", "R'"), ("h9", "K'"), ("d10", "n"), ("j7", "k"), ("e2", "n'")]);
    assert_eq!(moves_from(&mut p, "c9"), vec!["c9c10", "c9d10"]);
    play(&mut p, "c9d10");
    assert_eq!(at(&p, "d10"), "R");
    play(&mut p, "e2e1");
    assert_eq!(at(&p, "e1"), "n");
    play(&mut p, "h9h10s");
    assert_eq!(at(&p, "h10"), "S");
    assert_eq!(p.royal_count(Color::White), 2);
}

/// §6.1: with King and Prince no royal is protected: both may stand attacked, a move may
/// leave them so, and one may be captured; the last one is protected again and can be
/// checkmated.
#[test]
fn the_royal_set() {
    // White King g2 attacked by the Rook g8, Prince c5 by the Rook c10: White is not in
    // check and may play a pawn move that leaves both attacked.
    let mut p = white(&[("g2", "K"), ("c5", "S"), ("b3", "R'"), ("j9", "k"), ("c10", "r"), ("g8", "r"), ("l8", "r'")]);
    assert!(!p.in_check());
    assert_has(&moves(&mut p), &["b3b4"], "both royals may stay attacked");
    play(&mut p, "b3b4");
    assert_has(&moves(&mut p), &["c10c5", "g8g2"], "either may be taken");
    play(&mut p, "g8g2");
    assert_eq!(p.royal_count(Color::White), 1);
    assert!(game_end::terminal(&mut p).is_none(), "the Prince plays on");
    // The last royal, the Prince on b1, mated by two Rooks.
    let mut p = white(&[("b1", "S"), ("j9", "k"), ("d1", "r"), ("d2", "r"), ("l8", "r'")]);
    assert!(p.in_check());
    let r = game_end::terminal(&mut p).expect("mate");
    assert_eq!((r.winner, r.reason), (Some(Color::Black), "checkmate"));
    // The last royal cannot be taken (check rule), so no game reaches a side without
    // royals: such a FEN is refused.
    let f = fen(&[("c3", "R'"), ("j9", "k"), ("l8", "r'")], 'w', "-");
    let e = Position::from_fen(catalog().get("tamerlane").unwrap(), &f).unwrap_err();
    assert!(e.to_string().contains("White has no royal piece"), "{e}");
}

/// §6.1 (the project's decision D12): a side whose only royal stays attacked may promote a
/// pawn to a second royal (`royalCount = after`); with `royalCount = before` it may not.
#[test]
fn promotion_to_a_second_royal_while_attacked() {
    let pieces = [("b2", "K"), ("g9", "K'"), ("l10", "k"), ("b8", "r"), ("l9", "r'")];
    let f = fen(&pieces, 'w', "-");
    let mut p = pos(&f);
    assert!(p.in_check());
    assert_has(&moves_from(&mut p, "g9"), &["g9g10"], "the Prince appears, the King stays attacked");
    let ini = "[tam-before:tamerlane]\nroyalCount = before\n".to_string();
    let cat = Catalog::embedded_with(&ini);
    assert!(cat.errors.is_empty(), "{:?}", cat.errors);
    let mut q = pos_with(&cat, "tam-before", &f);
    assert_lacks(&moves_from(&mut q, "g9"), &["g9g10"], "counted before the move");
}

/// §2 and §7: FENs round-trip, the swap mark included, and make/unmake restore the key.
#[test]
fn fen_and_keys_round_trip() {
    let mut p = Position::startpos(catalog().get("tamerlane").unwrap());
    play(&mut p, "g3g4 g8g7 c2d4");
    let f = p.fen();
    assert_eq!(pos(&f).fen(), f);
    let q = pos(&fen(&[("b1", "K"), ("b2", "R'"), ("g9", "k"), ("c10", "r")], 'w', "Ss"));
    assert_eq!(q.fen().split_whitespace().nth(2), Some("Ss"));
    assert_eq!(q.key(), q.compute_key());
    assert_ne!(q.key(), pos(&fen(&[("b1", "K"), ("b2", "R'"), ("g9", "k"), ("c10", "r")], 'w', "-")).key());
    let b = black(&[("b1", "K"), ("g9", "k")]);
    assert_eq!(b.side_to_move(), Color::Black);
}

/// §2 and §8, the option `tamerlane-mirror`: Black's array mirrored, its King on g9 and its
/// Pawn of Pawns on b8; the citadels stay m2 and a9. Each side has 24 moves at the start.
#[test]
fn mirrored_array_option() {
    let p = Position::startpos(catalog().get("tamerlane-mirror").unwrap());
    assert_eq!(
        (at(&p, "g9"), at(&p, "b8"), at(&p, "l8"), at(&p, "f9")),
        ("k".into(), "p".into(), "r'".into(), "f".into())
    );
    assert_eq!(perft(&p, 2), 576);
}
