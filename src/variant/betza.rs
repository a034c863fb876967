//! XBetza parser: turns a piece description such as `fmWfceFifmnD` into concrete move
//! components (vectors, ranges, modalities) for each colour.
//!
//! The semantics follow XBoard's `MovesFromString` (moves.c), which is also what XBoard
//! uses to check our moves when we send `piece` lines, with these documented extensions:
//!
//! * **Arbitrary leaps**: `(x,y)` is the leaper atom with that step, in any order, e.g. the
//!   Leaping Bat is `(8,1)(7,4)`. The Interactive-Diagram suffixes `X` (long coordinate +3)
//!   and `Y` (both coordinates +2) are accepted too: `FX` = (4,1), `NY` = (4,3).
//! * **Riders**: a doubled atom (`NN`) means the same as range 0 (`N0`): unlimited.
//! * **Modifier order**: direction and modality letters may come in any order inside a leg
//!   (`mfW` = `fmW`); XBoard itself needs directions first, so `to_xboard` re-emits them in
//!   canonical order.
//! * **Oblique atoms in continuation legs** turn relative to the previous leg with the same
//!   8 rotations as leg 1 (`cabN`: the second leg is the exact reverse of the first).
//! * **Lame (`n`) leaps** are blocked by every square strictly between origin and target on
//!   a straight or diagonal line (`nD`, `nA`, `nH`), and for oblique atoms by the square at
//!   half the step (the Xiangqi-horse point), as in XBoard.
//!
//! Direction numbering (XBoard's): 0 = N, 1 = NE, 2 = E, 3 = SE, 4 = S, 5 = SW, 6 = W, 7 = NW
//! for White; Black's directions are rotated by 180 degrees.

use std::fmt;

/// Modality bit: may move to an empty square (`m`).
pub const MODE_MOVE: u8 = 1;
/// Modality bit: may capture an enemy piece (`c`).
pub const MODE_CAPTURE: u8 = 2;
/// Modality bit: may capture en passant (`e`).
pub const MODE_EP: u8 = 4;
/// Modality bit: may capture an own piece (`d`); parsed, not used by the built-in variants.
pub const MODE_DESTROY: u8 = 8;
/// Modality bit: hops over an occupied square without capturing (`p`, non-final legs only).
pub const MODE_HOP: u8 = 16;

/// Error produced by the parser, with the byte offset in the description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    pub offset: usize,
    pub reason: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "XBetza error at character {}: {}", self.offset + 1, self.reason)
    }
}

impl std::error::Error for BetzaError {}

/// One leg of a (possibly multi-leg) move, colour-neutral.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    /// Canonical step (a, b) with a <= b: W = (0,1), F = (1,1), N = (1,2) ...
    pub atom: (u8, u8),
    /// True for the king-type atoms K and Q, which have both orthogonal and diagonal steps.
    pub king_like: bool,
    /// Direction set (bit d = direction d). Absolute for leg 1 (White's view), relative to
    /// the previous leg's direction for continuation legs.
    pub dirs: u8,
    /// 1 = single leap, 0 = unlimited rider, n = up to n steps.
    pub range: u8,
    /// `MODE_*` bits.
    pub mode: u8,
    /// `n`: blocked by occupied intermediate squares.
    pub lame: bool,
    /// `j`: must jump over an occupied square (for W/F-type riders: skips the first square).
    pub jump: bool,
}

/// One move of a piece description: one or more legs, or castling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaMove {
    /// `i`: only for a piece that has not moved yet.
    pub initial: bool,
    pub legs: Vec<Leg>,
    /// `O`n: castling with the king moving n squares; the legs are then empty.
    pub castle: Option<Castle>,
    /// The source text of this move, for diagnostics.
    pub text: String,
    /// The same move in the syntax XBoard 4.9.1's parser accepts (directions before
    /// modalities, `N0` for riders), or None when XBoard cannot express it (explicit
    /// `(x,y)` leaps and `X`/`Y` extended atoms).
    pub xboard: Option<String>,
}

/// Castling component: the king moves `distance` squares towards the edge piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castle {
    pub distance: u8,
    /// Towards the a-file (White's left).
    pub left: bool,
    /// Towards the last file.
    pub right: bool,
}

