//! Time allocation for one move.
//!
//! From the clock (`wtime/btime/winc/binc/movestogo`, XBoard `level`/`time`/`otim`) it
//! computes an *optimum* time (stop starting new iterations after it) and a *maximum*
//! (abort the running iteration). A fixed move overhead is kept in reserve for process and
//! GUI latency, so that even 1 s + 0.01 s games are not lost on time.

use crate::square::Color;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The clock of the side to move.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control (None = sudden death / increment games).
    pub moves_to_go: Option<u32>,
}

/// The default of the `Move Overhead` option: milliseconds kept back on every move for
/// what the engine's own clock cannot see (the pipe, the GUI, the operating system). The
/// clock settles near the overhead in fast games, so it is what a delay must exceed to
/// flag: at 30 ms, 92 of 100 Short Sliders games at 1 s + 10 ms were lost on a machine
/// also compiling, with delays of 10-18 ms a move.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 50;

/// Two successive clock readings of the side the engine plays: what a move cost on the
/// GUI's clock beyond what the engine spent between the command and its answer is the
/// delay outside the engine (`Shared::note_external`).
#[derive(Debug, Clone, Copy)]
pub struct ClockProbe {
    /// The clock and increment the engine was given with the command.
    pub time: Duration,
    pub inc: Duration,
    /// How long the engine took from the command to its move.
    pub spent: Duration,
}

impl ClockProbe {
    /// The delay outside the engine, from the clock `now` given with the next command
    /// (zero when the clock shows none, or when it was reset: a new game).
    pub fn delay(&self, now: Duration) -> Duration {
        let expected = (self.time + self.inc).saturating_sub(self.spent);
        let delay = expected.saturating_sub(now);
        if delay > Duration::from_secs(1) { Duration::ZERO } else { delay }
    }
}

/// The largest `Move Overhead` accepted.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// A move being timed for a `ClockProbe`: the clock given with the command, when the
/// command arrived and, set by whoever prints the move, when the answer went out.
#[derive(Debug, Clone)]
pub struct PendingProbe {
    pub side: Color,
    pub time: Duration,
    pub inc: Duration,
    pub received: Instant,
    pub answered: Arc<Mutex<Option<Instant>>>,
}

impl PendingProbe {
    pub fn new(side: Color, clock: Clock, received: Instant) -> PendingProbe {
        PendingProbe { side, time: clock.time, inc: clock.inc, received, answered: Arc::new(Mutex::new(None)) }
    }

    /// Call when the move goes out.
    pub fn mark_answered(&self) {
        if let Ok(mut a) = self.answered.lock() {
            *a = Some(Instant::now());
        }
    }

    /// The delay outside the engine, from the clock `now` that comes with the next command
    /// for `side`; None if that is the other side or the move never went out.
    pub fn delay(&self, side: Color, now: Duration) -> Option<Duration> {
        let done = (*self.answered.lock().ok()?)?;
        (side == self.side).then(|| {
            ClockProbe { time: self.time, inc: self.inc, spent: done.saturating_duration_since(self.received) }
                .delay(now)
        })
    }
}

/// How a clock without a move count is spread over the moves to come (the `timeMoves` and
/// `timeInc` search parameters, `SearchParams::time_plan`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimePlan {
    /// The moves the clock is planned to last.
    pub moves: u32,
    /// The share of the increment, percent, a move may spend on top of its part of the
    /// clock.
    pub inc_percent: u32,
    /// When not 0, the clock is shared by the game's ply instead (`MoveCurve`), this move
    /// weighing this many percent of its place on the curve (the `timeCurve` parameter).
    pub curve_percent: u32,
}

/// Stockfish 11's time plan (its `timeman.cpp`, read, not copied): each move to come is
/// weighed by a curve of its game ply, flat in the opening and falling after the middle
/// game, and a move gets its weight's share of the clock over the moves in view, the
/// increments they bring counted and the overhead each costs kept back. Of every number
/// of moves in view up to the horizon, the one that leaves the move least is taken, so
/// that no count of moves to come can leave the clock short.
///
/// Kirin's own plan divides the clock by a fixed count and adds part of the increment:
/// it kept 1.4 s at ply 120 of courier games at 10 s + 0.1 s where Fairy-Stockfish kept
/// 0.3 s, having spent it in plies 40-80 (`scripts/time-use.py`, docs/log/2026-12.md).
struct MoveCurve;

impl MoveCurve {
    /// Moves looked ahead (Stockfish's `MoveHorizon`).
    const HORIZON: usize = 50;
    /// The most the maximum may be of the optimum's weight, and the share of the later
    /// moves' time it may take (Stockfish's `MaxRatio`, `StealRatio`).
    const MAX_RATIO: f64 = 7.3;
    const STEAL_RATIO: f64 = 0.34;

