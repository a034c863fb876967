//! The network trainer: fits a `Network` to positions labelled by a search's score and
//! their game's result (the data of `kirin selfplay`), by mini-batch gradient descent with
//! Adam, on all cores (rayon), in floats.
//!
//! Each position's target is an expected score for its side to move: `lambda` times the
//! logistic of the search's score (`SCALE` centipawns a unit) plus `1 - lambda` times the
//! game's result, as Stockfish's trainers blend them; the loss is the squared difference
//! between that and the logistic of the network's output. Every twentieth block of
//! positions is held out to show whether the fit generalises.

use super::{Features, Network, SCALE, screlu};
use crate::position::{Position, Rules};
use crate::search::skill::SkillRng;
use crate::square::Color;
use crate::tune::samples::Sample;
use rayon::prelude::*;
use std::sync::Arc;

/// How `train` runs (the network's size and the targets' blend are set before it, by
/// `initial` and `prepare`).
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    pub batch: usize,
    /// Adam's learning rate at the start; it falls along a half cosine to a tenth.
    pub lr: f32,
    pub seed: u64,
    /// With king zones: the decay of each zone's own weights (AdamW's, per step times the
    /// learning rate), so that a zone departs from the zone-free weights only as far as
    /// its positions keep asking.
    pub zone_decay: f32,
}

/// Positions as the trainer needs them: each one's active inputs from the side to move's
/// perspective and from the other's, and its target.
#[derive(Default)]
pub struct Data {
    /// Inputs of position `i`: `us[offsets[i]..offsets[i + 1]]` (and `them`, the same range).
    us: Vec<u16>,
    them: Vec<u16>,
    offsets: Vec<usize>,
    targets: Vec<f32>,
    /// The hand-written evaluation in network units (0 for a network that replaces it).
    base: Vec<f32>,
    /// With king zones: the inputs of one zone. Each position then also has the
    /// zone-free twin of every input (numbered from the network's last input on), whose
    /// weights the trainer adds to every zone's when it is done (`fold`). The twins learn
    /// from all positions what a piece on a square is worth wherever the royal stands;
    /// a zone's own weights learn only the difference its positions show, so that zones
    /// the data rarely sees stay near the zone-free network instead of at random (the
    /// "factorizer" of Stockfish's trainers).
    shared: usize,
}

