//! Static evaluation for any variant, from the data in `values.rs`:
//! tapered piece-square sum (kept incrementally by the position), material imbalance
//! (`imbalance.rs`), pawn structure (`pawns.rs`, kept by pawn placement), mobility,
//! trapped pieces deep in the enemy half, Lion traps (variants with Lion-trading rules),
//! king danger for a single royal, threats, conversion help and a tempo bonus. Scores are
//! centipawns from the side to move's point of view. `trace` splits a score into these
//! terms (`kirin show` prints them).

use super::eval_weights::Weight;
use super::king_danger::KingAttack;
use super::pawns::{PawnNeeds, PawnTable};
use crate::position::Position;
use crate::square::Color;

// The weights of the terms are per variant (`eval_weights.rs`, ini keys `eval.NAME`).
/// King danger: the most the penalty counts.
const KING_DANGER_MAX: i32 = 2000;
/// Lion traps: weight by the king distance to the nearest enemy Lion (0-9 and beyond).
const LION_TRAP_DIST: [i32; 10] = [10, 10, 10, 9, 8, 7, 5, 3, 1, 0];
/// Lion traps: the extra weight of an unprotected Lion, by the distance of the nearest
/// enemy Lion (0-5 and beyond). HaChu multiplies by ten at any distance; but an enemy Lion
/// five squares away needs two moves before it can take, and meanwhile the raider takes
/// what it came for: with the tenfold weight Kirin's pruning judged HaChu's Lion raid
/// `d7b9` (seed 6 game 8, 2026-11-23) lost for HaChu, since it put HaChu 7 pawns down by
/// the evaluation, and missed that it won a Rook or more.
const LION_TRAP_LOOSE: [i32; 6] = [9, 9, 9, 5, 2, 0];
/// Trapped pieces: the least value of a piece checked for a way out of the enemy half.
const RAIDER_MIN: i32 = 300;

/// The incremental part of the evaluation only (tapered piece-square sum), from the side
/// to move: cheap, used to skip the full evaluation where it cannot matter.
pub fn evaluate_fast(pos: &Position) -> i32 {
    let vals = &pos.rules().values;
    let psq = pos.psq();
    let max = vals.max_phase.max(1);
    let phase = pos.phase().clamp(0, max);
    let score = (psq.mg * phase + psq.eg * (max - phase)) / max;
    scale_for_move_rule(pos, if pos.side_to_move() == Color::White { score } else { -score })
        + vals.weights[Weight::Tempo]
}

/// Evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    finish(pos, evaluate_keyed(pos))
}

/// The part of the evaluation that depends only on what the position key covers (board,
/// side to move, pools): what an evaluation cache may keep. `finish` adds the rest.
pub fn evaluate_keyed(pos: &Position) -> i32 {
    evaluate_keyed_with(pos, &mut crate::nnue::Accumulators::default(), &mut PawnTable::default())
}

/// `evaluate_keyed` for a search thread, whose network sums (`nnue`) are kept in `acc`
/// from its last evaluation, and its pawns' facts in `pawns`.
pub fn evaluate_keyed_with(pos: &Position, acc: &mut crate::nnue::Accumulators, pawns: &mut PawnTable) -> i32 {
    match &pos.variant().nnue {
        Some(net) if net.adds_to_eval => terms::<false>(pos, &mut Trace::default(), correction(pos, net, acc), pawns),
        Some(net) => net.evaluate_with(pos, acc),
        None => terms::<false>(pos, &mut Trace::default(), 0, pawns),
    }
}

/// The hand-written evaluation alone, whatever network the variant has: what a
/// correcting network (`crate::nnue`) is trained on top of.
pub fn evaluate_hand(pos: &Position) -> i32 {
    let keyed = terms::<false>(pos, &mut Trace::default(), 0, &mut PawnTable::default());
    scale_for_move_rule(pos, keyed) + pos.rules().values.weights[Weight::Tempo]
}

/// The evaluation split into its terms (White's point of view, middlegame and endgame
/// parts before tapering), for `kirin show`: what each term says about a position is what
/// tuning and bug hunts need to see.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// (term name, middlegame, endgame), White's point of view.
    pub terms: Vec<(&'static str, i32, i32)>,
    /// Game phase and its maximum (the taper weight of the middlegame parts).
    pub phase: (i32, i32),
    /// Conversion terms added after tapering (White's point of view).
    pub conversion: i32,
    last: (i32, i32),
}

impl Trace {
    #[inline]
    fn mark<const ON: bool>(&mut self, name: &'static str, mg: i32, eg: i32) {
        if ON {
            self.terms.push((name, mg - self.last.0, eg - self.last.1));
            self.last = (mg, eg);
        }
    }
}

