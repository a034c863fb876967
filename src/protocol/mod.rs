//! Text protocols: UCI, CECP/XBoard and the command line. No chess logic lives here.

pub mod bench;
pub mod cli;
pub mod uci;
pub mod uci_parse;
pub mod xboard;
pub mod xboard_setup;

use crate::perft;
use crate::position::Position;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A shared, line-oriented output channel (stdout in production, a buffer in tests).
/// Search threads and the command loop both write through it; each line is written and
/// flushed under the lock, so lines never interleave.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    /// Writes `text` and a newline, then flushes. Write errors (a closed pipe) are ignored:
    /// the GUI is gone and nobody can read an error message.
    pub fn line(&self, text: &str) {
        let mut g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(g, "{text}");
        let _ = g.flush();
    }
}

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