impl Data {
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let r = self.offsets[i]..self.offsets[i + 1];
        (&self.us[r.clone()], &self.them[r])
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The target of a sample: an expected score for the side to move.
pub fn target(s: &Sample, white_to_move: bool, lambda: f32) -> f32 {
    let result = if white_to_move { s.result as f32 } else { 1.0 - s.result as f32 };
    match s.score {
        Some(ce) => lambda * sigmoid(ce.clamp(-4000, 4000) as f32 / SCALE) + (1.0 - lambda) * result,
        None => result,
    }
}

/// One position read: its inputs from the side to move's and the other's perspective,
/// its target and its base.
type Prepared = (Vec<u16>, Vec<u16>, f32, f32);

/// Reads the samples' positions (in parallel); an error names the first bad FEN.
/// `adds_to_eval`: the network is to correct the hand-written evaluation, whose score of
/// each position is then kept as its base.
pub fn prepare(
    rules: &Arc<Rules>,
    features: &Features,
    samples: &[Sample],
    lambda: f32,
    adds_to_eval: bool,
) -> Result<Data, String> {
    let shared = if features.inputs() > features.per_zone() { features.per_zone() } else { 0 };
    if features.inputs() + shared > super::MAX_INPUTS {
        return Err(format!("{} inputs and their zone-free twins: too many", features.inputs()));
    }
    let parsed: Vec<Result<Prepared, String>> = samples
        .par_iter()
        .map(|s| {
            let pos = Position::from_fen(rules.clone(), &s.fen).map_err(|e| format!("{}: {e}", s.fen))?;
            let (mut white, mut black) = (Vec::new(), Vec::new());
            features.active(&pos, &mut white, &mut black);
            if shared > 0 {
                for list in [&mut white, &mut black] {
                    let n = list.len();
                    for k in 0..n {
                        list.push((features.inputs() + list[k] as usize % shared) as u16);
                    }
                }
            }
            let stm_white = pos.side_to_move() == Color::White;
            let t = target(s, stm_white, lambda);
            let base = if adds_to_eval { crate::search::eval::evaluate_hand(&pos) as f32 / SCALE } else { 0.0 };
            Ok(if stm_white { (white, black, t, base) } else { (black, white, t, base) })
        })
        .collect();
    let mut data = Data { offsets: vec![0], shared, ..Data::default() };
    for p in parsed {
        let (us, them, t, base) = p?;
        data.us.extend_from_slice(&us);
        data.them.extend_from_slice(&them);
        data.offsets.push(data.us.len());
        data.targets.push(t);
        data.base.push(base);
    }
    Ok(data)
}

/// A network of random weights (seeded) for `rules`' variant, without king zones.
pub fn initial(rules: &Arc<Rules>, hidden: usize, seed: u64, adds_to_eval: bool) -> Network {
    initial_with(rules, Features::of(&rules.variant), hidden, seed, adds_to_eval)
}

/// A network of random weights (seeded) for `rules`' variant with inputs `features`. A
/// correction starts with output weights of zero: at first it is the hand-written
/// evaluation, exactly.
pub fn initial_with(rules: &Arc<Rules>, features: Features, hidden: usize, seed: u64, adds_to_eval: bool) -> Network {
    let mut rng = SkillRng::seeded(seed);
    let mut uniform = |r: f32| (rng.next_u32() as f32 / u32::MAX as f32 * 2.0 - 1.0) * r;
    let w1 = (0..features.inputs() * hidden).map(|_| uniform(0.1)).collect();
    let b1 = (0..hidden).map(|_| 0.05 + uniform(0.05)).collect();
    let w2 = (0..2 * hidden).map(|_| if adds_to_eval { 0.0 } else { uniform(0.1) }).collect();
    let pieces = super::piece_signature(&rules.variant.pieces);
    let mut net =
        Network { features, pieces, hidden, w1, b1, w2, b2: 0.0, adds_to_eval, quantized: Default::default() };
    net.quantize();
    net
}

/// Gradients of a batch (sums over its positions) and its summed loss.
struct Grad {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    loss: f64,
}

impl Grad {
    fn zero(net: &Network) -> Grad {
        Grad {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.hidden],
            w2: vec![0.0; 2 * net.hidden],
            b2: 0.0,
            loss: 0.0,
        }
    }

    fn add(mut self, o: Grad) -> Grad {
        for (a, b) in self.w1.iter_mut().zip(&o.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&o.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&o.w2) {
            *a += b;
        }
        self.b2 += o.b2;
        self.loss += o.loss;
        self
    }
}

fn accumulate(net: &Network, inputs: &[u16], acc: &mut [f32]) {
    acc.copy_from_slice(&net.b1);
    let h = net.hidden;
    for &f in inputs {
        for (a, w) in acc.iter_mut().zip(&net.w1[f as usize * h..(f as usize + 1) * h]) {
            *a += w;
        }
    }
}

