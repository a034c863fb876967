//! Search: iterative deepening PVS with aspiration windows, quiescence, null move, late
//! move reductions, futility/history/SEE pruning, internal iterative reduction, singular
//! extensions, killer/counter/history/continuation-history ordering and SEE, over a
//! shared lock-free transposition table; lazy SMP on a rayon thread pool.
//!
//! Lazy SMP: every thread runs the same iterative deepening on its own copy of the
//! position; they cooperate only through the transposition table. Helper threads start
//! at staggered depths so that they fill the table ahead of the main thread. The main
//! thread owns time management, reports and the final move; when it finishes it raises
//! the stop flag and the helpers return. Each thread keeps its move-ordering statistics
//! from one search of a game to the next (`ordering_tables`). With one thread and a depth
//! or node limit a search from a cleared searcher is deterministic (the bench signature
//! relies on it).

mod correction;
pub mod eval;
mod eval_cache;
pub mod eval_weights;
pub mod history;
pub mod imbalance;
mod king_danger;
pub mod ordering_tables;
pub mod params;
mod passed_path;
pub mod pawns;
pub mod see;
mod shelter;
pub mod skill;
pub mod stop_rule;
mod thread_slots;
pub mod time;
pub mod tt;
mod winnable;

use crate::game_end;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::variant::EndValue;
use correction::CorrectionKeys;
use eval_cache::EvalMemory;
use history::{ContKey, NO_KEY};
use ordering_tables::OrderingTables;
use params::Param;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use stop_rule::{StopMemory, StopRule};
use thread_slots::ThreadSlots;
use time::{Allocation, Clock};
use tt::{Bound, TranspositionTable};

pub const MAX_PLY: usize = 120;
pub const MATE: i32 = 30_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 31_000;

/// What to search for.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub infinite: bool,
    /// Stop when a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Only these root moves (empty = all).
    pub searchmoves: Vec<Move>,
    /// Root moves not to search (XBoard `exclude`).
    pub excluded: Vec<Move>,
    pub multipv: usize,
    /// Pondering: no time limit until `ponderhit`.
    pub ponder: bool,
    /// When the command that asked for this search arrived: the clock runs from there,
    /// so that what happens before the search starts counts too (default: the start).
    pub start: Option<Instant>,
    /// Time kept back on every move for delays outside the engine (the `Move Overhead`
    /// option; default `DEFAULT_MOVE_OVERHEAD_MS`).
    pub move_overhead: Option<Duration>,
    /// A handicap (the `Skill Level` option below 20): the move is picked among the best
    /// few by `skill::Skill::pick`.
    pub skill: Option<skill::Skill>,
    /// The search's tunable numbers (the `Search Params` option).
    pub params: params::SearchParams,
}

/// One line of search output.
#[derive(Debug, Clone)]
pub struct Report {
    pub depth: i32,
    pub seldepth: i32,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// Internal score (see `MATE`), from the side to move.
    pub score: i32,
    pub bound: Bound,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl Report {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }
}

/// Mate distance in moves (positive: the side to move mates) if `score` is a mate score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// Result of a finished search.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// State shared by all threads of a search, and kept between searches (the table).
pub struct Shared {
    pub tt: TranspositionTable,
    pub stop: AtomicBool,
    /// Pondering in progress: time limits do not apply yet.
    pub pondering: AtomicBool,
    /// The whole background task is cancelled (`stop`, `quit`, a new command): a task
    /// that runs several searches or a perft looks at it between its steps. `stop`
    /// alone is also raised by a search that ends by itself.
    pub cancel: AtomicBool,
    /// Measured overrun of timed searches, in microseconds (`note_lateness`).
    latency_us: AtomicU64,
    /// Measured delay outside the engine, in microseconds (`note_external`).
    external_us: AtomicU64,
    nodes: Vec<AtomicU64>,
    /// Depth of the main thread's current iteration; helpers stay ahead of it.
    main_depth: AtomicI32,
    /// The deepest iteration a helper has completed (its result and report line): when it
    /// is deeper than the main thread's, the search answers with it.
    helper_best: Mutex<Option<(Outcome, Report)>>,
    /// Each thread's move-ordering statistics between the searches of a game.
    tables: ThreadSlots<OrderingTables>,
    /// Each thread's evaluations between the searches of a game.
    evals: ThreadSlots<EvalMemory>,
    /// What the main thread's stop rule keeps from one search of a game to the next.
    stop_memory: Mutex<StopMemory>,
}

/// Stores `max(new, old - old / 8)` (microseconds, at most a second) in `slot`.
fn decaying_max(slot: &AtomicU64, new: Duration) {
    let new = u64::try_from(new.as_micros()).unwrap_or(u64::MAX).min(1_000_000);
    let old = slot.load(Ordering::Relaxed);
    slot.store(new.max(old - old / 8), Ordering::Relaxed);
}

impl Shared {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// Records how far a timed search ran past its maximum (a slow start, a stall of the
    /// machine): the largest recent overrun is added to the move overhead, forgotten by
    /// an eighth per search, and never counts more than a second.
    fn note_lateness(&self, late: Duration) {
        decaying_max(&self.latency_us, late);
    }

    /// Records the time a move cost on the GUI's clock beyond what the engine itself spent
    /// between the command and its answer (the pipe, the GUI, the scheduler of a loaded
    /// machine), found by the protocols from two successive clock readings
    /// (`ClockProbe`). Kept like the overrun: the largest recent delay, an eighth
    /// forgotten per move, at most a second.
    pub fn note_external(&self, delay: Duration) {
        decaying_max(&self.external_us, delay);
    }

    /// What is currently added to the move overhead: the measured overrun and the
    /// measured delay outside the engine.
    pub fn measured_latency(&self) -> Duration {
        Duration::from_micros(self.latency_us.load(Ordering::Relaxed) + self.external_us.load(Ordering::Relaxed))
    }
}

/// The searcher: owns the table and the thread pool.
pub struct Searcher {
    pub shared: Arc<Shared>,
    threads: usize,
    pool: rayon::ThreadPool,
}

fn build_pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(64 << 20)
        .thread_name(|i| format!("kirin-search-{i}"))
        .build()
        .unwrap_or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool"))
}

