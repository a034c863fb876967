//! The tuner's data generator: Kirin against itself at a fixed number of nodes a move,
//! from random openings, recording the quiet positions of every game with its result.
//!
//! A fixed node count makes the games independent of the machine's load and of the
//! number of games played at once (one search thread per game, games in parallel on
//! plain threads). A position is recorded when it is quiet enough for the static evaluation
//! to mean something: the side to move is not in check, the search's best move neither
//! captures nor promotes, and the score is no mate. Games are adjudicated as fishtest
//! does, so that won endings are not played out: a side scored `RESIGN_CP` behind by both
//! engines for `RESIGN_PLIES` plies loses, and a game still running after `max_plies`
//! is a draw.

use super::samples;
use crate::game_end;
use crate::position::{Position, Rules};
use crate::search::skill::SkillRng;
use crate::search::{Limits, MATE_BOUND, Searcher};
use crate::square::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Adjudication: this many plies in a row ...
const RESIGN_PLIES: usize = 6;
/// ... with the side to move's score at least this far from zero decide the game.
const RESIGN_CP: i32 = 1000;

#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies before the engines take over.
    pub openings: usize,
    pub seed: u64,
    /// A game that reaches this many plies is a draw.
    pub max_plies: usize,
    /// Transposition table per game, MB.
    pub hash_mb: usize,
}

/// One played game: its recorded positions (FENs) and result text.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub fens: Vec<String>,
    /// The search's score of each recorded position, centipawns from its side to move.
    pub scores: Vec<i32>,
    pub result: &'static str,
    pub plies: usize,
}

/// Plays game `index` of the run (its opening comes from `seed` and `index`).
pub fn play_game(rules: &Arc<Rules>, cfg: &SelfplayConfig, index: usize) -> PlayedGame {
    let mut rng = SkillRng::seeded(cfg.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut pos = Position::startpos(rules.clone());
    let searcher = Searcher::new(cfg.hash_mb, 1);
    let limits = Limits { nodes: Some(cfg.nodes.max(1)), multipv: 1, ..Limits::default() };
    let mut fens = Vec::new();
    let mut scores = Vec::new();
    // Plies in a row at which the side to move was ahead (+) or behind (-) by RESIGN_CP.
    let mut decided: Vec<i32> = Vec::new();
    let mut plies = 0;
    loop {
        if let Some(f) = game_end::game_over(&pos) {
            return PlayedGame { fens, scores, result: f.result, plies };
        }
        if plies >= cfg.max_plies {
            return PlayedGame { fens, scores, result: "1/2-1/2", plies };
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // `game_over` has ruled on positions without moves; this is only a guard.
            return PlayedGame { fens, scores, result: "1/2-1/2", plies };
        }
        let m = if plies < cfg.openings {
            moves[rng.next_u32() as usize % moves.len()]
        } else {
            searcher.prepare(&limits);
            let o = searcher.run(&pos, &limits, &mut |_| {});
            let Some(best) = o.best else {
                return PlayedGame { fens, scores, result: "1/2-1/2", plies };
            };
            let quiet = !pos.is_capture(best) && best.promotion().is_none();
            if quiet && !pos.in_check() && o.score.abs() < MATE_BOUND {
                fens.push(pos.fen());
                scores.push(o.score);
            }
            decided.push(if o.score >= RESIGN_CP {
                1
            } else if o.score <= -RESIGN_CP {
                -1
            } else {
                0
            });
            if let Some(winner) = adjudicated(&decided, pos.side_to_move()) {
                let result = if winner == Color::White { "1-0" } else { "0-1" };
                return PlayedGame { fens, scores, result, plies };
            }
            best
        };
        pos.make_move(m);
        plies += 1;
    }
}

/// The winner if the last `RESIGN_PLIES` verdicts (+1: the side to move then was ahead by
/// `RESIGN_CP`, -1 behind, 0 neither; the last one is `stm`'s) agree on one: the sign
/// alternates from ply to ply when both sides see the same side winning.
fn adjudicated(decided: &[i32], stm: Color) -> Option<Color> {
    let tail = decided.get(decided.len().checked_sub(RESIGN_PLIES)?..)?;
    let now = *tail.last()?;
    let agree = tail.iter().rev().enumerate().all(|(i, &d)| d == if i % 2 == 0 { now } else { -now });
    (now != 0 && agree).then_some(if now > 0 { stm } else { !stm })
}

/// The data file's lines of a played game: each position with the result and its score.
pub fn lines(game: &PlayedGame) -> impl Iterator<Item = String> + '_ {
    game.fens.iter().zip(&game.scores).map(|(f, &ce)| samples::scored_line(f, game.result, ce))
}

/// What a run played: games won by White, drawn, won by Black; plies; positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub white: usize,
    pub draws: usize,
    pub black: usize,
    pub plies: usize,
    pub positions: usize,
}

impl Tally {
    /// Adds one played game.
    fn count(&mut self, g: &PlayedGame) {
        self.white += usize::from(g.result == "1-0");
        self.draws += usize::from(g.result == "1/2-1/2");
        self.black += usize::from(g.result == "0-1");
        self.plies += g.plies;
        self.positions += g.fens.len();
    }
}

