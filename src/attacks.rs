//! Precomputed move and attack tables for one variant.
//!
//! Every XBetza component of every piece is sorted into the cheapest structure that can
//! generate it:
//!
//! * plain leaps become per-square target bitboards (`quiet`, `capture`, `ep`, and the
//!   `init_*` versions for virgin pieces), shared between pieces through a deduplicated pool;
//! * slides of any vector and range become [`RayMove`]s over per-direction ray tables, using
//!   the first-blocker trick (`ray & occupied`, then the nearest bit) which works for any
//!   constant step because square indices grow monotonically along a ray;
//! * lame (`n`) and must-jump (`j`) leaps become [`CondLeap`]s with path masks;
//! * two-leg moves and castling keep their concrete steps and are walked at generation time.
//!
//! The reverse view (who attacks a square) is built from the same data: reverse leap
//! tables per piece type, and per ray direction a mask of the piece types that capture
//! along it at each distance, so `is_attacked` is a handful of lookups even with 40+ types.

use crate::bitboard::Bitboard;
use crate::square::{Color, NUM_SQUARES, Square};
use crate::variant::betza::{self, Concrete, MODE_CAPTURE, MODE_EP, MODE_MOVE, Step};
use crate::variant::{MAX_PIECE_TYPES, PieceType, Variant};
use std::collections::HashMap;

/// A table of one bitboard per square.
pub type SquareTable = Vec<Bitboard>;

/// A sliding direction with its unlimited rays.
#[derive(Debug, Clone)]
pub struct RayDir {
    pub dx: i8,
    pub dy: i8,
    /// True when the square index grows along the ray (nearest blocker = lowest bit).
    pub positive: bool,
    /// Pool index of the table of unlimited rays (origin excluded, stops at the board edge).
    pub full: u16,
    /// Index of the opposite direction in `Tables::dirs`.
    pub reverse: u8,
}

/// A slide of one piece in one direction.
#[derive(Debug, Clone, Copy)]
pub struct RayMove {
    /// Index into `Tables::dirs`.
    pub dir: u8,
    /// Pool index of the range-limited ray table.
    pub table: u16,
    pub mode: u8,
    pub initial: bool,
    /// `j` on a W/F rider: the first square is jumped and the slide starts beyond it.
    pub skip: bool,
    /// Range (0 = unlimited), kept for attack masks.
    pub range: u8,
}

/// A leap with conditions on the squares it passes.
#[derive(Debug, Clone, Copy)]
pub struct CondLeap {
    pub to: Square,
    /// Squares that must be empty (lame leaps).
    pub empty: Bitboard,
    /// Squares that must be occupied (must-jump leaps).
    pub occupied: Bitboard,
    pub mode: u8,
    pub initial: bool,
    /// Squares passed by an initial non-capturing lame move: they become e.p. squares.
    pub passed: Bitboard,
}

/// A two-leg move: first step (possibly a slide), then second step from where it stopped.
#[derive(Debug, Clone, Copy)]
pub struct MultiLeg {
    pub initial: bool,
    pub first: Step,
    pub second: Step,
}

/// Castling: the royal moves `distance` squares towards the edge piece.
#[derive(Debug, Clone, Copy)]
pub struct CastleSpec {
    pub initial: bool,
    pub distance: u8,
    pub left: bool,
    pub right: bool,
}

/// Everything a piece type of one colour can do.
#[derive(Debug, Clone, Default)]
pub struct PieceTables {
    pub quiet: u16,
    pub capture: u16,
    pub ep: u16,
    pub init_quiet: u16,
    pub init_capture: u16,
    /// Per-square lists of conditional leaps (empty vector when none).
    pub cond: Vec<Vec<CondLeap>>,
    pub has_cond: bool,
    pub rays: Vec<RayMove>,
    pub multi: Vec<MultiLeg>,
    pub castles: Vec<CastleSpec>,
    /// Has components restricted to virgin pieces.
    pub has_initial: bool,
    /// Squares from which the piece has at least one move on an empty board (used for
    /// "forced promotion where the piece could not move again").
    pub mobile: Bitboard,
    /// Has an e.p.-capturing component.
    pub captures_ep: bool,
}

