//! Perft: counts the leaf nodes of the legal move tree, with bulk counting at the last ply
//! (the number of legal moves is the node count), as Fairy-Stockfish does.

use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// Number of leaf nodes at `depth` plies.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    perft_cancellable(pos, depth, &AtomicBool::new(false))
}

/// Like [`perft`], but gives up soon after `cancel` is raised (from another thread); the
/// count returned then is partial, and the caller, who raised it, knows.
pub fn perft_cancellable(pos: &mut Position, depth: u32, cancel: &AtomicBool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut stack: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    perft_rec(pos, depth, &mut stack, cancel)
}

fn perft_rec(pos: &mut Position, depth: u32, stack: &mut [Vec<Move>], cancel: &AtomicBool) -> u64 {
    let (buf, rest) = stack.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.generate_legal(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    // Looked at only where a subtree is large, so that the leaves cost nothing more.
    if depth >= 3 && cancel.load(Ordering::Relaxed) {
        return 0;
    }
    let mut nodes = 0;
    for &m in buf.iter() {
        pos.make_move(m);
        nodes += perft_rec(pos, depth - 1, rest, cancel);
        pos.unmake_move();
    }
    nodes
}

/// Node count per root move (in generation order).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    divide_streaming(pos, depth, &AtomicBool::new(false), &mut |_, m, n| out.push((m, n)));
    out
}

/// Counts root move by root move, handing each count (with the root position) to `each` as soon as it is known
/// (so that a long divide shows progress); stops early, before the next root move or
/// inside a large subtree, once `cancel` is raised. Returns false if it was cancelled.
pub fn divide_streaming(
    pos: &mut Position,
    depth: u32,
    cancel: &AtomicBool,
    each: &mut dyn FnMut(&Position, Move, u64),
) -> bool {
    for m in pos.legal_moves() {
        if cancel.load(Ordering::Relaxed) {
            return false;
        }
        let n = if depth <= 1 {
            1
        } else {
            pos.make_move(m);
            let n = perft_cancellable(pos, depth - 1, cancel);
            pos.unmake_move();
            n
        };
        if cancel.load(Ordering::Relaxed) {
            return false;
        }
        each(pos, m, n);
    }
    true
}

/// Counts root move by root move on a pool of `threads` threads (each worker counts a clone
/// of the position), handing each count to `each` as soon as it is known, in the order the
/// workers finish. Returns the total.
pub fn divide_parallel_streaming(
    pos: &Position,
    depth: u32,
    threads: usize,
    each: &(dyn Fn(Move, u64) + Sync),
) -> Result<u64, String> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let moves = pos.clone().legal_moves();
    Ok(pool.install(|| {
        moves
            .par_iter()
            .map(|&m| {
                let n = if depth <= 1 {
                    1
                } else {
                    let mut p = pos.clone();
                    p.make_move(m);
                    perft(&mut p, depth - 1)
                };
                each(m, n);
                n
            })
            .sum()
    }))
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
