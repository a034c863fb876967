//! What XBoard needs to host an engine-defined variant: the `setup` line (piece-to-char
//! table, board size, parent variant, start FEN) and one `piece` line per piece type with
//! its XBetza moves, all generated from the same `variants.ini` data the engine plays with.
//!
//! XBoard 4.9.1 has 66 piece types per colour (`ChessSquare` in common.h); the position of
//! a letter in the table picks the piece image, the last letter of each half is the King.
//! Each of our types gets the slot whose image fits its name best, else the first free
//! one; shogi-style promoted types (`+X`) are written `^X` ("promoted partner of X").

use crate::variant::Variant;

/// XBoard's piece types in table order (slot index = position).
const SLOTS: [&str; 66] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "ferz",
    "alfil",
    "angel",
    "marshall",
    "wazir",
    "man",
    "cannon",
    "nightrider",
    "cardinal",
    "dragon",
    "grasshopper",
    "silver",
    "falcon",
    "lance",
    "cobra",
    "unicorn",
    "lion",
    "sword",
    "zebra",
    "camel",
    "tower",
    "wolf",
    "hat",
    "duck",
    "amazon",
    "flying",
    "gnu",
    "cub",
    "shield",
    "horse",
    "wizard",
    "copper",
    "iron",
    "viking",
    "flag",
    "axe",
    "dolphin",
    "cat",
    "claw",
    "wheel",
    "butterfly",
    "pbishop",
    "prook",
    "hcrown",
    "shierd",
    "monarch",
    "mother",
    "nothing",
    "drunk",
    "wheer",
    "tokin",
    "pknight",
    "pcardinal",
    "pdragon",
    "plance",
    "psilver",
    "dagger",
    "psword",
    "pdagger",
    "crown",
    "king",
];
const KING_SLOT: usize = 65;
/// XBoard 4.9.1 treats whatever stands in these two slots as a Pawn or a Lance: any move of
/// it onto the last rank is a promotion (moves.c `MovesFromString`), and when the engine
/// writes no suffix XBoard adds its Queen-slot letter (parser.c) and turns the piece into
/// that type (backend.c `ApplyMove`). Only pieces named pawn or lance may take them.
const PAWN_SLOT: usize = 0;
const LANCE_SLOT: usize = 18;
/// XBoard 4.9.1's own piece-to-char table for its built-in `chu` (common.h): the Pawn in
/// slot 0, the Lance in slot 18.
const CHU_BUILTIN_TABLE: &str = "P.BRQSEXOG...HD..^DLI^HNV........^T..^L.C...A^AFT/^F^G^M.^E^X^O^I.^P.^B^R..M^S^C^VK";

/// Our piece names (or parts of them) that should use a particular XBoard image.
const NAME_HINTS: &[(&str, &str)] = &[
    ("pawn", "pawn"),
    ("knight", "knight"),
    ("courier", "bishop"),
    ("bishop", "bishop"),
    ("rook", "rook"),
    ("queen", "queen"),
    ("fers", "ferz"),
    ("ferz", "ferz"),
    ("general", "ferz"),
    ("alfil", "alfil"),
    ("elephant", "alfil"),
    ("archbishop", "angel"),
    ("unicorn", "angel"),
    ("chancellor", "marshall"),
    ("marshall", "marshall"),
    ("counsellor", "cardinal"),
    ("wazir", "wazir"),
    ("sneak", "wazir"),
    ("man", "man"),
    ("commoner", "man"),
    ("fool", "man"),
    ("cannon", "cannon"),
    ("nightrider", "nightrider"),
    ("dragon-king", "dragon"),
    ("dragon-horse", "pbishop"),
    ("grasshopper", "grasshopper"),
    ("silver", "silver"),
    ("gold", "wazir"),
    ("falcon", "falcon"),
    ("lance", "lance"),
    ("lion", "lion"),
    ("zebra", "zebra"),
    ("camel", "camel"),
    ("gnu", "gnu"),
    ("dolphin", "dolphin"),
    ("crown-prince", "crown"),
    ("prince", "crown"),
    ("tokin", "tokin"),
    ("adventitious-king", "man"),
    ("bodyguard", "man"),
    ("warlord", "marshall"),
    ("gleeman", "wizard"),
];

fn slot_of(name: &str) -> Option<usize> {
    SLOTS.iter().position(|s| *s == name)
}

/// The XBoard image slot whose name fits a piece name best.
fn hint_slot(name: &str) -> Option<usize> {
    let hint =
        NAME_HINTS.iter().find(|(n, _)| name == *n).or_else(|| NAME_HINTS.iter().find(|(n, _)| name.contains(n)));
    hint.and_then(|(_, img)| slot_of(img))
}

