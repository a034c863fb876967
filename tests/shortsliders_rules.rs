//! Hand-built positions for Short Sliders (`shortsliders`), one group of tests per rule of
//! docs/rules/short-sliders.md. Every test cites the section(s) of that page it checks as
//! `§N`.
//!
//! Conventions: 12 files a..l x 16 ranks; White upper case, moving up (rank 1 -> 16). Letters
//! as in variants.ini (K king, P pawn, P' berolina, D' guard, D bodyguard, A' archer,
//! L' lady, Q queen, Z malkia, T' sorcerer, T! wizard, T thaumaturge ...).
//! Empty-board counts put one piece on f8 with the White King on a1 and the Black King on
//! l16 (and a Black Pawn on a16, so that Black is not a bare King, which loses: §6):
//! f8 is 5 files from a, 6 from l, 7 ranks from 1 and 8 from 16, and no step of any
//! piece here (at most 6 files or ranks along a line, leaps up to (3,4)) reaches a1 or l16
//! from f8, nor does any of its lines pass through them.
//!
//! The rules that live in a rule module of their own are tested in that module's file, with
//! a Short Sliders section each: the Bodyguard's Hia zone in tests/rule_hia.rs, the pool in
//! tests/rule_pool.rs, Sorcerer / Wizard / Thaumaturge in tests/rule_partner.rs, the bare
//! King in tests/rule_bare_king.rs. The shared setups are in tests/common/shortsliders.rs.

mod common;

use common::shortsliders::{FILES, RANKS, V, fen, pos};
use common::{catalog, is_legal, moves_from, play, pos_in};
use kirin::position::Position;
use kirin::square::Square;
use std::collections::BTreeSet;

// ---- empty-board moves of all 44 types ------------------------------------------------

/// One component of a piece's move in the words of §2.2-§2.4: a leap (range 1) or a
/// slide of up to `range` steps (0 = unlimited) along all 8 symmetric images of `(dx, dy)`.
#[derive(Clone, Copy)]
struct Comp {
    dx: i32,
    dy: i32,
    range: i32,
}

const fn leap(dx: i32, dy: i32) -> Comp {
    Comp { dx, dy, range: 1 }
}
const fn slide(dx: i32, dy: i32, range: i32) -> Comp {
    Comp { dx, dy, range }
}
const W: Comp = leap(0, 1);
const F: Comp = leap(1, 1);
const D: Comp = leap(0, 2);
const A: Comp = leap(2, 2);
const N: Comp = leap(1, 2);
const C: Comp = leap(1, 3);
const Z: Comp = leap(2, 3);
const G: Comp = leap(3, 3);
const H: Comp = leap(0, 3);

/// Target squares of `comps` from (x, y) on an empty 12x16 board: this model knows nothing
/// of XBetza or of the engine, only the geometry written in the rules page.
fn targets(x: i32, y: i32, comps: &[Comp]) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    for c in comps {
        for (a, b) in [(c.dx, c.dy), (c.dy, c.dx)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (ux, uy) = (a * sa, b * sb);
                let max = if c.range == 0 { 99 } else { c.range };
                for k in 1..=max {
                    let (tx, ty) = (x + ux * k, y + uy * k);
                    if !(0..FILES).contains(&tx) || !(0..RANKS).contains(&ty) {
                        break;
                    }
                    out.insert((tx, ty));
                }
            }
        }
    }
    out
}

