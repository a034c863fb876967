//! Static exchange evaluation for any piece set.
//!
//! The swap algorithm runs on `Position::attackers`, which already handles leapers,
//! riders (with x-rays: removed pieces stop blocking because the occupancy passed in
//! shrinks) and, through move generation, multi-leg capturers. Promotions count the
//! promoted piece's value; royals count as very valuable so that a royal never "wins" an
//! exchange by capturing into a defended square. Two-leg captures and e.p. are valued by
//! what they take.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::{Color, Square};

const ROYAL_VALUE: i32 = 20_000;

fn piece_value(pos: &Position, kind: u8) -> i32 {
    let r = pos.rules();
    if r.royal_mask & (1 << kind) != 0 { ROYAL_VALUE } else { r.values.value[kind as usize] }
}

/// Evaluation value of the piece that makes the move: 0 when its origin is empty (an empty
/// cage relocated or inserted in Slide-chess, which moves no piece of its own).
pub fn mover_value(pos: &Position, m: Move) -> i32 {
    let p = pos.piece_at(m.from);
    if p.is_none() { 0 } else { pos.rules().values.value[p.kind() as usize] }
}

/// Value of what the move captures.
pub fn captured_value(pos: &Position, m: Move) -> i32 {
    let us = pos.side_to_move();
    let at = |sq| {
        let p = pos.piece_at(sq);
        if p.is_some() && p.color() != us { piece_value(pos, p.kind()) } else { 0 }
    };
    match m.kind {
        MoveKind::Normal | MoveKind::EpStep | MoveKind::Once => at(m.to),
        MoveKind::EnPassant => at(pos.state().ep_victim),
        MoveKind::TwoLeg => at(m.aux) + if m.to != m.from { at(m.to) } else { 0 },
        MoveKind::EnterExchange => at(m.aux),
        MoveKind::Castle
        | MoveKind::FreeCastle
        | MoveKind::Swap
        | MoveKind::Relocate
        | MoveKind::Insert
        | MoveKind::Null => 0,
    }
}

/// Expected material balance of the exchange started by `m` (from the mover's view).
pub fn see(pos: &Position, m: Move) -> i32 {
    match first_capture(pos, m) {
        FirstCapture::Settled(v) => v,
        FirstCapture::Exchange { gain, on_square } => {
            let occ = pos.occupied().without(Bitboard::from_square(m.from)) | Bitboard::from_square(m.to);
            swap_off(pos, m.to, !pos.side_to_move(), on_square, gain, occ)
        }
    }
}

/// Whether `see(pos, m) < threshold`, without the exchange where two bounds decide it
/// (`decided_below`).
pub fn see_below(pos: &Position, m: Move, threshold: i32) -> bool {
    decided_below(pos, m, threshold).unwrap_or_else(|| see(pos, m) < threshold)
}

/// Whether `see(pos, m) < threshold` where two bounds decide it, None where only the
/// exchange can: it never ends above what the move itself takes (the enemy may recapture
/// or not) nor below that less the piece now on the square (the mover's side may stop
/// after one recapture). A quiet move of a piece worth less than a pruning margin is
/// settled so, with no attacker looked up (Stockfish's `see_ge` exits early the same way).
pub fn decided_below(pos: &Position, m: Move, threshold: i32) -> Option<bool> {
    match first_capture(pos, m) {
        FirstCapture::Settled(v) => Some(v < threshold),
        FirstCapture::Exchange { gain, .. } if gain < threshold => Some(true),
        FirstCapture::Exchange { gain, on_square } if gain - on_square >= threshold => Some(false),
        FirstCapture::Exchange { .. } => None,
    }
}

/// What the first move of an exchange settles: its whole value for a move no exchange
/// follows, else what it takes (promotion gain included) and the value then on its square.
enum FirstCapture {
    Settled(i32),
    Exchange { gain: i32, on_square: i32 },
}

fn first_capture(pos: &Position, m: Move) -> FirstCapture {
    if !matches!(m.kind, MoveKind::Normal | MoveKind::EpStep) {
        return FirstCapture::Settled(captured_value(pos, m));
    }
    let mut gain = captured_value(pos, m);
    let mover = pos.piece_at(m.from);
    let on_square = match m.promotion() {
        Some(t) => {
            let v = piece_value(pos, t);
            gain += v - piece_value(pos, mover.kind());
            v
        }
        None => piece_value(pos, mover.kind()),
    };
    FirstCapture::Exchange { gain, on_square }
}

