//! Promotion that waits for a partner to be gone (Short Sliders' Sorcerer and Wizard,
//! `docs/rules/short-sliders.md` §4.3), and types a side may have only one of.
//!
//! ini: `promoteUnless.X = Y ...`: X may promote only while its side has no Y on the board;
//! when a capture takes the last Y and an X stands in its side's zone, that X promotes at
//! once. `unique = T`: a side may not promote to a T while it has one.

use super::{AfterMake, Board, mask_of};
use crate::piece::Piece;
use crate::square::{Color, Square};
use crate::variant::{MAX_PIECE_TYPES, PieceType, Variant};

#[derive(Debug, Clone)]
pub struct Partner {
    /// Entry `t`: the types whose presence stops `t` from promoting.
    unless: [u64; MAX_PIECE_TYPES],
    /// The types with an `unless` entry.
    promoters: u64,
    /// `unique` types.
    unique: u64,
    /// Each promoter's promotion (its first target).
    target: [Option<PieceType>; MAX_PIECE_TYPES],
}

impl Partner {
    pub fn new(v: &Variant) -> Option<Partner> {
        if v.promote_unless.is_empty() && v.unique.is_empty() {
            return None;
        }
        let mut unless = [0u64; MAX_PIECE_TYPES];
        let mut promoters = 0u64;
        let mut target = [None; MAX_PIECE_TYPES];
        for (t, list) in &v.promote_unless {
            unless[*t as usize] = mask_of(list);
            promoters |= 1 << t;
            target[*t as usize] = v.pieces[*t as usize].promotions.first().copied();
        }
        Some(Partner { unless, promoters, unique: mask_of(&v.unique), target })
    }

    /// Is `t` a type a side may have only one of?
    #[inline]
    pub fn is_unique(&self, t: PieceType) -> bool {
        self.unique & (1u64 << t) != 0
    }

    /// The pieces that stop a `t` from promoting to `target`: its partners and, for a
    /// unique target, that type.
    fn blockers(&self, t: PieceType, target: PieceType) -> u64 {
        let mut blockers = self.unless[t as usize];
        if self.is_unique(target) {
            blockers |= 1u64 << target;
        }
        blockers
    }

    /// Whether colour `c` may promote a `t` to `target` now.
    pub fn allows<B: Board>(&self, b: &B, c: Color, t: PieceType, target: PieceType) -> bool {
        b.pieces_of(c, self.blockers(t, target)).is_empty()
    }

    /// After a capture of the mover's opponent's piece: a promoter of that side standing in
    /// its zone promotes at once when the captured piece was the last of its partners
    /// ("when the last counterpart is captured"). Losing a unique piece that stood in the
    /// way (the Thaumaturge) promotes nobody: that is no capture of the counterpart.
    /// Returns the promoted piece and its square.
    pub(super) fn after_make(&self, ctx: &AfterMake) -> Option<(Square, Piece)> {
        let captured = ctx.made.captured;
        if captured.is_none() {
            return None;
        }
        let (c, lost) = (captured.color(), captured.kind());
        let mut mask = self.promoters;
        while mask != 0 {
            let t = mask.trailing_zeros() as PieceType;
            mask &= mask - 1;
            if self.unless[t as usize] & (1u64 << lost) == 0 {
                continue;
            }
            let Some(target) = self.target[t as usize] else { continue };
            if ctx.pieces_of(c, self.blockers(t, target)).any() {
                continue;
            }
            if let Some(sq) = (ctx.pieces_of(c, 1u64 << t) & ctx.zones[c.index()]).lsb() {
                return Some((sq, Piece::new(c, target)));
            }
        }
        None
    }
}
