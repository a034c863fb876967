#!/usr/bin/env bash
# Lazy-SMP time-to-depth: searches the same positions to a fixed depth with 1 and with N
# threads (`kirin analyse --depth D --threads T`) and prints the time each needed, the
# speed-up (time with 1 thread / time with N) and nodes per second, per position and in
# total. Run it on an otherwise idle machine with at least N cores.
#
#   scripts/smp-ttd.sh [THREADS] [REPEATS]      # default 2 threads, 3 repeats (median taken)
#   KIRIN=/tmp/a KIRIN_B=/tmp/b scripts/smp-ttd.sh 2 3   # two builds, compared
#
# With KIRIN_B, every repeat of a position runs both builds with 1 and N threads one after
# the other, and a last column gives the second build's speed-up. The machine's speed drifts
# by 10-20% over minutes here, so builds measured in separate runs are not comparable.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-2}
repeats=${2:-3}
kirin=${KIRIN:-target/release/kirin}
[ -x "$kirin" ] || cargo build --release --quiet
kirin_b=${KIRIN_B:-}

# variant | depth | FEN ("-" = start position). The depths gave 1.5-4 s searches with one
# thread at commit f92c3fc on a 2-core machine (under 1 s thread start-up starts to weigh).
# Lazy SMP's time-to-depth varies a lot from one position to the next (0.6x to 3x and more:
# the helper's table entries change the tree), so the set is broad and the summary is the
# geometric mean of the per-position speed-ups as well as the total.
positions=(
  "chess|16|-"
  "chess|13|r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
  "chess|14|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "chess|14|rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"
  "chess|15|r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7"
  "chess|18|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "courier|16|-"
  "courier|15|rnebmk1wbenr/1pppp2pppp1/5pf5/p5p4p/P5P4P/3F2N5/1PPPPP1PPPP1/RNEBMK1WBE1R w - - 0 1"
  "courier-modern|14|-"
  "shatranj|19|-"
  "shoshogi|15|-"
  "verney|13|-"
  "chushogi|11|-"
  "missingbat|10|-"
  "leapingbat|12|-"
  "shortsliders|11|-"
)

# Prints "milliseconds nodes" of one search (the last info line's time and nodes).
run() {
  local bin=$1 variant=$2 depth=$3 fen=$4 t=$5
  local args=(analyse --variant "$variant" --depth "$depth" --threads "$t" --hash 64)
  [ "$fen" != "-" ] && args+=(--fen "$fen")
  "$bin" "${args[@]}" 2>/dev/null | grep "^info depth" | tail -1 |
    sed -E 's/.* nodes ([0-9]+) .* time ([0-9]+) .*/\2 \1/'
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf "%-9s %5s %10s %10s %8s %12s %12s%s\n" variant depth "ms(1)" "ms($threads)" speedup "nps(1)" "nps($threads)" \
  "${kirin_b:+ speedup(B)}"
logsum_b=0
sum1=0
sumn=0
logsum=0
count=0
for p in "${positions[@]}"; do
  IFS='|' read -r variant depth fen <<<"$p"
  declare -a t1=() tn=() n1=() nn=() b1=() bn=()
  for _ in $(seq "$repeats"); do
    read -r ms nodes < <(run "$kirin" "$variant" "$depth" "$fen" 1)
    t1+=("$ms"); n1+=("$nodes")
    read -r ms nodes < <(run "$kirin" "$variant" "$depth" "$fen" "$threads")
    tn+=("$ms"); nn+=("$nodes")
    if [ -n "$kirin_b" ]; then
      read -r ms _ < <(run "$kirin_b" "$variant" "$depth" "$fen" 1)
      b1+=("$ms")
      read -r ms _ < <(run "$kirin_b" "$variant" "$depth" "$fen" "$threads")
      bn+=("$ms")
    fi
  done
  extra=""
  if [ -n "$kirin_b" ]; then
    mb1=$(printf "%s\n" "${b1[@]}" | median)
    mbn=$(printf "%s\n" "${bn[@]}" | median)
    logsum_b=$(awk -v s="$logsum_b" -v a="$mb1" -v b="$mbn" 'BEGIN { print s + (a > 0 && b > 0 ? log(a / b) : 0) }')
    extra=$(awk -v a="$mb1" -v b="$mbn" 'BEGIN { printf " %8.2f", (b > 0 ? a / b : 0) }')
  fi
  m1=$(printf "%s\n" "${t1[@]}" | median)
  mn=$(printf "%s\n" "${tn[@]}" | median)
  k1=$(printf "%s\n" "${n1[@]}" | median)
  kn=$(printf "%s\n" "${nn[@]}" | median)
  sum1=$((sum1 + m1))
  sumn=$((sumn + mn))
  logsum=$(awk -v s="$logsum" -v a="$m1" -v b="$mn" 'BEGIN { print s + (a > 0 && b > 0 ? log(a / b) : 0) }')
  count=$((count + 1))
  awk -v v="$variant" -v d="$depth" -v a="$m1" -v b="$mn" -v x="$k1" -v y="$kn" 'BEGIN {
    printf "%-9s %5d %10d %10d %8.2f %12.0f %12.0f", v, d, a, b, (b > 0 ? a / b : 0),
      (a > 0 ? x * 1000 / a : 0), (b > 0 ? y * 1000 / b : 0) }'
  echo "$extra"
done
awk -v a="$sum1" -v b="$sumn" -v l="$logsum" -v n="$count" 'BEGIN {
  printf "total: %d ms with 1 thread, %d ms with N threads: time-to-depth speed-up %.2f in total, %.2f geometric mean over %d positions\n",
    a, b, (b > 0 ? a / b : 0), exp(l / n), n }'
if [ -n "$kirin_b" ]; then
  awk -v l="$logsum_b" -v n="$count" 'BEGIN { printf "build B: time-to-depth speed-up %.2f geometric mean over %d positions\n", exp(l / n), n }'
fi
