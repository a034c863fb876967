//! What the evaluation draws from the pawns alone, and a per-thread table that keeps it
//! by pawn placement (Stockfish's pawn hash). Many positions a search evaluates share
//! their pawns with others, and every evaluation recomputed the same pawn structure, pawn
//! attacks and space squares (the pawn attacks alone were 3.7% of a courier search).
//! 57% of a courier search's probes find their placement, 83% of a shatranj search's; a
//! table 16 times larger raised courier's to 66% and saved no time. 3% less time to a
//! depth in courier, 6% in shatranj (docs/log/2026-11.md).
//!
//! The facts are those of the position's pawns under the variant's rules and weights: a
//! table is kept by one search thread through the searches of a game under the same
//! rules (`eval_cache.rs`).

use super::eval_weights::Weight;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Color, Square};
use crate::variant::betza::MODE_CAPTURE;
use std::cell::Cell;

/// What the evaluation draws from the pawns alone, per colour (`Color::index`).
#[derive(Clone, Default)]
pub struct PawnFacts {
    /// The pawn placement these facts are of (`pawn_key`); 0 in an unused slot.
    key: u64,
    /// Passed, isolated, doubled and connected pawns, weights applied (middlegame,
    /// endgame; White's point of view).
    pub structure: (i32, i32),
    /// Passed pawns of both sides together (for `winnable`'s complexity).
    pub passed: i32,
    /// Each side's passed pawns (for `passed_path.rs`).
    pub passers: [Bitboard; 2],
    /// The squares each side's pawns attack (empty without pawns).
    pub attacks: [Bitboard; 2],
    /// The squares two or more of each side's pawns attack (for king danger, which
    /// counts the squares a side attacks twice).
    pub attacks2: [Bitboard; 2],
    /// Each side's pawn shelter (`shelter.rs`, at the variant's weight) for the royal
    /// square it was last worked out for, as Stockfish's pawn entries keep their king
    /// safety: the pawns and that square decide it, and the royal seldom moves.
    pub shelter: [Cell<Option<(Square, i32)>>; 2],
    /// Each side's outpost squares (`outpost_holes`; empty where `eval.outpost` is off).
    pub holes: [Bitboard; 2],
    /// The squares up to three behind each side's pawns (for the space term; empty where
    /// `eval.space` is off).
    pub behind: [Bitboard; 2],
}

/// Pawn facts by pawn placement, for one search thread. An empty table (`default`) keeps
/// nothing: every probe computes afresh, as one-off evaluations want.
#[derive(Default)]
pub struct PawnTable {
    entries: Vec<PawnFacts>,
    scratch: PawnFacts,
}

impl PawnTable {
    /// A table of `size` entries (a power of two) for searches of `pos`'s variant, or an
    /// empty one where the pawns' attacks depend on other pieces (a pawn that captures
    /// by sliding), since those are not facts of the pawns alone.
    pub fn new(pos: &Position, size: usize) -> PawnTable {
        let vals = &pos.rules().values;
        let t = pos.tables();
        let fixed = Color::BOTH.iter().all(|c| {
            kinds(vals.pawn_mask).all(|k| {
                let pt = &t.pieces[c.index()][k];
                pt.paths.is_empty() && pt.rays.iter().all(|r| r.initial || r.mode & MODE_CAPTURE == 0)
            })
        });
        if !fixed || vals.pawn_mask == 0 {
            return PawnTable::default();
        }
        PawnTable { entries: vec![PawnFacts::default(); size.next_power_of_two()], scratch: PawnFacts::default() }
    }

    /// The facts of `pos`'s pawns, from the table or computed (and kept).
    #[inline]
    pub fn probe(&mut self, pos: &Position) -> &PawnFacts {
        if self.entries.is_empty() {
            self.scratch = compute(pos, false);
            return &self.scratch;
        }
        let key = pawn_key(pos);
        let mask = self.entries.len() - 1;
        let slot = &mut self.entries[key as usize & mask];
        if slot.key != key {
            // Only pawns that capture by leaps get a table (`new`).
            *slot = compute(pos, true);
            slot.key = key;
        }
        slot
    }
}

/// Which of the optional pawn facts the evaluation's terms read under a variant's
/// weights: the one place that says so, for `compute` (which leaves the others empty)
/// and the terms in `eval.rs` (which read only these). The pawns' attacks are always
/// computed: the mobility walk takes them for the pawns' own.
#[derive(Clone, Copy)]
pub struct PawnNeeds {
    /// The squares behind each side's pawns: space reads them.
    pub behind: bool,
    /// Each side's outpost squares: outposts read them.
    pub holes: bool,
}

impl PawnNeeds {
    /// What the terms of `pos`'s variant read (nothing without pawns).
    #[inline]
    pub fn of(pos: &Position) -> PawnNeeds {
        let vals = &pos.rules().values;
        let w = &vals.weights;
        let pawns = vals.pawn_mask != 0;
        let holes = pawns && w[Weight::Outpost] != 0 && vals.outpost_kinds != 0;
        let behind = pawns && w[Weight::Space] != 0;
        PawnNeeds { behind, holes }
    }
}

