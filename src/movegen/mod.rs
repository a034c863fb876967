//! Move generation. Pseudo-legal moves come from the compiled [`PieceTables`]; the
//! check rule, the rules' filters and the promotion choices decide which are legal.
//!
//! * `attack.rs`: who attacks a square;
//! * `legality.rs`: the check rule (checkers, pins, moves tested by making them);
//! * `promotion.rs`: which moves promote and to what;
//! * `castling.rs`: castling moves.
//!
//! Variants without a check rule (royal capture), or a side with several royals (Sho
//! Shogi's King + Crown Prince), skip legality entirely: every pseudo-legal move is legal.

mod attack;
mod castling;
mod legality;
mod promotion;

use crate::attacks::PieceTables;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;
use crate::variant::betza::{MODE_CAPTURE, MODE_HOP, MODE_MOVE};

impl Position {
    /// Appends all pseudo-legal moves (every rule except leaving the royal attacked).
    pub fn generate_pseudo(&self, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        for from in self.color_bb(us) {
            let p = self.piece_at(from);
            self.gen_piece(from, p, Bitboard::FULL, out, None, true);
        }
    }

    /// Appends all legal moves. Returns nothing when the game is already over by a rule
    /// that ends it before any move (bare king, royal lost).
    pub fn generate_legal(&mut self, out: &mut Vec<Move>) {
        self.generate(out, true);
    }

    /// Appends the legal captures and promotions (for quiescence search).
    pub fn generate_legal_noisy(&mut self, out: &mut Vec<Move>) {
        let start = out.len();
        self.generate(out, false);
        self.keep_by_noise(out, start, true);
    }

    /// Appends the legal quiet moves (no capture, no promotion) that end on `targets`, the
    /// rules' extra moves left out: the capture search's checks, whose candidate squares
    /// [`Position::check_squares`] gives.
    pub fn generate_legal_quiets_to(&mut self, out: &mut Vec<Move>, targets: Bitboard) {
        if crate::game_end::immediate(self).is_some() {
            return;
        }
        let start = out.len();
        self.generate_checked(out, true, targets);
        self.keep_by_noise(out, start, false);
    }

