//! Make and unmake, and the hash key from scratch.
//!
//! The core moves the pieces of every kind of move; the rules' side effects (a used
//! once-per-game move, a Lion capture's square, the pool, a freed partner's promotion)
//! follow through `RuleSet::after_make`, and unmake restores the logged squares, the saved
//! state and, through `RuleSet::after_unmake`, the rules' other data.

use super::{Position, Undo};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::rules::{AfterMake, MadeMove, RuleUndo};
use crate::square::{Color, Square};
use crate::variant::CastlingRook;
use crate::zobrist::KEYS;

impl Position {
    // ---- board mutation -------------------------------------------------------------

    /// Places a piece on an empty square (setup only; no logging, no hashing).
    pub(super) fn add_piece(&mut self, sq: Square, p: Piece) {
        let (c, t) = (p.color().index(), p.kind() as usize);
        self.board[sq.index()] = p;
        self.pcs[c][t].set(sq);
        self.by_color[c].set(sq);
        self.occ.set(sq);
        self.counts[c][t] += 1;
        self.totals[c] += 1;
        if self.rules.royal_mask & (1 << t) != 0 {
            self.royals[c] += 1;
        }
        let vals = &self.rules.values;
        self.psq += vals.psq[p.index()][sq.index()];
        self.phase += vals.phase_weight[t];
    }

    fn drop_piece(&mut self, sq: Square) {
        let p = self.board[sq.index()];
        let (c, t) = (p.color().index(), p.kind() as usize);
        self.board[sq.index()] = Piece::NONE;
        self.pcs[c][t].clear(sq);
        self.by_color[c].clear(sq);
        self.occ.clear(sq);
        self.counts[c][t] -= 1;
        self.totals[c] -= 1;
        if self.rules.royal_mask & (1 << t) != 0 {
            self.royals[c] -= 1;
        }
        let vals = &self.rules.values;
        self.psq -= vals.psq[p.index()][sq.index()];
        self.phase -= vals.phase_weight[t];
    }

