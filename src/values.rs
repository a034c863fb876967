//! Piece values and piece-square tables derived from each piece's moves.
//!
//! No variant needs hand-written values: a piece is worth what it can do on an empty
//! board. The formula (calibrated so that orthodox pieces come out near their usual values
//! N 305, B 330, R 505, Q 950 with the pawn at 100):
//!
//! * every leap target counts 55 cp, every slide target 36 cp, averaged over the squares
//!   of the board (so board size and edges matter); move-only or capture-only targets
//!   count half; the squares of bent paths (Rhinoceros, Griffin) count as slide targets;
//! * pieces confined to a fraction `f` of the squares (colour-bound alfils) are scaled by
//!   `min(1, 0.6 + 0.8 f)`; pieces with orthogonal and diagonal slides get +10%;
//! * a piece that can promote gains 30% of the difference to its best promotion;
//! * pawn-type pieces (the variant's `pawns`, else the piece `P`) are worth exactly 100.
//!
//! A variant may override any value in `variants.ini` (`value.X = 320`).
//! Piece-square tables: leapers and sliders gain 3 and 1.5 cp per empty-board target
//! above their average on that square (centralisation), pawns gain for advancing towards
//! their promotion zone, royals stay home in the middlegame and centralise in the endgame.

use crate::attacks::{Tables, paths};
use crate::bitboard::Bitboard;
use crate::leap_shape::LeapShape;
use crate::piece::Piece;
use crate::search::eval_weights::{EvalWeights, Weight};
use crate::square::{Color, NUM_SQUARES, Square};
use crate::variant::betza::{MODE_CAPTURE, MODE_MOVE};
use crate::variant::{PieceType, Variant};

/// Middlegame and endgame score pair.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl std::ops::SubAssign for Score {
    fn sub_assign(&mut self, o: Score) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

#[derive(Debug, Clone)]
pub struct Values {
    /// Material value of each type (centipawns).
    pub value: Vec<i32>,
    /// `psq[piece code][square]`: value plus position, positive for White, negative for Black.
    pub psq: Vec<Vec<Score>>,
    /// Phase weight of each type (non-pawn, non-royal material counts).
    pub phase_weight: Vec<i32>,
    /// Total phase of the start position (for tapering).
    pub max_phase: i32,
    /// Types treated as pawns by the evaluation.
    pub pawn_mask: u64,
    /// Per type, percent by which a pawn's advancement and passed-pawn terms count
    /// (from what its promotion gains; 100 for non-pawns).
    pub pawn_scale: Vec<i32>,
    /// `passed_span[color][square]`: squares ahead of a pawn on its own and the adjacent
    /// files; no enemy pawn there means the pawn is passed.
    pub passed_span: [Vec<Bitboard>; 2],
    /// `files[f]`: the squares of file `f`; `neighbours[f]`: those of files `f-1` and `f+1`.
    pub files: Vec<Bitboard>,
    pub neighbours: Vec<Bitboard>,
    /// The files of the board's left half (Stockfish's `QueenSide`), for the initiative's
    /// pawns on both wings (`search::winnable`).
    pub left_half: Bitboard,
    /// `near[square]`: squares within two king steps (king-safety zone).
    pub near: Vec<Bitboard>,
    /// `adjacent[square]`: squares one king step away (the royal's shelter ring).
    pub adjacent: Vec<Bitboard>,
    /// Average empty-board mobility of each type (the evaluation's mobility term counts the
    /// difference, so that material values stay as derived).
    pub mob_avg: Vec<i32>,
    /// `mob_curve[type][squares]`: the curved mobility bonus (`eval.mobilityCurve`), middle
    /// and endgame, of a piece of that type reaching that many squares (the last entry
    /// for any more). See `mobility_curve`.
    pub mob_curve: Vec<Vec<(i32, i32)>>,
    /// Weights of the evaluation's terms (defaults and the variant's `eval.NAME` lines).
    pub weights: EvalWeights,
    /// Every type, least valuable first (the evaluation walks the pieces in this order to
    /// find each target's least valuable attacker).
    pub kinds_by_value: Vec<u8>,
    /// `space_zone[color]`: the central files of the colour's own half, from its second
    /// rank forward (Stockfish's space area, ranks 2-4 and files c-f in chess, scaled to
    /// the board).
    pub space_zone: [Bitboard; 2],
    /// `rear[color][square]`: the three squares behind a pawn of that colour on its file
    /// (space behind a pawn chain is room the enemy cannot easily contest).
    pub rear: [Vec<Bitboard>; 2],
    /// Types that profit from an outpost (`eval.outpost`): non-royal leapers that cannot
    /// slide, worth 2.5 pawns or more (Knight, Man): short-range pieces that need a
    /// square near the enemy from which no pawn can chase them.
    pub outpost_kinds: u64,
    /// `outpost_zone[color]`: the ranks where an outpost counts, from the middle of the
    /// board to two ranks short of the enemy's back rank (ranks 4-6 in chess, as
    /// Stockfish's `OutpostRanks`).
    pub outpost_zone: [Bitboard; 2],
    /// Types the rook terms (`eval.rooks`) apply to: non-royal pieces that slide along
    /// files without a range limit and along files and ranks only (the Rook; not a Queen,
    /// whose files Stockfish does not reward either).
    pub rook_kinds: u64,
    /// Per colour, the step and capture tables of the one pawn type as leap shapes, where
    /// there is one pawn type and both are: what the safe-pawn-step threats
    /// (`eval.threatByPush`) apply to all pawns at once.
    pub pawn_shapes: Option<[(LeapShape, LeapShape); 2]>,
}

