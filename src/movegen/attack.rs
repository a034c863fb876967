//! Attack detection: who attacks a square, from the reverse tables of the compiled pieces,
//! and by generating the moves of pieces those tables cannot describe.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::{Color, Square};

impl Position {
    /// Blockers for slides and squares no move may enter: the pieces, and the squares a
    /// rule takes off the board for now (Slide-chess's walls).
    #[inline]
    pub(crate) fn blockers(&self) -> Bitboard {
        match self.hooks().walls(self.rule_state()) {
            None => self.occupied(),
            Some(walls) => self.occupied() | walls,
        }
    }

    /// True when a piece of colour `by` attacks `sq`, with `occ` as occupancy for slides.
    /// (Pieces whose attacks need move generation use the real occupancy.) This is the
    /// check rule's question: pieces that never attack a royal (`noCheck`) do not count.
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let t = self.tables();
        let at = &t.attacks[by.index()];
        for &(kind, rev) in &at.leapers {
            if t.pool[rev as usize][sq.index()].intersects(self.pieces(by, kind)) {
                return true;
            }
        }
        if !at.once_leapers.is_empty() && self.hooks().once_available(self.rule_state(), by) {
            for &(kind, rev) in &at.once_leapers {
                if t.pool[rev as usize][sq.index()].intersects(self.pieces(by, kind)) {
                    return true;
                }
            }
        }
        for ra in &at.rays {
            if self.ray_attacker(ra, sq, by, occ).is_some() {
                return true;
            }
        }
        if at.has_cond_rev {
            for rc in &at.cond_rev[sq.index()] {
                if self.piece_at(rc.from) == Piece::new(by, rc.kind)
                    && !occ.intersects(rc.empty)
                    && (occ & rc.occupied) == rc.occupied
                    && (!rc.initial || self.is_virgin(rc.from))
                {
                    return true;
                }
            }
        }
        for &(kind, rev) in &at.slow {
            for from in t.pool[rev as usize][sq.index()] & self.pieces(by, kind) {
                if self.piece_attacks_by_generation(from, sq) {
                    return true;
                }
            }
        }
        false
    }

    /// All pieces of colour `by` attacking `sq` (plain leaps and slides only, plus
    /// generated attacks of complex pieces), those that never attack a royal included.
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        self.leaper_attackers(sq, by) | self.distant_attackers(sq, by, occ)
    }

    /// The pieces of colour `by` that attack `sq` by a plain leap (whatever blocks): one
    /// table lookup a kind. Exchanges look here first (`see.rs`).
    #[inline]
    pub fn leaper_attackers(&self, sq: Square, by: Color) -> Bitboard {
        let t = self.tables();
        let mut out = Bitboard::EMPTY;
        for &(kind, rev) in &t.attacks[by.index()].leapers {
            out |= t.pool[rev as usize][sq.index()] & self.pieces(by, kind);
        }
        out
    }

    /// The attackers of `attackers` that are not plain leapers: once-per-game leaps,
    /// slides, lame and conditional steps, and pieces found by generating their moves.
    pub fn distant_attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let t = self.tables();
        let at = &t.attacks[by.index()];
        let mut out = Bitboard::EMPTY;
        if !at.once_leapers.is_empty() && self.hooks().once_available(self.rule_state(), by) {
            for &(kind, rev) in &at.once_leapers {
                out |= t.pool[rev as usize][sq.index()] & self.pieces(by, kind);
            }
        }
        for ra in &at.rays {
            if let Some(b) = self.ray_attacker(ra, sq, by, occ) {
                out.set(b);
            }
        }
        if at.has_cond_rev {
            for rc in &at.cond_rev[sq.index()] {
                if self.piece_at(rc.from) == Piece::new(by, rc.kind)
                    && !occ.intersects(rc.empty)
                    && (occ & rc.occupied) == rc.occupied
                    && (!rc.initial || self.is_virgin(rc.from))
                {
                    out.set(rc.from);
                }
            }
        }
        for &(kind, rev) in at.slow.iter().chain(&at.non_checkers) {
            for from in t.pool[rev as usize][sq.index()] & self.pieces(by, kind) {
                if self.piece_attacks_by_generation(from, sq) {
                    out.set(from);
                }
            }
        }
        out
    }

    /// The piece of colour `by` that attacks `sq` along the line `ra`, if any: the first
    /// piece on it, where its kind slides that far. Most first pieces are of kinds that
    /// never slide along the line: those are turned away before their distance is worked
    /// out (a division).
    #[inline(always)]
    fn ray_attacker(&self, ra: &crate::attacks::RayAttack, sq: Square, by: Color, occ: Bitboard) -> Option<Square> {
        let t = self.tables();
        let b = t.first_blocker(ra.dir, sq, occ)?;
        let p = self.piece_at(b);
        if p.is_none() || p.color() != by {
            return None;
        }
        let kind = 1u64 << p.kind();
        (ra.any & kind != 0 && ra.masks[t.steps(ra.dir, sq, b).min(15)] & kind != 0).then_some(b)
    }

    /// A superset of the empty squares from which a piece of `by` would attack `royal`
    /// (every square when some piece of `by` attacks in ways the reverse tables do not
    /// describe): where [`Position::may_check_directly`] need not be asked.
    pub fn check_squares(&self, by: Color, royal: Square) -> Bitboard {
        let t = self.tables();
        let at = &t.attacks[by.index()];
        if !at.slow.is_empty()
            || at.has_cond_rev
            || !at.once_leapers.is_empty()
            || t.pieces[by.index()].iter().any(|p| !p.paths.is_empty())
        {
            return Bitboard::FULL;
        }
        let occ = self.blockers();
        let mut out = Bitboard::EMPTY;
        for &(kind, rev) in &at.leapers {
            if self.pieces(by, kind).any() {
                out |= t.pool[rev as usize][royal.index()];
            }
        }
        for ra in &at.rays {
            out |= match t.first_blocker(ra.dir, royal, occ) {
                Some(b) => t.between(ra.dir, royal, b),
                None => t.pool[t.dirs[ra.dir as usize].full as usize][royal.index()],
            };
        }
        out.without(occ)
    }

    /// Would the quiet move `m` check the enemy royal on `royal` with the moved piece's
    /// plain leaps, slides or bent paths? A cheap filter for the checks the capture search
    /// tries (made and tested there): discovered checks, two-leg and conditional leaps are
    /// not seen.
    pub fn may_check_directly(&self, m: Move, royal: Square) -> bool {
        if m.kind != MoveKind::Normal || m.promotion().is_some() {
            return false;
        }
        let p = self.piece_at(m.from);
        if p.is_none() {
            return false;
        }
        let t = self.tables();
        let pt = &t.pieces[p.color().index()][p.kind() as usize];
        if pt.no_check {
            return false;
        }
        if t.pool[pt.capture as usize][m.to.index()].contains(royal) {
            return true;
        }
        let occ = self.blockers().without(Bitboard::from_square(m.from)) | Bitboard::from_square(m.to);
        for r in &pt.rays {
            if !r.initial && r.mode & crate::variant::betza::MODE_CAPTURE != 0 && t.slide(r, m.to, occ).contains(royal)
            {
                return true;
            }
        }
        pt.paths
            .iter()
            .any(|&kind| crate::attacks::paths::targets(kind, m.to, t.board, occ, occ).attacks.contains(royal))
    }

    /// Does the piece on `from` capture something on `sq` with one of its moves (any leg)?
    fn piece_attacks_by_generation(&self, from: Square, sq: Square) -> bool {
        thread_local! {
            static BUF: std::cell::RefCell<Vec<Move>> = std::cell::RefCell::new(Vec::with_capacity(256));
        }
        let p = self.piece_at(from);
        BUF.with(|buf| {
            // A re-entrant call (none today) would find the buffer borrowed: use a fresh one.
            let mut fresh = Vec::new();
            let mut guard = buf.try_borrow_mut();
            let moves = match guard {
                Ok(ref mut b) => &mut **b,
                Err(_) => &mut fresh,
            };
            moves.clear();
            // Generate as if `sq` held an enemy of the piece, so that empty squares count too.
            self.gen_piece(from, p, Bitboard::FULL, moves, Some(sq), true);
            moves.iter().any(|m| (m.to == sq && !m.is_castle()) || (m.kind == MoveKind::TwoLeg && m.aux == sq))
        })
    }

    /// True when any royal of the side to move is attacked (with or without a check rule).
    pub fn royal_attacked(&self) -> bool {
        self.royals_attacked(self.side_to_move())
    }

    /// True when any royal of `c` is attacked by the other side.
    pub fn royals_attacked(&self, c: Color) -> bool {
        self.royal_squares(c).iter().any(|k| self.royal_attacked_at(k, c))
    }
}
