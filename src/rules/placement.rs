//! Placement by fork or trap (Tamerlane's Pawn of Pawns, `docs/rules/tamerlane.md` §5): a
//! piece of a placement type has no moves of its own; instead it may be put on any board
//! square, empty or holding an enemy piece that is neither royal nor immune (which it
//! captures), from which, as the type it then becomes (its `promote.X`), it would
//!
//! - fork: attack two enemy pieces at once, both on its capture squares (royals count,
//!   immune pieces do not); or
//! - trap: attack an enemy piece that has no pseudo-legal move (own royal's safety ignored)
//!   in the position after the placement; taking the placed piece counts as a move.
//!
//! The move is written from its square to the target (`h10c9`).
//!
//! ini: `placement = Y` (the placement types; each becomes its `promote.Y` type).

use super::{Board, mask_of};
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::variant::{PieceType, Variant};

#[derive(Debug, Clone)]
pub struct Placement {
    mask: u64,
    /// Per placement type, the type it becomes.
    becomes: Vec<(PieceType, PieceType)>,
    royal_mask: u64,
}

impl Placement {
    pub fn new(v: &Variant) -> Option<Placement> {
        if v.placement.is_empty() {
            return None;
        }
        let becomes =
            v.placement.iter().filter_map(|&t| v.pieces[t as usize].promotions.first().map(|&z| (t, z))).collect();
        let royals: Vec<PieceType> = (0..v.pieces.len()).filter(|&t| v.pieces[t].royal).map(|t| t as u8).collect();
        Some(Placement { mask: mask_of(&v.placement), becomes, royal_mask: mask_of(&royals) })
    }

    /// Appends the placements of the side to move; `immune` are the enemy pieces that
    /// cannot be captured.
    pub fn moves<B: Board>(&self, b: &B, board: Bitboard, immune: Bitboard, out: &mut Vec<Move>) {
        let us = b.side_to_move();
        let placed = b.pieces_of(us, self.mask);
        if placed.is_empty() {
            return;
        }
        let enemies = b.color_bb(!us);
        let royals = b.pieces_of(!us, self.royal_mask);
        // Enemy pieces a fork may count: every one that can be captured.
        let targets = enemies.without(immune);
        let landing = board.without(b.color_bb(us)).without(royals).without(immune);
        for from in placed {
            let t = b.piece_at(from).kind();
            let Some(&(_, z)) = self.becomes.iter().find(|(y, _)| *y == t) else { continue };
            for to in landing {
                let attacked = b.capture_targets(us, z, to) & targets;
                if attacked.is_empty() {
                    continue;
                }
                let m = Move::new(from, to).promoting(z);
                let fork = attacked.count() >= 2;
                if fork || attacked.iter().any(|x| !b.has_pseudo_move_after(m, x)) {
                    out.push(m);
                }
            }
        }
    }
}
