#!/usr/bin/env python3
"""How far past its allotment Kirin answers: `go movetime T` in every variant, timed from
the `go` line written to the `bestmove` line read, as a GUI sees it.

For each variant (default: all of `kirin variants`) the positions are the start and the
positions after random legal games of a few lengths (legal moves from a separate `kirin
referee`, scripts/kirin_rules.py), each searched with `go movetime T`. Prints per variant the
median, 90th percentile and maximum of (reply time - T) in milliseconds.

Kirin keeps `Move Overhead` (default 50 ms) of a fixed move time in hand, never more than
four fifths of it; this script sets it to 0 (`--overhead`) so that the engine aims at the
whole of T and the overshoot shows how often the search looks at the clock.

    scripts/reply_latency.py                          # every variant, 50 ms, 12 positions
    scripts/reply_latency.py --movetime 20 --positions 30 shortsliders missingbat

`--replay` measures instead what the `position` command costs, which is on the engine's
clock too (a GUI starts it before it sends `position ... moves` and `go`): per variant one
random game of up to `--plies` plies is sent as a GUI sends it, the whole move list before
every move, each followed by `isready`; printed are the median and maximum time from the
`position` line written to `readyok` read, and the time for the whole game sent at once after
`ucinewgame` (a GUI that starts an engine in the middle of a game).

    scripts/reply_latency.py --replay --plies 400 shortsliders chushogi chess

Measure on an otherwise idle machine: a busy core shows up as overshoot.
"""

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kirin_rules import KirinRules  # noqa: E402


def positions(rules: KirinRules, variant: str, count: int, rng: random.Random) -> list[list[str]]:
    """Move lists from the start: the start itself, then random games of 4 to 80 plies."""
    out: list[list[str]] = [[]]
    start = rules.start_fen(variant)
    while len(out) < count:
        moves: list[str] = []
        for _ in range(rng.randint(4, 80)):
            legal = rules.legal_moves(variant, start, moves)
            if not legal or rules.over(variant, start, moves):
                break
            moves.append(rng.choice(legal))
        out.append(moves)
    return out


class Uci:
    def __init__(self, binary: str, variant: str, threads: int, overhead: int):
        self.p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Move Overhead value {overhead}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line: str) -> None:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix: str) -> str:
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("kirin ended")
            if line.startswith(prefix):
                return line

    def close(self) -> None:
        self.send("quit")
        self.p.wait(timeout=10)


def random_game(rules: KirinRules, variant: str, plies: int, rng: random.Random) -> list[str]:
    start = rules.start_fen(variant)
    moves: list[str] = []
    for _ in range(plies):
        legal = rules.legal_moves(variant, start, moves)
        if not legal or rules.over(variant, start, moves):
            break
        moves.append(rng.choice(legal))
    return moves


def position_ms(eng: Uci, moves: list[str]) -> float:
    """Milliseconds from `position startpos moves ...` written to the `readyok` after it."""
    t0 = time.monotonic()
    eng.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    eng.send("isready")
    eng.wait("readyok")
    return (time.monotonic() - t0) * 1000


def replay(a, rules: KirinRules, variants: list[str], rng: random.Random) -> int:
    print(f"position command cost, one random game of up to {a.plies} plies per variant, ms")
    print(f"{'variant':24} {'plies':>5} {'median':>7} {'max':>7} {'at once':>8}")
    for v in variants:
        game = random_game(rules, v, a.plies, rng)
        eng = Uci(a.kirin, v, a.threads, a.overhead)
        growing = sorted(position_ms(eng, game[:k]) for k in range(len(game) + 1))
        eng.send("ucinewgame")
        at_once = position_ms(eng, game)
        eng.close()
        print(f"{v:24} {len(game):5} {statistics.median(growing):7.2f} {growing[-1]:7.2f} {at_once:8.2f}")
    rules.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*")
    ap.add_argument("--kirin", default="target/release/kirin")
    ap.add_argument("--movetime", type=int, default=50, help="milliseconds per move")
    ap.add_argument("--positions", type=int, default=12, help="positions per variant")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--overhead", type=int, default=0, help="Move Overhead in ms")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay", action="store_true", help="time `position` commands instead")
    ap.add_argument("--plies", type=int, default=300, help="game length for --replay")
    a = ap.parse_args()
    rules = KirinRules(a.kirin)
    variants = a.variants or rules.variants()
    rng = random.Random(a.seed)
    if a.replay:
        return replay(a, rules, variants, rng)
    print(f"go movetime {a.movetime}, Move Overhead {a.overhead}, {a.positions} positions per variant, "
          f"{a.threads} thread(s); overshoot = reply time - movetime, ms")
    print(f"{'variant':24} {'median':>7} {'p90':>7} {'max':>7}")
    worst = 0.0
    for v in variants:
        eng = Uci(a.kirin, v, a.threads, a.overhead)
        over = []
        for moves in positions(rules, v, a.positions, rng):
            eng.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            eng.send("isready")
            eng.wait("readyok")
            t0 = time.monotonic()
            eng.send(f"go movetime {a.movetime}")
            eng.wait("bestmove")
            over.append((time.monotonic() - t0) * 1000 - a.movetime)
        eng.close()
        over.sort()
        p90 = over[min(len(over) - 1, int(0.9 * len(over)))]
        worst = max(worst, over[-1])
        print(f"{v:24} {statistics.median(over):7.1f} {p90:7.1f} {over[-1]:7.1f}")
    print(f"worst overshoot {worst:.1f} ms")
    rules.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
