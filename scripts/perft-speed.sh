#!/usr/bin/env bash
# Perft speed of Kirin beside Fairy-Stockfish, measured in the same run on this machine.
# Both count the same way (legal moves, bulk count at the last ply, one thread).
#
#   scripts/perft-speed.sh            # courier d5, chess d6, shoshogi d5
#   FSF=/path/to/fairy-stockfish scripts/perft-speed.sh
#   FSF_SHOSHOGI=/path/to/fsf scripts/perft-speed.sh
#
# FSF (default /usr/games/fairy-stockfish, the Debian package) is used for every variant it
# knows; the Debian build (11.1) has chess and courier but no shoshogi, so FSF_SHOSHOGI may
# name a newer build for that row (else the row says "no reference").
set -euo pipefail
cd "$(dirname "$0")/.."
KIRIN=${KIRIN:-target/release/kirin}
FSF=${FSF:-/usr/games/fairy-stockfish}
FSF_SHOSHOGI=${FSF_SHOSHOGI:-$FSF}
[ -x "$KIRIN" ] || cargo build --release --quiet

now() { date +%s.%N; }

fsf_knows() { # binary variant -> prints the start FEN it uses, empty if unknown
  printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\nd\nquit\n' "$2" | "$1" 2>/dev/null \
    | awk '/^Fen:/{print $2; exit}'
}

printf '%-10s %5s %12s %10s %12s %10s %7s\n' variant depth nodes "kirin s" "kirin n/s" "fsf s" ratio
for spec in courier:5 chess:6 shoshogi:5; do
  v=${spec%%:*}; d=${spec##*:}
  bin=$FSF; [ "$v" = shoshogi ] && bin=$FSF_SHOSHOGI
  t0=$(now); kn=$("$KIRIN" perft --variant "$v" --depth "$d" 2>/dev/null | awk '/^Nodes searched/{print $3}'); t1=$(now)
  ks=$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')
  kfen=$("$KIRIN" show --variant "$v" | awk '/^Fen:/{print $2}')
  ffen=""; [ -x "$bin" ] && ffen=$(fsf_knows "$bin" "$v")
  if [ -n "$ffen" ] && [ "$ffen" = "$kfen" ]; then
    t0=$(now); fn=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$v" "$d" | "$bin" 2>/dev/null | awk '/^Nodes searched/{print $3}'); t1=$(now)
    fs=$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')
    if [ "$fn" != "$kn" ]; then echo "node counts differ for $v: kirin $kn, fsf $fn" >&2; exit 1; fi
    ratio=$(awk -v a="$fs" -v b="$ks" 'BEGIN{print a/b}')
    printf '%-10s %5s %12s %10.3f %12.0f %10.3f %6.2fx\n' "$v" "$d" "$kn" "$ks" "$(awk -v a="$kn" -v b="$ks" 'BEGIN{print a/b}')" "$fs" "$ratio"
  else
    printf '%-10s %5s %12s %10.3f %12.0f %10s %7s\n' "$v" "$d" "$kn" "$ks" "$(awk -v a="$kn" -v b="$ks" 'BEGIN{print a/b}')" "-" "no reference"
  fi
done
echo "ratio = Fairy-Stockfish time / Kirin time (above 1: Kirin faster); times include process start-up."
