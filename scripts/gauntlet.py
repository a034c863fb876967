#!/usr/bin/env python3
"""Two builds against one common opponent on the same openings: the difference in their
scores, with its error, paired game by game.

Self-play (scripts/sprt.sh) measures a build against the one before it; it can miss what a
third engine exploits. In courier, Stockfish-shaped space (`eval.space = 100`, 2026-11-27)
lost 50 to 80 Elo to the build without it in self-play while it scored 3 to 11 points in
100 more against Fairy-Stockfish, on three sets of openings. The issue's aim is a score
against Fairy-Stockfish, so a change to the evaluation is also measured so:

    scripts/gauntlet.py --new "/tmp/kirin-new uci" --old "/tmp/kirin-old uci" \\
        --opponent /usr/games/fairy-stockfish --variant courier \\
        --nodes 40000 --nodes2 20000 --games 100 --seed 79

Both matches run at once (scripts/match.py, one process each) with the same seed, so game
i of each starts from the same opening with the same colours; at fixed nodes both engines
are deterministic, and a game whose moves no change touched repeats exactly. The report
gives each build's score and the mean per-game difference with its 95% interval, in points
and in Elo (around the old build's score), from the paired differences: openings that
favour one side count for both builds and drop out of the error.

With `--sprt ELO0 ELO1` the two matches stop once a sequential probability ratio test on
the same paired differences decides whether the new build gains ELO1 Elo against the
opponent (H1) or not more than ELO0 (H0): the test of a change against the engine the
issue names, where self-play can point the other way.
"""

import argparse
import math
import os
import re
import shlex
import signal
import subprocess
import sys
import time

from match import sprt_bounds

GAME_LINE = re.compile(r"^game (\d+): (.+?) vs (.+?) \(([^)]*)\) (1-0|0-1|1/2-1/2|\*)")


def results(lines, name):
    """{game number: score of engine `name` (1, 0.5, 0)} from match.py's game lines."""
    out = {}
    for line in lines:
        m = GAME_LINE.match(line)
        if not m:
            continue
        number, white, black, _, result = m.groups()
        if result == "*":
            continue
        white_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
        if white == name:
            out[int(number)] = white_score
        elif black == name:
            out[int(number)] = 1.0 - white_score
    return out


def first_missing(played, games):
    """The first game number (from 1) not in `played`, where a continued match starts; past
    `games` when all were played."""
    n = 1
    while n in played:
        n += 1
    return min(n, games + 1)


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / p - 1.0)


def differences(new, old):
    """The numbers of the games both played (same number), in order, and the new build's
    score minus the old one's in each."""
    common = sorted(set(new) & set(old))
    return common, [new[i] - old[i] for i in common]


def paired(new, old):
    """Mean difference of the games both played (same number), its 95% half-width, the
    two scores over those games and their number."""
    common, d = differences(new, old)
    n = len(common)
    if n == 0:
        return None
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    s_new = sum(new[i] for i in common) / n
    s_old = sum(old[i] for i in common) / n
    return mean, half, s_new, s_old, n


def score_of(e):
    """The expected score at an Elo difference `e` (the inverse of `elo`)."""
    return 1.0 / (1.0 + 10.0 ** (-e / 400.0))


def paired_llr(new, old, elo0, elo1):
    """Log-likelihood ratio of H1 (the new build is `elo1` Elo stronger against the opponent
    than the old one) against H0 (`elo0` stronger), from the per-opening differences, in
    the normal approximation fishtest uses: N (d1 - d0) (2 m - d0 - d1) / (2 var), where m
    and var are the mean and variance of the differences and dk the score difference that
    `elok` Elo make at the old build's score. 0 while every difference is the same."""
    common, d = differences(new, old)
    n = len(d)
    if n == 0:
        return 0.0
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / n
    if var <= 0:
        return 0.0
    s_old = min(max(sum(old[i] for i in common) / n, 0.02), 0.98)
    e_old = elo(s_old)
    d0 = score_of(e_old + elo0) - s_old
    d1 = score_of(e_old + elo1) - s_old
    return n * (d1 - d0) * (2 * mean - d0 - d1) / (2 * var)


def sprt_verdict(llr, alpha=0.05, beta=0.05):
    """'H1' or 'H0' once the LLR crosses one of Wald's bounds (match.py's), else None."""
    lo, hi = sprt_bounds(alpha, beta)
    if llr >= hi:
        return "H1"
    if llr <= lo:
        return "H0"
    return None


def report(new, old):
    r = paired(new, old)
    if r is None:
        return "no game played by both"
    mean, half, s_new, s_old, n = r
    e_old = elo(s_old)
    lo, hi = elo(s_old + mean - half) - e_old, elo(s_old + mean + half) - e_old
    return (
        f"{n} openings: new {s_new * 100:.1f}%, old {s_old * 100:.1f}%; "
        f"difference {mean * 100:+.1f} +/- {half * 100:.1f} points, "
        f"{elo(s_old + mean) - e_old:+.0f} Elo (95%: {lo:+.0f} to {hi:+.0f})"
    )


