//! Bad input of every kind, through the real binary: each finding of the reliability
//! issue (25) has its regression test here, named after what it guards. The rule for all
//! of them: a one-line error in the protocol's own format, the state unchanged, the
//! engine still answering; never a panic, an exit, a hang or another game's move.

mod common;

use common::catalog;
use common::process::Engine;
use kirin::position::Position;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kirin");

fn xboard() -> Engine {
    let mut e = Engine::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    e.read_until(|l| l.contains("done=1"));
    e
}

fn uci() -> Engine {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e
}

/// Finding 1: clock values beyond what a `Duration` holds panicked.
#[test]
fn huge_clock_values_are_refused() {
    let mut e = xboard();
    for cmd in ["st 1e20", "level 40 1e300 0", "level 0 5 1e20", "st 18446744073709551616", "st NaN", "st -1"] {
        e.send(cmd);
        assert_eq!(e.sync(1), vec![format!("Error (bad argument): {cmd}")]);
    }
    e.send("time 9223372036854775807");
    e.send("otim 9223372036854775807");
    e.send("level 0 1 0");
    e.send("sd 1");
    e.send("new");
    e.send("go");
    let lines = e.read_until(|l| l.starts_with("move "));
    assert!(lines.last().unwrap().starts_with("move "));
    let mut u = uci();
    u.send("position startpos");
    u.send("go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 depth 1");
    u.read_until(|l| l.starts_with("bestmove "));
}

/// Finding 2: one byte that is not UTF-8 ended the engine (UCI exit 1, CECP silently).
#[test]
fn bytes_that_are_not_utf8_do_not_end_the_engine() {
    let mut u = uci();
    u.send_bytes(b"setoption name VariantPath value caf\xe9.ini\n");
    u.send_bytes(b"\xff\xfe garbage \x80\n");
    let out = u.uci_sync();
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("info string error caf\u{fffd}.ini: cannot load"), "{out:?}");
    assert!(out[1].starts_with("info string error unknown command"), "{out:?}");
    let mut x = xboard();
    x.send_bytes(b"usermove e2\xe94\n");
    assert_eq!(x.sync(1), vec!["Illegal move: e2\u{fffd}4".to_string()]);
}

/// Finding 3: a Hash the system cannot give aborted the process; now the error is said
/// and the old table kept. (The largest size the engine offers; on a machine that grants
/// it the command simply succeeds.)
#[test]
fn an_impossible_hash_is_an_error_and_the_engine_lives() {
    let mut u = uci();
    u.send("setoption name Hash value 1048576");
    let out = u.uci_sync();
    assert!(out.is_empty() || out[0].contains("the table keeps 64 MB"), "{out:?}");
    u.send("setoption name Hash value 0");
    u.send("setoption name Hash value 1048577");
    u.send("setoption name Threads value 0");
    let out = u.uci_sync();
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out.iter().all(|l| l.starts_with("info string error bad ")), "{out:?}");
    u.send("position startpos");
    u.send("go depth 2");
    u.read_until(|l| l.starts_with("bestmove "));
    let mut x = xboard();
    x.send("memory 1048576");
    let out = x.sync(1);
    assert!(out.is_empty() || out[0].contains("the table keeps 64 MB"), "{out:?}");
}

/// Finding 3: a thread count change keeps the table and what it holds.
#[test]
fn threads_do_not_rebuild_the_table() {
    use kirin::engine::Engine as Kirin;
    use kirin::search::Limits;
    let mut k = Kirin::new();
    // A small table, so that a short search fills a share `hashfull` can see (in the
    // default 64 MB a depth-8 search of the start can stay below one per mille).
    k.set_hash(1).unwrap();
    k.search_sync(&Limits { depth: Some(8), ..Limits::default() }, &mut |_| {});
    let filled = k.searcher().shared.tt.hashfull();
    assert!(filled > 0);
    k.set_threads(2).unwrap();
    assert_eq!(k.searcher().shared.tt.hashfull(), filled, "the table survived");
    k.set_hash(2).unwrap();
    assert_eq!(k.searcher().shared.tt.hashfull(), 0, "a resize clears it");
}

/// Finding 4: a CECP rank of 2^32 or more wrapped round and named another, legal move.
#[test]
fn a_huge_rank_is_no_move() {
    let mut x = xboard();
    x.send("new");
    x.send("variant shortsliders");
    x.send("force");
    x.sync(1);
    x.send("usermove f4294967298f4");
    x.send("usermove f18446744073709551618f4");
    assert_eq!(
        x.sync(2),
        vec!["Illegal move: f4294967298f4".to_string(), "Illegal move: f18446744073709551618f4".to_string()]
    );
}

