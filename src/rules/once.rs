//! Moves usable once per game (the Bat chess King's knight move, `docs/rules/bat-chess.md`
//! §3.5). The moves themselves are data (`{once:N}` in XBetza, compiled into the piece
//! tables); this rule keeps which side has used its move.
//!
//! ini: `onceMovesAttack = false` stops an unused once-per-game move from attacking the
//! squares it could capture on (default: it attacks them, `docs/rules/bat-chess.md` §3.5).
//! FEN: the castling field carries `X` (White) / `x` (Black) once the move is used; no mark
//! means still available, so ordinary FENs (XBoard's among them) mean "available".

use super::AfterMake;
use super::side_flags::SideFlags;
use crate::moves::MoveKind;
use crate::square::Color;
use crate::variant::Variant;
use crate::zobrist::KEYS;

#[derive(Debug, Clone)]
pub struct Once;

/// Which colours have used their once-per-game move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnceState(SideFlags);

/// The castling-field marks of a used move.
const MARKS: [char; 2] = ['X', 'x'];

impl OnceState {
    #[inline]
    pub fn available(self, c: Color) -> bool {
        !self.0.is_set(c)
    }
}

impl Once {
    pub fn new(v: &Variant) -> Option<Once> {
        v.pieces.iter().any(|p| p.moves.iter().any(|m| m.once)).then_some(Once)
    }

    /// A once-per-game move uses up its side's right.
    pub(super) fn after_make(&self, ctx: &mut AfterMake) {
        let c = ctx.made.side;
        if ctx.made.m.kind == MoveKind::Once && ctx.state.once.available(c) {
            ctx.state.once.0.set(c);
            *ctx.key ^= KEYS.once[c.index()];
        }
    }

    /// Reads `X` / `x` from the castling field.
    pub(super) fn read_mark(ch: char, st: &mut OnceState) -> bool {
        st.0.read_mark(ch, MARKS)
    }

    /// Writes `X` / `x` for a used move of colour `c`.
    pub(super) fn write_mark(st: &OnceState, c: Color, out: &mut String) {
        st.0.write_mark(c, MARKS, out);
    }

    /// The state's share of the hash key.
    pub(super) fn key(st: &OnceState) -> u64 {
        st.0.key(&KEYS.once)
    }
}