/// Table letter(s) of a token without the `+` (the letter and its `'`/`!` mark).
fn letters(token: &str) -> &str {
    token.trim_start_matches('+')
}

/// The piece-to-char table for `v`, one half per colour.
pub fn piece_to_char(v: &Variant) -> String {
    let mut table: Vec<Option<String>> = vec![None; SLOTS.len()];
    let mut placed = vec![false; v.pieces.len()];
    // The first royal (preferably 'K') takes the King slot.
    let king = v
        .pieces
        .iter()
        .position(|p| p.royal && p.token == "K")
        .or_else(|| v.pieces.iter().position(|p| p.royal && p.base.is_none()));
    if let Some(k) = king {
        table[KING_SLOT] = Some(letters(&v.pieces[k].token).to_string());
        placed[k] = true;
    }
    // Shogi-style pairs: XBoard pairs slot i (< 11) with its promoted partner in slot i + 11
    // (the default `promoPartner`), which its shogi parent uses for '+' promotions.
    for hinted_pass in [true, false] {
        for (i, p) in v.pieces.iter().enumerate() {
            let Some(b) = p.base else { continue };
            let b = b as usize;
            if placed[i] || placed[b] {
                continue;
            }
            // Slot 7's partner is the Lance slot, where a promoted piece would be taken for
            // a Lance.
            let free = |s: usize| s + 11 != LANCE_SLOT && table[s].is_none() && table[s + 11].is_none();
            let slot = if hinted_pass {
                hint_slot(&v.pieces[b].name).filter(|&s| s < 11 && free(s))
            } else {
                (0..11).find(|&s| s != PAWN_SLOT && free(s))
            };
            if let Some(s) = slot {
                table[s] = Some(letters(&v.pieces[b].token).to_string());
                table[s + 11] = Some("+".into());
                placed[b] = true;
                placed[i] = true;
            }
        }
    }
    // Named images next.
    for (i, p) in v.pieces.iter().enumerate() {
        if placed[i] || p.base.is_some() {
            continue;
        }
        if let Some(s) = hint_slot(&p.name)
            && table[s].is_none()
            && s != KING_SLOT
        {
            table[s] = Some(entry(v, i));
            placed[i] = true;
        }
    }
    // Everything else: first free slot.
    for (i, done) in placed.iter_mut().enumerate() {
        if *done {
            continue;
        }
        if let Some(s) = (0..KING_SLOT).find(|&s| table[s].is_none() && s != PAWN_SLOT && s != LANCE_SLOT) {
            table[s] = Some(entry(v, i));
            *done = true;
        }
    }
    let used = (0..KING_SLOT).rev().find(|&s| table[s].is_some()).map(|s| s + 1).unwrap_or(0).max(5);
    let half = |black: bool| -> String {
        let mut h = String::new();
        for cell in table.iter().take(used) {
            match cell {
                None => h.push('.'),
                Some(c) => h.push_str(&if black { c.to_ascii_lowercase() } else { c.clone() }),
            }
        }
        let k = table[KING_SLOT].clone().unwrap_or_else(|| ".".into());
        h.push_str(&if black { k.to_ascii_lowercase() } else { k });
        h
    };
    format!("{}{}", half(false), half(true))
}

/// The piece tokens of one colour's half of a piece-to-char table, slot by slot, read as
/// XBoard's `SetCharTableEsc` does: `.` unused, `+` the promoted form of the type 11 slots
/// before, `^X` the promoted form of X, a letter with an optional `'`/`!` mark, and `/`
/// jumping to XBoard's promoted-piece slots (`WhitePBishop` = 46). The King slot (the last
/// letter) is not included.
fn table_tokens(half: &str) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = Vec::new();
    let mut chars = half.chars().peekable();
    while let Some(c) = chars.next() {
        if chars.peek().is_none() {
            break; // the King
        }
        let token = match c {
            '/' => {
                out.resize(out.len().max(46), None);
                continue;
            }
            '.' => None,
            '+' => out.len().checked_sub(11).and_then(|b| out[b].clone()).map(|t| format!("+{t}")),
            '^' => chars.next().map(|x| format!("+{x}")),
            x => Some(x.to_string()),
        };
        let token = token.map(|mut t| {
            if let Some(&m) = chars.peek()
                && (m == '\'' || m == '!')
            {
                t.push(m);
                chars.next();
            }
            t
        });
        out.push(token);
    }
    out
}

