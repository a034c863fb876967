//! The command line: `kirin analyse|perft|show|variants|bench|uci|xboard`. Everything a GUI
//! does through a protocol can be done here for one position and printed. Logging goes
//! through env_logger (`RUST_LOG=debug`) to stderr, in CLI mode only.

use crate::catalog::Catalog;
use crate::engine::{DEFAULT_HASH_MB, Engine};
use crate::position::Position;
use crate::protocol::uci::{Uci, info_line};
use crate::protocol::xboard::XBoard;
use crate::protocol::{InputLine, Out, batch, bench, perft_suite, read_input_line, variant_list, write_perft};
use crate::search::Limits;
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `kirin --version`: the version, the commit and the compiler (from `build.rs`).
pub const LONG_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("KIRIN_BUILD_INFO"), ")");

#[derive(Parser, Debug)]
#[command(name = "kirin", version, long_version = LONG_VERSION, about = "Kirin, a fairy-chess engine on 256-bit boards", long_about = None)]
#[command(args_override_self = true, allow_negative_numbers = true)]
pub struct Cli {
    /// Extra variant file(s) (ini), adding to or overriding the embedded variants.ini.
    #[arg(long = "variants", global = true, value_name = "FILE")]
    pub variant_files: Vec<PathBuf>,

    /// Append every protocol line in and out to FILE (as the `Debug Log File` option).
    #[arg(long = "debug-log", global = true, value_name = "FILE")]
    pub debug_log: Option<String>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Analyse a position: iterative-deepening lines (depth, score, nodes, nps, PV), then
    /// the best move. With no options: the default variant's start position for 5 s.
    Analyse(AnalyseArgs),
    /// Count leaf nodes of the legal move tree (ends with "Nodes searched: N").
    Perft(PerftArgs),
    /// Print a position: board, FEN, side to move, legal moves.
    Show(PositionArgs),
    /// List the loaded variants (name, size, XBoard name and flags, n-move rule, title,
    /// source page).
    Variants(VariantsArgs),
    /// Search a fixed set of positions to a fixed depth; prints nodes and nodes/s.
    Bench(BenchArgs),
    /// List the search's tunable parameters (the `Search Params` option): name, default,
    /// least and greatest value, one per line (for `scripts/spsa.py`).
    SearchParams,
    /// Speak UCI on stdin/stdout.
    Uci,
    /// Speak CECP (XBoard/WinBoard protocol v2) on stdin/stdout.
    Xboard,
    /// Play Kirin against itself at a fixed number of nodes a move, for the tuner: writes
    /// the quiet positions of each game with its result and the search's score
    /// (`FEN c9 "1-0"; ce 35;` lines).
    Selfplay(super::tune_commands::SelfplayArgs),
    /// Fit piece values (`value.X`) and evaluation weights (`eval.NAME`) to the results of
    /// the positions in `kirin selfplay` files (Texel's method) and print the ini lines.
    Tune(super::tune_commands::TuneArgs),
    /// Train an evaluation network (`nnue = FILE` in a variant's section) on the positions
    /// of `kirin selfplay` files, labelled by their search scores and game results.
    TrainNet(super::tune_commands::TrainNetArgs),
    /// Referee games for a match runner: reads `VARIANT<TAB>FEN or startpos<TAB>MOVES`
    /// lines on stdin and answers each with one line of JSON: the FEN reached, the legal
    /// moves, check, and the result if the game is over by rule (see `referee.rs`).
    Referee,
}

#[derive(Args, Debug)]
pub struct VariantsArgs {
    /// Print instead, for every variant XBoard can host, the XBoard command line that
    /// starts a game of it against Kirin.
    #[arg(long)]
    pub xboard: bool,
}

