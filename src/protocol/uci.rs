//! UCI with Fairy-Stockfish's variant conventions (`UCI_Variant`, `VariantPath`,
//! `info string variant ...`), read by a hand-written tokenizer.
//!
//! `vampirc-uci` is not used for input: its grammar only knows files a-h, ranks 1-8,
//! promotions q/r/b/n and 8-rank FENs, and it silently drops or truncates everything else
//! (spec/protocols.md section 4). Every bad input here gets `info string error ...`
//! and leaves the state unchanged.

use crate::engine::Engine;
use crate::position::Position;
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
    pub fn run(&mut self, input: &mut dyn BufRead) -> std::io::Result<()> {
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
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        match cmd {
            "uci" => self.cmd_uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.engine.new_game();
                self.engine.clear_hash();
            }
            "setoption" => self.cmd_setoption(&tokens[1..]),
            "position" => self.cmd_position(&tokens[1..]),
            "go" => self.cmd_go(&tokens[1..]),
            "stop" => self.engine.stop_search(),
            "ponderhit" => self.engine.ponderhit(),
            "d" => {
                let pos = &self.engine.pos;
                let mut text = pos.diagram();
                text.push_str(&format!("Fen: {}\nKey: {:016X}", pos.fen(), pos.key()));
                self.out.line(&text);
            }
            "bench" => {
                self.engine.stop_search();
                let depth = tokens.get(1).and_then(|d| d.parse().ok());
                let text = bench::run_bench(&self.engine.catalog, depth, self.engine.hash_mb(), self.engine.threads());
                self.out.line(text.trim_end());
            }
            "debug" | "register" => {}
            "quit" => return false,
            _ => self.error(&format!("unknown command '{cmd}'")),
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

    fn cmd_setoption(&mut self, args: &[&str]) {
        // setoption name <words> [value <words>]
        if args.first() != Some(&"name") {
            return self.error("setoption needs 'name'");
        }
        let vpos = args.iter().position(|t| *t == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|p| args[p + 1..].join(" ")).unwrap_or_default();
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

    fn cmd_position(&mut self, args: &[&str]) {
        let mpos = args.iter().position(|t| *t == "moves");
        let (head, moves) = match mpos {
            Some(p) => (&args[..p], &args[p + 1..]),
            None => (args, &args[args.len()..]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => return self.error("position needs 'startpos' or 'fen <FEN>'"),
        };
        if let Err(e) = self.engine.set_position(fen.as_deref(), moves) {
            self.error(&e);
        }
    }

    fn cmd_go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                return self.error("go perft needs a depth");
            };
            self.engine.stop_search();
            let mut pos = self.engine.pos.clone();
            let mut buf = Vec::new();
            let _ = write_perft(&mut buf, &mut pos, depth, true);
            self.out.line(String::from_utf8_lossy(&buf).trim_end());
            return;
        }
        let limits = match self.parse_go(args) {
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

    fn parse_go(&mut self, args: &[&str]) -> Result<Limits, String> {
        let mut l = Limits { multipv: self.multipv, ..Limits::default() };
        let white = self.engine.pos.side_to_move() == crate::square::Color::White;
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0u64, 0u64, None);
        let mut i = 0;
        let num = |i: usize| -> Result<u64, String> {
            let s = args.get(i + 1).ok_or_else(|| format!("go {} needs a value", args[i]))?;
            // Clocks may be negative when a GUI is late: treat as zero.
            if let Ok(v) = s.parse::<i64>() {
                return Ok(v.max(0) as u64);
            }
            Err(format!("bad value '{s}' for go {}", args[i]))
        };
        while i < args.len() {
            match args[i] {
                "wtime" => wtime = Some(num(i)?),
                "btime" => btime = Some(num(i)?),
                "winc" => winc = num(i)?,
                "binc" => binc = num(i)?,
                "movestogo" => mtg = Some(num(i)? as u32),
                "depth" => l.depth = Some(num(i)?.clamp(1, 100) as i32),
                "nodes" => l.nodes = Some(num(i)?.max(1)),
                "movetime" => l.movetime = Some(Duration::from_millis(num(i)?)),
                "mate" => l.mate = Some(num(i)? as u32),
                "infinite" => {
                    l.infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    l.ponder = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    let mut pos = self.engine.pos.clone();
                    i += 1;
                    while i < args.len() {
                        match pos.parse_move(args[i]) {
                            Ok(m) => l.searchmoves.push(m),
                            Err(e) => return Err(e.to_string()),
                        }
                        i += 1;
                    }
                    continue;
                }
                other => return Err(format!("unknown go parameter '{other}'")),
            }
            i += 2;
        }
        let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let Some(t) = time {
            l.clock = Some(Clock { time: Duration::from_millis(t), inc: Duration::from_millis(inc), moves_to_go: mtg });
        }
        Ok(l)
    }
}