/// Empty-board targets of a piece type on one square: (leap count, slide count) with
/// half weight for move-only / capture-only targets.
fn targets(t: &Tables, c: Color, kind: PieceType, sq: Square) -> (f64, f64, Bitboard) {
    let pt = &t.pieces[c.index()][kind as usize];
    let q = t.pool[pt.quiet as usize][sq.index()];
    let cp = t.pool[pt.capture as usize][sq.index()];
    let both = q & cp;
    let mut leap = both.count() as f64 + 0.5 * (q.without(both).count() + cp.without(both).count()) as f64;
    let mut reach = q | cp;
    if pt.has_cond {
        for cl in &pt.cond[sq.index()] {
            if cl.initial {
                continue;
            }
            let w = if cl.mode & MODE_MOVE != 0 && cl.mode & MODE_CAPTURE != 0 { 1.0 } else { 0.5 };
            // Lame or jumping leaps are blocked part of the time.
            leap += 0.8 * w;
            reach.set(cl.to);
        }
    }
    let mut slide = 0.0;
    for r in &pt.rays {
        if r.initial {
            continue;
        }
        let s = t.slide(r, sq, Bitboard::EMPTY);
        let w = if r.mode & MODE_MOVE != 0 && r.mode & MODE_CAPTURE != 0 { 1.0 } else { 0.5 };
        slide += w * s.count() as f64;
        reach |= s;
    }
    // Bent paths (Rhinoceros, Griffin) are blocked like slides: every square counts as a
    // slide target, half where the piece only moves or only captures there.
    for &k in &pt.paths {
        let empty_board = paths::targets(k, sq, t.board, Bitboard::EMPTY, Bitboard::EMPTY);
        let (q, c) = (empty_board.quiet, empty_board.attacks);
        let both = q & c;
        slide += both.count() as f64 + 0.5 * (q.without(both).count() + c.without(both).count()) as f64;
        reach |= q | c;
    }
    for m in &pt.multi {
        if m.initial {
            continue;
        }
        if let Some(a) = sq.offset(m.first.dx as i32, m.first.dy as i32)
            && let Some(b) = a.offset(m.second.dx as i32, m.second.dy as i32)
            && t.board.contains(a)
            && t.board.contains(b)
            && !reach.contains(b)
            && b != sq
        {
            leap += 0.5;
            reach.set(b);
        }
    }
    (leap, slide, reach)
}

