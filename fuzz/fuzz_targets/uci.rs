//! The UCI command loop: the input is split into lines as the engine reads stdin (lossy
//! UTF-8) and each line goes to `Uci::handle`, on one engine built once per process.
//!
//! Kept cheap and bounded (the rewriting is part of the harness, not of the engine):
//! - `go` gets `depth 2 nodes 20000` appended (later parameters win), `go perft N` has
//!   N capped at 2; after a finite `go` the harness waits for its `bestmove` (or an error
//!   line), up to 8 s, and panics when none comes (a search that does not end);
//! - `bench` is dropped; `Hash` > 64, `Threads` > 4 and `MultiPV` > 16 are dropped (the
//!   65536 MB Hash abort is a known bug, and the rest would only cost memory or time);
//! - `VariantPath` is only passed when empty (a fuzzed path could name /dev/zero);
//! - at most 64 lines; every input starts from `stop`, the options reset, `chess`,
//!   `ucinewgame`, and ends with `stop`.
#![no_main]
use kirin::engine::Engine;
use kirin::protocol::Out;
use kirin::protocol::uci::Uci;
use kirin_fuzz::{LineTap, split_cmd};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// (bestmove lines, error lines) printed so far.
static COUNTS: Mutex<(u64, u64)> = Mutex::new((0, 0));
static CHANGED: Condvar = Condvar::new();

fn tap(line: &str) {
    let mut c = COUNTS.lock().unwrap();
    if line.starts_with("bestmove") {
        c.0 += 1;
    } else if line.starts_with("info string error") {
        c.1 += 1;
    } else {
        return;
    }
    CHANGED.notify_all();
}

struct Harness {
    uci: Uci,
    dirty_options: bool,
}

thread_local! {
    static H: RefCell<Option<Harness>> = const { RefCell::new(None) };
}

fn setoption_parts(args: &str) -> (String, String) {
    let toks: Vec<&str> = args.split_whitespace().collect();
    if toks.first() != Some(&"name") {
        return (String::new(), String::new());
    }
    let vpos = toks.iter().position(|t| *t == "value");
    let name = toks[1..vpos.unwrap_or(toks.len())].join(" ");
    let value = vpos.map(|p| toks[p + 1..].join(" ")).unwrap_or_default();
    (name, value)
}

fn too_big(value: &str, max: u64) -> bool {
    value.parse::<u64>().is_ok_and(|n| n > max) || value.parse::<u128>().is_ok_and(|n| n > max as u128)
}

/// The line to send instead of `line` (None: drop it), and whether to wait for a bestmove.
fn rewrite(line: &str, h: &mut Harness) -> Option<(String, bool)> {
    let (cmd, args) = split_cmd(line);
    match cmd {
        "bench" => None,
        "go" => {
            let mut toks: Vec<String> = args.split_whitespace().map(String::from).collect();
            if let Some(i) = toks.iter().position(|t| t == "perft") {
                if let Some(v) = toks.get_mut(i + 1)
                    && too_big(v, 2)
                {
                    *v = "2".into();
                }
                return Some((format!("go {}", toks.join(" ")), false));
            }
            let open = toks.iter().any(|t| t == "infinite" || t == "ponder");
            toks.extend(["depth", "2", "nodes", "20000"].map(String::from));
            Some((format!("go {}", toks.join(" ")), !open))
        }
        "setoption" => {
            let (name, value) = setoption_parts(args);
            let keep = match name.to_ascii_lowercase().as_str() {
                "hash" => !too_big(&value, 64),
                "threads" => !too_big(&value, 4),
                "multipv" => !too_big(&value, 16),
                "variantpath" => value.is_empty() || value == "<empty>",
                _ => true,
            };
            h.dirty_options = true;
            keep.then(|| (line.to_string(), false))
        }
        _ => Some((line.to_string(), false)),
    }
}

fn send(h: &mut Harness, line: &str, wait: bool) -> bool {
    let before = *COUNTS.lock().unwrap();
    if kirin_fuzz::echo() {
        eprintln!("> {line}");
    }
    let go_on = h.uci.handle(line);
    if wait {
        let deadline = Instant::now() + Duration::from_secs(8);
        let mut c = COUNTS.lock().unwrap();
        while c.0 == before.0 && c.1 == before.1 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!("no bestmove within 8 s after '{line}'");
            }
            c = CHANGED.wait_timeout(c, left).unwrap().0;
        }
    }
    go_on
}

fuzz_target!(|data: &[u8]| {
    let lines = kirin_fuzz::protocol_lines(data);
    H.with(|cell| {
        let mut slot = cell.borrow_mut();
        let h = slot.get_or_insert_with(|| {
            // As `kirin` does at start-up (src/allocator.rs).
            kirin::allocator::return_large_blocks_to_the_system();
            let out = Out::new(Box::new(LineTap::new(tap)));
            let mut uci = Uci::new(Engine::new(), out);
            uci.handle("setoption name Hash value 1");
            Harness { uci, dirty_options: false }
        });
        send(h, "stop", false);
        if h.dirty_options {
            for l in [
                "setoption name Hash value 1",
                "setoption name Threads value 1",
                "setoption name MultiPV value 1",
                "setoption name Ponder value false",
            ] {
                send(h, l, false);
            }
            h.dirty_options = false;
        }
        send(h, "setoption name UCI_Variant value chess", false);
        send(h, "ucinewgame", false);
        for line in &lines {
            let Some((l, wait)) = rewrite(line, h) else { continue };
            if !send(h, &l, wait) {
                break;
            }
        }
        send(h, "stop", false);
    });
});
