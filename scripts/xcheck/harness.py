"""The reference-independent core: compare one position, drill down on a difference, run
a variant's position set in parallel and summarise it.

A check gives Kirin and the referee the same position, compares the perft divides move by
move and, on a difference, follows one miscounted move down to the shallowest position
whose move lists differ, printing a command that reproduces each step in Kirin.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import os
import random
import shlex
import time
from collections import Counter
from dataclasses import dataclass, field

from .kirin import EngineError, SetupError, perft_command, run_perft
from .referee import Node, Referee, Refused

MAX_LISTED = 16  # different-count entries printed per position

# name -> (module, class) of every back end; `make_referee` imports only the one asked for,
# so a missing pyffish does not stop an oracle run.
BACK_ENDS = {
    "pyffish": ("xcheck.ref_pyffish", "PyffishReferee"),
    "shogiops": ("xcheck.ref_shogiops", "ShogiopsReferee"),
    "oracle": ("xcheck.ref_oracle", "OracleReferee"),
}


def make_referee(name: str, options: dict) -> Referee:
    module, cls = BACK_ENDS[name]
    return getattr(importlib.import_module(module), cls)(**options)


_worker_refs: dict[tuple, Referee] = {}


def worker_referee(name: str, options: dict) -> Referee:
    """The referee of this process (built on first use: workers must not share the
    parent's helper processes)."""
    key = (os.getpid(), name, tuple(sorted(options.items())))
    if key not in _worker_refs:
        _worker_refs[key] = make_referee(name, options)
    return _worker_refs[key]


@dataclass
class Config:
    kirin: str
    timeout: float
    via_moves: bool = False
    drill: bool = True
    verbose: bool = False


@dataclass
class Result:
    status: str  # "pass", "fail", "refused", "error"
    lines: list[str]
    features: Counter = field(default_factory=Counter)
    setup_error: str | None = None


# --------------------------------------------------------------------------- comparison

def diff_divides(ref: dict[str, int], got: dict[str, int]):
    missing = sorted(set(ref) - set(got))
    extra = sorted(set(got) - set(ref))
    different = sorted(m for m in set(ref) & set(got) if ref[m] != got[m])
    return missing, extra, different


def describe_diff(ref_name: str, ref: dict[str, int], got: dict[str, int], indent="    ") -> list[str]:
    missing, extra, different = diff_divides(ref, got)
    lines = [f"{indent}{ref_name} {sum(ref.values())} nodes / {len(ref)} moves, "
             f"kirin {sum(got.values())} nodes / {len(got)} moves"]
    if missing:
        lines.append(f"{indent}missing in kirin ({len(missing)}): " + " ".join(f"{m}({ref[m]})" for m in missing))
    if extra:
        lines.append(f"{indent}extra in kirin ({len(extra)}): " + " ".join(f"{m}({got[m]})" for m in extra))
    if different:
        shown = different[:MAX_LISTED]
        lines.append(f"{indent}different counts ({len(different)}): "
                     + " ".join(f"{m} {ref_name}={ref[m]} kirin={got[m]}" for m in shown)
                     + (" ..." if len(different) > len(shown) else ""))
    return lines


def kirin_divide(cfg: Config, ref: Referee, node: Node, depth: int, via_moves: bool, own_start: bool):
    """Kirin's divide of `node`. With `own_start`, the start node is given to Kirin as its
    own start position (no --fen), so that its start array is checked too."""
    if own_start and node.is_start():
        fen, moves = None, []
    else:
        fen, moves = ref.kirin_position(node, via_moves)
    cmd = perft_command(cfg.kirin, node.variant, depth, fen, moves)
    return cmd, run_perft(cmd, cfg.timeout)


def drill_down(cfg: Config, ref: Referee, node: Node, depth: int, refd, got) -> list[str]:
    """Follows one miscounted move down to the shallowest position whose moves differ."""
    lines = ["    drill-down:"]
    if node.fen is not None and (cfg.via_moves or node.is_start()):
        # Kirin reached the position itself: does it agree when given the FEN?
        try:
            cmd, got = kirin_divide(cfg, ref, node, depth, via_moves=False, own_start=False)
        except EngineError as e:
            lines.append(f"      with --fen: {e}")
            return lines
        if got == refd:
            lines.append("      kirin agrees when given this position's FEN: the difference lies in how "
                         "kirin reached it (its start position or --moves), not in its move generation")
            return lines
        lines.append("      kirin given the FEN disagrees too:")
        lines += describe_diff(ref.name, refd, got, indent="        ")
        lines.append(f"        reproduce: {shlex.join(cmd)}")
    steps: list[str] = []
    while True:
        missing, extra, different = diff_divides(refd, got)
        if missing or extra or not different or depth <= 1:
            break
        move = min(different, key=lambda m: (refd[m], m))  # smallest subtree: cheapest to descend
        steps.append(move)
        depth -= 1
        try:
            node = ref.play(node, move)
            refd = ref.divide(node, depth)
            cmd, got = kirin_divide(cfg, ref, node, depth, via_moves=False, own_start=False)
        except (EngineError, Refused) as e:
            lines.append(f"      after {' '.join(steps)}: {e}")
            return lines
        lines.append(f"      after {' '.join(steps)} (depth {depth})" + (f": {node.fen}" if node.fen else ""))
        if refd == got:
            lines.append(f"        kirin agrees here when given the position: check how it plays {move} "
                         f"(make/unmake, state carried across the move)")
            return lines
        lines += describe_diff(ref.name, refd, got, indent="        ")
        lines.append(f"        reproduce: {shlex.join(cmd)}")
        hint = ref.reproduce(node, depth)
        if hint:
            lines.append(f"        reference: {hint}")
    if not steps:
        lines.append("      (the root move lists already differ)")
    return lines


def check_position(task: dict) -> Result:
    """Worker: the referee's divide against Kirin's for one position."""
    cfg: Config = task["cfg"]
    node: Node = task["node"]
    depth = node.depth or min(task["depth"], node.max_depth or task["depth"])
    where = f"[{node.label}]" if node.label else "start position" if node.is_start() else f"{len(node.path)} plies"
    label = f"{node.variant} #{task['idx']} depth {depth} {where}"
    try:
        ref = worker_referee(task["referee"], task["options"])
    except SetupError as e:
        return Result("error", [f"ERROR {label}: {e}"], setup_error=str(e))
    t0 = time.perf_counter()
    try:
        refd = ref.divide(node, depth)
    except Refused as e:
        return Result("refused", [f"SKIP  {label}: the reference refuses: {e}"])
    except EngineError as e:
        return Result("error", [f"ERROR {label}: reference failed: {e}"] + position_lines(node))
    t1 = time.perf_counter()
    try:
        cmd, got = kirin_divide(cfg, ref, node, depth, cfg.via_moves, own_start=True)
    except EngineError as e:
        return Result("fail", [f"FAIL  {label}: {e}"] + position_lines(node))
    t2 = time.perf_counter()
    notes = f" ({'; '.join(node.notes)})" if node.notes else ""
    if refd == got:
        features = Counter()
        for move in refd:
            features.update(ref.features(node, move))
        features = Counter({f: 1 for f in features})  # positions, not moves
        line = (f"PASS  {label}: {sum(refd.values())} nodes, {len(refd)} moves{notes} "
                f"({ref.name} {t1 - t0:.2f} s, kirin {t2 - t1:.2f} s)")
        return Result("pass", [line] if cfg.verbose else [], features)
    lines = [f"FAIL  {label}{notes}"] + position_lines(node)
    lines += describe_diff(ref.name, refd, got)
    lines.append(f"    reproduce: {shlex.join(cmd)}")
    hint = ref.reproduce(node, depth)
    if hint:
        lines.append(f"    reference: {hint}")
    if cfg.drill:
        lines += drill_down(cfg, ref, node, depth, refd, got)
    return Result("fail", lines)


def position_lines(node: Node) -> list[str]:
    lines = []
    if node.fen:
        lines.append(f"    fen: {node.fen}")
    if node.path:
        base = f"--fen {shlex.quote(node.base_fen)} " if node.base_fen else ""
        lines.append(f"    position: {base}--moves {shlex.quote(' '.join(node.path))}")
    elif node.is_start():
        lines.append("    (kirin ran from its own start position: it must equal the reference's)")
    return lines


# --------------------------------------------------------------------------- a run

@dataclass
class VariantPlan:
    variant: str
    referee: str
    options: dict
    positions: int
    depth: int
    max_plies: int
    special: bool = True


@dataclass
class Totals:
    positions: int = 0
    agree: int = 0
    disagree: int = 0
    refused: int = 0
    errors: int = 0


def run(plans: list[VariantPlan], cfg: Config, seed: int, jobs: int, say) -> Totals:
    """Checks every plan's positions; prints per-position failures and per-variant summaries."""
    totals = Totals()
    refs: dict[tuple, Referee] = {}
    pool = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        for plan in plans:
            key = (plan.referee, tuple(sorted(plan.options.items())))
            if key not in refs:
                refs[key] = make_referee(plan.referee, plan.options)
            ref = refs[key]
            t0 = time.perf_counter()
            rng = random.Random(f"{seed}:{plan.variant}")  # per variant: adding variants changes nothing
            nodes = [ref.start(plan.variant)]
            nodes += ref.playouts(plan.variant, plan.positions - 1, plan.max_plies, rng)
            special = ref.special(plan.variant) if plan.special else []
            nodes += special
            say(f"== {plan.variant}: {ref.version()}; depth {plan.depth}, {plan.positions} positions"
                f"{f' + {len(special)} hand-made' if special else ''}, playouts up to {plan.max_plies} plies "
                f"({time.perf_counter() - t0:.1f} s to generate)")
            tasks = [{"cfg": cfg, "node": n, "idx": i, "depth": plan.depth, "referee": plan.referee,
                      "options": plan.options} for i, n in enumerate(nodes)]
            results = pool.map(check_position, tasks) if pool else map(check_position, tasks)
            counts = Counter()
            features = Counter()
            for res in results:
                say(*res.lines)
                counts[res.status] += 1
                features.update(res.features)
                if res.setup_error:
                    raise SetupError(res.setup_error)
            compared = counts["pass"] + counts["fail"]
            totals.positions += len(tasks)
            totals.agree += counts["pass"]
            totals.disagree += counts["fail"]
            totals.refused += counts["refused"]
            totals.errors += counts["error"]
            cover = ", ".join(f"{f} {n}" for f, n in sorted(features.items()))
            say(f"== {plan.variant}: {counts['pass']}/{compared} agree"
                + (f", {counts['refused']} refused by the reference" if counts["refused"] else "")
                + (f", {counts['error']} reference errors" if counts["error"] else "")
                + f" ({time.perf_counter() - t0:.1f} s)"
                + (f"; positions with {cover}" if cover else ""))
            if counts["pass"] * 2 < len(tasks):
                say(f"FAIL  {plan.variant}: fewer than half of the positions were compared")
                totals.disagree += 1
    finally:
        if pool:
            pool.shutdown()
        for ref in list(refs.values()) + list(_worker_refs.values()):
            ref.close()
        _worker_refs.clear()
    return totals
