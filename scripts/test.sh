#!/usr/bin/env bash
# Everything the project checks, on a fresh machine: installs the reference programs the
# tests talk to, then formatting, lints, unit/integration tests (including the long perft
# rows), the perft cross-checks against every reference, the protocol clients and XBoard.
#
#   scripts/test.sh            # full run (what CI does)
#   QUICK=1 scripts/test.sh    # skip installs, the long perft rows and XBoard
#
# KIRIN_ORACLE names the independent reference generator (its oracle.py or directory). It
# is not part of the repository; without it that cross-check is skipped and said so at the
# end (CI sets it, see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
skipped=()
# Each stage's heading carries the minutes and seconds since the start, so a CI log shows
# which stage ate its time budget.
stage() { printf '== %s  [%d:%02d]\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }

if [ -z "${QUICK:-}" ]; then
  # Fairy-Stockfish's rules as a Python module (the perft referee) and python-chess.
  python3 -m pip install --quiet --disable-pip-version-check chess pyffish 2>&1 | grep -v "Running pip as the 'root' user" || true
  # lishogi's rules (shogiops) for the Chu Shogi perft cross-check.
  npm ci --prefix scripts/shogiops --silent --no-audit --no-fund >/dev/null
  # XBoard 4.9.1 and a virtual X server for the GUI hosting tests.
  if ! command -v xvfb-run >/dev/null || [ ! -x /usr/games/xboard ]; then
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && apt-get install -y -qq xboard xvfb) >/dev/null
  fi
fi

stage "cargo fmt --check"
cargo fmt --check
stage "cargo clippy"
cargo clippy --release --all-targets --quiet -- -D warnings
stage "cargo test"
# The `ci` profile (Cargo.toml): release optimisation without fat LTO, which would link each
# test binary as one unit. The engine the later stages drive is the real release build.
if [ -z "${QUICK:-}" ]; then
  cargo test --profile ci -- --include-ignored
else
  cargo test --profile ci
fi
cargo build --release --quiet
references=pyffish,shogiops
if [ -n "${KIRIN_ORACLE:-}" ]; then
  references=$references,oracle
else
  skipped+=("the cross-check against the independent generator (set KIRIN_ORACLE)")
fi
stage "unit tests of the Python tools"
python3 -m unittest discover -s scripts -p 'test_*.py'
stage "the cross-check harness against a stand-in kirin ($references)"
python3 scripts/crosscheck.py --self-test --reference "$references"
stage "perft cross-check of every variant with a reference ($references)"
python3 scripts/crosscheck.py --reference "$references" --jobs 2
stage "refereed soak sample: Kirin against Kirin in every variant, UCI, CECP and mixed"
GAMES=2 TC=2+0.05 MAX_PLIES=60 CONCURRENCY=2 OUT=target/soak scripts/soak.sh
stage "memory over a long UCI session: every variant, Hash up to 64 MB, 1-4 threads"
python3 scripts/uci-memory.py --engine target/release/kirin --rounds 1500 --sample 250 --max-peak 128
stage "python-chess as UCI and CECP client"
python3 scripts/pychess_protocols.py --kirin target/release/kirin
if [ -z "${QUICK:-}" ]; then
  stage "fuzzing sample: every cargo-fuzz target for 20 s (stable toolchain, RUSTC_BOOTSTRAP)"
  if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install --quiet --locked cargo-fuzz
  fi
  # A fixed libFuzzer seed: CI fails on a regression, not on what a random walk happens to
  # find first; the open-ended search is `scripts/fuzz.sh 3600 TARGET` by hand.
  FUZZ_TOOLCHAIN=stable CARGO_BUILD_JOBS=2 FUZZ_ARGS="-seed=1" scripts/fuzz.sh 20
else
  skipped+=("the fuzzing sample (QUICK)")
fi
if [ -z "${QUICK:-}" ]; then
  # The tournament build: it must build here and search exactly as the release build does.
  stage "profile-guided build (scripts/pgo-build.sh) counts the release build's bench nodes"
  pgo_status=0
  scripts/pgo-build.sh > /dev/null 2> target/pgo-build.log || pgo_status=$?
  if [ "$pgo_status" -eq 3 ]; then
    skipped+=("the profile-guided build (no llvm-profdata: rustup component add llvm-tools)")
  elif [ "$pgo_status" -ne 0 ]; then
    cat target/pgo-build.log >&2
    exit 1
  else
    bench_nodes() { "$1" bench 2>&1 | sed -n 's/^Nodes searched *: //p'; }
    pgo_nodes=$(bench_nodes target/pgo/kirin)
    release_nodes=$(bench_nodes target/release/kirin)
    if [ "$pgo_nodes" != "$release_nodes" ]; then
      echo "profile-guided build: bench nodes $pgo_nodes, release build $release_nodes" >&2
      exit 1
    fi
  fi
else
  skipped+=("the profile-guided build (QUICK)")
fi
if [ -z "${QUICK:-}" ]; then
  stage "XBoard 4.9.1 hosts every variant (2-game matches under Xvfb)"
  scripts/xboard-all.sh
else
  skipped+=("XBoard hosting (QUICK)")
fi
if [ ${#skipped[@]} -eq 0 ]; then
  stage "all checks passed"
else
  stage "all checks run passed; NOT RUN: ${skipped[*]}"
fi
