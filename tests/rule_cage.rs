//! Tests of the `cage` rule module (src/rules/cage.rs): a rim that exists only where the two
//! cages stand, relocation and insertion (ini `cages`, `cageForbidden`,
//! `cageInsertionCounts`, `cageRelocationMayCheck`), one module per variant using it.

mod common;

/// Slide-chess (docs/rules/slide-chess.md; conventions in tests/common/slidechess.rs).
mod slidechess {
    use crate::common::slidechess::{V, fen, pos};
    use crate::common::{assert_has, assert_lacks, at, catalog, moves, moves_from, play, pos_with};
    use kirin::catalog::Catalog;
    use kirin::perft::divide_parallel;
    use kirin::position::Position;

    fn perft(p: &Position, depth: u32) -> u64 {
        divide_parallel(p, depth).iter().map(|(_, n)| n).sum()
    }

    /// Plays `line` and checks after each move that the incremental key equals the key from
    /// scratch, then takes every move back and checks the FEN and key of the start.
    #[track_caller]
    fn make_unmake(p: &mut Position, line: &str) {
        let (fen0, key0) = (p.fen(), p.key());
        let n = line.split_whitespace().count();
        for mv in line.split_whitespace() {
            play(p, mv);
            assert_eq!(p.key(), p.compute_key(), "after {mv}");
            assert_eq!(pos(&p.fen()).key(), p.key(), "the FEN after {mv} reads back");
        }
        for _ in 0..n {
            p.unmake_move();
        }
        assert_eq!((p.fen(), p.key()), (fen0, key0));
    }

    /// §1-§5: perft from the start as the independent reference generator counts it
    /// (perft-reference.tsv: 43, 1739, 41601; depth 4 959585 from the generator's README);
    /// depth 1 by hand: 15 chess moves (4 of them into Black's cage e1) and 28 relocations.
    #[test]
    fn perft_from_the_start_matches_the_independent_generator() {
        let mut p = Position::startpos(catalog().get(V).unwrap());
        assert_eq!(p.fen(), "****1****/*rnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/****1****[e8e1] w - - 0 1");
        let m = moves(&mut p);
        assert_eq!(m.iter().filter(|x| x.starts_with("e8")).count(), 28, "relocations");
        assert_eq!(m.iter().filter(|x| x.ends_with("e1")).count(), 4, "into Black's cage");
        for (d, n) in [(1, 43), (2, 1739), (3, 41601), (4, 959_585)] {
            assert_eq!(perft(&p, d), n, "depth {d}");
        }
    }

    /// §5: the seed's worked example, exactly: Black's cage on i5 holding a Knight is
    /// inserted along rank 5; b5-h5 `. . P . p . .` become `. P . p . . n` and Black's cage
    /// stands empty on a5.
    #[test]
    fn the_seeds_worked_example() {
        let pieces = [
            ("b7", "r"),
            ("d7", "b"),
            ("e7", "k"),
            ("f7", "b"),
            ("g7", "n"),
            ("h7", "r"),
            ("b6", "p"),
            ("c6", "p"),
            ("d6", "p"),
            ("f6", "p"),
            ("g6", "p"),
            ("h6", "p"),
            ("d5", "P"),
            ("f5", "p"),
            ("i5", "n"),
            ("b3", "P"),
            ("c3", "P"),
            ("e3", "P"),
            ("f3", "P"),
            ("g3", "P"),
            ("h3", "P"),
            ("b2", "R"),
            ("c2", "N"),
            ("d2", "B"),
            ("e2", "K"),
            ("f2", "B"),
            ("g2", "N"),
            ("h2", "R"),
        ];
        let mut p = pos(&fen(&pieces, "e8i5", 'b', "-"));
        assert_has(&moves(&mut p), &["i5>a5"], "the insertion");
        play(&mut p, "i5>a5");
        let rank5: Vec<String> = "abcdefghi".chars().map(|f| at(&p, &format!("{f}5"))).collect();
        assert_eq!(rank5, [".", ".", "P", ".", "p", ".", ".", "n", "."]);
        let f = p.fen();
        assert!(f.starts_with("****1****/*r1bkbnr*/*ppp1ppp*/2P1p2n*/"), "{f}");
        assert!(f.contains("[e8a5]"), "Black's cage now on a5: {f}");
    }