/// §2.2-§2.4 (the piece tables, moves in words; the Guard `K` and the Archer `B3` as §9.1
/// chooses; Bongo (2,2)(3,3)(2,3)(3,4), Serval (2,0)(3,0)(1,3)(1,4)), §2.5 (the Dolphin's
/// and Walrus's jumps land on squares their slides reach on an empty board).
#[test]
fn empty_board_all_44_types() {
    let king = [W, F];
    let table: Vec<(&str, Vec<Comp>)> = vec![
        ("K", king.to_vec()),
        ("D'", king.to_vec()),
        ("L'", vec![slide(0, 1, 6), slide(1, 1, 6)]),
        ("N", vec![N]),
        ("B'", vec![slide(1, 1, 6)]),
        ("R'", vec![slide(0, 1, 6)]),
        ("T'", vec![W, Z]),
        ("T!", vec![F, C]),
        ("G'", vec![F, D]),
        ("E'", vec![W, A]),
        ("M'", vec![W, N]),
        ("I'", vec![F, N]),
        ("H'", vec![A, N]),
        ("C'", vec![D, N]),
        ("J'", vec![G, Z]),
        ("V'", vec![H, C]),
        ("X", vec![slide(0, 1, 4), slide(1, 1, 4), A, D]),
        ("A'", vec![slide(1, 1, 3)]),
        ("D!", vec![slide(0, 1, 3), D, H]),
        ("W'", vec![slide(1, 1, 3), A, G]),
        ("D", vec![slide(0, 1, 2), slide(1, 1, 2)]),
        ("Q", vec![slide(0, 1, 0), slide(1, 1, 0)]),
        ("O", vec![N, Z]),
        ("B", vec![slide(1, 1, 0)]),
        ("R", vec![slide(0, 1, 0)]),
        ("T", vec![W, F, C, Z]),
        ("G", vec![slide(0, 1, 6), F]),
        ("E", vec![slide(1, 1, 6), W]),
        ("M", vec![W, D, N]),
        ("I", vec![F, A, N]),
        ("H", vec![W, F, A, N, G]),
        ("C", vec![W, F, D, N, H]),
        ("J", vec![A, G, Z, leap(3, 4)]),
        ("V", vec![D, H, C, leap(1, 4)]),
        ("Z", vec![slide(0, 1, 0), slide(1, 1, 0), Z]),
        ("F", vec![N, C, Z]),
        ("A", vec![slide(1, 1, 0), Z]),
        ("W", vec![slide(0, 1, 0), Z]),
        ("U", vec![slide(0, 1, 6), F, N]),
        ("L", vec![slide(1, 1, 6), W, N]),
        ("S", vec![slide(0, 1, 6), N]),
        ("Y", vec![slide(1, 1, 6), N]),
    ];
    // Pawn and Berolina (not from the start rank: no double step): §3.1.
    let mut checked = 2;
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "P")], 'w', "-"));
    assert_eq!(moves_from(&mut p, "f8"), vec!["f8f9"]);
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "P'")], 'w', "-"));
    assert_eq!(moves_from(&mut p, "f8"), vec!["f8e9", "f8g9"]);
    for (tok, comps) in &table {
        let mut p = if *tok == "K" {
            pos(&fen(&[("f8", "K"), ("l2", "P"), ("l16", "k"), ("a16", "p")], 'w', "-"))
        } else {
            pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", tok)], 'w', "-"))
        };
        let want: BTreeSet<String> =
            targets(5, 7, comps).into_iter().map(|(x, y)| Square::new(x as u8, y as u8).to_string()).collect();
        let got: Vec<String> = moves_from(&mut p, "f8");
        // A move into the zone promotes (one choice each): compare target squares.
        let got_sq: BTreeSet<String> =
            got.iter().map(|m| m[2..].trim_end_matches(|c: char| !c.is_ascii_digit()).to_string()).collect();
        assert_eq!(got.len(), got_sq.len(), "{tok}: one move per target {got:?}");
        assert_eq!(got_sq, want, "{tok}");
        checked += 1;
    }
    assert_eq!(checked, 44, "all 44 types");
    assert_eq!(catalog().get(V).unwrap().variant.pieces.len(), 44);
}

/// §2.5 and §3.1: the Pawn's double step is lame (blocked by the
/// W square between), so is the Berolina's double diagonal step (by the F square); the
/// Berolina captures only straight forward.
#[test]
fn lame_double_steps() {
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("c4", "P"), ("c5", "n")], 'w', "-"));
    assert!(moves_from(&mut p, "c4").is_empty(), "blocked, nothing to capture");
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("c4", "P"), ("c6", "n")], 'w', "-"));
    assert_eq!(moves_from(&mut p, "c4"), vec!["c4c5"]);
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("e4", "P'"), ("f5", "n")], 'w', "-"));
    assert_eq!(moves_from(&mut p, "e4"), vec!["e4c6", "e4d5"]);
}

