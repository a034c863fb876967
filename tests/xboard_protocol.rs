//! CECP / XBoard protocol through the real binary: handshake, engine-defined variants,
//! bad input (one line in the protocol's format, state unchanged, engine still answering),
//! 0-based ranks on 10-rank boards, and `ping` ordering while thinking.

mod common;

use common::process::Engine;
use std::time::Duration;

fn handshake(e: &mut Engine) -> Vec<String> {
    e.send("xboard");
    e.send("protover 2");
    e.read_until(|l| l.contains("done=1"))
}

#[test]
fn feature_negotiation() {
    let mut e = Engine::start(&["xboard"]);
    let f = handshake(&mut e);
    assert_eq!(f[0], "feature done=0");
    let all = f.join("\n");
    for needed in ["ping=1", "setboard=1", "usermove=1", "colors=0", "sigint=0", "debug=1", "analyze=1", "highlight=1"]
    {
        assert!(all.contains(needed), "{needed} missing in {all}");
    }
    assert!(!all.contains("setscore"), "XBoard 4.9.1 crashes on setscore before option");
    for l in f.iter().filter(|l| l.contains("option=")) {
        assert_eq!(l.matches("option=").count(), 1, "one option per line: {l}");
    }
    let variants = f.iter().find(|l| l.contains("variants=")).unwrap();
    assert!(variants.contains("\"normal,"), "{variants}");
    for v in ["shatranj", "courier", "couriermodern", "shoshogi", "verney"] {
        assert!(variants.contains(v), "{v} not offered: {variants}");
    }
    assert!(!variants.contains("courier-modern"), "XBoard would read courier-modern as courier");
}

#[test]
fn engine_defined_variant_sends_setup_before_pong() {
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("variant couriermodern");
    let out = e.sync(1);
    assert!(out[0].starts_with("setup (PNBRQ"), "{out:?}");
    assert!(
        out[0].contains(" 12x8+0_fairy rnebwqkmbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBWQKMBENR w KQkq - 0 1"),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "piece K& KisO3"), "{out:?}");
    assert!(out.iter().any(|l| l == "piece P& fmWfceFifmnD"), "{out:?}");
    // Built-in variants get no setup.
    e.send("new");
    e.send("variant courier");
    assert!(e.sync(2).is_empty());
    // ... and XBoard's courier starts before the compulsory moves.
    // (a2a3 is impossible in Fairy-Stockfish's array, where that pawn is already on a4.)
    e.send("force");
    e.send("usermove a2a3");
    assert!(e.sync(3).is_empty(), "pawns on the 2nd rank in XBoard's courier");
}

