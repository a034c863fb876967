"""Unit tests of scripts/time-use.py's reading of match logs (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("time_use", os.path.join(HERE, "time-use.py"))
tu = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tu)

FEN = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR"


class SideToMove(unittest.TestCase):
    def test_the_moves_after_the_fen_decide_the_side(self):
        self.assertEqual(tu.side_to_move(f"position fen {FEN} w - - 0 1 moves a2a3 a7a6"), (2, "w"))
        self.assertEqual(tu.side_to_move(f"position fen {FEN} b - - 0 1 moves a7a6"), (1, "w"))
        self.assertEqual(tu.side_to_move("position startpos moves e2e4"), (1, "b"))
        self.assertEqual(tu.side_to_move("position startpos"), (0, "w"))


class Read(unittest.TestCase):
    LOG = [
        "     0.1 [1:kirin] << uci\n",
        f"     0.2 [1:kirin] << position fen {FEN} w - - 0 1 moves a2a3\n",
        "     0.2 [1:kirin] << go wtime 9000 btime 8000 winc 100 binc 100\n",
        "     0.3 [1:kirin] >> info depth 5 seldepth 7 score cp 3 nodes 500 nps 1 time 20 pv a7a6\n",
        "     0.4 [1:kirin] >> info depth 6 seldepth 9 score cp 4 nodes 900 nps 1 time 40 pv a7a6\n",
        "     0.4 [1:kirin] >> bestmove a7a6\n",
        f"     0.5 [2:fsf] << position fen {FEN} w - - 0 1 moves a2a3 a7a6\n",
        "     0.5 [2:fsf] << go wtime 7000 btime 8000 winc 100 binc 100\n",
        "     0.6 [2:fsf] >> info depth 8 seldepth 9 score cp 1 nodes 2000 nps 1 time 50 pv b2b3\n",
        "     0.6 [2:fsf] >> bestmove b2b3\n",
        # A move with no search report (a book move, say) is left out.
        "     0.7 [1:kirin] << go wtime 9000 btime 8000 winc 100 binc 100\n",
        "     0.7 [1:kirin] >> bestmove b7b6\n",
    ]

    def test_each_move_has_its_own_clock_and_last_report(self):
        moves = tu.read(self.LOG)
        # Black to move after a2a3: Black's clock.
        self.assertEqual(moves["kirin"], [(1, 8000, 6, 900, 40)])
        self.assertEqual(moves["fsf"], [(2, 7000, 8, 2000, 50)])

    def test_bands_and_clocks(self):
        moves = {"e": [(1, 9000, 10, 100, 10), (3, 8000, 12, 300, 30), (50, 2000, 14, 50, 5)]}
        self.assertEqual(tu.bands_table(moves, [0, 40, 80]), [("e", 0, 40, 2, 11.0, 200.0, 20.0), ("e", 40, 80, 1, 14.0, 50.0, 5.0)])
        # Ply 2 or 3 (the side alternates), then ply 50.
        self.assertEqual(tu.clocks_table(moves, [2, 50, 90]), [("e", 2, 1, 8000.0), ("e", 50, 1, 2000.0)])


if __name__ == "__main__":
    unittest.main()