impl Searcher {
    /// A searcher with a table of `hash_mb` MB. Panics if that memory cannot be had: the
    /// sizes users choose go through `try_new` and `resize`.
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher::try_new(hash_mb, threads).unwrap_or_else(|e| panic!("{e}"))
    }

    pub fn try_new(hash_mb: usize, threads: usize) -> Result<Searcher, String> {
        let threads = threads.max(1);
        Ok(Searcher {
            shared: Arc::new(Shared {
                tt: TranspositionTable::try_new(hash_mb)?,
                stop: AtomicBool::new(false),
                pondering: AtomicBool::new(false),
                cancel: AtomicBool::new(false),
                latency_us: AtomicU64::new(0),
                external_us: AtomicU64::new(0),
                nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
                main_depth: AtomicI32::new(0),
                helper_best: Mutex::new(None),
                tables: ThreadSlots::new(threads),
                evals: ThreadSlots::new(threads),
                stop_memory: Mutex::new(StopMemory::default()),
            }),
            threads,
            pool: build_pool(threads),
        })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The shared state, for a change while no search runs (every search thread has
    /// returned its reference when `run` returns).
    fn shared_mut(&mut self) -> Result<&mut Shared, String> {
        Arc::get_mut(&mut self.shared).ok_or_else(|| "a search still holds the table".to_string())
    }

    /// Replaces the table by an empty one of `hash_mb` MB. The old table is freed first,
    /// so that the two never take memory at once (a 2 GB table peaked at 4.2 GB); when
    /// the new size cannot be had, a table of `fallback_mb` is made again and the error
    /// returned.
    pub fn resize(&mut self, hash_mb: usize, fallback_mb: usize) -> Result<(), String> {
        let shared = self.shared_mut()?;
        shared.tt = TranspositionTable::tiny();
        match TranspositionTable::try_new(hash_mb) {
            Ok(tt) => {
                shared.tt = tt;
                Ok(())
            }
            Err(e) => {
                shared.tt = TranspositionTable::try_new(fallback_mb).unwrap_or_else(|_| TranspositionTable::tiny());
                Err(e)
            }
        }
    }

    /// Sets the number of threads; the table and what it holds stay.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        let threads = threads.max(1);
        let shared = self.shared_mut()?;
        shared.nodes = (0..threads).map(|_| AtomicU64::new(0)).collect();
        shared.tables = ThreadSlots::new(threads);
        shared.evals = ThreadSlots::new(threads);
        self.threads = threads;
        self.pool = build_pool(threads);
        Ok(())
    }

    /// Forgets what earlier searches learned: afterwards a search runs as in a new
    /// searcher (the bench signature depends on it).
    pub fn clear(&self) {
        self.shared.tt.clear();
        self.shared.tables.clear();
        self.shared.evals.clear();
        if let Ok(mut m) = self.shared.stop_memory.lock() {
            *m = StopMemory::default();
        }
    }

    /// Resets the stop and ponder flags for a new search. Call it *before* handing the search
    /// to another thread: a `stop` that arrives between the spawn and the start of the
    /// search must not be lost (it would leave an infinite search running forever).
    pub fn prepare(&self, limits: &Limits) {
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.cancel.store(false, Ordering::SeqCst);
        self.shared.pondering.store(limits.ponder, Ordering::SeqCst);
    }

    /// Searches `pos` (whose move history is the game so far) and returns the best move.
    /// `report` is called from the main search thread after every iteration (and line).
    /// The flags must have been reset with `prepare`.
    pub fn run(&self, pos: &Position, limits: &Limits, report: &mut (dyn FnMut(&Report) + Send)) -> Outcome {
        // The variant's own search settings (`search.NAME` in variants.ini) where the
        // `Search Params` option does not name them.
        let mut adjusted = Limits { params: limits.params.for_variant(&pos.variant().search_params), ..limits.clone() };
        // A handicapped search needs the scores of several root moves to pick from.
        if adjusted.skill.is_some() && adjusted.multipv < skill::SKILL_LINES {
            adjusted.multipv = skill::SKILL_LINES;
        }
        let limits = &adjusted;
        let sh = &*self.shared;
        for n in &sh.nodes {
            n.store(0, Ordering::Relaxed);
        }
        sh.tt.new_search();
        sh.main_depth.store(0, Ordering::Relaxed);
        if let Ok(mut h) = sh.helper_best.lock() {
            *h = None;
        }
        let start = limits.start.unwrap_or_else(Instant::now);
        let overhead = limits.move_overhead.unwrap_or(Duration::from_millis(time::DEFAULT_MOVE_OVERHEAD_MS))
            + sh.measured_latency();
        let alloc = match (limits.movetime, limits.clock) {
            _ if limits.infinite => None,
            (Some(t), _) => Some(Allocation::fixed(t, overhead)),
            (None, Some(c)) => {
                Some(Allocation::from_clock(c, overhead, limits.params.time_plan(), pos.plies_of_game()))
            }
            _ => None,
        };
        let threads = self.threads;
        let mut outcome = Outcome::default();
        self.pool.scope(|s| {
            for id in 1..threads {
                let pos = pos.clone();
                s.spawn(move |_| {
                    let mut w = Worker::new(id, pos, sh, limits, None, start);
                    w.iterate(&mut |_| {});
                    w.keep_tables();
                });
            }
            let mut w = Worker::new(0, pos.clone(), sh, limits, alloc, start);
            outcome = w.iterate(report);
            sh.stop.store(true, Ordering::Relaxed);
            if let Ok(mut m) = sh.stop_memory.lock() {
                *m = w.stop_rule.memory(outcome.score);
            }
            w.keep_tables();
        });
        // A helper that completed a deeper iteration than the main thread has the better
        // answer (single-line searches only: MultiPV lines come from the main thread).
        let helper = sh.helper_best.lock().ok().and_then(|mut h| h.take());
        if let Some((o, mut r)) = helper
            && o.depth > outcome.depth
            && limits.multipv <= 1
        {
            r.nodes = sh.total_nodes();
            r.time = start.elapsed();
            report(&r);
            outcome = o;
        }
        outcome.nodes = sh.total_nodes();
        if let Some(a) = alloc
            && !limits.ponder
        {
            sh.note_lateness(start.elapsed().saturating_sub(a.maximum));
        }
        outcome
    }
}

struct RootMove {
    mv: Move,
    score: i32,
    prev_score: i32,
    pv: Vec<Move>,
    seldepth: i32,
}

struct Worker<'a> {
    id: usize,
    pos: Position,
    sh: &'a Shared,
    limits: &'a Limits,
    alloc: Option<Allocation>,
    start: Instant,
    nodes: u64,
    seldepth: usize,
    root_moves: Vec<RootMove>,
    pv: Vec<Vec<Move>>,
    killers: Vec<[Move; 2]>,
    /// History, counter moves and continuation history (kept between searches).
    tables: OrderingTables,
    /// Per ply, the continuation-history key of the move made there (for the one- and
    /// two-ply lookups of the plies below).
    cont_keys: Vec<ContKey>,
    /// Per ply, how many moves the node there had tried with the one it is searching
    /// (Stockfish's `moveCount`) and that move's history statistic (0 for a capture), for
    /// the late-move reductions of the child (`lmrParentCount`, `lmrStatCompare`).
    move_counts: Vec<usize>,
    stat_scores: Vec<i32>,
    /// `check_memo[ply]`: the key of the position made at `ply` and whether its side to
    /// move is in check, as the parent found out (to decide on extending the move); the
    /// child takes it from here instead of testing again, if the key is its own.
    check_memo: Vec<(u64, bool)>,
    /// Per ply, the move a singular-extension search leaves out (NONE otherwise).
    excluded: Vec<Move>,
    /// Per ply, whether the move being searched there was extended by two plies
    /// (`singularDouble`): a line may hold only so many.
    doubled: Vec<bool>,
    eval_stack: Vec<i32>,
    /// Evaluations by position key and pawn facts by pawn placement (`eval_cache.rs`),
    /// per thread so that a one-thread search stays deterministic.
    evals: EvalMemory,
    /// The evaluation network's sums of the last position evaluated (`nnue`).
    nnue_acc: Box<crate::nnue::Accumulators>,
    move_bufs: Vec<Vec<Move>>,
    score_bufs: Vec<Vec<i32>>,
    stopped: bool,
    /// In the running iteration: a move that beat the previous best after that one had
    /// been searched to the new depth (score, line). It is played if the iteration is cut
    /// off, as Stockfish does, rather than thrown away with the rest of the iteration.
    iteration_best: Option<(i32, Vec<Move>)>,
    lmr: Vec<[u8; 64]>,
    null_ok: bool,
    /// When the main thread stops iterating (`stop_rule.rs`).
    stop_rule: StopRule,
}

/// Move-ordering scores: the table's move, then captures and promotions that win material
/// (ordered by victim, then attacker), killers and counter-move (below), quiet moves by
/// history, and last the captures that lose material.
const TT_MOVE: i32 = 10_000_000;
const WINNING_CAPTURE: i32 = 2_000_000;
const LOSING_CAPTURE: i32 = -1_000_000;
/// With the capture history, a capture's score is raised by this much above
/// `WINNING_CAPTURE`, more than twice the history's bound takes off, so that a capture
/// with a bad history still comes before the killers and is still tested by its
/// exchange in `pick`.
const CAPTURE_HISTORY_ROOM: i32 = 2 * history::HISTORY_MAX + 1;
/// Smallest material gain (centipawns) for which quiescence search tries a quiet promotion.
const QUIET_PROMO_GAIN: i32 = 250;
/// Quiescence plies (counted down from 0) beyond which only check evasions are searched.
const QSEARCH_FLOOR: i32 = -16;
/// The most double singular extensions along one line (`singularDouble`), so that a chain
/// of them cannot run the search away (Stockfish's bound is about as many).
const MAX_DOUBLE_EXTENSIONS: usize = 6;
/// Quiescence plies (counted down from 0) in which quiet promotions are still tried.
const QUIET_PROMO_PLIES: i32 = -1;
/// Capture-search plies in which an attacked only royal (no check rule) is answered with
/// all moves instead of standing pat.
const QS_EVASION_PLIES: i32 = 2;

impl<'a> Worker<'a> {
    /// Static evaluation through the evaluation cache.
    fn eval(&mut self) -> i32 {
        let key = self.pos.key();
        let keyed = match self.evals.score(key) {
            Some(e) => e,
            None => {
                let e = eval::evaluate_keyed_with(&self.pos, &mut self.nnue_acc, &mut self.evals.pawns);
                self.evals.keep(key, e);
                e
            }
        };
        eval::finish(&self.pos, keyed)
    }

    /// Starts loading what the node just entered by a move will read first, its table
    /// cluster and its evaluation cache slot, while the move's bookkeeping runs: both
    /// are random places in tables of megabytes, and a cache miss at each was most of
    /// the lookups' cost.
    #[inline]
    fn prefetch_child(&self) {
        let key = self.pos.key();
        self.sh.tt.prefetch(key);
        self.evals.prefetch(key);
    }

    /// The static evaluation plus the correction history's (`corrHist`, `corrNonPawn`),
    /// and the placement keys it was read under (0 when the option is off).
    fn corrected_eval(&mut self) -> (i32, CorrectionKeys) {
        let e = self.eval();
        let max_cp = self.limits.params[Param::CorrHist];
        if max_cp == 0 {
            return (e, CorrectionKeys::default());
        }
        let non_pawn_cp = self.limits.params[Param::CorrNonPawn];
        let keys = CorrectionKeys::of(&self.pos, non_pawn_cp != 0);
        let c = self.tables.correction.correction(self.pos.side_to_move(), &keys, max_cp, non_pawn_cp);
        ((e + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1), keys)
    }