/// The evaluation and its terms, from White's point of view.
pub fn trace(pos: &Position) -> (i32, Trace) {
    let mut t = Trace::default();
    let s = match &pos.variant().nnue {
        // A network that replaces the terms is the one term.
        Some(net) if !net.adds_to_eval => {
            let v = net.evaluate(pos);
            let white = if pos.side_to_move() == Color::White { v } else { -v };
            t.terms.push(("network", white, white));
            v
        }
        Some(net) => terms::<true>(
            pos,
            &mut t,
            correction(pos, net, &mut crate::nnue::Accumulators::default()),
            &mut PawnTable::default(),
        ),
        None => terms::<true>(pos, &mut t, 0, &mut PawnTable::default()),
    };
    let white = if pos.side_to_move() == Color::White { s } else { -s };
    (white, t)
}

/// A correcting network's share of its output, side to move's point of view.
fn correction(pos: &Position, net: &crate::nnue::Network, acc: &mut crate::nnue::Accumulators) -> i32 {
    net.evaluate_with(pos, acc) * pos.rules().values.weights[Weight::Network] / 100
}

/// The hand-written terms, plus `network` (a correcting network's share, side to move's
/// point of view), from the side to move's point of view; the pawns' facts through
/// `pawn_table`.
fn terms<const TRACE: bool>(pos: &Position, trace: &mut Trace, network: i32, pawn_table: &mut PawnTable) -> i32 {
    let rules = pos.rules();
    let vals = &rules.values;
    let w = &vals.weights;
    let psq = pos.psq();
    let max = vals.max_phase.max(1);
    let phase = pos.phase().clamp(0, max);
    let mut mg = psq.mg;
    let mut eg = psq.eg;
    trace.mark::<TRACE>("material and squares", mg, eg);
    let imbalance_terms = &rules.variant.imbalance;
    if !imbalance_terms.is_empty() {
        let imbalance = super::imbalance::score(pos, imbalance_terms);
        mg += imbalance;
        eg += imbalance;
    }
    trace.mark::<TRACE>("imbalance", mg, eg);

    // Passed, isolated, doubled and connected pawns, with the pawns' other facts, from
    // the pawn table (`pawns.rs`).
    let facts = pawn_table.probe(pos);
    mg += facts.structure.0;
    eg += facts.structure.1;

    trace.mark::<TRACE>("pawns", mg, eg);

    // Mobility: squares each non-pawn piece reaches now (own pieces excluded), against its
    // empty-board average. Slides are blocked by any piece, as in move generation.
    // The same walk collects the squares each side attacks (own pieces included: those
    // are defended), and those its pawns attack, for the threat terms below.
    let t = pos.tables();
    let occ = pos.occupied();
    // King safety: the zone (two king steps) and shelter ring (one step) of each side's
    // single royal; `kzone` stays empty where there is none (several royals, or none).
    let mut kzone = [crate::bitboard::Bitboard::EMPTY; 2];
    let mut kring = [crate::bitboard::Bitboard::EMPTY; 2];
    for c in Color::BOTH {
        if pos.royal_count(c) == 1
            && let Some(k) = pos.royal_squares(c).lsb()
        {
            kzone[c.index()] = vals.near[k.index()];
            kzone[c.index()].set(k);
            kring[c.index()] = vals.adjacent[k.index()];
        }
    }
    // Per attacking side: pieces attacking the enemy royal's zone, their summed weight
    // (value in pawns, at least 1), and their attacks on its shelter ring.
    let mut king_attackers = [0i32; 2];
    let mut king_weight = [0i32; 2];
    let mut ring_hits = [0i32; 2];
    // Valuable pieces in the enemy half, with the squares they reach: checked for a way
    // out once both sides' attacks are known.
    let mut raiders = arrayvec::ArrayVec::<(Color, usize, crate::square::Square, crate::bitboard::Bitboard), 48>::new();
    let ranks = pos.variant().ranks as i32;
    let mut attacks = [crate::bitboard::Bitboard::EMPTY; 2];
    // Squares attacked at least twice, and those the royal attacks (for king danger).
    let mut attacks2 = [crate::bitboard::Bitboard::EMPTY; 2];
    let mut royal_attacks = [crate::bitboard::Bitboard::EMPTY; 2];
    let danger_percent = w[Weight::KingDanger];
    // `king_attack[c]`: `c`'s attack on the enemy royal, aimed only while the weight is
    // not 0 (aiming builds the ring; the walk then feeds each attacker to it). Only this
    // term reads the squares attacked twice and the royals' attacks: they are gathered
    // only while it is on.
    let danger_on = danger_percent != 0;
    let mut king_attack = [KingAttack::none(), KingAttack::none()];
    if danger_on {
        for c in Color::BOTH {
            king_attack[c.index()].aim(vals, pos.royal_squares(!c), pos.royal_count(!c), !c, pos.variant().ranks);
        }
    }
    let mut pawn_attacks = [crate::bitboard::Bitboard::EMPTY; 2];
    // The least valuable attacker of each enemy piece, for the threat terms: the pieces
    // are walked a kind at a time, least valuable kind first, so that the enemy pieces a
    // kind attacks first (`least[c]`: those squares and the kind's value) are attacked by
    // nothing cheaper. (A square-indexed table of minima cost a sixth of the evaluation.)
    let mut least: [arrayvec::ArrayVec<(crate::bitboard::Bitboard, i32), 64>; 2] = Default::default();
    // Each side's pieces but its royals: what the threat terms may count.
    let non_royal = Color::BOTH.map(|c| pos.color_bb(c).without(pos.pieces_of(c, rules.royal_mask)));
    // Squares each side's pawns attack, before the walk, where mobility or space need the
    // enemy's (the walk finds them only for the side it has passed).
    let contested = w[Weight::MobilityContested];
    let space = w[Weight::Space];
    let curve = w[Weight::MobilityCurve];
    let outpost = w[Weight::Outpost];
    // The pawn facts these terms read are computed where `PawnNeeds` says so.
    let needs = PawnNeeds::of(pos);
    let outpost_on = needs.holes;
    let early_pawn_attacks = facts.attacks;
    // Each side's outpost squares (`eval.outpost`), where it has a knight-class piece to
    // profit from one; those are scored on them, or for reaching one, in the walk, which
    // has their moves at hand.
    let holes = if outpost_on {
        Color::BOTH.map(|c| {
            if pos.pieces_of(c, vals.outpost_kinds).any() {
                facts.holes[c.index()]
            } else {
                crate::bitboard::Bitboard::EMPTY
            }
        })
    } else {
        [crate::bitboard::Bitboard::EMPTY; 2]
    };
    let mut outposts = [(0i32, 0i32); 2];
    // The rook terms' weight (`eval.rooks`) and what they need of each side, where they
    // count; each rook is scored in the walk, which has its moves at hand.
    let rooks = (w[Weight::Rooks] != 0 && vals.pawn_mask != 0 && vals.rook_kinds != 0).then_some(w[Weight::Rooks]);
    let rook_contexts = rooks.map(|_| Color::BOTH.map(|c| RookContext::new(pos, c)));
    let mut rook_scores = [(0i32, 0i32); 2];
    // Material without the royals, for the conversion terms at the end.
    let mut material = [0i32; 2];
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        let own = pos.color_bb(c);
        let mut total = 0;
        let (mut curve_mg, mut curve_eg) = (0, 0);
        let mut unclaimed = non_royal[(!c).index()];
        for &k in &vals.kinds_by_value {
            let k = k as usize;
            let mut claimed = crate::bitboard::Bitboard::EMPTY;
            // What is the same for every piece of the kind, read once.
            let squares = pos.pieces(c, k as crate::variant::PieceType);
            if !squares.any() {
                continue;
            }
            let royal = rules.royal_mask & (1 << k) != 0;
            let pawn = vals.pawn_mask & (1 << k) != 0;
            let value = vals.value[k];
            if !royal {
                material[c.index()] += value * squares.count() as i32;
            }
            let pt = &t.pieces[c.index()][k];
            // The side's pawns, where they are of one kind: taken at once from the pawn
            // facts (half of a courier army is pawns), the squares they attack twice too,
            // as walking them one by one would find them.
            if vals.pawn_mask == 1 << k && !royal {
                let hits = early_pawn_attacks[c.index()];
                if danger_on {
                    attacks2[c.index()] |= (attacks[c.index()] & hits) | facts.attacks2[c.index()];
                }
                attacks[c.index()] |= hits;
                claimed |= hits & unclaimed;
                pawn_attacks[c.index()] |= hits;
            } else {
                // The squares this kind's pieces reach, for the king danger term.
                let danger_walk = !royal && !pawn && king_attack[c.index()].active();
                let mut kind_reach = crate::bitboard::Bitboard::EMPTY;
                for sq in squares {
                    let (hits, reach) = piece_hits_reach(t, pt, sq, occ);
                    if danger_on {
                        attacks2[c.index()] |= attacks[c.index()] & hits;
                    }
                    attacks[c.index()] |= hits;
                    if !royal {
                        claimed |= hits & unclaimed;
                    }
                    if pawn {
                        pawn_attacks[c.index()] |= hits;
                        continue;
                    }
                    if royal {
                        if danger_on {
                            royal_attacks[c.index()] |= hits;
                        }
                        continue;
                    }
                    if danger_walk {
                        king_attack[c.index()].add(hits);
                        kind_reach |= reach;
                    }
                    if hits.intersects(kzone[(!c).index()]) {
                        king_attackers[c.index()] += 1;
                        king_weight[c.index()] += (value.clamp(0, 1500) / 100).max(1);
                        ring_hits[c.index()] += (hits & kring[(!c).index()]).count() as i32;
                    }
                    let moves = reach.without(own);
                    let reached = moves.count() as usize;
                    total += 100 * (reached as i32 - vals.mob_avg[k]);
                    if curve != 0 {
                        let table = &vals.mob_curve[k];
                        let (cm, ce) = table[reached.min(table.len() - 1)];
                        curve_mg += cm;
                        curve_eg += ce;
                    }
                    if contested != 100 {
                        total -= (100 - contested) * (moves & early_pawn_attacks[(!c).index()]).count() as i32;
                    }
                    if holes[c.index()].any() && vals.outpost_kinds & (1 << k) != 0 {
                        let (m, e) = outpost_bonus(holes[c.index()], sq, moves);
                        outposts[c.index()].0 += m;
                        outposts[c.index()].1 += e;
                    }
                    if let Some(contexts) = &rook_contexts
                        && vals.rook_kinds & (1 << k) != 0
                    {
                        let file = vals.files[sq.file() as usize];
                        let (m, e) = rook_bonus(&contexts[c.index()], file, sq, moves);
                        rook_scores[c.index()].0 += m;
                        rook_scores[c.index()].1 += e;
                    }
                    let adv = sq.relative_rank(c, ranks);
                    if value >= RAIDER_MIN && 2 * adv >= ranks {
                        let _ = raiders.try_push((c, k, sq, moves));
                    }
                }
                if danger_walk {
                    king_attack[c.index()].add_kind(t, c, k, value, kind_reach, occ);
                }
            }
            if claimed.any() {
                unclaimed = unclaimed.without(claimed);
                // A kind a slot: at most 64 kinds (type masks are u64).
                let _ = least[c.index()].try_push((claimed, value));
            }
        }
        mg += sign * (w[Weight::Mobility] * total + curve * curve_mg) / 100;
        eg += sign * (w[Weight::Mobility] * total + curve * curve_eg) / 100;
    }
    trace.mark::<TRACE>("mobility", mg, eg);

    // Space (Stockfish's): in the early middlegame, the central squares of the own half
    // that no enemy pawn attacks and no own pawn stands on, those behind the own pawns
    // and not attacked at all counting twice, weighed by the own piece count squared:
    // room to bring pieces to where the fight is. In its units (a middlegame pawn 128)
    // and then percent `eval.space`. Stockfish counts it only above three quarters of
    // the start's piece material; here it fades out from there to a half, since a step
    // of two pawns at one exchange (courier's 24 pieces weigh it twice as much as
    // chess's) would make trades across the threshold look like gains or losses.
    let space_ramp = (4 * phase - 2 * max).clamp(0, max);
    if needs.behind && space_ramp > 0 {
        let room = |c: Color| {
            space_term(pos, c, early_pawn_attacks[(!c).index()], attacks[(!c).index()], facts.behind[c.index()])
        };
        mg += (room(Color::White) - room(Color::Black)) * space / 100 * space_ramp / max;
    }
    trace.mark::<TRACE>("space", mg, eg);

    if outpost_on {
        mg += (outposts[0].0 - outposts[1].0) * outpost / 100;
        eg += (outposts[0].1 - outposts[1].1) * outpost / 100;
    }
    trace.mark::<TRACE>("outposts", mg, eg);

    if let Some(rooks) = rooks {
        mg += (rook_scores[0].0 - rook_scores[1].0) * rooks / 100;
        eg += (rook_scores[0].1 - rook_scores[1].1) * rooks / 100;
    }
    trace.mark::<TRACE>("rooks", mg, eg);

    // Trapped raiders: a valuable piece deep in the enemy half with at most one square to
    // go to that the enemy does not attack is liable to be lost (a Lion that has eaten its
    // way into the enemy's corner, a Bishop on a7); more so when it is attacked already.
    // The search sees the capture only once the trap has closed, often past its horizon.
    for &(c, k, sq, reach) in &raiders {
        let safe = reach.without(attacks[(!c).index()]).count() as i32;
        if safe < 2 {
            let v = vals.value[k].min(3000);
            let attacked = attacks[(!c).index()].contains(sq);
            let pen = v / 16 * (2 - safe) * if attacked { 2 } else { 1 } * w[Weight::Trapped] / 100;
            let sign = if c == Color::White { -1 } else { 1 };
            mg += sign * pen;
            eg += sign * pen;
        }
    }
    trace.mark::<TRACE>("trapped pieces", mg, eg);

    // Lion traps (where the variant has Lion-trading rules): a Lion in the enemy's corner
    // with the enemy Lion near is easily cornered, and once the enemy Lion reaches it an
    // unprotected one is simply taken. HaChu's evaluation knows this (its LIONTRAP term,
    // whose shape and size this follows, but for `LION_TRAP_LOOSE`): Kirin's Lion raids
    // into HaChu's corners won a dozen pawns of material and then lost the Lion, again and
    // again.
    let lion_mask = rules.hooks.lion_mask();
    if lion_mask != 0 {
        let lions = |c: Color| pos.pieces_of(c, lion_mask);
        let v = pos.variant();
        let (files, ranks) = (v.files as i32, v.ranks as i32);
        for c in Color::BOTH {
            let theirs = lions(!c);
            for sq in lions(c) {
                let adv = sq.relative_rank(c, ranks);
                let f = sq.file() as i32;
                // Ranks from the enemy's back rank.
                let from_back = ranks - 1 - adv;
                let corner = if f < 3 || f > files - 4 {
                    match from_back {
                        0..=2 => 7,
                        3 => 4,
                        4 => 2,
                        _ => 0,
                    }
                } else {
                    0
                };
                if corner == 0 {
                    continue;
                }
                let Some(d) = theirs.iter().map(|e| e.distance(sq)).min() else { continue };
                let near = LION_TRAP_DIST[d.clamp(0, 9) as usize];
                let unprotected = !attacks[c.index()].contains(sq);
                let pen =
                    (1 + LION_TRAP_LOOSE[d.clamp(0, 5) as usize] * i32::from(unprotected)) * corner * near * 5 / 2;
                let sign = if c == Color::White { -1 } else { 1 };
                mg += sign * pen;
                eg += sign * pen;
            }
        }
    }
    trace.mark::<TRACE>("lion traps", mg, eg);

    // King danger (after Stockfish's classical king safety): attackers times their weight,
    // plus their attacks next to the royal, less the royal's own pieces around it, counted
    // quadratically so that one stray attacker costs little and a gathered attack a lot.
    // Where the royal can simply be captured (Chu Shogi) a Lion or Free King raid is this.
    for c in Color::BOTH {
        if !kzone[c.index()].any() {
            continue;
        }
        let a = (!c).index();
        let shield = (pos.color_bb(c) & kring[c.index()]).count() as i32;
        let danger = w[Weight::KingAttack] * king_attackers[a] * king_weight[a] + w[Weight::KingRing] * ring_hits[a]
            - w[Weight::KingShield] * shield;
        if danger > 0 {
            let sign = if c == Color::White { -1 } else { 1 };
            mg += sign * (danger * danger / 1024).min(KING_DANGER_MAX);
            eg += sign * (danger * danger / 2048).min(KING_DANGER_MAX);
        }
    }
    if danger_on {
        for c in Color::BOTH {
            let (a, d) = (c.index(), (!c).index());
            let (m, e) = king_attack[a].penalty(
                danger_percent,
                pos.color_bb(c),
                pos.color_bb(!c),
                attacks[a],
                attacks2[a],
                attacks[d],
                attacks2[d],
                royal_attacks[d],
            );
            let sign = if c == Color::White { 1 } else { -1 };
            mg += sign * m;
            eg += sign * e;
        }
    }
    trace.mark::<TRACE>("king safety", mg, eg);

    // Pawn shelter and storm around a single royal (`shelter.rs`).
    let shelter_percent = w[Weight::Shelter];
    if shelter_percent != 0 && vals.pawn_mask != 0 {
        for c in Color::BOTH {
            if pos.royal_count(c) != 1 {
                continue;
            }
            let Some(k) = pos.royal_squares(c).lsb() else { continue };
            let sign = if c == Color::White { 1 } else { -1 };
            let kept = &facts.shelter[c.index()];
            let value = match kept.get() {
                Some((sq, value)) if sq == k => value,
                _ => {
                    let value = super::shelter::shelter(pos, c, k, pawn_attacks[(!c).index()], shelter_percent);
                    kept.set(Some((k, value)));
                    value
                }
            };
            mg += sign * value;
        }
    }
    trace.mark::<TRACE>("shelter", mg, eg);

    // Threats: an enemy piece attacked by a pawn, by a less valuable piece, or attacked and
    // not defended at all. Quiescence search settles the side to move's captures; these
    // terms see the attacks it leaves for later (a fork, a piece left hanging, a Lion that
    // has run into enemy pieces) and the pressure behind them.
    for c in Color::BOTH {
        let sign = if c == Color::White { 1 } else { -1 };
        // `by`: the value of the least valuable non-royal attacker (MAX: the royal only).
        let threat = |sq: crate::square::Square, by: i32| {
            let k = pos.piece_at(sq).kind() as usize;
            let v = vals.value[k].clamp(0, 1500);
            if vals.pawn_mask & (1 << k) == 0 && pawn_attacks[c.index()].contains(sq) {
                w[Weight::ThreatByPawn] + v / 20
            } else if by < vals.value[k] && by < v {
                w[Weight::ThreatByLesser] + (v - by) / 16
            } else if !attacks[(!c).index()].contains(sq) {
                (v / 10).min(w[Weight::HangingMax])
            } else {
                0
            }
        };
        let mut bonus = 0;
        let mut by_pieces = crate::bitboard::Bitboard::EMPTY;
        for &(squares, by) in &least[c.index()] {
            by_pieces |= squares;
            bonus += squares.iter().map(|sq| threat(sq, by)).sum::<i32>();
        }
        let targets = non_royal[(!c).index()] & attacks[c.index()];
        bonus += targets.without(by_pieces).iter().map(|sq| threat(sq, i32::MAX)).sum::<i32>();
        mg += sign * bonus;
        eg += sign * bonus;
        // Pieces a pawn could attack with one safe step: to an empty square that no enemy
        // pawn attacks and that the enemy does not attack or the own side defends.
        let push_weight = w[Weight::ThreatByPush];
        if push_weight != 0 && vals.pawn_mask != 0 {
            let safe = !attacks[(!c).index()] | attacks[c.index()];
            let victims = non_royal[(!c).index()].without(pos.pieces_of(!c, vals.pawn_mask));
            let n = pawn_step_threats(pos, c, safe.without(pawn_attacks[(!c).index()]), victims);
            mg += sign * push_weight * n;
            eg += sign * push_weight * n / 2;
        }
    }
    trace.mark::<TRACE>("threats", mg, eg);

    // Passed pawns' way forward (`passed_path.rs`), which needs both sides' attacks.
    let path_percent = w[Weight::PassedPath];
    if path_percent != 0 {
        for c in Color::BOTH {
            let sign = if c == Color::White { 1 } else { -1 };
            let (m, e) = super::passed_path::passed_path(pos, c, facts.passers[c.index()], &attacks, path_percent);
            mg += sign * m;
            eg += sign * e;
        }
        trace.mark::<TRACE>("passed path", mg, eg);
    }
    if network != 0 {
        let white = if pos.side_to_move() == Color::White { network } else { -network };
        mg += white;
        eg += white;
        trace.mark::<TRACE>("network", mg, eg);
    }
    if w[Weight::Initiative] != 0 || w[Weight::PawnScale] != 0 {
        (mg, eg) = super::winnable::adjust(pos, w, facts.passed, mg, eg);
        trace.mark::<TRACE>("winnable", mg, eg);
    }
    if TRACE {
        trace.phase = (phase, max);
    }

    let mut score = (mg * phase + eg * (max - phase)) / max;
    let tapered = score;

    // Conversion help. A side ahead in material gains from trading pieces (fewer pieces
    // left, larger relative edge; decisive where a bare royal loses), and in the endgame
    // from driving the enemy royal to the edge and bringing its own royal closer.
    let (mw, mb) = (material[Color::White.index()], material[Color::Black.index()]);
    let diff = mw - mb;
    if diff.abs() >= 150 {
        let total = (mw + mb).max(1);
        let start_total = 2 * max + 1;
        // Up to about a quarter of the edge again when most material is gone.
        score += diff * (start_total - total.min(start_total)) / (4 * start_total) * w[Weight::Conversion] / 100;
        let (strong, weak) = if diff > 0 { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        if let (Some(wk), Some(sk)) = (pos.royal_squares(weak).lsb(), pos.royal_squares(strong).lsb()) {
            let v = pos.variant();
            let edge = |sq: crate::square::Square| {
                let f = sq.file() as i32;
                let r = sq.rank() as i32;
                f.min(v.files as i32 - 1 - f).min(r).min(v.ranks as i32 - 1 - r)
            };
            let dist = wk.distance(sk);
            let mop = 10 * (4 - edge(wk)).max(0) + 4 * (7 - dist).max(0);
            let eg_weight = (max - phase).max(0);
            let bonus = mop * eg_weight / max * w[Weight::Conversion] / 100;
            score += if strong == Color::White { bonus } else { -bonus };
        }
    }
    if TRACE {
        trace.conversion = score - tapered;
    }

    if pos.side_to_move() == Color::White { score } else { -score }
}

