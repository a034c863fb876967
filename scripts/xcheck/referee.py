"""What a reference program must offer the harness, and the position record it works on.

Moves cross the boundary in Kirin's notation: a referee translates its own notation in
`legal`, `play` and `divide`, so that the harness compares divides key by key and every
report can be pasted into `kirin perft --moves`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


class Refused(Exception):
    """The reference will not count this position (a rule it does not implement)."""


@dataclass
class Node:
    """One position, as both programs are given it."""

    variant: str
    # Kirin moves from `base_fen` (None: Kirin's own start position) to this position.
    path: list[str] = field(default_factory=list)
    base_fen: str | None = None
    # Kirin's FEN of this position where the referee knows it (None: give Kirin the path).
    fen: str | None = None
    # What a hand-made position tests; the largest depth it is counted at, or the depth
    # it is always counted at.
    label: str = ""
    max_depth: int | None = None
    depth: int | None = None
    # Remarks for the report ("game over", ...).
    notes: list[str] = field(default_factory=list)
    # The referee's own representation.
    data: Any = None

    def is_start(self) -> bool:
        """The variant's start position, not a hand-made one."""
        return not self.path and self.base_fen is None and not self.label


class Referee:
    """A reference move generator. One instance per process; `close` ends helpers."""

    name = "?"

    def version(self) -> str:
        """One line naming the program and its version (the run's header)."""
        raise NotImplementedError

    def variants(self, kirin_variants: list[str]) -> list[str]:
        """The variants (Kirin's names) this reference checks, of those Kirin knows."""
        raise NotImplementedError

    def start(self, variant: str) -> Node:
        raise NotImplementedError

    def legal(self, node: Node) -> list[str]:
        """The legal moves, Kirin's notation, sorted (so playouts do not depend on the
        reference's generation order)."""
        raise NotImplementedError

    def play(self, node: Node, move: str) -> Node:
        raise NotImplementedError

    def divide(self, node: Node, depth: int) -> dict[str, int]:
        """Perft divide in Kirin's notation; raises Refused where the reference refuses."""
        raise NotImplementedError

    def playouts(self, variant: str, count: int, max_plies: int, rng: random.Random) -> list[Node]:
        """`count` positions reached by random play (uniform length in [0, max_plies],
        uniform moves). A playout that reaches a position without moves stops there."""
        out = []
        start = self.start(variant)
        for _ in range(count):
            node = start
            for _ in range(rng.randint(0, max_plies)):
                legal = self.legal(node)
                if not legal:
                    break
                node = self.play(node, rng.choice(legal))
            out.append(node)
        return out

    def special(self, variant: str) -> list[Node]:
        """Hand-made positions for rules random play seldom reaches."""
        return []

    def kirin_position(self, node: Node, via_moves: bool) -> tuple[str | None, list[str]]:
        """(FEN or None for Kirin's start position, moves) to give Kirin for `node`."""
        if node.fen is not None and not via_moves:
            return node.fen, []
        return node.base_fen, node.path

    def from_kirin(self, variant: str, fen: str | None, moves: list[str]) -> Node:
        """The position Kirin would be given as `--fen FEN --moves MOVES` (for the self-test's
        stand-in Kirin). Referees without FENs take only the start position."""
        if fen is not None:
            raise Refused(f"{self.name} takes no FEN")
        node = self.start(variant)
        for move in moves:
            node = self.play(node, move)
        return node

    def reproduce(self, node: Node, depth: int) -> str | None:
        """A command line that prints the reference's divide for `node`, if there is one."""
        return None

    def features(self, node: Node, move: str) -> set[str]:
        """Rule features a root move exercises, for the coverage summary."""
        return set()

    def close(self) -> None:
        pass
