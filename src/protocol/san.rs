//! Reading a move written in Standard Algebraic Notation (`Nf3`, `exd5`, `e8=Q+`, `O-O`,
//! `Rad1`, `a7a8F`) by matching it against the legal moves, as the PGN of GUIs and match
//! runners writes them for chess-like variants. Letters are the variant's FEN tokens;
//! pawns (the variant's `pawn` pieces) have none. Lenient the way readers of PGN are:
//! `x`, `-`, `=`, check and annotation marks may be present or not, and a disambiguation
//! may say more than needed. A trailing `+` that could be a shogi promotion prefers the
//! promoting move.

use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// The legal move `text` names in `pos`, or why none or several do.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, String> {
    if let Some(western) = from_numeric_shogi(pos, text) {
        return parse_san(pos, &western).map_err(|e| e.replace(&format!("'{western}'"), &format!("'{text}'")));
    }
    let mut s = text.trim().trim_end_matches(['!', '?', '#']).to_string();
    let plus = s.ends_with('+');
    let s_no_plus = s.trim_end_matches('+').to_string();
    let legal = pos.clone().legal_moves();
    let castle = s_no_plus.replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        let kingside = castle == "O-O";
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.kind == MoveKind::Castle && (m.to.file() > m.from.file()) == kingside)
            .collect();
        return unique(found, text);
    }
    s = s_no_plus;
    // Promotion: `=X` or a letter after the destination (`a8Q`).
    let mut promo: Option<String> = None;
    if let Some((head, tail)) = s.split_once('=') {
        promo = Some(tail.to_ascii_lowercase());
        s = head.to_string();
    } else if s.ends_with(|c: char| c.is_ascii_uppercase()) && s.len() > 2 {
        let cut = s.trim_end_matches(|c: char| c.is_ascii_uppercase()).len();
        promo = Some(s[cut..].to_ascii_lowercase());
        s.truncate(cut);
    }
    // The moving piece: the leading token (`N`, `+R`, `N'`), none for a pawn.
    let piece_len = piece_prefix_len(&s);
    let piece = s[..piece_len].to_string();
    let rest: String = s[piece_len..].chars().filter(|&c| c != 'x' && c != '-' && c != ':').collect();
    // The destination: the last letter-and-digits square; what precedes it hints at the origin.
    let Some(dest_at) = rest.rfind(|c: char| c.is_ascii_lowercase()) else {
        return Err(format!("'{text}' is not a move"));
    };
    let (hint, dest) = rest.split_at(dest_at);
    if dest.len() < 2 || !dest[1..].chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("'{text}' is not a move"));
    }
    let v = pos.variant();
    let mut found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            let def = &v.pieces[pos.piece_at(m.from).kind() as usize];
            let letter_ok = if piece.is_empty() { def.pawn } else { def.token == piece };
            let from = m.from.to_string();
            letter_ok && m.to.to_string() == dest && hint_fits(hint, &from)
        })
        .collect();
    let suffix = |m: &Move| {
        let t = pos.move_to_uci(*m);
        let base = format!("{}{}", m.from, m.to);
        t.strip_prefix(&base).unwrap_or("").to_string()
    };
    // The letter of the piece a move promotes to (written or not: a forced promotion has
    // no suffix in coordinate notation).
    let promoted = |m: &Move| m.promotion().map(|t| v.pieces[t as usize].suffix_letter());
    if let Some(p) = &promo {
        found.retain(|m| promoted(m).as_deref() == Some(p.trim_start_matches('+')));
    } else if found.len() > 1 {
        // Several moves differ only in promoting: `+` asks for the promotion (shogi), its
        // absence for the plain move.
        let promoting: Vec<Move> = found.iter().copied().filter(|m| suffix(m) == "+").collect();
        let plain: Vec<Move> = found.iter().copied().filter(|m| suffix(m).is_empty()).collect();
        if plus && !promoting.is_empty() {
            found = promoting;
        } else if !plain.is_empty() {
            found = plain;
        }
    }
    unique(found, text)
}

/// Shogi's numeric notation on boards of up to 9x9, as Fairy-Stockfish writes SAN there:
/// `P-26`, `G49-58`, `Bx33+`, `S-23=`. Files count from the right and ranks from the top
/// (the second player's side), so `26` is our h4 on 9x9. Returns the same move in the
/// letters-and-ranks form (`Ph4`, `Gf1e2`, `Bg7+`, `Sh7`), or None for other text.
fn from_numeric_shogi(pos: &Position, text: &str) -> Option<String> {
    let v = pos.variant();
    if v.files > 9 || v.ranks > 9 {
        return None;
    }
    let t = text.trim().trim_end_matches(['!', '?', '#']);
    let (t, suffix) = match t.strip_suffix('+') {
        Some(rest) => (rest, "+"),
        None => (t.strip_suffix('=').unwrap_or(t), ""),
    };
    let piece_len = piece_prefix_len(t);
    let (piece, rest) = t.split_at(piece_len);
    let sep = rest.find(['-', 'x', '*'])?;
    let (origin, dest) = (&rest[..sep], &rest[sep + 1..]);
    if piece.is_empty() || rest.as_bytes()[sep] == b'*' {
        return None; // drops are no move of Kirin's variants
    }
    let square = |d: &str| -> Option<String> {
        let b = d.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
            return None;
        }
        let (file, rank) = (b[0] - b'0', b[1] - b'0');
        if !(1..=v.files).contains(&file) || !(1..=v.ranks).contains(&rank) {
            return None;
        }
        Some(format!("{}{}", (b'a' + v.files - file) as char, v.ranks - rank + 1))
    };
    let origin = if origin.is_empty() { String::new() } else { square(origin)? };
    Some(format!("{piece}{origin}{}{suffix}", square(dest)?))
}

