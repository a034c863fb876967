//! A learned evaluation: a small network over the pieces on the board, trained by Kirin's
//! own tool (`train`, `kirin train-net`) on self-play positions (`kirin selfplay`) scored
//! by a search, Kirin's own or a stronger engine's; one network per variant. By default it
//! learns a correction that is added to the hand-written evaluation (a share of it set by
//! `eval.network`), since the data two cores make in an hour teach a whole evaluation
//! less than the hand-written one knows.
//!
//! Why: the hand-written evaluation (`search::eval`) is a sum of Stockfish-shaped terms
//! with per-variant weights, and seventeen sessions of fitting and testing those terms
//! left Kirin far behind Fairy-Stockfish at equal nodes. A network learns the terms'
//! interplay from the data instead, as Stockfish's and Fairy-Stockfish's evaluations do
//! today, and the same tool trains one for any variant a user defines.
//!
//! The shape is the simplest of the efficiently updatable networks: each piece (its type,
//! whether it is the perspective's own, its square seen from that side) is one input; the
//! inputs feed `hidden` units, once from the side to move's perspective and once from the
//! other's, with shared weights; each unit's value is clipped to 0..1 and squared
//! (SCReLU); one output weighs both halves. The output times `SCALE` is centipawns from the
//! side to move. Each search thread keeps the hidden layers of its last evaluation and
//! updates them by the squares that changed (`Accumulators`).
//!
//! A variant names its network with `nnue = FILE` in `variants.ini`: a network embedded
//! in the binary (`nets/`), else a file, relative to the ini file that names it.

pub mod format;
pub mod train;

use crate::piece::Piece;
use crate::position::Position;
use crate::square::{Color, NUM_SQUARES, Square};

/// Centipawns of one unit of the network's output (and of the trainer's logistic scale:
/// a score of `SCALE` is an expected score of 1/(1+e^-1) = 0.73).
pub const SCALE: f32 = 400.0;

/// The most hidden units a network may have (the evaluation keeps them on the stack).
pub const MAX_HIDDEN: usize = 1024;

/// The most inputs a network may have: the trainer keeps each as a 16-bit index.
pub const MAX_INPUTS: usize = 1 << 16;

/// The inputs of a variant's network: which piece types, on which board, and into how
/// many zones the board is cut for the perspective's own royal.
///
/// King zones (`king_files` x `king_ranks`, 1 x 1 for none) repeat every input once per
/// zone, and each perspective reads the set of the zone its own royal stands in, as
/// Stockfish's HalfKP inputs do per king square: then "an enemy Rook on the file next to
/// my King" is one weight, and the network can learn king safety, which a sum over
/// pieces alone sees only through the hidden layer. Zones rather than squares keep the
/// inputs few enough for the data two cores make. Files are cut evenly; ranks count from
/// the perspective's own back rank, the last zone taking all ranks beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub kinds: usize,
    pub files: usize,
    pub ranks: usize,
    pub king_files: usize,
    pub king_ranks: usize,
}

impl Features {
    /// The inputs of variant `v` with no king zones.
    pub fn of(v: &crate::variant::Variant) -> Features {
        Features::zoned(v, (1, 1))
    }

    /// The inputs of variant `v` with `zones` (across, up) king zones; an error if the
    /// board cannot be cut so or the inputs would be too many.
    pub fn try_zoned(v: &crate::variant::Variant, zones: (usize, usize)) -> Result<Features, String> {
        let f = Features::zoned(v, zones);
        f.check_zones()?;
        Ok(f)
    }

    /// Whether the board can be cut into these king zones and the inputs stay few enough
    /// (for the trainer's command line and for a network file alike).
    pub fn check_zones(&self) -> Result<(), String> {
        let (kf, kr) = (self.king_files, self.king_ranks);
        if !(1..=self.files).contains(&kf) || !(1..=self.ranks).contains(&kr) {
            return Err(format!("{kf}x{kr} king zones on a {}x{} board", self.files, self.ranks));
        }
        if self.inputs() > MAX_INPUTS {
            return Err(format!("{} inputs with {kf}x{kr} king zones (at most {MAX_INPUTS})", self.inputs()));
        }
        Ok(())
    }

