//! The search's tunable numbers: the margins, depth limits and divisors of its pruning,
//! reduction and extension rules, each with a name, a default and a range.
//!
//! They are set together through the `Search Params` option (UCI and CECP) as
//! `name=value` pairs, so that a tuner can play one setting against another without a
//! rebuild: `scripts/spsa.py` tunes them by SPSA in fixed-node games, as Stockfish's
//! `TUNE` and fishtest do. A setting names only what it changes; every parameter it
//! leaves out has its default, so that the same text always means the same search.

use super::time::TimePlan;
use std::fmt;

/// One tunable number of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    /// Reverse futility pruning: the deepest node it applies at.
    RfpDepth,
    /// Reverse futility pruning: centipawns of margin per ply of depth.
    RfpMargin,
    /// Reverse futility pruning: margin taken off when the evaluation is improving.
    RfpImproving,
    /// Null move: the reduction's constant part (plies).
    NullBase,
    /// Null move: one more ply of reduction per this many plies of depth.
    NullDepthDiv,
    /// Null move: one more ply (up to three) per this many centipawns above beta.
    NullEvalDiv,
    /// Internal iterative reduction: the shallowest depth it applies at.
    IirDepth,
    /// Singular extension: the shallowest depth it is tried at.
    SingularDepth,
    /// Singular extension: the margin below the table's score, per ply of depth.
    SingularMargin,
    /// Futility pruning of quiet moves: the deepest node it applies at.
    FutilityDepth,
    /// Futility pruning: the margin's constant part (centipawns).
    FutilityBase,
    /// Futility pruning: the margin per ply of depth.
    FutilityMargin,
    /// Late move pruning: quiet moves kept at depth d are this many plus d² (2d² while
    /// the evaluation is improving).
    LmpBase,
    /// Late move pruning: the deepest node it applies at.
    LmpDepth,
    /// History pruning: a quiet move whose statistic is below minus this times the depth
    /// is pruned (at depth 3 or less).
    HistoryPrune,
    /// Exchange pruning of quiet moves: the loss allowed, times depth².
    SeeQuiet,
    /// Exchange pruning of captures: the loss allowed, times depth.
    SeeCapture,
    /// Late move reductions: ln(depth) × ln(move number) divided by this / 100.
    LmrDivisor,
    /// Late move reductions: added to that product, in hundredths of a ply.
    LmrBase,
    /// Late move reductions: one ply less per this much history statistic.
    LmrHistory,
    /// The table's score stands for the static evaluation in the pruning rules where its
    /// bound allows (0 = off).
    TtEval,
    /// Aspiration window: the first half-width (centipawns).
    Aspiration,
    /// Capture search: a capture that cannot lift the score to within this of alpha is
    /// skipped (delta pruning).
    QsDelta,
    /// History bonus of a quiet move that cuts (and malus of those tried before it):
    /// this times depth², plus `HistoryLinear` times depth, at most `HistoryMax`.
    HistoryQuadratic,
    /// History bonus: the part linear in depth.
    HistoryLinear,
    /// History bonus: its cap.
    HistoryMax,
    /// Capture search: captures a node tries besides recaptures on the last move's square
    /// and promotions (Stockfish's `moveCount > 2`; 1000, all, unless a variant narrows it).
    QsMoves,
    /// Capture search: plies (counted down from 0) beyond which a node tries only its
    /// first recapture.
    QsRecaptures,
    /// Capture search: quiet checks tried in its first ply (0 = none).
    QsChecks,
    /// Quiet moves that may check are pruned (late move, futility, history, exchange) like
    /// the others (1), or only as captures are, by their exchange (0).
    PruneQuietChecks,
    /// Capture search: where the incremental part of the evaluation alone is this far
    /// above beta, it stands for the full evaluation (lazy evaluation).
    LazyMargin,
    /// Late move reductions: plies more at a node expected to fail high (a cut node: the
    /// zero-window child of a reduced or null-move search, Stockfish's `cutNode`), where
    /// a late move is least likely to matter.
    LmrCutNode,
    /// Checks are extended by the move that gives them, and only when its exchange does
    /// not lose material (Stockfish 11's `givesCheck && see_ge(move)`; 1, the default),
    /// or by the checked node for every check (0).
    CheckExtSee,
    /// Quiet moves are pruned by the depth left after their late-move reduction
    /// (Stockfish 11's `lmrDepth`) and by move count at every depth (its
    /// `futility_move_count`; 1, the default), or by the node's depth at depth 5 or less
    /// (0). With it, a quiet move that may check is pruned only by its exchange, whatever
    /// `pruneQuietChecks` says, and `futilityDepth`, `lmpBase`, `lmpDepth` and
    /// `historyPrune` (the depth-bound rules it replaces) have no effect.
    LmrPrune,
    /// Late move reductions: moves that give check (or, without a check rule, attack the
    /// only royal) are reduced as other moves are (1, Stockfish 11, which exempts no
    /// check), or never (0).
    LmrChecks,
    /// Late move reductions: plies more for a quiet move where the table's move captures
    /// or promotes (Stockfish 11's `ttCapture`): the node's best hope is that capture.
    LmrTtCapture,
    /// Late move reductions: plies less for a quiet move whose piece leaves a square on
    /// which the enemy would win material by taking it (Stockfish 11's escaping move,
    /// `!see_ge(reverse_move)`): saving a piece is rarely a move to reduce.
    LmrEscape,
    /// Late move reductions for captures and promotions too (1, Stockfish 11's rule: past
    /// the move-count pruning point, at an expected cut node, or where the static
    /// evaluation and the captured piece together stay at or below alpha; one ply more
    /// below depth 8), or never (0).
    LmrCaptures,
    /// Late move reductions: plies less at a node that is or was on a principal variation
    /// (Stockfish 11's `ttPv`, kept in the table), instead of one ply less at a
    /// principal-variation node (0).
    LmrTtPv,
    /// Late move reductions: plies less for the other moves of a node whose table move
    /// was singular (Stockfish 11's `singularLMR`): the node is a sharp one.
    LmrSingular,
    /// Late move reductions: plies less where the parent had tried more than 15 moves
    /// before this one (Stockfish 11's `(ss-1)->moveCount > 15`).
    LmrParentCount,
    /// Late move reductions: a ply less for a quiet move with a good history after a
    /// parent's move with a bad one, a ply more the other way round (1, Stockfish 11's
    /// statScore comparison), or neither (0).
    LmrStatCompare,
    /// ProbCut: at depth 5 or more, a capture whose exchange alone wins this much over
    /// beta minus the static evaluation, and which a capture search and then a search four
    /// plies shallower confirm above beta plus this margin, cuts the node (Stockfish 11's
    /// `raisedBeta = beta + 191 - 46 * improving`, in its pawn of 128; 0 = off).
    ProbCut,
    /// ProbCut: the margin taken off while the static evaluation is improving.
    ProbCutImproving,
    /// Quiet moves are also judged by the continuation history of the move four plies
    /// earlier, our own move before last (1, Stockfish 11's `contHist[3]`), or by those
    /// of the last two moves only (0).
    ContHist4,
    /// Captures are ordered by their victim's value and a capture history, learned from
    /// the captures that refuted a position and those tried before a refutation (1,
    /// Stockfish 11's `captureHistory`), or by victim and attacker alone (0).
    CaptureHistory,
    /// A cut by the table's score also teaches the move statistics (1, Stockfish 11): a
    /// quiet table move that holds the node above beta gets the bonus of a refutation
    /// (killer, counter move, histories), one that leaves it below alpha the malus; (0)
    /// the statistics learn from searched nodes only.
    TtCutStats,
    /// The parent's quiet move is judged by how this node ended (1, Stockfish 11): a
    /// refutation found among this node's first two moves costs that move its
    /// continuation statistics, a node where nothing reached alpha (at depth 3 or more,
    /// or on the principal variation) credits them; (0) they learn only at the parent.
    PriorMoveStats,
    /// Late-move reductions apply from this move of a node on (counted from 0: 1 is the
    /// second move, Stockfish 11's `moveCount > 1`).
    LmrFirst,
    /// A principal-variation node starts them this many moves later.
    LmrFirstPv,
    /// Moves a clock without a move count is planned to last (`time::Allocation`): the
    /// optimum time of a move is the clock left over this many, plus `timeInc`'s share
    /// of the increment.
    TimeMoves,
    /// The share of the increment, percent, a move spends on top of its part of the clock
    /// (`time::TimePlan`).
    TimeInc,
    /// The time plan by the game's ply (`time::TimePlan::curve_percent`), Stockfish 11's
    /// "Slow Mover": a move's weight, percent, against the moves to come, each weighed by
    /// a curve that falls after the middle game, future increments counted; 0 divides the
    /// clock by `timeMoves` instead.
    TimeCurve,
    /// Plies the root's re-search is made shallower after each fail high of an iteration
    /// (Stockfish 11's `failedHighCnt`; a fail low starts the count again): a move that
    /// beats the window is confirmed by a cheaper search before the full one of the next
    /// iteration. 0: every re-search is as deep as the iteration.
    AspFailHigh,
    /// Internal iterative reduction: plies more taken off at a principal-variation node
    /// (later Stockfish's rule reduces those most: an exact search ordered blind is the
    /// dearest), leaving at least one; 0, one ply at every node.
    IirPv,
    /// Correction history (`correction.rs`): the most centipawns the pawn structure's
    /// learned error adds to the static evaluation; 0 leaves it out.
    CorrHist,
    /// Correction history by the placement of each colour's pieces other than pawns
    /// (`correction.rs`): the most centipawns each of the two tables adds; 0 leaves them
    /// out. They learn only where `corrHist` is on too.
    CorrNonPawn,
    /// Null move only where the static evaluation reaches beta plus this many
    /// centipawns, less 15 a ply of depth and 14 when improving (Stockfish 11's rule,
    /// whose constants are 137, 15 and 14 here): at low depth, where the null move's
    /// reduced search drops into the capture search and sees no quiet threat, it is then
    /// tried only far above beta. 0 asks only that the evaluation reach beta, Kirin's rule.
    NullMargin,
    /// A later move searched on a null window without reduction is expected to cut (1,
    /// Kirin's rule), or its node's type follows the parent's as for a re-search after
    /// a reduction (0, Stockfish's `!cutNode`): at an expected cut node, an unreduced
    /// capture's reply is then an all node, whose own moves are reduced less.
    UnreducedCut,
    /// After a reduced search beats alpha, the full-depth re-search goes a ply deeper
    /// where it beat alpha by this many centipawns (plus 5 a ply of the reduction), a ply
    /// shallower where it stayed within a few of the best score so far (Stockfish 15's
    /// `doDeeperSearch` and `doShallowerSearch`); 0 re-searches at the unreduced depth.
    LmrDeeper,
    /// Singular extension: where the search without the table's move reaches the
    /// singular bound but cuts nothing (the bound is below beta, or the node is on the
    /// principal variation), the table's move is searched a ply shallower if its stored
    /// score is at least beta (1, Stockfish's negative extension): other moves would hold
    /// the node too.
    SingularNegative,
    /// Singular extension: two plies instead of one at a node off the principal variation
    /// where the others fail low by this many centipawns more than the margin, at most six
    /// times along a line (Stockfish's double extension); 0 never.
    SingularDouble,
    /// When a timed search stops iterating (`stop_rule.rs`): Kirin's rule on the best
    /// move's stability and the last iteration's score (0), or Stockfish 11's on a score
    /// falling against the last move and four iterations back, the best move's changes,
    /// and a settled move's saving carried into the next move (1).
    TimeStop,
}

