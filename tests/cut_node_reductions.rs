//! Late move reductions at cut nodes (`lmrCutNode`, Stockfish's `cutNode`): a node the
//! search expects to fail high, the zero-window child of a reduced or null-move search,
//! reduces its late quiet moves by that many plies more. Off (0) by default.

mod common;

use common::search_to_depth;

/// Nodes of a one-thread `depth`-ply search of `fen` with the `Search Params` value
/// `params`.
fn nodes(variant: &str, fen: &str, depth: i32, params: &str) -> u64 {
    search_to_depth(variant, fen, depth, params).nodes
}

/// Courier positions (one from a game against Fairy-Stockfish, one from self-play):
/// reducing cut nodes' late moves more makes a fixed-depth search smaller, so the option
/// reaches the reductions; a search with it off is the default's.
#[test]
fn cut_node_reductions_shrink_a_fixed_depth_search() {
    let fens = [
        "rnebmk1wben1/1ppppp2ppp1/4f2p3r/p5p4p/P5P4P/2NP2F2NP1/1PP1PP1PPP2/R1EBMK1WBE1R w - - 2 5",
        "rnebmkw1b1n1/1ppp1p1ppp1r/4p1f3pe/p5F4p/P5P4P/R3P7/1PPPKP1PPPP1/1NEBM2WBENR w - - 0 6",
    ];
    let (mut off, mut on, mut default) = (0, 0, 0);
    for fen in fens {
        off += nodes("courier", fen, 10, "lmrCutNode=0");
        on += nodes("courier", fen, 10, "lmrCutNode=2");
        default += nodes("courier", fen, 10, "");
    }
    assert_eq!(off, default, "lmrCutNode is off by default");
    assert!(on < off, "lmrCutNode=2 searched {on} nodes, 0 searched {off}");
}
