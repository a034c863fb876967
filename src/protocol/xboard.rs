//! CECP / XBoard protocol v2, as XBoard 4.9.1 uses it, with engine-defined variants (`setup`
//! and `piece` sent before the `pong` that follows `variant`) on boards up to 16x16.
//!
//! The command loop and the search run in different threads. Input lines and "search
//! finished" events arrive through one channel, so the game state is only ever changed by
//! the loop: a finished search's move is played (and printed) when its event is handled,
//! and a result from a search that was cancelled meanwhile is ignored.
//!
//! Notation: files a..p, decimal ranks, except on boards with exactly 10 ranks, where
//! CECP ranks are 0-based (`a0`..`j9`, XBoard's `ONE = '1' - (BOARD_HEIGHT==10)`). Every
//! diagnostic line starts with `#`; nothing is written to stderr in this mode.

use crate::engine::Engine;
use crate::moves::Move;
use crate::position::Position;
use crate::protocol::cecp_gui::{self, CecpGui, GuiSetting};
use crate::protocol::claims::{ClaimMode, ClaimPolicy, MAX_DRAW_MOVES};
use crate::protocol::cli::{MAX_HASH_MB, MAX_THREADS, bounded};
use crate::protocol::uci::ENGINE_NAME;
use crate::protocol::xboard_setup;
use crate::protocol::{InputLine, MAX_LINE_BYTES, Out, read_input_line};
use crate::search::params::SearchParams;
use crate::search::skill::{MAX_SKILL, Skill};
use crate::search::time::{Clock, DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS, PendingProbe};
use crate::search::{Limits, Outcome, Report, mate_in};
use crate::square::Color;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// An event for the command loop.
pub enum Event {
    Line(String),
    /// A search finished: (search id, the position it searched, result).
    Done(u64, Box<Position>, Outcome),
    /// An input line longer than `MAX_LINE_BYTES`, discarded.
    TooLong,
    /// Input closed.
    Eof,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Thinking about our own move.
    Think,
    /// Pondering on the opponent's time.
    Ponder,
    Analyze,
}

pub struct XBoard {
    engine: Engine,
    out: Out,
    tx: Sender<Event>,
    /// Force mode: play no side.
    force: bool,
    /// The colour the engine plays (when not in force mode).
    engine_color: Color,
    post: bool,
    ponder: bool,
    analyze: bool,
    // Time control.
    mps: u32,
    base: Duration,
    inc: Duration,
    st: Option<Duration>,
    sd: Option<i32>,
    nps: Option<u64>,
    time_left: Duration,
    otim: Duration,
    /// Moves played since `new` by the engine's side, for `level` move counting.
    search_id: u64,
    searching: Option<(u64, Mode)>,
    pending_pongs: Vec<String>,
    excluded: Vec<Move>,
    illegal_position: bool,
    last_score: i32,
    hint: Option<Move>,
    multipv: usize,
    highlight_from: Option<crate::square::Square>,
    /// The `Move Overhead` option.
    move_overhead: Duration,
    /// The `Skill Level` option (`MAX_SKILL`: full strength; not applied to analysis).
    skill: u8,
    /// The `Search Params` option.
    params: SearchParams,
    /// The `Claim Draws` and `Draw Moves` options.
    claims: ClaimPolicy,
    /// The `GUI` option: whose start position a built-in variant name means.
    gui_setting: GuiSetting,
    /// The host answered `rejected playother`: no XBoard does (see `cecp_gui`).
    rejected_playother: bool,
    /// The variant name the GUI last selected (`normal` after `new`).
    cecp_variant: String,
    /// When the line being handled was taken up: a search it starts counts its clock
    /// from there.
    received: std::time::Instant,
    /// The last timed move, to measure the delay outside the engine at the next one.
    probe: Option<PendingProbe>,
}

/// Converts a CECP move string to our coordinate notation (1-based ranks).
/// Ranks are 0-based in CECP on boards of 10 ranks (XBoard's own rule) and of 16 ranks
/// (where XBoard must run with `-rankOffset 1`: with 1-based ranks it stores rank 16 as the
/// character '@', its drop marker, and every move from rank 16 breaks).
pub fn cecp_zero_based(ranks: u8) -> bool {
    ranks == 10 || ranks == 16
}

