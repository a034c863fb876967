//! Helpers shared by the test binaries (not every binary uses every helper).
//!
//! This module holds the helpers every variant needs, each written once: the catalog,
//! positions from FENs, FENs from piece lists, move lists, playing moves and assertions on
//! move lists. The submodules hold what the tests of one variant share between its variant
//! file (`tests/<variant>*.rs`) and the rule files (`tests/rule_<module>.rs`) that have cases
//! for it: its board size, its FEN builder and its usual setups.
#![allow(dead_code)]

pub mod batchess;
pub mod chushogi;
pub mod gleeman;
pub mod hiashatar;
pub mod process;
pub mod shortsliders;
pub mod slidechess;
pub mod tamerlane;

use kirin::catalog::Catalog;
use kirin::position::Position;
use kirin::square::{Color, Square};
use std::sync::OnceLock;

/// The embedded catalog (`variants.ini` compiled into the binary), built once per test
/// binary and shared by all its tests.
pub fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(Catalog::embedded)
}

/// The position `fen` in the variant `variant` of the catalog `c` (for tests that build a
/// catalog of their own from a user ini); panics naming the variant (with the catalog's
/// errors) or the FEN (with the FEN error).
#[track_caller]
pub fn pos_with(c: &Catalog, variant: &str, fen: &str) -> Position {
    let r = c.get(variant).unwrap_or_else(|| panic!("no variant {variant}: {:?}", c.errors));
    Position::from_fen(r, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position `fen` in the embedded variant `variant`; panics naming the variant or the
/// FEN and its error.
#[track_caller]
pub fn pos_in(variant: &str, fen: &str) -> Position {
    pos_with(catalog(), variant, fen)
}

/// A one-thread search of `fen` in the embedded variant `variant` to `depth` plies with the
/// `Search Params` value `params` (`""`: the defaults), in a new engine.
#[track_caller]
pub fn search_to_depth(variant: &str, fen: &str, depth: i32, params: &str) -> kirin::search::Outcome {
    let mut k = kirin::engine::Engine::new();
    k.set_variant(variant).unwrap();
    k.set_position(Some(fen), &[]).unwrap();
    let params = kirin::search::params::SearchParams::parse(params).unwrap();
    let limits = kirin::search::Limits { depth: Some(depth), params, ..kirin::search::Limits::default() };
    k.search_sync(&limits, &mut |_| {})
}

/// A full FEN for a `files` x `ranks` board from a piece list of (square, token) pairs
/// (see [`board_from_pieces`]), with side to move `side` (`'w'` or `'b'`), the castling
/// field `castling` as given (`"-"` for none), no en-passant square, counters 0 and 1.
pub fn fen_of(files: usize, ranks: usize, pieces: &[(&str, &str)], side: char, castling: &str) -> String {
    format!("{} {side} {castling} - 0 1", board_from_pieces(files, ranks, pieces))
}

/// The board field of a FEN for a `files` x `ranks` board from a piece list of
/// (square, token) pairs; panics on a bad square or two pieces on one square.
pub fn board_from_pieces(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid = vec![vec![String::new(); files]; ranks];
    for (sq, tok) in pieces {
        let s = Square::parse(sq).unwrap_or_else(|| panic!("bad square {sq}"));
        let cell = &mut grid[s.rank() as usize][s.file() as usize];
        assert!(cell.is_empty(), "two pieces on {sq}");
        *cell = tok.to_string();
    }
    let rows: Vec<String> = (0..ranks)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut empty = 0;
            for c in &grid[r] {
                if c.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += c;
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    rows.join("/")
}

/// A FEN with the pool field of the `pool` rule (src/rules/pool.rs): the board part of `fen`
/// followed by `[pool]` (White's captured pieces in upper case, Black's in lower case).
pub fn with_pool(fen: &str, pool: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap();
    format!("{board}[{pool}] {rest}")
}

/// All legal moves of `p`, in coordinate notation, sorted.
pub fn moves(p: &mut Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_to_uci(*m)).collect();
    v.sort();
    v
}

/// The legal moves of `p` that start on `sq`, in coordinate notation, sorted. Compares the
/// moves' origin squares, not their text, so that `f1` does not match `f12`.
#[track_caller]
pub fn moves_from(p: &mut Position, sq: &str) -> Vec<String> {
    let s = Square::parse(sq).unwrap_or_else(|| panic!("bad square {sq}"));
    let mut v: Vec<String> = p.legal_moves().iter().filter(|m| m.from == s).map(|m| p.move_to_uci(*m)).collect();
    v.sort();
    v
}

/// Parses and makes each of the whitespace-separated moves of `line` in turn; panics with the
/// move, the parse error and the FEN of the position it was tried in.
#[track_caller]
pub fn play(p: &mut Position, line: &str) {
    for mv in line.split_whitespace() {
        let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e} in {}", p.fen()));
        p.make_move(m);
    }
}

/// Whether `mv` (coordinate notation, exactly as Kirin writes it) is a legal move of `p`.
pub fn is_legal(p: &mut Position, mv: &str) -> bool {
    moves(p).iter().any(|m| m == mv)
}

/// The token of the piece on `sq` (`"+O"`, `"n"`, ...), `"."` for an empty square.
pub fn at(p: &Position, sq: &str) -> String {
    let pc = p.piece_at(Square::parse(sq).unwrap());
    if pc.is_none() { ".".into() } else { p.variant().pieces[pc.kind() as usize].token_for(pc.color() == Color::Black) }
}

/// Asserts that every move of `want` is in the move list `m`; `why` says what is checked.
#[track_caller]
pub fn assert_has(m: &[String], want: &[&str], why: &str) {
    for w in want {
        assert!(m.iter().any(|x| x == w), "{why}: expected {w} in {m:?}");
    }
}

/// Asserts that no move of `bad` is in the move list `m`; `why` says what is checked.
#[track_caller]
pub fn assert_lacks(m: &[String], bad: &[&str], why: &str) {
    for b in bad {
        assert!(!m.iter().any(|x| x == b), "{why}: {b} must not be legal, got {m:?}");
    }
}

/// Small deterministic generator for playouts.
pub struct Lcg(pub u64);
impl Lcg {
    pub fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}
