//! `kirin selfplay` and `kirin tune`: the command lines of the tuner (`crate::tune`).

use crate::catalog::Catalog;
use crate::tune::{samples, selfplay, texel};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Variant name.
    #[arg(long, short = 'v', default_value = crate::engine::DEFAULT_VARIANT)]
    pub variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=200))]
    pub openings: u64,
    /// Seed of the random openings (the same seed plays the same games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_plies: u64,
    /// Games played at once (one search thread each; default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Transposition table per game, in MB.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash: u64,
    /// Write the positions here (appended) instead of to standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Variant name.
    #[arg(long, short = 'v', default_value = crate::engine::DEFAULT_VARIANT)]
    pub variant: String,
    /// Data file(s) of `kirin selfplay` (`FEN c9 "RESULT";` lines).
    #[arg(long, value_name = "FILE", required_unless_present = "pgn")]
    pub data: Vec<PathBuf>,
    /// PGN file(s) of games (a match against Fairy-Stockfish, say): the quiet positions
    /// after the first 8 plies of each game of this variant, with the game's result.
    #[arg(long, value_name = "FILE")]
    pub pgn: Vec<PathBuf>,
    /// Passes over the parameters at most (each tries every parameter a step up and down).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub passes: u64,
    /// Write the positions read (as data lines) to FILE and stop without fitting: the
    /// input of `scripts/teacher-labels.py`, which labels them with an engine's scores.
    /// A position met again (the FEN without its move counters) is written once.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Guard data file(s) (the same format): a change is taken only if it does not
    /// raise the error on these positions too. Fit to a stronger engine's scores
    /// (`--data`), guarded by game results, say: what only the labels ask for is left.
    #[arg(long, value_name = "FILE")]
    pub guard: Vec<PathBuf>,
    /// A parameter (its ini key: `eval.kingDanger`, `value.N`) that keeps its value;
    /// repeat for more. For a term kept off for its cost, the others fitted around it.
    #[arg(long, value_name = "KEY")]
    pub hold: Vec<String>,
}

#[derive(Args, Debug)]
pub struct TrainNetArgs {
    /// Variant name.
    #[arg(long, short = 'v', default_value = crate::engine::DEFAULT_VARIANT)]
    pub variant: String,
    /// Data file(s) of `kirin selfplay` (`FEN c9 "RESULT"; ce SCORE;` lines).
    #[arg(long, value_name = "FILE", required = true)]
    pub data: Vec<PathBuf>,
    /// Write the network here.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Hidden units [default: 256, or those of the `--init` network].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=crate::nnue::MAX_HIDDEN as u64))]
    pub hidden: Option<u64>,
    /// Start from this network (an embedded one by its name, such as the variant's
    /// `nnue`, or a file) instead of random weights: new positions refine it without the
    /// data it was first trained on.
    #[arg(long, value_name = "NETWORK")]
    pub init: Option<String>,
    /// Passes over the data.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub epochs: u64,
    /// Positions per step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub batch: u64,
    /// Learning rate at the start (Adam); it falls to a tenth along a half cosine.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Weight of the search's score in each position's target; the rest is the result.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Train a whole evaluation instead of a correction added to the hand-written one.
    #[arg(long)]
    pub replace: bool,
    /// King zones, FILESxRANKS: every input once per zone of the perspective's own royal
    /// (files cut evenly; ranks counted from its back rank, the last zone taking the
    /// rest). 1x1 is none; 3x2 in courier is six zones.
    #[arg(long, default_value = "1x1", value_parser = parse_zones)]
    pub king_zones: (usize, usize),
    /// With king zones: how fast each zone's own weights decay towards the zone-free
    /// ones (a step's decay is this times the learning rate).
    #[arg(long, default_value_t = 0.0)]
    pub zone_decay: f32,
}

/// `3x2` -> (3, 2).
fn parse_zones(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected FILESxRANKS such as 3x2, found '{s}'");
    let (f, r) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let f: usize = f.trim().parse().map_err(|_| bad())?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    Ok((f, r))
}

