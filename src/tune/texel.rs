//! Texel's tuning method: the parameters of the evaluation are changed one at a time, a
//! step up or down, and a change is kept when the static evaluation of the sample
//! positions predicts the games' results better (lower mean squared error of
//! `sigmoid(K * eval)` against the result). `K` is fitted first, with the parameters as
//! they are, so that the evaluation's scale is not what the tuning changes.
//!
//! The parameters are the variant's piece values (`value.X`, all but pawns, which anchor
//! the scale at 100, and royals, which are never traded), the evaluation's weights
//! (`eval.NAME`) and the variant's imbalance terms (`imbalance.A.B`, `imbalanceVs.A.B`).
//! Every trial builds the variant's rules with the trial values and evaluates every
//! position again: slow next to a gradient method, but it needs nothing
//! from the evaluation but its result, so every term, present or future, can be tuned.
//!
//! A tenth of the positions (every tenth) is kept out of the fit: the error on them shows
//! whether the fit generalises or only learns the sample.
//!
//! Guard positions, when given, veto a change that raises their error (with their own
//! `K`). Labels from a stronger engine's search are plentiful and smooth, but they carry
//! that engine's view: fitted to Fairy-Stockfish's depth-8 scores alone, Kirin's courier
//! weights predicted them better and scored -64 +/- 65 Elo in 93 games against the
//! weights before (docs/log/2026-11.md). Game results as the guard keep only the changes
//! both sources agree on.

use super::samples::Sample;
use crate::position::{Position, Rules};
use crate::search::eval::evaluate;
use crate::search::eval_weights::NAMES;
use crate::square::Color;
use rayon::prelude::*;
use std::sync::Arc;

/// What a parameter sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The value of piece type `k`.
    Value(usize),
    /// Evaluation weight `i` (index into `eval_weights::NAMES`).
    Weight(usize),
    /// Imbalance term `i` of the variant (index into `Variant::imbalance`).
    Imbalance(usize),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The ini key (`value.N`, `eval.mobility`, `imbalance.N.P`).
    pub key: String,
    pub target: Target,
    pub value: i32,
    /// The size of one trial change.
    pub step: i32,
}

/// The tunable parameters of `rules`, at their current values.
pub fn params(rules: &Rules) -> Vec<Param> {
    let vals = &rules.values;
    let mut out = Vec::new();
    for (k, def) in rules.variant.pieces.iter().enumerate() {
        let fixed = (vals.pawn_mask | rules.royal_mask) & (1 << k) != 0;
        if !fixed {
            let value = vals.value[k];
            out.push(Param {
                key: format!("value.{}", def.token),
                target: Target::Value(k),
                value,
                step: (value / 40).clamp(5, 50),
            });
        }
    }
    for (i, name) in NAMES.iter().enumerate() {
        let value = vals.weights.0[i];
        out.push(Param {
            key: format!("eval.{name}"),
            target: Target::Weight(i),
            value,
            step: (value.abs() / 10).max(1),
        });
    }
    // The variant's imbalance terms (those its ini gives: which pieces interact is a
    // choice of the variant's author, the size of the effect what the data decide).
    let token = |k: crate::variant::PieceType| &rules.variant.pieces[k as usize].token;
    for (i, t) in rules.variant.imbalance.iter().enumerate() {
        let prefix = if t.against { "imbalanceVs" } else { "imbalance" };
        out.push(Param {
            key: format!("{prefix}.{}.{}", token(t.own), token(t.other)),
            target: Target::Imbalance(i),
            value: t.value,
            step: (t.value.abs() / 10).max(1),
        });
    }
    out
}

/// `base`'s rules with `params` applied.
pub fn rules_with(base: &Rules, params: &[Param]) -> Result<Arc<Rules>, String> {
    let mut v = base.variant.clone();
    for p in params {
        match p.target {
            Target::Value(k) => {
                v.value_overrides.retain(|(t, _)| *t as usize != k);
                v.value_overrides.push((k as _, p.value));
            }
            Target::Weight(i) => {
                v.eval_weights.retain(|(w, _)| *w != i);
                v.eval_weights.push((i, p.value));
            }
            Target::Imbalance(i) => {
                if let Some(t) = v.imbalance.get_mut(i) {
                    t.value = p.value;
                }
            }
        }
    }
    Rules::new(v).map_err(|e| e.to_string())
}

/// White's static evaluation of every sample under `rules`.
pub fn evaluations(rules: &Arc<Rules>, samples: &[Sample]) -> Result<Vec<i32>, String> {
    samples
        .par_iter()
        .map(|s| {
            let pos = Position::from_fen(rules.clone(), &s.fen).map_err(|e| format!("{}: {e}", s.fen))?;
            let e = evaluate(&pos);
            Ok(if pos.side_to_move() == Color::White { e } else { -e })
        })
        .collect()
}

