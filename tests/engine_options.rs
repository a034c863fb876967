//! Options and answers a GUI user expects, through the real binary over both protocols.

mod common;

use common::process::Engine;

/// An engine after the CECP handshake, and the feature lines it sent.
fn xboard(args: &[&str]) -> (Engine, Vec<String>) {
    let mut x = Engine::start(args);
    x.send("xboard");
    x.send("protover 2");
    let features = x.read_until(|l| l.contains("done=1"));
    (x, features)
}

/// An engine after the UCI handshake, and the lines it sent.
fn uci() -> (Engine, Vec<String>) {
    let mut u = Engine::start(&["uci"]);
    u.send("uci");
    let lines = u.read_until(|l| l == "uciok");
    (u, lines)
}

/// `Clear Hash` is a button in both protocols: offered, accepted without an error, and the
/// engine searches on afterwards.
#[test]
fn clear_hash_is_a_button() {
    let (mut u, lines) = uci();
    assert!(lines.iter().any(|l| l == "option name Clear Hash type button"), "{lines:?}");
    u.send("position startpos moves e2e4");
    u.send("go depth 4");
    u.read_until(|l| l.starts_with("bestmove"));
    u.send("setoption name Clear Hash");
    assert_eq!(u.uci_sync(), Vec::<String>::new());
    u.send("go depth 4");
    u.read_until(|l| l.starts_with("bestmove"));

    let (mut x, lines) = xboard(&["xboard"]);
    assert!(lines.iter().any(|l| l == "feature option=\"Clear Hash -button\""), "{lines:?}");
    x.send("option Clear Hash");
    assert_eq!(x.sync(1), Vec::<String>::new());
}

