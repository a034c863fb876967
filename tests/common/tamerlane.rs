//! Tamerlane's Great Chess (`tamerlane`, docs/rules/tamerlane.md): the setups its tests
//! share, in tests/tamerlane_rules.rs and the rule files with Tamerlane cases
//! (tests/rule_citadel.rs, tests/rule_swap.rs, tests/rule_placement.rs).
//!
//! Conventions: the 13x10 frame, files a..m, ranks 1..10; White's citadel m2, Black's a9;
//! the other squares of files a and m are holes (a FEN's digits may run over them). Letters
//! as in variants.ini: K King, S Prince, A Adventitious King, R N B C D T G F W pieces, R'
//! ... K' the pawns, P Y Z the Pawn of Pawns' three stages.

use super::{fen_of, pos_in};
use kirin::position::Position;

/// The variant's name in the catalog.
pub const V: &str = "tamerlane";

/// FEN from a piece list; side `'w'` or `'b'`; castling field as given (`"-"`, or `S`/`s`
/// for a used King swap).
pub fn fen(pieces: &[(&str, &str)], side: char, castling: &str) -> String {
    fen_of(13, 10, pieces, side, castling)
}

/// The position `f` in Tamerlane.
#[track_caller]
pub fn pos(f: &str) -> Position {
    pos_in(V, f)
}

/// The position of a piece list with White to move and the swaps unused.
#[track_caller]
pub fn white(pieces: &[(&str, &str)]) -> Position {
    pos(&fen(pieces, 'w', "-"))
}

/// The same with Black to move.
#[track_caller]
pub fn black(pieces: &[(&str, &str)]) -> Position {
    pos(&fen(pieces, 'b', "-"))
}