/// Reverse conditional leap: a piece of `kind` on `from` attacks the square if the path
/// conditions hold.
#[derive(Debug, Clone, Copy)]
pub struct RevCond {
    pub from: Square,
    pub kind: PieceType,
    pub empty: Bitboard,
    pub occupied: Bitboard,
    pub initial: bool,
}

/// Ray attackers in one scan direction: `masks[k]` has bit `t` when piece type `t`
/// captures along this line at distance `k` (scanning from the target square outwards).
#[derive(Debug, Clone)]
pub struct RayAttack {
    pub dir: u8,
    pub masks: [u64; 16],
    /// Union of all masks.
    pub any: u64,
}

/// Attack data for the pieces of one colour.
#[derive(Debug, Clone, Default)]
pub struct AttackTables {
    /// (type, pool index of reverse capture-leap table).
    pub leapers: Vec<(PieceType, u16)>,
    pub rays: Vec<RayAttack>,
    pub cond_rev: Vec<Vec<RevCond>>,
    pub has_cond_rev: bool,
    /// Types whose captures are only found by generating their moves (two-leg moves, riders
    /// with `j`, initial-only captures).
    pub slow: Vec<PieceType>,
    /// True when every capture is a plain leap or plain slide: pins and checks can then be
    /// computed from rays alone and moves tested without making them.
    pub simple: bool,
}

/// The compiled tables of a variant.
#[derive(Debug, Clone)]
pub struct Tables {
    pub pool: Vec<SquareTable>,
    pub dirs: Vec<RayDir>,
    /// `pieces[color][type]`.
    pub pieces: [Vec<PieceTables>; 2],
    /// `attacks[color]`: attacks *by* that colour.
    pub attacks: [AttackTables; 2],
    /// `ep_rev[color]`: (type, pool index) of reverse e.p.-capture tables: the squares from
    /// which a piece of that type captures e.p. onto a square.
    pub ep_rev: [Vec<(PieceType, u16)>; 2],
    /// Per-direction step count between two squares is cheap to compute, but the king-ray
    /// "between" masks are needed for check evasions: `between[a][b]` for squares on one
    /// ray of any direction; computed lazily per query instead (see `between`).
    pub board: Bitboard,
}

struct Builder {
    pool: Vec<SquareTable>,
    index: HashMap<Vec<[u64; 4]>, u16>,
}

impl Builder {
    fn add(&mut self, t: SquareTable) -> u16 {
        let key: Vec<[u64; 4]> = t.iter().map(|b| b.0).collect();
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.pool.len() as u16;
        self.pool.push(t);
        self.index.insert(key, i);
        i
    }
}

fn empty_table() -> SquareTable {
    vec![Bitboard::EMPTY; NUM_SQUARES]
}

/// Squares strictly between `from` and `from + (dx,dy)` that a lame leap must find empty.
fn lame_path(from: Square, dx: i32, dy: i32) -> Option<Bitboard> {
    let mut b = Bitboard::EMPTY;
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        let n = dx.abs().max(dy.abs());
        let (ux, uy) = (dx.signum(), dy.signum());
        for k in 1..n {
            b.set(from.offset(ux * k, uy * k)?);
        }
    } else {
        b.set(from.offset(dx / 2, dy / 2)?);
    }
    Some(b)
}