/// Stockfish's space of `c` before its weight: the squares of its space zone that no own
/// pawn stands on and no enemy pawn attacks (`enemy_pawn_attacks`), those up to three
/// behind an own pawn (`behind`) and not attacked at all (`enemy_attacks`) counting
/// twice; times the own piece count less one, squared, over 16, in centipawns.
#[inline(never)]
fn space_term(
    pos: &Position,
    c: Color,
    enemy_pawn_attacks: crate::bitboard::Bitboard,
    enemy_attacks: crate::bitboard::Bitboard,
    behind: crate::bitboard::Bitboard,
) -> i32 {
    let vals = &pos.rules().values;
    let pawns = pos.pieces_of(c, vals.pawn_mask);
    let safe = vals.space_zone[c.index()].without(pawns).without(enemy_pawn_attacks);
    let bonus = safe.count() as i32 + (behind & safe).without(enemy_attacks).count() as i32;
    let weight = pos.color_bb(c).count() as i32 - 1;
    bonus * weight * weight / 16 * 100 / 128
}

/// Stockfish 11's outpost bonus (middlegame, endgame) in centipawns, before its weight,
/// of a knight-class piece on `sq` with `moves` to go to, its side's outpost squares
/// being `holes`: on one it is hard to dislodge and presses on the enemy's camp; one that
/// can step to one (empty or enemy-held) gets half. Stockfish's Knight outpost is S(60,
/// 42) and its reachable one S(30, 21), in its units (an endgame pawn 213).
/// Fairy-Stockfish's Knights row, where the knight outposts sit, moved by 0.6-0.7 pawns
/// between positions of shatranj games that Kirin lost with even material (2026-11-30);
/// Kirin's evaluation had no such term.
#[inline]
fn outpost_bonus(
    holes: crate::bitboard::Bitboard,
    sq: crate::square::Square,
    moves: crate::bitboard::Bitboard,
) -> (i32, i32) {
    const ON: (i32, i32) = (28, 20);
    const REACHABLE: (i32, i32) = (14, 10);
    if holes.contains(sq) {
        ON
    } else if moves.intersects(holes) {
        REACHABLE
    } else {
        (0, 0)
    }
}