// ---- start position ---------------------------------------------------------------------

/// §1 (the array, 48 pieces a side, Black mirrored). Depth 1 counted by hand per
/// piece: rank 2 gives 18 (Dolphins 1+1 (H jump), Walruses 1+1 (G jump), Leons 3+3,
/// Jackals 4+4, Archers and Turtles 0), rank 3 gives 26 (Marquis 1+1, Priests 2+2, Kirins
/// 1+1, Phoenixes 2+2, Hospitallers 4+4, Templars 3+3), rank 1 nothing, 8 Pawns 2 each and
/// 4 Berolinas 4 each. The armies are 7 ranks apart, so depth 2 is 76 x 76.
#[test]
fn start_position_and_perft() {
    let r = catalog().get(V).unwrap();
    let mut p = Position::from_fen(r.clone(), &r.variant.start_fen).unwrap();
    let fen = p.fen();
    let board = fen.split_whitespace().next().unwrap();
    assert_eq!(board.matches(|c: char| c.is_ascii_uppercase()).count(), 48);
    assert_eq!(board.matches(|c: char| c.is_ascii_lowercase()).count(), 48);
    assert_eq!(p.legal_moves().len(), 76);
    assert_eq!(kirin::perft::perft(&mut p, 2), 76 * 76);
}

// ---- special moves -----------------------------------------------------------------------

/// §2.5 (the Archer rifle-captures at knight distance, `cabN`: it captures without
/// moving); the rifle capture attacks, so it gives check.
#[test]
fn archer_rifle_capture_and_check() {
    let mut p =
        pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "A'"), ("g10", "n"), ("h8", "n")], 'w', "-"));
    let m = moves_from(&mut p, "f8");
    assert!(m.contains(&"f8g10,g10f8".to_string()), "{m:?}");
    assert!(!m.contains(&"f8g10".to_string()), "the Archer does not move to the victim's square");
    assert!(!m.iter().any(|s| s.starts_with("f8h8")), "not a capture at distance (2,0)");
    play(&mut p, "f8g10,g10f8");
    assert!(p.piece_at(Square::parse("g10").unwrap()).is_none(), "{}", p.fen());
    assert!(p.piece_at(Square::parse("f8").unwrap()).is_some(), "{}", p.fen());
    // Check by rifle: the Black King on g10 is attacked by the Archer on f8.
    let p = pos(&fen(&[("a1", "K"), ("g10", "k"), ("a16", "p"), ("f8", "A'")], 'b', "-"));
    assert!(p.in_check());
    // With White to move that Black King would be in check while not to move: no game
    // reaches it, and the FEN is refused.
    let f = fen(&[("a1", "K"), ("g10", "k"), ("a16", "p"), ("f8", "A'")], 'w', "-");
    let e = Position::from_fen(catalog().get("shortsliders").unwrap(), &f).unwrap_err();
    assert!(e.to_string().contains("not to move, is in check"), "{e}");
}

/// §2.2 and §2.5: Dolphin R3 slides and jumps to the 2nd/3rd square only when not
/// capturing; Walrus the diagonal analogue.
#[test]
fn dolphin_and_walrus_jumps_do_not_capture() {
    let mut p = pos(&fen(
        &[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "D!"), ("f9", "n"), ("f10", "n"), ("f11", "n")],
        'w',
        "-",
    ));
    let m = moves_from(&mut p, "f8");
    assert!(m.contains(&"f8f9".to_string()), "slide captures on the first square");
    assert!(!m.contains(&"f8f10".to_string()) && !m.contains(&"f8f11".to_string()), "jumps never capture");
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "D!"), ("f9", "n")], 'w', "-"));
    let m = moves_from(&mut p, "f8");
    assert!(m.contains(&"f8f10".to_string()) && m.contains(&"f8f11".to_string()), "jumps over: {m:?}");
    let mut p =
        pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "W'"), ("g9", "n"), ("h10", "n")], 'w', "-"));
    let m = moves_from(&mut p, "f8");
    assert!(m.contains(&"f8g9".to_string()) && !m.contains(&"f8h10".to_string()), "{m:?}");
    assert!(m.contains(&"f8i11".to_string()), "jump (3,3) over two pieces: {m:?}");
}

