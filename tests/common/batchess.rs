//! The three Bat chess variants (`missingbat`, `leapingbat`, `missingbat-nightrider`,
//! docs/rules/bat-chess.md): the setups their tests share, in tests/batchess.rs and in the
//! rule files with Bat chess cases.
//!
//! Conventions: 16 files a..p x 12 ranks; White upper case, moving up (rank 1 -> 12).
//! Positions are written as piece lists and turned into FENs by `fen()`. The castling field
//! carries K/Q/k/q and the marks of the King's once-per-game knight move (see [`rights`]).

use super::{catalog, fen_of};
use kirin::position::Position;
use std::sync::OnceLock;

/// The three forms.
pub const BATS: [&str; 3] = ["missingbat", "leapingbat", "missingbat-nightrider"];

/// FEN from a piece list; side `'w'` or `'b'`; castling field as given (`"-"` for none).
pub fn fen(pieces: &[(&str, &str)], side: char, castling: &str) -> String {
    fen_of(16, 12, pieces, side, castling)
}

/// Kirin's FEN mark for the King's once-per-game knight move. Commit 7037e21 wrote `N`/`n`
/// in the castling field while the move was still available; commit 7988520 writes `X`/`x`
/// once it has been used (no mark = available, so XBoard's FENs work;
/// docs/rules/bat-chess.md §7). The tests read Kirin's own start FEN to learn which one is
/// in force, build fields with `rights()`, and also check availability through the `once`
/// rule state (`Position::rule_state`).
pub fn n_style() -> bool {
    static N: OnceLock<bool> = OnceLock::new();
    *N.get_or_init(|| {
        let p = Position::startpos(catalog().get("missingbat").unwrap());
        p.fen().split_whitespace().nth(2).unwrap().contains('N')
    })
}

/// Castling field: `castle` (K Q k q) plus the knight-move marks for the given availability.
pub fn rights(castle: &str, white_knight: bool, black_knight: bool) -> String {
    let n = n_style();
    let mut s: String = castle.chars().filter(|c| c.is_ascii_uppercase()).collect();
    match (n, white_knight) {
        (true, true) => s.push('N'),
        (false, false) => s.push('X'),
        _ => {}
    }
    s.extend(castle.chars().filter(|c| c.is_ascii_lowercase()));
    match (n, black_knight) {
        (true, true) => s.push('n'),
        (false, false) => s.push('x'),
        _ => {}
    }
    if s.is_empty() { "-".into() } else { s }
}

/// No castling, no knight move for either King.
pub fn none() -> String {
    rights("", false, false)
}

/// `from` + each target, sorted (the expected form of `moves_from`).
pub fn expect(from: &str, targets: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = targets.iter().map(|t| format!("{from}{t}")).collect();
    v.sort();
    v
}