/// What Stockfish 11's rook terms (`eval.rooks`) of one side need besides a rook's
/// square and moves: its pawns, all pawns, its single royal (none where it has several or
/// none), the board's width and how many times a trapped rook counts (twice where the
/// variant has no castling to free it, Stockfish's `1 + !castling_rights`).
struct RookContext {
    own_pawns: crate::bitboard::Bitboard,
    all_pawns: crate::bitboard::Bitboard,
    royal: Option<crate::square::Square>,
    files: i32,
    trapped_times: i32,
}

impl RookContext {
    fn new(pos: &Position, c: Color) -> RookContext {
        let vals = &pos.rules().values;
        let own_pawns = pos.pieces_of(c, vals.pawn_mask);
        RookContext {
            own_pawns,
            all_pawns: own_pawns | pos.pieces_of(!c, vals.pawn_mask),
            royal: if pos.royal_count(c) == 1 { pos.royal_squares(c).lsb() } else { None },
            files: pos.variant().files as i32,
            trapped_times: if pos.rules().castler_mask == 0 { 2 } else { 1 },
        }
    }
}

/// Stockfish 11's rook terms (middlegame, endgame) in centipawns, before their weight,
/// of a rook-class piece (`Values::rook_kinds`) on `sq` with `moves` to go to, `file` its
/// file: on a file without own pawns S(21, 4), without any pawn S(47, 25); otherwise,
/// with three squares or fewer to go to and the own single royal between it and the
/// middle of the board (a rook shut in by its own king), `TrappedRook` S(52, 10), times
/// `ctx.trapped_times`. In its units (an endgame pawn 213). Fairy-Stockfish's Rooks row
/// stood at -0.2 pawns (middlegame) against Kirin's side where its scores of shatranj
/// games that Kirin lost first reached +1.5 (2026-11-30), and at -0.49 for a courier rook
/// left in its corner beside a king that had walked off the back rank; Kirin had no rook
/// terms.
#[inline]
fn rook_bonus(
    ctx: &RookContext,
    file: crate::bitboard::Bitboard,
    sq: crate::square::Square,
    moves: crate::bitboard::Bitboard,
) -> (i32, i32) {
    const OPEN: (i32, i32) = (22, 12);
    const SEMI_OPEN: (i32, i32) = (10, 2);
    const TRAPPED: (i32, i32) = (24, 5);
    if !file.intersects(ctx.own_pawns) {
        return if file.intersects(ctx.all_pawns) { SEMI_OPEN } else { OPEN };
    }
    let Some(k) = ctx.royal else { return (0, 0) };
    let (kf, rf) = (k.file() as i32, sq.file() as i32);
    if moves.count() <= 3 && (2 * kf < ctx.files - 1) == (rf < kf) && rf != kf {
        (-TRAPPED.0 * ctx.trapped_times, -TRAPPED.1 * ctx.trapped_times)
    } else {
        (0, 0)
    }
}

