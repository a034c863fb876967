//! Hand-built positions for the three Bat chess variants (`missingbat`, `leapingbat`,
//! `missingbat-nightrider`), one group of tests per rule of docs/rules/bat-chess.md. Every
//! test cites the section(s) of that page it checks as `§N`.
//!
//! Conventions: 16 files a..p x 12 ranks; White upper case, moving up (rank 1 -> 12).
//! Coordinates in comments are (file, rank) offsets from the piece: (+1,+2) from h6 is i8.
//! Positions are written as piece lists and turned into FENs by `fen()`. The castling field
//! carries K/Q/k/q and N/n (the King's once-per-game knight move still unused).
//! Empty-board counts put one piece on h6 with the White King on a1 and the Black King on
//! p12 (neither on any line or target square of the piece), and count only the moves that
//! start on h6. h6 is 7 files from a, 8 from p, 5 ranks from 1 and 6 from 12.
//!
//! The King's once-per-game knight move (the `once` rule module) is tested in
//! tests/rule_once.rs, Bat chess section. The shared setups (`fen`, `rights`, ...) are in
//! tests/common/batchess.rs.

mod common;

use common::batchess::{BATS, expect, fen, none, rights};
use common::{catalog, moves_from, play, pos_in, pos_with};
use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::position::Position;
use kirin::square::Color;

/// One piece `tok` on h6, kings on a1 / p12, White to move, no rights.
fn lone(variant: &str, tok: &str) -> Position {
    pos_in(variant, &fen(&[("a1", "K"), ("p12", "k"), ("h6", tok)], 'w', &none()))
}

// ---- configuration -------------------------------------------------------------------

/// §6.4 (the 500-move rule replaces the 50-move rule) and §2 (16 files x 12 ranks).
#[test]
fn five_hundred_move_rule_and_board() {
    let c = catalog();
    for v in BATS {
        let r = c.get(v).unwrap();
        assert_eq!(r.variant.n_move_rule, 500, "{v}");
        assert_eq!((r.variant.files, r.variant.ranks), (16, 12), "{v}");
    }
}

/// §1 and §2: the arrays of the three forms (Black mirrored), castling rights plus
/// the unused knight moves in the FEN; the Zebra form replaces b1 and o1 by Zebras, the
/// Nightrider form replaces the Bat by a second Nightrider.
#[test]
fn start_arrays() {
    let c = catalog();
    let back = [
        ("missingbat", "RZTGCNBQKBNCGTZR"),
        ("leapingbat", "RXTGCNBQKBNCGTHR"),
        ("missingbat-nightrider", "RHTGCNBQKBNCGTHR"),
    ];
    for (v, rank1) in back {
        let p = Position::startpos(c.get(v).unwrap());
        let expected = format!(
            "{}/ppppppoddypppppp/mlwfeeppppeefwlm/16/16/16/16/16/16/MLWFEEPPPPEEFWLM/PPPPPPODDYPPPPPP/{rank1} w {} - 0 1",
            rank1.to_ascii_lowercase(),
            rights("KQkq", true, true)
        );
        assert_eq!(p.fen(), expected, "{v}");
    }
}

/// Perft of the start positions, depth 1 and 2, equal tests/data/perft-reference.tsv
/// rows 75-80 (also checked by tests/perft_reference.rs). Depth 1 by hand (missingbat):
/// rank-3 pawns g3-j3 single+double 8, Men 4, Walkers 2, Wazirs 2, Fersen 4, Alfils 8,
/// Giraffes 4, Camels 4, Zebras 2 (b1-d4, o1-m4), Dabbabas 2 (h2-h4, i2-i4) = 40;
/// leapingbat: Bat b1 4 (a9 c9 f8 i5) instead of Zebra 1, Nightrider o1 0 instead of
/// Zebra 1 -> 42; missingbat-nightrider: two blocked Nightriders -> 38.
#[test]
fn perft_start_depth_1_2() {
    let c = catalog();
    for (v, d1, d2) in [("missingbat", 40, 1600), ("leapingbat", 42, 1766), ("missingbat-nightrider", 38, 1444)] {
        let mut p = Position::startpos(c.get(v).unwrap());
        assert_eq!(kirin::perft::perft(&mut p, 1), d1, "{v} depth 1");
        assert_eq!(kirin::perft::perft(&mut p, 2), d2, "{v} depth 2");
    }
}

