//! UCI with Fairy-Stockfish's variant conventions (`UCI_Variant`, `VariantPath`,
//! `info string variant ...`), read by a hand-written tokenizer.
//!
//! `vampirc-uci` is not used for input: its grammar only knows files a-h, ranks 1-8,
//! promotions q/r/b/n and 8-rank FENs, and it silently drops or truncates everything else
//! (spec/protocols.md section 4). Every bad input here gets `info string error ...`
//! and leaves the state unchanged.

use crate::engine::Engine;
use crate::position::Position;
use crate::protocol::uci_parse::{self, GoParams, UciCommand};
use crate::protocol::{Out, bench, write_perft};
use crate::search::time::Clock;
use crate::search::tt::Bound;
use crate::search::{Limits, Outcome, Report, mate_in};
use std::io::BufRead;
use std::path::PathBuf;
use std::time::Duration;

pub const ENGINE_NAME: &str = concat!("Kirin ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Kirin developers";

pub struct Uci {
    engine: Engine,
    out: Out,
    multipv: usize,
}

/// One UCI `info` line for a search report.
pub fn info_line(pos: &Position, r: &Report) -> String {
    let score = match mate_in(r.score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", r.score),
    };
    let bound = match r.bound {
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
        _ => "",
    };
    let mut p = pos.clone();
    let mut pv = String::new();
    for &m in &r.pv {
        if !p.legal_moves().contains(&m) {
            break;
        }
        pv.push(' ');
        pv.push_str(&p.move_to_uci(m));
        p.make_move(m);
    }
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {} pv{pv}",
        r.depth,
        r.seldepth,
        r.multipv,
        r.nodes,
        r.nps(),
        r.hashfull,
        r.time.as_millis()
    )
}

fn bestmove_line(pos: &Position, o: &Outcome) -> String {
    match o.best {
        None => "bestmove (none)".into(),
        Some(b) => {
            let mut s = format!("bestmove {}", pos.move_to_uci(b));
            if let Some(p) = o.ponder {
                let mut after = pos.clone();
                after.make_move(b);
                if after.legal_moves().contains(&p) {
                    s.push_str(&format!(" ponder {}", after.move_to_uci(p)));
                }
            }
            s
        }
    }
}

impl Uci {
    pub fn new(engine: Engine, out: Out) -> Uci {
        Uci { engine, out, multipv: 1 }
    }

