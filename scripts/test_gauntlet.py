"""Unit tests of scripts/gauntlet.py's reading of match.py's game lines and its paired
statistics (run by scripts/test.sh): python3 -m unittest discover -s scripts -p 'test_*.py'"""
import argparse
import unittest

import gauntlet

LINES = [
    "game 1: new vs opponent (courier) 1-0 resign adjudication: opponent scored -4 or worse",
    "game 2: opponent vs new (courier) 1/2-1/2 repetition (3-fold), 154 plies   [new: +1 =1 -0]",
    "game 3: new vs opponent (courier) 0-1 checkmate, 90 plies",
    "game 4: opponent vs new (courier) 0-1 checkmate, 70 plies",
    "engine1: new [uci] /tmp/k uci",
]


class Results(unittest.TestCase):
    def test_scores_from_either_colour(self):
        self.assertEqual(gauntlet.results(LINES, "new"), {1: 1.0, 2: 0.5, 3: 0.0, 4: 1.0})
        self.assertEqual(gauntlet.results(LINES, "opponent"), {1: 0.0, 2: 0.5, 3: 1.0, 4: 0.0})


class FirstMissing(unittest.TestCase):
    def test_a_continued_match_starts_at_the_first_game_not_played(self):
        self.assertEqual(gauntlet.first_missing({}, 10), 1)
        self.assertEqual(gauntlet.first_missing({1: 1.0, 2: 0.5, 4: 0.0}, 10), 3)
        self.assertEqual(gauntlet.first_missing({1: 1.0, 2: 0.5}, 2), 3)


class Paired(unittest.TestCase):
    def test_only_games_both_played_count(self):
        mean, half, s_new, s_old, n = gauntlet.paired({1: 1.0, 2: 0.5, 3: 1.0}, {1: 0.0, 2: 0.5})
        self.assertEqual(n, 2)
        self.assertAlmostEqual(mean, 0.5)
        self.assertAlmostEqual((s_new, s_old), (0.75, 0.25))
        self.assertGreater(half, 0.0)

    def test_identical_games_have_no_error(self):
        same = {i: [0.0, 0.5, 1.0][i % 3] for i in range(30)}
        mean, half, _, _, n = gauntlet.paired(same, dict(same))
        self.assertEqual((mean, half, n), (0.0, 0.0, 30))
        self.assertIn("+0 Elo", gauntlet.report(same, dict(same)))

    def test_nothing_in_common(self):
        self.assertIsNone(gauntlet.paired({1: 1.0}, {2: 0.0}))
        self.assertEqual(gauntlet.report({1: 1.0}, {2: 0.0}), "no game played by both")


class PairedSprt(unittest.TestCase):
    def test_no_evidence_without_differences(self):
        same = {i: [0.0, 0.5, 1.0][i % 3] for i in range(40)}
        self.assertEqual(gauntlet.paired_llr(same, dict(same), 0, 20), 0.0)
        self.assertIsNone(gauntlet.sprt_verdict(0.0))

    def test_a_new_build_that_wins_more_gathers_evidence_for_h1(self):
        old = {i: 0.0 if i % 4 else 0.5 for i in range(200)}
        new = {i: 1.0 if i % 5 == 0 else old[i] for i in range(200)}
        llr = gauntlet.paired_llr(new, old, 0, 20)
        self.assertGreater(llr, 2.95)
        self.assertEqual(gauntlet.sprt_verdict(llr), "H1")
        self.assertLess(gauntlet.paired_llr(old, new, 0, 20), -2.95)
        self.assertEqual(gauntlet.sprt_verdict(gauntlet.paired_llr(old, new, 0, 20)), "H0")

    def test_evidence_grows_with_the_openings(self):
        def sets(n):
            old = {i: 0.5 for i in range(n)}
            new = {i: 1.0 if i % 10 == 0 else (0.0 if i % 10 == 5 else 0.5) for i in range(n)}
            new.update({i: 1.0 for i in range(n) if i % 10 == 3})
            return new, old

        small = gauntlet.paired_llr(*sets(50), 0, 20)
        large = gauntlet.paired_llr(*sets(500), 0, 20)
        self.assertGreater(large, small)


class MatchCommand(unittest.TestCase):
    def args(self, **kw):
        base = dict(opponent="/usr/games/fairy-stockfish", proto="uci", variant="courier", games=10,
                    seed=7, openings=4, out="/tmp/g", nodes=None, nodes2=None, tc="10+0.1",
                    option_opponent=[], referee="auto", old="/tmp/old uci", transcripts=False)
        base.update(kw)
        return argparse.Namespace(**base)

    def test_opponent_options_go_to_the_opponent_in_both_matches(self):
        args = self.args(option_opponent=["Move Overhead=60"])
        for side in ("new", "old"):
            cmd = gauntlet.match_command(args, side, f"/tmp/{side} uci", ["Hash=16"], 1)
            self.assertEqual(cmd[cmd.index("--option2") + 1], "Move Overhead=60")
            self.assertEqual(cmd[cmd.index("--option1") + 1], "Hash=16")
            self.assertEqual(cmd[cmd.index("--engine1") + 1], f"/tmp/{side} uci")

    def test_no_opponent_option_unless_given(self):
        cmd = gauntlet.match_command(self.args(), "new", "/tmp/new uci", [], 3)
        self.assertNotIn("--option2", cmd)
        self.assertEqual(cmd[cmd.index("--first-game") + 1], "3")
        self.assertEqual(cmd[cmd.index("--tc") + 1], "10+0.1")


if __name__ == "__main__":
    unittest.main()