    fn zoned(v: &crate::variant::Variant, (king_files, king_ranks): (usize, usize)) -> Features {
        Features { kinds: v.pieces.len(), files: v.files as usize, ranks: v.ranks as usize, king_files, king_ranks }
    }

    /// Inputs of one king zone: own and enemy pieces of each type on each square.
    pub fn per_zone(&self) -> usize {
        2 * self.kinds * self.files * self.ranks
    }

    /// Number of inputs.
    pub fn inputs(&self) -> usize {
        self.king_files * self.king_ranks * self.per_zone()
    }

    /// The king zone of `perspective` in `pos`: where its only royal stands (zone 0 with
    /// no royal or several).
    #[inline]
    pub fn zone(&self, pos: &Position, perspective: Color) -> usize {
        if self.king_files * self.king_ranks == 1 {
            return 0;
        }
        let royals = pos.royal_squares(perspective);
        if royals.count() != 1 {
            return 0;
        }
        let Some(sq) = royals.into_iter().next() else {
            return 0;
        };
        let rank = self.relative_rank(perspective, sq);
        let file_zone = (sq.file() as usize * self.king_files / self.files.max(1)).min(self.king_files - 1);
        file_zone * self.king_ranks + rank.min(self.king_ranks - 1)
    }

    /// The input of a `color` piece of type `kind` on `sq`, seen from `perspective` whose
    /// royal is in king zone `zone`: Black sees the board with its ranks turned round, so
    /// that both sides' networks read "my pieces, coming up the board".
    #[inline]
    pub fn index(&self, perspective: Color, zone: usize, color: Color, kind: usize, sq: Square) -> usize {
        let rank = self.relative_rank(perspective, sq);
        let side = usize::from(color != perspective);
        zone * self.per_zone() + ((side * self.kinds + kind) * self.ranks + rank) * self.files + sq.file() as usize
    }

    /// The rank of `sq` counted from `perspective`'s own back rank.
    #[inline]
    fn relative_rank(&self, perspective: Color, sq: Square) -> usize {
        sq.relative_rank(perspective, self.ranks as i32) as usize
    }

    /// The active inputs of `pos` from White's and from Black's perspective, appended to
    /// the two lists.
    pub fn active(&self, pos: &Position, white: &mut Vec<u16>, black: &mut Vec<u16>) {
        let (zw, zb) = (self.zone(pos, Color::White), self.zone(pos, Color::Black));
        for c in Color::BOTH {
            for sq in pos.color_bb(c) {
                let kind = pos.piece_at(sq).kind() as usize;
                white.push(self.index(Color::White, zw, c, kind, sq) as u16);
                black.push(self.index(Color::Black, zb, c, kind, sq) as u16);
            }
        }
    }
}

/// A trained network (weights as floats).
#[derive(Clone)]
pub struct Network {
    pub features: Features,
    /// The variant's piece tokens in order, as the network was trained: a network read
    /// for a variant whose pieces have changed is refused.
    pub pieces: String,
    pub hidden: usize,
    /// Input weights, `hidden` per input.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// Output weights: `hidden` for the side to move's half, then `hidden` for the other.
    pub w2: Vec<f32>,
    pub b2: f32,
    /// The network learned a correction to the hand-written evaluation, not a whole one:
    /// its output is added to that evaluation's score. With the few hundred thousand
    /// positions a two-core machine plays in an hour, a correction starts from what the
    /// hand-written terms know (a network of zero output is exactly that evaluation) and
    /// learns only what they miss.
    pub adds_to_eval: bool,
    /// The input weights as the search uses them (`quantize`).
    pub quantized: Quantized,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.adds_to_eval { "correction" } else { "evaluation" };
        write!(f, "Network({kind}, {} inputs, {} hidden, pieces {})", self.features.inputs(), self.hidden, self.pieces)
    }
}

