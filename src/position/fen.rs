//! FEN reading and writing, and the ASCII diagram: the position as text.

use super::{Position, RuleData, RuleState, Rules};
use crate::bitboard::Bitboard;
use crate::piece::Piece;
use crate::rules::FenExtraError;
use crate::square::{Color, NUM_SQUARES, Square};
use crate::variant::{Mandatory, Variant};
use std::fmt;
use std::sync::Arc;

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    Empty,
    RankCount {
        found: usize,
        expected: usize,
    },
    RankWidth {
        rank: usize,
        found: usize,
        expected: usize,
    },
    UnknownPiece {
        token: String,
    },
    PieceOnHole {
        square: String,
    },
    Holdings,
    SideToMove(String),
    Castling(String),
    EnPassant(String),
    Number {
        field: &'static str,
        value: String,
    },
    /// A position the variant's rules do not allow (a piece on a wall, a King in a cage).
    Rule(String),
    /// Text after the last field.
    Trailing(String),
    /// A position no game can reach: a side without its royal, the side not to move in
    /// check, a piece that must have promoted.
    Unreachable(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::Trailing(t) => write!(f, "unexpected text after the FEN: '{t}'"),
            FenError::Unreachable(why) => write!(f, "impossible position: {why}"),
            FenError::RankCount { found, expected } => {
                write!(f, "FEN has {found} ranks, the board has {expected}")
            }
            FenError::RankWidth { rank, found, expected } => {
                write!(f, "FEN rank {rank} describes {found} squares, the board has {expected} files")
            }
            FenError::UnknownPiece { token } => write!(f, "unknown piece '{token}' in FEN"),
            FenError::PieceOnHole { square } => {
                write!(f, "piece on {square}, which is not part of the board")
            }
            FenError::Holdings => write!(f, "pieces in hand (or this pool piece) are not allowed in this variant"),
            FenError::SideToMove(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
            FenError::Castling(s) => write!(f, "bad castling field '{s}'"),
            FenError::EnPassant(s) => write!(f, "bad en-passant field '{s}'"),
            FenError::Number { field, value } => write!(f, "bad {field} '{value}'"),
            FenError::Rule(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// The squares a FEN's board field marks `*` (non-existent); a malformed field gives what
/// it can (`parse_board` reports the error).
fn marked_holes(v: &Variant, s: &str) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let s = s.split('[').next().unwrap_or(s);
    for (ri, row) in s.split('/').enumerate().take(v.ranks as usize) {
        let rank = v.ranks as usize - 1 - ri;
        let mut file = 0usize;
        let mut digits = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = (digits * 10 + d as usize).min(64);
                continue;
            }
            file += digits;
            digits = 0;
            match c {
                '*' => {
                    if file < v.files as usize {
                        out.set(Square::new(file as u8, rank as u8));
                    }
                    file += 1;
                }
                '+' | '\'' | '!' | '~' => {}
                _ => file += 1,
            }
        }
    }
    out
}

/// Reads the board field of a FEN (ranks from the top, multi-digit empty counts, `+X`
/// promoted pieces, `X'`/`X!` dressed letters, `*` for non-existent squares); a `[...]`
/// part after it is left to the rules.
pub fn parse_board(v: &Variant, s: &str) -> Result<Vec<Piece>, FenError> {
    let mut board = vec![Piece::NONE; NUM_SQUARES];
    let s = s.trim();
    if s.is_empty() {
        return Err(FenError::Empty);
    }
    // The bracket part (pieces in hand, a pool) belongs to the rules: `Position::from_fen`.
    let s = s.split('[').next().unwrap_or(s);
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != v.ranks as usize {
        return Err(FenError::RankCount { found: rows.len(), expected: v.ranks as usize });
    }
    for (ri, row) in rows.iter().enumerate() {
        let rank = v.ranks as usize - 1 - ri;
        let b = row.as_bytes();
        let mut file = 0usize;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while i < b.len() && b[i].is_ascii_digit() {
                    n = n * 10 + (b[i] - b'0') as usize;
                    i += 1;
                    if n > 64 {
                        break;
                    }
                }
                file += n;
                continue;
            }
            if c == b'*' {
                file += 1;
                i += 1;
                continue;
            }
            let start = i;
            let mut tok = String::new();
            if c == b'+' {
                tok.push('+');
                i += 1;
            }
            if i >= b.len() || !b[i].is_ascii_alphabetic() {
                return Err(FenError::UnknownPiece {
                    token: String::from_utf8_lossy(&b[start..(i + 1).min(b.len())]).into_owned(),
                });
            }
            let black = b[i].is_ascii_lowercase();
            tok.push(b[i].to_ascii_uppercase() as char);
            i += 1;
            if i < b.len() && (b[i] == b'\'' || b[i] == b'!') {
                tok.push(b[i] as char);
                i += 1;
            }
            if i < b.len() && b[i] == b'~' {
                i += 1;
            }
            let Some(t) = v.type_by_token(&tok) else {
                let shown = if black { tok.to_ascii_lowercase() } else { tok };
                return Err(FenError::UnknownPiece { token: shown });
            };
            if file >= v.files as usize {
                file += 1;
                continue;
            }
            let sq = Square::new(file as u8, rank as u8);
            if !v.board.contains(sq) {
                return Err(FenError::PieceOnHole { square: sq.to_string() });
            }
            board[sq.index()] = Piece::new(if black { Color::Black } else { Color::White }, t);
            file += 1;
        }
        if file != v.files as usize {
            return Err(FenError::RankWidth { rank: rank + 1, found: file, expected: v.files as usize });
        }
    }
    Ok(board)
}

