"""Unit tests of scripts/score-gap.py (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("score_gap", os.path.join(HERE, "score-gap.py"))
sg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sg)

PGN = """[Event "old vs opponent (courier)"]
[White "old"]
[Black "opponent"]
[Result "0-1"]
[FEN "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"]

1. Nj3 {book} Rl6 {book} 2. h3 {+0.20/12 0.23s} e6
{+0.50/15 0.48s} 3. e3 {+0.10/13 0.32s} f6 {+1.60/13 0.13s} 4. f3
{-0.30/13 0.25s} f5 {+M5/14 0.46s} 5. d3 {-1.60/12 0.20s} 0-1

[Event "opponent vs old (courier)"]
[White "opponent"]
[Black "old"]
[Result "0-1"]

1. e3 {book} e6 {+0.40/9 0.1s} 2. d3 {-0.10/9 0.1s} d6 {0.00/9 0.1s} 0-1
"""


class Read(unittest.TestCase):
    def test_scores_follow_their_moves_and_book_has_none(self):
        games = list(sg.read_games(PGN.splitlines(True)))
        self.assertEqual(len(games), 2)
        tags, comments = games[0]
        self.assertEqual(tags["White"], "old")
        self.assertEqual(len(comments), 9)
        self.assertEqual(comments[0], "book")
        self.assertEqual(comments[2], "+0.20/12 0.23s")
        self.assertEqual(sg.comment_score(comments[0], 10), None)
        self.assertEqual(sg.comment_score(comments[7], 10), 10)
        self.assertEqual(sg.comment_score("-M3/20 0.1s", 10), -10)
        self.assertEqual(sg.comment_score(comments[8], 10), -1.6)


class FirstComment(unittest.TestCase):
    def test_the_score_not_the_end_of_the_game_is_kept(self):
        pgn = '[White "a"]\n[Black "opponent"]\n[Result "1-0"]\n\n1. e3 {+M1/9 0.1s} {checkmate} 1-0\n'
        ((_, comments),) = sg.read_games(pgn.splitlines(True))
        self.assertEqual(comments, ["+M1/9 0.1s"])


class Pairs(unittest.TestCase):
    def setUp(self):
        self.games = list(sg.pairs(sg.read_games(PGN.splitlines(True)), None, 10))

    def test_the_engine_is_the_player_not_named_opponent_on_either_colour(self):
        (r1, rows1), (r2, rows2) = self.games
        self.assertEqual((r1, r2), (0.0, 1.0))
        # White's own scores at plies 4, 6, 8 beside Black's one ply earlier; the book
        # plies and the first scored move (no score before it) make no pair.
        self.assertEqual(rows1, [(4, 0.10, 0.50), (6, -0.30, 1.60), (8, -1.60, 10.0)])
        # Black's scores at odd plies, beside White's before them.
        self.assertEqual(rows2, [(3, 0.0, -0.10)])

    def test_a_named_engine_and_a_stranger(self):
        self.assertEqual(len(list(sg.pairs(sg.read_games(PGN.splitlines(True)), "old", 10))), 2)
        self.assertEqual(list(sg.pairs(sg.read_games(PGN.splitlines(True)), "nobody", 10)), [])

    def test_bands_leave_out_mates_and_lags_count_plies(self):
        rows = sg.bands_table(self.games, [0, 5, 100], 10)
        self.assertEqual(rows[0][:3], (0, 5, 2))
        self.assertAlmostEqual(rows[0][5], ((0.10 + 0.50) + (0.0 - 0.10)) / 2)
        # Ply 8's pair holds a mate score and is left out.
        self.assertEqual(rows[1][2], 1)
        # The opponent passes +1.5 before ply 6; the engine reaches -1.5 at ply 8.
        self.assertEqual(sg.lags(self.games, 1.5), [(6, 2)])


if __name__ == "__main__":
    unittest.main()
