//! Perft: counts the leaf nodes of the legal move tree, with bulk counting at the last ply
//! (the number of legal moves is the node count), as Fairy-Stockfish does.

use crate::moves::Move;
use crate::position::Position;

/// Number of leaf nodes at `depth` plies.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut stack: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    perft_rec(pos, depth, &mut stack)
}

fn perft_rec(pos: &mut Position, depth: u32, stack: &mut [Vec<Move>]) -> u64 {
    let (buf, rest) = stack.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.generate_legal(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for &m in buf.iter() {
        pos.make_move(m);
        nodes += perft_rec(pos, depth - 1, rest);
        pos.unmake_move();
    }
    nodes
}

/// Node count per root move (in generation order).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let n = if depth <= 1 {
            1
        } else {
            pos.make_move(m);
            let n = perft(pos, depth - 1);
            pos.unmake_move();
            n
        };
        out.push((m, n));
    }
    out
}

/// Like [`divide`], with the root moves shared out over rayon's thread pool (each worker
/// searches a clone of the position). Same numbers, faster on several cores.
pub fn divide_parallel(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    use rayon::prelude::*;
    let mut root = pos.clone();
    let moves = root.legal_moves();
    moves
        .par_iter()
        .map(|&m| {
            if depth <= 1 {
                return (m, 1);
            }
            let mut p = pos.clone();
            p.make_move(m);
            let n = perft(&mut p, depth - 1);
            (m, n)
        })
        .collect()
}