/// A count field of a FEN: decimal digits without leading zeros, at least `min`.
fn count(text: &str, field: &'static str, min: u32) -> Result<u32, FenError> {
    let bad = || FenError::Number { field, value: text.to_string() };
    if text.len() > 1 && text.starts_with('0') {
        return Err(bad());
    }
    let n: u32 = text.parse().map_err(|_| bad())?;
    if n < min {
        return Err(bad());
    }
    Ok(n)
}

impl Position {
    /// Reads a FEN. Missing trailing fields take their defaults; the shogi-style tail
    /// `w 0 1` (no castling and e.p. fields) is accepted, as by Fairy-Stockfish.
    pub fn from_fen(rules: Arc<Rules>, fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board_str = fields.next().ok_or(FenError::Empty)?;
        let mut rule_data = RuleData::default();
        let mut rule_state = RuleState::default();
        let extra = board_str.find('[').map(|i| &board_str[i..]);
        // A bracket (pool, cages) closes at the end of the board field, once.
        if let Some(x) = extra
            && (!x.ends_with(']') || x.matches('[').count() != 1 || x.matches(']').count() != 1)
        {
            return Err(FenError::Rule(format!("the bracket of '{x}' must close once, at the end of the board")));
        }
        let holes = marked_holes(&rules.variant, board_str);
        rules.hooks.read_board_extra(&rules.variant, extra, holes, &mut rule_data, &mut rule_state).map_err(
            |e| match e {
                FenExtraError::Piece(token) => FenError::UnknownPiece { token },
                FenExtraError::NotAllowed => FenError::Holdings,
                FenExtraError::Missing(what) => FenError::Rule(format!("the FEN lacks {what}")),
            },
        )?;
        let board = parse_board(&rules.variant, board_str)?;
        let mut pos = Position::empty(rules);
        pos.rule_data = rule_data;
        pos.st.rules = rule_state;
        for (i, p) in board.iter().enumerate() {
            if p.is_some() {
                pos.add_piece(Square::from_index(i), *p);
            }
        }
        let rest: Vec<&str> = fields.collect();
        let mut idx = 0;
        if let Some(s) = rest.first() {
            pos.side = match *s {
                "w" | "W" => Color::White,
                "b" | "B" => Color::Black,
                other => return Err(FenError::SideToMove(other.to_string())),
            };
            idx = 1;
        }
        let is_num = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        let mut castling = "-";
        let mut ep = "-";
        if idx < rest.len() && !is_num(rest[idx]) {
            castling = rest[idx];
            idx += 1;
            if idx < rest.len() && !is_num(rest[idx]) {
                ep = rest[idx];
                idx += 1;
            }
        }
        let mut rule50 = 0u32;
        if idx < rest.len() {
            rule50 = count(rest[idx], "halfmove clock", 0)?;
            idx += 1;
        }
        if idx < rest.len() {
            pos.start_fullmove = count(rest[idx], "fullmove number", 1)?;
            idx += 1;
        }
        if idx < rest.len() {
            return Err(FenError::Trailing(rest[idx..].join(" ")));
        }
        pos.st.rule50 = rule50;
        pos.root_black = pos.side == Color::Black;
        pos.set_virgins(castling)?;
        pos.set_ep(ep)?;
        pos.rules.hooks.validate(&pos).map_err(FenError::Rule)?;
        pos.check_reachable().map_err(FenError::Unreachable)?;
        pos.st.key = pos.compute_key();
        Ok(pos)
    }

