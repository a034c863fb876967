//! The data file of the tuner: one position and the result of its game per line,
//! `FEN c9 "1-0";` (the EPD opcode `c9` as in the quiet-labeled sets tuners share; the FEN
//! is Kirin's, with its counters). Lines that are empty or start with `#` are skipped.

/// A position and the result of the game it was played in.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub fen: String,
    /// White's score in that game: 1, 0.5 or 0.
    pub result: f64,
}

/// The line of `fen` with `result` ("1-0", "0-1" or "1/2-1/2").
pub fn line(fen: &str, result: &str) -> String {
    format!("{fen} c9 \"{result}\";")
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

/// The samples of a data file; an error names the first bad line.
pub fn parse(text: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let bad = || {
            format!("line {}: expected 'FEN c9 \"1-0\";', found '{}'", i + 1, l.chars().take(80).collect::<String>())
        };
        let (fen, rest) = l.split_once(" c9 ").ok_or_else(bad)?;
        let result = rest.trim().trim_end_matches(';').trim().trim_matches('"');
        let result = score_of(result).ok_or_else(bad)?;
        out.push(Sample { fen: fen.trim().to_string(), result });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_are_named() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let text = format!("# comment\n\n{}\n{}\n", line(fen, "1-0"), line(fen, "1/2-1/2"));
        let s = parse(&text).unwrap();
        assert_eq!(s, vec![Sample { fen: fen.into(), result: 1.0 }, Sample { fen: fen.into(), result: 0.5 }]);
        assert!(parse("x y z\n").unwrap_err().starts_with("line 1:"));
        assert!(parse(&format!("{fen} c9 \"2-0\";")).is_err());
    }
}
