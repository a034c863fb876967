//! The command line: `kirin perft|show|variants|uci ...`. Everything a GUI does through a
//! protocol can be done here for one position and printed.

use crate::catalog::Catalog;
use crate::engine::Engine;
use crate::protocol::uci::Uci;
use crate::protocol::write_perft;
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(name = "kirin", version, about = "Kirin, a fairy-chess engine on 256-bit boards", long_about = None)]
pub struct Cli {
    /// Extra variant file(s) (ini), adding to or overriding the embedded variants.ini.
    #[arg(long = "variants", global = true, value_name = "FILE")]
    pub variant_files: Vec<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count leaf nodes of the legal move tree (ends with "Nodes searched: N").
    Perft(PerftArgs),
    /// Print a position: board, FEN, side to move, legal moves.
    Show(PositionArgs),
    /// List the loaded variants.
    Variants,
    /// Speak UCI on stdin/stdout.
    Uci,
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
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Depth in plies.
    #[arg(long, short = 'd')]
    pub depth: u32,
    /// Print the count of every root move.
    #[arg(long)]
    pub divide: bool,
}

/// Builds an engine for the given options; errors are already printed.
fn engine_for(files: &[PathBuf], p: &PositionArgs) -> Result<Engine, String> {
    let cat = if files.is_empty() { Catalog::embedded() } else { Catalog::with_files(files) };
    for e in &cat.errors {
        log::warn!("{e}");
        eprintln!("warning: {e}");
    }
    let mut eng = Engine::with_catalog(cat, files.to_vec());
    eng.set_variant(&p.variant)?;
    let moves: Vec<&str> = p.moves.split_whitespace().collect();
    eng.set_position(p.fen.as_deref(), &moves)?;
    Ok(eng)
}

/// Runs a CLI command; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result: Result<(), String> = match cli.command {
        None | Some(Command::Uci) => {
            let mut eng = Engine::with_catalog(
                if cli.variant_files.is_empty() {
                    Catalog::embedded()
                } else {
                    Catalog::with_files(&cli.variant_files)
                },
                cli.variant_files.clone(),
            );
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut uci = Uci::new(&mut eng, &mut out);
            uci.run(&mut input).map_err(|e| e.to_string())
        }
        Some(Command::Perft(a)) => engine_for(&cli.variant_files, &a.position).and_then(|eng| {
            let mut pos = eng.pos.clone();
            let start = Instant::now();
            let n = write_perft(&mut out, &mut pos, a.depth, a.divide).map_err(|e| e.to_string())?;
            let secs = start.elapsed().as_secs_f64();
            eprintln!("time {:.3} s, {:.0} nodes/s", secs, n as f64 / secs.max(1e-9));
            Ok(())
        }),
        Some(Command::Show(p)) => engine_for(&cli.variant_files, &p).map(|mut eng| {
            let pos = &mut eng.pos;
            let _ = write!(out, "{}", pos.diagram());
            let _ = writeln!(out, "Variant: {}", pos.variant().name);
            let _ = writeln!(out, "Fen: {}", pos.fen());
            let _ = writeln!(out, "Side to move: {:?}", pos.side_to_move());
            let _ = writeln!(out, "In check: {}", pos.in_check());
            let moves = pos.legal_moves();
            let names: Vec<String> = moves.iter().map(|m| pos.move_to_uci(*m)).collect();
            let _ = writeln!(out, "Legal moves ({}): {}", names.len(), names.join(" "));
            if let Some(r) = pos.terminal_result() {
                let w = match r.winner {
                    Some(c) => format!("{c:?} wins"),
                    None => "draw".into(),
                };
                let _ = writeln!(out, "Game over: {w} ({})", r.reason);
            }
        }),
        Some(Command::Variants) => {
            let cat = if cli.variant_files.is_empty() {
                Catalog::embedded()
            } else {
                Catalog::with_files(&cli.variant_files)
            };
            for e in &cat.errors {
                eprintln!("warning: {e}");
            }
            for r in &cat.rules {
                let v = &r.variant;
                let _ = writeln!(out, "{:<24} {:>2}x{:<2} {}  [{}]", v.name, v.files, v.ranks, v.title, v.source);
            }
            Ok(())
        }
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            let _ = out.flush();
            eprintln!("error: {e}");
            1
        }
    }
}
