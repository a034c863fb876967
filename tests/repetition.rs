//! Repetition rules (docs/rules/shogi.md §2.5 for Sho Shogi, §3.8 for Chu Shogi): the value
//! of a repeated position for the side to move. The perpetual-check exception (the
//! `perpetual` rule module) is tested in tests/rule_perpetual.rs.

mod common;

use common::{play, pos_in};
use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::position::Position;
use kirin::variant::EndValue;

/// docs/rules/shogi.md §2.5: Sho Shogi fourfold repetition is a draw...
#[test]
fn shoshogi_quiet_repetition_is_a_draw() {
    // Kings shuffle; nobody gives check.
    let mut p = pos_in("shoshogi", "4k4/9/9/9/9/9/9/G8/4K4 w - - 0 1");
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), None);
    for _ in 0..3 {
        play(&mut p, "e1d1 e9d9 d1e1 d9e9");
    }
    // Start position reached for the 4th time.
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), Some(EndValue::Draw));
    // Not yet after two cycles (3 occurrences).
    let mut q = pos_in("shoshogi", "4k4/9/9/9/9/9/9/G8/4K4 w - - 0 1");
    play(&mut q, "e1d1 e9d9 d1e1 d9e9 e1d1 e9d9 d1e1 d9e9");
    assert_eq!(game_end::repetition_value(&mut q, 0, 3), None);
}

/// docs/rules/shogi.md §3.8: in Chu Shogi the side completing a repetition loses (no check involved).
#[test]
fn chushogi_repeating_side_loses() {
    let fen = "g4k6/12/12/12/12/12/12/12/12/12/12/G4K6 w - - 0 1"; // golds: nobody bare
    let mut p = pos_in("chushogi", fen);
    for _ in 0..3 {
        play(&mut p, "f1e1 f12e12 e1f1 e12f12");
    }
    // Black completed the repetition (its last move recreated the position): White to move wins.
    assert_eq!(game_end::repetition_value(&mut p, 0, 3), Some(EndValue::Win));
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