/// `eval.centre`'s steps of each square, against their board average (so that the term
/// moves pieces, not the value of having them): its distance from the nearest file edge
/// plus that from the nearest rank edge, each counted up to the smaller board half less
/// one (three on 12x8 and on 8x8), so that a wide board's central back rank does not
/// count as central.
fn centre_steps(files: u8, ranks: u8, squares: &[Square]) -> Vec<f64> {
    let cap = (files.min(ranks) as i32 / 2 - 1).max(0);
    let steps = |sq: Square| {
        let f = (sq.file() as i32).min(files as i32 - 1 - sq.file() as i32).min(cap);
        let r = (sq.rank() as i32).min(ranks as i32 - 1 - sq.rank() as i32).min(cap);
        (f + r) as f64
    };
    let mean = squares.iter().map(|&sq| steps(sq)).sum::<f64>() / squares.len().max(1) as f64;
    let mut out = vec![0.0; NUM_SQUARES];
    for &sq in squares {
        out[sq.index()] = steps(sq) - mean;
    }
    out
}

/// Fraction of the board a piece can reach from `start` by repeated moves.
fn reachable_fraction(t: &Tables, kind: PieceType, start: Square) -> f64 {
    let mut seen = Bitboard::from_square(start);
    let mut frontier = vec![start];
    while let Some(s) = frontier.pop() {
        let (_, _, reach) = targets(t, Color::White, kind, s);
        for n in reach.without(seen) {
            seen.set(n);
            frontier.push(n);
        }
    }
    seen.count() as f64 / t.board.count().max(1) as f64
}