/// Plays `cfg.games` games, `threads` at a time. Each finished game goes to `on_game`
/// (with the number of games finished so far, itself included) as soon as it ends, so
/// that a long run keeps nothing in memory and its output survives an interruption: in
/// the order the games end, which is the order of their indices with one thread.
///
/// The game threads are plain threads taking the next game index in turn, not a rayon
/// pool: each game's search runs on its `Searcher`'s own pool, and a rayon worker that
/// waits for another pool steals its own pool's jobs meanwhile, so on a rayon pool games
/// started inside the waits of other games, one on top of another on the same stack (a
/// stack overflow after a few dozen games of a 2,000-game run).
pub fn generate(
    rules: &Arc<Rules>,
    cfg: &SelfplayConfig,
    threads: usize,
    on_game: &(dyn Fn(usize, &PlayedGame) + Sync),
) -> Tally {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let play = || {
        let mut t = Tally::default();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= cfg.games {
                return t;
            }
            let g = play_game(rules, cfg, i);
            on_game(done.fetch_add(1, Ordering::Relaxed) + 1, &g);
            t.count(&g);
        }
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, cfg.games.max(1))).map(|_| scope.spawn(play)).collect();
        // A game thread's panic is passed on, as the rayon pool did: a run must not end
        // with a silently smaller tally.
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).fold(
            Tally::default(),
            |a, b| Tally {
                white: a.white + b.white,
                draws: a.draws + b.draws,
                black: a.black + b.black,
                plies: a.plies + b.plies,
                positions: a.positions + b.positions,
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn adjudication_needs_both_sides_to_agree() {
        // White to move now, and White was ahead on its last three turns, behind on none.
        assert_eq!(adjudicated(&[0, -1, 1, -1, 1, -1, 1], Color::White), Some(Color::White));
        assert_eq!(adjudicated(&[-1, 1, -1, 1, -1, 1], Color::Black), Some(Color::Black));
        assert_eq!(adjudicated(&[1, -1, 1, -1, 1, -1], Color::Black), Some(Color::White));
        assert_eq!(adjudicated(&[1, -1, 1, 0, 1, -1], Color::Black), None, "one ply undecided");
        assert_eq!(adjudicated(&[1, 1, 1, 1, 1, 1], Color::White), None, "each side thinks it wins");
        assert_eq!(adjudicated(&[-1, 1, -1, 1, -1], Color::White), None, "too few plies");
    }

    #[test]
    fn one_game_thread_plays_the_games_in_order() {
        // On a rayon pool the games nested inside each other's waits for the search pool
        // (a stack overflow in a 2,000-game courier run) and ended out of order.
        let rules = Catalog::embedded().get("courier").unwrap();
        let cfg = SelfplayConfig { games: 24, nodes: 40, openings: 2, seed: 3, max_plies: 12, hash_mb: 1 };
        let seen = std::sync::Mutex::new(Vec::new());
        generate(&rules, &cfg, 1, &|n, g| seen.lock().unwrap().push((n, g.fens.clone())));
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 24);
        for (i, (n, fens)) in seen.iter().enumerate() {
            assert_eq!(*n, i + 1);
            assert_eq!(fens, &play_game(&rules, &cfg, i).fens, "the game that ended as number {n} is not game {i}");
        }
    }

    #[test]
    fn games_are_reproducible_and_record_quiet_positions_with_the_result() {
        let rules = Catalog::embedded().get("chess").unwrap();
        let cfg = SelfplayConfig { games: 2, nodes: 300, openings: 4, seed: 7, max_plies: 60, hash_mb: 1 };
        let a = play_game(&rules, &cfg, 1);
        let b = play_game(&rules, &cfg, 1);
        assert_eq!((a.fens.clone(), a.result), (b.fens.clone(), b.result), "same seed and index, same game");
        assert!(!a.fens.is_empty() && a.plies <= 60);
        for fen in &a.fens {
            let mut p = Position::from_fen(rules.clone(), fen).unwrap();
            assert!(!p.in_check(), "{fen}");
            assert!(!p.legal_moves().is_empty(), "{fen}");
        }
        let seen = std::sync::Mutex::new(Vec::new());
        let tally = generate(&rules, &cfg, 2, &|n, g| seen.lock().unwrap().push((n, g.clone())));
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|(n, _)| *n);
        assert_eq!(seen.iter().map(|(n, _)| *n).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(tally.white + tally.draws + tally.black, 2);
        assert_eq!(tally.positions, seen.iter().map(|(_, g)| g.fens.len()).sum::<usize>());
        assert_eq!(tally.plies, seen.iter().map(|(_, g)| g.plies).sum::<usize>());
        let (_, g) = &seen[0];
        let first: Vec<String> = lines(g).collect();
        assert_eq!(first.len(), g.fens.len());
        assert!(first.iter().all(|l| l.contains(&format!("c9 \"{}\"; ce ", g.result))));
        let parsed = samples::parse(&first.join("\n")).unwrap();
        assert_eq!(parsed.iter().map(|s| s.score.unwrap()).collect::<Vec<_>>(), g.scores);
    }
}
