//! Gleeman Chess (docs/rules/gleeman.md): the Gleeman's zig-zag, the Warlord, free castling
//! with its attacked-square condition and option, promotion to Bishop, and perft from the
//! start.

mod common;

use common::gleeman::{fen, pos};
use common::{assert_has, assert_lacks, at, catalog, moves, moves_from, play, pos_with};
use kirin::catalog::Catalog;
use kirin::perft::divide_parallel;
use kirin::position::Position;
use std::collections::BTreeSet;

fn perft(p: &Position, depth: u32) -> u64 {
    divide_parallel(p, depth).iter().map(|(_, n)| n).sum()
}

/// The destination squares of a move list (`e4f5` -> `f5`), sorted.
fn targets(m: &[String]) -> BTreeSet<String> {
    m.iter().map(|s| s[2..4].to_string()).collect()
}

fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(str::to_string).collect()
}

/// Perft from the start position: depths 1-4 as the independent reference generator counts
/// them (perft-reference.tsv: 24, 576, 14302; depth 4 354272 from the generator's README).
/// §2: the start FEN.
#[test]
fn perft_from_the_start_matches_the_independent_generator() {
    let p = Position::startpos(catalog().get("gleeman").unwrap());
    assert_eq!(p.fen(), "rwgbkgbnr/n3w3a/ppppppppp/9/9/9/PPPPPPPPP/A3W3N/RNBGKBGWR w KQkq - 0 1");
    for (d, n) in [(1, 24), (2, 576), (3, 14302), (4, 354_272)] {
        assert_eq!(perft(&p, d), n, "depth {d}");
    }
}

/// §3.3: on an empty board a Gleeman on e4 zig-zags to f5 g4 h5 i4, f3 h3, d5 c4 b5 a4, d3 b3
/// and steps forward to e5: 13 squares. Black's Gleeman steps forward downwards.
#[test]
fn gleeman_zigzag_on_an_empty_board() {
    let mut p = pos(&fen(&[("a1", "K"), ("i9", "k"), ("e4", "G"), ("e6", "g")], 'w', "-"));
    assert_eq!(targets(&moves_from(&mut p, "e4")), set("f5 g4 h5 i4 f3 h3 d5 c4 b5 a4 d3 b3 e5"));
    let mut p = pos(&fen(&[("a1", "K"), ("i9", "k"), ("e4", "G"), ("e6", "g")], 'b', "-"));
    assert!(targets(&moves_from(&mut p, "e6")).contains("e5") && !targets(&moves_from(&mut p, "e6")).contains("e7"));
}

/// §3.3 on a crowded board: every passed square must be empty, and it captures where it
/// stops. Gleeman e4 with a White pawn on g4 (own: both right-hand lines end before it), a
/// Black Knight on c4 (captured; both left-hand lines end there), a White Bishop on d3 (the
/// left-down line ends at once) and a Black pawn on e5 (captured by the forward step).
#[test]
fn gleeman_zigzag_among_pieces() {
    let pieces = [("a1", "K"), ("i9", "k"), ("e4", "G"), ("g4", "P"), ("c4", "n"), ("d3", "B"), ("e5", "p")];
    let mut p = pos(&fen(&pieces, 'w', "-"));
    assert_eq!(targets(&moves_from(&mut p, "e4")), set("f5 f3 d5 c4 e5"));
}

/// §3.2: the Warlord slides straight forward and back and leaps (2,1) sideways: 12 squares
/// from e5 on an empty board; a piece on e7 ends the forward slide (capturing an enemy), and
/// the leaps jump over anything.
#[test]
fn warlord() {
    let mut p = pos(&fen(&[("a1", "K"), ("i9", "k"), ("e5", "W")], 'w', "-"));
    assert_eq!(targets(&moves_from(&mut p, "e5")), set("e1 e2 e3 e4 e6 e7 e8 e9 c4 c6 g4 g6"));
    let crowded = [("a1", "K"), ("i9", "k"), ("e5", "W"), ("e7", "n"), ("d5", "P"), ("f5", "P"), ("e4", "P")];
    let mut p = pos(&fen(&crowded, 'w', "-"));
    assert_eq!(targets(&moves_from(&mut p, "e5")), set("e6 e7 c4 c6 g4 g6"));
}

