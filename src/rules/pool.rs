//! Pawn promotion from the pool of captured pieces (Short Sliders,
//! `docs/rules/short-sliders.md` §3.2 and §3.3). Each side's pool holds its own pieces the
//! opponent has captured, by their type at capture. A pool promoter reaching its zone may
//! (on the last rank must) promote to the starter of a line with a captured member, or on
//! the last rank to a line's first stage when a promoted member of that line was captured;
//! the member used leaves the pool. With no choice on the last rank the move is illegal.
//!
//! ini: `poolPromotion = P P'` (the promoters), `poolLines = D' D, L' Q Z, ...` (each line
//! a starter and its promoted stages).
//! FEN: the pool follows the board in brackets, White's captured pieces in upper case:
//! `...[Zn]` = a White Malkia and a Black Knight have been captured.

use super::{AfterMake, Board, FenExtraError, PoolMoves, mask_of};
use crate::piece::Piece;
use crate::square::{Color, Square};
use crate::variant::{MAX_PIECE_TYPES, PieceType, Variant};
use crate::zobrist::KEYS;

/// Per colour and type: how many pieces of that colour the opponent has captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolCounts(pub [[u8; MAX_PIECE_TYPES]; 2]);

impl Default for PoolCounts {
    fn default() -> PoolCounts {
        PoolCounts([[0; MAX_PIECE_TYPES]; 2])
    }
}

impl PoolCounts {
    /// How many pieces of colour `c` and type `t` the opponent has captured.
    pub fn get(&self, c: Color, t: PieceType) -> u8 {
        self.0[c.index()][t as usize]
    }
}

/// What unmake needs: where the move's captures end in its change log (later changes are
/// other rules' side effects), and the pool member a promotion used up.
#[derive(Clone, Copy, Debug, Default)]
pub struct PoolUndo {
    captures_end: u8,
    used: Option<PieceType>,
}

#[derive(Debug, Clone)]
pub struct PoolRule {
    /// The pool promoters.
    promoter_mask: u64,
    /// Bit `l` of entry `t` set when type `t` belongs to line `l`.
    line_mask: [u32; MAX_PIECE_TYPES],
    /// Each line: starter, then promoted stages.
    lines: Vec<Vec<PieceType>>,
}

impl PoolRule {
    pub fn new(v: &Variant) -> Option<PoolRule> {
        if v.pool_lines.is_empty() {
            return None;
        }
        let mut line_mask = [0u32; MAX_PIECE_TYPES];
        for (l, line) in v.pool_lines.iter().enumerate() {
            for &t in line {
                line_mask[t as usize] |= 1 << l;
            }
        }
        Some(PoolRule { promoter_mask: mask_of(&v.pool_promoters), line_mask, lines: v.pool_lines.clone() })
    }

    /// Does `t` promote from the pool?
    #[inline]
    pub fn promotes(&self, t: PieceType) -> bool {
        self.promoter_mask & (1u64 << t) != 0
    }

    #[inline]
    fn in_a_line(&self, t: PieceType) -> bool {
        self.line_mask[t as usize] != 0
    }

    /// The pool member a promotion of colour `c` to `t` uses up, if `t` is available: to a
    /// line's starter, its starter if captured, else its lowest captured promoted stage; to
    /// a first-stage type, that type if captured, else a captured later stage. `None` when
    /// no line makes `t` available.
    pub fn member_for(&self, pool: &PoolCounts, c: Color, t: PieceType) -> Option<PieceType> {
        let counts = &pool.0[c.index()];
        for line in &self.lines {
            let Some(stage) = line.iter().position(|&x| x == t) else { continue };
            if stage > 1 {
                continue;
            }
            if let Some(&u) = line[stage..].iter().find(|&&u| counts[u as usize] > 0) {
                return Some(u);
            }
        }
        None
    }

    /// The promotion choices of a move of `p` into its zone: the starters of lines with a
    /// captured member and, on the last rank, first stages available from the pool; a
    /// unique type (`unique`) only while the side has none. Off the last rank the move may
    /// also stay unpromoted.
    pub(super) fn choices<B: Board>(
        &self,
        b: &B,
        v: &Variant,
        partner: Option<&super::partner::Partner>,
        p: Piece,
        last_rank: bool,
    ) -> PoolMoves {
        let c = p.color();
        let pool = &b.rule_data().pool;
        let mut out = PoolMoves { plain: !last_rank, ..PoolMoves::default() };
        for &t in &v.pieces[p.kind() as usize].promotions {
            if !self.in_a_line(t)
                || partner.is_some_and(|pa| pa.is_unique(t) && b.count(c, t) > 0)
                || !self.lines.iter().any(|l| l.first() == Some(&t) || (last_rank && l.get(1) == Some(&t)))
            {
                continue;
            }
            if self.member_for(pool, c, t).is_some() {
                out.promote.push(t);
            }
        }
        out
    }

