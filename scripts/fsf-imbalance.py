#!/usr/bin/env python3
"""Fairy-Stockfish's material imbalance of a variant, as Kirin's `imbalance` ini lines.

    scripts/fsf-imbalance.py courier --data positions.epd --pieces PNBR [--engine fairy-stockfish]

Reads the positions of a data file (FEN lines, or Kirin's `FEN c9 "1-0";` lines as
`kirin selfplay` and `kirin tune --save` write them), asks Fairy-Stockfish's `eval` for the
Imbalance row of each, and fits Kirin's terms (src/search/imbalance.rs) to those figures by
least squares: `imbalance.A.B` (own A times own B, per pair for A.A) and
`imbalanceVs.A.B` (own A times enemy B) for the pieces of --pieces, given from the least to
the most valuable (each term is named by its more valuable piece first). Prints the fit's
R² and the terms worth at least one centipawn, in pawns of 100 as Kirin counts them (the
engine's endgame pawn). What the fit puts on a single piece (a linear term) is printed as
a comment: it belongs to that piece's `value.X`.

With --values it also fits the Material row (the pieces' values and squares), middlegame
and endgame, to one value per piece and prints the variant's whole material model:
`value.X` (endgame) and `valueMg.X` (middlegame), each with the imbalance fit's linear term
added, beside the imbalance lines. Positions in check are skipped (Fairy-Stockfish's `eval`
has no table for them).
"""
import argparse
import re
import subprocess


def eval_tables(engine, variant, fens):
    """The engine's `eval` of each FEN: {row name: (middlegame, endgame) in pawns} from its
    Total column, or None for a position without a table (in check)."""
    commands = f"uci\nsetoption name UCI_Variant value {variant}\n"
    commands += "".join(f"position fen {f}\neval\n" for f in fens) + "quit\n"
    out = subprocess.run([engine], input=commands, capture_output=True, text=True).stdout
    return parse_tables(out)


def parse_tables(out):
    """The tables of a run of `eval` commands, in order (see eval_tables)."""
    tables, current = [], None
    for line in out.splitlines():
        m = re.match(r"^\s*([A-Za-z][A-Za-z ]*?)\s*\|.*\|\s+(-?[\d.]+)\s+(-?[\d.]+)\s*$", line)
        if m and current is not None:
            current[m.group(1)] = (float(m.group(2)), float(m.group(3)))
        elif re.match(r"^\s*Term\s*\|", line):
            current = {}
        elif line.startswith("Total evaluation"):
            tables.append(current if current and "(in check)" not in line else None)
            current = None
    return tables


def counts(fen, pieces):
    """(White, Black) number of each piece of `pieces` on the FEN's board (promoted '+X'
    cells not counted as X)."""
    board = re.sub(r"\+.", "", fen.split()[0].split("[")[0])
    return {p: (board.count(p.upper()), board.count(p.lower())) for p in pieces}


def features(c, pieces):
    """The fit's columns for one position: White's minus Black's count of each term."""
    cols, names = [], []
    for p in pieces:
        cols.append(c[p][0] - c[p][1])
        names.append(("linear", p))
    for i, a in enumerate(pieces):
        for b in pieces[:i + 1]:
            if a == b:
                cols.append(c[a][0] * (c[a][0] - 1) / 2 - c[a][1] * (c[a][1] - 1) / 2)
            else:
                cols.append(c[a][0] * c[b][0] - c[a][1] * c[b][1])
            names.append(("imbalance", f"{a}.{b}"))
        for b in pieces[:i]:
            cols.append(c[a][0] * c[b][1] - c[a][1] * c[b][0])
            names.append(("imbalanceVs", f"{a}.{b}"))
    return cols, names