    /// What no game of the variant can reach, and the search must never be given:
    /// - under a check rule, a side without a royal piece when its start position has one
    ///   (without a check rule, capturing the last royal ends a game that was reachable);
    /// - the side not to move in check under a check rule (the side to move would
    ///   "capture the King");
    /// - a piece that had to promote: a promoting type on a square of its promotion zone
    ///   from which it has no move, where promotion is mandatory (a pawn on the last rank,
    ///   a shogi Knight on the last two). A placement type (Tamerlane's Pawn of Pawns)
    ///   never moves and is exempt.
    fn check_reachable(&self) -> Result<(), String> {
        let rules = self.rules();
        let v = self.variant();
        for c in [Color::White, Color::Black] {
            let royal_at_start = rules
                .start_board
                .iter()
                .any(|p| p.is_some() && p.color() == c && rules.royal_mask & (1u64 << p.kind()) != 0);
            if v.check_rule && royal_at_start && self.royal_squares(c).is_empty() {
                return Err(format!("{c:?} has no royal piece"));
            }
        }
        let them = !self.side_to_move();
        if let Some(k) = self.protected_royal(them)
            && self.royal_attacked_at(k, them)
        {
            return Err(format!("{them:?}, not to move, is in check"));
        }
        if v.promotion_mandatory != Mandatory::Never {
            for sq in self.occupied() {
                let p = self.piece_at(sq);
                let def = &v.pieces[p.kind() as usize];
                let pt = &rules.tables.pieces[p.color().index()][p.kind() as usize];
                let in_zone = rules.zones[p.color().index()].contains(sq);
                if !def.promotions.is_empty() && in_zone && !pt.mobile.contains(sq) && !v.placement.contains(&p.kind())
                {
                    return Err(format!("the {} on {sq} can never move again: it must have promoted", def.name));
                }
            }
        }
        Ok(())
    }

    /// Unmoved status: castling rights from the FEN field; pieces with other initial moves
    /// are unmoved when they stand where the start position has the same piece.
    fn set_virgins(&mut self, castling: &str) -> Result<(), FenError> {
        let rules = self.rules.clone();
        let v = &rules.variant;
        let mut virgin = Bitboard::EMPTY;
        for sq in self.occ {
            let p = self.board[sq.index()];
            if rules.initial_mask & (1 << p.kind()) != 0 && rules.start_board[sq.index()] == p {
                virgin.set(sq);
            }
        }
        if castling != "-" {
            for ch in castling.chars() {
                // Marks that belong to a rule (the once-per-game move's `X`).
                if rules.hooks.read_castling_mark(ch, &mut self.st.rules) {
                    continue;
                }
                let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
                let up = ch.to_ascii_uppercase();
                if !matches!(up, 'K' | 'Q' | 'A'..='P') {
                    return Err(FenError::Castling(castling.to_string()));
                }
                // The castling royal of that colour: a castler on its start square if possible.
                let castlers: Vec<Square> = self
                    .color_bb(color)
                    .iter()
                    .filter(|s| rules.castler_mask & (1 << self.board[s.index()].kind()) != 0)
                    .collect();
                let Some(&ksq) = castlers
                    .iter()
                    .find(|s| rules.start_board[s.index()] == self.board[s.index()])
                    .or(castlers.first())
                else {
                    // No castling piece: ignore the right, as Fairy-Stockfish does.
                    continue;
                };
                // Only the piece at the end of the royal's rank castles: `K` and `Q` name the
                // two ends; a file letter names one of them or nothing.
                let partner = match up {
                    'K' => self.castling_partner(ksq, 1),
                    'Q' => self.castling_partner(ksq, -1),
                    _ => {
                        let f = up as u8 - b'A';
                        if f >= v.files {
                            return Err(FenError::Castling(castling.to_string()));
                        }
                        [1, -1].into_iter().filter_map(|dir| self.castling_partner(ksq, dir)).find(|s| s.file() == f)
                    }
                };
                if let Some(psq) = partner {
                    virgin.set(psq);
                    virgin.set(ksq);
                }
            }
        }
        self.st.virgin = virgin;
        Ok(())
    }

