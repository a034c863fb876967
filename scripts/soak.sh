#!/usr/bin/env bash
# Refereed soak: Kirin against Kirin in every variant it knows, over UCI, over CECP and
# mixed, at a fast time control. Every game runs through scripts/match.py, whose referee
# re-validates every move and decides every result in a process of its own (pyffish where
# it knows the variant, else a separate `kirin referee`); the engines' own claims are
# ignored. Writes the PGN, one match report per variant and pairing, and a summary:
# games, results, illegal moves, protocol errors, forfeits, crashes, peak memory.
#
#   scripts/soak.sh                       # 2 games per variant and pairing, 1+0.01
#   GAMES=20 TC=1+0.01 scripts/soak.sh    # more
#   VARIANTS="chess chushogi shortsliders" PAIRINGS="uci-uci" GAMES=100 scripts/soak.sh
#
# Environment: KIRIN (binary, default target/release/kirin), GAMES (per variant and
# pairing, even), TC (BASE+INC seconds), MAX_PLIES (0 = none), CONCURRENCY, THREADS
# (search threads per engine), OPENINGS (random plies), SEED, OUT (directory),
# VARIANTS (default: all of `kirin variants`), PAIRINGS (any of uci-uci cecp-cecp uci-cecp;
# default all three, CECP ones only where Kirin offers the variant to XBoard),
# FORFEITS_FATAL (1, the default: a time forfeit fails the run like an illegal move).
#
# Exit status: non-zero if any game ended by an illegal move, a legal move refused, a
# crash or protocol error, or (with FORFEITS_FATAL=1) a time forfeit.
set -euo pipefail
cd "$(dirname "$0")/.."
KIRIN=${KIRIN:-target/release/kirin}
GAMES=${GAMES:-2}
TC=${TC:-1+0.01}
MAX_PLIES=${MAX_PLIES:-0}
CONCURRENCY=${CONCURRENCY:-1}
THREADS=${THREADS:-1}
OPENINGS=${OPENINGS:-4}
SEED=${SEED:-1}
OUT=${OUT:-/tmp/kirin-soak}
PAIRINGS=${PAIRINGS:-uci-uci cecp-cecp uci-cecp}
FORFEITS_FATAL=${FORFEITS_FATAL:-1}
mkdir -p "$OUT"
: >"$OUT/soak.pgn"

# name -> CECP name ("not" when the variant is not offered to XBoard)
declare -A cecp
while read -r name rest; do
  x=$(sed -n 's/.*xboard: \([^ ]*\).*/\1/p' <<<"$rest")
  cecp[$name]=$x
done < <("$KIRIN" variants)
VARIANTS=${VARIANTS:-$("$KIRIN" variants | awk '{print $1}')}

summary="$OUT/summary.txt"
: >"$summary"
total=0 bad=0 forfeits=0
for v in $VARIANTS; do
  for pairing in $PAIRINGS; do
    p1=${pairing%-*} p2=${pairing#*-}
    if [[ ($p1 == cecp || $p2 == cecp) && ${cecp[$v]:-not} == not ]]; then
      continue
    fi
    report="$OUT/$v-$pairing.txt"
    threads_opt=(--option1 "Threads=$THREADS" --option2 "Threads=$THREADS")
    [[ $p1 == cecp ]] && threads_opt[1]="cores=$THREADS"
    [[ $p2 == cecp ]] && threads_opt[3]="cores=$THREADS"
    set +e
    mode() { if [[ $1 == uci ]]; then echo uci; else echo xboard; fi; }
    python3 scripts/match.py --engine1 "$KIRIN $(mode "$p1")" --proto1 "$p1" --engine2 "$KIRIN $(mode "$p2")" --proto2 "$p2" \
      --name1 "kirin-$p1-a" --name2 "kirin-$p2-b" --variant "$v" --cecp-variant "${cecp[$v]}" \
      --referee-kirin "$KIRIN" --games "$GAMES" --tc "$TC" --openings "$OPENINGS" --seed "$SEED" \
      --max-plies "$MAX_PLIES" --concurrency "$CONCURRENCY" --pgn "$OUT/soak.pgn" --log "$OUT/$v-$pairing.log" \
      >"$report" 2>&1
    status=$?
    set -e
    games=$(sed -n 's/^Finished \([0-9]*\) of.*/\1/p' "$report")
    terms=$(sed -n 's/^Terminations: //p' "$report")
    peak=$(sed -n 's/^Peak RSS: //p' "$report")
    count() { { grep -o "$1 [0-9]*" <<<"$terms" || true; } | awk '{s+=$NF} END {print s+0}'; }
    illegal=$(count "illegal move") rejected=$(count "rejected legal move") crash=$(count "crash/protocol error")
    flags=$(count "time forfeit")
    total=$((total + ${games:-0}))
    forfeits=$((forfeits + flags))
    line="$v $pairing: ${games:-0} games; ${terms:-no terminations}; peak ${peak:-?}"
    if [[ $status -ne 0 || -z $games || $illegal -gt 0 || $rejected -gt 0 || $crash -gt 0 ]]; then
      bad=$((bad + 1))
      line="$line  <-- FAILED (exit $status, see $report)"
    fi
    echo "$line" | tee -a "$summary"
  done
done
echo "soak: $total games, $bad failed matches, $forfeits time forfeits ($TC, $CONCURRENCY at a time); $OUT" | tee -a "$summary"
if [[ $bad -gt 0 || ($FORFEITS_FATAL == 1 && $forfeits -gt 0) ]]; then
  exit 1
fi