/// How many of `victims` a pawn of `c` would attack after one step to an empty square of
/// `safe`.
#[inline(never)]
fn pawn_step_threats(
    pos: &Position,
    c: Color,
    safe: crate::bitboard::Bitboard,
    victims: crate::bitboard::Bitboard,
) -> i32 {
    let vals = &pos.rules().values;
    // All pawns at once where their tables are shifts (courier's, chess's): square by
    // square this was 4.5% of a courier search with the term on.
    if let Some(shapes) = &vals.pawn_shapes {
        let (step, capture) = &shapes[c.index()];
        let to = (step.leaps(pos.pieces_of(c, vals.pawn_mask)) & safe).without(pos.occupied());
        return (capture.leaps(to) & victims).count() as i32;
    }
    pawn_step_threats_by_square(pos, c, safe, victims)
}

/// `pawn_step_threats` square by square, for any pawn.
fn pawn_step_threats_by_square(
    pos: &Position,
    c: Color,
    safe: crate::bitboard::Bitboard,
    victims: crate::bitboard::Bitboard,
) -> i32 {
    let (t, vals, occ) = (pos.tables(), &pos.rules().values, pos.occupied());
    let mut threatened = crate::bitboard::Bitboard::EMPTY;
    for sq in pos.pieces_of(c, vals.pawn_mask) {
        let pt = &t.pieces[c.index()][pos.piece_at(sq).kind() as usize];
        for to in (t.pool[pt.quiet as usize][sq.index()] & safe).without(occ) {
            threatened |= t.pool[pt.capture as usize][to.index()] & victims;
        }
    }
    threatened.count() as i32
}

