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
    if !matches!(m.kind, MoveKind::Normal | MoveKind::EpStep) {
        return captured_value(pos, m);
    }
    let us = pos.side_to_move();
    let to = m.to;
    let mut gain0 = captured_value(pos, m);
    let mover = pos.piece_at(m.from);
    let on_square = match m.promotion() {
        Some(t) => {
            let v = piece_value(pos, t);
            gain0 += v - piece_value(pos, mover.kind());
            v
        }
        None => piece_value(pos, mover.kind()),
    };
    let occ = pos.occupied().without(Bitboard::from_square(m.from)) | Bitboard::from_square(to);
    swap_off(pos, to, !us, on_square, gain0, occ)
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
    loop {
        let attackers = pos.attackers(to, side, occ) & occ & pos.color_bb(side);
        // Least valuable attacker.
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
        let Some((v, sq)) = best else { break };
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
