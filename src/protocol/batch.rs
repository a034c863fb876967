//! `kirin analyse --epd FILE`: every position of a file searched with the same limits, one
//! result line each, for test suites and batch work. A line is a FEN (a full one, or EPD's
//! four fields followed by operations such as `bm e4; id "name";`); empty lines and lines
//! starting with `#` are skipped.

use crate::engine::Engine;
use crate::position::Position;
use crate::protocol::Out;
use crate::protocol::uci::{pv_text, score_text};
use crate::search::Limits;

/// A position of the file: its FEN (counters added where EPD has none) and its name.
#[derive(Debug, PartialEq, Eq)]
pub struct EpdLine {
    pub fen: String,
    pub id: Option<String>,
}

/// Reads one line: the longest prefix of 6, 5 or 4 fields that is a position of the
/// variant, then EPD's `id` operation if there is one.
pub fn parse_line(engine: &Engine, line: &str) -> Result<EpdLine, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut first_error = None;
    for n in [6, 5, 4] {
        if fields.len() < n {
            continue;
        }
        let mut fen = fields[..n].join(" ");
        if n == 4 {
            fen.push_str(" 0 1");
        } else if n == 5 {
            fen.push_str(" 1");
        }
        match Position::from_fen(engine.rules.clone(), &fen) {
            Ok(_) => return Ok(EpdLine { fen, id: epd_id(&fields[n.min(fields.len())..].join(" ")) }),
            Err(e) => {
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    Err(first_error.unwrap_or_else(|| "too few fields for a position".into()))
}

/// Why a search found no move to play: the rule that ended the game, if one did.
pub fn no_move_reason(pos: &Position) -> &'static str {
    crate::game_end::terminal(&mut pos.clone()).map(|r| r.reason).unwrap_or("no legal move")
}

/// The text of `id "..."` among EPD operations.
fn epd_id(ops: &str) -> Option<String> {
    ops.split(';').map(str::trim).find_map(|op| op.strip_prefix("id ")).map(|v| v.trim().trim_matches('"').to_string())
}

/// Searches every position of `text` with `limits`, writing one line per position:
/// `NAME<TAB>FEN<TAB>bestmove M score cp S depth D nodes N pv ...` or
/// `NAME<TAB>error: ...`. NAME is the `id` or `line N`. Returns the number of lines refused.
pub fn analyse(engine: &mut Engine, text: &str, limits: &Limits, out: &Out) -> usize {
    let mut refused = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = parse_line(engine, line).and_then(|p| engine.set_position(Some(&p.fen), &[]).map(|()| p));
        let p = match parsed {
            Ok(p) => p,
            Err(e) => {
                refused += 1;
                out.line(&format!("line {}\terror: {e}", i + 1));
                continue;
            }
        };
        let name = p.id.clone().unwrap_or_else(|| format!("line {}", i + 1));
        // Each position on its own, as a new game: no table entries from the one before.
        engine.clear_hash();
        let pos = engine.pos.clone();
        let o = engine.search_sync(limits, &mut |_| {});
        let result = match o.best {
            Some(b) => format!(
                "bestmove {} score {} depth {} nodes {} pv {}",
                pos.move_to_uci(b),
                score_text(o.score),
                o.depth,
                o.nodes,
                pv_text(&pos, &o.pv)
            ),
            None => format!("bestmove (none) ({})", no_move_reason(&pos)),
        };
        out.line(&format!("{name}\t{}\t{}", p.fen, result.trim_end()));
    }
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_fen_lines() {
        let e = Engine::new();
        let l = parse_line(&e, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"open\";").unwrap();
        assert_eq!(l.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(l.id.as_deref(), Some("open"));
        let l = parse_line(&e, "8/8/8/8/8/8/6k1/4K2R w K - 3 40").unwrap();
        assert_eq!((l.fen.as_str(), l.id), ("8/8/8/8/8/8/6k1/4K2R w K - 3 40", None));
        assert!(parse_line(&e, "not a position").is_err());
    }
}
