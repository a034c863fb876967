//! The Hia power of the Bodyguard of Short Sliders and Hiashatar
//! (`docs/rules/short-sliders.md` §2.6 and §9.3, `docs/rules/hiashatar.md` §3.3):
//! the squares next to a Hia piece form its zone; a slide or a lame step (a pawn's double
//! step) may end on the first zone square it enters but not pass it, and a piece starting on
//! a zone square goes one step only. Leaps are unaffected, and a Hia piece is not hindered
//! by its own zone.
//!
//! ini: `hia = D` (the types with the power), `hiaEnemyOnly = true` (only the enemy's
//! slides are hindered; default: both colours').
//!
//! Attack detection generates the slides and lame steps of such a variant move by move
//! ([`super::RuleSet::generated_slides`]), so checks follow the same zones.

use super::{Board, mask_of};
use crate::bitboard::Bitboard;
use crate::square::{Color, Square};
use crate::variant::Variant;

#[derive(Debug, Clone)]
pub struct Hia {
    /// The types with the power.
    pub mask: u64,
    pub enemy_only: bool,
}

impl Hia {
    pub fn new(v: &Variant) -> Option<Hia> {
        (!v.hia.is_empty()).then(|| Hia { mask: mask_of(&v.hia), enemy_only: v.hia_enemy_only })
    }

    /// The zone that hinders the slides of colour `c`'s piece on `from`: the squares next
    /// to the Hia pieces (the enemy's only, with `hiaEnemyOnly`), except the piece's own.
    pub fn zone<B: Board>(&self, b: &B, c: Color, from: Square) -> Bitboard {
        let mut sources = b.pieces_of(!c, self.mask);
        if !self.enemy_only {
            sources |= b.pieces_of(c, self.mask);
        }
        let mut zone = Bitboard::EMPTY;
        for s in sources {
            if s != from {
                zone |= Bitboard::neighbours(s);
            }
        }
        zone
    }
}