/// The piece types of `mask`.
fn kinds(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            k
        })
    })
}

/// A 64-bit hash of where each side's pawns of each type stand (never 0, the mark of
/// an unused slot). Two placements that collide would share their facts, as two
/// positions whose keys collide share a transposition-table entry; at 64 bits neither
/// happens in practice.
#[inline]
pub(super) fn pawn_key(pos: &Position) -> u64 {
    placement_key(pos, &Color::BOTH, pos.rules().values.pawn_mask, 0x243F_6A88_85A3_08D3).max(1)
}

/// A 64-bit hash, from `seed`, of where the pieces of the types in `mask` and of the
/// colours `colours` stand (the correction history keys the other pieces' placement by
/// it too).
#[inline]
pub(super) fn placement_key(pos: &Position, colours: &[Color], mask: u64, seed: u64) -> u64 {
    const MUL: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = seed;
    for &c in colours {
        for k in kinds(mask) {
            for w in pos.pieces(c, k as crate::variant::PieceType).0 {
                h = (h ^ w).wrapping_mul(MUL);
                h ^= h >> 29;
            }
        }
    }
    h
}

/// The facts of `pos`'s pawns, each computed where a term reads it (`PawnNeeds`; the
/// key left 0), in one pass over each side's pawns. `fixed`: the pawns capture
/// by leaps only, so that a pawn's attacks are its capture table's squares.
fn compute(pos: &Position, fixed: bool) -> PawnFacts {
    let vals = &pos.rules().values;
    let w = &vals.weights;
    let mut facts = PawnFacts::default();
    if vals.pawn_mask == 0 {
        return facts;
    }
    let (t, occ) = (pos.tables(), pos.occupied());
    let pawns = Color::BOTH.map(|c| pos.pieces_of(c, vals.pawn_mask));
    let needs = PawnNeeds::of(pos);
    let ranks = pos.variant().ranks as i32;
    let (mut mg, mut eg) = (0, 0);
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        let (own, theirs) = (pawns[c.index()], pawns[(!c).index()]);
        for sq in own {
            let kind = pos.piece_at(sq).kind() as usize;
            // Passed: no enemy pawn ahead on the same or adjacent files.
            if !vals.passed_span[c.index()][sq.index()].intersects(theirs) {
                facts.passed += 1;
                facts.passers[c.index()].set(sq);
                let adv = sq.relative_rank(c, ranks);
                let progress = adv * 8 / ranks.max(2);
                let scale = vals.pawn_scale[kind] * w[Weight::Passed] / 100;
                mg += sign * (progress * progress * scale / 100);
                eg += sign * ((6 + 2 * progress * progress) * scale / 100);
            }
            // Isolated: no friendly pawn on the neighbouring files (none can defend it).
            if !vals.neighbours[sq.file() as usize].intersects(own) {
                mg -= sign * w[Weight::IsolatedMg];
                eg -= sign * w[Weight::IsolatedEg];
            }
            let pt = &t.pieces[c.index()][kind];
            let hits = if fixed {
                t.pool[pt.capture as usize][sq.index()]
            } else {
                super::eval::piece_hits_reach(t, pt, sq, occ).0
            };
            facts.attacks2[c.index()] |= facts.attacks[c.index()] & hits;
            facts.attacks[c.index()] |= hits;
            if needs.behind {
                facts.behind[c.index()] |= vals.rear[c.index()][sq.index()];
            }
        }
        // Doubled: a second pawn on a file blocks the first.
        for f in 0..pos.variant().files as usize {
            let n = (own & vals.files[f]).count() as i32;
            if n > 1 {
                mg -= sign * w[Weight::DoubledMg] * (n - 1);
                eg -= sign * w[Weight::DoubledEg] * (n - 1);
            }
        }
    }
    let connected = w[Weight::Connected];
    if connected != 0 {
        let (cm, ce) = connected_term(pos, Color::White, pawns);
        let (bm, be) = connected_term(pos, Color::Black, pawns);
        mg += (cm - bm) * connected / 100;
        eg += (ce - be) * connected / 100;
    }
    facts.structure = (mg, eg);
    if needs.holes {
        facts.holes = Color::BOTH.map(|c| outpost_holes(pos, c, facts.attacks[c.index()], pawns[(!c).index()]));
    }
    facts
}

/// The outpost squares of `c` for Stockfish 11's outpost bonus (`eval.outpost`): squares
/// of the outpost ranks that an own pawn defends (`own_pawn_attacks`) and that no enemy
/// pawn can ever attack (none on a neighbouring file ahead of it). Pawns are taken to
/// attack diagonally forward, as in chess. (The evaluation counts them only for a side
/// with a knight-class piece to profit from one.)
fn outpost_holes(pos: &Position, c: Color, own_pawn_attacks: Bitboard, enemy_pawns: Bitboard) -> Bitboard {
    let vals = &pos.rules().values;
    let mut holes = vals.outpost_zone[c.index()] & own_pawn_attacks;
    for sq in holes {
        if (vals.passed_span[c.index()][sq.index()] & vals.neighbours[sq.file() as usize]).intersects(enemy_pawns) {
            holes.clear(sq);
        }
    }
    holes
}

