//! Helpers shared by the test binaries (not every binary uses every helper).
#![allow(dead_code)]

use kirin::square::Square;

/// The board field of a FEN for a `files` x `ranks` board from a piece list of
/// (square, token) pairs; panics on a bad square or two pieces on one square.
pub fn board_from_pieces(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid = vec![vec![String::new(); files]; ranks];
    for (sq, tok) in pieces {
        let s = Square::parse(sq).unwrap_or_else(|| panic!("bad square {sq}"));
        let cell = &mut grid[s.rank() as usize][s.file() as usize];
        assert!(cell.is_empty(), "two pieces on {sq}");
        *cell = tok.to_string();
    }
    let rows: Vec<String> = (0..ranks)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut empty = 0;
            for c in &grid[r] {
                if c.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += c;
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    rows.join("/")
}

/// Small deterministic generator for playouts.
pub struct Lcg(pub u64);
impl Lcg {
    pub fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}