    /// The weight of the move at game ply `ply`: 1 until about ply 50, then falling
    /// (halved near ply 90).
    fn importance(ply: f64) -> f64 {
        const SHIFT: f64 = 64.5;
        const SCALE: f64 = 6.85;
        const SKEW: f64 = 0.171;
        (1.0 + ((ply - SHIFT) / SCALE).exp()).powf(-SKEW) + f64::MIN_POSITIVE
    }

    /// The optimum and maximum time, milliseconds, of the move at `ply` with `left`
    /// and `inc` on the clock, `moves_to_go` if the clock has a move count, `overhead`
    /// kept back on every move, and `percent` the move's weight.
    fn budget(left: f64, inc: f64, moves_to_go: Option<u32>, overhead: f64, ply: usize, percent: u32) -> (f64, f64) {
        let horizon = moves_to_go.map_or(Self::HORIZON, |m| (m as usize).clamp(1, Self::HORIZON));
        let this = Self::importance(ply as f64) * f64::from(percent) / 100.0;
        let (mut optimum, mut maximum) = (left, left);
        // The weight of the moves after this one, summed as the count in view grows.
        let mut others = 0.0;
        for in_view in 1..=horizon {
            if in_view > 1 {
                others += Self::importance(ply.saturating_add(2 * (in_view - 1)) as f64);
            }
            let n = in_view as f64;
            let time = (left + inc * (n - 1.0) - overhead * (2.0 + n.min(40.0))).max(0.0);
            let share = this / (this + others);
            let stretch = (Self::MAX_RATIO * this / (Self::MAX_RATIO * this + others))
                .min((this + Self::STEAL_RATIO * others) / (this + others));
            optimum = optimum.min(time * share);
            maximum = maximum.min(time * stretch);
        }
        (optimum, maximum)
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Allocation {
    pub optimum: Duration,
    pub maximum: Duration,
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Allocation {
    /// Time budget for a move with `clock`, keeping `overhead` back for every reply
    /// (the `Move Overhead` option plus the latency the searcher has measured).
    ///
    /// The overhead does not shrink with the clock: once less than it is left, the
    /// budget is a millisecond (the first iteration, cut short), so each move costs less
    /// than the increment gives back and the clock recovers instead of draining (at
    /// 1 s + 10 ms the old reserve of `min(40 ms, left / 3)` lost 29 of 30 Short Sliders
    /// games on time).
    ///
    /// `ply` is the game's ply (`Position::plies_of_game`), which only the curve
    /// (`TimePlan::curve_percent`) reads.
    pub fn from_clock(clock: Clock, overhead: Duration, plan: TimePlan, ply: usize) -> Allocation {
        let left = ms(clock.time);
        let usable = left.saturating_sub(ms(overhead));
        // The moves the clock is shared over, 1 before the last move of a control. Sudden
        // death and increment clocks: Kirin's own plan counts on `plan.moves` more moves (the
        // `timeMoves` search parameter, 35 unless a variant sets it). With 35, in
        // Chu, whose games run 150-300 moves, this spends most of the clock in the first
        // 40-60 moves, which is what scored best against HaChu (chu, 30 s + 0.3 s, the same
        // 12 openings, 2026-11-23, both builds with the capture-search limit): 5 of 12 with
        // it; 2 of 12 when planning on 20 + men/2 moves (66 at the start of Chu) and not
        // beginning an iteration predicted to run past twice its target, which kept 15 s
        // for the late middle game.
        let mtg = clock.moves_to_go.map_or(plan.moves.clamp(1, 100), |m| m.clamp(1, 60)) as u64;
        let (optimum, maximum) = if plan.curve_percent > 0 {
            let (optimum, maximum) = MoveCurve::budget(
                left as f64,
                ms(clock.inc) as f64,
                clock.moves_to_go,
                ms(overhead) as f64,
                ply,
                plan.curve_percent,
            );
            // `as` saturates: an endless clock gives u64::MAX, capped below.
            (optimum as u64, maximum as u64)
        } else {
            Self::by_move_count(ms(clock.inc), left, usable, mtg, plan)
        };
        // Never plan to use more than what keeps a margin for the remaining moves; with
        // little time left keep more in reserve (scheduling delays on a loaded machine).
        let cap = if mtg == 1 {
            usable / 10 * 9
        } else if left < 1000 {
            usable / 4
        } else {
            usable / 2
        };
        let optimum = optimum.min(cap);
        let maximum = maximum.min(cap).max(optimum);
        Allocation { optimum: Duration::from_millis(optimum.max(1)), maximum: Duration::from_millis(maximum.max(1)) }
    }

    /// The optimum and maximum, milliseconds, of Kirin's own plan: the `usable` clock
    /// (of `left`) divided by `mtg` moves, plus a share of the increment `inc`.
    fn by_move_count(inc: u64, left: u64, usable: u64, mtg: u64, plan: TimePlan) -> (u64, u64) {
        // The increment's share (`timeInc`): what is not spent of it builds a reserve
        // that lasts to the end of the game (at 75%, Kirin's courier games at 10 s + 0.1 s
        // kept 0.7-1 s past move 70, Fairy-Stockfish's a quarter of a second; playing
        // all of it was level with 75% in self-play, docs/log/2026-12.md).
        let percent = u64::from(plan.inc_percent.min(100));
        let inc_share = inc / 100 * percent + inc % 100 * percent / 100;
        let optimum = (usable / mtg).saturating_add(inc_share);
        // With under two seconds left an overrun of the plan costs more than it gains.
        let stretch = if left < 2000 { 2 } else { 3 };
        (optimum, optimum.saturating_mul(stretch))
    }

    /// Fixed time per move (`movetime`, XBoard `st`), less `overhead` but never below a
    /// fifth of it.
    pub fn fixed(t: Duration, overhead: Duration) -> Allocation {
        let t = ms(t);
        let d = Duration::from_millis(t.saturating_sub(ms(overhead)).max(t / 5).max(1));
        Allocation { optimum: d, maximum: d }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::SearchParams;

    #[test]
    fn budgets_stay_inside_the_clock() {
        let oh = Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS);
        for (t, inc, mtg) in [
            (1000, 10, None),
            (60_000, 0, Some(40)),
            (50, 0, None),
            (5, 0, None),
            (0, 0, None),
            (300, 100, Some(1)),
            (u64::MAX, u64::MAX, None),
        ] {
            for ((moves, inc_percent), (curve_percent, ply)) in
                [(0, 0), (10, 100), (35, 75), (100, 50), (u32::MAX, u32::MAX)].into_iter().flat_map(|p| {
                    [(0, 0), (84, 0), (84, 120), (1, 1 << 40), (u32::MAX, usize::MAX)].into_iter().map(move |c| (p, c))
                })
            {
                let plan = TimePlan { moves, inc_percent, curve_percent };
                let a = Allocation::from_clock(
                    Clock { time: Duration::from_millis(t), inc: Duration::from_millis(inc), moves_to_go: mtg },
                    oh,
                    plan,
                    ply,
                );
                assert!(a.optimum <= a.maximum);
                if t > 0 {
                    assert!(a.maximum.as_millis() as u64 <= t.max(1), "{t} {inc} {mtg:?} {plan:?}: {a:?}");
                }
            }
        }
        // 1 s + 0.01 s: a small slice per move.
        let a = Allocation::from_clock(
            Clock { time: Duration::from_millis(1000), inc: Duration::from_millis(10), moves_to_go: None },
            oh,
            SearchParams::default().time_plan(),
            0,
        );
        assert!(a.optimum.as_millis() < 60);
    }

    /// A longer plan spends less of the clock on each move; a move count from the clock
    /// (`movestogo`, XBoard `level`) overrides the plan.
    #[test]
    fn the_planned_move_count_divides_the_clock() {
        let clock = |mtg| Clock { time: Duration::from_millis(10_000), inc: Duration::ZERO, moves_to_go: mtg };
        let oh = Duration::ZERO;
        let plan = |moves| TimePlan { moves, inc_percent: 75, curve_percent: 0 };
        assert_eq!(Allocation::from_clock(clock(None), oh, plan(35), 0).optimum, Duration::from_millis(285));
        assert_eq!(Allocation::from_clock(clock(None), oh, plan(50), 0).optimum, Duration::from_millis(200));
        assert_eq!(Allocation::from_clock(clock(Some(20)), oh, plan(50), 0).optimum, Duration::from_millis(500));
    }

    /// The increment's share adds to each move's part of the clock: 10 s + 0.1 s over 50
    /// moves is 200 ms of clock, and 75 or 100 ms of the increment.
    #[test]
    fn the_increment_share_adds_to_the_move() {
        let clock = Clock { time: Duration::from_millis(10_000), inc: Duration::from_millis(100), moves_to_go: None };
        let plan = |inc_percent| TimePlan { moves: 50, inc_percent, curve_percent: 0 };
        let optimum = |p| Allocation::from_clock(clock, Duration::ZERO, plan(p), 0).optimum.as_millis();
        assert_eq!((optimum(0), optimum(75), optimum(100)), (200, 275, 300));
        assert_eq!(optimum(250), 300, "more than the whole increment is the whole increment");
    }

    /// A control's move count of 0 is read as 1, the last move before the control, and
    /// may spend as much of the clock as that (both plans).
    #[test]
    fn a_move_count_of_zero_is_the_last_move() {
        let oh = Duration::from_millis(50);
        for curve_percent in [0, 84] {
            let plan = TimePlan { moves: 35, inc_percent: 75, curve_percent };
            let at = |mtg| {
                let c = Clock { time: Duration::from_millis(10_000), inc: Duration::ZERO, moves_to_go: Some(mtg) };
                Allocation::from_clock(c, oh, plan, 30)
            };
            assert_eq!(at(0).optimum, at(1).optimum, "curve {curve_percent}");
            assert!(at(0).optimum > Duration::from_millis(8000), "curve {curve_percent}: {:?}", at(0));
        }
    }

    /// Stockfish 11's curve: a move of the opening weighs about 1, one of the late
    /// middle game half that, and the weight keeps falling.
    #[test]
    fn the_curve_falls_after_the_middle_game() {
        let w = MoveCurve::importance;
        assert!((0.99..=1.0).contains(&w(0.0)), "{}", w(0.0));
        assert!(w(40.0) > 0.95 && w(64.5) > 0.85);
        assert!((0.4..0.6).contains(&w(100.0)), "{}", w(100.0));
        assert!(w(200.0) < w(100.0) && w(1e9) > 0.0);
    }

    /// The plan by ply counts the increments to come (a move at 10 s + 0.1 s gets more
    /// than one at 10 s without increment) and, at the same clock, gives a move past the
    /// middle game a larger share than one of the opening, whose successors weigh more.
    #[test]
    fn the_curve_plan_counts_increments_and_the_game_ply() {
        let plan = TimePlan { moves: 35, inc_percent: 75, curve_percent: 84 };
        let oh = Duration::from_millis(50);
        let at = |left, inc, ply| {
            let c = Clock { time: Duration::from_millis(left), inc: Duration::from_millis(inc), moves_to_go: None };
            Allocation::from_clock(c, oh, plan, ply)
        };
        assert!(at(10_000, 100, 0).optimum > at(10_000, 0, 0).optimum);
        assert!(at(5_000, 100, 100).optimum > at(5_000, 100, 0).optimum);
        // 10 s + 0.1 s at the start: about a 48th of the clock and the 49 increments to come,
        // less the overhead of each.
        let start = at(10_000, 100, 0);
        assert!((230..270).contains(&start.optimum.as_millis()), "{start:?}");
        assert!(start.maximum > 4 * start.optimum && start.maximum <= Duration::from_millis(4975));
        // A move count in the clock is the horizon: the last move before the control may
        // spend most of what is left.
        let c = Clock { time: Duration::from_millis(10_000), inc: Duration::ZERO, moves_to_go: Some(1) };
        assert!(Allocation::from_clock(c, oh, plan, 30).optimum > Duration::from_millis(8000));
    }

    #[test]
    fn a_clock_probe_finds_the_delay_outside_the_engine() {
        let ms = Duration::from_millis;
        let p = ClockProbe { time: ms(100), inc: ms(10), spent: ms(4) };
        assert_eq!(p.delay(ms(96)), ms(10), "106 expected, 96 shown");
        assert_eq!(p.delay(ms(106)), ms(0));
        assert_eq!(p.delay(ms(200)), ms(0), "more than expected: no delay");
        let p = ClockProbe { time: ms(60_000), inc: ms(0), spent: ms(4) };
        assert_eq!(p.delay(ms(1000)), ms(0), "a new game's clock is no delay");
    }

    /// With less than the overhead on the clock the move is played at once, whatever the
    /// increment: spending the increment there is what drained the clock.
    #[test]
    fn below_the_overhead_a_move_costs_a_millisecond() {
        for left in [0, 10, 29] {
            let a = Allocation::from_clock(
                Clock { time: Duration::from_millis(left), inc: Duration::from_millis(10), moves_to_go: None },
                Duration::from_millis(30),
                SearchParams::default().time_plan(),
                0,
            );
            assert_eq!(a.maximum, Duration::from_millis(1), "{left} ms left");
        }
        assert_eq!(
            Allocation::fixed(Duration::from_millis(50), Duration::from_millis(30)).maximum,
            Duration::from_millis(20)
        );
        assert_eq!(
            Allocation::fixed(Duration::from_millis(50), Duration::from_secs(1)).maximum,
            Duration::from_millis(10)
        );
    }
}
