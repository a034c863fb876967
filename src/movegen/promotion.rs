//! Promotion: which moves promote and to what (zone, capture, last rank, mandatory or
//! not), and the rules' choices (the pool, a partner that must be gone first).

use crate::attacks::PieceTables;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;
use crate::variant::{Mandatory, PromotionStyle};

impl Position {
    /// The squares a non-capturing move of `p` from `from` could promote on: what
    /// quiescence search must still generate quiet moves to (a superset; `emit` decides).
    /// Without it every quiet move of every promotable piece would be generated and
    /// thrown away, which in Chu Shogi is nearly all of them.
    pub(super) fn quiet_promotion_targets(&self, p: Piece, from: Square) -> Bitboard {
        let rules = self.rules();
        let c = p.color().index();
        let zone = rules.zones[c];
        if rules.capture_promoter_mask & (1u64 << p.kind()) != 0 {
            return Bitboard::EMPTY;
        }
        let mut t = match self.variant().promotion_style {
            PromotionStyle::End | PromotionStyle::EndOrCapture => zone,
            PromotionStyle::StartOrEnd => {
                if zone.contains(from) {
                    Bitboard::FULL
                } else {
                    zone
                }
            }
            PromotionStyle::EntryOrCapture => {
                if zone.contains(from) {
                    Bitboard::EMPTY
                } else {
                    zone
                }
            }
        };
        if rules.last_rank_promoter_mask & (1u64 << p.kind()) != 0 {
            t |= rules.last_ranks[c];
        }
        t
    }

    pub(super) fn push_with_promotions(&self, pt: &PieceTables, p: Piece, m: Move, capture: bool, out: &mut Vec<Move>) {
        let v = self.variant();
        let def = &v.pieces[p.kind() as usize];
        if def.promotions.is_empty() {
            out.push(m);
            return;
        }
        let zone = self.rules().zones[p.color().index()];
        let (zf, zt) = (zone.contains(m.from), zone.contains(m.to));
        let rules = self.rules();
        let hooks = &rules.hooks;
        if hooks.pool_promoter(p.kind()) {
            // A rule's choices (`RuleSet::pool_promotions`), in the zone only; none on the
            // last rank: no move.
            if !zt {
                out.push(m);
                return;
            }
            let last = rules.last_ranks[p.color().index()].contains(m.to);
            let choices = hooks.pool_promotions(self, v, p, last);
            for &t in &choices.promote {
                out.push(m.promoting(t));
            }
            if choices.plain {
                out.push(m);
            }
            return;
        }
        let last_rank = rules.last_rank_promoter_mask & (1u64 << p.kind()) != 0
            && rules.last_ranks[p.color().index()].contains(m.to);
        let eligible = if rules.capture_promoter_mask & (1u64 << p.kind()) != 0 {
            // Only by capturing a non-pawn (the victim stands on `to`, or on `aux` for a
            // rifle capture; e.p. victims are pawns).
            let victim = match m.kind {
                MoveKind::EnPassant => Piece::NONE,
                MoveKind::TwoLeg if m.to == m.from => self.piece_at(m.aux),
                _ => self.piece_at(m.to),
            };
            capture && victim.is_some() && rules.pawn_mask & (1u64 << victim.kind()) == 0
        } else {
            last_rank
                || match v.promotion_style {
                    PromotionStyle::End => zt,
                    PromotionStyle::EndOrCapture => zt || capture,
                    PromotionStyle::StartOrEnd => zf || zt,
                    PromotionStyle::EntryOrCapture => {
                        if capture {
                            zf || zt
                        } else {
                            zt && !zf
                        }
                    }
                }
        };
        if !eligible || def.promotions.first().is_some_and(|&t| !hooks.allows_promotion(self, p.color(), p.kind(), t)) {
            out.push(m);
            return;
        }
        for &t in &def.promotions {
            out.push(m.promoting(t));
        }
        let keep = match v.promotion_mandatory {
            Mandatory::Always => false,
            Mandatory::Never => true,
            Mandatory::Immobile => pt.mobile.contains(m.to),
        };
        if keep {
            out.push(m);
        }
    }
}
