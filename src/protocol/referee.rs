//! `kirin referee`: Kirin's rules as a referee process for match runners
//! (`scripts/match.py --referee kirin`), for the variants no other referee knows.
//!
//! One request per line, `VARIANT<TAB>FEN<TAB>MOVES` (FEN may be `startpos`, MOVES is a
//! space-separated list, possibly empty), and one line of JSON per answer:
//!
//! ```text
//! {"fen":"...","legal":["e2e4",...],"check":false,"over":null}
//! {"fen":"...","legal":[],"check":true,"over":{"result":"0-1","reason":"Black mates"}}
//! {"error":"illegal move 'e2e5' after 0 moves"}
//! ```
//!
//! `over` is the end by any rule of the variant (mate, stalemate, the variant's own
//! ends, the n-move rule, repetition), applied at once as a referee must.

use crate::catalog::Catalog;
use crate::position::Position;

/// The JSON answer to one request line.
pub fn answer(cat: &Catalog, line: &str) -> String {
    match judge(cat, line) {
        Ok(s) => s,
        Err(e) => error(&e),
    }
}

/// An error answer.
pub fn error(msg: &str) -> String {
    format!("{{\"error\":{}}}", json_string(msg))
}

fn judge(cat: &Catalog, line: &str) -> Result<String, String> {
    let mut fields = line.split('\t');
    let variant = fields.next().unwrap_or_default().trim();
    let fen = fields.next().ok_or("expected VARIANT<TAB>FEN<TAB>MOVES")?.trim();
    let moves = fields.next().unwrap_or_default();
    if fields.next().is_some() {
        return Err("more than three tab-separated fields".into());
    }
    let rules = cat.get(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    let mut pos = if fen == "startpos" {
        Position::startpos(rules)
    } else {
        Position::from_fen(rules, fen).map_err(|e| format!("bad FEN: {e}"))?
    };
    for (i, text) in moves.split_whitespace().enumerate() {
        let m = pos.parse_move(text).map_err(|e| format!("{e} after {i} moves"))?;
        pos.make_move(m);
    }
    let legal: Vec<String> = pos.legal_moves().into_iter().map(|m| json_string(&pos.move_to_uci(m))).collect();
    let over = match crate::game_end::game_over(&pos) {
        Some(f) => format!("{{\"result\":\"{}\",\"reason\":{}}}", f.result, json_string(&f.comment)),
        None => "null".into(),
    };
    Ok(format!(
        "{{\"fen\":{},\"legal\":[{}],\"check\":{},\"over\":{over}}}",
        json_string(&pos.fen()),
        legal.join(","),
        pos.in_check()
    ))
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_errors() {
        let cat = Catalog::embedded();
        let a = answer(&cat, "chess\tstartpos\tf2f3 e7e5 g2g4 d8h4");
        assert!(a.contains("\"legal\":[]") && a.contains("\"check\":true"), "{a}");
        assert!(a.contains("\"over\":{\"result\":\"0-1\",\"reason\":\"Black mates\"}"), "{a}");
        let a = answer(&cat, "chess\tstartpos\t");
        assert!(a.contains("\"e2e4\"") && a.ends_with("\"over\":null}"), "{a}");
        assert_eq!(answer(&cat, "chess\tstartpos\te2e5"), "{\"error\":\"illegal move 'e2e5' after 0 moves\"}");
        assert!(answer(&cat, "nosuch\tstartpos\t").starts_with("{\"error\":\"unknown variant"));
        assert!(answer(&cat, "garbage").starts_with("{\"error\":"));
        assert_eq!(json_string("a\"b\\\n"), "\"a\\\"b\\\\\\u000a\"");
    }
}
