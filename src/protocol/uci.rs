//! UCI with Fairy-Stockfish's variant conventions (`UCI_Variant`, `VariantPath`,
//! `info string variant ...`), read by a hand-written tokenizer.
//!
//! `vampirc-uci` is not used for input: its grammar only knows files a-h, ranks 1-8,
//! promotions q/r/b/n and 8-rank FENs, and it silently drops or truncates everything else
//! (spec/protocols.md section 4). Every bad input here gets `info string error ...`
//! and leaves the state unchanged.

use crate::engine::Engine;
use crate::protocol::write_perft;
use std::io::{BufRead, Write};
use std::path::PathBuf;

pub const ENGINE_NAME: &str = concat!("Kirin ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Kirin developers";

pub struct Uci<'a> {
    engine: &'a mut Engine,
    out: &'a mut dyn Write,
    hash_mb: usize,
    threads: usize,
}

impl<'a> Uci<'a> {
    pub fn new(engine: &'a mut Engine, out: &'a mut dyn Write) -> Uci<'a> {
        Uci { engine, out, hash_mb: 16, threads: 1 }
    }

    /// Reads commands until `quit` or end of input.
    pub fn run(&mut self, input: &mut dyn BufRead) -> std::io::Result<()> {
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return Ok(());
            }
            if !self.handle(line.trim())? {
                return Ok(());
            }
        }
    }

    fn error(&mut self, msg: &str) -> std::io::Result<()> {
        writeln!(self.out, "info string error {msg}")?;
        self.out.flush()
    }

    /// Handles one command line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else {
            return Ok(true);
        };
        match cmd {
            "uci" => self.cmd_uci()?,
            "isready" => writeln!(self.out, "readyok")?,
            "ucinewgame" => self.engine.new_game(),
            "setoption" => self.cmd_setoption(&tokens[1..])?,
            "position" => self.cmd_position(&tokens[1..])?,
            "go" => self.cmd_go(&tokens[1..])?,
            "d" => {
                let diagram = self.engine.pos.diagram();
                write!(self.out, "{diagram}")?;
                writeln!(self.out, "Fen: {}", self.engine.pos.fen())?;
                writeln!(self.out, "Key: {:016X}", self.engine.pos.key())?;
            }
            "stop" | "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(false),
            _ => self.error(&format!("unknown command '{cmd}'"))?,
        }
        self.out.flush()?;
        Ok(true)
    }

    fn cmd_uci(&mut self) -> std::io::Result<()> {
        writeln!(self.out, "id name {ENGINE_NAME}")?;
        writeln!(self.out, "id author {ENGINE_AUTHOR}")?;
        writeln!(self.out, "option name Hash type spin default 16 min 1 max 65536")?;
        writeln!(self.out, "option name Threads type spin default 1 min 1 max 256")?;
        let names = self.engine.catalog.names();
        let mut combo = format!("option name UCI_Variant type combo default {}", self.engine.rules.variant.name);
        for n in &names {
            combo.push_str(" var ");
            combo.push_str(n);
        }
        writeln!(self.out, "{combo}")?;
        writeln!(self.out, "option name VariantPath type string default <empty>")?;
        writeln!(self.out, "uciok")
    }

    fn variant_info(&mut self) -> std::io::Result<()> {
        let v = &self.engine.rules.variant;
        writeln!(
            self.out,
            "info string variant {} files {} ranks {} pocket 0 template fairy startpos {}",
            v.name,
            v.files,
            v.ranks,
            self.engine.root.fen()
        )
    }

    fn cmd_setoption(&mut self, args: &[&str]) -> std::io::Result<()> {
        // setoption name <words> [value <words>]
        if args.first() != Some(&"name") {
            return self.error("setoption needs 'name'");
        }
        let vpos = args.iter().position(|t| *t == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|p| args[p + 1..].join(" ")).unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.engine.set_variant(&value) {
                Ok(()) => self.variant_info()?,
                Err(e) => self.error(&e)?,
            },
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    let errs = self.engine.load_variant_files(Vec::new());
                    for e in errs {
                        self.error(&e)?;
                    }
                } else {
                    let errs = self.engine.load_variant_files(vec![PathBuf::from(&value)]);
                    for e in errs {
                        self.error(&e)?;
                    }
                }
            }
            "hash" => match value.parse::<usize>() {
                Ok(n) if (1..=65536).contains(&n) => self.hash_mb = n,
                _ => self.error(&format!("bad Hash value '{value}'"))?,
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.threads = n,
                _ => self.error(&format!("bad Threads value '{value}'"))?,
            },
            _ => self.error(&format!("unknown option '{name}'"))?,
        }
        Ok(())
    }

    fn cmd_position(&mut self, args: &[&str]) -> std::io::Result<()> {
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
            self.error(&e)?;
        }
        Ok(())
    }

    fn cmd_go(&mut self, args: &[&str]) -> std::io::Result<()> {
        if args.first() == Some(&"perft") {
            let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                return self.error("go perft needs a depth");
            };
            let mut pos = self.engine.pos.clone();
            write_perft(self.out, &mut pos, depth, true)?;
            return Ok(());
        }
        let _ = (self.hash_mb, self.threads);
        self.error("search is not available yet")
    }
}