/// The loss of position `i`, and its gradients added to `g` when there is one.
fn step(net: &Network, data: &Data, i: usize, acc: &mut [f32], g: Option<&mut Grad>) -> f64 {
    let h = net.hidden;
    let (us, them) = data.inputs(i);
    let (au, at) = acc.split_at_mut(h);
    accumulate(net, us, au);
    accumulate(net, them, at);
    let p = sigmoid(data.base[i] + net.output(au, at));
    let t = data.targets[i];
    let loss = ((p - t) * (p - t)) as f64;
    let Some(g) = g else { return loss };
    // d loss / d output.
    let dy = 2.0 * (p - t) * p * (1.0 - p);
    g.b2 += dy;
    for (half, (acc, inputs)) in [(&*au, us), (&*at, them)].into_iter().enumerate() {
        let w2 = &net.w2[half * h..(half + 1) * h];
        let gw2 = &mut g.w2[half * h..(half + 1) * h];
        // d loss / d accumulator (collected, not a zeroed array of `MAX_HIDDEN` per half
        // and position).
        let mut dacc = arrayvec::ArrayVec::<f32, { super::MAX_HIDDEN }>::new();
        for ((&a, w), gw) in acc.iter().zip(w2).zip(gw2.iter_mut()) {
            *gw += dy * screlu(a);
            dacc.push(if a > 0.0 && a < 1.0 { dy * w * 2.0 * a } else { 0.0 });
        }
        for (b, d) in g.b1.iter_mut().zip(&dacc) {
            *b += d;
        }
        for &f in inputs {
            for (w, d) in g.w1[f as usize * h..(f as usize + 1) * h].iter_mut().zip(&dacc) {
                *w += d;
            }
        }
    }
    loss
}

/// Adam's moments of one tensor.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam { m: vec![0.0; n], v: vec![0.0; n] }
    }

    /// One update of `w` by the summed gradient `g` of `n` positions.
    fn update(&mut self, w: &mut [f32], g: &[f32], n: f32, lr: f32, t: i32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let (c1, c2) = (1.0 - B1.powi(t), 1.0 - B2.powi(t));
        for ((w, g), (m, v)) in w.iter_mut().zip(g).zip(self.m.iter_mut().zip(self.v.iter_mut())) {
            let g = g / n;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
    }
}

/// Mean loss over `positions`.
fn mean_loss(net: &Network, data: &Data, positions: &[usize]) -> f64 {
    let total: f64 = positions
        .par_chunks(4096)
        .map(|c| {
            let mut acc = vec![0.0f32; 2 * net.hidden];
            c.iter().map(|&i| step(net, data, i, &mut acc, None)).sum::<f64>()
        })
        .sum();
    total / positions.len().max(1) as f64
}

/// Trains `net` on `data`; `progress` hears each epoch's number, training loss,
/// held-out loss and the network as it stands, and first (epoch 0) the held-out loss
/// of the untrained network.
pub fn train(net: &mut Network, data: &Data, cfg: &TrainConfig, progress: &mut dyn FnMut(usize, f64, f64, &Network)) {
    // The zone-free twins of the inputs (`Data::shared`) start with the first zone's
    // weights and the zones' own at zero: the network starts as one without zones, and a
    // zone the data never sees keeps the twins' weights, not random ones.
    let zoned_len = net.w1.len();
    if data.shared > 0 {
        let first: Vec<f32> = net.w1[..data.shared * net.hidden].to_vec();
        net.w1.iter_mut().for_each(|w| *w = 0.0);
        net.w1.extend(first);
    }
    let mut report = |epoch: usize, fit: f64, held: f64, net: &Network| {
        if data.shared == 0 {
            progress(epoch, fit, held, net)
        } else {
            progress(epoch, fit, held, &fold(net, zoned_len, data.shared))
        }
    };
    train_inputs(net, data, cfg, &mut report);
    if data.shared > 0 {
        *net = fold(net, zoned_len, data.shared);
    }
}

/// The network of a training run with zone-free twins: each twin's weights added to its
/// input's in every zone, the twins gone.
fn fold(net: &Network, zoned_len: usize, shared: usize) -> Network {
    let h = net.hidden;
    let (zoned, twins) = net.w1.split_at(zoned_len);
    let mut out = net.clone();
    out.w1 = zoned.to_vec();
    for (i, w) in out.w1.chunks_exact_mut(h).enumerate() {
        let twin = &twins[(i % shared) * h..(i % shared + 1) * h];
        for (a, b) in w.iter_mut().zip(twin) {
            *a += b;
        }
    }
    out.quantize();
    out
}

