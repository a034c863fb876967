//! Repetition rules (spec/rules.md 3c for Sho Shogi, 4d for Chu Shogi): the value of a
//! repeated position for the side to move, with the perpetual-check exception.

use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::position::Position;
use kirin::variant::EndValue;

fn play(p: &mut Position, moves: &str) {
    for mv in moves.split_whitespace() {
        let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e} in {}", p.fen()));
        p.make_move(m);
    }
}

fn start(variant: &str, fen: &str) -> Position {
    let c = Catalog::embedded();
    Position::from_fen(c.get(variant).unwrap(), fen).unwrap()
}

/// rules.md 3c: Sho Shogi fourfold repetition is a draw...
#[test]
fn shoshogi_quiet_repetition_is_a_draw() {
    // Kings shuffle; nobody gives check.
    let mut p = start("shoshogi", "4k4/9/9/9/9/9/9/G8/4K4 w - - 0 1");
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), None);
    for _ in 0..3 {
        play(&mut p, "e1d1 e9d9 d1e1 d9e9");
    }
    // Start position reached for the 4th time.
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), Some(EndValue::Draw));
    // Not yet after two cycles (3 occurrences).
    let mut q = start("shoshogi", "4k4/9/9/9/9/9/9/G8/4K4 w - - 0 1");
    play(&mut q, "e1d1 e9d9 d1e1 d9e9 e1d1 e9d9 d1e1 d9e9");
    assert_eq!(game_end::repetition_value(&mut q, 0, 3), None);
}

/// rules.md 3c: ... except that the perpetual checker loses.
#[test]
fn shoshogi_perpetual_checker_loses() {
    let fen = "4k4/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    let mut p = start("shoshogi", fen);
    // a2a9+ is a check along rank 9; black king moves away and back while white rook
    // shuttles checking: a9 (check on rank 9), king e9->e8, rook a9->a8 (check on rank 8),
    // king e8->e9, rook a8->a9 (check) ...
    play(&mut p, "a2a9");
    assert!(p.royal_attacked(), "the rook checks along rank 9");
    for _ in 0..3 {
        play(&mut p, "e9e8 a9a8 e8e9 a8a9");
    }
    // Black to move, position after a2a9 for the 4th time; White checked on every move.
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), Some(EndValue::Win), "Black wins: White gave perpetual check");
}

/// rules.md 4d: in Chu Shogi the side completing a repetition loses (no check involved).
#[test]
fn chushogi_repeating_side_loses() {
    let fen = "g4k6/12/12/12/12/12/12/12/12/12/12/G4K6 w - - 0 1"; // golds: nobody bare
    let mut p = start("chushogi", fen);
    for _ in 0..3 {
        play(&mut p, "f1e1 f12e12 e1f1 e12f12");
    }
    // Black completed the repetition (its last move recreated the position): White to move wins.
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), Some(EndValue::Win));
}

/// rules.md 4 (HaChu's default, Kirin's `chushogi`/`chu` default): recreating an earlier
/// position loses for the side that does it even when its King was attacked on every move
/// of the cycle: no perpetual-check exception. Kirin once repeated so, scoring it as a win
/// (perpetual checker loses), and HaChu claimed the game ("Repeats earlier position").
#[test]
fn chushogi_repeating_under_perpetual_attack_still_loses() {
    let fen = "4k6g/12/12/12/12/12/12/12/12/12/R11/G4K6 w - - 0 1";
    let mut p = start("chushogi", fen);
    // The Rook attacks the King on rank 12, then on rank 11, ...
    play(&mut p, "a2a12");
    assert!(p.royal_attacked());
    play(&mut p, "e12e11 a12a11");
    assert!(p.royal_attacked());
    play(&mut p, "e11e12 a11a12 e12e11");
    // Black's last move recreated the position after its first e12e11 (White to move):
    // Black, attacked on each of its moves, completed the repetition and loses.
    assert_eq!(game_end::repetition_value(&mut p, 0, 1), Some(EndValue::Win));
}

/// In search a single repetition inside the tree already counts (Stockfish convention).
#[test]
fn search_sees_a_single_repetition_in_the_tree() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    let c = Catalog::embedded();
    let mut p = Position::from_fen(c.get("chess").unwrap(), fen).unwrap();
    play(&mut p, "h1h2 e8d8 h2h1 d8e8");
    assert_eq!(game_end::repetition_value(&mut p, 4, 2), Some(EndValue::Draw));
    assert_eq!(game_end::repetition_value(&mut p, 3, 2), None, "the earlier occurrence is before the search root");
}