// XBoard's direction tables (moves.c), indexed by modifier letter.
const fn letter_table(pairs: &[(u8, u8)]) -> [u8; 26] {
    let mut t = [0u8; 26];
    let mut i = 0;
    while i < pairs.len() {
        t[(pairs[i].0 - b'a') as usize] = pairs[i].1;
        i += 1;
    }
    t
}
const DIRS1: [u8; 26] = letter_table(&[(b'b', 0x3C), (b'f', 0xC3), (b'l', 0xF0), (b'r', 0x0F)]);
const DIRS2: [u8; 26] =
    letter_table(&[(b'b', 0x18), (b'f', 0x81), (b'h', 0xFF), (b'l', 0x60), (b'r', 0x06), (b's', 0x66), (b'v', 0x99)]);
const DIRS3: [u8; 26] =
    letter_table(&[(b'b', 0x38), (b'f', 0x83), (b'h', 0xFF), (b'l', 0xE0), (b'r', 0x0E), (b's', 0xEE), (b'v', 0xBB)]);
const DIRS4: [u8; 26] =
    letter_table(&[(b'b', 0x10), (b'f', 0x01), (b'h', 0xFF), (b'l', 0x40), (b'r', 0x04), (b's', 0x44), (b'v', 0x11)]);
/// XBoard's `dirType`: 1 = f/b, 2 = l/r, 4 = h, 5 = v, 6 = s, 0 = not a direction.
const DIR_TYPE: [u8; 26] = letter_table(&[(b'b', 1), (b'f', 1), (b'h', 4), (b'l', 2), (b'r', 2), (b's', 6), (b'v', 5)]);

fn dt(c: u8) -> u8 {
    DIR_TYPE[(c - b'a') as usize]
}
fn d1(c: u8) -> u8 {
    DIRS1[(c - b'a') as usize]
}
fn d2(c: u8) -> u8 {
    DIRS2[(c - b'a') as usize]
}
fn d3(c: u8) -> u8 {
    DIRS3[(c - b'a') as usize]
}
fn d4(c: u8) -> u8 {
    DIRS4[(c - b'a') as usize]
}

/// Symmetry class of an atom, which decides how direction modifiers are read.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Class {
    Orth,
    Diag,
    Oblique,
    King,
}

fn class_of(atom: (u8, u8), king_like: bool) -> Class {
    if king_like {
        Class::King
    } else if atom.0 == 0 {
        Class::Orth
    } else if atom.0 == atom.1 {
        Class::Diag
    } else {
        Class::Oblique
    }
}

/// Decodes the direction letters of leg 1 exactly like XBoard does for that atom class.
fn first_leg_dirs(letters: &[u8], class: Class) -> u8 {
    let n = letters.len();
    let mut i = 0;
    let mut set = 0u8;
    match class {
        Class::Diag => {
            while i < n && dt(letters[i]) != 0 {
                let c = letters[i];
                if i + 1 < n && ((dt(c) | dt(letters[i + 1])) & 3) == 3 {
                    set |= d1(c) & d1(letters[i + 1]);
                    i += 2;
                } else {
                    set |= d1(c);
                    i += 1;
                }
            }
            set &= 0xAA;
            if set == 0 {
                set = 0xAA;
            }
        }
        Class::Orth => {
            while i < n && (dt(letters[i]) & !4) != 0 {
                set |= d2(letters[i]);
                i += 1;
            }
            set &= 0x55;
            if set == 0 {
                set = 0x55;
            }
        }
        Class::Oblique => {
            if n >= 2 && letters[0] == b'h' {
                set = if letters[1] == b'r' { 0x55 } else { 0xAA };
            } else {
                while i < n && dt(letters[i]) != 0 {
                    let c = letters[i];
                    if i + 1 < n && letters[i + 1] == b'h' {
                        set |= d1(c);
                        i += 2;
                    } else if i + 1 < n
                        && (letters[i + 1] == c
                            || (dt(letters[i + 1]) != 0 && dt(c) < 4 && ((dt(c) | dt(letters[i + 1])) & 3) == 3))
                    {
                        set |= d1(c) & d2(letters[i + 1]);
                        i += 2;
                    } else {
                        set |= d2(c);
                        i += 1;
                    }
                }
            }
            if set == 0 {
                set = 0xFF;
            }
        }
        Class::King => {
            set = king_dirs(letters);
            if set == 0 {
                set = 0xFF;
            }
        }
    }
    set
}

