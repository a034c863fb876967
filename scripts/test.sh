#!/usr/bin/env bash
# Everything the project checks, on a fresh machine: installs the reference programs the
# tests talk to, then formatting, lints, unit/integration tests (including the long perft
# rows) and the perft cross-check against Fairy-Stockfish (pyffish).
#
#   scripts/test.sh            # full run (what CI does)
#   QUICK=1 scripts/test.sh    # skip installs and the long perft rows
set -euo pipefail
cd "$(dirname "$0")/.."

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

echo "== cargo fmt --check"
cargo fmt --check
echo "== cargo clippy"
cargo clippy --release --all-targets --quiet -- -D warnings
echo "== cargo test"
if [ -z "${QUICK:-}" ]; then
  cargo test --release -- --include-ignored
else
  cargo test --release
fi
echo "== perft cross-check against Fairy-Stockfish (pyffish)"
cargo build --release --quiet
python3 scripts/fsf_crosscheck.py --positions "${CROSSCHECK_POSITIONS:-6}" --jobs 2
echo "== Chu Shogi perft cross-check against lishogi's shogiops"
python3 scripts/chu_crosscheck.py --positions "${CHU_POSITIONS:-12}" --depth 3
echo "== python-chess as UCI and CECP client"
python3 scripts/pychess_protocols.py --kirin target/release/kirin
if [ -z "${QUICK:-}" ]; then
  echo "== XBoard 4.9.1 hosts every variant (2-game matches under Xvfb)"
  scripts/xboard-all.sh
fi
echo "== all checks passed"
