//! Gleeman Chess (`gleeman`, docs/rules/gleeman.md): the setups its tests share.
//!
//! Conventions: 9 files a..i x 9 ranks; White upper case, moving up. Letters as in
//! variants.ini: K king, R rook, B bishop, N knight, A archbishop, W warlord, G gleeman,
//! P pawn.

use super::{fen_of, pos_in};
use kirin::position::Position;

/// The variant's name in the catalog.
pub const V: &str = "gleeman";

/// FEN from a piece list; side `'w'` or `'b'`; castling field as given (`"-"` for none).
pub fn fen(pieces: &[(&str, &str)], side: char, castling: &str) -> String {
    fen_of(9, 9, pieces, side, castling)
}

/// The position `f` in Gleeman Chess.
#[track_caller]
pub fn pos(f: &str) -> Position {
    pos_in(V, f)
}
