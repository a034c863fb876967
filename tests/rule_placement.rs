//! Tests of the `placement` rule module (src/rules/placement.rs): a piece placed where it
//! forks or traps (ini `placement`), one module per variant that uses it.

mod common;

/// Tamerlane (docs/rules/tamerlane.md §5; conventions in tests/common/tamerlane.rs): the
/// Pawn of Pawns' three stages P, Y, Z.
mod tamerlane {
    use crate::common::tamerlane::{black, white};
    use crate::common::{assert_has, assert_lacks, at, moves_from, play};

    /// White's Y on f10; Black Rooks d6 and f6 (forked from e5) and a Dabbaba j8 whose four
    /// squares hold Black pawns (trapped from i7 and k7: it cannot take a pawn standing
    /// diagonally next to it).
    const BOARD: [(&str, &str); 11] = [
        ("g2", "K"),
        ("f10", "Y"),
        ("b3", "R'"),
        ("g9", "k"),
        ("d6", "r"),
        ("f6", "r"),
        ("j8", "d"),
        ("j10", "r'"),
        ("l8", "r'"),
        ("h8", "r'"),
        ("j6", "r'"),
    ];

    /// §5.2: the placements by fork (e5) and by trap (i7, k7), and no others; after one the
    /// piece is a Z, a pawn again.
    #[test]
    fn fork_and_trap() {
        let mut p = white(&BOARD);
        assert_eq!(moves_from(&mut p, "f10"), vec!["f10e5", "f10i7", "f10k7"]);
        play(&mut p, "f10e5");
        assert_eq!(at(&p, "e5"), "Z");
        assert_eq!(p.key(), p.compute_key());
        p.unmake_move();
        assert_eq!(at(&p, "f10"), "Y");
    }

    /// §5.1: Y has no moves of its own and cannot be captured: the Black Rook on f6, whose
    /// file leads to it, may not take it.
    #[test]
    fn waiting_on_the_last_rank_immobile_and_immune() {
        let mut p = black(&BOARD);
        let m = moves_from(&mut p, "f6");
        assert_has(&m, &["f6f9"], "up to the square before it");
        assert_lacks(&m, &["f6f10"], "Y is immune");
    }

    /// §5.2 (the project's decision D16): a fork counts royals, not immune pieces; the target
    /// square may hold an enemy piece (captured) but not a royal; a pinned piece is not
    /// trapped (check is ignored); the first rank is allowed.
    #[test]
    fn fork_counts_royals_and_no_placement_onto_a_royal() {
        // Black King e7 and Rook g7: a Z on f6 forks them; no placement takes the King.
        let mut p = white(&[("l1", "K"), ("c10", "Y"), ("b3", "R'"), ("e7", "k"), ("g7", "r"), ("f6", "n")]);
        let m = moves_from(&mut p, "c10");
        assert_has(&m, &["c10f6"], "fork of King and Rook, taking the Knight on f6");
        assert!(!m.iter().any(|x| x.ends_with("e7")), "never onto a royal: {m:?}");
        // A Black Knight pinned to its King still has moves (check ignored): not trapped.
        let mut p = white(&[("g2", "K"), ("c10", "Y"), ("b3", "R'"), ("e9", "k"), ("e7", "n"), ("e2", "R")]);
        let m = moves_from(&mut p, "c10");
        assert_lacks(&m, &["c10d6", "c10f6"], "the pinned Knight can move, pseudo-legally");
        // Black pieces on c2 and e2 (Rook, Knight): a Z on d1, White's first rank, forks them.
        let mut p = white(&[("l3", "K"), ("l10", "Y"), ("b3", "R'"), ("g9", "k"), ("c2", "r"), ("e2", "n")]);
        assert_has(&moves_from(&mut p, "l10"), &["l10d1"], "on the first rank");
    }

    /// §5.1 and §4: P becomes Y on its last rank; Z becomes an Adventitious King there; no
    /// suffix is needed (one accepted).
    #[test]
    fn the_three_stages() {
        let mut p = white(&[("g2", "K"), ("c9", "P"), ("h9", "Z"), ("g7", "k")]);
        assert_eq!(moves_from(&mut p, "c9"), vec!["c9c10"]);
        play(&mut p, "c9c10");
        assert_eq!(at(&p, "c10"), "Y");
        play(&mut p, "g7g6 h9h10a");
        assert_eq!(at(&p, "h10"), "A");
        assert!(p.royal_count(kirin::square::Color::White) == 2);
    }
}