/// Name, default, least and greatest value of each parameter, in `Param` order.
const SPECS: [(Param, &str, i32, i32, i32); 63] = [
    (Param::RfpDepth, "rfpDepth", 6, 0, 20),
    (Param::RfpMargin, "rfpMargin", 90, 10, 400),
    (Param::RfpImproving, "rfpImproving", 40, 0, 300),
    (Param::NullBase, "nullBase", 3, 1, 8),
    (Param::NullDepthDiv, "nullDepthDiv", 4, 1, 20),
    (Param::NullEvalDiv, "nullEvalDiv", 200, 20, 2000),
    (Param::IirDepth, "iirDepth", 4, 2, 30),
    (Param::SingularDepth, "singularDepth", 8, 4, 30),
    (Param::SingularMargin, "singularMargin", 2, 0, 20),
    (Param::FutilityDepth, "futilityDepth", 3, 0, 20),
    (Param::FutilityBase, "futilityBase", 120, 0, 1000),
    (Param::FutilityMargin, "futilityMargin", 140, 10, 1000),
    (Param::LmpBase, "lmpBase", 4, 1, 50),
    (Param::LmpDepth, "lmpDepth", 4, 0, 20),
    (Param::HistoryPrune, "historyPrune", 4000, 0, 50_000),
    (Param::SeeQuiet, "seeQuiet", 40, 0, 500),
    (Param::SeeCapture, "seeCapture", 100, 0, 1000),
    (Param::LmrDivisor, "lmrDivisor", 170, 50, 600),
    (Param::LmrBase, "lmrBase", 50, -100, 300),
    (Param::LmrHistory, "lmrHistory", 12_000, 1000, 100_000),
    (Param::TtEval, "ttEval", 0, 0, 1),
    (Param::Aspiration, "aspiration", 18, 3, 500),
    (Param::QsDelta, "qsDelta", 200, 0, 2000),
    (Param::HistoryQuadratic, "historyQuadratic", 8, 0, 100),
    (Param::HistoryLinear, "historyLinear", 0, 0, 1000),
    (Param::HistoryMax, "historyMax", 3200, 1, 16_000),
    (Param::QsMoves, "qsMoves", 1000, 0, 1000),
    (Param::QsRecaptures, "qsRecaptures", 64, 0, 64),
    (Param::QsChecks, "qsChecks", 0, 0, 1),
    (Param::PruneQuietChecks, "pruneQuietChecks", 1, 0, 1),
    (Param::LazyMargin, "lazyMargin", 400, 0, 100_000),
    (Param::LmrCutNode, "lmrCutNode", 2, 0, 4),
    (Param::CheckExtSee, "checkExtSee", 1, 0, 1),
    (Param::LmrPrune, "lmrPrune", 1, 0, 1),
    (Param::LmrChecks, "lmrChecks", 1, 0, 1),
    (Param::LmrTtCapture, "lmrTtCapture", 1, 0, 4),
    (Param::LmrEscape, "lmrEscape", 2, 0, 4),
    (Param::LmrCaptures, "lmrCaptures", 1, 0, 1),
    (Param::LmrTtPv, "lmrTtPv", 0, 0, 4),
    (Param::LmrSingular, "lmrSingular", 0, 0, 4),
    (Param::LmrParentCount, "lmrParentCount", 0, 0, 4),
    (Param::LmrStatCompare, "lmrStatCompare", 0, 0, 1),
    (Param::ProbCut, "probCut", 0, 0, 1000),
    (Param::ProbCutImproving, "probCutImproving", 36, 0, 500),
    (Param::ContHist4, "contHist4", 0, 0, 1),
    (Param::CaptureHistory, "captureHistory", 0, 0, 1),
    (Param::TtCutStats, "ttCutStats", 0, 0, 1),
    (Param::PriorMoveStats, "priorMoveStats", 0, 0, 1),
    (Param::LmrFirst, "lmrFirst", 2, 1, 10),
    (Param::LmrFirstPv, "lmrFirstPv", 1, 0, 10),
    (Param::TimeMoves, "timeMoves", 35, 10, 100),
    (Param::TimeInc, "timeInc", 75, 0, 100),
    (Param::TimeCurve, "timeCurve", 0, 0, 300),
    (Param::AspFailHigh, "aspFailHigh", 0, 0, 3),
    (Param::IirPv, "iirPv", 0, 0, 4),
    (Param::CorrHist, "corrHist", 0, 0, 400),
    (Param::CorrNonPawn, "corrNonPawn", 0, 0, 400),
    (Param::NullMargin, "nullMargin", 0, 0, 1000),
    (Param::UnreducedCut, "unreducedCut", 1, 0, 1),
    (Param::LmrDeeper, "lmrDeeper", 0, 0, 1000),
    (Param::SingularNegative, "singularNegative", 0, 0, 1),
    (Param::SingularDouble, "singularDouble", 0, 0, 1000),
    (Param::TimeStop, "timeStop", 0, 0, 1),
];