    /// Puts `p` on an empty square, logging and hashing.
    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        self.changes.push((sq, Piece::NONE));
        self.add_piece(sq, p);
        self.st.key ^= KEYS.piece[p.index()][sq.index()];
    }

    /// Empties an occupied square, logging and hashing.
    #[inline]
    fn remove(&mut self, sq: Square) {
        let p = self.board[sq.index()];
        self.changes.push((sq, p));
        self.st.key ^= KEYS.piece[p.index()][sq.index()];
        self.drop_piece(sq);
    }

    #[inline]
    fn clear_virgin(&mut self, sq: Square) {
        if self.st.virgin.contains(sq) {
            self.st.virgin.clear(sq);
            self.st.key ^= KEYS.virgin[sq.index()];
        }
    }

    /// Plays a move that `generate` produced (or that passed `is_pseudo_legal`).
    pub fn make_move(&mut self, m: Move) {
        let saved = self.st;
        self.changes.clear();
        let us = self.side;
        let them = !us;
        for sq in self.st.ep {
            self.st.key ^= KEYS.ep[sq.index()];
        }
        self.st.ep = Bitboard::EMPTY;
        self.st.rule50 += 1;
        self.st.plies_from_null += 1;
        self.st.captured = Piece::NONE;
        let pawn_mask = self.rules.pawn_mask;
        let mover = self.board[m.from.index()];
        match m.kind {
            MoveKind::Normal | MoveKind::EpStep | MoveKind::Once => {
                let p = self.board[m.from.index()];
                let cap = self.board[m.to.index()];
                if cap.is_some() && m.to != m.from {
                    self.st.captured = cap;
                    self.remove(m.to);
                    self.st.rule50 = 0;
                }
                if m.to != m.from {
                    self.remove(m.from);
                    let np = match m.promotion() {
                        Some(t) => Piece::new(us, t),
                        None => p,
                    };
                    self.put(m.to, np);
                } else if let Some(t) = m.promotion() {
                    self.remove(m.from);
                    self.put(m.to, Piece::new(us, t));
                }
                if pawn_mask & (1 << p.kind()) != 0 {
                    self.st.rule50 = 0;
                }
                self.clear_virgin(m.from);
                self.clear_virgin(m.to);
                if m.kind == MoveKind::EpStep {
                    self.set_ep_after_step(m.from, m.to, them);
                }
            }
            MoveKind::EnPassant => {
                let p = self.board[m.from.index()];
                let vsq = saved.ep_victim;
                self.st.captured = self.board[vsq.index()];
                self.remove(vsq);
                self.remove(m.from);
                self.put(
                    m.to,
                    match m.promotion() {
                        Some(t) => Piece::new(us, t),
                        None => p,
                    },
                );
                self.st.rule50 = 0;
                self.clear_virgin(m.from);
                self.clear_virgin(vsq);
            }
            MoveKind::Castle => {
                let k = self.board[m.from.index()];
                let r = self.board[m.aux.index()];
                let right = m.to.file() > m.from.file();
                let outside = self.rules.variant.castling_rook == CastlingRook::Outside;
                let rto = if right != outside {
                    Square::new(m.to.file() - 1, m.to.rank())
                } else {
                    Square::new(m.to.file() + 1, m.to.rank())
                };
                self.remove(m.from);
                self.remove(m.aux);
                self.put(m.to, k);
                self.put(rto, r);
                self.clear_virgin(m.from);
                self.clear_virgin(m.aux);
            }
            MoveKind::Swap => {
                let (k, partner) = (self.board[m.from.index()], self.board[m.to.index()]);
                self.remove(m.from);
                self.remove(m.to);
                self.put(m.to, k);
                self.put(m.from, partner);
                self.clear_virgin(m.from);
                self.clear_virgin(m.to);
            }
            MoveKind::EnterExchange => {
                let (k, partner) = (self.board[m.from.index()], self.board[m.to.index()]);
                let cap = self.board[m.aux.index()];
                if cap.is_some() {
                    self.st.captured = cap;
                    self.remove(m.aux);
                    self.st.rule50 = 0;
                }
                self.remove(m.from);
                self.remove(m.to);
                self.put(m.to, k);
                self.put(m.aux, partner);
                self.clear_virgin(m.from);
                self.clear_virgin(m.to);
            }
            MoveKind::Relocate => {
                // The cage moves with its content (the rule moves the cage itself).
                let p = self.board[m.from.index()];
                if p.is_some() {
                    self.remove(m.from);
                    self.put(m.to, p);
                }
            }
            MoveKind::Insert => self.shift_line(m),
            MoveKind::FreeCastle => {
                let edge = self.castling_edge(m.from, m.to);
                let k = self.board[m.from.index()];
                let r = self.board[edge.index()];
                self.remove(m.from);
                self.remove(edge);
                self.put(m.to, k);
                self.put(m.aux, r);
                self.clear_virgin(m.from);
                self.clear_virgin(edge);
            }
            MoveKind::TwoLeg => {
                let p = self.board[m.from.index()];
                self.remove(m.from);
                let mid = self.board[m.aux.index()];
                if mid.is_some() && m.aux != m.from {
                    self.st.captured = mid;
                    self.remove(m.aux);
                    self.st.rule50 = 0;
                }
                let cap = self.board[m.to.index()];
                if cap.is_some() {
                    if self.st.captured.is_none() {
                        self.st.captured = cap;
                    }
                    self.remove(m.to);
                    self.st.rule50 = 0;
                }
                self.put(
                    m.to,
                    match m.promotion() {
                        Some(t) => Piece::new(us, t),
                        None => p,
                    },
                );
                if pawn_mask & (1 << p.kind()) != 0 {
                    self.st.rule50 = 0;
                }
                self.clear_virgin(m.from);
                self.clear_virgin(m.aux);
                self.clear_virgin(m.to);
            }
            MoveKind::Null => {
                self.st.plies_from_null = 0;
            }
        }
        self.st.last_move = m;
        self.side = them;
        self.st.key ^= KEYS.side;
        let mut rule_undo = RuleUndo::default();
        if self.rules.hooks.has_move_effects() {
            let mut ctx = AfterMake {
                made: MadeMove { m, mover, captured: self.st.captured, side: us },
                changes: &self.changes,
                pieces: &self.pcs,
                zones: &self.rules.zones,
                state: &mut self.st.rules,
                data: &mut self.rule_data,
                key: &mut self.st.key,
            };
            let (undo, change) = self.rules.hooks.after_make(&mut ctx);
            rule_undo = undo;
            if let Some((sq, p)) = change {
                self.remove(sq);
                self.put(sq, p);
            }
        }
        let changes = std::mem::take(&mut self.changes);
        self.history.push(Undo { state: saved, changes, rules: rule_undo });
    }

    /// Takes back the last move.
    pub fn unmake_move(&mut self) {
        let Some(u) = self.history.pop() else { return };
        for &(sq, old) in u.changes.iter().rev() {
            if self.board[sq.index()].is_some() {
                self.drop_piece(sq);
            }
            if old.is_some() {
                self.add_piece(sq, old);
            }
        }
        self.st = u.state;
        self.side = !self.side;
        self.rules.hooks.after_unmake(&mut self.rule_data, u.rules, &u.changes, self.side);
    }

    /// An insertion: every piece on the line from `m.from` to `m.to` moves one square towards
    /// `m.to` (the last one onto it); the pawns it puts on their last rank promote, the
    /// first to `m.promotion()`, the second to `m.second_promotion()`. A pawn moved resets
    /// the n-move counter.
    fn shift_line(&mut self, m: Move) {
        let (dx, dy) = (
            (m.to.file() as i32 - m.from.file() as i32).signum(),
            (m.to.rank() as i32 - m.from.rank() as i32).signum(),
        );
        let mut line: arrayvec::ArrayVec<(Square, Piece), 16> = arrayvec::ArrayVec::new();
        let mut s = m.from;
        while s != m.to {
            let p = self.board[s.index()];
            if p.is_some() {
                self.remove(s);
            }
            let Some(n) = s.offset(dx, dy) else { break };
            line.push((n, p));
            s = n;
        }
        let mut promotions = [m.promotion(), m.second_promotion()].into_iter().flatten();
        let zones = self.rules.zones;
        for (to, p) in line {
            if p.is_none() {
                continue;
            }
            if self.rules.pawn_mask & (1 << p.kind()) != 0 {
                self.st.rule50 = 0;
            }
            let promoted = zones[p.color().index()].contains(to)
                && self.rules.pawn_mask & (1 << p.kind()) != 0
                && !self.rules.variant.pieces[p.kind() as usize].promotions.is_empty();
            let np = match promoted.then(|| promotions.next()).flatten() {
                Some(t) => Piece::new(p.color(), t),
                None => p,
            };
            self.put(to, np);
        }
    }

    /// After an initial multi-step from `from` to `to`, the squares passed become e.p.
    /// squares if an enemy piece could capture there (X-FEN convention, as Fairy-Stockfish).
    fn set_ep_after_step(&mut self, from: Square, to: Square, them: Color) {
        let (dx, dy) = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
        let n = dx.abs().max(dy.abs());
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) || n < 2 {
            return;
        }
        let (ux, uy) = (dx.signum(), dy.signum());
        for k in 1..n {
            if let Some(s) = from.offset(ux * k, uy * k)
                && self.ep_capturable(s, them)
            {
                self.st.ep.set(s);
                self.st.key ^= KEYS.ep[s.index()];
                self.st.ep_victim = to;
            }
        }
    }

    /// The hash key recomputed from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0u64;
        for sq in self.occ {
            k ^= KEYS.piece[self.board[sq.index()].index()][sq.index()];
        }
        for sq in self.st.ep {
            k ^= KEYS.ep[sq.index()];
        }
        for sq in self.st.virgin {
            k ^= KEYS.virgin[sq.index()];
        }
        if self.side == Color::Black {
            k ^= KEYS.side;
        }
        k ^ self.rules.hooks.key(&self.st.rules, &self.rule_data)
    }
}
