//! Text protocols: UCI, CECP/XBoard and the command line. No chess logic lives here.

pub mod cli;
pub mod uci;

use crate::perft;
use crate::position::Position;
use std::io::Write;
use std::time::Instant;

/// Writes a perft divide in Fairy-Stockfish's format (`move: count`, blank line,
/// `Nodes searched: N`) and returns the total.
pub fn write_perft(out: &mut dyn Write, pos: &mut Position, depth: u32, divide: bool) -> std::io::Result<u64> {
    let start = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (m, n) in perft::divide(pos, depth) {
            writeln!(out, "{}: {}", pos.move_to_uci(m), n)?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        perft::perft(pos, depth)
    };
    let elapsed = start.elapsed();
    let _ = elapsed;
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    Ok(total)
}
