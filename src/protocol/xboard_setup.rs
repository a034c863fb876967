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
            let free = |s: usize| table[s].is_none() && table[s + 11].is_none();
            let slot = if hinted_pass {
                hint_slot(&v.pieces[b].name).filter(|&s| s < 11 && free(s))
            } else {
                (0..11).find(|&s| free(s))
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
        if let Some(s) = (0..KING_SLOT).find(|&s| table[s].is_none()) {
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
}