    /// §4: relocation to any free rim square, with the cage's content; not when it gives check
    /// (b1); not right after the own last relocation (b2), though an insertion still is.
    #[test]
    fn relocation_rules() {
        // White's cage a5 holds a Rook; Black King c7.
        let pieces = [("a5", "R"), ("d2", "K"), ("c3", "P"), ("c7", "k"), ("g6", "p")];
        let mut p = pos(&fen(&pieces, "a5e1", 'w', "-"));
        let m = moves_from(&mut p, "a5");
        assert_lacks(&m, &["a5c8", "a5a7", "a5i7"], "relocations that give check (the Rook)");
        assert_has(&m, &["a5b8", "a5a6", "a5i2", "a5a1", "a5>i5"], "the others, and the insertion");
        play(&mut p, "a5a1");
        assert_eq!(at(&p, "a1"), "R", "the Rook travels with its cage");
        let f = p.fen();
        assert!(f.contains("[a1e1]") && f.contains(" b R "), "{f}");
        play(&mut p, "g6g5");
        // The Rook sits in the corner a1 (b1 and a2 are walls) and may not relocate again.
        assert!(moves_from(&mut p, "a1").is_empty());
        play(&mut p, "c3c4 g5g4");
        assert_has(&moves_from(&mut p, "a1"), &["a1a5"], "relocation allowed again");
        // With the relocation mark set, an insertion is still legal (b2 counts relocations).
        let mut q = pos(&fen(&pieces, "a5e1", 'w', "R"));
        let m = moves_from(&mut q, "a5");
        let rim = |mv: &String| mv.len() == 4 && (matches!(&mv[2..3], "a" | "i") || matches!(&mv[3..], "1" | "8"));
        assert_eq!(m.iter().filter(|x| rim(x)).count(), 0, "no relocation: {m:?}");
        assert_has(&m, &["a5>i5", "a5b5"], "the insertion and the Rook's moves");
    }

    /// §8: `cageRelocationMayCheck = true` allows the relocations that give check;
    /// `cageInsertionCounts = true` makes an insertion count for rule b2.
    #[test]
    fn relocation_options() {
        let ini = "[slide-check:slidechess]\ncageRelocationMayCheck = true\n[slide-count:slidechess]\ncageInsertionCounts = true\n";
        let cat = Catalog::embedded_with(ini);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let pieces = [("a5", "R"), ("d2", "K"), ("c3", "P"), ("c7", "k"), ("g6", "p")];
        let f = fen(&pieces, "a5e1", 'w', "-");
        let mut p = pos_with(&cat, "slide-check", &f);
        assert_has(&moves_from(&mut p, "a5"), &["a5c8", "a5a7"], "relocations giving check");
        let mut q = pos_with(&cat, "slide-count", &f);
        play(&mut q, "a5>i5");
        assert!(q.fen().contains(" b R "), "the insertion counted: {}", q.fen());
        play(&mut q, "g6g5");
        let rim = |mv: &String| mv.len() == 4 && (matches!(&mv[2..3], "a" | "i") || matches!(&mv[3..], "1" | "8"));
        let relocations: Vec<String> = moves_from(&mut q, "i5").into_iter().filter(|m| rim(m)).collect();
        assert!(relocations.is_empty(), "no relocation after an insertion that counts: {relocations:?}");
        let mut r = pos_with(&cat, "slidechess", &f);
        play(&mut r, "a5>i5 g6g5");
        assert!(
            !moves_from(&mut r, "i5").into_iter().filter(|m| rim(m)).collect::<Vec<_>>().is_empty(),
            "by default it does not count"
        );
    }