/// The squares a piece of table `pt` on `sq` attacks (`hits`: its captures, leaps,
/// slides and bent paths) and those it can move or capture to (`reach`).
#[inline(always)]
pub(super) fn piece_hits_reach(
    t: &crate::attacks::Tables,
    pt: &crate::attacks::PieceTables,
    sq: crate::square::Square,
    occ: crate::bitboard::Bitboard,
) -> (crate::bitboard::Bitboard, crate::bitboard::Bitboard) {
    let mut hits = t.pool[pt.capture as usize][sq.index()];
    // Most pieces move as they capture: one table then.
    let mut reach = if pt.quiet == pt.capture { hits } else { hits | t.pool[pt.quiet as usize][sq.index()] };
    for r in &pt.rays {
        if !r.initial {
            let ray = t.slide(r, sq, occ);
            reach |= ray;
            if r.mode & crate::variant::betza::MODE_CAPTURE != 0 {
                hits |= ray;
            }
        }
    }
    for &kind in &pt.paths {
        let path = crate::attacks::paths::targets(kind, sq, t.board, occ, occ);
        reach |= path.quiet | path.attacks;
        hits |= path.attacks;
    }
    (hits, reach)
}

/// The full evaluation from `evaluate_keyed`'s score: the n-move counter's scaling (not in
/// the key) and the tempo bonus.
#[inline]
pub fn finish(pos: &Position, keyed: i32) -> i32 {
    // A network's score is the side to move's already: it has learned what the move is worth.
    let alone = pos.variant().nnue.as_ref().is_some_and(|n| !n.adds_to_eval);
    let tempo = if alone { 0 } else { pos.rules().values.weights[Weight::Tempo] };
    scale_for_move_rule(pos, keyed) + tempo
}

