//! The data file of the tuner: one position and the result of its game per line,
//! `FEN c9 "1-0";` (the EPD opcode `c9` as in the quiet-labeled sets tuners share; the FEN
//! is Kirin's, with its counters), and where a search scored it, that score in centipawns
//! from the side to move (EPD's `ce`): `FEN c9 "1-0"; ce 35;`. The network trainer
//! (`crate::nnue::train`) learns from both. Lines that are empty or start with `#` are
//! skipped.
//!
//! Games of other engines come in as PGN (`from_pgn`): the games of a match against
//! Fairy-Stockfish teach what the stronger engine's results say about a position.

use crate::position::{Position, Rules};
use crate::protocol::pgn_reader::read_games;
use crate::protocol::san::parse_san;
use std::sync::Arc;

/// A position and the result of the game it was played in.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub fen: String,
    /// White's score in that game: 1, 0.5 or 0.
    pub result: f64,
    /// A search's score of the position, centipawns from the side to move (`ce`).
    pub score: Option<i32>,
}

/// The line of `fen` with `result` ("1-0", "0-1" or "1/2-1/2").
pub fn line(fen: &str, result: &str) -> String {
    format!("{fen} c9 \"{result}\";")
}

/// The line of `fen` with `result` and a search's score `ce` (side to move, centipawns).
pub fn scored_line(fen: &str, result: &str, ce: i32) -> String {
    format!("{fen} c9 \"{result}\"; ce {ce};")
}

/// White's score for a PGN result text.
pub fn score_of(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// White's score in a data line: a PGN result, or an expected score from 0 to 1 (a label
/// from an engine's evaluation, `scripts/teacher-labels.py`).
pub fn data_score(result: &str) -> Option<f64> {
    score_of(result).or_else(|| result.parse::<f64>().ok().filter(|x| (0.0..=1.0).contains(x)))
}

/// The result text of White's score `x`: a PGN result where it is one, else the number.
pub fn result_text(x: f64) -> String {
    match x {
        1.0 => "1-0".to_string(),
        0.0 => "0-1".to_string(),
        0.5 => "1/2-1/2".to_string(),
        _ => format!("{x:.4}"),
    }
}

/// The samples of a data file; an error names the first bad line.
pub fn parse(text: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let bad = || {
            format!(
                "line {}: expected 'FEN c9 \"1-0\";' (or a score from 0 to 1), found '{}'",
                i + 1,
                l.chars().take(80).collect::<String>()
            )
        };
        let (fen, rest) = l.split_once(" c9 ").ok_or_else(bad)?;
        let mut ops = rest.split(';').map(str::trim).filter(|o| !o.is_empty());
        let result = ops.next().ok_or_else(bad)?.trim_matches('"');
        let result = data_score(result).ok_or_else(bad)?;
        let mut score = None;
        for op in ops {
            match op.split_once(' ') {
                Some(("ce", v)) => score = Some(v.trim().parse::<i32>().map_err(|_| bad())?),
                _ => return Err(bad()),
            }
        }
        out.push(Sample { fen: fen.trim().to_string(), result, score });
    }
    Ok(out)
}

/// Book plies a PGN game's positions are taken after.
const PGN_SKIP_PLIES: usize = 8;

