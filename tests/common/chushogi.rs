//! Chu Shogi (`chushogi`, and `chu`, the section that plays as HaChu does;
//! docs/rules/shogi.md §3 and §4): the setups its tests share, in tests/chushogi_rules.rs
//! and in the rule files with Chu Shogi cases.
//!
//! Conventions: 12 x 12; White = sente = upper case, moves up the board (ranks 1 -> 12).
//! Positions are written as piece lists (`("f6", "N")`) and turned into FENs by `fen()`.
//! Kirin lists every lion path as its own move (`f6f7,f7g8` besides the jump `f6g8`, each
//! pass square as its own `f6f7,f7f6`), so counts count paths.

use super::{fen_of, pos_in};
use kirin::position::Position;

/// FEN from a piece list; side `'w'` or `'b'`.
pub fn fen(pieces: &[(&str, &str)], side: char) -> String {
    fen_of(12, 12, pieces, side, "-")
}

/// The position of the piece list `pieces` in `chushogi`, `side` to move.
#[track_caller]
pub fn pos(pieces: &[(&str, &str)], side: char) -> Position {
    pos_in("chushogi", &fen(pieces, side))
}

/// Kings in far corners (White a1, Black l12) and, so that no side is ever "bare"
/// (docs/rules/shogi.md §3.8), one spare Gold each in a far corner.
pub const BASE: [(&str, &str); 4] = [("a1", "K"), ("l12", "k"), ("l1", "G"), ("a12", "g")];

/// [`BASE`] plus `extra`.
pub fn with_base(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = BASE.to_vec();
    v.extend_from_slice(extra);
    v
}
