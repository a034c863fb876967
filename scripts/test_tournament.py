"""Unit tests of scripts/tournament.py (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import argparse
import contextlib
import io
import os
import sys
import tempfile
import unittest

import tournament

HERE = os.path.dirname(os.path.abspath(__file__))
KIRIN = os.path.join(HERE, "..", "target", "release", "kirin")

# A UCI engine that answers every `go` with a move no position allows.
CHEATER = """import sys
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    if cmd[0] == "uci":
        print("id name cheater")
        print("uciok", flush=True)
    elif cmd[0] == "isready":
        print("readyok", flush=True)
    elif cmd[0] == "go":
        print("bestmove e2e5", flush=True)
    elif cmd[0] == "quit":
        break
"""


class EngineSpec(unittest.TestCase):
    def test_cutechess_style_keys(self):
        e = tournament.parse_engine("name=k cmd='target/release/kirin uci' proto=uci option.Hash=64 'option.Move Overhead=80'")
        self.assertEqual(e["cmd"], "target/release/kirin uci")
        self.assertEqual(e["options"], ["Hash=64", "Move Overhead=80"])
        e = tournament.parse_engine("cmd=/usr/games/fairymax proto=cecp 'option.Claim Draws=never'")
        self.assertEqual((e["name"], e["proto"], e["options"]), ("fairymax", "cecp", ["Claim Draws=never"]))

    def test_bad_specs_are_refused(self):
        # An option name with a space must be quoted: unquoted, its tail is no KEY=VALUE.
        for bad in ("name=x", "cmd=a proto=usi", "cmd=a colour=white", "cmd='a", "cmd=a option.Move Overhead=8"):
            with self.assertRaises(argparse.ArgumentTypeError, msg=bad):
                tournament.parse_engine(bad)


class MatchArguments(unittest.TestCase):
    def test_a_node_budget_replaces_the_clock(self):
        a = argparse.Namespace(variant="courier", games=2, tc="10+0.1", nodes=None, openings=4, concurrency=1,
                               event=None, seed=None, pgn=None)
        e = {"cmd": "k uci", "proto": "uci", "name": "k", "options": []}
        self.assertIn("--tc", tournament.match_argv(a, e, e, []))
        a.nodes = 5000
        argv = tournament.match_argv(a, e, e, [])
        self.assertNotIn("--tc", argv)
        self.assertEqual(argv[argv.index("--nodes") + 1], "5000")


class Schedule(unittest.TestCase):
    def test_round_robin_and_gauntlet(self):
        self.assertEqual(tournament.pairings(3, False), [(0, 1), (0, 2), (1, 2)])
        self.assertEqual(tournament.pairings(4, True), [(0, 1), (0, 2), (0, 3)])

    def test_table_counts_each_side(self):
        t = tournament.Table(["a", "b", "c"])
        t.add(0, 1, 3, 1, 0)  # a +3 =1 -0 against b
        t.add(1, 2, 1, 0, 1)
        self.assertEqual(t.total(0), (3, 1, 0))
        self.assertEqual(t.total(1), (1, 1, 4))
        self.assertEqual(t.total(2), (1, 0, 1))
        text = "\n".join(t.lines())
        self.assertIn(" 1. a  3.5/4", text)


@unittest.skipUnless(os.access(KIRIN, os.X_OK), "needs target/release/kirin (cargo build --release)")
class BadEngine(unittest.TestCase):
    def test_an_illegal_move_loses_that_game_and_the_event_goes_on(self):
        with tempfile.TemporaryDirectory() as d:
            cheater = os.path.join(d, "cheater.py")
            with open(cheater, "w") as f:
                f.write(CHEATER)
            argv = ["--variant", "chess", "--games", "2", "--tc", "2+0.02", "--openings", "0",
                    "--engine", f"name=kirin cmd='{KIRIN} uci'",
                    "--engine", f"name=cheater cmd='{sys.executable} {cheater}'",
                    "--engine", "name=gone cmd=/nonexistent/engine",
                    "--", "--referee", "kirin", "--referee-kirin", KIRIN]
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = tournament.main(argv)
            text = out.getvalue() + err.getvalue()
        # Both games against the cheater are played and lost by it, with the move named.
        self.assertIn("ILLEGAL MOVE 'e2e5' by cheater", text)
        self.assertIn("Finished 2 of 2 games: kirin vs cheater", text)
        self.assertIn(" 1. kirin    2/2  +2 =0 -0", text)
        # An engine that cannot start fails its pairings, reported at the end; exit 1.
        self.assertIn("Pairings that could not be played to the end:", text)
        self.assertEqual(status, 1)


if __name__ == "__main__":
    unittest.main()
