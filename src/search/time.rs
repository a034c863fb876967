//! Time allocation for one move.
//!
//! From the clock (`wtime/btime/winc/binc/movestogo`, XBoard `level`/`time`/`otim`) it
//! computes an *optimum* time (stop starting new iterations after it) and a *maximum*
//! (abort the running iteration). A fixed move overhead is kept in reserve for process and
//! GUI latency, so that even 1 s + 0.01 s games are not lost on time.

use std::time::Duration;

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
/// what the engine's own clock cannot see (the pipe, the GUI, the operating system).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;

/// The largest `Move Overhead` accepted.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

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
    pub fn from_clock(clock: Clock, overhead: Duration) -> Allocation {
        let left = ms(clock.time);
        let inc = ms(clock.inc);
        let usable = left.saturating_sub(ms(overhead));
        // Sudden death and increment clocks: plan on 35 more moves, in every variant. In
        // Chu, whose games run 150-300 moves, this spends most of the clock in the first
        // 40-60 moves, which is what scored best against HaChu (chu, 30 s + 0.3 s, the same
        // 12 openings, 2026-11-23, both builds with the capture-search limit): 5 of 12 with
        // it; 2 of 12 when planning on 20 + men/2 moves (66 at the start of Chu) and not
        // beginning an iteration predicted to run past twice its target, which kept 15 s
        // for the late middle game.
        let mtg = clock.moves_to_go.unwrap_or(35).clamp(1, 60) as u64;
        let mut optimum = (usable / mtg).saturating_add(inc / 4 * 3);
        // Never plan to use more than what keeps a margin for the remaining moves; with
        // little time left keep more in reserve (scheduling delays on a loaded machine).
        let cap = if mtg == 1 {
            usable / 10 * 9
        } else if left < 1000 {
            usable / 4
        } else {
            usable / 2
        };
        optimum = optimum.min(cap);
        // With under two seconds left an overrun of the plan costs more than it gains.
        let stretch = if left < 2000 { 2 } else { 3 };
        let maximum = optimum.saturating_mul(stretch).min(cap).max(optimum);
        Allocation { optimum: Duration::from_millis(optimum.max(1)), maximum: Duration::from_millis(maximum.max(1)) }
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
            let a = Allocation::from_clock(
                Clock { time: Duration::from_millis(t), inc: Duration::from_millis(inc), moves_to_go: mtg },
                oh,
            );
            assert!(a.optimum <= a.maximum);
            if t > 0 {
                assert!(a.maximum.as_millis() as u64 <= t.max(1), "{t} {inc} {mtg:?}: {a:?}");
            }
        }
        // 1 s + 0.01 s: a small slice per move.
        let a = Allocation::from_clock(
            Clock { time: Duration::from_millis(1000), inc: Duration::from_millis(10), moves_to_go: None },
            oh,
        );
        assert!(a.optimum.as_millis() < 60);
    }

    /// With less than the overhead on the clock the move is played at once, whatever the
    /// increment: spending the increment there is what drained the clock.
    #[test]
    fn below_the_overhead_a_move_costs_a_millisecond() {
        for left in [0, 10, 29] {
            let a = Allocation::from_clock(
                Clock { time: Duration::from_millis(left), inc: Duration::from_millis(10), moves_to_go: None },
                Duration::from_millis(30),
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
