#!/usr/bin/env python3
"""Where two engines' own scores disagree along their games, from a match PGN with the
scores in the move comments (`scripts/match.py --pgn`, `{+0.55/12 0.23s}`): per band of
game plies, one engine's score before its move beside the other's score one ply
earlier, both from the side that gave them. Where both think they stand better (their
sum well above 0) at least one misjudges the position, and the games' results say
which. Per game it also finds the first ply at which the opponent's score reaches a
margin and how many plies later the engine's own score falls to minus that margin: the
plies the engine needs to see what the opponent has seen.

    scripts/score-gap.py GAMES.pgn [--engine NAME] [--bands 0,20,40,...] [--margin 1.5]

`--engine` names the engine under study (default: the player of each game that is not
`opponent`, as `scripts/gauntlet.py` names Fairy-Stockfish). Scores are in pawns; a
mate counts as `--clip` pawns, and pairs with either score beyond it are left out of the
band means.
"""

from __future__ import annotations

import argparse
import re
import sys

SCORE = re.compile(r"^([+-]?\d+(?:\.\d+)?|[+-]M\d+)(?:/\d+)?")
TAG = re.compile(r'^\[(\w+) "([^"]*)"\]\s*$')
TOKEN = re.compile(r"\{[^}]*\}|[^\s{}]+")
RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def comment_score(text: str, clip: float) -> float | None:
    """The score (pawns, from the mover's side) of a move comment, None without one."""
    m = SCORE.match(text.strip())
    if not m:
        return None
    s = m.group(1)
    if "M" in s:
        return clip if s.startswith("+") else -clip
    return float(s)


def read_games(lines):
    """Yields (tags, per-ply comment or None) for each game of a PGN. Of two comments
    after a move the first is kept: `scripts/match.py` writes the engine's score first
    and may add the game's end (`{+M1/245 0.02s} {checkmate}`), which
    `move_quality.pgn_games_with_comments` keeps instead."""
    tags: dict[str, str] = {}
    body: list[str] = []

    def finish():
        scores = []
        for tok in TOKEN.findall(" ".join(body)):
            if tok.startswith("{"):
                if scores and scores[-1] is ...:
                    scores[-1] = tok[1:-1]
            elif re.match(r"^\d+\.+$", tok) or tok in RESULTS or tok == "*":
                continue
            else:
                scores.append(...)
        return [s if isinstance(s, str) else None for s in scores]

    for raw in lines:
        line = raw.rstrip("\n")
        t = TAG.match(line)
        if t:
            if body:
                yield tags, finish()
                tags, body = {}, []
            tags[t.group(1)] = t.group(2)
        elif line.strip():
            body.append(line)
    if tags:
        yield tags, finish()


def pairs(games, engine: str | None, clip: float):
    """Per game: (engine's result, [(ply, engine's score, opponent's score one ply
    earlier)]), both scores from their own side. Games without a known result or
    engine are left out."""
    for tags, comments in games:
        white, black = tags.get("White", ""), tags.get("Black", "")
        if engine is None:
            is_white = white != "opponent"
            if (white == "opponent") == (black == "opponent"):
                continue
        elif engine in (white, black) and white != black:
            is_white = white == engine
        else:
            continue
        result = RESULTS.get(tags.get("Result", ""))
        if result is None:
            continue
        own_parity = 0 if is_white == (tags.get("FEN", " w ").split()[1:2] != ["b"]) else 1
        scores = [None if c is None else comment_score(c, clip) for c in comments]
        rows = []
        for ply in range(1, len(scores)):
            if ply % 2 == own_parity and scores[ply] is not None and scores[ply - 1] is not None:
                rows.append((ply, scores[ply], scores[ply - 1]))
        yield (result if is_white else 1.0 - result), rows


def bands_table(games, bands, clip):
    """Rows (from, to, pairs, engine mean, opponent mean, sum mean, share of sums > 1)."""
    out = []
    for lo, hi in zip(bands, bands[1:]):
        sel = [(e, o) for _, rows in games for ply, e, o in rows if lo <= ply < hi and abs(e) < clip and abs(o) < clip]
        if sel:
            n = len(sel)
            out.append(
                (
                    lo,
                    hi,
                    n,
                    sum(e for e, _ in sel) / n,
                    sum(o for _, o in sel) / n,
                    sum(e + o for e, o in sel) / n,
                    sum(1 for e, o in sel if e + o > 1.0) / n,
                )
            )
    return out


def lags(games, margin):
    """Per game where the opponent's score reached `margin`: (its ply, the plies until
    the engine's own score fell to -margin, or None if it never did)."""
    out = []
    for _, rows in games:
        seen = next((ply for ply, _, o in rows if o >= margin), None)
        if seen is None:
            continue
        own = next((ply for ply, e, _ in rows if ply >= seen and e <= -margin), None)
        out.append((seen, None if own is None else own - seen))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--engine", help="the engine under study (default: the player not named opponent)")
    ap.add_argument("--bands", default="0,20,40,60,80,100,120,160,600", help="ply band limits")
    ap.add_argument("--margin", type=float, default=1.5, help="pawns, for the lag")
    ap.add_argument("--clip", type=float, default=10.0, help="pawns a mate counts as; larger scores left out")
    a = ap.parse_args(argv)
    with open(a.pgn, encoding="utf-8", errors="replace") as f:
        games = list(pairs(read_games(f), a.engine, a.clip))
    if not games:
        print(f"{a.pgn}: no scored games of the engine found", file=sys.stderr)
        return 1
    score = sum(r for r, _ in games)
    print(f"games {len(games)}, the engine's score {score:.1f} ({100 * score / len(games):.1f}%)")
    print("plies      pairs  engine  opponent    sum  sum>1")
    for lo, hi, n, e, o, s, share in bands_table(games, [int(x) for x in a.bands.split(",")], a.clip):
        print(f"{lo:3}-{hi:<4} {n:8} {e:+7.2f} {o:+9.2f} {s:+6.2f} {100 * share:5.1f}%")
    lag = lags(games, a.margin)
    if lag:
        seen = sorted(x for _, x in lag if x is not None)
        never = sum(1 for _, x in lag if x is None)
        median = seen[len(seen) // 2] if seen else None
        print(
            f"opponent at +{a.margin:g} in {len(lag)} games (median ply {sorted(p for p, _ in lag)[len(lag) // 2]}); "
            f"the engine at -{a.margin:g} in {len(seen)} of them, median {median} plies later; never in {never}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
