#!/usr/bin/env bash
# For every variant Kirin offers to XBoard, a 2-game XBoard 4.9.1 match of Kirin against
# Kirin at a fast time control, headless under Xvfb (xboard-match.sh), then the same from the
# positions of tests/xboard/positions.ini. Fails if any match does not finish with a result
# for both games, or if XBoard's debug log shows an illegal move, an error reply or a missing
# setup. Variants whose rules XBoard cannot check run with -testLegality false (see
# `kirin variants`).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -x target/release/kirin ] || cargo build --release --quiet
games=${GAMES:-2}
tc=${TC:-0:05}
inc=${INC:-0.05}
fail=0
names=$(target/release/kirin variants | sed -nE 's/.* xboard: ([a-z0-9-]+)( \(.*\))? .*/\1/p' | grep -v "^not$" | sort -u)
for v in $names; do
  if ! scripts/xboard-match.sh "$v" "$games" "$tc" "$inc"; then
    echo "FAIL: XBoard match in $v"
    fail=1
  fi
done
# Forced moves XBoard must apply exactly as Kirin does (tests/xboard/positions.ini).
positions=tests/xboard/positions.ini
for v in $(sed -nE 's/^\[([a-z0-9-]+)(:.*)?\]$/\1/p' "$positions"); do
  if ! VARIANTS_FILE=$positions scripts/xboard-match.sh "$v" "$games" "$tc" "$inc"; then
    echo "FAIL: XBoard match from the position $v"
    fail=1
  fi
done
[ $fail -eq 0 ] && echo "xboard: all variants hosted without errors"
exit $fail