#[test]
fn bad_input_is_answered_and_state_kept() {
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("force");
    e.send("usermove e2e5");
    e.send("usermove e2");
    e.send("frobnicate 3");
    e.send("undo");
    e.send("variant nosuchgame");
    e.send("level 40 x 0");
    e.send("sd zero");
    e.send("memory lots");
    e.send("option NoSuchOption=1");
    // Commands that must never produce an error (python-chess treats Error as fatal).
    for quiet in [
        "random",
        "computer",
        "nopost",
        "post",
        ".",
        "easy",
        "hard",
        "accepted ping",
        "rejected san",
        "name Foo",
        "rating 2000 2100",
        "ics -",
        "hover e4",
        "bk",
        "exit",
    ] {
        e.send(quiet);
    }
    let out = e.sync(1);
    assert_eq!(
        out,
        vec![
            "Illegal move: e2e5",
            "Illegal move: e2",
            "Error (unknown command): frobnicate 3",
            "Error (command not legal now): undo",
            "Error (unsupported variant): variant nosuchgame",
            "Error (bad argument): level 40 x 0",
            "Error (bad argument): sd zero",
            "Error (bad argument): memory lots",
            "Error (unknown option): option NoSuchOption=1",
        ]
    );
    // The game is still at the start: e2e4 is legal, and undo works once.
    e.send("usermove e2e4");
    e.send("undo");
    e.send("usermove d2d4");
    assert!(e.sync(2).is_empty());
    // A bad setboard: error to the user, then every move is refused until a good one.
    e.send("setboard 8/8/8 w - - 0 1");
    e.send("usermove d7d5");
    let out = e.sync(3);
    assert!(out[0].starts_with("tellusererror Illegal position"), "{out:?}");
    assert_eq!(out[1], "Illegal move: d7d5");
    e.send("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    e.send("usermove e1g1");
    assert!(e.sync(4).is_empty());
}

#[test]
fn plays_legal_moves_and_claims_mate() {
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("sd 4");
    e.send("usermove e2e4");
    let out = e.read_until(|l| l.starts_with("move "));
    let mv = out.last().unwrap().trim_start_matches("move ").to_string();
    assert!(
        [
            "e7e5", "e7e6", "c7c5", "d7d5", "g8f6", "b8c6", "c7c6", "d7d6", "g7g6", "a7a6", "b7b6", "h7h6", "a7a5",
            "b7b5", "f7f5", "f7f6", "g7g5", "h7h5", "b8a6", "g8h6"
        ]
        .contains(&mv.as_str()),
        "{mv}"
    );
    // Fool's mate position, the engine (White) mates and claims the result.
    e.send("new");
    e.send("force");
    e.send("setboard rnbqkbnr/ppppp2p/8/5pp1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    e.send("sd 3");
    e.send("go");
    let out = e.read_until(|l| l.starts_with("1-0"));
    assert!(out.contains(&"move d1h5".to_string()), "{out:?}");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
}

#[test]
fn ping_while_thinking_is_answered_after_the_move() {
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("st 0.3");
    e.send("usermove e2e4");
    e.send("ping 7");
    let out = e.read_until(|l| l == "pong 7");
    let move_at = out.iter().position(|l| l.starts_with("move ")).expect("a move before the pong");
    assert_eq!(move_at + 1, out.len() - 1, "pong right after the move: {out:?}");
}

#[test]
fn move_now_and_analysis() {
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    std::thread::sleep(Duration::from_millis(300));
    e.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(300));
    e.send("exit");
    let out = e.sync(1);
    // Thinking lines: ply score time nodes seldepth nps tbhits TAB pv.
    let thinking: Vec<&String> = out.iter().filter(|l| l.contains('\t')).collect();
    assert!(!thinking.is_empty(), "{out:?}");
    for l in &thinking {
        let (nums, _pv) = l.split_once('\t').unwrap();
        assert_eq!(nums.split_whitespace().count(), 7, "{l}");
    }
    // '?' makes the engine move at once.
    e.send("level 0 60 0");
    e.send("go");
    std::thread::sleep(Duration::from_millis(200));
    let t = std::time::Instant::now();
    e.send("?");
    e.read_until(|l| l.starts_with("move "));
    assert!(t.elapsed() < Duration::from_millis(500), "move-now took {:?}", t.elapsed());
}

#[test]
fn ten_rank_boards_use_zero_based_ranks() {
    let dir = std::env::temp_dir().join(format!("kirin-xb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("ten.ini");
    std::fs::write(
        &ini,
        "[tenrank]\nboard = 10x10\npiece = P pawn fmWfcF\npiece = R rook R\npiece = K king K\nroyal = K\npromote.P = R\n\
         startFen = 4k5/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R3K4R w - - 0 1\n",
    )
    .unwrap();
    let mut e = Engine::start(&["--variants", ini.to_str().unwrap(), "xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("variant tenrank");
    let out = e.sync(1);
    assert!(out[0].starts_with("setup ("), "{out:?}");
    e.send("force");
    // White's a-pawn from rank 2 to rank 3 is "a1a2" in CECP on a 10-rank board.
    e.send("usermove a1a2");
    e.send("usermove a2a3");
    assert_eq!(e.sync(2), vec!["Illegal move: a2a3"]);
    e.send("sd 2");
    e.send("go");
    let out = e.read_until(|l| l.starts_with("move "));
    let mv = out.last().unwrap();
    // Black's pawns stand on rank 9 = CECP rank 8.
    assert!(mv.contains('8') || mv.contains('9'), "{mv}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chu_null_move_is_a_lion_pass() {
    // HaChu (and XBoard) write a Lion's pass as "@@@@".
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("variant chu");
    e.send("force");
    e.send("setboard 11k/12/12/12/12/12/12/5N6/12/12/12/K10i w - - 0 1");
    e.send("usermove @@@@");
    assert!(e.sync(1).is_empty(), "the pass is legal");
    // Black to move now: its go-between steps.
    e.send("usermove l1l2");
    assert!(e.sync(2).is_empty());
    // Without a piece that can pass, @@@@ is illegal.
    e.send("setboard 11k/12/12/12/12/12/12/5G6/12/12/12/K10i w - - 0 1");
    e.send("usermove @@@@");
    assert_eq!(e.sync(3), vec!["Illegal move: @@@@"]);
}

#[test]
fn chu_pawn_never_steps_unpromoted_onto_the_last_rank_under_xboard() {
    // XBoard 4.9.1 takes a move of its Pawn (or Lance) onto the last rank for a promotion
    // and, with no suffix written, adds its Queen-slot letter (parser.c) and changes the
    // piece on its board (backend.c ApplyMove): "f11f12" would reach the opponent as
    // "f11f12q". Chu's rules allow the dead-pawn move (docs/rules/shogi.md §3.6), but under
    // XBoard it is not played while another move exists.
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("variant chu");
    // White: King a1, Gold a6 (so that a dead pawn does not leave a bare King), Pawn f11.
    // Black: King l12, Rook l2. The engine's move with only `moves` left to it.
    let only = |e: &mut Engine, moves: &[&str]| -> String {
        e.send("force");
        e.send("setboard 11k/5P6/12/12/12/12/G11/12/12/12/11r/K11 w - - 0 1");
        e.send("exclude all");
        for m in moves {
            e.send(&format!("include {m}"));
        }
        e.send("sd 3");
        e.send("go");
        e.read_until(|l| l.starts_with("move ")).last().unwrap().clone()
    };
    // Only the dead-pawn step and a King step into the Rook's rank, which loses the King,
    // are left: a search free to choose plays f11f12.
    assert_eq!(only(&mut e, &["f11f12", "a1a2"]), "move a1a2");
    // With nothing else left the move is still played: an engine must move.
    assert_eq!(only(&mut e, &["f11f12"]), "move f11f12");
}

#[test]
fn gleeman_free_castling_in_the_form_xboard_shows() {
    // XBoard 4.9.1 moves a King that goes two or more squares along its rank as castling
    // with the nearest piece beyond, landing next to the King (backend.c ApplyMove); it
    // knows no other free castling (docs/rules/gleeman.md §5). Under CECP Kirin writes and
    // reads such a castling as the King's move alone, and does not choose the others while
    // another move is legal.
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("variant gleeman");
    e.send("force");
    // White King e1, Rooks a1 and i1, pawns; Black King e9.
    let fen = "4k4/p8/9/9/9/9/P8/9/R3K3R w KQ - 0 1";
    e.send(&format!("setboard {fen}"));
    e.send("usermove e1g1");
    e.send("ping 1");
    let lines = e.read_until(|l| l == "pong 1");
    assert!(!lines.iter().any(|l| l.contains("Illegal") || l.contains("Error")), "{lines:?}");
    // The King went to g1 and the Rook to f1: Black to move; take back and check the board.
    e.send("undo");
    // Only castlings left: the engine picks one XBoard can show, and writes it King-only.
    e.send(&format!("setboard {fen}"));
    e.send("exclude all");
    for m in ["e1f1,i1e1", "e1g1,i1e1", "e1h1,i1f1", "e1g1,i1f1"] {
        e.send(&format!("include {m}"));
    }
    e.send("sd 2");
    e.send("go");
    let mv = e.read_until(|l| l.starts_with("move ")).last().unwrap().clone();
    assert_eq!(mv, "move e1g1", "the only castling XBoard shows among those left");
}

#[test]
fn slidechess_resigns_rather_than_play_a_cage_move_xboard_refuses() {
    // XBoard 4.9.1 refuses a move from an empty square even without legality testing
    // (backend.c ParseOneMove): an empty cage's relocation forfeited a game (measured). A lone
    // Black King whose only legal moves are such relocations resigns instead, saying why
    // (docs/rules/slide-chess.md §4; docs/xboard-variants.md, Slide-chess).
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("new");
    e.send("variant slidechess");
    e.send("force");
    e.send("setboard ****1****/*2k4*/*6R*/*P1N4*/*7*/*1PK4*/*7*/****1**** b - - 0 57");
    e.send("go");
    let lines = e.read_until(|l| l == "resign" || l.starts_with("move "));
    assert_eq!(lines.last().map(String::as_str), Some("resign"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("telluser ")), "{lines:?}");
    // With a piece of its own in the cage a relocation is a move XBoard takes (the piece's
    // move): played when it is the one left.
    e.send("new");
    e.send("variant slidechess");
    e.send("force");
    e.send("setboard ****N****/*2k4*/*6R*/*P1N4*/*7*/*1PK4*/*7*/****1**** w - - 0 57");
    e.send("exclude all");
    e.send("include e8a1");
    e.send("sd 2");
    e.send("go");
    let mv = e.read_until(|l| l == "resign" || l.starts_with("move ")).last().unwrap().clone();
    assert_eq!(mv, "move e8a1");
}

/// Cute Chess sends `variant courier` and no `setboard`: it means the start after the
/// compulsory moves (rules.md §7b), XBoard the array before them. The `GUI` option picks
/// which: by default from the handshake (Cute Chess answers `rejected playother`, XBoard
/// never does); with the wrong one, a first move that only fits the other start names it.
#[test]
fn courier_start_follows_the_gui_option() {
    let mut e = Engine::start(&["xboard"]);
    let f = handshake(&mut e);
    assert!(f.contains(&"feature option=\"GUI -combo *auto /// XBoard /// Cute Chess\"".to_string()), "{f:?}");
    // XBoard accepts every feature: the Fers is on g1, so g3f4 is illegal and the hint
    // names the option.
    e.send("accepted playother");
    e.send("new");
    e.send("variant courier");
    e.send("force");
    e.send("usermove g3f4");
    e.send("ping 1");
    let out = e.read_until(|l| l == "pong 1");
    assert!(out.contains(&"Illegal move: g3f4".to_string()), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("tellusererror") && l.contains("GUI to Cute Chess")), "{out:?}");
    // Set by hand: Cute Chess's start, where the same move is played.
    e.send("option GUI=Cute Chess");
    assert_plays_g3f4(&mut e);
    e.send("option GUI=Arena");
    e.send("ping 2");
    let out = e.read_until(|l| l == "pong 2");
    assert!(out.iter().any(|l| l.starts_with("Error (bad option value)")), "{out:?}");

    // Left on auto, a host that rejects playother is taken for Cute Chess.
    let mut e = Engine::start(&["xboard"]);
    handshake(&mut e);
    e.send("rejected playother");
    assert_plays_g3f4(&mut e);
}

fn assert_plays_g3f4(e: &mut Engine) {
    e.send("new");
    e.send("variant courier");
    e.send("force");
    e.send("usermove g3f4");
    e.send("sd 2");
    e.send("go");
    let out = e.read_until(|l| l.starts_with("move ") || l.starts_with("Illegal") || l.starts_with("Error"));
    assert!(out.last().unwrap().starts_with("move "), "{out:?}");
}