/// SCReLU: clipped to 0..1, squared.
#[inline(always)]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// Lanes of `screlu_dot`'s partial sums.
const DOT_LANES: usize = 16;

/// The sum of `screlu(to_f32(x)) * w` over `xs` and `w`, kept in `DOT_LANES` partial sums
/// (element `i` in lane `i % DOT_LANES`) added up in lane order at the end. Floating-point
/// addition is not associative, so the compiler keeps a plain sum one addition after
/// another, each waiting for the last: that chain was two thirds of the network's time
/// (a tenth of a courier search's, 2026-12-04). The lanes are written out, so the result
/// is the same on every build and the same for the trainer (`Network::output`) as for
/// the search.
#[inline(always)]
fn screlu_dot<T: Copy>(xs: &[T], w: &[f32], to_f32: impl Fn(T) -> f32) -> f32 {
    let n = xs.len().min(w.len());
    let (xs, w) = (&xs[..n], &w[..n]);
    let mut lanes = [0.0f32; DOT_LANES];
    let mut xc = xs.chunks_exact(DOT_LANES);
    let mut wc = w.chunks_exact(DOT_LANES);
    for (x, w) in (&mut xc).zip(&mut wc) {
        for i in 0..DOT_LANES {
            lanes[i] += screlu(to_f32(x[i])) * w[i];
        }
    }
    for (i, (&x, &w)) in xc.remainder().iter().zip(wc.remainder()).enumerate() {
        lanes[i] += screlu(to_f32(x)) * w;
    }
    lanes.iter().sum()
}

/// `screlu_dot` of the search's integer sums, each worth `scale`: the same operations in
/// the same lane order, so the same result to the bit, done eight lanes to an instruction.
/// The compiler's own vectorising of `screlu_dot` shuffled the lanes between registers
/// and cost a quarter of the network's time.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn screlu_dot_sums(xs: &[i32], w: &[f32], scale: f32) -> f32 {
    use std::arch::x86_64::*;
    let n = xs.len().min(w.len());
    let whole = n / DOT_LANES * DOT_LANES;
    let mut lanes = [0.0f32; DOT_LANES];
    // SAFETY: AVX2 is enabled for the whole build (the `cfg` above), and every load and
    // store is unaligned and within `xs[..whole]`, `w[..whole]` or `lanes`.
    unsafe {
        let scale = _mm256_set1_ps(scale);
        let (zero, one) = (_mm256_setzero_ps(), _mm256_set1_ps(1.0));
        // Lanes 0-7 and 8-15. `max` then `min` is `clamp` for the finite values an
        // integer sum gives (-0.0 becomes 0.0, and squares to the same 0.0).
        let (mut low, mut high) = (zero, zero);
        let term = |at: usize| {
            let x = _mm256_cvtepi32_ps(_mm256_loadu_si256(xs.as_ptr().add(at).cast()));
            let c = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(x, scale), zero), one);
            _mm256_mul_ps(_mm256_mul_ps(c, c), _mm256_loadu_ps(w.as_ptr().add(at)))
        };
        for at in (0..whole).step_by(DOT_LANES) {
            low = _mm256_add_ps(low, term(at));
            high = _mm256_add_ps(high, term(at + 8));
        }
        _mm256_storeu_ps(lanes.as_mut_ptr(), low);
        _mm256_storeu_ps(lanes.as_mut_ptr().add(8), high);
    }
    for (i, (&x, &w)) in xs[whole..n].iter().zip(&w[whole..n]).enumerate() {
        lanes[i] += screlu(x as f32 * scale) * w;
    }
    lanes.iter().sum()
}

/// `screlu_dot` of integer sums where AVX2 is not enabled.
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
#[inline(always)]
fn screlu_dot_sums(xs: &[i32], w: &[f32], scale: f32) -> f32 {
    screlu_dot(xs, w, |a| a as f32 * scale)
}