    fn set_ep(&mut self, ep: &str) -> Result<(), FenError> {
        if ep == "-" {
            return Ok(());
        }
        let b = ep.as_bytes();
        let mut i = 0;
        let them = !self.side;
        while i < b.len() {
            let Some((sq, n)) = Square::parse_prefix(&b[i..]) else {
                return Err(FenError::EnPassant(ep.to_string()));
            };
            i += n;
            if !self.rules.variant.board.contains(sq) || self.occ.contains(sq) {
                continue;
            }
            // The victim is the nearest enemy piece ahead of the square in the mover's direction.
            let dy = them.forward();
            let mut victim = None;
            for k in 1..=3 {
                if let Some(s) = sq.offset(0, dy * k)
                    && self.board[s.index()].is_some()
                {
                    if self.board[s.index()].color() == them {
                        victim = Some(s);
                    }
                    break;
                }
            }
            if let Some(vs) = victim
                && self.ep_capturable(sq, self.side)
            {
                self.st.ep.set(sq);
                self.st.ep_victim = vs;
            }
        }
        Ok(())
    }

    /// True if a piece of `by` could capture e.p. onto `sq`.
    pub(super) fn ep_capturable(&self, sq: Square, by: Color) -> bool {
        let t = &self.rules.tables;
        for (kind, rev) in &t.ep_rev[by.index()] {
            if t.pool[*rev as usize][sq.index()].intersects(self.pcs[by.index()][*kind as usize]) {
                return true;
            }
        }
        false
    }

    /// Writes a Fairy-Stockfish compatible FEN.
    pub fn fen(&self) -> String {
        let v = self.variant();
        let holes = v.holes | self.hooks().walls(&self.st.rules).unwrap_or(Bitboard::EMPTY);
        let mut s = String::new();
        for r in (0..v.ranks).rev() {
            let mut empty = 0;
            for f in 0..v.files {
                let sq = Square::new(f, r);
                let p = self.board[sq.index()];
                if holes.contains(sq) {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push('*');
                } else if p.is_none() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&v.pieces[p.kind() as usize].token_for(p.color() == Color::Black));
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push_str(&self.rules.hooks.write_board_extra(v, &self.rule_data, &self.st.rules));
        s.push(' ');
        s.push(if self.side == Color::White { 'w' } else { 'b' });
        s.push(' ');
        s.push_str(&self.castling_string());
        s.push(' ');
        if self.st.ep.is_empty() {
            s.push('-');
        } else {
            for sq in self.st.ep {
                s.push_str(&sq.to_string());
            }
        }
        let fullmove = self.plies_of_game() / 2 + 1;
        s.push_str(&format!(" {} {}", self.st.rule50, fullmove));
        s
    }

    fn castling_string(&self) -> String {
        let mut out = String::new();
        for c in Color::BOTH {
            let mut rights = String::new();
            for ksq in self.color_bb(c) & self.st.virgin {
                if self.rules.castler_mask & (1 << self.board[ksq.index()].kind()) == 0 {
                    continue;
                }
                // An unmoved castling partner at that end of the rank (an unmoved pawn there
                // is no right): what `set_virgins` reads back.
                for (dir, letter) in [(1, 'K'), (-1, 'Q')] {
                    if self.castling_partner(ksq, dir).is_some_and(|psq| self.st.virgin.contains(psq)) {
                        rights.push(if c == Color::White { letter } else { letter.to_ascii_lowercase() });
                    }
                }
            }
            self.rules.hooks.write_castling_marks(&self.st.rules, c, &mut rights);
            out.push_str(&rights);
        }
        if out.is_empty() { "-".into() } else { out }
    }

    // ---- board mutation -------------------------------------------------------------

    /// An ASCII diagram of the board (White at the bottom).
    pub fn diagram(&self) -> String {
        let v = self.variant();
        let holes = v.holes | self.hooks().walls(&self.st.rules).unwrap_or(Bitboard::EMPTY);
        let mut s = String::new();
        for r in (0..v.ranks).rev() {
            s.push_str(&format!("{:>3} ", r + 1));
            for f in 0..v.files {
                let sq = Square::new(f, r);
                let p = self.board[sq.index()];
                let cell = if holes.contains(sq) {
                    " ##".to_string()
                } else if p.is_none() {
                    "  .".to_string()
                } else {
                    format!("{:>3}", v.pieces[p.kind() as usize].token_for(p.color() == Color::Black))
                };
                s.push_str(&cell);
            }
            s.push('\n');
        }
        s.push_str("    ");
        for f in 0..v.files {
            s.push_str(&format!("  {}", (b'a' + f) as char));
        }
        s.push('\n');
        s
    }
}