impl Tables {
    pub fn build(v: &Variant) -> Tables {
        let mut bld = Builder { pool: Vec::new(), index: HashMap::new() };
        bld.add(empty_table()); // index 0: no targets
        let board = v.board;
        let mut dirs: Vec<RayDir> = Vec::new();
        // Finds or creates a direction and its reverse; returns its index.
        fn dir_index(dirs: &mut Vec<RayDir>, bld: &mut Builder, board: Bitboard, dx: i8, dy: i8) -> u8 {
            if let Some(i) = dirs.iter().position(|d| d.dx == dx && d.dy == dy) {
                return i as u8;
            }
            for (x, y) in [(dx, dy), (-dx, -dy)] {
                let mut t = empty_table();
                for (i, e) in t.iter_mut().enumerate() {
                    let s = Square::from_index(i);
                    if !board.contains(s) {
                        continue;
                    }
                    let mut cur = s;
                    while let Some(n) = cur.offset(x as i32, y as i32) {
                        if !board.contains(n) {
                            break;
                        }
                        e.set(n);
                        cur = n;
                    }
                }
                let full = bld.add(t);
                let positive = (y as i32) * 16 + x as i32 > 0;
                dirs.push(RayDir { dx: x, dy: y, positive, full, reverse: 0 });
            }
            let n = dirs.len();
            dirs[n - 2].reverse = (n - 1) as u8;
            dirs[n - 1].reverse = (n - 2) as u8;
            (n - 2) as u8
        }
        let limited = |bld: &mut Builder, dir: &RayDir, range: u8, skip: bool| -> u16 {
            let full = bld.pool[dir.full as usize].clone();
            let mut t = empty_table();
            for i in 0..NUM_SQUARES {
                let s = Square::from_index(i);
                if !board.contains(s) {
                    continue;
                }
                let mut k = 0;
                let mut cur = s;
                while let Some(n) = cur.offset(dir.dx as i32, dir.dy as i32) {
                    if !full[i].contains(n) {
                        break;
                    }
                    k += 1;
                    let counted = if skip { k - 1 } else { k };
                    if range != 0 && counted > range as i32 {
                        break;
                    }
                    if !(skip && k == 1) {
                        t[i].set(n);
                    }
                    cur = n;
                }
            }
            bld.add(t)
        };

        let mut pieces: [Vec<PieceTables>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            let black = color == Color::Black;
            for pdef in &v.pieces {
                let mut quiet = empty_table();
                let mut capture = empty_table();
                let mut ep = empty_table();
                let mut iquiet = empty_table();
                let mut icapture = empty_table();
                let mut cond: Vec<Vec<CondLeap>> = vec![Vec::new(); NUM_SQUARES];
                let mut pt = PieceTables::default();
                for mv in &pdef.moves {
                    match betza::concretize(mv, black) {
                        Concrete::Castle { initial, castle } => pt.castles.push(CastleSpec {
                            initial,
                            distance: castle.distance,
                            left: castle.left,
                            right: castle.right,
                        }),
                        Concrete::Double { initial, paths } => {
                            for (a, b) in paths {
                                pt.multi.push(MultiLeg { initial, first: a, second: b });
                            }
                        }
                        Concrete::Single { initial, steps } => {
                            for st in steps {
                                let (dx, dy) = (st.dx as i32, st.dy as i32);
                                if st.range == 1 {
                                    for i in 0..NUM_SQUARES {
                                        let s = Square::from_index(i);
                                        if !board.contains(s) {
                                            continue;
                                        }
                                        let Some(t) = s.offset(dx, dy) else { continue };
                                        if !board.contains(t) {
                                            continue;
                                        }
                                        if st.lame || st.jump {
                                            let Some(path) = lame_path(s, dx, dy) else {
                                                continue;
                                            };
                                            if st.lame && path.without(board).any() {
                                                continue;
                                            }
                                            if st.jump && path.is_empty() {
                                                continue; // nothing to jump over
                                            }
                                            let passed = if initial && st.mode == MODE_MOVE && st.lame {
                                                path
                                            } else {
                                                Bitboard::EMPTY
                                            };
                                            cond[i].push(CondLeap {
                                                to: t,
                                                empty: if st.lame { path } else { Bitboard::EMPTY },
                                                occupied: if st.jump { path } else { Bitboard::EMPTY },
                                                mode: st.mode,
                                                initial,
                                                passed,
                                            });
                                            continue;
                                        }
                                        let (q, c) = if initial {
                                            (&mut iquiet, &mut icapture)
                                        } else {
                                            (&mut quiet, &mut capture)
                                        };
                                        if st.mode & MODE_MOVE != 0 {
                                            q[i].set(t);
                                        }
                                        if st.mode & MODE_CAPTURE != 0 {
                                            c[i].set(t);
                                        }
                                        if st.mode & MODE_EP != 0 {
                                            ep[i].set(t);
                                        }
                                    }
                                } else {
                                    let d = dir_index(&mut dirs, &mut bld, board, st.dx, st.dy);
                                    let skip = st.jump && (st.dx.abs() <= 1 && st.dy.abs() <= 1);
                                    let table = limited(&mut bld, &dirs[d as usize], st.range, skip);
                                    pt.rays.push(RayMove {
                                        dir: d,
                                        table,
                                        mode: st.mode,
                                        initial,
                                        skip,
                                        range: st.range,
                                    });
                                }
                            }
                        }
                    }
                }
                pt.has_initial = pdef.moves.iter().any(|m| m.initial);
                pt.captures_ep = ep.iter().any(|b| b.any()) || pt.rays.iter().any(|r| r.mode & MODE_EP != 0);
                pt.has_cond = cond.iter().any(|c| !c.is_empty());
                // Mobility on an empty board.
                let mut mobile = Bitboard::EMPTY;
                for i in 0..NUM_SQUARES {
                    let s = Square::from_index(i);
                    if !board.contains(s) {
                        continue;
                    }
                    let mut any = (quiet[i] | capture[i]).any() || cond[i].iter().any(|c| !c.initial);
                    for r in &pt.rays {
                        if !r.initial && bld.pool[r.table as usize][i].any() {
                            any = true;
                        }
                    }
                    for m in &pt.multi {
                        if !m.initial
                            && s.offset(m.first.dx as i32, m.first.dy as i32).is_some_and(|t| board.contains(t))
                        {
                            any = true;
                        }
                    }
                    if any {
                        mobile.set(s);
                    }
                }
                pt.mobile = mobile;
                pt.quiet = bld.add(quiet);
                pt.capture = bld.add(capture);
                pt.ep = bld.add(ep);
                pt.init_quiet = bld.add(iquiet);
                pt.init_capture = bld.add(icapture);
                pt.cond = if pt.has_cond { cond } else { Vec::new() };
                pieces[color.index()].push(pt);
            }
        }

        // Reverse (attack) tables.
        let mut attacks: [AttackTables; 2] = [AttackTables::default(), AttackTables::default()];
        for color in Color::BOTH {
            let at = &mut attacks[color.index()];
            at.cond_rev = vec![Vec::new(); NUM_SQUARES];
            let mut ray_masks: HashMap<u8, [u64; 16]> = HashMap::new();
            for (t, pt) in pieces[color.index()].iter().enumerate() {
                let t = t as PieceType;
                let cap = &bld.pool[pt.capture as usize];
                if cap.iter().any(|b| b.any()) {
                    let mut rev = empty_table();
                    for (i, targets) in cap.iter().enumerate() {
                        for s in *targets {
                            rev[s.index()].set(Square::from_index(i));
                        }
                    }
                    let idx = bld.add(rev);
                    at.leapers.push((t, idx));
                }
                let mut slow =
                    !pt.multi.iter().all(|m| m.second.mode & MODE_CAPTURE == 0 && m.first.mode & MODE_CAPTURE == 0);
                if bld.pool[pt.init_capture as usize].iter().any(|b| b.any()) {
                    slow = true;
                }
                for r in &pt.rays {
                    if r.mode & MODE_CAPTURE == 0 {
                        continue;
                    }
                    if r.initial || r.skip {
                        slow = true;
                        continue;
                    }
                    // Scanning from the target, the attacker is found in the reverse direction.
                    let scan = pieces_dir_reverse(&dirs, r.dir);
                    let masks = ray_masks.entry(scan).or_insert([0u64; 16]);
                    for (k, m) in masks.iter_mut().enumerate().skip(1) {
                        if r.range == 0 || k as u8 <= r.range {
                            *m |= 1u64 << t;
                        }
                    }
                }
                if pt.has_cond {
                    for (i, list) in pt.cond.iter().enumerate() {
                        for c in list {
                            if c.mode & MODE_CAPTURE != 0 {
                                at.cond_rev[c.to.index()].push(RevCond {
                                    from: Square::from_index(i),
                                    kind: t,
                                    empty: c.empty,
                                    occupied: c.occupied,
                                    initial: c.initial,
                                });
                                at.has_cond_rev = true;
                            }
                        }
                    }
                }
                if slow {
                    at.slow.push(t);
                }
            }
            let mut rays: Vec<RayAttack> = ray_masks
                .into_iter()
                .map(|(dir, masks)| RayAttack { dir, masks, any: masks.iter().fold(0, |a, m| a | m) })
                .collect();
            rays.sort_by_key(|r| r.dir);
            at.rays = rays;
            at.simple = at.slow.is_empty() && !at.has_cond_rev;
            if !at.has_cond_rev {
                at.cond_rev = Vec::new();
            }
        }
        let mut ep_rev: [Vec<(PieceType, u16)>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            for (t, pt) in pieces[color.index()].iter().enumerate() {
                let ept = &bld.pool[pt.ep as usize];
                if ept.iter().any(|b| b.any()) {
                    let mut rev = empty_table();
                    for (i, targets) in ept.iter().enumerate() {
                        for s in *targets {
                            rev[s.index()].set(Square::from_index(i));
                        }
                    }
                    let idx = bld.add(rev);
                    ep_rev[color.index()].push((t as PieceType, idx));
                }
            }
        }
        debug_assert!(v.pieces.len() <= MAX_PIECE_TYPES);
        Tables { pool: bld.pool, dirs, pieces, attacks, ep_rev, board }
    }

