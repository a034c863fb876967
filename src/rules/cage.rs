//! Cages (Slide-chess, `docs/rules/slide-chess.md`): the squares of the board's outer frame
//! (the rim) exist only where a cage stands, one per side; every other rim square is a wall
//! that blocks every move. Besides a chess move, a side may on its turn
//!
//! - **relocate** its cage, with its content, to any rim square the other cage does not hold
//!   (not when that gives check, and not right after its own previous relocation), written
//!   as the cage's from-to (`e8a1`); or
//! - **insert** its cage from a rim square that is not a corner into the board along the
//!   rank or file, shifting the whole line one square: the cage's content enters the first
//!   square, the last square's content is pushed into the opposite rim square, which becomes
//!   the mover's cage (not when that square holds the other cage, or the piece pushed out is
//!   a King), written `i5>a5`, with a promotion letter for each pawn the shift puts on its
//!   last rank, in the order of the line from the inserted cage outward.
//!
//! No King ever stands in a cage, and a pawn never promotes in one.
//!
//! ini: `cages = rim` (the outer frame is the rim), `cageForbidden = K` (the types that may
//! never stand in a cage), `cageInsertionCounts = true` (an insertion counts as a
//! relocation for the no-two-in-a-row rule; default false), `cageRelocationMayCheck = true`
//! (a relocation may give check; default false). FEN: walls are `*` in the board field, and
//! `[e8e1]` after it gives White's and Black's cage squares; the castling field carries `R`
//! (White) / `r` (Black) while that side's last move was a relocation.

use super::side_flags::SideFlags;
use super::{AfterMake, Board, FenExtraError, mask_of};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::square::{Color, Square};
use crate::variant::{PieceType, Variant};
use crate::zobrist::KEYS;

#[derive(Debug, Clone)]
pub struct Cage {
    /// The rim: every square a cage may stand on.
    rim: Bitboard,
    /// Corner squares of the rim (no insertion from there).
    corners: Bitboard,
    /// Types that may never stand in a cage (the King).
    forbidden: u64,
    insertion_counts: bool,
    relocation_may_check: bool,
    /// Per type, its promotion choices where it is a pawn that promotes on its last rank.
    pawn_promotions: Vec<(PieceType, Vec<PieceType>)>,
    /// The last rank of each colour, without the rim.
    last_ranks: [Bitboard; 2],
    files: u8,
    ranks: u8,
}

/// Where the cages stand and who relocated last turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CageState {
    /// White's and Black's cage squares (indices).
    squares: [u8; 2],
    /// Colour `c`'s last move was a relocation.
    relocated: SideFlags,
}

/// The castling-field marks of a relocation on the last move.
const MARKS: [char; 2] = ['R', 'r'];

impl CageState {
    /// The cage square of colour `c`.
    #[inline]
    pub fn square(self, c: Color) -> Square {
        Square::from_index(self.squares[c.index()] as usize)
    }

    #[inline]
    fn relocated(self, c: Color) -> bool {
        self.relocated.is_set(c)
    }
}

impl Cage {
    pub fn new(v: &Variant) -> Option<Cage> {
        if !v.cages {
            return None;
        }
        let (w, h) = (v.files, v.ranks);
        let mut rim = Bitboard::EMPTY;
        let mut corners = Bitboard::EMPTY;
        for f in 0..w {
            for r in 0..h {
                let edge_f = f == 0 || f == w - 1;
                let edge_r = r == 0 || r == h - 1;
                if edge_f || edge_r {
                    rim.set(Square::new(f, r));
                }
                if edge_f && edge_r {
                    corners.set(Square::new(f, r));
                }
            }
        }
        let pawn_promotions = (0..v.pieces.len())
            .filter(|&t| v.pieces[t].pawn && !v.pieces[t].promotions.is_empty())
            .map(|t| (t as PieceType, v.pieces[t].promotions.clone()))
            .collect();
        let last = |r: u8| Bitboard::rank_mask(r) & v.board & !rim;
        Some(Cage {
            rim,
            corners,
            forbidden: mask_of(&v.cage_forbidden),
            insertion_counts: v.cage_insertion_counts,
            relocation_may_check: v.cage_relocation_may_check,
            pawn_promotions,
            last_ranks: [last(h - 2), last(1)],
            files: w,
            ranks: h,
        })
    }

