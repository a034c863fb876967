#!/usr/bin/env bash
# Speed of two Kirin builds, interleaved: for a change that must not cost speed (a
# refactoring, a new rule hook), compare nodes/s of perft and of `kirin bench` between the
# build before and the build after, measured in the same run so that the machine's drift
# (10-20% over minutes on a 2-core machine) hits both alike.
#
#   KIRIN_A=/tmp/before KIRIN_B=target/release/kirin scripts/speed-ab.sh [REPEATS]
#
# Every repeat runs each workload with A, then B, then B, then A (so neither build always
# runs first); per workload the script prints both medians of nodes/s and B/A. It also
# checks that both builds count the same nodes: a difference is a change in behaviour and
# stops the script. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
a=${KIRIN_A:?KIRIN_A names the build before}
b=${KIRIN_B:-target/release/kirin}

# variant | depth (perft from the start position); "bench" = `kirin bench`.
workloads=(
  "chess|5"
  "courier|4"
  "shoshogi|4"
  "chushogi|3"
  "missingbat|3"
  "shortsliders|3"
  "verney|4"
  "bench|-"
)

now() { date +%s.%N; }

# Runs one workload with one build; prints "nodes seconds".
run() {
  local bin=$1 v=$2 d=$3 t0 t1 n
  if [ "$v" = bench ]; then
    t0=$(now); n=$("$bin" bench 2>&1 | awk '/^Nodes searched/{print $4}'); t1=$(now)
  else
    t0=$(now); n=$("$bin" perft --variant "$v" --depth "$d" 2>/dev/null | awk '/^Nodes searched/{print $3}'); t1=$(now)
  fi
  echo "$n $(awk -v x="$t0" -v y="$t1" 'BEGIN{print y-x}')"
}

median() { sort -g | awk '{v[NR]=$1} END{print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

printf '%-14s %5s %12s %12s %12s %7s\n' workload depth nodes "A nodes/s" "B nodes/s" "B/A"
for w in "${workloads[@]}"; do
  v=${w%%|*}; d=${w##*|}
  rates_a=(); rates_b=(); nodes=""
  for ((i = 0; i < repeats; i++)); do
    for bin in "$a" "$b" "$b" "$a"; do
      read -r n s < <(run "$bin" "$v" "$d")
      if [ -z "$nodes" ]; then nodes=$n; fi
      if [ "$n" != "$nodes" ]; then
        echo "node counts differ in $v: $nodes against $n ($bin)" >&2
        exit 1
      fi
      rate=$(awk -v n="$n" -v s="$s" 'BEGIN{printf "%.0f", n/s}')
      if [ "$bin" = "$a" ]; then rates_a+=("$rate"); else rates_b+=("$rate"); fi
    done
  done
  ma=$(printf '%s\n' "${rates_a[@]}" | median)
  mb=$(printf '%s\n' "${rates_b[@]}" | median)
  printf '%-14s %5s %12s %12.0f %12.0f %6.3f\n' "$v" "$d" "$nodes" "$ma" "$mb" "$(awk -v x="$ma" -v y="$mb" 'BEGIN{print y/x}')"
done
echo "nodes/s include process start-up and table building (whole-process time); B/A above 1: B faster."
