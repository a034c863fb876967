#!/usr/bin/env bash
# Runs an XBoard 4.9.1 match (headless, under Xvfb) and prints the score.
#
#   scripts/xboard-match.sh VARIANT [GAMES] [TC] [INC] [ENGINE1] [ENGINE2]
#   scripts/xboard-match.sh couriermodern 2 0:05 0.05
#   scripts/xboard-match.sh courier 10 0:10 0.1 "target/release/kirin xboard" "/usr/games/fairymax"
#
# VARIANT is the name XBoard uses (`normal`, `shatranj`, `courier`, or one of Kirin's
# engine-defined names as listed in its `feature variants`). ENGINE1/ENGINE2 default to
# Kirin; the first engine defines engine-defined variants (setup/piece), so keep Kirin first
# for those. The PGN and XBoard's debug log go to $OUT (default /tmp/kirin-xboard-VARIANT).
# XVFB_RUN_ARGS replaces xvfb-run's `-a` (e.g. `-n 140 -a`: the first free X display from
# 140, for matches run side by side, which plain `-a` can give the same number).
#
# Exit status 1 if the match did not produce a result for every game, or if the debug log
# shows an illegal move, an error reply, a missing setup, or a crash of an engine.
# XBOARD_OPTS adds XBoard options (e.g. "-testLegality false"). VARIANTS_FILE=my.ini hosts a
# variant of that file (Kirin runs with `--variants my.ini`).
# Games longer than DRAW_MOVES moves (default 450) are adjudicated drawn by XBoard: it cannot
# record more than 1000 plies (MAX_MOVES) and ends such a game without a result, which a
# 500-move-rule variant (Bat chess) between two engines that cannot force mate can reach.
set -uo pipefail
cd "$(dirname "$0")/.."
variant=${1:?variant}
games=${2:-2}
tc=${3:-0:05}
inc=${4:-0.05}
kirin="$(pwd)/target/release/kirin"
extra=()
[ -n "${VARIANTS_FILE:-}" ] && extra=(--variants "$(realpath "$VARIANTS_FILE")")
e1=${5:-"$kirin ${extra[*]} xboard"}
e2=${6:-"$kirin ${extra[*]} xboard"}
out=${OUT:-/tmp/kirin-xboard-$variant}
mkdir -p "$out"
rm -f "$out/games.pgn" "$out/xboard.debug"
[ -x "$kirin" ] || cargo build --release --quiet
# XBoard adjudicates the 50-move rule by itself: tell it the variant's rule (0 = none).
nmove=$("$kirin" "${extra[@]}" variants | grep -E "xboard: $variant( |\()" | sed -nE 's/.* nmove=([0-9]+).*/\1/p' | head -1)
[ -n "$nmove" ] && XBOARD_OPTS="${XBOARD_OPTS:-} -ruleMoves $nmove"
# Variants whose rules XBoard cannot check are hosted with legality testing off.
if "$kirin" "${extra[@]}" variants | grep -E "xboard: $variant \([^)]*-testLegality false[^)]*\)" >/dev/null; then
  XBOARD_OPTS="${XBOARD_OPTS:-} -testLegality false"
  echo "$variant: XBoard cannot check these rules; running with -testLegality false"
fi
# 16-rank variants: XBoard must count ranks from 0 (Kirin does the same): counting from 1,
# XBoard 4.9.1 stores rank 16 as '@', its drop marker, and every move from rank 16 breaks.
if "$kirin" "${extra[@]}" variants | grep -E "xboard: $variant \([^)]*-rankOffset 1[^)]*\)" >/dev/null; then
  XBOARD_OPTS="${XBOARD_OPTS:-} -rankOffset 1"
  echo "$variant: 16 ranks; running with -rankOffset 1"
fi
command -v xvfb-run >/dev/null || { echo "xvfb-run not installed (apt-get install xvfb xboard)"; exit 1; }

# WATCHDOG=SECONDS: kill an engine that has not moved SECONDS after its clock ran out
# (scripts/xboard_watchdog.py; XBoard -noGUI never flags) and report it in $out/watchdog.txt.
rm -f "$out/watchdog.txt"
if [ -n "${WATCHDOG:-}" ]; then
  (for _ in $(seq 100); do
     for pid in $(pgrep -f -- "-nameOfDebugFile $out/xboard.debug"); do
       if [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = xboard ]; then
         exec python3 scripts/xboard_watchdog.py "$out/xboard.debug" "$out/watchdog.txt" "$WATCHDOG" "$pid"
       fi
     done
     sleep 0.1
   done) &
fi
log=$(timeout "${MATCH_TIMEOUT:-1200}" xvfb-run ${XVFB_RUN_ARGS:--a} /usr/games/xboard \
  -fcp "$e1" -fd "$out" -scp "$e2" -sd "$out" \
  -variant "$variant" -mg "$games" -tc "$tc" -inc "$inc" \
  -sgf "$out/games.pgn" -debug -nameOfDebugFile "$out/xboard.debug" \
  -saveSettingsOnExit false -xexit -noGUI -ringBellAfterMoves false -popupExitMessage false \
  -adjudicateDrawMoves "${DRAW_MOVES:-450}" \
  ${XBOARD_OPTS:-} 2>&1)
status=$?
wait
[ -f "$out/watchdog.txt" ] && sed "s/^/$variant: /" "$out/watchdog.txt"
score=$(echo "$log" | grep -E "final score" | tail -1)
echo "$variant: ${score:-no final score} (xboard exit $status)"
# XBoard's "final score W-L-D" is from the first engine's point of view.
if [[ "$score" =~ final\ score\ ([0-9]+)-([0-9]+)-([0-9]+) ]]; then
  python3 - "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]}" "${BASH_REMATCH[2]}" <<'PY' | sed "s/^/$variant: /"
import sys
sys.path.insert(0, "scripts")
import match
w, d, l = map(int, sys.argv[1:4])
print("\n".join(match.summary(w, d, l)))
PY
fi
results=$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$out/games.pgn" 2>/dev/null || echo 0)
echo "$variant: $results of $games games have a result in $out/games.pgn"
grep -h "^{" "$out/games.pgn" 2>/dev/null | head -0
endings=$(grep -oE '\{[^}]*\} (1-0|0-1|1/2-1/2)$' "$out/games.pgn" 2>/dev/null | sort | uniq -c)
[ -n "$endings" ] && echo "$endings" | sed "s/^/$variant: /"
bad=$( (grep -E "Illegal move|Error \(|did not send setup|tellusererror|Engine .* died|crashed|Unknown variant" "$out/xboard.debug" 2>/dev/null | grep -v "^.*>.*option";
  grep -E "Forfeit due to invalid move|False (win|draw|loss) claim" "$out/games.pgn" 2>/dev/null) | head -5)
if [ -n "$bad" ]; then
  echo "$variant: problems in $out/xboard.debug:"
  echo "$bad"
  exit 1
fi
[ "$results" -eq "$games" ] || exit 1
exit 0
