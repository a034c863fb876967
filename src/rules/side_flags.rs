//! A flag per colour that a rule keeps in its state (a once-per-game right used, a
//! relocation on the last move), with the marks it leaves in the FEN's castling field and
//! its hash keys: one type, so that each rule names only its marks and keys.

use crate::square::Color;

/// Bit `c` set when the flag of colour `c` is up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFlags(u8);

impl SideFlags {
    #[inline]
    pub fn is_set(self, c: Color) -> bool {
        self.0 & (1 << c.index()) != 0
    }

    #[inline]
    pub fn set(&mut self, c: Color) {
        self.0 |= 1 << c.index();
    }

    #[inline]
    pub fn clear(&mut self, c: Color) {
        self.0 &= !(1 << c.index());
    }

    /// Reads a castling-field character: `marks[0]` raises White's flag, `marks[1]` Black's.
    pub fn read_mark(&mut self, ch: char, marks: [char; 2]) -> bool {
        match Color::BOTH.iter().find(|c| marks[c.index()] == ch) {
            Some(&c) => {
                self.set(c);
                true
            }
            None => false,
        }
    }

    /// Writes colour `c`'s mark when its flag is up.
    pub fn write_mark(self, c: Color, marks: [char; 2], out: &mut String) {
        if self.is_set(c) {
            out.push(marks[c.index()]);
        }
    }

    /// The flags' share of the hash key: `keys[c]` for each raised flag.
    pub fn key(self, keys: &[u64; 2]) -> u64 {
        Color::BOTH.iter().filter(|c| self.is_set(**c)).fold(0, |k, c| k ^ keys[c.index()])
    }
}
