//! Options and answers a GUI user expects, through the real binary over both protocols.

mod common;

use common::process::Engine;

/// `Clear Hash` is a button in both protocols: offered, accepted without an error, and the
/// engine searches on afterwards.
#[test]
fn clear_hash_is_a_button() {
    let mut u = Engine::start(&["uci"]);
    u.send("uci");
    let lines = u.read_until(|l| l == "uciok");
    assert!(lines.iter().any(|l| l == "option name Clear Hash type button"), "{lines:?}");
    u.send("position startpos moves e2e4");
    u.send("go depth 4");
    u.read_until(|l| l.starts_with("bestmove"));
    u.send("setoption name Clear Hash");
    assert_eq!(u.uci_sync(), Vec::<String>::new());
    u.send("go depth 4");
    u.read_until(|l| l.starts_with("bestmove"));

    let mut x = Engine::start(&["xboard"]);
    x.send("xboard");
    x.send("protover 2");
    let lines = x.read_until(|l| l.contains("done=1"));
    assert!(lines.iter().any(|l| l == "feature option=\"Clear Hash -button\""), "{lines:?}");
    x.send("option Clear Hash");
    assert_eq!(x.sync(1), Vec::<String>::new());
}

/// An unknown variant name is answered with the names there are.
#[test]
fn an_unknown_variant_lists_the_known_ones() {
    let mut u = Engine::start(&["uci"]);
    u.send("uci");
    u.read_until(|l| l == "uciok");
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
