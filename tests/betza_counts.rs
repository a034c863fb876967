//! XBetza compiler: move counts of single pieces, mostly on an empty 15x15 board (centre
//! h8, seven free squares in every direction), for every atom and modifier the compiler
//! accepts. Expected numbers are worked out by hand in the comments.

use kirin::catalog::Catalog;
use kirin::position::Position;

/// Builds a one-off variant with the test piece X (and a plain wazir Y as the enemy
/// piece), sets up `fen` (also the variant's start position, so that pieces on it count
/// as unmoved) and returns the sorted legal moves of White.
fn moves_with(betza: &str, fen: &str, extra: &str) -> Vec<String> {
    let ini = format!("[t]\nboard = 15x15\npiece = X test {betza}\npiece = Y dummy W\n{extra}\nstartFen = {fen}\n");
    let cat = Catalog::from_texts(&[("t.ini", ini)]);
    assert!(cat.errors.is_empty(), "{betza}: {:?}", cat.errors);
    let rules = cat.get("t").unwrap();
    let mut pos = Position::from_fen(rules, fen).unwrap();
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_to_uci(*m)).collect();
    v.sort();
    v
}

const CENTRE: &str = "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 w - - 0 1";

fn count(betza: &str) -> usize {
    moves_with(betza, CENTRE, "").len()
}

#[test]
fn atoms_on_an_empty_board() {
    for (b, n) in [
        ("W", 4),
        ("F", 4),
        ("D", 4),
        ("N", 8),
        ("A", 4),
        ("H", 4),
        ("C", 8),
        ("Z", 8),
        ("G", 4),
        ("J", 8), // = C
        ("L", 8), // = Z
        ("K", 8),
        ("R", 28), // 4 x 7
        ("B", 28),
        ("Q", 56),
        ("WF", 8),
        ("KNAD", 24), // every square within distance 2
    ] {
        assert_eq!(count(b), n, "{b}");
    }
}

#[test]
fn extended_and_arbitrary_leaps() {
    // (8,1) does not fit in 7 squares from the centre: from a corner-ish square instead.
    assert_eq!(count("(4,1)"), 8);
    assert_eq!(count("FX"), 8); // = (4,1)
    assert_eq!(moves_with("FX", CENTRE, ""), moves_with("(1,4)", CENTRE, ""));
    assert_eq!(moves_with("NY", CENTRE, ""), moves_with("(4,3)", CENTRE, ""));
    assert_eq!(count("(7,7)"), 4);
    assert_eq!(count("(7,0)"), 4);
    assert_eq!(count("(8,1)"), 0);
    // From a1 on the 15x15 board: (8,1) reaches b9 and i2; (7,4) reaches e8 and h5.
    let a1 = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/X14 w - - 0 1";
    assert_eq!(moves_with("(8,1)(7,4)", a1, ""), vec!["a1b9", "a1e8", "a1h5", "a1i2"]);
}

#[test]
fn ranges_and_riders() {
    assert_eq!(count("R6"), 24);
    assert_eq!(count("B3"), 12);
    assert_eq!(count("Q4"), 32);
    assert_eq!(count("K2"), 16); // the Bodyguard's 1-2 steps in 8 directions
    assert_eq!(count("W3"), 12);
    // Knight rider from the centre: 3 steps in each of the 8 directions fit.
    assert_eq!(count("NN"), 24);
    assert_eq!(count("N0"), 24);
    assert_eq!(count("N2"), 16);
    assert_eq!(count("DD"), 12); // (2,0) rider: 3 steps x 4
    assert_eq!(count("R12"), 28);
}

#[test]
fn direction_modifiers() {
    for (b, n) in [
        ("fW", 1),
        ("bW", 1),
        ("lW", 1),
        ("rW", 1),
        ("vW", 2),
        ("sW", 2),
        ("fF", 2),
        ("bF", 2),
        ("lF", 2),
        ("rF", 2),
        ("flF", 1),
        ("fN", 2),  // narrow forward pair (shogi knight)
        ("ffN", 2), // same
        ("fsN", 2), // wide forward pair
        ("fhN", 4), // all four forward
        ("sN", 4),
        ("vN", 4),
        ("bN", 2),
        ("lN", 2),
        ("rN", 2),
        ("flN", 1),
        ("hrN", 4), // one chirality
        ("hlN", 4),
        ("fR", 7),
        ("vR", 14),
        ("sR", 14),
        ("fB", 14),
        ("fK", 1), // XBoard: a single letter on K is one direction
        ("flK", 1),
        ("fsK", 2),
        ("FsfW", 7), // Drunk Elephant: all but straight back
        ("WfF", 6),  // Gold
        ("FfW", 5),  // Silver
    ] {
        assert_eq!(count(b), n, "{b}");
    }
    // Black's forward is down the board.
    let black = "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 b - - 0 1";
    assert_eq!(moves_with("fW", black, ""), vec!["h8h7"]);
    assert_eq!(moves_with("lW", black, ""), vec!["h8i8"]);
}

