//! Tests of the `perpetual` rule module (src/rules/perpetual.rs): the perpetual-check
//! exception to the repetition result (ini `perpetualCheck`). Plain repetition is tested in
//! tests/repetition.rs.
//!
//! The tests are written per variant that uses the rule, one module per variant
//! (`shoshogi`, and `chushogi`, which has no such exception), each test citing the section
//! of its variant's rules page that it checks. A new variant that uses the rule adds a
//! module with its own cases here (its shared setups go in tests/common/).

mod common;

/// Sho Shogi (docs/rules/shogi.md §2.5): `perpetualCheck = loss`.
mod shoshogi {
    use crate::common::{play, pos_in};
    use kirin::game_end;
    use kirin::variant::EndValue;

    /// §2.5: fourfold repetition draws, except that the perpetual checker loses.
    #[test]
    fn shoshogi_perpetual_checker_loses() {
        let fen = "4k4/9/9/9/9/9/9/R8/4K4 w - - 0 1";
        let mut p = pos_in("shoshogi", fen);
        // a2a9+ is a check along rank 9; black king moves away and back while white rook
        // shuttles checking: a9 (check on rank 9), king e9->e8, rook a9->a8 (check on rank 8),
        // king e8->e9, rook a8->a9 (check) ...
        play(&mut p, "a2a9");
        assert!(p.royal_attacked(), "the rook checks along rank 9");
        for _ in 0..3 {
            play(&mut p, "e9e8 a9a8 e8e9 a8a9");
        }
        // Black to move, position after a2a9 for the 4th time; White checked on every move.
        assert_eq!(
            game_end::repetition_value(&mut p, 0, 3),
            Some(EndValue::Win),
            "Black wins: White gave perpetual check"
        );
    }
}

/// Chu Shogi (docs/rules/shogi.md §3.8): no `perpetualCheck`, the repeating side loses even when it
/// was checked throughout.
mod chushogi {
    use crate::common::{play, pos_in};
    use kirin::game_end;
    use kirin::variant::EndValue;

    /// §3.8 and §3.10 (HaChu's default, Kirin's `chushogi`/`chu` default): recreating an earlier
    /// position loses for the side that does it even when its King was attacked on every move
    /// of the cycle: no perpetual-check exception. Kirin once repeated so, scoring it as a win
    /// (perpetual checker loses), and HaChu claimed the game ("Repeats earlier position").
    #[test]
    fn chushogi_repeating_under_perpetual_attack_still_loses() {
        let fen = "4k6g/12/12/12/12/12/12/12/12/12/R11/G4K6 w - - 0 1";
        let mut p = pos_in("chushogi", fen);
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
}
