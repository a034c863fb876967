#!/usr/bin/env python3
"""Tunes Kirin's search parameters (the `Search Params` option) by SPSA in fixed-node game
pairs, as fishtest tunes Stockfish: each pair plays the setting theta + c*D against
theta - c*D (D a random +-1 per parameter) from one random opening with colours swapped,
and theta moves along D by the pair's result. With --concurrency several pairs run at
once; each starts from the theta of its moment and updates the theta of the moment it ends
(fishtest's workers do the same).

    scripts/spsa.py --variant courier --nodes 10000 --pairs 2000 --concurrency 2 \\
                    lmrDivisor rfpMargin futilityMargin:20 nullEvalDiv

PARAM is a name from `kirin search-params`, optionally with its end perturbation C_END
(`name:C_END`, default a twentieth of its range); --r-end is fishtest's end learning rate
(a_end = r_end * C_END^2). The step sizes follow fishtest's schedule: c_k = c / k^0.101,
a_k = a / (A + k)^0.602 with A a tenth of the pairs, so that c_k ends at C_END.
Values are kept inside each parameter's range and rounded for the engine.

--log FILE appends theta after every pair (CSV: pair, points of the plus side, then one
column per parameter); --resume FILE continues a run from the last line of such a log
(theta and the schedule's position), so that a long tuning can span several sittings.

Every --report pairs it prints the pairs played, the running score of the plus side
(near 50%: a pair's result says little, SPSA needs thousands of them) and theta; at the
end, theta as a `Search Params` value to test in an SPRT against the defaults
(`NEW_PARAMS="..." scripts/sprt.sh K K VARIANT`, one binary on both sides). The games are
played and refereed by scripts/match.py (pyffish where it knows the variant, else
Kirin's rules).
"""
from __future__ import annotations

import argparse
import os
import random
import shlex
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import match  # noqa: E402

GAMMA = 0.101
ALPHA = 0.602


@dataclass
class Param:
    name: str
    value: float
    lo: int
    hi: int
    c_end: float