/// An unknown variant name is answered with the names there are.
#[test]
fn an_unknown_variant_lists_the_known_ones() {
    let (mut u, _) = uci();
    u.send("setoption name UCI_Variant value chushogii");
    let out = u.uci_sync();
    assert!(out.len() == 1 && out[0].starts_with("info string error unknown variant 'chushogii'"), "{out:?}");
    assert!(out[0].contains("chushogi") && out[0].contains("shortsliders"), "{out:?}");

    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_kirin"))
        .args(["show", "--variant", "chushogii"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&cli.stderr);
    assert_eq!(cli.status.code(), Some(1));
    assert!(err.contains("known: chess shatranj"), "{err}");
}

/// CECP: in courier (a variant XBoard and Cute Chess know, with their own counting rules)
/// Kirin leaves the 50-move rule to the host unless `Claim Draws` says `always`.
#[test]
fn draw_claims_follow_the_claim_draws_option() {
    let fen = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 100 80";
    for (option, claims) in [("", false), ("option Claim Draws=always", true), ("option Claim Draws=never", false)] {
        let (mut x, features) = xboard(&["xboard"]);
        assert!(features.iter().any(|l| l.contains("Claim Draws -combo *auto /// always /// never")), "{features:?}");
        x.send("variant courier");
        if !option.is_empty() {
            x.send(option);
        }
        x.send(&format!("setboard {fen}"));
        x.send("st 1");
        x.send("go");
        let answer = x.read_until(|l| l.starts_with("move ") || l.starts_with("1/2-1/2"));
        assert_eq!(answer.last().unwrap().starts_with("1/2-1/2 {50-move rule}"), claims, "{option}: {answer:?}");
    }
    let (mut x, _) = xboard(&["xboard"]);
    x.send("option Claim Draws=sometimes");
    x.send("option Draw Moves=-1");
    let out = x.sync(1);
    assert_eq!(out.iter().filter(|l| l.starts_with("Error (bad option value)")).count(), 2, "{out:?}");
}

/// `Debug Log File` (and `--debug-log`) records what came in and what went out.
#[test]
fn the_debug_log_file_records_both_directions() {
    let dir = std::env::temp_dir().join(format!("kirin-debug-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("uci.log");
    let (mut u, lines) = uci();
    assert!(lines.iter().any(|l| l == "option name Debug Log File type string default <empty>"));
    u.send(&format!("setoption name Debug Log File value {}", file.display()));
    u.send("position startpos moves e2e4");
    u.uci_sync();
    u.send("setoption name Debug Log File value /nonexistent-dir/x.log");
    let out = u.uci_sync();
    assert!(out.len() == 1 && out[0].starts_with("info string error Debug Log File: cannot open"), "{out:?}");
    let log = std::fs::read_to_string(&file).unwrap();
    assert!(log.contains(" << position startpos moves e2e4\n"), "{log}");
    assert!(log.contains(" << isready\n") && log.contains(" >> readyok\n"), "{log}");

    let file = dir.join("cecp.log");
    let (mut x, _) = xboard(&["--debug-log", file.to_str().unwrap(), "xboard"]);
    x.sync(7);
    let log = std::fs::read_to_string(&file).unwrap();
    assert!(log.contains(" << ping 7\n") && log.contains(" >> pong 7\n"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Short Sliders (16 ranks) under XBoard without `-rankOffset 1`: the GUI sends 1-based
/// ranks, Kirin reads them 0-based, and the move is illegal. Kirin says which flag is missing.
#[test]
fn a_missing_rank_offset_is_named() {
    let (mut x, _) = xboard(&["xboard"]);
    x.send("variant shortsliders");
    x.send("force");
    x.send("usermove c2c5");
    let out = x.sync(1);
    assert!(out.iter().any(|l| l == "Illegal move: c2c5"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("tellusererror") && l.contains("-rankOffset 1")), "{out:?}");
    // The same move with the flag (0-based ranks) is played, and nothing is said.
    x.send("usermove c1c4");
    let out = x.sync(2);
    assert!(out.iter().all(|l| !l.starts_with("Illegal") && !l.starts_with("telluser")), "{out:?}");
}

/// UCI `eval` prints what `kirin show` prints about the evaluation.
#[test]
fn uci_eval_prints_the_terms() {
    let (mut u, _) = uci();
    u.send("position startpos moves e2e4");
    u.send("eval");
    let out = u.uci_sync();
    assert!(out.first().is_some_and(|l| l.starts_with("Static eval (side to move): ")), "{out:?}");
    assert!(out.iter().any(|l| l.trim_start().starts_with("total")), "{out:?}");
}

/// The first move of each `info` line of one depth, with its score (cp).
fn lines_at(out: &[String], depth: i32) -> Vec<(String, i32)> {
    out.iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")) && l.contains(" multipv "))
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let at = |k: &str| t.iter().position(|x| *x == k).map(|i| t[i + 1]).unwrap();
            (at("pv").to_string(), at("cp").parse().unwrap_or(0))
        })
        .collect()
}

/// MultiPV: every depth reports each line once, best first, with distinct moves (a line
/// that a later one overtook used to be printed twice).
#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let (mut u, _) = uci();
    u.send("setoption name MultiPV value 4");
    u.send("position startpos");
    u.send("go depth 7");
    let out = u.read_until(|l| l.starts_with("bestmove"));
    for depth in 1..=7 {
        let lines = lines_at(&out, depth);
        assert_eq!(lines.len(), 4, "depth {depth}: {lines:?}");
        let mut moves: Vec<&String> = lines.iter().map(|(m, _)| m).collect();
        moves.sort();
        moves.dedup();
        assert_eq!(moves.len(), 4, "depth {depth}: {lines:?}");
        assert!(lines.windows(2).all(|w| w[0].1 >= w[1].1), "depth {depth}: {lines:?}");
    }
}

/// `Skill Level` (0-20) in both protocols. Level 0 picks its move at depth 1 among the
/// four best lines, and stops there however deep it was asked to go.
#[test]
fn skill_level_weakens_the_pick() {
    let (mut u, lines) = uci();
    assert!(lines.iter().any(|l| l == "option name Skill Level type spin default 20 min 0 max 20"), "{lines:?}");
    u.send("setoption name Skill Level value 21");
    assert!(u.uci_sync().iter().any(|l| l.starts_with("info string error bad Skill Level")));
    u.send("setoption name Skill Level value 0");
    u.send("position startpos");
    u.send("go depth 12");
    let out = u.read_until(|l| l.starts_with("bestmove"));
    let candidates = lines_at(&out, 1);
    assert_eq!(candidates.len(), 4, "{out:?}");
    assert!(lines_at(&out, 2).is_empty(), "searched on past the pick: {out:?}");
    let best = out.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(candidates.iter().any(|(m, _)| *m == best), "{best} not among {candidates:?}");

    let (mut x, lines) = xboard(&["xboard"]);
    assert!(lines.iter().any(|l| l == "feature option=\"Skill Level -spin 20 0 20\""), "{lines:?}");
    x.send("option Skill Level=3");
    x.send("new");
    x.send("sd 10");
    x.send("usermove e2e4");
    let out = x.read_until(|l| l.starts_with("move ") || l.starts_with("Error"));
    assert!(out.last().unwrap().starts_with("move "), "{out:?}");
}

/// UCI `flip`: the position mirrored with the colours swapped (as Stockfish's), refused
/// with one error line where the mirror is no position of the variant (Tamerlane's
/// citadels sit at opposite corners).
#[test]
fn flip_mirrors_the_position() {
    let (mut u, _) = uci();
    u.send("position startpos moves e2e4");
    u.send("flip");
    u.send("d");
    let out = u.read_until(|l| l.starts_with("Key: "));
    assert!(out.iter().any(|l| l == "Fen: rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "{out:?}");
    u.send("setoption name UCI_Variant value tamerlane");
    u.send("flip");
    let out = u.uci_sync();
    assert!(out.iter().any(|l| l.starts_with("info string error flip: tamerlane")), "{out:?}");
}

/// The node count of the last `info depth` line of a fixed-depth search from the Kiwipete
/// position (one thread, a cleared table: deterministic).
fn nodes_to_depth(u: &mut Engine, depth: i32) -> u64 {
    u.send("setoption name Clear Hash");
    u.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    u.send(&format!("go depth {depth}"));
    let out = u.read_until(|l| l.starts_with("bestmove"));
    let last = out.iter().rev().find(|l| l.starts_with(&format!("info depth {depth} "))).expect("a last depth line");
    let t: Vec<&str> = last.split_whitespace().collect();
    t[t.iter().position(|x| *x == "nodes").unwrap() + 1].parse().unwrap()
}

/// `Search Params` (for `scripts/spsa.py`): offered in both protocols (UCI with the whole
/// default setting, CECP empty: the defaults); a setting changes the search; an empty one, or one naming only
/// defaults, is the default search again; a bad one is refused and changes nothing.
#[test]
fn search_params_change_the_search() {
    let (mut u, lines) = uci();
    let offer =
        lines.iter().find(|l| l.starts_with("option name Search Params type string default ")).expect("offered");
    assert!(offer.contains(" lmrDivisor=170 ") && offer.contains(" rfpMargin=90 "), "{offer}");
    let default = nodes_to_depth(&mut u, 8);
    assert_eq!(nodes_to_depth(&mut u, 8), default, "not deterministic: the test cannot see a change");
    u.send("setoption name Search Params value lmrDivisor=150 rfpMargin=60");
    assert_eq!(u.uci_sync(), Vec::<String>::new());
    let changed = nodes_to_depth(&mut u, 8);
    assert_ne!(changed, default);
    u.send("setoption name Search Params value lmrDivisor=9999");
    assert!(u.uci_sync().iter().any(|l| l.starts_with("info string error bad Search Params value: lmrDivisor")));
    assert_eq!(nodes_to_depth(&mut u, 8), changed, "a refused setting changed the search");
    u.send("setoption name Search Params value lmrDivisor=170");
    assert_eq!(nodes_to_depth(&mut u, 8), default);
    u.send("setoption name Search Params value lmrDivisor=150 rfpMargin=60");
    u.send("setoption name Search Params value");
    assert_eq!(nodes_to_depth(&mut u, 8), default);

    let (mut x, lines) = xboard(&["xboard"]);
    assert!(lines.iter().any(|l| l == "feature option=\"Search Params -string \""), "{lines:?}");
    x.send("option Search Params=nosuch=1");
    assert!(x.sync(1).iter().any(|l| l.starts_with("Error (bad option value)")));
    x.send("option Search Params=lmrDivisor=150");
    assert_eq!(x.sync(2), Vec::<String>::new());
}
