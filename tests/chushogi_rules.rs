//! Hand-built Chu Shogi positions (`chushogi`), one group of tests per rule of
//! /work/shared/spec/rules.md section 4 (4a-4d). Every test cites the rules.md line(s) it
//! checks as `rules.md:NNN`.
//!
//! Conventions: White = sente = upper case, moves up the board (ranks 1 -> 12). Positions
//! are written as piece lists (`("f6", "N")`) and turned into FENs by `fen()`. Kirin lists
//! every lion path as its own move (`f6f7,f7g8` besides the jump `f6g8`, each pass square
//! as its own `f6f7,f7f6`), so counts below count paths.

mod common;

use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::position::Position;
use kirin::square::{Color, Square};

/// FEN from a piece list; side `'w'` or `'b'`.
fn fen(pieces: &[(&str, &str)], side: char) -> String {
    format!("{} {} - - 0 1", common::board_from_pieces(12, 12, pieces), side)
}

fn pos(pieces: &[(&str, &str)], side: char) -> Position {
    pos_in("chushogi", pieces, side)
}

/// As `pos`, in the variant `name` (`chu`, the section that plays as HaChu does).
fn pos_in(name: &str, pieces: &[(&str, &str)], side: char) -> Position {
    let c = Catalog::embedded();
    let r = c.get(name).unwrap();
    let f = fen(pieces, side);
    Position::from_fen(r, &f).unwrap_or_else(|e| panic!("{f}: {e:?}"))
}

fn moves(p: &mut Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_to_uci(*m)).collect();
    v.sort();
    v
}

/// The moves starting on `sq` (careful: `f1` must not match `f12`).
fn moves_from(p: &mut Position, sq: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(sq) && m[sq.len()..].starts_with(|c: char| c.is_ascii_lowercase()))
        .collect()
}

/// Two-leg moves from `sq` that end on `sq` again (igui and pass).
fn returning(p: &mut Position, sq: &str) -> Vec<String> {
    moves_from(p, sq).into_iter().filter(|m| m.contains(',') && m.ends_with(sq)).collect()
}

fn play(p: &mut Position, mv: &str) {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e} in {}", p.fen()));
    p.make_move(m);
}

fn at(p: &Position, sq: &str) -> String {
    let pc = p.piece_at(Square::parse(sq).unwrap());
    if pc.is_none() { ".".into() } else { p.variant().pieces[pc.kind() as usize].token_for(pc.color() == Color::Black) }
}

#[track_caller]
fn assert_has(m: &[String], want: &[&str], why: &str) {
    for w in want {
        assert!(m.iter().any(|x| x == w), "{why}: expected {w} in {m:?}");
    }
}

#[track_caller]
fn assert_lacks(m: &[String], bad: &[&str], why: &str) {
    for b in bad {
        assert!(!m.iter().any(|x| x == b), "{why}: {b} must not be legal, got {m:?}");
    }
}

/// Kings in far corners (White a1, Black l12) and, so that no side is ever "bare"
/// (rules.md:417-421), one spare Gold each in a far corner.
const BASE: [(&str, &str); 4] = [("a1", "K"), ("l12", "k"), ("l1", "G"), ("a12", "g")];

fn with_base(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = BASE.to_vec();
    v.extend_from_slice(extra);
    v
}

// ---- 4a: array --------------------------------------------------------------------------

/// rules.md:330 (4a SFEN; Kirin writes `w` for sente, lishogi `b`).
#[test]
fn start_array() {
    let c = Catalog::embedded();
    let mut p = Position::startpos(c.get("chushogi").unwrap());
    assert_eq!(
        p.fen().split_whitespace().next().unwrap(),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL"
    );
    // 46 pieces per side (rules.md:347): the start position is legal and playable.
    assert!(!moves(&mut p).is_empty());
}

// ---- 4b: the Lion move ------------------------------------------------------------------