/// The piece tokens of a variant, the network's signature.
pub fn piece_signature(pieces: &[crate::variant::PieceDef]) -> String {
    pieces.iter().map(|p| p.token.as_str()).collect::<Vec<_>>().join(" ")
}

/// The input weights as integers, for the search: the sums of a position's inputs are
/// then exact, so that a hidden layer updated square by square (`Accumulators`) equals
/// one summed afresh, whatever the order.
#[derive(Clone, Default)]
pub struct Quantized {
    /// What one integer unit is worth.
    scale: f32,
    w1: Vec<i32>,
    b1: Vec<i32>,
}

/// A search thread's hidden layers of the position it evaluated last, with that
/// position's board: the next evaluation, usually a few moves away in the tree, subtracts
/// and adds the rows of the squares that differ instead of summing every piece again
/// (a courier position has 48 pieces; a move changes two or three squares). Comparing
/// boards instead of following moves keeps it blind to the rules: castling, two-leg
/// captures, pool promotions and the Slide-chess line shifts are all just squares.
pub struct Accumulators {
    /// The network the sums belong to (its address; 0: none yet).
    owner: usize,
    board: [Piece; NUM_SQUARES],
    /// The king zone of each perspective (`Features::zone`) the sums were made for.
    zones: [usize; 2],
    /// White's perspective, Black's.
    acc: [arrayvec::ArrayVec<i32, MAX_HIDDEN>; 2],
}

impl Default for Accumulators {
    fn default() -> Self {
        Accumulators { owner: 0, board: [Piece::NONE; NUM_SQUARES], zones: [0; 2], acc: Default::default() }
    }
}

/// More squares changed than this since the last evaluation: sum afresh.
const MAX_CHANGED: usize = 24;

/// The squares whose pieces differ between `new` and `old`, lowest first; `None` if more
/// than `MAX_CHANGED` do. The boards are compared eight squares to a word: a piece is a
/// byte, and comparing them one by one was a tenth of the network's time.
#[inline]
fn changed_squares(
    new: &[Piece; NUM_SQUARES],
    old: &[Piece; NUM_SQUARES],
) -> Option<arrayvec::ArrayVec<usize, MAX_CHANGED>> {
    let word = |b: &[Piece]| u64::from_le_bytes(std::array::from_fn(|i| b[i].index() as u8));
    let mut changed = arrayvec::ArrayVec::new();
    for (i, (new, old)) in new.chunks_exact(8).zip(old.chunks_exact(8)).enumerate() {
        let mut diff = word(new) ^ word(old);
        while diff != 0 {
            let byte = diff.trailing_zeros() as usize / 8;
            changed.try_push(8 * i + byte).ok()?;
            diff &= !(0xff << (8 * byte));
        }
    }
    Some(changed)
}

impl Network {
    /// Fills the integer weights from the float ones (after reading or training).
    /// The input weights get the file's scale (`format::i16_scale`), so that a network
    /// read from a file has exactly the integers the file holds.
    pub fn quantize(&mut self) {
        let scale = format::i16_scale(&self.w1);
        let q = |x: &f32| (x / scale).round().clamp(-2e9, 2e9) as i32;
        self.quantized = Quantized { scale, w1: self.w1.iter().map(q).collect(), b1: self.b1.iter().map(q).collect() };
    }

    /// Adds (`sign` 1) or subtracts (-1) the rows of `piece` on square index `sq` to both
    /// perspectives, whose royals are in king zones `zones`.
    #[inline]
    fn apply(
        &self,
        acc: &mut [arrayvec::ArrayVec<i32, MAX_HIDDEN>; 2],
        zones: [usize; 2],
        piece: Piece,
        sq: usize,
        sign: i32,
    ) {
        let h = self.hidden;
        let (c, kind, sq) = (piece.color(), piece.kind() as usize, Square::from_index(sq));
        for (p, perspective) in Color::BOTH.into_iter().enumerate() {
            let f = self.features.index(perspective, zones[p], c, kind, sq);
            let row = &self.quantized.w1[f * h..(f + 1) * h];
            if sign > 0 {
                for (a, w) in acc[p].iter_mut().zip(row) {
                    *a += w;
                }
            } else {
                for (a, w) in acc[p].iter_mut().zip(row) {
                    *a -= w;
                }
            }
        }
    }

