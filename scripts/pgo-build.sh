#!/usr/bin/env bash
# A profile-guided build of Kirin, as Stockfish's `make profile-build`: the compiler first
# builds an instrumented binary, that binary plays a training workload (searches and move
# generation in several variants) and records which branches and calls are hot, and the
# compiler builds again with that profile, laying out and inlining the code for it.
#
#   scripts/pgo-build.sh            # the binary goes to target/pgo/kirin
#
# The search is the same as `cargo build --release`'s (the script checks that both count
# the same bench nodes); only its speed differs: on a 2-core x86-64 machine, 2026-12-05,
# `kirin bench 16 1 12` ran 7-11% and courier game positions 3-4% more nodes a second
# (docs/log/2026-12.md, sixty-fifth session). For tournaments this is the binary to use.
#
# It needs rustup's `llvm-tools` component (the profile tool of the compiler's own LLVM),
# which it installs when missing. RUSTFLAGS, when set, replace the flags of
# .cargo/config.toml (`-C target-cpu=native`) here as in any cargo build.
set -euo pipefail
cd "$(dirname "$0")/.."

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ] && command -v rustup > /dev/null; then
  echo "pgo-build: installing rustup's llvm-tools component (llvm-profdata)" >&2
  rustup component add llvm-tools >&2 || true
fi
# Exit status 3: the profile tool is missing and could not be installed (no rustup, no
# network), which scripts/test.sh reports as a check not run rather than a failure.
[ -x "$profdata" ] || { echo "pgo-build: no llvm-profdata at $profdata (rustup component add llvm-tools)" >&2; exit 3; }

base_flags=${RUSTFLAGS:-"-C target-cpu=native"}
out=target/pgo
profiles="$PWD/$out/profiles"
rm -rf "$profiles"
mkdir -p "$profiles"

echo "pgo-build: instrumented build" >&2
RUSTFLAGS="$base_flags -Cprofile-generate=$profiles" cargo build --release --target-dir "$out/gen" >&2
gen="$out/gen/release/kirin"

# The training workload: what a game spends its time in, in the variants users play
# most, on one thread (about a minute). Fixed seeds and node counts: the same profile on
# every run.
echo "pgo-build: training run" >&2
"$gen" bench 16 1 11 > /dev/null 2>&1
for v in courier shatranj chess shoshogi chushogi hiashatar verney; do
  "$gen" selfplay -v "$v" --games 2 --nodes 20000 --threads 1 --seed 3 --out /dev/null > /dev/null 2>&1
done
for v in chess courier shoshogi; do
  "$gen" perft -v "$v" -d 4 > /dev/null 2>&1
done

"$profdata" merge -o "$out/kirin.profdata" "$profiles"

echo "pgo-build: optimised build" >&2
RUSTFLAGS="$base_flags -Cprofile-use=$PWD/$out/kirin.profdata" cargo build --release --target-dir "$out/use" >&2
cp "$out/use/release/kirin" "$out/kirin"

# The profile may change the code's layout, never what it computes: both binaries must
# count the same nodes in the bench.
signature() { "$1" bench 2>&1 | sed -n 's/^Nodes searched *: //p'; }
a=$(signature "$gen")
b=$(signature "$out/kirin")
if [ -z "$a" ] || [ "$a" != "$b" ]; then
  echo "pgo-build: bench nodes differ: instrumented $a, optimised $b" >&2
  exit 1
fi
echo "pgo-build: $out/kirin (bench $b nodes)"