/// Shrinks the score towards a draw as the n-move counter runs: the side ahead then prefers
/// moves that reset it (captures, pawn moves) to shuffling until the rule draws the game.
/// At the limit a score counts half.
#[inline]
fn scale_for_move_rule(pos: &Position, score: i32) -> i32 {
    let n = pos.variant().n_move_rule as i32;
    if n == 0 {
        return score;
    }
    let r = (pos.state().rule50 as i32).min(2 * n);
    score * (4 * n - r) / (4 * n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// The pawn step threats taken at once from the pawns' leap shapes are those found
    /// square by square, in the games whose pawns have shapes, over positions of random
    /// games and many `safe` and `victims` sets.
    #[test]
    fn pawn_step_threats_at_once_are_those_square_by_square() {
        let catalog = Catalog::embedded();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for name in ["courier", "courier-modern", "chess", "shatranj"] {
            let rules = catalog.get(name).expect("embedded variant");
            assert!(rules.values.pawn_shapes.is_some(), "{name}'s pawns leap the same from every square");
            for _game in 0..8 {
                let mut pos = Position::startpos(rules.clone());
                for _ply in 0..120 {
                    for c in Color::BOTH {
                        let noise = crate::bitboard::Bitboard([next(), next(), next(), next()]);
                        let safe = !pos.occupied() ^ noise;
                        let victims = pos.color_bb(!c) & (noise | crate::bitboard::Bitboard([next(); 4]));
                        assert_eq!(
                            pawn_step_threats(&pos, c, safe, victims),
                            pawn_step_threats_by_square(&pos, c, safe, victims),
                            "{name} {}",
                            pos.fen()
                        );
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.make_move(moves[next() as usize % moves.len()]);
                }
            }
        }
    }
}
