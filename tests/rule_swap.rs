//! Tests of the `swap` rule module (src/rules/swap.rs): the King's once-per-game exchange of
//! places when nothing else is legal (ini `swap`), one module per variant that uses it.

mod common;

/// Tamerlane (docs/rules/tamerlane.md §7; conventions in tests/common/tamerlane.rs).
mod tamerlane {
    use crate::common::tamerlane::{fen, pos, white};
    use crate::common::{at, moves, play};
    use kirin::game_end;

    /// White King b1 hemmed in: c1 and c2 attacked by the Black Rook c10 and Bishop b3, the
    /// pawn b2 blocked. White has no other move, so the King may swap with the pawn on b2 or
    /// the blocked pawn on k5, both squares unattacked.
    const HEMMED: [(&str, &str); 7] =
        [("b1", "K"), ("b2", "R'"), ("k5", "R'"), ("g9", "k"), ("c10", "r"), ("b3", "b"), ("k6", "r'")];

    /// §7: the swap is there only when nothing else is legal, and the King goes to the
    /// partner's square, the partner to the King's; the FEN then marks it used (`S`).
    #[test]
    fn swap_when_nothing_else_is_legal() {
        let mut p = white(&HEMMED);
        assert_eq!(moves(&mut p), vec!["b1b2", "b1k5"]);
        play(&mut p, "b1k5");
        assert_eq!((at(&p, "k5"), at(&p, "b1")), ("K".into(), "R'".into()));
        assert_eq!(p.fen().split_whitespace().nth(2), Some("S"));
        assert_eq!(p.key(), p.compute_key());
        // With another legal move (the pawn b2 free to advance) there is no swap.
        let mut free = HEMMED.to_vec();
        free.remove(5); // no Bishop: b3 is empty, c1 and c2 still attacked by the Rook
        let mut q = white(&free);
        let m = moves(&mut q);
        assert!(m.contains(&"b2b3".to_string()) && !m.iter().any(|x| x == "b1k5"), "{m:?}");
    }

    /// §7: once per game: with the swap used (`S`) the hemmed King has no move, and the
    /// stalemate loses.
    #[test]
    fn once_per_game_then_stalemate_loses() {
        let mut p = pos(&fen(&HEMMED, 'w', "S"));
        assert!(moves(&mut p).is_empty());
        let r = game_end::terminal(&mut p).expect("over");
        assert_eq!((r.winner, r.reason), (Some(kirin::square::Color::Black), "stalemate"));
    }

    /// §7 (the project's decision D14): the King must not be attacked after the swap; a Pawn
    /// of Pawns waiting on its last rank (Y) is no partner; no swap puts a pawn on its last
    /// rank.
    #[test]
    fn swap_partners() {
        // A Black Rook on f5 attacks k5.
        let mut attacked = HEMMED.to_vec();
        attacked.push(("f5", "r"));
        let mut p = white(&attacked);
        assert_eq!(moves(&mut p), vec!["b1b2"], "k5 is attacked by the Rook on f5");
        // A Y on e10 cannot move by rule (and has no placement here): no partner.
        let mut with_y = HEMMED.to_vec();
        with_y.push(("e10", "Y"));
        let mut p = white(&with_y);
        assert_eq!(moves(&mut p), vec!["b1b2", "b1k5"]);
        // Black King b1 on Black's last rank, hemmed in by the White Rook c10; its pawns b2,
        // j10 and l8 are blocked, the Dabbaba l10 has no square to go to. Swapping with a
        // pawn would put it on rank 1, its last rank: only the Dabbaba is a partner.
        let last = [
            ("b1", "k"),
            ("b2", "r'"),
            ("j10", "r'"),
            ("l8", "r'"),
            ("l10", "d"),
            ("c10", "R"),
            ("j9", "R'"),
            ("l7", "R'"),
            ("g5", "K"),
        ];
        let mut p = pos(&fen(&last, 'b', "-"));
        assert_eq!(moves(&mut p), vec!["b1l10"]);
    }
}
