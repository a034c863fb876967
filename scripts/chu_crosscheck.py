#!/usr/bin/env python3
"""Cross-check Kirin's Chu Shogi perft against lishogi's rules library shogiops.

The reference is ``scripts/shogiops/perft.mjs``, a perft written on top of the npm
package shogiops (pinned to 0.18.0).  It needs Node.js (>= 18) and the package, which
this script never installs; install it once with

    npm ci --prefix scripts/shogiops          (or: cd scripts/shogiops && npm install)

Without node or the package the script stops with exit status 2 and says so.

The script builds positions -- the start position plus seeded random playouts of a
length uniform in [0, --max-plies], every ply a uniformly random legal move taken from
the node script's move list -- and compares, at every position, the node perft "divide"
at depth D with

    kirin perft --variant chushogi --fen FEN --depth D --divide

(``MOVE: COUNT`` lines, an empty line, ``Nodes searched: N``).  The start position is
given to Kirin *without* --fen, so its built-in start position is checked too.  After the
random positions come 28 hand-made ones (SPECIAL_POSITIONS: Lion-trading rules L1-L3 with
bridge captures and x-ray protectors, Soaring Eagle / Horned Falcon, promotions, Crown
Prince, bare king), at min(D, 3) -- 2 for the slowest; --no-special skips them.  Random
playouts rarely reach Lion trades or a bare king, so these are needed.

Usage (from the repository root, after ``cargo build --release``):

    scripts/chu_crosscheck.py                          # 30 random + 28 special, depth 3
    scripts/chu_crosscheck.py --positions 60 --depth 2 --max-plies 200 --seed 7
    scripts/chu_crosscheck.py --via-moves --jobs 2
    node scripts/shogiops/perft.mjs selftest           # the reference's own checks

Options: --positions K (random positions, the start position included, default 30);
--depth D (default 3: node needs ~0.3-4 s per middle-game position at depth 3, Kirin
~0.1 s; depth 4 took 11-270 s per position in node, 0.3-6 s in Kirin); --max-plies P
(default 150); --seed S (default 20240601, printed so a run can be repeated); --kirin PATH
(default <repo>/target/release/kirin); --node PATH (default: node on PATH); --timeout
seconds per engine call (default 300); --jobs N parallel workers (default 1: the
reference is single-threaded and other work may be running); --bare-king / --kk-draw
auto|on|off (game ends, see below); --via-moves (give Kirin the start position plus the
whole playout as --moves instead of a FEN); --no-special (skip the hand-made positions);
--no-drill (on a failure do not descend to the shallowest differing position).  Hidden:
--self-test (checks the pipeline against a node-backed fake Kirin, with and without an
injected bug, and runs perft.mjs selftest).

Exit status: 0 when every position agrees, 1 when at least one disagrees or Kirin fails
on a position (crash, timeout, unparsable output), 2 when Kirin, node or the shogiops
package cannot be run at all -- a missing program is a failure, never a skip.  The last
line is ``chu-crosscheck: N positions, N agree, N disagree (seed S)`` (N counts the
random and the special positions).

Notation mapping (worked out from shogiops src/sfen.ts and src/util.ts, and checked on
the start position, whose 36 moves and perft 1-4 = 36 / 1296 / 52599 / 2134748 agree):

* Kirin's chushogi FEN is the SFEN board unchanged -- same letters (l f c s g e k a b t o
  x m v r h d q n p i, "+x" = promoted), uppercase = sente, top rank listed first, the
  leftmost character on file a -- then the side to move, swapped in letter: SFEN "b"
  (sente, moves first) = Kirin "w" (White), SFEN "w" (gote) = Kirin "b", then "- - 0 1".
* Squares: shogiops index = file + 16*rank with file 0 = the rightmost column (USI file 1)
  and rank 0 = the top row (USI rank a); Kirin a1..l12 with a = the leftmost column and
  1 = the bottom row (sente's side).  So Kirin file = 11 - shogiops file, Kirin rank =
  12 - shogiops rank; USI 12i12h = Kirin a4a5 (the leftmost sente pawn's push).
* Moves: "e4e5"; promotion "e9e10+" (the non-promoting alternative has no suffix); a
  two-leg Lion / Horned Falcon / Soaring Eagle move "FROM MID,MID TO" ("f3e4,e4f5"), igui
  and pass ending on the origin ("f5f6,f6f5").  Both programs count every Lion path
  separately (a two-step through an empty square differs from the jump to the same square).
* Lion-trading rule L3 (no counterstrike, rules.md 4b): shogiops keeps the square of a
  Lion just captured by a non-Lion in the SFEN's third field; Kirin's FEN cannot express
  it.  For such positions Kirin is given the previous position's FEN plus the last move
  (--moves), so it derives the state itself.

Game ends: shogiops's own perft ignores the end of the game; Kirin's perft has no moves
once the game is over.  The node perft therefore counts no moves in a position where
either side has no royal, King or Crown Prince (kingsOf(color).isEmpty()) -- always --
and, when Kirin applies them, where shogiops's Chushogi.isBareKing() (lishogi's bare-king
rule, for either side) or Chushogi.isDraw() (lone royals, dead pawns/lances aside) holds.
Whether Kirin applies them is probed before the run (--bare-king / --kk-draw auto, the
default) with two positions at depth 1: gote's lone King against King + Gold (bared:
0 moves with the rule, 3 without) and King against King (0 or 3); the header line
"game ends in the reference" says what was found.  (While this script was being written
Kirin gained both: commit a156204 "Chu bare king (lishogi)" and c094e8b "K vs K draw
(lishogi isDraw)"; the earlier 3c145ad had neither.)  --bare-king on|off and --kk-draw
on|off force the reference's rules instead.  Stalemate needs nothing (no moves = 0 either way) and
repetition is ignored by both.  A playout that reaches a game end stops there.

Double moves in shogiops's debug.perft are built with the fields swapped (its ``to`` is
the first step and ``midStep`` the final square, while Position.play reads them the other
way round); harmless for the count at depth <= 3 from the start position, wrong deeper
(start perft 4: 2134737 instead of 2134748).  perft.mjs builds the moves correctly and
checks them with Position.isLegal in its selftest.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import io
import json
import os
import random
import re
import selectors
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = Path(__file__).resolve().parent / "shogiops"
NODE_SCRIPT = NODE_DIR / "perft.mjs"
DEFAULT_KIRIN = REPO_ROOT / "target" / "release" / "kirin"
DEFAULT_SEED = 20240601
DEFAULT_DEPTH = 3
VARIANT = "chushogi"
START_SFEN = "startpos"

MAX_LISTED = 16

DIVIDE_LINE = re.compile(r"^\s*(\S+):\s*(\d+)\s*$")
NODES_LINE = re.compile(r"^\s*Nodes searched:\s*(\d+)\s*$")


class EngineError(Exception):
    """An engine could not be run or produced unusable output."""


class SetupError(Exception):
    """node, the shogiops package or kirin cannot be run at all (exit status 2)."""


# --------------------------------------------------------------------------- reference

class NodeRef:
    """A `node perft.mjs serve` process: one JSON request line, one JSON reply line."""

    def __init__(self, node: str, timeout: float):
        self.node, self.timeout = node, timeout
        self.proc = None
        self._start()

    def _start(self):
        try:
            self.proc = subprocess.Popen([self.node, str(NODE_SCRIPT), "serve"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                         cwd=str(NODE_DIR))
        except OSError as e:
            raise SetupError(f"cannot run node ({self.node}): {e}") from e
        try:
            reply = self.request({"cmd": "legal"})
        except EngineError as e:
            err = self._stderr()
            if self.proc.poll() == 3 or "shogiops" in err:
                raise SetupError(f"the npm package shogiops is missing: {err.strip()}") from e
            raise SetupError(f"node {NODE_SCRIPT} does not work: {e} {err.strip()}") from e
        if len(reply.get("moves", [])) != 36:
            raise SetupError(f"node reference: the start position has {len(reply.get('moves', []))} moves, not 36")

    def _stderr(self) -> str:
        if self.proc.poll() is None:
            return ""
        try:
            return self.proc.stderr.read() or ""
        except (OSError, ValueError):
            return ""

    def close(self):
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"cmd":"quit"}\n')
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.SubprocessError, ValueError):
                self.proc.kill()

    def request(self, req: dict) -> dict:
        if self.proc.poll() is not None:
            raise EngineError(f"node reference exited with status {self.proc.returncode}")
        try:
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise EngineError(f"node reference: {e}") from e
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        ready = sel.select(self.timeout)
        sel.close()
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self._start()  # a fresh server for the next request
            raise EngineError(f"node reference timed out after {self.timeout:g} s")
        line = self.proc.stdout.readline()
        if not line:
            raise EngineError(f"node reference died: {self._stderr().strip()}")
        reply = json.loads(line)
        if "error" in reply:
            raise EngineError(f"node reference: {reply['error']}")
        return reply

    def divide(self, sfen: str, depth: int, moves: list[str] | None = None) -> dict:
        """{'divide': {move: count}, 'nodes', 'sfen', 'fen', 'ms'}"""
        r = self.request({"cmd": "divide", "sfen": sfen, "moves": moves or [], "depth": depth})
        if r["nodes"] != sum(r["divide"].values()):
            raise EngineError("node reference: nodes differ from the sum of its divide")
        return r


_local = threading.local()


def node_ref(cfg) -> NodeRef:
    """One reference process per thread (closed at exit), configured with the game ends."""
    ref = getattr(_local, "ref", None)
    if ref is None:
        ref = _local.ref = NodeRef(cfg["node"], cfg["timeout"])
        with cfg["lock"]:
            cfg["refs"].append(ref)
        ref.request({"cmd": "config", "bareKing": cfg["bare_king"], "draw": cfg["kk_draw"]})
    return ref


# Probes of the game ends Kirin applies (Kirin FEN, expected move count when the rule is off).
PROBE_BARE_KING = "11k/12/12/12/12/12/12/12/12/12/12/KG10 b - - 0 1"  # gote bared by K+G: 3 moves if no rule
PROBE_KK_DRAW = "11k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1"     # lone kings: 3 moves if no rule


def probe_rule(kirin: str, fen: str, timeout: float) -> bool:
    """True when kirin reports no moves in the probe position (the game has ended)."""
    moves = run_kirin(kirin_command(kirin, 1, fen), timeout)
    if len(moves) not in (0, 3):
        raise SetupError(f"kirin probe {fen}: {len(moves)} moves, expected 0 or 3")
    return not moves


def resolve_game_ends(args) -> None:
    """Sets args.bare_king / args.kk_draw (booleans) from on|off|auto (auto: probe kirin)."""
    for attr, fen in (("bare_king", PROBE_BARE_KING), ("kk_draw", PROBE_KK_DRAW)):
        value = getattr(args, attr)
        if value == "auto":
            try:
                setattr(args, attr, probe_rule(args.kirin, fen, args.timeout))
            except EngineError as e:
                raise SetupError(f"cannot probe kirin's game-end rules: {e}") from e
            setattr(args, attr + "_probed", True)
        else:
            setattr(args, attr, value == "on")
            setattr(args, attr + "_probed", False)


# --------------------------------------------------------------------------- positions

def random_positions(ref: NodeRef, count: int, max_plies: int, seed: int) -> list[dict]:
    """The start position followed by count-1 random playouts (deterministic in seed).

    Each position: moves (Kirin notation), sfen, fen (Kirin), lion (L3 state set),
    parent_fen (Kirin FEN before the last move) and over (a side has no royal)."""
    rng = random.Random(f"{seed}:{VARIANT}")
    start = ref.request({"cmd": "play", "sfen": START_SFEN})
    positions = [{"moves": [], "sfen": start["sfen"], "fen": start["fen"], "lion": False,
                  "parent_fen": None, "over": False, "wanted": 0}]
    for _ in range(count - 1):
        wanted = rng.randint(0, max_plies)
        moves: list[str] = []
        sfen, fen, parent_fen, lion, over = start["sfen"], start["fen"], None, False, False
        for _ in range(wanted):
            legal = ref.request({"cmd": "legal", "sfen": sfen})["moves"]
            if not legal:
                over = True
                break
            move = rng.choice(legal)  # the list is sorted: independent of generation order
            r = ref.request({"cmd": "play", "sfen": sfen, "moves": [move]})
            moves.append(move)
            parent_fen, sfen, fen, lion, over = fen, r["sfen"], r["fen"], r["lionCapture"], r["over"]
        positions.append({"moves": moves, "sfen": sfen, "fen": fen, "lion": lion,
                          "parent_fen": parent_fen, "over": over, "wanted": wanted})
    return positions


# Hand-made positions checked after the random ones (--no-special skips them): name, SFEN
# (shogiops; b = sente to move), at most one move to play first (Kirin notation; it sets
# the L3 state where it captures a Lion with a non-Lion), and the largest depth used.
# Square names below are Kirin's.
SPECIAL_POSITIONS = [
    ("L2: protected Lion f7 (pawn f8), bridge gold e6 / no bridge pawn g6",
     "11k/12/12/12/5p6/5n6/4g1p5/5N6/12/12/12/K11 b - 1", [], 3),
    ("L2: Lion f7 protected by an x-ray through the capturing Lion (rook f2)",
     "11k/12/12/12/12/5n6/12/5N6/12/12/5r6/K11 b - 1", [], 3),
    ("L2: the protector is the go-between captured on the mid square",
     "11k/12/12/12/12/5n6/5i6/5N6/12/12/12/K11 b - 1", [], 3),
    ("L2: the protector is the gold captured on the mid square (bridge; bares gote)",
     "11k/12/12/12/12/5n6/5g6/5N6/12/12/12/K11 b - 1", [], 3),
    ("L1/L2: two adjacent enemy Lions protecting each other",
     "11k/12/12/12/12/4nn6/12/5N6/12/12/12/K11 b - 1", [], 3),
    ("L1: Lions adjacent, igui and double captures",
     "11k/12/12/12/12/4npg5/4N7/12/12/12/12/K11 b - 1", [], 3),
    ("L3: gold captures a Lion, no counterstrike on g7 by gold g8 / silver i6",
     "11k/12/12/12/6g5/4n1N5/4G3s3/12/12/12/12/K11 b - 1", ["e6e7"], 3),
    ("L3: Kirin captures a Lion promoting (recapture on that square allowed)",
     "11k/12/5g6/5n6/12/5O6/12/12/12/12/12/K11 b - 1", ["f7f9+"], 3),
    ("L3: Kirin captures a Lion without promoting",
     "11k/12/5g6/5n6/12/5O6/12/12/12/12/12/K11 b - 1", ["f7f9"], 3),
    ("Kirin vs Lion (jumps, Lion distance 2)",
     "11k/12/12/5n6/12/5O6/12/12/12/12/12/K11 b - 1", [], 3),
    ("many Lions and promoted Kirins", "11k/12/12/3n1+o1n4/2p3g5/3N2+O5/12/4N7/12/12/12/K11 b - 1", [], 2),
    ("Soaring Eagle and Horned Falcon (sente)",
     "11k/12/12/12/3p3g4/4g1Np1n2/5+D1+H4/12/12/12/12/K11 b - 1", [], 3),
    ("Soaring Eagle and Horned Falcon (gote)",
     "k11/12/12/12/5+d1+h4/4G1nP4/3P3G4/12/12/12/12/11K w - 1", [], 3),
    ("Eagle/Falcon under L3 (gold e6 has just captured a Lion on e7)",
     "11k/12/12/12/4n1+h5/4n1N5/4G1+D5/12/12/12/12/K11 b - 1", ["e6e7"], 3),
    ("promotions: entering, capturing in the zone, pawn/lance to the last rank (sente)",
     "k11/2p1P7/1P2g7/P1L2R6/3S8/12/12/12/12/12/12/11K b - 1", [], 3),
    ("promotions (gote)", "K11/12/12/12/12/12/12/12/4l1p5/1s2r1G5/3p8/11k w - 1", [], 3),
    ("Crown Prince and Gold (no King) against King and Gold: the game goes on",
     "10gk/12/12/12/12/12/12/12/12/12/12/+EG10 b - 1", [], 3),
    ("lone Crown Prince against lone King (K-vs-K draw in lishogi)",
     "11k/12/12/12/12/12/12/12/12/12/12/+E11 b - 1", [], 3),
    ("King and Crown Prince on both sides", "10+ek/12/12/12/12/12/12/12/12/12/12/K+E10 b - 1", [], 3),
    ("bare king: gote King alone against King + Gold", "11k/12/12/12/12/12/12/12/12/12/12/KG10 w - 1", [], 3),
    ("not bare: the lone Gold stands next to the bare King",
     "11k/10G1/12/12/12/12/12/12/12/12/12/K11 w - 1", [], 3),
    ("not bare: the baring side's King is attacked", "12/12/12/12/12/12/12/12/12/2G9/1k10/K11 w - 1", [], 3),
    ("bare king with a dead pawn; baring side has only pawns/go-betweens + Gold",
     "11k/12/12/12/12/12/12/12/12/12/6P5/KG1I7p w - 1", [], 3),
    ("one capture from a bare king (both sides)",
     "11k/10g1/12/12/12/12/12/12/12/12/1G10/K11 b - 1", [], 3),
    ("lone Kings (K-vs-K draw in lishogi)", "11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1", [], 3),
    ("lone Kings plus dead pawn / dead lance", "P10k/12/12/12/12/12/12/12/12/12/12/K10l b - 1", [], 3),
    ("lone Kings side by side (attacked: no draw)", "12/12/12/12/12/12/12/12/12/12/1k10/K11 b - 1", [], 3),
    ("Kings plus a go-between (neither draw nor bare)", "11k/12/12/12/12/12/12/12/12/12/12/K2I8 b - 1", [], 3),
]


def special_positions(ref: NodeRef) -> list[dict]:
    out = []
    for name, sfen, moves, max_depth in SPECIAL_POSITIONS:
        base = ref.request({"cmd": "play", "sfen": sfen})
        r = ref.request({"cmd": "play", "sfen": sfen, "moves": moves})
        out.append({"label": name, "moves": list(moves), "sfen": r["sfen"], "fen": r["fen"],
                    "lion": r["lionCapture"], "parent_fen": base["fen"] if moves else None,
                    "over": r["over"], "base_fen": base["fen"], "max_depth": max_depth})
    return out


# --------------------------------------------------------------------------- kirin

def parse_divide(text: str, who: str) -> tuple[dict[str, int], int]:
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


def kirin_command(kirin: str, depth: int, fen: str | None, moves: list[str] | None = None) -> list[str]:
    cmd = [kirin, "perft", "--variant", VARIANT, "--depth", str(depth)]
    if fen is not None:
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves", " ".join(moves)]
    return cmd + ["--divide"]


def kirin_command_for(kirin: str, depth: int, fen: str, lion: bool, parent_fen: str | None,
                      last_move: str | None) -> list[str]:
    """--fen FEN, or, when the L3 state is set (not expressible in Kirin's FEN), the
    previous position plus the last move."""
    if lion and parent_fen is not None and last_move is not None:
        return kirin_command(kirin, depth, parent_fen, [last_move])
    return kirin_command(kirin, depth, fen)


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
        raise EngineError(f"kirin: 'Nodes searched: {nodes}' but its divide sums to {sum(divide.values())}")
    return divide


# --------------------------------------------------------------------------- comparison

def diff_divides(ref, got):
    missing = sorted(set(ref) - set(got))
    extra = sorted(set(got) - set(ref))
    different = sorted(m for m in set(ref) & set(got) if ref[m] != got[m])
    return missing, extra, different


def describe_diff(ref, got, indent="    ") -> list[str]:
    missing, extra, different = diff_divides(ref, got)
    lines = [f"{indent}shogiops {sum(ref.values())} nodes / {len(ref)} moves, "
             f"kirin {sum(got.values())} nodes / {len(got)} moves"]
    if missing:
        lines.append(f"{indent}missing in kirin ({len(missing)}): " + " ".join(f"{m}({ref[m]})" for m in missing))
    if extra:
        lines.append(f"{indent}extra in kirin ({len(extra)}): " + " ".join(f"{m}({got[m]})" for m in extra))
    if different:
        shown = different[:MAX_LISTED]
        lines.append(f"{indent}different counts ({len(different)}): "
                     + " ".join(f"{m} shogiops={ref[m]} kirin={got[m]}" for m in shown)
                     + (" ..." if len(different) > len(shown) else ""))
    return lines


def drill_down(cfg, ref_proc: NodeRef, pos: dict, depth: int, ref: dict, got: dict, cmd_was_fen: bool) -> list[str]:
    """Follow one miscounted move down to the shallowest position whose move lists differ."""
    lines = ["    drill-down:"]
    sfen, fen = pos["sfen"], pos["fen"]
    lion, parent_fen, last = pos["lion"], pos["parent_fen"], (pos["moves"] or [None])[-1]
    if not cmd_was_fen:
        cmd = kirin_command_for(cfg["kirin"], depth, fen, lion, parent_fen, last)
        try:
            got = run_kirin(cmd, cfg["timeout"])
        except EngineError as e:
            lines.append(f"      with --fen: {e}")
            return lines
        if got == ref:
            lines.append("      kirin agrees when given this position's FEN: the difference lies in how kirin "
                         "reached it (its built-in start position or --moves), not in its move generation")
            return lines
        lines.append("      kirin given the FEN disagrees too:")
        lines += describe_diff(ref, got, indent="        ")
        lines.append(f"        reproduce: {shlex.join(cmd)}")
    path: list[str] = []
    while True:
        missing, extra, different = diff_divides(ref, got)
        if missing or extra or not different or depth <= 1:
            break
        move = min(different, key=lambda m: (ref[m], m))
        path.append(move)
        depth -= 1
        try:
            r = ref_proc.divide(sfen, depth, [move])
            parent_fen, fen, sfen = fen, r["fen"], r["sfen"]
            lion = r["lionCapture"]
            cmd = kirin_command_for(cfg["kirin"], depth, fen, lion, parent_fen, move)
            ref = r["divide"]
            got = run_kirin(cmd, cfg["timeout"])
        except EngineError as e:
            lines.append(f"      after {' '.join(path)}: {e}")
            return lines
        lines.append(f"      after {' '.join(path)} (depth {depth}): {fen}   [sfen {sfen}]")
        if ref == got:
            lines.append(f"        kirin agrees here when given the position: check how it plays {move}")
            return lines
        lines += describe_diff(ref, got, indent="        ")
        lines.append(f"        reproduce: {shlex.join(cmd)}")
    if not path:
        lines.append("      (the root move lists already differ)")
    return lines


def check_position(task: dict) -> dict:
    cfg, idx, pos, depth = task["cfg"], task["idx"], task["pos"], task["depth"]
    t0 = time.perf_counter()
    moves = pos["moves"]
    special = "base_fen" in pos
    if special:
        depth = min(depth, pos["max_depth"])
    label = f"#{idx} depth {depth}" + (f" [{pos['label']}]" if special else "")
    start_fen = pos["base_fen"] if special else cfg["start_fen"]
    try:
        ref_proc = node_ref(cfg)
    except SetupError as e:
        return {"ok": False, "setup": str(e), "lines": [f"ERROR {label}: {e}"]}
    if idx == 0:
        cmd = kirin_command(cfg["kirin"], depth, None)
    elif cfg["via_moves"]:
        cmd = kirin_command(cfg["kirin"], depth, start_fen, moves)
    else:
        cmd = kirin_command_for(cfg["kirin"], depth, pos["fen"], pos["lion"], pos["parent_fen"],
                                (moves or [None])[-1])
    cmd_was_fen = idx != 0 and not cfg["via_moves"]
    try:
        r = ref_proc.divide(pos["sfen"], depth)
    except EngineError as e:
        return {"ok": False, "lines": [f"ERROR {label}: reference failed: {e}", f"    sfen: {pos['sfen']}"]}
    ref, ref_ms = r["divide"], r["ms"]
    t1 = time.perf_counter()
    try:
        got = run_kirin(cmd, cfg["timeout"])
    except EngineError as e:
        return {"ok": False, "lines": [f"FAIL  {label}: {e}", f"    fen: {pos['fen']}",
                                       f"    reproduce: {shlex.join(cmd)}"]}
    kirin_s = time.perf_counter() - t1
    nodes = sum(ref.values())
    where = "start position" if idx == 0 else f"{len(moves)} plies" if not special else "special"
    notes = []
    if pos["over"]:
        notes.append("game over")
    if pos["lion"]:
        notes.append("L3 state: kirin given previous FEN + last move")
    note = f", {'; '.join(notes)}" if notes else ""
    if ref == got:
        return {"ok": True, "lines": [f"PASS  {label}: {nodes} nodes, {len(ref)} moves ({where}{note}; "
                                      f"shogiops {ref_ms / 1000:.2f} s, kirin {kirin_s:.2f} s, "
                                      f"total {time.perf_counter() - t0:.1f} s)"]}
    lines = [f"FAIL  {label}: {where}{note}", f"    fen:  {pos['fen']}", f"    sfen: {pos['sfen']}"]
    if idx == 0:
        lines.append("    (kirin ran without --fen: its built-in start position must equal this FEN)")
    elif moves:
        lines.append(f"    playout: --fen {shlex.quote(start_fen)} --moves {shlex.quote(' '.join(moves))}")
    lines += describe_diff(ref, got)
    lines.append(f"    reproduce: {shlex.join(cmd)}")
    lines.append(f"    reference: node {shlex.quote(str(NODE_SCRIPT))} perft --sfen {shlex.quote(pos['sfen'])} "
                 f"--depth {depth} --divide")
    if cfg["drill"]:
        lines += drill_down(cfg, ref_proc, pos, depth, ref, got, cmd_was_fen)
    return {"ok": False, "lines": lines}


# --------------------------------------------------------------------------- driver

def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Cross-check Kirin's Chu Shogi perft against shogiops (lishogi) on random positions.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the module docstring (head of this file) for details.")
    p.add_argument("--positions", type=int, default=30, metavar="K",
                   help="random positions, the start position included (default 30)")
    p.add_argument("--depth", type=int, default=DEFAULT_DEPTH, help=f"perft depth (default {DEFAULT_DEPTH})")
    p.add_argument("--max-plies", type=int, default=150, metavar="P",
                   help="random playout length is uniform in [0, P] (default 150)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument("--kirin", default=str(DEFAULT_KIRIN), metavar="PATH",
                   help="kirin binary (default <repo>/target/release/kirin)")
    p.add_argument("--node", default="node", metavar="PATH", help="Node.js binary (default: node on PATH)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per engine call (default 300)")
    p.add_argument("--jobs", type=int, default=1, help="parallel workers (default 1)")
    p.add_argument("--via-moves", action="store_true",
                   help="give kirin the start FEN plus the whole playout as --moves instead of a FEN")
    p.add_argument("--no-special", dest="special", action="store_false",
                   help="skip the hand-made positions (lion rules, eagle/falcon, promotion, bare king)")
    p.add_argument("--no-drill", dest="drill", action="store_false",
                   help="on failure, do not descend to the shallowest differing position")
    p.add_argument("--bare-king", choices=["auto", "on", "off"], default="auto",
                   help="apply lishogi's bare-king rule in the reference (auto: if kirin does, probed)")
    p.add_argument("--kk-draw", choices=["auto", "on", "off"], default="auto",
                   help="apply lishogi's King-vs-King draw in the reference (auto: if kirin does, probed)")
    p.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.positions < 1 or args.max_plies < 0 or args.jobs < 1 or args.depth < 1:
        p.error("--positions, --jobs and --depth must be >= 1, --max-plies >= 0")
    return args


def check_setup(args) -> None:
    """Raises SetupError unless kirin, node and shogiops are usable."""
    kirin = args.kirin
    if not (os.path.isfile(kirin) and os.access(kirin, os.X_OK)):
        raise SetupError(f"kirin binary {kirin} does not exist or is not executable "
                         f"(build it with `cargo build --release` or pass --kirin PATH)")
    node = shutil.which(args.node)
    if node is None:
        raise SetupError(f"Node.js ({args.node}) not found; install Node.js >= 18, then "
                         f"`npm ci --prefix {NODE_DIR.relative_to(REPO_ROOT)}`")
    args.node = node
    if not (NODE_DIR / "node_modules" / "shogiops" / "package.json").is_file():
        raise SetupError(f"the npm package shogiops is not installed in {NODE_DIR}; run "
                         f"`npm ci --prefix {NODE_DIR.relative_to(REPO_ROOT)}` (or `npm install` there)")


def crosscheck(args, out=sys.stdout) -> tuple[int, int]:
    def say(*lines):
        for line in lines:
            print(line, file=out, flush=True)

    resolve_game_ends(args)
    cfg = {"kirin": args.kirin, "node": args.node, "timeout": args.timeout, "via_moves": args.via_moves,
           "drill": args.drill, "lock": threading.Lock(), "refs": [],
           "bare_king": args.bare_king, "kk_draw": args.kk_draw}
    main_ref = node_ref(cfg)  # SetupError propagates
    try:
        version = json.loads((NODE_DIR / "node_modules" / "shogiops" / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        version = "?"
    node_version = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout.strip()
    say(f"chu-crosscheck: seed {args.seed}, {args.positions} random positions"
        f"{f' + {len(SPECIAL_POSITIONS)} special' if args.special else ''}, depth {args.depth}, max plies "
        f"{args.max_plies}, kirin {args.kirin}, shogiops {version} (node {node_version})")
    ends = ["no royal"] + [name + (" (probed: kirin applies it)" if getattr(args, attr + "_probed") else "")
                           for attr, name in (("bare_king", "bare king"), ("kk_draw", "K-vs-K draw"))
                           if getattr(args, attr)]
    off = [name + (" (probed: kirin does not apply it)" if getattr(args, attr + "_probed") else "")
           for attr, name in (("bare_king", "bare king"), ("kk_draw", "K-vs-K draw")) if not getattr(args, attr)]
    say(f"  game ends in the reference: {', '.join(ends)}; not applied: {', '.join(off) or '-'}")
    t0 = time.perf_counter()
    positions = random_positions(main_ref, args.positions, args.max_plies, args.seed)
    cfg["start_fen"] = positions[0]["fen"]
    say(f"  playouts generated in {time.perf_counter() - t0:.1f} s")
    if args.special:
        positions += special_positions(main_ref)
    tasks = [{"cfg": cfg, "idx": i, "pos": pos, "depth": args.depth} for i, pos in enumerate(positions)]
    bad = 0
    try:
        if args.jobs > 1:
            pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
            results = pool.map(check_position, tasks)
        else:
            pool = None
            results = map(check_position, tasks)
        for res in results:
            say(*res["lines"])
            bad += not res["ok"]
            if res.get("setup"):
                raise SetupError(res["setup"])
        if pool:
            pool.shutdown()
    finally:
        for ref in cfg["refs"]:
            ref.close()
        _local.__dict__.clear()
    say(f"  total {time.perf_counter() - t0:.1f} s")
    say(f"chu-crosscheck: {len(tasks)} positions, {len(tasks) - bad} agree, {bad} disagree (seed {args.seed})")
    return len(tasks), bad


def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        check_setup(args)
    except SetupError as e:
        print(f"chu_crosscheck: FAIL: {e}", file=sys.stderr)
        print("chu-crosscheck: 0 positions, 0 agree, 0 disagree -- cannot run")
        return 2
    if args.self_test:
        return self_test(args)
    try:
        _, bad = crosscheck(args)
    except SetupError as e:
        print(f"chu_crosscheck: FAIL: {e}", file=sys.stderr)
        print("chu-crosscheck: 0 positions, 0 agree, 0 disagree -- cannot run")
        return 2
    return 1 if bad else 0


# --------------------------------------------------------------------------- self-test

def emulate_kirin(argv: list[str]) -> int:
    """A shogiops-backed stand-in for `kirin perft --variant chushogi ... --divide`.

    CHU_CROSSCHECK_FAKE_BUG=drop-gote drops the alphabetically last root move whenever
    gote (Kirin's Black) is to move at the root of a depth-1 divide and below, i.e. at
    the last ply, so failures and the drill-down are exercised."""
    p = argparse.ArgumentParser(prog="fake-kirin")
    p.add_argument("command", choices=["perft"])
    p.add_argument("--variant", required=True)
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--fen")
    p.add_argument("--moves", default="")
    p.add_argument("--divide", action="store_true")
    a = p.parse_args(argv)
    node = os.environ.get("CHU_CROSSCHECK_NODE", "node")
    ref = NodeRef(node, 600)
    try:
        if a.fen:
            board, side = a.fen.split()[:2]
            sfen = f"{board} {'b' if side == 'w' else 'w'} - 1"
        else:
            sfen = START_SFEN
        moves = a.moves.split()
        bug = os.environ.get("CHU_CROSSCHECK_FAKE_BUG")
        r = ref.divide(sfen, a.depth, moves)
        divide = r["divide"]
        if bug == "drop-gote":
            if a.depth == 1:
                if r["fen"].split()[1] == "b" and divide:
                    divide.pop(max(divide))
            else:
                for m in list(divide):
                    child = ref.request({"cmd": "legal", "sfen": r["sfen"], "moves": [m]})
                    if a.depth == 2 and child["fen"].split()[1] == "b" and divide[m]:
                        divide[m] -= 1
        for m, c in sorted(divide.items()):
            print(f"{m}: {c}")
        print(f"\nNodes searched: {sum(divide.values())}")
    finally:
        ref.close()
    return 0


def self_test(args) -> int:
    failures = 0

    def check(cond, what):
        nonlocal failures
        print(f"  {'ok  ' if cond else 'FAIL'} {what}", flush=True)
        failures += not cond

    print("1. node reference selftest (perft.mjs selftest --depth 3)")
    proc = subprocess.run([args.node, str(NODE_SCRIPT), "selftest", "--depth", "3"], capture_output=True, text=True)
    print("\n".join("   " + line for line in proc.stdout.splitlines()))
    check(proc.returncode == 0, "perft.mjs selftest passes")

    print("2. pipeline with a shogiops-backed fake kirin")
    with tempfile.TemporaryDirectory() as tmp:
        fake = Path(tmp) / "fake-kirin"
        fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} "
                        f"{shlex.quote(str(Path(__file__).resolve()))} --emulate-kirin \"$@\"\n")
        fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
        os.environ["CHU_CROSSCHECK_NODE"] = args.node
        small = argparse.Namespace(**vars(args))
        small.kirin = str(fake)
        small.positions, small.depth, small.max_plies = 4, 2, 60
        for via_moves in (False, True):
            small.via_moves = via_moves
            os.environ.pop("CHU_CROSSCHECK_FAKE_BUG", None)
            total, bad = crosscheck(small, out=io.StringIO())
            check(bad == 0, f"correct fake kirin{' (--via-moves)' if via_moves else ''}: {total} positions, "
                  f"{bad} disagree")
        small.via_moves = False
        os.environ["CHU_CROSSCHECK_FAKE_BUG"] = "drop-gote"
        small.positions = 3
        buf = io.StringIO()
        total, bad = crosscheck(small, out=buf)
        os.environ.pop("CHU_CROSSCHECK_FAKE_BUG", None)
        report = buf.getvalue()
        check(bad >= 1, f"buggy fake kirin detected on {bad}/{total} positions")
        check("drill-down" in report and "missing in kirin" in report and "reproduce:" in report,
              "failure report has the diff, a reproduction command and a drill-down")
        print("   --- sample failure report ---")
        print("\n".join("   " + line for line in report.splitlines()[:30]))
        rc = main(["--kirin", str(Path(tmp) / "no-such-kirin"), "--positions", "1"])
        check(rc == 2, f"missing kirin binary -> exit status {rc}")
        rc = main(["--node", str(Path(tmp) / "no-such-node"), "--positions", "1"])
        check(rc == 2, f"missing node -> exit status {rc}")
    print(f"self-test: {'PASS' if failures == 0 else f'{failures} FAILURES'}")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--emulate-kirin":
        sys.exit(emulate_kirin(sys.argv[2:]))
    sys.exit(main())
