#!/usr/bin/env python3
"""Where the depth gap to Fairy-Stockfish comes from, in nodes rather than seconds: both
engines search the same positions to each depth on one thread, and the nodes each needed
per completed depth are printed, with the effective branching factor (nodes of depth d
over nodes of depth d-1, averaged over the last iterations). Node counts do not depend
on the machine's load, so this runs beside other work; nodes/s does not, and belongs to
scripts/perft-speed.sh and scripts/smp-ttd.sh on an idle machine.

    scripts/depth-gap.py [--kirin target/release/kirin] [--fsf /usr/games/fairy-stockfish]
                         [--variant chess] [--depth 12] [FEN ...]

Depths are each engine's own (their reductions and extensions differ), so equal depth is not
equal search; the branching factor and the nodes to a given depth are what compare.

With --pgn the positions are those of real games (every move from ply --from of the first
--games games) and each engine searches --nodes nodes in each, twice: once with its hash
kept from one move to the next, as in a game, once cleared before every search. It prints
the mean depth completed in each way: how much deeper one engine gets on the same nodes
where the game goes, and how much of that its hash carries from move to move. A completed
depth is the deepest exact score reported with fewer nodes than the limit: Stockfish also
prints the iteration the limit stopped, with the node count that stopped it.

    scripts/depth-gap.py --variant courier --pgn games.pgn --games 2 --nodes 150000
"""

from __future__ import annotations

import argparse
import shlex
import sys

DEFAULT_FENS = {
    "chess": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    ],
    "courier": [
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    ],
    "shatranj": [
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    ],
}


def nodes_per_depth(cmd: str, variant: str, fen: str, depth: int) -> dict[int, int]:
    """Runs `go depth` and keeps, for each depth, the node count of its last report."""
    from move_quality import Uci

    engine = Uci(cmd, variant, {"Threads": "1"})
    engine.send("ucinewgame")
    engine.send(f"position fen {fen}")
    engine.send(f"go depth {depth}")
    seen = dict(exact_reports(engine.until("bestmove")))
    engine.quit()
    return seen


def search_depth(engine, fen: str, nodes: int, clear: bool) -> int:
    """The depth `engine` (a `move_quality.Uci`) completes in `nodes` nodes from `fen`, its
    hash cleared first or kept from its last search."""
    if clear:
        engine.send("ucinewgame")
        engine.send("isready")
        engine.until("readyok")
    engine.send(f"position fen {fen}")
    engine.send(f"go nodes {nodes}")
    return completed_depth(engine.until("bestmove"), nodes)


def exact_reports(lines: list[str]):
    """(depth, nodes) of each report of an exact score of the first principal variation."""
    for line in lines:
        t = line.split()
        if t[:1] != ["info"] or t[1:2] == ["string"] or "depth" not in t or "nodes" not in t or "score" not in t:
            continue
        if "lowerbound" in t or "upperbound" in t or ("multipv" in t and t[t.index("multipv") + 1] != "1"):
            continue
        yield int(t[t.index("depth") + 1]), int(t[t.index("nodes") + 1])


def completed_depth(lines: list[str], limit: int) -> int:
    """The deepest exact score of the first principal variation reported with fewer nodes
    than `limit` (a report at the limit is of the iteration that the limit stopped)."""
    return max((d for d, n in exact_reports(lines) if n < limit), default=0)


def game_positions(pgn: str, variant: str, games: int, first: int) -> list[list[str]]:
    """The FEN before each move from ply `first` on, of each of the first `games` games."""
    import pyffish
    from move_quality import pgn_games, replay

    with open(pgn) as f:
        text = f.read()
    out = []
    for tags, sans in list(pgn_games(text))[:games]:
        start = tags.get("FEN") or pyffish.start_fen(variant)
        out.append(list(replay(variant, start, sans))[first:])
    return out


def along_games(a: argparse.Namespace) -> int:
    from move_quality import Uci

    games = game_positions(a.pgn, a.variant, a.games, a.first)
    count = sum(len(g) for g in games)
    print(f"variant {a.variant}, {count} positions of {len(games)} games from ply {a.first}, {a.nodes} nodes each, one thread")
    for name, cmd in (("kirin", shlex.join([a.kirin, "uci"])), ("fsf", shlex.quote(a.fsf))):
        for clear in (False, True):
            engine = Uci(cmd, a.variant, {"Threads": "1"})
            depths = []
            for game in games:
                engine.send("ucinewgame")
                depths += [search_depth(engine, fen, a.nodes, clear) for fen in game]
            engine.quit()
            mean = sum(depths) / max(len(depths), 1)
            print(f"{name:<6} hash {'cleared' if clear else 'kept   '}  mean completed depth {mean:5.2f}", flush=True)
    return 0


def ebf(seen: dict[int, int], last: int = 4) -> float | None:
    ds = sorted(seen)
    ratios = [seen[b] / seen[a] for a, b in zip(ds, ds[1:]) if seen[a] > 0][-last:]
    if not ratios:
        return None
    prod = 1.0
    for r in ratios:
        prod *= r
    return prod ** (1 / len(ratios))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kirin", default="target/release/kirin")
    p.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    p.add_argument("--variant", default="chess")
    p.add_argument("--depth", type=int, default=12)
    p.add_argument("--pgn", help="search along the games of this PGN instead (with --nodes)")
    p.add_argument("--games", type=int, default=2, help="with --pgn: how many of its games")
    p.add_argument("--from", dest="first", type=int, default=8, help="with --pgn: the first ply searched")
    p.add_argument("--nodes", type=int, default=150000, help="with --pgn: nodes a search")
    p.add_argument("fens", nargs="*")
    a = p.parse_args()
    if a.pgn:
        if a.games < 1 or a.first < 0 or a.nodes < 1:
            p.error("--games and --nodes must be at least 1, --from at least 0")
        return along_games(a)
    fens = a.fens or DEFAULT_FENS.get(a.variant)
    if not fens:
        p.error(f"give FENs for {a.variant}")
    print(f"variant {a.variant}, depth {a.depth}, one thread each")
    print("engine  position  " + " ".join(f"{'d' + str(d):>9}" for d in range(1, a.depth + 1)) + "    EBF")
    totals = {}
    for i, fen in enumerate(fens, 1):
        for name, cmd in (("kirin", shlex.join([a.kirin, "uci"])), ("fsf", shlex.quote(a.fsf))):
            seen = nodes_per_depth(cmd, a.variant, fen, a.depth)
            cells = " ".join(f"{seen.get(d, 0):>9}" for d in range(1, a.depth + 1))
            b = ebf(seen)
            print(f"{name:<6}  {i:>8}  {cells}  {b:5.2f}" if b else f"{name:<6}  {i:>8}  {cells}")
            totals.setdefault(name, []).append(seen.get(a.depth, 0))
    for name, ns in totals.items():
        print(f"{name}: {sum(ns)} nodes to depth {a.depth} over {len(ns)} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