/// §5: free castling, every length on both wings, both sides: the King goes one, two or
/// three squares toward the Rook, the Rook to any square from the King's start to the
/// square before its destination: 6 castlings a wing, written King leg then Rook leg.
#[test]
fn free_castling_every_length_both_sides() {
    let pieces =
        [("e1", "K"), ("a1", "R"), ("i1", "R"), ("a3", "P"), ("e9", "k"), ("a9", "r"), ("i9", "r"), ("a7", "p")];
    let white = [
        "e1f1,i1e1",
        "e1g1,i1e1",
        "e1g1,i1f1",
        "e1h1,i1e1",
        "e1h1,i1f1",
        "e1h1,i1g1",
        "e1d1,a1e1",
        "e1c1,a1e1",
        "e1c1,a1d1",
        "e1b1,a1e1",
        "e1b1,a1d1",
        "e1b1,a1c1",
    ];
    let mut p = pos(&fen(&pieces, 'w', "KQkq"));
    let castles: Vec<String> = moves(&mut p).into_iter().filter(|m| m.contains(',')).collect();
    let mut want: Vec<String> = white.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(castles, want);
    let black: Vec<String> = white.iter().map(|s| s.replace('1', "9")).collect();
    let mut p = pos(&fen(&pieces, 'b', "KQkq"));
    let castles: Vec<String> = moves(&mut p).into_iter().filter(|m| m.contains(',')).collect();
    let mut want = black.clone();
    want.sort();
    assert_eq!(castles, want);
    // Making one: King g1, Rook f1, and the rights of White are gone; the move takes back.
    let mut p = pos(&fen(&pieces, 'w', "KQkq"));
    let before = p.fen();
    play(&mut p, "e1h1,i1f1");
    assert_eq!(
        (at(&p, "h1"), at(&p, "f1"), at(&p, "e1"), at(&p, "i1")),
        ("K".into(), "R".into(), ".".into(), ".".into())
    );
    assert_eq!(p.fen().split_whitespace().nth(2), Some("kq"));
    assert_eq!(p.key(), p.compute_key());
    p.unmake_move();
    assert_eq!(p.fen(), before);
    // A Rook that has moved, or a piece in between, ends that wing.
    let mut p = pos(&fen(&pieces, 'w', "Qkq"));
    assert!(moves(&mut p).iter().filter(|m| m.contains(',')).all(|m| m.contains("a1")));
    let mut blocked = pieces.to_vec();
    blocked.push(("b1", "N"));
    let mut p = pos(&fen(&blocked, 'w', "KQkq"));
    assert!(moves(&mut p).iter().filter(|m| m.contains(',')).all(|m| m.contains("i1")));
}

/// §5: the King may not castle out of check, and no square between King and Rook may be
/// attacked, also one the King does not cross (`castlingSafeSquares = between`): a Black
/// Rook on h5 covers h1, so every right-wing castling is gone, the one-square too. With
/// `castlingSafeSquares = king` only the castlings whose King crosses or lands on h1 are.
#[test]
fn free_castling_and_attacked_squares() {
    let pieces = [("e1", "K"), ("a1", "R"), ("i1", "R"), ("a3", "P"), ("e9", "k"), ("h5", "r"), ("a7", "p")];
    let f = fen(&pieces, 'w', "KQ");
    let mut p = pos(&f);
    let castles: Vec<String> = moves(&mut p).into_iter().filter(|m| m.contains(',')).collect();
    assert_eq!(castles.len(), 6, "{castles:?}");
    assert!(castles.iter().all(|m| m.contains("a1")), "{castles:?}");
    let ini = "[gleeman-king:gleeman]\ncastlingSafeSquares = king\n".to_string();
    let cat = Catalog::embedded_with(&ini);
    assert!(cat.errors.is_empty(), "{:?}", cat.errors);
    let mut q = pos_with(&cat, "gleeman-king", &f);
    let right: Vec<String> = moves(&mut q).into_iter().filter(|m| m.contains(",i1")).collect();
    assert_eq!(right, vec!["e1f1,i1e1", "e1g1,i1e1", "e1g1,i1f1"]);
    // In check (a Black Rook on e5): no castling at all.
    let checked = [("e1", "K"), ("a1", "R"), ("i1", "R"), ("a3", "P"), ("h9", "k"), ("e5", "r"), ("a7", "p")];
    let mut p = pos(&fen(&checked, 'w', "KQ"));
    assert!(!moves(&mut p).iter().any(|m| m.contains(',')));
}

/// §4: pawns step one square only (no double step, no e.p.) and promote to Bishop on rank 7,
/// compulsorily, also by capturing; Black on rank 3.
#[test]
fn pawns_and_promotion_to_bishop() {
    let mut p = pos(&fen(&[("a1", "K"), ("i9", "k"), ("c3", "P"), ("e6", "P"), ("d7", "n"), ("g4", "p")], 'w', "-"));
    assert_eq!(moves_from(&mut p, "c3"), vec!["c3c4".to_string()], "no double step");
    assert_eq!(moves_from(&mut p, "e6"), vec!["e6d7b".to_string(), "e6e7b".to_string()]);
    play(&mut p, "e6e7b");
    assert_eq!(at(&p, "e7"), "B");
    assert_eq!(moves_from(&mut p, "g4"), vec!["g4g3b".to_string()]);
    assert_lacks(&moves(&mut p), &["g4g3"], "compulsory");
    assert_has(&moves(&mut p), &["g4g3b"], "Black on rank 3");
}
