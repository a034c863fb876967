"""Unit tests of scripts/gauntlet.py's reading of match.py's game lines and its paired
statistics (run by scripts/test.sh): python3 -m unittest discover -s scripts -p 'test_*.py'"""
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


if __name__ == "__main__":
    unittest.main()