/// §2.2 (Turtle Q4 + A + D): the A and D leaps jump, the Q4 slide is blocked.
#[test]
fn turtle() {
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f8", "X"), ("f9", "N"), ("g9", "N")], 'w', "-"));
    let m = moves_from(&mut p, "f8");
    assert!(m.contains(&"f8f10".to_string()) && m.contains(&"f8h10".to_string()), "leaps: {m:?}");
    assert!(!m.contains(&"f8f11".to_string()) && !m.contains(&"f8i11".to_string()), "slides blocked: {m:?}");
}

/// §3.1 (Berolina: step diagonally forward, capture straight forward, initial two
/// diagonal; e.p.: any Pawn/Berolina that just double-stepped can be taken e.p. by an
/// enemy Pawn/Berolina whose capture lands on the skipped square).
#[test]
fn berolina_moves_and_en_passant_both_ways() {
    // The Berolina's own moves from its start rank.
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("e4", "P'"), ("e5", "n")], 'w', "-"));
    assert_eq!(moves_from(&mut p, "e4"), vec!["e4c6", "e4d5", "e4e5", "e4f5", "e4g6"]);
    // A White Berolina e4-g6 skips f5: a Black Pawn on e6 (diagonal capture) and a Black
    // Berolina on f6 (straight capture) may take it there, on the next move only.
    let start = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("e4", "P'"), ("e6", "p"), ("f6", "p'")], 'w', "-");
    let mut p = pos(&start);
    play(&mut p, "e4g6");
    assert!(is_legal(&mut p, "e6f5"), "pawn takes berolina e.p.");
    assert!(is_legal(&mut p, "f6f5"), "berolina takes berolina e.p.");
    play(&mut p, "f6f5");
    assert!(p.piece_at(Square::parse("g6").unwrap()).is_none(), "victim removed: {}", p.fen());
    let mut p = pos(&start);
    play(&mut p, "e4g6 l16l15 a1a2");
    assert!(!is_legal(&mut p, "e6f5"), "only immediately");
    // A Black Berolina h13-f11 skips g12: a White Pawn on h11 and a White Berolina on g11
    // may take it there.
    let start = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("h13", "p'"), ("h11", "P"), ("g11", "P'")], 'b', "-");
    let mut p = pos(&start);
    play(&mut p, "h13f11");
    assert!(is_legal(&mut p, "h11g12") && is_legal(&mut p, "g11g12"), "{:?}", moves_from(&mut p, "h11"));
    play(&mut p, "h11g12");
    assert!(p.piece_at(Square::parse("f11").unwrap()).is_none(), "victim removed: {}", p.fen());
    // A Pawn's double step is taken e.p. by a Pawn (diagonally) as in chess.
    let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("c4", "P"), ("d6", "p")], 'w', "-"));
    play(&mut p, "c4c6");
    assert!(is_legal(&mut p, "d6c5"));
}

/// Both Kings and all four Short Rooks on their squares with every castling right, plus
/// `extra` pieces.
fn castling_fen(extra: &[(&str, &str)]) -> String {
    let mut pieces = vec![("a1", "R'"), ("g1", "K"), ("l1", "R'"), ("a16", "r'"), ("g16", "k"), ("l16", "r'")];
    pieces.extend_from_slice(extra);
    fen(&pieces, 'w', "KQkq")
}