    /// Brings `cache` to `pos`: square by square where few changed and the royals kept
    /// their king zones, else afresh.
    fn update(&self, cache: &mut Accumulators, pos: &Position) {
        let me = self as *const Network as usize;
        let board = pos.squares();
        let zones = [self.features.zone(pos, Color::White), self.features.zone(pos, Color::Black)];
        if cache.owner == me
            && cache.zones == zones
            && let Some(changed) = changed_squares(board, &cache.board)
        {
            for sq in changed {
                let (old, new) = (cache.board[sq], board[sq]);
                if old.is_some() {
                    self.apply(&mut cache.acc, zones, old, sq, -1);
                }
                if new.is_some() {
                    self.apply(&mut cache.acc, zones, new, sq, 1);
                }
                cache.board[sq] = new;
            }
            return;
        }
        cache.owner = me;
        cache.zones = zones;
        for acc in &mut cache.acc {
            acc.clear();
            acc.extend(self.quantized.b1.iter().copied());
        }
        for (sq, &piece) in board.iter().enumerate() {
            if piece.is_some() {
                self.apply(&mut cache.acc, zones, piece, sq, 1);
            }
        }
        cache.board = *board;
    }

    /// The output for the two perspectives' float sums (side to move's first), in
    /// network units: what the trainer computes.
    #[inline]
    pub fn output(&self, us: &[f32], them: &[f32]) -> f32 {
        let (wu, wt) = self.w2.split_at(self.hidden);
        self.b2 + screlu_dot(us, wu, |a| a) + screlu_dot(them, wt, |a| a)
    }

    /// `output` from the search's integer sums, each worth `scale`.
    #[inline]
    fn output_of_sums(&self, us: &[i32], them: &[i32], scale: f32) -> f32 {
        let (wu, wt) = self.w2.split_at(self.hidden);
        self.b2 + screlu_dot_sums(us, wu, scale) + screlu_dot_sums(them, wt, scale)
    }

    /// The network's evaluation of `pos`, centipawns from the side to move, with the
    /// hidden layers kept in `cache` from the last evaluation.
    pub fn evaluate_with(&self, pos: &Position, cache: &mut Accumulators) -> i32 {
        self.update(cache, pos);
        let scale = self.quantized.scale;
        let (us, them) = if pos.side_to_move() == Color::White { (0, 1) } else { (1, 0) };
        let out = self.output_of_sums(&cache.acc[us], &cache.acc[them], scale);
        (out * SCALE).round().clamp(-20_000.0, 20_000.0) as i32
    }

    /// The network's evaluation of `pos`, centipawns from the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(pos, &mut Accumulators::default())
    }
}

/// The networks embedded in the binary, by file name (`nets/`). How each was made is in
/// `nets/README.md`.
const EMBEDDED: &[(&str, &[u8])] = &[
    ("courier-fsf8-128-games.nnue", include_bytes!("../../nets/courier-fsf8-128-games.nnue")),
    ("shatranj-fsf8-64-games.nnue", include_bytes!("../../nets/shatranj-fsf8-64-games.nnue")),
];

/// The largest network file read (a 16x16 board with 64 piece types and 1,024 units is
/// 64 MB): a name that points at a device or a huge file is refused, not read forever.
const MAX_FILE_BYTES: u64 = 1 << 26;