/// X on h8 with enemy wazirs on h10 (two ahead), j8 (two right) and f6 (two back-left).
const TARGETS: &str = "15/15/15/15/15/7y7/15/7X1y5/15/5y9/15/15/15/15/15 w - - 0 1";

#[test]
fn modality() {
    // m: moves only. R from h8: up to h9 (h10 blocked), right i8 (j8 blocked), 7 left, 7 down.
    assert_eq!(moves_with("mR", TARGETS, "").len(), 1 + 1 + 7 + 7);
    // c: captures only: h10 and j8 (f6 is diagonal).
    assert_eq!(moves_with("cR", TARGETS, ""), vec!["h8h10", "h8j8"]);
    // default mc.
    assert_eq!(moves_with("R", TARGETS, "").len(), 16 + 2);
    assert_eq!(moves_with("cB", TARGETS, ""), vec!["h8f6"]);
    // c on a leaper.
    assert_eq!(moves_with("cD", TARGETS, ""), vec!["h8h10", "h8j8"]);
    assert_eq!(moves_with("mD", TARGETS, ""), vec!["h8f8", "h8h6"]);
}

#[test]
fn lame_and_jumping_leaps() {
    // n: the D leap is blocked by an occupied W square; h9 holds an enemy y.
    let blocked = "15/15/15/15/15/15/7y7/7X7/15/15/15/15/15/15/15 w - - 0 1";
    let m = moves_with("nD", blocked, "");
    assert_eq!(m, vec!["h8f8", "h8h6", "h8j8"]);
    // Non-lame D jumps over it.
    assert_eq!(moves_with("D", blocked, "").len(), 4);
    // j: must jump over an occupied square: only towards h10.
    assert_eq!(moves_with("jD", blocked, ""), vec!["h8h10"]);
    // Lame oblique leap (Xiangqi horse): the N leaps through h9 are blocked (h10 side).
    let m = moves_with("nN", blocked, "");
    assert_eq!(m.len(), 6);
    assert!(!m.contains(&"h8g10".to_string()) && !m.contains(&"h8i10".to_string()));
    // nA blocked by an occupied F square.
    let diag = "15/15/15/15/15/15/8y6/7X7/15/15/15/15/15/15/15 w - - 0 1";
    assert_eq!(moves_with("nA", diag, "").len(), 3);
    // jR (W/F rider with j): skips the first square.
    assert_eq!(count("jR"), 4 * 6);
}

