#!/usr/bin/env python3
"""Cross-check Kirin's move generation against independent references, variant by variant.

For every variant that has a reference the harness builds a position set -- the start
position, random playouts from it and hand-made positions for rules random play seldom
reaches -- and compares at each position the reference's perft divide with

    kirin perft --variant V [--fen F] [--moves M] --depth D --divide

move by move. On a difference it reports the moves missing in Kirin, extra in Kirin and
with different counts, a command that reproduces it, and follows one miscounted move down
to the shallowest position whose move lists differ. A position the reference refuses (a
rule it does not implement) is skipped and counted; a variant where fewer than half the
positions could be compared fails.

References (back ends in scripts/xcheck/):

  pyffish   Fairy-Stockfish's rules (pip install pyffish): chess, shatranj, courier,
            courier-xboard (its rules from Kirin's XBoard array), shoshogi
  shogiops  lishogi's rules library (npm ci --prefix scripts/shogiops; Node.js >= 18):
            chushogi
  oracle    the independent reference generator written from the project's rules text
            (--oracle PATH or KIRIN_ORACLE): every variant it and Kirin both know --
            shortsliders, the three Bat chess forms, verney, courier-modern, and the games
            still to come as Kirin gains them

Usage (from the repository root, after `cargo build --release`):

  scripts/crosscheck.py                                  # every reference, defaults below
  scripts/crosscheck.py --reference oracle --oracle ../oracle
  scripts/crosscheck.py --variants missingbat --positions 50 --depth 3 --seed 7
  scripts/crosscheck.py --long                           # before a release: hundreds per variant
  scripts/crosscheck.py --self-test                      # the harness against a stand-in Kirin

Defaults per reference (positions including the start position, depth, playout plies),
which are what CI runs: pyffish 20 / 3 / 60, shogiops 30 / 3 / 150, oracle 50 / 3 / 150.
The independent generator is pure Python and far slower than the other two: at 200
positions its eleven variants alone took 38 minutes on 2 cores and pushed CI past its
budget, so CI samples 50 and the deep sweep is --long: pyffish 300 / 3 / 80, shogiops
100 / 3 / 200, oracle 500 / 3 / 200. Hand-made positions come on top. --positions,
--depth and --max-plies take N, NAME=N or a comma list of both, repeatable.

Exit status: 0 when every compared position agrees, 1 when one disagrees or Kirin fails on
one, 2 when Kirin or a reference cannot be run at all (a missing program is a failure,
never a skip). The last line is `crosscheck: N positions, A agree, D disagree, R refused by
the reference, E reference errors (seed S)`.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shlex
import stat
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from xcheck import harness  # noqa: E402
from xcheck.kirin import EngineError, SetupError, check_binary, variants as kirin_variants  # noqa: E402
from xcheck.referee import Refused  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_KIRIN = REPO_ROOT / "target" / "release" / "kirin"
DEFAULT_SEED = 20240601

# reference -> (positions, depth, max plies); --long overrides below.
DEFAULTS = {"pyffish": (20, 3, 60), "shogiops": (30, 3, 150), "oracle": (50, 3, 150)}
LONG = {"pyffish": (300, 3, 80), "shogiops": (100, 3, 200), "oracle": (500, 3, 200)}


def parse_spec(specs: list[str] | None, base: dict[str, int], what: str, minimum: int) -> dict[str, int]:
    """Applies `N`, `NAME=N` and comma lists of both to per-variant values."""
    values = dict(base)
    for spec in specs or []:
        for item in filter(None, (s.strip() for s in spec.split(","))):
            name, _, value = item.rpartition("=")
            try:
                n = int(value)
            except ValueError:
                raise ValueError(f"bad --{what} item {item!r}") from None
            if n < minimum:
                raise ValueError(f"--{what} must be >= {minimum} in {item!r}")
            if name:
                if name not in values:
                    raise ValueError(f"--{what} {item!r}: {name} is not checked in this run")
                values[name] = n
            else:  # a bare number sets every variant; later NAME=N items override it
                values = {v: n for v in values}
    return values


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Cross-check Kirin's perft against independent references.",
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="See the head of this file for details.")
    p.add_argument("--reference", default="pyffish,shogiops,oracle",
                   help="comma list of back ends (default: pyffish,shogiops,oracle)")
    p.add_argument("--variants", help="comma list (default: every variant the references and kirin know)")
    p.add_argument("--positions", action="append", metavar="N|NAME=N")
    p.add_argument("--depth", action="append", metavar="D|NAME=D")
    p.add_argument("--max-plies", action="append", metavar="P|NAME=P")
    p.add_argument("--long", action="store_true", help="the longer run for before a release")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument("--kirin", default=str(DEFAULT_KIRIN), metavar="PATH",
                   help="kirin binary (default <repo>/target/release/kirin)")
    p.add_argument("--oracle", default=os.environ.get("KIRIN_ORACLE"), metavar="PATH",
                   help="the independent generator's oracle.py or its directory (default $KIRIN_ORACLE)")
    p.add_argument("--node", default="node", metavar="PATH", help="Node.js for shogiops (default: node)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per program call (default 300)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: CPUs)")
    p.add_argument("--via-moves", action="store_true",
                   help="give kirin the start position plus the playout's moves, not the reached FEN")
    p.add_argument("--no-special", dest="special", action="store_false", help="skip the hand-made positions")
    p.add_argument("--no-drill", dest="drill", action="store_false",
                   help="on a failure, do not descend to the shallowest differing position")
    p.add_argument("--verbose", action="store_true", help="print every agreeing position too")
    p.add_argument("--self-test", action="store_true",
                   help="check the harness against a stand-in kirin built on each reference")
    args = p.parse_args(argv)
    args.references = [r.strip() for r in args.reference.split(",") if r.strip()]
    unknown = [r for r in args.references if r not in harness.BACK_ENDS]
    if unknown:
        p.error(f"unknown reference(s) {', '.join(unknown)} (known: {', '.join(harness.BACK_ENDS)})")
    if args.jobs < 1:
        p.error("--jobs must be >= 1")
    return args


def referee_options(name: str, args) -> dict:
    if name == "pyffish":
        return {"kirin": args.kirin}
    if name == "shogiops":
        return {"kirin": args.kirin, "node": args.node, "timeout": args.timeout}
    return {"oracle": args.oracle}


def make_plans(args) -> list[harness.VariantPlan]:
    known = kirin_variants(args.kirin)
    wanted = [v.strip() for v in args.variants.split(",")] if args.variants else None
    plans = []
    for name in args.references:
        options = referee_options(name, args)
        ref = harness.make_referee(name, options)
        try:
            for variant in ref.variants(known):
                if wanted is not None and variant not in wanted:
                    continue
                positions, depth, plies = LONG[name] if args.long else DEFAULTS[name]
                plans.append(harness.VariantPlan(variant, name, options, positions, depth, plies, args.special))
        finally:
            ref.close()
    if wanted is not None:
        missing = sorted(set(wanted) - {p.variant for p in plans})
        if missing:
            raise SetupError(f"no reference among {', '.join(args.references)} for {', '.join(missing)}")
    for attr, what, minimum in (("positions", "positions", 1), ("depth", "depth", 1),
                                ("max_plies", "max-plies", 0)):
        values = parse_spec(getattr(args, attr), {p.variant: getattr(p, attr) for p in plans}, what, minimum)
        for plan in plans:
            setattr(plan, attr, values[plan.variant])
    return plans


def main(argv=None, out=sys.stdout) -> int:
    args = parse_args(argv)
    if args.self_test:
        return self_test(args)

    def say(*lines):
        for line in lines:
            print(line, file=out, flush=True)

    try:
        check_binary(args.kirin)
        plans = make_plans(args)
        say(f"crosscheck: seed {args.seed}, kirin {args.kirin}, {len(plans)} variants, {args.jobs} jobs")
        cfg = harness.Config(args.kirin, args.timeout, args.via_moves, args.drill, args.verbose)
        t = harness.run(plans, cfg, args.seed, args.jobs, say)
    except (SetupError, ValueError) as e:
        print(f"crosscheck: FAIL: {e}", file=sys.stderr)
        say("crosscheck: 0 positions, 0 agree, 0 disagree -- cannot run")
        return 2
    say(f"crosscheck: {t.positions} positions, {t.agree} agree, {t.disagree} disagree, "
        f"{t.refused} refused by the reference, {t.errors} reference errors (seed {args.seed})")
    return 1 if t.disagree or t.errors else 0


# --------------------------------------------------------------------------- self-test

def emulate_kirin(argv: list[str]) -> int:
    """A stand-in for `kirin` built on a referee (self-test only): `variants`, `show` and
    `perft --divide`. With CROSSCHECK_FAKE_BUG=drop, every position with an even number of
    moves loses its alphabetically last move, so perft differs and the drill-down ends at a
    position whose move lists differ."""
    name, options = argv[0], json.loads(argv[1])
    ref = harness.make_referee(name, options)
    try:
        if argv[2] == "variants":
            for v in ref.variants(json.loads(os.environ["CROSSCHECK_FAKE_VARIANTS"])):
                print(f"{v} 8x8")
            return 0
        p = argparse.ArgumentParser(prog="fake-kirin")
        p.add_argument("command", choices=["perft", "show"])
        p.add_argument("--variant", required=True)
        p.add_argument("--depth", type=int, default=1)
        p.add_argument("--fen")
        p.add_argument("--moves", default="")
        p.add_argument("--divide", action="store_true")
        a = p.parse_args(argv[2:])
        try:
            node = ref.from_kirin(a.variant, a.fen, a.moves.split())
        except Refused as e:
            print(f"Error: {e}", file=sys.stderr)
            return 1
        if a.command == "show":
            print(f"Fen: {node.fen}")
            return 0
        bug = os.environ.get("CROSSCHECK_FAKE_BUG") == "drop"

        def legal(n):
            moves = ref.legal(n)
            return moves[:-1] if bug and moves and len(moves) % 2 == 0 else moves

        def count(n, depth):
            moves = legal(n)
            if depth == 1:
                return len(moves)
            return sum(count(ref.play(n, m), depth - 1) for m in moves)

        divide = {m: count(ref.play(node, m), a.depth - 1) if a.depth > 1 else 1 for m in legal(node)}
        for m, c in sorted(divide.items()):
            print(f"{m}: {c}")
        print(f"\nNodes searched: {sum(divide.values())}")
        return 0
    finally:
        ref.close()


def self_test(args) -> int:
    """Runs the harness against a stand-in Kirin per reference: it must agree when the
    stand-in is right, and catch, report and drill into an injected bug."""
    failures = 0

    def check(cond, what):
        nonlocal failures
        print(f"  {'ok  ' if cond else 'FAIL'} {what}", flush=True)
        failures += not cond

    real_kirin = args.kirin
    check_binary(real_kirin)
    known = kirin_variants(real_kirin)
    os.environ["CROSSCHECK_FAKE_VARIANTS"] = json.dumps(known)
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.references:
            options = referee_options(name, args)
            if name == "shogiops":  # the stand-in cannot be probed for game ends: copy Kirin's
                probe = harness.make_referee(name, options)
                options = dict(options, game_ends=(probe.bare_king, probe.kk_draw))
                probe.close()
            ref = harness.make_referee(name, options)
            variant = ref.variants(known)[0]
            ref.close()
            print(f"{name}: stand-in kirin on {variant}")
            fake = Path(tmp) / f"fake-{name}"
            fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).resolve()))}"
                            f" --emulate-kirin {name} {shlex.quote(json.dumps(options))} \"$@\"\n")
            fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
            base = ["--kirin", str(fake), "--reference", name, "--variants", variant, "--positions", "4",
                    "--depth", "2", "--max-plies", "40", "--no-special", "--seed", str(args.seed), "--jobs", "2"]
            if args.oracle:
                base += ["--oracle", args.oracle]
            for extra in ([], ["--via-moves"]):
                os.environ.pop("CROSSCHECK_FAKE_BUG", None)
                buf = io.StringIO()
                rc = main(base + extra, out=buf)
                check(rc == 0, f"a correct stand-in agrees{' (--via-moves)' if extra else ''}: exit {rc}, "
                      f"{buf.getvalue().strip().splitlines()[-1]}")
            os.environ["CROSSCHECK_FAKE_BUG"] = "drop"
            buf = io.StringIO()
            rc = main(base, out=buf)
            os.environ.pop("CROSSCHECK_FAKE_BUG", None)
            report = buf.getvalue()
            check(rc == 1, f"an injected bug fails the run: exit {rc}")
            check("missing in kirin" in report and "reproduce:" in report and "drill-down" in report,
                  "the report has the difference, a reproduction command and a drill-down")
            print("\n".join("   | " + line for line in report.splitlines()[:14]))
        rc = main(["--kirin", str(Path(tmp) / "no-such-kirin"), "--reference", args.references[0]],
                  out=io.StringIO())
        check(rc == 2, f"a missing kirin binary: exit status {rc}")
    print(f"self-test: {'PASS' if failures == 0 else f'{failures} FAILURES'}")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--emulate-kirin":
        sys.exit(emulate_kirin(sys.argv[2:]))
    try:
        sys.exit(main())
    except EngineError as e:
        print(f"crosscheck: FAIL: {e}", file=sys.stderr)
        sys.exit(2)
