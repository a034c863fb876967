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
"""
import argparse
import re
import subprocess
import sys

# Mate scores count as this many centipawns (an expected score of 1 or 0 within 1e-7).
MATE_CP = 3000


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


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", nargs="+", help="data files of kirin tune --save or kirin selfplay")
    p.add_argument("--variant", required=True, help="UCI_Variant name for the engine")
    p.add_argument("--engine", default="fairy-stockfish", help="UCI teacher engine command")
    p.add_argument("--depth", type=int, default=6)
    p.add_argument("--every", type=int, default=1, help="keep every N-th position")
    p.add_argument("--out", required=True)
    p.add_argument("--ce", action="store_true", help="keep the result, add the score as ce (side to move)")
    a = p.parse_args()
    if a.every < 1 or a.depth < 1:
        p.error("--every and --depth must be at least 1")
    engine = Engine(a.engine, a.variant)
    n = seen = 0
    with open(a.out, "w") as out:
        for path in a.data:
            with open(path) as f:
                for raw in f:
                    fen, _, rest = raw.partition(" c9 ")
                    fen = fen.strip()
                    if not fen or fen.startswith("#"):
                        continue
                    seen += 1
                    if seen % a.every:
                        continue
                    cp = engine.score(fen, a.depth)
                    if a.ce:
                        result = rest.split(";")[0].strip() or '"1/2-1/2"'
                        stm_cp = cp if fen.split()[1] == "w" else -cp
                        out.write(f"{fen} c9 {result}; ce {stm_cp};\n")
                    else:
                        out.write(f'{fen} c9 "{1 / (1 + 10 ** (-cp / 400)):.4f}";\n')
                    n += 1
                    if n % 5000 == 0:
                        print(f"{n} positions", file=sys.stderr, flush=True)
    engine.send("quit")
    print(f"{n} positions written to {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
