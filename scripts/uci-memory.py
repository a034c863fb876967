#!/usr/bin/env python3
"""One long UCI session with a fixed, seeded command mix, and the engine's memory over it.

Answers "does a long session leak?": the mix is what the `uci` fuzz target sends most
(variant switches over every embedded variant, Hash 1-64 MB, Threads 1-4, MultiPV 1-16,
short games from the start position, `go depth 2`, `go infinite` + `stop`, `go perft 2`,
`ucinewgame`), repeated ROUNDS times on one process. Every SAMPLE rounds it prints VmRSS
and the peak VmHWM (from /proc): a leak grows with the rounds, fragmentation levels off,
and the engine's own tables are at most Hash (64 MB here) plus a few MB a thread.

    scripts/uci-memory.py [--rounds N] [--sample N] [--seed S] [--engine PATH] [--max-peak MB]

Exit status 1 if the engine dies or stops answering, if RSS in the last quarter of the run
exceeds RSS at the half-way sample by more than --growth MB (default 64), or if the peak
exceeds --max-peak MB (default: no bound).
"""

import argparse
import queue
import random
import subprocess
import sys
import threading
import time


def rss_kb(pid: int) -> tuple[int, int]:
    rss = hwm = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return rss, hwm


class Engine:
    def __init__(self, cmd: list[str]):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        # Lines arrive through a reader thread, so that an engine that stops answering
        # fails the run after the timeout instead of blocking a read for ever ("" = EOF).
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.p.stdout:
            self.lines.put(line)
        self.lines.put("")

    def send(self, line: str) -> None:
        self.p.stdin.write(line + "\n")

    def wait_for(self, prefix: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise RuntimeError(f"no '{prefix}' within {timeout} s") from None
            if not line:
                raise RuntimeError(f"engine closed its output waiting for '{prefix}'")
            if line.startswith(prefix):
                return line.strip()

    def sync(self) -> None:
        self.send("isready")
        self.wait_for("readyok")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/kirin")
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--sample", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--growth", type=int, default=64, help="MB allowed between the middle and the end")
    ap.add_argument("--max-peak", type=int, default=0, help="MB the peak RSS may reach (0: no bound)")
    args = ap.parse_args()

    variants = [
        line.split()[0]
        for line in subprocess.run([args.engine, "variants"], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.strip()
    ]
    rng = random.Random(args.seed)
    e = Engine([args.engine, "uci"])
    e.send("uci")
    e.wait_for("uciok")
    samples: list[tuple[int, int, int]] = []
    start = time.monotonic()
    try:
        for r in range(1, args.rounds + 1):
            v = rng.choice(variants)
            e.send(f"setoption name UCI_Variant value {v}")
            if rng.random() < 0.2:
                e.send(f"setoption name Hash value {rng.randint(1, 64)}")
            if rng.random() < 0.2:
                e.send(f"setoption name Threads value {rng.randint(1, 4)}")
            if rng.random() < 0.2:
                e.send(f"setoption name MultiPV value {rng.randint(1, 16)}")
            if rng.random() < 0.5:
                e.send("ucinewgame")
            moves: list[str] = []
            for _ in range(rng.randint(1, 6)):
                e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
                e.send("go depth 2 nodes 20000")
                best = e.wait_for("bestmove").split()
                if len(best) < 2 or best[1] in ("(none)", "0000"):
                    break
                moves.append(best[1])
            if rng.random() < 0.1:
                e.send("go infinite")
                time.sleep(0.01)
                e.send("stop")
                e.wait_for("bestmove")
            if rng.random() < 0.1:
                e.send("go perft 2")
            e.sync()
            if r % args.sample == 0:
                rss, hwm = rss_kb(e.p.pid)
                samples.append((r, rss, hwm))
                print(f"round {r:>7}  {time.monotonic() - start:7.0f} s  RSS {rss / 1024:7.1f} MB  peak {hwm / 1024:7.1f} MB", flush=True)
    except (RuntimeError, BrokenPipeError) as err:
        print(f"FAIL: {err}", file=sys.stderr)
        return 1
    finally:
        try:
            e.send("quit")
        except BrokenPipeError:
            pass
        try:
            e.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            e.p.kill()
            e.p.wait()
    peak = max((s[2] for s in samples), default=0) / 1024
    if args.max_peak and peak > args.max_peak:
        print(f"FAIL: peak RSS {peak:.1f} MB over {args.max_peak} MB", file=sys.stderr)
        return 1
    if len(samples) < 4:
        return 0
    mid = samples[len(samples) // 2][1]
    late = max(s[1] for s in samples[3 * len(samples) // 4 :])
    grown = (late - mid) / 1024
    print(f"RSS at the middle {mid / 1024:.1f} MB, highest in the last quarter {late / 1024:.1f} MB ({grown:+.1f} MB)")
    if grown > args.growth:
        print(f"FAIL: RSS grew by more than {args.growth} MB over the second half", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
