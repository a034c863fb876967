#!/usr/bin/env python3
"""Cross-check Kirin's perft against Fairy-Stockfish (pyffish) on random positions.

For every variant the script builds a set of positions -- the start position plus
random playouts of a random length (uniform in [0, --max-plies]) -- computes a
reference perft "divide" with Fairy-Stockfish's move generator and compares it with
the output of

    kirin perft --variant V --depth D --fen FEN --divide

(one ``MOVE: COUNT`` line per root move in Fairy-Stockfish's UCI notation, an empty
line, then ``Nodes searched: N``).  The start position is given to Kirin *without*
``--fen``, so Kirin's built-in start position is checked against pyffish's too.

Usage (from the repository root, after ``cargo build --release``):

    scripts/fsf_crosscheck.py                                  # defaults below
    scripts/fsf_crosscheck.py --variants courier --positions 50 --depth 4
    scripts/fsf_crosscheck.py --depth 3 --depth shoshogi=2 --seed 7 --jobs 4
    scripts/fsf_crosscheck.py --kirin target/debug/kirin --timeout 600

Options: --variants (comma list, default chess,courier,shatranj,shoshogi);
--positions K (positions per variant including the start position, default 20);
--depth D, NAME=D or a comma list of both, repeatable (default 3 everywhere);
--max-plies P (default 60); --seed S (default 20240601, printed so any run can be
repeated); --kirin PATH (default <repo>/target/release/kirin); --timeout seconds per
engine call (default 120); --jobs N parallel workers (default: CPU count);
--via-moves (give Kirin the start FEN plus the playout's ``--moves`` instead of the
reached FEN); --no-drill (on a failure do not descend to the smallest differing
position); --reference pyffish|binary (see below).

Exit status: 0 when every position agrees, 1 when at least one disagrees or Kirin
fails on a position (crash, timeout, unparsable output), 2 when Kirin (or the chosen
reference) cannot be run at all -- a missing binary is a failure, never a skip.

On a failure the report lists the FEN, the playout leading to it, the root moves
missing in Kirin, extra in Kirin and with different counts, a ready-to-paste
reproduction command, and (unless --no-drill) follows one differing move down to the
shallowest position whose move list itself differs (first re-running Kirin with
``--fen`` when it had been given its start position or ``--moves``, so a wrong built-in
start position or a make-move bug is told apart from a move-generation bug).

Reference and speed.  pyffish spends ~1.6 ms per call regardless of the position
(constructing the Position dominates), so the reference costs about one
``legal_moves`` call per interior node: the recursion passes the move list from the
root instead of recomputing FENs (measured 2x faster) and counts the last ply in bulk.
A FEN cache would need one ``get_fen`` call per node (as expensive as ``legal_moves``)
to save calls only at transpositions, so there is none.  Measured on the start
positions (perft 2 / 3 / 4): chess 0.05 s / 1.0 s / 17 s, courier 0.04 s / 1.2 s /
40 s, shatranj 0.03 s / 0.5 s / 7.6 s, shoshogi 0.04 s / 1.1 s / 28 s.  Depth 3 is
therefore a sensible default for all four variants (a few seconds per middle-game
position); a default run (80 positions) takes about 75 s on 2 CPUs, nearly all of it
pyffish.  Use depth 4 only with few positions or with ``--reference binary``.

``--reference binary`` uses the Fairy-Stockfish UCI binary (default
/usr/games/fairy-stockfish, the Debian build 11.1 knows chess, courier and shatranj
but not shoshogi) and its ``go perft`` for the variants it knows -- much
faster; variants it does not know fall back to pyffish.  ``--self-test`` (hidden)
checks that both references agree, that pyffish's FENs round-trip, and exercises the
whole pipeline against a pyffish-backed fake Kirin, with and without an injected bug.

Game ends: Fairy-Stockfish generates no legal moves once a variant rule has ended the
game (e.g. courier/shatranj bare king: the side to move has bared the opponent, or is
bare and cannot bare back at once), so perft there is 0; the script only compares
numbers.  Stalemate and checkmate give 0 moves as usual.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import io
import os
import random
import re
import shlex
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import pyffish as sf
except ImportError:  # pragma: no cover - environment problem, reported clearly
    sys.exit("fsf_crosscheck: the Python package 'pyffish' is required (pip install pyffish)")

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_KIRIN = REPO_ROOT / "target" / "release" / "kirin"
DEFAULT_FSF_BINARY = "/usr/games/fairy-stockfish"
DEFAULT_VARIANTS = "chess,courier,shatranj,shoshogi"
DEFAULT_SEED = 20240601
DEFAULT_DEPTH = 3

MAX_LISTED = 16  # different-count entries printed per position

DIVIDE_LINE = re.compile(r"^\s*(\S+):\s*(\d+)\s*$")
NODES_LINE = re.compile(r"^\s*Nodes searched:\s*(\d+)\s*$")


class EngineError(Exception):
    """An engine could not be run or produced unusable output."""


# --------------------------------------------------------------------------- positions

def normalized_start_fen(variant: str) -> str:
    # pyffish.start_fen("shoshogi") has 4 fields ("... w 0 1"); get_fen writes all 6.
    return sf.get_fen(variant, sf.start_fen(variant), [])


def random_positions(variant: str, count: int, max_plies: int, seed: int) -> list[dict]:
    """The start position followed by count-1 random playouts (deterministic in seed)."""
    rng = random.Random(f"{seed}:{variant}")  # per variant: adding variants changes nothing
    start = normalized_start_fen(variant)
    positions = [{"moves": [], "fen": start}]
    for _ in range(count - 1):
        wanted = rng.randint(0, max_plies)
        moves: list[str] = []
        for _ in range(wanted):
            legal = sorted(sf.legal_moves(variant, start, moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        positions.append({"moves": moves, "fen": sf.get_fen(variant, start, moves)})
    return positions


# --------------------------------------------------------------------------- references

def _pyffish_count(variant: str, fen: str, moves: list[str], depth: int) -> int:
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(_pyffish_count(variant, fen, moves + [m], depth - 1) for m in legal)


def pyffish_divide(variant: str, fen: str, depth: int, prefix: list[str] | None = None) -> dict[str, int]:
    """Perft divide of the position reached from fen by prefix, via pyffish."""
    prefix = list(prefix or [])
    return {m: _pyffish_count(variant, fen, prefix + [m], depth - 1)
            for m in sf.legal_moves(variant, fen, prefix)}


def parse_divide(text: str, who: str) -> tuple[dict[str, int], int]:
    """Parse 'MOVE: COUNT' lines and the 'Nodes searched: N' line."""
    divide: dict[str, int] = {}
    nodes = None
    for line in text.splitlines():
        m = NODES_LINE.match(line)
        if m:
            nodes = int(m.group(1))
            continue
        m = DIVIDE_LINE.match(line)
        if m:
            move, count = m.group(1), int(m.group(2))
            if move in divide:
                raise EngineError(f"{who} printed root move {move} twice")
            divide[move] = count
    if nodes is None:
        raise EngineError(f"{who} printed no 'Nodes searched: N' line")
    return divide, nodes


_binary_variants: dict[str, set[str]] = {}


def fsf_binary_variants(binary: str) -> set[str]:
    """Variants a Fairy-Stockfish UCI binary knows (from its UCI_Variant combo)."""
    if binary not in _binary_variants:
        try:
            out = subprocess.run([binary], input="uci\nquit\n", capture_output=True,
                                 text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError) as e:
            raise EngineError(f"cannot run Fairy-Stockfish binary {binary}: {e}") from e
        names: set[str] = set()
        for line in out.splitlines():
            if line.startswith("option name UCI_Variant "):
                names = set(re.findall(r"\bvar (\S+)", line))
        _binary_variants[binary] = names
    return _binary_variants[binary]


def binary_divide(binary: str, variant: str, fen: str, depth: int, timeout: float) -> dict[str, int]:
    """Perft divide via a Fairy-Stockfish UCI binary ('go perft' is synchronous)."""
    script = (f"uci\nsetoption name UCI_Variant value {variant}\nposition startpos\nd\n"
              f"position fen {fen}\ngo perft {depth}\nquit\n")
    try:
        proc = subprocess.run([binary], input=script, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        raise EngineError(f"Fairy-Stockfish binary failed: {e}") from e
    # An unknown variant silently leaves the binary in chess (and it does not always echo
    # "info string variant"), so check that its start position is the variant's.
    shown = re.search(r"^Fen: (\S+ \S+)", proc.stdout, re.M)
    expected = " ".join(normalized_start_fen(variant).split()[:2])
    if not shown or shown.group(1) != expected:
        raise EngineError(f"Fairy-Stockfish binary did not switch to variant {variant} "
                          f"(start position {shown.group(1) if shown else '?'}, expected {expected})")
    divide, nodes = parse_divide(proc.stdout, "fairy-stockfish")
    if nodes != sum(divide.values()):
        raise EngineError("fairy-stockfish: Nodes searched differs from the sum of its divide")
    return divide


def reference_divide(cfg: dict, variant: str, fen: str, depth: int) -> dict[str, int]:
    if cfg["reference"] == "binary" and variant in cfg["binary_variants"]:
        return binary_divide(cfg["fsf_binary"], variant, fen, depth, cfg["timeout"])
    return pyffish_divide(variant, fen, depth)


# --------------------------------------------------------------------------- kirin

def kirin_command(kirin: str, variant: str, depth: int, fen: str | None,
                  moves: list[str] | None = None) -> list[str]:
    cmd = [kirin, "perft", "--variant", variant, "--depth", str(depth)]
    if fen is not None:
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves", " ".join(moves)]
    return cmd + ["--divide"]


def run_kirin(cmd: list[str], timeout: float) -> dict[str, int]:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise EngineError(f"kirin timed out after {timeout:g} s") from e
    except OSError as e:
        raise EngineError(f"cannot run kirin: {e}") from e
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-8:]
        raise EngineError(f"kirin exited with status {proc.returncode}"
                          + "".join(f"\n    | {line}" for line in tail))
    divide, nodes = parse_divide(proc.stdout, "kirin")
    if nodes != sum(divide.values()):
        raise EngineError(f"kirin: 'Nodes searched: {nodes}' but its divide sums to "
                          f"{sum(divide.values())}")
    return divide


# --------------------------------------------------------------------------- comparison

def diff_divides(ref: dict[str, int], got: dict[str, int]):
    missing = sorted(set(ref) - set(got))
    extra = sorted(set(got) - set(ref))
    different = sorted(m for m in set(ref) & set(got) if ref[m] != got[m])
    return missing, extra, different


def describe_diff(ref, got, indent="    ") -> list[str]:
    missing, extra, different = diff_divides(ref, got)
    lines = [f"{indent}reference {sum(ref.values())} nodes / {len(ref)} moves, "
             f"kirin {sum(got.values())} nodes / {len(got)} moves"]
    if missing:
        lines.append(f"{indent}missing in kirin ({len(missing)}): "
                     + " ".join(f"{m}({ref[m]})" for m in missing))
    if extra:
        lines.append(f"{indent}extra in kirin ({len(extra)}): "
                     + " ".join(f"{m}({got[m]})" for m in extra))
    if different:
        shown = different[:MAX_LISTED]
        lines.append(f"{indent}different counts ({len(different)}): "
                     + " ".join(f"{m} ref={ref[m]} kirin={got[m]}" for m in shown)
                     + (" ..." if len(different) > len(shown) else ""))
    return lines


def drill_down(cfg, variant, fen, depth, ref, got, fen_given: bool) -> list[str]:
    """Follow one miscounted move down to the shallowest position whose moves differ.

    fen_given: kirin was run with --fen FEN (not its start position or --moves)."""
    lines = ["    drill-down:"]
    if not fen_given:
        cmd = kirin_command(cfg["kirin"], variant, depth, fen)
        try:
            got = run_kirin(cmd, cfg["timeout"])
        except EngineError as e:
            lines.append(f"      with --fen: {e}")
            return lines
        if got == ref:
            lines.append("      kirin agrees when given this FEN with --fen: the difference lies in "
                         "how kirin reached the position (its built-in start position or --moves), "
                         "not in its move generation")
            return lines
        lines.append("      kirin given this FEN with --fen disagrees too:")
        lines += describe_diff(ref, got, indent="        ")
        lines.append(f"        reproduce: {shlex.join(cmd)}")
    path: list[str] = []
    while True:
        missing, extra, different = diff_divides(ref, got)
        if missing or extra or not different or depth <= 1:
            break
        move = min(different, key=lambda m: (ref[m], m))  # smallest subtree: cheapest to descend
        path.append(move)
        fen = sf.get_fen(variant, fen, [move])
        depth -= 1
        cmd = kirin_command(cfg["kirin"], variant, depth, fen)
        try:
            ref = reference_divide(cfg, variant, fen, depth)
            got = run_kirin(cmd, cfg["timeout"])
        except EngineError as e:
            lines.append(f"      after {' '.join(path)}: {e}")
            return lines
        lines.append(f"      after {' '.join(path)} (depth {depth}): {fen}")
        if ref == got:
            lines.append("        kirin agrees here when given the FEN: check how it plays "
                         f"{move} (make/unmake, state carried across the move)")
            return lines
        lines += describe_diff(ref, got, indent="        ")
        lines.append(f"        reproduce: {shlex.join(cmd)}")
    if not path:
        lines.append("      (the root move lists already differ)")
    return lines


def check_position(task: dict) -> dict:
    """Worker: reference vs kirin for one position; returns a result with report lines."""
    cfg, variant, idx, pos, depth = task["cfg"], task["variant"], task["idx"], task["pos"], task["depth"]
    t0 = time.perf_counter()
    fen, moves = pos["fen"], pos["moves"]
    start = normalized_start_fen(variant)
    if idx == 0:
        cmd = kirin_command(cfg["kirin"], variant, depth, None)  # kirin's own start position
    elif cfg["via_moves"]:
        cmd = kirin_command(cfg["kirin"], variant, depth, start, moves)
    else:
        cmd = kirin_command(cfg["kirin"], variant, depth, fen)
    label = f"{variant} #{idx} depth {depth}"
    try:
        ref = reference_divide(cfg, variant, fen, depth)
    except EngineError as e:
        return {"ok": False, "lines": [f"ERROR {label}: reference failed: {e}", f"    fen: {fen}"]}
    try:
        got = run_kirin(cmd, cfg["timeout"])
    except EngineError as e:
        return {"ok": False, "lines": [f"FAIL  {label}: {e}", f"    fen: {fen}",
                                       f"    reproduce: {shlex.join(cmd)}"]}
    elapsed = time.perf_counter() - t0
    nodes = sum(ref.values())
    where = "start position" if idx == 0 else f"{len(moves)} plies"
    if ref == got:
        return {"ok": True, "lines": [f"PASS  {label}: {nodes} nodes ({where}, {elapsed:.1f} s)"]}
    lines = [f"FAIL  {label}: {where}", f"    fen: {fen}"]
    if idx == 0:
        lines.append("    (kirin ran without --fen: its built-in start position must equal this FEN)")
    elif moves:
        lines.append(f"    playout: --fen {shlex.quote(start)} --moves {shlex.quote(' '.join(moves))}")
    lines += describe_diff(ref, got)
    lines.append(f"    reproduce: {shlex.join(cmd)}")
    if cfg["drill"]:
        fen_given = idx != 0 and not cfg["via_moves"]
        lines += drill_down(cfg, variant, fen, depth, ref, got, fen_given)
    return {"ok": False, "lines": lines}


# --------------------------------------------------------------------------- driver

def parse_depths(specs: list[str] | None, variants: list[str]) -> dict[str, int]:
    depths = {v: DEFAULT_DEPTH for v in variants}
    for spec in specs or []:
        for item in filter(None, (s.strip() for s in spec.split(","))):
            name, _, value = item.rpartition("=")
            try:
                d = int(value)
            except ValueError:
                raise ValueError(f"bad --depth item {item!r}") from None
            if d < 1:
                raise ValueError(f"depth must be >= 1 in {item!r}")
            if name:
                if name not in depths:
                    raise ValueError(f"--depth {item!r}: {name} is not among --variants")
                depths[name] = d
            else:  # a bare number sets every variant; later NAME=D items override it
                depths = {v: d for v in variants}
    return depths


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Cross-check Kirin's perft against Fairy-Stockfish (pyffish) on random positions.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the module docstring (head of this file) for details.")
    p.add_argument("--variants", default=DEFAULT_VARIANTS, help=f"comma list (default {DEFAULT_VARIANTS})")
    p.add_argument("--positions", type=int, default=20, metavar="K",
                   help="positions per variant, the start position included (default 20)")
    p.add_argument("--depth", action="append", metavar="D|NAME=D",
                   help=f"perft depth, e.g. 3, shoshogi=2 or 3,shoshogi=2; repeatable (default {DEFAULT_DEPTH})")
    p.add_argument("--max-plies", type=int, default=60, metavar="P",
                   help="random playout length is uniform in [0, P] (default 60)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument("--kirin", default=str(DEFAULT_KIRIN), metavar="PATH",
                   help="kirin binary (default <repo>/target/release/kirin)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per engine call (default 120)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel workers (default: CPUs)")
    p.add_argument("--via-moves", action="store_true",
                   help="give kirin the start FEN plus --moves instead of the reached FEN")
    p.add_argument("--no-drill", dest="drill", action="store_false",
                   help="on failure, do not descend to the smallest differing position")
    p.add_argument("--reference", choices=["pyffish", "binary"], default="pyffish",
                   help="pyffish (default) or the Fairy-Stockfish UCI binary where it knows the variant")
    p.add_argument("--fsf-binary", default=DEFAULT_FSF_BINARY, metavar="PATH",
                   help=f"Fairy-Stockfish UCI binary for --reference binary / --self-test (default {DEFAULT_FSF_BINARY})")
    p.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    known = set(sf.variants())
    unknown = [v for v in args.variants if v not in known]
    if unknown:
        p.error(f"pyffish does not know variant(s) {', '.join(unknown)}")
    if args.positions < 1 or args.max_plies < 0 or args.jobs < 1:
        p.error("--positions and --jobs must be >= 1, --max-plies >= 0")
    try:
        args.depths = parse_depths(args.depth, args.variants)
    except ValueError as e:
        p.error(str(e))
    return args


def make_cfg(args, kirin: str) -> dict:
    cfg = {"kirin": kirin, "timeout": args.timeout, "via_moves": args.via_moves,
           "drill": args.drill, "reference": args.reference, "fsf_binary": args.fsf_binary,
           "binary_variants": set()}
    if args.reference == "binary":
        cfg["binary_variants"] = fsf_binary_variants(args.fsf_binary)
        if not cfg["binary_variants"]:
            raise EngineError(f"{args.fsf_binary} lists no variants")
    return cfg


def crosscheck(args, kirin: str, out=sys.stdout) -> tuple[int, int]:
    """Run the cross-check; returns (positions, disagreements)."""
    def say(*lines):
        for line in lines:
            print(line, file=out, flush=True)

    cfg = make_cfg(args, kirin)
    say(f"crosscheck: seed {args.seed}, {args.positions} positions per variant, "
        f"max plies {args.max_plies}, kirin {kirin}, {sf.info()} (pyffish {'.'.join(map(str, sf.version()))})")
    total = bad = 0
    pool = concurrent.futures.ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for variant in args.variants:
            depth = args.depths[variant]
            ref_name = ("fairy-stockfish binary" if variant in cfg["binary_variants"] else "pyffish")
            say(f"== {variant}: depth {depth}, reference {ref_name}")
            t0 = time.perf_counter()
            positions = random_positions(variant, args.positions, args.max_plies, args.seed)
            tasks = [{"cfg": cfg, "variant": variant, "idx": i, "pos": pos, "depth": depth}
                     for i, pos in enumerate(positions)]
            results = pool.map(check_position, tasks) if pool else map(check_position, tasks)
            vbad = 0
            for res in results:
                say(*res["lines"])
                vbad += not res["ok"]
            total += len(tasks)
            bad += vbad
            say(f"== {variant}: {len(tasks) - vbad}/{len(tasks)} agree ({time.perf_counter() - t0:.1f} s)")
    finally:
        if pool:
            pool.shutdown()
    say(f"crosscheck: {total} positions, {total - bad} agree, {bad} disagree (seed {args.seed})")
    return total, bad


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.self_test:
        return self_test(args)
    kirin = args.kirin
    if not (os.path.isfile(kirin) and os.access(kirin, os.X_OK)):
        print(f"fsf_crosscheck: FAIL: kirin binary {kirin} does not exist or is not executable "
              f"(build it with `cargo build --release` or pass --kirin PATH)", file=sys.stderr)
        print("crosscheck: 0 positions, 0 agree, 0 disagree -- kirin cannot be run")
        return 2
    try:
        _, bad = crosscheck(args, kirin)
    except EngineError as e:
        print(f"fsf_crosscheck: FAIL: {e}", file=sys.stderr)
        return 2
    return 1 if bad else 0


# --------------------------------------------------------------------------- self-test

def emulate_kirin(argv: list[str]) -> int:
    """A pyffish-backed stand-in for `kirin perft ... --divide` (self-test only).

    FSF_CROSSCHECK_FAKE_BUG=drop-black drops the alphabetically last legal move of
    every black-to-move position at the last ply, to check that failures are caught."""
    p = argparse.ArgumentParser(prog="fake-kirin")
    p.add_argument("command", choices=["perft"])
    p.add_argument("--variant", required=True)
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--fen")
    p.add_argument("--moves", default="")
    p.add_argument("--divide", action="store_true")
    a = p.parse_args(argv)
    fen = a.fen or normalized_start_fen(a.variant)
    fen = sf.get_fen(a.variant, fen, a.moves.split())
    bug = os.environ.get("FSF_CROSSCHECK_FAKE_BUG")

    def count(moves, depth):
        legal = sorted(sf.legal_moves(a.variant, fen, moves))
        if depth == 1 and bug == "drop-black" and legal \
                and sf.get_fen(a.variant, fen, moves).split()[1] == "b":
            legal = legal[:-1]
        if depth == 1:
            return len(legal)
        return sum(count(moves + [m], depth - 1) for m in legal)

    if a.depth == 1:
        legal = sorted(sf.legal_moves(a.variant, fen, []))
        if bug == "drop-black" and legal and fen.split()[1] == "b":
            legal = legal[:-1]
        divide = {m: 1 for m in legal}
    else:
        divide = {m: count([m], a.depth - 1) for m in sorted(sf.legal_moves(a.variant, fen, []))}
    for m, c in divide.items():
        print(f"{m}: {c}")
    print(f"\nNodes searched: {sum(divide.values())}")
    return 0


SPECIAL_POSITIONS = {
    # bare king: the side to move has bared the opponent -> game over, 0 moves
    "courier": ["k11/12/12/12/12/12/12/K5R5 w - - 0 1",
                # bare side to move, may bare back (rook capturable) / cannot
                "kR10/12/12/12/12/12/12/K11 b - - 0 1",
                "k11/12/12/12/12/12/12/K5R5 b - - 0 1",
                "k11/12/12/12/12/12/12/K4NR5 b - - 0 1",
                "kp10/12/12/12/12/12/12/KR10 w - - 0 1",
                "k10p/4P7/12/12/12/12/12/K11 w - - 0 1"],
    "shatranj": ["k7/8/8/8/8/8/8/K5R1 w - - 0 1",
                 "kR6/8/8/8/8/8/8/K7 b - - 0 1",
                 "k7/8/8/8/8/8/8/K5R1 b - - 0 1",
                 "k7/8/8/8/8/8/8/K4NR1 b - - 0 1",
                 "kp6/8/8/8/8/8/8/KR6 w - - 0 1",
                 "k6p/4P3/8/8/8/8/8/K7 w - - 0 1"],
    "chess": ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
              "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
              "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
              "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2",
              "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"],
}


def self_test(args) -> int:
    failures = 0

    def check(cond, what):
        nonlocal failures
        print(f"  {'ok  ' if cond else 'FAIL'} {what}", flush=True)
        failures += not cond

    variants = args.variants
    binary_ok = os.access(args.fsf_binary, os.X_OK)
    bin_variants = fsf_binary_variants(args.fsf_binary) if binary_ok else set()
    print(f"self-test: {sf.info()}; binary {args.fsf_binary}: "
          f"{'knows ' + ', '.join(v for v in variants if v in bin_variants) if binary_ok else 'absent'}")

    print("1. pyffish: perft from get_fen(start, moves) == perft from start + moves")
    for v in variants:
        depth = min(args.depths[v], 2)
        start = normalized_start_fen(v)
        for i, pos in enumerate(random_positions(v, args.positions, args.max_plies, args.seed)[1:6]):
            a = pyffish_divide(v, pos["fen"], depth)
            b = pyffish_divide(v, start, depth, pos["moves"])
            check(a == b, f"{v} #{i + 1} depth {depth}: {sum(a.values())} nodes")

    print("2. pyffish vs Fairy-Stockfish binary (random and special positions)")
    if not binary_ok:
        print("  (binary absent: skipped)")
    for v in variants:
        if v not in bin_variants:
            continue
        depth = args.depths[v]
        fens = [p["fen"] for p in random_positions(v, args.positions, args.max_plies, args.seed)]
        for fen in fens + SPECIAL_POSITIONS.get(v, []):
            a = pyffish_divide(v, fen, depth)
            b = binary_divide(args.fsf_binary, v, fen, depth, args.timeout)
            check(a == b, f"{v} depth {depth}: {sum(a.values())} nodes  {fen}"
                  + ("" if a == b else "\n" + "\n".join(describe_diff(a, b))))

    print("3. pipeline with a pyffish-backed fake kirin")
    with tempfile.TemporaryDirectory() as tmp:
        fake = Path(tmp) / "fake-kirin"
        fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} "
                        f"{shlex.quote(str(Path(__file__).resolve()))} --emulate-kirin \"$@\"\n")
        fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
        small = argparse.Namespace(**vars(args))
        small.positions = min(args.positions, 4)
        small.depths = {v: min(d, 2) for v, d in args.depths.items()}
        for via_moves in (False, True):
            small.via_moves = via_moves
            os.environ.pop("FSF_CROSSCHECK_FAKE_BUG", None)
            total, bad = crosscheck(small, str(fake), out=io.StringIO())
            check(bad == 0, f"correct fake kirin{' (--via-moves)' if via_moves else ''}: "
                  f"{total} positions, {bad} disagree")
        small.via_moves = False
        os.environ["FSF_CROSSCHECK_FAKE_BUG"] = "drop-black"
        small.depths = {v: 3 for v in variants}
        small.variants = variants[:1]
        small.positions = 3
        buf = io.StringIO()
        total, bad = crosscheck(small, str(fake), out=buf)
        os.environ.pop("FSF_CROSSCHECK_FAKE_BUG", None)
        report = buf.getvalue()
        check(bad >= 1, f"buggy fake kirin detected on {bad}/{total} positions")
        check("drill-down" in report and "missing in kirin" in report and "reproduce:" in report,
              "failure report has the diff, a reproduction command and a drill-down")
        print("   --- sample failure report ---")
        print("\n".join("   " + line for line in report.splitlines()[:40]))
        missing = Path(tmp) / "no-such-kirin"
        rc = main(["--kirin", str(missing), "--variants", variants[0], "--positions", "1"])
        check(rc == 2, f"missing kirin binary -> exit status {rc}")

    print(f"self-test: {'PASS' if failures == 0 else f'{failures} FAILURES'}")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--emulate-kirin":
        sys.exit(emulate_kirin(sys.argv[2:]))
    sys.exit(main())
