//! Short Sliders (`shortsliders`, docs/rules/short-sliders.md): the setups its tests share,
//! in tests/shortsliders_rules.rs and in the rule files with Short Sliders cases.
//!
//! Conventions: 12 files a..l x 16 ranks; White upper case, moving up (rank 1 -> 16). Letters
//! as in variants.ini (K king, P pawn, P' berolina, D' guard, D bodyguard, A' archer,
//! L' lady, Q queen, Z malkia, T' sorcerer, T! wizard, T thaumaturge ...). Most positions
//! have the White King on a1, the Black King on l16 and a Black Pawn on a16, so that Black
//! is not a bare King, which loses (docs/rules/short-sliders.md §6).

use super::{fen_of, moves_from, pos_in, with_pool};
use kirin::position::Position;

/// The variant's name in the catalog.
pub const V: &str = "shortsliders";
pub const FILES: i32 = 12;
pub const RANKS: i32 = 16;

/// FEN from a piece list; side `'w'` or `'b'`; castling field as given (`"-"` for none).
pub fn fen(pieces: &[(&str, &str)], side: char, castling: &str) -> String {
    fen_of(FILES as usize, RANKS as usize, pieces, side, castling)
}

/// The position `f` in Short Sliders.
#[track_caller]
pub fn pos(f: &str) -> Position {
    pos_in(V, f)
}

/// Moves of a pawn type `tok` from `from` with White's pool `pool` (plus the usual kings).
pub fn pawn_moves(tok: &str, from: &str, pool: &str) -> Vec<String> {
    let f = fen(&[("a1", "K"), ("l16", "k"), ("a16", "p"), (from, tok)], 'w', "-");
    let mut p = pos(&with_pool(&f, pool));
    moves_from(&mut p, from)
}
