//! Hand-built Chu Shogi positions (`chushogi`), one group of tests per rule of
//! docs/rules/shogi.md §3 (Chu Shogi). Every test cites the section(s) of that page it
//! checks as `§N`.
//!
//! Conventions: White = sente = upper case, moves up the board (ranks 1 -> 12). Positions
//! are written as piece lists (`("f6", "N")`) and turned into FENs by `fen()`. Kirin lists
//! every lion path as its own move (`f6f7,f7g8` besides the jump `f6g8`, each pass square
//! as its own `f6f7,f7f6`), so counts below count paths.
//!
//! The rules that live in a rule module of their own are tested in that module's file, with
//! a Chu Shogi section each: the Lion-trading rules L1-L3 in tests/rule_lion.rs, the bare
//! King in tests/rule_bare_king.rs, the (absent) perpetual-check exception in
//! tests/rule_perpetual.rs. The shared setups are in tests/common/chushogi.rs.

mod common;

use common::chushogi::{fen, pos, with_base};
use common::{assert_has, assert_lacks, at, moves, moves_from, play, pos_in};
use kirin::catalog::Catalog;
use kirin::game_end;
use kirin::position::Position;
use kirin::square::Color;

/// Two-leg moves from `sq` that end on `sq` again (igui and pass).
fn returning(p: &mut Position, sq: &str) -> Vec<String> {
    moves_from(p, sq).into_iter().filter(|m| m.contains(',') && m.ends_with(sq)).collect()
}

// ---- §3.1: array ------------------------------------------------------------------------

/// §3.1 (the start array) and §1.1 (Kirin writes `w` for sente, lishogi `b`).
#[test]
fn start_array() {
    let c = Catalog::embedded();
    let mut p = Position::startpos(c.get("chushogi").unwrap());
    assert_eq!(
        p.fen().split_whitespace().next().unwrap(),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL"
    );
    // 46 pieces per side (§3.1): the start position is legal and playable.
    assert!(!moves(&mut p).is_empty());
}

// ---- §3.3: the Lion move ----------------------------------------------------------------

