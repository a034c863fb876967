"""Back end: Chu Shogi by lishogi's rules library shogiops.

The reference is `scripts/shogiops/perft.mjs`, a perft written on top of the npm package
shogiops (pinned in package.json), run as a server: one JSON request line, one JSON reply.
It needs Node.js (>= 18) and the package, which this module never installs:

    npm ci --prefix scripts/shogiops

Notation (perft.mjs translates, see its header): Kirin's chushogi FEN is the SFEN board
unchanged with the side letter swapped (SFEN "b", sente, moves first = Kirin "w"); Kirin's
squares a1..l12 run from the left column and the bottom row. Moves are Kirin's: "e4e5",
promotion "e9e10+", two-leg Lion moves "f3e4,e4f5". Both count every Lion path separately.

Lion-trading rule L3 (no counterstrike after a non-Lion took a Lion): shogiops keeps the
square in the SFEN's third field, Kirin's FEN cannot express it; such positions go to Kirin
as the previous FEN plus the last move, so Kirin derives the state itself.

Game ends: perft.mjs counts no moves where a side has no royal, and, when Kirin applies
them, where lishogi's bare-king rule or its King-against-King draw holds. Whether Kirin
applies them is probed once (two positions at depth 1) and printed in the header.
"""

from __future__ import annotations

import json
import selectors
import shutil
import subprocess
from pathlib import Path

from .kirin import EngineError, SetupError, perft_command, run_perft, start_fen
from .referee import Node, Referee

NODE_DIR = Path(__file__).resolve().parent.parent / "shogiops"
NODE_SCRIPT = NODE_DIR / "perft.mjs"
START_SFEN = "startpos"
# Kirin's variants with Chu Shogi's rules: chushogi from shogiops's start position,
# tsiushogi (the seed's older array) from Kirin's. `chu` follows HaChu where the two differ.
VARIANTS = ["chushogi", "tsiushogi"]

# Probes of the game ends Kirin applies (Kirin FEN; 3 moves when the rule is off).
PROBE_BARE_KING = "11k/12/12/12/12/12/12/12/12/12/12/KG10 b - - 0 1"  # gote bared by K+G
PROBE_KK_DRAW = "11k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1"     # lone Kings

