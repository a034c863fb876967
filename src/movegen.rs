//! Move generation, attack detection and legality.
//!
//! Pseudo-legal moves come from the compiled [`PieceTables`]. Legality (not leaving the
//! last royal attacked) is decided in one of two ways:
//!
//! * **fast**, when every enemy capture is a plain leap or plain slide
//!   (`AttackTables::simple`): checkers and pins are found by scanning the royal's rays
//!   once, normal moves are masked by pin lines and check evasions while they are
//!   generated, and only royal moves, e.p., castling and two-leg moves are tested further;
//! * **slow** otherwise: every move is made, tested and taken back.
//!
//! Variants without a check rule (royal capture), or a side with several royals (Sho
//! Shogi's King + Crown Prince), skip legality entirely: every pseudo-legal move is legal.

use crate::attacks::PieceTables;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::{Color, Square};
use crate::variant::betza::{MODE_CAPTURE, MODE_HOP, MODE_MOVE};
use crate::variant::{EndValue, Mandatory, PromotionStyle};
use arrayvec::ArrayVec;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: &'static str,
    /// The winner's share of the point when it is not the whole point (`(3, 5)`).
    pub points: Option<(u8, u8)>,
}

/// Check and pin information for the side to move, when the check rule applies.
struct Guard {
    royal: Square,
    checkers: Bitboard,
    /// Allowed targets for non-royal normal moves when in single check.
    evasion: Bitboard,
    pinned: Bitboard,
    pins: ArrayVec<(Square, Bitboard), 64>,
    /// True when masks are exact (see module doc); false = test every move.
    fast: bool,
}

