#!/usr/bin/env python3
"""Self-play to a result by rule, with every move re-validated.

Kirin (UCI) plays both sides of a game; after every move a separate `kirin show` process
rebuilds the game from the start position and the full move list, and the move must be in
the legal-move list it printed for the position before. The game must end by a rule of the
variant (checkmate, stalemate, bare king, royal capture, n-move rule, repetition); reaching
--max-plies first is a failure. Used for variants no other program plays (Bat chess, ...).

With --via analyse the game is played by `kirin analyse --play` instead of over UCI, and
every move of its record is then re-validated the same way, including its claimed result.

Usage: scripts/selfplay.py VARIANT [--movetime MS] [--max-plies N] [--kirin PATH] [--via uci|analyse]
Exit status 0 when the game finished by rule with only legal moves.
"""
import argparse
import re
import subprocess
import sys
import time


def show(kirin, variant, moves):
    out = subprocess.run(
        [kirin, "show", "--variant", variant, "--moves", " ".join(moves)],
        capture_output=True, text=True, timeout=120,
    )
    if out.returncode != 0:
        raise RuntimeError(f"kirin show failed: {out.stderr.strip()}")
    legal = []
    over = None
    for line in out.stdout.splitlines():
        m = re.match(r"Legal moves \(\d+\): ?(.*)", line)
        if m:
            legal = m.group(1).split()
        if line.startswith("Game over: "):
            over = line[len("Game over: "):]
    return legal, over


def via_analyse(args):
    """`kirin analyse --play` plays the game; then every move is checked against `kirin show`."""
    t0 = time.time()
    out = subprocess.run(
        [args.kirin, "analyse", "--variant", args.variant, "--play", "--movetime", str(args.movetime),
         "--max-plies", str(args.max_plies)],
        capture_output=True, text=True,
    )
    moves, claimed = None, None
    for line in out.stdout.splitlines():
        if line.startswith("moves:"):
            moves = line[len("moves:"):].split()
        if line.startswith("Game over: "):
            claimed = line[len("Game over: "):]
    if out.returncode != 0 or moves is None or claimed is None:
        print(f"FAIL: kirin analyse --play exited {out.returncode}: {out.stderr.strip()[-300:]}")
        return 1
    for i, mv in enumerate(moves):
        legal, over = show(args.kirin, args.variant, moves[:i])
        if over is not None:
            print(f"FAIL: ply {i + 1}: the game was already over ({over})")
            return 1
        if mv not in legal:
            print(f"FAIL: ply {i + 1}: {mv} is not in the referee's legal moves {legal}")
            return 1
    _, over = show(args.kirin, args.variant, moves)
    if over != claimed:
        print(f"FAIL: analyse claims {claimed!r}, the referee says {over!r}")
        return 1
    print(f"{args.variant}: kirin analyse --play, {len(moves)} plies, result {over} ({time.time() - t0:.0f} s)")
    print("moves:", " ".join(moves))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant")
    ap.add_argument("--movetime", type=int, default=60, help="milliseconds per move (default 60)")
    ap.add_argument("--max-plies", type=int, default=3000)
    ap.add_argument("--kirin", default="target/release/kirin")
    ap.add_argument("--via", choices=["uci", "analyse"], default="uci")
    args = ap.parse_args()
    if args.via == "analyse":
        return via_analyse(args)

    eng = subprocess.Popen([args.kirin, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        eng.stdin.write(s + "\n")
        eng.stdin.flush()

    def wait(prefix):
        while True:
            line = eng.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith("info string error"):
                raise RuntimeError(line.strip())
            if line.startswith(prefix):
                return line.strip()

    send("uci")
    wait("uciok")
    send(f"setoption name UCI_Variant value {args.variant}")
    wait("info string variant")
    moves = []
    t0 = time.time()
    legal, over = show(args.kirin, args.variant, moves)
    try:
        while over is None:
            if len(moves) >= args.max_plies:
                print(f"FAIL: no result after {len(moves)} plies")
                return 1
            send(f"position startpos moves {' '.join(moves)}".rstrip())
            send(f"go movetime {args.movetime}")
            best = wait("bestmove").split()[1]
            if best not in legal:
                print(f"FAIL: ply {len(moves) + 1}: engine played {best}, not in the referee's legal moves {legal}")
                print("moves:", " ".join(moves))
                return 1
            moves.append(best)
            legal, over = show(args.kirin, args.variant, moves)
    finally:
        send("quit")
        eng.wait(timeout=10)
    print(f"{args.variant}: {len(moves)} plies, result {over} ({time.time() - t0:.0f} s)")
    print("moves:", " ".join(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
