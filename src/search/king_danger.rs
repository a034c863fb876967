//! King danger in the form of Stockfish 11's classical evaluation, for any board and pieces:
//! the pieces attacking the squares around a single royal, their attacks next to it, the
//! weak squares of that ring, the checks the attacker can give next move (safe ones
//! above all), less the defender's own pieces around its royal; counted quadratically.
//!
//! Kirin's older king term (in `eval.rs`) counts attackers of a zone two king steps wide
//! and no checks. Where it sees a royal as safe, Fairy-Stockfish's evaluation often sees a
//! lost one (courier, 2026-11-27: -1.3 against -15 pawns four moves before a mate), and
//! with the shallow null-move search of a side that believes itself safe Kirin then misses
//! mates against it and for it. This term is weighed by `eval.kingDanger` (percent; 0, the
//! default, leaves it out).

use crate::attacks::Tables;
use crate::bitboard::Bitboard;
use crate::square::{Color, Square};
use crate::values::Values;

// Stockfish 11's weights, in its units (a middlegame pawn is 128, an endgame pawn 213);
// where it has one per chess piece (attacker weights, safe checks, pawn shelter) a single
// value near their middle stands for every fairy piece.
/// Per attacker of the ring, times the number of attackers (Stockfish: 10 to 77).
const ATTACKER_WEIGHT: i32 = 60;
/// Per attack on a square next to the royal.
const ADJACENT_ATTACK: i32 = 69;
/// Per weak square of the ring (attacked, and defended at most by the royal, never twice).
const WEAK_RING_SQUARE: i32 = 185;
/// Per kind of attacking piece that can check next move from a square the defender does
/// not hold (Stockfish: 635 to 1080 by piece).
const SAFE_CHECK: i32 = 800;
/// Per kind of attacking piece that can check next move, but only from held squares.
const UNSAFE_CHECK: i32 = 148;
/// Per own piece next to the royal (Stockfish's pawn shelter, roughly).
const SHIELD: i32 = 40;
/// Taken off where the attacker has no queen-class piece (Stockfish: `873 * !queens`).
/// Most fairy games have none (courier, shatranj), so that most of their attacks count
/// only once several pieces and checks come together.
const NO_QUEEN: i32 = 873;
/// The least value (centipawns) of a queen-class piece.
const QUEEN_CLASS: i32 = 850;
/// Below this the danger counts nothing.
const THRESHOLD: i32 = 100;
/// The most the middlegame penalty takes (centipawns).
const MAX_MG: i32 = 3000;

/// One side's attack on the other's single royal, gathered while the evaluation walks the
/// attacker's pieces.
pub(super) struct KingAttack {
    royal: Option<Square>,
    /// The royal's square and its neighbours, one rank more forward from the back rank.
    ring: Bitboard,
    adjacent: Bitboard,
    count: i32,
    weight: i32,
    adjacent_hits: i32,
    /// The attacker's most valuable non-royal piece.
    strongest: i32,
    /// Per attacking kind that can check next move: the squares from which its pieces
    /// would attack the royal and can reach. Kinds that cannot are not kept; past the
    /// capacity (more than 32 such kinds) the rest are not counted.
    checks: arrayvec::ArrayVec<Bitboard, 32>,
}

impl KingAttack {
    /// An attack on no royal, for `aim` to point: the evaluation builds its two in place,
    /// since a `KingAttack` is a kilobyte and each move of one is a copy of it
    /// (returned and gathered into an array, they cost 6% of a search's instructions).
    #[inline(always)]
    pub(super) const fn none() -> KingAttack {
        KingAttack {
            royal: None,
            ring: Bitboard::EMPTY,
            adjacent: Bitboard::EMPTY,
            count: 0,
            weight: 0,
            adjacent_hits: 0,
            strongest: 0,
            checks: arrayvec::ArrayVec::new_const(),
        }
    }

    /// Points the attack at `defender`'s royal; it stays empty where there is not exactly
    /// one.
    pub(super) fn aim(&mut self, values: &Values, royals: Bitboard, royal_count: u16, defender: Color, ranks: u8) {
        if royal_count != 1 {
            return;
        }
        let Some(k) = royals.lsb() else { return };
        self.royal = Some(k);
        self.adjacent = values.adjacent[k.index()];
        self.ring = self.adjacent;
        self.ring.set(k);
        let back = if defender == Color::White { 0 } else { ranks - 1 };
        if k.rank() == back
            && let Some(front) = k.offset(0, defender.forward())
        {
            self.ring |= values.adjacent[front.index()];
        }
    }

