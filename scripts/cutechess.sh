#!/usr/bin/env bash
# Kirin under cutechess-cli in every variant Cute Chess shares with it (standard, shatranj,
# courier), over UCI and over CECP: Kirin against Kirin across the two protocols, and against
# Fairy-Stockfish (UCI) and Fairy-Max (CECP) where they play the variant. Fairy-Max is left
# out of courier: it starts from XBoard's array, Cute Chess from the position after the
# compulsory moves, and Cute Chess sends it no setboard.
#
#   scripts/cutechess.sh                        # 4 games per pairing at 5+0.05
#   GAMES=20 TC=10+0.1 scripts/cutechess.sh
#
# Environment: CUTECHESS (default cutechess-cli on the PATH; not packaged in Debian: build it
# from github.com/cutechess/cutechess), KIRIN (default target/release/kirin, copied first so
# the tree can be rebuilt meanwhile), FSF (fairy-stockfish), FAIRYMAX (fairymax), GAMES, TC,
# CONCURRENCY, OUT (directory for PGN and logs).
# Exit status non-zero if any game ended by an illegal move, a forfeit on time, a
# disconnection or stall, or an invalid result claim.
set -uo pipefail
cd "$(dirname "$0")/.."
CUTECHESS=${CUTECHESS:-cutechess-cli}
GAMES=${GAMES:-4}
TC=${TC:-5+0.05}
CONCURRENCY=${CONCURRENCY:-1}
OUT=${OUT:-/tmp/kirin-cutechess}
FSF=${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
FAIRYMAX=${FAIRYMAX:-$(command -v fairymax || echo /usr/games/fairymax)}
command -v "$CUTECHESS" >/dev/null || { echo "cutechess.sh: $CUTECHESS not found" >&2; exit 2; }
mkdir -p "$OUT"
if [ -z "${KIRIN:-}" ]; then
    cargo build --release --quiet || exit 2
    KIRIN=target/release/kirin
fi
cp "$KIRIN" "$OUT/kirin" || exit 2
K="$OUT/kirin"

kirin_uci=(-engine name=kirin-uci "cmd=$K" arg=uci proto=uci)
kirin_cecp=(-engine name=kirin-cecp "cmd=$K" arg=xboard proto=xboard)
fsf=(-engine name=fairy-stockfish "cmd=$FSF" proto=uci)
fairymax=(-engine name=fairy-max "cmd=$FAIRYMAX" proto=xboard)

bad=0
play() {
    local variant=$1 label=$2
    shift 2
    local log="$OUT/$variant-$label.log"
    "$CUTECHESS" "$@" -each "tc=$TC" -variant "$variant" -games "$GAMES" -repeat \
        -concurrency "$CONCURRENCY" -pgnout "$OUT/games.pgn" -recover >"$log" 2>&1
    local status=$?
    local games faults
    games=$(grep -c '^Finished game' "$log")
    faults=$(grep '^Finished game' "$log" | grep -E -i 'illegal|forfeit|on time|disconnect|stall|invalid|crash' || true)
    local score
    score=$(grep '^Score of' "$log" | tail -n 1)
    score=${score:-no score}
    echo "$variant $label: $games games; $score"
    if [[ $status -ne 0 || $games -ne $GAMES || -n $faults ]]; then
        bad=1
        echo "  FAILED (exit $status, see $log)"
        [[ -n $faults ]] && sed 's/^/  /' <<<"$faults"
    fi
}

for v in standard shatranj courier; do
    play "$v" uci-vs-cecp "${kirin_uci[@]}" "${kirin_cecp[@]}"
    [ -x "$FSF" ] && play "$v" uci-vs-fsf "${kirin_uci[@]}" "${fsf[@]}"
    if [ "$v" = courier ]; then
        [ -x "$FSF" ] && play "$v" cecp-vs-fsf "${kirin_cecp[@]}" "${fsf[@]}"
    else
        [ -x "$FAIRYMAX" ] && play "$v" cecp-vs-fairymax "${kirin_cecp[@]}" "${fairymax[@]}"
    fi
done
exit $bad
