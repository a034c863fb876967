//! Hiashatar (docs/rules/hiashatar.md): the arrays, the pawns' triple step and en passant,
//! promotion, the bare King, the Bodyguard's capture option and perft from the start. The
//! Bodyguard's zone and its missing check are in tests/rule_hia.rs (module `hiashatar`).

mod common;

use common::hiashatar::{fen, pos};
use common::{assert_has, assert_lacks, at, catalog, moves, moves_from, play, pos_with};
use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::perft::divide_parallel;
use kirin::position::Position;

fn perft(p: &Position, depth: u32) -> u64 {
    divide_parallel(p, depth).iter().map(|(_, n)| n).sum()
}

/// §1 and §2: the three arrays, each with the Kings and Queens where its source puts them.
#[test]
fn the_three_arrays() {
    for (variant, rank1, rank10) in [
        ("hiashatar", "RNBGQKGBNR", "rnbgkqgbnr"),
        ("hiashatar-wikipedia", "RNBGKQGBNR", "rnbgkqgbnr"),
        ("hiashatar-carrillo", "RNBGKQGBNR", "rnbgqkgbnr"),
    ] {
        let p = Position::startpos(catalog().get(variant).unwrap());
        let f = p.fen();
        let rows: Vec<&str> = f.split_whitespace().next().unwrap().split('/').collect();
        assert_eq!((rows[9], rows[0]), (rank1, rank10), "{variant}");
        assert_eq!(rows[8], "PPPPPPPPPP");
    }
}

/// Perft from the start position: depths 1-4 as the independent reference generator counts
/// them (perft-reference.tsv: 34, 1156, 42150; depth 4 1535323 from the generator's
/// README). Depth 1 by hand: 30 pawn moves (one, two or three steps) and 4 Knight moves.
#[test]
fn perft_from_the_start_matches_the_independent_generator() {
    let p = Position::startpos(catalog().get("hiashatar").unwrap());
    for (d, n) in [(1, 34), (2, 1156), (3, 42150), (4, 1_535_323)] {
        assert_eq!(perft(&p, d), n, "depth {d}");
    }
}

/// §4.1: from the start rank a pawn steps one, two or three squares, never jumping; after a
/// triple step e2-e5 a Black pawn on d4 may take e.p. on e3 and one on d5 on e4, on the next
/// move only. Both squares are in the FEN (`e3e4`), which reads back the same.
#[test]
fn triple_step_and_en_passant_on_either_square() {
    let mut p = pos(&fen(&[("a1", "K"), ("j10", "k"), ("e2", "P"), ("d4", "p"), ("d5", "p"), ("a9", "p")], 'w'));
    assert_has(&moves_from(&mut p, "e2"), &["e2e3", "e2e4", "e2e5"], "one, two or three");
    play(&mut p, "e2e5");
    assert_eq!(p.fen().split_whitespace().nth(3), Some("e3e4"));
    assert_has(&moves(&mut p), &["d4e3", "d5e4"], "e.p. on either skipped square");
    let mut again = pos(&p.fen());
    assert_has(&moves(&mut again), &["d4e3", "d5e4"], "the FEN keeps both");
    play(&mut p, "d5e4");
    assert_eq!(at(&p, "e5"), ".", "the pawn taken e.p.");
    // On the next move only.
    let mut q = pos(&fen(&[("a1", "K"), ("j10", "k"), ("e2", "P"), ("d4", "p"), ("a9", "p")], 'w'));
    play(&mut q, "e2e5 a9a8 a1a2");
    assert_lacks(&moves(&mut q), &["d4e3"], "too late");
    // Blocked: a piece on e4 stops the double and the triple step; one on e5 the triple.
    let mut r = pos(&fen(&[("a1", "K"), ("j10", "k"), ("e2", "P"), ("e5", "n"), ("a9", "p")], 'w'));
    assert_has(&moves_from(&mut r, "e2"), &["e2e3", "e2e4"], "up to the blocker");
    assert_lacks(&moves_from(&mut r, "e2"), &["e2e5"], "onto the blocker");
}

/// §4.2: a pawn on the last rank becomes a Queen, the only choice, also by capturing; Black
/// on rank 1.
#[test]
fn promotion_to_queen_only() {
    let mut p = pos(&fen(&[("a1", "K"), ("j7", "k"), ("c9", "P"), ("b10", "r"), ("h2", "p")], 'w'));
    let m = moves_from(&mut p, "c9");
    assert_eq!(m, vec!["c9b10q".to_string(), "c9c10q".to_string()]);
    play(&mut p, "c9c10q");
    assert_eq!(at(&p, "c10"), "Q");
    assert_eq!(moves_from(&mut p, "h2"), vec!["h2h1q".to_string()]);
}

/// §6.4 (the project's decision D9): a side left with its King alone draws at once, whatever
/// the other side has; the position has no legal moves. Two bare Kings draw too.
#[test]
fn a_bare_king_draws_at_once() {
    for pieces in [vec![("a1", "K"), ("a2", "Q"), ("j10", "k")], vec![("a1", "K"), ("j10", "k")]] {
        let mut p = pos(&fen(&pieces, 'w'));
        let r = game_end::terminal(&mut p).expect("game over");
        assert_eq!(r.winner, None, "a draw");
        assert_eq!(r.reason, "bare king");
        assert!(moves(&mut p).is_empty());
    }
    // Taking the last Black piece ends the game.
    let mut p = pos(&fen(&[("a1", "K"), ("a2", "R"), ("j10", "k"), ("a9", "n")], 'w'));
    play(&mut p, "a2a9");
    assert!(moves(&mut p).is_empty());
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(None));
}

/// §3.2 and §8: with `piece = G bodyguard mK2cF` (Cazaux and Knowlton) the Bodyguard still
/// moves one or two squares but captures only one step diagonally.
#[test]
fn bodyguard_capture_option() {
    let pieces =
        [("a1", "K"), ("j10", "k"), ("a2", "P"), ("j9", "p"), ("e5", "G"), ("e7", "n"), ("f6", "b"), ("c3", "r")];
    let f = fen(&pieces, 'w');
    let mut p = pos(&f);
    assert_has(&moves_from(&mut p, "e5"), &["e5e7", "e5f6", "e5c3"], "default: captures with its move");
    let ini = "[hia-diag:hiashatar]\npiece = G bodyguard mK2cF\n".to_string();
    let cat = Catalog::embedded_with(&ini);
    assert!(cat.errors.is_empty(), "{:?}", cat.errors);
    let mut q = pos_with(&cat, "hia-diag", &f);
    let m = moves_from(&mut q, "e5");
    assert_has(&m, &["e5f6", "e5d4", "e5e6", "e5g3"], "one diagonal capture; moves as before");
    assert_lacks(&m, &["e5e7", "e5c3"], "no other capture");
}

/// §8, the option `hiashatar-shatar`: under the Shatar rule only the King's pawn may step two
/// squares from its start; the other pawns step one square (15 moves at the start, by hand:
/// 9 pawn steps, the King's pawn's two, 4 Knight moves).
#[test]
fn shatar_pawn_option() {
    let mut p = Position::startpos(catalog().get("hiashatar-shatar").unwrap());
    assert_eq!(moves(&mut p).len(), 15);
    assert_eq!(moves_from(&mut p, "f2"), vec!["f2f3".to_string(), "f2f4".to_string()]);
    assert_eq!(moves_from(&mut p, "e2"), vec!["e2e3".to_string()]);
    assert_eq!(perft(&p, 2), 225);
}
