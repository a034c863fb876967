//! The engine facade used by every protocol: loaded variants, the current variant, the
//! game (start position plus moves) and options. Protocol modules translate text into
//! calls on this type and never touch chess logic themselves.

use crate::catalog::Catalog;
use crate::moves::Move;
use crate::position::{Position, Rules};
use crate::search::time::{Clock, PendingProbe};
use crate::search::{Limits, Outcome, Report, Searcher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;

/// Name of the variant selected when nothing else is asked for.
pub const DEFAULT_VARIANT: &str = "chess";

pub struct Engine {
    pub catalog: Catalog,
    /// Problems met loading the variant files given at start-up (`--variants`): the
    /// protocols show them at the handshake, where a GUI user can see them.
    pub startup_errors: Vec<String>,
    /// User variant files loaded after the embedded ones.
    pub variant_files: Vec<PathBuf>,
    pub rules: Arc<Rules>,
    /// Position the game started from.
    pub root: Position,
    /// Moves played since `root`.
    pub moves: Vec<Move>,
    /// `root` with `moves` played.
    pub pos: Position,
    /// How the last `set_position` reached the game, so that the next one, which in a
    /// UCI game repeats it with one or two moves more, replays only those.
    replayed: Option<Replayed>,
    searcher: Arc<Searcher>,
    hash_mb: usize,
    threads: usize,
    search_thread: Option<JoinHandle<()>>,
}

/// Callback for search lines (position searched, report).
pub type ReportFn = Box<dyn FnMut(&Position, &Report) + Send>;
/// Callback for the end of a search (position searched, result).
pub type DoneFn = Box<dyn FnOnce(&Position, Outcome) + Send>;
/// Work for the search thread (see `Engine::start_task`).
pub type Task = Box<dyn FnOnce(&Searcher) + Send>;

/// Default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 64;

impl Engine {
    /// Engine with the embedded variants and the default variant's start position.
    pub fn new() -> Engine {
        Engine::with_catalog(Catalog::embedded(), Vec::new())
    }

    pub fn with_catalog(catalog: Catalog, variant_files: Vec<PathBuf>) -> Engine {
        let rules = catalog.get(DEFAULT_VARIANT).or_else(|| catalog.rules.first().cloned()).unwrap_or_else(|| {
            // The embedded file always defines chess; a test guards that.
            let c = Catalog::embedded();
            c.get(DEFAULT_VARIANT).expect("embedded variants.ini defines chess")
        });
        let root = Position::startpos(rules.clone());
        Engine {
            catalog,
            startup_errors: Vec::new(),
            variant_files,
            rules,
            pos: root.clone(),
            root,
            moves: Vec::new(),
            replayed: None,
            searcher: Arc::new(Searcher::new(DEFAULT_HASH_MB, 1)),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            search_thread: None,
        }
    }

    /// Loads user variant files (in addition to the embedded file). When a file cannot
    /// be loaded nothing changes and the problems are returned as the error. Otherwise the
    /// broken sections found are returned (they are skipped, not fatal), and the game goes
    /// on in the variant of the same name, replayed under its new definition; only when
    /// it is gone or the game is no longer legal there does the game restart.
    pub fn load_variant_files(&mut self, files: Vec<PathBuf>) -> Result<Vec<String>, Vec<String>> {
        let cat = Catalog::with_files(&files)?;
        self.stop_search();
        let errors = cat.errors.clone();
        self.catalog = cat;
        self.variant_files = files;
        let name = self.rules.variant.name.clone();
        let fen = self.root.fen();
        let moves: Vec<String> = {
            let mut p = self.root.clone();
            self.moves
                .iter()
                .map(|&m| {
                    let s = p.move_to_uci(m);
                    p.make_move(m);
                    s
                })
                .collect()
        };
        match self.catalog.get(&name) {
            Some(r) => {
                self.rules = r;
                let moves: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
                if self.set_position(Some(&fen), &moves).is_err() {
                    self.new_game();
                }
            }
            None => {
                if let Some(r) = self.catalog.get(DEFAULT_VARIANT).or_else(|| self.catalog.rules.first().cloned()) {
                    self.rules = r;
                }
                self.new_game();
            }
        }
        Ok(errors)
    }

    /// Switches variant and resets to its start position.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        self.stop_search();
        let rules = self
            .catalog
            .get(name)
            .ok_or_else(|| format!("unknown variant '{name}' (known: {})", self.catalog.names().join(" ")))?;
        self.rules = rules;
        self.new_game();
        Ok(())
    }

    /// Start position of the current variant, no moves.
    pub fn new_game(&mut self) {
        self.stop_search();
        self.root = Position::startpos(self.rules.clone());
        self.pos = self.root.clone();
        self.moves.clear();
        self.replayed = None;
    }

    /// Sets the game to `fen` (or the start position) followed by `moves`. On any error
    /// the previous game is kept unchanged.
    ///
    /// A UCI GUI sends the whole game before every move, on the mover's clock: replaying
    /// 300 moves of a large variant costs 10-20 ms, more than a fast increment. So when
    /// the game is still the one the last call set up and `moves` extends its list, only
    /// the new moves are played.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.stop_search();
        let known = match &self.replayed {
            Some(r) if r.continues(self, fen, moves) => r.texts.len(),
            _ => 0,
        };
        let (root, mut pos, mut played) = if known > 0 {
            (self.root.clone(), self.pos.clone(), self.moves.clone())
        } else {
            let root = match fen {
                Some(f) => Position::from_fen(self.rules.clone(), f).map_err(|e| format!("bad FEN: {e}"))?,
                None => Position::startpos(self.rules.clone()),
            };
            (root.clone(), root, Vec::with_capacity(moves.len()))
        };
        for s in &moves[known..] {
            let m = pos.parse_move(s).map_err(|e| e.to_string())?;
            pos.make_move(m);
            played.push(m);
        }
        self.replayed = Some(Replayed {
            fen: fen.map(str::to_string),
            rules: self.rules.clone(),
            root_key: root.key(),
            texts: moves.iter().map(|s| s.to_string()).collect(),
            moves: played.clone(),
        });
        self.root = root;
        self.pos = pos;
        self.moves = played;
        Ok(())
    }
}

