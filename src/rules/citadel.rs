//! Citadels (Tamerlane's Great Chess, `docs/rules/tamerlane.md` §6): one extra square per
//! side beside the board. Only the types named may enter them: the original King the enemy
//! citadel, where it cannot be taken and the game ends drawn at once, unless it enters and
//! exchanges places with its Prince or Adventitious King, which then stands in the citadel,
//! immune; the Adventitious King its own citadel, where it can be taken as anywhere (but not
//! by a pawn, whose capture squares never include a citadel). A piece that takes an
//! Adventitious King in its own citadel stands in the enemy citadel, immune there.
//!
//! In short: a move onto a citadel is allowed only to the entry types, or as a capture; a
//! piece standing in its enemy's citadel cannot be captured; an entry type standing there
//! ends the game.
//!
//! ini: `citadels = m2 a9` (White's, Black's), `citadelEnemyEntry = K`, `citadelOwnEntry =
//! A`, `citadelExchange = S A` (the pieces an entry may exchange places with),
//! `citadelCaptureExchange = false` (an entry that captures is not offered as an exchange).

use super::{Board, RuleEnd, mask_of};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::square::{Color, Square};
use crate::variant::{EndValue, Variant};

#[derive(Debug, Clone)]
pub struct Citadel {
    /// White's citadel, Black's citadel.
    squares: [Square; 2],
    enemy_entry: u64,
    own_entry: u64,
    exchange: u64,
    capture_exchange: bool,
}

impl Citadel {
    pub fn new(v: &Variant) -> Option<Citadel> {
        let squares = v.citadels?;
        Some(Citadel {
            squares,
            enemy_entry: mask_of(&v.citadel_enemy_entry),
            own_entry: mask_of(&v.citadel_own_entry),
            exchange: mask_of(&v.citadel_exchange),
            capture_exchange: v.citadel_capture_exchange,
        })
    }

    /// Both citadel squares.
    pub fn squares(&self) -> Bitboard {
        Bitboard::from_square(self.squares[0]) | Bitboard::from_square(self.squares[1])
    }

    /// The citadel of colour `c`.
    #[inline]
    fn own(&self, c: Color) -> Square {
        self.squares[c.index()]
    }

    /// The pieces of `c` that cannot be captured: one standing in the enemy's citadel.
    #[inline]
    pub fn immune<B: Board>(&self, b: &B, c: Color) -> Bitboard {
        b.color_bb(c) & Bitboard::from_square(self.own(!c))
    }

    #[inline]
    fn is(mask: u64, t: u8) -> bool {
        mask & (1u64 << t) != 0
    }

    /// Removes the moves in `moves[start..]` that end on a citadel they may not enter: the
    /// own citadel is for the own-entry types, the enemy citadel for the enemy-entry types
    /// and for captures (an enemy piece there is its own Adventitious King; one that cannot
    /// be taken is never a target).
    pub fn filter<B: Board>(&self, b: &B, moves: &mut Vec<Move>, start: usize) {
        let us = b.side_to_move();
        let (own, enemy) = (self.own(us), self.own(!us));
        let mut i = start;
        while i < moves.len() {
            let m = moves[i];
            let enters =
                m.kind != MoveKind::Swap && m.kind != MoveKind::EnterExchange && (m.to == own || m.to == enemy);
            let ok = !enters || {
                let t = b.piece_at(m.from).kind();
                if m.to == own {
                    Self::is(self.own_entry, t)
                } else {
                    Self::is(self.enemy_entry, t) || b.piece_at(m.to).is_some()
                }
            };
            if ok {
                i += 1;
            } else {
                moves.swap_remove(i);
            }
        }
    }

    /// Enter and exchange: for each entry into the enemy citadel among `moves[start..]` by
    /// an enemy-entry type (a capturing one only with `citadelCaptureExchange`), the same
    /// entry continued to the square of each own exchange-type piece on a board square,
    /// which goes into the citadel instead (`b9a9,a9f5`).
    pub fn exchanges<B: Board>(&self, b: &B, moves: &mut Vec<Move>, start: usize) {
        let us = b.side_to_move();
        let enemy = self.own(!us);
        let partners = b.pieces_of(us, self.exchange).without(self.squares());
        if partners.is_empty() {
            return;
        }
        for i in start..moves.len() {
            let m = moves[i];
            if m.to != enemy
                || m.kind != MoveKind::Normal
                || !Self::is(self.enemy_entry, b.piece_at(m.from).kind())
                || (b.piece_at(enemy).is_some() && !self.capture_exchange)
            {
                continue;
            }
            for p in partners {
                moves.push(Move::with_kind(m.from, p, enemy, MoveKind::EnterExchange));
            }
        }
    }

    /// An enemy-entry piece standing in the enemy citadel has drawn the game.
    pub fn end<B: Board>(&self, b: &B) -> Option<RuleEnd> {
        for c in Color::BOTH {
            let p = b.piece_at(self.own(!c));
            if p.is_some() && p.color() == c && Self::is(self.enemy_entry, p.kind()) {
                return Some(RuleEnd { side: c, value: EndValue::Draw, reason: "King in the enemy citadel" });
            }
        }
        None
    }
}