def match_command(args, side, engine, options, first_game):
    """match.py's command line for one of the two matches: `side`'s build (`engine`, with its
    `options`) against the common opponent, from game `first_game` on."""
    here = os.path.dirname(os.path.abspath(__file__))
    cmd = [sys.executable, os.path.join(here, "match.py"), "--engine1", engine, "--name1", side,
           "--engine2", args.opponent, "--proto2", args.proto, "--name2", "opponent",
           "--variant", args.variant, "--games", str(args.games), "--seed", str(args.seed),
           "--openings", str(args.openings), "--resign", "3", "400", "--draw", "34", "8", "20",
           "--pgn", os.path.join(args.out, f"{side}.pgn"), "--first-game", str(first_game)]
    if args.nodes:
        cmd += ["--nodes", str(args.nodes)]
        if args.nodes2:
            cmd += ["--nodes2", str(args.nodes2)]
    else:
        cmd += ["--tc", args.tc]
    for o in options:
        cmd += ["--option1", o]
    for o in args.option_opponent:
        cmd += ["--option2", o]
    if args.referee != "auto":
        cmd += ["--referee", args.referee, "--referee-kirin", shlex.split(args.old)[0]]
    if args.transcripts:
        cmd += ["--log", os.path.join(args.out, f"{side}.log")]
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--new", required=True, help="command line of the new build (e.g. '/tmp/k uci')")
    ap.add_argument("--old", required=True, help="command line of the old build")
    ap.add_argument("--opponent", required=True, help="command line of the common opponent")
    ap.add_argument("--proto", default="uci", help="protocol of the opponent (default uci)")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--openings", type=int, default=4, help="random opening plies (default 4)")
    ap.add_argument("--nodes", type=int, help="nodes a move of the builds")
    ap.add_argument("--nodes2", type=int, help="nodes a move of the opponent (with --nodes)")
    ap.add_argument("--tc", help="clock instead of nodes, e.g. 10+0.1")
    ap.add_argument("--option-new", action="append", default=[], help="NAME=VALUE for the new build")
    ap.add_argument("--option-old", action="append", default=[], help="NAME=VALUE for the old build")
    ap.add_argument("--option-opponent", action="append", default=[],
                    help="NAME=VALUE for the opponent in both matches (e.g. 'Move Overhead=60': "
                         "with both matches at once on two cores, Fairy-Stockfish 11.1's 30 ms "
                         "lost a fifth of its courier games on time at 10+0.1)")
    ap.add_argument("--referee", choices=["auto", "pyffish", "kirin"], default="auto",
                    help="the matches' referee (match.py's --referee). 'kirin': the old build's "
                         "rules, in a process of its own; pyffish's calls cost about 2 ms each, "
                         "some 10 ms a ply, two thirds of the engines' CPU at 10,000 nodes")
    ap.add_argument("--out", default="/tmp/kirin-gauntlet", help="directory for PGN and logs")
    ap.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                    help="stop both matches once a sequential test (alpha = beta = 0.05) on the "
                         "paired differences decides between ELO0 and ELO1, the new build's gain "
                         "in Elo against the opponent; --games is then the most openings")
    ap.add_argument("--transcripts", action="store_true",
                    help="keep each match's engine I/O in OUT/new.log and OUT/old.log, for "
                         "scripts/time-use.py (large: some 600 kB a game at 10+0.1)")
    ap.add_argument("--resume", action="store_true",
                    help="continue a stopped run with the same arguments and --out: each match starts "
                         "at its first game missing from its log (at fixed nodes the games played "
                         "would repeat exactly), and the test counts the earlier games too")
    args = ap.parse_args()
    if not args.nodes and not args.tc:
        ap.error("give --nodes (and --nodes2) or --tc")
    os.makedirs(args.out, exist_ok=True)

    logs = {}
    procs = {}
    for side, engine, options in (("new", args.new, args.option_new), ("old", args.old, args.option_old)):
        logs[side] = os.path.join(args.out, f"{side}.txt")
        first_game = 1
        if args.resume and os.path.exists(logs[side]):
            with open(logs[side]) as f:
                first_game = first_missing(results(f.read().splitlines(), side), args.games)
        if first_game > args.games:
            continue  # this side's match is complete
        with open(logs[side], "a" if args.resume else "w") as f:
            procs[side] = subprocess.Popen(match_command(args, side, engine, options, first_game),
                                           stdout=f, stderr=subprocess.STDOUT)

    def read_scores():
        out = {}
        for side in logs:
            with open(logs[side]) as f:
                out[side] = results(f.read().splitlines(), side)
        return out

    def stop_matches():
        # match.py ends its engines on SIGTERM and keeps the games it finished.
        for p in procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)

    def on_term(signum, frame):
        raise KeyboardInterrupt

    # Stopping the gauntlet stops both matches; the games played by both are the result.
    signal.signal(signal.SIGTERM, on_term)
    verdict = None
    interrupted = False
    try:
        if args.sprt:
            # Both matches are polled; once the test decides, both are stopped.
            seen = 0
            while any(p.poll() is None for p in procs.values()):
                time.sleep(5)
                scores = read_scores()
                llr = paired_llr(scores["new"], scores["old"], *args.sprt)
                n = len(set(scores["new"]) & set(scores["old"]))
                if n > seen:
                    seen = n
                    print(f"{n} openings: LLR {llr:.2f}", flush=True)
                verdict = sprt_verdict(llr)
                if verdict:
                    stop_matches()
                    break
        status = {side: p.wait() for side, p in procs.items()}
    except KeyboardInterrupt:
        interrupted = True
        stop_matches()
        status = {side: p.wait() for side, p in procs.items()}
    scores = read_scores()
    print(report(scores["new"], scores["old"]))
    if args.sprt:
        llr = paired_llr(scores["new"], scores["old"], *args.sprt)
        decided = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision"}[verdict]
        lo, hi = sprt_bounds(0.05, 0.05)
        print(f"SPRT elo0={args.sprt[0]:g} elo1={args.sprt[1]:g} against the opponent: LLR {llr:.2f} "
              f"[{lo:.2f}, {hi:.2f}], {decided}")
        if verdict:
            return 0
    if interrupted:
        return 130
    failed = [side for side, s in status.items() if s != 0]
    if failed:
        print(f"gauntlet.py: the match of {', '.join(failed)} failed (see {args.out})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
