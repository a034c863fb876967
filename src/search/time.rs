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

/// Moves still to play, as planned for a sudden-death or increment clock: 40 in chess, more
/// with more men on the board. Chu Shogi starts with 92 and its games run to 150-300 moves;
/// planning 35 there left Kirin with 1-2 s of a 30 s + 0.3 s clock after 40 moves, to play
/// the next hundred on the increment (the three games of a HaChu match, 2026-11-22, that got
/// that far). This plan alone does not cure it: the search overruns its optimum, since it
/// only stops between iterations, and Kirin still reached 1-2 s by move 40-60.
pub fn expected_moves(pieces: u32) -> u64 {
    (20 + u64::from(pieces) / 2).clamp(40, 80)
}

#[derive(Debug, Clone, Copy)]
pub struct Allocation {
    pub optimum: Duration,
    pub maximum: Duration,
}

impl Allocation {
    /// Time budget for a move with `clock`, in a position with `pieces` men on the board.
    pub fn from_clock(clock: Clock, pieces: u32) -> Allocation {
        let left = clock.time.as_millis() as u64;
        let inc = clock.inc.as_millis() as u64;
        // Reserve: the overhead, but never more than a third of what is left.
        let overhead = MOVE_OVERHEAD_MS.min(left / 3);
        let usable = left.saturating_sub(overhead);
        let mtg = clock.moves_to_go.map_or(expected_moves(pieces), |m| m.clamp(1, 80) as u64);
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

    /// Whether to begin another iteration, `elapsed` into the move, with `target` the time
    /// this move should take (the optimum scaled by how settled the best move is) and
    /// `iter_times` the durations of the last two iterations (older first).
    ///
    /// The search stops on its own only between iterations; one cut off by the maximum is
    /// thrown away (all but a new best move found in it). So besides not starting once the
    /// target is spent, an iteration predicted to end past twice the target (or the
    /// maximum) is not begun: it is predicted to take the last one's time times the growth
    /// from the one before (1.5 to 4). In Chu, where iterations grow 2-4 times, checking
    /// only the target let moves run to the maximum, 3 times the plan, and drained a
    /// 30 s + 0.3 s clock to 1-2 s by move 40 (HaChu games, 2026-11-22).
    pub fn next_iteration_fits(&self, elapsed: Duration, target: Duration, iter_times: [Duration; 2]) -> bool {
        if elapsed >= target {
            return false;
        }
        let [before, last] = iter_times;
        let growth = if before >= Duration::from_millis(5) {
            (last.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 4.0)
        } else {
            2.0
        };
        elapsed + last.mul_f64(growth) <= (target * 2).min(self.maximum)
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
            let a = Allocation::from_clock(
                Clock { time: Duration::from_millis(t), inc: Duration::from_millis(inc), moves_to_go: mtg },
                32,
            );
            assert!(a.optimum <= a.maximum);
            if t > 0 {
                assert!(a.maximum.as_millis() as u64 <= t.max(1), "{t} {inc} {mtg:?}: {a:?}");
            }
        }
        // 1 s + 0.01 s: a small slice per move.
        let a = Allocation::from_clock(
            Clock { time: Duration::from_millis(1000), inc: Duration::from_millis(10), moves_to_go: None },
            32,
        );
        assert!(a.optimum.as_millis() < 60);
    }

    #[test]
    fn iterations_predicted_to_overrun_are_not_begun() {
        let ms = Duration::from_millis;
        let a = Allocation { optimum: ms(700), maximum: ms(2100) };
        // Target spent: stop, however short the iterations.
        assert!(!a.next_iteration_fits(ms(700), ms(700), [ms(1), ms(2)]));
        // 300 ms in, the last iteration 200 ms after 50 ms (growth 4): predicted to end at
        // 1100 ms, inside twice the target.
        assert!(a.next_iteration_fits(ms(300), ms(700), [ms(50), ms(200)]));
        // 600 ms in, the last iteration 400 ms after 100 ms: predicted 2200 ms, past both
        // twice the target (1400 ms) and the maximum.
        assert!(!a.next_iteration_fits(ms(600), ms(700), [ms(100), ms(400)]));
        // Growth is taken as at least 1.5: 450 + 1.5 * 400 = 1050 fits in 1400...
        assert!(a.next_iteration_fits(ms(450), ms(700), [ms(400), ms(400)]));
        // ... but not when the target is shorter (520 ms: 1040 ms allowed).
        assert!(!a.next_iteration_fits(ms(450), ms(520), [ms(400), ms(400)]));
        // With no earlier iteration to compare, the growth is taken as 2.
        assert!(!a.next_iteration_fits(ms(400), ms(700), [ms(0), ms(600)]));
        assert!(a.next_iteration_fits(ms(400), ms(700), [ms(0), ms(400)]));
    }

    /// Plays out a long game on a 30 s + 0.3 s clock, each move using 1.5 times its optimum
    /// (the search stops between iterations, so it overruns the plan), with the men on the
    /// board falling from `start` to a third of it over 150 moves. Returns the clock after
    /// 40 moves.
    fn clock_after_40(start: u32) -> u64 {
        let mut left = 30_000u64;
        for mv in 0..40u32 {
            let pieces = start - (start * 2 / 3) * mv / 150;
            let a = Allocation::from_clock(
                Clock { time: Duration::from_millis(left), inc: Duration::from_millis(300), moves_to_go: None },
                pieces,
            );
            let used = (a.optimum.as_millis() as u64 * 3 / 2).min(a.maximum.as_millis() as u64);
            left = left - used + 300;
        }
        left
    }

    #[test]
    fn long_games_keep_time_for_the_middle_game() {
        // Chu Shogi (92 men): planning on 35 moves left 4.5 s here; now over 10 s.
        let chu = clock_after_40(92);
        assert!(chu > 9_000, "chu: {chu} ms left after 40 moves");
        // Chess spends more of its clock by then (40 moves planned, 35 before: 4.5 s).
        let chess = clock_after_40(32);
        assert!((5_000..chu).contains(&chess), "chess: {chess} ms left after 40 moves");
    }
}