#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Variant name.
    #[arg(long, short = 'v', default_value = crate::engine::DEFAULT_VARIANT)]
    pub variant: String,
    /// Position (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, in coordinate notation, separated by spaces.
    #[arg(long, default_value = "")]
    pub moves: String,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Depth in plies (0-30); with --suite, the deepest count to check (default all).
    #[arg(long, short = 'd', required_unless_present = "suite", value_parser = clap::value_parser!(u32).range(0..=30))]
    pub depth: Option<u32>,
    /// Check every position of FILE against its known counts (`FEN ;D1 20 ;D2 400`, as in
    /// perftsuite.epd): a line per count, fails if any differs.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves", "divide"])]
    pub suite: Option<PathBuf>,
    /// Print the count of every root move.
    #[arg(long)]
    pub divide: bool,
    /// Count on this many threads, root moves shared out (with --divide their lines come
    /// in the order they finish).
    #[arg(long, default_value_t = 1, value_parser = threads_arg)]
    pub threads: usize,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search to this depth (plies, 1-100).
    #[arg(long, short = 'd', conflicts_with = "movetime", value_parser = clap::value_parser!(i32).range(1..=MAX_DEPTH))]
    pub depth: Option<i32>,
    /// Search for this many milliseconds (default 5000 when no depth is given).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search threads (lazy SMP, 1-256).
    #[arg(long, default_value_t = 1, value_parser = threads_arg)]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = hash_arg)]
    pub hash: usize,
    /// Number of best lines to show (1-256).
    #[arg(long, default_value_t = 1, value_parser = multipv_arg)]
    pub multipv: usize,
    /// Play the game out from the position, each move searched with these limits (default
    /// 100 ms a move), until it ends by rule; prints every move and the result.
    #[arg(long)]
    pub play: bool,
    /// Analyse every position of FILE instead (FEN or EPD lines), one result line each:
    /// `NAME<TAB>FEN<TAB>bestmove ... score ... depth ... nodes ... pv ...`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves", "play", "multipv"])]
    pub epd: Option<PathBuf>,
    /// Analyse the last position of every game of the PGN FILE, one result line each:
    /// `game N<TAB>FEN<TAB>bestmove ...`. Each game in the variant of its Variant tag (else
    /// --variant), from its FEN tag; moves in coordinates or SAN.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves", "play", "multipv", "epd"])]
    pub games: Option<PathBuf>,
    /// With --play: append the game to this PGN file.
    #[arg(long, value_name = "FILE", requires = "play")]
    pub pgn: Option<PathBuf>,
    /// With --play: give up (and fail) after this many plies.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_plies: u64,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct BenchArgs {
    /// Table size in MB. The three arguments go in Stockfish's order (`kirin bench 16 1
    /// 13`), each in place of the option of the same name.
    #[arg(value_name = "HASH", value_parser = hash_arg, conflicts_with = "hash")]
    pub hash_mb: Option<usize>,
    /// Search threads.
    #[arg(value_name = "THREADS", value_parser = threads_arg, conflicts_with = "threads")]
    pub thread_count: Option<usize>,
    /// Search depth.
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(i32).range(1..=60), conflicts_with = "depth")]
    pub search_depth: Option<i32>,
    /// Search depth for every position (1-60).
    #[arg(long, short = 'd', default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=60))]
    pub depth: i32,
    /// Search threads (1-256).
    #[arg(long, default_value_t = 1, value_parser = threads_arg)]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 16, value_parser = hash_arg)]
    pub hash: usize,
}

/// The deepest search a depth option asks for (the search's ply stack is deeper).
pub const MAX_DEPTH: i64 = 100;

/// The largest table a Hash option asks for: 1 TB. Whether the memory is there is
/// found out when the table is made (an error, the old table kept), not here.
pub const MAX_HASH_MB: usize = 1 << 20;

/// The most search threads.
pub const MAX_THREADS: usize = 256;

/// A whole number in `lo..=hi`, with the range in the error.
pub fn bounded(text: &str, lo: usize, hi: usize) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' is not a whole number from {lo} to {hi}")),
    }
}

fn threads_arg(s: &str) -> Result<usize, String> {
    bounded(s, 1, MAX_THREADS)
}

fn hash_arg(s: &str) -> Result<usize, String> {
    bounded(s, 1, MAX_HASH_MB)
}

fn multipv_arg(s: &str) -> Result<usize, String> {
    bounded(s, 1, 256)
}

