//! The positions since the last irreversible move: repetitions.

use super::Position;

impl Position {
    /// Looks back for the current position (same side to move), no further than the last
    /// irreversible move or null move: the distance in plies to its most recent occurrence,
    /// and how many earlier occurrences were counted. The scan stops as soon as
    /// `enough(distance, count)` holds.
    fn scan_repetitions(&self, enough: impl Fn(usize, usize) -> bool) -> (Option<usize>, usize) {
        let limit = self.st.rule50.min(self.st.plies_from_null) as usize;
        let len = self.history.len();
        let mut first = None;
        let mut count = 0;
        let mut i = 2;
        while i <= limit && i <= len {
            if self.history[len - i].state.key == self.st.key {
                count += 1;
                first.get_or_insert(i);
                if enough(i, count) {
                    break;
                }
            }
            i += 2;
        }
        (first, count)
    }

    /// The number of times the current position occurred before.
    pub fn repetitions(&self) -> usize {
        self.scan_repetitions(|_, _| false).1
    }

    /// The length in plies of the repetition cycle that ends here, if the position
    /// occurred before within the last `ply` plies (inside a search tree) or at least
    /// `needed` earlier times in all (game rules: `nFoldRule - 1`).
    pub fn repetition_cycle(&self, ply: usize, needed: usize) -> Option<usize> {
        let (first, count) = self.scan_repetitions(|i, count| i <= ply || count >= needed);
        let cycle = first?;
        (cycle <= ply || count >= needed).then_some(cycle)
    }
}