def least_squares(rows, y, ridge=1e-6):
    """Coefficients minimising the squared error of rows·c against y (normal equations,
    Gaussian elimination; a tiny ridge keeps columns that never vary at zero)."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for r, t in zip(rows, y):
        for i in range(n):
            if r[i]:
                b[i] += r[i] * t
                for j in range(n):
                    a[i][j] += r[i] * r[j]
    for i in range(n):
        a[i][i] += ridge
    for col in range(n):
        piv = max(range(col, n), key=lambda k: abs(a[k][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for k in range(col + 1, n):
            f = a[k][col] / a[col][col]
            if f:
                for j in range(col, n):
                    a[k][j] -= f * a[col][j]
                b[k] -= f * b[col]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--data", required=True, help="positions: FEN lines or Kirin data lines")
    ap.add_argument("--pieces", required=True, help="piece letters, least valuable first (PNBR)")
    ap.add_argument("--engine", default="fairy-stockfish")
    ap.add_argument("--max", type=int, default=5000, help="positions to use at most (5000)")
    ap.add_argument("--values", action="store_true",
                    help="also fit the Material row: print value.X and valueMg.X for every piece")
    args = ap.parse_args()
    pieces = args.pieces.upper()
    fens = []
    with open(args.data) as f:
        for line in f:
            fen = line.split(" c9 ")[0].strip().rstrip(";")
            if fen:
                fens.append(fen)
    step = max(1, len(fens) // args.max)
    fens = fens[::step][:args.max]
    tables = eval_tables(args.engine, args.variant, fens)
    if len(tables) != len(fens):
        raise SystemExit(f"fsf-imbalance.py: {len(tables)} evaluations for {len(fens)} positions "
                         f"(is '{args.variant}' a variant of {args.engine}?)")
    kept = [(f, t) for f, t in zip(fens, tables) if t and "Imbalance" in t and "Material" in t]
    if len(kept) < 100:
        raise SystemExit(f"fsf-imbalance.py: {len(kept)} usable positions in {args.data}; the fit needs hundreds")
    y = [100 * t["Imbalance"][0] for _, t in kept]
    piece_counts = [counts(fen, pieces) for fen, _ in kept]
    rows, names = [], None
    for c in piece_counts:
        cols, names = features(c, pieces)
        rows.append(cols + [1.0])
    coef = least_squares(rows, y)
    print(f"# {args.variant}: {len(kept)} positions, imbalance spread {spread(y):.1f} cp, "
          f"fit R² {r_squared(rows, y, coef):.4f}")
    linear = {key: c for (kind, key), c in zip(names, coef) if kind == "linear"}
    if args.values:
        counts_rows = [[c[p][0] - c[p][1] for p in pieces] for c in piece_counts]
        fitted = []
        for phase in (0, 1):
            y = [100 * t["Material"][phase] for _, t in kept]
            fit = least_squares(counts_rows, y)
            print(f"# material {'middlegame' if phase == 0 else 'endgame'}: fit R² {r_squared(counts_rows, y, fit):.4f}")
            fitted.append(fit)
        for i, p in enumerate(pieces):
            print(f"value.{p} = {round(fitted[1][i] + linear[p])}")
            print(f"valueMg.{p} = {round(fitted[0][i] + linear[p])}")
    for (kind, key), c in zip(names, coef):
        if kind == "linear":
            if abs(c) >= 1 and not args.values:
                print(f"# linear {key}: {c:+.1f} per piece (add to value.{key})")
        elif abs(round(c)) >= 1:
            print(f"{kind}.{key} = {round(c)}")


def spread(y):
    """The standard deviation of y."""
    mean = sum(y) / len(y)
    return (sum((t - mean) ** 2 for t in y) / len(y)) ** 0.5


def r_squared(rows, y, coef):
    """The share of y's variance the fit rows·coef explains."""
    pred = [sum(c * x for c, x in zip(coef, r)) for r in rows]
    mean = sum(y) / len(y)
    total = sum((t - mean) ** 2 for t in y)
    resid = sum((t - p) ** 2 for t, p in zip(y, pred))
    return 1 - resid / total if total else 0.0


if __name__ == "__main__":
    main()