    fn new(
        id: usize,
        pos: Position,
        sh: &'a Shared,
        limits: &'a Limits,
        alloc: Option<Allocation>,
        start: Instant,
    ) -> Worker<'a> {
        let p = &limits.params;
        let (divisor, base) = (p[Param::LmrDivisor] as f64 / 100.0, p[Param::LmrBase] as f64 / 100.0);
        let mut lmr = vec![[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (m as f64).ln() / divisor).clamp(0.0, 63.0) as u8;
            }
        }
        let v = pos.variant();
        // Null move is unsound where zugzwang is common (no royal to lose). Without a check
        // rule (Chu Shogi) a pass is still tried, but not while a royal of the side to move
        // is attacked: the search below would only find the royal taken.
        let null_ok = v.has_royals();
        let stop_memory = sh.stop_memory.lock().map(|m| *m).unwrap_or_default();
        let stop_rule = StopRule::new(p[Param::TimeStop] != 0, stop_memory);
        let mut tables = OrderingTables::kept_or_new(sh.tables.take(id), v);
        let evals = EvalMemory::kept_or_new(sh.evals.take(id), &pos, limits.nodes);
        if p[Param::CaptureHistory] != 0 {
            tables.ensure_capture_history();
        }
        Worker {
            id,
            pos,
            sh,
            limits,
            alloc,
            start,
            nodes: 0,
            seldepth: 0,
            root_moves: Vec::new(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            tables,
            cont_keys: vec![NO_KEY; MAX_PLY + 2],
            move_counts: vec![0; MAX_PLY + 2],
            stat_scores: vec![0; MAX_PLY + 2],
            check_memo: vec![(0, false); MAX_PLY + 2],
            excluded: vec![Move::NONE; MAX_PLY + 2],
            doubled: vec![false; MAX_PLY + 2],
            eval_stack: vec![0; MAX_PLY + 2],
            evals,
            nnue_acc: Box::default(),
            move_bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            score_bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            stopped: false,
            iteration_best: None,
            lmr,
            null_ok,
            stop_rule,
        }
    }

    /// Leaves this thread's ordering statistics and evaluations for its next search.
    fn keep_tables(self) {
        self.sh.tables.put(self.id, self.tables);
        self.sh.evals.put(self.id, self.evals);
    }

    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Polls the stop conditions every 512 nodes; the main thread of a timed search looks
    /// every 64 (at 512, a slow first iteration, Short Sliders at 30-45 knodes/s, ran
    /// 11-18 ms past its time).
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let mask = if self.id == 0 && self.alloc.is_some() { 63 } else { 511 };
        if self.nodes & mask == 0 {
            self.sh.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.sh.stop.load(Ordering::Relaxed) || self.sh.cancel.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if self.id == 0 {
                if let Some(n) = self.limits.nodes
                    && self.nodes >= n
                {
                    self.stopped = true;
                }
                if let Some(a) = self.alloc
                    && !self.sh.pondering.load(Ordering::Relaxed)
                    && self.elapsed() >= a.maximum
                {
                    self.stopped = true;
                }
                if self.stopped {
                    self.sh.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        self.stopped
    }

    fn iterate(&mut self, report: &mut (dyn FnMut(&Report) + Send)) -> Outcome {
        let mut moves = self.pos.legal_moves();
        if !self.limits.searchmoves.is_empty() {
            moves.retain(|m| self.limits.searchmoves.contains(m));
        }
        moves.retain(|m| !self.limits.excluded.contains(m));
        if moves.is_empty() {
            return Outcome::default();
        }
        self.root_moves =
            moves.iter().map(|&mv| RootMove { mv, score: -INF, prev_score: -INF, pv: vec![mv], seldepth: 0 }).collect();
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as i32 - 10).clamp(1, MAX_PLY as i32 - 10);
        let multipv = self.limits.multipv.clamp(1, self.root_moves.len());
        let mut outcome = Outcome { best: Some(self.root_moves[0].mv), ..Outcome::default() };
        let mut depth = 1 + (self.id as i32 % 3);
        // With a handicap: the move picked at its depth (`skill`).
        let mut skill_pick: Option<(Move, i32, Vec<Move>)> = None;
        while depth <= max_depth {
            // Iterations can be very short (forced mates): look at the flag between them too.
            if self.sh.stop.load(Ordering::Relaxed) || self.sh.cancel.load(Ordering::Relaxed) {
                break;
            }
            // A helper searching the depth the main thread is on (or a shallower one) only
            // repeats its work: it moves on to a deeper iteration, whose table entries the
            // main thread then finds ready.
            if self.id == 0 {
                self.sh.main_depth.store(depth, Ordering::Relaxed);
            } else {
                let main = self.sh.main_depth.load(Ordering::Relaxed);
                if depth <= main {
                    depth = (main + 1 + (self.id as i32 - 1) % 2).min(max_depth);
                }
            }
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            self.iteration_best = None;
            self.stop_rule.start_iteration();
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta = self.limits.params[Param::Aspiration];
                let (mut alpha, mut beta) =
                    if depth >= 5 && prev.abs() < MATE_BOUND { (prev - delta, prev + delta) } else { (-INF, INF) };
                // Fail highs of this line since its last fail low (`aspFailHigh`).
                let mut failed_high = 0;
                loop {
                    let search_depth = (depth - failed_high * self.limits.params[Param::AspFailHigh]).max(1);
                    let score = self.root_search(search_depth, alpha, beta, pv_idx);
                    // Stable sort keeps earlier lines in front.
                    self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INF);
                        failed_high = 0;
                        if self.id == 0 && self.elapsed() > Duration::from_millis(2500) {
                            report(&self.report(depth, pv_idx, Bound::Upper));
                        }
                    } else if score >= beta {
                        beta = (score + delta).min(INF);
                        failed_high += 1;
                        if self.id == 0 && self.elapsed() > Duration::from_millis(2500) {
                            report(&self.report(depth, pv_idx, Bound::Lower));
                        }
                    } else {
                        break;
                    }
                    delta += delta / 2 + 5;
                }
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
                // The sort may move this line above earlier ones: the lines are reported
                // together once the last is done (as Stockfish does), each once, in order.
                if self.id == 0 && (!self.stopped || depth == 1) && (pv_idx + 1 == multipv || self.stopped) {
                    for i in 0..=pv_idx {
                        report(&self.report(depth, i, Bound::Exact));
                    }
                }
                if self.stopped {
                    break;
                }
            }
            if !self.stopped || depth == 1 {
                let best = &self.root_moves[0];
                if best.score > -INF {
                    self.stop_rule.end_iteration(depth, best.mv, best.score);
                    outcome.best = Some(best.mv);
                    outcome.ponder = best.pv.get(1).copied();
                    outcome.score = best.score;
                    outcome.depth = depth;
                    outcome.pv = best.pv.clone();
                    if self.id != 0 && !self.stopped {
                        self.publish_helper_result(&outcome, depth);
                    }
                }
            } else if let Some((score, pv)) = self.iteration_best.take() {
                if self.id == 0 {
                    let mut line = self.report(depth, 0, Bound::Lower);
                    line.score = score.clamp(-MATE, MATE);
                    line.pv = pv.clone();
                    report(&line);
                }
                outcome.best = Some(pv[0]);
                outcome.ponder = pv.get(1).copied();
                outcome.score = score;
                outcome.pv = pv;
            }
            if self.stopped {
                break;
            }
            if self.id == 0
                && let Some(skill) = self.limits.skill
                && skill_pick.is_none()
                && depth >= skill.pick_depth()
            {
                skill_pick = self.skill_pick(skill, multipv);
                // Deeper iterations would not change the move; a game search ends here.
                if !self.limits.infinite && !self.limits.ponder {
                    break;
                }
            }
            if self.id == 0 {
                if let Some(m) = self.limits.mate
                    && let Some(n) = mate_in(self.root_moves[0].score)
                    && n > 0
                    && n as u32 <= m
                {
                    break;
                }
                if let Some(a) = self.alloc {
                    // More time while the search is unsettled, less once it has settled.
                    let factor = self.stop_rule.factor(depth);
                    let target = a.optimum.mul_f64(factor).min(a.maximum);
                    let pondering = self.sh.pondering.load(Ordering::Relaxed);
                    if !pondering && self.elapsed() >= target {
                        break;
                    }
                }
                // A single legal move needs no thinking in timed games.
                if self.root_moves.len() == 1 && self.alloc.is_some() && depth >= 4 {
                    break;
                }
            }
            depth += 1;
        }
        if self.id == 0
            && let Some(skill) = self.limits.skill
        {
            // Stopped before the pick depth: pick among what the last iterations found.
            if let Some((mv, score, pv)) = skill_pick.or_else(|| self.skill_pick(skill, multipv)) {
                outcome.best = Some(mv);
                outcome.ponder = pv.get(1).copied();
                outcome.score = score;
                outcome.pv = pv;
            }
        }
        // Infinite or ponder searches wait for "stop" before reporting the move.
        if self.id == 0 {
            while (self.limits.infinite || self.sh.pondering.load(Ordering::Relaxed))
                && !self.sh.stop.load(Ordering::Relaxed)
            {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        self.sh.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        outcome
    }

    /// The handicapped pick among the best `multipv` root moves that have a score.
    fn skill_pick(&self, skill: skill::Skill, multipv: usize) -> Option<(Move, i32, Vec<Move>)> {
        let lines: Vec<&RootMove> = self.root_moves[..multipv].iter().filter(|r| r.score > -INF).collect();
        if lines.is_empty() {
            return None;
        }
        let scores: Vec<i32> = lines.iter().map(|r| r.score).collect();
        let mut rng = skill::SkillRng::from_time();
        let r = lines[skill.pick(&scores, &mut || rng.next_u32())];
        Some((r.mv, r.score, r.pv.clone()))
    }

    /// A helper's completed iteration: kept if it is the deepest so far; one that reaches
    /// the requested depth ends a depth-limited search (the main thread then answers
    /// with it).
    fn publish_helper_result(&self, outcome: &Outcome, depth: i32) {
        let line = self.report(depth, 0, Bound::Exact);
        if let Ok(mut h) = self.sh.helper_best.lock()
            && h.as_ref().is_none_or(|(o, _)| o.depth < depth)
        {
            *h = Some((outcome.clone(), line));
        }
        if self.limits.depth == Some(depth)
            && !self.limits.infinite
            && !self.sh.pondering.load(Ordering::Relaxed)
            && self.limits.multipv <= 1
        {
            self.sh.stop.store(true, Ordering::Relaxed);
        }
    }

    fn report(&self, depth: i32, pv_idx: usize, bound: Bound) -> Report {
        let rm = &self.root_moves[pv_idx];
        let score = if rm.score == -INF { rm.prev_score } else { rm.score };
        Report {
            depth,
            seldepth: rm.seldepth.max(depth),
            multipv: pv_idx + 1,
            score: score.clamp(-MATE, MATE),
            bound,
            nodes: self.sh.total_nodes().max(self.nodes),
            time: self.elapsed(),
            hashfull: self.sh.tt.hashfull(),
            pv: rm.pv.clone(),
        }
    }

    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, pv_idx: usize) -> i32 {
        let mut best = -INF;
        let in_check = self.pos.in_check();
        let check_ext_see = self.limits.params[Param::CheckExtSee] != 0;
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.nodes += 1;
            self.cont_keys[0] = self.tables.cont.key(self.pos.piece_at(m.from), m.to);
            self.move_counts[0] = i + 1;
            let losing = check_ext_see && see::see_below(&self.pos, m, 0);
            self.pos.make_move(m);
            let check = self.made_check(1);
            let gives_check = check || self.royal_in_danger();
            // Without `checkExtSee` the checked node extends once more on its own.
            let ext = if check_ext_see { i32::from(check && !losing) } else { i32::from(gives_check) };
            let mut score;
            if i == pv_idx {
                score = -self.search(depth - 1 + ext, 1, -beta, -alpha, true, false);
            } else {
                let quiet = !self.is_noisy_made(m);
                let r = if depth >= 3 && quiet && !in_check && !gives_check && i > pv_idx + 3 {
                    (self.lmr[depth.min(63) as usize][i.min(63)] as i32 - 1).max(0)
                } else {
                    0
                };
                score = -self.search(depth - 1 - r + ext, 1, -alpha - 1, -alpha, false, true);
                if score > alpha && r > 0 {
                    score = -self.search(depth - 1 + ext, 1, -alpha - 1, -alpha, false, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(depth - 1 + ext, 1, -beta, -alpha, true, false);
                }
            }
            self.pos.unmake_move();
            if self.stopped {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth as i32;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1]);
                // Scored after the first move at this depth and above it (an exact score
                // or a fail-high of the full-window search).
                if i > pv_idx && pv_idx == 0 {
                    self.iteration_best = Some((score, rm.pv.clone()));
                }
                if i > pv_idx {
                    self.stop_rule.note_best_move_change();
                }
            } else {
                rm.score = -INF;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Before `make_move(m)`: does the move capture or promote?
    fn is_noisy(&self, m: Move) -> bool {
        self.pos.is_capture(m) || m.promotion().is_some()
    }

    /// After `make_move(m)`: did the move capture or promote? (Looks at the saved state.)
    fn is_noisy_made(&self, m: Move) -> bool {
        self.pos.state().captured.is_some() || m.promotion().is_some()
    }

    fn draw_score(&self) -> i32 {
        0
    }

    fn end_score(&self, v: EndValue, ply: usize) -> i32 {
        match v {
            EndValue::Draw => self.draw_score(),
            EndValue::Loss => -MATE + ply as i32,
            EndValue::Win => MATE - ply as i32,
            EndValue::Points(n, d) => (2 * n as i32 - d as i32) * self.pos.variant().points_value / d.max(1) as i32,
        }
    }

    fn search(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        // Game over by rule?
        if let Some(r) = game_end::immediate(&self.pos) {
            let us = self.pos.side_to_move();
            return match r.winner {
                None => self.draw_score(),
                Some(c) if c == us => MATE - ply as i32,
                Some(_) => -MATE + ply as i32,
            };
        }
        if game_end::n_move_draw(&self.pos) {
            return self.draw_score();
        }
        let needed = (self.pos.variant().n_fold.max(2) - 1).min(2) as usize;
        if let Some(v) = game_end::repetition_value(&mut self.pos, ply, needed) {
            return self.end_score(v, ply);
        }
        if ply >= MAX_PLY {
            return self.eval();
        }
        if self.can_take_last_royal() {
            return MATE - ply as i32 - 1;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.in_check_at(ply);
        // Without a check rule an attacked royal is no check, but the static evaluation does
        // not see that it is about to be taken: no pruning on that evaluation here, and the
        // node is extended as a check would be.
        let threatened = !in_check && self.own_royal_threatened();
        // As `royal_in_danger`, whose attack test `threatened` has already made: one royal.
        // A check is extended here, unless the parent's move extended it (`checkExtSee`).
        let check_ext_here = in_check && self.limits.params[Param::CheckExtSee] == 0;
        if (check_ext_here || (threatened && self.pos.royal_count(self.pos.side_to_move()) == 1))
            && depth < MAX_PLY as i32
        {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(ply, alpha, beta, 0);
        }
        self.nodes += 1;

        let key = self.pos.key();
        // A search without one move (singular extension) must not take or leave the
        // table's result for the whole position.
        let excluded = self.excluded[ply];
        let tt_hit = if excluded.is_null() { self.sh.tt.probe(key) } else { None };
        let mut tt_move = Move::NONE;
        // Is or was this position on a principal variation (Stockfish's `ttPv`)?
        let tt_pv = pv_node || tt_hit.is_some_and(|h| h.pv);
        if let Some(h) = tt_hit {
            tt_move = h.mv;
            if !pv_node && h.depth >= depth {
                let s = score_from_tt(h.score, ply);
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    if self.limits.params[Param::TtCutStats] != 0 {
                        self.learn_from_tt_cut(h.mv, ply, depth, s >= beta);
                    }
                    return s;
                }
            }
        }

        let (static_eval, correction_keys) =
            if in_check { (-INF, CorrectionKeys::default()) } else { self.corrected_eval() };
        self.eval_stack[ply] = static_eval;
        let improving = ply >= 2 && !in_check && static_eval > self.eval_stack[ply - 2];

        let limits: &'a Limits = self.limits;
        let p = &limits.params;
        // The table's score where its bound says the true value lies beyond the static
        // evaluation on that side: a better guess for the pruning rules below (Stockfish's
        // `eval = ttValue`). `improving` keeps comparing static evaluations.
        let eval = match tt_hit {
            Some(h) if p[Param::TtEval] != 0 && !in_check => {
                let s = score_from_tt(h.score, ply);
                let beyond = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > static_eval,
                    Bound::Upper => s < static_eval,
                    Bound::None => false,
                };
                if beyond && s.abs() < MATE_BOUND { s } else { static_eval }
            }
            _ => static_eval,
        };
        if !pv_node && !in_check && !threatened && excluded.is_null() {
            // Reverse futility pruning.
            if depth <= p[Param::RfpDepth]
                && eval - p[Param::RfpMargin] * depth + if improving { p[Param::RfpImproving] } else { 0 } >= beta
                && eval < MATE_BOUND
            {
                return eval;
            }
            // Null move.
            if self.null_ok
                && depth >= 2
                && eval >= beta
                && (p[Param::NullMargin] == 0
                    || static_eval >= beta + p[Param::NullMargin] - 15 * depth - if improving { 14 } else { 0 })
                && self.has_pieces(self.pos.side_to_move())
                && !self.pos.state().last_move.is_null()
            {
                let r = p[Param::NullBase]
                    + depth / p[Param::NullDepthDiv]
                    + ((eval - beta) / p[Param::NullEvalDiv]).min(3);
                self.cont_keys[ply] = NO_KEY;
                self.move_counts[ply] = 0;
                self.stat_scores[ply] = 0;
                self.pos.make_move(Move::NONE);
                let score = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, false, !cut_node);
                self.pos.unmake_move();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
            if p[Param::ProbCut] != 0
                && depth >= 5
                && beta.abs() < MATE_BOUND
                && let Some(s) = self.probcut(depth, ply, beta, static_eval, improving, cut_node, tt_hit)
            {
                return s;
            }
        }

        // Internal iterative reduction: with no table move here, a full-depth search would
        // be ordered blind; a shallower one costs less and fills the table for the re-visit.
        if depth >= p[Param::IirDepth] && tt_move.is_null() {
            // At least a ply is left: this node is counted and evaluated already, and the
            // capture search would do both again.
            depth = (depth - 1 - if pv_node { p[Param::IirPv] } else { 0 }).max(1);
        }

        // Singular extension: when the table's move is better by a margin than every other
        // move (a reduced search without it fails low), it is searched one ply deeper.
        // When even the others beat beta, the node is cut at once (multi-cut).
        let mut singular_ext = 0;
        if depth >= p[Param::SingularDepth]
            && excluded.is_null()
            && let Some(h) = tt_hit
            && !tt_move.is_null()
            && h.depth >= depth - 3
            && matches!(h.bound, Bound::Lower | Bound::Exact)
            && score_from_tt(h.score, ply).abs() < MATE_BOUND
        {
            let sbeta = score_from_tt(h.score, ply) - p[Param::SingularMargin] * depth;
            self.excluded[ply] = tt_move;
            let v = self.search((depth - 1) / 2, ply, sbeta - 1, sbeta, false, cut_node);
            self.excluded[ply] = Move::NONE;
            self.eval_stack[ply] = static_eval;
            if self.stopped {
                return 0;
            }
            let double_margin = p[Param::SingularDouble];
            if v < sbeta {
                singular_ext = 1;
                if double_margin != 0
                    && !pv_node
                    && v < sbeta - double_margin
                    && self.doubled[..ply].iter().filter(|&&d| d).count() < MAX_DOUBLE_EXTENSIONS
                {
                    singular_ext = 2;
                }
            } else if sbeta >= beta && !pv_node {
                return sbeta;
            } else if p[Param::SingularNegative] != 0 && score_from_tt(h.score, ply) >= beta {
                singular_ext = -1;
            }
        }

        // Generate and order the moves.
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        moves.clear();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            self.move_bufs[ply] = moves;
            self.score_bufs[ply] = scores;
            let us = self.pos.side_to_move();
            let _ = us;
            return if in_check { -MATE + ply as i32 } else { self.end_score(self.pos.variant().stalemate, ply) };
        }
        self.score_moves(&moves, &mut scores, tt_move, ply);

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut quiets_tried: Vec<Move> = Vec::new();
        // Captures searched without refuting the node, for their capture history (the
        // first 32; the rest keep theirs).
        let mut captures_tried = arrayvec::ArrayVec::<Move, 32>::new();
        let futile = !pv_node
            && !in_check
            && !threatened
            && depth <= p[Param::FutilityDepth]
            && eval + p[Param::FutilityBase] + p[Param::FutilityMargin] * depth <= alpha;
        // The enemy's protected royal and the squares from which it can be checked, found
        // when a pruning rule first asks whether a quiet move checks.
        let mut check_info = None;
        // Moves from `end` on are quiet moves left out by move-count pruning (`lmrPrune`).
        let mut end = moves.len();
        // Stockfish 11's `futility_move_count`: past this many moves a node's quiet moves
        // are pruned (`lmrPrune`) and its captures may be reduced (`lmrCaptures`).
        let late_count = ((5 + depth * depth) * (1 + i32::from(improving)) / 2) as usize;
        let tt_noisy = !tt_move.is_null() && self.is_noisy(tt_move);
        // The first move late-move reductions may reduce here (`lmrFirst`, `lmrFirstPv`).
        let first_reducible = (p[Param::LmrFirst] + if pv_node { p[Param::LmrFirstPv] } else { 0 }) as usize;
        for i in 0..moves.len() {
            if i >= end {
                break;
            }
            self.pick(&mut moves[..end], &mut scores[..end], i);
            let m = moves[i];
            if m == excluded {
                continue;
            }
            let noisy = self.is_noisy(m);
            // The exchange value of a quiet move, evaluated when a rule first asks (the
            // pruning rules and the check extension may all want it).
            let mut quiet_see = None;
            // Move-count pruning (Stockfish's `futility_move_count`): past this many moves
            // the node's remaining quiet moves are skipped at once, so that they cost no
            // more ordering and look-ups; its captures are still searched.
            if p[Param::LmrPrune] != 0 && !noisy && best > -MATE_BOUND && !in_check && !threatened && i >= late_count {
                let mut kept = i + 1;
                for j in i + 1..end {
                    if self.is_noisy(moves[j]) {
                        moves.swap(kept, j);
                        scores.swap(kept, j);
                        kept += 1;
                    }
                }
                end = kept;
                continue;
            }
            let is_killer = self.killers[ply].contains(&m);
            let ck = self.tables.cont.key(self.pos.piece_at(m.from), m.to);
            // How this quiet move fared before (history and continuation history).
            let stat = if noisy { 0 } else { self.quiet_stat(m, ck, ply) };
            // Late move pruning, futility, history pruning and exchange pruning for quiet
            // moves (a quiet move that loses material on its square at low depth).
            if !noisy && best > -MATE_BOUND && !in_check && !threatened {
                if p[Param::LmrPrune] != 0 {
                    // A quiet move that may check is pruned only by its exchange, as a
                    // capture is (Stockfish's `givesCheck` exemption); asked last, as the
                    // royal's check squares cost a look-up per node.
                    let prune = i > 0
                        && self.prune_by_lmr_depth(
                            m,
                            i,
                            ck,
                            depth,
                            ply,
                            improving,
                            eval,
                            alpha,
                            is_killer,
                            &mut quiet_see,
                        )
                        && (!self.quiet_may_check(m, &mut check_info)
                            || see_below_cached(&self.pos, m, &mut quiet_see, -p[Param::SeeCapture] * depth));
                    if prune {
                        continue;
                    }
                } else {
                    let prune = (futile && i > 0 && !is_killer)
                        || (!pv_node
                            && depth <= p[Param::LmpDepth]
                            && i as i32 > p[Param::LmpBase] + depth * depth * if improving { 2 } else { 1 })
                        || (!pv_node && depth <= 3 && i > 0 && !is_killer && stat < -p[Param::HistoryPrune] * depth)
                        || (!pv_node
                            && depth <= 5
                            && i > 0
                            && see_below_cached(&self.pos, m, &mut quiet_see, -p[Param::SeeQuiet] * depth * depth));
                    // A check is pruned only as a capture would be, by its exchange
                    // (Stockfish's `givesCheck` exemption), where `pruneQuietChecks` is 0.
                    if prune
                        && (p[Param::PruneQuietChecks] != 0
                            || !self.quiet_may_check(m, &mut check_info)
                            || (!pv_node
                                && see_below_cached(&self.pos, m, &mut quiet_see, -p[Param::SeeCapture] * depth)))
                    {
                        continue;
                    }
                }
            }
            // Bad captures at low depth.
            if noisy
                && !pv_node
                && !in_check
                && !threatened
                && depth <= 4
                && best > -MATE_BOUND
                && scores[i] < 0
                && i > 0
                && see::see_below(&self.pos, m, -p[Param::SeeCapture] * depth)
            {
                continue;
            }
            // With `checkExtSee`, a check that loses material on its square is not extended
            // (captures: their exchange as ordering found it; quiet moves: only those that
            // may check directly have theirs evaluated).
            let losing_check = p[Param::CheckExtSee] != 0
                && if noisy {
                    scores[i] < 0
                } else {
                    self.quiet_may_check(m, &mut check_info) && see_below_cached(&self.pos, m, &mut quiet_see, 0)
                };
            // Whether late-move reductions may apply, as far as the move itself (not the
            // check it may give) decides; the capture's victim and the quiet move's
            // escape are read before the move is made.
            let reducible = depth >= 3
                && i >= first_reducible
                && (!noisy
                    || (p[Param::LmrCaptures] != 0
                        && (i >= late_count
                            || cut_node
                            || (!in_check && static_eval + see::captured_value(&self.pos, m) <= alpha))));
            let escapes =
                reducible && !noisy && !cut_node && p[Param::LmrEscape] != 0 && see::exposure(&self.pos, m.from) < 0;
            self.cont_keys[ply] = ck;
            self.move_counts[ply] = i + 1;
            self.stat_scores[ply] = stat;
            self.pos.make_move(m);
            self.prefetch_child();
            let check = self.made_check(ply + 1);
            let gives_check = check || self.royal_in_danger();
            let check_ext = i32::from(p[Param::CheckExtSee] != 0 && check && !losing_check);
            // A negative singular extension is taken off whatever else extends the move.
            let extension = match (m == tt_move, singular_ext < 0) {
                (true, true) => singular_ext + check_ext,
                (true, false) => singular_ext.max(check_ext),
                (false, _) => check_ext,
            };
            let mut new_depth = depth - 1 + extension;
            self.doubled[ply] = extension >= 2;
            let mut score;
            if i == 0 {
                score = -self.search(new_depth, ply + 1, -beta, -alpha, pv_node, !pv_node && !cut_node);
            } else {
                let mut r = 0;
                if reducible && (!gives_check || p[Param::LmrChecks] != 0) {
                    r = self.lmr[depth.min(63) as usize][i.min(63)] as i32;
                    if p[Param::LmrTtPv] == 0 {
                        if pv_node {
                            r -= 1;
                        }
                    } else if tt_pv {
                        r -= p[Param::LmrTtPv];
                    }
                    if singular_ext > 0 {
                        r -= p[Param::LmrSingular];
                    }
                    if ply > 0 && self.move_counts[ply - 1] > 15 {
                        r -= p[Param::LmrParentCount];
                    }
                    if !improving {
                        r += 1;
                    }
                    if noisy {
                        if depth < 8 {
                            r += 1;
                        }
                    } else {
                        if is_killer {
                            r -= 1;
                        }
                        if cut_node {
                            r += p[Param::LmrCutNode];
                        }
                        if tt_noisy {
                            r += p[Param::LmrTtCapture];
                        }
                        if escapes {
                            r -= p[Param::LmrEscape];
                        }
                        r -= stat / p[Param::LmrHistory];
                        // The parent's move and this one judged by their statistics
                        // (Stockfish 11's statScore comparison).
                        if p[Param::LmrStatCompare] != 0 && ply > 0 {
                            let parent = self.stat_scores[ply - 1];
                            if stat >= 0 && parent < 0 {
                                r -= 1;
                            } else if parent >= 0 && stat < 0 {
                                r += 1;
                            }
                        }
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                // An unreduced null-window search expects a cut unless `unreducedCut` is 0.
                let child_cut = r > 0 || p[Param::UnreducedCut] != 0 || !cut_node;
                score = -self.search(new_depth - r, ply + 1, -alpha - 1, -alpha, false, child_cut);
                if score > alpha && r > 0 {
                    let reduced = new_depth - r;
                    let deeper = p[Param::LmrDeeper];
                    if deeper != 0 {
                        if score > alpha + deeper + 5 * r {
                            new_depth += 1;
                        } else if score < best + 8 {
                            new_depth -= 1;
                        }
                    }
                    if new_depth > reduced {
                        score = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, false, !cut_node);
                    }
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.search(new_depth, ply + 1, -beta, -alpha, true, false);
                }
            }
            self.pos.unmake_move();
            self.doubled[ply] = false;
            if self.stopped {
                self.move_bufs[ply] = moves;
                self.score_bufs[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if pv_node {
                        self.extend_pv(ply, m);
                    }
                    if alpha >= beta {
                        if !noisy {
                            self.update_quiet_stats(m, ply, depth, &quiets_tried);
                        }
                        if p[Param::CaptureHistory] != 0 {
                            self.update_capture_stats(m, noisy, depth, &captures_tried);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                quiets_tried.push(m);
            } else if p[Param::CaptureHistory] != 0 {
                let _ = captures_tried.try_push(m);
            }
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
        if p[Param::PriorMoveStats] != 0 && ply > 0 {
            if best >= beta {
                // Refuted at once: the parent should have tried its move later.
                if self.move_counts[ply - 1] <= 2 {
                    self.learn_prior_move(ply, -self.history_bonus(depth + 1));
                }
            } else if best <= original_alpha && (depth >= 3 || pv_node) {
                // Nothing here reaches alpha: the parent's move was a good one.
                self.learn_prior_move(ply, self.history_bonus(depth));
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_null() {
            self.sh.tt.store(key, best_move, score_to_tt(best, ply), depth, bound, tt_pv);
        }
        // The correction history learns where this result says how far the static
        // evaluation was off: not from a capture's gain (the evaluation cannot see it), nor
        // from a bound on the evaluation's own side of it.
        if p[Param::CorrHist] != 0
            && excluded.is_null()
            && !in_check
            && best.abs() < MATE_BOUND
            && (best_move.is_null() || !self.is_noisy(best_move))
            && match bound {
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
                _ => true,
            }
        {
            let side = self.pos.side_to_move();
            let non_pawns = p[Param::CorrNonPawn] != 0;
            self.tables.correction.update(side, &correction_keys, non_pawns, best - static_eval, depth);
        }
        best
    }

    /// ProbCut (`probCut`): a capture good enough by its exchange to lift the static
    /// evaluation past a raised beta, and confirmed there first by a capture search and
    /// then by a search four plies shallower, shows that a full search would fail high
    /// too. At most two captures are tried (four at an expected cut node), none when the
    /// table already knows from a search nearly as deep that the node stays below that
    /// bound. The caller has ruled out principal-variation nodes, checks, a threatened
    /// royal, singular searches and mate-range windows.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        improving: bool,
        cut_node: bool,
        tt_hit: Option<tt::TtHit>,
    ) -> Option<i32> {
        let p = &self.limits.params;
        let raised = beta + p[Param::ProbCut] - if improving { p[Param::ProbCutImproving] } else { 0 };
        if let Some(h) = tt_hit
            && h.depth >= depth - 3
            && matches!(h.bound, Bound::Upper | Bound::Exact)
            && score_from_tt(h.score, ply) < raised
        {
            return None;
        }
        let threshold = raised - static_eval;
        let tt_move = tt_hit.map_or(Move::NONE, |h| h.mv);
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        moves.clear();
        self.pos.generate_legal_noisy(&mut moves);
        self.score_moves(&moves, &mut scores, tt_move, ply);
        let limit = 2 + 2 * usize::from(cut_node);
        let mut tried = 0;
        let mut result = None;
        for i in 0..moves.len() {
            if tried >= limit {
                break;
            }
            self.pick(&mut moves, &mut scores, i);
            let m = moves[i];
            if see::see_below(&self.pos, m, threshold) {
                continue;
            }
            tried += 1;
            self.cont_keys[ply] = self.tables.cont.key(self.pos.piece_at(m.from), m.to);
            self.move_counts[ply] = i + 1;
            self.stat_scores[ply] = 0;
            self.pos.make_move(m);
            self.prefetch_child();
            let mut v = -self.qsearch(ply + 1, -raised, -raised + 1, 0);
            if v >= raised {
                v = -self.search(depth - 4, ply + 1, -raised, -raised + 1, false, !cut_node);
            }
            self.pos.unmake_move();
            if self.stopped {
                break;
            }
            if v >= raised {
                result = Some(v);
                break;
            }
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
        if self.stopped { Some(0) } else { result }
    }

    /// Stockfish 11's pruning of a quiet move that does not check (`lmrPrune`; the move
    /// count is the search loop's), by the depth its late-move reduction would leave
    /// (`lmrDepth`): continuation histories both negative, futility against alpha, or an
    /// exchange that loses more than that depth allows.
    #[allow(clippy::too_many_arguments)]
    fn prune_by_lmr_depth(
        &self,
        m: Move,
        i: usize,
        ck: ContKey,
        depth: i32,
        ply: usize,
        improving: bool,
        eval: i32,
        alpha: i32,
        is_killer: bool,
        quiet_see: &mut Option<i32>,
    ) -> bool {
        let p = &self.limits.params;
        let reduction = self.lmr[depth.min(63) as usize][i.min(63)] as i32 + i32::from(!improving);
        let lmr_depth = (depth - 1 - reduction).max(0);
        let cont = &self.tables.cont;
        (lmr_depth < 4
            && !is_killer
            && cont.get(self.cont_prev(ply, 1), ck) < 0
            && cont.get(self.cont_prev(ply, 2), ck) < 0)
            || (lmr_depth < 6 && eval + p[Param::FutilityBase] + p[Param::FutilityMargin] * lmr_depth <= alpha)
            || see_below_cached(&self.pos, m, quiet_see, -p[Param::SeeQuiet] * lmr_depth * lmr_depth)
    }

    /// In a game without a check rule, a side to move that attacks the enemy's only royal
    /// wins by taking it. Scored at once (one ply to mate), without generating and
    /// searching the moves of a decided node.
    fn can_take_last_royal(&self) -> bool {
        if self.pos.variant().check_rule {
            return false;
        }
        let them = !self.pos.side_to_move();
        self.pos.royal_count(them) == 1 && self.pos.royals_attacked(them)
    }

    /// In a game without a check rule: a royal of the side to move is attacked.
    fn own_royal_threatened(&self) -> bool {
        !self.pos.variant().check_rule && self.pos.royal_attacked()
    }

    /// In a game without a check rule: the side to move's only royal is attacked, so that
    /// it is lost unless the move answers the attack. The search treats this as check
    /// (extension, no reduction of the move that made it, evasions in the capture search).
    fn royal_in_danger(&self) -> bool {
        let v = self.pos.variant();
        !v.check_rule
            && v.has_royals()
            && self.pos.royal_count(self.pos.side_to_move()) == 1
            && self.pos.royal_attacked()
    }

    /// Whether the side to move is in check in the position just made at `ply`, kept for
    /// that node (`check_memo`).
    fn made_check(&mut self, ply: usize) -> bool {
        let check = self.pos.in_check();
        self.check_memo[ply] = (self.pos.key(), check);
        check
    }

    /// Whether the side to move is in check at `ply`: the parent's finding if it made this
    /// position, else tested.
    fn in_check_at(&self, ply: usize) -> bool {
        match self.check_memo[ply] {
            (key, check) if key == self.pos.key() && key != 0 => check,
            _ => self.pos.in_check(),
        }
    }

    /// Whether the quiet move `m` may check the enemy's protected royal directly (from the
    /// piece's new square; discovered checks are not looked for). `info` keeps the royal
    /// and its check squares for the node's other moves.
    fn quiet_may_check(
        &self,
        m: Move,
        info: &mut Option<Option<(crate::square::Square, crate::bitboard::Bitboard)>>,
    ) -> bool {
        let target = *info.get_or_insert_with(|| self.check_target());
        target.is_some_and(|(royal, squares)| squares.contains(m.to) && self.pos.may_check_directly(m, royal))
    }

    /// The enemy's protected royal and the empty squares from which the side to move's
    /// pieces could check it (`Position::check_squares`).
    fn check_target(&self) -> Option<(crate::square::Square, crate::bitboard::Bitboard)> {
        let us = self.pos.side_to_move();
        self.pos.protected_royal(!us).map(|royal| (royal, self.pos.check_squares(us, royal)))
    }

    fn has_pieces(&self, c: crate::square::Color) -> bool {
        // Something besides royals and pawns (zugzwang guard for null move).
        let rules = self.pos.rules();
        self.pos.color_bb(c) != self.pos.pieces_of(c, rules.values.pawn_mask | rules.royal_mask)
    }

    /// The key of the move made `back` plies above `ply` (none above the root).
    #[inline]
    fn cont_prev(&self, ply: usize, back: usize) -> ContKey {
        if ply >= back { self.cont_keys[ply - back] } else { NO_KEY }
    }

    /// Ordering statistic of a quiet move: butterfly history plus the continuation
    /// histories after the previous move and the one before it.
    #[inline]
    fn quiet_stat(&self, m: Move, key: ContKey, ply: usize) -> i32 {
        let fourth = if self.limits.params[Param::ContHist4] != 0 {
            self.tables.cont.get(self.cont_prev(ply, 4), key)
        } else {
            0
        };
        self.tables.history[hist_index(&self.pos, m)]
            + self.tables.cont.get(self.cont_prev(ply, 1), key)
            + self.tables.cont.get(self.cont_prev(ply, 2), key)
            + fourth
    }

    /// The capture-history slot of the noisy move `m` (before it is made).
    #[inline]
    fn capture_slot(&self, m: Move) -> usize {
        let victim = self.pos.piece_at(m.to);
        let taken = (victim.is_some() && victim.color() != self.pos.side_to_move()).then(|| victim.kind() as usize);
        self.tables.capture_slot(self.pos.piece_at(m.from), m.to.index(), taken)
    }

    /// After a refutation `best` (noisy or not) at `depth`: a bonus to its capture
    /// history if it is a capture, a malus to the captures tried before it (`captureHistory`).
    fn update_capture_stats(&mut self, best: Move, best_noisy: bool, depth: i32, tried: &[Move]) {
        let bonus = self.history_bonus(depth);
        if best_noisy {
            let slot = self.capture_slot(best);
            self.tables.captures[slot] = history::nudged(self.tables.captures[slot], bonus);
        }
        for &c in tried {
            let slot = self.capture_slot(c);
            self.tables.captures[slot] = history::nudged(self.tables.captures[slot], -bonus);
        }
    }

    /// The history bonus of a refutation at `depth` (and the malus of the moves tried
    /// before it): `historyQuadratic` times depth², plus `historyLinear` times depth, at
    /// most `historyMax`.
    fn history_bonus(&self, depth: i32) -> i32 {
        let p = &self.limits.params;
        (p[Param::HistoryQuadratic] * depth * depth + p[Param::HistoryLinear] * depth).clamp(0, p[Param::HistoryMax])
    }

    /// The principal variation at `ply` becomes `m` followed by the child's line.
    fn extend_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    fn update_quiet_stats(&mut self, m: Move, ply: usize, depth: i32, tried: &[Move]) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let bonus = self.history_bonus(depth);
        let keys = self.quiet_stat_keys(ply);
        self.nudge_quiet_stats(m, &keys, bonus);
        for &q in tried {
            self.nudge_quiet_stats(q, &keys, -bonus);
        }
        let last = self.pos.state().last_move;
        if !last.is_null() {
            let k = self.pos.piece_at(last.to).index() * 256 + last.to.index();
            self.tables.counters[k] = m;
        }
    }

    /// A cut by the table's score (`ttCutStats`): a quiet table move of the side to move
    /// is credited as a refutation when the node holds above beta (`holds`), and charged
    /// the malus when it stays below alpha. A move from another position (a key
    /// collision) is left alone unless it moves one of our pieces.
    fn learn_from_tt_cut(&mut self, m: Move, ply: usize, depth: i32, holds: bool) {
        if m.is_null() || self.is_noisy(m) {
            return;
        }
        let piece = self.pos.piece_at(m.from);
        if piece == Piece::NONE || piece.color() != self.pos.side_to_move() {
            return;
        }
        if holds {
            self.update_quiet_stats(m, ply, depth, &[]);
        } else {
            let keys = self.quiet_stat_keys(ply);
            self.nudge_quiet_stats(m, &keys, -self.history_bonus(depth));
        }
    }

    /// The earlier moves whose continuation statistics judge a quiet move at `ply`: the
    /// last two, and our move before last only where the statistic reads it (`contHist4`).
    fn quiet_stat_keys(&self, ply: usize) -> [ContKey; 3] {
        let p4 = if self.limits.params[Param::ContHist4] != 0 { self.cont_prev(ply, 4) } else { NO_KEY };
        [self.cont_prev(ply, 1), self.cont_prev(ply, 2), p4]
    }

    /// Moves the quiet move `m`'s butterfly history and its continuation statistics
    /// after `keys` (`quiet_stat_keys`) by `bonus` (a malus when negative).
    fn nudge_quiet_stats(&mut self, m: Move, keys: &[ContKey; 3], bonus: i32) {
        let i = hist_index(&self.pos, m);
        self.tables.history[i] = history::gravity(self.tables.history[i], bonus);
        let k = self.tables.cont.key(self.pos.piece_at(m.from), m.to);
        for &prev in keys {
            self.tables.cont.update(prev, k, bonus);
        }
    }

    /// Moves the continuation statistics of the parent's move (`priorMoveStats`) by
    /// `bonus`, after the moves before it; nothing when that move was a capture, a
    /// promotion or a pass. `ply` is at least 1.
    fn learn_prior_move(&mut self, ply: usize, bonus: i32) {
        let last = self.pos.state().last_move;
        if last.is_null() || self.is_noisy_made(last) {
            return;
        }
        let k = self.cont_keys[ply - 1];
        let (p2, p3) = (self.cont_prev(ply, 2), self.cont_prev(ply, 3));
        self.tables.cont.update(p2, k, bonus);
        self.tables.cont.update(p3, k, bonus);
    }

    fn score_moves(&mut self, moves: &[Move], scores: &mut Vec<i32>, tt_move: Move, ply: usize) {
        scores.clear();
        let vals = &self.pos.rules().values;
        let last = self.pos.state().last_move;
        let counter = if last.is_null() {
            Move::NONE
        } else {
            self.tables.counters[self.pos.piece_at(last.to).index() * 256 + last.to.index()]
        };
        let capture_history = self.limits.params[Param::CaptureHistory] != 0;
        for &m in moves {
            let s = if m == tt_move {
                TT_MOVE
            } else if self.is_noisy(m) {
                let victim = see::captured_value(&self.pos, m);
                let attacker = see::mover_value(&self.pos, m);
                let promo = m.promotion().map(|t| vals.value[t as usize]).unwrap_or(0);
                // Scored as winning for now: `pick` evaluates the exchange of a capture by a
                // more valuable piece only when it comes up (most nodes cut before). The
                // capture history (Stockfish's `6 * value + captureHistory`, on this
                // scale) stays within `CAPTURE_HISTORY_ROOM` of the winning captures.
                if capture_history {
                    let h = self.tables.captures[self.capture_slot(m)] as i32;
                    WINNING_CAPTURE + CAPTURE_HISTORY_ROOM + 16 * (victim + promo) + 2 * h
                } else {
                    WINNING_CAPTURE + 16 * (victim + promo) - attacker / 16
                }
            } else if self.killers[ply][0] == m {
                1_900_000
            } else if self.killers[ply][1] == m {
                1_800_000
            } else if m == counter {
                1_700_000
            } else {
                let k = self.tables.cont.key(self.pos.piece_at(m.from), m.to);
                self.quiet_stat(m, k, ply)
            };
            scores.push(s);
        }
    }

    /// Brings the best-scored of `moves[i..]` to `i`. A capture (or promotion) by a
    /// piece worth more than it wins was scored as winning by `score_moves`; when it comes
    /// up, its exchange is evaluated, and if it loses material it drops to the losing
    /// captures (`LOSING_CAPTURE` less) and the pick is made again: the order is the one
    /// that evaluating every exchange first gives, at the cost of those that come up only.
    fn pick(&self, moves: &mut [Move], scores: &mut [i32], i: usize) {
        let vals = &self.pos.rules().values;
        loop {
            let best = best_index(scores, i);
            let m = moves[best];
            if (WINNING_CAPTURE..TT_MOVE).contains(&scores[best]) {
                let promo = m.promotion().map(|t| vals.value[t as usize]).unwrap_or(0);
                if see::captured_value(&self.pos, m) + promo < see::mover_value(&self.pos, m)
                    && see::see_below(&self.pos, m, 0)
                {
                    scores[best] -= WINNING_CAPTURE - LOSING_CAPTURE;
                    continue;
                }
            }
            moves.swap(i, best);
            scores.swap(i, best);
            return;
        }
    }

    fn qsearch(&mut self, ply: usize, mut alpha: i32, beta: i32, qdepth: i32) -> i32 {
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(r) = game_end::immediate(&self.pos) {
            let us = self.pos.side_to_move();
            return match r.winner {
                None => self.draw_score(),
                Some(c) if c == us => MATE - ply as i32,
                Some(_) => -MATE + ply as i32,
            };
        }
        if ply >= MAX_PLY {
            return self.eval();
        }
        if self.can_take_last_royal() {
            return MATE - ply as i32 - 1;
        }
        let in_check = self.in_check_at(ply);
        // An attacked only royal (no check rule) is answered as a check near the top of the
        // capture search: standing pat there would score a position whose royal is lost.
        let evading = in_check || (qdepth > -QS_EVASION_PLIES && self.royal_in_danger());
        let key = self.pos.key();
        let mut tt_move = Move::NONE;
        let mut tt_pv = false;
        if let Some(h) = self.sh.tt.probe(key) {
            tt_move = h.mv;
            tt_pv = h.pv;
            let s = score_from_tt(h.score, ply);
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
                Bound::None => false,
            };
            if cut {
                return s;
            }
        }
        let mut best = -INF;
        let stand_pat;
        if !evading {
            // Lazy evaluation: far above beta the cheap incremental part decides.
            // (Not with a network that replaces the evaluation: the piece-square sum is not
            // on its scale. A correction is taken to stay within the margin, as the
            // hand-written terms are.)
            let alone = self.pos.variant().nnue.as_ref().is_some_and(|n| !n.adds_to_eval);
            let fast = if alone { -INF } else { eval::evaluate_fast(&self.pos) };
            stand_pat =
                if fast - self.limits.params[Param::LazyMargin] >= beta { fast } else { self.corrected_eval().0 };
            if stand_pat >= beta {
                return stand_pat;
            }
            if stand_pat > alpha {
                alpha = stand_pat;
            }
            best = stand_pat;
        } else {
            stand_pat = -INF;
        }
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        moves.clear();
        // The first ply of the capture search also tries quiet checks (Stockfish's
        // `DEPTH_QS_CHECKS`): a mate or a forking check just past the horizon.
        let check_target = if !evading && qdepth == 0 && self.limits.params[Param::QsChecks] != 0 {
            self.check_target().filter(|(_, squares)| squares.any())
        } else {
            None
        };
        if evading {
            self.pos.generate_legal(&mut moves);
            if moves.is_empty() {
                self.move_bufs[ply] = moves;
                self.score_bufs[ply] = scores;
                return if in_check { -MATE + ply as i32 } else { self.end_score(self.pos.variant().stalemate, ply) };
            }
        } else {
            self.pos.generate_legal_noisy(&mut moves);
            if let Some((_, squares)) = check_target {
                self.pos.generate_legal_quiets_to(&mut moves, squares);
            }
        }
        self.score_moves(&moves, &mut scores, tt_move, ply);
        let vals_len = moves.len();
        let mut best_move = Move::NONE;
        let last_move = self.pos.state().last_move;
        let mut searched = 0;
        for i in 0..vals_len {
            self.pick(&mut moves, &mut scores, i);
            let m = moves[i];
            let mut quiet_check = false;
            if let Some((royal, _)) = check_target
                && !self.pos.is_capture(m)
                && m.promotion().is_none()
            {
                if !self.pos.may_check_directly(m, royal) || see::see_below(&self.pos, m, 0) {
                    continue;
                }
                quiet_check = true;
            }
            if !evading && !quiet_check {
                // A narrow capture search (`qsMoves`, `qsRecaptures`; Chu Shogi's section of
                // variants.ini sets them): in Chu middle games with both Lions loose among
                // the enemy's pieces the full capture search ran to 100+ nodes per leaf
                // (depth 2 took 1.3 M nodes and 8 s, HaChu game, 2026-11-22, move 24), and
                // exchanges on one square, tried in every order of Chu's many attackers,
                // still multiplied the leaves. Elsewhere the limits cost strength (courier,
                // 2026-11-27: every capture +24 Elo).
                let recapture = !last_move.is_null() && m.to == last_move.to;
                let recaptures_only = qdepth < -self.limits.params[Param::QsRecaptures];
                if (searched >= self.limits.params[Param::QsMoves] as usize || recaptures_only)
                    && !recapture
                    && m.promotion().is_none()
                {
                    continue;
                }
                if recaptures_only && searched > 0 {
                    break;
                }
                // Delta pruning and losing captures.
                let gain = see::captured_value(&self.pos, m)
                    + m.promotion().map(|t| self.pos.rules().values.value[t as usize]).unwrap_or(0);
                if stand_pat + gain + self.limits.params[Param::QsDelta] < alpha && m.promotion().is_none() {
                    continue;
                }
                // Quiet promotions only when they change the material picture (a queen,
                // Chu's Phoenix to Lion), not every shogi-style promotion into the zone, and
                // only in the first two plies: with a dozen such moves a side (Chu Shogi) a
                // deeper quiescence search of alternating promotions explodes.
                if let Some(t) = m.promotion()
                    && !self.pos.is_capture(m)
                {
                    if qdepth < QUIET_PROMO_PLIES {
                        continue;
                    }
                    let vals = &self.pos.rules().values.value;
                    if vals[t as usize] - see::mover_value(&self.pos, m) < QUIET_PROMO_GAIN {
                        continue;
                    }
                }
                // A capture or promotion scored below zero lost material by its exchange
                // evaluation in `score_moves` already (quiet moves, whose scores are
                // history, are the quiet checks and do not come here).
                if scores[i] < 0 {
                    continue;
                }
                if qdepth < -8 && scores[i] < WINNING_CAPTURE {
                    continue;
                }
                // A hard floor: in big shogi variants exchanges on many squares at once can
                // otherwise run the capture search tens of plies deep.
                if qdepth < QSEARCH_FLOOR {
                    continue;
                }
            }
            self.cont_keys[ply] = self.tables.cont.key(self.pos.piece_at(m.from), m.to);
            self.pos.make_move(m);
            if quiet_check && !self.made_check(ply + 1) {
                self.pos.unmake_move();
                continue;
            }
            self.prefetch_child();
            searched += 1;
            let score = -self.qsearch(ply + 1, -beta, -alpha, qdepth - 1);
            self.pos.unmake_move();
            if self.stopped {
                self.move_bufs[ply] = moves;
                self.score_bufs[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.extend_pv(ply, m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        if best > -INF {
            self.sh.tt.store(key, best_move, score_to_tt(best, ply), -1, bound, tt_pv);
        }
        best
    }
}

/// Whether the exchange value of `m` (`see::see`) is below `threshold`: from the value
/// kept in `slot`, else from `see::decided_below`'s bounds, else by the exchange itself,
/// evaluated once and kept in `slot` for the node's next threshold.
fn see_below_cached(pos: &Position, m: Move, slot: &mut Option<i32>, threshold: i32) -> bool {
    if let Some(v) = *slot {
        return v < threshold;
    }
    see::decided_below(pos, m, threshold).unwrap_or_else(|| *slot.insert(see::see(pos, m)) < threshold)
}

#[inline]
fn hist_index(pos: &Position, m: Move) -> usize {
    pos.piece_at(m.from).index() * 256 + m.to.index()
}

/// The index of the first highest score in `scores[i..]`.
#[inline]
fn best_index(scores: &[i32], i: usize) -> usize {
    let (mut best, mut top) = (i, scores[i]);
    for (j, &s) in scores.iter().enumerate().skip(i + 1) {
        if s > top {
            (best, top) = (j, s);
        }
    }
    best
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
