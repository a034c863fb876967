//! When a timed search stops iterating: after each completed iteration the main thread
//! asks whether the time spent so far has reached the move's optimum time
//! (`time::Allocation`), stretched or shrunk by how settled the search looks.
//!
//! Two rules, chosen by the `timeStop` search parameter:
//!
//! - Kirin's (0): 1.5 times the optimum while the best move has just changed, 1.2 one
//!   iteration later, 0.75 once it has held for four, and 1.3 times more when the score
//!   fell by 25 centipawns or more in the last iteration.
//! - Stockfish 11's (1; its `search.cpp`, read, not copied): the product of a falling
//!   score (against the last move's search and four iterations back, 0.5 to 1.5), a
//!   reduction once the best move has held for ten iterations, carried in part into the
//!   next move's search (the time a settled move saves goes to the next one), and one
//!   plus the number of best-move changes, halved at every iteration (so that a change
//!   at the last iterations weighs most). It is meant for Stockfish's time plan
//!   (`timeCurve`), whose optimum is about twice what a settled move spends.

use crate::moves::Move;

/// What a rule keeps from one search of a game to the next (Stockfish's
/// `previousScore` and `previousTimeReduction`); a new game starts from the default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StopMemory {
    /// The score the last search ended with, if there was one.
    pub last_score: Option<i32>,
    /// The last search's time reduction.
    pub time_reduction: f64,
}

impl Default for StopMemory {
    fn default() -> StopMemory {
        StopMemory { last_score: None, time_reduction: 1.0 }
    }
}

/// Stockfish 11's score unit is 213 to a pawn's endgame value; Kirin's is 100. Its
/// falling-score weight of 6 per unit is this many per centipawn.
const SF_FALL_PER_CP: f64 = 6.0 * 2.13;

/// A rule's state through one search.
#[derive(Debug, Clone)]
pub struct StopRule {
    stockfish: bool,
    memory: StopMemory,
    /// The best move of the last completed iteration and the iteration where it became
    /// the best.
    best: Option<Move>,
    best_since: i32,
    /// The last completed iteration's score, and the drop from the one before it.
    score: Option<i32>,
    drop: i32,
    /// Scores of the last four completed iterations, oldest at `iter_idx`.
    iter_scores: [i32; 4],
    iter_idx: usize,
    /// Root best-move changes, halved at the start of every iteration.
    changes: f64,
    time_reduction: f64,
}

impl StopRule {
    /// A rule for a new search: Stockfish's if `stockfish`, with what the game's last
    /// search left in `memory`.
    pub fn new(stockfish: bool, memory: StopMemory) -> StopRule {
        StopRule {
            stockfish,
            memory,
            best: None,
            best_since: 0,
            score: None,
            drop: 0,
            iter_scores: [memory.last_score.unwrap_or(0); 4],
            iter_idx: 0,
            changes: 0.0,
            time_reduction: 1.0,
        }
    }

    /// An iteration begins: older best-move changes count half as much.
    pub fn start_iteration(&mut self) {
        self.changes /= 2.0;
    }

    /// A root move other than the first of its iteration raised alpha: a new best move.
    pub fn note_best_move_change(&mut self) {
        self.changes += 1.0;
    }

    /// Iteration `depth` completed with `best` scoring `score`.
    pub fn end_iteration(&mut self, depth: i32, best: Move, score: i32) {
        if self.best != Some(best) {
            self.best = Some(best);
            self.best_since = depth;
        }
        self.drop = self.score.map_or(0, |s| s - score);
        self.score = Some(score);
    }

    /// The factor of the optimum time after iteration `depth`: the search stops once the
    /// time spent reaches the optimum times this. Call it once per completed iteration,
    /// after `end_iteration`.
    pub fn factor(&mut self, depth: i32) -> f64 {
        let score = self.score.unwrap_or(0);
        if !self.stockfish {
            let stable = depth - self.best_since;
            let mut factor = match stable {
                0 => 1.5,
                1 => 1.2,
                2 | 3 => 1.0,
                _ => 0.75,
            };
            if self.drop >= 25 {
                factor *= 1.3;
            }
            return factor;
        }
        let last = self.memory.last_score.unwrap_or(score);
        let falling = (332.0
            + SF_FALL_PER_CP * f64::from(last - score)
            + SF_FALL_PER_CP * f64::from(self.iter_scores[self.iter_idx] - score))
            / 704.0;
        let falling = falling.clamp(0.5, 1.5);
        self.iter_scores[self.iter_idx] = score;
        self.iter_idx = (self.iter_idx + 1) % 4;
        self.time_reduction = if self.best_since + 9 < depth { 1.94 } else { 0.91 };
        let reduction = (1.41 + self.memory.time_reduction) / (2.27 * self.time_reduction);
        falling * reduction * (1.0 + self.changes)
    }

    /// What the next search of the game starts from, given the score this one ended with.
    pub fn memory(&self, score: i32) -> StopMemory {
        StopMemory { last_score: Some(score), time_reduction: self.time_reduction }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn mv(to: u8) -> Move {
        Move::new(Square::from_index(0), Square::from_index(to as usize))
    }

    #[test]
    fn kirin_rule_spends_more_while_the_move_changes() {
        let mut r = StopRule::new(false, StopMemory::default());
        r.end_iteration(1, mv(1), 10);
        assert_eq!(r.factor(1), 1.5);
        r.end_iteration(2, mv(1), 10);
        assert_eq!(r.factor(2), 1.2);
        for d in 3..=6 {
            r.end_iteration(d, mv(1), 10);
        }
        assert_eq!(r.factor(6), 0.75);
        r.end_iteration(7, mv(1), -20);
        assert_eq!(r.factor(7), 0.75 * 1.3);
    }

    /// Stockfish 11: a steady search with steady scores stops at about half the optimum
    /// (0.5 x 1.12); ten iterations on one move cut that to about a quarter, and the
    /// next move's search keeps part of the saving.
    #[test]
    fn stockfish_rule_saves_on_a_settled_move_and_carries_it_over() {
        let mut r = StopRule::new(true, StopMemory { last_score: Some(30), time_reduction: 0.91 });
        r.start_iteration();
        r.end_iteration(1, mv(1), 30);
        let first = r.factor(1);
        assert!((first - 0.5 * 2.32 / (2.27 * 0.91)).abs() < 1e-9, "{first}");
        for d in 2..=12 {
            r.start_iteration();
            r.end_iteration(d, mv(1), 30);
            r.factor(d);
        }
        let settled = r.factor(12);
        assert!(settled < 0.3, "{settled}");
        let next = StopRule::new(true, r.memory(30));
        assert_eq!(next.memory.time_reduction, 1.94);
    }

    #[test]
    fn stockfish_rule_spends_more_on_a_falling_score_and_a_changing_move() {
        let steady = {
            let mut r = StopRule::new(true, StopMemory { last_score: Some(0), time_reduction: 1.0 });
            r.end_iteration(5, mv(1), 0);
            r.factor(5)
        };
        let mut r = StopRule::new(true, StopMemory { last_score: Some(0), time_reduction: 1.0 });
        r.start_iteration();
        r.note_best_move_change();
        r.end_iteration(5, mv(2), -40);
        let worried = r.factor(5);
        assert!(worried > 2.0 * steady, "{worried} against {steady}");
        // The change is halved at each new iteration.
        r.start_iteration();
        assert_eq!(r.changes, 0.5);
    }
}