/// The bytes of the regular file `path`, if it is no larger than `MAX_FILE_BYTES`.
fn read_limited(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a file".into());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("larger than {} MB", MAX_FILE_BYTES >> 20));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// The network `name` for a variant with `pieces` on `files` x `ranks`: an embedded one,
/// else the file `name`, relative to the directory of `ini_file` (the file that names it).
/// An error says why it cannot be used.
pub fn load(
    name: &str,
    ini_file: &str,
    pieces: &[crate::variant::PieceDef],
    files: usize,
    ranks: usize,
) -> Result<Network, String> {
    let net = match EMBEDDED.iter().find(|(n, _)| *n == name) {
        Some((_, bytes)) => format::read(bytes),
        None => {
            let path = std::path::Path::new(ini_file).parent().unwrap_or(std::path::Path::new("")).join(name);
            let bytes = read_limited(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            format::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
        }
    }?;
    let f = &net.features;
    let signature = piece_signature(pieces);
    if (f.kinds, f.files, f.ranks) != (pieces.len(), files, ranks) || net.pieces != signature {
        return Err(format!(
            "'{name}' was trained for pieces {} on {}x{}, the variant has {signature} on {files}x{ranks} \
             (nnue = none goes without)",
            net.pieces, net.features.files, net.features.ranks
        ));
    }
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lane_sum_is_the_plain_sum_for_any_length() {
        // Lengths below, at and past the lane count, whole chunks and a remainder: every
        // element counts once, clipped and squared.
        for n in [0, 1, 5, 16, 17, 40, 128] {
            let xs: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin() * 1.5).collect();
            let w: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
            let plain: f64 = xs.iter().zip(&w).map(|(&x, &w)| f64::from(screlu(x)) * f64::from(w)).sum();
            let lanes = screlu_dot(&xs, &w, |x| x);
            assert!((f64::from(lanes) - plain).abs() < 1e-4, "{n}: {lanes} {plain}");
        }
        // The integer sums of the search, converted by their scale.
        let sums = [3, -2, 7, 10, 1];
        let w = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert!((screlu_dot(&sums, &w, |a| a as f32 * 0.1) - (0.09 + 3.0 * 0.49 + 4.0 + 5.0 * 0.01)).abs() < 1e-5);
    }

    #[test]
    fn changed_squares_lists_each_difference_once_in_order() {
        let old = [Piece::NONE; NUM_SQUARES];
        let mut new = old;
        let (w, b) = (Piece::new(Color::White, 3), Piece::new(Color::Black, 0));
        // Both ends of a word, two in one word, the last square.
        for (sq, p) in [(7, w), (8, b), (9, w), (130, b), (255, w)] {
            new[sq] = p;
        }
        assert_eq!(changed_squares(&new, &old).map(|c| c.to_vec()), Some(vec![7, 8, 9, 130, 255]));
        assert_eq!(changed_squares(&old, &old).map(|c| c.len()), Some(0));
        // One more than `MAX_CHANGED`: sum afresh.
        let mut many = old;
        many[..=MAX_CHANGED].fill(w);
        assert!(changed_squares(&many, &old).is_none());
        many[MAX_CHANGED] = Piece::NONE;
        assert_eq!(changed_squares(&many, &old).map(|c| c.len()), Some(MAX_CHANGED));
    }

    #[test]
    fn the_search_dot_is_the_generic_one_to_the_bit() {
        // Sums below 0, inside and beyond the clipped range, at every length around the
        // lane count: the search's dot must give the trainer's value exactly, or a build
        // with AVX2 would search differently from one without.
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as i32
        };
        for n in [0, 1, 7, 8, 15, 16, 17, 31, 64, 100, 128] {
            let sums: Vec<i32> = (0..n).map(|_| next() % 3000 - 1000).collect();
            let w: Vec<f32> = (0..n).map(|_| (next() % 2001 - 1000) as f32 / 997.0).collect();
            let scale = 1.0 / 1637.0;
            let generic = screlu_dot(&sums, &w, |a| a as f32 * scale);
            assert_eq!(screlu_dot_sums(&sums, &w, scale).to_bits(), generic.to_bits(), "{n}");
        }
    }
}