/// rules.md:379-386: King step, jump to the 16 squares at distance 2, two King steps
/// (including the pass back to the origin). Open board: 8 + 16 + 8*8 paths = 88.
#[test]
fn lion_moves_open_board() {
    let mut p = pos(&with_base(&[("f6", "N")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_eq!(m.len(), 88, "{m:?}");
    assert_has(&m, &["f6f7", "f6e5", "f6f8", "f6h8", "f6g8", "f6h7", "f6d4"], "step and jump (rules.md:380-382)");
    assert_has(&m, &["f6f7,f7f6", "f6f7,f7g8", "f6g7,g7h6"], "two King steps (rules.md:383-386)");
    assert_lacks(&m, &["f6f9", "f6i6", "f6c3"], "nothing beyond distance 2 (rules.md:381)");
}

/// rules.md:383-385: igui (capture on A and return), hit-and-run (capture on A, move on to
/// an empty B), double capture (capture on A and on B).
#[test]
fn lion_igui_hit_and_run_double_capture() {
    let pieces = with_base(&[("f6", "N"), ("f7", "g"), ("g8", "s")]);
    let mut p = pos(&pieces, 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6f7", "f6g8", "f6f7,f7f6", "f6f7,f7e8", "f6f7,f7g8"], "rules.md:383-385");

    // igui: the Lion stays on f6, the Gold on f7 is gone.
    let mut q = pos(&pieces, 'w');
    play(&mut q, "f6f7,f7f6");
    assert_eq!((at(&q, "f6"), at(&q, "f7"), at(&q, "g8")), ("N".into(), ".".into(), "s".into()), "igui rules.md:385");

    // hit-and-run: Gold captured, Lion lands on the empty e8.
    let mut q = pos(&pieces, 'w');
    play(&mut q, "f6f7,f7e8");
    assert_eq!(
        (at(&q, "f6"), at(&q, "f7"), at(&q, "e8")),
        (".".into(), ".".into(), "N".into()),
        "hit-and-run rules.md:385"
    );

    // double capture: Gold and Silver both gone, Lion on g8.
    let mut q = pos(&pieces, 'w');
    let before = q.fen();
    play(&mut q, "f6f7,f7g8");
    assert_eq!(
        (at(&q, "f6"), at(&q, "f7"), at(&q, "g8")),
        (".".into(), ".".into(), "N".into()),
        "double capture rules.md:385 ({before})"
    );
}

/// rules.md:386: the pass (jitto) steps to an empty adjacent square and back; only possible
/// when an adjacent square is empty. Kirin lists each pass square as its own move.
#[test]
fn lion_pass_needs_an_empty_adjacent_square() {
    let ring = [("e5", "G"), ("f5", "G"), ("g5", "G"), ("e6", "G"), ("g6", "G"), ("e7", "G"), ("f7", "G")];
    // All eight neighbours own pieces: no pass, only the 16 jumps.
    let mut all: Vec<(&str, &str)> = with_base(&ring);
    all.extend_from_slice(&[("f6", "N"), ("g7", "G")]);
    let mut p = pos(&all, 'w');
    assert!(returning(&mut p, "f6").is_empty(), "no empty neighbour, no pass (rules.md:386)");
    assert_eq!(moves_from(&mut p, "f6").len(), 16);

    // g7 empty: exactly one pass, through g7.
    let mut one: Vec<(&str, &str)> = with_base(&ring);
    one.push(("f6", "N"));
    let mut p = pos(&one, 'w');
    assert_eq!(returning(&mut p, "f6"), vec!["f6g7,g7f6"], "rules.md:386");
    // 16 jumps + step g7 + from g7: back to f6, h6, h7, f8, g8, h8.
    assert_eq!(moves_from(&mut p, "f6").len(), 23);
    let before = p.fen();
    play(&mut p, "f6g7,g7f6");
    assert_eq!(
        p.fen().split_whitespace().next(),
        before.split_whitespace().next(),
        "a pass changes nothing on the board"
    );
    assert_eq!(p.side_to_move(), Color::Black);

    // g7 holds an enemy: igui (a capture), but no pass.
    let mut en: Vec<(&str, &str)> = with_base(&ring);
    en.extend_from_slice(&[("f6", "N"), ("g7", "p")]);
    let mut p = pos(&en, 'w');
    assert_eq!(returning(&mut p, "f6"), vec!["f6g7,g7f6"]);
    play(&mut p, "f6g7,g7f6");
    assert_eq!((at(&p, "f6"), at(&p, "g7")), ("N".into(), ".".into()), "it was an igui, not a pass (rules.md:385-386)");
}

// ---- 4b: lion-trading rules -------------------------------------------------------------

/// rules.md:389-390 (L1): an enemy Lion adjacent to the starting square may always be
/// captured, even when protected: by step, igui, or either leg of a double move.
#[test]
fn l1_adjacent_lion_always_capturable() {
    // Black Lion f7 protected by the black Gold f8 (and by a Rook on f12 behind it).
    let mut p = pos(&with_base(&[("f6", "N"), ("f7", "n"), ("f8", "g"), ("f12", "r")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6f7"], "L1 step (rules.md:389)");
    assert_has(&m, &["f6f7,f7f6"], "L1 igui (rules.md:389-390)");
    assert_has(&m, &["f6f7,f7f8", "f6f7,f7e8"], "L1 first leg of a double move (rules.md:390)");
    assert_has(&m, &["f6e7,e7f7", "f6g6,g6f7", "f6e6,e6f7"], "L1 second leg of a double move (rules.md:390)");
    // The same with the Lion on a diagonal neighbour.
    let mut p = pos(&with_base(&[("f6", "N"), ("g7", "n"), ("g8", "g")]), 'w');
    assert_has(&moves_from(&mut p, "f6"), &["f6g7", "f6g7,g7f6", "f6f7,f7g7"], "L1 diagonal (rules.md:389)");
}

/// rules.md:391-393 (L2): a protected Lion two squares away may not be captured by a Lion
/// (jump or two-step path, including knight-distance squares); an unprotected one may.
#[test]
fn l2_protected_lion_at_distance_two() {
    // Black Lion f8 protected by the black Gold f9.
    let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n"), ("f9", "g")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_lacks(&m, &["f6f8", "f6f7,f7f8", "f6e7,e7f8", "f6g7,g7f8"], "L2 protected (rules.md:391-393)");
    assert_has(&m, &["f6f7", "f6e7", "f6f7,f7f6"], "other Lion moves stay legal");
    // Unprotected: all four ways are legal.
    let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6f8", "f6f7,f7f8", "f6e7,e7f8", "f6g7,g7f8"], "L2 unprotected (rules.md:391)");
    // Knight-distance target g8, protected by the Gold g9 / unprotected.
    let mut p = pos(&with_base(&[("f6", "N"), ("g8", "n"), ("g9", "g")]), 'w');
    assert_lacks(&moves_from(&mut p, "f6"), &["f6g8", "f6f7,f7g8", "f6g7,g7g8"], "L2 (1,2) square (rules.md:381,391)");
    let mut p = pos(&with_base(&[("f6", "N"), ("g8", "n")]), 'w');
    assert_has(&moves_from(&mut p, "f6"), &["f6g8", "f6f7,f7g8", "f6g7,g7g8"], "L2 (1,2) unprotected");
    // Protection by another Lion's jump counts.
    let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n"), ("f10", "n")]), 'w');
    assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "protected by a Lion jump (rules.md:392)");
}

/// rules.md:392-393: protection is tested with the capturing Lion removed from its origin
/// (and intermediate) square: X-ray protectors count; pinned protectors count.
#[test]
fn l2_xray_and_pinned_protectors() {
    // Black Rook f2 sees f8 only through the Lion's origin f6.
    let mut p = pos(&with_base(&[("f6", "N"), ("f8", "n"), ("f2", "r")]), 'w');
    assert_lacks(
        &moves_from(&mut p, "f6"),
        &["f6f8", "f6g7,g7f8", "f6e7,e7f8"],
        "X-ray through the origin (rules.md:392-393)",
    );
    // With a black Pawn on f7, the Rook is blocked unless f7 is emptied too: the jump is
    // legal (f8 unprotected), the pawn-capturing path is not (f6 and f7 both emptied; a
    // Pawn is no bridge, rules.md:394-395).
    let mut p = pos(&with_base(&[("f6", "N"), ("f7", "p"), ("f8", "n"), ("f2", "r")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6f8"], "blocked protector does not count (rules.md:392)");
    assert_lacks(&m, &["f6f7,f7f8"], "X-ray through the intermediate square (rules.md:392-393)");
    // A protector pinned against its King (White Rook a9, black Gold f9, black King l9)
    // still protects: Chu has no check rule.
    let mut p = pos(&[("a1", "K"), ("l9", "k"), ("a9", "R"), ("f9", "g"), ("f8", "n"), ("f6", "N"), ("a12", "g")], 'w');
    assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "pinned protector counts (rules.md:393-394)");
}

/// rules.md:394-395 (L2 bridge): the protected Lion two squares away may be taken when the
/// first leg of the same move captured a piece other than a Pawn or Go-Between.
#[test]
fn l2_bridge_capture() {
    for (bridge, ok) in [("g", true), ("s", true), ("+p", true), ("n", true), ("p", false), ("i", false)] {
        let mut p = pos(&with_base(&[("f6", "N"), ("f7", bridge), ("f8", "n"), ("f9", "g")]), 'w');
        let m = moves_from(&mut p, "f6");
        // Never by the jump or by a path over an empty square.
        assert_lacks(
            &m,
            &["f6f8", "f6e7,e7f8", "f6g7,g7f8"],
            &format!("bridge {bridge}: no bridge without a first-leg capture (rules.md:391-395)"),
        );
        if ok {
            assert_has(&m, &["f6f7,f7f8"], &format!("bridge over {bridge} (rules.md:394-395)"));
        } else {
            assert_lacks(&m, &["f6f7,f7f8"], &format!("Pawn/Go-Between is no bridge (rules.md:394-395): {bridge}"));
        }
    }
    // A Go-Between that is itself the only protector of the target: as in LISHOGI
    // (`secondLionStepDests` tests protectors on the board before the move; rules.md:443
    // "L1-L3 exactly as LISHOGI"), it still protects, and it is no bridge: both ways
    // illegal. (The jump is illegal too: the Go-Between on f7 protects f8.)
    let mut p = pos(&with_base(&[("f6", "N"), ("f7", "i"), ("f8", "n")]), 'w');
    assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "rules.md:392-395, 443");
    // `chu` (XBoard's built-in, played against HaChu) sets `lionVictimProtects = false`:
    // HaChu judges protection once the first leg has taken the Go-Between, so the double
    // capture is legal there (HaChu played `e9d8,d8d7` in exactly this pattern). The jump
    // is still illegal (the Go-Between stays and protects f8), and so is a path over an
    // empty square.
    let r = Catalog::embedded().get("chu").unwrap();
    let f = fen(&with_base(&[("f6", "N"), ("f7", "i"), ("f8", "n")]), 'w');
    let mut p = Position::from_fen(r, &f).unwrap();
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6f7,f7f8"], "chu: the first-leg victim no longer protects");
    assert_lacks(&m, &["f6f8", "f6e7,e7f8", "f6g7,g7f8"], "chu: the Go-Between on f7 still protects f8");
    // After the bridge capture, both pieces are gone.
    let mut p = pos(&with_base(&[("f6", "N"), ("f7", "g"), ("f8", "n"), ("f9", "g")]), 'w');
    play(&mut p, "f6f7,f7f8");
    assert_eq!((at(&p, "f6"), at(&p, "f7"), at(&p, "f8")), (".".into(), ".".into(), "N".into()));
}

/// rules.md:391: L2 restricts Lions only; a non-Lion (here a Horned Falcon's forward jump)
/// may take a protected Lion two squares away.
#[test]
fn l2_does_not_bind_non_lions() {
    let mut p = pos(&with_base(&[("f6", "+H"), ("f8", "n"), ("f9", "g")]), 'w');
    assert_has(&moves_from(&mut p, "f6"), &["f6f8"], "rules.md:391 (A Lion may not ...)");
}

/// rules.md:396-400 (L3): after a non-Lion captured a Lion, the opponent may not capture a
/// Lion with a non-Lion (Okazaki off: not even an unprotected one, rules.md:401-403, 443);
/// Lions are not restricted (they obey L1/L2); the restriction lasts one move.
#[test]
fn l3_no_counterstrike() {
    // White Gold f6 takes the black Lion f7; White Lion c3 is unprotected; black Rook c12
    // aims at it; black Lions e5 (distance 2) and d4 (adjacent).
    let pieces = with_base(&[("f6", "G"), ("f7", "n"), ("c3", "N"), ("c12", "r"), ("e5", "n"), ("d4", "n")]);
    let mut p = pos(&pieces, 'w');
    assert_has(&moves(&mut p), &["f6f7"], "setup");
    play(&mut p, "f6f7");
    let m = moves(&mut p);
    assert_lacks(&m, &["c12c3"], "L3: no counterstrike by a non-Lion (rules.md:396-397)");
    assert_has(&m, &["c12c4", "c12c11"], "the Rook still moves");
    assert_has(&m, &["e5c3", "d4c3", "d4c3,c3d4", "d4d3,d3c3"], "L3 does not bind Lions (rules.md:399)");
    // One move later the restriction is gone.
    play(&mut p, "l12k12");
    play(&mut p, "a1b1");
    assert_has(&moves(&mut p), &["c12c3"], "L3 lasts for the next move only (rules.md:396-397)");

    // Lions still obey L2 while L3 is active: a White Gold c2 protects c3.
    let mut pieces2 = pieces.clone();
    pieces2.push(("c2", "G"));
    let mut p = pos(&pieces2, 'w');
    play(&mut p, "f6f7");
    let m = moves(&mut p);
    assert_lacks(&m, &["e5c3", "c12c3"], "L2 still applies to Lions, L3 to the Rook (rules.md:399)");
    assert_has(&m, &["d4c3"], "L1 still applies (rules.md:399)");
}

/// rules.md:397-398: the exception of the capture square: a Kirin that promoted to Lion
/// while capturing a Lion may be re-captured by a non-Lion on that square.
#[test]
fn l3_recapture_on_the_same_square() {
    let pieces = with_base(&[("e8", "O"), ("f9", "n"), ("f10", "g"), ("c3", "N"), ("c12", "r")]);
    let mut p = pos(&pieces, 'w');
    play(&mut p, "e8f9+");
    assert_eq!(at(&p, "f9"), "+O");
    let m = moves(&mut p);
    assert_has(&m, &["f10f9"], "re-capture on the capture square (rules.md:397-398)");
    assert_lacks(&m, &["c12c3"], "L3 elsewhere (rules.md:396-397)");
}

/// rules.md:399-400: after Lion x Lion, L3 does not apply (also when the capturer is a
/// promoted Kirin, rules.md:377).
#[test]
fn l3_not_after_lion_takes_lion() {
    for capturer in ["N", "+O"] {
        let pieces = with_base(&[("f6", capturer), ("f7", "n"), ("c3", "N"), ("c12", "r"), ("f12", "r")]);
        let mut p = pos(&pieces, 'w');
        play(&mut p, "f6f7");
        let m = moves(&mut p);
        assert_has(&m, &["c12c3", "f12f7"], &format!("{capturer}xLion: no L3 (rules.md:399-400)"));
    }
}

/// rules.md:377, 396-397: L3 is triggered by a non-Lion capturing a promoted Kirin (a Lion),
/// and by a non-Lion's two-leg capture (Horned Falcon igui).
#[test]
fn l3_triggers() {
    // Gold takes a promoted Kirin.
    let mut p = pos(&with_base(&[("f6", "G"), ("f7", "+o"), ("c3", "N"), ("c12", "r")]), 'w');
    play(&mut p, "f6f7");
    assert_lacks(&moves(&mut p), &["c12c3"], "+O is a Lion for L3 (rules.md:377)");
    // ... and the protected +O is not a Lion target for L3's victims either: Rook vs +O.
    let mut p = pos(&with_base(&[("f6", "G"), ("f7", "n"), ("c3", "+O"), ("c12", "r")]), 'w');
    play(&mut p, "f6f7");
    assert_lacks(&moves(&mut p), &["c12c3"], "a promoted Kirin is protected by L3 (rules.md:377, 396-397)");
    // Horned Falcon igui on a Lion.
    let mut p = pos(&with_base(&[("f6", "+H"), ("f7", "n"), ("c3", "N"), ("c12", "r")]), 'w');
    play(&mut p, "f6f7,f7f6");
    assert_eq!((at(&p, "f6"), at(&p, "f7")), ("+H".into(), ".".into()));
    assert_lacks(&moves(&mut p), &["c12c3"], "Falcon igui on a Lion triggers L3 (rules.md:396)");
    // A non-Lion capturing a non-Lion does not.
    let mut p = pos(&with_base(&[("f6", "G"), ("f7", "s"), ("c3", "N"), ("c12", "r")]), 'w');
    play(&mut p, "f6f7");
    assert_has(&moves(&mut p), &["c12c3"], "no Lion was captured");
}

// ---- 4b: Horned Falcon and Soaring Eagle -------------------------------------------------

/// rules.md:368: Horned Falcon = B + sR + bR, and forward only the lion power (step, jump to
/// the 2nd square, capture and continue, igui, pass); no forward slide beyond 2.
#[test]
fn horned_falcon() {
    // Open board: B 6+5+5+4, sR 5+6, bR 5, forward step/jump/path/pass 4 = 40.
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("f6", "+H"), ("a12", "g")], 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(
        &m,
        &["f6f7", "f6f8", "f6f7,f7f6", "f6f7,f7f8", "f6a11", "f6l12", "f6k1", "f6b2", "f6a6", "f6l6", "f6f1"],
        "rules.md:368",
    );
    assert_lacks(
        &m,
        &["f6f9", "f6f12", "f6e7,e7f6", "f6g6,g6f6", "f6f5,f5f6", "f6g7,g7f6"],
        "lion power forward only, no fR beyond 2 (rules.md:368)",
    );
    assert_eq!(m.len(), 40, "{m:?}");

    // Enemies on f7 (forward), e6 (side), g7 (forward diagonal).
    let mut p = pos(&with_base(&[("f6", "+H"), ("f7", "s"), ("e6", "g"), ("g7", "g")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(
        &m,
        &["f6f7", "f6f7,f7f6", "f6f7,f7f8", "f6f8", "f6e6", "f6g7"],
        "rules.md:368 (igui, hit-and-run, jump)",
    );
    assert_lacks(
        &m,
        &["f6e6,e6f6", "f6g7,g7f6", "f6f7,f7e8", "f6f7,f7g8", "f6f9"],
        "no sideways/diagonal lion power; forward legs stay on the file (rules.md:368)",
    );
    // Double capture forward.
    let mut p = pos(&with_base(&[("f6", "+H"), ("f7", "s"), ("f8", "g")]), 'w');
    play(&mut p, "f6f7,f7f8");
    assert_eq!((at(&p, "f6"), at(&p, "f7"), at(&p, "f8")), (".".into(), ".".into(), "+H".into()), "rules.md:368");
}

/// rules.md:369: Soaring Eagle = R + bB, and on each forward diagonal only the lion power;
/// the two diagonals cannot be mixed.
#[test]
fn soaring_eagle() {
    // Black Gold on g7 (NE), NW diagonal empty.
    // R 6+5+5+6, bB 4+5, NE step/jump/cap-continue/igui 4, NW step/jump/path/pass 4 = 39.
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("f6", "+D"), ("g7", "g")], 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6g7", "f6h8", "f6g7,g7f6", "f6g7,g7h8"], "NE lion power (rules.md:369)");
    assert_has(&m, &["f6e7", "f6d8", "f6e7,e7d8", "f6e7,e7f6"], "NW lion power incl. pass (rules.md:369)");
    assert_has(&m, &["f6f12", "f6f1", "f6a6", "f6l6", "f6b2", "f6k1"], "R + bB (rules.md:369)");
    assert_lacks(&m, &["f6c9", "f6i9"], "no forward diagonal beyond 2 (rules.md:369)");
    assert_lacks(
        &m,
        &["f6g7,g7f8", "f6e7,e7f8", "f6g7,g7h6", "f6e7,e7d6", "f6g7,g7h7", "f6g7,g7g8"],
        "diagonals not mixed (rules.md:369)",
    );
    assert_lacks(&m, &["f6f7,f7f6", "f6e6,e6f6", "f6e5,e5f6"], "no orthogonal/backward lion power (rules.md:369)");
    assert_eq!(m.len(), 39, "{m:?}");
    // Double capture along one diagonal.
    let mut p = pos(&with_base(&[("f6", "+D"), ("g7", "s"), ("h8", "g")]), 'w');
    play(&mut p, "f6g7,g7h8");
    assert_eq!((at(&p, "f6"), at(&p, "g7"), at(&p, "h8")), (".".into(), ".".into(), "+D".into()));
}

// ---- 4b: Kirin -> Lion ------------------------------------------------------------------

/// rules.md:360, 377: a Kirin promotes to Lion; the promoted Kirin moves as a Lion and is a
/// Lion for all lion rules (L1, L2 as capturer and as victim).
#[test]
fn promoted_kirin_is_a_lion() {
    let mut p = pos(&with_base(&[("f7", "O")]), 'w');
    let m = moves_from(&mut p, "f7");
    assert_has(&m, &["f7f9+", "f7f9", "f7g8", "f7e8"], "Kirin F + D, promotion on entry (rules.md:360)");
    play(&mut p, "f7f9+");
    assert_eq!(at(&p, "f9"), "+O");
    // Lion moves on an open board: 88 as for the Lion.
    let mut p = pos(&with_base(&[("f6", "+O")]), 'w');
    assert_eq!(moves_from(&mut p, "f6").len(), 88, "rules.md:377, 379-386");
    // L2 as capturer.
    let mut p = pos(&with_base(&[("f6", "+O"), ("f8", "n"), ("f9", "g")]), 'w');
    assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "+O obeys L2 (rules.md:377, 391)");
    // L2 as victim.
    let mut p = pos(&with_base(&[("f6", "N"), ("f8", "+o"), ("f9", "g")]), 'w');
    assert_lacks(&moves_from(&mut p, "f6"), &["f6f8", "f6f7,f7f8"], "+o is a protected Lion (rules.md:377, 391)");
    let mut p = pos(&with_base(&[("f6", "N"), ("f8", "+o")]), 'w');
    assert_has(&moves_from(&mut p, "f6"), &["f6f8"], "unprotected +o");
    // L1 both ways.
    let mut p = pos(&with_base(&[("f6", "+O"), ("f7", "+o"), ("f8", "g")]), 'w');
    assert_has(&moves_from(&mut p, "f6"), &["f6f7", "f6f7,f7f6"], "L1 (rules.md:377, 389)");
}

// ---- 4b: promotion -----------------------------------------------------------------------

/// rules.md:405-414 (CSRM, as LISHOGI `canPromote`): entering the zone may promote, a
/// non-capture inside the zone may not, a capture inside or leaving the zone may; never
/// mandatory (the non-promotion is always listed as well).
#[test]
fn promotion_zone_csrm() {
    let pieces = [
        ("a1", "K"),
        ("a12", "k"),
        ("c8", "G"),  // enters the zone
        ("e10", "G"), // inside, non-captures
        ("h10", "G"),
        ("h11", "p"), // capture inside
        ("j9", "G"),
        ("j8", "p"), // capture leaving the zone
        ("l9", "G"), // non-capture leaving
        ("l12", "g"),
    ];
    let mut p = pos(&pieces, 'w');
    let m = moves_from(&mut p, "c8");
    assert_eq!(
        m,
        vec!["c8b8", "c8b9", "c8b9+", "c8c7", "c8c9", "c8c9+", "c8d8", "c8d9", "c8d9+"],
        "entering promotes optionally, moves outside do not (rules.md:405-411)"
    );
    let m = moves_from(&mut p, "e10");
    assert_eq!(m.len(), 6, "{m:?}");
    assert!(
        m.iter().all(|s| !s.ends_with('+')),
        "non-capture inside the zone does not promote (rules.md:408-412): {m:?}"
    );
    assert_has(&moves_from(&mut p, "h10"), &["h10h11+", "h10h11"], "capture inside the zone (rules.md:407, 412)");
    let m = moves_from(&mut p, "j9");
    assert_has(&m, &["j9j8+", "j9j8"], "capture leaving the zone (rules.md:407, 413)");
    assert_lacks(&m, &["j9i9+", "j9k9+", "j9j10+"], "non-captures inside (rules.md:408)");
    let m = moves_from(&mut p, "l9");
    assert_has(&m, &["l9l8"], "non-capture leaving");
    assert_lacks(&m, &["l9l8+"], "non-capture leaving the zone does not promote (rules.md:408, 411)");
    // The Gold promotes to Rook (`+G`).
    play(&mut p, "c8c9+");
    assert_eq!(at(&p, "c9"), "+G");
}

/// rules.md:405-406, 411-412: a Pawn or Lance reaching the last rank may promote even
/// without entering the zone; never forced (it may stay as a dead piece, which then has no
/// moves).
#[test]
fn promotion_pawn_lance_last_rank() {
    let pieces = [
        ("a1", "K"),
        ("a12", "k"),
        ("f11", "P"), // inside, to last rank
        ("d10", "L"), // inside, lance slides to d11 / d12
        ("k12", "P"), // dead pawn
        ("h8", "P"),  // enters
        ("b10", "P"), // inside, not last rank
        ("l1", "G"),
        ("l6", "g"),
    ];
    let mut p = pos(&pieces, 'w');
    let m = moves(&mut p);
    assert_has(&m, &["f11f12+", "f11f12"], "pawn to last rank (rules.md:411-412), not forced (rules.md:405-406)");
    assert_has(&m, &["d10d12+", "d10d12", "d10d11"], "lance to last rank (rules.md:411)");
    assert_lacks(&m, &["d10d11+"], "lance non-capture inside, not last rank (rules.md:408)");
    assert_has(&m, &["h8h9+", "h8h9"], "pawn entering (rules.md:408)");
    assert_has(&m, &["b10b11"], "pawn inside");
    assert_lacks(&m, &["b10b11+"], "pawn non-capture inside, not last rank (rules.md:408)");
    assert!(moves_from(&mut p, "k12").is_empty(), "a dead pawn has no moves (rules.md:405-406)");
    play(&mut p, "f11f12");
    assert_eq!(at(&p, "f12"), "P", "the Pawn may stay unpromoted on the last rank (rules.md:405-406)");
}

/// The `chu` section plays Chu Shogi as HaChu 0.21 does, XBoard's opponent for it: there a
/// Pawn or Lance has no last-rank exception (HaChu rejects `k2k1+` after k3k2, and after
/// `k2k1` the piece on k1 has no moves: checked against HaChu in force mode, 2026-11-23).
#[test]
fn chu_section_has_no_last_rank_exception() {
    let pieces = [("a1", "K"), ("a12", "k"), ("f11", "P"), ("d10", "L"), ("h8", "P"), ("l1", "G"), ("l6", "g")];
    let mut p = pos_in("chu", &pieces, 'w');
    let m = moves(&mut p);
    assert_has(&m, &["f11f12", "d10d12", "h8h9+", "h8h9"], "plain moves and promotion on entry");
    assert_lacks(&m, &["f11f12+", "d10d12+"], "no last-rank exception in `chu`");
    // A capture inside the zone still promotes (rules.md:407).
    let mut q = pos_in("chu", &[("a1", "K"), ("a12", "k"), ("f11", "P"), ("f12", "g")], 'w');
    assert_has(&moves(&mut q), &["f11f12+", "f11f12"], "capture inside the zone");
}

/// rules.md:405: Black's zone is ranks 4-1.
#[test]
fn promotion_black_zone() {
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("f5", "p"), ("g3", "g"), ("l1", "G")], 'b');
    let m = moves(&mut p);
    assert_has(&m, &["f5f4+", "f5f4"], "black enters ranks 4-1 (rules.md:405)");
    assert_has(&m, &["g3g2"], "inside");
    assert_lacks(&m, &["g3g2+", "g3f2+", "g3g4+"], "non-capture inside / leaving (rules.md:408)");
}

/// rules.md:354, 373, 375-376: promoted pieces never promote again; the Drunk Elephant
/// becomes a Crown Prince (a second royal), the Go-Between an Elephant that is not royal.
#[test]
fn promotion_targets_and_once_only() {
    let mut p = pos(&with_base(&[("c8", "+P"), ("e8", "N"), ("g8", "+B")]), 'w');
    let m = moves(&mut p);
    assert_has(&m, &["c8c9", "e8e9", "g8g9"], "moves into the zone");
    assert!(
        !m.iter().any(|s| s.ends_with('+')),
        "promoted pieces and the Lion never promote (rules.md:375-376): {m:?}"
    );

    let mut p = pos(&with_base(&[("f8", "E")]), 'w');
    assert_eq!(p.royal_count(Color::White), 1);
    play(&mut p, "f8f9+");
    assert_eq!(at(&p, "f9"), "+E");
    assert_eq!(p.royal_count(Color::White), 2, "Crown Prince is a second royal (rules.md:354)");

    let mut p = pos(&with_base(&[("f8", "I")]), 'w');
    play(&mut p, "f8f9+");
    assert_eq!(at(&p, "f9"), "+I");
    assert_eq!(p.royal_count(Color::White), 1, "Go-Between's Elephant never becomes a Prince (rules.md:373)");
    // ... and it moves as a Drunk Elephant (FsfW: not straight back).
    let mut p = pos(&with_base(&[("f9", "+I")]), 'w');
    let m = moves_from(&mut p, "f9");
    assert_eq!(m, vec!["f9e10", "f9e8", "f9e9", "f9f10", "f9g10", "f9g8", "f9g9"], "rules.md:373");
}

// ---- 4b: win / royalty / stalemate -------------------------------------------------------

/// rules.md:416: the game is won by capturing all royals (King + Crown Prince); with a
/// Prince left the game goes on.
#[test]
fn king_and_prince_both_needed() {
    let pieces = [("f1", "K"), ("l1", "+E"), ("a6", "G"), ("l12", "k"), ("f12", "r"), ("a12", "g")];
    let mut p = pos(&pieces, 'b');
    play(&mut p, "f12f1");
    assert!(game_end::terminal(&mut p).is_none(), "King lost but the Prince remains (rules.md:416)");
    assert!(!moves(&mut p).is_empty());
    play(&mut p, "a6a7");
    play(&mut p, "f1l1");
    let r = game_end::terminal(&mut p).expect("all royals captured");
    assert_eq!(r.winner, Some(Color::Black), "rules.md:416");
    assert!(moves(&mut p).is_empty(), "no moves once all royals are gone");

    // A Prince alone (King already gone) plays on.
    let mut p = pos(&[("f1", "+E"), ("a6", "G"), ("l12", "k"), ("a12", "g")], 'w');
    assert!(game_end::terminal(&mut p).is_none());
    assert_has(&moves(&mut p), &["f1f2", "f1e2"], "rules.md:416");
}

/// rules.md:417: moving into check (and leaving the King attacked) is legal.
#[test]
fn moving_into_check_is_legal() {
    // White King f1 attacked by the Rook f12; Rook g12 covers the g-file.
    let mut p = pos(&[("f1", "K"), ("a6", "G"), ("l12", "k"), ("f12", "r"), ("g12", "r"), ("a12", "g")], 'w');
    let m = moves(&mut p);
    assert_has(&m, &["f1g1", "f1g2", "f1f2", "f1e1", "f1e2", "a6a7"], "rules.md:417");
    assert_eq!(moves_from(&mut p, "f1").len(), 5);
    // Capturing the lone King ends the game.
    play(&mut p, "a6a7");
    play(&mut p, "f12f1");
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(Some(Color::Black)), "rules.md:416");
}

/// rules.md:416: a side without royals has lost: no legal moves for anyone.
#[test]
fn no_royals_is_lost() {
    let mut p = pos(&[("c3", "G"), ("l12", "k"), ("a12", "g")], 'w');
    assert!(moves(&mut p).is_empty());
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(Some(Color::Black)));
    let mut p = pos(&[("a1", "K"), ("c3", "G"), ("a12", "g")], 'w');
    assert!(moves(&mut p).is_empty());
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(Some(Color::White)));
}

/// rules.md:422: stalemate is a loss for the stalemated side.
#[test]
fn stalemate_is_a_loss() {
    // White King a1 walled in by its own Pawns on the a- and b-files (a12, b12 dead).
    let mut pieces: Vec<(String, String)> =
        vec![("a1".into(), "K".into()), ("l12".into(), "k".into()), ("l6".into(), "g".into())];
    for r in 1..=12 {
        if r > 1 {
            pieces.push((format!("a{r}"), "P".into()));
        }
        pieces.push((format!("b{r}"), "P".into()));
    }
    let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let mut p = pos(&refs, 'w');
    assert!(moves(&mut p).is_empty(), "{:?}", moves(&mut p));
    let r = game_end::terminal(&mut p).expect("stalemate");
    assert_eq!((r.winner, r.reason), (Some(Color::Black), "stalemate"), "rules.md:422");
}

/// rules.md:417-421, 446 ("bare-king rule on"): a side left with only its royal loses when
/// the opponent has its royal plus two pieces other than Pawn / Go-Between / dead Lance and
/// is not in check.
#[test]
fn bare_king_loses() {
    let mut p = pos(&[("a1", "K"), ("c3", "G"), ("d3", "S"), ("l12", "k")], 'b');
    let r = game_end::terminal(&mut p);
    assert_eq!(r.map(|r| r.winner), Some(Some(Color::White)), "rules.md:418-421, 446: Black is bared");
    // Pawns and Go-Betweens of the baring side do not count (rules.md:419-420).
    let mut p = pos(&[("a1", "K"), ("c3", "P"), ("d3", "I"), ("e3", "P"), ("l12", "k")], 'b');
    assert!(game_end::terminal(&mut p).is_none(), "rules.md:419-420");
}

/// rules.md:421: K vs K (only dead pawns/lances otherwise) is a draw.
#[test]
fn bare_king_k_vs_k_draw() {
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("c12", "P")], 'b');
    let r = game_end::terminal(&mut p);
    assert_eq!(r.map(|r| r.winner), Some(None), "rules.md:421: K vs K is a draw");
}