/// §3.3: King step, jump to the 16 squares at distance 2, two King steps
/// (including the pass back to the origin). Open board: 8 + 16 + 8*8 paths = 88.
#[test]
fn lion_moves_open_board() {
    let mut p = pos(&with_base(&[("f6", "N")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_eq!(m.len(), 88, "{m:?}");
    assert_has(&m, &["f6f7", "f6e5", "f6f8", "f6h8", "f6g8", "f6h7", "f6d4"], "step and jump (§3.3)");
    assert_has(&m, &["f6f7,f7f6", "f6f7,f7g8", "f6g7,g7h6"], "two King steps (§3.3)");
    assert_lacks(&m, &["f6f9", "f6i6", "f6c3"], "nothing beyond distance 2 (§3.3)");
}

/// §3.3: igui (capture on A and return), hit-and-run (capture on A, move on to
/// an empty B), double capture (capture on A and on B).
#[test]
fn lion_igui_hit_and_run_double_capture() {
    let pieces = with_base(&[("f6", "N"), ("f7", "g"), ("g8", "s")]);
    let mut p = pos(&pieces, 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6f7", "f6g8", "f6f7,f7f6", "f6f7,f7e8", "f6f7,f7g8"], "§3.3");

    // igui: the Lion stays on f6, the Gold on f7 is gone.
    let mut q = pos(&pieces, 'w');
    play(&mut q, "f6f7,f7f6");
    assert_eq!(
        (at(&q, "f6"), at(&q, "f7"), at(&q, "g8")),
        ("N".into(), ".".into(), "s".into()),
        "igui: the Lion stays on f6, the Gold on f7 is gone (§3.3)"
    );

    // hit-and-run: Gold captured, Lion lands on the empty e8.
    let mut q = pos(&pieces, 'w');
    play(&mut q, "f6f7,f7e8");
    assert_eq!(
        (at(&q, "f6"), at(&q, "f7"), at(&q, "e8")),
        (".".into(), ".".into(), "N".into()),
        "hit-and-run: the Gold is gone, the Lion lands on e8 (§3.3)"
    );

    // double capture: Gold and Silver both gone, Lion on g8.
    let mut q = pos(&pieces, 'w');
    let before = q.fen();
    play(&mut q, "f6f7,f7g8");
    assert_eq!(
        (at(&q, "f6"), at(&q, "f7"), at(&q, "g8")),
        (".".into(), ".".into(), "N".into()),
        "double capture §3.3 ({before})"
    );
}

/// §3.3: the pass (jitto) steps to an empty adjacent square and back; only possible
/// when an adjacent square is empty. Kirin lists each pass square as its own move.
#[test]
fn lion_pass_needs_an_empty_adjacent_square() {
    let ring = [("e5", "G"), ("f5", "G"), ("g5", "G"), ("e6", "G"), ("g6", "G"), ("e7", "G"), ("f7", "G")];
    // All eight neighbours own pieces: no pass, only the 16 jumps.
    let mut all: Vec<(&str, &str)> = with_base(&ring);
    all.extend_from_slice(&[("f6", "N"), ("g7", "G")]);
    let mut p = pos(&all, 'w');
    assert!(returning(&mut p, "f6").is_empty(), "no empty neighbour, no pass (§3.3)");
    assert_eq!(moves_from(&mut p, "f6").len(), 16);

    // g7 empty: exactly one pass, through g7.
    let mut one: Vec<(&str, &str)> = with_base(&ring);
    one.push(("f6", "N"));
    let mut p = pos(&one, 'w');
    assert_eq!(returning(&mut p, "f6"), vec!["f6g7,g7f6"], "§3.3");
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
    assert_eq!((at(&p, "f6"), at(&p, "g7")), ("N".into(), ".".into()), "it was an igui, not a pass (§3.3)");
}

// ---- §3.4: Horned Falcon and Soaring Eagle ----------------------------------------------

/// §3.4: Horned Falcon = B + sR + bR, and forward only the lion power (step, jump to
/// the 2nd square, capture and continue, igui, pass); no forward slide beyond 2.
#[test]
fn horned_falcon() {
    // Open board: B 6+5+5+4, sR 5+6, bR 5, forward step/jump/path/pass 4 = 40.
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("f6", "+H"), ("a12", "g")], 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(
        &m,
        &["f6f7", "f6f8", "f6f7,f7f6", "f6f7,f7f8", "f6a11", "f6l12", "f6k1", "f6b2", "f6a6", "f6l6", "f6f1"],
        "§3.4",
    );
    assert_lacks(
        &m,
        &["f6f9", "f6f12", "f6e7,e7f6", "f6g6,g6f6", "f6f5,f5f6", "f6g7,g7f6"],
        "lion power forward only, no fR beyond 2 (§3.4)",
    );
    assert_eq!(m.len(), 40, "{m:?}");

    // Enemies on f7 (forward), e6 (side), g7 (forward diagonal).
    let mut p = pos(&with_base(&[("f6", "+H"), ("f7", "s"), ("e6", "g"), ("g7", "g")]), 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(
        &m,
        &["f6f7", "f6f7,f7f6", "f6f7,f7f8", "f6f8", "f6e6", "f6g7"],
        "§3.4: forward igui, hit-and-run and jump; the slides capture sideways and diagonally",
    );
    assert_lacks(
        &m,
        &["f6e6,e6f6", "f6g7,g7f6", "f6f7,f7e8", "f6f7,f7g8", "f6f9"],
        "no sideways/diagonal lion power; forward legs stay on the file (§3.4)",
    );
    // Double capture forward.
    let mut p = pos(&with_base(&[("f6", "+H"), ("f7", "s"), ("f8", "g")]), 'w');
    play(&mut p, "f6f7,f7f8");
    assert_eq!((at(&p, "f6"), at(&p, "f7"), at(&p, "f8")), (".".into(), ".".into(), "+H".into()), "§3.4");
}

/// §3.4: Soaring Eagle = R + bB, and on each forward diagonal only the lion power;
/// the two diagonals cannot be mixed.
#[test]
fn soaring_eagle() {
    // Black Gold on g7 (NE), NW diagonal empty.
    // R 6+5+5+6, bB 4+5, NE step/jump/cap-continue/igui 4, NW step/jump/path/pass 4 = 39.
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("f6", "+D"), ("g7", "g")], 'w');
    let m = moves_from(&mut p, "f6");
    assert_has(&m, &["f6g7", "f6h8", "f6g7,g7f6", "f6g7,g7h8"], "NE lion power (§3.4)");
    assert_has(&m, &["f6e7", "f6d8", "f6e7,e7d8", "f6e7,e7f6"], "NW lion power incl. pass (§3.4)");
    assert_has(&m, &["f6f12", "f6f1", "f6a6", "f6l6", "f6b2", "f6k1"], "R + bB (§3.4)");
    assert_lacks(&m, &["f6c9", "f6i9"], "no forward diagonal beyond 2 (§3.4)");
    assert_lacks(
        &m,
        &["f6g7,g7f8", "f6e7,e7f8", "f6g7,g7h6", "f6e7,e7d6", "f6g7,g7h7", "f6g7,g7g8"],
        "diagonals not mixed (§3.4)",
    );
    assert_lacks(&m, &["f6f7,f7f6", "f6e6,e6f6", "f6e5,e5f6"], "no orthogonal/backward lion power (§3.4)");
    assert_eq!(m.len(), 39, "{m:?}");
    // Double capture along one diagonal.
    let mut p = pos(&with_base(&[("f6", "+D"), ("g7", "s"), ("h8", "g")]), 'w');
    play(&mut p, "f6g7,g7h8");
    assert_eq!((at(&p, "f6"), at(&p, "g7"), at(&p, "h8")), (".".into(), ".".into(), "+D".into()));
}

// ---- §3.6: promotion --------------------------------------------------------------------

/// §3.6 (CSRM, as LISHOGI `canPromote`): entering the zone may promote, a
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
        "entering promotes optionally, moves outside do not (§3.6)"
    );
    let m = moves_from(&mut p, "e10");
    assert_eq!(m.len(), 6, "{m:?}");
    assert!(
        m.iter().all(|s| !s.ends_with('+')),
        "a non-capture that stays inside the zone does not promote (§3.6): {m:?}"
    );
    assert_has(&moves_from(&mut p, "h10"), &["h10h11+", "h10h11"], "capture inside the zone (§3.6)");
    let m = moves_from(&mut p, "j9");
    assert_has(&m, &["j9j8+", "j9j8"], "capture leaving the zone (§3.6)");
    assert_lacks(&m, &["j9i9+", "j9k9+", "j9j10+"], "non-captures inside (§3.6)");
    let m = moves_from(&mut p, "l9");
    assert_has(&m, &["l9l8"], "non-capture leaving");
    assert_lacks(&m, &["l9l8+"], "non-capture leaving the zone does not promote (§3.6)");
    // The Gold promotes to Rook (`+G`).
    play(&mut p, "c8c9+");
    assert_eq!(at(&p, "c9"), "+G");
}

