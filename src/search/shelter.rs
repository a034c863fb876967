//! Pawn shelter and storm around a single royal, in the shape of Stockfish 11's
//! classical evaluation: on the royal's file and its two neighbours, the own pawn nearest
//! the royal (not behind it) shelters by how far it has advanced and how near the edge
//! its file lies, and the enemy pawn nearest it threatens by how far it has come, less so
//! where the own pawn blocks it.
//!
//! Kirin's king term counts attacking pieces only; a royal whose pawn cover has gone or
//! whose shelter faces a pawn storm looked as safe as one behind an unmoved wall until
//! the pieces arrived, too late for the search (every courier game lost to
//! Fairy-Stockfish ends in a mate). Weighed by `eval.shelter` (percent; 0, the default,
//! leaves it out).

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Color, Square};

/// Shelter by the own pawn's relative rank (0: none on the file, 1: the second rank ...),
/// per distance of the file from the board's edge (0 to 3 and beyond). Stockfish 11's
/// values in its units (a middlegame pawn 128).
const SHELTER: [[i32; 7]; 4] = [
    [-6, 81, 93, 58, 39, 18, 25],
    [-43, 61, 35, -49, -29, -11, -63],
    [-10, 75, 23, -2, 32, 3, -45],
    [-39, -13, -29, -52, -48, -67, -166],
];
/// The threat of the nearest enemy pawn by its rank relative to the royal's side (0:
/// none), per edge distance, where no own pawn stands right in front of it.
const UNBLOCKED_STORM: [[i32; 7]; 4] = [
    [89, -285, -185, 93, 57, 45, 51],
    [44, -18, 123, 46, 39, -7, 23],
    [4, 52, 162, 37, 7, -14, -2],
    [-10, -14, 90, 15, 2, -7, -16],
];
/// An enemy pawn on the third rank held up by an own pawn right in front of it.
const BLOCKED_STORM: i32 = 82;
/// Stockfish's starting bonus of every shelter.
const BASE: i32 = 5;

/// The shelter of `us`'s royal on `king` (a middlegame score in centipawns, positive is
/// good for `us`), at `percent` of Stockfish's size; `enemy_pawn_attacks`: the squares the
/// enemy's pawns attack.
pub(super) fn shelter(pos: &Position, us: Color, king: Square, enemy_pawn_attacks: Bitboard, percent: i32) -> i32 {
    let vals = &pos.rules().values;
    let (own_pawns, enemy_pawns) = (pos.pieces_of(us, vals.pawn_mask), pos.pieces_of(!us, vals.pawn_mask));
    let (files, ranks) = (pos.variant().files as i32, pos.variant().ranks as i32);
    let relative = |sq: Square| sq.relative_rank(us, ranks);
    let king_rank = relative(king);
    // Pawns on the royal's rank or in front of it.
    let in_front = |b: Bitboard| b.iter().filter(move |&sq| relative(sq) >= king_rank);
    let center = (king.file() as i32).clamp(1, (files - 2).max(1));
    let mut bonus = BASE;
    for f in center - 1..=center + 1 {
        if !(0..files).contains(&f) {
            continue;
        }
        let file = vals.files[f as usize];
        // The nearest to the royal's side of each: the least advanced own pawn (one an
        // enemy pawn attacks shelters nothing) and the most advanced enemy pawn.
        let ours = in_front((own_pawns & file).without(enemy_pawn_attacks)).map(relative).min();
        let theirs = in_front(enemy_pawns & file).map(relative).min();
        let our_rank = ours.map_or(0, |r| r.clamp(1, 6)) as usize;
        let their_rank = theirs.map_or(0, |r| r.clamp(1, 6)) as usize;
        let d = f.min(files - 1 - f).clamp(0, 3) as usize;
        bonus += SHELTER[d][our_rank];
        if our_rank != 0 && our_rank + 1 == their_rank {
            if their_rank == 2 {
                bonus -= BLOCKED_STORM;
            }
        } else {
            bonus -= UNBLOCKED_STORM[d][their_rank];
        }
    }
    bonus * 100 / 128 * percent / 100
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::position::Position;
    use crate::search::eval::trace;

    fn shelter_term(variant: &str, fen: &str) -> i32 {
        let user = format!("[{variant}-sh:{variant}]\neval.shelter = 100\n");
        let catalog = Catalog::embedded_with(&user);
        assert!(catalog.errors.is_empty(), "{:?}", catalog.errors);
        let pos = Position::from_fen(catalog.get(&format!("{variant}-sh")).unwrap(), fen).unwrap();
        let (_, t) = trace(&pos);
        t.terms.iter().find(|t| t.0 == "shelter").map(|t| t.1).unwrap()
    }

    #[test]
    fn an_unmoved_pawn_wall_shelters_better_than_an_open_king() {
        // Chess, both Kings castled short; White's g- and h-pawns gone, Black's in place.
        let open = shelter_term("chess", "r4rk1/5ppp/8/8/8/8/5P2/R4RK1 w - - 0 1");
        assert!(open < -50, "{open}");
        // Symmetric walls: nothing between the sides.
        assert_eq!(shelter_term("chess", "r4rk1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1"), 0);
        // A storming pawn on g3 before an unmoved wall costs White.
        let storm = shelter_term("chess", "r4rk1/5p1p/8/8/8/6p1/5PPP/R4RK1 w - - 0 1");
        assert!(storm < 0, "{storm}");
    }
}
