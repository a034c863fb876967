//! The command line as a user types it: argument orders users bring from other engines and
//! the listings the README is generated from.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kirin");

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// `kirin bench 16 1 13` is Stockfish's hash, threads, depth: the depth is the third number.
#[test]
fn bench_takes_stockfish_argument_order() {
    let (code, out, err) = run(&["bench", "4", "1", "2"]);
    assert_eq!(code, Some(0), "{err}");
    let depth2 = out.lines().find(|l| l.starts_with("Nodes searched")).unwrap().to_string();
    let (_, out, _) = run(&["bench", "--hash", "4", "--depth", "2"]);
    assert!(out.contains(&depth2), "the same search as --depth 2: {depth2}\n{out}");
    let (_, out, _) = run(&["bench", "4", "1", "3"]);
    assert!(!out.contains(&depth2), "depth 3 searches more");
    let (code, _, err) = run(&["bench", "4", "1", "2", "--depth", "3"]);
    assert_eq!(code, Some(2), "a depth given twice is refused: {err}");
}

/// Every line `kirin variants --xboard` prints is in the README, and the README shows no
/// XBoard line for a variant that is not listed there: the copy-paste lines stay true.
#[test]
fn readme_xboard_lines_are_the_ones_kirin_prints() {
    let (code, out, err) = run(&["variants", "--xboard"]);
    assert_eq!(code, Some(0), "{err}");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let documented: Vec<&str> = readme.lines().filter(|l| l.starts_with("xboard -fcp kirin ")).collect();
    for line in out.lines() {
        assert!(documented.contains(&line), "README lacks: {line}");
    }
    for line in &documented {
        assert!(out.lines().any(|l| l == *line), "README has a line kirin does not print: {line}");
    }
}

/// `show` names the letters of its diagram.
#[test]
fn show_has_a_legend() {
    let (code, out, err) = run(&["show", "--variant", "chushogi"]);
    assert_eq!(code, Some(0), "{err}");
    let legend = out.lines().find(|l| l.starts_with("Pieces: ")).expect("a Pieces line");
    assert!(legend.contains("N=lion") && legend.contains("+P=tokin"), "{legend}");
}

/// `analyse --epd FILE`: one line per position, named by its EPD `id` or its line number;
/// a line that is no position is reported in its place and makes the exit status 1.
#[test]
fn analyse_epd_writes_a_line_per_position() {
    let file = std::env::temp_dir().join(format!("kirin-epd-{}.epd", std::process::id()));
    std::fs::write(
        &file,
        "# a comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"open\";\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nno position\n",
    )
    .unwrap();
    let (code, out, err) = run(&["analyse", "--epd", file.to_str().unwrap(), "--depth", "4"]);
    let _ = std::fs::remove_file(&file);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("open\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\tbestmove "));
    assert!(lines[1].starts_with("line 4\t6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\tbestmove a1a8 score mate 1 "), "{out}");
    assert!(lines[2].starts_with("line 5\terror: "), "{out}");
    assert_eq!(code, Some(1), "{err}");
}

/// `perft --threads 2 --divide` gives the same root counts as one thread (in the order the
/// workers finish) and the same total.
#[test]
fn perft_on_threads_counts_the_same() {
    let sorted = |args: &[&str]| {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(0), "{err}");
        let mut lines: Vec<String> = out.lines().filter(|l| !l.is_empty()).map(String::from).collect();
        lines.sort();
        lines
    };
    let one = sorted(&["perft", "-v", "shoshogi", "-d", "3", "--divide"]);
    let two = sorted(&["perft", "-v", "shoshogi", "-d", "3", "--divide", "--threads", "2"]);
    assert!(one.len() > 10);
    assert_eq!(one, two);
}

