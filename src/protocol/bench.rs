//! `kirin bench` / UCI `bench`: a fixed set of positions from several variants searched
//! to a fixed depth with one thread and a fresh table. The total node count is a signature
//! of the search: `tests/bench_signature.rs` checks it, so any change that alters the
//! search shows up. Speed (nodes/s) is printed too but is not part of the signature.

use crate::catalog::Catalog;
use crate::position::Position;
use crate::search::{Limits, Searcher};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// (variant, FEN or "startpos").
pub const POSITIONS: &[(&str, &str)] = &[
    ("chess", "startpos"),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("courier", "startpos"),
    ("courier", "rnebmk1wbenr/1pppp2pppp1/5pf5/p5p4p/P5P4P/3F2N5/1PPPPP1PPPP1/RNEBMK1WBE1R w - - 0 1"),
    ("shatranj", "startpos"),
    ("shoshogi", "startpos"),
    ("courier-modern", "startpos"),
    ("verney", "startpos"),
];

pub const DEFAULT_DEPTH: i32 = 8;

/// Runs the bench with a searcher of its own and returns its report (one line per
/// position, then totals), or an error when the table cannot be had.
pub fn run_bench(cat: &Catalog, depth: Option<i32>, hash_mb: usize, threads: usize) -> Result<String, String> {
    let searcher = Searcher::try_new(hash_mb, threads)?;
    Ok(run_bench_with(&searcher, cat, depth, &mut |_| {}).unwrap_or_default())
}

/// Runs the bench on `searcher`, whose table is cleared before every position (so that
/// the node counts are those of a new searcher), handing each position's line to
/// `each` as it is done. Returns the report, or None when the searcher's `cancel` flag
/// was raised (UCI `stop`).
pub fn run_bench_with(
    searcher: &Searcher,
    cat: &Catalog,
    depth: Option<i32>,
    each: &mut dyn FnMut(&str),
) -> Option<String> {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    let cancelled = || searcher.shared.cancel.load(Ordering::Relaxed);
    let mut text = String::new();
    let mut total = 0u64;
    let start = Instant::now();
    for (variant, fen) in POSITIONS {
        let line = match position(cat, variant, fen) {
            Err(e) => e,
            Ok(pos) => {
                if cancelled() {
                    return None;
                }
                searcher.clear();
                let limits = Limits { depth: Some(depth), multipv: 1, ..Limits::default() };
                searcher.shared.stop.store(false, Ordering::SeqCst);
                let out = searcher.run(&pos, &limits, &mut |_| {});
                if cancelled() {
                    return None;
                }
                let best = out.best.map(|m| pos.move_to_uci(m)).unwrap_or_else(|| "(none)".into());
                total += out.nodes;
                format!("{variant:<15} depth {depth} nodes {:>10} best {best:<8} {fen}", out.nodes)
            }
        };
        each(&line);
        text.push_str(&line);
        text.push('\n');
    }
    let secs = start.elapsed().as_secs_f64();
    text.push_str(&format!(
        "===========================\nTotal time (ms) : {}\nNodes searched  : {total}\nNodes/second    : {}\n",
        (secs * 1000.0) as u64,
        (total as f64 / secs.max(1e-9)) as u64
    ));
    Some(text)
}

fn position(cat: &Catalog, variant: &str, fen: &str) -> Result<Position, String> {
    let rules = cat.get(variant).ok_or_else(|| format!("{variant}: not loaded"))?;
    if fen == "startpos" {
        return Ok(Position::startpos(rules));
    }
    Position::from_fen(rules, fen).map_err(|e| format!("{variant} {fen}: {e}"))
}
