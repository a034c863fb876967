//! The one place that decides whether a game is over, and how: a side without royals, the
//! rules' immediate ends (bare king), checkmate and stalemate, the n-move rule and
//! repetition (with the rules' exceptions, such as the perpetual checker's). The engine,
//! the protocols and the search all ask here.

use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;
use crate::variant::EndValue;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: &'static str,
    /// The winner's share of the point when it is not the whole point (`(3, 5)`).
    pub points: Option<(u8, u8)>,
}

/// The result `v` for `side`, as a game result.
fn result_for(v: EndValue, side: Color, reason: &'static str) -> GameResult {
    match v {
        EndValue::Loss => GameResult { winner: Some(!side), reason, points: None },
        EndValue::Win => GameResult { winner: Some(side), reason, points: None },
        EndValue::Draw => GameResult { winner: None, reason, points: None },
        EndValue::Points(n, d) if 2 * n > d => GameResult { winner: Some(side), reason, points: Some((n, d)) },
        EndValue::Points(n, d) if 2 * n < d => GameResult { winner: Some(!side), reason, points: Some((d - n, d)) },
        EndValue::Points(..) => GameResult { winner: None, reason, points: None },
    }
}

/// A result that holds before any move is considered: a side without royals (in a variant
/// with royals), or a rule's end (bare king).
pub fn immediate(pos: &Position) -> Option<GameResult> {
    let us = pos.side_to_move();
    if pos.variant().has_royals() {
        for c in [!us, us] {
            if pos.royal_count(c) == 0 {
                return Some(GameResult { winner: Some(!c), reason: "royal piece captured", points: None });
            }
        }
    }
    pos.hooks().immediate_end(pos).map(|e| result_for(e.value, e.side, e.reason))
}

/// The result if the position ends the game by itself: the immediate ends, then checkmate
/// or stalemate. (Repetition and the n-move rule need the game's history: [`game_over`].)
pub fn terminal(pos: &mut Position) -> Option<GameResult> {
    if let Some(r) = immediate(pos) {
        return Some(r);
    }
    if !pos.legal_moves().is_empty() {
        return None;
    }
    let us = pos.side_to_move();
    if pos.in_check() {
        Some(GameResult { winner: Some(!us), reason: "checkmate", points: None })
    } else {
        Some(result_for(pos.variant().stalemate, us, "stalemate"))
    }
}

/// The n-move rule has drawn the game.
pub fn n_move_draw(pos: &Position) -> bool {
    let n = pos.variant().n_move_rule;
    n > 0 && pos.state().rule50 >= 2 * n
}

/// The value, for the side to move, of a repetition of the current position, if the
/// position occurred before within the last `ply` plies (inside a search tree) or at least
/// `needed` earlier times in all (game rules: `nFoldRule - 1`).
///
/// The side that completed the repetition (the one that just moved) gets `nFoldValue`,
/// unless a rule says otherwise: the perpetual checker's value, where one side attacked the
/// other's royal on every move of the cycle. Whether it did is worked out here, by taking
/// the cycle's moves back and playing them again, so that no move pays for it.
pub fn repetition_value(pos: &mut Position, ply: usize, needed: usize) -> Option<EndValue> {
    let cycle = pos.repetition_cycle(ply, needed)?;
    if pos.hooks().repetition_needs_checks() {
        let checked = checks_in_cycle(pos, cycle);
        if let Some(v) = pos.hooks().repetition_value(cycle, |k| checked[k]) {
            return Some(v);
        }
    }
    Some(pos.variant().n_fold_value.flipped())
}

/// For `k` in `0..cycle`: was a royal of the side to move attacked `k` plies ago?
fn checks_in_cycle(pos: &mut Position, cycle: usize) -> Vec<bool> {
    let mut checked = Vec::with_capacity(cycle);
    let mut taken_back: Vec<Move> = Vec::with_capacity(cycle);
    for k in 0..cycle {
        checked.push(pos.royal_attacked());
        if k + 1 < cycle {
            taken_back.push(pos.state().last_move);
            pos.unmake_move();
        }
    }
    for m in taken_back.into_iter().rev() {
        pos.make_move(m);
    }
    checked
}

/// A finished game: PGN result and a comment in the usual words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    pub comment: String,
    pub by: EndBy,
}

/// Which kind of rule ended the game: the counting rules are where hosts differ (a GUI may
/// count 70 moves where the variant says 50), so a protocol may leave them to the host.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndBy {
    /// Mate, stalemate, a royal captured, bare king and the other rules of the position.
    Position,
    /// The n-move rule.
    MoveCount,
    /// Repetition (a draw, or a loss for a perpetual checker).
    Repetition,
}

/// Is the game over by rule in `pos` (whose history is the game)? Checks the immediate
/// rules, checkmate and stalemate, the n-move rule and repetition.
pub fn game_over(pos: &Position) -> Option<Finished> {
    let mut pos = pos.clone();
    let us = pos.side_to_move();
    let res = |w: Option<Color>| match w {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    if let Some(r) = terminal(&mut pos) {
        let comment = match (r.reason, r.winner, r.points) {
            ("checkmate", Some(Color::White), _) => "White mates".to_string(),
            ("checkmate", Some(Color::Black), _) => "Black mates".to_string(),
            ("stalemate", Some(_), Some((n, d))) => format!("Stalemate: {n}/{d} to the stalemating side"),
            ("stalemate", _, _) => "Stalemate".to_string(),
            (reason, _, Some((n, d))) => format!("{reason}: {n}/{d} to the winner"),
            (reason, _, None) => reason.to_string(),
        };
        return Some(Finished { result: res(r.winner), comment, by: EndBy::Position });
    }
    let (n_move_rule, n_fold) = (pos.variant().n_move_rule, pos.variant().n_fold);
    if n_move_draw(&pos) {
        return Some(Finished { result: "1/2-1/2", comment: format!("{n_move_rule}-move rule"), by: EndBy::MoveCount });
    }
    if n_fold > 0
        && let Some(val) = repetition_value(&mut pos, 0, (n_fold - 1) as usize)
    {
        // `val` is for the side to move.
        let (winner, text) = match val {
            EndValue::Draw | EndValue::Points(..) => (None, "Draw by repetition"),
            EndValue::Win => (Some(us), "repetition"),
            EndValue::Loss => (Some(!us), "repetition"),
        };
        return Some(Finished { result: res(winner), comment: text.to_string(), by: EndBy::Repetition });
    }
    None
}