/// §3.6: a Pawn or Lance reaching the last rank may promote even
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
    assert_has(&m, &["f11f12+", "f11f12"], "pawn to last rank, not forced (§3.6)");
    assert_has(&m, &["d10d12+", "d10d12", "d10d11"], "lance to last rank (§3.6)");
    assert_lacks(&m, &["d10d11+"], "lance non-capture inside, not last rank (§3.6)");
    assert_has(&m, &["h8h9+", "h8h9"], "pawn entering (§3.6)");
    assert_has(&m, &["b10b11"], "pawn inside");
    assert_lacks(&m, &["b10b11+"], "pawn non-capture inside, not last rank (§3.6)");
    assert!(moves_from(&mut p, "k12").is_empty(), "a dead pawn has no moves (§3.6)");
    play(&mut p, "f11f12");
    assert_eq!(at(&p, "f12"), "P", "the Pawn may stay unpromoted on the last rank (§3.6)");
}

/// The `chu` section plays Chu Shogi as HaChu 0.21 does, XBoard's opponent for it: there a
/// Pawn or Lance has no last-rank exception (HaChu rejects `k2k1+` after k3k2, and after
/// `k2k1` the piece on k1 has no moves: checked against HaChu in force mode, 2026-11-23).
#[test]
fn chu_section_has_no_last_rank_exception() {
    let pieces = [("a1", "K"), ("a12", "k"), ("f11", "P"), ("d10", "L"), ("h8", "P"), ("l1", "G"), ("l6", "g")];
    let mut p = pos_in("chu", &fen(&pieces, 'w'));
    let m = moves(&mut p);
    assert_has(&m, &["f11f12", "d10d12", "h8h9+", "h8h9"], "plain moves and promotion on entry");
    assert_lacks(&m, &["f11f12+", "d10d12+"], "no last-rank exception in `chu`");
    // A capture inside the zone still promotes (§3.6).
    let mut q = pos_in("chu", &fen(&[("a1", "K"), ("a12", "k"), ("f11", "P"), ("f12", "g")], 'w'));
    assert_has(&moves(&mut q), &["f11f12+", "f11f12"], "capture inside the zone");
}

/// §3.6: Black's zone is ranks 4-1.
#[test]
fn promotion_black_zone() {
    let mut p = pos(&[("a1", "K"), ("l12", "k"), ("f5", "p"), ("g3", "g"), ("l1", "G")], 'b');
    let m = moves(&mut p);
    assert_has(&m, &["f5f4+", "f5f4"], "black enters ranks 4-1 (§3.6)");
    assert_has(&m, &["g3g2"], "inside");
    assert_lacks(&m, &["g3g2+", "g3f2+", "g3g4+"], "non-capture inside / leaving (§3.6)");
}

