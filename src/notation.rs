//! Coordinate notation for moves (UCI and the CLI): `e2e4`, `a10a11`, `e7e8q`, shogi
//! promotion `+`, two-leg moves as XBoard writes them (`e5f6,f6g7`), free castling as the
//! royal's leg and the partner's (`e1g1,i1f1`).
//!
//! Parsing never guesses: a string is matched against the printed form of every legal
//! move, so whatever this module prints it also reads, and an unknown move is an error.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::Square;
use crate::variant::CastlingRook;
use std::fmt;

/// Why a move string was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not shaped like a coordinate move.
    Malformed(String),
    /// Well-formed, but not a legal move in this position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(s) => write!(f, "malformed move '{s}'"),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}'"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Checks the shape `<sq><sq>[suffix]`, `<sq><sq>,<sq><sq>[suffix]` or `<sq>><sq>[suffix]`.
fn well_formed(s: &str) -> bool {
    if let Some((a, b)) = s.split_once('>') {
        return Square::parse_prefix(a.as_bytes()).is_some_and(|(_, n)| n == a.len())
            && Square::parse_prefix(b.as_bytes()).is_some_and(|(_, n)| b[n..].chars().all(|c| c.is_ascii_lowercase()));
    }
    let legs: Vec<&str> = s.split(',').collect();
    if legs.is_empty() || legs.len() > 2 {
        return false;
    }
    for (i, leg) in legs.iter().enumerate() {
        let b = leg.as_bytes();
        let Some((_, n1)) = Square::parse_prefix(b) else {
            return false;
        };
        let Some((_, n2)) = Square::parse_prefix(&b[n1..]) else {
            return false;
        };
        let rest = &leg[n1 + n2..];
        let last = i + 1 == legs.len();
        if !rest.is_empty()
            && (!last || !rest.chars().all(|c| c.is_ascii_lowercase() || c == '+' || c == '\'' || c == '!'))
        {
            return false;
        }
    }
    true
}

impl Position {
    /// The promotion suffix of a move: `+` for shogi-promoted forms, else the letter; none
    /// for a forced promotion with `promotionSuffix = choice` unless `always`.
    fn promo_suffix(&self, m: Move, always: bool) -> String {
        match m.promotion() {
            None => String::new(),
            Some(_) if !always && self.promotion_is_forced(m) => String::new(),
            Some(t) => {
                let def = &self.variant().pieces[t as usize];
                if def.token.starts_with('+') { "+".into() } else { def.suffix_letter() }
            }
        }
    }

    /// With `promotionSuffix = choice`: was this promotion the mover's only choice (one
    /// type, promotion compulsory)?
    fn promotion_is_forced(&self, m: Move) -> bool {
        let v = self.variant();
        v.promotion_suffix_on_choice && {
            let p = self.piece_at(m.from);
            p.is_some()
                && v.pieces[p.kind() as usize].promotions.len() == 1
                && v.promotion_mandatory == crate::variant::Mandatory::Always
        }
    }

    /// Is `m` a pass: a two-leg move out to an empty square and back to its start (Chu
    /// Shogi's Lion, `docs/rules/shogi.md` §3.3), or a path that circles back home (the Bat
    /// chess Rhinoceros, `docs/rules/bat-chess.md` §3.3)?
    pub fn is_pass(&self, m: Move) -> bool {
        m.to == m.from
            && match m.kind {
                MoveKind::TwoLeg => self.piece_at(m.aux).is_none(),
                MoveKind::Normal => true,
                _ => false,
            }
    }

    /// Coordinate notation of a move generated in this position.
    pub fn move_to_uci(&self, m: Move) -> String {
        self.move_text(m, false)
    }

    /// Coordinate notation with every promotion's suffix written, forced or not (what
    /// XBoard needs to know the new piece).
    pub fn move_to_uci_with_suffix(&self, m: Move) -> String {
        self.move_text(m, true)
    }

    fn move_text(&self, m: Move, always_suffix: bool) -> String {
        let suffix = self.promo_suffix(m, always_suffix);
        match m.kind {
            MoveKind::Null => "0000".into(),
            // Two legs through `aux`: a Lion's double move, enter and exchange.
            MoveKind::TwoLeg | MoveKind::EnterExchange => format!("{}{},{}{}{suffix}", m.from, m.aux, m.aux, m.to),
            // A cage insertion: the cage, `>`, the square where the new cage appears, and a
            // letter per promoted pawn in the order of the line.
            MoveKind::Insert => {
                let second = m.second_promotion().map(|t| self.variant().pieces[t as usize].suffix_letter());
                format!("{}>{}{suffix}{}", m.from, m.to, second.unwrap_or_default())
            }
            // Royal to partner, as Chess960 in UCI: a castling that moves the royal one
            // square would otherwise be written as a plain royal step.
            MoveKind::Castle if self.variant().castling_rook == CastlingRook::Outside => {
                format!("{}{}", m.from, m.aux)
            }
            // Free castling: the royal's leg, then the partner's.
            MoveKind::FreeCastle => format!("{}{},{}{}", m.from, m.to, self.castling_edge(m.from, m.to), m.aux),
            _ => format!("{}{}{suffix}", m.from, m.to),
        }
    }

    /// Finds the legal move written as `s`. A trailing `=` (XBoard's explicit
    /// non-promotion) is ignored. `@@@@` (XBoard's null move, which HaChu plays in Chu
    /// Shogi) is a pass by a Lion-power piece, out and back, where one can pass: so that
    /// move lists copied from XBoard logs replay in the CLI and in UCI too.
    pub fn parse_move(&mut self, s: &str) -> Result<Move, MoveError> {
        let t = s.trim();
        if t == "@@@@" {
            let moves = self.legal_moves();
            return moves.into_iter().find(|&m| self.is_pass(m)).ok_or_else(|| MoveError::Illegal(t.to_string()));
        }
        let t = t.strip_suffix('=').unwrap_or(t);
        if !well_formed(t) {
            return Err(MoveError::Malformed(s.trim().to_string()));
        }
        // Every well-formed text starts with the square the move starts from: only the
        // moves from there are written out and compared (replaying long games is cheaper).
        let from = Square::parse_prefix(t.as_bytes()).map(|(sq, _)| sq);
        let mut moves = self.legal_moves();
        moves.retain(|m| Some(m.from) == from);
        // A forced promotion written bare is read with its suffix too.
        moves
            .iter()
            .copied()
            .find(|&m| self.move_to_uci(m) == t)
            .or_else(|| moves.iter().copied().find(|&m| m.promotion().is_some() && self.move_text(m, true) == t))
            .ok_or_else(|| MoveError::Illegal(s.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert!(well_formed("e2e4"));
        assert!(well_formed("a10a11"));
        assert!(well_formed("e7e8q"));
        assert!(well_formed("b2g7+"));
        assert!(well_formed("e5f6,f6g7"));
        assert!(well_formed("i5>a5"));
        assert!(well_formed("e1>e8qn"));
        assert!(!well_formed("i5>"));
        assert!(!well_formed("i5>a5Q"));
        assert!(!well_formed("e2"));
        assert!(!well_formed("e2e4,"));
        assert!(!well_formed("z1z2"));
        assert!(!well_formed("e2e4Q"));
        assert!(!well_formed("a1a2,a2a3,a3a4"));
        assert!(!well_formed(""));
    }
}
