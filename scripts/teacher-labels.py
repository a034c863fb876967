#!/usr/bin/env python3
"""Tuning data labelled by a teacher engine's evaluation instead of game results.

    kirin tune -v courier --pgn games.pgn --save positions.epd     # the quiet positions
    scripts/teacher-labels.py --variant courier --depth 6 --out courier-fsf.epd positions.epd
    kirin tune -v courier --data courier-fsf.epd                   # the fit

Reads `kirin tune --data` files (`FEN c9 "RESULT";` lines, from `kirin selfplay` or
`kirin tune --save`), keeps every --every-th position, and has a UCI engine (default
Fairy-Stockfish, which must know the variant) search each to --depth. Each position is
written again with White's expected score from the engine's score,
1 / (1 + 10^(-cp / 400)), in place of the game's 1, 1/2 or 0: a game result says little
about a position a hundred plies before the end, an evaluation says something about each.

With --ce the game's result is kept and the engine's score is added as EPD's `ce`
(centipawns from the side to move), the data `kirin train-net` learns from:
`FEN c9 "1-0"; ce 35;`.

--jobs N runs N engines, each searching one position at a time on one thread (one per
core is right). The lines come in the input's order, but the scores are not those of a
one-engine run: an engine's hash keeps what it found in the positions it scored before,
so a score depends on what came before it (600 courier positions at depth 8, one engine
against two: 22 cp apart at the median, 41 on average, as another order would give).
"""
import argparse
import itertools
import queue
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# Mate scores count as this many centipawns (an expected score of 1 or 0 within 1e-7).
MATE_CP = 3000
# The result written for a position whose data line gave none.
DRAW = '"1/2-1/2"'
# Positions read ahead per engine: enough to keep every engine busy between batches.
BATCH = 256


class Engine:
    def __init__(self, cmd, variant):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self):
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit("teacher-labels.py: the engine exited")
        return line

    def wait(self, word):
        while self.line().split()[:1] != [word]:
            pass

    def score(self, fen, depth):
        """The engine's score of `fen` in centipawns, from White's point of view."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = 0
        while True:
            line = self.line()
            m = re.search(r"\bscore (cp|mate) (-?\d+)", line)
            if m and " upperbound" not in line and " lowerbound" not in line:
                v = int(m.group(2))
                score = v if m.group(1) == "cp" else (MATE_CP if v > 0 else -MATE_CP)
            if line.startswith("bestmove"):
                break
        score = max(-MATE_CP, min(MATE_CP, score))
        return score if fen.split()[1] == "w" else -score


def kept_positions(paths, every):
    """The (FEN, result) of every `every`-th position of the data files, in their order."""
    seen = 0
    for path in paths:
        with open(path) as f:
            for raw in f:
                fen, _, rest = raw.partition(" c9 ")
                fen = fen.strip()
                if not fen or fen.startswith("#"):
                    continue
                seen += 1
                if seen % every == 0:
                    yield fen, rest.split(";")[0].strip()


def labelled(fen, result, cp, ce):
    """The output line of one position scored `cp` (White's point of view)."""
    if ce:
        stm_cp = cp if fen.split()[1] == "w" else -cp
        return f"{fen} c9 {result or DRAW}; ce {stm_cp};\n"
    return f'{fen} c9 "{1 / (1 + 10 ** (-cp / 400)):.4f}";\n'


def label_all(positions, engines, depth, ce, out):
    """Scores the positions with the engines, one thread each, and writes the lines in the
    input's order; returns how many. The input is read a batch at a time, so that a large
    file is not held in memory; a failure (an engine that exits, a file that cannot be
    read) stops the run and is raised here."""
    free = queue.Queue()
    for engine in engines:
        free.put(engine)

    def score(position):
        fen, result = position
        engine = free.get()
        try:
            return labelled(fen, result, engine.score(fen, depth), ce)
        finally:
            free.put(engine)

    pool = ThreadPoolExecutor(len(engines))
    source = iter(positions)
    n = 0
    try:
        while batch := list(itertools.islice(source, BATCH * len(engines))):
            for line in pool.map(score, batch):
                out.write(line)
                n += 1
                if n % 5000 == 0:
                    print(f"{n} positions", file=sys.stderr, flush=True)
    finally:
        pool.shutdown(cancel_futures=True)
    return n


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", nargs="+", help="data files of kirin tune --save or kirin selfplay")
    p.add_argument("--variant", required=True, help="UCI_Variant name for the engine")
    p.add_argument("--engine", default="fairy-stockfish", help="UCI teacher engine command")
    p.add_argument("--depth", type=int, default=6)
    p.add_argument("--every", type=int, default=1, help="keep every N-th position")
    p.add_argument("--jobs", type=int, default=1, help="engines searching at once, one position each")
    p.add_argument("--out", required=True)
    p.add_argument("--ce", action="store_true", help="keep the result, add the score as ce (side to move)")
    a = p.parse_args()
    if a.every < 1 or a.depth < 1 or a.jobs < 1:
        p.error("--every, --depth and --jobs must be at least 1")
    engines = [Engine(a.engine, a.variant) for _ in range(a.jobs)]
    with open(a.out, "w") as out:
        n = label_all(kept_positions(a.data, a.every), engines, a.depth, a.ce, out)
    for engine in engines:
        engine.send("quit")
    print(f"{n} positions written to {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
