//! The weights of the evaluation's terms, per variant.
//!
//! Every weight has a default (what Kirin was hand-tuned with) and can be set for one
//! variant in `variants.ini` as `eval.NAME = N`, beside `value.X` for the piece values.
//! That is what `kirin tune` fits to game results and prints: a user who defines a
//! variant can tune the evaluation for it without touching the code.

use std::ops::Index;

/// One weight of the evaluation (see `NAMES` for the ini name and `DEFAULTS`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Weight {
    /// Per square a piece reaches beyond its average on an empty board.
    Mobility,
    /// Bonus of the side to move.
    Tempo,
    /// Isolated pawn, middlegame and endgame.
    IsolatedMg,
    IsolatedEg,
    /// Per extra pawn on a file, middlegame and endgame.
    DoubledMg,
    DoubledEg,
    /// Passed pawns, percent of the built-in bonus.
    Passed,
    /// A piece attacked by a pawn (plus a twentieth of its value).
    ThreatByPawn,
    /// A piece attacked by a less valuable one (plus a sixteenth of the difference).
    ThreatByLesser,
    /// The most an undefended attacked piece counts (a tenth of its value up to this).
    HangingMax,
    /// King danger: per attacker and pawn of attacking weight.
    KingAttack,
    /// King danger: per attack on the royal's shelter ring.
    KingRing,
    /// King danger: per own piece in that ring.
    KingShield,
    /// Trapped pieces deep in the enemy half, percent of the built-in penalty.
    Trapped,
    /// Conversion help (trading down when ahead, driving the bare royal), percent.
    Conversion,
    /// King danger in Stockfish's form (`king_danger.rs`), percent; 0 leaves it out.
    KingDanger,
    /// Percent at which a square an enemy pawn attacks counts for mobility (100: as any
    /// other; Stockfish counts none: a piece cannot stay there).
    MobilityContested,
    /// Space in Stockfish's form (safe central squares of the own half, more behind the
    /// own pawns, weighed by the own piece count squared), percent; 0 leaves it out.
    Space,
    /// Pawn shelter and storm around a single royal in Stockfish's form (`shelter.rs`),
    /// percent; 0 leaves it out.
    Shelter,
    /// Per enemy piece a safe pawn step would attack (Stockfish's `ThreatByPawnPush`),
    /// middlegame; half of it in the endgame. 0 leaves it out.
    ThreatByPush,
    /// Connected pawns in Stockfish's form (a pawn defended by a pawn or beside one, more
    /// the further it stands, less when an enemy pawn faces it on its file), percent; 0
    /// leaves it out.
    Connected,
    /// Mobility by a curve per piece type in Stockfish's shape (`Values::mob_curve`: a
    /// piece with no moves loses most, each further square gains less), percent; 0 leaves
    /// it out. It adds to the linear `mobility` term, which a variant may set to 0.
    MobilityCurve,
    /// Outposts in Stockfish's form: a knight-class piece (a leaper worth 2.5 pawns or
    /// more) on a square of the enemy's half that an own pawn defends and no enemy pawn
    /// can ever attack, or one move from such a square, percent; 0 leaves it out.
    Outpost,
    /// Rooks in Stockfish's form: a rook-class piece (an unlimited file slider whose slides
    /// all run along files and ranks) on a file without own pawns, more without any, and one
    /// with three squares or fewer shut in between its royal and the board's edge,
    /// percent; 0 leaves it out.
    Rooks,
    /// A correcting network's share (`nnue = FILE`, `crate::nnue`), percent: 100 adds its
    /// output as trained, 0 leaves it out.
    Network,
    /// Centralisation in the piece-square tables (`values.rs`): centipawns per step a
    /// piece (not a pawn or royal) stands from the nearest edges, files and ranks added,
    /// each counted up to half the shorter side less one; sliders count half. 0 leaves it out;
    /// the moves a piece has on an empty board are the only centralisation then, which
    /// is flat inside the board for short-range pieces.
    Centre,
    /// Stockfish 11's initiative (`winnable.rs`): the endgame score of the side ahead
    /// grows with the pawns, passed pawns and king outflanking and shrinks where the
    /// position is simple, percent of Stockfish's; 0 leaves it out.
    Initiative,
    /// Stockfish 11's endgame scale by the pawns of the side ahead (`winnable.rs`: fewer
    /// pawns, less of the endgame score counts), percent of Stockfish's; 0 leaves it out.
    PawnScale,
    /// Stockfish 11's passed-pawn path and royal proximity terms (`passed_path.rs`),
    /// percent of Stockfish's; 0 leaves them out.
    PassedPath,
}

