#!/usr/bin/env python3
"""How two engines spend a clock, from the protocol log of a UCI match
(`scripts/match.py ... --log FILE`): per engine and band of game plies, the mean time a
move took, the nodes it searched and the depth it reached (its last report before
`bestmove`), and the clock it had left at given plies. Where a search loses at a clock
but not at equal nodes, this shows whether its nodes are fewer because it is slower or
because it spends its clock elsewhere in the game.

    scripts/time-use.py LOG [--bands 0,40,80,120,400] [--at 20,40,60,80,100,120,160,200]

A ply is the number of moves played from the position the match set up (its opening
moves included); the clock is the side to move's, from the `go` command.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict

LINE = re.compile(r"\s*[\d.]+ \[(\d+):([^\]]+)\] (<<|>>) (.*)")


def side_to_move(position: str) -> tuple[int, str]:
    """(plies played, 'w' or 'b' to move) of a UCI `position` command."""
    words = position.split()
    moves = words[words.index("moves") + 1 :] if "moves" in words else []
    first = "w"
    if len(words) > 1 and words[1] == "fen" and len(words) > 3:
        first = words[3]
    flip = len(moves) % 2 == 1
    side = ("b" if first == "w" else "w") if flip else first
    return len(moves), side


def read(lines):
    """Per engine name: a list of moves as (ply, own clock ms, depth, nodes, ms), and
    the clocks left as (ply, ms)."""
    state = {}
    moves = defaultdict(list)
    for raw in lines:
        m = LINE.match(raw)
        if not m:
            continue
        slot, name, direction, text = m.groups()
        key = (slot, name)
        s = state.setdefault(key, {"ply": 0, "side": "w", "clock": None, "last": None})
        if direction == "<<" and text.startswith("position "):
            s["ply"], s["side"] = side_to_move(text)
        elif direction == "<<" and text.startswith("go "):
            clock = re.search(r"\b%stime (\d+)" % s["side"], text)
            s["clock"] = int(clock.group(1)) if clock else None
            s["last"] = None
        elif direction == ">>" and text.startswith("info ") and " pv " in text:
            depth = re.search(r" depth (\d+)", text)
            nodes = re.search(r" nodes (\d+)", text)
            ms = re.search(r" time (\d+)", text)
            if depth and nodes:
                s["last"] = (int(depth.group(1)), int(nodes.group(1)), int(ms.group(1)) if ms else 0)
        elif direction == ">>" and text.startswith("bestmove"):
            if s["last"] is not None and s["clock"] is not None:
                moves[name].append((s["ply"], s["clock"], *s["last"]))
            s["last"] = None
    return moves


def bands_table(moves, bands):
    """Rows (name, from, to, moves, mean depth, mean nodes, mean ms)."""
    rows = []
    for name in sorted(moves):
        for lo, hi in zip(bands, bands[1:]):
            sel = [m for m in moves[name] if lo <= m[0] < hi]
            if sel:
                n = len(sel)
                rows.append(
                    (name, lo, hi, n, sum(m[2] for m in sel) / n, sum(m[3] for m in sel) / n, sum(m[4] for m in sel) / n)
                )
    return rows


def clocks_table(moves, plies):
    """Rows (name, ply, games, mean clock ms): the clock at that ply or the one after
    (the side to move alternates)."""
    rows = []
    for name in sorted(moves):
        for p in plies:
            sel = [m[1] for m in moves[name] if m[0] in (p, p + 1)]
            if sel:
                rows.append((name, p, len(sel), sum(sel) / len(sel)))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log")
    ap.add_argument("--bands", default="0,40,80,120,400", help="ply band limits")
    ap.add_argument("--at", default="20,40,60,80,100,120,160,200", help="plies to print the clock at")
    a = ap.parse_args(argv)
    with open(a.log, encoding="utf-8", errors="replace") as f:
        moves = read(f)
    if not moves:
        print(f"{a.log}: no searches found (a UCI match log of scripts/match.py --log)", file=sys.stderr)
        return 1
    print("engine  plies      moves  depth    nodes     ms")
    for name, lo, hi, n, depth, nodes, ms in bands_table(moves, [int(x) for x in a.bands.split(",")]):
        print(f"{name:7} {lo:3}-{hi:<4} {n:7} {depth:6.1f} {nodes:8.0f} {ms:6.0f}")
    print("engine  ply  moves  clock left (ms)")
    for name, p, n, clock in clocks_table(moves, [int(x) for x in a.at.split(",")]):
        print(f"{name:7} {p:4} {n:6} {clock:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
