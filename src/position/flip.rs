//! The colour-flipped position (Stockfish's `flip`): the board mirrored top to bottom,
//! every piece given to the other side, the other side to move. In a variant whose rules
//! treat the two sides alike it is the same position seen from the other side, so search
//! and perft must agree on both: a check of evaluation and move-generation symmetry.
//! Refused where the mirror is no position of the variant: a board whose holes are not
//! symmetric (Tamerlane's citadels), or state beyond the six FEN fields (Slide-chess's
//! cages), which a text mirror cannot carry over.

use super::Position;

impl Position {
    /// The FEN of the flipped position, or why this variant has none.
    pub fn flipped_fen(&self) -> Result<String, String> {
        let v = self.variant();
        let name = &v.name;
        for sq in v.holes.iter() {
            if !v.holes.contains(sq.flip_rank(v.ranks)) {
                return Err(format!("{name}: the board is not symmetric top to bottom"));
            }
        }
        let fen = self.fen();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 || fields[0].contains('[') {
            return Err(format!("{name}: its FEN holds state a mirror cannot carry"));
        }
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castling = if fields[2] == "-" {
            "-".to_string()
        } else {
            let swapped = swap(fields[2]);
            let (upper, lower): (String, String) = swapped.chars().partition(|c| c.is_ascii_uppercase());
            upper + &lower
        };
        let ep = if fields[3] == "-" {
            "-".to_string()
        } else {
            let file: String = fields[3].chars().take_while(|c| c.is_ascii_lowercase()).collect();
            let rank: u8 = fields[3][file.len()..].parse().map_err(|_| format!("{name}: odd e.p. field"))?;
            format!("{file}{}", v.ranks + 1 - rank)
        };
        let flipped = format!("{} {side} {castling} {ep} {} {}", board.join("/"), fields[4], fields[5]);
        Position::from_fen(self.rules().clone(), &flipped)
            .map_err(|e| format!("{name}: the mirror is refused: {e}"))?;
        Ok(flipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::perft::perft;

    fn pos(variant: &str, fen: Option<&str>) -> Position {
        let rules = Catalog::embedded().get(variant).unwrap();
        fen.map_or_else(|| Position::startpos(rules.clone()), |f| Position::from_fen(rules.clone(), f).unwrap())
    }

    #[test]
    fn kiwipete_mirrored() {
        let p = pos("chess", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
        let f = p.flipped_fen().unwrap();
        assert_eq!(f, "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
        let mut back = Position::from_fen(p.rules().clone(), &f).unwrap();
        assert_eq!(back.flipped_fen().unwrap(), p.fen());
        assert_eq!(perft(&mut back, 3), 97862, "the Chess Programming Wiki's Kiwipete count");
        let ep = pos("chess", Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
        assert_eq!(ep.flipped_fen().unwrap(), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2");
    }

    /// Perft is the same from a position and its mirror where the rules treat both sides
    /// alike: a symmetry check of move generation in the larger variants.
    #[test]
    fn perft_agrees_with_the_mirror() {
        for (variant, depth) in [("courier", 3), ("shoshogi", 3), ("chushogi", 2), ("shortsliders", 2), ("gleeman", 3)]
        {
            let mut p = pos(variant, None);
            let n = perft(&mut p, 1);
            let first = p.clone().legal_moves()[n as usize / 2];
            p.make_move(first);
            let mut m = Position::from_fen(p.rules().clone(), &p.flipped_fen().unwrap()).unwrap();
            assert_eq!(perft(&mut p, depth), perft(&mut m, depth), "{variant}");
        }
    }

    #[test]
    fn refused_where_the_mirror_is_no_position_of_the_game() {
        assert!(pos("tamerlane", None).flipped_fen().unwrap_err().contains("not symmetric"));
        assert!(pos("slidechess", None).flipped_fen().is_err());
    }
}