    pub(super) fn active(&self) -> bool {
        self.royal.is_some()
    }

    /// One non-royal attacking piece; `hits`, the squares it attacks.
    #[inline]
    pub(super) fn add(&mut self, hits: Bitboard) {
        if hits.intersects(self.ring) {
            self.count += 1;
            self.weight += ATTACKER_WEIGHT;
            self.adjacent_hits += (hits & self.adjacent).count() as i32;
        }
    }

    /// One kind of the attacker's (`attacker`) non-royal pieces, of `value`, once its
    /// pieces are walked: `reach`, the squares they can move to (captures and quiet moves).
    /// Whether they can check next move is worked out once per kind and only along the
    /// lines they reach: per piece it cost 7% of a courier search with the term on.
    #[inline(always)]
    pub(super) fn add_kind(
        &mut self,
        t: &Tables,
        attacker: Color,
        kind: usize,
        value: i32,
        reach: Bitboard,
        occ: Bitboard,
    ) {
        let Some(k) = self.royal else { return };
        self.strongest = self.strongest.max(value);
        let reached = attacks_on_within(t, !attacker, kind, k, occ, reach);
        if reached.any() {
            let _ = self.checks.try_push(reached);
        }
    }

    /// The danger's (middlegame, endgame) penalty in centipawns, at `percent` of full
    /// weight. `attacker_bb`: the attacker's pieces; `attacks`/`attacks2`: squares the
    /// attacker (`_a`) and the defender (`_d`) attack at least once and twice;
    /// `royal_attacks_d`: those the defending royal attacks; `defender_bb`: its pieces.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn penalty(
        &self,
        percent: i32,
        attacker_bb: Bitboard,
        defender_bb: Bitboard,
        attacks_a: Bitboard,
        attacks2_a: Bitboard,
        attacks_d: Bitboard,
        attacks2_d: Bitboard,
        royal_attacks_d: Bitboard,
    ) -> (i32, i32) {
        if self.royal.is_none() || percent == 0 {
            return (0, 0);
        }
        let weak = attacks_a & !attacks2_d & (!attacks_d | royal_attacks_d);
        let safe = !attacker_bb & (!attacks_d | (weak & attacks2_a));
        let mut danger = self.count * self.weight
            + ADJACENT_ATTACK * self.adjacent_hits
            + WEAK_RING_SQUARE * (weak & self.ring).count() as i32
            - SHIELD * (defender_bb & self.adjacent).count() as i32
            - if self.strongest < QUEEN_CLASS { NO_QUEEN } else { 0 };
        for &squares in &self.checks {
            let squares = squares.without(attacker_bb);
            if squares.intersects(safe) {
                danger += SAFE_CHECK;
            } else if squares.any() {
                danger += UNSAFE_CHECK;
            }
        }
        if danger <= THRESHOLD {
            return (0, 0);
        }
        let mg = (danger * danger / 4096 * 100 / 128).min(MAX_MG);
        let eg = danger / 16 * 100 / 213;
        (mg * percent / 100, eg * percent / 100)
    }
}

/// Those of `within` from which a piece of kind `kind` of the colour that is not
/// `defender` attacks `sq`: the captures of the same kind of `defender`'s colour from `sq`
/// (the mirror image), leaps and slides; multi-step paths are left out. A slide is looked
/// at only where its empty-board line meets `within`.
fn attacks_on_within(
    t: &Tables,
    defender: Color,
    kind: usize,
    sq: Square,
    occ: Bitboard,
    within: Bitboard,
) -> Bitboard {
    let pt = &t.pieces[defender.index()][kind];
    let mut b = t.pool[pt.capture as usize][sq.index()];
    for r in &pt.rays {
        if !r.initial
            && r.mode & crate::variant::betza::MODE_CAPTURE != 0
            && t.pool[r.table as usize][sq.index()].intersects(within)
        {
            b |= t.slide(r, sq, occ);
        }
    }
    b & within
}