// `SearchParams::named` has a bit per parameter.
const _: () = assert!(SPECS.len() <= 64);

/// A full setting of the search's parameters, and which of them the user named: a
/// variant's own values (`search.NAME` in `variants.ini`) replace the others
/// ([`SearchParams::for_variant`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchParams {
    values: [i32; SPECS.len()],
    named: u64,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams { values: SPECS.map(|s| s.2), named: 0 }
    }
}

impl std::ops::Index<Param> for SearchParams {
    type Output = i32;
    #[inline]
    fn index(&self, p: Param) -> &i32 {
        &self.values[p as usize]
    }
}

/// The index of the parameter called `name` (any case), as a variant's `search.NAME` key
/// gives it.
pub fn index_of(name: &str) -> Option<usize> {
    SPECS.iter().position(|s| s.1.eq_ignore_ascii_case(name.trim()))
}

/// Checks `value` against the range of parameter `i`; the error names both.
pub fn check(i: usize, value: i32) -> Result<(), String> {
    let (_, name, _, min, max) = SPECS[i];
    if (min..=max).contains(&value) { Ok(()) } else { Err(format!("{name}: {value} is outside {min}..{max}")) }
}

impl SearchParams {
    /// Reads `name=value` pairs, separated by spaces or commas; the parameters not named
    /// keep their defaults, or take the variant's values (`for_variant`). An empty text,
    /// `<empty>` as GUIs send an empty string, or `default` names none. An unknown name, a
    /// value that is not a whole number or one outside its range is an error naming it
    /// (and nothing is set).
    pub fn parse(text: &str) -> Result<SearchParams, String> {
        let mut p = SearchParams::default();
        let text = text.trim();
        if text.is_empty() || text == "<empty>" || text == "default" {
            return Ok(p);
        }
        for pair in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|s| !s.is_empty()) {
            let (name, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}' is not name=value"))?;
            let i = index_of(name).ok_or_else(|| format!("no search parameter '{}'", name.trim()))?;
            let name = SPECS[i].1;
            let v: i32 =
                value.trim().parse().map_err(|_| format!("{name}: '{}' is not a whole number", value.trim()))?;
            check(i, v)?;
            p.values[i] = v;
            p.named |= 1 << i;
        }
        Ok(p)
    }

    /// This setting in a variant whose `variants.ini` section sets `overrides` (index,
    /// value): those replace the defaults of the parameters this setting does not name.
    /// Chu Shogi keeps a narrow capture search that way while the other games search
    /// every capture.
    pub fn for_variant(&self, overrides: &[(usize, i32)]) -> SearchParams {
        let mut p = *self;
        for &(i, v) in overrides {
            if i < SPECS.len() && self.named & (1 << i) == 0 {
                p.values[i] = v;
            }
        }
        p
    }

    /// How a clock without a move count is spread over the moves (`timeMoves`, `timeInc`).
    pub fn time_plan(&self) -> TimePlan {
        TimePlan {
            moves: self[Param::TimeMoves].max(1).unsigned_abs(),
            inc_percent: self[Param::TimeInc].max(0).unsigned_abs(),
            curve_percent: self[Param::TimeCurve].max(0).unsigned_abs(),
        }
    }

    /// Each parameter as (name, default, least, greatest), in a fixed order.
    pub fn specs() -> impl Iterator<Item = (&'static str, i32, i32, i32)> {
        SPECS.iter().map(|s| (s.1, s.2, s.3, s.4))
    }
}