#[test]
fn initial_moves() {
    // The start position has X on h8, so there it is unmoved and the i-move is available.
    assert_eq!(moves_with("WiD", CENTRE, "").len(), 8);
    // Same piece on a square where the start position has none: moved, no i-move.
    let ini = "[t]\nboard = 15x15\npiece = X test WiD\npiece = Y dummy W\nstartFen = 15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 w - - 0 1\n";
    let cat = Catalog::from_texts(&[("t.ini", ini.to_string())]);
    let rules = cat.get("t").unwrap();
    let mut pos = Position::from_fen(rules.clone(), "15/15/15/15/15/15/15/8X6/15/15/15/15/15/15/15 w - - 0 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 4);
    // After moving away and back the piece has lost its initial moves (Black's wazir on
    // a1 shuffles meanwhile).
    let fen = "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/y14 w - - 0 1";
    let ini = format!("[t]\nboard = 15x15\npiece = X test WiD\npiece = Y dummy W\nstartFen = {fen}\n");
    let cat = Catalog::from_texts(&[("t.ini", ini)]);
    let mut pos = Position::startpos(cat.get("t").unwrap());
    assert_eq!(pos.legal_moves().len(), 8);
    for mv in ["h8h9", "a1a2", "h9h8", "a2a1"] {
        let m = pos.parse_move(mv).unwrap();
        pos.make_move(m);
    }
    assert_eq!(pos.legal_moves().len(), 4);
}

#[test]
fn en_passant() {
    // White pawn e5, Black pawn d7 double-steps to d5: exd6 e.p. (`e` modality).
    let ini = "[t]\nboard = 8x8\npiece = P pawn fmWfceFifmnD\npiece = K king K\nroyal = K\n\
               startFen = 4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1\n";
    let cat = Catalog::from_texts(&[("t.ini", ini.to_string())]);
    assert!(cat.errors.is_empty(), "{:?}", cat.errors);
    let rules = cat.get("t").unwrap();
    let mut pos = Position::startpos(rules);
    let m = pos.parse_move("d7d5").unwrap();
    pos.make_move(m);
    assert_eq!(pos.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let ep = pos.parse_move("e5d6").expect("e.p. capture");
    pos.make_move(ep);
    assert_eq!(pos.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // Without 'e' there is no e.p. capture.
    let ini = "[t]\nboard = 8x8\npiece = P pawn fmWfcFifmnD\npiece = K king K\nroyal = K\n\
               startFen = 4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1\n";
    let cat = Catalog::from_texts(&[("t.ini", ini.to_string())]);
    let mut pos = Position::startpos(cat.get("t").unwrap());
    let m = pos.parse_move("d7d5").unwrap();
    pos.make_move(m);
    assert!(pos.parse_move("e5d6").is_err());
}

#[test]
fn two_leg_moves() {
    // Rifle capture cabN: captures on a knight square without moving (X h7, enemy g9).
    let fen = "15/15/15/15/15/15/6y8/15/7X7/15/15/15/15/15/15 w - - 0 1";
    assert_eq!(moves_with("cabN", fen, ""), vec!["h7g9,g9h7"]);
    // Archer-style B3cabN keeps its slides too.
    assert_eq!(moves_with("B3cabN", fen, "").len(), 12 + 1);
    // mabK: step out and back = one pass move.
    assert_eq!(moves_with("mabK", CENTRE, ""), vec!["h8g7,g7h8"]);
    // Lion-like two steps through an enemy: capture on the first, continue.
    let lion = "15/15/15/15/15/15/7y7/7X7/15/15/15/15/15/15/15 w - - 0 1"; // y on h9
    let m = moves_with("cafW", lion, "");
    assert_eq!(m, vec!["h8h9,h9h10"]);
    // Non-capturing first leg merges into an ordinary move (janggi-elephant style).
    assert_eq!(count("mafsW"), 8);
}

#[test]
fn castling() {
    // King with O2, rooks in the corners (castling rights from the FEN), 8x8.
    let ini = "[t]\nboard = 8x8\npiece = R rook R\npiece = K king KisO2\nroyal = K\n\
               startFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
    let cat = Catalog::from_texts(&[("t.ini", ini.to_string())]);
    assert!(cat.errors.is_empty(), "{:?}", cat.errors);
    let mut pos = Position::startpos(cat.get("t").unwrap());
    let mut m: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_to_uci(*m)).collect();
    m.sort();
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    // 5 king steps + 2 castlings + rook moves (a1: 3 right + 7 up; h1: 2 left + 7 up).
    assert_eq!(m.len(), 5 + 2 + 10 + 9);
    // Without rights in the FEN: no castling.
    let mut pos = Position::from_fen(cat.get("t").unwrap(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 5 + 10 + 9);
    // One-sided castling: lO3.
    let ini = "[t]\nboard = 8x8\npiece = R rook R\npiece = K king KilO3\nroyal = K\n\
               startFen = 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n";
    let cat = Catalog::from_texts(&[("t.ini", ini.to_string())]);
    let mut pos = Position::startpos(cat.get("t").unwrap());
    let m: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_to_uci(*m)).collect();
    assert!(m.contains(&"e1b1".to_string()));
    assert!(!m.iter().any(|s| s == "e1h1" || s == "e1g1"));
}

#[test]
fn bad_descriptions_are_errors_not_panics() {
    for b in ["x", "fmWx", "(8,1", "(8)", "(99,1)", "gR", "Z99", "O", "aaaW", "cabcabN"] {
        let ini = format!("[t]\nboard = 8x8\npiece = X test {b}\nstartFen = 8/8/8/8/8/8/8/X7 w - - 0 1\n");
        let cat = Catalog::from_texts(&[("t.ini", ini)]);
        assert!(!cat.errors.is_empty(), "{b} should be rejected");
        assert!(cat.errors[0].starts_with("t.ini:3:"), "{}", cat.errors[0]);
    }
}

/// Found by fuzzing (`fuzz/corpus/betza/bug-*`): every legal move has a text of its own, so
/// that a GUI's move names one move. A two-leg component written twice (`caHcaH`) was listed
/// twice, and a once-per-game leap landing where an ordinary move lands (`asK7{once:N}`)
/// was listed beside it under the same text.
#[test]
fn no_two_legal_moves_share_a_text() {
    for (betza, fen) in [
        ("caHcaH", "3zk3/8/8/3Z4/8/8/8/4K3 w - - 0 1"),
        ("camHcamH0", "3zk3/8/8/3Z4/8/8/8/4K3 w - - 0 1"),
        ("B{rhino}N{rhino}", "7zk7/16/16/16/16/16/16/8Z7/16/16/16/16/16/16/16/7K8 w - - 0 1"),
        ("asK7{once:N}", "7zk7/16/16/16/16/16/16/8Z7/16/16/16/16/16/16/16/7K8 w - - 0 1"),
    ] {
        let files = fen.split('/').next().map(|r| if r.starts_with('7') { 16 } else { 8 }).unwrap();
        let ini = format!(
            "[t]\nboard = {files}x{files}\npiece = K king K\npiece = Z test {betza}\nroyal = K\nstartFen = {fen}\n"
        );
        let cat = Catalog::from_texts(&[("t.ini", ini)]);
        assert!(cat.errors.is_empty(), "{:?}", cat.errors);
        let mut pos = Position::startpos(cat.get("t").unwrap());
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_to_uci(m)).collect();
        let mut unique = moves.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(moves.len(), unique.len(), "{betza}: {moves:?}");
        for t in &moves {
            let m = pos.parse_move(t).unwrap();
            assert_eq!(&pos.move_to_uci(m), t);
        }
    }
}
