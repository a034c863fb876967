#!/usr/bin/env python3
"""Round robin or gauntlet of UCI and CECP engines in any variant Kirin knows, refereed as
scripts/match.py referees a match (pyffish where it knows the variant, else Kirin's own
rules in a separate process). Every pairing is a match.py match, with its concurrency,
openings, clocks, adjudication, PGN and logs; this adds the schedule, the crosstable and
each engine's Elo against the field with a 95 % error bar.

Engines are given as cutechess-cli does, one --engine per engine:

    scripts/tournament.py --variant courier \\
        --engine "name=kirin cmd='target/release/kirin uci' proto=uci" \\
        --engine "name=fairymax cmd=/usr/games/fairymax proto=cecp" \\
        --engine "name=fsf cmd=/usr/games/fairy-stockfish proto=uci option.Threads=1" \\
        --games 10 --tc 10+0.1 --openings 4 --pgn courier.pgn \\
        -- --start-fen "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1"

Keys of an engine: name, cmd, proto (uci | cecp), option.NAME=VALUE (repeatable). Arguments
after `--` go to every match unchanged (see scripts/match.py --help: --start-fen,
--cecp-variant, --max-plies, --log, --restart...). --gauntlet plays the first engine
against each of the others instead of every pair.

An engine that plays an illegal move, crashes or loses on time loses that game (match.py
prints why); a pairing that cannot start (an engine that does not answer its handshake)
is reported and the event goes on with the next one. Exit status 0, or 1 if any pairing
failed, 130 on interrupt.
"""

from __future__ import annotations

import argparse
import itertools
import os
import shlex
import sys

import match


def parse_engine(spec: str) -> dict:
    """`name=X cmd='...' proto=uci option.Hash=64` -> {name, cmd, proto, options}."""
    eng: dict = {"options": []}
    try:
        tokens = shlex.split(spec)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"bad engine {spec!r}: {e}") from e
    for tok in tokens:
        key, sep, value = tok.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"bad engine {spec!r}: {tok!r} is not KEY=VALUE")
        if key.startswith("option."):
            eng["options"].append(f"{key[len('option.'):]}={value}")
        elif key in ("name", "cmd", "proto"):
            eng[key] = value
        else:
            raise argparse.ArgumentTypeError(f"bad engine {spec!r}: unknown key {key!r} "
                                             "(name, cmd, proto, option.NAME)")
    if "cmd" not in eng:
        raise argparse.ArgumentTypeError(f"bad engine {spec!r}: no cmd=")
    eng.setdefault("proto", "uci")
    if eng["proto"] not in ("uci", "cecp", "xboard"):
        raise argparse.ArgumentTypeError(f"bad engine {spec!r}: proto must be uci or cecp")
    eng.setdefault("name", os.path.basename(shlex.split(eng["cmd"])[0]))
    return eng


def pairings(n: int, gauntlet: bool) -> list[tuple[int, int]]:
    if gauntlet:
        return [(0, j) for j in range(1, n)]
    return list(itertools.combinations(range(n), 2))


def match_argv(a: argparse.Namespace, e1: dict, e2: dict, rest: list[str]) -> list[str]:
    argv = []
    for i, e in ((1, e1), (2, e2)):
        argv += [f"--engine{i}", e["cmd"], f"--proto{i}", e["proto"], f"--name{i}", e["name"]]
        for o in e["options"]:
            argv += [f"--option{i}", o]
    limit = ["--nodes", str(a.nodes)] if a.nodes else ["--tc", a.tc]
    argv += ["--variant", a.variant, "--games", str(a.games), *limit, "--openings", str(a.openings),
             "--concurrency", str(a.concurrency), "--event", a.event or f"Kirin tournament ({a.variant})"]
    if a.seed is not None:
        argv += ["--seed", str(a.seed)]
    if a.pgn:
        argv += ["--pgn", a.pgn]
    return argv + rest


