//! UCI with Fairy-Stockfish's variant conventions (`UCI_Variant`, `VariantPath`,
//! `info string variant ...`), read by a hand-written tokenizer.
//!
//! `vampirc-uci` is not used for input: its grammar only knows files a-h, ranks 1-8,
//! promotions q/r/b/n and 8-rank FENs, and it silently drops or truncates everything else
//! (vampirc-uci 0.11.1 reads `position startpos moves e2e4 a10a11 e7e5` as the single move
//! `e2e4`). Every bad input here gets `info string error ...` and leaves the state
//! unchanged.

use crate::engine::{DEFAULT_HASH_MB, Engine};
use crate::position::Position;
use crate::protocol::cli::{MAX_HASH_MB, MAX_THREADS, bounded};
use crate::protocol::uci_parse::{self, GoParams, UciCommand};
use crate::protocol::{InputLine, MAX_LINE_BYTES, Out, bench, read_input_line, write_perft};
use crate::search::params::SearchParams;
use crate::search::skill::{MAX_SKILL, Skill};
use crate::search::time::{Clock, DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS, PendingProbe};
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
    /// The `Skill Level` option (`MAX_SKILL`: full strength).
    skill: u8,
    /// The `Move Overhead` option.
    move_overhead: Duration,
    /// The last timed move, to measure the delay outside the engine at the next one.
    probe: Option<PendingProbe>,
    /// The `Search Params` option.
    params: SearchParams,
}

/// A score as UCI writes it: `cp N` or `mate N` (moves, negative when mated).
pub fn score_text(score: i32) -> String {
    match mate_in(score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {score}"),
    }
}

/// The moves of `pv` from `pos` in coordinate notation, separated by spaces; it stops at
/// the first move that is not legal where it stands (a line cut short by a table entry).
pub fn pv_text(pos: &Position, pv: &[crate::moves::Move]) -> String {
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for &m in pv {
        if !p.legal_moves().contains(&m) {
            break;
        }
        moves.push(p.move_to_uci(m));
        p.make_move(m);
    }
    moves.join(" ")
}