/// XBoard's K/Q decoding, also used for every continuation leg.
fn king_dirs(letters: &[u8]) -> u8 {
    let n = letters.len();
    let mut i = 0;
    let mut set = 0u8;
    while i < n && dt(letters[i]) != 0 {
        let c = letters[i];
        if i + 1 < n && letters[i + 1] == c {
            set |= d4(c);
            i += 2;
        } else if i + 1 < n && dt(letters[i + 1]) != 0 && dt(c) < 4 && ((dt(c) | dt(letters[i + 1])) & 3) == 3 {
            set |= d3(c) & d3(letters[i + 1]);
            i += 2;
        } else {
            set |= d4(c);
            i += 1;
        }
    }
    set
}

/// The step of `atom` in absolute direction `d` (0..8), as (dx, dy).
///
/// Orthogonal atoms in a diagonal direction become the diagonal atom of the same length
/// and vice versa (XBoard's orth/diag interconversion for continuation legs).
pub fn step_vector(atom: (u8, u8), d: u8) -> (i32, i32) {
    let (a, b) = (atom.0 as i32, atom.1 as i32);
    let (x, y) = if a == 0 || a == b {
        // Orthogonal or diagonal atom: length is b (orth) or a (diag).
        let len = if a == 0 { b } else { a };
        if d.is_multiple_of(2) { (0, len) } else { (len, len) }
    } else {
        (a, b)
    };
    // XBoard's rotation matrices.
    const ROT: [[i32; 4]; 8] = [
        [1, 0, 0, 1],
        [0, 1, 1, 0],
        [0, 1, -1, 0],
        [1, 0, 0, -1],
        [-1, 0, 0, -1],
        [0, -1, -1, 0],
        [0, -1, 1, 0],
        [-1, 0, 0, 1],
    ];
    let r = ROT[(d & 7) as usize];
    if a == 0 || a == b {
        // Use the natural 8-direction compass for W/F-type steps.
        let (ux, uy) = match d & 7 {
            0 => (0, 1),
            1 => (1, 1),
            2 => (1, 0),
            3 => (1, -1),
            4 => (0, -1),
            5 => (-1, -1),
            6 => (-1, 0),
            _ => (-1, 1),
        };
        let len = if d.is_multiple_of(2) { y } else { x };
        (ux * len, uy * len)
    } else {
        (x * r[0] + y * r[1], x * r[2] + y * r[3])
    }
}

fn atom_of(c: u8) -> Option<((u8, u8), bool, u8)> {
    // (atom, king_like, default range)
    Some(match c {
        b'W' => ((0, 1), false, 1),
        b'F' => ((1, 1), false, 1),
        b'D' => ((0, 2), false, 1),
        b'N' => ((1, 2), false, 1),
        b'A' => ((2, 2), false, 1),
        b'H' => ((0, 3), false, 1),
        b'C' | b'J' => ((1, 3), false, 1),
        b'Z' | b'L' => ((2, 3), false, 1),
        b'G' => ((3, 3), false, 1),
        b'K' => ((0, 1), true, 1),
        b'Q' => ((0, 1), true, 0),
        b'R' => ((0, 1), false, 0),
        b'B' => ((1, 1), false, 0),
        _ => return None,
    })
}