def engine_params(engine_cmd: str) -> dict[str, tuple[int, int, int]]:
    """name -> (default, least, greatest), from `kirin search-params` of the engine tuned."""
    argv = shlex.split(engine_cmd)
    if argv and argv[-1] in ("uci", "xboard"):
        argv = argv[:-1]
    out = subprocess.run(argv + ["search-params"], capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        raise SystemExit(f"spsa.py: '{shlex.join(argv)} search-params' failed: {out.stderr.strip()}")
    table = {}
    for line in out.stdout.splitlines():
        name, default, lo, hi = line.split()
        table[name] = (int(default), int(lo), int(hi))
    return table


def parse_params(specs: list[str], table: dict[str, tuple[int, int, int]], start: dict[str, float]) -> list[Param]:
    params = []
    for spec in specs:
        name, _, c = spec.partition(":")
        if name not in table:
            raise SystemExit(f"spsa.py: no search parameter '{name}' (known: {' '.join(table)})")
        default, lo, hi = table[name]
        try:
            c_end = float(c) if c else max(1.0, (hi - lo) / 20)
        except ValueError:
            raise SystemExit(f"spsa.py: {spec}: C_END must be a number") from None
        if c_end <= 0:
            raise SystemExit(f"spsa.py: {name}: C_END must be positive")
        params.append(Param(name, float(start.get(name, default)), lo, hi, c_end))
    return params


def setting(params: list[Param], values: list[float]) -> str:
    return " ".join(f"{p.name}={min(p.hi, max(p.lo, round(v)))}" for p, v in zip(params, values))


class Spsa:
    def __init__(self, params: list[Param], pairs: int, r_end: float, seed: int, first: int = 0):
        self.params = params
        self.pairs = pairs
        self.big_a = 0.1 * pairs
        # fishtest: c and a such that c_k and a_k reach C_END and r_end * C_END^2 at k = pairs.
        self.c = [p.c_end * pairs ** GAMMA for p in params]
        self.a = [r_end * p.c_end ** 2 * (self.big_a + pairs) ** ALPHA for p in params]
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        # Pairs already played in an earlier sitting (--resume): the schedule goes on from there.
        self.started = first
        self.done = first
        self.points = 0.0

    def next_pair(self):
        """(k, plus setting, minus setting, D, c_k) for the next pair, or None when all
        have started."""
        with self.lock:
            if self.started >= self.pairs:
                return None
            self.started += 1
            k = self.started
            delta = [self.rng.choice((-1, 1)) for _ in self.params]
            ck = [c / k ** GAMMA for c in self.c]
            theta = [p.value for p in self.params]
            plus = [t + c * d for t, c, d in zip(theta, ck, delta)]
            minus = [t - c * d for t, c, d in zip(theta, ck, delta)]
            return k, setting(self.params, plus), setting(self.params, minus), delta, ck

    def update(self, k: int, delta: list[int], ck: list[float], result: float, points: float) -> list[float]:
        """theta += a_k / c_k * result * D (fishtest's R_k * c_k * result / D); returns the
        new theta."""
        with self.lock:
            for i, p in enumerate(self.params):
                ak = self.a[i] / (self.big_a + k) ** ALPHA
                p.value = min(p.hi, max(p.lo, p.value + ak / ck[i] * result * delta[i]))
            self.done += 1
            self.points += points
            return [p.value for p in self.params]


def read_resume(path: str, names: list[str]) -> tuple[int, dict[str, float]]:
    """The pairs played and theta of a --log file, whose columns must name the parameters
    being tuned."""
    with open(path, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split(",") for line in f if line.strip()]
    if len(rows) < 2 or rows[0][2:] != names:
        raise SystemExit(f"spsa.py: {path} is not a log of these parameters ({' '.join(names)})")
    # With --concurrency pairs end out of order: the schedule goes on after the highest
    # pair number, theta from the last line written.
    return max(int(r[0]) for r in rows[1:]), {n: float(v) for n, v in zip(names, rows[-1][2:])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("params", nargs="+", metavar="PARAM[:C_END]")
    ap.add_argument("--engine", default="target/release/kirin uci", help="the Kirin command (UCI)")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--nodes", type=int, default=10000, help="nodes a move (default 10000)")
    ap.add_argument("--pairs", type=int, default=1000, help="game pairs in all (default 1000)")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--r-end", type=float, default=0.002, help="end learning rate (fishtest's default 0.002)")
    ap.add_argument("--start", default="", help="starting theta, as a Search Params value (default: defaults)")
    ap.add_argument("--openings", type=int, default=4, help="random opening plies (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report", type=int, default=10, help="print theta every this many pairs")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="another engine option for both sides (repeatable)")
    ap.add_argument("--log", help="append theta after every pair to this CSV file")
    ap.add_argument("--resume", help="go on from the last line of a --log file")
    a = ap.parse_args(argv)
    if a.pairs < 1 or a.concurrency < 1 or a.nodes < 1 or a.report < 1:
        ap.error("--pairs, --concurrency, --nodes and --report must be positive")

    table = engine_params(a.engine)
    start: dict[str, float] = {}
    for pair in a.start.split():
        name, _, value = pair.partition("=")
        try:
            start[name] = float(value)
        except ValueError:
            ap.error(f"--start: '{pair}' is not name=number")
    first = 0
    names = [spec.partition(":")[0] for spec in a.params]
    if a.resume:
        first, theta = read_resume(a.resume, names)
        start.update(theta)
        if first >= a.pairs:
            ap.error(f"--resume: {first} pairs played already, --pairs is {a.pairs}")
    params = parse_params(a.params, table, start)
    # One match configuration; each pair copies it with its own settings and seed.
    base = match.build_config(["--engine1", a.engine, "--engine2", a.engine, "--variant", a.variant,
                               "--games", "2", "--nodes", str(a.nodes), "--openings", str(a.openings),
                               "--resign", "3", "400", "--draw", "34", "8", "20"])
    extra = [match.parse_option(o) for o in a.option]
    spsa = Spsa(params, a.pairs, a.r_end, a.seed + first, first)
    log_lock = threading.Lock()
    header = ",".join(["pair", "points"] + names)
    if a.log and os.path.exists(a.log) and os.path.getsize(a.log) > 0:
        with open(a.log, encoding="utf-8") as f:
            if f.readline().rstrip("\n") != header:
                ap.error(f"--log: {a.log} logs other parameters; give a new file")
    elif a.log:
        with open(a.log, "w", encoding="utf-8") as f:
            f.write(header + "\n")
    real_stdout = sys.stdout
    devnull = open(os.devnull, "w")
    sys.stdout = devnull  # match.py's game lines
    failure: list[str] = []
    began = time.time()

    def report(final: bool = False) -> None:
        with spsa.lock:
            done, pts = spsa.done, spsa.points
            theta = " ".join(f"{p.name}={p.value:.1f}" for p in params)
        played = done - first  # in this sitting: the points of earlier ones are not kept
        score = 100 * pts / (2 * played) if played else 50.0
        head = "final" if final else f"pair {done}/{a.pairs}"
        print(f"{head}  plus side {score:.1f}%  {time.time() - began:.0f} s  theta {theta}", file=real_stdout,
              flush=True)

    def worker(wid: int) -> None:
        while not failure:
            job = spsa.next_pair()
            if job is None:
                return
            k, plus, minus, delta, ck = job
            cfg = argparse.Namespace(**vars(base))
            cfg.engines = [(a.engine, "uci", "plus", [("Search Params", plus)] + extra),
                           (a.engine, "uci", "minus", [("Search Params", minus)] + extra)]
            cfg.seed = a.seed * 1_000_003 + k
            cfg.concurrency = 1
            m = match.Match(cfg)
            m.run()
            if m.fatal:
                failure.append(m.fatal)
                return
            w, d, l = m.wdl
            theta = spsa.update(k, delta, ck, float(w - l), w + d / 2)
            if a.log:
                with log_lock, open(a.log, "a", encoding="utf-8") as f:
                    f.write(",".join([str(k), f"{w + d / 2:g}"] + [f"{v:.3f}" for v in theta]) + "\n")
            if spsa.done % a.report == 0:
                report()

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(a.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sys.stdout = real_stdout
    devnull.close()
    if failure:
        print(f"spsa.py: a game pair failed: {failure[0]}", file=sys.stderr)
        return 2
    report(final=True)
    print("Search Params value: " + setting(params, [p.value for p in params]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