impl Values {
    pub fn build(v: &Variant, t: &Tables, pawn_types: u64, overrides: &[(PieceType, i32)]) -> Values {
        let n = v.pieces.len();
        let squares: Vec<Square> = t.board.iter().collect();
        let nsq = squares.len().max(1) as f64;
        let mut raw = vec![0f64; n];
        let mut avg_leap = vec![0f64; n];
        let mut avg_slide = vec![0f64; n];
        let mut mob_max = vec![0u32; n];
        for k in 0..n {
            let (mut l, mut s) = (0.0, 0.0);
            for &sq in &squares {
                let (a, b, reach) = targets(t, Color::White, k as PieceType, sq);
                l += a;
                s += b;
                mob_max[k] = mob_max[k].max(reach.count());
            }
            avg_leap[k] = l / nsq;
            avg_slide[k] = s / nsq;
            let mut val = 55.0 * avg_leap[k] + 36.0 * avg_slide[k];
            let pt = &t.pieces[0][k];
            let orth = pt.rays.iter().any(|r| {
                let d = &t.dirs[r.dir as usize];
                d.dx == 0 || d.dy == 0
            });
            let diag = pt.rays.iter().any(|r| {
                let d = &t.dirs[r.dir as usize];
                d.dx != 0 && d.dx.abs() == d.dy.abs()
            });
            if orth && diag {
                val *= 1.1;
            }
            // Colour binding, measured from a central square.
            let centre = Square::new(v.files / 2, v.ranks / 2);
            let start = if t.board.contains(centre) { centre } else { squares.first().copied().unwrap_or(centre) };
            let f = reachable_fraction(t, k as PieceType, start);
            val *= (0.6 + 0.8 * f).min(1.0);
            raw[k] = val.max(10.0);
        }
        // Promotion potential.
        let mut value: Vec<i32> = raw.iter().map(|x| x.round() as i32).collect();
        for k in 0..n {
            let best = v.pieces[k].promotions.iter().map(|&p| raw[p as usize]).fold(0.0, f64::max);
            if best > raw[k] && pawn_types & (1 << k) == 0 {
                value[k] = (raw[k] + 0.3 * (best - raw[k])).round() as i32;
            }
        }
        for (k, val) in value.iter_mut().enumerate() {
            if pawn_types & (1 << k) != 0 {
                *val = 100;
            }
        }
        for &(k, val) in overrides {
            value[k as usize] = val;
        }
        // The middlegame part of the piece-square tables may value a piece differently
        // (`valueMg.X`); everything else uses `value`.
        let mut value_mg = value.clone();
        for &(k, val) in &v.value_mg_overrides {
            value_mg[k as usize] = val;
        }
        // What a pawn's promotion is worth scales its advancement and passed-pawn terms: a
        // pawn that queens (chess) is a threat long before it arrives, one that becomes a
        // Ferz (Shatranj, Courier) hardly is. 100 for a Queen-sized gain, at least 15.
        let pawn_scale: Vec<i32> = (0..n)
            .map(|k| {
                if pawn_types & (1 << k) == 0 {
                    return 100;
                }
                let gain = v.pieces[k].promotions.iter().map(|&p| value[p as usize]).max().unwrap_or(0) - value[k];
                ((gain.max(0) + 100) * 100 / 900).clamp(15, 100)
            })
            .collect();
        // Piece-square tables.
        let weights = EvalWeights::with_overrides(&v.eval_weights);
        let centre = centre_steps(v.files, v.ranks, &squares);
        let mut psq = vec![vec![Score::default(); NUM_SQUARES]; Piece::CODES];
        let mut phase_weight = vec![0i32; n];
        for k in 0..n {
            let is_pawn = pawn_types & (1 << k) != 0;
            let royal = v.pieces[k].royal;
            if !is_pawn && !royal {
                phase_weight[k] = value[k].max(0);
            }
            for c in Color::BOTH {
                let sign = if c == Color::White { 1 } else { -1 };
                let zone = v.promotion_zone_of(c == Color::Black);
                for &sq in &squares {
                    let (l, s, _) = targets(t, c, k as PieceType, sq);
                    let central = 3.0 * (l - avg_leap[k]) + 1.5 * (s - avg_slide[k]);
                    let mut pos = Score { mg: central.round() as i32, eg: central.round() as i32 };
                    if !is_pawn && !royal {
                        // `eval.centre`: sliders reach the centre from afar, so half.
                        let per_step = weights[Weight::Centre] as f64 / if avg_slide[k] > 0.0 { 2.0 } else { 1.0 };
                        let bonus = (per_step * centre[sq.index()]).round() as i32;
                        pos.mg += bonus;
                        pos.eg += bonus;
                    }
                    // Ranks advanced from the own side (0 = own back rank).
                    let adv = sq.relative_rank(c, v.ranks as i32);
                    if is_pawn && !v.pieces[k].promotions.is_empty() && zone.any() {
                        // Distance (in ranks) to the promotion zone.
                        let zone_start = v.ranks as i32 - v.promotion_zone as i32;
                        let dist = (zone_start - adv).max(0);
                        let span = zone_start.max(1);
                        let progress = (span - dist).max(0) as f64 / span as f64;
                        let scale = pawn_scale[k] as f64 / 100.0;
                        pos.mg += (30.0 * scale * progress * progress) as i32;
                        pos.eg += (120.0 * scale * progress * progress) as i32;
                    }
                    if royal {
                        // Middlegame: stay home, preferably away from the centre files
                        // (where pawn shelters usually are); endgame: centralise.
                        let edge = (sq.file() as i32).min(v.files as i32 - 1 - sq.file() as i32);
                        pos.mg = -15 * adv.min(3) + if edge <= 2 { 10 } else { 0 };
                        // Mobility alone is flat inside the board; the distance to the
                        // centre keeps pulling the royal in (it is a fighting piece once
                        // the board has emptied).
                        let df = (2.0 * sq.file() as f64 - (v.files as f64 - 1.0)).abs() / 2.0;
                        let dr = (2.0 * sq.rank() as f64 - (v.ranks as f64 - 1.0)).abs() / 2.0;
                        let mean = (v.files as f64 + v.ranks as f64) / 4.0;
                        pos.eg = (4.0 * (l + s - avg_leap[k] - avg_slide[k]) + 8.0 * (mean - df - dr)) as i32;
                    }
                    let total = Score { mg: sign * (value_mg[k] + pos.mg), eg: sign * (value[k] + pos.eg) };
                    psq[Piece::new(c, k as PieceType).index()][sq.index()] = total;
                }
            }
        }
        let mut passed_span = [vec![Bitboard::EMPTY; NUM_SQUARES], vec![Bitboard::EMPTY; NUM_SQUARES]];
        let mut near = vec![Bitboard::EMPTY; NUM_SQUARES];
        let mut adjacent = vec![Bitboard::EMPTY; NUM_SQUARES];
        for &sq in &squares {
            for c in Color::BOTH {
                let mut span = Bitboard::EMPTY;
                for &o in &squares {
                    let ahead = if c == Color::White { o.rank() > sq.rank() } else { o.rank() < sq.rank() };
                    if ahead && (o.file() as i32 - sq.file() as i32).abs() <= 1 {
                        span.set(o);
                    }
                }
                passed_span[c.index()][sq.index()] = span;
            }
            for &o in &squares {
                let d = o.distance(sq);
                if d <= 2 && o != sq {
                    near[sq.index()].set(o);
                }
                if d == 1 {
                    adjacent[sq.index()].set(o);
                }
            }
        }
        let files: Vec<Bitboard> = (0..16u8).map(Bitboard::file_mask).collect();
        let neighbours: Vec<Bitboard> = (0..16usize)
            .map(|f| {
                let mut b = Bitboard::EMPTY;
                if f > 0 {
                    b |= files[f - 1];
                }
                if f < 15 {
                    b |= files[f + 1];
                }
                b
            })
            .collect();
        let left_half = files[..usize::from(v.files / 2)].iter().fold(Bitboard::EMPTY, |a, &f| a | f);
        let mob_avg: Vec<i32> = (0..n).map(|k| (avg_leap[k] + avg_slide[k]).round() as i32).collect();
        let mob_curve = (0..n).map(|k| mobility_curve(mob_max[k], mob_avg[k])).collect();
        let (space_zone, rear) = space_tables(v.files, v.ranks, t.board);
        let outpost_kinds = (0..n)
            .filter(|&k| {
                pawn_types & (1 << k) == 0 && !v.pieces[k].royal && avg_slide[k] == 0.0 && value[k] >= OUTPOST_MIN
            })
            .fold(0u64, |m, k| m | 1 << k);
        let outpost_zone = outpost_zones(v.ranks, t.board);
        let rook_kinds = (0..n)
            .filter(|&k| {
                let rays = &t.pieces[0][k].rays;
                let dir = |r: &crate::attacks::RayMove| &t.dirs[r.dir as usize];
                pawn_types & (1 << k) == 0
                    && !v.pieces[k].royal
                    && rays.iter().any(|r| !r.initial && r.range == 0 && dir(r).dx == 0)
                    && !rays.iter().any(|r| dir(r).dx != 0 && dir(r).dy != 0)
            })
            .fold(0u64, |m, k| m | 1 << k);
        let mut kinds_by_value: Vec<u8> = (0..n as u8).collect();
        kinds_by_value.sort_by_key(|&k| value[k as usize]);
        let pawn_shapes = pawn_shapes(t, pawn_types);
        Values {
            value,
            psq,
            phase_weight,
            max_phase: 0,
            pawn_mask: pawn_types,
            pawn_scale,
            passed_span,
            files,
            neighbours,
            left_half,
            near,
            adjacent,
            mob_avg,
            mob_curve,
            weights,
            kinds_by_value,
            space_zone,
            rear,
            outpost_kinds,
            outpost_zone,
            rook_kinds,
            pawn_shapes,
        }
    }
}

