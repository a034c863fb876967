//! Hand-checked positions for the variants no other engine plays: `courier-modern`
//! (docs/rules/chess-family.md §6) and `verney` (§7), plus the rules of `shoshogi` that
//! perft from the start position does not reach quickly. (Courier's bare King and stalemate
//! are tested in tests/rule_bare_king.rs.)

mod common;

use common::{catalog, moves, play, pos_in};
use kirin::game_end;
use kirin::position::Position;
use kirin::square::Color;

/// The position `fen` in `variant`, or its start position for `None`.
fn pos(variant: &str, fen: Option<&str>) -> Position {
    match fen {
        Some(f) => pos_in(variant, f),
        None => Position::startpos(catalog().get(variant).unwrap()),
    }
}

/// docs/rules/chess-family.md §6.1: array R N Alfil Courier Sneak Queen King Man Courier
/// Alfil N R. Start: 12 pawns x 2 + knights 4 + alfils 4 = 32 moves (courier, queen, king,
/// man and sneak are boxed in).
#[test]
fn courier_modern_start() {
    let mut p = pos("courier-modern", None);
    assert_eq!(p.fen(), "rnebwqkmbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBWQKMBENR w KQkq - 0 1");
    let m = moves(&mut p);
    assert_eq!(m.len(), 32);
    assert!(m.contains(&"c1a3".to_string()) && m.contains(&"c1e3".to_string()), "alfil (2,2) leaps over pawns");
}

/// docs/rules/chess-family.md §6.4: castling moves the King three squares: g1-j1 with Rook
/// l1-i1, g1-d1 with Rook a1-e1; standard conditions.
#[test]
fn courier_modern_castling() {
    let fen = "r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1";
    let mut p = pos("courier-modern", Some(fen));
    let m = moves(&mut p);
    assert!(m.contains(&"g1j1".to_string()) && m.contains(&"g1d1".to_string()));
    play(&mut p, "g1j1");
    assert_eq!(p.fen(), "r5k4r/12/12/12/12/12/12/R7RK2 b kq - 1 1");
    play(&mut p, "g8d8");
    assert_eq!(p.fen(), "3kr6r/12/12/12/12/12/12/R7RK2 w - - 2 2");
    // Not through an attacked square: a black rook on h8 covers h1 (kingside path).
    let mut p = pos("courier-modern", Some("6k4r/7r4/12/12/12/12/12/R5K4R w KQ - 0 1"));
    let m = moves(&mut p);
    assert!(!m.contains(&"g1j1".to_string()));
    assert!(m.contains(&"g1d1".to_string()));
    // Not out of check.
    let mut p = pos("courier-modern", Some("1k4r5/12/12/12/12/12/12/R5K4R w KQ - 0 1"));
    let m = moves(&mut p);
    assert!(!m.contains(&"g1j1".to_string()) && !m.contains(&"g1d1".to_string()));
}

/// docs/rules/chess-family.md §6.2 and §6.3: pawns with double step and e.p.; promotion to Queen.
#[test]
fn courier_modern_pawns() {
    let mut p = pos("courier-modern", None);
    play(&mut p, "e2e4 a7a6 e4e5 d7d5");
    assert!(moves(&mut p).contains(&"e5d6".to_string()), "e.p. after the double step");
    play(&mut p, "e5d6");
    assert_eq!(p.piece_at(kirin::square::Square::parse("d5").unwrap()), kirin::piece::Piece::NONE);
    let mut p = pos("courier-modern", Some("6k5/p11/12/12/12/12/12/6K5 b - - 0 1"));
    let m = moves(&mut p);
    assert!(m.contains(&"a7a6".to_string()));
    let mut p = pos("courier-modern", Some("6k5/P11/12/12/12/12/12/6K5 w - - 0 1"));
    let m: Vec<String> = moves(&mut p).into_iter().filter(|s| s.starts_with("a7")).collect();
    assert_eq!(m, vec!["a7a8q"]);
    // Stalemate is a draw in the modernised game.
    let mut p = pos("courier-modern", Some("k11/2Q9/1K10/12/12/12/12/12 b - - 0 1"));
    let r = game_end::terminal(&mut p).unwrap();
    assert_eq!((r.winner, r.reason), (None, "stalemate"));
}