    fn add(ctx: &mut AfterMake, c: Color, t: PieceType, d: i8) {
        let n = &mut ctx.data.pool.0[c.index()][t as usize];
        let old = *n;
        *n = n.saturating_add_signed(d);
        let new = *n;
        *ctx.key ^= count_key(c, t, old) ^ count_key(c, t, new);
    }

    /// Captured line members join their side's pool; a pool promotion uses one up.
    pub(super) fn after_make(&self, ctx: &mut AfterMake) -> PoolUndo {
        let us = ctx.made.mover.color();
        for i in 0..ctx.changes.len() {
            let old = ctx.changes[i].1;
            if old.is_some() && old.color() != us && self.in_a_line(old.kind()) {
                Self::add(ctx, old.color(), old.kind(), 1);
            }
        }
        let captures_end = ctx.changes.len() as u8;
        let mut used = None;
        if let Some(t) = ctx.made.m.promotion()
            && self.promotes(ctx.made.mover.kind())
            && let Some(u) = self.member_for(&ctx.data.pool, us, t)
        {
            Self::add(ctx, us, u, -1);
            used = Some(u);
        }
        PoolUndo { captures_end, used }
    }

    /// Takes the move's captures out of the pool again and returns a used member.
    pub(super) fn after_unmake(&self, pool: &mut PoolCounts, undo: PoolUndo, changes: &[(Square, Piece)], us: Color) {
        for &(_, old) in &changes[..undo.captures_end as usize] {
            if old.is_some() && old.color() != us && self.in_a_line(old.kind()) {
                let n = &mut pool.0[old.color().index()][old.kind() as usize];
                *n = n.saturating_sub(1);
            }
        }
        if let Some(u) = undo.used {
            pool.0[us.index()][u as usize] += 1;
        }
    }

    /// Reads the bracket part of a FEN board field (`[Zn]`; `Q'`-style marks allowed).
    pub(super) fn read_fen(&self, v: &Variant, text: &str, pool: &mut PoolCounts) -> Result<(), FenExtraError> {
        let inner = text.trim_start_matches('[').trim_end_matches(']');
        let b = inner.as_bytes();
        let mut k = 0;
        while k < b.len() {
            let c = b[k];
            if c == b'-' {
                k += 1;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(FenExtraError::Piece((c as char).to_string()));
            }
            let mut tok = (c.to_ascii_uppercase() as char).to_string();
            k += 1;
            if k < b.len() && (b[k] == b'\'' || b[k] == b'!') {
                tok.push(b[k] as char);
                k += 1;
            }
            let black = c.is_ascii_lowercase();
            match v.type_by_token(&tok) {
                Some(t) if self.in_a_line(t) => {
                    let n = &mut pool.0[black as usize][t as usize];
                    *n = n.saturating_add(1);
                }
                _ => return Err(FenExtraError::NotAllowed),
            }
        }
        Ok(())
    }

    /// The bracket part of a FEN board field (empty for an empty pool).
    pub(super) fn write_fen(&self, v: &Variant, pool: &PoolCounts) -> String {
        if !pool.0.iter().any(|c| c.iter().any(|&n| n > 0)) {
            return String::new();
        }
        let mut s = String::from("[");
        for c in Color::BOTH {
            for (t, &n) in pool.0[c.index()].iter().enumerate() {
                for _ in 0..n {
                    s.push_str(&v.pieces[t].token_for(c == Color::Black));
                }
            }
        }
        s.push(']');
        s
    }

    /// The pool's share of the hash key.
    pub(super) fn key(pool: &PoolCounts) -> u64 {
        let mut k = 0;
        for c in Color::BOTH {
            for (t, &n) in pool.0[c.index()].iter().enumerate() {
                k ^= count_key(c, t as PieceType, n);
            }
        }
        k
    }
}

/// Zobrist key of `n` pieces of type `t` and colour `c` in the pool (0 for none).
fn count_key(c: Color, t: PieceType, n: u8) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut z = KEYS.pool[c.index() * MAX_PIECE_TYPES + t as usize] ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
