//! The CECP/XBoard command loop, driven the way `XBoard::run_stdin` drives it: input lines
//! (split as the engine reads stdin, lossy UTF-8) and search results arrive on one channel
//! and `XBoard::run` handles them. One engine is built per process and reused.
//!
//! Like a GUI, the harness follows every line with `ping` and waits for the `pong`
//! (XBoard defers it while the engine thinks), forwarding the search's `Event::Done`
//! meanwhile; no pong within 8 s panics (a hang). Bounds, part of the harness only:
//! - every input starts with `new`, `sd 1`, `easy`, `nopost`, `level 40 5 0` (and resets
//!   `memory`/`cores`/`MultiPV` if the previous input changed them); `new` is always
//!   followed by `sd 1`, and `sd N` with N > 1 becomes `sd 1`, so a think is depth 1 and
//!   quiescence. The target is the command loop; the search is fuzzed deeper by `uci`
//!   (depth 2) and exercised by the refereed soak. At depth 2 the searches took most of
//!   the time: 57 inputs/s, too few for 10^6 inputs in a working day;
//! - `analyze` and pondering (`hard`) are infinite searches: they run in the background
//!   until a later line or the end of the input (end of input = `run` stops them);
//! - `memory` > 64 (the 65536 MB abort is a known bug) and `cores` > 4 are dropped;
//! - `option VariantPath=...` is only passed when empty;
//! - at most 64 lines.
#![no_main]
use kirin::engine::Engine;
use kirin::protocol::Out;
use kirin::protocol::xboard::{Event, XBoard};
use kirin_fuzz::{LineTap, split_cmd};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

struct Harness {
    xb: XBoard,
    /// Where the engine's search results and our pong notices arrive.
    rx: Option<Receiver<Event>>,
    dirty_options: bool,
}

thread_local! {
    static H: RefCell<Option<Harness>> = const { RefCell::new(None) };
}

const MARK: &str = "\u{1}fz";

fn too_big(value: &str, max: u64) -> bool {
    value.parse::<u64>().is_ok_and(|n| n > max) || value.parse::<u128>().is_ok_and(|n| n > max as u128)
}

/// What to send for one input line (maybe nothing, maybe more than one line).
fn rewrite(line: &str, h: &mut Harness) -> Vec<String> {
    let (cmd, arg) = split_cmd(line);
    match cmd {
        "new" => vec![line.to_string(), "sd 1".into()],
        "sd" if too_big(arg, 1) || arg.parse::<i64>().is_ok_and(|d| d > 1) => vec!["sd 1".into()],
        "memory" | "cores" => {
            h.dirty_options = true;
            if too_big(arg, if cmd == "memory" { 64 } else { 4 }) { vec![] } else { vec![line.to_string()] }
        }
        "option" => {
            h.dirty_options = true;
            let (name, value) = match arg.split_once('=') {
                Some((n, v)) => (n.trim(), v.trim()),
                None => (arg.trim(), ""),
            };
            if name == "VariantPath" && !value.is_empty() { vec![] } else { vec![line.to_string()] }
        }
        _ => vec![line.to_string()],
    }
}

fn new_harness() -> Harness {
    let (tx, rx) = channel::<Event>();
    let tap_tx: Mutex<Sender<Event>> = Mutex::new(tx.clone());
    let out = Out::new(Box::new(LineTap::new(move |l: &str| {
        if let Some(rest) = l.strip_prefix("pong ")
            && rest.starts_with(MARK)
        {
            let _ = tap_tx.lock().unwrap().send(Event::Line(l.to_string()));
        }
    })));
    // As `kirin` does at start-up (src/allocator.rs).
    kirin::allocator::return_large_blocks_to_the_system();
    let mut xb = XBoard::new(Engine::new(), out, tx);
    xb.handle("xboard");
    xb.handle("protover 2");
    xb.handle("memory 1");
    Harness { xb, rx: Some(rx), dirty_options: false }
}

fuzz_target!(|data: &[u8]| {
    let lines = kirin_fuzz::protocol_lines(data);
    H.with(|cell| {
        let mut slot = cell.borrow_mut();
        let h = slot.get_or_insert_with(new_harness);
        let mut prefix = vec!["new", "sd 1", "easy", "nopost", "level 40 5 0", "time 30000", "otim 30000"];
        if h.dirty_options {
            prefix.extend(["memory 1", "cores 1", "option MultiPV=1"]);
            h.dirty_options = false;
        }
        for l in prefix {
            h.xb.handle(l);
        }
        let batches: Vec<(String, Vec<String>)> = lines.iter().map(|l| (l.clone(), rewrite(l, h))).collect();
        let rx = h.rx.take().expect("receiver");
        let (tx2, rx2) = channel::<Event>();
        let xb = &mut h.xb;
        let rx = std::thread::scope(|s| {
            let feeder = s.spawn(move || {
                for (k, (line, sends)) in batches.into_iter().enumerate() {
                    if split_cmd(&line).0 == "quit" {
                        let _ = tx2.send(Event::Line(line));
                        return rx;
                    }
                    for l in sends {
                        if kirin_fuzz::echo() {
                            eprintln!("> {l}");
                        }
                        let _ = tx2.send(Event::Line(l));
                    }
                    let marker = format!("pong {MARK}{k}");
                    let _ = tx2.send(Event::Line(format!("ping {MARK}{k}")));
                    let deadline = Instant::now() + Duration::from_secs(8);
                    loop {
                        let left = deadline.saturating_duration_since(Instant::now());
                        match rx.recv_timeout(left) {
                            Ok(Event::Line(s)) if s == marker => break,
                            Ok(Event::Line(_)) => {}
                            Ok(ev @ Event::Done(..)) => {
                                let _ = tx2.send(ev);
                            }
                            Ok(_) => {}
                            Err(RecvTimeoutError::Timeout) => panic!("no pong within 8 s after '{line}'"),
                            Err(RecvTimeoutError::Disconnected) => return rx,
                        }
                    }
                }
                let _ = tx2.send(Event::Eof);
                rx
            });
            xb.run(rx2);
            feeder.join().unwrap()
        });
        // Results of searches cancelled at the end, and stale notices.
        while rx.try_recv().is_ok() {}
        h.rx = Some(rx);
    });
});
