#!/usr/bin/env bash
# The testing loop: a new build of Kirin against an old one in one variant, until a
# sequential probability ratio test decides whether the new one gains ELO1 Elo (H1) or
# not more than ELO0 (H0). Every search or evaluation change is to be accepted by such a
# test and named, with the result line, in its commit message.
#
#   scripts/sprt.sh NEW OLD [VARIANT]                  # chess, 0 5 0.05 0.05, 10+0.1
#   ELO1=10 TC=5+0.05 scripts/sprt.sh /tmp/kirin-new /tmp/kirin-old shortsliders
#
# NEW, OLD: kirin binaries (copies, so the tree can be rebuilt meanwhile).
# Where cutechess-cli is on the PATH and knows the variant (chess, shatranj, courier) it
# plays the games (its -sprt, trinomial); otherwise scripts/match.py does, refereed by
# pyffish or (OLD's) Kirin rules, with pentanomial statistics on game pairs. Both start every
# pair from the same random opening (OPENINGS plies, new ones each pair, seeded by SEED).
#
# Environment: ELO0 (0) ELO1 (5) ALPHA (0.05) BETA (0.05), TC (10+0.1), CONCURRENCY (2),
# NODES (unset: if set, N nodes a move instead of TC, for a machine busy with other work:
# the result then does not depend on the load, but says nothing about speed),
# MAX_GAMES (20000: the test stops at a bound, or here), OPENINGS (4 plies), SEED (1),
# RESIGN ("3 400": a side whose last 3 moves scored -400 cp or less loses; "" for none),
# DRAW ("34 8 20": from move 34, 8 moves in a row within 20 cp of 0 are a draw; ""),
# fishtest's adjudication, so that won games are not played out to the bare king,
# RUNNER (auto | match | cutechess), OUT (directory for PGN and logs, /tmp/kirin-sprt),
# NEW_PARAMS, OLD_PARAMS (a `Search Params` value for that side, e.g. "lmrDivisor=180":
# NEW and OLD may then be the same binary, to test a setting scripts/spsa.py found),
# REFEREE (match.py's --referee: auto, pyffish or kirin, OLD's rules; pyffish's calls cost
# some 10 ms of CPU a ply, two thirds of the engines' at 10,000 nodes a move).
# Prints the runner's report; its last lines carry the Elo estimate and the SPRT verdict.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
NEW=$1 OLD=$2 VARIANT=${3:-chess} NODES=${NODES:-}
ELO0=${ELO0:-0} ELO1=${ELO1:-5} ALPHA=${ALPHA:-0.05} BETA=${BETA:-0.05}
TC=${TC:-10+0.1} CONCURRENCY=${CONCURRENCY:-2} MAX_GAMES=${MAX_GAMES:-20000}
OPENINGS=${OPENINGS:-4} SEED=${SEED:-1} RESIGN=${RESIGN-3 400} DRAW=${DRAW-34 8 20} RUNNER=${RUNNER:-auto} OUT=${OUT:-/tmp/kirin-sprt}
NEW_PARAMS=${NEW_PARAMS:-} OLD_PARAMS=${OLD_PARAMS:-} REFEREE=${REFEREE:-auto}
mkdir -p "$OUT"
for b in "$NEW" "$OLD"; do
    [ -x "$b" ] || { echo "sprt.sh: $b is not an executable" >&2; exit 2; }
done

cutechess_name=
case $VARIANT in
    chess) cutechess_name=standard ;;
    shatranj | courier) cutechess_name=$VARIANT ;;
esac
if [ "$RUNNER" = auto ]; then
    RUNNER=match
    if [ -n "$cutechess_name" ] && command -v cutechess-cli >/dev/null; then RUNNER=cutechess; fi
fi

if [ "$RUNNER" = cutechess ]; then
    [ -n "$cutechess_name" ] || { echo "sprt.sh: cutechess-cli does not know $VARIANT" >&2; exit 2; }
    # Random openings for cutechess-cli, made by the same generator match.py uses.
    book="$OUT/openings-$VARIANT.epd"
    python3 - "$VARIANT" "$OPENINGS" "$SEED" "$((MAX_GAMES / 2))" >"$book" <<'PY'
import random, sys
sys.path.insert(0, "scripts")
import match
variant, plies, seed, pairs = sys.argv[1], int(sys.argv[2]), sys.argv[3], min(int(sys.argv[4]), 5000)
start = match.sf.start_fen(variant)
for pair in range(pairs):
    moves = match.make_opening(variant, start, plies, random.Random(f"{seed}:{pair}"))
    print(" ".join(match.sf.get_fen(variant, start, moves).split()[:4]))
PY
    each=("tc=$TC")
    [ -n "$NODES" ] && each=(tc=inf "nodes=$NODES")
    adjudicate=()
    # shellcheck disable=SC2086
    [ -n "$RESIGN" ] && set -- $RESIGN && adjudicate+=(-resign "movecount=$1" "score=$2")
    # shellcheck disable=SC2086
    [ -n "$DRAW" ] && set -- $DRAW && adjudicate+=(-draw "movenumber=$1" "movecount=$2" "score=$3")
    new_opt=() old_opt=()
    [ -n "$NEW_PARAMS" ] && new_opt=("option.Search Params=$NEW_PARAMS")
    [ -n "$OLD_PARAMS" ] && old_opt=("option.Search Params=$OLD_PARAMS")
    exec cutechess-cli -engine name=new "cmd=$NEW" arg=uci proto=uci "${new_opt[@]}" \
        -engine name=old "cmd=$OLD" arg=uci proto=uci "${old_opt[@]}" \
        -each "${each[@]}" -variant "$cutechess_name" -games 2 -rounds "$((MAX_GAMES / 2))" -repeat -recover \
        -openings "file=$book" format=epd order=sequential \
        -sprt "elo0=$ELO0" "elo1=$ELO1" "alpha=$ALPHA" "beta=$BETA" \
        "${adjudicate[@]}" -concurrency "$CONCURRENCY" -ratinginterval 10 -pgnout "$OUT/games.pgn"
fi
limit=(--tc "$TC")
[ -n "$NODES" ] && limit=(--nodes "$NODES")
# shellcheck disable=SC2206
[ -n "$RESIGN" ] && limit+=(--resign $RESIGN)
# shellcheck disable=SC2206
[ -n "$DRAW" ] && limit+=(--draw $DRAW)
[ -n "$NEW_PARAMS" ] && limit+=(--option1 "Search Params=$NEW_PARAMS")
[ -n "$OLD_PARAMS" ] && limit+=(--option2 "Search Params=$OLD_PARAMS")
exec python3 scripts/match.py --variant "$VARIANT" --engine1 "$NEW uci" --engine2 "$OLD uci" --name1 new --name2 old \
    "${limit[@]}" --openings "$OPENINGS" --seed "$SEED" --concurrency "$CONCURRENCY" --games "$MAX_GAMES" \
    --sprt "$ELO0" "$ELO1" "$ALPHA" "$BETA" --referee "$REFEREE" --referee-kirin "$OLD" --pgn "$OUT/games.pgn"