    /// Squares reached by a slide from `from` along `r` with blockers `blockers`, up to and
    /// including the first blocker.
    #[inline]
    pub fn slide(&self, r: &RayMove, from: Square, blockers: Bitboard) -> Bitboard {
        let d = &self.dirs[r.dir as usize];
        let lim = self.pool[r.table as usize][from.index()];
        let b = lim & blockers;
        match if d.positive { b.lsb() } else { b.msb() } {
            None => lim,
            Some(first) => lim.without(self.pool[d.full as usize][first.index()]),
        }
    }

    /// Nearest blocker from `from` in direction `dir` (unlimited), if any.
    #[inline]
    pub fn first_blocker(&self, dir: u8, from: Square, blockers: Bitboard) -> Option<Square> {
        let d = &self.dirs[dir as usize];
        let b = self.pool[d.full as usize][from.index()] & blockers;
        if d.positive { b.lsb() } else { b.msb() }
    }

    /// Squares strictly between `a` and `b` along direction `dir` (b must lie on that ray).
    #[inline]
    pub fn between(&self, dir: u8, a: Square, b: Square) -> Bitboard {
        let d = &self.dirs[dir as usize];
        self.pool[d.full as usize][a.index()].without(self.pool[d.full as usize][b.index()]) & !Bitboard::from_square(b)
    }

