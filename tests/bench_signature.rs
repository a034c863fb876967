//! The bench node count is the search's signature (as in Stockfish): with one thread and a
//! fixed depth the search is deterministic, so any change in search or evaluation changes
//! this number. When a change is intended, update `SIGNATURE` in the same commit and say so.

use kirin::catalog::Catalog;
use kirin::protocol::bench::{DEFAULT_DEPTH, run_bench};

const SIGNATURE: u64 = 105309;

fn nodes(text: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .and_then(|n| n.trim().parse().ok())
        .expect("a node total")
}

#[test]
fn bench_is_deterministic_and_matches_the_signature() {
    let cat = Catalog::embedded();
    let a = nodes(&run_bench(&cat, Some(DEFAULT_DEPTH), 16, 1).unwrap());
    let b = nodes(&run_bench(&cat, Some(DEFAULT_DEPTH), 16, 1).unwrap());
    assert_eq!(a, b, "one-thread search must be deterministic");
    assert_eq!(a, SIGNATURE, "bench signature changed: update SIGNATURE if the search change was intended");
}
