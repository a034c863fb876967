#!/usr/bin/env python3
"""Fairy-Stockfish's value of each piece type of a variant, as its evaluation sees it.

    scripts/fsf-piece-values.py courier [--fen FEN] [--engine fairy-stockfish]

For each White piece type of the start position (or --fen), takes one piece of that type off
the board and prints how much the Material row of Fairy-Stockfish's `eval` falls, middlegame
and endgame, in its pawns (endgame pawn = 1.00), and the endgame figure as a `value.X` line
with the pawn at 100: the form of Kirin's `variants.ini`. The Material row holds the
piece-square bonus of the square too, so a value is that of the piece where it starts.
"""
import argparse
import re
import subprocess

import pyffish as sf


def material(engine, variant, fen):
    """(middlegame, endgame) of the Material row of the engine's `eval` of `fen`."""
    out = subprocess.run([engine], input=f"uci\nsetoption name UCI_Variant value {variant}\n"
                         f"position fen {fen}\neval\nquit\n", capture_output=True, text=True).stdout
    m = re.search(r"Material \|.*\|\s+(-?[\d.]+)\s+(-?[\d.]+)\s*$", out, re.M)
    if not m:
        raise SystemExit(f"fsf-piece-values.py: no Material row in the engine's eval of {fen}")
    return float(m.group(1)), float(m.group(2))


def squares(fen):
    """The board of a FEN as rows (top first) of piece letters or '.'; a promoted piece
    ('+X') is one cell."""
    rows = []
    for row in fen.split()[0].split("[")[0].split("/"):
        cells, num, i = [], "", 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                num += ch
            else:
                if num:
                    cells += ["."] * int(num)
                    num = ""
                if ch == "+" and i + 1 < len(row):
                    ch, i = row[i:i + 2], i + 1
                cells.append(ch)
            i += 1
        if num:
            cells += ["."] * int(num)
        rows.append(cells)
    return rows


def fen_of(rows, rest):
    out = []
    for cells in rows:
        s, n = "", 0
        for c in cells:
            if c == ".":
                n += 1
            else:
                s += (str(n) if n else "") + c
                n = 0
        out.append(s + (str(n) if n else ""))
    return "/".join(out) + " " + rest


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant")
    p.add_argument("--fen", help="position to probe (default: the variant's start position)")
    p.add_argument("--engine", default="fairy-stockfish")
    a = p.parse_args()
    fen = a.fen or sf.start_fen(a.variant)
    rest = " ".join(fen.split()[1:])
    base = material(a.engine, a.variant, fen)
    rows = squares(fen)
    seen = set()
    for r, cells in enumerate(rows):
        for f, c in enumerate(cells):
            if c == "." or not c[-1].isupper() or c in seen or c[-1] == "K":
                continue
            seen.add(c)
            probe = [row[:] for row in rows]
            probe[r][f] = "."
            mg, eg = material(a.engine, a.variant, fen_of(probe, rest))
            square = f"{chr(97 + f)}{len(rows) - r}"
            print(f"value.{c} = {round(100 * (base[1] - eg))}    # {square}: mg {base[0] - mg:.2f}, eg {base[1] - eg:.2f}")


if __name__ == "__main__":
    main()