    /// The rim, where no pawn promotes.
    pub fn rim(&self) -> Bitboard {
        self.rim
    }

    /// The rim squares that are walls now: all but the two cages.
    #[inline]
    pub fn walls(&self, st: &CageState) -> Bitboard {
        self.rim
            .without(Bitboard::from_square(st.square(Color::White)) | Bitboard::from_square(st.square(Color::Black)))
    }

    /// Removes the moves in `moves[start..]` that put a forbidden type (the King) in a cage.
    pub fn filter<B: Board>(&self, b: &B, moves: &mut Vec<Move>, start: usize) {
        let mut i = start;
        while i < moves.len() {
            let m = moves[i];
            let bad = matches!(m.kind, MoveKind::Normal | MoveKind::EpStep | MoveKind::TwoLeg)
                && self.rim.contains(m.to)
                && self.forbidden & (1u64 << b.piece_at(m.from).kind()) != 0;
            if bad {
                moves.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Does the rule forbid `m` to give check (a relocation, unless `cageRelocationMayCheck`)?
    #[inline]
    pub fn forbids_check(&self, m: Move) -> bool {
        m.kind == MoveKind::Relocate && !self.relocation_may_check
    }

    /// The relocations and insertions of the side to move (before the check rule).
    pub fn moves<B: Board>(&self, b: &B, out: &mut Vec<Move>) {
        let us = b.side_to_move();
        let st = b.rule_state().cage;
        let own = st.square(us);
        let other = st.square(!us);
        if !st.relocated(us) {
            for to in self.rim.without(Bitboard::from_square(own) | Bitboard::from_square(other)) {
                out.push(Move::with_kind(own, to, own, MoveKind::Relocate));
            }
        }
        if self.corners.contains(own) {
            return;
        }
        let Some((dx, dy, n)) = self.inward(own) else { return };
        let Some(q) = own.offset(dx * (n + 1), dy * (n + 1)) else { return };
        let last = own.offset(dx * n, dy * n).map(|s| b.piece_at(s)).unwrap_or(Piece::NONE);
        if q == other || (last.is_some() && self.forbidden & (1u64 << last.kind()) != 0) {
            return;
        }
        let base = Move::with_kind(own, q, Square::from_index(0), MoveKind::Insert);
        // The pawns the shift puts on their last rank, in line order, and their choices.
        let mut promoting: Vec<&Vec<PieceType>> = Vec::new();
        let mut from = own;
        for k in 1..=n {
            let Some(to) = own.offset(dx * k, dy * k) else { break };
            let p = b.piece_at(from);
            if p.is_some()
                && self.last_ranks[p.color().index()].contains(to)
                && let Some((_, choices)) = self.pawn_promotions.iter().find(|(t, _)| *t == p.kind())
            {
                promoting.push(choices);
            }
            from = to;
        }
        match promoting.as_slice() {
            [] => out.push(base),
            [one] => out.extend(one.iter().map(|&t| base.promoting(t))),
            [first, second, ..] => {
                for &t in first.iter() {
                    for &u in second.iter() {
                        out.push(base.promoting(t).with_second_promotion(u));
                    }
                }
            }
        }
    }

    /// The step into the board from rim square `p` and the length of the line, for a square
    /// that is not a corner.
    fn inward(&self, p: Square) -> Option<(i32, i32, i32)> {
        let (f, r) = (p.file(), p.rank());
        let (w, h) = (self.files as i32 - 2, self.ranks as i32 - 2);
        if f == 0 {
            Some((1, 0, w))
        } else if f == self.files - 1 {
            Some((-1, 0, w))
        } else if r == 0 {
            Some((0, 1, h))
        } else if r == self.ranks - 1 {
            Some((0, -1, h))
        } else {
            None
        }
    }

    /// The cages follow a relocation or insertion; the mover's relocation flag is set by a
    /// relocation (and an insertion with `cageInsertionCounts`), cleared by any other move.
    pub(super) fn after_make(&self, ctx: &mut AfterMake) {
        let c = ctx.made.side;
        let old = ctx.state.cage;
        let mut new = old;
        let m = ctx.made.m;
        if matches!(m.kind, MoveKind::Relocate | MoveKind::Insert) {
            new.squares[c.index()] = m.to.index() as u8;
        }
        let flag = m.kind == MoveKind::Relocate || (m.kind == MoveKind::Insert && self.insertion_counts);
        if flag {
            new.relocated.set(c);
        } else {
            new.relocated.clear(c);
        }
        if new != old {
            *ctx.key ^= Self::key(&old) ^ Self::key(&new);
            ctx.state.cage = new;
        }
    }

    /// Reads `[e8e1]` (White's cage, Black's cage). Without it (a FEN from XBoard, which
    /// knows no cages), the cages are the two rim squares the board field does not mark `*`
    /// (`holes`), White's being the one nearer rank 8 (where it starts); with any other
    /// number of open rim squares, or two on one rank, the FEN is refused.
    pub(super) fn read_fen(
        &self,
        text: Option<&str>,
        holes: Bitboard,
        st: &mut CageState,
    ) -> Result<(), FenExtraError> {
        let Some(text) = text else {
            let open = self.rim.without(holes);
            let missing = || FenExtraError::Missing("the cage squares, [WHITE BLACK] after the board".into());
            if open.count() != 2 {
                return Err(missing());
            }
            let (a, b) = (open.lsb().ok_or_else(missing)?, open.msb().ok_or_else(missing)?);
            if a.rank() == b.rank() {
                return Err(missing());
            }
            st.squares = [b.index() as u8, a.index() as u8];
            return Ok(());
        };
        let inner = text.trim_start_matches('[').trim_end_matches(']');
        let b = inner.as_bytes();
        let Some((w, n)) = Square::parse_prefix(b) else {
            return Err(FenExtraError::Piece(inner.into()));
        };
        let Some((bl, n2)) = Square::parse_prefix(&b[n..]) else {
            return Err(FenExtraError::Piece(inner.into()));
        };
        if n + n2 != b.len() || w == bl || !self.rim.contains(w) || !self.rim.contains(bl) {
            return Err(FenExtraError::NotAllowed);
        }
        st.squares = [w.index() as u8, bl.index() as u8];
        Ok(())
    }

    /// Writes `[e8e1]`.
    pub(super) fn write_fen(&self, st: &CageState) -> String {
        format!("[{}{}]", st.square(Color::White), st.square(Color::Black))
    }

    /// Checks a position read from a FEN: no piece on a wall, no forbidden type in a cage.
    pub(super) fn validate<B: Board>(&self, b: &B) -> Result<(), String> {
        let st = b.rule_state().cage;
        if let Some(sq) = (b.occupied() & self.walls(&st)).lsb() {
            return Err(format!("a piece on {sq}, a rim square without a cage"));
        }
        for c in Color::BOTH {
            let p = b.piece_at(st.square(c));
            if p.is_some() && self.forbidden & (1u64 << p.kind()) != 0 {
                return Err(format!("a King in the cage on {}", st.square(c)));
            }
        }
        Ok(())
    }

    /// Reads `R` / `r` (that side relocated on its last move) from the castling field.
    pub(super) fn read_mark(ch: char, st: &mut CageState) -> bool {
        st.relocated.read_mark(ch, MARKS)
    }

    /// Writes `R` / `r` for colour `c`'s relocation on its last move.
    pub(super) fn write_mark(st: &CageState, c: Color, out: &mut String) {
        st.relocated.write_mark(c, MARKS, out);
    }

    /// The state's share of the hash key.
    pub(super) fn key(st: &CageState) -> u64 {
        KEYS.cage[0][st.squares[0] as usize]
            ^ KEYS.cage[1][st.squares[1] as usize]
            ^ st.relocated.key(&KEYS.cage_relocated)
    }
}
