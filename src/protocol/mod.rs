//! Text protocols: UCI, CECP/XBoard and the command line. No chess logic lives here.

pub mod batch;
pub mod bench;
pub mod cecp_gui;
pub mod claims;
pub mod cli;
pub mod debug_log;
pub mod perft_suite;
pub mod pgn;
pub mod pgn_reader;
pub mod referee;
pub mod san;
pub mod tune_commands;
pub mod uci;
pub mod uci_parse;
pub mod variant_list;
pub mod xboard;
pub mod xboard_setup;

use crate::perft;
use crate::position::Position;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

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
        debug_log::output(text);
        let _ = writeln!(g, "{text}");
        let _ = g.flush();
    }
}

/// The longest input line the command loops accept. A GUI's longest line is a FEN or a
/// `position ... moves` list of a few thousand plies, far below this; a longer line is read
/// to its end and refused, so that endless input without a newline cannot exhaust memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One input line, decoded.
#[derive(Debug, PartialEq, Eq)]
pub enum InputLine {
    /// The line without its end-of-line bytes. Bytes that are not UTF-8 (a Latin-1 file
    /// name, line noise) become U+FFFD: a bad byte must never end the engine.
    Text(String),
    /// A line longer than `MAX_LINE_BYTES`, discarded.
    TooLong,
}

/// Reads the next line from `input`, or None at end of input. A read error (a broken
/// pipe, a closed terminal) counts as end of input: no command can follow it.
pub fn read_input_line(input: &mut dyn std::io::BufRead) -> Option<InputLine> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if buf.is_empty() {
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        if !too_long {
            if bytes.len() + chunk.len() > MAX_LINE_BYTES + 2 {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        let n = chunk.len();
        input.consume(n);
        if done {
            return Some(if too_long {
                debug_log::input("(a line too long, ignored)");
                InputLine::TooLong
            } else {
                let line = decode_line(&bytes);
                debug_log::input(&line);
                InputLine::Text(line)
            });
        }
    }
    match (too_long, bytes.is_empty()) {
        (true, _) => Some(InputLine::TooLong),
        (false, true) => None,
        (false, false) => {
            let line = decode_line(&bytes);
            debug_log::input(&line);
            Some(InputLine::Text(line))
        }
    }
}

fn decode_line(bytes: &[u8]) -> String {
    let end = bytes.iter().rposition(|&b| b != b'\n' && b != b'\r').map_or(0, |i| i + 1);
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// Writes a perft divide in Fairy-Stockfish's format (`move: count`, blank line,
/// `Nodes searched: N`) and returns the total, or None if `cancel` was raised. Divide
/// lines are written (and flushed) as each root move is counted.
pub fn write_perft(
    out: &mut dyn Write,
    pos: &mut Position,
    depth: u32,
    divide: bool,
    cancel: &AtomicBool,
) -> std::io::Result<Option<u64>> {
    let total = if divide {
        let mut total = 0;
        let mut result = Ok(());
        let finished = perft::divide_streaming(pos, depth, cancel, &mut |root, m, n| {
            if result.is_ok() {
                result = writeln!(out, "{}: {}", root.move_to_uci(m), n).and_then(|_| out.flush());
            }
            total += n;
        });
        result?;
        if !finished {
            return Ok(None);
        }
        writeln!(out)?;
        total
    } else {
        let n = perft::perft_cancellable(pos, depth, cancel);
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(None);
        }
        n
    };
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    Ok(Some(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<InputLine> {
        let mut r = std::io::BufReader::with_capacity(7, input);
        std::iter::from_fn(|| read_input_line(&mut r)).collect()
    }

    #[test]
    fn bad_bytes_are_replaced_and_reading_goes_on() {
        let got = lines(b"uci\r\nsetoption name VariantPath value caf\xe9.ini\nisready");
        assert_eq!(
            got,
            vec![
                InputLine::Text("uci".into()),
                InputLine::Text("setoption name VariantPath value caf\u{fffd}.ini".into()),
                InputLine::Text("isready".into()),
            ]
        );
    }

    #[test]
    fn an_overlong_line_is_refused_and_the_next_one_read() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(lines(&input), vec![InputLine::TooLong, InputLine::Text("isready".into())]);
    }
}