/// Parses a whole XBetza description.
pub fn parse(desc: &str) -> Result<Vec<BetzaMove>, BetzaError> {
    let s = desc.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let err = |offset: usize, reason: &str| BetzaError { offset, reason: reason.to_string() };
    while i < s.len() {
        if s[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        // Modifier prefix: lowercase letters.
        let mut prefix = Vec::new();
        while i < s.len() && s[i].is_ascii_lowercase() {
            prefix.push(s[i]);
            i += 1;
        }
        if i >= s.len() {
            return Err(err(start, "modifiers without an atom"));
        }
        // Atom.
        let (mut atom, king_like, mut range);
        let mut castle = false;
        // Atom and range as XBoard writes them (None: not expressible).
        let mut xb_atom: Option<String> = None;
        let mut xb_range = String::new();
        if s[i] == b'(' || s[i] == b'[' {
            let close = if s[i] == b'(' { b')' } else { b']' };
            let open_at = i;
            i += 1;
            let mut nums = Vec::new();
            let mut cur = String::new();
            while i < s.len() && s[i] != close {
                match s[i] {
                    b'0'..=b'9' => cur.push(s[i] as char),
                    b',' => {
                        nums.push(cur.clone());
                        cur.clear();
                    }
                    b' ' => {}
                    _ => {
                        return Err(err(i, "expected digits and one comma inside an explicit leap like (8,1)"));
                    }
                }
                i += 1;
            }
            if i >= s.len() {
                return Err(err(open_at, "unclosed explicit leap"));
            }
            i += 1;
            nums.push(cur);
            if nums.len() != 2 {
                return Err(err(open_at, "an explicit leap needs two numbers, like (8,1)"));
            }
            let x: u32 = nums[0].parse().map_err(|_| err(open_at, "bad number in explicit leap"))?;
            let y: u32 = nums[1].parse().map_err(|_| err(open_at, "bad number in explicit leap"))?;
            if x > 15 || y > 15 || x + y == 0 {
                return Err(err(open_at, "explicit leap coordinates must be 0..15 and not both 0"));
            }
            atom = (x.min(y) as u8, x.max(y) as u8);
            king_like = false;
            range = 1;
        } else if s[i] == b'O' {
            castle = true;
            atom = (0, 1);
            king_like = false;
            range = 0;
            i += 1;
            xb_atom = Some("O".into());
        } else if let Some((a, k, r)) = atom_of(s[i]) {
            atom = a;
            king_like = k;
            range = r;
            let letter = s[i];
            xb_atom = Some((letter as char).to_string());
            i += 1;
            // Interactive-Diagram extended atoms.
            while i < s.len() && (s[i] == b'X' || s[i] == b'Y') {
                if king_like || range == 0 {
                    return Err(err(i, "X/Y extensions apply to leaper atoms only"));
                }
                if s[i] == b'X' {
                    atom.1 += 3;
                } else {
                    atom.0 += 2;
                    atom.1 += 2;
                }
                if atom.1 > 15 {
                    return Err(err(i, "leap too long for a 16x16 board"));
                }
                xb_atom = None;
                i += 1;
            }
            // Doubled atom: rider.
            if i < s.len() && s[i] == letter && range == 1 && !king_like {
                range = 0;
                xb_range = "0".into();
                i += 1;
            }
        } else {
            return Err(err(i, &format!("unknown atom '{}'", s[i] as char)));
        }
        // Range digits.
        let mut digits = String::new();
        while i < s.len() && s[i].is_ascii_digit() {
            digits.push(s[i] as char);
            i += 1;
        }
        if !digits.is_empty() {
            let n: u32 = digits.parse().map_err(|_| err(i, "bad range"))?;
            if n > 15 {
                return Err(err(i, "range must be 0..15"));
            }
            range = n as u8;
            xb_range = digits.clone();
        }
        let text = String::from_utf8_lossy(&s[start..i]).into_owned();

        // Split the prefix into legs at 'a'.
        let mut initial = false;
        let mut groups: Vec<Vec<u8>> = vec![Vec::new()];
        for &c in &prefix {
            match c {
                b'a' => groups.push(Vec::new()),
                b'i' if groups.len() == 1 => initial = true,
                _ => groups.last_mut().unwrap().push(c),
            }
        }
        if castle {
            if groups.len() > 1 {
                return Err(err(start, "castling cannot have legs"));
            }
            if range == 0 {
                return Err(err(start, "castling needs a distance, like O2"));
            }
            let dirs: Vec<u8> = groups[0].iter().copied().filter(|c| dt(*c) != 0).collect();
            let set = first_leg_dirs(&dirs, Class::Orth);
            let castle = Castle { distance: range, left: set & 0x40 != 0, right: set & 0x04 != 0 };
            if !castle.left && !castle.right {
                return Err(err(start, "castling must be sideways"));
            }
            let dirs_text: String = groups[0].iter().filter(|c| dt(**c) != 0).map(|&c| c as char).collect();
            let xboard = Some(format!("{}{dirs_text}O{xb_range}", if initial { "i" } else { "" }));
            out.push(BetzaMove { initial, legs: Vec::new(), castle: Some(castle), text, xboard });
            continue;
        }
        let class = class_of(atom, king_like);
        let nlegs = groups.len();
        let mut legs = Vec::with_capacity(nlegs);
        for (li, g) in groups.iter().enumerate() {
            let mut mode = 0u8;
            let mut lame = false;
            let mut jump = false;
            let mut dir_letters = Vec::new();
            for &c in g {
                match c {
                    b'm' => mode |= MODE_MOVE,
                    b'c' => mode |= MODE_CAPTURE,
                    b'e' => mode |= MODE_EP,
                    b'd' => mode |= MODE_DESTROY,
                    b'p' => mode |= MODE_HOP,
                    b'n' => lame = true,
                    b'j' => jump = true,
                    b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => dir_letters.push(c),
                    b'i' => return Err(err(start, "'i' must be in the first leg")),
                    b'g' | b't' | b'o' | b'y' | b'u' | b'x' | b'k' | b'q' | b'w' | b'z' => {
                        return Err(err(start, &format!("modifier '{}' is not supported", c as char)));
                    }
                    _ => return Err(err(start, &format!("unknown modifier '{}'", c as char))),
                }
            }
            let last = li + 1 == nlegs;
            if mode & MODE_HOP != 0 && last {
                return Err(err(start, "hopping ('p') is only supported in non-final legs"));
            }
            if mode & (MODE_MOVE | MODE_CAPTURE | MODE_EP | MODE_DESTROY | MODE_HOP) == 0 {
                mode = if last { MODE_MOVE | MODE_CAPTURE } else { MODE_MOVE };
            }
            let dirs = if li == 0 {
                first_leg_dirs(&dir_letters, class)
            } else {
                let d = king_dirs(&dir_letters);
                if d != 0 {
                    d
                } else if class == Class::King || class == Class::Oblique {
                    0xEF
                } else {
                    0x45
                }
            };
            legs.push(Leg { atom, king_like, dirs, range, mode, lame, jump });
        }
        if legs.len() > 2 {
            return Err(err(start, "moves with more than two legs are not supported"));
        }
        let xboard = xb_atom.map(|a| {
            let mut x = String::new();
            if initial {
                x.push('i');
            }
            for (gi, g) in groups.iter().enumerate() {
                if gi > 0 {
                    x.push('a');
                }
                x.extend(g.iter().filter(|c| dt(**c) != 0).map(|&c| c as char));
                for m in [b'm', b'c', b'd', b'e', b'p', b'n', b'j'] {
                    if g.contains(&m) {
                        x.push(m as char);
                    }
                }
            }
            x.push_str(&a);
            x.push_str(&xb_range);
            x
        });
        out.push(BetzaMove { initial, legs, castle: None, text, xboard });
    }
    Ok(out)
}

/// A concrete leg for one colour: absolute step and its properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
    /// Absolute direction index (0..8) the step was derived from.
    pub dir: u8,
    pub range: u8,
    pub mode: u8,
    pub lame: bool,
    pub jump: bool,
}