/// The quiet positions of the games of a PGN text that are games of `rules`' variant
/// (a `Variant` tag naming it, or none for the default variant `default_variant`), with
/// their game's result: after the first `PGN_SKIP_PLIES` plies, each position whose side
/// to move is not in check and whose next move in the game neither captures nor promotes.
/// Returns the samples and a message per game that was skipped.
pub fn from_pgn(rules: &Arc<Rules>, text: &str, default_variant: &str) -> (Vec<Sample>, Vec<String>) {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    let name = &rules.variant.name;
    for (i, game) in read_games(text).iter().enumerate() {
        let variant = game.tag("Variant").unwrap_or(default_variant).to_ascii_lowercase();
        if &variant != name {
            continue;
        }
        let Some(result) = game.tag("Result").and_then(score_of) else {
            skipped.push(format!("game {}: no result", i + 1));
            continue;
        };
        let start = match game.tag("FEN") {
            Some(f) => Position::from_fen(rules.clone(), f).map_err(|e| e.to_string()),
            None => Ok(Position::startpos(rules.clone())),
        };
        let mut pos = match start {
            Ok(p) => p,
            Err(e) => {
                skipped.push(format!("game {}: bad FEN tag: {e}", i + 1));
                continue;
            }
        };
        let mut game_samples = Vec::new();
        let mut failed = None;
        for (ply, text) in game.moves.iter().enumerate() {
            let m = match pos.parse_move(text).map_err(|e| e.to_string()).or_else(|_| parse_san(&pos, text)) {
                Ok(m) => m,
                Err(e) => {
                    failed = Some(format!("game {}: move {} ({text}): {e}", i + 1, ply / 2 + 1));
                    break;
                }
            };
            if ply >= PGN_SKIP_PLIES && !pos.in_check() && !pos.is_capture(m) && m.promotion().is_none() {
                game_samples.push(Sample { fen: pos.fen(), result, score: None });
            }
            pos.make_move(m);
        }
        match failed {
            Some(e) => skipped.push(e),
            None => out.extend(game_samples),
        }
    }
    (out, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_are_named() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let text = format!("# comment\n\n{}\n{}\n", line(fen, "1-0"), line(fen, "1/2-1/2"));
        let s = parse(&text).unwrap();
        assert_eq!(
            s,
            vec![
                Sample { fen: fen.into(), result: 1.0, score: None },
                Sample { fen: fen.into(), result: 0.5, score: None }
            ]
        );
        let scored = parse(&scored_line(fen, "0-1", -35)).unwrap();
        assert_eq!(scored, vec![Sample { fen: fen.into(), result: 0.0, score: Some(-35) }]);
        assert!(parse(&format!("{fen} c9 \"1-0\"; ce x;")).is_err());
        assert!(parse(&format!("{fen} c9 \"1-0\"; zz 3;")).is_err());
        assert!(parse("x y z\n").unwrap_err().starts_with("line 1:"));
        assert!(parse(&format!("{fen} c9 \"2-0\";")).is_err());
    }

    #[test]
    fn expected_scores_are_read_and_written_back() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let s = parse(&format!("{fen} c9 \"0.6545\";\n{fen} c9 \"0\";\n")).unwrap();
        assert_eq!(s[0].result, 0.6545);
        assert_eq!(s[1].result, 0.0);
        assert_eq!(line(fen, &result_text(s[0].result)), format!("{fen} c9 \"0.6545\";"));
        assert_eq!(result_text(0.0), "0-1");
        assert_eq!(result_text(0.5), "1/2-1/2");
        // Scores outside 0..1 are refused.
        assert!(parse(&format!("{fen} c9 \"1.5\";")).is_err());
        assert!(parse(&format!("{fen} c9 \"-0.1\";")).is_err());
        assert!(parse(&format!("{fen} c9 \"NaN\";")).is_err());
    }

    #[test]
    fn pgn_games_give_their_quiet_positions() {
        let rules = crate::catalog::Catalog::embedded().get("chess").unwrap();
        // Eight plies are skipped, then 5. O-O (quiet: kept), 5... d6 (kept), 6. Bxf7+ (a
        // capture: not), 6... Kxf7 (in check: not), 7. Ng5+ (kept), 7... Kg8 (in check: not).
        let pgn = "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 Nf6 5. O-O d6 6. Bxf7+ Kxf7 7. Ng5+ Kg8 1-0\n\n\
                   [Event \"u\"]\n[Variant \"courier\"]\n[Result \"0-1\"]\n\n1. a4 0-1\n\n\
                   [Event \"v\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
                   [Event \"w\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n";
        let (samples, skipped) = from_pgn(&rules, pgn, "chess");
        assert_eq!(samples.len(), 3, "{samples:?} {skipped:?}");
        assert!(samples.iter().all(|s| s.result == 1.0));
        assert!(
            samples[0].fen.starts_with("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w"),
            "{}",
            samples[0].fen
        );
        assert_eq!(skipped.len(), 2, "{skipped:?}");
        assert!(skipped[0].starts_with("game 3: no result"));
        assert!(skipped[1].starts_with("game 4: move 2 (Ke3)"), "{}", skipped[1]);
    }
}