    /// §5: insertions along a rank from both sides and along a file both ways: every piece of
    /// the line moves one square, the last into the opposite rim square, which becomes the
    /// mover's cage; the old cage square becomes a wall.
    #[test]
    fn insertions_on_ranks_and_files() {
        // White's cage a4 holds a Knight; on rank 4 a White pawn b4, a Black Knight d4, a
        // Black Rook h4.
        let pieces = [("a4", "N"), ("b4", "P"), ("d4", "n"), ("h4", "r"), ("b2", "K"), ("d7", "k")];
        let mut p = pos(&fen(&pieces, "a4e1", 'w', "-"));
        play(&mut p, "a4>i4");
        let rank4: Vec<String> = "abcdefghi".chars().map(|f| at(&p, &format!("{f}4"))).collect();
        assert_eq!(rank4, [".", "N", "P", ".", "n", ".", ".", ".", "r"]);
        assert!(p.fen().contains("[i4e1]") && p.fen().contains("/*NP1n3r/"), "{}", p.fen());
        // From the other side: White's cage i4 back along rank 4.
        let pieces = [("i4", "N"), ("b4", "P"), ("d4", "n"), ("h2", "K"), ("d7", "k")];
        let mut p = pos(&fen(&pieces, "i4e1", 'w', "-"));
        play(&mut p, "i4>a4");
        let rank4: Vec<String> = "abcdefghi".chars().map(|f| at(&p, &format!("{f}4"))).collect();
        assert_eq!(rank4, ["P", ".", "n", ".", ".", ".", ".", "N", "."]);
        // Files: Black's cage e1 upwards (White's cage elsewhere), White's cage c8 downwards.
        let pieces = [("e3", "P"), ("e6", "p"), ("b2", "K"), ("h7", "k")];
        let mut p = pos(&fen(&pieces, "c8e1", 'b', "-"));
        play(&mut p, "e1>e8");
        assert_eq!((at(&p, "e4"), at(&p, "e7"), at(&p, "e8")), ("P".into(), "p".into(), ".".into()));
        assert!(p.fen().contains("[c8e8]"), "{}", p.fen());
        play(&mut p, "c8>c1");
        assert!(p.fen().contains("[c1e8]"), "{}", p.fen());
        // Not into the other cage's square: with the cages on e8 and e1 neither file works.
        let mut q = Position::startpos(catalog().get(V).unwrap());
        assert!(!moves(&mut q).iter().any(|m| m.contains('>')));
    }

    /// §1, §2 and §5: no King in a cage: a King may not step into one, no insertion pushes a
    /// King out of the board, and no FEN puts one there; FENs without the cage bracket.
    #[test]
    fn the_king_ban() {
        // The White King on b5 touches both cages, a5 (White's) and a4 (Black's).
        let mut p = pos(&fen(&[("b5", "K"), ("h7", "k"), ("c3", "P")], "a5a4", 'w', "-"));
        assert_lacks(&moves_from(&mut p, "b5"), &["b5a5", "b5a4"], "the King stays out of both cages");
        assert_has(&moves_from(&mut p, "b5"), &["b5b6", "b5c4"], "its other steps");
        // White's cage a6; a Black King on h6 would be pushed out by a6>i6.
        let mut p = pos(&fen(&[("d2", "K"), ("h6", "k"), ("c3", "P")], "a6e1", 'w', "-"));
        assert_lacks(&moves(&mut p), &["a6>i6"], "the King may not be pushed out");
        let mut p = pos(&fen(&[("d2", "K"), ("h7", "k"), ("h6", "p"), ("c3", "P")], "a6e1", 'w', "-"));
        assert_has(&moves(&mut p), &["a6>i6"], "a pawn may");
        // A FEN with a King in a cage, or a piece on a wall, is refused.
        let rules = catalog().get(V).unwrap();
        assert!(Position::from_fen(rules.clone(), &fen(&[("a5", "K"), ("h7", "k")], "a5e1", 'w', "-")).is_err());
        assert!(
            Position::from_fen(rules.clone(), &fen(&[("a6", "N"), ("d2", "K"), ("h7", "k")], "a5e1", 'w', "-"))
                .is_err()
        );
        // Without the bracket (XBoard's FEN) the cages are the two rim squares left open, White's
        // the one nearer rank 8; a board that leaves the rim open is refused.
        let xboard = "****1****/*rnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/****1**** w - - 0 1";
        let p = Position::from_fen(rules.clone(), xboard).unwrap();
        assert!(p.fen().contains("[e8e1]"), "{}", p.fen());
        assert!(Position::from_fen(rules, "9/*rnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/9 w - - 0 1").is_err());
    }