    /// Reads commands until `quit` or end of input (then waits for a running search).
    /// `first` is a line that was already read (protocol auto-detection).
    pub fn run(&mut self, first: Option<&str>, input: &mut dyn BufRead) -> std::io::Result<()> {
        if let Some(f) = first
            && !self.handle(f.trim())
        {
            self.engine.stop_search();
            return Ok(());
        }
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                self.engine.wait_search();
                return Ok(());
            }
            if !self.handle(line.trim()) {
                self.engine.stop_search();
                return Ok(());
            }
        }
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("info string error {msg}"));
    }

    /// Handles one command line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let cmd = match uci_parse::parse(line) {
            Ok(c) => c,
            Err(e) => {
                self.error(&e);
                return true;
            }
        };
        match cmd {
            UciCommand::Uci => self.cmd_uci(),
            UciCommand::IsReady => self.out.line("readyok"),
            UciCommand::UciNewGame => {
                self.engine.new_game();
                self.engine.clear_hash();
            }
            UciCommand::SetOption { name, value } => self.cmd_setoption(&name, &value),
            UciCommand::Position { fen, moves } => {
                let moves: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
                if let Err(e) = self.engine.set_position(fen.as_deref(), &moves) {
                    self.error(&e);
                }
            }
            UciCommand::Go(g) => self.cmd_go(g),
            UciCommand::Stop => self.engine.stop_search(),
            UciCommand::PonderHit => self.engine.ponderhit(),
            UciCommand::Display => {
                let pos = &self.engine.pos;
                let mut text = pos.diagram();
                text.push_str(&format!("Fen: {}\nKey: {:016X}", pos.fen(), pos.key()));
                self.out.line(&text);
            }
            UciCommand::Bench { depth } => {
                self.engine.stop_search();
                let text = bench::run_bench(&self.engine.catalog, depth, self.engine.hash_mb(), self.engine.threads());
                self.out.line(text.trim_end());
            }
            UciCommand::Debug | UciCommand::Register | UciCommand::Empty => {}
            UciCommand::Quit => return false,
        }
        true
    }

    fn cmd_uci(&self) {
        let mut s = format!("id name {ENGINE_NAME}\nid author {ENGINE_AUTHOR}\n");
        s.push_str("option name Hash type spin default 64 min 1 max 65536\n");
        s.push_str("option name Threads type spin default 1 min 1 max 256\n");
        s.push_str("option name MultiPV type spin default 1 min 1 max 256\n");
        s.push_str("option name Ponder type check default false\n");
        s.push_str(&format!("option name UCI_Variant type combo default {}", self.engine.rules.variant.name));
        for n in self.engine.catalog.names() {
            s.push_str(" var ");
            s.push_str(&n);
        }
        s.push_str("\noption name VariantPath type string default <empty>\nuciok");
        self.out.line(&s);
    }

    fn variant_info(&self) {
        let v = &self.engine.rules.variant;
        self.out.line(&format!(
            "info string variant {} files {} ranks {} pocket 0 template fairy startpos {}",
            v.name,
            v.files,
            v.ranks,
            self.engine.root.fen()
        ));
    }

    fn cmd_setoption(&mut self, name: &str, value: &str) {
        let value = value.to_string();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.engine.set_variant(&value) {
                Ok(()) => self.variant_info(),
                Err(e) => self.error(&e),
            },
            "variantpath" => {
                let files =
                    if value.is_empty() || value == "<empty>" { Vec::new() } else { vec![PathBuf::from(&value)] };
                for e in self.engine.load_variant_files(files) {
                    self.error(&e);
                }
            }
            "hash" => match value.parse::<usize>() {
                Ok(n) if (1..=65536).contains(&n) => self.engine.set_hash(n),
                _ => self.error(&format!("bad Hash value '{value}'")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.engine.set_threads(n),
                _ => self.error(&format!("bad Threads value '{value}'")),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.multipv = n,
                _ => self.error(&format!("bad MultiPV value '{value}'")),
            },
            "ponder" => {
                if !matches!(value.as_str(), "true" | "false") {
                    self.error(&format!("bad Ponder value '{value}'"));
                }
            }
            _ => self.error(&format!("unknown option '{name}'")),
        }
    }

    fn cmd_go(&mut self, g: GoParams) {
        if let Some(depth) = g.perft {
            self.engine.stop_search();
            let mut pos = self.engine.pos.clone();
            let mut buf = Vec::new();
            let _ = write_perft(&mut buf, &mut pos, depth, true);
            self.out.line(String::from_utf8_lossy(&buf).trim_end());
            return;
        }
        let limits = match self.limits(&g) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        let out = self.out.clone();
        let out2 = self.out.clone();
        self.engine.start_search(
            limits,
            Box::new(move |pos, r| out.line(&info_line(pos, r))),
            Box::new(move |pos, o| out2.line(&bestmove_line(pos, &o))),
        );
    }

    /// Search limits from `go` parameters (the clock of the side to move).
    fn limits(&mut self, g: &GoParams) -> Result<Limits, String> {
        let mut l = Limits {
            depth: g.depth.map(|d| d.clamp(1, 100) as i32),
            nodes: g.nodes.map(|n| n.max(1)),
            movetime: g.movetime.map(Duration::from_millis),
            mate: g.mate,
            infinite: g.infinite,
            ponder: g.ponder,
            multipv: self.multipv,
            ..Limits::default()
        };
        let mut pos = self.engine.pos.clone();
        for s in &g.searchmoves {
            l.searchmoves.push(pos.parse_move(s).map_err(|e| e.to_string())?);
        }
        let white = self.engine.pos.side_to_move() == crate::square::Color::White;
        let (time, inc) = if white { (g.wtime, g.winc) } else { (g.btime, g.binc) };
        if let Some(t) = time {
            l.clock = Some(Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(inc.unwrap_or(0)),
                moves_to_go: g.movestogo,
            });
        }
        Ok(l)
    }
}