/// The one pawn type's step and capture tables as leap shapes, per colour (see
/// `Values::pawn_shapes`).
fn pawn_shapes(t: &Tables, pawn_types: u64) -> Option<[(LeapShape, LeapShape); 2]> {
    if pawn_types.count_ones() != 1 {
        return None;
    }
    let kind = pawn_types.trailing_zeros() as usize;
    let shapes = |c: Color| {
        let pt = t.pieces[c.index()].get(kind)?;
        Some((LeapShape::of(t, pt.quiet)?, LeapShape::of(t, pt.capture)?))
    };
    Some([shapes(Color::White)?, shapes(Color::Black)?])
}

/// The curved mobility bonus of a type that reaches at most `max` squares (`avg` on
/// average) on an empty board, middlegame and endgame, for 0..=`max` squares reached.
///
/// Stockfish's mobility tables (Knight, Bishop, Rook) share a shape when the squares are
/// taken as a fraction `x` of the most the piece can reach: a piece with no move loses
/// about 0.45 of a pawn in the middlegame, one with every move gains about 0.55, and the
/// first squares are worth the most (close to `-0.44 + 0.97 sqrt(x)` pawns, and `-0.35 +
/// 0.83 sqrt(x)` in the endgame, once its internal units are turned into pawns). Types
/// that reach fewer than eight squares (Ferz, Wazir, Alfil) get a share in proportion, as
/// Fairy-Stockfish gives its fairy pieces a smaller range. The curve is taken relative
/// to its value at the average, so that piece values keep their meaning.
fn mobility_curve(max: u32, avg: i32) -> Vec<(i32, i32)> {
    let m = max.max(1) as f64;
    let share = (m / 8.0).min(1.0);
    let at = |squares: f64, base: f64, rise: f64| share * (base + rise * (squares.clamp(0.0, m) / m).sqrt());
    let (avg_mg, avg_eg) = (at(avg as f64, -44.0, 97.0), at(avg as f64, -35.0, 83.0));
    (0..=max.max(1))
        .map(|s| {
            let s = s as f64;
            ((at(s, -44.0, 97.0) - avg_mg).round() as i32, (at(s, -35.0, 83.0) - avg_eg).round() as i32)
        })
        .collect()
}