/// The side to move's balance if the enemy takes first on `sq`, where a piece of the side
/// to move stands: 0 when it is safe there, less when the enemy would win material (the
/// late-move reductions' escaping-move test, Stockfish's `!see_ge(reverse_move(m))`).
pub fn exposure(pos: &Position, sq: Square) -> i32 {
    let p = pos.piece_at(sq);
    if p.is_none() {
        return 0;
    }
    // As if the piece had just moved to `sq` capturing nothing: the swap then counts the
    // enemy's captures and the side to move's recaptures, each side free to stop.
    swap_off(pos, sq, !pos.side_to_move(), piece_value(pos, p.kind()), 0, pos.occupied())
}

/// The swap algorithm on square `to`: `first_gain` taken by the piece (worth `on_square`)
/// that now stands there, `side` to capture next, `occ` the occupancy left. Returns the
/// balance from the view of the side that made the first capture.
fn swap_off(
    pos: &Position,
    to: Square,
    mut side: Color,
    mut on_square: i32,
    first_gain: i32,
    mut occ: Bitboard,
) -> i32 {
    let mut gain = [0i32; 48];
    gain[0] = first_gain;
    let mut d = 0;
    while let Some((v, sq)) = least_attacker(pos, to, side, occ) {
        d += 1;
        if d >= gain.len() {
            break;
        }
        gain[d] = on_square - gain[d - 1];
        if gain[d].max(-gain[d - 1]) < 0 {
            break;
        }
        on_square = v;
        occ.clear(sq);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(gain[d].max(-gain[d - 1]));
        d -= 1;
    }
    gain[0]
}

/// The least valuable piece of `side` among `occ` attacking `to` (the first by square
/// among equals), with its value.
///
/// The leapers are a table lookup a kind, the lines a walk along every direction: where
/// the cheapest leaping attacker is worth less than every sliding kind `side` still has on
/// the board, it is the answer and the lines are not walked (a pawn or a knight defends
/// most squares an exchange is tried on). The result is the full lookup's to the square.
fn least_attacker(pos: &Position, to: Square, side: Color, occ: Bitboard) -> Option<(i32, Square)> {
    let own = occ & pos.color_bb(side);
    let leapers = pos.leaper_attackers(to, side) & own;
    let at = &pos.tables().attacks[side.index()];
    let only_leaps_and_lines =
        at.once_leapers.is_empty() && !at.has_cond_rev && at.slow.is_empty() && at.non_checkers.is_empty();
    if only_leaps_and_lines && let Some((v, sq)) = cheapest(pos, leapers, to) {
        let mut kinds = at.ray_kinds;
        let mut sliders_least = i32::MAX;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if pos.pieces(side, kind).intersects(own) {
                sliders_least = sliders_least.min(piece_value(pos, kind));
            }
        }
        if v < sliders_least {
            return Some((v, sq));
        }
    }
    cheapest(pos, (leapers | pos.distant_attackers(to, side, occ)) & own, to)
}

