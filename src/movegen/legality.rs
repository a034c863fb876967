//! Legality: the check rule protects a side's last royal. Checkers and pins come from the
//! royal's rays when every enemy capture is a plain leap or slide (`AttackTables::simple`),
//! so normal moves are masked while they are generated; otherwise, and for royal moves,
//! e.p., castling and two-leg moves, the move is made, tested and taken back.

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Square};
use arrayvec::ArrayVec;

/// Check and pin information for the side to move, when the check rule applies.
pub(super) struct Guard {
    pub(super) royal: Square,
    checkers: Bitboard,
    /// Allowed targets for non-royal normal moves when in single check.
    evasion: Bitboard,
    pinned: Bitboard,
    /// Pinned pieces and their lines. Sixteen slots: more pins than that (one a direction
    /// from the royal) is possible only for pieces with many slide directions and falls
    /// back to testing every move. A larger guard costs its copy at every generation.
    pins: ArrayVec<(Square, Bitboard), 16>,
    /// True when masks are exact (see module doc); false = test every move.
    pub(super) fast: bool,
}

impl Guard {
    #[inline]
    pub(super) fn mask_for(&self, from: Square) -> Bitboard {
        if !self.fast {
            return Bitboard::FULL;
        }
        let mut m = if self.checkers.is_empty() {
            Bitboard::FULL
        } else if self.checkers.more_than_one() {
            Bitboard::EMPTY
        } else {
            self.evasion
        };
        if self.pinned.contains(from) {
            for (s, line) in &self.pins {
                if *s == from {
                    m &= *line;
                }
            }
        }
        m
    }
}

impl Position {
    /// The single protected royal of `c`, if the check rule applies to it.
    pub fn protected_royal(&self, c: Color) -> Option<Square> {
        if !self.variant().check_rule || self.royal_count(c) != 1 {
            return None;
        }
        self.royal_squares(c).lsb()
    }

    /// True when the side to move's protected royal is attacked.
    pub fn in_check(&self) -> bool {
        let us = self.side_to_move();
        match self.protected_royal(us) {
            Some(k) => self.royal_attacked_at(k, us),
            None => false,
        }
    }

    /// Is the royal of `c` on `sq` attacked (and not immune, `RuleSet::immune`)?
    #[inline]
    pub(crate) fn royal_attacked_at(&self, sq: Square, c: Color) -> bool {
        !self.hooks().is_immune(self, c, sq) && self.is_attacked(sq, !c, self.blockers())
    }

    /// Checkers and pins of the side to move's protected royal (`None`: no royal is
    /// protected, every pseudo-legal move is legal).
    pub(super) fn guard(&self) -> Option<Guard> {
        let us = self.side_to_move();
        let them = !us;
        let royal = self.protected_royal(us)?;
        let t = self.tables();
        let at = &t.attacks[them.index()];
        // Immunity depends on where a piece stands after the move: test moves by making them.
        let fast = at.simple && !self.hooks().has_immunity();
        let occ = self.blockers();
        let mut g = Guard {
            royal,
            checkers: Bitboard::EMPTY,
            evasion: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: ArrayVec::new(),
            fast,
        };
        if !fast {
            return Some(g);
        }
        let mut leap_checkers = Bitboard::EMPTY;
        for &(kind, rev) in &at.leapers {
            leap_checkers |= t.pool[rev as usize][royal.index()] & self.pieces(them, kind);
        }
        if !at.once_leapers.is_empty() && self.hooks().once_available(self.rule_state(), them) {
            for &(kind, rev) in &at.once_leapers {
                leap_checkers |= t.pool[rev as usize][royal.index()] & self.pieces(them, kind);
            }
        }
        g.checkers = leap_checkers;
        g.evasion = leap_checkers;
        for ra in &at.rays {
            let Some(b1) = t.first_blocker(ra.dir, royal, occ) else {
                continue;
            };
            let p1 = self.piece_at(b1);
            if p1.color() == them {
                // A kind that never slides along the line is turned away before the
                // distance (a division) is worked out.
                let kind = 1u64 << p1.kind();
                if ra.any & kind != 0 && ra.masks[t.steps(ra.dir, royal, b1).min(15)] & kind != 0 {
                    g.checkers.set(b1);
                    if !leap_checkers.contains(b1) {
                        g.evasion |= t.between(ra.dir, royal, b1) | Bitboard::from_square(b1);
                    }
                }
                continue;
            }
            if ra.any == 0 {
                continue;
            }
            let Some(b2) = t.first_blocker(ra.dir, b1, occ) else {
                continue;
            };
            let p2 = self.piece_at(b2);
            let kind = 1u64 << p2.kind();
            if p2.color() == them && ra.any & kind != 0 && ra.masks[t.steps(ra.dir, royal, b2).min(15)] & kind != 0 {
                g.pinned.set(b1);
                let line = t.between(ra.dir, royal, b2) | Bitboard::from_square(b2);
                if g.pins.try_push((b1, line)).is_err() {
                    // More pins than slots: test every move instead.
                    g.fast = false;
                }
            }
        }
        Some(g)
    }

    /// Makes the move and tests whether the royal that was protected before the move
    /// (`royal`, followed if it moves) is safe afterwards. Protection is decided before
    /// the move, as Fairy-Stockfish does for pseudo-royal pieces: a move that creates a
    /// second royal (Sho Shogi's Elephant promoting to Crown Prince) does not excuse
    /// leaving the lone King attacked.
    ///
    /// With `royalCount = after` the count after the move decides instead: a move that makes
    /// a second royal leaves no royal protected (Tamerlane's promotion to a Prince).
    pub(super) fn leaves_royal_safe(&mut self, m: Move, royal: Square) -> bool {
        let us = self.side_to_move();
        let target = if m.from == royal { m.to } else { royal };
        self.make_move(m);
        let target = self.royal_after(target, us);
        let ok = if self.royal_count(!us) == 0 && self.variant().has_royals() {
            // Capturing the opponent's last royal ends the game: always allowed.
            true
        } else if self.variant().royal_count_after && self.royal_count(us) >= 2 {
            true
        } else {
            !self.royal_attacked_at(target, us)
        };
        self.unmake_move();
        ok
    }

    /// Where the royal of `c` expected on `sq` stands after a move: there, or, when a move
    /// shifted it (a Slide-chess insertion), the square of `c`'s single royal.
    #[inline]
    fn royal_after(&self, sq: Square, c: Color) -> Square {
        if !self.rules().dynamic_targets {
            return sq;
        }
        let p = self.piece_at(sq);
        if p.is_some() && p.color() == c && self.rules().royal_mask & (1u64 << p.kind()) != 0 {
            return sq;
        }
        match self.royal_squares(c).lsb() {
            Some(s) if self.royal_count(c) == 1 => s,
            _ => sq,
        }
    }

    /// Makes the move and tests whether the royal on `royal` (followed if it moves, also
    /// by a swap) is unattacked afterwards, whatever the number of royals (the King swap).
    pub(super) fn royal_unattacked_after(&mut self, m: Move, royal: Square) -> bool {
        let us = self.side_to_move();
        let target = if m.from == royal { m.to } else { royal };
        self.make_move(m);
        let target = self.royal_after(target, us);
        let ok = !self.royal_attacked_at(target, us);
        self.unmake_move();
        ok
    }
}
