#!/usr/bin/env python3
"""A UCI engine with a node handicap: every `go nodes N` reaches it as `go nodes N/DIV`.

    scripts/match.py --engine1 "kirin uci" --engine2 "scripts/nodes-handicap.py 2 fairy-stockfish" --nodes 20000 ...

For matches at fixed nodes against a much stronger engine: at half the nodes (DIV 2)
Fairy-Stockfish scored 64% of 40 games against Kirin in courier at 20,000 nodes
(2026-11-26), where at equal nodes Kirin hardly scores, so that a change of Kirin's shows
in the result. Everything else passes through unchanged, both ways.
"""
import re
import subprocess
import sys


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        raise SystemExit("usage: nodes-handicap.py DIV ENGINE [ARGS...]  (DIV a whole number >= 1)")
    div = int(sys.argv[1])
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=sys.stdout, text=True, bufsize=1)
    for line in sys.stdin:
        m = re.match(r"go nodes (\d+)(.*)", line)
        if m:
            line = f"go nodes {max(1, int(m.group(1)) // div)}{m.group(2)}\n"
        engine.stdin.write(line)
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