/// `kirin train-net`: a line per epoch (training and held-out loss); the network is
/// saved whenever its held-out loss is the lowest yet, so that an interrupted run leaves
/// the best one so far.
pub fn train_net(cat: &Catalog, a: &TrainNetArgs) -> Result<(), String> {
    let rules = cat.get(&a.variant).ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(format!("--lambda must be from 0 to 1, found {}", a.lambda));
    }
    if !(a.lr > 0.0 && a.lr < 1.0) {
        return Err(format!("--lr must be above 0 and below 1, found {}", a.lr));
    }
    let features = crate::nnue::Features::try_zoned(&rules.variant, a.king_zones)?;
    let samples = read_data(&a.data)?;
    let data = crate::nnue::train::prepare(&rules, &features, &samples, a.lambda, !a.replace)?;
    drop(samples);
    eprintln!("train-net: {} positions", data.len());
    let cfg = crate::nnue::train::TrainConfig {
        epochs: a.epochs as usize,
        batch: a.batch as usize,
        lr: a.lr,
        seed: a.seed,
        zone_decay: a.zone_decay,
    };
    let mut net = match &a.init {
        Some(name) => starting_network(&rules, name, &features, a)?,
        None => {
            crate::nnue::train::initial_with(&rules, features, a.hidden.unwrap_or(256) as usize, cfg.seed, !a.replace)
        }
    };
    let started = std::time::Instant::now();
    let mut saved = Ok(());
    let mut best = f64::INFINITY;
    crate::nnue::train::train(&mut net, &data, &cfg, &mut |epoch, fit, held, net| {
        if epoch == 0 {
            eprintln!("train-net: held-out loss before training {held:.6}");
            return;
        }
        eprintln!(
            "train-net: epoch {epoch}/{} loss {fit:.6} held-out {held:.6} ({:.0} s){}",
            cfg.epochs,
            started.elapsed().as_secs_f64(),
            if held < best { ", saved" } else { "" }
        );
        // The network of the lowest held-out loss is the one kept.
        if held < best && saved.is_ok() {
            best = held;
            saved = std::fs::write(&a.out, crate::nnue::format::write(net))
                .map_err(|e| format!("cannot write {}: {e}", a.out.display()));
        }
    });
    saved
}

/// The `--init` network, if it fits what the other arguments ask for: the variant's
/// pieces and board, no king zones, a correction or a whole evaluation, the hidden units.
fn starting_network(
    rules: &crate::position::Rules,
    name: &str,
    features: &crate::nnue::Features,
    a: &TrainNetArgs,
) -> Result<crate::nnue::Network, String> {
    let v = &rules.variant;
    // An embedded network's name first, else a file (relative to the working directory).
    let net = crate::nnue::load(name, "", &v.pieces, v.files as usize, v.ranks as usize)
        .map_err(|e| format!("--init: {e}"))?;
    // Training with king zones starts each zone afresh from zone-free twins
    // (`train::train`), which would throw a zoned network's learning away.
    let zones = |f: &crate::nnue::Features| (f.king_files, f.king_ranks);
    if zones(&net.features) != (1, 1) || zones(features) != (1, 1) {
        return Err(format!("--init: refines networks without king zones only ('{name}', --king-zones)"));
    }
    if net.adds_to_eval == a.replace {
        let kind = |adds: bool| if adds { "a correction" } else { "a whole evaluation (--replace)" };
        return Err(format!("--init: '{name}' is {}, this run trains {}", kind(net.adds_to_eval), kind(!a.replace)));
    }
    if let Some(h) = a.hidden.filter(|&h| h as usize != net.hidden) {
        return Err(format!("--init: '{name}' has {} hidden units, --hidden asks for {h}", net.hidden));
    }
    Ok(net)
}

