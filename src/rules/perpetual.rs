//! The perpetual-check exception to the repetition result (Sho Shogi, `docs/rules/shogi.md`
//! §2.5): when a repetition was forced by one side attacking the other's royal on every
//! move of the cycle, that side gets `perpetualCheck`'s value instead of the variant's
//! `nFoldValue`.
//!
//! ini: `perpetualCheck = loss|draw` (the value for the checking side).
//!
//! The rule keeps no state: whether a royal was attacked at each position of the cycle is
//! worked out when a repetition is found (the game-end code takes the cycle's moves back
//! and plays them again), so no move pays for it.

use crate::variant::{EndValue, Variant};

#[derive(Debug, Clone)]
pub struct Perpetual {
    /// The value for the side that checked on every move.
    value: EndValue,
}

impl Perpetual {
    pub fn new(v: &Variant) -> Option<Perpetual> {
        v.perpetual_check.map(|value| Perpetual { value })
    }

    /// The repetition's value for the side to move when one side checked throughout the
    /// cycle; `checked(k)` says whether the side to move `k` plies ago had a royal attacked.
    pub(super) fn value(&self, cycle: usize, checked: impl Fn(usize) -> bool) -> Option<EndValue> {
        // The last mover checked on every move of the cycle: we were in check at 0, 2, ...
        let last_mover_perpetual = (0..cycle).step_by(2).all(&checked);
        let our_perpetual = (1..cycle).step_by(2).all(&checked);
        if last_mover_perpetual && !our_perpetual {
            return Some(self.value.flipped());
        }
        if our_perpetual && !last_mover_perpetual {
            return Some(self.value);
        }
        None
    }
}