/// §5.1 (`KisO4`, the diagram's O4: O-O K g1-k1 with the Short Rook l1-j1, O-O-O K g1-c1
/// with a1-d1; Black the same on rank 16; King and Short Rook unmoved, squares between
/// empty, not out of, through or into check).
#[test]
fn castling_four_squares_both_sides() {
    let mut p = pos(&castling_fen(&[]));
    play(&mut p, "g1k1");
    assert_eq!(p.fen(), "r'5k4r'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/R'8R'K1 b kq - 1 1");
    play(&mut p, "g16c16");
    assert_eq!(p.fen(), "2kr'7r'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/R'8R'K1 w - - 2 2");
    let mut p = pos(&castling_fen(&[]));
    play(&mut p, "g1c1");
    assert_eq!(p.fen(), "r'5k4r'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/2KR'7R' b kq - 1 1");
    play(&mut p, "g16k16");
    assert_eq!(p.fen(), "r'8r'k1/12/12/12/12/12/12/12/12/12/12/12/12/12/12/2KR'7R' w - - 2 2");
    // A piece between (b1, passed by the Short Rook only) forbids the long castling.
    let mut p = pos(&castling_fen(&[("b1", "N")]));
    assert!(!is_legal(&mut p, "g1c1") && is_legal(&mut p, "g1k1"));
    // Not through an attacked square: a Black Rook on i10 attacks i1, which the King crosses.
    let mut p = pos(&castling_fen(&[("i10", "r")]));
    assert!(!is_legal(&mut p, "g1k1") && is_legal(&mut p, "g1c1"));
    // Not out of check.
    let mut p = pos(&castling_fen(&[("g10", "r")]));
    assert!(p.in_check() && !is_legal(&mut p, "g1k1") && !is_legal(&mut p, "g1c1"));
}

/// The prose reading of castling, kept as an option (§5.2 and §9.1): the King goes to the
/// Guard's square (h1 / e1) and the Short Rook to the Wizard's / Sorcerer's square (i1 /
/// d1) without crossing the King; usual restrictions. Written King-to-Rook (g1l1, g1a1),
/// since g1h1 is also a plain King step.
#[test]
fn castling_prose_option() {
    let prose = |extra: &[(&str, &str)]| pos_in("shortsliders-prose", &castling_fen(extra));
    let mut p = prose(&[]);
    // The King step g1h1 and the castling g1l1 are both there, and are different moves.
    assert!(is_legal(&mut p, "g1h1") && is_legal(&mut p, "g1l1") && is_legal(&mut p, "g1a1"));
    assert!(!is_legal(&mut p, "g1k1") && !is_legal(&mut p, "g1c1"), "no O4 castling in the prose reading");
    play(&mut p, "g1l1");
    assert_eq!(p.fen(), "r'5k4r'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/R'6KR'3 b kq - 1 1");
    play(&mut p, "g16a16");
    assert_eq!(p.fen(), "3r'k6r'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/R'6KR'3 w - - 2 2");
    let mut p = prose(&[]);
    play(&mut p, "g1h1");
    assert_eq!(p.fen(), "r'5k4r'/12/12/12/12/12/12/12/12/12/12/12/12/12/12/R'6K3R' b kq - 1 1", "a plain step");
    // Every square between King and Rook must be empty: k1 is passed by neither piece.
    let mut p = prose(&[("k1", "N")]);
    assert!(!is_legal(&mut p, "g1l1") && is_legal(&mut p, "g1a1"));
    // The King may not castle into check (h1 attacked) nor through it (f1 attacked).
    let mut p = prose(&[("h10", "r")]);
    assert!(!is_legal(&mut p, "g1l1") && is_legal(&mut p, "g1a1"));
    let mut p = prose(&[("f10", "r")]);
    assert!(!is_legal(&mut p, "g1a1") && is_legal(&mut p, "g1l1"));
    // An attacked square passed only by the Rook (b1) does not matter.
    let mut p = prose(&[("b10", "r")]);
    assert!(is_legal(&mut p, "g1a1"));
    // Undoing restores the position exactly.
    let mut p = prose(&[]);
    let before = p.fen();
    let m = p.parse_move("g1a1").unwrap();
    p.make_move(m);
    p.unmake_move();
    assert_eq!(p.fen(), before);
}

// ---- promotions of pieces (§4) ----------------------------------------------------------