// ---- empty-board move counts (§3) -------------------------------------------------------

/// §3.4 Bat: (8,1)+(7,4) leaper, 16 targets near the centre of a sufficiently large
/// board. On 16x12 no square has all 16: (x,±8) needs 17 ranks.
/// From h6: (+8,±1) p7 p5; (-8,..) off (file -1); (±1,±8) off (ranks 14 / -2);
/// (+7,±4) o10 o2; (-7,±4) a10 a2; (±4,±7) off (ranks 13 / -1) -> 6.
/// From i4 (one of the best squares, 8 targets): (-8,±1) a5 a3; (±1,+8) h12 j12;
/// (+7,+4) p8; (-7,+4) b8; (±7,-4) off; (±4,+7) m11 e11; (±4,-7) off -> 8.
#[test]
fn empty_board_bat() {
    for v in BATS {
        let mut p = lone(v, "X");
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["p7", "p5", "o10", "o2", "a10", "a2"]), "{v}");
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("i4", "X")], 'w', &none()));
        assert_eq!(
            moves_from(&mut p, "i4"),
            expect("i4", &["a5", "a3", "h12", "j12", "p8", "b8", "m11", "e11"]),
            "{v}"
        );
    }
}

/// §9 (the seed's example, which shows Black mirrored, §2): in Leaping Bat Chess the Bat b1
/// can go to i5, a9, c9 or f8 at once (j2, the (+8,+1) square, holds White's Griffin); from
/// i5 it attacks Black's Camel e12 (-4,+7) and Giraffe m12 (+4,+7).
#[test]
fn seed_bat_example() {
    let c = catalog();
    let mut p = Position::startpos(c.get("leapingbat").unwrap());
    assert_eq!(moves_from(&mut p, "b1"), expect("b1", &["a9", "c9", "f8", "i5"]));
    play(&mut p, "b1i5 g10g9");
    let m = moves_from(&mut p, "i5");
    assert!(m.contains(&"i5e12".to_string()) && m.contains(&"i5m12".to_string()), "{m:?}");
    // The Camel e12 can escape to d9 / f9 ((-1,-3), (+1,-3); the seed's example).
    play(&mut p, "a3a4");
    let m = moves_from(&mut p, "e12");
    assert!(m.contains(&"e12d9".to_string()) && m.contains(&"e12f9".to_string()), "{m:?}");
}

/// §3.1 Tiger `mBcN`: moves as a Bishop, captures only as a Knight.
/// Empty board from h6: diagonals up-right i7..n12 = 6, up-left g7..b12 = 6,
/// down-right i5..m1 = 5, down-left g5..c1 = 5 -> 22 non-captures, no knight moves.
/// With a Black Fers on i8 (knight square) and one on j8 (diagonal (+2,+2)): the up-right
/// diagonal stops at i7 (1 instead of 6; j8 cannot be captured), i8 is captured
/// -> 22 - 5 + 1 = 18.
#[test]
fn empty_board_tiger() {
    for v in BATS {
        let mut p = lone(v, "T");
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 22, "{v}: {m:?}");
        assert!(!m.contains(&"h6i8".to_string()), "no knight non-capture");
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("h6", "T"), ("i8", "f"), ("j8", "f")], 'w', &none()));
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 18, "{v}: {m:?}");
        assert!(m.contains(&"h6i8".to_string()), "captures as a knight");
        assert!(!m.contains(&"h6j8".to_string()), "no bishop capture");
        assert!(m.contains(&"h6i7".to_string()) && !m.contains(&"h6k9".to_string()));
    }
}

