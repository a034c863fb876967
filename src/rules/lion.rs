//! Lion-trading rules of Chu Shogi (as lishogi implements them; `docs/rules/shogi.md`
//! §3.5):
//!
//! * L1: a Lion may always capture an enemy Lion adjacent to its starting square;
//! * L2: a Lion may not capture an enemy Lion two squares away if that Lion is protected
//!   (attacked by any enemy piece once the capturing Lion has left, x-rays included),
//!   unless the first leg of the same move captured something other than a pawn or
//!   go-between (a "bridge": `lionBridgeExempt` lists the pieces that do not count);
//! * L3: after a Lion was captured by a non-Lion, the opponent may not capture a Lion with
//!   a non-Lion piece, except on the square of that capture (re-capturing a Kirin that
//!   promoted while capturing; `lionRecaptureOnSquare = false` drops this exception, as
//!   HaChu 0.21 does: it declared Kirin's re-capture "Counterstrike against Lion" and won
//!   the game). Lions are not bound by L3.
//! * Okazaki rule (`okazaki = true`): L3 does not protect an unprotected Lion.
//! * `lionVictimProtects`: whether, in L2, the piece taken on the first leg still counts as
//!   a protector of the Lion taken on the second. lishogi counts it (protection is judged on
//!   the board before the move); HaChu, and so XBoard's `chu`, does not (the protector is
//!   gone when the Lion is taken). Kirin rejected HaChu's `e9d8,d8d7` (go-between on d8,
//!   the Lion on d7 protected by it alone) in a `chu` game and the game stalled.
//!
//! ini: `lions` (the Lion types; empty = off), `lionBridgeExempt`, `okazaki`,
//! `lionVictimProtects`, `lionRecaptureOnSquare`. The square of the last non-Lion capture
//! of a Lion is this rule's per-move state ([`LionState`]) and part of the hash key.

use super::{AfterMake, Board, mask_of};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::square::Square;
use crate::variant::Variant;
use crate::zobrist::KEYS;

#[derive(Debug, Clone)]
pub struct Lion {
    /// The Lion types.
    pub mask: u64,
    /// Victims that do not make a bridge (`lionBridgeExempt`).
    bridge_exempt: u64,
    okazaki: bool,
    victim_protects: bool,
    recapture_on_square: bool,
}

/// The square where the last move captured a Lion with a non-Lion, if it did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LionState(Option<Square>);

impl LionState {
    pub fn last_capture(self) -> Option<Square> {
        self.0
    }
}

impl Lion {
    pub fn new(v: &Variant) -> Option<Lion> {
        (!v.lions.is_empty()).then(|| Lion {
            mask: mask_of(&v.lions),
            bridge_exempt: mask_of(&v.lion_bridge_exempt),
            okazaki: v.okazaki,
            victim_protects: v.lion_victim_protects,
            recapture_on_square: v.lion_recapture_on_square,
        })
    }

    #[inline]
    fn is_lion(&self, p: crate::piece::Piece) -> bool {
        p.is_some() && self.mask & (1u64 << p.kind()) != 0
    }

    /// Removes the moves in `moves[start..]` that break the lion-trading rules.
    pub fn filter<B: Board>(&self, pos: &B, moves: &mut Vec<Move>, start: usize) {
        let us = pos.side_to_move();
        let them = !us;
        let is_enemy_lion = |sq: Square| {
            let p = pos.piece_at(sq);
            p.is_some() && p.color() == them && self.is_lion(p)
        };
        let mut i = start;
        while i < moves.len() {
            let m = moves[i];
            let mut victims: [Option<Square>; 2] = [None, None];
            if m.kind == MoveKind::TwoLeg && m.aux != m.from && is_enemy_lion(m.aux) {
                victims[0] = Some(m.aux);
            }
            if m.to != m.from
                && matches!(m.kind, MoveKind::Normal | MoveKind::EpStep | MoveKind::TwoLeg)
                && is_enemy_lion(m.to)
            {
                victims[1] = Some(m.to);
            }
            if victims.iter().all(|v| v.is_none()) {
                i += 1;
                continue;
            }
            let mover_is_lion = self.is_lion(pos.piece_at(m.from));
            let mut cleared = pos.occupied().without(Bitboard::from_square(m.from));
            // Squares whose pieces do not protect: the victim itself, and the first leg's
            // victim where the variant says it is gone.
            let mut gone = Bitboard::EMPTY;
            if m.kind == MoveKind::TwoLeg {
                cleared = cleared.without(Bitboard::from_square(m.aux));
                if !self.victim_protects {
                    gone = Bitboard::from_square(m.aux);
                }
            }
            let protected =
                |sq: Square| pos.attackers(sq, them, cleared).without(Bitboard::from_square(sq) | gone).any();
            let mut ok = true;
            if mover_is_lion {
                // L2, with the bridge exception.
                let bridge = m.kind == MoveKind::TwoLeg && m.aux != m.from && {
                    let mid = pos.piece_at(m.aux);
                    mid.is_some() && mid.color() == them && self.bridge_exempt & (1u64 << mid.kind()) == 0
                };
                for v in victims.into_iter().flatten() {
                    if m.from.distance(v) > 1 && !bridge && protected(v) {
                        ok = false;
                    }
                }
            } else if let Some(last) = pos.rule_state().lion.last_capture() {
                // L3: no counterstrike, except (`lionRecaptureOnSquare`) on the square of
                // the capture.
                for v in victims.into_iter().flatten() {
                    // Okazaki: an unprotected Lion may be taken anyway.
                    let okazaki_exempt = self.okazaki && !protected(v);
                    let on_square = self.recapture_on_square && v == last;
                    if !on_square && !okazaki_exempt {
                        ok = false;
                    }
                }
            }
            if ok {
                i += 1;
            } else {
                moves.swap_remove(i);
            }
        }
    }

    /// Records the square where the move captured a Lion with a non-Lion (the last such
    /// capture of a two-leg move), clearing the previous move's.
    pub(super) fn after_make(&self, ctx: &mut AfterMake) {
        let old = ctx.state.lion;
        let mut new = LionState(None);
        if !self.is_lion(ctx.made.mover) {
            let us = ctx.made.mover.color();
            for &(sq, p) in ctx.changes {
                if p.is_some() && p.color() != us && self.is_lion(p) {
                    new = LionState(Some(sq));
                }
            }
        }
        if new != old {
            *ctx.key ^= Self::key(&old) ^ Self::key(&new);
            ctx.state.lion = new;
        }
    }

    /// The state's share of the hash key.
    pub(super) fn key(st: &LionState) -> u64 {
        st.0.map_or(0, |sq| KEYS.lion[sq.index()])
    }
}
