//! Shared, lock-free transposition table.
//!
//! Each entry is two `AtomicU64`s: `key ^ data` and `data` (the "xor trick" of Hyatt and
//! Mann). A torn write from another thread makes the check `stored_key ^ data == key` fail,
//! so a reader never trusts a half-written entry; no locks are needed for lazy SMP.
//!
//! `data` packs: move (35 bits), score (16), depth (7, offset by 16 so quiescence depths
//! fit; a depth above 111, which only the last plies before `MAX_PLY` = 120 could reach,
//! is stored as 111), bound (2), generation (3), and whether the position is or was on a
//! principal variation (1: Stockfish's `ttPv`, which the late-move reductions read).
//! Entries live in clusters of four (64 bytes, one cache line); replacement prefers the
//! same key, then the shallowest/oldest entry.
//! Mate scores are stored relative to the node (ply-adjusted) by the caller.

use crate::moves::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

#[derive(Copy, Clone, Debug)]
pub struct TtHit {
    pub mv: Move,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Stored from a principal-variation node, or from a node whose entry had this set.
    pub pv: bool,
}

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

const CLUSTER: usize = 4;
const DEPTH_OFFSET: i32 = 16;

/// One cache line of entries. The alignment matters: a plain `Vec<Entry>` is only 8-byte
/// aligned (glibc returns large blocks 16 bytes past a page boundary), so every cluster
/// straddled two cache lines: a probe cost two memory reads where one suffices, and two
/// threads writing neighbouring clusters contended for the line they shared (lazy SMP's
/// time-to-depth on two cores rose from about 1.4x to 1.6x with the alignment; docs/development.md).
#[derive(Default)]
#[repr(align(64))]
struct Cluster([Entry; CLUSTER]);

pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    /// Number of clusters minus one (a power of two minus one).
    mask: usize,
    generation: AtomicU8,
}

/// Generations are counted modulo this (three bits).
const GENERATIONS: u8 = 8;

fn pack(mv: Move, score: i32, depth: i32, bound: Bound, pv: bool, generation: u8) -> u64 {
    let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let depth = (depth + DEPTH_OFFSET).clamp(0, 127) as u64;
    mv.to_bits()
        | score << Move::BITS
        | depth << 51
        | (bound as u64) << 58
        | ((generation % GENERATIONS) as u64) << 60
        | u64::from(pv) << 63
}

fn unpack(d: u64) -> (TtHit, u8) {
    let bound = match (d >> 58) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    };
    (
        TtHit {
            mv: Move::from_bits(d),
            score: ((d >> Move::BITS) & 0xFFFF) as u16 as i16 as i32,
            depth: ((d >> 51) & 0x7F) as i32 - DEPTH_OFFSET,
            bound,
            pv: d >> 63 != 0,
        },
        ((d >> 60) & 7) as u8,
    )
}