pub const COUNT: usize = 29;

/// The ini names, in the order of `Weight`.
pub const NAMES: [&str; COUNT] = [
    "mobility",
    "tempo",
    "isolatedMg",
    "isolatedEg",
    "doubledMg",
    "doubledEg",
    "passed",
    "threatByPawn",
    "threatByLesser",
    "hangingMax",
    "kingAttack",
    "kingRing",
    "kingShield",
    "trapped",
    "conversion",
    "kingDanger",
    "mobilityContested",
    "space",
    "shelter",
    "threatByPush",
    "connected",
    "mobilityCurve",
    "outpost",
    "rooks",
    "network",
    "centre",
    "initiative",
    "pawnScale",
    "passedPath",
];

/// The defaults, in the order of `Weight`.
pub const DEFAULTS: [i32; COUNT] =
    [3, 12, 8, 12, 8, 16, 100, 25, 20, 60, 4, 20, 15, 100, 100, 0, 100, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0];

/// The weights of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights(pub [i32; COUNT]);

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights(DEFAULTS)
    }
}

impl Index<Weight> for EvalWeights {
    type Output = i32;
    #[inline]
    fn index(&self, w: Weight) -> &i32 {
        &self.0[w as usize]
    }
}

impl EvalWeights {
    /// The defaults with `overrides` (index into `NAMES`, value) applied.
    pub fn with_overrides(overrides: &[(usize, i32)]) -> EvalWeights {
        let mut w = EvalWeights::default();
        for &(i, v) in overrides {
            if let Some(slot) = w.0.get_mut(i) {
                *slot = v;
            }
        }
        w
    }
}

/// The index of the weight called `name` in an `eval.NAME` key.
pub fn index_of(name: &str) -> Option<usize> {
    NAMES.iter().position(|n| *n == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_defaults_and_enum_agree() {
        assert_eq!(index_of("conversion"), Some(Weight::Conversion as usize));
        assert_eq!(index_of("mobility"), Some(Weight::Mobility as usize));
        assert_eq!(NAMES.len(), Weight::PassedPath as usize + 1);
        let w = EvalWeights::with_overrides(&[(Weight::Tempo as usize, 30)]);
        assert_eq!((w[Weight::Tempo], w[Weight::Mobility]), (30, 3));
        assert_eq!(index_of("Mobility"), None, "names are case-sensitive like every ini key");
    }

    #[test]
    fn an_ini_line_sets_a_weight_for_its_variant_only() {
        use crate::catalog::Catalog;
        use crate::position::Position;
        use crate::search::eval::evaluate;
        let user = "[tempochess:chess]\neval.tempo = 40\neval.mobility = 5\n".to_string();
        let catalog = Catalog::embedded_with(&user);
        assert!(catalog.errors.is_empty(), "{:?}", catalog.errors);
        let tuned = catalog.get("tempochess").unwrap();
        assert_eq!((tuned.values.weights[Weight::Tempo], tuned.values.weights[Weight::Mobility]), (40, 5));
        assert_eq!(catalog.get("chess").unwrap().values.weights, EvalWeights::default());
        // The start position is symmetric: the evaluation is the tempo bonus alone.
        assert_eq!(evaluate(&Position::startpos(tuned)), 40);
        assert_eq!(evaluate(&Position::startpos(catalog.get("chess").unwrap())), 12);
    }

    #[test]
    fn a_bad_weight_line_is_reported() {
        use crate::catalog::Catalog;
        let user = "[x:chess]\neval.tempos = 4\n[y:chess]\neval.tempo = lots\n".to_string();
        let catalog = Catalog::embedded_with(&user);
        let text = catalog.errors.join("\n");
        assert!(text.contains("eval.tempos: no such evaluation weight"), "{text}");
        assert!(text.contains("eval.tempo must be a whole number"), "{text}");
    }
}
