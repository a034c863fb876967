"""Unit tests of scripts/move_quality.py's reading of engine output and PGN and of its
statistics (run by scripts/test.sh): python3 -m unittest discover -s scripts -p 'test_*.py'"""
import unittest

import move_quality as mq


class Scores(unittest.TestCase):
    def test_the_last_exact_score_counts(self):
        lines = [
            "info depth 9 score cp 31 nodes 100 pv e2e4",
            "info depth 10 score cp 45 lowerbound nodes 200",
            "info depth 10 score cp 40 nodes 300 pv e2e4",
            "bestmove e2e4",
        ]
        self.assertEqual(mq.last_score(lines), 40)

    def test_mates_are_large_and_nearer_is_larger(self):
        self.assertEqual(mq.last_score(["info depth 5 score mate 3 pv a1a2"]), mq.MATE - 3)
        self.assertEqual(mq.last_score(["info depth 5 score mate -2 pv a1a2"]), -mq.MATE + 2)
        self.assertIsNone(mq.last_score(["info string nothing", "bestmove a1a2"]))


class Pgn(unittest.TestCase):
    def test_tags_and_moves_without_comments_or_numbers(self):
        text = (
            '[Event "x"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n[Result "1-0"]\n\n'
            "1. k3 {book} Ea6 {+0.71/11 0.04s} 2. Nxg3+ {-0.2/9} 1-0\n\n"
            '[Event "y"]\n\n1. e4 e5 *\n'
        )
        games = list(mq.pgn_games(text))
        self.assertEqual(len(games), 2)
        self.assertEqual(games[0][0]["FEN"], "8/8/8/8/8/8/8/8 w - - 0 1")
        self.assertEqual(games[0][1], ["k3", "Ea6", "Nxg3+"])
        self.assertEqual(games[1][1], ["e4", "e5"])


class Statistics(unittest.TestCase):
    def test_mean_and_interval(self):
        m, ci = mq.mean_ci([10.0, 20.0, 30.0, 40.0])
        self.assertAlmostEqual(m, 25.0)
        # Sample deviation 12.91, over sqrt(4), times 1.96.
        self.assertAlmostEqual(ci, 1.96 * 12.909944 / 2, places=4)
        self.assertEqual(mq.mean_ci([]), (0.0, 0.0))

    def test_summary_counts_agreement_and_large_losses(self):
        rows = [(True, 0.0), (False, 60.0), (False, 200.0), (False, 20.0)]
        line = mq.summary("b", rows)
        self.assertIn("4 positions, best move 25.0%", line)
        self.assertIn("mean loss 70.0", line)
        self.assertIn("over 50 cp 50.0%, over 150 cp 25.0%", line)


if __name__ == "__main__":
    unittest.main()