/// `n` zeroed clusters, or None when the allocator refuses.
fn zeroed_clusters(n: usize) -> Option<Vec<Cluster>> {
    let layout = std::alloc::Layout::array::<Cluster>(n).ok()?;
    // SAFETY: the layout is non-zero-sized (n >= 1, a cluster is 64 bytes). All-zero
    // bytes are a valid `Cluster` (atomics holding 0, which is also `Default`). The
    // pointer comes from the global allocator with exactly the layout `Vec<Cluster>` of
    // capacity `n` frees with, so handing it to `Vec::from_raw_parts` is sound.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout) as *mut Cluster;
        if p.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(p, n, n))
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (rounded down to a power of two of clusters).
    /// Panics if the memory cannot be had; input-driven sizes go through `try_new`.
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes, or an error when the system refuses the memory.
    ///
    /// The clusters come zeroed from the allocator (`alloc_zeroed`: fresh pages from the
    /// kernel, already zero), so a large table costs no time until it is used; writing
    /// every entry, as `resize_with` did, blocked the command loop 5.7 s for 4 GB. A
    /// failed allocation is an error here, not the process abort of `Vec::with_capacity`.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or_else(|| format!("hash of {mb} MB is too large"))?;
        let clusters = (bytes / std::mem::size_of::<Cluster>()).max(1);
        let clusters = 1usize << (usize::BITS - 1 - clusters.leading_zeros());
        let table = zeroed_clusters(clusters).ok_or_else(|| format!("cannot allocate a hash table of {mb} MB"))?;
        Ok(TranspositionTable { clusters: table, mask: clusters - 1, generation: AtomicU8::new(0) })
    }

    /// The smallest table (one cluster): what a table is replaced with while its memory
    /// is given back before a resize, so that two tables never coexist.
    pub fn tiny() -> TranspositionTable {
        TranspositionTable { clusters: vec![Cluster::default()], mask: 0, generation: AtomicU8::new(0) }
    }

    pub fn size_mb(&self) -> usize {
        self.clusters.len() * std::mem::size_of::<Cluster>() / (1024 * 1024)
    }

    /// Forgets everything (new game), as a new table. Large tables are cleared by all
    /// cores.
    pub fn clear(&self) {
        self.generation.store(0, Ordering::Relaxed);
        use rayon::prelude::*;
        self.clusters.par_chunks(1 << 14).for_each(|chunk| {
            for e in chunk.iter().flat_map(|c| &c.0) {
                e.key.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        });
    }

    /// Called once per search so that old entries age.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn cluster(&self, key: u64) -> &[Entry] {
        &self.clusters[(key as usize) & self.mask].0
    }

    /// Asks the CPU to start loading the cluster of `key` (done right after a move is made,
    /// so that the probe at the child node finds it in cache).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.clusters.as_ptr().wrapping_add((key as usize) & self.mask));
    }

    pub fn probe(&self, key: u64) -> Option<TtHit> {
        for e in self.cluster(key) {
            let d = e.data.load(Ordering::Relaxed);
            let k = e.key.load(Ordering::Relaxed);
            if k ^ d == key && d != 0 {
                return Some(unpack(d).0);
            }
        }
        None
    }

    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound, pv: bool) {
        let generation = self.generation.load(Ordering::Relaxed) % GENERATIONS;
        let cluster = self.cluster(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in cluster.iter().enumerate() {
            let d = e.data.load(Ordering::Relaxed);
            let k = e.key.load(Ordering::Relaxed);
            if d == 0 || k ^ d == key {
                // Same position. A much shallower inexact result does not replace a deeper
                // one of this search (with several threads, a helper's quick look would
                // otherwise wipe what another thread spent long on); keep the old move if
                // the new one has none.
                let mut mv = mv;
                if d != 0 {
                    let (old, g) = unpack(d);
                    if bound != Bound::Exact && old.depth > depth + 3 && g == generation {
                        return;
                    }
                    if mv.is_null() {
                        if bound != Bound::Exact && old.depth > depth + 2 {
                            return;
                        }
                        mv = old.mv;
                    }
                }
                let nd = pack(mv, score, depth, bound, pv, generation);
                e.key.store(key ^ nd, Ordering::Relaxed);
                e.data.store(nd, Ordering::Relaxed);
                return;
            }
            let (hit, g) = unpack(d);
            let age = (generation.wrapping_sub(g) % GENERATIONS) as i32;
            let worth = hit.depth - 8 * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let nd = pack(mv, score, depth, bound, pv, generation);
        let e = &cluster[victim];
        e.key.store(key ^ nd, Ordering::Relaxed);
        e.data.store(nd, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current generation.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) % GENERATIONS;
        let n = (self.clusters.len() * CLUSTER).min(1000);
        let used = self
            .clusters
            .iter()
            .flat_map(|c| &c.0)
            .take(n)
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && unpack(d).1 == generation
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

/// Asks the CPU to start loading the cache line at `p`: a hint that never faults nor
/// reads memory observably, so any address will do.
#[inline]
pub fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it never faults or reads memory observably.
    unsafe {
        std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::from_index(20), Square::from_index(36));
        tt.store(0xDEADBEEF, m, -123, 7, Bound::Lower, true);
        let h = tt.probe(0xDEADBEEF).unwrap();
        assert_eq!((h.mv, h.score, h.depth, h.bound, h.pv), (m, -123, 7, Bound::Lower, true));
        assert!(tt.probe(0xDEADBEEF ^ 1).is_none());
        tt.store(0xDEADBEEF, Move::NONE, 50, -3, Bound::Upper, false);
        // Shallower, inexact result without a move does not wipe the deeper entry.
        assert_eq!(tt.probe(0xDEADBEEF).unwrap().depth, 7);
        tt.clear();
        assert!(tt.probe(0xDEADBEEF).is_none());
    }

    #[test]
    fn an_impossible_size_is_an_error_not_an_abort() {
        // 2^44 MB = 16 EB: no allocator grants it; Vec would have aborted the process.
        assert!(TranspositionTable::try_new(1 << 44).is_err());
        assert!(TranspositionTable::try_new(usize::MAX).is_err());
        assert_eq!(TranspositionTable::tiny().clusters.len(), 1);
    }

    #[test]
    fn clusters_are_cache_lines() {
        // A probe reads one cluster: it must sit in one 64-byte line.
        assert_eq!(std::mem::size_of::<Cluster>(), 64);
        for mb in [1, 16] {
            let tt = TranspositionTable::new(mb);
            assert_eq!(tt.clusters.as_ptr() as usize % 64, 0);
            assert_eq!(tt.size_mb(), mb);
        }
    }
}