/// The least value of a type that `eval.outpost` rewards (a Knight is 388 in courier, 370 in
/// shatranj; the Ferz, Wazir and Alfil, worth about two pawns, gain little from one).
const OUTPOST_MIN: i32 = 250;

/// `outpost_zone` of `Values`: per colour, the squares from the rank before the middle
/// of the board up to two ranks before the enemy's back rank (none on boards of fewer
/// than five ranks).
fn outpost_zones(ranks: u8, board: Bitboard) -> [Bitboard; 2] {
    let ranks = ranks as i32;
    let mut zone = [Bitboard::EMPTY; 2];
    if ranks < 5 {
        return zone;
    }
    for adv in (ranks / 2 - 1)..=(ranks - 3) {
        zone[0] |= Bitboard::rank_mask(adv as u8);
        zone[1] |= Bitboard::rank_mask((ranks - 1 - adv) as u8);
    }
    [zone[0] & board, zone[1] & board]
}

/// The space term's zone and rear spans (see `Values::space_zone` and `Values::rear`) on
/// the board `board` of `files` x `ranks`.
fn space_tables(files: u8, ranks: u8, board: Bitboard) -> ([Bitboard; 2], [Vec<Bitboard>; 2]) {
    let (files, ranks) = (files as i32, ranks as i32);
    let margin = files / 4;
    let mut zone = [Bitboard::EMPTY; 2];
    let mut rear = [vec![Bitboard::EMPTY; NUM_SQUARES], vec![Bitboard::EMPTY; NUM_SQUARES]];
    for sq in board {
        let f = sq.file() as i32;
        for c in Color::BOTH {
            let rel = sq.relative_rank(c, ranks);
            if f >= margin && f < files - margin && rel >= 1 && rel < ranks / 2 {
                zone[c.index()].set(sq);
            }
            for d in 1..=3 {
                if let Some(o) = sq.offset(0, -c.forward() * d)
                    && board.contains(o)
                {
                    rear[c.index()][sq.index()].set(o);
                }
            }
        }
    }
    (zone, rear)
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    fn values(variant: &str) -> Vec<(String, i32)> {
        let c = Catalog::embedded();
        let r = c.get(variant).unwrap();
        r.variant.pieces.iter().zip(&r.values.value).map(|(p, v)| (p.token.clone(), *v)).collect()
    }

    #[test]
    fn orthodox_values_come_out_near_the_usual_ones() {
        let v = values("chess");
        let get = |t: &str| v.iter().find(|(k, _)| k == t).unwrap().1;
        assert_eq!(get("P"), 100);
        assert!((270..=340).contains(&get("N")), "{v:?}");
        assert!((290..=360).contains(&get("B")), "{v:?}");
        assert!((450..=560).contains(&get("R")), "{v:?}");
        assert!((850..=1050).contains(&get("Q")), "{v:?}");
        let c = values("courier");
        let get = |t: &str| c.iter().find(|(k, _)| k == t).unwrap().1;
        assert!(get("E") < get("F"), "alfil below fers: {c:?}");
        assert!(get("F") < get("N"), "{c:?}");
    }

    /// Path movers are valued from their path squares like sliders (they were 10 cp, the
    /// floor, when only leaps and slides counted). The Bat chess seed calls the Griffin
    /// "a powerful piece, almost equal to the Queen"; the Rhinoceros reaches 32 squares
    /// from the centre over paths of up to 7 steps, a major piece.
    #[test]
    fn path_movers_are_valued_from_their_paths() {
        for variant in ["missingbat", "leapingbat"] {
            let v = values(variant);
            let get = |t: &str| v.iter().find(|(k, _)| k == t).unwrap().1;
            let (queen, griffin, rhino) = (get("Q"), get("Y"), get("O"));
            assert!(griffin * 100 >= queen * 75 && griffin < queen, "{variant}: {v:?}");
            assert!(rhino > get("N") && rhino > get("B"), "{variant}: {v:?}");
        }
    }

    /// `eval.centre` adds its centipawns per step from the edges to the piece-square
    /// tables of the pieces (half for sliders), and nothing to pawns and royals: on 8x8 a
    /// Knight on d4 stands six steps in from one on a1 (files and ranks each counted up to
    /// three), a Knight on d1 three.
    #[test]
    fn the_centre_weight_pulls_pieces_inwards() {
        use crate::piece::Piece;
        use crate::square::{Color, Square};
        let catalog = Catalog::embedded_with("[centrechess:chess]\neval.centre = 10\n");
        assert!(catalog.errors.is_empty(), "{:?}", catalog.errors);
        let (plain, centred) = (catalog.get("chess").unwrap(), catalog.get("centrechess").unwrap());
        let kind = |t: &str| plain.variant.pieces.iter().position(|p| p.token == t).unwrap();
        let gain = |t: &str, file: u8, rank: u8| {
            let code = Piece::new(Color::White, kind(t) as crate::variant::PieceType).index();
            let sq = Square::new(file, rank).index();
            let (a, b) = (&plain.values.psq[code], &centred.values.psq[code]);
            let corner = Square::new(0, 0).index();
            (
                (b[sq].mg - b[corner].mg) - (a[sq].mg - a[corner].mg),
                (b[sq].eg - b[corner].eg) - (a[sq].eg - a[corner].eg),
            )
        };
        assert_eq!(gain("N", 3, 3), (60, 60));
        assert_eq!(gain("N", 3, 0), (30, 30));
        assert_eq!(gain("B", 3, 3), (30, 30));
        assert_eq!(gain("P", 3, 3), (0, 0));
        assert_eq!(gain("K", 3, 3), (0, 0));
    }
}