impl Guard {
    #[inline]
    fn mask_for(&self, from: Square) -> Bitboard {
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

fn end_value_result(v: EndValue, side: Color, reason: &'static str) -> GameResult {
    match v {
        EndValue::Loss => GameResult { winner: Some(!side), reason, points: None },
        EndValue::Win => GameResult { winner: Some(side), reason, points: None },
        EndValue::Draw => GameResult { winner: None, reason, points: None },
        EndValue::Points(n, d) if 2 * n > d => GameResult { winner: Some(side), reason, points: Some((n, d)) },
        EndValue::Points(n, d) if 2 * n < d => GameResult { winner: Some(!side), reason, points: Some((d - n, d)) },
        EndValue::Points(..) => GameResult { winner: None, reason, points: None },
    }
}

impl Position {
    /// Blockers for slides: pieces (and, later, dynamic walls).
    #[inline]
    fn blockers(&self) -> Bitboard {
        self.occupied()
    }

    /// True when a piece of colour `by` attacks `sq`, with `occ` as occupancy for slides.
    /// (Pieces whose attacks need move generation use the real occupancy.)
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let t = self.tables();
        let at = &t.attacks[by.index()];
        for &(kind, rev) in &at.leapers {
            if t.pool[rev as usize][sq.index()].intersects(self.pieces(by, kind)) {
                return true;
            }
        }
        if !at.once_leapers.is_empty() && !self.once_used(by) {
            for &(kind, rev) in &at.once_leapers {
                if t.pool[rev as usize][sq.index()].intersects(self.pieces(by, kind)) {
                    return true;
                }
            }
        }
        for ra in &at.rays {
            if let Some(b) = t.first_blocker(ra.dir, sq, occ) {
                let p = self.piece_at(b);
                if p.is_some() && p.color() == by && ra.masks[t.steps(ra.dir, sq, b).min(15)] & (1u64 << p.kind()) != 0
                {
                    return true;
                }
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
    /// generated attacks of complex pieces).
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let t = self.tables();
        let at = &t.attacks[by.index()];
        let mut out = Bitboard::EMPTY;
        for &(kind, rev) in &at.leapers {
            out |= t.pool[rev as usize][sq.index()] & self.pieces(by, kind);
        }
        if !self.once_used(by) {
            for &(kind, rev) in &at.once_leapers {
                out |= t.pool[rev as usize][sq.index()] & self.pieces(by, kind);
            }
        }
        for ra in &at.rays {
            if let Some(b) = t.first_blocker(ra.dir, sq, occ) {
                let p = self.piece_at(b);
                if p.is_some() && p.color() == by && ra.masks[t.steps(ra.dir, sq, b).min(15)] & (1u64 << p.kind()) != 0
                {
                    out.set(b);
                }
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
        for &(kind, rev) in &at.slow {
            for from in t.pool[rev as usize][sq.index()] & self.pieces(by, kind) {
                if self.piece_attacks_by_generation(from, sq) {
                    out.set(from);
                }
            }
        }
        out
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
            moves
                .iter()
                .any(|m| (m.to == sq && m.kind != MoveKind::Castle) || (m.kind == MoveKind::TwoLeg && m.aux == sq))
        })
    }

    /// The single protected royal of `c`, if the check rule applies to it.
    pub fn protected_royal(&self, c: Color) -> Option<Square> {
        if !self.variant().check_rule || self.royal_count(c) != 1 {
            return None;
        }
        self.royal_squares(c).lsb()
    }

    /// True when any royal of the side to move is attacked (with or without a check rule).
    pub fn royal_attacked(&self) -> bool {
        self.royals_attacked(self.side_to_move())
    }

    /// True when any royal of `c` is attacked by the other side.
    pub fn royals_attacked(&self, c: Color) -> bool {
        self.royal_squares(c).iter().any(|k| self.is_attacked(k, !c, self.blockers()))
    }

    /// Makes a move and, where the variant needs it (perpetual-check rule), records whether
    /// the side now to move has a royal under attack.
    pub fn make_move_tracked(&mut self, m: Move) {
        self.make_move(m);
        if self.rules().track_checks {
            let c = self.royal_attacked();
            self.set_checked(c);
        }
    }

    /// True when the side to move's protected royal is attacked.
    pub fn in_check(&self) -> bool {
        let us = self.side_to_move();
        match self.protected_royal(us) {
            Some(k) => self.is_attacked(k, !us, self.blockers()),
            None => false,
        }
    }

    /// A result that holds before any move is considered: a side without royals, or a bare
    /// king (Fairy-Stockfish's extinction rules, including the counter-baring claim).
    pub fn immediate_result(&self) -> Option<GameResult> {
        let us = self.side_to_move();
        let v = self.variant();
        if v.has_royals() {
            for c in [!us, us] {
                if self.royal_count(c) == 0 {
                    return Some(GameResult { winner: Some(!c), reason: "royal piece captured", points: None });
                }
            }
        }
        if let Some(val) = v.bare_king {
            if v.bare_king_strict && self.only_royals_left() {
                return Some(GameResult { winner: None, reason: "only kings left", points: None });
            }
            for c in [!us, us] {
                if v.bare_king_strict {
                    if self.bared_strict(c) {
                        return Some(end_value_result(val, c, "bare king"));
                    }
                    continue;
                }
                let mine = self.total(c) - self.royal_count(c);
                let theirs = self.total(!c) - self.royal_count(!c);
                let need = 1 + u16::from(v.bare_king_counter && c == us);
                if mine == 0 && theirs >= need {
                    return Some(end_value_result(val, c, "bare king"));
                }
            }
        }
        None
    }

    /// Both sides have one royal and nothing else that can still move, neither royal under
    /// attack (lishogi's `isDraw` for Chu Shogi).
    fn only_royals_left(&self) -> bool {
        let t = self.tables();
        let royal_mask = self.rules().royal_mask;
        Color::BOTH.iter().all(|&c| {
            self.royal_count(c) == 1
                && self.color_bb(c).iter().all(|sq| {
                    let p = self.piece_at(sq);
                    royal_mask & (1 << p.kind()) != 0 || !t.pieces[c.index()][p.kind() as usize].mobile.contains(sq)
                })
                && !self.royals_attacked(c)
        })
    }

    /// Lishogi's bare-king test for Chu Shogi (`bareKingStrict`): `c` has a single royal and
    /// nothing else that can still move; the opponent has a single royal, is not attacked,
    /// and has at least one counted piece (not in `bareKingIgnore`, not immobile), and
    /// either two or more of them or one that `c`'s royal cannot take at once.
    fn bared_strict(&self, c: Color) -> bool {
        let t = self.tables();
        let ignore = self.rules().bare_king_ignore_mask;
        let royal_mask = self.rules().royal_mask;
        let live = |side: Color, sq: Square| {
            let p = self.piece_at(sq);
            t.pieces[side.index()][p.kind() as usize].mobile.contains(sq)
        };
        if self.royal_count(c) != 1 || self.royal_count(!c) != 1 {
            return false;
        }
        // Called at every node: stop at the first piece that still counts.
        if self.color_bb(c).iter().any(|sq| royal_mask & (1 << self.piece_at(sq).kind()) == 0 && live(c, sq)) {
            return false;
        }
        let theirs: Vec<Square> = self
            .color_bb(!c)
            .iter()
            .filter(|&sq| {
                let k = self.piece_at(sq).kind();
                royal_mask & (1 << k) == 0 && ignore & (1 << k) == 0 && live(!c, sq)
            })
            .collect();
        if theirs.is_empty() {
            return false;
        }
        let their_royal = self.royal_squares(!c).lsb();
        if their_royal.is_some_and(|k| self.is_attacked(k, c, self.occupied())) {
            return false;
        }
        if theirs.len() >= 2 {
            return true;
        }
        let my_royal = self.royal_squares(c).lsb();
        let adjacent = my_royal.is_some_and(|k| {
            let s = theirs[0];
            (k.file() as i32 - s.file() as i32).abs() <= 1 && (k.rank() as i32 - s.rank() as i32).abs() <= 1
        });
        !adjacent
    }

    fn guard(&self) -> Option<Guard> {
        let us = self.side_to_move();
        let them = !us;
        let royal = self.protected_royal(us)?;
        let t = self.tables();
        let at = &t.attacks[them.index()];
        let fast = at.simple;
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
        if !self.once_used(them) {
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
                if ra.masks[t.steps(ra.dir, royal, b1).min(15)] & (1u64 << p1.kind()) != 0 {
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
            if p2.color() == them && ra.masks[t.steps(ra.dir, royal, b2).min(15)] & (1u64 << p2.kind()) != 0 {
                g.pinned.set(b1);
                let line = t.between(ra.dir, royal, b2) | Bitboard::from_square(b2);
                if g.pins.try_push((b1, line)).is_err() {
                    // More pins than slots cannot happen on a 16x16 board with <= 64 directions
                    // per square; fall back to testing every move if it ever did.
                    g.fast = false;
                }
            }
        }
        Some(g)
    }

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
        let mut i = start;
        while i < out.len() {
            if self.is_capture(out[i]) || out[i].promotion().is_some() {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// True if the move removes an enemy piece.
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
            MoveKind::Castle | MoveKind::Null => false,
        }
    }

    fn generate(&mut self, out: &mut Vec<Move>, quiets: bool) {
        if self.immediate_result().is_some() {
            return;
        }
        let start = out.len();
        let us = self.side_to_move();
        let Some(g) = self.guard() else {
            for from in self.color_bb(us) {
                let p = self.piece_at(from);
                self.gen_piece(from, p, Bitboard::FULL, out, None, quiets);
            }
            crate::rules::lion::filter(self, out, start);
            return;
        };
        for from in self.color_bb(us) {
            let p = self.piece_at(from);
            let mask = if from == g.royal { Bitboard::FULL } else { g.mask_for(from) };
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
        crate::rules::lion::filter(self, out, start);
    }

    /// Makes the move and tests whether the royal that was protected before the move
    /// (`royal`, followed if it moves) is safe afterwards. Protection is decided before
    /// the move, as Fairy-Stockfish does for pseudo-royal pieces: a move that creates a
    /// second royal (Sho Shogi's Elephant promoting to Crown Prince) does not excuse
    /// leaving the lone King attacked.
    fn leaves_royal_safe(&mut self, m: Move, royal: Square) -> bool {
        let us = self.side_to_move();
        let target = if m.from == royal { m.to } else { royal };
        self.make_move(m);
        let ok = if self.royal_count(!us) == 0 && self.variant().has_royals() {
            // Capturing the opponent's last royal ends the game: always allowed.
            true
        } else {
            !self.is_attacked(target, !us, self.blockers())
        };
        self.unmake_move();
        ok
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

    /// The result of the game if it is over: immediate rules, then checkmate/stalemate.
    /// (Repetition and n-move rules are left to the caller, which knows the game history.)
    pub fn terminal_result(&mut self) -> Option<GameResult> {
        if let Some(r) = self.immediate_result() {
            return Some(r);
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        let us = self.side_to_move();
        if self.in_check() {
            Some(GameResult { winner: Some(!us), reason: "checkmate", points: None })
        } else {
            Some(end_value_result(self.variant().stalemate, us, "stalemate"))
        }
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
        if pt.has_cond {
            for cl in &pt.cond[from.index()] {
                if cl.initial && !virgin {
                    continue;
                }
                if occ.intersects(cl.empty) || (occ & cl.occupied) != cl.occupied || !mask.contains(cl.to) {
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
        let hia =
            if self.rules().hia_mask != 0 && !pt.rays.is_empty() { self.hia_zone(c, from) } else { Bitboard::EMPTY };
        for r in &pt.rays {
            if r.initial && !virgin {
                continue;
            }
            // (A `j` slide's table already leaves out the jumped first square.)
            let att = if hia.is_empty() {
                t.slide(r, from, occ)
            } else if hia.contains(from) {
                // Starting in a Hia zone: one step (rules.md 1d).
                t.slide(r, from, occ) & crate::position::neighbours(from)
            } else {
                // The slide stops on the first zone square it enters.
                t.slide(r, from, occ | hia)
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
        for &k in &pt.paths {
            let path = crate::attacks::paths::targets(k, from, t.board, occ, them);
            let q = path.quiet & qmask & !done;
            let c = path.captures & mask & !done;
            done |= q | c;
            self.emit(pt, p, from, q, MoveKind::Normal, out);
            self.emit(pt, p, from, c, MoveKind::Normal, out);
            if path.pass && quiets && probe.is_none() {
                // Full circle home: a pass (its legality is tested after generation).
                out.push(Move::new(from, from));
            }
        }
        if pt.has_once && !self.once_used(c) {
            let q = t.pool[pt.once_quiet as usize][from.index()] & empty & qmask & !done;
            let cp = t.pool[pt.once_capture as usize][from.index()] & them & mask & !done;
            self.emit(pt, p, from, q, MoveKind::Once, out);
            self.emit(pt, p, from, cp, MoveKind::Once, out);
        }
        if !pt.multi.is_empty() {
            self.gen_two_leg(pt, p, from, mask, qmask, virgin, done, occ, them, out);
        }
        if quiets && !pt.castles.is_empty() && virgin_castle(self, from) && probe.is_none() {
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
                        if lands {
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

    fn gen_castles(&self, pt: &PieceTables, p: Piece, from: Square, out: &mut Vec<Move>) {
        let t = self.tables();
        let c = p.color();
        let rules = self.rules();
        let occ = self.occupied();
        let royal_guarded = self.protected_royal(c) == Some(from);
        let outside = self.variant().castling_rook_outside;
        for cs in &pt.castles {
            for (dir, allowed) in [(-1i32, cs.left), (1i32, cs.right)] {
                if !allowed {
                    continue;
                }
                // The partner is the piece on the last square of the board in this direction.
                let mut edge = from;
                while let Some(n) = edge.offset(dir, 0) {
                    if !t.board.contains(n) {
                        break;
                    }
                    edge = n;
                }
                if edge == from {
                    continue;
                }
                let partner = self.piece_at(edge);
                if partner.is_none()
                    || partner.color() != c
                    || !self.is_virgin(edge)
                    || rules.partner_mask & (1u64 << partner.kind()) == 0
                {
                    continue;
                }
                let Some(kt) = from.offset(dir * cs.distance as i32, 0) else {
                    continue;
                };
                // The partner lands next to the royal: on the square it crossed, or (with
                // `castlingRook = outside`) on the far side without crossing it.
                let Some(rt) = kt.offset(if outside { dir } else { -dir }, 0) else {
                    continue;
                };
                if !t.board.contains(kt) {
                    continue;
                }
                // The royal must not pass the partner (nor reach it when the partner stays
                // outside).
                let dist_edge = (edge.file() as i32 - from.file() as i32).abs();
                if cs.distance as i32 > dist_edge || (outside && cs.distance as i32 >= dist_edge) {
                    continue;
                }
                // Everything between royal and partner empty; both landing squares free.
                let mut between = Bitboard::EMPTY;
                let mut s = from;
                while let Some(n) = s.offset(dir, 0) {
                    if n == edge {
                        break;
                    }
                    between.set(n);
                    s = n;
                }
                if occ.intersects(between) {
                    continue;
                }
                if [kt, rt].iter().any(|&sq| sq != from && sq != edge && occ.contains(sq)) {
                    continue;
                }
                if royal_guarded {
                    let occ2 = occ.without(Bitboard::from_square(from));
                    let mut safe = !self.is_attacked(from, !c, occ);
                    let mut s = from;
                    while safe && s != kt {
                        let Some(n) = s.offset(dir, 0) else { break };
                        s = n;
                        if self.is_attacked(s, !c, occ2) {
                            safe = false;
                        }
                    }
                    if !safe {
                        continue;
                    }
                }
                out.push(Move::with_kind(from, kt, edge, MoveKind::Castle));
            }
        }
    }

    /// Emits one move per target, expanding promotions.
    #[inline]
    fn emit(&self, pt: &PieceTables, p: Piece, from: Square, targets: Bitboard, kind: MoveKind, out: &mut Vec<Move>) {
        if targets.is_empty() {
            return;
        }
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

    /// The squares a non-capturing move of `p` from `from` could promote on: what
    /// quiescence search must still generate quiet moves to (a superset; `emit` decides).
    /// Without it every quiet move of every promotable piece would be generated and
    /// thrown away, which in Chu Shogi is nearly all of them.
    fn quiet_promotion_targets(&self, p: Piece, from: Square) -> Bitboard {
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

    fn push_with_promotions(&self, pt: &PieceTables, p: Piece, m: Move, capture: bool, out: &mut Vec<Move>) {
        let v = self.variant();
        let def = &v.pieces[p.kind() as usize];
        if def.promotions.is_empty() {
            out.push(m);
            return;
        }
        let zone = self.rules().zones[p.color().index()];
        let (zf, zt) = (zone.contains(m.from), zone.contains(m.to));
        let rules = self.rules();
        if rules.pool_promoter_mask & (1u64 << p.kind()) != 0 {
            // Pool promotion (rules.md 1d): in the zone, optionally to an available starter;
            // on the last rank compulsorily, to a starter or (from a captured promoted
            // piece) a first-stage type; no choice there, no move.
            if !zt {
                out.push(m);
                return;
            }
            let c = p.color();
            let last = rules.last_ranks[c.index()].contains(m.to);
            for &t in &def.promotions {
                let tt = t as usize;
                if rules.pool_line_mask[tt] == 0
                    || (rules.unique_mask & (1u64 << t) != 0 && self.count(c, t) > 0)
                    || !v.pool_lines.iter().any(|l| l.first() == Some(&t) || (last && l.get(1) == Some(&t)))
                {
                    continue;
                }
                if self.pool_member_for(c, t).is_some() {
                    out.push(m.promoting(t));
                }
            }
            if !last {
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
        if !eligible
            || (rules.partner_promoter_mask | rules.unique_mask) != 0
                && def.promotions.first().is_some_and(|&t| !self.partner_allows(p.color(), p.kind(), t))
        {
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

fn virgin_castle(pos: &Position, from: Square) -> bool {
    pos.is_virgin(from)
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