/// A move of one colour, expanded to concrete steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Concrete {
    /// A single-leg move: all its steps (one per direction).
    Single {
        initial: bool,
        steps: Vec<Step>,
    },
    /// A two-leg move: every combination of first and second step.
    Double {
        initial: bool,
        paths: Vec<(Step, Step)>,
    },
    Castle {
        initial: bool,
        castle: Castle,
    },
}

/// Expands a parsed move for `black` (directions rotated by 180 degrees) or White.
pub fn concretize(mv: &BetzaMove, black: bool) -> Concrete {
    if let Some(c) = mv.castle {
        // Sideways castling looks the same for both colours in board coordinates.
        return Concrete::Castle { initial: mv.initial, castle: c };
    }
    let leg_steps = |leg: &Leg, base: Option<u8>| -> Vec<Step> {
        let mut set = leg.dirs;
        match base {
            None => {
                if black {
                    set = set.rotate_left(4);
                }
            }
            Some(angle) => set = set.rotate_left(angle as u32),
        }
        let mut v = Vec::new();
        // K/Q atoms: orthogonal directions are W steps, diagonal ones F steps.
        for d in 0..8u8 {
            if set & (1 << d) == 0 {
                continue;
            }
            let atom = if leg.king_like { if d % 2 == 0 { (0, 1) } else { (1, 1) } } else { leg.atom };
            // In leg 1, a pure orthogonal atom has only even directions and a pure diagonal atom
            // only odd ones (guaranteed by the decoding); continuation legs may convert.
            let (dx, dy) = step_vector(atom, d);
            v.push(Step {
                dx: dx as i8,
                dy: dy as i8,
                dir: d,
                range: leg.range,
                mode: leg.mode,
                lame: leg.lame,
                jump: leg.jump,
            });
        }
        v
    };
    let first = leg_steps(&mv.legs[0], None);
    if mv.legs.len() == 1 {
        return Concrete::Single { initial: mv.initial, steps: first };
    }
    let mut paths = Vec::new();
    for s1 in &first {
        for s2 in leg_steps(&mv.legs[1], Some(s1.dir)) {
            paths.push((*s1, s2));
        }
    }
    Concrete::Double { initial: mv.initial, paths }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(desc: &str, black: bool) -> Vec<(i8, i8)> {
        let mvs = parse(desc).unwrap();
        let mut v = Vec::new();
        for m in &mvs {
            if let Concrete::Single { steps, .. } = concretize(m, black) {
                v.extend(steps.iter().map(|s| (s.dx, s.dy)));
            }
        }
        v.sort();
        v
    }

    #[test]
    fn atoms_have_the_right_number_of_directions() {
        for (d, n) in [
            ("W", 4),
            ("F", 4),
            ("D", 4),
            ("N", 8),
            ("A", 4),
            ("H", 4),
            ("C", 8),
            ("Z", 8),
            ("G", 4),
            ("K", 8),
            ("Q", 8),
        ] {
            assert_eq!(steps(d, false).len(), n, "{d}");
        }
    }

    #[test]
    fn direction_modifiers_match_xboard() {
        assert_eq!(steps("fW", false), vec![(0, 1)]);
        assert_eq!(steps("fW", true), vec![(0, -1)]);
        assert_eq!(steps("fF", false), vec![(-1, 1), (1, 1)]);
        assert_eq!(steps("flF", false), vec![(-1, 1)]);
        assert_eq!(steps("fN", false), vec![(-1, 2), (1, 2)]);
        assert_eq!(steps("ffN", false), vec![(-1, 2), (1, 2)]);
        assert_eq!(steps("fsN", false), vec![(-2, 1), (2, 1)]);
        assert_eq!(steps("fhN", false).len(), 4);
        assert_eq!(steps("sN", false), vec![(-2, -1), (-2, 1), (2, -1), (2, 1)]);
        assert_eq!(steps("vW", false), vec![(0, -1), (0, 1)]);
        assert_eq!(steps("sW", false), vec![(-1, 0), (1, 0)]);
        assert_eq!(steps("fK", false), vec![(0, 1)]);
        assert_eq!(steps("FsfW", false), vec![(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, -1), (1, 0), (1, 1)]);
        assert_eq!(steps("lW", false), vec![(-1, 0)]);
        assert_eq!(steps("lW", true), vec![(1, 0)]);
    }

    #[test]
    fn extended_atoms() {
        assert_eq!(steps("(8,1)", false).len(), 8);
        assert!(steps("(8,1)", false).contains(&(1, 8)));
        assert!(steps("(7,4)", false).contains(&(-7, -4)));
        assert_eq!(steps("FX", false).len(), 8);
        assert!(steps("FX", false).contains(&(4, 1)));
        assert!(steps("NY", false).contains(&(3, 4)));
        assert_eq!(steps("(3,0)", false), steps("H", false));
        assert_eq!(steps("(2,2)", false), steps("A", false));
    }

    #[test]
    fn ranges_and_riders() {
        let m = parse("NN").unwrap();
        assert_eq!(m[0].legs[0].range, 0);
        let m = parse("R6B3Q").unwrap();
        assert_eq!(m.iter().map(|m| m.legs[0].range).collect::<Vec<_>>(), vec![6, 3, 0]);
        let m = parse("W12").unwrap();
        assert_eq!(m[0].legs[0].range, 12);
    }

    #[test]
    fn modality_and_flags() {
        let m = parse("ifmnD").unwrap();
        assert!(m[0].initial);
        assert_eq!(m[0].legs[0].mode, MODE_MOVE);
        assert!(m[0].legs[0].lame);
        let m = parse("fceF").unwrap();
        assert_eq!(m[0].legs[0].mode, MODE_CAPTURE | MODE_EP);
        let m = parse("mfW").unwrap();
        assert_eq!(steps("mfW", false), vec![(0, 1)]);
        assert_eq!(m[0].legs[0].mode, MODE_MOVE);
    }

    #[test]
    fn two_leg_moves() {
        let m = parse("cabN").unwrap();
        assert_eq!(m[0].legs.len(), 2);
        match concretize(&m[0], false) {
            Concrete::Double { paths, .. } => {
                assert_eq!(paths.len(), 8);
                for (a, b) in paths {
                    assert_eq!((a.dx + b.dx, a.dy + b.dy), (0, 0));
                    assert_eq!(a.mode, MODE_CAPTURE);
                    assert_eq!(b.mode, MODE_MOVE | MODE_CAPTURE);
                }
            }
            _ => panic!("expected two legs"),
        }
        let m = parse("mabK").unwrap();
        match concretize(&m[0], false) {
            Concrete::Double { paths, .. } => {
                assert_eq!(paths.len(), 8);
                assert!(paths.iter().all(|(a, b)| a.dx == -b.dx && a.dy == -b.dy && a.mode == MODE_MOVE));
            }
            _ => panic!("expected two legs"),
        }
        // Janggi-elephant style: orthogonal step, then 45-degree turns.
        let m = parse("mafsW").unwrap();
        match concretize(&m[0], false) {
            Concrete::Double { paths, .. } => {
                assert_eq!(paths.len(), 8);
                assert!(paths.contains(&(paths[0].0, paths[0].1)));
                let ends: Vec<(i8, i8)> = paths.iter().map(|(a, b)| (a.dx + b.dx, a.dy + b.dy)).collect();
                assert!(ends.contains(&(1, 2)) && ends.contains(&(-1, 2)));
            }
            _ => panic!("expected two legs"),
        }
    }

    #[test]
    fn castling() {
        let m = parse("KisO2").unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(m[1].castle, Some(Castle { distance: 2, left: true, right: true }));
        assert!(m[1].initial);
        assert!(parse("O").is_err());
    }

    #[test]
    fn xboard_syntax() {
        let xb = |d: &str| {
            parse(d).unwrap().iter().map(|m| m.xboard.clone()).collect::<Option<Vec<_>>>().map(|v| v.concat())
        };
        assert_eq!(xb("fmWfceFifmnD").as_deref(), Some("fmWfceFifmnD"));
        assert_eq!(xb("mfW").as_deref(), Some("fmW"));
        assert_eq!(xb("NN").as_deref(), Some("N0"));
        assert_eq!(xb("R6B3cabN").as_deref(), Some("R6B3cabN"));
        assert_eq!(xb("KisO2").as_deref(), Some("KisO2"));
        assert_eq!(xb("(8,1)"), None);
        assert_eq!(xb("WFX"), None);
    }

    #[test]
    fn errors_name_the_position() {
        let e = parse("fmWx").unwrap_err();
        assert!(e.reason.contains("atom"), "{e}");
        let e = parse("W(8,").unwrap_err();
        assert_eq!(e.offset, 1);
        assert!(parse("fcYE").is_err());
        assert!(parse("gQ").is_err());
        assert!(parse("").unwrap().is_empty());
    }
}
