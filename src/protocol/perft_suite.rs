//! `kirin perft --suite FILE`: move-generation checks from a file of positions with known
//! perft counts, in the `perftsuite.epd` form other engines' suites use:
//! `FEN ;D1 20 ;D2 400 ;D3 8902`. Each count is checked and reported as it is done; the
//! run fails if any differs. Empty lines and lines starting with `#` are skipped.

use crate::engine::Engine;
use crate::perft::{divide_parallel_streaming, perft};
use crate::position::Position;
use crate::protocol::Out;
use std::time::Instant;

/// One line of a suite: the position and its (depth, count) pairs.
#[derive(Debug, PartialEq, Eq)]
pub struct SuiteLine {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `FEN ;D1 20 ;D2 400`.
pub fn parse_line(line: &str) -> Result<SuiteLine, String> {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    let mut counts = Vec::new();
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let (d, n) = p.split_once(char::is_whitespace).ok_or_else(|| format!("'{p}' is not 'D<depth> <count>'"))?;
        let depth = d
            .strip_prefix(['D', 'd'])
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|x| (1..=30).contains(x))
            .ok_or_else(|| format!("'{d}' is not a depth D1 to D30"))?;
        let count = n.trim().parse::<u64>().map_err(|_| format!("'{}' is not a count", n.trim()))?;
        counts.push((depth, count));
    }
    if counts.is_empty() {
        return Err("no ';D<depth> <count>' after the FEN".into());
    }
    Ok(SuiteLine { fen, counts })
}

/// Runs every line of `text` up to `max_depth`, writing one line per check:
/// `line N D<d> <expected> ok (<time> s)` or `... FAILED: got <n>`, and a summary.
/// Returns (checks, failures); lines that cannot be read count as failures.
pub fn run(engine: &Engine, text: &str, max_depth: Option<u32>, threads: usize, out: &Out) -> (usize, usize) {
    let (mut checks, mut failures) = (0, 0);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = parse_line(line).and_then(|l| {
            Position::from_fen(engine.rules.clone(), &l.fen).map(|p| (l, p)).map_err(|e| format!("bad FEN: {e}"))
        });
        let (l, pos) = match parsed {
            Ok(x) => x,
            Err(e) => {
                failures += 1;
                out.line(&format!("line {}\terror: {e}", i + 1));
                continue;
            }
        };
        for &(depth, expected) in l.counts.iter().filter(|(d, _)| max_depth.is_none_or(|m| *d <= m)) {
            let start = Instant::now();
            let got = if threads > 1 {
                divide_parallel_streaming(&pos, depth, threads, &|_, _| {}).unwrap_or(0)
            } else {
                perft(&mut pos.clone(), depth)
            };
            checks += 1;
            let verdict = if got == expected {
                "ok".to_string()
            } else {
                failures += 1;
                format!("FAILED: got {got}")
            };
            out.line(&format!(
                "line {}\tD{depth} {expected}\t{verdict} ({:.2} s)\t{}",
                i + 1,
                start.elapsed().as_secs_f64(),
                l.fen
            ));
        }
    }
    out.line(&format!("suite: {checks} checks, {failures} failed"));
    (checks, failures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_perftsuite_lines() {
        let l = parse_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400").unwrap();
        assert_eq!(l.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(l.counts, [(1, 20), (2, 400)]);
        assert!(parse_line("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
        assert!(parse_line("x ;D0 1").is_err());
        assert!(parse_line("x ;D1 many").is_err());
    }
}
