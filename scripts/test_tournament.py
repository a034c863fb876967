"""Unit tests of scripts/tournament.py (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import argparse
import unittest

import tournament


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


if __name__ == "__main__":
    unittest.main()