/// The length of the piece token at the start of a SAN move: `+`, an upper-case letter,
/// and `'` or `!` after it; 0 for a pawn move.
fn piece_prefix_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'+'));
    if i < b.len() && b[i].is_ascii_uppercase() {
        i += 1;
        if i < b.len() && (b[i] == b'\'' || b[i] == b'!') {
            i += 1;
        }
        i
    } else {
        0
    }
}

/// Does the disambiguation `hint` (a file, a rank, or a square) fit the origin `from`?
fn hint_fits(hint: &str, from: &str) -> bool {
    if hint.is_empty() {
        return true;
    }
    let file: String = hint.chars().filter(|c| c.is_ascii_lowercase()).collect();
    let rank: String = hint.chars().filter(|c| c.is_ascii_digit()).collect();
    let from_file: String = from.chars().filter(|c| c.is_ascii_lowercase()).collect();
    let from_rank: String = from.chars().filter(|c| c.is_ascii_digit()).collect();
    (file.is_empty() || file == from_file) && (rank.is_empty() || rank == from_rank)
}

fn unique(found: Vec<Move>, text: &str) -> Result<Move, String> {
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(format!("no legal move is '{text}'")),
        n => Err(format!("'{text}' is ambiguous ({n} legal moves)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn pos(variant: &str, fen: Option<&str>) -> Position {
        let rules = Catalog::embedded().get(variant).unwrap();
        match fen {
            Some(f) => Position::from_fen(rules, f).unwrap(),
            None => Position::startpos(rules),
        }
    }

    fn uci(p: &Position, san: &str) -> String {
        p.move_to_uci(parse_san(p, san).unwrap_or_else(|e| panic!("{san}: {e}")))
    }

    #[test]
    fn chess_moves() {
        let start = pos("chess", None);
        assert_eq!(uci(&start, "e4"), "e2e4");
        assert_eq!(uci(&start, "Nf3"), "g1f3");
        assert_eq!(uci(&start, "Ng1-f3"), "g1f3");
        assert!(parse_san(&start, "Ke2").is_err());
        assert!(parse_san(&start, "Qd4").is_err());
        // Both knights reach d2: only a hint (file, rank or square) tells them apart.
        let p = pos("chess", Some("r3k2r/8/8/3p4/4P3/5N2/8/RN1QK2R w KQkq - 0 1"));
        assert!(parse_san(&p, "Nd2").unwrap_err().contains("ambiguous"));
        assert_eq!(uci(&p, "Nbd2"), "b1d2");
        assert_eq!(uci(&p, "N3d2"), "f3d2");
        assert_eq!(uci(&p, "Nf3xd2"), "f3d2");
        assert_eq!(uci(&p, "exd5"), "e4d5");
        assert_eq!(uci(&p, "O-O"), "e1g1");
        assert!(parse_san(&p, "O-O-O").is_err(), "b1 and d1 are occupied");
        // Promotion with and without `=`, with check.
        let p = pos("chess", Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
        assert_eq!(uci(&p, "b8=Q+"), "b7b8q");
        assert_eq!(uci(&p, "b8N"), "b7b8n");
    }

    /// Courier (rules.md §7): a pawn promotes to the Fers (`F`), the Alfil is `E`.
    #[test]
    fn courier_letters() {
        let p = pos("courier", None);
        assert_eq!(uci(&p, "Eh3"), "j1h3");
        assert_eq!(uci(&p, "Fh4"), "g3h4");
        let p = pos("courier", Some("5k5r/1P10/12/12/12/12/12/5K6 w - - 0 1"));
        assert_eq!(uci(&p, "b8=F"), "b7b8f");
    }

    /// Multi-digit ranks (Chu Shogi, 12x12) and a shogi promotion written with `+`.
    #[test]
    fn large_boards_and_shogi_promotion() {
        let p = pos("chushogi", None);
        assert_eq!(uci(&p, "Pa5"), "a4a5");
        let p = pos("shoshogi", Some("4k4/9/2P6/9/9/9/9/9/4K4 w - - 0 1"));
        assert_eq!(uci(&p, "Pc8+"), "c7c8+");
        assert_eq!(uci(&p, "Pc8"), "c7c8");
    }

    /// Fairy-Stockfish's SAN for shogi variants counts files from the right and ranks from
    /// the top: P-26 is the pawn from h3 to h4 (the classic opening 2g-2f), and `=` refuses
    /// a promotion that `+` takes.
    #[test]
    fn numeric_shogi_notation() {
        let p = pos("shoshogi", None);
        assert_eq!(uci(&p, "P-26"), "h3h4");
        assert_eq!(uci(&p, "P-76"), "c3c4");
        assert_eq!(uci(&p, "G69-78"), "d1c2");
        assert!(parse_san(&p, "P-25").unwrap_err().contains("'P-25'"));
        let p = pos("shoshogi", Some("4k4/9/2P6/9/9/9/9/9/4K4 w - - 0 1"));
        assert_eq!(uci(&p, "P-72+"), "c7c8+");
        assert_eq!(uci(&p, "P-72="), "c7c8");
    }
}
