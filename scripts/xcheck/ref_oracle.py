"""Back end: the independent reference move generator ("oracle").

The oracle is a Python program written from the project's rules text without reading
Kirin, for the variants no other engine plays. It is not part of this repository: pass
its path with --oracle or KIRIN_ORACLE (the file oracle.py or its directory). It is
imported as a library and used as a referee only.

It starts from its own start position and takes move sequences (no FEN for these
variants), so Kirin is given its start position plus the same moves. Notation: both write
plain from-to moves, castling as the King's from-to, rifle captures `e2f4,f4e2` and the
Rhinoceros's pass `g2g2` alike; promotions differ. The oracle prints no suffix where the
promotion is forced and its own one- or two-letter names elsewhere, Kirin always the
lower-cased letter of the piece it promotes to. The translation goes by piece name: the
oracle's type names against the names in Kirin's variants.ini (`piece = TOKEN name ...`).

Positions the oracle refuses (a rule it does not implement, or a point it leaves open)
are skipped and counted by the harness.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import shlex
import sys
from pathlib import Path

from .kirin import SetupError
from .referee import Node, Referee, Refused

REPO_ROOT = Path(__file__).resolve().parents[2]

# Oracle options per variant: the rules text's decisions where the oracle's default is to
# refuse. docs/rules/bat-chess.md §3.5: an unused once-per-game King's knight move attacks
# the squares it reaches.
VARIANT_OPTIONS = {
    "missingbat": {"kk_attack": "yes"},
    "leapingbat": {"kk_attack": "yes"},
    "missingbat-nightrider": {"kk_attack": "yes"},
}

# Hand-made positions per variant, for rules random play seldom reaches: (what it tests,
# pieces in Kirin's letters, side to move, Kirin's castling field, the bracket after the board
# (the Short Sliders pool, the Slide-chess cages), e.p. target). Counted at depth HAND_MADE_DEPTH: they have few pieces.
HAND_MADE_DEPTH = 3
BAT = [
    ("castling both ways, both sides", "Ki1 Ra1 Rp1 Pa2 Pp2 Bg3 ki12 ra12 rp12 pa11 pp11 bg10", "w", "KQkq", "", "-"),
    ("castling: a Bishop covers m1, a Griffin's capture-only N square d1",
     "Ki1 Ra1 Rp1 Pa2 ki12 ra12 rp12 bh6 ye3", "w", "KQkq", "", "-"),
    ("Griffin l3: the King may not step onto its F or N square (j2, k2 by the knight move)",
     "Ki1 Nb1 ki12 yl3 pa11", "w", "Kk", "", "-"),
    ("Griffin j3 pins a Dabbaba on its F square i2 to the King on its N square i1",
     "Ki1 Di2 Pa2 ki12 yj3 pa11", "w", "-", "", "-"),
    ("Rhinoceros and Griffin around both Kings, Black to move",
     "Kh1 Oc3 Yk4 Pg2 kh12 oe8 yj9 ph11 qd5", "b", "Xx", "", "-"),
    ("the King's knight move unused attacks (docs/rules/bat-chess.md §3.5): Kings a knight's move apart",
     "Kh6 kj9 Pa2 pp11", "b", "K", "", "-"),
    ("the King's knight move used by both", "Kh6 kj9 Pa2 pp11", "b", "Xx", "", "-"),
    ("e.p. after a double step from rank 10", "Ki1 Pf8 Ph8 ki12 pg8 pa11", "w", "-", "", "g9"),
    ("promotions with captures, every choice of the array", "Ki1 Pc11 Pn11 ki12 rb12 nd12 qo12", "w", "-", "", "-"),
    ("Black promotes", "Ki1 Rb1 Nd1 ki12 pc2 pa11 Pp2", "b", "-", "", "-"),
]
SPECIAL = {
    "missingbat": BAT,
    "leapingbat": BAT,
    "missingbat-nightrider": BAT,
    "shortsliders": [
        ("O4 castling both ways, both sides", "Kg1 R'a1 R'l1 Pa4 kg16 r'a16 r'l16 pa13", "w", "KQkq", "", "-"),
        ("castling out of and through attacks", "Kg1 R'a1 R'l1 kg16 r'a16 r'l16 qh9 ld8", "w", "KQkq", "", "-"),
        ("Hia zones of both colours among sliders",
         "Kg1 De8 L'e5 Rb8 B'c4 kg16 dh10 qh13 r'f10 bc12 ld10", "w", "", "", "-"),
        ("pool promotion on ranks 13-15 (optional) and 16 (compulsory)",
         "Kg1 Pc13 P'f15 Pi15 kg16 na16", "w", "", "NR'QJz", "-"),
        ("a pawn on rank 15 with an empty pool cannot go on", "Kg1 Pc15 Rl9 kg16 pl12 na16 nl16", "w", "", "n",
         "-"),
        ("capturing the last Wizard promotes the Sorcerer in the zone at once",
         "Ka16 T'e14 T!h3 kl1 rh8 pk13 pl13", "b", "", "", "-"),
        ("the Guard promotes only by capturing a non-pawn; Sorcerer next to a Thaumaturge",
         "Kg1 D'f12 T'c12 Ta5 kg16 pf13 ng13 ra13", "w", "", "", "-"),
        ("Archer rifle captures, Dolphin and Walrus jumps",
         "Kg1 A'e5 D!c6 W'h6 kg16 nf7 bd7 ri6 pg8 qc9", "w", "", "", "-"),
    ],
    "verney": [
        ("promotions with captures, all seven choices", "Kf1 Pb11 Pk11 kf12 ra12 nc12 ql12", "w", "-", "", "-"),
        ("e.p.", "Kf1 Pd5 Pf5 kf12 pe5 pa11", "w", "-", "", "e6"),
    ],
    "hiashatar": [
        ("pawn double and triple steps into and through an enemy Bodyguard's zone, and past their own",
         "Kf1 Pe2 Pf2 Pg2 Pc2 Gd4 kf10 gf5 pa9", "w", "-", "", "-"),
        ("a King next to an enemy Bodyguard: no check; the King may take it", "Ke1 Pa2 ke10 gd2 pj9", "w", "-",
         "", "-"),
        ("a Bodyguard's zone stops a Rook's check; a piece in the zone steps once",
         "Kf1 Ra5 Bd3 Pj2 kh5 gf6 pa9 ng7", "b", "-", "", "-"),
        ("promotion to Queen, with captures", "Kf1 Pc9 Ph9 kf10 rb10 nd10 pa3", "w", "-", "", "-"),
    ],
    "gleeman": [
        ("free castling both ways, both sides", "Ke1 Ra1 Ri1 Pa3 Pi3 ke9 ra9 ri9 pa7 pi7", "w", "KQkq", "", "-"),
        ("free castling: a Rook covers h1, which only the longest castling crosses",
         "Ke1 Ra1 Ri1 Pa3 ke9 ra9 ri9 rh5 pa7", "w", "KQkq", "", "-"),
        ("Gleemans zig-zag among pieces, Warlords", "Ke1 Ge4 Wc3 Gg2 Pd5 ke9 ge7 wf6 nc5 pb6", "w", "-", "", "-"),
        ("promotion to Bishop on rank 7 (Black: rank 3), with captures", "Ke1 Pc6 Pg6 ke9 rb7 nd7 pa4 pe4",
         "w", "-", "", "-"),
    ],
    "tamerlane": [
        ("the King steps into the enemy citadel (a draw) or enters and exchanges with its Prince",
         "Kb9 Sf6 R'd3 kh7 r'h8", "w", "-", "", "-"),
        ("the Adventitious King, the last royal, may step into its own citadel; a pawn does not attack it there",
         "Al1 R'c3 kg9 r'l3 rb10", "w", "-", "", "-"),
        ("the Adventitious King, the last royal: a Rook attacks its own citadel", "Al1 R'c3 kg9 re2", "w", "-", "",
         "-"),
        ("a Rook takes the Adventitious King in its own citadel and is immune there", "Kg1 Am2 R'c3 kg9 rb2", "b",
         "-", "", "-"),
        ("the King takes the Adventitious King in the enemy citadel: a draw, or enter and exchange",
         "Kb8 Sf5 R'c3 kh10 aa9 r'h8", "w", "-", "", "-"),
        ("the King swap, when nothing else is legal", "Kb1 R'b2 R'k5 kg9 rc10 bb3 r'k6", "w", "-", "", "-"),
        ("the Pawn of Pawns placed by fork and by trap", "Kg2 Yf10 R'b3 kg9 rd6 rf6 dj8 r'j10 r'l8 r'h8 r'j6",
         "w", "-", "", "-"),
        ("the Pawn of Pawns waiting on its last rank is immune", "Kg2 Yf10 R'b3 kg9 rd6 rf6 dj8 r'j10 r'l8 r'h8 r'j6",
         "b", "-", "", "-"),
        ("King and Prince both attacked: no check rule", "Kg2 Sc5 R'b3 kj9 rc10 rg8 r'l8", "w", "-", "", "-"),
        ("promotion to a Prince while the King stays attacked (royal count after the move)",
         "Kb2 K'g9 kl10 rb8 r'l9", "w", "-", "", "-"),
    ],
    # The oracle's custom positions keep the start cages (e8, e1) and take no piece inside
    # one: other cage squares, relocation marks and the rules that need them are left to
    # the random playouts and to tests/slidechess_rules.rs.
    "slidechess": [
        ("a Rook under its cage: it enters, and relocations with it may not give check",
         "Re5 Kd2 Pc3 kc7 pg6", "w", "-", "e8e1", "-"),
        ("pawns a step from promotion, cages to relocate and insert within the depth",
         "Kd2 Pf6 Pc6 Qb4 kg2 rh5 pb3", "w", "-", "e8e1", "-"),
    ],
    "courier-modern": [
        ("castling both ways, both sides", "Kg1 Ra1 Rl1 Pa2 Pl2 kg8 ra8 rl8 pa7 pl7", "w", "KQkq", "", "-"),
        ("castling: a Courier covers h1; the other wing is open", "Kg1 Ra1 Rl1 kg8 ra8 rl8 bk3", "w", "KQkq", "",
         "-"),
        ("e.p. and promotion", "Kg1 Pd5 Pf5 Pb7 kg8 pe5 na8", "w", "-", "", "e6"),
    ],
}

# Moves the oracle offers that the project's rules exclude, per variant: (the rule, a test
# of (variant, position, oracle move)). The harness drops them from the oracle's move
# lists and counts its perft itself (settled by hand, see the closing notes of the issues);
# the oracle's own command line, which `reproduce` prints, still counts them.
# Hiashatar: docs/rules/hiashatar.md §3.2 says "a Bodyguard never captures a King"; the
# oracle ignores its attacks for check but lets it take a King standing next to it.
def _bodyguard_takes_king(v, pos, mv):
    victim = pos.board[mv[2]]
    return bool(victim) and v.types[abs(pos.board[mv[1]])].name == "bodyguard" and v.types[abs(victim)].royal


EXCLUDED_MOVES = {
    "hiashatar": ("a Bodyguard capturing a King (docs/rules/hiashatar.md §3.2)", _bodyguard_takes_king),
}

# Piece names that differ between the two programs (Kirin's, without '-', -> the oracle's).
NAME_ALIASES = {"ladyinwaiting": "lady"}

# Playout styles taken in turn (see OracleReferee.style_key) with the probability per ply
# of ordering the moves by the style: uniform random play on these large boards seldom
# reaches a promotion, and seldom keeps castling open long enough to be counted.
PLAYOUT_STYLES = [(None, 0.0), ("develop", 0.9), ("advance", 0.5), ("advance", 0.9)]
# Variants with rules the styles above seldom reach get more: Tamerlane's citadels (the
# King walks towards the enemy citadel).
VARIANT_STYLES = {"tamerlane": PLAYOUT_STYLES + [("citadel", 0.6)]}
# The enemy citadel of White and of Black (the "citadel" style's goal).
CITADELS = {"tamerlane": ("a9", "m2")}


def load_oracle(path: str | None):
    """Imports oracle.py from `path` (the file or its directory)."""
    if not path:
        raise SetupError("the independent reference generator is not configured: pass --oracle PATH "
                         "or set KIRIN_ORACLE (the file oracle.py or its directory)")
    p = Path(path)
    if p.is_dir():
        p = p / "oracle.py"
    if not p.is_file():
        raise SetupError(f"no oracle at {p}")
    loaded = sys.modules.get("kirin_oracle")
    if loaded is not None and Path(loaded.__file__) == p:  # a forked worker has it already
        return loaded, p
    spec = importlib.util.spec_from_file_location("kirin_oracle", p)
    module = importlib.util.module_from_spec(spec)
    sys.modules["kirin_oracle"] = module  # its positions must pickle for the worker processes
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # an unreadable referee is a setup failure, reported as such
        raise SetupError(f"cannot load the oracle {p}: {e}") from e
    return module, p


def read_kirin_ini(ini: Path) -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    """variant -> ({normalised piece name: token}, {key: value}) from Kirin's variants.ini,
    with inheritance."""
    sections: dict[str, tuple[str | None, dict[str, str], dict[str, str]]] = {}
    current = None
    for raw in ini.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[([^:\]]+)(?::([^\]]+))?\]", line)
        if m:
            current = m.group(1).strip()
            sections[current] = (m.group(2).strip() if m.group(2) else None, {}, {})
            continue
        key, _, value = line.partition("=")
        if not current:
            continue
        if key.strip() == "piece":
            token, name = value.split()[:2]
            sections[current][1][normalise(name)] = token
        else:
            sections[current][2][key.strip()] = value.strip()

    def resolve(name, part, seen=()):
        parent = sections[name][0]
        merged = dict(resolve(parent, part, seen + (name,))) if parent and parent not in seen else {}
        merged.update(sections[name][part])
        return merged

    return {name: (resolve(name, 1), resolve(name, 2)) for name in sections}


def normalise(name: str) -> str:
    n = name.lower().replace("-", "").replace("_", "")
    return NAME_ALIASES.get(n, n)


class OracleReferee(Referee):
    name = "oracle"

    def __init__(self, oracle: str | None = None):
        self.module, self.path = load_oracle(oracle or os.environ.get("KIRIN_ORACLE"))
        ini = read_kirin_ini(REPO_ROOT / "variants.ini")
        self.tokens = {name: tokens for name, (tokens, _) in ini.items()}
        # Variants where Kirin writes a forced promotion without its suffix.
        self.bare_forced = {name for name, (_, keys) in ini.items() if keys.get("promotionSuffix") == "choice"}
        self._variants = {}
        self._legal_cache: dict[int, tuple[object, dict[str, tuple]]] = {}

    def version(self) -> str:
        return f"reference: independent generator {self.path.name}"

    def variants(self, kirin_variants: list[str]) -> list[str]:
        return [v for v in self.module.MAIN_VARIANTS if v in kirin_variants]

    def variant(self, name: str):
        if name not in self._variants:
            v = self.module.get_variant(name, **VARIANT_OPTIONS.get(name, {}))
            tokens = self.tokens.get(name, {})
            missing = [t.name for t in v.types[1:] if normalise(t.name) not in tokens]
            if missing:
                raise SetupError(f"{name}: no Kirin piece named {', '.join(missing)} in variants.ini")
            self._variants[name] = v
        return self._variants[name]

    # ---- notation

    def kirin_move(self, variant: str, mv: tuple) -> str:
        v = self.variant(variant)
        text = v.move_str(mv)
        promo = mv[3]
        if not promo:
            return text
        letter = v.types[promo].letter
        if text.endswith(letter) and mv[5]:  # the oracle shows the suffix: drop it
            text = text[: -len(letter)]
        elif variant in self.bare_forced:  # forced (no suffix shown): Kirin writes none either
            return text
        token = self.tokens[variant][normalise(v.types[promo].name)]
        return text + token.lstrip("+").lower()

    def oracle_moves(self, variant: str, path: list[str]) -> list[str]:
        """The oracle's notation of a Kirin move sequence from the start."""
        v = self.variant(variant)
        pos = v.start()
        out = []
        for move in path:
            mv = self.legal_map(variant, pos)[move]
            out.append(v.move_str(mv))
            pos = v.make(pos, mv)
        return out

    def legal_map(self, variant: str, pos) -> dict[str, tuple]:
        """Kirin notation -> oracle move, for the legal moves of `pos` (raises Refused)."""
        cached = self._legal_cache.get(id(pos))
        if cached is not None and cached[0] is pos:
            return cached[1]
        v = self.variant(variant)
        moves = self.oracle_legal(variant, pos)
        table = {self.kirin_move(variant, mv): mv for mv in moves}
        if len(table) != len(moves):
            raise SetupError(f"{variant}: two oracle moves translate to one Kirin move")
        if len(self._legal_cache) > 4096:
            self._legal_cache.clear()
        self._legal_cache[id(pos)] = (pos, table)
        return table

    def oracle_legal(self, variant: str, pos) -> list:
        """The oracle's legal moves, without those the project's rules exclude."""
        v = self.variant(variant)
        try:
            moves = v.legal_moves(pos)
        except self.module.Refused as e:
            raise Refused(str(e)) from None
        excluded = EXCLUDED_MOVES.get(variant)
        if excluded:
            moves = [mv for mv in moves if not excluded[1](v, pos, mv)]
        return moves

    def perft(self, variant: str, pos, depth: int) -> int:
        """The oracle's perft, or where it offers excluded moves, the harness's own count
        over the oracle's corrected move lists."""
        v = self.variant(variant)
        if variant not in EXCLUDED_MOVES:
            try:
                return v.perft(pos, depth)
            except self.module.Refused as e:
                raise Refused(str(e)) from None
        moves = self.oracle_legal(variant, pos)
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        return sum(self.perft(variant, v.make(pos, mv), depth - 1) for mv in moves)

    # ---- the referee interface

    def start(self, variant: str) -> Node:
        return Node(variant, data=self.variant(variant).start())

    def legal(self, node: Node) -> list[str]:
        return sorted(self.legal_map(node.variant, node.data))

    def play(self, node: Node, move: str) -> Node:
        mv = self.legal_map(node.variant, node.data).get(move)
        if mv is None:
            raise Refused(f"the oracle has no move {move} here")
        return Node(node.variant, node.path + [move], node.base_fen,
                    data=self.variant(node.variant).make(node.data, mv))

    def divide(self, node: Node, depth: int) -> dict[str, int]:
        v = self.variant(node.variant)
        out = {}
        for move, mv in self.legal_map(node.variant, node.data).items():
            out[move] = self.perft(node.variant, v.make(node.data, mv), depth - 1) if depth > 1 else 1
        return out

    def playouts(self, variant: str, count: int, max_plies: int, rng: random.Random) -> list[Node]:
        """Random games that never pass through a position the oracle refuses. The playouts
        take the styles of PLAYOUT_STYLES (or VARIANT_STYLES) in turn: at each ply, with the style's probability,
        the moves are tried in the style's order instead of a uniform one."""
        v = self.variant(variant)
        out = []
        for i in range(count):
            styles = VARIANT_STYLES.get(variant, PLAYOUT_STYLES)
            style, probability = styles[i % len(styles)]
            node = self.start(variant)
            for _ in range(rng.randint(0, max_plies)):
                try:
                    table = self.legal_map(variant, node.data)
                except Refused:
                    break
                moves = sorted(table)
                rng.shuffle(moves)
                if style and rng.random() < probability:
                    moves.sort(key=lambda m: self.style_key(style, v, node.data, table[m]))
                child = None
                for move in moves:
                    pos = v.make(node.data, table[move])
                    if pos.refuse or not self.playable(variant, pos):
                        continue
                    child = Node(variant, node.path + [move], data=pos)
                    break
                if child is None:
                    break
                node = child
            out.append(node)
        return out

    def playable(self, variant: str, pos) -> bool:
        """The oracle accepts the position and it has a move."""
        try:
            return bool(self.legal_map(variant, pos))
        except Refused:
            return False

    def style_key(self, style: str, v, pos, mv) -> float:
        """Sort key of a move in a playout style, lowest first.

        develop: moves of the back rank's pieces other than King and Rooks first, then pawn
        moves, King and Rook moves and the once-per-game moves last, so that castling, e.p.
        and the once-per-game moves are still there to be counted at the end;
        advance: promotions first, then pawn moves, the most advanced first;
        citadel: the King's moves first, the nearest to the enemy citadel first, then
        promotions and the Pawn of Pawns' moves."""
        m = self.module
        kind, frm = mv[0], mv[1]
        piece = v.types[abs(pos.board[frm])]
        if piece is None:  # an empty cage's relocation or insertion (Slide-chess)
            return 25
        if style == "citadel":
            if piece.name == "king":
                goal = divmod(v.sqparse(CITADELS[v.name][pos.side]), v.W)
                to = divmod(mv[2], v.W)
                return max(abs(goal[0] - to[0]), abs(goal[1] - to[1]))
            return 20 if mv[3] else 30
        if style == "advance":
            if mv[3]:
                return 0
            return 10 - v.rel_rank(mv[2], pos.side) / 100 if piece.pawn else 20
        if piece.royal or piece.name == "rook" or kind in (m.KKNIGHT, m.PASS, m.CASTLE):
            return 30
        if v.rel_rank(frm, pos.side) == 0:
            return 0
        return 10 if piece.pawn else 20

    def special(self, variant: str) -> list[Node]:
        out = []
        for label, pieces, side, castling, pool, ep in SPECIAL.get(variant, []):
            fen, pos = self.hand_made(variant, pieces, side, castling, pool, ep)
            out.append(Node(variant, base_fen=fen, fen=fen, label=label, depth=HAND_MADE_DEPTH, data=pos))
        return out

    def hand_made(self, variant, pieces: str, side: str, castling: str, pool: str, ep: str):
        """Kirin's FEN and the oracle's position for a piece list in Kirin's letters
        ("Ki1 Ra1 ki12 D'e1"), Kirin's castling field (K Q k q; X / x: the once-per-game
        move used), pool (Short Sliders: the captured pieces, "Zn") and e.p. target square.
        Pieces other than Kings and Rooks are unmoved where the start array has them, in
        both programs (Kirin reads it so from a FEN)."""
        v = self.variant(variant)
        names = {tok: name for name, tok in self.tokens[variant].items()}
        type_of = {normalise(t.name): i for i, t in enumerate(v.types) if t}
        start = {(v.sqparse(sq), colour): normalise(name) for name, sq, colour in v.initial_setup()}
        grid: dict[int, tuple[str, int]] = {}
        board = {}
        for item in pieces.split():
            m = re.fullmatch(r"(.+?)([a-p]\d{1,2})", item)
            token, sq = m.group(1), m.group(2)
            colour = 0 if token[0].isupper() else 1
            name = names[token.upper()]
            grid[v.sqparse(sq)] = (token, colour)
            board[sq] = (v.types[type_of[name]].name, colour)
        virgin = [sq for sq, (name, colour) in board.items()
                  if start.get((v.sqparse(sq), colour)) == normalise(name) and normalise(name) not in ("king", "rook",
                                                                                                      "shortrook")]
        for colour, letters in ((0, "KQ"), (1, "kq")):
            for letter in letters:
                if letter in castling:
                    rank = 1 if colour == 0 else v.H
                    virgin += [f"{'abcdefghijklmnop'[v.W - 1 if letter in 'Kk' else 0]}{rank}"]
                    virgin += [sq for sq, (name, c) in board.items() if c == colour and v.types[type_of[
                        normalise(name)]].royal]
        extra = None
        if variant in ("missingbat", "leapingbat", "missingbat-nightrider"):
            extra = ("X" in castling, "x" in castling)
        elif variant == "slidechess":
            # The "pool" field holds the cages, White's and Black's square ("e8e1").
            white_cage, black_cage = re.findall(r"[a-p]\d{1,2}", pool)
            extra = (v.sqparse(white_cage), v.sqparse(black_cage), "R" in castling, "r" in castling)
        elif variant == "shortsliders":
            pools = [{}, {}]
            for tok in re.findall(r"[A-Za-z][\'!]?", pool):
                t = type_of[names[tok.upper()]]
                side_pool = pools[0 if tok[0].isupper() else 1]
                side_pool[t] = side_pool.get(t, 0) + 1
            extra = tuple(tuple(sorted(p.items())) for p in pools)
        ep_field = None
        if ep != "-":
            target = v.sqparse(ep)
            victim = target + (-v.W if side == "w" else v.W)
            ep_field = ((v.sqname(target),), v.sqname(victim))
        pos = v.custom(board, side=0 if side == "w" else 1, virgin=sorted(set(virgin)), extra=extra, ep=ep_field)
        rows = []
        for r in range(v.H - 1, -1, -1):
            row, empty = "", 0
            for f in range(v.W):
                cell = grid.get(r * v.W + f)
                if cell is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + cell[0]
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        board_field = "/".join(rows) + (f"[{pool}]" if variant in ("shortsliders", "slidechess") else "")
        return f"{board_field} {side} {castling or '-'} {ep} 0 1", pos

    def reproduce(self, node: Node, depth: int) -> str | None:
        if node.base_fen is not None:
            return None  # a hand-made position: the oracle takes it only as a library call
        words = ["python3", str(self.path), "divide", node.variant, str(depth)]
        words += self.oracle_moves(node.variant, node.path)
        for k, v in VARIANT_OPTIONS.get(node.variant, {}).items():
            words += ["--opt", f"{k}={v}"]
        return shlex.join(words)

    def features(self, node: Node, move: str) -> set[str]:
        m = self.module
        mv = self.legal_map(node.variant, node.data)[move]
        kind = mv[0]
        names = {m.EP: "en passant", m.CASTLE: "castling", m.RIFLE: "rifle capture", m.PASS: "pass",
                 m.KKNIGHT: "King's knight move", m.SWAP: "King swap", m.RELOC: "cage relocation",
                 m.INSERT: "cage insertion", m.PLACE: "placement", m.EXCH: "enter and exchange"}
        out = {names[kind]} if kind in names else set()
        if mv[3]:
            v = self.variant(node.variant)
            mover = v.types[abs(node.data.board[mv[1]])]
            # An insertion promotes a pawn the shift moves, whatever its cage holds.
            out.add("pawn promotion" if mover is None or mover.pawn or kind == m.INSERT else "piece promotion")
        return out