/// The whole setting as `parse` reads it: `rfpDepth=6 rfpMargin=90 ...`.
impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in SPECS.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={}", s.1, self.values[i])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_param_order_and_defaults_lie_in_range() {
        for (i, s) in SPECS.iter().enumerate() {
            assert_eq!(s.0 as usize, i, "{} is out of order", s.1);
            assert!(s.3 <= s.2 && s.2 <= s.4, "{}: default outside its range", s.1);
        }
    }

    #[test]
    fn a_setting_names_what_it_changes_and_the_rest_is_default() {
        let p = SearchParams::parse("rfpMargin=120, lmrdivisor=190").unwrap();
        assert_eq!(p[Param::RfpMargin], 120);
        assert_eq!(p[Param::LmrDivisor], 190);
        assert_eq!(p[Param::NullBase], SearchParams::default()[Param::NullBase]);
        assert_eq!(SearchParams::parse("").unwrap(), SearchParams::default());
        assert_eq!(SearchParams::parse("<empty>").unwrap(), SearchParams::default());
    }

    #[test]
    fn the_printed_setting_reads_back() {
        let p = SearchParams::parse("qsDelta=150 aspiration=25").unwrap();
        assert_eq!(SearchParams::parse(&p.to_string()).unwrap().to_string(), p.to_string());
    }

    #[test]
    fn a_variant_value_replaces_only_what_the_user_left_unnamed() {
        let qs_moves = Param::QsMoves as usize;
        let delta = Param::QsDelta as usize;
        let overrides = [(qs_moves, 2), (delta, 300)];
        let p = SearchParams::parse("qsDelta=150").unwrap().for_variant(&overrides);
        assert_eq!((p[Param::QsMoves], p[Param::QsDelta]), (2, 150));
        let d = SearchParams::default().for_variant(&overrides);
        assert_eq!((d[Param::QsMoves], d[Param::QsDelta]), (2, 300));
        assert_eq!(SearchParams::default().for_variant(&[]), SearchParams::default());
    }

    #[test]
    fn bad_settings_are_errors_that_name_the_problem() {
        assert!(SearchParams::parse("nosuch=3").unwrap_err().contains("nosuch"));
        assert!(SearchParams::parse("rfpMargin").unwrap_err().contains("name=value"));
        assert!(SearchParams::parse("rfpMargin=x").unwrap_err().contains("whole number"));
        assert!(SearchParams::parse("rfpMargin=5").unwrap_err().contains("outside"));
        assert!(SearchParams::parse("rfpMargin=99999999999").is_err());
    }
}