fn from_cecp(ranks: u8, s: &str) -> String {
    if !cecp_zero_based(ranks) {
        return s.to_string();
    }
    let mut out = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            out.push(b[i] as char);
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            // A rank too large for any board is passed on as written: it matches no move,
            // where wrapping arithmetic would have turned it into another, legal one.
            let digits = &s[i + 1..j];
            match digits.parse::<u32>().ok().and_then(|n| n.checked_add(1)) {
                Some(n) => out.push_str(&n.to_string()),
                None => out.push_str(digits),
            }
            i = j;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

impl XBoard {
    pub fn new(engine: Engine, out: Out, tx: Sender<Event>) -> XBoard {
        XBoard {
            engine,
            out,
            tx,
            force: false,
            engine_color: Color::Black,
            post: false,
            ponder: false,
            analyze: false,
            mps: 0,
            base: Duration::from_secs(300),
            inc: Duration::ZERO,
            st: None,
            sd: None,
            nps: None,
            time_left: Duration::from_secs(300),
            otim: Duration::from_secs(300),
            search_id: 0,
            searching: None,
            pending_pongs: Vec::new(),
            excluded: Vec::new(),
            illegal_position: false,
            last_score: 0,
            hint: None,
            multipv: 1,
            highlight_from: None,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            params: SearchParams::default(),
            skill: MAX_SKILL,
            claims: ClaimPolicy::default(),
            gui_setting: None,
            rejected_playother: false,
            cecp_variant: "normal".to_string(),
            received: std::time::Instant::now(),
            probe: None,
        }
    }

    /// Runs the protocol on stdin until `quit` or end of input. `first` is a line that was
    /// already read (protocol auto-detection).
    pub fn run_stdin(engine: Engine, out: Out, first: Option<String>) {
        let (tx, rx) = channel();
        if let Some(f) = first {
            let _ = tx.send(Event::Line(f));
        }
        let reader_tx = tx.clone();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            while let Some(line) = read_input_line(&mut input) {
                let event = match line {
                    InputLine::Text(l) => Event::Line(l),
                    InputLine::TooLong => Event::TooLong,
                };
                if reader_tx.send(event).is_err() {
                    return;
                }
            }
            let _ = reader_tx.send(Event::Eof);
        });
        let mut xb = XBoard::new(engine, out, tx);
        xb.run(rx);
    }

    /// Processes events until `quit` or end of input.
    pub fn run(&mut self, rx: Receiver<Event>) {
        while let Ok(ev) = rx.recv() {
            match ev {
                Event::Line(l) => {
                    if !self.handle(l.trim()) {
                        break;
                    }
                }
                Event::TooLong => {
                    self.out.line(&format!("Error (input line longer than {MAX_LINE_BYTES} bytes): ignored"))
                }
                Event::Done(id, pos, o) => self.search_done(id, *pos, o),
                Event::Eof => break,
            }
        }
        self.cancel_search();
    }

    fn ranks(&self) -> u8 {
        self.engine.rules.variant.ranks
    }

    fn move_str(&self, pos: &Position, m: Move) -> String {
        cecp_move(&self.engine.rules.variant, pos, m)
    }

    fn error(&self, kind: &str, cmd: &str) {
        self.out.line(&format!("Error ({kind}): {cmd}"));
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        self.received = std::time::Instant::now();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "rejected" => {
                if arg.trim() == "playother" {
                    self.rejected_playother = true;
                }
            }
            "xboard" | "random" | "computer" | "accepted" | "name" | "rating" | "ics" | "bk" | "egtpath" | "white"
            | "black" | "hover" | "." | "pause" | "resume" => {}
            "protover" => self.features(),
            "new" => self.cmd_new(),
            "variant" => self.cmd_variant(arg),
            "force" => {
                self.cancel_search();
                self.force = true;
            }
            "go" => {
                self.cancel_search();
                self.force = false;
                self.engine_color = self.engine.pos.side_to_move();
                self.think();
            }
            "playother" => {
                self.cancel_search();
                self.force = false;
                self.engine_color = !self.engine.pos.side_to_move();
                self.maybe_ponder();
            }
            "usermove" => self.user_move(arg),
            "level" => self.cmd_level(line, arg),
            "st" => match arg.parse::<f64>().ok().and_then(clock_seconds) {
                Some(t) => self.st = Some(t),
                None => self.error("bad argument", line),
            },
            "sd" => match arg.parse::<i32>() {
                Ok(d) if d >= 1 => self.sd = Some(d.min(100)),
                _ => self.error("bad argument", line),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(n) => self.nps = if n == 0 { None } else { Some(n) },
                _ => self.error("bad argument", line),
            },
            "time" => match arg.parse::<i64>() {
                Ok(cs) => self.time_left = Duration::from_millis((cs.max(0) as u64).saturating_mul(10)),
                _ => self.error("bad argument", line),
            },
            "otim" => match arg.parse::<i64>() {
                Ok(cs) => self.otim = Duration::from_millis((cs.max(0) as u64).saturating_mul(10)),
                _ => self.error("bad argument", line),
            },
            "ping" => {
                let pong = format!("pong {arg}");
                if matches!(self.searching, Some((_, Mode::Think))) {
                    self.pending_pongs.push(pong);
                } else {
                    self.out.line(&pong);
                }
            }
            "setboard" => self.cmd_setboard(arg),
            "undo" => self.cmd_undo(1, line),
            "remove" => self.cmd_undo(2, line),
            "hard" => {
                self.ponder = true;
            }
            "easy" => {
                self.ponder = false;
                if matches!(self.searching, Some((_, Mode::Ponder))) {
                    self.cancel_search();
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.cancel_search();
                self.analyze = true;
                self.force = true;
                self.start_analysis();
            }
            "exit" => {
                if self.analyze {
                    self.analyze = false;
                    self.cancel_search();
                }
            }
            "result" => {
                self.cancel_search();
                self.force = true;
            }
            "draw" => {
                // Accept when we stand clearly worse.
                if self.last_score < -150 {
                    self.out.line("offer draw");
                }
            }
            "hint" => {
                if let Some(h) = self.hint {
                    let pos = self.engine.pos.clone();
                    if pos.clone().legal_moves().contains(&h) {
                        self.out.line(&format!("Hint: {}", self.move_str(&pos, h)));
                    }
                }
            }
            "?" => {
                if matches!(self.searching, Some((_, Mode::Think))) {
                    // The search stops and its move is played when its event arrives.
                    self.engine.stop_search();
                }
            }
            "memory" => match bounded(arg, 1, MAX_HASH_MB) {
                Ok(mb) => {
                    self.cancel_search();
                    if let Err(e) = self.engine.set_hash(mb) {
                        self.error(&format!("{e}; the table keeps {} MB", self.engine.hash_mb()), line);
                    }
                }
                Err(_) => self.error("bad argument", line),
            },
            // XBoard sends the machine's core count; more than the engine uses is no error.
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n >= 1 => {
                    self.cancel_search();
                    if let Err(e) = self.engine.set_threads(n.min(MAX_THREADS)) {
                        self.error(&e, line);
                    }
                }
                _ => self.error("bad argument", line),
            },
            "option" => self.cmd_option(line, arg),
            "exclude" | "include" => self.cmd_exclude(cmd == "exclude", arg, line),
            "lift" => self.cmd_lift(arg),
            "put" => self.cmd_put(arg),
            "quit" => return false,
            _ => {
                // A bare move (usermove=0 style)?
                if looks_like_move(cmd) && arg.is_empty() {
                    self.user_move(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    fn features(&self) {
        let mut names: Vec<String> = Vec::new();
        for r in &self.engine.catalog.rules {
            let v = &r.variant;
            let Some(n) = cecp_name(v) else { continue };
            if !names.contains(&n) {
                names.push(n);
            }
            for a in &v.aliases {
                if v.xboard_name.is_none() && is_engine_definable(a) && !names.contains(a) && a != "standard" {
                    names.push(a.clone());
                }
            }
        }
        // 'normal' first: XBoard's default variant.
        if let Some(i) = names.iter().position(|n| n == "normal") {
            let n = names.remove(i);
            names.insert(0, n);
        }
        self.out.line("feature done=0");
        self.out.line(&format!(
            "feature myname=\"{ENGINE_NAME}\" ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 time=1 draw=1"
        ));
        self.out.line("feature analyze=1 memory=1 smp=1 exclude=1 debug=1 nps=1 san=0 reuse=1 highlight=1 pause=0");
        self.out.line(&format!("feature variants=\"{}\"", names.join(",")));
        self.out.line("feature option=\"MultiPV -spin 1 1 64\"");
        self.out.line("feature option=\"VariantPath -file \"");
        self.out.line("feature option=\"Clear Hash -button\"");
        self.out.line("feature option=\"Debug Log File -file \"");
        self.out.line(&format!("feature option=\"Skill Level -spin {MAX_SKILL} 0 {MAX_SKILL}\""));
        self.out.line(&format!("feature option=\"GUI -combo {}\"", cecp_gui::COMBO));
        self.out.line("feature option=\"Claim Draws -combo *auto /// always /// never\"");
        self.out.line(&format!("feature option=\"Draw Moves -spin 0 0 {MAX_DRAW_MOVES}\""));
        self.out.line(&format!(
            "feature option=\"Move Overhead -spin {DEFAULT_MOVE_OVERHEAD_MS} 0 {MAX_MOVE_OVERHEAD_MS}\""
        ));
        // Empty: the defaults (`kirin search-params` lists them). The whole default setting
        // would make a line of some 400 bytes, near the 512 of XBoard's message buffers.
        self.out.line("feature option=\"Search Params -string \"");
        self.out.line("feature done=1");
        // Problems in the variant files given on the command line: a GUI shows stderr
        // nowhere, so they are said here, where its user sees them.
        let startup = &self.engine.startup_errors;
        for e in startup {
            self.out.line(&format!("# {e}"));
        }
        if !startup.is_empty() {
            self.out.line(&format!(
                "telluser Kirin: {} problem(s) in its variant files: {}",
                startup.len(),
                startup[0]
            ));
        }
    }

    fn cmd_new(&mut self) {
        self.cancel_search();
        self.analyze = false;
        self.probe = None;
        if self.engine.set_variant(crate::engine::DEFAULT_VARIANT).is_err() {
            self.engine.new_game();
        }
        self.engine.clear_hash();
        self.force = false;
        self.engine_color = Color::Black;
        self.sd = None;
        self.nps = None;
        self.st = None;
        self.excluded.clear();
        self.illegal_position = false;
        self.hint = None;
        self.cecp_variant = "normal".to_string();
    }

    /// The GUI the `GUI` option means: as set, or (auto) as the handshake showed.
    fn gui(&self) -> CecpGui {
        cecp_gui::resolve(self.gui_setting, self.rejected_playother)
    }

    fn cmd_variant(&mut self, arg: &str) {
        self.cancel_search();
        let Some(name) = self.gui().variant_for(&self.engine.catalog, arg) else {
            self.error("unsupported variant", &format!("variant {arg}"));
            return;
        };
        if let Err(e) = self.engine.set_variant(&name) {
            self.error(&e, &format!("variant {arg}"));
            return;
        }
        self.illegal_position = false;
        self.cecp_variant = arg.to_ascii_lowercase();
        let v = &self.engine.rules.variant;
        if v.xboard_name.is_none() && v.cutechess_name.is_none() {
            // Engine-defined: tell XBoard the board, pieces and moves (before the next pong).
            let table = xboard_setup::piece_to_char(v);
            let mut fen = self.engine.root.fen();
            // XBoard would take Slide-chess's `[e8e1]` for holdings; the cages are the rim
            // squares the FEN leaves open, which is how Kirin reads XBoard's FEN back.
            if self.engine.rules.hooks.cage.is_some()
                && let (Some(a), Some(b)) = (fen.find('['), fen.find(']'))
            {
                fen.replace_range(a..=b, "");
            }
            self.out.line(&format!("setup ({table}) {}x{}+0_{} {fen}", v.files, v.ranks, xboard_setup::parent(v)));
            let (lines, missing) = xboard_setup::piece_lines(v);
            for l in lines {
                self.out.line(&l);
            }
            if !missing.is_empty() {
                self.out.line(&format!(
                    "# pieces XBetza cannot describe to XBoard (legal targets via highlight): {}",
                    missing.join(" ")
                ));
            }
        }
    }

    fn cmd_level(&mut self, line: &str, arg: &str) {
        let parts: Vec<&str> = arg.split_whitespace().collect();
        if parts.len() != 3 {
            return self.error("bad argument", line);
        }
        let mps = parts[0].parse::<u32>();
        let base = match parts[1].split_once(':') {
            Some((m, s)) => m.parse::<f64>().ok().zip(s.parse::<f64>().ok()).map(|(m, s)| m * 60.0 + s),
            None => parts[1].parse::<f64>().ok().map(|m| m * 60.0),
        };
        let inc = parts[2].parse::<f64>().ok().and_then(clock_seconds);
        match (mps, base.and_then(clock_seconds), inc) {
            (Ok(mps), Some(base), Some(inc)) => {
                self.mps = mps;
                self.base = base;
                self.inc = inc;
                self.time_left = self.base;
                self.otim = self.base;
                self.st = None;
            }
            _ => self.error("bad argument", line),
        }
    }

    fn cmd_setboard(&mut self, fen: &str) {
        self.cancel_search();
        let fen = if cecp_zero_based(self.ranks()) { fen_from_cecp(fen) } else { fen.to_string() };
        match self.engine.set_position(Some(&fen), &[]) {
            Ok(()) => self.illegal_position = false,
            Err(e) => {
                self.illegal_position = true;
                self.out.line(&format!("tellusererror Illegal position: {e}"));
            }
        }
        if self.analyze {
            self.start_analysis();
        }
    }

    fn cmd_undo(&mut self, n: usize, line: &str) {
        self.cancel_search();
        if self.engine.moves.len() < n {
            return self.error("command not legal now", line);
        }
        for _ in 0..n {
            self.engine.undo();
        }
        if self.analyze {
            self.start_analysis();
        }
    }

    fn cmd_option(&mut self, line: &str, arg: &str) {
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (arg.trim(), ""),
        };
        match name {
            "MultiPV" => match value.parse::<usize>() {
                Ok(n) if (1..=64).contains(&n) => self.multipv = n,
                _ => self.error("bad option value", line),
            },
            "Move Overhead" => match bounded(value, 0, MAX_MOVE_OVERHEAD_MS as usize) {
                Ok(n) => self.move_overhead = Duration::from_millis(n as u64),
                Err(_) => self.error("bad option value", line),
            },
            "Skill Level" => match bounded(value, 0, MAX_SKILL as usize) {
                Ok(n) => self.skill = n as u8,
                Err(_) => self.error("bad option value", line),
            },
            "Search Params" => match SearchParams::parse(value) {
                Ok(p) => self.params = p,
                Err(_) => self.error("bad option value", line),
            },
            "GUI" => match cecp_gui::parse_setting(value) {
                Some(g) => self.gui_setting = g,
                None => self.error("bad option value", line),
            },
            "Claim Draws" => match ClaimMode::parse(value) {
                Some(m) => self.claims.mode = m,
                None => self.error("bad option value", line),
            },
            "Draw Moves" => match bounded(value, 0, MAX_DRAW_MOVES as usize) {
                Ok(n) => self.claims.draw_moves = n as u32,
                Err(_) => self.error("bad option value", line),
            },
            "Debug Log File" => {
                if let Err(e) = crate::protocol::debug_log::open(value) {
                    self.out.line(&format!("tellusererror Kirin: Debug Log File: {e}"));
                }
            }
            "Clear Hash" => {
                self.cancel_search();
                self.engine.clear_hash();
            }
            "VariantPath" => {
                self.cancel_search();
                let files = if value.is_empty() { Vec::new() } else { vec![PathBuf::from(value)] };
                match self.engine.load_variant_files(files) {
                    Ok(problems) => {
                        for e in problems {
                            self.out.line(&format!("# {e}"));
                        }
                    }
                    Err(problems) => {
                        for e in &problems {
                            self.out.line(&format!("# {e}"));
                        }
                        self.out.line(&format!("tellusererror Kirin: {}; variants unchanged", problems.join("; ")));
                    }
                }
            }
            _ => self.error("unknown option", line),
        }
    }

    fn cmd_exclude(&mut self, exclude: bool, arg: &str, line: &str) {
        if arg == "all" {
            self.excluded = if exclude { self.engine.pos.clone().legal_moves() } else { Vec::new() };
        } else {
            match parse_cecp_move(&self.engine.rules.variant, &self.engine.pos, arg) {
                Some(m) => {
                    if exclude {
                        if !self.excluded.contains(&m) {
                            self.excluded.push(m);
                        }
                    } else {
                        self.excluded.retain(|&x| x != m);
                    }
                }
                None => return self.error("illegal move", line),
            }
        }
        if self.analyze {
            self.start_analysis();
        }
    }

    fn user_move(&mut self, arg: &str) {
        if self.illegal_position {
            self.out.line(&format!("Illegal move: {arg}"));
            return;
        }
        // The move arrives while we may be pondering: stop that first.
        self.cancel_search();
        // `@@@@` (XBoard's null move in Chu Shogi) is read by `parse_move` as a pass.
        let m = match parse_cecp_move(&self.engine.rules.variant, &self.engine.pos, arg) {
            Some(m) => m,
            None => {
                self.out.line(&format!("Illegal move: {arg}"));
                // On 16 ranks XBoard must send 0-based ranks (`-rankOffset 1`). A move that is
                // illegal so but legal read 1-based is the sign that the flag is missing.
                let v = &self.engine.rules.variant;
                if v.ranks == 16 && self.engine.pos.clone().parse_move(arg).is_ok() {
                    self.out.line(&format!(
                        "tellusererror Kirin: {} has 16 ranks: start XBoard with -rankOffset 1 \
                         (kirin variants --xboard prints the whole line)",
                        v.name
                    ));
                }
                // At the start of a game: a move that fits the other GUI's start position
                // of this variant name (courier) means the `GUI` option is wrong.
                if self.engine.pos.fen() == Position::startpos(self.engine.rules.clone()).fen()
                    && let Some(hint) = self.gui().hint_for_refused_move(&self.engine.catalog, &self.cecp_variant, arg)
                {
                    self.out.line(&hint);
                }
                if self.analyze {
                    self.start_analysis();
                }
                return;
            }
        };
        self.engine.play(m);
        self.excluded.clear();
        if self.analyze {
            self.start_analysis();
            return;
        }
        if self.claim_result() {
            return;
        }
        if !self.force && self.engine.pos.side_to_move() == self.engine_color {
            self.think();
        }
    }

    /// If the game is over by rule in the current position, sends the result and returns true.
    fn claim_result(&mut self) -> bool {
        match self.claims.claim(&self.engine.pos) {
            Some(f) => {
                self.out.line(&format!("{} {{{}}}", f.result, f.comment));
                self.force = true;
                true
            }
            None => false,
        }
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            multipv: 1,
            excluded: self.excluded.clone(),
            start: Some(self.received),
            move_overhead: Some(self.move_overhead),
            skill: Skill::new(self.skill),
            params: self.params,
            ..Limits::default()
        };
        l.depth = self.sd;
        if let Some(st) = self.st {
            l.movetime = Some(st);
        } else {
            let moves_to_go = if self.mps > 0 {
                let played = self.engine.moves.len().div_ceil(2) as u32;
                Some(self.mps - (played % self.mps))
            } else {
                None
            };
            l.clock = Some(Clock { time: self.time_left, inc: self.inc, moves_to_go });
        }
        if let Some(nps) = self.nps {
            // Node-based clock: convert the time budget to nodes.
            let secs = l.movetime.map(|d| d.as_secs_f64()).unwrap_or_else(|| {
                let params = self.params.for_variant(&self.engine.rules.variant.search_params);
                let a = crate::search::time::Allocation::from_clock(
                    l.clock.unwrap_or_default(),
                    self.move_overhead,
                    params.time_plan(),
                    self.engine.pos.plies_of_game(),
                );
                a.optimum.as_secs_f64()
            });
            l.nodes = Some(((secs * nps as f64) as u64).max(1));
            l.movetime = None;
            l.clock = None;
        }
        l
    }

    fn think(&mut self) {
        // After a refused `setboard` the engine's board is not the GUI's: a move searched
        // there would be a move of the previous game.
        if self.illegal_position {
            self.out.line("Error (illegal position): go");
            self.force = true;
            return;
        }
        if self.claim_result() {
            return;
        }
        let mut limits = self.limits();
        // The delay outside the engine: what its last move cost on XBoard's clock (`time`,
        // in centiseconds) beyond its own time.
        self.probe = self.engine.time_move(self.probe.take(), limits.clock, self.received);
        // Moves XBoard cannot write (a promotion to a type with a marked letter, as Short
        // Sliders' pawns may make) would forfeit the game there: play them only when nothing
        // else is legal.
        // Likewise a piece XBoard takes for a Pawn or Lance stepping onto the last rank
        // without promoting: XBoard would add a promotion to its Queen-slot piece; and a
        // move XBoard cannot show (`xboard_shows`).
        let legal = self.engine.pos.clone().legal_moves();
        let v = &self.engine.rules.variant;
        let pawn_like = xboard_setup::xboard_pawn_like(v);
        let unwritable: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                !xboard_can_write(&cecp_move(v, &self.engine.pos, m))
                    || misread_as_promotion(&self.engine.pos, &pawn_like, m)
                    || !xboard_shows(&self.engine.pos, m)
            })
            .collect();
        let left = |m: &Move| !limits.excluded.contains(m) && !unwritable.contains(m);
        if !unwritable.is_empty() && legal.iter().any(left) {
            limits.excluded.extend(unwritable);
        }
        // Only moves XBoard refuses outright (Slide-chess's cage moves when the cages hold
        // nothing of ours): playing one forfeits the game on XBoard's "invalid move"; say
        // why and resign instead.
        if !legal.is_empty() && legal.iter().all(|&m| xboard_refuses(&self.engine.pos, m)) {
            self.out.line("telluser Kirin resigns: its only legal moves are cage moves XBoard cannot play");
            self.out.line("resign");
            return;
        }
        self.start(limits, Mode::Think);
    }

    fn maybe_ponder(&mut self) {
        if !self.ponder || self.force || self.analyze || self.illegal_position {
            return;
        }
        let limits =
            Limits { infinite: true, ponder: true, multipv: 1, skill: Skill::new(self.skill), ..Limits::default() };
        self.start(limits, Mode::Ponder);
    }

    fn start_analysis(&mut self) {
        self.cancel_search();
        if self.illegal_position {
            return;
        }
        if crate::game_end::terminal(&mut self.engine.pos.clone()).is_some() {
            return;
        }
        let limits =
            Limits { infinite: true, multipv: self.multipv, excluded: self.excluded.clone(), ..Limits::default() };
        self.start(limits, Mode::Analyze);
    }

    fn start(&mut self, limits: Limits, mode: Mode) {
        self.search_id += 1;
        let id = self.search_id;
        self.searching = Some((id, mode));
        let out = self.out.clone();
        let post = self.post || mode == Mode::Analyze;
        let tx = self.tx.clone();
        let ranks = self.ranks();
        self.engine.start_search(
            limits,
            Box::new(move |pos, r| {
                if post {
                    out.line(&thinking_line(pos, r, ranks));
                }
            }),
            Box::new(move |pos, o| {
                let _ = tx.send(Event::Done(id, Box::new(pos.clone()), o));
            }),
        );
    }

    /// Stops any running search; its result will be ignored.
    fn cancel_search(&mut self) {
        if self.searching.is_some() {
            self.searching = None;
            self.engine.stop_search();
            self.flush_pongs();
        }
    }

    fn flush_pongs(&mut self) {
        for p in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&p);
        }
    }

    fn search_done(&mut self, id: u64, pos: Position, o: Outcome) {
        let Some((sid, mode)) = self.searching else { return };
        if sid != id {
            return;
        }
        self.searching = None;
        self.engine.wait_search();
        if mode != Mode::Think {
            return;
        }
        // The game must still be where the search started.
        if pos.key() != self.engine.pos.key() {
            self.flush_pongs();
            return;
        }
        match o.best {
            Some(m) => {
                self.last_score = o.score;
                let text = self.move_str(&self.engine.pos, m);
                self.engine.play(m);
                self.hint = o.ponder;
                self.out.line(&format!("move {text}"));
                if let Some(p) = &self.probe {
                    p.mark_answered();
                }
                self.flush_pongs();
                if !self.claim_result() {
                    self.maybe_ponder();
                }
            }
            None => {
                self.flush_pongs();
                self.claim_result();
            }
        }
    }

    fn cmd_lift(&mut self, arg: &str) {
        let s = from_cecp(self.ranks(), arg);
        let Some(sq) = crate::square::Square::parse(&s) else {
            return self.error("bad square", &format!("lift {arg}"));
        };
        self.highlight_from = Some(sq);
        let mut pos = self.engine.pos.clone();
        let moves: Vec<Move> = pos.legal_moves().into_iter().filter(|m| m.from == sq).collect();
        let v = pos.variant();
        let mut marks = std::collections::HashMap::new();
        for m in &moves {
            let promo = m.promotion().is_some();
            let cap = pos.is_capture(*m);
            let c = if m.kind == crate::moves::MoveKind::TwoLeg && m.aux != m.from {
                marks.entry(m.aux).or_insert('C');
                continue;
            } else if promo {
                'M'
            } else if cap {
                'R'
            } else {
                'Y'
            };
            marks.insert(m.to, c);
        }
        let mut fen = String::new();
        for r in (0..v.ranks).rev() {
            let mut empty = 0;
            for f in 0..v.files {
                let s = crate::square::Square::new(f, r);
                match marks.get(&s) {
                    Some(c) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if r > 0 {
                fen.push('/');
            }
        }
        self.out.line(&format!("highlight {fen}"));
    }

    fn cmd_put(&mut self, arg: &str) {
        let s = from_cecp(self.ranks(), arg.trim_end_matches(','));
        let (Some(from), Some(to)) = (self.highlight_from, crate::square::Square::parse(&s)) else { return };
        let mut pos = self.engine.pos.clone();
        let v = pos.variant().clone();
        let choices: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .filter_map(|m| m.promotion())
            .map(|t| v.pieces[t as usize].suffix_letter())
            .collect();
        if choices.len() > 1 {
            self.out.line(&format!("choice {}", choices.concat()));
        }
    }
}

/// Thinking output: `ply score time nodes seldepth nps tbhits<TAB>pv`, mate as 100000+N.
pub fn thinking_line(pos: &Position, r: &Report, ranks: u8) -> String {
    let score = match mate_in(r.score) {
        Some(n) if n > 0 => 100_000 + n,
        Some(n) => -100_000 + n,
        None => r.score,
    };
    let mut p = pos.clone();
    let mut pv = String::new();
    for &m in &r.pv {
        if !p.legal_moves().contains(&m) {
            break;
        }
        let s = p.move_to_uci(m);
        pv.push(' ');
        pv.push_str(&if cecp_zero_based(ranks) { to_cecp(&s) } else { s });
        p.make_move(m);
    }
    format!(
        "{} {} {} {} {} {} 0\t{}",
        r.depth,
        score,
        r.time.as_millis() / 10,
        r.nodes,
        r.seldepth,
        r.nps(),
        pv.trim_start()
    )
}

/// Converts our notation (1-based ranks) to CECP's 0-based ranks (10-rank boards only).
fn to_cecp(s: &str) -> String {
    let mut out = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            out.push(b[i] as char);
            let mut j = i + 1;
            let mut n = 0u32;
            while j < b.len() && b[j].is_ascii_digit() {
                n = n * 10 + (b[j] - b'0') as u32;
                j += 1;
            }
            out.push_str(&n.saturating_sub(1).to_string());
            i = j;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The longest time a clock command may set: a year. A time control is a user's number,
/// and `Duration::from_secs_f64` panics on one it cannot hold (`st 1e20`).
const MAX_CLOCK: Duration = Duration::from_secs(365 * 24 * 3600);

/// Seconds from a clock command as a duration, or None for a negative or non-finite
/// number or one beyond `MAX_CLOCK`.
fn clock_seconds(secs: f64) -> Option<Duration> {
    if !(0.0..=MAX_CLOCK.as_secs_f64()).contains(&secs) {
        return None;
    }
    Duration::try_from_secs_f64(secs).ok()
}

/// A CECP FEN on a 10- or 16-rank board has a 0-based e.p. square.
fn fen_from_cecp(fen: &str) -> String {
    let mut parts: Vec<String> = fen.split_whitespace().map(String::from).collect();
    if parts.len() > 3 && parts[3] != "-" {
        parts[3] = from_cecp(10, &parts[3]);
    }
    parts.join(" ")
}

fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

/// XBoard 4.9.1's `variantNames` (common.h), in `VariantClass` order. The first 23 are
/// matched anywhere in a name, the rest only at its start and not followed by a letter
/// (`StringToVariant` in backend.c).
const XBOARD_NAMES: [&str; 48] = [
    "normal",
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild29",
    "wild30",
    "wild31",
    "wild32",
    "wild33",
    "wild34",
    "wild35",
    "wild36",
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
    "unknown",
    "chuchess",
];
const FIRST_PREFIX_ONLY: usize = 23;

/// Variant names XBoard 4.9.1 knows itself (exact names).
pub fn is_xboard_builtin(name: &str) -> bool {
    XBOARD_NAMES.contains(&name)
}

/// Would XBoard treat `name` as an engine-defined variant? It must not be recognised by
/// `StringToVariant`: no early name anywhere, no later name as a prefix followed by a
/// non-letter, and no "w"/"wild" followed by a number (ICC wild types).
pub fn is_engine_definable(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    for (i, known) in XBOARD_NAMES.iter().enumerate() {
        if let Some(p) = n.find(known) {
            if i < FIRST_PREFIX_ONLY {
                return false;
            }
            let next = n.as_bytes().get(p + known.len()).copied();
            if p == 0 && !next.is_some_and(|c| c.is_ascii_alphabetic()) {
                return false;
            }
        }
    }
    let w = n.find("wild").map(|p| p + 4).or_else(|| n.find('w').map(|p| p + 1));
    if let Some(p) = w {
        let rest = n[p..].trim_start_matches([' ', '(', '/']);
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return false;
        }
    }
    n != "normal"
}

/// `m` as CECP writes it for `v`.
fn cecp_move(v: &crate::variant::Variant, pos: &Position, m: Move) -> String {
    // XBoard 4.9.1 relays a two-leg move by a Black piece over an empty square as castling
    // (`d7e7,e7d7` reaches the opponent as `d7d7,e7c7`: backend.c SendMoveToProgram takes the
    // empty square for a Black piece), and the opponent rejects it. Such a move changes the
    // board as a plain move or a pass does, so it is sent as one of those.
    let mut m = m;
    if pos.is_pass(m) && xboard_has_null_move(v) {
        return "@@@@".into();
    }
    if m.kind == crate::moves::MoveKind::TwoLeg
        && pos.piece_at(m.aux).is_none()
        && m.to != m.from
        && let Some(plain) = pos.clone().legal_moves().into_iter().find(|p| {
            p.kind == crate::moves::MoveKind::Normal
                && p.from == m.from
                && p.to == m.to
                && p.promotion() == m.promotion()
        })
    {
        m = plain;
    }
    let s = if xboard_shows_castling(m) { format!("{}{}", m.from, m.to) } else { pos.move_to_uci_with_suffix(m) };
    if cecp_zero_based(v.ranks) { to_cecp(&s) } else { s }
}

/// Can XBoard 4.9.1 show `m` on its board? Not a free castling other than those of
/// `xboard_shows_castling`; not Tamerlane's enter and exchange: XBoard reads `b9a9,a9f5`
/// as the King going to f5 over a9, taking the piece there; not Slide-chess's insertion,
/// which shifts a whole line (XBoard has no such move); and a Slide-chess relocation only
/// when the cage holds one of the mover's pieces: with `-testLegality false` XBoard still
/// refuses a move from an empty square or of the opponent's piece (backend.c ParseOneMove;
/// measured: `Forfeit due to invalid move: e8g1` for an empty cage).
fn xboard_shows(pos: &Position, m: Move) -> bool {
    if pos.is_pass(m) {
        // A pass as a move from a square to itself (`m7m7`, the Rhinoceros's circle) is
        // refused even with `-testLegality false` (measured: `Forfeit due to invalid move:
        // m7m7 ... res=24`), and a Lion's out-and-back over an empty square is relayed as
        // castling (see `cecp_move`): only XBoard's Lion variants have the null move `@@@@`.
        return xboard_has_null_move(pos.variant());
    }
    match m.kind {
        crate::moves::MoveKind::FreeCastle => xboard_shows_castling(m),
        crate::moves::MoveKind::EnterExchange | crate::moves::MoveKind::Insert => false,
        crate::moves::MoveKind::Relocate => {
            let p = pos.piece_at(m.from);
            p.is_some() && p.color() == pos.side_to_move()
        }
        _ => true,
    }
}

/// Does XBoard 4.9.1 refuse `m` as an invalid move, whatever its legality testing? A
/// Slide-chess insertion (no such move) and a relocation of a cage without a piece of the
/// mover's (XBoard moves no empty square or enemy piece, backend.c ParseOneMove).
fn xboard_refuses(pos: &Position, m: Move) -> bool {
    m.kind == crate::moves::MoveKind::Insert || (m.kind == crate::moves::MoveKind::Relocate && !xboard_shows(pos, m))
}

/// Is `m` a free castling that XBoard 4.9.1 can show? XBoard applies a royal's move of two
/// or more squares along its rank as castling with the nearest piece beyond, which lands
/// next to the royal on the side it came from (backend.c ApplyMove); it knows no other
/// free castling. Such a castling goes out as the royal's move alone (`e1g1`).
fn xboard_shows_castling(m: Move) -> bool {
    let (from, to) = (m.from.file() as i32, m.to.file() as i32);
    m.kind == crate::moves::MoveKind::FreeCastle
        && (to - from).abs() >= 2
        && m.aux.file() as i32 == to - (to - from).signum()
}

/// Reads a CECP move: our notation, else the CECP text of a legal move (a free castling
/// that XBoard writes as the royal's move alone, `e1g1`).
fn parse_cecp_move(v: &crate::variant::Variant, pos: &Position, text: &str) -> Option<Move> {
    let ours = from_cecp(v.ranks, text);
    let mut p = pos.clone();
    if let Ok(m) = p.parse_move(&ours) {
        return Some(m);
    }
    let text = text.trim();
    p.legal_moves().into_iter().find(|&m| xboard_shows_castling(m) && cecp_move(v, pos, m) == text)
}

/// Can XBoard 4.9.1 read this move text? Its promotion suffix is one letter other than `x`
/// (which it reads as a capture mark), or `+`/`=` (parser.c PromoSuffix).
fn xboard_can_write(text: &str) -> bool {
    let tail: &str = match text.rfind(|c: char| c.is_ascii_digit()) {
        Some(i) => &text[i + 1..],
        None => return true, // @@@@
    };
    match tail {
        "" | "+" | "=" => true,
        t => t.len() == 1 && t != "x" && t.as_bytes()[0].is_ascii_lowercase(),
    }
}

/// Would XBoard 4.9.1 read `m` as a promotion it is not? True for a non-promoting move
/// onto the mover's last rank by a piece in XBoard's Pawn or Lance slot (`pawn_like`, see
/// `xboard_setup::xboard_pawn_like`).
fn misread_as_promotion(pos: &Position, pawn_like: &[String], m: Move) -> bool {
    if m.promotion().is_some() || m.is_null() {
        return false;
    }
    let p = pos.piece_at(m.from);
    if p.is_none() {
        return false;
    }
    let last = match p.color() {
        Color::White => pos.variant().ranks - 1,
        Color::Black => 0,
    };
    m.to.rank() == last && pawn_like.iter().any(|t| *t == pos.variant().pieces[p.kind() as usize].token)
}

/// Does XBoard's own variant type for `v` have the null move `@@@@`? XBoard 4.9.1 relays it
/// between engines only in its Lion variants (backend.c SendMoveToProgram); an engine-defined
/// variant takes the type of its `setup` parent.
fn xboard_has_null_move(v: &crate::variant::Variant) -> bool {
    let kind = match &v.xboard_name {
        Some(n) if is_xboard_builtin(n) => n.clone(),
        _ => xboard_setup::parent(v),
    };
    matches!(kind.as_str(), "chu" | "lion" | "chuchess")
}

/// The name under which a variant is offered to XBoard: its built-in name, else our name,
/// else our name without separators when XBoard would mistake ours for a built-in one
/// (`courier-modern` would be read as `courier`; `couriermodern` is not).
/// `xboardName = -` keeps a variant away from XBoard.
pub fn cecp_name(v: &crate::variant::Variant) -> Option<String> {
    if let Some(x) = &v.xboard_name {
        // `xboardName = -`: not offered to XBoard at all.
        return (x != "-").then(|| x.clone());
    }
    if is_engine_definable(&v.name) {
        return Some(v.name.clone());
    }
    let squeezed: String = v.name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    if is_engine_definable(&squeezed) { Some(squeezed) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_defined_names() {
        for ok in
            ["couriermodern", "shoshogi", "chushogi", "verney", "shortsliders", "leapingbat", "big16", "tsiushogi"]
        {
            assert!(is_engine_definable(ok), "{ok}");
        }
        for bad in ["courier-modern", "chu", "normal", "courier", "atomic-x", "w3", "wild 5", "super-x", "xshatranjx"] {
            assert!(!is_engine_definable(bad), "{bad}");
        }
    }

    /// A Lion's pass goes out as XBoard's null move where XBoard relays it (the built-in
    /// `chu` and engine-defined variants with a `chu` parent), and as two legs elsewhere.
    #[test]
    fn lion_pass_is_sent_as_null_move() {
        let cat = crate::catalog::Catalog::embedded();
        for (variant, expect) in [("chu", "@@@@"), ("chushogi", "@@@@"), ("tsiushogi", "@@@@")] {
            let rules = cat.get(variant).unwrap();
            let mut pos =
                Position::from_fen(rules.clone(), "11k/12/12/12/12/5n6/12/12/12/12/12/KG10 b - - 0 1").unwrap();
            let pass = pos.legal_moves().into_iter().find(|&m| pos.is_pass(m)).expect("a Lion can pass");
            assert_eq!(cecp_move(&rules.variant, &pos, pass), expect, "{variant}");
            // And `@@@@` read back is that pass.
            assert_eq!(pos.parse_move("@@@@"), Ok(pass), "{variant}");
            let step = pos.parse_move("f7f6").unwrap();
            assert_eq!(cecp_move(&rules.variant, &pos, step), "f7f6");
            // Two steps over an empty square go out as the jump they amount to.
            let two = pos.parse_move("f7f6,f6f5").unwrap();
            assert_eq!(cecp_move(&rules.variant, &pos, two), "f7f5");
            let back = pos.parse_move("f7e6,e6f6").unwrap();
            assert_eq!(cecp_move(&rules.variant, &pos, back), "f7f6");
            // Capturing out and back (igui) keeps its two legs.
            let mut pos =
                Position::from_fen(rules.clone(), "11k/12/12/12/12/5n6/5P6/12/12/12/12/KG10 b - - 0 1").unwrap();
            let igui = pos.parse_move("f7f6,f6f7").unwrap();
            assert_eq!(cecp_move(&rules.variant, &pos, igui), "f7f6,f6f7");
        }
    }

    /// The Rhinoceros's full circle (a pass, `docs/rules/bat-chess.md` §3.3) is a
    /// move XBoard refuses in a `fairy`-parent variant (CI: `Forfeit due to invalid move:
    /// m7m7`), so a game search leaves it out; in Chu the Lion's pass goes out as `@@@@`.
    #[test]
    fn a_pass_is_shown_only_where_xboard_has_the_null_move() {
        let cat = crate::catalog::Catalog::embedded();
        let rules = cat.get("leapingbat").unwrap();
        let mut pos = Position::from_fen(rules, "8k7/16/16/16/16/16/12O3/16/16/16/16/8K7 w - - 0 1").unwrap();
        let pass = pos.legal_moves().into_iter().find(|&m| pos.is_pass(m)).expect("the Rhinoceros circles home");
        assert_eq!(pos.move_to_uci(pass), "m6m6");
        assert!(!xboard_shows(&pos, pass));
        let step = pos.parse_move("m6m7").unwrap();
        assert!(xboard_shows(&pos, step) && !pos.is_pass(step));
        let rules = cat.get("chu").unwrap();
        let mut pos = Position::from_fen(rules, "11k/12/12/12/12/5n6/12/12/12/12/12/KG10 b - - 0 1").unwrap();
        let pass = pos.legal_moves().into_iter().find(|&m| pos.is_pass(m)).expect("a Lion can pass");
        assert!(xboard_shows(&pos, pass));
    }

    #[test]
    fn ten_rank_notation() {
        assert_eq!(to_cecp("a10a9"), "a9a8");
        assert_eq!(to_cecp("e2e4q"), "e1e3q");
        assert_eq!(from_cecp(10, "e0e1"), "e1e2");
        assert_eq!(from_cecp(10, "a9a8,a8b7"), "a10a9,a9b8");
        assert_eq!(from_cecp(8, "e2e4"), "e2e4");
        // 16 ranks: XBoard runs with -rankOffset 1, so rank 16 is "15" and rank 1 is "0".
        assert_eq!(from_cecp(16, "j15f11"), "j16f12");
        assert_eq!(from_cecp(16, "a0a1"), "a1a2");
        assert_eq!(from_cecp(12, "a12a11"), "a12a11");
        assert!(cecp_zero_based(16) && cecp_zero_based(10) && !cecp_zero_based(12));
    }

    #[test]
    fn what_xboard_can_write() {
        for ok in ["e2e4", "e7e8q", "a12a3+", "d7e7,e7d7", "@@@@", "f15f16=", "j15f11"] {
            assert!(xboard_can_write(ok), "{ok}");
        }
        for bad in ["f12f13d'", "f12f13t!", "f12f13x"] {
            assert!(!xboard_can_write(bad), "{bad}");
        }
    }
}