/// What one `Engine::set_position` call was given and what it played.
struct Replayed {
    fen: Option<String>,
    rules: Arc<Rules>,
    root_key: u64,
    texts: Vec<String>,
    moves: Vec<Move>,
}

impl Replayed {
    /// Is `engine` still in the game this call set up (no move played or taken back
    /// since, same variant definition), and does `fen` + `moves` continue it?
    fn continues(&self, engine: &Engine, fen: Option<&str>, moves: &[&str]) -> bool {
        Arc::ptr_eq(&self.rules, &engine.rules)
            && self.fen.as_deref() == fen
            && self.root_key == engine.root.key()
            && self.moves == engine.moves
            && moves.len() >= self.texts.len()
            && self.texts.iter().zip(moves).all(|(a, b)| a == b)
    }
}

pub use crate::game_end::{EndBy, Finished, game_over};

impl Engine {
    /// Plays a legal move (from `Position::parse_move` or a search) on the game.
    pub fn play(&mut self, m: Move) {
        self.stop_search();
        self.pos.make_move(m);
        self.moves.push(m);
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.stop_search();
        if self.moves.pop().is_none() {
            return false;
        }
        self.pos.unmake_move();
        true
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Resizes (and clears) the transposition table. Stops a running search first. When
    /// the memory cannot be had the table keeps its old size and the error is returned.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.stop_search();
        let old = self.hash_mb;
        let searcher = Arc::get_mut(&mut self.searcher).ok_or("a search still holds the table")?;
        searcher.resize(mb.max(1), old)?;
        self.hash_mb = mb.max(1);
        Ok(())
    }

