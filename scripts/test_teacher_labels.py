"""Unit tests of scripts/teacher-labels.py (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'

A stand-in engine scores each position by its FEN's length and answers after a delay
that varies with the position, so that engines running side by side finish out of order."""
import contextlib
import importlib.util
import io
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("teacher_labels", os.path.join(HERE, "teacher-labels.py"))
tl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tl)

FAKE_ENGINE = r'''
import sys, time
fen = ""
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        print("uciok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "position":
        fen = " ".join(w[2:])
    elif w[0] == "go":
        if fen.startswith("DIE"):
            sys.exit(0)
        time.sleep((len(fen) % 3) * 0.01)
        print(f"info depth 1 score cp 7 upperbound", flush=True)
        print(f"info depth 2 score cp {len(fen)} nodes 10 pv a1a2", flush=True)
        print("bestmove a1a2", flush=True)
    elif w[0] == "quit":
        break
'''

FENS = [
    ("8/8/8/8/8/8/8/K6k w - - 0 1", '"1-0"'),
    ("8/8/8/8/8/8/8/K6k b - - 0 1", '"0-1"'),
    ("12/12/12/12/12/12/12/K10k w - - 3 40", ""),
    ("12/12/12/12/12/12/12/K10k b - - 30 140", '"1/2-1/2"'),
    ("8/8/8/8/8/8/1k6/K7 b - - 0 1", '"1-0"'),
] * 3


class Labelling(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.engine = os.path.join(self.dir.name, "engine.py")
        with open(self.engine, "w") as f:
            f.write(FAKE_ENGINE)

    def tearDown(self):
        self.dir.cleanup()

    def run_jobs(self, jobs, positions, ce=True):
        engines = [tl.Engine(f"{sys.executable} {self.engine}", "courier") for _ in range(jobs)]
        out = io.StringIO()
        try:
            n = tl.label_all(iter(positions), engines, 2, ce, out)
        finally:
            for e in engines:
                e.p.kill()
                e.p.wait()
                # A dead engine may still hold a line it was sent after it exited.
                with contextlib.suppress(BrokenPipeError):
                    e.p.stdin.close()
                e.p.stdout.close()
        return n, out.getvalue()

    def test_lines_keep_the_input_order_whatever_engine_finishes_first(self):
        n, text = self.run_jobs(3, FENS)
        self.assertEqual(n, len(FENS))
        lines = text.splitlines()
        self.assertEqual([line.split(" c9 ")[0] for line in lines], [fen for fen, _ in FENS])
        self.assertEqual(self.run_jobs(1, FENS), (n, text))

    def test_ce_is_the_side_to_moves_score_and_a_missing_result_a_draw(self):
        _, text = self.run_jobs(2, FENS[:3])
        first, second, third = text.splitlines()
        # The last exact score (the length of the FEN) is White's; Black's is its negative.
        self.assertEqual(first, f'{FENS[0][0]} c9 "1-0"; ce {len(FENS[0][0])};')
        self.assertEqual(second, f'{FENS[1][0]} c9 "0-1"; ce {len(FENS[1][0])};')
        self.assertEqual(third, f'{FENS[2][0]} c9 "1/2-1/2"; ce {len(FENS[2][0])};')

    def test_without_ce_the_score_becomes_an_expected_result(self):
        _, text = self.run_jobs(1, FENS[:2], ce=False)
        white, black = (float(line.split('"')[1]) for line in text.splitlines())
        self.assertGreater(white, 0.5)
        self.assertAlmostEqual(white + black, 1.0, places=3)

    def test_an_engine_that_exits_stops_the_run_with_its_message(self):
        positions = FENS[:4] + [("DIE w - - 0 1", "")] + FENS[:4]
        with self.assertRaises(SystemExit) as caught:
            self.run_jobs(2, positions)
        self.assertIn("the engine exited", str(caught.exception))

    def test_a_data_file_that_fails_midway_stops_the_run(self):
        def positions():
            yield FENS[0]
            raise OSError("unreadable")

        with self.assertRaises(OSError):
            self.run_jobs(2, positions())

    def test_every_nth_position_of_the_files(self):
        path = os.path.join(self.dir.name, "data.epd")
        with open(path, "w") as f:
            f.write("# comment\n\n")
            for fen, result in FENS[:5]:
                f.write(f"{fen} c9 {result or tl.DRAW};\n")
        kept = list(tl.kept_positions([path], 2))
        self.assertEqual([fen for fen, _ in kept], [FENS[1][0], FENS[3][0]])
        self.assertEqual(kept[0][1], '"0-1"')


if __name__ == "__main__":
    unittest.main()
