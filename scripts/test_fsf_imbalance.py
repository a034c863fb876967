"""Unit tests of scripts/fsf-imbalance.py's counting and fit (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import importlib.util
import os
import random
import unittest

_spec = importlib.util.spec_from_file_location(
    "fsf_imbalance", os.path.join(os.path.dirname(__file__), "fsf-imbalance.py"))
fsf_imbalance = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fsf_imbalance)


class Counting(unittest.TestCase):
    def test_pieces_of_each_side_and_promoted_cells(self):
        c = fsf_imbalance.counts("rn2k2+N/pp6/8/8/8/8/PPP5/1NB1KB2 w - - 0 1", "PNB")
        self.assertEqual(c, {"P": (3, 2), "N": (1, 1), "B": (2, 0)})

    def test_pair_product_and_enemy_columns(self):
        cols, names = fsf_imbalance.features({"P": (3, 1), "B": (2, 0)}, "PB")
        row = dict(zip(names, cols))
        self.assertEqual(row[("linear", "B")], 2)
        self.assertEqual(row[("imbalance", "P.P")], 3 - 0)   # three pawns make 3 pairs
        self.assertEqual(row[("imbalance", "B.B")], 1)       # one pair of Bishops
        self.assertEqual(row[("imbalance", "B.P")], 6 - 0)   # 2 Bishops x 3 own pawns
        self.assertEqual(row[("imbalanceVs", "B.P")], 2 * 1)  # 2 Bishops x 1 enemy pawn


EVAL_OUTPUT = """info string variant courier files 12 ranks 8
     Term    |    White    |    Black    |    Total
             |   MG    EG  |   MG    EG  |   MG    EG
 ------------+-------------+-------------+------------
    Material |  ----  ---- |  ----  ---- |  2.10  1.43
   Imbalance |  ----  ---- |  ----  ---- | -1.94 -1.94
       Space |  1.16  0.00 |  1.42  0.00 | -0.25  0.00
 ------------+-------------+-------------+------------
       Total |  ----  ---- |  ----  ---- | -1.60 -0.96

Total evaluation: -1.38 (white side)
Total evaluation: none (in check)
"""


class Tables(unittest.TestCase):
    def test_rows_of_each_evaluation_and_none_in_check(self):
        tables = fsf_imbalance.parse_tables(EVAL_OUTPUT)
        self.assertEqual(len(tables), 2)
        self.assertEqual(tables[0]["Material"], (2.10, 1.43))
        self.assertEqual(tables[0]["Imbalance"], (-1.94, -1.94))
        self.assertEqual(tables[0]["Space"], (-0.25, 0.0))
        self.assertIsNone(tables[1])


class Fit(unittest.TestCase):
    def test_known_terms_are_recovered(self):
        """Scores made from a Bishop-pair term of 40 and a Knight-per-own-pawn term of 7
        are fitted back to those terms, the others to nothing."""
        rng = random.Random(5)
        rows, y = [], []
        for _ in range(400):
            c = {p: (rng.randint(0, n), rng.randint(0, n)) for p, n in (("P", 8), ("N", 2), ("B", 2))}
            cols, names = fsf_imbalance.features(c, "PNB")
            rows.append(cols + [1.0])
            row = dict(zip(names, cols))
            y.append(40 * row[("imbalance", "B.B")] + 7 * row[("imbalance", "N.P")])
        fit = dict(zip(names, fsf_imbalance.least_squares(rows, y)))
        self.assertAlmostEqual(fit[("imbalance", "B.B")], 40, places=3)
        self.assertAlmostEqual(fit[("imbalance", "N.P")], 7, places=3)
        self.assertAlmostEqual(fit[("imbalanceVs", "N.P")], 0, places=3)
        self.assertAlmostEqual(fit[("linear", "P")], 0, places=3)


if __name__ == "__main__":
    unittest.main()
