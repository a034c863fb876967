//! A weaker level for human opponents (the `Skill Level` option, 0-20), in the manner of
//! Stockfish: at a level below 20 the search looks at the best `SKILL_LINES` root moves
//! (MultiPV), and once it has completed depth `1 + level` it picks among them by a rule
//! that adds to each move's score a push that grows with its distance from the best one
//! and a random one, both larger at lower levels. So a low level plays a plausible move that
//! is often not the best, and blunders more the lower it is; level 20 is the full engine.
//! The levels are not calibrated to Elo.

/// Full strength: no handicap.
pub const MAX_SKILL: u8 = 20;

/// How many root moves a handicapped search keeps scores for.
pub const SKILL_LINES: usize = 4;

/// The value of a pawn in the push, as Stockfish caps the spread of the candidate scores.
const PAWN: i32 = 100;

/// A level below `MAX_SKILL`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

impl Skill {
    /// The handicap for `level`, or None at full strength.
    pub fn new(level: u8) -> Option<Skill> {
        (level < MAX_SKILL).then_some(Skill { level })
    }

    /// The depth at which the move is picked: deeper iterations would only play stronger.
    pub fn pick_depth(self) -> i32 {
        1 + self.level as i32
    }

    /// Index of the move to play among `scores` (the root moves' scores, best first, at
    /// least one). `random` gives a fresh random number on each call.
    pub fn pick(self, scores: &[i32], random: &mut dyn FnMut() -> u32) -> usize {
        let top = scores[0];
        let worst = scores[scores.len() - 1];
        let delta = (top - worst).clamp(0, PAWN);
        let weakness = 120 - 2 * self.level as i32;
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, &s) in scores.iter().enumerate() {
            let push = (weakness * (top - s) + delta * (random() % weakness as u32) as i32) / 128;
            if s.saturating_add(push) >= best_score {
                best_score = s.saturating_add(push);
                best = i;
            }
        }
        best
    }
}

/// SplitMix64, seeded from the clock for the pick: each game differs, and seeds that differ
/// only in their low bits (successive clock readings) still give unrelated numbers.
pub struct SkillRng(u64);

impl SkillRng {
    pub fn from_time() -> SkillRng {
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        SkillRng(t)
    }

    pub fn seeded(seed: u64) -> SkillRng {
        SkillRng(seed)
    }

    pub fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picks(level: u8, scores: &[i32]) -> Vec<usize> {
        let skill = Skill::new(level).unwrap();
        let mut rng = SkillRng::seeded(12345);
        let mut counts = vec![0; scores.len()];
        for _ in 0..1000 {
            counts[skill.pick(scores, &mut || rng.next_u32())] += 1;
        }
        counts
    }

    #[test]
    fn full_strength_has_no_handicap() {
        assert!(Skill::new(MAX_SKILL).is_none());
        assert_eq!(Skill::new(0).unwrap().pick_depth(), 1);
        assert_eq!(Skill::new(19).unwrap().pick_depth(), 20);
    }

    /// Four moves within a pawn: the weakest level often plays a worse one, a high level
    /// mostly the best.
    #[test]
    fn lower_levels_leave_the_best_move_more_often() {
        let close = [60, 40, 10, -30];
        let weak = picks(0, &close);
        let strong = picks(19, &close);
        assert!(weak[0] < 800, "level 0 picked the best move {} times of 1000", weak[0]);
        assert!(weak[1] + weak[2] + weak[3] > 200, "{weak:?}");
        assert!(strong[0] > weak[0], "level 19 {strong:?} against level 0 {weak:?}");
    }

    /// At a middle level a move a queen worse than the best is never the pick (the random
    /// push is at most a pawn); at level 0 the deterministic push almost cancels the
    /// difference, so any of the candidates can be played.
    #[test]
    fn how_far_below_the_best_a_pick_can_be() {
        let blunders = [50, 30, -900, -950];
        let middle = picks(10, &blunders);
        assert_eq!(middle[2] + middle[3], 0, "{middle:?}");
        let weakest = picks(0, &blunders);
        assert!(weakest[2] + weakest[3] > 0, "{weakest:?}");
    }
}