/// §3.1 Giraffe (4,1): (±4,±1) l7 l5 d7 d5; (±1,±4) i10 g10 i2 g2 -> 8.
/// §3.1 Camel (3,1): (±3,±1) k7 k5 e7 e5; (±1,±3) i9 g9 i3 g3 -> 8.
/// §3.1 Zebra (3,2): (±3,±2) k8 k4 e8 e4; (±2,±3) j9 f9 j3 f3 -> 8.
/// §3.1 Dabbaba (2,0): h8 h4 j6 f6; Alfil (2,2): j8 f8 j4 f4; Man K: 8;
/// Wazir W: h7 h5 g6 i6; Fers F: g7 i7 g5 i5.
/// §3.1 Walker `mWcF` on an empty board: its Wazir moves h7 h5 g6 i6.
/// §3.1, the standard pieces: Knight i8 g8 j7 f7 j5 f5 i4 g4; Rook: rank 6 has 15 other
/// squares + file h 11 = 26; Bishop 22 (as the Tiger above); Queen 26 + 22 = 48.
#[test]
fn empty_board_leapers_and_standard_pieces() {
    let leapers: [(&str, &[&str]); 9] = [
        ("G", &["l7", "l5", "d7", "d5", "i10", "g10", "i2", "g2"]),
        ("C", &["k7", "k5", "e7", "e5", "i9", "g9", "i3", "g3"]),
        ("Z", &["k8", "k4", "e8", "e4", "j9", "f9", "j3", "f3"]),
        ("D", &["h8", "h4", "j6", "f6"]),
        ("E", &["j8", "f8", "j4", "f4"]),
        ("M", &["g5", "h5", "i5", "g6", "i6", "g7", "h7", "i7"]),
        ("W", &["h7", "h5", "g6", "i6"]),
        ("F", &["g7", "i7", "g5", "i5"]),
        ("N", &["i8", "g8", "j7", "f7", "j5", "f5", "i4", "g4"]),
    ];
    for v in BATS {
        for (tok, targets) in leapers {
            let mut p = lone(v, tok);
            assert_eq!(moves_from(&mut p, "h6"), expect("h6", targets), "{v} {tok}");
        }
        let mut p = lone(v, "L");
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["h7", "h5", "g6", "i6"]), "{v} walker");
        for (tok, n) in [("R", 26), ("B", 22), ("Q", 48)] {
            let mut p = lone(v, tok);
            assert_eq!(moves_from(&mut p, "h6").len(), n, "{v} {tok}");
        }
    }
}

/// §3.1 Walker: moves as Wazir, captures as Fers. Black Fersen on i7 (diagonal)
/// and h7 (orthogonal): it captures i7, cannot capture h7 nor move to g7/g5/i5
/// -> g6 i6 h5 + capture i7 = 4.
#[test]
fn walker_captures_as_fers() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("h6", "L"), ("i7", "f"), ("h7", "f")], 'w', &none()));
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["g6", "i6", "h5", "i7"]), "{v}");
    }
}

/// §3.1 Nightrider `NN`, blocked on its knight-step squares.
/// Empty board from h6: (+1,+2) i8 j10 k12 = 3; (-1,+2) g8 f10 e12 = 3; (+1,-2) i4 j2 = 2;
/// (-1,-2) g4 f2 = 2; (+2,+1) j7 l8 n9 p10 = 4; (-2,+1) f7 d8 b9 = 3; (+2,-1) j5 l4 n3 p2
/// = 4; (-2,-1) f5 d4 b3 = 3 -> 24.
/// Blocks: own Wazir on j7 stops the (+2,+1) line at once (0 instead of 4), a Black Fers on
/// j5 is captured and stops the (+2,-1) line (1 instead of 4); own Wazirs on g6 and g7
/// (between h6 and f7, not knight squares) do not block -> 24 - 4 - 3 = 17.
#[test]
fn empty_board_nightrider_and_block() {
    for v in BATS {
        let mut p = lone(v, "H");
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 24, "{v}: {m:?}");
        for s in ["h6k12", "h6e12", "h6p10", "h6p2", "h6b9", "h6b3", "h6j2", "h6f2"] {
            assert!(m.contains(&s.to_string()), "{v}: {s}");
        }
        let pieces = [("a1", "K"), ("p12", "k"), ("h6", "H"), ("j7", "W"), ("j5", "f"), ("g6", "W"), ("g7", "W")];
        let mut p = pos_in(v, &fen(&pieces, 'w', &none()));
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 17, "{v}: {m:?}");
        assert!(m.contains(&"h6j5".to_string()), "captures on the first step");
        for s in ["h6j7", "h6l8", "h6n9", "h6p10", "h6l4", "h6n3", "h6p2"] {
            assert!(!m.contains(&s.to_string()), "{v}: {s} is blocked");
        }
        assert!(m.contains(&"h6f7".to_string()) && m.contains(&"h6d8".to_string()) && m.contains(&"h6b9".to_string()));
    }
}