    /// Number of steps of direction `dir` from `a` to `b` (b on the ray).
    #[inline]
    pub fn steps(&self, dir: u8, a: Square, b: Square) -> usize {
        let d = &self.dirs[dir as usize];
        if d.dx != 0 {
            ((b.file() as i32 - a.file() as i32) / d.dx as i32) as usize
        } else {
            ((b.rank() as i32 - a.rank() as i32) / d.dy as i32) as usize
        }
    }
}

fn pieces_dir_reverse(dirs: &[RayDir], d: u8) -> u8 {
    dirs[d as usize].reverse
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{EMBEDDED_INI, load};

    #[test]
    fn chess_tables() {
        let r = load(&[("variants.ini", EMBEDDED_INI)]);
        let v = r.variants.iter().find(|v| v.name == "chess").unwrap();
        let t = Tables::build(v);
        let knight = &t.pieces[0][1];
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(t.pool[knight.capture as usize][e4.index()].count(), 8);
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(t.pool[knight.quiet as usize][a1.index()].count(), 2);
        let rook = &t.pieces[0][3];
        assert_eq!(rook.rays.len(), 4);
        let mut total = 0;
        for r in &rook.rays {
            total += t.slide(r, a1, Bitboard::EMPTY).count();
        }
        assert_eq!(total, 14);
        assert!(t.attacks[0].simple && t.attacks[1].simple);
        // White pawn: forward quiet step, initial double step as a lame conditional leap.
        let pawn = &t.pieces[0][0];
        let e2 = Square::parse("e2").unwrap();
        assert_eq!(t.pool[pawn.quiet as usize][e2.index()], Bitboard::from_square(Square::parse("e3").unwrap()));
        assert_eq!(pawn.cond[e2.index()].len(), 1);
        assert!(pawn.cond[e2.index()][0].initial);
    }
}