/// `kirin selfplay`: progress on standard error, positions to the file or standard output.
pub fn selfplay(cat: &Catalog, a: &SelfplayArgs) -> Result<(), String> {
    let rules = cat.get(&a.variant).ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
    let cfg = selfplay::SelfplayConfig {
        games: a.games as usize,
        nodes: a.nodes,
        openings: a.openings as usize,
        seed: a.seed,
        max_plies: a.max_plies as usize,
        hash_mb: a.hash as usize,
    };
    let threads = match a.threads {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // The output is opened before the first game, so that a bad path fails at once.
    let sink: Box<dyn Write + Send> = match &a.out {
        Some(path) => Box::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    let sink = Mutex::new((sink, None::<String>));
    let every = (cfg.games / 20).max(1);
    let on_game = |done: usize, game: &selfplay::PlayedGame| {
        let mut text = String::new();
        for l in selfplay::lines(game) {
            text.push_str(&l);
            text.push('\n');
        }
        if let Ok(mut s) = sink.lock()
            && s.1.is_none()
            && let Err(e) = s.0.write_all(text.as_bytes()).and_then(|_| s.0.flush())
        {
            s.1 = Some(e.to_string());
        }
        if done.is_multiple_of(every) || done == cfg.games {
            eprintln!("selfplay: {done}/{} games", cfg.games);
        }
    };
    let t = selfplay::generate(&rules, &cfg, threads, &on_game);
    if let Some(e) = sink.into_inner().ok().and_then(|s| s.1) {
        return Err(format!("cannot write the positions: {e}"));
    }
    let games = t.white + t.draws + t.black;
    eprintln!(
        "selfplay: {games} games (+{} ={} -{} for White), {:.0} plies a game, {} positions",
        t.white,
        t.draws,
        t.black,
        t.plies as f64 / games.max(1) as f64,
        t.positions
    );
    Ok(())
}

/// The positions of `kirin selfplay` data files, all of them in order.
fn read_data(paths: &[PathBuf]) -> Result<Vec<samples::Sample>, String> {
    let mut all = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        all.extend(samples::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    Ok(all)
}

/// The part of a FEN that says which position it is to a teacher: every field but the
/// move counters at its end (board, pieces in hand, side to move, castling, en passant).
fn position_key(fen: &str) -> Vec<&str> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    while fields.len() > 2 && fields.last().is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit())) {
        fields.pop();
    }
    fields
}

/// `kirin tune`: the fit's progress, then the lines to add to the variant's section.
pub fn tune(cat: &Catalog, a: &TuneArgs) -> Result<(), String> {
    let rules = cat.get(&a.variant).ok_or_else(|| format!("unknown variant '{}'", a.variant))?;
    let mut all = read_data(&a.data)?;
    let mut out = std::io::stdout().lock();
    for path in &a.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (found, skipped) = samples::from_pgn(&rules, &text, crate::engine::DEFAULT_VARIANT);
        let _ = writeln!(out, "# {}: {} positions, {} games skipped", path.display(), found.len(), skipped.len());
        for s in skipped.iter().take(5) {
            let _ = writeln!(out, "#   {s}");
        }
        all.extend(found);
    }
    let _ = writeln!(out, "# {} positions of {}", all.len(), a.variant);
    if let Some(path) = &a.save {
        // A teacher gives a repeated board the same score, so labelling it twice buys
        // nothing and weighs it double in the network's training: keep the first.
        let mut seen = std::collections::HashSet::new();
        let distinct: Vec<_> = all.iter().filter(|s| seen.insert(position_key(&s.fen))).collect();
        let text: String =
            distinct.iter().map(|s| samples::line(&s.fen, &samples::result_text(s.result)) + "\n").collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let _ = writeln!(out, "# {} distinct positions written to {}", distinct.len(), path.display());
        return Ok(());
    }
    let guard = read_data(&a.guard)?;
    if !guard.is_empty() {
        let _ = writeln!(out, "# {} guard positions", guard.len());
    }
    let fit = texel::tune(&rules, &all, &guard, &a.hold, a.passes as usize, &mut |l| {
        let _ = writeln!(std::io::stdout().lock(), "# {l}");
    })?;
    let lines = texel::changed_lines(&rules, &fit);
    let _ = writeln!(
        out,
        "# after {} passes: training error {:.6} (was {:.6}), validation error {:.6} (was {:.6})",
        fit.passes, fit.after.0, fit.before.0, fit.after.1, fit.before.1
    );
    if lines.is_empty() {
        let _ = writeln!(out, "# no parameter changed");
    } else {
        let _ = writeln!(out, "# lines for the section [{}]:", a.variant);
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
    Ok(())
}
