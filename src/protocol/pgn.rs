//! PGN of a game Kirin played itself (`kirin analyse --play --pgn FILE`). Moves are in the
//! engine's coordinate notation (`e2e4`, `b2h8+`, `e5f6,f6g7`): there is no SAN for most of
//! its variants, and XBoard and python-chess read coordinate moves in PGN.

/// The PGN text of one game from `start_fen` (with the `Variant`, `SetUp` and `FEN` tags
/// where the game is not chess from its start), ending with a blank line.
pub fn game(variant: &str, start_fen: &str, standard_start: bool, moves: &[String], result: &str, why: &str) -> String {
    let date = today();
    let mut tags = vec![
        ("Event", "Kirin self-play".to_string()),
        ("Site", "?".to_string()),
        ("Date", date),
        ("Round", "1".to_string()),
        ("White", "Kirin".to_string()),
        ("Black", "Kirin".to_string()),
        ("Result", result.to_string()),
    ];
    if variant != "chess" {
        tags.push(("Variant", variant.to_string()));
    }
    if variant != "chess" || !standard_start {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", start_fen.to_string()));
    }
    tags.push(("PlyCount", moves.len().to_string()));
    let mut out: String = tags.iter().map(|(k, v)| format!("[{k} \"{}\"]\n", escape(v))).collect();
    out.push('\n');
    let fields: Vec<&str> = start_fen.split_whitespace().collect();
    let mut white = fields.get(1) != Some(&"b");
    let mut number: u64 = fields.last().and_then(|f| f.parse().ok()).unwrap_or(1);
    let mut tokens = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    if !why.is_empty() {
        tokens.push(format!("{{{}}}", why.replace('}', ")")));
    }
    tokens.push(result.to_string());
    // Lines of at most 79 characters, as the PGN standard asks.
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC), from the system clock.
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game() {
        let moves: Vec<String> = ["f2f3", "e7e5", "g2g4", "d8h4"].iter().map(|s| s.to_string()).collect();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let text = game("chess", start, true, &moves, "0-1", "Black mates");
        assert!(text.contains("[Result \"0-1\"]\n"));
        assert!(!text.contains("[FEN"));
        assert!(text.ends_with("\n1. f2f3 e7e5 2. g2g4 d8h4 {Black mates} 0-1\n\n"), "{text}");
        let text = game("shogi-like", "x b - 0 7", false, &moves[..1], "*", "");
        assert!(text.contains("[Variant \"shogi-like\"]\n[SetUp \"1\"]\n[FEN \"x b - 0 7\"]\n"));
        assert!(text.ends_with("\n7... f2f3 *\n\n"), "{text}");
    }

    #[test]
    fn dates() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"), "{d}");
    }
}
