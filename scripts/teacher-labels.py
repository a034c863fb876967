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
core is right): the output is the same as with one engine, in the input's order.
"""
import argparse
import re
import subprocess
import sys
import threading

# Mate scores count as this many centipawns (an expected score of 1 or 0 within 1e-7).
MATE_CP = 3000
# The result written for a position whose data line gave none.
DRAW = '"1/2-1/2"'


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
    input's order as soon as every line before them is done; returns how many."""
    source = iter(enumerate(positions))
    lock = threading.Lock()
    done = {}
    state = {"next": 0, "failed": None}

    def work(engine):
        while True:
            with lock:
                if state["failed"] is not None:
                    return
                try:
                    item = next(source, None)
                except BaseException as e:  # a data file that cannot be read
                    state["failed"] = e
                    return
            if item is None:
                return
            i, (fen, result) = item
            try:
                line = labelled(fen, result, engine.score(fen, depth), ce)
            except BaseException as e:  # the engine exited: stop the others, report it
                with lock:
                    state["failed"] = e
                return
            with lock:
                done[i] = line
                while state["next"] in done:
                    out.write(done.pop(state["next"]))
                    state["next"] += 1
                    if state["next"] % 5000 == 0:
                        print(f"{state['next']} positions", file=sys.stderr, flush=True)

    workers = [threading.Thread(target=work, args=(e,)) for e in engines]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    if state["failed"] is not None:
        raise state["failed"]
    return state["next"]


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
