//! Perft three ways: the library, `kirin perft` and UCI `go perft` give the same numbers
//! (and the same per-move divide), and bad input is answered, not crashed on.

use kirin::catalog::Catalog;
use kirin::perft;
use kirin::position::Position;
mod common;

use common::process::Engine;
use std::collections::BTreeMap;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kirin");

fn parse_divide(text: &str) -> (BTreeMap<String, u64>, u64) {
    let mut map = BTreeMap::new();
    let mut total = None;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("Nodes searched: ") {
            total = Some(n.trim().parse().unwrap());
        } else if let Some((m, n)) = line.split_once(": ")
            && let Ok(n) = n.trim().parse::<u64>()
        {
            map.insert(m.to_string(), n);
        }
    }
    (map, total.expect("a 'Nodes searched' line"))
}

fn library(variant: &str, fen: Option<&str>, moves: &str, depth: u32) -> (BTreeMap<String, u64>, u64) {
    let c = Catalog::embedded();
    let r = c.get(variant).unwrap();
    let mut pos = match fen {
        Some(f) => Position::from_fen(r, f).unwrap(),
        None => Position::startpos(r),
    };
    for mv in moves.split_whitespace() {
        let m = pos.parse_move(mv).unwrap();
        pos.make_move(m);
    }
    let d = perft::divide(&mut pos, depth);
    let total = d.iter().map(|(_, n)| n).sum();
    (d.into_iter().map(|(m, n)| (pos.move_to_uci(m), n)).collect(), total)
}

fn cli(variant: &str, fen: Option<&str>, moves: &str, depth: u32) -> (BTreeMap<String, u64>, u64) {
    let mut cmd = Command::new(BIN);
    cmd.args(["perft", "--variant", variant, "--depth", &depth.to_string(), "--divide"]);
    if let Some(f) = fen {
        cmd.args(["--fen", f]);
    }
    if !moves.is_empty() {
        cmd.args(["--moves", moves]);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.trim_end().lines().last().unwrap().starts_with("Nodes searched: "), "must end with the count");
    parse_divide(&text)
}

/// Runs a UCI session whose last command is `go perft`: its result is awaited before
/// `quit` (which would stop a running perft).
fn uci_session(input: &str) -> String {
    let mut e = Engine::start(&["uci"]);
    for line in input.lines().filter(|l| *l != "quit") {
        e.send(line);
    }
    let lines = e.read_until(|l| l.starts_with("Nodes searched") || l == "info string perft stopped");
    e.send("quit");
    assert!(e.wait_exit(10.0).is_some_and(|s| s.success()));
    lines.join("\n")
}

fn uci(variant: &str, fen: Option<&str>, moves: &str, depth: u32) -> (BTreeMap<String, u64>, u64) {
    let pos = match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".into(),
    };
    let mv = if moves.is_empty() { String::new() } else { format!(" moves {moves}") };
    let text =
        uci_session(&format!("uci\nsetoption name UCI_Variant value {variant}\n{pos}{mv}\ngo perft {depth}\nquit\n"));
    let start = text.find("info string variant").expect("variant info");
    parse_divide(&text[start..])
}

#[test]
fn same_numbers_three_ways() {
    let cases: &[(&str, Option<&str>, &str, u32)] = &[
        ("chess", None, "", 3),
        ("chess", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), "", 2),
        ("chess", None, "e2e4 d7d5 e4e5 f7f5", 2),
        ("courier", None, "", 3),
        ("shatranj", None, "", 3),
        ("shoshogi", None, "h3h4 b7b6", 2),
        ("verney", None, "", 2),
        ("courier-modern", None, "g2g4", 2),
    ];
    for &(v, fen, moves, d) in cases {
        let a = library(v, fen, moves, d);
        let b = cli(v, fen, moves, d);
        let c = uci(v, fen, moves, d);
        assert_eq!(a, b, "{v} library vs CLI");
        assert_eq!(a, c, "{v} library vs UCI");
        assert!(a.1 > 0);
    }
}

#[test]
fn uci_reports_bad_input_and_keeps_state() {
    let text = uci_session(
        "uci\nsetoption name UCI_Variant value nosuchvariant\nsetoption name UCI_Variant value courier\n\
         position startpos moves b2b3 zz\nposition fen 8/8/8 w - - 0 1\nposition startpos moves e2e5\n\
         frobnicate\ngo perft x\ngo perft 1\nquit\n",
    );
    assert!(text.contains("info string error unknown variant 'nosuchvariant'"), "{text}");
    assert!(text.contains("info string variant courier files 12 ranks 8"), "{text}");
    assert!(text.contains("info string error malformed move 'zz'"), "{text}");
    assert!(text.contains("info string error bad FEN: FEN has 3 ranks, the board has 8"), "{text}");
    assert!(text.contains("info string error illegal move 'e2e5'"), "{text}");
    assert!(text.contains("info string error unknown command 'frobnicate'"), "{text}");
    assert!(text.contains("info string error go perft needs a depth"), "{text}");
    // After all the rejected commands the position is still courier's start position.
    assert!(text.trim_end().ends_with("Nodes searched: 26"), "{text}");
}

#[test]
fn cli_errors_are_one_line_and_nonzero() {
    let out = Command::new(BIN).args(["perft", "--variant", "chess", "--depth", "2", "--fen", "8/8"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim(), "error: bad FEN: FEN has 2 ranks, the board has 8");
    let out = Command::new(BIN).args(["perft", "--variant", "nope", "--depth", "2"]).output().unwrap();
    assert!(!out.status.success());
    let out = Command::new(BIN)
        .args(["perft", "--variant", "chess", "--depth", "1", "--moves", "e2e4 e2e4"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stderr).unwrap().trim(), "error: illegal move 'e2e4'");
}

/// `analyse --play` plays the game out: from a mate-in-one it finds the mate and reports the
/// result by rule; with too few plies allowed it fails.
#[test]
fn analyse_play_runs_to_a_result() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let out = Command::new(BIN)
        .args(["analyse", "--variant", "chess", "--fen", fen, "--play", "--depth", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\nply 1: a1a8 "), "{text}");
    assert!(text.contains("\nmoves: a1a8\n"), "{text}");
    assert!(text.trim_end().ends_with("Game over: 1-0 {White mates}"), "{text}");
    let out = Command::new(BIN)
        .args(["analyse", "--variant", "chess", "--play", "--depth", "1", "--max-plies", "2"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap().trim(), "error: no result after 2 plies");
}