/// §3.1 King K plus the once-per-game knight move (§3.5: "it may be played at any time
/// while unused"): from h6 with the move unused 8 + 8 = 16, used 8.
#[test]
fn empty_board_king() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("h6", "K"), ("p12", "k")], 'w', &rights("", true, false)));
        let m = moves_from(&mut p, "h6");
        let mut all: Vec<&str> = vec!["g5", "h5", "i5", "g6", "i6", "g7", "h7", "i7"];
        all.extend(["i8", "g8", "j7", "f7", "j5", "f5", "i4", "g4"]);
        assert_eq!(m, expect("h6", &all), "{v}");
        let mut p = pos_in(v, &fen(&[("h6", "K"), ("p12", "k")], 'w', &none()));
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &all[..8]), "{v}");
    }
}

// ---- Rhinoceros (§3.3) ------------------------------------------------------------------

/// The 32 squares on the 16 circular paths from h6 (offsets, by type): W (0,±1),(±1,0): 4;
/// F: 4; N (1,2)-type: 8; A (2,2): 4; C (3,1)-type: 8; H (3,0)-type: 4. (The path N,NE,E,SE,
/// S,SW,W,NW visits (0,1) (1,2) (2,2) (3,1) (3,0) (2,-1) (1,-1) and returns to (0,0); the
/// other 15 are its rotations and reflections, e.g. NE,N,NW,... visits (1,1) (1,2) (0,3)
/// (-1,3) (-2,2) (-2,1) (-1,0).) No D (2,0), Z (3,2) or G (3,3) square.
const RHINO_H6: [&str; 32] = [
    "h7", "h5", "g6", "i6", // W
    "g7", "i7", "g5", "i5", // F
    "i8", "g8", "i4", "g4", "j7", "f7", "j5", "f5", // N
    "j8", "f8", "j4", "f4", // A
    "k7", "k5", "e7", "e5", "i9", "g9", "i3", "g3", // C
    "k6", "e6", "h9", "h3", // H
];

/// §3.3 (16 circular paths; the full circle is a pass by default): on an empty board the
/// Rhinoceros h6 reaches the 32 squares above plus the full circle back home, a pass
/// written `h6h6` -> 33 moves. The pass changes nothing but the side to move.
#[test]
fn rhino_empty_board_and_pass() {
    for v in BATS {
        let f = fen(&[("a1", "K"), ("p12", "k"), ("h6", "O")], 'w', &none());
        let mut p = pos_in(v, &f);
        let mut targets: Vec<&str> = RHINO_H6.to_vec();
        targets.push("h6");
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &targets), "{v}");
        play(&mut p, "h6h6");
        let after = f.replace(" w ", " b ").replace(" - 0 1", " - 1 1");
        assert_eq!(p.fen(), after, "{v}: the pass moves nothing");
    }
}

/// §3.3 (intermediate squares must be empty; own piece -> stop; enemy ->
/// capture, stop; pass only if all 7 passed squares are empty).
/// (a) One own Wazir on h7: it removes h7 itself and the pass along the paths through h7,
///     but every other square and the pass are reached on other paths -> 31 + pass.
/// (b) Own Wazirs on all neighbours but h7 (g5 h5 i5 g6 i6 g7 i7): only the two paths that
///     start north are open. N,NE,E,...: h7 i8 j8 k7 k6 j5, then i5 (own) stops it;
///     N,NW,W,...: h7 g8 f8 e7 e6 f5, then g5 stops it -> 11 squares, no pass.
/// (c) As (b) plus an own Wazir on j8 and a Black Fers on f8: clockwise h7 i8 (j8 own);
///     anticlockwise h7 g8 f8 (capture, stop) -> h7 i8 g8 f8 = 4.
#[test]
fn rhino_blocking() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("h6", "O"), ("h7", "W")], 'w', &none()));
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 32, "{v}: {m:?}");
        assert!(m.contains(&"h6h6".to_string()) && !m.contains(&"h6h7".to_string()) && m.contains(&"h6i8".to_string()));

        let mut ring: Vec<(&str, &str)> = vec![("a1", "K"), ("p12", "k"), ("h6", "O")];
        for s in ["g5", "h5", "i5", "g6", "i6", "g7", "i7"] {
            ring.push((s, "W"));
        }
        let mut p = pos_in(v, &fen(&ring, 'w', &none()));
        assert_eq!(
            moves_from(&mut p, "h6"),
            expect("h6", &["h7", "i8", "j8", "k7", "k6", "j5", "g8", "f8", "e7", "e6", "f5"]),
            "{v}"
        );
        ring.push(("j8", "W"));
        ring.push(("f8", "f"));
        let mut p = pos_in(v, &fen(&ring, 'w', &none()));
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["h7", "i8", "g8", "f8"]), "{v}");
    }
}

