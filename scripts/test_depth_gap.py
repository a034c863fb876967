"""Unit tests of scripts/depth-gap.py's reading of search reports (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("depth_gap", os.path.join(HERE, "depth-gap.py"))
dg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dg)


class CompletedDepth(unittest.TestCase):
    def test_the_iteration_the_node_limit_stopped_does_not_count(self):
        # Fairy-Stockfish 11.1, `go nodes 150000` from courier's start: its last line is
        # the sixteenth iteration, stopped, with the nodes that stopped it.
        lines = [
            "info depth 14 seldepth 14 multipv 1 score cp 73 nodes 85943 nps 265256 time 324 pv k1j3\n",
            "info depth 15 seldepth 18 multipv 1 score cp 74 nodes 120712 nps 256834 time 470 pv e2e3\n",
            "info depth 16 seldepth 18 multipv 1 score cp 73 nodes 150024 nps 248384 time 604 pv k1j3\n",
            "bestmove k1j3 ponder e7e6\n",
        ]
        self.assertEqual(dg.completed_depth(lines, 150000), 15)

    def test_bounds_and_other_lines_of_a_multipv_search_do_not_count(self):
        lines = [
            "info depth 9 multipv 1 score cp 20 nodes 900 pv a1a2\n",
            "info depth 10 multipv 1 score cp 60 lowerbound nodes 1200 pv a1a2\n",
            "info depth 10 multipv 2 score cp 10 nodes 1300 pv b1b2\n",
            "info depth 11 multipv 1 score mate 3 upperbound nodes 1400 pv a1a2\n",
            "info string depth 12 score cp 1 nodes 5\n",
            "bestmove a1a2\n",
        ]
        self.assertEqual(dg.completed_depth(lines, 100000), 9)
        self.assertEqual(dg.completed_depth(["bestmove a1a2\n"], 100), 0)


if __name__ == "__main__":
    unittest.main()