/// docs/rules/chess-family.md §7.1 and §7.2: 12x12, R N Unicorn B Counsellor K Q Fool B
/// Unicorn N R, FIDE pawns. Start: 24 pawn moves, knights 4, unicorns (B+N) 4 knight leaps,
/// counsellor (K+N) 2.
#[test]
fn verney_start_and_pieces() {
    let mut p = pos("verney", None);
    assert_eq!(moves(&mut p).len(), 34);
    // Unicorn = B + N, Counsellor = K + N, Fool = K: on an open board from f5.
    for (piece, n) in [("U", 19 + 8), ("C", 8 + 8), ("F", 8)] {
        let fen = format!("11k/12/12/12/12/12/12/5{piece}6/12/12/12/K11 w - - 0 1");
        let mut p = pos("verney", Some(&fen));
        let count = moves(&mut p).iter().filter(|m| m.starts_with("f5")).count();
        assert_eq!(count, n, "{piece}");
    }
}

/// docs/rules/chess-family.md §7.3, §7.4 and §7.7 (assumed pawn rules): promotion on the
/// last rank to any non-royal piece of the array, each a separate move; no castling.
#[test]
fn verney_promotion_and_no_castling() {
    let mut p = pos("verney", Some("10k1/P11/12/12/12/12/12/12/12/12/12/R4K5R w KQ - 0 1"));
    let m = moves(&mut p);
    let promos: Vec<&String> = m.iter().filter(|s| s.starts_with("a11a12")).collect();
    assert_eq!(promos.len(), 7);
    for s in ["a11a12q", "a11a12r", "a11a12b", "a11a12n", "a11a12u", "a11a12c", "a11a12f"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
    assert!(!m.iter().any(|s| s == "f1h1" || s == "f1d1"), "no castling");
    // Castling rights in a FEN are ignored (the king has no castling move).
    assert_eq!(p.fen(), "10k1/P11/12/12/12/12/12/12/12/12/12/R4K5R w - - 0 1");
}

/// Sho Shogi (docs/rules/shogi.md §2.3, §2.4): with King and Crown Prince neither is
/// protected by the check rule; the last one is. Promotion on moves starting or ending in
/// the zone, forced where the piece could not move again.
#[test]
fn shoshogi_royalty_and_promotion() {
    // White King e1 attacked by a rook on e9, White also has a Crown Prince on a1:
    // two royals, so leaving the King attacked is legal.
    let mut p = pos("shoshogi", Some("4r3k/9/9/9/9/9/9/9/+E3K4 w - - 0 1"));
    assert!(moves(&mut p).contains(&"a1a2".to_string()));
    // Without the Prince the King must get out of check.
    let mut p = pos("shoshogi", Some("4r3k/9/9/9/9/9/9/9/P3K4 w - - 0 1"));
    let m = moves(&mut p);
    assert!(!m.contains(&"a1a2".to_string()));
    assert!(m.iter().all(|s| s.starts_with("e1")));
    // Protection is decided before the move (Fairy-Stockfish): promoting a Drunk Elephant
    // to a Prince does not excuse leaving the lone King in check. (Found by the
    // cross-check script against pyffish: `r3k4/9/9/4E4/9/9/9/9/K8 w` allows only King moves.)
    let mut p = pos("shoshogi", Some("r3k4/9/9/4E4/9/9/9/9/K8 w - - 0 1"));
    assert_eq!(moves(&mut p), vec!["a1b1", "a1b2"]);
    // Pawn to the last rank must promote; knight to the last two ranks must promote.
    let mut p = pos("shoshogi", Some("k8/4P4/9/N8/9/9/9/9/8K w - - 0 1"));
    let m = moves(&mut p);
    assert!(m.contains(&"e8e9+".to_string()) && !m.contains(&"e8e9".to_string()));
    assert!(m.contains(&"a6b8+".to_string()) && !m.contains(&"a6b8".to_string()));
    // Leaving the zone also promotes (optional): silver e7 -> d6.
    let mut p = pos("shoshogi", Some("k8/9/4S4/9/9/9/9/9/8K w - - 0 1"));
    let m = moves(&mut p);
    assert!(m.contains(&"e7d6+".to_string()) && m.contains(&"e7d6".to_string()));
    // Stalemate loses.
    let mut p = pos("shoshogi", Some("k8/2G6/1G7/9/9/9/9/9/8K b - - 0 1"));
    let r = game_end::terminal(&mut p).unwrap();
    assert_eq!(r.winner, Some(Color::White));
}
