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
# One entry per match: the variant, then the ini it comes from (none: the embedded one); the
# second part is the forced moves XBoard must apply exactly as Kirin does.
mapfile -t matches < <(
  target/release/kirin variants | sed -nE 's/.* xboard: ([a-z0-9-]+)( \(.*\))? .*/\1/p' \
    | grep -v "^not$" | sort -u
  sed -nE 's/^\[([a-z0-9-]+)(:.*)?\]$/\1/p' "$positions" | sed "s|\$| $positions|")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Lane $1 plays every jobs-th match from the $1-th, on the first free X display from
# 120 + 20 * $1, so that lanes starting together never pick the same one.
lane() {
  local i variant file
  for ((i = $1; i < ${#matches[@]}; i += jobs)); do
    read -r variant file <<< "${matches[i]}"
    VARIANTS_FILE=$file XVFB_RUN_ARGS="-n $((120 + 20 * $1)) -a" \
      scripts/xboard-match.sh "$variant" "$games" "$tc" "$inc" > "$work/$i.out" 2>&1
    echo $? > "$work/$i.rc"
  done
}
for ((l = 0; l < jobs; l++)); do lane "$l" & done
wait

# The matches' reports in list order, as if they had run one after another.
fail=0
for i in "${!matches[@]}"; do
  read -r variant file <<< "${matches[i]}"
  cat "$work/$i.out" 2>/dev/null
  if [ "$(cat "$work/$i.rc" 2>/dev/null)" != 0 ]; then
    echo "FAIL: XBoard match in $variant${file:+ from the position in $file}"
    fail=1
  fi
done
[ $fail -eq 0 ] && echo "xboard: all variants hosted without errors"
exit $fail
