//! `kirin analyse --epd FILE`: every position of a file searched with the same limits, one
//! result line each, for test suites and batch work. A line is a FEN (a full one, or EPD's
//! four fields followed by operations such as `bm e4; id "name";`); empty lines and lines
//! starting with `#` are skipped. `kirin analyse --games FILE` does the same for the last
//! position of every game of a PGN file.

use crate::engine::Engine;
use crate::position::Position;
use crate::protocol::Out;
use crate::protocol::pgn_reader::{PgnGame, read_games};
use crate::protocol::san::parse_san;
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
        out.line(&format!("{name}\t{}\t{}", p.fen, search_result(engine, limits)));
    }
    refused
}

/// Searches the engine's position as a new game (no table entries from the one before):
/// `bestmove M score S depth D nodes N pv ...`, or why there is no move.
fn search_result(engine: &mut Engine, limits: &Limits) -> String {
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
    result.trim_end().to_string()
}

/// Searches the last position of every game of the PGN `text` with `limits`, one line per
/// game: `game N<TAB>FEN<TAB>bestmove ...`, or `game N<TAB>error: ...`. A game is played in
/// the variant of its `Variant` tag (else the engine's), from its `FEN` tag (else the
/// start); its moves may be coordinates or SAN. Returns the number of games refused.
pub fn analyse_games(engine: &mut Engine, text: &str, limits: &Limits, out: &Out) -> usize {
    let mut refused = 0;
    let default_variant = engine.rules.variant.name.clone();
    for (i, game) in read_games(text).iter().enumerate() {
        let name = format!("game {}", i + 1);
        match replay(engine, game, &default_variant) {
            Ok(()) => {
                let fen = engine.pos.fen();
                out.line(&format!("{name}\t{fen}\t{}", search_result(engine, limits)));
            }
            Err(e) => {
                refused += 1;
                out.line(&format!("{name}\terror: {e}"));
            }
        }
    }
    refused
}

/// Sets the engine to the end of `game`: its variant, start and moves.
fn replay(engine: &mut Engine, game: &PgnGame, default_variant: &str) -> Result<(), String> {
    let variant = game.tag("Variant").map_or(default_variant.to_string(), |v| v.to_ascii_lowercase());
    if engine.rules.variant.name != variant {
        engine.set_variant(&variant)?;
    }
    let rules = engine.rules.clone();
    let mut pos = match game.tag("FEN") {
        Some(f) => Position::from_fen(rules, f).map_err(|e| format!("bad FEN tag: {e}"))?,
        None => Position::startpos(rules),
    };
    let start = pos.fen();
    let mut texts = Vec::with_capacity(game.moves.len());
    for (ply, text) in game.moves.iter().enumerate() {
        let m = pos
            .parse_move(text)
            .or_else(|_| parse_san(&pos, text))
            .map_err(|e| format!("move {} ({}{text}): {e}", ply / 2 + 1, if ply % 2 == 0 { "" } else { "..." }))?;
        texts.push(pos.move_to_uci(m));
        pos.make_move(m);
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    engine.set_position(Some(&start), &refs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last position of each game, in SAN (as match.py writes chess and courier) or
    /// coordinates (Kirin's own PGN), in the variant of its tag; a bad game is refused
    /// alone.
    #[test]
    fn games_of_a_pgn_file() {
        let pgn = "[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
                   [Variant \"courier\"]\n\n1. Eh3 Eh6 *\n\n\
                   [Variant \"shortsliders\"]\n[FEN \"not a position\"]\n\n1. c4c5 *\n\n\
                   [Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n";
        struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
        impl std::io::Write for Sink {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut e = Engine::new();
        let bytes = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let out = Out::new(Box::new(Sink(bytes.clone())));
        let limits = Limits { depth: Some(1), ..Limits::default() };
        let refused = analyse_games(&mut e, pgn, &limits, &out);
        let text = String::from_utf8(bytes.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(refused, 2, "{lines:?}");
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(
            lines[0].starts_with("game 1\tr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\tbestmove ")
        );
        // Courier's Alfils j1-h3 and j8-h6 (rules.md §7: E is the (2,2) leaper).
        assert!(
            lines[1].starts_with(
                "game 2\trnebmk1wb1nr/1ppppp1pppp1/6fe4/p5p4p/P5P4P/6FE4/1PPPPP1PPPP1/RNEBMK1WB1NR w - - 2 2\tbestmove "
            ),
            "{lines:?}"
        );
        assert!(lines[2].starts_with("game 3\terror: bad FEN tag"), "{lines:?}");
        assert_eq!(lines[3], "game 4\terror: move 2 (Ke3): no legal move is 'Ke3'");
    }

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