/// White tokens of the pieces XBoard 4.9.1 takes for Pawns or Lances in `v` (slots 0 and
/// 18 of the table it uses: its own for a built-in variant, else ours). A move of one of
/// them onto the last rank without a promotion suffix is misread by XBoard as a promotion
/// to its Queen-slot piece, so such moves must not be played under XBoard.
pub fn xboard_pawn_like(v: &Variant) -> Vec<String> {
    let table = match v.xboard_name.as_deref() {
        Some("chu") => CHU_BUILTIN_TABLE.to_string(),
        Some("normal" | "shatranj" | "courier") => "PK".to_string(), // the Pawn in slot 0
        _ => {
            let t = piece_to_char(v);
            t[..t.len() / 2].to_string()
        }
    };
    let tokens = table_tokens(&table);
    [PAWN_SLOT, LANCE_SLOT].iter().filter_map(|&s| tokens.get(s).cloned().flatten()).collect()
}

fn entry(v: &Variant, i: usize) -> String {
    let p = &v.pieces[i];
    match p.base {
        Some(b) => format!("^{}", letters(&v.pieces[b as usize].token)),
        None => letters(&p.token).to_string(),
    }
}

/// Parent variant for the setup line: shogi-style promotions need XBoard's shogi parent.
pub fn parent(v: &Variant) -> String {
    if let Some(p) = &v.xboard_parent {
        return p.clone();
    }
    if v.pieces.iter().any(|p| p.token.starts_with('+')) { "shogi".into() } else { "fairy".into() }
}

/// The `piece` lines, and the tokens of pieces XBetza cannot describe to XBoard.
pub fn piece_lines(v: &Variant) -> (Vec<String>, Vec<String>) {
    let mut lines = Vec::new();
    let mut missing = Vec::new();
    for p in &v.pieces {
        // What XBetza can say goes in the line (the King's castling, say, even when its
        // once-per-game knight move cannot be said); the rest is left to highlights.
        let parts: Vec<String> = p.moves.iter().filter_map(|m| m.xboard.clone()).collect();
        if !parts.is_empty() {
            lines.push(format!("piece {}& {}", p.token, parts.concat()));
        }
        if parts.len() < p.moves.len() || p.moves.is_empty() {
            missing.push(p.token.clone());
        }
    }
    (lines, missing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn tables() {
        let c = Catalog::embedded();
        let v = &c.get("courier-modern").unwrap().variant;
        let t = piece_to_char(v);
        assert_eq!(t.len() % 2, 0);
        let (w, b) = t.split_at(t.len() / 2);
        assert!(w.ends_with('K') && b.ends_with('k'));
        assert!(w.starts_with("PNBRQ"), "{t}");
        let v = &c.get("shoshogi").unwrap().variant;
        let t = piece_to_char(v);
        // Like Fairy-Stockfish's table: promoted forms 11 slots after their base pieces.
        assert_eq!(t, "PNBRLSE..G.+++++++Kpnbrlse..g.+++++++k");
        assert_eq!(parent(v), "shogi");
        let (lines, missing) = piece_lines(v);
        assert!(missing.is_empty());
        assert!(lines.contains(&"piece +E& K".to_string()), "{lines:?}");
        assert!(lines.contains(&"piece N& fN".to_string()), "{lines:?}");
    }

    /// XBoard 4.9.1 takes the pieces in slots 0 and 18 for a Pawn and a Lance (see
    /// `PAWN_SLOT`). In Chu Shogi our table once put the promoted Silver (a Vertical Mover)
    /// in slot 18: its step onto the last rank came back from XBoard as `f11f12f`.
    #[test]
    fn pawn_and_lance_slots() {
        let c = Catalog::embedded();
        for name in c.names() {
            let v = &c.get(&name).unwrap().variant;
            let t = piece_to_char(v);
            let tokens = table_tokens(&t[..t.len() / 2]);
            for (slot, word) in [(PAWN_SLOT, "pawn"), (LANCE_SLOT, "lance")] {
                if let Some(Some(tok)) = tokens.get(slot) {
                    let p = v.pieces.iter().find(|p| &p.token == tok).unwrap_or_else(|| panic!("{name}: {tok}"));
                    assert!(p.name.contains(word), "{name}: slot {slot} holds {tok} ({})", p.name);
                }
            }
        }
        let chu = &c.get("chushogi").unwrap().variant;
        assert_eq!(xboard_pawn_like(chu), vec!["P".to_string()]);
        // XBoard's own chu table: Pawn and Lance.
        assert_eq!(xboard_pawn_like(&c.get("chu").unwrap().variant), vec!["P".to_string(), "L".to_string()]);
        // The table reader follows `+` (11 slots back), `^X` and dressed letters.
        let t = table_tokens("PNB'..+..^B.K");
        assert_eq!(t[0].as_deref(), Some("P"));
        assert_eq!(t[2].as_deref(), Some("B'"));
        assert_eq!(t[5].as_deref(), None); // 11 slots back does not exist
        assert_eq!(t[8].as_deref(), Some("+B"));
        assert_eq!(t.len(), 10);
    }
}
