#!/usr/bin/env python3
"""How good are a build's moves, by a deeper engine's judgement: the centipawns each move
loses against the best one, on positions taken from games.

A match against Fairy-Stockfish at 40,000 nodes takes most of an hour for 200 games and
still leaves +/- 8 points; a change of a few Elo is beyond it. This asks the question
move by move instead: each build picks its move in each position at fixed nodes, and an
oracle (Fairy-Stockfish at many more nodes) scores the oracle's best move and the build's
move (`go searchmoves`). The report gives, per build, the moves that agree with the
oracle, the mean loss (each loss capped, so that one misjudged mate does not dominate)
and the share of moves losing more than 50 and 150 centipawns, with the mean loss's 95%
interval and, for two builds, the paired difference on the same positions.

    scripts/move_quality.py --pgn games.pgn --variant courier --nodes 40000 \\
        --oracle-nodes 1000000 --build new="/tmp/kirin-new uci" --build old="target/release/kirin uci" \\
        --build fsf:20000=/usr/games/fairy-stockfish

Positions: every `--every`-th ply from `--from` to `--to` of each game of the PGN
(replayed with pyffish from its FEN tag), those already decided (oracle beyond
`--decided` centipawns) left out. The oracle's answers are kept in `--cache` (JSON), so
a second build or a second run costs only the oracle searches of moves not seen before.
Both the builds and the oracle start each position with a cleared hash (`ucinewgame`),
so that the answers do not depend on the order of the positions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys

MATE = 100_000


class Uci:
    """A UCI engine on a pipe."""

    def __init__(self, cmd: str, variant: str, options: dict[str, str]):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options.items():
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line: str) -> None:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word: str) -> list[str]:
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine ended while waiting for {word}")
            lines.append(line.rstrip("\n"))
            if line.startswith(word):
                return lines

    def go(self, fen: str, nodes: int, searchmoves: str | None = None) -> tuple[str, int | None]:
        """(best move, score in centipawns of the side to move) of a fresh search."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}" + (f" searchmoves {searchmoves}" if searchmoves else ""))
        lines = self.until("bestmove")
        return lines[-1].split()[1], last_score(lines)

    def quit(self) -> None:
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()


def last_score(lines: list[str]) -> int | None:
    """The score of the last `info ... score` line (mates as +/- MATE less the distance)."""
    for line in reversed(lines):
        m = re.search(r"\bscore (cp|mate) (-?\d+)", line)
        if m and "upperbound" not in line and "lowerbound" not in line:
            v = int(m.group(2))
            if m.group(1) == "cp":
                return v
            return MATE - abs(v) if v > 0 else -MATE + abs(v)
    return None


def pgn_games(text: str):
    """(tags, SAN moves) of each game of a PGN text."""
    for tags, moves in pgn_games_with_comments(text):
        yield tags, [san for san, _ in moves]


def pgn_games_with_comments(text: str):
    """(tags, [(SAN, the comment after it or None)]) of each game of a PGN text."""
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = re.sub(r"\[[^\]]*\]\s*", "", chunk)
        moves: list[tuple[str, str | None]] = []
        for comment, token in re.findall(r"\{([^}]*)\}|([^\s{]+)", body):
            if comment or not token:
                if moves:
                    moves[-1] = (moves[-1][0], comment)
            elif not re.fullmatch(r"\d+\.+", token) and token not in ("1-0", "0-1", "1/2-1/2", "*"):
                moves.append((token, None))
        if tags:
            yield tags, moves


def positions(pgn: str, variant: str, first: int, last: int, every: int) -> list[str]:
    """FENs of every `every`-th ply from `first` to `last` of the games, in game order."""
    import pyffish

    out = []
    with open(pgn) as f:
        text = f.read()
    for tags, sans in pgn_games(text):
        start = tags.get("FEN") or pyffish.start_fen(variant)
        for ply, here in enumerate(replay(variant, start, sans[: last + 1])):
            if first <= ply <= last and (ply - first) % every == 0:
                out.append(here)
    return out


def replay(variant: str, start: str, sans: list[str]):
    """The position before each SAN move of a game from `start`, in order; after a move
    that does not read as exactly one legal move, none. The position is carried forward a
    move at a time (`get_fen(variant, here, [move])`), not replayed from the start at every
    ply: the same positions (no move rule of these variants reads the history a FEN drops;
    checked on 100 games), a quarter less time in term-fit."""
    import pyffish

    here = start
    for san in sans:
        yield here
        move = san_move(variant, here, san)
        if move is None:
            return
        here = pyffish.get_fen(variant, here, [move])


def san_move(variant: str, here: str, san: str) -> str | None:
    """The UCI move that `san` names in the position `here`, or None when no legal move or
    more than one has that SAN."""
    import pyffish

    # Only the moves to the square the SAN names are converted to SAN to compare.
    target = re.findall(r"[a-z]\d+", san)
    legal = pyffish.legal_moves(variant, here, [])
    if target:
        legal = [m for m in legal if target[-1] in m[2:]]
    match = [m for m in legal if pyffish.get_san(variant, here, m).rstrip("+#") == san.rstrip("+#")]
    return match[0] if len(match) == 1 else None


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


