#!/usr/bin/env bash
# For every variant Kirin offers to XBoard, a 2-game XBoard 4.9.1 match of Kirin against
# Kirin at a fast time control, headless under Xvfb (xboard-match.sh), then the same from the
# positions of tests/xboard/positions.ini. Fails if any match does not finish with a result
# for both games, or if XBoard's debug log shows an illegal move, an error reply or a missing
# setup. Variants whose rules XBoard cannot check run with -testLegality false (see
# `kirin variants`).
#
# JOBS matches run side by side (default 2: a match keeps about one core busy, since its two
# engines take turns and do not ponder), each lane on its own X displays. One after another
# they took 22 minutes on 2 cores, a quarter of CI's budget.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -x target/release/kirin ] || cargo build --release --quiet
games=${GAMES:-2}
tc=${TC:-0:05}
inc=${INC:-0.05}
jobs=${JOBS:-2}
positions=tests/xboard/positions.ini
# One line per match: the variant, then the ini it comes from (empty: the embedded one).
matches=$(target/release/kirin variants | sed -nE 's/.* xboard: ([a-z0-9-]+)( \(.*\))? .*/\1/p' \
  | grep -v "^not$" | sort -u | sed 's/$/ /')
# Forced moves XBoard must apply exactly as Kirin does.
matches+=$'\n'$(sed -nE 's/^\[([a-z0-9-]+)(:.*)?\]$/\1/p' "$positions" | sed "s|\$| $positions|")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Lane $1 plays every match whose line number is $1 modulo $jobs, on the first free X display
# from 120 + 20 * $1, so that lanes starting together never pick the same one.
lane() {
  local n=0 variant file
  while read -r variant file; do
    n=$((n + 1))
    [ -n "$variant" ] && [ $(((n - 1) % jobs)) -eq "$1" ] || continue
    VARIANTS_FILE=$file XVFB_RUN_ARGS="-n $((120 + 20 * $1)) -a" \
      scripts/xboard-match.sh "$variant" "$games" "$tc" "$inc" > "$work/$n.out" 2>&1
    echo $? > "$work/$n.rc"
  done <<< "$matches"
}
for ((l = 0; l < jobs; l++)); do lane "$l" & done
wait

# The matches' reports in list order, as if they had run one after another.
fail=0
n=0
while read -r variant file; do
  n=$((n + 1))
  [ -n "$variant" ] || continue
  cat "$work/$n.out" 2>/dev/null
  if [ "$(cat "$work/$n.rc" 2>/dev/null)" != 0 ]; then
    echo "FAIL: XBoard match in $variant${file:+ from the position in $file}"
    fail=1
  fi
done <<< "$matches"
[ $fail -eq 0 ] && echo "xboard: all variants hosted without errors"
exit $fail