/// §3.2: promoted pieces never promote again; the Drunk Elephant
/// becomes a Crown Prince (a second royal), the Go-Between an Elephant that is not royal.
#[test]
fn promotion_targets_and_once_only() {
    let mut p = pos(&with_base(&[("c8", "+P"), ("e8", "N"), ("g8", "+B")]), 'w');
    let m = moves(&mut p);
    assert_has(&m, &["c8c9", "e8e9", "g8g9"], "moves into the zone");
    assert!(
        !m.iter().any(|s| s.ends_with('+')),
        "promoted pieces and the Lion never promote, not even in the zone (§3.2, §3.6): {m:?}"
    );

    let mut p = pos(&with_base(&[("f8", "E")]), 'w');
    assert_eq!(p.royal_count(Color::White), 1);
    play(&mut p, "f8f9+");
    assert_eq!(at(&p, "f9"), "+E");
    assert_eq!(p.royal_count(Color::White), 2, "Crown Prince is a second royal (§3.2)");

    let mut p = pos(&with_base(&[("f8", "I")]), 'w');
    play(&mut p, "f8f9+");
    assert_eq!(at(&p, "f9"), "+I");
    assert_eq!(p.royal_count(Color::White), 1, "Go-Between's Elephant never becomes a Prince (§3.2)");
    // ... and it moves as a Drunk Elephant (FsfW: not straight back).
    let mut p = pos(&with_base(&[("f9", "+I")]), 'w');
    let m = moves_from(&mut p, "f9");
    assert_eq!(m, vec!["f9e10", "f9e8", "f9e9", "f9f10", "f9g10", "f9g8", "f9g9"], "§3.2");
}

// ---- §3.7, §3.8: win / royalty / stalemate ----------------------------------------------

/// §3.7 and §3.8: the game is won by capturing all royals (King + Crown Prince); with a
/// Prince left the game goes on.
#[test]
fn king_and_prince_both_needed() {
    let pieces = [("f1", "K"), ("l1", "+E"), ("a6", "G"), ("l12", "k"), ("f12", "r"), ("a12", "g")];
    let mut p = pos(&pieces, 'b');
    play(&mut p, "f12f1");
    assert!(game_end::terminal(&mut p).is_none(), "King lost but the Prince remains (§3.8)");
    assert!(!moves(&mut p).is_empty());
    play(&mut p, "a6a7");
    play(&mut p, "f1l1");
    let r = game_end::terminal(&mut p).expect("all royals captured");
    assert_eq!(r.winner, Some(Color::Black), "§3.8");
    assert!(moves(&mut p).is_empty(), "no moves once all royals are gone");

    // A Prince alone (King already gone) plays on.
    let mut p = pos(&[("f1", "+E"), ("a6", "G"), ("l12", "k"), ("a12", "g")], 'w');
    assert!(game_end::terminal(&mut p).is_none());
    assert_has(&moves(&mut p), &["f1f2", "f1e2"], "§3.8");
}

/// §3.7: moving into check (and leaving the King attacked) is legal.
#[test]
fn moving_into_check_is_legal() {
    // White King f1 attacked by the Rook f12; Rook g12 covers the g-file.
    let mut p = pos(&[("f1", "K"), ("a6", "G"), ("l12", "k"), ("f12", "r"), ("g12", "r"), ("a12", "g")], 'w');
    let m = moves(&mut p);
    assert_has(&m, &["f1g1", "f1g2", "f1f2", "f1e1", "f1e2", "a6a7"], "§3.7");
    assert_eq!(moves_from(&mut p, "f1").len(), 5);
    // Capturing the lone King ends the game.
    play(&mut p, "a6a7");
    play(&mut p, "f12f1");
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(Some(Color::Black)), "§3.8");
}

/// §3.8: a side without royals has lost: no legal moves for anyone. (Reached by
/// capturing the last royal: a FEN without one is refused as a finished game.)
#[test]
fn no_royals_is_lost() {
    let mut p = pos(&[("a1", "K"), ("b2", "g"), ("l12", "k")], 'b');
    let m = p.parse_move("b2a1").unwrap();
    p.make_move(m);
    assert!(moves(&mut p).is_empty());
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(Some(Color::Black)));
    let mut p = pos(&[("a1", "K"), ("k11", "G"), ("l12", "k")], 'w');
    let m = p.parse_move("k11l12").unwrap();
    p.make_move(m);
    assert!(moves(&mut p).is_empty());
    assert_eq!(game_end::terminal(&mut p).map(|r| r.winner), Some(Some(Color::White)));
}

/// §3.8: stalemate is a loss for the stalemated side.
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
    assert_eq!((r.winner, r.reason), (Some(Color::Black), "stalemate"), "§3.8");
}