/// The least valuable of `attackers` but the piece on `to`, the first by square among
/// equals, with its value.
fn cheapest(pos: &Position, attackers: Bitboard, to: Square) -> Option<(i32, Square)> {
    let mut best: Option<(i32, Square)> = None;
    for sq in attackers {
        if sq == to {
            continue;
        }
        let v = piece_value(pos, pos.piece_at(sq).kind());
        if best.is_none_or(|(bv, _)| v < bv) {
            best = Some((v, sq));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn see_of(variant: &str, fen: &str, mv: &str) -> i32 {
        let c = Catalog::embedded();
        let mut pos = Position::from_fen(c.get(variant).unwrap(), fen).unwrap();
        let m = pos.parse_move(mv).unwrap();
        see(&pos, m)
    }

    #[test]
    fn the_least_attacker_is_the_full_lookups() {
        // Every variant, along a pseudo-random game of each, every square, both sides,
        // with the full board and with a piece gone from it as in an exchange: looking at
        // the leapers first must pick what the whole attacker set picks.
        let c = Catalog::embedded();
        let mut seed = 7u64;
        let mut checked = 0;
        for name in c.names() {
            let mut pos = Position::startpos(c.get(&name).unwrap());
            for _ in 0..40 {
                let board = pos.tables().board;
                for side in Color::BOTH {
                    for to in board {
                        for gone in [None, pos.color_bb(side).lsb()] {
                            let occ = pos.occupied().without(gone.map(Bitboard::from_square).unwrap_or_default());
                            let full = pos.attackers(to, side, occ) & occ & pos.color_bb(side);
                            assert_eq!(
                                least_attacker(&pos, to, side, occ),
                                cheapest(&pos, full, to),
                                "{name} {} {side:?} {to:?}",
                                pos.fen()
                            );
                            checked += 1;
                        }
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make_move(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn: +100.
        assert_eq!(see_of("chess", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        // Rook takes a pawn defended by a pawn: loses the rook for a pawn.
        let v = see_of("chess", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5");
        assert!(v < -300, "{v}");
        // Knight takes a knight defended once, attacked twice: wins a knight net.
        let n = see_of("chess", "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1", "c3d5");
        let v = see_of("chess", "4k3/2n5/8/3n4/8/2N1N3/8/4K3 w - - 0 1", "c3d5");
        assert_eq!(v, n);
        // Defended once, attacked once: an even trade.
        assert_eq!(see_of("chess", "4k3/2n5/8/3n4/8/2N5/8/4K3 w - - 0 1", "c3d5"), 0);
        // X-ray: queen behind rook on the d-file counts.
        let v = see_of("chess", "3rk3/3r4/8/3p4/8/8/3R4/3QK3 w - - 0 1", "d2d5");
        assert!(v <= 100, "{v}");
        // Leaper defenders in courier: alfil defends.
        let v = see_of("courier", "6k5/12/5e6/12/3p8/12/3R8/6K5 w - - 0 1", "d2d4");
        assert!(v < 0, "{v}");
    }

    /// `see_below` answers as `see` does at every threshold, whether its bounds decide or
    /// the exchange does: the search prunes by it, and the bench signature must not move.
    #[test]
    fn see_below_agrees_with_see() {
        let c = Catalog::embedded();
        let cases = [
            ("chess", "r1bqk2r/pp1n1ppp/2pbpn2/3p4/2PP4/2NBPN2/PP3PPP/R1BQK2R w KQkq - 0 1"),
            ("chess", "3rk3/3r4/8/3p4/4P3/2N5/3R4/3QK3 w - - 0 1"),
            ("courier", "r2b1knw1e2/1p1p2r5/2pPe1f2ppn/p1PmNp2p2p/P4P1pP2P/1P2EN1P3R/4MF3PP1/1R3K1WBE2 w - - 3 31"),
            ("shatranj", "r1b1kb1r/pp1ppppp/2n2n2/2p5/2P1P3/2N2N2/PP1P1PPP/R1B1KB1R w - - 0 1"),
        ];
        let (mut decided, mut undecided) = (0, 0);
        for (variant, fen) in cases {
            let mut pos = Position::from_fen(c.get(variant).unwrap(), fen).unwrap();
            let mut moves = Vec::new();
            pos.generate_legal(&mut moves);
            for &m in &moves {
                let v = see(&pos, m);
                for t in (-1000..=1000).step_by(25) {
                    assert_eq!(see_below(&pos, m, t), v < t, "{variant} {fen} {m:?} at {t}: see {v}");
                    match decided_below(&pos, m, t) {
                        Some(below) => {
                            assert_eq!(below, v < t, "{variant} {fen} {m:?} at {t}: see {v}");
                            decided += 1;
                        }
                        None => undecided += 1,
                    }
                }
            }
        }
        // Both ways are exercised.
        assert!(decided > 1000 && undecided > 100, "{decided} decided, {undecided} not");
    }

    fn exposure_of(variant: &str, fen: &str, sq: &str) -> i32 {
        let c = Catalog::embedded();
        let pos = Position::from_fen(c.get(variant).unwrap(), fen).unwrap();
        exposure(&pos, Square::parse(sq).unwrap())
    }

    #[test]
    fn exposure_is_what_the_enemy_wins_by_taking_first() {
        // A knight attacked by a pawn: the pawn wins it, whether defended or not.
        assert!(exposure_of("chess", "4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1", "d5") < -250);
        assert!(exposure_of("chess", "4k3/8/4p3/3N4/4P3/8/8/4K3 w - - 0 1", "d5") < -150);
        // A rook attacked by a rook and defended by a pawn: the enemy would lose on taking.
        assert_eq!(exposure_of("chess", "3rk3/8/8/3R4/4P3/8/8/4K3 w - - 0 1", "d5"), 0);
        // Undefended and attacked: lost outright.
        assert!(exposure_of("chess", "3rk3/8/8/3N4/8/8/8/4K3 w - - 0 1", "d5") < -250);
        // Not attacked at all.
        assert_eq!(exposure_of("chess", "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "d5"), 0);
    }
}
