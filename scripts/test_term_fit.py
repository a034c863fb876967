"""Unit tests of scripts/term-fit.py's parsing and fit (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import importlib.util
import os
import random
import unittest

_spec = importlib.util.spec_from_file_location(
    "term_fit", os.path.join(os.path.dirname(__file__), "term-fit.py"))
term_fit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(term_fit)

GAME = """[Event "kirin vs fairy-stockfish (courier)"]
[White "fairy-stockfish"]
[Black "kirin"]
[Result "1-0"]

1. k3 {book} Ff5 {book} 2. d3 {+1.28/16 0.82s} h6
{-1.40/14 0.30s} 3. e3 {-0.50/13 0.1s} Fe6 {+M6/25 0.04s} 1-0
"""

TRACE = """Static eval (side to move): -32 cp
Eval terms (White's view; mg, eg; phase 6546/8728):
  material and squares      -184    -116
  pawns                       -2       2
  conversion                 -34
  total                       45
"""


class Parsing(unittest.TestCase):
    def test_comment_scores_for_the_mover(self):
        self.assertEqual(term_fit.comment_score("+1.28/16 0.82s"), 128)
        self.assertEqual(term_fit.comment_score("-0.50/13 0.1s"), -50)
        self.assertIsNone(term_fit.comment_score("book"))
        self.assertIsNone(term_fit.comment_score("+M6/25 0.04s"), "a mate is no centipawn score")
        self.assertIsNone(term_fit.comment_score(None))

    def test_moves_keep_their_comments(self):
        ((tags, moves),) = term_fit.move_quality.pgn_games_with_comments(GAME)
        self.assertEqual(tags["White"], "fairy-stockfish")
        self.assertEqual(moves[2], ("d3", "+1.28/16 0.82s"))
        self.assertEqual(moves[3], ("h6", "-1.40/14 0.30s"))
        self.assertEqual(len(moves), 6, "move numbers and the result are not moves")

    def test_trace_is_tapered_by_the_phase(self):
        t = term_fit.parse_trace(TRACE.splitlines())
        self.assertEqual(t["material and squares"], round(0.75 * -184 + 0.25 * -116))
        self.assertEqual(t["pawns"], round(0.75 * -2 + 0.25 * 2))
        self.assertEqual(t["conversion"], -34)
        self.assertEqual(t["total"], 45)
        self.assertIsNone(term_fit.parse_trace(["info string unknown variant"]))


class Fit(unittest.TestCase):
    def test_recovers_the_weights_that_made_the_scores(self):
        rng = random.Random(7)
        terms, scores = [], []
        for _ in range(400):
            t = {"material": rng.randint(-300, 300), "pawns": rng.randint(-40, 40), "flat": 5, "total": 0}
            terms.append(t)
            scores.append(1.2 * t["material"] + 3.0 * t["pawns"] + 10 + rng.uniform(-1, 1))
        names, coef, r2 = term_fit.fit(terms, scores)
        self.assertEqual(names, ["material", "pawns"], "a term that never varies is left out, and the total")
        self.assertAlmostEqual(coef[0], 1.2, places=2)
        self.assertAlmostEqual(coef[1], 3.0, places=1)
        self.assertAlmostEqual(coef[2], 10, delta=0.5)
        self.assertGreater(r2, 0.99)


if __name__ == "__main__":
    unittest.main()