/// Finding 5: `go` after a refused `setboard` played a move of the previous game.
#[test]
fn no_move_after_a_refused_setboard() {
    let mut x = xboard();
    x.send("new");
    x.send("force");
    x.send("setboard 8/8/8 w - - 0 1");
    x.send("go");
    let out = x.sync(1);
    assert!(out[0].starts_with("tellusererror Illegal position"), "{out:?}");
    assert_eq!(out[1], "Error (illegal position): go");
    assert!(out.iter().all(|l| !l.starts_with("move ")), "{out:?}");
    // Nor later, on its own.
    assert_eq!(x.next_line(0.5), None);
}

/// Finding 6: end of input during `go infinite` or `go ponder` left the process running
/// for ever; a long finite search ran on too. End of input is `quit`.
#[test]
fn end_of_input_stops_every_search() {
    for go in ["go infinite", "go ponder wtime 1000 btime 1000", "go depth 100"] {
        let mut u = uci();
        u.send("position startpos");
        u.send(go);
        u.close_input();
        let status = u.wait_exit(10.0);
        assert!(status.is_some_and(|s| s.success()), "{go}: {status:?}");
    }
}

/// Finding 7: a `VariantPath` that fails reset the game.
#[test]
fn a_failed_variant_path_keeps_the_game() {
    let mut u = uci();
    u.send("position startpos moves e2e4");
    u.send("setoption name VariantPath value /nonexistent/variants.ini");
    u.send("d");
    let out = u.uci_sync();
    assert!(out[0].contains("cannot load") && out[0].ends_with("variants unchanged"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")), "{out:?}");
    // A good file keeps the game too (the variant is still defined the same way).
    let dir = std::env::temp_dir().join(format!("kirin-rel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("extra.ini");
    std::fs::write(&file, "[mychess:chess]\n").unwrap();
    u.send(&format!("setoption name VariantPath value {}", file.display()));
    u.send("d");
    let out = u.uci_sync();
    assert!(out.iter().any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A broken override took the variant away: a user file redefining `[shatranj]` with a
/// network file that was not there left no shatranj at all, and a tournament script that
/// went on with `UCI_Variant shatranj` got chess moves. The earlier definition stays.
/// (An override replaces the whole section, so these have no pieces either: any problem
/// that fails a build, the missing network of the report among them, takes this path.)
#[test]
fn a_broken_override_keeps_the_earlier_definition() {
    use kirin::catalog::Catalog;
    let user = "[shatranj]\nnnue = /nonexistent/net.nnue\n\
                [courier]\nstartFen = not a position\n\
                [mine:chess]\n[mine]\nboard = 0x0\n";
    let c = Catalog::embedded_with(user);
    for (name, line) in [("shatranj", 1), ("courier", 3), ("mine", 6)] {
        let rules = c.get(name).unwrap_or_else(|| panic!("{name} is gone: {:?}", c.errors));
        assert_eq!(rules.variant.origin.file, if name == "mine" { "user.ini" } else { "variants.ini" }, "{name}");
        let kept = format!("user.ini:{line}: [{name}] kept as defined at");
        assert!(c.errors.iter().any(|e| e.starts_with(&kept)), "{name}: {:?}", c.errors);
    }
    assert_eq!(c.get("shatranj").unwrap().variant.start_fen, catalog().get("shatranj").unwrap().variant.start_fen);
    // Through the protocol: the problems are shown and the game is shatranj's.
    let dir = std::env::temp_dir().join(format!("kirin-override-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("user.ini");
    std::fs::write(&file, "[shatranj]\nnnue = missing.nnue\n").unwrap(); // and no pieces
    let mut u = uci();
    u.send(&format!("setoption name VariantPath value {}", file.display()));
    u.send("setoption name UCI_Variant value shatranj");
    let out = u.uci_sync();
    assert!(
        out.iter().any(|l| l.starts_with("info string error") && l.contains("user.ini:1: [shatranj] no pieces")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.contains("[shatranj] kept as defined at variants.ini:")), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("info string variant shatranj ")), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 8: user files had no limits (35,000 sections in 1 MB took 2.5 GB; a 5,000-deep
/// inheritance chain 37 s).
#[test]
fn variant_files_have_limits() {
    let dir = std::env::temp_dir().join(format!("kirin-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let many = dir.join("many.ini");
    let text: String = (0..35_000).map(|i| format!("[v{i}:chess]\n")).collect();
    std::fs::write(&many, text).unwrap();
    let deep = dir.join("deep.ini");
    let text: String =
        (0..5_000).map(|i| if i == 0 { "[d0:chess]\n".to_string() } else { format!("[d{i}:d{}]\n", i - 1) }).collect();
    std::fs::write(&deep, text).unwrap();
    let start = std::time::Instant::now();
    let out = Command::new(BIN).args(["--variants", many.to_str().unwrap(), "variants"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 1000"), "{out:?}");
    let out = Command::new(BIN).args(["--variants", deep.to_str().unwrap(), "variants"]).output().unwrap();
    assert!(!out.status.success(), "5,000 sections are over the limit too");
    // Within the section limit, a deep chain loads its first generations only.
    let chain = dir.join("chain.ini");
    let text: String =
        (0..900).map(|i| if i == 0 { "[d0:chess]\n".to_string() } else { format!("[d{i}:d{}]\n", i - 1) }).collect();
    std::fs::write(&chain, text).unwrap();
    let out = Command::new(BIN).args(["--variants", chain.to_str().unwrap(), "variants"]).output().unwrap();
    assert!(out.status.success());
    let listed = String::from_utf8_lossy(&out.stdout);
    // d15 has 16 generations of parents (d14 .. d0, chess), d16 one too many.
    assert!(listed.lines().any(|l| l.starts_with("d15 ")), "{listed}");
    assert!(!listed.lines().any(|l| l.starts_with("d16 ")), "{listed}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than 16 generations"));
    assert!(start.elapsed().as_secs() < 60, "loading took {:?}", start.elapsed());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 9: errors in `--variants` files were silent in protocol mode; a BOM broke the
/// first section.
#[test]
fn variant_file_errors_are_shown_at_the_handshake() {
    let dir = std::env::temp_dir().join(format!("kirin-hs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.ini");
    std::fs::write(&file, "\u{feff}[bommed:chess]\n[bad:nosuchparent]\n").unwrap();
    let mut u = Engine::start(&["--variants", file.to_str().unwrap(), "uci"]);
    u.send("uci");
    let out = u.read_until(|l| l == "uciok");
    assert!(out.iter().any(|l| l.contains("var bommed")), "the BOM is skipped: {out:?}");
    assert!(
        out.iter().any(|l| l.starts_with("info string error") && l.contains("unknown parent variant 'nosuchparent'")),
        "{out:?}"
    );
    let mut x = Engine::start(&["--variants", file.to_str().unwrap(), "xboard"]);
    x.send("xboard");
    x.send("protover 2");
    let out = x.sync(1);
    assert!(out.iter().any(|l| l.starts_with("telluser Kirin: 1 problem(s)")), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 10: `go perft` and `bench` blocked the UCI loop (no `isready`, no `stop`).
#[test]
fn perft_and_bench_answer_isready_and_stop() {
    let mut u = uci();
    for cmd in ["go perft 9", "bench 16 1 30"] {
        u.send("position startpos");
        u.send(cmd);
        assert!(u.uci_sync().iter().all(|l| !l.starts_with("Nodes searched")), "{cmd} runs on");
        u.send("stop");
        let out = u.uci_sync();
        assert!(out.iter().any(|l| l.ends_with("stopped")), "{cmd}: {out:?}");
    }
    u.send("go perft 9");
    u.send("quit");
    assert!(u.wait_exit(10.0).is_some_and(|s| s.success()));
}

/// Finding 12: the FEN reader accepted junk and positions no game reaches.
#[test]
fn fen_reading_is_strict() {
    let chess = catalog().get("chess").unwrap();
    let bad = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk", "after the FEN"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 5 0 1", "fullmove number '0'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 5 1 1", "after the FEN: '1'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 007 1", "halfmove"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no royal piece"),
        ("4k3/8/8/8/8/8/8/4KR2 w - - 0 1", ""),
        ("4k3/8/8/8/8/8/8/4R2K w - - 0 1", "not to move, is in check"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "must have promoted"),
    ];
    for (fen, why) in bad {
        match Position::from_fen(chess.clone(), fen) {
            Ok(_) if why.is_empty() => {}
            Ok(_) => panic!("{fen} accepted"),
            Err(e) => assert!(!why.is_empty() && e.to_string().contains(why), "{fen}: {e}"),
        }
    }
    // Short Sliders' pool must close.
    let ss = catalog().get("shortsliders").unwrap();
    let start = Position::startpos(ss.clone()).fen();
    let closed = start.replacen(" w ", "[T] w ", 1);
    assert!(Position::from_fen(ss.clone(), &closed).is_ok(), "{closed}");
    let open = start.replacen(" w ", "[T w ", 1);
    assert!(Position::from_fen(ss, &open).is_err(), "{open}");
    // Shogi Knights on the last two ranks are dead pieces.
    let sho = catalog().get("shoshogi").unwrap();
    assert!(Position::from_fen(sho.clone(), "1N2k4/9/9/9/9/9/9/9/4K4 w - - 0 1").is_err());
}

/// Finding 13: the command line took negative numbers for unknown arguments and clamped
/// bad values without a word.
#[test]
fn command_line_values_are_checked() {
    for args in [
        &["analyse", "--threads", "0"][..],
        &["analyse", "--hash", "0"],
        &["analyse", "--depth", "0"],
        &["analyse", "--depth", "101"],
        &["analyse", "--multipv", "0"],
        &["perft", "-d", "-1"],
        &["bench", "--depth", "-3"],
    ] {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("invalid value"), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
    let out = Command::new(BIN).args(["--variants", "/nonexistent.ini", "variants"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "a missing variant file is an error");
}