/// §3.3 and §8 (`{rhino-nopass}` forbids the pass): the `{rhino-nopass}` form (variants.ini
/// comment) has the same 32 squares and no `h6h6`.
#[test]
fn rhino_nopass_option() {
    let user = "[rhinonopass:missingbat]\npiece = O rhinoceros {rhino-nopass}\n".to_string();
    let c = Catalog::embedded_with(&user);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    let mut p = pos_with(&c, "rhinonopass", &fen(&[("a1", "K"), ("p12", "k"), ("h6", "O")], 'w', &none()));
    assert_eq!(moves_from(&mut p, "h6"), expect("h6", &RHINO_H6));
    // The embedded variant still passes.
    let mut p = pos_with(&c, "missingbat", &fen(&[("a1", "K"), ("p12", "k"), ("h6", "O")], 'w', &none()));
    assert!(moves_from(&mut p, "h6").contains(&"h6h6".to_string()));
}

/// §3.3, self-unpin: a Rhinoceros pinned against its King may still move to
/// another square as long as the line stays blocked at the end of the move.
/// File pin (K h1, O h6, Black Rook h12): squares of the h-file among its targets are h7,
/// h5 (one step) and h9, h3 ((0,±3), only through circling paths off the line, e.g.
/// i7 i8 h9); plus the pass (it ends where it started) -> 5.
/// Diagonal pin (K e3, O h6, Black Bishop l10): i7 g5 (F) and j8 f4 (A, via i7-j7 /
/// g5-f5 etc.) plus the pass -> 5.
#[test]
fn rhino_self_unpin() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("h1", "K"), ("p12", "k"), ("h6", "O"), ("h12", "r")], 'w', &none()));
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["h7", "h5", "h9", "h3", "h6"]), "{v}");
        // After the unpinning move White's King is still shielded (White to move again).
        play(&mut p, "h6h9 p12p11");
        assert!(!p.in_check(), "{v}");
        let mut p = pos_in(v, &fen(&[("e3", "K"), ("p12", "k"), ("h6", "O"), ("l10", "b")], 'w', &none()));
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["i7", "g5", "j8", "f4", "h6"]), "{v}");
    }
}

/// §3.3 ("a pass is illegal if the mover's King is attacked afterwards, so it is never a
/// way out of check"): in check (Black Rook h12 against K h1) the Rhinoceros e6 may only
/// block on the h-file: (3,-1) h5, (3,0) h6, (3,1) h7; the pass e6e6 is illegal.
#[test]
fn rhino_pass_not_out_of_check() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("h1", "K"), ("p12", "k"), ("e6", "O"), ("h12", "r")], 'w', &none()));
        assert!(p.in_check());
        assert_eq!(moves_from(&mut p, "e6"), expect("e6", &["h5", "h6", "h7"]), "{v}");
    }
}

// ---- Griffin (§3.2) ---------------------------------------------------------------------

