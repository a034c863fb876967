//! Slide-chess (`slidechess`, docs/rules/slide-chess.md): the setups its tests share, in
//! tests/rule_cage.rs.
//!
//! Conventions: the 9x8 frame, files a..i, ranks 1..8; the board is b2..h7; the rim exists
//! only at the two cages, given as White's and Black's square (`"e8e1"`), written after the
//! board in the FEN (`[e8e1]`); the castling field carries `R`/`r` for a relocation on the
//! last move. Letters as in chess.

use super::{board_from_pieces, pos_in};
use kirin::position::Position;

/// The variant's name in the catalog.
pub const V: &str = "slidechess";

/// FEN from a piece list, the cages (`"e8e1"`: White's, Black's), side and castling field.
pub fn fen(pieces: &[(&str, &str)], cages: &str, side: char, castling: &str) -> String {
    format!("{}[{cages}] {side} {castling} - 0 1", board_from_pieces(9, 8, pieces))
}

/// The position `f` in Slide-chess.
#[track_caller]
pub fn pos(f: &str) -> Position {
    pos_in(V, f)
}
