"""Back end: Fairy-Stockfish's rules through its Python module pyffish.

Kirin writes these variants' FENs and moves as Fairy-Stockfish does, so positions go to
Kirin as FENs and moves need no translation. pyffish spends ~1.6 ms per call whatever the
position (building the Position dominates), so the recursion passes the move list from
the node instead of recomputing FENs, and counts the last ply in bulk.

Game ends: Fairy-Stockfish generates no moves once a variant rule has ended the game
(courier/shatranj bare king), so perft there is 0, as in Kirin.
"""

from __future__ import annotations

import re

from .kirin import SetupError, start_fen
from .referee import Node, Referee

# Kirin's variant -> Fairy-Stockfish's. courier-xboard is Fairy-Stockfish's courier from
# the array before the compulsory opening moves (XBoard's), taken from Kirin's start FEN.
VARIANTS = {"chess": "chess", "shatranj": "shatranj", "courier": "courier", "courier-xboard": "courier",
            "shoshogi": "shoshogi"}
OWN_START = {"courier-xboard"}

# Hand-made positions: the bare-king ends (the side to move has bared the opponent: game
# over; bare side to move that may bare back or not) and chess's classic edge cases.
SPECIAL = {
    "courier": [
        ("bare king: White to move has bared Black", "k11/12/12/12/12/12/12/K5R5 w - - 0 1"),
        ("bare king: Black may bare back", "kR10/12/12/12/12/12/12/K11 b - - 0 1"),
        ("bare king: Black is bare and cannot bare back", "k11/12/12/12/12/12/12/K5R5 b - - 0 1"),
        ("bare king: Black bare against two pieces", "k11/12/12/12/12/12/12/K4NR5 b - - 0 1"),
        ("bare king: White takes the last pawn", "kp10/12/12/12/12/12/12/KR10 w - - 0 1"),
        ("promotion to a Fers against a lone pawn", "k10p/4P7/12/12/12/12/12/K11 w - - 0 1"),
    ],
    "shatranj": [
        ("bare king: White to move has bared Black", "k7/8/8/8/8/8/8/K5R1 w - - 0 1"),
        ("bare king: Black may bare back", "kR6/8/8/8/8/8/8/K7 b - - 0 1"),
        ("bare king: Black is bare and cannot bare back", "k7/8/8/8/8/8/8/K5R1 b - - 0 1"),
        ("bare king: Black bare against two pieces", "k7/8/8/8/8/8/8/K4NR1 b - - 0 1"),
        ("bare king: White takes the last pawn", "kp6/8/8/8/8/8/8/KR6 w - - 0 1"),
        ("promotion to a Fers against a lone pawn", "k6p/4P3/8/8/8/8/8/K7 w - - 0 1"),
    ],
    "chess": [
        ("castling both ways, both sides", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ("position 3: pins along the rank", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        ("e.p. that would expose the King", "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2"),
        ("under-promotions with captures", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
    ],
}

SQUARE = re.compile(r"([a-p])(\d{1,2})")


class PyffishReferee(Referee):
    name = "pyffish"

    def __init__(self, kirin: str):
        try:
            import pyffish
        except ImportError as e:
            raise SetupError("the Python package pyffish is required (pip install pyffish)") from e
        self.sf = pyffish
        self.kirin = kirin
        self._start: dict[str, str] = {}

    def version(self) -> str:
        return f"reference: {self.sf.info()} (pyffish {'.'.join(map(str, self.sf.version()))})"

    def variants(self, kirin_variants: list[str]) -> list[str]:
        return [v for v in VARIANTS if v in kirin_variants]

    def start_fen(self, variant: str) -> str:
        if variant not in self._start:
            fsf = VARIANTS[variant]
            fen = start_fen(self.kirin, variant) if variant in OWN_START else self.sf.start_fen(fsf)
            # get_fen writes all six fields (start_fen("shoshogi") has four).
            self._start[variant] = self.sf.get_fen(fsf, fen, [])
        return self._start[variant]

    def start(self, variant: str) -> Node:
        return Node(variant, fen=self.start_fen(variant))

    def legal(self, node: Node) -> list[str]:
        return sorted(self.sf.legal_moves(VARIANTS[node.variant], node.fen, []))

    def play(self, node: Node, move: str) -> Node:
        fen = self.sf.get_fen(VARIANTS[node.variant], node.fen, [move])
        return Node(node.variant, node.path + [move], node.base_fen, fen=fen)

    def from_kirin(self, variant: str, fen: str | None, moves: list[str]) -> Node:
        node = self.start(variant) if fen is None else Node(variant, base_fen=fen, fen=fen, label="given")
        for move in moves:
            node = self.play(node, move)
        return node

    def _count(self, fsf: str, fen: str, moves: list[str], depth: int) -> int:
        legal = self.sf.legal_moves(fsf, fen, moves)
        if depth == 1:
            return len(legal)
        return sum(self._count(fsf, fen, moves + [m], depth - 1) for m in legal)

    def divide(self, node: Node, depth: int) -> dict[str, int]:
        fsf = VARIANTS[node.variant]
        return {m: self._count(fsf, node.fen, [m], depth - 1) if depth > 1 else 1
                for m in self.sf.legal_moves(fsf, node.fen, [])}

    def special(self, variant: str) -> list[Node]:
        return [Node(variant, base_fen=fen, fen=fen, label=label) for label, fen in SPECIAL.get(variant, [])]

    def features(self, node: Node, move: str) -> set[str]:
        squares = SQUARE.findall(move)
        if len(squares) < 2:
            return set()
        board = board_of(node.fen)
        frm, to = squares[0], squares[1]
        piece = board.get(frm, "")
        out = set()
        if move[-1] == "+" or move[-1].isalpha():
            out.add("promotion")
        if piece.lower() == "k" and abs(ord(frm[0]) - ord(to[0])) >= 2:
            out.add("castling")
        if piece.lower() == "p" and frm[0] != to[0] and to not in board:
            out.add("en passant")
        return out


def board_of(fen: str) -> dict[tuple[str, str], str]:
    """(file letter, rank digits) -> piece letters of a FEN's board field."""
    rows = fen.split()[0].split("[")[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = str(len(rows) - i)
        f = 0
        for tok in re.findall(r"\d+|\+?[A-Za-z]~?", row):
            if tok.isdigit():
                f += int(tok)
            else:
                board[("abcdefghijklmnop"[f], rank)] = tok.lstrip("+").rstrip("~")[-1]
                f += 1
    return board