/// §4.1 (one stage per move that ends on the opponent's four ranks or captures,
/// mandatory), §2.2-§2.3 (Lady-in-Waiting -> Queen -> Malkia).
#[test]
fn pieces_promote_one_stage_per_qualifying_move() {
    let base = [("a1", "K"), ("l16", "k"), ("a16", "p")];
    // Entering the zone (rank 13): the Lady must become a Queen.
    let mut lady = base.to_vec();
    lady.push(("f12", "L'"));
    let mut p = pos(&fen(&lady, 'w', "-"));
    let m = moves_from(&mut p, "f12");
    assert!(m.contains(&"f12f13q".to_string()) && !m.contains(&"f12f13".to_string()), "{m:?}");
    assert!(m.contains(&"f12f11".to_string()), "no promotion outside the zone without capture");
    // Capturing anywhere promotes too (§4.1).
    let mut cap = base.to_vec();
    cap.extend([("f5", "L'"), ("f3", "n")]);
    let mut p = pos(&fen(&cap, 'w', "-"));
    let m = moves_from(&mut p, "f5");
    assert!(m.contains(&"f5f3q".to_string()) && !m.contains(&"f5f3".to_string()), "{m:?}");
    // The Queen, one stage up, becomes a Malkia on its next qualifying move (inside the zone).
    let mut q = base.to_vec();
    q.push(("f13", "Q"));
    let mut p = pos(&fen(&q, 'w', "-"));
    let m = moves_from(&mut p, "f13");
    assert!(m.contains(&"f13f14z".to_string()) && !m.contains(&"f13f14".to_string()), "{m:?}");
    assert!(m.contains(&"f13f12".to_string()), "leaving the zone without capture: no promotion");
    play(&mut p, "f13f14z");
    assert!(p.fen().contains("5Z6"), "{}", p.fen());
    // A 2nd-stage piece does not promote.
    let mut mk = base.to_vec();
    mk.push(("f13", "Z"));
    let mut p = pos(&fen(&mk, 'w', "-"));
    assert!(is_legal(&mut p, "f13f14"));
}

/// §4.1: Turtle, Archer, Dolphin, Walrus, King, Bodyguard, Thaumaturge, Healer,
/// Crusader, Bongo, Serval and the 2nd stage never promote.
#[test]
fn non_promoting_pieces() {
    for tok in ["X", "A'", "D!", "W'", "D", "T", "H", "C", "J", "V", "Z", "F", "A", "W", "U", "L", "S", "Y"] {
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), ("f12", tok)], 'w', "-"));
        for m in moves_from(&mut p, "f12") {
            assert!(m.ends_with(|c: char| c.is_ascii_digit()), "{tok}: {m}");
        }
    }
    let r = catalog().get(V).unwrap();
    let v = &r.variant;
    for tok in ["X", "A'", "D!", "W'", "K", "D", "T", "H", "C", "J", "V"] {
        let t = v.type_by_token(tok).unwrap();
        assert!(v.pieces[t as usize].promotions.is_empty(), "{tok}");
    }
}

/// §4.2: the Guard becomes a Bodyguard only by capturing a piece other than a Pawn or
/// Berolina, wherever it stands; entering the zone does nothing.
#[test]
fn guard_promotes_only_by_capturing_a_non_pawn() {
    let mut p = pos(&fen(
        &[("a1", "K"), ("l16", "k"), ("f12", "D'"), ("e13", "n"), ("g13", "p"), ("f13", "p'"), ("e11", "n")],
        'w',
        "-",
    ));
    let m = moves_from(&mut p, "f12");
    assert!(m.contains(&"f12e13d".to_string()) && !m.contains(&"f12e13".to_string()), "knight: {m:?}");
    assert!(m.contains(&"f12g13".to_string()) && !m.contains(&"f12g13d".to_string()), "pawn: {m:?}");
    assert!(m.contains(&"f12f13".to_string()) && !m.contains(&"f12f13d".to_string()), "berolina: {m:?}");
    assert!(m.contains(&"f12e11d".to_string()), "outside the zone: {m:?}");
    assert!(m.contains(&"f12g12".to_string()), "plain move");
}