/// `train` on the inputs `data` has (with the twins, if any: `net.w1` covers them).
fn train_inputs(
    net: &mut Network,
    data: &Data,
    cfg: &TrainConfig,
    progress: &mut dyn FnMut(usize, f64, f64, &Network),
) {
    // Held out in blocks of 256 positions (two games or so of self-play data): positions
    // of one game are alike, and a held-out position beside its game's trained ones
    // would hide overfitting.
    let (mut fit, held): (Vec<usize>, Vec<usize>) = (0..data.len()).partition(|i| i / 256 % 20 != 19);
    let mut rng = SkillRng::seeded(cfg.seed ^ 0x5eed);
    let (mut a1, mut ab1, mut a2, mut ab2) =
        (Adam::new(net.w1.len()), Adam::new(net.hidden), Adam::new(2 * net.hidden), Adam::new(1));
    let threads = rayon::current_num_threads().max(1);
    progress(0, f64::NAN, mean_loss(net, data, &held), net);
    let mut t = 0;
    for epoch in 0..cfg.epochs {
        for i in (1..fit.len()).rev() {
            let j = ((rng.next_u32() as u64) << 32 | rng.next_u32() as u64) as usize % (i + 1);
            fit.swap(i, j);
        }
        let progress_frac = epoch as f32 / cfg.epochs.max(1) as f32;
        let lr = cfg.lr * (0.1 + 0.9 * 0.5 * (1.0 + (std::f32::consts::PI * progress_frac).cos()));
        let mut train_loss = 0.0;
        for batch in fit.chunks(cfg.batch.max(1)) {
            let shard = batch.len().div_ceil(threads);
            let g = batch
                .par_chunks(shard.max(1))
                .map(|c| {
                    let mut g = Grad::zero(net);
                    let mut acc = vec![0.0f32; 2 * net.hidden];
                    for &i in c {
                        g.loss += step(net, data, i, &mut acc, Some(&mut g));
                    }
                    g
                })
                .reduce_with(Grad::add);
            let Some(g) = g else { continue };
            train_loss += g.loss;
            t += 1;
            let n = batch.len() as f32;
            a1.update(&mut net.w1, &g.w1, n, lr, t);
            if data.shared > 0 && cfg.zone_decay > 0.0 {
                // Each zone's own weights are pulled towards zero, their twins' value.
                let keep = (1.0 - lr * cfg.zone_decay).max(0.0);
                let twins = net.w1.len() - data.shared * net.hidden;
                net.w1[..twins].iter_mut().for_each(|w| *w *= keep);
            }
            ab1.update(&mut net.b1, &g.b1, n, lr, t);
            a2.update(&mut net.w2, &g.w2, n, lr, t);
            let mut b2 = [net.b2];
            ab2.update(&mut b2, &[g.b2], n, lr, t);
            net.b2 = b2[0];
        }
        net.quantize();
        let held_loss = mean_loss(net, data, &held);
        progress(epoch + 1, train_loss / fit.len().max(1) as f64, held_loss, net);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn the_trainer_learns_that_an_extra_rook_wins() {
        // Positions where one side has an extra Rook, labelled won for that side: the
        // trained network must score them clearly for the Rook's side, whoever moves.
        let rules = Catalog::embedded().get("chess").unwrap();
        let mut samples = Vec::new();
        for f in 0..8u8 {
            for (fen, result) in [
                (format!("4k3/8/8/8/8/8/8/{} w - - 0 1", rook_rank(f, true)), 1.0),
                (format!("{}/8/8/8/8/8/8/4K3 w - - 0 1", rook_rank(f, false)), 0.0),
            ] {
                samples.push(Sample { fen: fen.clone(), result, score: None });
                samples.push(Sample { fen: fen.replace(" w ", " b "), result, score: None });
            }
        }
        let data = prepare(&rules, &Features::of(&rules.variant), &samples, 0.0, false).unwrap();
        let mut net = initial(&rules, 8, 1, false);
        let cfg = TrainConfig { epochs: 300, batch: 8, lr: 0.01, seed: 1, zone_decay: 0.0 };
        let mut last = (0.0, 0.0);
        train(&mut net, &data, &cfg, &mut |e, a, b, _| {
            if e > 0 {
                last = (a, b)
            }
        });
        assert!(last.0 < 0.02, "training loss {last:?}");
        // The side to move with the Rook is ahead, the side to move without it behind.
        for (fen, sign) in [
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 1),
            ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", -1),
            ("4k2r/8/8/8/8/8/8/4K3 b - - 0 1", 1),
            ("4k2r/8/8/8/8/8/8/4K3 w - - 0 1", -1),
        ] {
            let pos = Position::from_fen(rules.clone(), fen).unwrap();
            assert!(sign * net.evaluate(&pos) > 200, "{fen}: {}", net.evaluate(&pos));
        }
    }

    /// White's (or Black's) back rank with a King on e and a Rook on file `f` (not e).
    fn rook_rank(f: u8, white: bool) -> String {
        let f = if f == 4 { 7 } else { f };
        let mut rank = ['1'; 8];
        rank[4] = if white { 'K' } else { 'k' };
        rank[f as usize] = if white { 'R' } else { 'r' };
        let mut s = String::new();
        let mut empty = 0;
        for c in rank {
            if c == '1' {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(c);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        s
    }

    #[test]
    fn a_zoned_network_folds_its_twins_into_every_zone() {
        // Trained with zone-free twins, the network the search reads must give what the
        // training network gave: each zone's weights plus the twins'.
        let rules = Catalog::embedded().get("courier").unwrap();
        let features = Features::try_zoned(&rules.variant, (3, 2)).unwrap();
        let fens = [
            "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
            "1r3bkw3r/2pm1p1b1pp1/epn1p2p1nfe/pN5P2Np/P4PP4P/2PPMBBEpPP1/1P2RF2P3/1K5W3R b - - 1 31",
            "12/7wp3/3e4p1p1/8P2p/3K2k2P1P/8B1P1/9F1r/12 w - - 2 106",
        ];
        let samples: Vec<Sample> =
            fens.iter().map(|f| Sample { fen: f.to_string(), result: 0.5, score: Some(0) }).collect();
        let data = prepare(&rules, &features, &samples, 1.0, false).unwrap();
        assert_eq!(data.shared, features.per_zone());
        let mut net = initial_with(&rules, features.clone(), 8, 3, false);
        let zoned_len = net.w1.len();
        let mut seed = 7u64;
        net.w1.extend((0..data.shared * 8).map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 40) as f32 / (1u64 << 24) as f32 * 0.2 - 0.1
        }));
        let folded = fold(&net, zoned_len, data.shared);
        assert_eq!(folded.w1.len(), zoned_len);
        for (i, fen) in fens.iter().enumerate() {
            let mut acc = [0.0; 16];
            let (us, them) = data.inputs(i);
            let (au, at) = acc.split_at_mut(8);
            accumulate(&net, us, au);
            accumulate(&net, them, at);
            let trained = net.output(au, at) * SCALE;
            let pos = Position::from_fen(rules.clone(), fen).unwrap();
            let read = folded.evaluate(&pos) as f32;
            assert!((trained - read).abs() <= 2.0, "{fen}: {trained} {read}");
        }
    }

    #[test]
    fn targets_blend_the_score_and_the_result_for_the_side_to_move() {
        let s = Sample { fen: String::new(), result: 1.0, score: Some(0) };
        assert!((target(&s, true, 0.5) - 0.75).abs() < 1e-6);
        assert!((target(&s, false, 0.5) - 0.25).abs() < 1e-6);
        let s = Sample { fen: String::new(), result: 0.5, score: Some(400) };
        assert!((target(&s, true, 1.0) - sigmoid(1.0)).abs() < 1e-6);
        let s = Sample { fen: String::new(), result: 0.0, score: None };
        assert_eq!(target(&s, false, 0.7), 1.0);
    }
}