    /// §6: a pawn an insertion shifts onto its last rank promotes by the mover's choice, also
    /// the enemy's; with two, a letter each in the line's order. Black's cage b1 holds a Black
    /// pawn, a White pawn stands on b6: b1>b8 puts the Black pawn on b2 and the White pawn on b7.
    #[test]
    fn promotion_by_shifting() {
        let one = [("b6", "P"), ("g3", "K"), ("h5", "k"), ("g6", "p")];
        let mut p = pos(&fen(&one, "e8b1", 'b', "-"));
        let m: Vec<String> = moves(&mut p).into_iter().filter(|x| x.starts_with("b1>")).collect();
        assert_eq!(m, vec!["b1>b8b", "b1>b8n", "b1>b8q", "b1>b8r"], "Black chooses White's new piece");
        play(&mut p, "b1>b8n");
        assert_eq!(at(&p, "b7"), "N");
        let two = [("b1", "p"), ("b6", "P"), ("g3", "K"), ("h5", "k"), ("g6", "p")];
        let mut p = pos(&fen(&two, "e8b1", 'b', "-"));
        let m: Vec<String> = moves(&mut p).into_iter().filter(|x| x.starts_with("b1>")).collect();
        assert_eq!(m.len(), 16, "four choices for each pawn: {m:?}");
        play(&mut p, "b1>b8qn");
        assert_eq!((at(&p, "b2"), at(&p, "b7")), ("q".into(), "N".into()));
        assert_eq!(p.key(), p.compute_key());
    }

    /// §1 and §3: pieces move into and out of cages and capture there; walls block slides.
    #[test]
    fn into_and_out_of_cages_and_walls() {
        // The cages are a1 (White's, empty) and a5 (Black's, holding a Bishop). The White
        // Rook b5 takes the Bishop in the cage, the Knight c2 jumps into White's cage a1; a3
        // and b8 are walls.
        let pieces = [("b5", "R"), ("c2", "N"), ("e3", "K"), ("a5", "b"), ("h7", "k")];
        let mut p = pos(&fen(&pieces, "a1a5", 'w', "-"));
        let m = moves(&mut p);
        assert_has(&m, &["b5a5", "c2a1"], "capture in a cage, a move into a cage");
        assert_lacks(&m, &["c2a3", "b5b8"], "walls: a3 and b8 do not exist");
        play(&mut p, "c2a1 h7g7");
        assert_has(&moves_from(&mut p, "a1"), &["a1b3", "a1c2"], "out of the cage");
        // A Bishop in White's cage a5 slides out along its diagonals, up to c7 (d8 is a
        // wall) and down into Black's cage e1; `a5d8` is the cage's relocation, with it.
        let mut p = pos(&fen(&[("a5", "B"), ("e3", "K"), ("h7", "k")], "a5e1", 'w', "-"));
        let m = moves_from(&mut p, "a5");
        assert_has(&m, &["a5b6", "a5c7", "a5b4", "a5c3", "a5d2", "a5e1", "a5d8"], "diagonals and relocations");
        play(&mut p, "a5d8");
        assert_eq!(at(&p, "d8"), "B");
        assert!(p.fen().contains("[d8e1]"), "{}", p.fen());
    }

    /// Make, unmake and the Zobrist key after every kind of move: a chess move into a cage,
    /// out of it, a relocation with content, insertions with one and two promotions.
    #[test]
    fn make_unmake_and_keys() {
        let mut p = Position::startpos(catalog().get(V).unwrap());
        make_unmake(&mut p, "c2e1 e1a4 e8i5 a4>i4 g2f4 g7f5");
        let two = [("b1", "p"), ("b6", "P"), ("g3", "K"), ("h5", "k"), ("g6", "p")];
        let mut p = pos(&fen(&two, "e8b1", 'b', "-"));
        make_unmake(&mut p, "b1>b8rb e8d8 b2c2");
    }
}
