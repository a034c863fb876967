#!/usr/bin/env python3
"""Which of Kirin's evaluation terms a stronger engine's judgement weighs more or less.

    scripts/term-fit.py --kirin target/release/kirin --variant courier GAMES.pgn...
        [--engine-name stockfish] [--from-move 6] [--max-score 400] [--option NAME=VALUE]

Reads games against another engine that wrote its score in each move's comment
(`{+1.28/16 0.82s}`, as scripts/match.py and Cute Chess write them), replays them with
pyffish, and keeps the position before each of that engine's moves with its score (White's
view, centipawns; mate scores and scores beyond --max-score left out: decided positions
say little about a term's weight). Kirin's UCI `eval` gives each position's terms (the
trace's rows, tapered by the game phase), and a least-squares fit of the engine's score
on those terms prints one coefficient per term. Leaving out the decided positions pulls
every coefficient towards 0, so a term is read against the material term's coefficient:
well above it, the engine's deeper judgement counts that term more than Kirin does.

The engine's score is its own search, so the fit favours what its evaluation knows, and a
better predictor of its score need not be a stronger Kirin (docs/log/2026-11.md, eighth
session): the coefficients say which change to test against it (scripts/gauntlet.py), not
which to make.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

import move_quality

_spec = importlib.util.spec_from_file_location(
    "fsf_imbalance", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fsf-imbalance.py"))
_fit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fit)

SCORE = re.compile(r"^\s*([+-]?)(\d+\.\d+)/(\d+)")


def comment_score(comment: str) -> int | None:
    """Centipawns of a `+1.28/16 0.82s` comment, for the side that moved; None for a mate
    score, a book move or no score."""
    m = SCORE.match(comment or "")
    if not m:
        return None
    cp = round(float(m.group(2)) * 100)
    return -cp if m.group(1) == "-" else cp


def scored_positions(text: str, variant: str, engine_name: str, from_move: int, max_score: int):
    """(FEN, the engine's score in White's view) before each of its scored moves."""
    import pyffish

    out = []
    for tags, moves in move_quality.pgn_games_with_comments(text):
        if "White" not in tags:
            continue
        engine_white = engine_name in tags["White"]
        start = tags.get("FEN") or pyffish.start_fen(variant)
        for here, (_, comment) in zip(move_quality.replay(variant, start, [san for san, _ in moves]), moves):
            white_to_move = here.split()[1] == "w"
            score = comment_score(comment)
            if (
                white_to_move == engine_white
                and score is not None
                and abs(score) <= max_score
                and int(here.split()[-1]) >= from_move
            ):
                out.append((here, score if white_to_move else -score))
    return out


def parse_trace(lines: list[str]) -> dict[str, int] | None:
    """Kirin's `eval` trace as {term: tapered centipawns, White's view}; a row of one
    number (the conversion scaling, the total) is taken as it stands."""
    phase, rows = None, []
    for line in lines:
        m = re.match(r"Eval terms .*phase (\d+)/(\d+)", line)
        if m:
            phase = int(m.group(1)) / max(1, int(m.group(2)))
            continue
        m = re.match(r"^\s\s(\S[\w ]*?)\s+(-?\d+)(?:\s+(-?\d+))?\s*$", line)
        if m:
            mg = int(m.group(2))
            rows.append((m.group(1), mg, mg if m.group(3) is None else int(m.group(3))))
    if phase is None:
        return None
    return {name: round(phase * mg + (1 - phase) * eg) for name, mg, eg in rows}


def kirin_terms(kirin: str, variant: str, fens: list[str], options: list[str]) -> list[dict[str, int] | None]:
    """Kirin's tapered terms of each FEN (one `kirin uci` process)."""
    commands = "uci\n" + "".join(f"setoption name {o.split('=', 1)[0]} value {o.split('=', 1)[1]}\n" for o in options)
    commands += f"setoption name UCI_Variant value {variant}\n"
    commands += "".join(f"position fen {f}\neval\nisready\n" for f in fens) + "quit\n"
    out = subprocess.run([kirin, "uci"], input=commands, capture_output=True, text=True).stdout
    blocks, current = [], []
    for line in out.splitlines():
        if line.strip() == "readyok":
            blocks.append(parse_trace(current))
            current = []
        else:
            current.append(line)
    return blocks


def fit(terms: list[dict[str, int]], scores: list[int]) -> tuple[list[str], list[float], float]:
    """The terms that vary, their least-squares coefficients (with an intercept, last) and R²."""
    names = sorted({n for t in terms for n in t if n != "total"})
    names = [n for n in names if len({t.get(n, 0) for t in terms}) > 1]
    rows = [[t.get(n, 0) for n in names] + [1] for t in terms]
    coef = _fit.least_squares(rows, scores)
    return names, coef, _fit.r_squared(rows, scores, coef)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kirin", required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--engine-name", default="stockfish", help="part of the opponent's PGN name")
    ap.add_argument("--from-move", type=int, default=6)
    ap.add_argument("--max-score", type=int, default=400)
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for Kirin")
    ap.add_argument("pgn", nargs="+")
    args = ap.parse_args()
    data = []
    for path in args.pgn:
        with open(path) as f:
            data += scored_positions(f.read(), args.variant, args.engine_name, args.from_move, args.max_score)
    if len(data) < 50:
        print(f"term-fit: {len(data)} scored positions, too few to fit", file=sys.stderr)
        return 1
    traces = kirin_terms(args.kirin, args.variant, [f for f, _ in data], args.option)
    pairs = [(t, s) for t, (_, s) in zip(traces, data) if t is not None]
    names, coef, r2 = fit([t for t, _ in pairs], [s for _, s in pairs])
    totals = [[t.get("total", 0), 1] for t, _ in pairs]
    scores = [s for _, s in pairs]
    slope = _fit.least_squares(totals, scores)
    print(f"{len(pairs)} positions; the score against Kirin's total: slope {slope[0]:.2f}, "
          f"R² {_fit.r_squared(totals, scores, slope):.3f}; against its terms: R² {r2:.3f}")
    for name, c in zip(names, coef):
        sd = _fit.spread([t.get(name, 0) for t, _ in pairs])
        print(f"  {name:<22} {c:6.2f}   (sd {sd:.0f} cp)")
    print(f"  {'intercept':<22} {coef[-1]:6.0f} cp")
    return 0


if __name__ == "__main__":
    sys.exit(main())