/// `analyse --play`: the engine plays both sides from its position until the game ends by a
/// rule of the variant. Prints `ply N: MOVE score` for every move, then `moves: ...` (the
/// whole game in coordinate notation) and `Game over: RESULT {reason}`.
fn self_play(
    eng: &mut crate::engine::Engine,
    limits: &Limits,
    max_plies: u64,
    pgn: Option<&std::path::Path>,
) -> Result<(), String> {
    let out = Out::stdout();
    let v = &eng.rules.variant;
    let start_fen = eng.pos.fen();
    let standard_start = start_fen == Position::startpos(eng.rules.clone()).fen();
    out.line(&format!("variant {} ({}x{}), self-play from {}", v.name, v.files, v.ranks, start_fen));
    let mut played = Vec::new();
    let (result, why, outcome) = loop {
        if let Some(f) = crate::engine::game_over(&eng.pos) {
            out.line(&format!("moves: {}", played.join(" ")));
            out.line(&format!("Game over: {} {{{}}}", f.result, f.comment));
            break (f.result, f.comment, Ok(()));
        }
        if played.len() as u64 >= max_plies {
            out.line(&format!("moves: {}", played.join(" ")));
            break (
                "*",
                format!("no result after {max_plies} plies"),
                Err(format!("no result after {max_plies} plies")),
            );
        }
        let pos = eng.pos.clone();
        let o = eng.search_sync(limits, &mut |_| {});
        let Some(m) = o.best else {
            break ("*", "no move found".into(), Err(format!("no move found in {}", pos.fen())));
        };
        let text = pos.move_to_uci(m);
        out.line(&format!("ply {}: {} {}", played.len() + 1, text, o.score));
        played.push(text);
        eng.play(m);
    };
    if let Some(path) = pgn {
        let text =
            crate::protocol::pgn::game(&eng.rules.variant.name, &start_fen, standard_start, &played, result, &why);
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    outcome
}

/// The embedded variants and the files of `--variants`. A file that cannot be loaded is
/// an error (the command fails); broken sections are warnings on stderr.
fn catalog(files: &[PathBuf]) -> Result<Catalog, String> {
    let cat =
        if files.is_empty() { Catalog::embedded() } else { Catalog::with_files(files).map_err(|e| e.join("; "))? };
    for e in &cat.errors {
        log::warn!("{e}");
    }
    Ok(cat)
}

/// The engine of the protocol modes: on a variant file that cannot be loaded it starts
/// with the embedded variants, and the problems go to the handshake (`startup_errors`).
fn protocol_engine(files: &[PathBuf]) -> Engine {
    let (cat, errors, files) = match Catalog::with_files(files) {
        Ok(c) => {
            let e = c.errors.clone();
            (c, e, files.to_vec())
        }
        Err(e) => (Catalog::embedded(), e, Vec::new()),
    };
    let mut eng = Engine::with_catalog(cat, files);
    eng.startup_errors = errors;
    eng
}

/// Builds an engine for the given options.
fn engine_for(files: &[PathBuf], p: &PositionArgs) -> Result<Engine, String> {
    let mut eng = Engine::with_catalog(catalog(files)?, files.to_vec());
    eng.set_variant(&p.variant)?;
    let moves: Vec<&str> = p.moves.split_whitespace().collect();
    eng.set_position(p.fen.as_deref(), &moves)?;
    Ok(eng)
}

/// The static evaluation and the terms behind it, as `show` and UCI `eval` print them.
pub fn eval_report(pos: &crate::position::Position) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "Static eval (side to move): {} cp", crate::search::eval::evaluate(pos));
    // The terms behind it, White's point of view (before the tempo bonus and the n-move
    // rule's scaling).
    let (white, tr) = crate::search::eval::trace(pos);
    let (phase, max) = tr.phase;
    let _ = writeln!(out, "Eval terms (White's view; mg, eg; phase {phase}/{max}):");
    for (name, mg, eg) in &tr.terms {
        let _ = writeln!(out, "  {name:<22}{mg:>8}{eg:>8}");
    }
    let _ = writeln!(out, "  {:<22}{:>8}", "conversion", tr.conversion);
    let _ = writeln!(out, "  {:<22}{:>8}", "total", white);
    out
}

