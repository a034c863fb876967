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

/// Milliseconds kept back for communication delays.
pub const MOVE_OVERHEAD_MS: u64 = 40;

#[derive(Debug, Clone, Copy)]
pub struct Allocation {
    pub optimum: Duration,
    pub maximum: Duration,
}

impl Allocation {
    /// Time budget for a move with `clock`.
    pub fn from_clock(clock: Clock) -> Allocation {
        let left = clock.time.as_millis() as u64;
        let inc = clock.inc.as_millis() as u64;
        // Reserve: the overhead, but never more than a third of what is left.
        let overhead = MOVE_OVERHEAD_MS.min(left / 3);
        let usable = left.saturating_sub(overhead);
        // Sudden death and increment clocks: plan on 35 more moves, in every variant. In
        // Chu, whose games run 150-300 moves, this spends most of the clock in the first
        // 40-60 moves, which is what scored best against HaChu (chu, 30 s + 0.3 s, the same
        // 12 openings, 2026-11-23, both builds with the capture-search limit): 5 of 12 with
        // it; 2 of 12 when planning on 20 + men/2 moves (66 at the start of Chu) and not
        // beginning an iteration predicted to run past twice its target, which kept 15 s
        // for the late middle game.
        let mtg = clock.moves_to_go.unwrap_or(35).clamp(1, 60) as u64;
        let mut optimum = usable / mtg + inc * 3 / 4;
        // Never plan to use more than what keeps a margin for the remaining moves; with
        // little time left keep more in reserve (scheduling delays on a loaded machine).
        let cap = if mtg == 1 {
            usable * 9 / 10
        } else if left < 1000 {
            usable / 4
        } else {
            usable / 2
        };
        optimum = optimum.min(cap);
        // With under two seconds left an overrun of the plan costs more than it gains.
        let stretch = if left < 2000 { 2 } else { 3 };
        let maximum = (optimum * stretch).min(cap).max(optimum);
        Allocation { optimum: Duration::from_millis(optimum.max(1)), maximum: Duration::from_millis(maximum.max(1)) }
    }

    /// Fixed time per move (`movetime`, XBoard `st`).
    pub fn fixed(t: Duration) -> Allocation {
        let ms = (t.as_millis() as u64).saturating_sub(MOVE_OVERHEAD_MS.min(t.as_millis() as u64 / 5)).max(1);
        let d = Duration::from_millis(ms);
        Allocation { optimum: d, maximum: d }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        for (t, inc, mtg) in
            [(1000, 10, None), (60_000, 0, Some(40)), (50, 0, None), (5, 0, None), (0, 0, None), (300, 100, Some(1))]
        {
            let a = Allocation::from_clock(Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(inc),
                moves_to_go: mtg,
            });
            assert!(a.optimum <= a.maximum);
            if t > 0 {
                assert!(a.maximum.as_millis() as u64 <= t.max(1), "{t} {inc} {mtg:?}: {a:?}");
            }
        }
        // 1 s + 0.01 s: a small slice per move.
        let a = Allocation::from_clock(Clock {
            time: Duration::from_millis(1000),
            inc: Duration::from_millis(10),
            moves_to_go: None,
        });
        assert!(a.optimum.as_millis() < 60);
    }
}