/// Empty board from h6: for each diagonal step s1, two outward orthogonal lines; square k
/// of the move (s1 = 1) may be a non-capture only if k >= 3.
/// NE (s1 i7): rank 7 j7 (k2) k7..p7 -> 6 moves; file i i8 (k2) i9..i12 -> 4.
/// NW (s1 g7): f7 (k2) e7..a7 -> 5; g8 (k2) g9..g12 -> 4.
/// SE (s1 i5): j5 (k2) k5..p5 -> 6; i4 (k2) i3..i1 -> 3.
/// SW (s1 g5): f5 (k2) e5..a5 -> 5; g4 (k2) g3..g1 -> 3.  Total 10+9+9+8 = 36.
/// No non-capture on the F squares (i7...) or N squares (j7, i8...).
#[test]
fn empty_board_griffin() {
    for v in BATS {
        let mut p = lone(v, "Y");
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 36, "{v}: {m:?}");
        for s in ["i7", "g7", "i5", "g5", "j7", "i8", "f7", "g8", "j5", "i4", "f5", "g4"] {
            assert!(!m.contains(&format!("h6{s}")), "{v}: no non-capture to {s}");
        }
        for s in ["k7", "p7", "i9", "i12", "e7", "a7", "g12", "k5", "p5", "i1", "a5", "g1"] {
            assert!(m.contains(&format!("h6{s}")), "{v}: {s}");
        }
    }
}

/// §3.2: captures at step 1 (F square), at step 2 (N square) and later;
/// blocked by pieces it cannot capture (no leaping).
/// Black Fers g5 (SW F square): captured; both SW lines are gone (-8, +1).
/// Black Fers j7 (NE, k2 N square): captured; k7..p7 gone (-6, +1).
/// own Wazir i10 (NE vertical, k4): i9 remains, i10..i12 gone (-3).
/// Black Fers c7 (NW horizontal, k5): e7 d7 remain, c7 captured, b7 a7 gone (-2, +1).
/// Per diagonal: NE i9 + capture j7 = 2; NW e7 d7 + capture c7 + g9..g12 = 7; SE untouched
/// 9; SW capture g5 = 1 -> 19.
#[test]
fn griffin_captures_and_blocks() {
    for v in BATS {
        let pieces = [("a1", "K"), ("p12", "k"), ("h6", "Y"), ("g5", "f"), ("j7", "f"), ("i10", "W"), ("c7", "f")];
        let mut p = pos_in(v, &fen(&pieces, 'w', &none()));
        let m = moves_from(&mut p, "h6");
        let mut want: Vec<&str> = vec!["g5", "j7", "i9", "e7", "d7", "c7"];
        want.extend(["g9", "g10", "g11", "g12"]);
        want.extend(["k5", "l5", "m5", "n5", "o5", "p5", "i3", "i2", "i1"]);
        assert_eq!(m, expect("h6", &want), "{v}");
        // An own piece on the F square blocks both lines of that diagonal.
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("h6", "Y"), ("i7", "W")], 'w', &none()));
        let m = moves_from(&mut p, "h6");
        assert_eq!(m.len(), 36 - 10, "{v}: {m:?}");
        // An enemy on an N square is captured even though j7 is not a non-capture target.
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("h6", "Y"), ("i8", "f")], 'w', &none()));
        let m = moves_from(&mut p, "h6");
        assert!(m.contains(&"h6i8".to_string()) && !m.contains(&"h6i9".to_string()), "{v}: {m:?}");
        assert_eq!(m.len(), 36 - 4 + 1, "{v}");
    }
}

/// §3.2: the Griffin captures on its F square (step 1) and on its N square
/// (step 2), where it has no non-capture; those squares are attacked all the same. White King
/// i1, Black Griffin l3: its SW diagonal step is k2, then j2 (west, the N square) and k1
/// (south, the N square), then i2, h2, ... on the west line. Both j2 and k2 (the once-only
/// knight move) would step into capture, as would i2 and h2 further along the line; h1 and
/// j1 are on no line of the Griffin.
#[test]
fn griffin_capture_only_squares_are_attacked() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("i1", "K"), ("p12", "k"), ("l3", "y")], 'w', &rights("", true, false)));
        assert!(!p.in_check(), "{v}");
        let m = moves_from(&mut p, "i1");
        for bad in ["i1j2", "i1k2", "i1i2", "i1h2"] {
            assert!(!m.contains(&bad.to_string()), "{v}: {bad} steps into the Griffin's capture: {m:?}");
        }
        assert!(m.contains(&"i1h1".to_string()) && m.contains(&"i1j1".to_string()), "{v}: {m:?}");
        // The same squares from Black's side, mirrored: Black King i12, White Griffin l10.
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("i12", "k"), ("l10", "Y")], 'b', &rights("", false, true)));
        let m = moves_from(&mut p, "i12");
        for bad in ["i12j11", "i12k11", "i12i11", "i12h11"] {
            assert!(!m.contains(&bad.to_string()), "{v}: {bad}: {m:?}");
        }
    }
}