class Oracle:
    """The deeper engine's scores, cached by position and move."""

    def __init__(self, engine: Uci, nodes: int, cache_path: str | None):
        self.engine, self.nodes, self.path = engine, nodes, cache_path
        self.cache: dict[str, list] = {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path) as f:
                self.cache = json.load(f)

    def key(self, fen: str, move: str) -> str:
        return f"{self.nodes}|{fen}|{move}"

    def best(self, fen: str) -> tuple[str, int | None]:
        k = self.key(fen, "")
        if k not in self.cache:
            self.cache[k] = list(self.engine.go(fen, self.nodes))
        move, score = self.cache[k]
        return move, score

    def score(self, fen: str, move: str) -> int | None:
        best, best_score = self.best(fen)
        if move == best:
            return best_score
        k = self.key(fen, move)
        if k not in self.cache:
            self.cache[k] = self.engine.go(fen, self.nodes, move)[1]
        return self.cache[k]

    def save(self) -> None:
        if self.path:
            tmp = self.path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(self.cache, f)
            os.replace(tmp, self.path)


def losses(build: Uci, oracle: Oracle, fens: list[str], nodes: int, cap: int) -> list[tuple[bool, float]]:
    """(agrees with the oracle, centipawns lost, capped) of the build's move in each position."""
    out = []
    for i, fen in enumerate(fens):
        move, _ = build.go(fen, nodes)
        best, best_score = oracle.best(fen)
        score = oracle.score(fen, move)
        if best_score is None or score is None:
            out.append((move == best, float(cap)))
        else:
            out.append((move == best, float(min(cap, max(0, best_score - score)))))
        if i % 25 == 24:
            oracle.save()
    oracle.save()
    return out


def summary(name: str, rows: list[tuple[bool, float]]) -> str:
    n = len(rows)
    m, ci = mean_ci([loss for _, loss in rows])
    agree = sum(a for a, _ in rows)
    over50 = sum(loss > 50 for _, loss in rows)
    over150 = sum(loss > 150 for _, loss in rows)
    return (
        f"{name}: {n} positions, best move {100 * agree / max(n, 1):.1f}%, mean loss {m:.1f} +/- {ci:.1f} cp, "
        f"over 50 cp {100 * over50 / max(n, 1):.1f}%, over 150 cp {100 * over150 / max(n, 1):.1f}%"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pgn", required=True, help="games to take the positions from")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--build", action="append", required=True, help="NAME=COMMAND or NAME:NODES=COMMAND of a build (UCI), one or more")
    ap.add_argument("--option", action="append", default=[], help="OPTION=VALUE for every build")
    ap.add_argument("--set", action="append", default=[], help="BUILD:OPTION=VALUE for one build (after --option)")
    ap.add_argument("--nodes", type=int, default=40000, help="nodes a move of the builds")
    ap.add_argument("--oracle", default="/usr/games/fairy-stockfish", help="command of the oracle (UCI)")
    ap.add_argument("--oracle-nodes", type=int, default=1_000_000)
    ap.add_argument("--from", dest="first", type=int, default=16, help="first ply of each game")
    ap.add_argument("--to", dest="last", type=int, default=120, help="last ply of each game")
    ap.add_argument("--every", type=int, default=3, help="one position every this many plies")
    ap.add_argument("--decided", type=int, default=600, help="leave out positions the oracle scores beyond this")
    ap.add_argument("--cap", type=int, default=400, help="the most one move's loss counts (centipawns)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many positions (0: all)")
    ap.add_argument("--cache", help="JSON file keeping the oracle's answers between runs")
    args = ap.parse_args()

    builds = []
    for spec in args.build:
        name, sep, cmd = spec.partition("=")
        if not sep:
            ap.error(f"--build wants NAME=COMMAND, got {spec!r}")
        name, _, nodes = name.partition(":")
        builds.append((name, cmd, int(nodes) if nodes else args.nodes))
    options = dict(o.split("=", 1) for o in args.option)

    fens = positions(args.pgn, args.variant, args.first, args.last, args.every)
    oracle = Oracle(Uci(args.oracle, args.variant, {"Hash": "64"}), args.oracle_nodes, args.cache)
    kept = []
    for fen in fens:
        _, score = oracle.best(fen)
        if score is not None and abs(score) <= args.decided:
            kept.append(fen)
        if args.limit and len(kept) >= args.limit:
            break
    oracle.save()
    print(f"{len(kept)} positions of {len(fens)} (the others decided), oracle {args.oracle_nodes} nodes, builds {args.nodes}")
    results = {}
    for name, cmd, nodes in builds:
        own = dict(options)
        for spec in args.set:
            build, _, setting = spec.partition(":")
            if build == name:
                option, _, value = setting.partition("=")
                own[option] = value
        engine = Uci(cmd, args.variant, own)
        results[name] = losses(engine, oracle, kept, nodes, args.cap)
        engine.quit()
        print(summary(name, results[name]), flush=True)
    oracle.engine.quit()
    names = [n for n, _, _ in builds]
    for other in names[1:]:
        diff = [a[1] - b[1] for a, b in zip(results[other], results[names[0]])]
        m, ci = mean_ci(diff)
        print(f"{other} less {names[0]}: {m:+.1f} +/- {ci:.1f} cp lost a move (paired)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
