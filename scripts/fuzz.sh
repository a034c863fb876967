#!/usr/bin/env bash
# Coverage-guided fuzzing of Kirin with cargo-fuzz (libFuzzer). Targets live in fuzz/:
#   fen    FEN parsing of every embedded variant (byte 0 picks the variant)
#   moves  FEN or start position, then move texts / `#N` (N-th legal move), made and checked
#   betza  XBetza piece notation, parsed and compiled into a small 8x8 and 16x16 variant
#   ini    variant files loaded after the embedded variants.ini (inheritance, overrides)
#   uci    UCI command lines on one engine (searches bounded to depth 2, see fuzz_targets/uci.rs)
#   cecp   CECP/XBoard command lines through XBoard::run, ping/pong synchronised like a GUI
# Every parsed position must also pass the invariants of fuzz/src/lib.rs (hash key vs.
# recomputation, FEN round trip, unique move texts that parse back, make/unmake restores).
#
# Usage:
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#     SECONDS  time per target (default 60); 0 only replays the seed corpus
#              (fuzz/corpus/TARGET) once: a quick regression check
#     TARGET   default: all six, one after the other
#   Needs: cargo install cargo-fuzz; a nightly toolchain (rustup toolchain install nightly).
#   Environment:
#     FUZZ_TOOLCHAIN=nightly  toolchain; with "stable" the script sets RUSTC_BOOTSTRAP=1
#                             (cargo-fuzz needs nightly flags; this works on stable too)
#     FUZZ_SANITIZER=none     none | address (ASan: ~2x slower; only src/search/tt.rs has unsafe)
#     FUZZ_ARGS="..."         extra libFuzzer flags, e.g. "-max_len=2048 -seed=1"
#     KIRIN_FUZZ_ECHO=1       uci/cecp print what they send and what the engine answers
#     MALLOC_ARENA_MAX=2      default here (fewer glibc arenas); uci/cecp also fix glibc's
#                             mmap threshold as `kirin` does (src/allocator.rs), without
#                             which RSS grew by fragmentation (no leak) to ~700 MB
#     CARGO_BUILD_JOBS=1      compile jobs (default 1: leaves a core to other work)
#     CARGO_TARGET_DIR        build directory (default fuzz/target)
#   Fuzzing runs on one core (one libFuzzer process; uci/cecp searches add a short-lived
#   search thread). Limits: -rss_limit_mb=2048 -timeout=10 per input.
#   New corpus entries go to fuzz/work/corpus/TARGET (ignored by git); crashes to
#   fuzz/artifacts/TARGET/. Exit status 1 if any target crashed (panic, timeout, OOM).
#
# A crash, step by step:
#   1. Reproduce:  cargo +nightly fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-XXXX
#      (prints the panic and backtrace; RUST_BACKTRACE=1 for more frames).
#   2. Minimize:   cargo +nightly fuzz tmin -s none TARGET fuzz/artifacts/TARGET/crash-XXXX
#      (writes fuzz/artifacts/TARGET/minimized-from-...); see the bytes with
#      `od -c FILE` or `cargo +nightly fuzz fmt -s none TARGET FILE`.
#   3. Keep it:    copy the minimized file into fuzz/corpus/TARGET/ (name it after the bug):
#      every later `scripts/fuzz.sh` run, and `scripts/fuzz.sh 0`, replays it.
#   4. Test it:    write a plain cargo test in tests/ with the same input, so `cargo test`
#      covers it without cargo-fuzz. Decode the input as the target does: fen/moves
#      byte 0 = index into Catalog::embedded().rules, the rest a FEN (+ moves);
#      uci/cecp: the lines, fed to Uci::handle / XBoard (tests/xboard_protocol.rs drives the
#      real binary); ini: Catalog::from_texts with the text; betza: variant::betza::parse.
set -u
cd "$(dirname "$0")/.."

secs=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen moves betza ini uci cecp)

toolchain=${FUZZ_TOOLCHAIN:-nightly}
sanitizer=${FUZZ_SANITIZER:-none}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
if [ "$toolchain" = stable ]; then
    export RUSTC_BOOTSTRAP=1
fi
fuzz=(cargo "+$toolchain" fuzz)

if ! cargo "+$toolchain" fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz missing: cargo install cargo-fuzz (and rustup toolchain install $toolchain)" >&2
    exit 2
fi

echo "== building fuzz targets ($toolchain, sanitizer $sanitizer)"
if ! "${fuzz[@]}" build -s "$sanitizer"; then
    echo "build failed" >&2
    exit 2
fi

failed=0
summary=()
for t in "${targets[@]}"; do
    if [ ! -f "fuzz/fuzz_targets/$t.rs" ]; then
        echo "unknown target '$t'" >&2
        exit 2
    fi
    seeds="fuzz/corpus/$t"
    work="fuzz/work/corpus/$t"
    mkdir -p "$work" "$seeds" "fuzz/artifacts/$t"
    log="fuzz/work/$t.log"
    if [ "$secs" = 0 ]; then
        corpora=("$seeds")
        limit=(-runs=0)
    else
        corpora=("$work" "$seeds")
        limit=(-max_total_time="$secs")
    fi
    echo "== $t: ${secs}s"
    # shellcheck disable=SC2086
    "${fuzz[@]}" run -s "$sanitizer" "$t" "${corpora[@]}" -- \
        -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="fuzz/artifacts/$t/" "${limit[@]}" ${FUZZ_ARGS:-} >"$log" 2>&1
    rc=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    crash=$(grep -o 'Test unit written to .*' "$log" | sed 's/Test unit written to //' | tail -1)
    line="$t: ${execs:-?} execs, ${rate:-?}/s, ${cov:-cov: ?}"
    if [ $rc -ne 0 ] || [ -n "$crash" ]; then
        failed=1
        why=$(grep -m1 -E "panicked at|ERROR: libFuzzer|==[0-9]+== ERROR" "$log")
        line="$line, CRASH (exit $rc): ${crash:-no artifact} ${why:+- $why}"
        grep -A3 -m1 "panicked at" "$log" | sed 's/^/    /'
    fi
    echo "$line (log: $log)"
    summary+=("$line")
done

echo "== summary"
printf '%s\n' "${summary[@]}"
exit $failed