/// Runs a CLI command; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    if let Some(path) = &cli.debug_log
        && let Err(e) = crate::protocol::debug_log::open(path)
    {
        eprintln!("error: {e}");
        return 1;
    }
    let stdout = std::io::stdout();
    let result: Result<(), String> = match cli.command {
        None | Some(Command::Uci) | Some(Command::Xboard) => {
            let eng = protocol_engine(&cli.variant_files);
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            // Without a subcommand the first line decides: GUIs start engines bare and
            // send "xboard" (CECP) or "uci".
            let mut first = None;
            let xboard = match cli.command {
                Some(Command::Xboard) => true,
                Some(_) => false,
                None => {
                    // A person at a terminal, not a GUI: say what the silence waits for.
                    // (To stderr: a GUI never sees it, and it would never be a terminal.)
                    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                        eprintln!("Kirin {LONG_VERSION}");
                        eprintln!("Waiting for a protocol: type 'uci' or 'xboard', or quit and run 'kirin --help'.");
                    }
                    let mut line = String::new();
                    while line.trim().is_empty() {
                        match read_input_line(&mut input) {
                            Some(InputLine::Text(l)) => line = l,
                            Some(InputLine::TooLong) => {}
                            None => break,
                        }
                    }
                    let is_cecp = matches!(line.split_whitespace().next(), Some("xboard") | Some("protover"));
                    first = Some(line);
                    is_cecp
                }
            };
            if xboard {
                drop(input);
                XBoard::run_stdin(eng, Out::stdout(), first);
                Ok(())
            } else {
                let mut uci = Uci::new(eng, Out::stdout());
                uci.run(first.as_deref(), &mut input);
                Ok(())
            }
        }
        Some(Command::Perft(a)) if a.suite.is_some() => engine_for(&cli.variant_files, &a.position).and_then(|eng| {
            let path = a.suite.as_ref().expect("guarded");
            let text = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let (_, failed) =
                perft_suite::run(&eng, &String::from_utf8_lossy(&text), a.depth, a.threads, &Out::stdout());
            if failed > 0 { Err(format!("{failed} perft check(s) of {} failed", path.display())) } else { Ok(()) }
        }),
        Some(Command::Perft(a)) => engine_for(&cli.variant_files, &a.position).and_then(|eng| {
            let depth = a.depth.expect("clap requires --depth without --suite");
            let mut pos = eng.pos.clone();
            let start = Instant::now();
            let n = if a.threads > 1 && depth > 0 {
                // Lines from the workers as they finish, through the shared writer.
                let out = Out::stdout();
                let texts: std::collections::HashMap<_, _> =
                    pos.clone().legal_moves().into_iter().map(|m| (m, pos.move_to_uci(m))).collect();
                let each = |m, n| {
                    if a.divide {
                        out.line(&format!("{}: {n}", texts[&m]));
                    }
                };
                let n = crate::perft::divide_parallel_streaming(&pos, depth, a.threads, &each)?;
                out.line(&format!("{}Nodes searched: {n}", if a.divide { "\n" } else { "" }));
                n
            } else {
                let mut out = stdout.lock();
                let never = std::sync::atomic::AtomicBool::new(false);
                write_perft(&mut out, &mut pos, depth, a.divide, &never).map_err(|e| e.to_string())?.unwrap_or(0)
            };
            let secs = start.elapsed().as_secs_f64();
            log::info!("time {:.3} s, {:.0} nodes/s", secs, n as f64 / secs.max(1e-9));
            Ok(())
        }),
        Some(Command::Analyse(a)) if a.epd.is_some() || a.games.is_some() => {
            engine_for(&cli.variant_files, &a.position).and_then(|mut eng| {
                let Some((path, pgn)) = a.epd.as_ref().map(|p| (p, false)).or(a.games.as_ref().map(|p| (p, true)))
                else {
                    return Err("no file to analyse".into());
                };
                let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let text = String::from_utf8_lossy(&bytes);
                eng.set_hash(a.hash)?;
                eng.set_threads(a.threads)?;
                let limits = Limits {
                    depth: a.depth,
                    movetime: a.depth.is_none().then(|| Duration::from_millis(a.movetime.unwrap_or(5000))),
                    ..Limits::default()
                };
                let out = Out::stdout();
                match (pgn, if pgn { batch::analyse_games } else { batch::analyse }(&mut eng, &text, &limits, &out)) {
                    (_, 0) => Ok(()),
                    (true, n) => Err(format!("{n} game(s) of {} could not be replayed", path.display())),
                    (false, n) => {
                        Err(format!("{n} line(s) of {} are no position of {}", path.display(), eng.rules.variant.name))
                    }
                }
            })
        }
        Some(Command::Analyse(a)) if a.play => engine_for(&cli.variant_files, &a.position).and_then(|mut eng| {
            eng.set_hash(a.hash)?;
            eng.set_threads(a.threads)?;
            let limits = Limits {
                depth: a.depth,
                movetime: if a.depth.is_none() { Some(Duration::from_millis(a.movetime.unwrap_or(100))) } else { None },
                ..Limits::default()
            };
            self_play(&mut eng, &limits, a.max_plies, a.pgn.as_deref())
        }),
        Some(Command::Analyse(a)) => engine_for(&cli.variant_files, &a.position).and_then(|mut eng| {
            eng.set_hash(a.hash)?;
            eng.set_threads(a.threads)?;
            let limits = Limits {
                depth: a.depth,
                movetime: if a.depth.is_none() {
                    Some(Duration::from_millis(a.movetime.unwrap_or(5000)))
                } else {
                    None
                },
                multipv: a.multipv,
                ..Limits::default()
            };
            let out = Out::stdout();
            let v = &eng.rules.variant;
            out.line(&format!("variant {} ({}x{}), position {}", v.name, v.files, v.ranks, eng.pos.fen()));
            let pos = eng.pos.clone();
            let o = {
                let out = out.clone();
                let pos = pos.clone();
                eng.search_sync(&limits, &mut move |r| out.line(&info_line(&pos, r)))
            };
            match o.best {
                Some(b) => out.line(&format!("bestmove {}", pos.move_to_uci(b))),
                None => out.line(&format!("bestmove (none) ({})", batch::no_move_reason(&pos))),
            }
            Ok(())
        }),
        Some(Command::Show(p)) => engine_for(&cli.variant_files, &p).map(|mut eng| {
            let mut out = stdout.lock();
            let pos = &mut eng.pos;
            let _ = write!(out, "{}", pos.diagram());
            let _ = writeln!(out, "Variant: {}", pos.variant().name);
            let _ = writeln!(out, "Fen: {}", pos.fen());
            let _ = writeln!(out, "Side to move: {:?}", pos.side_to_move());
            let _ = writeln!(out, "In check: {}", pos.in_check());
            let moves = pos.legal_moves();
            let names: Vec<String> = moves.iter().map(|m| pos.move_to_uci(*m)).collect();
            let _ = writeln!(out, "Legal moves ({}): {}", names.len(), names.join(" "));
            // Piece values as the evaluation sees them (derived from the moves, or the
            // variant's `value.X` overrides), and the static evaluation of this position.
            let vals = &pos.rules().values;
            let list: Vec<String> = pos
                .variant()
                .pieces
                .iter()
                .enumerate()
                .map(|(i, d)| format!("{}={}", d.token, vals.value[i]))
                .collect();
            let _ = writeln!(out, "Piece values: {}", list.join(" "));
            // The letters of the diagram and the FEN, by name (White's; Black's in lower case).
            let legend: Vec<String> = pos.variant().pieces.iter().map(|d| format!("{}={}", d.token, d.name)).collect();
            let _ = writeln!(out, "Pieces: {}", legend.join(", "));
            let _ = write!(out, "{}", eval_report(pos));
            if let Some(f) = crate::engine::game_over(pos) {
                let _ = writeln!(out, "Game over: {} {{{}}}", f.result, f.comment);
            }
        }),
        Some(Command::Referee) => catalog(&cli.variant_files).map(|cat| {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let out = Out::stdout();
            while let Some(line) = read_input_line(&mut input) {
                match line {
                    InputLine::Text(l) => out.line(&crate::protocol::referee::answer(&cat, &l)),
                    InputLine::TooLong => out.line(&crate::protocol::referee::error("line too long")),
                }
            }
        }),
        Some(Command::SearchParams) => {
            let mut out = stdout.lock();
            for (name, default, min, max) in crate::search::params::SearchParams::specs() {
                let _ = writeln!(out, "{name} {default} {min} {max}");
            }
            Ok(())
        }
        Some(Command::Variants(a)) => catalog(&cli.variant_files).map(|cat| {
            let text = if a.xboard {
                variant_list::xboard_commands(&cat, &cli.variant_files)
            } else {
                variant_list::table(&cat)
            };
            let _ = write!(stdout.lock(), "{text}");
        }),
        Some(Command::Selfplay(a)) => {
            catalog(&cli.variant_files).and_then(|cat| super::tune_commands::selfplay(&cat, &a))
        }
        Some(Command::Tune(a)) => catalog(&cli.variant_files).and_then(|cat| super::tune_commands::tune(&cat, &a)),
        Some(Command::TrainNet(a)) => {
            catalog(&cli.variant_files).and_then(|cat| super::tune_commands::train_net(&cat, &a))
        }
        Some(Command::Bench(b)) => catalog(&cli.variant_files).and_then(|cat| {
            let depth = b.search_depth.unwrap_or(b.depth);
            let hash = b.hash_mb.unwrap_or(b.hash);
            let threads = b.thread_count.unwrap_or(b.threads);
            bench::run_bench(&cat, Some(depth), hash, threads).map(|text| {
                let mut out = stdout.lock();
                let _ = write!(out, "{text}");
            })
        }),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            let _ = std::io::stdout().flush();
            eprintln!("error: {e}");
            1
        }
    }
}