/// §3.2: a piece on the Griffin's F square shields the King on the N square
/// behind it. Black Griffin j3, White Dabbaba i2 (the F square of the SW step), White King
/// i1 (the N square after it): the Dabbaba is pinned, and the King is not in check until it
/// moves. With the Dabbaba gone the King is in check.
#[test]
fn griffin_pins_through_its_f_square() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("i1", "K"), ("i2", "D"), ("p12", "k"), ("j3", "y")], 'w', &none()));
        assert!(!p.in_check(), "{v}");
        assert_eq!(moves_from(&mut p, "i2"), Vec::<String>::new(), "{v}: the Dabbaba is pinned");
        let p = pos_in(v, &fen(&[("i1", "K"), ("p12", "k"), ("j3", "y")], 'w', &none()));
        assert!(p.in_check(), "{v}: the Griffin checks i1 from j3 over the empty i2");
    }
}

// ---- Tiger check (§3.1, §6.1) -----------------------------------------------------------

/// A King a knight's move from a Tiger is in check; on its diagonal it is not. Black K h6,
/// White Tiger j8 (diagonal): not in check; the Tiger's knight squares i6 and h7 are
/// forbidden, the diagonal square i7 is allowed -> g5 h5 i5 g6 g7 i7. Tiger on i8: check.
#[test]
fn tiger_checks_as_knight() {
    for v in BATS {
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("h6", "k"), ("j8", "T")], 'b', &none()));
        assert!(!p.in_check(), "{v}: tiger on the diagonal does not check");
        assert_eq!(moves_from(&mut p, "h6"), expect("h6", &["g5", "h5", "i5", "g6", "g7", "i7"]), "{v}");
        let p = pos_in(v, &fen(&[("a1", "K"), ("h6", "k"), ("i8", "T")], 'b', &none()));
        assert!(p.in_check(), "{v}: tiger at knight distance checks");
        let p = pos_in(v, &fen(&[("a1", "K"), ("h6", "k"), ("i7", "T")], 'b', &none()));
        assert!(!p.in_check(), "{v}: adjacent diagonal tiger does not check");
    }
}

// ---- castling (§5) ----------------------------------------------------------------------

/// 6-square castling both sides for both colours: K i1->o1 with R p1->n1, K i1->c1 with
/// R a1->d1 (and i12->o12 / c12 for Black). After White's O-O its Rook n1 covers n12 on
/// Black's O-O path, so each line pairs one side with the other. Castling does not use up
/// the knight move (§3.5: nothing but playing it uses it up).
#[test]
fn castling_six_squares() {
    let back = [("a1", "R"), ("i1", "K"), ("p1", "R"), ("a12", "r"), ("i12", "k"), ("p12", "r")];
    for v in BATS {
        let f = fen(&back, 'w', &rights("KQkq", true, true));
        let mut p = pos_in(v, &f);
        play(&mut p, "i1o1");
        let w = format!("r7k6r/16/16/16/16/16/16/16/16/16/16/R12RK1 b {} - 1 1", rights("kq", true, true));
        assert_eq!(p.fen(), w, "{v}");
        assert!(!moves_from(&mut p, "i12").contains(&"i12o12".to_string()), "{v}: n12 attacked by the Rook n1");
        play(&mut p, "i12c12");
        let w = format!("2kr11r/16/16/16/16/16/16/16/16/16/16/R12RK1 w {} - 2 2", rights("", true, true));
        assert_eq!(p.fen(), w, "{v}");
        let mut p = pos_in(v, &f);
        play(&mut p, "i1c1");
        let w = format!("r7k6r/16/16/16/16/16/16/16/16/16/16/2KR11R b {} - 1 1", rights("kq", true, true));
        assert_eq!(p.fen(), w, "{v}");
        play(&mut p, "i12o12");
        let w = format!("r12rk1/16/16/16/16/16/16/16/16/16/16/2KR11R w {} - 2 2", rights("", true, true));
        assert_eq!(p.fen(), w, "{v}");
        // Black to move has both.
        let mut p = pos_in(v, &fen(&back, 'b', &rights("KQkq", false, false)));
        let m = moves_from(&mut p, "i12");
        assert!(m.contains(&"i12o12".to_string()) && m.contains(&"i12c12".to_string()), "{v}: {m:?}");
    }
}

