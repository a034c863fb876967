//! Hiashatar (`hiashatar`, docs/rules/hiashatar.md): the setups its tests share, in
//! tests/hiashatar_rules.rs and in the rule files with Hiashatar cases.
//!
//! Conventions: 10 files a..j x 10 ranks, 1-based ranks (`e10`); White upper case, moving up.
//! Letters as in variants.ini: K king, Q queen, R rook, B bishop, N knight, G bodyguard,
//! P pawn. A side left with its King alone draws at once (§6.4), so most positions give
//! both sides a pawn.

use super::{fen_of, pos_in};
use kirin::position::Position;

/// The variant's name in the catalog.
pub const V: &str = "hiashatar";

/// FEN from a piece list; side `'w'` or `'b'`; castling field as given (`"-"` for none).
pub fn fen(pieces: &[(&str, &str)], side: char) -> String {
    fen_of(10, 10, pieces, side, "-")
}

/// The position `f` in Hiashatar.
#[track_caller]
pub fn pos(f: &str) -> Position {
    pos_in(V, f)
}
