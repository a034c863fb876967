//! Which results Kirin claims to a CECP host. A result of the position (mate, stalemate, a
//! royal captured, bare king) is always claimed: it ends the game under any rules. The
//! counting rules (the n-move rule, repetition) are where hosts differ: Cute Chess applies
//! its own move limit in courier, and scores a claim its rules do not back as a loss
//! ("Invalid result claim"). So by default Kirin claims them only where the host has no
//! rules of its own for the variant (an engine-defined variant), the same rules (chess), or
//! does not test them and relies on the engines' claims (`-testLegality false`, as in chu).

use crate::game_end::{EndBy, Finished, game_over};
use crate::position::Position;
use crate::variant::Variant;

/// The `Claim Draws` option.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum ClaimMode {
    /// Counting rules claimed in engine-defined variants, in chess, and where the host
    /// does not test the rules (chu); not in the other variants a host knows and checks
    /// itself (courier, shatranj): there the host decides.
    #[default]
    Auto,
    Always,
    Never,
}

impl ClaimMode {
    pub fn parse(s: &str) -> Option<ClaimMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Some(ClaimMode::Auto),
            "always" => Some(ClaimMode::Always),
            "never" => Some(ClaimMode::Never),
            _ => None,
        }
    }
}

/// What Kirin claims: the mode and the n-move limit the host plays by.
#[derive(Copy, Clone, Debug, Default)]
pub struct ClaimPolicy {
    pub mode: ClaimMode,
    /// `Draw Moves`: the n-move limit to claim by, in moves; 0 = the variant's own.
    pub draw_moves: u32,
}

/// The largest `Draw Moves`.
pub const MAX_DRAW_MOVES: u32 = 10_000;

impl ClaimPolicy {
    /// The result to claim in `pos` (whose history is the game), if any.
    pub fn claim(&self, pos: &Position) -> Option<Finished> {
        let over = game_over(pos);
        if let Some(f) = &over
            && f.by == EndBy::Position
        {
            return over;
        }
        if !self.claims_counts(pos.variant()) {
            return None;
        }
        if self.draw_moves == 0 {
            return over;
        }
        // The host's limit replaces the variant's: a claim at the variant's count is
        // dropped, one at the host's made.
        if pos.state().rule50 >= 2 * self.draw_moves {
            return Some(Finished {
                result: "1/2-1/2",
                comment: format!("{}-move rule", self.draw_moves),
                by: EndBy::MoveCount,
            });
        }
        over.filter(|f| f.by != EndBy::MoveCount)
    }

    fn claims_counts(&self, v: &Variant) -> bool {
        match self.mode {
            ClaimMode::Always => true,
            ClaimMode::Never => false,
            // An engine-defined variant, chess, or a variant whose rules the host does not
            // test (`-testLegality false`: it takes the engines' word, claims included).
            ClaimMode::Auto => !host_has_own_rules(v) || !v.xboard_legality,
        }
    }
}

/// True for a variant a GUI knows by name and plays by its own rules other than chess:
/// XBoard's built-in courier and shatranj, and Cute Chess's courier.
fn host_has_own_rules(v: &Variant) -> bool {
    v.xboard_name.as_deref().is_some_and(|n| n != "-" && n != "normal") || v.cutechess_name.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn pos(variant: &str, fen: &str) -> Position {
        let cat = Catalog::embedded();
        Position::from_fen(cat.get(variant).unwrap(), fen).unwrap()
    }

    /// Courier after 50 moves without capture or pawn move: the variant's rule says draw,
    /// a host that knows courier decides by its own rules.
    #[test]
    fn counting_rules_are_left_to_a_host_that_knows_the_variant() {
        let courier =
            pos("courier-xboard", "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 100 80");
        let auto = ClaimPolicy::default();
        assert!(game_over(&courier).is_some_and(|f| f.by == EndBy::MoveCount));
        assert!(auto.claim(&courier).is_none(), "courier is the host's");
        let always = ClaimPolicy { mode: ClaimMode::Always, draw_moves: 0 };
        assert_eq!(always.claim(&courier).unwrap().comment, "50-move rule");
        let host70 = ClaimPolicy { mode: ClaimMode::Always, draw_moves: 70 };
        assert!(host70.claim(&courier).is_none(), "70 moves not reached");
        let later =
            pos("courier-xboard", "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 140 90");
        assert_eq!(host70.claim(&later).unwrap().comment, "70-move rule");
        let never = ClaimPolicy { mode: ClaimMode::Never, draw_moves: 0 };
        assert!(never.claim(&later).is_none());
        // Cute Chess's courier (after the compulsory moves) is its own too.
        let cute =
            pos("courier", "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 100 80");
        assert!(game_over(&cute).is_some_and(|f| f.by == EndBy::MoveCount));
        assert!(auto.claim(&cute).is_none(), "Cute Chess applies its own count in courier");

        // The same count in an engine-defined variant and in chess: claimed.
        let modern =
            pos("courier-modern", "rnebwqkmbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBWQKMBENR w - - 100 80");
        assert!(auto.claim(&modern).is_some());
        let chess = pos("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 100 80");
        assert!(auto.claim(&chess).is_some());
        // Chu: built into XBoard, but hosted with -testLegality false, so XBoard relies on
        // the engines' claims (here a repetition).
        let chu = Catalog::embedded().get("chu").unwrap();
        assert!(!chu.variant.xboard_legality);
        let mut p = Position::startpos(chu);
        for m in ["d5d6", "d8d7", "d6d5", "d7d8"].iter().cycle().take(12) {
            let mv = p.parse_move(m).unwrap();
            p.make_move(mv);
        }
        assert!(game_over(&p).is_some_and(|f| f.by == EndBy::Repetition));
        assert!(auto.claim(&p).is_some(), "XBoard trusts the claim in chu");
    }

    /// Mate is claimed whatever the mode.
    #[test]
    fn a_result_of_the_position_is_always_claimed() {
        let mated = pos("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        for mode in [ClaimMode::Auto, ClaimMode::Always, ClaimMode::Never] {
            let f = ClaimPolicy { mode, draw_moves: 70 }.claim(&mated).unwrap();
            assert_eq!((f.result, f.by), ("0-1", EndBy::Position));
        }
    }
}