# Hand-made positions (random play seldom reaches Lion trades or a bare King): name, SFEN
# (b = sente to move), at most one move to play first (Kirin notation; it sets the L3 state
# where it captures a Lion with a non-Lion), the largest depth. Square names are Kirin's.
SPECIAL = [
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


def to_sfen(fen: str) -> str:
    """The SFEN of a Kirin chushogi FEN (the board unchanged, the side letter swapped)."""
    board, side = fen.split()[:2]
    return f"{board} {'b' if side == 'w' else 'w'} - 1"


class NodeServer:
    """A `node perft.mjs serve` process."""

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


def probe(kirin: str, fen: str, timeout: float) -> bool:
    """True when Kirin counts no moves in the probe position (it applies the game end)."""
    try:
        moves = run_perft(perft_command(kirin, "chushogi", 1, fen), timeout)
    except EngineError as e:
        raise SetupError(f"cannot probe kirin's game-end rules: {e}") from e
    if len(moves) not in (0, 3):
        raise SetupError(f"kirin probe {fen}: {len(moves)} moves, expected 0 or 3")
    return not moves


class ShogiopsReferee(Referee):
    name = "shogiops"

    def __init__(self, kirin: str, node: str = "node", timeout: float = 300.0,
                 game_ends: tuple[bool, bool] | None = None):
        """`game_ends` = (bare king, K-vs-K draw) skips probing Kirin for them."""
        path = shutil.which(node)
        if path is None:
            raise SetupError(f"Node.js ({node}) not found; install Node.js >= 18, then "
                             f"`npm ci --prefix scripts/shogiops`")
        if not (NODE_DIR / "node_modules" / "shogiops" / "package.json").is_file():
            raise SetupError("the npm package shogiops is not installed: run `npm ci --prefix scripts/shogiops`")
        if game_ends is None:
            game_ends = probe(kirin, PROBE_BARE_KING, timeout), probe(kirin, PROBE_KK_DRAW, timeout)
        self.bare_king, self.kk_draw = game_ends
        self.kirin = kirin
        self.server = NodeServer(path, timeout)
        self.server.request({"cmd": "config", "bareKing": self.bare_king, "draw": self.kk_draw})
        self.node_path = path

    def version(self) -> str:
        try:
            pkg = json.loads((NODE_DIR / "node_modules" / "shogiops" / "package.json").read_text())["version"]
        except (OSError, ValueError, KeyError):
            pkg = "?"
        ends = ["no royal"] + [name for on, name in ((self.bare_king, "bare king"), (self.kk_draw, "K-vs-K draw"))
                               if on]
        return f"reference: shogiops {pkg}; game ends as kirin applies them (probed): {', '.join(ends)}"

    def variants(self, kirin_variants: list[str]) -> list[str]:
        return [v for v in VARIANTS if v in kirin_variants]

    def _node(self, variant, reply, path, base_fen, parent_fen, label="", max_depth=None) -> Node:
        notes = ["game over"] if reply["over"] else []
        if reply["lionCapture"]:
            notes.append("L3 state: kirin is given the previous FEN and the last move")
        return Node(variant, path, base_fen, fen=reply["fen"], label=label, max_depth=max_depth, notes=notes,
                    data={"sfen": reply["sfen"], "lion": reply["lionCapture"], "parent_fen": parent_fen})

    def start(self, variant: str) -> Node:
        if variant == "chushogi":
            sfen = START_SFEN
        else:  # Chu Shogi's rules from Kirin's own start array
            sfen = to_sfen(start_fen(self.kirin, variant))
        return self._node(variant, self.server.request({"cmd": "play", "sfen": sfen}), [], None, None)

    def legal(self, node: Node) -> list[str]:
        return self.server.request({"cmd": "legal", "sfen": node.data["sfen"]})["moves"]

    def play(self, node: Node, move: str) -> Node:
        r = self.server.request({"cmd": "play", "sfen": node.data["sfen"], "moves": [move]})
        return self._node(node.variant, r, node.path + [move], node.base_fen, node.fen)

    def divide(self, node: Node, depth: int) -> dict[str, int]:
        r = self.server.request({"cmd": "divide", "sfen": node.data["sfen"], "depth": depth})
        if r["nodes"] != sum(r["divide"].values()):
            raise EngineError("node reference: nodes differ from the sum of its divide")
        return r["divide"]

    def kirin_position(self, node: Node, via_moves: bool) -> tuple[str | None, list[str]]:
        if not via_moves and node.data["lion"] and node.data["parent_fen"] and node.path:
            return node.data["parent_fen"], node.path[-1:]
        return super().kirin_position(node, via_moves)

    def special(self, variant: str) -> list[Node]:
        if variant != "chushogi":
            return []
        out = []
        for label, sfen, moves, max_depth in SPECIAL:
            base = self.server.request({"cmd": "play", "sfen": sfen})
            r = self.server.request({"cmd": "play", "sfen": sfen, "moves": moves})
            out.append(self._node(variant, r, list(moves), base["fen"], base["fen"] if moves else None,
                                  label=label, max_depth=max_depth))
        return out

    def from_kirin(self, variant: str, fen: str | None, moves: list[str]) -> Node:
        if fen is None:
            return super().from_kirin(variant, fen, moves)
        node = self._node(variant, self.server.request({"cmd": "play", "sfen": to_sfen(fen)}), [], fen, None,
                          label="given")
        for move in moves:
            node = self.play(node, move)
        return node

    def reproduce(self, node: Node, depth: int) -> str | None:
        return f"node {NODE_SCRIPT} perft --sfen '{node.data['sfen']}' --depth {depth} --divide"

    def features(self, node: Node, move: str) -> set[str]:
        out = set()
        if move.endswith("+"):
            out.add("promotion")
        if "," in move:
            out.add("two-leg move")
        return out

    def close(self) -> None:
        self.server.close()