/// `analyse --play --pgn FILE` appends the game as PGN, with its start position.
#[test]
fn self_play_writes_pgn() {
    let file = std::env::temp_dir().join(format!("kirin-selfplay-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (code, _, err) = run(&["analyse", "--fen", fen, "--play", "--depth", "3", "--pgn", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let pgn = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.ends_with("\n1. a1a8 {White mates} 1-0\n\n"), "{pgn}");
}

/// `--version` names the build: the version, the commit it was built from (or that it is
/// unknown, outside a git checkout) and the compiler, for bug reports.
#[test]
fn version_names_the_build() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kirin")).arg("--version").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.starts_with(&format!("kirin {} (", env!("CARGO_PKG_VERSION"))), "{text}");
    assert!(text.contains("commit") && text.contains("rustc"), "{text}");
}

/// `kirin perft --suite FILE` with counts from the Chess Programming Wiki's "Perft Results"
/// page (independent of Kirin): every check passes; one wrong count fails the run and names
/// the line; a line without counts is refused.
#[test]
fn perft_suite_checks_each_count() {
    let dir = std::env::temp_dir().join(format!("kirin-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.epd");
    std::fs::write(
        &good,
        "# CPW perft results: start, Kiwipete, position 3\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n\
         r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862\n\
         8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2812 ;D4 43238\n",
    )
    .unwrap();
    let (code, out, err) = run(&["perft", "--suite", good.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.ends_with("suite: 10 checks, 0 failed\n"), "{out}");
    let (code, out, _) = run(&["perft", "--suite", good.to_str().unwrap(), "--depth", "2", "--threads", "2"]);
    assert_eq!(code, Some(0));
    assert!(out.ends_with("suite: 6 checks, 0 failed\n"), "{out}");

    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D2 401\nno counts here\n").unwrap();
    let (code, out, err) = run(&["perft", "--suite", bad.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(out.contains("line 1\tD2 401\tFAILED: got 400"), "{out}");
    assert!(out.contains("line 2\terror: "), "{out}");
    assert!(err.contains("2 perft check(s)"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The tuner's two steps as the README shows them: `selfplay` appends `FEN c9 "RESULT";`
/// lines, `tune` reads them and prints its fit as comments and ini lines.
#[test]
fn selfplay_then_tune() {
    let dir = std::env::temp_dir().join(format!("kirin-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.epd");
    let data_s = data.to_str().unwrap();
    let args = [
        "selfplay",
        "-v",
        "shatranj",
        "--games",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--threads",
        "1",
        "--out",
        data_s,
    ];
    let (code, _, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("selfplay: 2 games"), "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    let n = text.lines().count();
    assert!(n > 10 && text.lines().all(|l| l.contains(" c9 \"")), "{text}");
    // Appended, not overwritten; the same seed plays the same games (in the same order
    // with one thread).
    let (code, _, _) = run(&args);
    assert_eq!(code, Some(0));
    let again = std::fs::read_to_string(&data).unwrap();
    assert_eq!(again, format!("{text}{text}"));
    let (code, out, err) = run(&["tune", "-v", "shatranj", "--data", data_s, "--passes", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with(&format!("# {} positions of shatranj\n# K = ", 2 * n)), "{out}");
    assert!(out.contains("# after 1 passes: training error"), "{out}");
    for l in out.lines().filter(|l| !l.starts_with('#')) {
        assert!(l.starts_with("value.") || l.starts_with("eval."), "{l}");
    }
    // PGN games of the variant count too (here one of 12 plies: 4 quiet positions after 8).
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[Variant \"shatranj\"]\n[Result \"0-1\"]\n\n1. e3 e6 2. d3 d6 3. Nf3 Nf6 4. Nc3 Nc6 5. Bh3 Bh6 6. a3 a6 0-1\n",
    )
    .unwrap();
    let (code, out, err) =
        run(&["tune", "-v", "shatranj", "--data", data_s, "--pgn", pgn.to_str().unwrap(), "--passes", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("games.pgn: 4 positions, 0 games skipped"), "{out}");
    assert!(out.contains(&format!("# {} positions of shatranj", 2 * n + 4)), "{out}");
    // `--save` writes each position once: the games twice give the file of the games once.
    let once = dir.join("once.epd");
    std::fs::write(&once, &text).unwrap();
    let saved = |from: &std::path::Path, to: &str| {
        let to = dir.join(to);
        let (code, out, err) =
            run(&["tune", "-v", "shatranj", "--data", from.to_str().unwrap(), "--save", to.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains(" distinct positions written to "), "{out}");
        std::fs::read_to_string(to).unwrap()
    };
    let from_twice = saved(&data, "saved-twice.epd");
    assert_eq!(from_twice, saved(&once, "saved-once.epd"));
    let kept = from_twice.lines().count();
    assert!(kept > 10 && kept <= n, "{kept} of {n}");
    let (code, _, err) = run(&["tune", "-v", "shatranj", "--data", "/nonexistent/data.epd"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot read /nonexistent/data.epd"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `kirin search-params` lists every parameter of the `Search Params` option (what
/// `scripts/spsa.py` reads): name, default, least, greatest, the default inside its range,
/// and the same names the option's default setting shows.
#[test]
fn search_params_lists_the_tunable_parameters() {
    let (code, out, err) = run(&["search-params"]);
    assert_eq!(code, Some(0), "{err}");
    let mut names = Vec::new();
    for line in out.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 4, "{line}");
        let n: Vec<i64> = f[1..].iter().map(|x| x.parse().unwrap()).collect();
        assert!(n[1] <= n[0] && n[0] <= n[2], "{line}");
        names.push(format!("{}={}", f[0], f[1]));
    }
    assert!(names.iter().any(|n| n == "lmrDivisor=170"), "{out}");
    let default_setting = kirin::search::params::SearchParams::default().to_string();
    assert_eq!(names.join(" "), default_setting);
}

/// `train-net --init` refines a network instead of starting from random weights: an
/// embedded one by its name, kept in its shape; one that does not fit the run is refused.
#[test]
fn train_net_starts_from_a_given_network() {
    // The network shatranj's section names in variants.ini.
    const NET: &str = "shatranj-fsf8-64-games.nnue";
    let dir = std::env::temp_dir().join(format!("kirin-train-init-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.epd");
    let data_s = data.to_str().unwrap();
    let play = ["selfplay", "-v", "shatranj", "--games", "2", "--nodes", "300", "--max-plies", "60", "--threads", "1"];
    let (code, _, err) = run(&[&play[..], &["--out", data_s]].concat());
    assert_eq!(code, Some(0), "{err}");
    let out = dir.join("net.nnue");
    let out_s = out.to_str().unwrap();
    let train = ["train-net", "-v", "shatranj", "--data", data_s, "--out", out_s, "--epochs", "1"];
    let (code, _, err) = run(&[&train[..], &["--hidden", "8"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let read = |path: &std::path::Path| kirin::nnue::format::read(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(read(&out).hidden, 8);
    // At a vanishing learning rate the run hands back the network it started from.
    let (code, _, err) = run(&[&train[..], &["--init", NET, "--lr", "1e-9"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let (net, embedded) = (read(&out), read(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("nets").join(NET)));
    assert_eq!((net.hidden, net.adds_to_eval), (64, true));
    let largest = embedded.w2.iter().fold(0.0f32, |m, w| m.max(w.abs()));
    assert!(largest > 0.0);
    for (a, b) in net.w2.iter().zip(&embedded.w2) {
        assert!((a - b).abs() <= largest * 1e-3, "{a} against {b}");
    }
    for (extra, says) in [
        (&["--init", NET, "--hidden", "8"][..], "64 hidden units"),
        (&["--init", NET, "--replace"][..], "is a correction"),
        (&["--init", "courier-fsf8-128-games.nnue"][..], "was trained for"),
        (&["--init", "no-such.nnue"][..], "cannot read"),
        (&["--init", NET, "--king-zones", "2x1"][..], "without king zones"),
    ] {
        let (code, _, err) = run(&[&train[..], extra].concat());
        assert_ne!(code, Some(0), "{extra:?}");
        assert!(err.contains("--init") && err.contains(says), "{extra:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
