//! A side left with its royal pieces alone (Fairy-Stockfish's extinction rules, and
//! lishogi's Chu Shogi reading; `docs/rules/chess-family.md`, `docs/rules/shogi.md`,
//! `docs/rules/short-sliders.md`).
//!
//! ini: `bareKing = loss|draw|win` (the value for the bared side; none = off; a drawn bare
//! king ends the game whatever the other side has, so two bare royals draw too),
//! `bareKingCounter = true` (the bared side to move may still bare the opponent at once),
//! `bareKingStrict = true` with `bareKingIgnore = ...` (Chu Shogi, lishogi's `isBareKing`
//! and `isDraw`, see [`BareKing::bared_strict`]).

use super::{Board, RuleEnd, mask_of};
use crate::square::{Color, Square};
use crate::variant::{EndValue, Variant};

#[derive(Debug, Clone)]
pub struct BareKing {
    value: EndValue,
    counter: bool,
    strict: bool,
    /// Types that do not count for the baring side (`bareKingIgnore`).
    ignore: u64,
    royal_mask: u64,
}

impl BareKing {
    pub fn new(v: &Variant) -> Option<BareKing> {
        let value = v.bare_king?;
        let royals: Vec<_> = (0..v.pieces.len()).filter(|&t| v.pieces[t].royal).map(|t| t as u8).collect();
        Some(BareKing {
            value,
            counter: v.bare_king_counter,
            strict: v.bare_king_strict,
            ignore: mask_of(&v.bare_king_ignore),
            royal_mask: mask_of(&royals),
        })
    }

    /// The game end, if a side is bare.
    pub(super) fn end<B: Board>(&self, b: &B) -> Option<RuleEnd> {
        let us = b.side_to_move();
        if self.strict && self.only_royals_left(b) {
            return Some(RuleEnd { side: us, value: EndValue::Draw, reason: "only kings left" });
        }
        for c in [!us, us] {
            if self.strict {
                if self.bared_strict(b, c) {
                    return Some(RuleEnd { side: c, value: self.value, reason: "bare king" });
                }
                continue;
            }
            let mine = b.total(c) - b.royal_count(c);
            let theirs = b.total(!c) - b.royal_count(!c);
            // A drawn bare king (Hiashatar, docs/rules/hiashatar.md §6.4) needs no material on the other
            // side: two bare Kings are a draw too. A lost one needs a piece left to the
            // winner (and one more where the bared side may bare back).
            let need = if self.value == EndValue::Draw { 0 } else { 1 + u16::from(self.counter && c == us) };
            if mine == 0 && theirs >= need {
                return Some(RuleEnd { side: c, value: self.value, reason: "bare king" });
            }
        }
        None
    }

    fn royal_attacked<B: Board>(b: &B, c: Color) -> bool {
        b.royal_squares(c).iter().any(|k| b.is_attacked(k, !c, b.occupied()))
    }

    /// Both sides have one royal and nothing else that can still move, neither royal under
    /// attack (lishogi's `isDraw` for Chu Shogi).
    fn only_royals_left<B: Board>(&self, b: &B) -> bool {
        Color::BOTH.iter().all(|&c| {
            b.royal_count(c) == 1
                && b.color_bb(c).iter().all(|sq| self.is_royal(b, sq) || !b.is_mobile(sq))
                && !Self::royal_attacked(b, c)
        })
    }

    fn is_royal<B: Board>(&self, b: &B, sq: Square) -> bool {
        self.royal_mask & (1 << b.piece_at(sq).kind()) != 0
    }

    /// Lishogi's bare-king test for Chu Shogi (`bareKingStrict`): `c` has a single royal and
    /// nothing else that can still move; the opponent has a single royal, is not attacked,
    /// and has at least one counted piece (not in `bareKingIgnore`, not immobile), and
    /// either two or more of them or one that `c`'s royal cannot take at once.
    fn bared_strict<B: Board>(&self, b: &B, c: Color) -> bool {
        if b.royal_count(c) != 1 || b.royal_count(!c) != 1 {
            return false;
        }
        // Called at every node: stop at the first piece that still counts.
        if b.color_bb(c).iter().any(|sq| !self.is_royal(b, sq) && b.is_mobile(sq)) {
            return false;
        }
        let theirs: Vec<Square> = b
            .color_bb(!c)
            .iter()
            .filter(|&sq| {
                let k = b.piece_at(sq).kind();
                self.royal_mask & (1 << k) == 0 && self.ignore & (1 << k) == 0 && b.is_mobile(sq)
            })
            .collect();
        if theirs.is_empty() {
            return false;
        }
        let their_royal = b.royal_squares(!c).lsb();
        if their_royal.is_some_and(|k| b.is_attacked(k, c, b.occupied())) {
            return false;
        }
        if theirs.len() >= 2 {
            return true;
        }
        let my_royal = b.royal_squares(c).lsb();
        my_royal.is_none_or(|k| k.distance(theirs[0]) > 1)
    }
}