    /// Sets the number of search threads. Stops a running search first; the table and
    /// what it learned are kept.
    pub fn set_threads(&mut self, n: usize) -> Result<(), String> {
        self.stop_search();
        let searcher = Arc::get_mut(&mut self.searcher).ok_or("a search still holds the table")?;
        searcher.set_threads(n)?;
        self.threads = n.max(1);
        Ok(())
    }

    /// Forgets what earlier searches learned (new game).
    pub fn clear_hash(&mut self) {
        self.stop_search();
        self.searcher.clear();
    }

    pub fn searching(&self) -> bool {
        self.search_thread.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Starts searching the current position in the background. `on_report` gets every
    /// iteration's line, `on_done` the result (called on the search thread).
    pub fn start_search(&mut self, limits: Limits, mut on_report: ReportFn, on_done: DoneFn) {
        self.stop_search();
        // The flags are reset before the thread exists: a `stop` that arrives between the
        // spawn and the start of the search must not be lost (an infinite search would
        // run for ever).
        self.searcher.prepare(&limits);
        let pos = self.pos.clone();
        self.spawn(Box::new(move |searcher| {
            let out = searcher.run(&pos, &limits, &mut |r| on_report(&pos, r));
            on_done(&pos, out);
        }));
    }

    /// Runs `task` on the search thread, with the searcher: a perft or the bench, so
    /// that the command loop goes on answering (`isready`, `stop`, `quit`) while it runs.
    /// The task must look at `shared.cancel` between its steps.
    pub fn start_task(&mut self, task: Task) {
        self.stop_search();
        self.searcher.prepare(&Limits::default());
        self.spawn(task);
    }

    fn spawn(&mut self, task: Task) {
        let searcher = self.searcher.clone();
        let handle =
            std::thread::Builder::new().name("kirin-search".into()).stack_size(64 << 20).spawn(move || task(&searcher));
        self.search_thread = handle.ok();
    }

    /// Asks a running search or task to stop and waits for it (its `on_done` runs).
    pub fn stop_search(&mut self) {
        self.searcher.shared.cancel.store(true, Ordering::Relaxed);
        self.searcher.shared.stop.store(true, Ordering::Relaxed);
        self.searcher.shared.pondering.store(false, Ordering::Relaxed);
        self.wait_search();
    }

    /// Waits for a running search to finish by itself.
    pub fn wait_search(&mut self) {
        if let Some(h) = self.search_thread.take() {
            let _ = h.join();
        }
    }

    /// The opponent played the move we were pondering on: from now on the clock counts.
    pub fn ponderhit(&self) {
        self.searcher.shared.pondering.store(false, Ordering::Relaxed);
    }

    /// Times the move about to be searched with `clock` (None: untimed, or pondering):
    /// first the delay outside the engine that the last timed move shows against this
    /// clock is noted (`PendingProbe::delay`), then the probe of this move is returned,
    /// for the protocol to mark when its answer goes out.
    pub fn time_move(
        &mut self,
        last: Option<PendingProbe>,
        clock: Option<Clock>,
        received: std::time::Instant,
    ) -> Option<PendingProbe> {
        let side = self.pos.side_to_move();
        if let (Some(c), Some(p)) = (clock, last)
            && let Some(delay) = p.delay(side, c.time)
        {
            self.searcher.shared.note_external(delay);
        }
        clock.map(|c| PendingProbe::new(side, c, received))
    }

    /// The searcher, for work in the calling thread (CLI).
    pub fn searcher(&self) -> &Searcher {
        &self.searcher
    }

    /// Searches in the calling thread (CLI, bench).
    pub fn search_sync(&mut self, limits: &Limits, report: &mut (dyn FnMut(&Report) + Send)) -> Outcome {
        self.stop_search();
        self.searcher.prepare(limits);
        self.searcher.run(&self.pos, limits, report)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_search();
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}