/// Stockfish's connected-pawn bonus of `c` (middlegame, endgame) in centipawns, before
/// its weight: a pawn that an own pawn defends or that stands beside one is worth more
/// the further it has come (ranks scaled to eight), less when an enemy pawn faces it on
/// its file (it cannot advance to use the support), plus a part per defender. Structure
/// that holds together is what Fairy-Stockfish's pawn term rewards most; Kirin's had only
/// isolated and doubled pawns (2026-11-27: over courier games against Fairy-Stockfish,
/// its pawn term varied a quarter as much as Fairy-Stockfish's and predicted the results
/// as well). Off by default: at 100 in courier it neither gained nor lost against
/// Fairy-Stockfish (+0.0 +/- 8.0 points over 200 openings at 40,000 nodes).
fn connected_term(pos: &Position, c: Color, pawns: [Bitboard; 2]) -> (i32, i32) {
    /// Stockfish 11's `Connected`, by relative rank (its units: a middlegame pawn 128).
    const CONNECTED: [i32; 8] = [0, 7, 8, 12, 29, 48, 86, 0];
    let (t, vals) = (pos.tables(), &pos.rules().values);
    let ranks = pos.variant().ranks as i32;
    let (own, enemy) = (pawns[c.index()], pawns[(!c).index()]);
    let (mut mg, mut eg) = (0, 0);
    for sq in own {
        let f = sq.file() as usize;
        let phalanx = own & vals.neighbours[f] & Bitboard::rank_mask(sq.rank());
        // The own pawns that defend `sq` are those a pawn of the same kind and the other
        // colour would attack from it.
        let mirror = &t.pieces[(!c).index()][pos.piece_at(sq).kind() as usize];
        let support = t.pool[mirror.capture as usize][sq.index()] & own;
        if !phalanx.any() && !support.any() {
            continue;
        }
        let adv = sq.relative_rank(c, ranks);
        let r = ((adv * 7 + (ranks - 1) / 2) / (ranks - 1).max(1)).clamp(0, 7);
        let opposed = (vals.passed_span[c.index()][sq.index()] & vals.files[f] & enemy).any();
        let v =
            CONNECTED[r as usize] * (2 + i32::from(phalanx.any()) - i32::from(opposed)) + 21 * support.count() as i32;
        mg += v;
        eg += v * (r - 2) / 4;
    }
    (mg * 100 / 128, eg * 100 / 128)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// Through a table of two slots (placements evict each other all the time), every
    /// evaluation along pseudo-random games equals the evaluation with no table: the
    /// table keeps each placement's facts apart and hands back only a placement's own,
    /// the shelter it keeps for a royal's square too (king danger and shelter on in the
    /// `-kd` sections).
    #[test]
    fn table_gives_what_a_fresh_evaluation_gives() {
        let kd = "eval.kingDanger = 100\neval.shelter = 100\n";
        let catalog = Catalog::embedded_with(&format!("[courier-kd:courier]\n{kd}[chess-kd:chess]\n{kd}"));
        for name in ["courier", "shatranj", "chess", "shoshogi", "courier-kd", "chess-kd"] {
            let rules = catalog.get(name).unwrap();
            let mut pos = Position::startpos(rules);
            let mut table = PawnTable::new(&pos, 2);
            assert!(!table.entries.is_empty(), "{name}: pawns that capture by leaps get a table");
            let mut acc = crate::nnue::Accumulators::default();
            let mut seed = 12345u64;
            let mut hits = 0;
            for ply in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for _ in 0..2 {
                    let before = table.entries.iter().any(|e| e.key == pawn_key(&pos));
                    hits += usize::from(before);
                    let cached = super::super::eval::evaluate_keyed_with(&pos, &mut acc, &mut table);
                    assert_eq!(cached, super::super::eval::evaluate_keyed(&pos), "{name} ply {ply}");
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make_move(moves[(seed >> 33) as usize % moves.len()]);
            }
            assert!(hits > 0, "{name}: the second evaluation of a position found its facts");
        }
    }

    /// A pawn that captures by sliding attacks what the other pieces let it reach: its
    /// side's pawn attacks are no fact of the pawns alone, and the table keeps nothing.
    #[test]
    fn sliding_pawn_captures_get_no_table() {
        let catalog = Catalog::embedded_with("[slidepawns:chess]\npiece = P pawn fmWfcB\n");
        let pos = Position::startpos(catalog.get("slidepawns").unwrap());
        assert_ne!(pos.rules().values.pawn_mask, 0, "the evaluation takes the slider for a pawn");
        assert!(PawnTable::new(&pos, 64).entries.is_empty());
        let chess = Position::startpos(Catalog::embedded().get("chess").unwrap());
        assert_eq!(PawnTable::new(&chess, 64).entries.len(), 64);
    }
}
