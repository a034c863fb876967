//! The search's selectivity options taken from Stockfish 11, each a `Search Params`
//! number so that it can be played against its absence:
//! - `lmrCutNode`: a node the search expects to fail high (the zero-window child of a
//!   reduced or null-move search, Stockfish's `cutNode`) reduces its late quiet moves by
//!   that many plies more;
//! - `checkExtSee`: a check is extended by the move that gives it, and only when that move
//!   does not lose material by its exchange, instead of at every checked node;
//! - `lmrPrune`: quiet moves are pruned by move count at every depth and by the depth
//!   their late-move reduction would leave (`lmrDepth`).
//!
//! Each is checked to reach the search (a fixed-depth search changes size) and, for the
//! two that narrow the tree most (on by default; `lmrCutNode` is off), not to lose a
//! sacrificial mate.

mod common;

use common::search_to_depth;
use kirin::search::mate_in;

/// Courier positions (one from a game against Fairy-Stockfish, one from self-play).
const COURIER: [&str; 2] = [
    "rnebmk1wben1/1ppppp2ppp1/4f2p3r/p5p4p/P5P4P/2NP2F2NP1/1PP1PP1PPP2/R1EBMK1WBE1R w - - 2 5",
    "rnebmkw1b1n1/1ppp1p1ppp1r/4p1f3pe/p5F4p/P5P4P/R3P7/1PPPKP1PPPP1/1NEBM2WBENR w - - 0 6",
];

/// Nodes of one-thread `depth`-ply searches of the courier positions with the `Search
/// Params` value `params`.
fn nodes(depth: i32, params: &str) -> u64 {
    COURIER.iter().map(|fen| search_to_depth("courier", fen, depth, params).nodes).sum()
}

/// `name` set to `on` searches fewer nodes than set to `off`, and the default search is
/// the one with `default`.
fn assert_narrows(name: &str, on: i32, off: i32, default: i32) {
    let with_on = nodes(10, &format!("{name}={on}"));
    let with_off = nodes(10, &format!("{name}={off}"));
    let expected = if default == on { with_on } else { with_off };
    assert_eq!(nodes(10, ""), expected, "{name} is {default} by default");
    assert!(with_on < with_off, "{name}={on} searched {with_on} nodes, {name}={off} searched {with_off}");
}

#[test]
fn cut_node_reductions_shrink_a_fixed_depth_search() {
    assert_narrows("lmrCutNode", 2, 0, 0);
}

#[test]
fn pruning_by_reduced_depth_shrinks_a_fixed_depth_search() {
    assert_narrows("lmrPrune", 1, 0, 1);
}

#[test]
fn extending_only_safe_checks_shrinks_a_fixed_depth_search() {
    assert_narrows("checkExtSee", 1, 0, 1);
}

/// Philidor's smothered mate in four: 1. Nf7+ Kg8 2. Nh6+ Kh8 3. Qg8+ Rxg8 4. Nf7#. Its
/// third move is a check that loses the queen by exchange, which `checkExtSee` does not
/// extend, and its quiet knight checks are late moves for `lmrPrune`: the mate must still
/// be found at a depth three plies beyond its seven (without the extension of the queen's
/// check it takes depth 10 and 20,000 nodes, with it depth 8 and 9,000).
#[test]
fn the_narrower_search_still_finds_a_sacrificial_mate() {
    let fen = "r6k/6pp/8/6N1/8/1Q6/8/6K1 w - - 0 1";
    for params in ["checkExtSee=0 lmrPrune=0", "checkExtSee=0", "lmrPrune=0", ""] {
        let out = search_to_depth("chess", fen, 10, params);
        assert_eq!(mate_in(out.score), Some(4), "'{params}': score {} pv {:?}", out.score, out.pv);
    }
}