class Table:
    """Results from each engine's side: wdl[i][j] = (wins, draws, losses) of i against j."""

    def __init__(self, names: list[str]):
        self.names = names
        n = len(names)
        self.wdl = [[[0, 0, 0] for _ in range(n)] for _ in range(n)]

    def add(self, i: int, j: int, w: int, d: int, l: int) -> None:
        for k, v in enumerate((w, d, l)):
            self.wdl[i][j][k] += v
        for k, v in enumerate((l, d, w)):
            self.wdl[j][i][k] += v

    def total(self, i: int) -> tuple[int, int, int]:
        return tuple(sum(self.wdl[i][j][k] for j in range(len(self.names))) for k in range(3))

    def lines(self) -> list[str]:
        n = len(self.names)
        order = sorted(range(n), key=lambda i: -(self.total(i)[0] + self.total(i)[1] / 2))
        width = max(len(x) for x in self.names)
        out = ["", "Standings (points / games; Elo against the field, 95%):"]
        for rank, i in enumerate(order, 1):
            w, d, l = self.total(i)
            games = w + d + l
            elo = match.summary(w, d, l)[1] if games else "no games"
            elo = elo.replace("Elo difference: ", "")
            out.append(f"{rank:2}. {self.names[i]:<{width}}  {w + d / 2:g}/{games}  +{w} ={d} -{l}  {elo}")
        out.append("")
        out.append("Crosstable (points of the row engine against the column engine):")
        out.append(" " * (width + 2) + "  ".join(f"{self.names[j][:8]:>8}" for j in order))
        for i in order:
            cells = []
            for j in order:
                w, d, l = self.wdl[i][j]
                cells.append(f"{'-':>8}" if i == j else f"{w + d / 2:>4g}/{w + d + l:<3}")
            out.append(f"{self.names[i]:<{width}}  " + "  ".join(cells))
        return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    rest: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, rest = argv[:cut], argv[cut + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--engine", action="append", type=parse_engine, required=True, metavar="SPEC",
                   help="name=NAME cmd=COMMAND proto=uci|cecp option.NAME=VALUE (repeat per engine)")
    p.add_argument("--gauntlet", action="store_true", help="the first engine against each other one")
    p.add_argument("--variant", default="chess", help="variant, as the referee names it (default chess)")
    p.add_argument("--games", type=int, default=2, help="games per pairing, even (default 2)")
    p.add_argument("--tc", default="10+0.1", help="BASE+INC seconds (default 10+0.1)")
    p.add_argument("--nodes", type=int, default=None, help="N nodes a move instead of a clock (see match.py)")
    p.add_argument("--openings", type=int, default=4, help="random opening plies, the same for both "
                   "games of a pair (default 4)")
    p.add_argument("--concurrency", type=int, default=1, help="games in parallel within a pairing")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--pgn", help="append every game to this PGN file")
    p.add_argument("--event", help="PGN Event tag")
    a = p.parse_args(argv)
    engines = a.engine
    if len(engines) < 2:
        p.error("a tournament needs at least two --engine")
    names = [e["name"] for e in engines]
    if len(set(names)) != len(names):
        p.error(f"engine names must differ (name=...): {names}")

    try:
        return run(a, engines, names, rest)
    finally:
        # The referee process, when Kirin's rules referee (pyffish has nothing to close).
        if hasattr(match.sf, "close"):
            match.sf.close()


def run(a: argparse.Namespace, engines: list[dict], names: list[str], rest: list[str]) -> int:
    table = Table(names)
    failed: list[str] = []
    schedule = pairings(len(engines), a.gauntlet)
    match.say(f"{'Gauntlet' if a.gauntlet else 'Round robin'} of {len(engines)} engines in {a.variant}: "
              f"{len(schedule)} pairings of {a.games} games, {a.tc}")
    for k, (i, j) in enumerate(schedule, 1):
        match.say(f"\n== pairing {k}/{len(schedule)}: {names[i]} vs {names[j]}")
        match.ABORT.clear()  # a failed pairing set it; the next one starts afresh
        cfg = match.build_config(match_argv(a, engines[i], engines[j], rest))
        if k == 1:
            match.print_header(cfg)
        m = match.Match(cfg)
        try:
            status = m.run()
        except KeyboardInterrupt:
            return 130
        if status == 130:
            return 130
        if status != 0:
            failed.append(f"{names[i]} vs {names[j]}: {m.fatal}")
        w, d, l = m.wdl
        table.add(i, j, w, d, l)
        for line in table.lines():
            match.say(line)
    if failed:
        match.say("\nPairings that could not be played to the end:")
        for f in failed:
            match.say(f"  {f}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