/// One UCI `info` line for a search report.
pub fn info_line(pos: &Position, r: &Report) -> String {
    let score = score_text(r.score);
    let bound = match r.bound {
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
        _ => "",
    };
    let pv = pv_text(pos, &r.pv);
    let pv = if pv.is_empty() { pv } else { format!(" {pv}") };
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
        Uci {
            engine,
            out,
            multipv: 1,
            skill: MAX_SKILL,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            probe: None,
            params: SearchParams::default(),
        }
    }

    /// Reads commands until `quit` or end of input. `first` is a line that was already
    /// read (protocol auto-detection).
    ///
    /// End of input is `quit`, as in Stockfish: a running search is stopped (it still
    /// prints its `bestmove`) and the process ends. Waiting instead would leave a `go
    /// infinite` or `go ponder` running for ever once the GUI is gone.
    pub fn run(&mut self, first: Option<&str>, input: &mut dyn BufRead) {
        if let Some(f) = first
            && !self.handle(f.trim())
        {
            self.engine.stop_search();
            return;
        }
        while let Some(line) = read_input_line(input) {
            let go_on = match line {
                InputLine::Text(l) => self.handle(l.trim()),
                InputLine::TooLong => {
                    self.error(&format!("input line longer than {MAX_LINE_BYTES} bytes ignored"));
                    true
                }
            };
            if !go_on {
                break;
            }
        }
        self.engine.stop_search();
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
                self.probe = None;
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
            UciCommand::Flip => {
                let flipped = self.engine.pos.flipped_fen();
                if let Err(e) = flipped.and_then(|f| self.engine.set_position(Some(&f), &[])) {
                    self.error(&format!("flip: {e}"));
                }
            }
            UciCommand::Eval => {
                let text = crate::protocol::cli::eval_report(&self.engine.pos);
                self.out.line(text.trim_end());
            }
            UciCommand::Bench { hash, threads, depth } => {
                // As in Stockfish, the table size and thread count given stay set.
                if let Some(mb) = hash
                    && let Err(e) = self.engine.set_hash(mb)
                {
                    self.out.line(&format!("info string error bench hash {mb}: {e}"));
                    return true;
                }
                if let Some(n) = threads
                    && let Err(e) = self.engine.set_threads(n)
                {
                    self.out.line(&format!("info string error bench threads {n}: {e}"));
                    return true;
                }
                // On the search thread with the engine's own table and threads: `stop`,
                // `isready` and `quit` are answered meanwhile. (The catalog is cloned: the
                // embedded variants are shared, a clone is cheap.)
                let catalog = self.engine.catalog.clone();
                let out = self.out.clone();
                self.engine.start_task(Box::new(move |searcher| {
                    match bench::run_bench_with(searcher, &catalog, depth, &mut |l| out.line(l)) {
                        Some(text) => {
                            let totals = text.lines().skip_while(|l| !l.starts_with("====")).collect::<Vec<_>>();
                            out.line(&totals.join("\n"));
                        }
                        None => out.line("info string bench stopped"),
                    }
                    searcher.clear();
                }));
            }
            UciCommand::Debug | UciCommand::Register | UciCommand::Empty => {}
            UciCommand::Quit => return false,
        }
        true
    }

    fn cmd_uci(&self) {
        let mut s = format!("id name {ENGINE_NAME}\nid author {ENGINE_AUTHOR}\n");
        s.push_str(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}\n"));
        s.push_str("option name Clear Hash type button\n");
        s.push_str(&format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}\n"));
        s.push_str("option name MultiPV type spin default 1 min 1 max 256\n");
        s.push_str("option name Ponder type check default false\n");
        s.push_str(&format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}\n"));
        s.push_str(&format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}\n"
        ));
        s.push_str(&format!("option name Search Params type string default {}\n", SearchParams::default()));
        s.push_str(&format!("option name UCI_Variant type combo default {}", self.engine.rules.variant.name));
        for n in self.engine.catalog.names() {
            s.push_str(" var ");
            s.push_str(&n);
        }
        s.push_str("\noption name VariantPath type string default <empty>");
        s.push_str("\noption name Debug Log File type string default <empty>");
        // Problems in the variant files given on the command line (a GUI shows stderr
        // nowhere).
        for e in &self.engine.startup_errors {
            s.push_str(&format!("\ninfo string error {e}"));
        }
        s.push_str("\nuciok");
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
                match self.engine.load_variant_files(files) {
                    Ok(problems) => {
                        for e in problems {
                            self.error(&e);
                        }
                        self.variant_info();
                    }
                    Err(problems) => {
                        for e in problems {
                            self.error(&format!("{e}; variants unchanged"));
                        }
                    }
                }
            }
            "hash" => match bounded(&value, 1, MAX_HASH_MB) {
                Ok(n) => {
                    if let Err(e) = self.engine.set_hash(n) {
                        self.error(&format!("Hash {n}: {e}; the table keeps {} MB", self.engine.hash_mb()));
                    }
                }
                Err(e) => self.error(&format!("bad Hash value: {e}")),
            },
            "debug log file" => {
                if let Err(e) = crate::protocol::debug_log::open(&value) {
                    self.error(&format!("Debug Log File: {e}"));
                }
            }
            // A button: no value. Forgets what earlier searches learned, as a new game does.
            "clear hash" => self.engine.clear_hash(),
            "threads" => match bounded(&value, 1, MAX_THREADS) {
                Ok(n) => {
                    if let Err(e) = self.engine.set_threads(n) {
                        self.error(&format!("Threads {n}: {e}"));
                    }
                }
                Err(e) => self.error(&format!("bad Threads value: {e}")),
            },
            "multipv" => match bounded(&value, 1, 256) {
                Ok(n) => self.multipv = n,
                Err(e) => self.error(&format!("bad MultiPV value: {e}")),
            },
            "skill level" => match bounded(&value, 0, MAX_SKILL as usize) {
                Ok(n) => self.skill = n as u8,
                Err(e) => self.error(&format!("bad Skill Level value: {e}")),
            },
            "move overhead" => match bounded(&value, 0, MAX_MOVE_OVERHEAD_MS as usize) {
                Ok(n) => self.move_overhead = Duration::from_millis(n as u64),
                Err(e) => self.error(&format!("bad Move Overhead value: {e}")),
            },
            "search params" => match SearchParams::parse(&value) {
                Ok(p) => self.params = p,
                Err(e) => self.error(&format!("bad Search Params value: {e}")),
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
        let received = std::time::Instant::now();
        if let Some(depth) = g.perft {
            // On the search thread: divide lines appear as they are counted, and `stop`,
            // `isready` and `quit` are answered meanwhile.
            let mut pos = self.engine.pos.clone();
            let out = self.out.clone();
            self.engine.start_task(Box::new(move |searcher| {
                let mut lines = LineWriter { out: &out, buf: Vec::new() };
                match write_perft(&mut lines, &mut pos, depth, true, &searcher.shared.cancel) {
                    Ok(Some(_)) => {}
                    _ => out.line("info string perft stopped"),
                }
            }));
            return;
        }
        let limits = match self.limits(&g) {
            Ok(l) => {
                Limits { start: Some(received), move_overhead: Some(self.move_overhead), params: self.params, ..l }
            }
            Err(e) => return self.error(&e),
        };
        // The delay outside the engine: what the last move cost on the GUI's clock beyond
        // the engine's own time. (Not for pondering: its clock starts at `ponderhit`.)
        self.probe = self.engine.time_move(self.probe.take(), limits.clock, received).filter(|_| !g.ponder);
        let answered = self.probe.clone();
        let out = self.out.clone();
        let out2 = self.out.clone();
        self.engine.start_search(
            limits,
            Box::new(move |pos, r| out.line(&info_line(pos, r))),
            Box::new(move |pos, o| {
                out2.line(&bestmove_line(pos, &o));
                if let Some(p) = answered {
                    p.mark_answered();
                }
            }),
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
            skill: Skill::new(self.skill),
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

/// A `Write` that hands complete lines to an `Out` (so that streamed output from the
/// search thread never interleaves with the command loop's lines).
struct LineWriter<'a> {
    out: &'a Out,
    buf: Vec<u8>,
}

impl std::io::Write for LineWriter<'_> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            self.out.line(String::from_utf8_lossy(&line[..i]).as_ref());
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
