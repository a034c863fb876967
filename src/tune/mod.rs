//! Tuning the evaluation from game results, per variant (Texel's method).
//!
//! Two steps, both `kirin` subcommands, so that a user who defines a variant can tune
//! Kirin for it without other tools:
//!
//! 1. `kirin selfplay` (`selfplay.rs`) plays Kirin against itself at a fixed number of
//!    nodes a move from random openings and writes the quiet positions of each game with
//!    the game's result, one `FEN c9 "RESULT";` line each.
//! 2. `kirin tune` (`texel.rs`) fits the piece values (`value.X`) and the evaluation's
//!    weights (`eval.NAME`, `search/eval_weights.rs`) so that the static evaluation of
//!    those positions predicts their results best, and prints the lines to put into the
//!    variant's section of `variants.ini`.

pub mod samples;
pub mod selfplay;
pub mod texel;