    /// Keeps the moves of `out[start..]` that capture or promote (`noisy`) or those that do
    /// neither (`!noisy`).
    fn keep_by_noise(&self, out: &mut Vec<Move>, start: usize, noisy: bool) {
        let mut i = start;
        while i < out.len() {
            if (self.is_capture(out[i]) || out[i].promotion().is_some()) == noisy {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// True if the move removes an enemy piece.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let enemy = |sq: Square| {
            let p = self.piece_at(sq);
            p.is_some() && p.color() != us
        };
        match m.kind {
            MoveKind::Normal | MoveKind::EpStep => enemy(m.to),
            MoveKind::EnPassant => true,
            MoveKind::TwoLeg => enemy(m.aux) || (m.to != m.from && enemy(m.to)),
            MoveKind::Once => enemy(m.to),
            MoveKind::EnterExchange => enemy(m.aux),
            MoveKind::Castle
            | MoveKind::FreeCastle
            | MoveKind::Swap
            | MoveKind::Relocate
            | MoveKind::Insert
            | MoveKind::Null => false,
        }
    }

    fn generate(&mut self, out: &mut Vec<Move>, quiets: bool) {
        if crate::game_end::immediate(self).is_some() {
            return;
        }
        let start = out.len();
        self.generate_checked(out, quiets, Bitboard::FULL);
        // Moves a rule allows only when nothing else is legal (the King swap).
        if quiets && out.len() == start && self.rules().rule_moves {
            self.rules().hooks.fallback_moves(self, out);
            let mut i = start;
            while i < out.len() {
                // The moving royal must not be attacked afterwards, whatever the count.
                if self.royal_unattacked_after(out[i], out[i].from) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    /// The moves of the pieces and the rules' extra moves, the check rule and the rules'
    /// filters applied.
    /// `targets` limits the pieces' moves to those squares (the rules' extra moves are
    /// left out unless it is the full board).
    fn generate_checked(&mut self, out: &mut Vec<Move>, quiets: bool, targets: Bitboard) {
        let start = out.len();
        let us = self.side_to_move();
        let extra_moves = quiets && self.rules().rule_moves && targets == Bitboard::FULL;
        let Some(g) = self.guard() else {
            for from in self.color_bb(us) {
                let p = self.piece_at(from);
                self.gen_piece(from, p, targets, out, None, quiets);
            }
            if extra_moves {
                let extra = out.len();
                self.rules().hooks.extra_moves(self, self.tables().board, out, start);
                self.test_extra_moves(out, extra, None);
            }
            self.rules().hooks.filter(self, out, start);
            return;
        };
        for from in self.color_bb(us) {
            let p = self.piece_at(from);
            let mask = if from == g.royal { targets } else { g.mask_for(from) & targets };
            if mask.is_empty() {
                continue;
            }
            self.gen_piece(from, p, mask, out, None, quiets);
        }
        // Post-filter the moves the masks could not decide.
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let needs = !g.fast
                || m.from == g.royal
                || m.from == m.to
                || !matches!(m.kind, MoveKind::Normal | MoveKind::EpStep);
            let ok = if !needs {
                true
            } else if g.fast
                && m.from == g.royal
                && matches!(m.kind, MoveKind::Normal | MoveKind::EpStep)
                && m.promotion().is_none()
            {
                let occ = self.blockers().without(Bitboard::from_square(m.from)) | Bitboard::from_square(m.to);
                !self.is_attacked(m.to, !us, occ)
            } else {
                self.leaves_royal_safe(m, g.royal)
            };
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
        // The rules' extra moves, each tested by making it (no mask applies to them).
        if extra_moves {
            let extra = out.len();
            self.rules().hooks.extra_moves(self, self.tables().board, out, start);
            self.test_extra_moves(out, extra, Some(g.royal));
        }
        self.rules().hooks.filter(self, out, start);
    }

    /// Keeps the moves in `out[start..]` that leave the protected royal (if any) safe and,
    /// where a rule forbids a move to give check (`RuleSet::forbids_check`), give none.
    fn test_extra_moves(&mut self, out: &mut Vec<Move>, start: usize, royal: Option<Square>) {
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let mut ok = royal.is_none_or(|r| self.leaves_royal_safe(m, r));
            if ok && self.hooks().forbids_check(m) {
                self.make_move(m);
                ok = !self.in_check();
                self.unmake_move();
            }
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Has the piece on `sq` a pseudo-legal move (its side's royal safety ignored, the
    /// rules' filters applied)? It may belong to either side.
    pub fn has_pseudo_move_from(&mut self, sq: Square) -> bool {
        let p = self.piece_at(sq);
        if p.is_none() {
            return false;
        }
        let mut moves = Vec::new();
        self.gen_piece(sq, p, Bitboard::FULL, &mut moves, None, true);
        if moves.is_empty() {
            return false;
        }
        // The filters judge the moves of the side to move: let the piece's side move.
        let flipped = p.color() != self.side_to_move();
        if flipped {
            self.make_move(Move::NONE);
        }
        self.rules().hooks.filter(self, &mut moves, 0);
        if flipped {
            self.unmake_move();
        }
        !moves.is_empty()
    }

    /// Legal moves as a new vector.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.generate_legal(&mut v);
        v
    }

    /// Is this (arbitrary) move legal here?
    pub fn is_legal(&mut self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    // ---- per-piece generation --------------------------------------------------------

    /// Generates the moves of the piece `p` on `from`, restricted to `mask` for normal
    /// targets. With `probe = Some(sq)`, `sq` is treated as an enemy piece (attack probing).
    fn gen_piece(
        &self,
        from: Square,
        p: Piece,
        mask: Bitboard,
        out: &mut Vec<Move>,
        probe: Option<Square>,
        quiets: bool,
    ) {
        let t = self.tables();
        let c = p.color();
        let pt = &t.pieces[c.index()][p.kind() as usize];
        let mut occ = self.occupied();
        let mut them = self.color_bb(!c);
        if t.dynamic_targets {
            occ = self.blockers();
            if let Some(immune) = self.hooks().immune(self, !c) {
                them = them.without(immune);
            }
            if pt.no_check {
                them = them.without(self.royal_squares(!c));
            }
        }
        if let Some(s) = probe {
            occ.set(s);
            them.set(s);
        }
        let empty = t.board.without(occ);
        let virgin = pt.has_initial && self.is_virgin(from);
        let mut quiet = t.pool[pt.quiet as usize][from.index()];
        let mut capture = t.pool[pt.capture as usize][from.index()];
        if virgin {
            quiet |= t.pool[pt.init_quiet as usize][from.index()];
            capture |= t.pool[pt.init_capture as usize][from.index()];
        }
        // Without quiet moves (quiescence), pieces that may promote still generate them:
        // the caller keeps the promotions.
        let promotes = !self.variant().pieces[p.kind() as usize].promotions.is_empty();
        let qmask = if quiets {
            mask
        } else if promotes {
            mask & self.quiet_promotion_targets(p, from)
        } else {
            Bitboard::EMPTY
        };
        let mut done = Bitboard::EMPTY;
        let q = quiet & empty & qmask;
        let cp = capture & them & mask;
        done |= q | cp;
        self.emit(pt, p, from, q, MoveKind::Normal, out);
        self.emit(pt, p, from, cp, MoveKind::Normal, out);
        let ep = self.state().ep;
        if ep.any() && pt.captures_ep {
            let e = t.pool[pt.ep as usize][from.index()] & ep;
            self.emit(pt, p, from, e, MoveKind::EnPassant, out);
        }
        // A rule's zone that stops slides and lame steps (`RuleSet::slide_zone`).
        let zone = if pt.rays.is_empty() && !pt.has_cond { None } else { self.rules().hooks.slide_zone(self, c, from) };
        if pt.has_cond {
            for cl in &pt.cond[from.index()] {
                if cl.initial && !virgin {
                    continue;
                }
                if occ.intersects(cl.empty) || (occ & cl.occupied) != cl.occupied || !mask.contains(cl.to) {
                    continue;
                }
                // A lame step may end on the first zone square but not pass one, and from
                // inside the zone goes one step only.
                if let Some(z) = zone
                    && cl.empty.any()
                    && (z.contains(from) || cl.empty.intersects(z))
                {
                    continue;
                }
                let target = Bitboard::from_square(cl.to);
                if empty.contains(cl.to) && cl.mode & MODE_MOVE != 0 && qmask.contains(cl.to) {
                    let kind = if cl.passed.any() { MoveKind::EpStep } else { MoveKind::Normal };
                    if !done.contains(cl.to) {
                        done |= target;
                        self.emit(pt, p, from, target, kind, out);
                    }
                } else if them.contains(cl.to) && cl.mode & MODE_CAPTURE != 0 && !done.contains(cl.to) {
                    done |= target;
                    self.emit(pt, p, from, target, MoveKind::Normal, out);
                }
            }
        }
        for r in &pt.rays {
            if r.initial && !virgin {
                continue;
            }
            // (A `j` slide's table already leaves out the jumped first square.)
            let att = match zone {
                None => t.slide(r, from, occ),
                // Starting in the zone: one step.
                Some(z) if z.contains(from) => t.slide(r, from, occ) & Bitboard::neighbours(from),
                // The slide stops on the first zone square it enters.
                Some(z) => t.slide(r, from, occ | z),
            };
            if r.mode & MODE_MOVE != 0 {
                let targets = att & empty & qmask & !done;
                done |= targets;
                let kind = if r.initial && r.mode == MODE_MOVE { MoveKind::EpStep } else { MoveKind::Normal };
                self.emit(pt, p, from, targets, kind, out);
            }
            if r.mode & MODE_CAPTURE != 0 {
                let targets = att & them & mask & !done;
                done |= targets;
                self.emit(pt, p, from, targets, MoveKind::Normal, out);
            }
        }
        // One pass however many path components circle home (found by fuzzing: a piece with
        // two `{rhino}` components listed `i9i9` twice).
        let mut passed = false;
        for &k in &pt.paths {
            let path = crate::attacks::paths::targets(k, from, t.board, occ, them);
            let q = path.quiet & qmask & !done;
            let c = path.captures & mask & !done;
            done |= q | c;
            self.emit(pt, p, from, q, MoveKind::Normal, out);
            self.emit(pt, p, from, c, MoveKind::Normal, out);
            if path.pass && quiets && probe.is_none() && !passed {
                // Full circle home: a pass (its legality is tested after generation).
                out.push(Move::new(from, from));
                passed = true;
            }
        }
        if pt.has_once && self.rules().hooks.once_available(self.rule_state(), c) {
            let q = t.pool[pt.once_quiet as usize][from.index()] & empty & qmask & !done;
            let cp = t.pool[pt.once_capture as usize][from.index()] & them & mask & !done;
            // Targets the once-per-game leap shares with a two-leg move below are the
            // leap's only (found by fuzzing: `asK7{once:N}` listed `i9h7` twice).
            done |= q | cp;
            self.emit(pt, p, from, q, MoveKind::Once, out);
            self.emit(pt, p, from, cp, MoveKind::Once, out);
        }
        if !pt.multi.is_empty() {
            self.gen_two_leg(pt, p, from, mask, qmask, virgin, done, occ, them, out);
        }
        if quiets && !pt.castles.is_empty() && self.is_virgin(from) && probe.is_none() {
            self.gen_castles(pt, p, from, out);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_two_leg(
        &self,
        pt: &PieceTables,
        p: Piece,
        from: Square,
        mask: Bitboard,
        qmask: Bitboard,
        virgin: bool,
        done: Bitboard,
        occ: Bitboard,
        them: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let t = self.tables();
        let paths = self.variant().two_leg_paths;
        let start = out.len();
        let mut merged = Bitboard::EMPTY;
        let mut passes = Bitboard::EMPTY;
        let occ_at = |s: Square| -> u8 {
            // 0 = empty, 1 = enemy, 2 = own
            if s == from || !occ.contains(s) {
                0
            } else if them.contains(s) {
                1
            } else {
                2
            }
        };
        for ml in &pt.multi {
            if ml.initial && !virgin {
                continue;
            }
            let (a, b) = (ml.first, ml.second);
            let mut s = from;
            let mut k = 0;
            while let Some(n) = s.offset(a.dx as i32, a.dy as i32) {
                if !t.board.contains(n) {
                    break;
                }
                s = n;
                k += 1;
                if a.range != 0 && k > a.range {
                    break;
                }
                let o = occ_at(s);
                if a.lame && a.range == 1 && !lame_ok(from, a.dx, a.dy, &|x| occ_at(x) != 0) {
                    break;
                }
                let valid = (o == 0 && a.mode & MODE_MOVE != 0)
                    || (o == 1 && a.mode & MODE_CAPTURE != 0)
                    || (o != 0 && a.mode & MODE_HOP != 0);
                if valid {
                    let mut u = s;
                    let mut j = 0;
                    while let Some(n2) = u.offset(b.dx as i32, b.dy as i32) {
                        if !t.board.contains(n2) {
                            break;
                        }
                        u = n2;
                        j += 1;
                        if b.range != 0 && j > b.range {
                            break;
                        }
                        let o2 = occ_at(u);
                        let lands = (o2 == 0 && b.mode & MODE_MOVE != 0) || (o2 == 1 && b.mode & MODE_CAPTURE != 0);
                        // Already listed by another component (`multi_overlap`)?
                        let listed = || {
                            pt.multi_overlap
                                && out[start..].iter().any(|m| m.kind == MoveKind::TwoLeg && m.aux == s && m.to == u)
                        };
                        if lands && !((o == 1 || paths) && listed()) {
                            if o == 1 {
                                // Destructive first leg: a real two-leg move (legality is
                                // always tested after generation, so no mask here).
                                self.emit_two_leg(pt, p, from, s, u, out);
                            } else if paths {
                                // Every path is its own move (Chu Shogi as lishogi counts it).
                                if qmask.any() || o2 == 1 {
                                    self.emit_two_leg(pt, p, from, s, u, out);
                                }
                            } else if u == from {
                                if qmask.any() {
                                    passes.set(s);
                                }
                            } else if (o2 == 1 && mask.contains(u)) || qmask.contains(u) {
                                merged.set(u);
                            }
                        }
                        if o2 != 0 {
                            break;
                        }
                    }
                }
                if o != 0 || a.range == 1 {
                    break;
                }
            }
        }
        // Moves whose first leg captured nothing are ordinary moves; emit each target once.
        let merged = merged.without(done);
        let quiet = merged & !them;
        let caps = merged & them;
        self.emit(pt, p, from, quiet, MoveKind::Normal, out);
        self.emit(pt, p, from, caps, MoveKind::Normal, out);
        // A pass (step out and back) is one move, whichever square it went through.
        if let Some(s) = passes.lsb() {
            out.push(Move::with_kind(from, from, s, MoveKind::TwoLeg));
        }
    }

    fn emit_two_leg(&self, pt: &PieceTables, p: Piece, from: Square, mid: Square, to: Square, out: &mut Vec<Move>) {
        let base = Move::with_kind(from, to, mid, MoveKind::TwoLeg);
        let capture = true;
        self.push_with_promotions(pt, p, base, capture, out);
    }

    /// Emits one move per target, expanding promotions. Most calls have no targets: the
    /// test is inlined at every call site, the work is not.
    #[inline(always)]
    fn emit(&self, pt: &PieceTables, p: Piece, from: Square, targets: Bitboard, kind: MoveKind, out: &mut Vec<Move>) {
        if targets.any() {
            self.emit_targets(pt, p, from, targets, kind, out);
        }
    }

    fn emit_targets(
        &self,
        pt: &PieceTables,
        p: Piece,
        from: Square,
        targets: Bitboard,
        kind: MoveKind,
        out: &mut Vec<Move>,
    ) {
        let promotes = !self.variant().pieces[p.kind() as usize].promotions.is_empty();
        if !promotes {
            for to in targets {
                out.push(Move::with_kind(from, to, from, kind));
            }
            return;
        }
        for to in targets {
            let capture = kind == MoveKind::EnPassant || self.piece_at(to).is_some();
            self.push_with_promotions(pt, p, Move::with_kind(from, to, from, kind), capture, out);
        }
    }
}

/// Lame check for a two-leg first step (same rule as `attacks::lame_path`).
fn lame_ok(from: Square, dx: i8, dy: i8, occupied: &dyn Fn(Square) -> bool) -> bool {
    let (dx, dy) = (dx as i32, dy as i32);
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        let n = dx.abs().max(dy.abs());
        for k in 1..n {
            if let Some(s) = from.offset(dx.signum() * k, dy.signum() * k)
                && occupied(s)
            {
                return false;
            }
        }
        true
    } else {
        match from.offset(dx / 2, dy / 2) {
            Some(s) => !occupied(s),
            None => false,
        }
    }
}