/// §5: standard conditions, not in/through/into check; b1 (passed by the
/// Rook only) may be attacked. Path squares empty: a piece on b1 / n1 forbids that side.
#[test]
fn castling_not_through_check() {
    for v in BATS {
        let castles = |extra: (&str, &str)| {
            let f =
                fen(&[("a1", "R"), ("i1", "K"), ("p1", "R"), ("e12", "k"), extra], 'w', &rights("KQ", false, false));
            let mut p = pos_in(v, &f);
            let m = moves_from(&mut p, "i1");
            (m.contains(&"i1o1".to_string()), m.contains(&"i1c1".to_string()))
        };
        assert_eq!(castles(("l10", "r")), (false, true), "{v}: l1 attacked (through)");
        assert_eq!(castles(("o10", "r")), (false, true), "{v}: o1 attacked (into)");
        assert_eq!(castles(("e10", "r")), (true, false), "{v}: e1 attacked (through)");
        assert_eq!(castles(("c10", "r")), (true, false), "{v}: c1 attacked (into)");
        assert_eq!(castles(("b10", "r")), (true, true), "{v}: b1 attacked, King does not pass it");
        assert_eq!(castles(("i10", "r")), (false, false), "{v}: in check");
        assert_eq!(castles(("b1", "N")), (true, false), "{v}: b1 occupied");
        assert_eq!(castles(("n1", "N")), (false, true), "{v}: n1 occupied");
    }
}

// ---- promotion (§4.2) -------------------------------------------------------------------

/// A White pawn on a11 promotes on a12 to each non-pawn, non-king type of its form's
/// array, each a separate move: missingbat R N B Q T G C Z O D Y M L W F E (no Bat, no
/// Nightrider); leapingbat R N B Q X T G C H O D Y M L W F E (no Zebra);
/// missingbat-nightrider R N B Q T G C H O D Y M L W F E (no Bat, no Zebra).
#[test]
fn promotion_choices_per_form() {
    let forms = [
        ("missingbat", "rnbqtgczodymlwfe"),
        ("leapingbat", "rnbqxtgchodymlwfe"),
        ("missingbat-nightrider", "rnbqtgchodymlwfe"),
    ];
    for (v, letters) in forms {
        let mut p = pos_in(v, &fen(&[("a1", "K"), ("p12", "k"), ("a11", "P")], 'w', &none()));
        let want: Vec<String> = {
            let mut w: Vec<String> = letters.chars().map(|c| format!("a11a12{c}")).collect();
            w.sort();
            w
        };
        assert_eq!(moves_from(&mut p, "a11"), want, "{v}");
        // Black promotes on rank 1 the same way.
        let mut p = pos_in(v, &fen(&[("a12", "k"), ("p1", "K"), ("h2", "p")], 'b', &none()));
        assert_eq!(moves_from(&mut p, "h2").len(), letters.len(), "{v}");
    }
}

// ---- stalemate scoring (§6.3) -----------------------------------------------------------

/// The stalemating side gets 3/5. Black K a12 to move: a11 b11 c11 covered by the White
/// Rook h11, b12 by the Bishop e9, its (unused) knight squares b10 (Rook h10) and c11
/// covered too.
#[test]
fn stalemate_three_fifths() {
    for v in BATS {
        let f =
            fen(&[("a12", "k"), ("h11", "R"), ("h10", "R"), ("e9", "B"), ("p1", "K")], 'b', &rights("", false, true));
        let mut p = pos_in(v, &f);
        assert!(!p.in_check());
        let r = game_end::terminal(&mut p).unwrap();
        assert_eq!((r.winner, r.reason, r.points), (Some(Color::White), "stalemate", Some((3, 5))), "{v}");
    }
}
