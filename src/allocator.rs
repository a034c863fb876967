//! How the engine asks glibc's allocator to give large blocks back to the system.
//!
//! Each search thread allocates megabytes of tables (continuation history is up to 16 MB a
//! thread, the evaluation cache 1 MB) and frees them when the search ends. glibc serves a
//! block that large with `mmap` at first, but after the first such block is freed it raises
//! its mmap threshold to that size (the "dynamic threshold", up to 32 MB) and serves the
//! next ones from the heap arenas, one arena per thread. Freed arena memory stays in the
//! process: a long UCI session with 4 threads, Hash up to 64 MB and variant changes sat at
//! 230-390 MB (`scripts/uci-memory.py`), where the tables in use are under 100 MB.
//! A fixed threshold keeps every large block on `mmap`, returned to the system when freed,
//! and zeroed pages cost nothing until touched; the same session then stays at its Hash
//! plus about 20 MB. Small allocations are untouched.

/// Blocks from this size up are always mapped and unmapped on their own.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const LARGE_BLOCK: i32 = 256 * 1024;

/// Call once at start-up: blocks allocated before keep the old rule. Elsewhere than
/// Linux/glibc this does nothing.
pub fn return_large_blocks_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets one of glibc's allocator parameters, under glibc's own
    // arena lock; a failure (return 0) leaves the default in place.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LARGE_BLOCK);
    }
}