fn sigmoid(k: f64, eval: i32) -> f64 {
    1.0 / (1.0 + (-k * eval as f64 / 400.0).exp())
}

/// Mean squared error of the predictions over the samples `which` selects (by index).
fn error(evals: &[i32], samples: &[Sample], k: f64, which: &(dyn Fn(usize) -> bool + Sync)) -> f64 {
    let (sum, n) = evals
        .par_iter()
        .zip(samples.par_iter())
        .enumerate()
        .filter(|(i, _)| which(*i))
        .map(|(_, (&e, s))| ((s.result - sigmoid(k, e)).powi(2), 1usize))
        .reduce(|| (0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

fn training(i: usize) -> bool {
    i % 10 != 9
}

fn validation(i: usize) -> bool {
    i % 10 == 9
}

/// The `K` that minimises the training error for these evaluations (a ternary search;
/// the error is unimodal in `K`).
pub fn fit_k(evals: &[i32], samples: &[Sample]) -> f64 {
    fit_k_on(evals, samples, &training)
}

/// The `K` that minimises the error on the samples `which` selects.
fn fit_k_on(evals: &[i32], samples: &[Sample], which: &(dyn Fn(usize) -> bool + Sync)) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    for _ in 0..60 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if error(evals, samples, m1, which) < error(evals, samples, m2, which) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    (lo + hi) / 2.0
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct Fit {
    pub k: f64,
    pub params: Vec<Param>,
    /// Training and validation error before and after.
    pub before: (f64, f64),
    pub after: (f64, f64),
    pub passes: usize,
}

/// Tunes the parameters of `base` on `samples` for at most `max_passes` passes over
/// them (a pass tries each parameter a step up and down; it stops early when a pass
/// changes nothing). A change must not raise the error on `guard` (if not empty).
/// The parameters named in `hold` (ini keys, `eval.kingDanger`) keep their values: a
/// term a user wants off for its cost stays off while the others fit around it.
/// `log` gets a line per pass.
pub fn tune(
    base: &Arc<Rules>,
    samples: &[Sample],
    guard: &[Sample],
    hold: &[String],
    max_passes: usize,
    log: &mut dyn FnMut(&str),
) -> Result<Fit, String> {
    if samples.len() < 10 {
        return Err(format!("{} positions: too few to tune on (at least 10)", samples.len()));
    }
    let mut ps = params(base);
    if let Some(unknown) = hold.iter().find(|h| !ps.iter().any(|p| &p.key == *h)) {
        return Err(format!(
            "--hold {unknown}: not a parameter of {} (value.X, eval.NAME, imbalance.X.Y)",
            base.variant.name
        ));
    }
    let free: Vec<usize> = (0..ps.len()).filter(|&i| !hold.contains(&ps[i].key)).collect();
    let evals = evaluations(base, samples)?;
    let k = fit_k(&evals, samples);
    let before = (error(&evals, samples, k, &training), error(&evals, samples, k, &validation));
    log(&format!("K = {k:.4}; error: training {:.6}, validation {:.6}", before.0, before.1));
    let all = |_: usize| true;
    let guard_k = if guard.is_empty() { 0.0 } else { fit_k_on(&evaluations(base, guard)?, guard, &all) };
    let guard_error = |rules: &Arc<Rules>| -> Result<f64, String> {
        Ok(if guard.is_empty() { 0.0 } else { error(&evaluations(rules, guard)?, guard, guard_k, &all) })
    };
    let mut best_guard = guard_error(base)?;
    if !guard.is_empty() {
        log(&format!("guard: K = {guard_k:.4}; error {best_guard:.6}"));
    }
    let mut best = before.0;
    let mut passes = 0;
    while passes < max_passes {
        passes += 1;
        let mut changed = 0;
        for &i in &free {
            for dir in [1, -1] {
                let mut trial = ps.clone();
                trial[i].value += dir * trial[i].step;
                // A trial the rules refuse (a value out of range) is simply not taken.
                let Ok(rules) = rules_with(base, &trial) else { continue };
                let e = error(&evaluations(&rules, samples)?, samples, k, &training);
                if e < best {
                    let g = guard_error(&rules)?;
                    if g > best_guard {
                        continue;
                    }
                    best = e;
                    best_guard = g;
                    ps = trial;
                    changed += 1;
                    break;
                }
            }
        }
        let rules = rules_with(base, &ps)?;
        let val = error(&evaluations(&rules, samples)?, samples, k, &validation);
        let guarded = if guard.is_empty() { String::new() } else { format!(", guard {best_guard:.6}") };
        log(&format!("pass {passes}: {changed} changes; error: training {best:.6}, validation {val:.6}{guarded}"));
        if changed == 0 {
            break;
        }
    }
    let rules = rules_with(base, &ps)?;
    let evals = evaluations(&rules, samples)?;
    let after = (error(&evals, samples, k, &training), error(&evals, samples, k, &validation));
    Ok(Fit { k, params: ps, before, after, passes })
}

/// The ini lines of the parameters that differ from `base`'s.
pub fn changed_lines(base: &Rules, fit: &Fit) -> Vec<String> {
    let old = params(base);
    fit.params
        .iter()
        .zip(&old)
        .filter(|(new, old)| new.value != old.value)
        .map(|(new, old)| format!("{} = {}    # was {}", new.key, new.value, old.value))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// Chess with the Knight's value set far too low (60).
    fn low_knight() -> Arc<Rules> {
        let cat = Catalog::embedded_with("[lowknight:chess]\nvalue.N = 60\n");
        cat.get("lowknight").unwrap()
    }

    /// Positions where White is a Knight up, scored `up_result`, and a Knight down,
    /// scored the opposite.
    fn knight_samples(up_result: f64) -> Vec<Sample> {
        let up = [
            "4k3/pppp4/8/8/8/8/PPPP4/4K1N1 w - - 0 1",
            "4k3/4pppp/8/8/8/8/4PPPP/1N2K3 b - - 0 1",
            "3k4/pp6/8/8/8/2N5/PP6/3K4 w - - 0 1",
            "6k1/5ppp/8/8/8/5N2/5PPP/6K1 b - - 0 1",
        ];
        let down = [
            "4k1n1/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1",
            "1n2k3/4pppp/8/8/8/8/4PPPP/4K3 b - - 0 1",
            "3k4/pp6/2n5/8/8/8/PP6/3K4 w - - 0 1",
            "6k1/5ppp/5n2/8/8/8/5PPP/6K1 b - - 0 1",
        ];
        let mut samples = Vec::new();
        for _ in 0..5 {
            samples.extend(up.iter().map(|f| Sample { fen: f.to_string(), result: up_result, score: None }));
            samples.extend(down.iter().map(|f| Sample { fen: f.to_string(), result: 1.0 - up_result, score: None }));
        }
        samples
    }

    fn knight_value(fit: &Fit) -> i32 {
        fit.params.iter().find(|p| p.key == "value.N").unwrap().value
    }

    /// The Knight-up side won, the Knight-down side lost: the tuner must raise the
    /// Knight's value when it is set far too low, and lower the training error doing so.
    #[test]
    fn a_value_set_too_low_is_raised() {
        let rules = low_knight();
        let fit = tune(&rules, &knight_samples(1.0), &[], &[], 30, &mut |_| {}).unwrap();
        assert!(knight_value(&fit) > 200, "the Knight's value went from 60 to {}", knight_value(&fit));
        assert!(fit.after.0 < fit.before.0);
        assert!(changed_lines(&rules, &fit).iter().any(|l| l.starts_with("value.N = ")));
        // Pawns and the King are not parameters.
        assert!(fit.params.iter().all(|p| p.key != "value.P" && p.key != "value.K"));
    }

    /// A guard whose results say the opposite of the data vetoes the change the data
    /// ask for: the Knight set too low stays where it is.
    #[test]
    fn a_guard_vetoes_what_it_disagrees_with() {
        let rules = low_knight();
        let guarded = tune(&rules, &knight_samples(1.0), &knight_samples(0.0), &[], 30, &mut |_| {}).unwrap();
        assert_eq!(knight_value(&guarded), 60);
    }

    /// A held parameter keeps its value where the data would move it, and a held name
    /// that is no parameter is an error, not a silent no-op.
    #[test]
    fn a_held_parameter_keeps_its_value() {
        let rules = low_knight();
        let held = tune(&rules, &knight_samples(1.0), &[], &["value.N".to_string()], 30, &mut |_| {}).unwrap();
        assert_eq!(knight_value(&held), 60);
        let typo = tune(&rules, &knight_samples(1.0), &[], &["value.Nn".to_string()], 30, &mut |_| {});
        assert!(typo.unwrap_err().contains("value.Nn"));
    }

    /// A variant's imbalance terms are parameters, and a trial value reaches the
    /// evaluation: the Bishop pair term set to 80 moves a Bishop-pair position by 80.
    #[test]
    fn imbalance_terms_are_parameters() {
        let cat = Catalog::embedded_with("[pairchess:chess]\nimbalance.B.B = 0\n");
        let rules = cat.get("pairchess").unwrap();
        let mut params = params(&rules);
        let pair = params.iter_mut().find(|p| p.key == "imbalance.B.B").expect("the pair term is a parameter");
        assert_eq!((pair.target, pair.value), (Target::Imbalance(0), 0));
        pair.value = 80;
        let trial = rules_with(&rules, &params).unwrap();
        let samples = [Sample { fen: "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1".to_string(), result: 1.0, score: None }];
        let before = evaluations(&rules, &samples).unwrap()[0];
        assert_eq!(evaluations(&trial, &samples).unwrap()[0] - before, 80);
    }
}
