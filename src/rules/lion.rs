//! Lion-trading rules of Chu Shogi (spec/rules.md 4b, as lishogi implements them):
//!
//! * L1: a Lion may always capture an enemy Lion adjacent to its starting square;
//! * L2: a Lion may not capture an enemy Lion two squares away if that Lion is protected
//!   (attacked by any enemy piece once the capturing Lion has left, x-rays included),
//!   unless the first leg of the same move captured something other than a pawn or
//!   go-between (a "bridge": `lionBridgeExempt` lists the pieces that do not count);
//! * L3: after a Lion was captured by a non-Lion, the opponent may not capture a Lion with
//!   a non-Lion piece, except on the square of that capture (re-capturing a Kirin that
//!   promoted while capturing). Lions are not bound by L3.
//! * Okazaki rule (`okazaki = true`): L3 does not protect an unprotected Lion.
//! * `lionVictimProtects`: whether, in L2, the piece taken on the first leg still counts as
//!   a protector of the Lion taken on the second. lishogi counts it (protection is judged on
//!   the board before the move); HaChu, and so XBoard's `chu`, does not (the protector is
//!   gone when the Lion is taken). Kirin rejected HaChu's `e9d8,d8d7` (go-between on d8,
//!   the Lion on d7 protected by it alone) in a `chu` game and the game stalled.
//!
//! Active when the variant lists `lions`. The square of the last non-Lion capture of a Lion
//! is part of the position state (and its hash key).

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::Square;

/// Removes the moves in `moves[start..]` that break the lion-trading rules.
pub fn filter(pos: &Position, moves: &mut Vec<Move>, start: usize) {
    let rules = pos.rules();
    let lions = rules.lion_mask;
    if lions == 0 {
        return;
    }
    let us = pos.side_to_move();
    let them = !us;
    let is_enemy_lion = |sq: Square| {
        let p = pos.piece_at(sq);
        p.is_some() && p.color() == them && lions & (1u64 << p.kind()) != 0
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
        let mover_is_lion = lions & (1u64 << pos.piece_at(m.from).kind()) != 0;
        let mut cleared = pos.occupied().without(Bitboard::from_square(m.from));
        // Squares whose pieces do not protect: the victim itself, and the first leg's
        // victim where the variant says it is gone.
        let mut gone = Bitboard::EMPTY;
        if m.kind == MoveKind::TwoLeg {
            cleared = cleared.without(Bitboard::from_square(m.aux));
            if !pos.variant().lion_victim_protects {
                gone = Bitboard::from_square(m.aux);
            }
        }
        let protected = |sq: Square| pos.attackers(sq, them, cleared).without(Bitboard::from_square(sq) | gone).any();
        let mut ok = true;
        if mover_is_lion {
            // L2, with the bridge exception.
            let bridge = m.kind == MoveKind::TwoLeg && m.aux != m.from && {
                let mid = pos.piece_at(m.aux);
                mid.is_some() && mid.color() == them && rules.lion_bridge_exempt_mask & (1u64 << mid.kind()) == 0
            };
            for v in victims.into_iter().flatten() {
                if m.from.distance(v) > 1 && !bridge && protected(v) {
                    ok = false;
                }
            }
        } else if let Some(last) = pos.state().last_lion_capture() {
            // L3: no counterstrike, except on the square of the capture.
            for v in victims.into_iter().flatten() {
                // Okazaki: an unprotected Lion may be taken anyway.
                let okazaki_exempt = pos.variant().okazaki && !protected(v);
                if v != last && !okazaki_exempt {
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
