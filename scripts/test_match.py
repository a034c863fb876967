"""Unit tests of scripts/match.py's move reading (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import contextlib
import io
import os
import re
import tempfile
import types
import unittest

import match

# Chu Shogi (Fairy-Stockfish letters), Black to move: the Lion on g9 has g10 and f10 empty
# beside it and a piece on h10; c6 is occupied, e6 empty, rank 7 all empty.
CHU_FEN = ("lfcsgekgscfl/a3txot1b1a/mvr1d2d1rvm/pppp1pnpp1pp/1q1ip1p1iph1/12/2XI1Q6/"
           "P2NPH1PIB2/MPPP1PP1PPPP/1VR1D2D1RVM/A3TO2T1FA/LFCSGKEGSC1L b - - 3 20")


def cecp_reader(features: dict[str, str]) -> match.CecpEngine:
    eng = match.CecpEngine.__new__(match.CecpEngine)
    eng.features = features
    return eng


class SquareEmpty(unittest.TestCase):
    def test_multi_digit_runs_and_promoted_pieces(self):
        self.assertTrue(match.square_empty(CHU_FEN, "g10"))
        self.assertFalse(match.square_empty(CHU_FEN, "h10"))
        self.assertFalse(match.square_empty(CHU_FEN, "c6"))
        self.assertTrue(match.square_empty(CHU_FEN, "e6"))
        self.assertFalse(match.square_empty(CHU_FEN, "l1"))
        self.assertTrue(match.square_empty(CHU_FEN, "k1"))
        self.assertTrue(match.square_empty("4+B3/8 w - - 0 1", "h2"))
        self.assertFalse(match.square_empty("4+B3/8 w - - 0 1", "e2"))


class NullMove(unittest.TestCase):
    def game(self, legal):
        return types.SimpleNamespace(fen=CHU_FEN, legal=legal, zero_based_ranks=False, variant="chushogi")

    def test_null_move_is_a_lion_turn_out_and_back_over_an_empty_square(self):
        # h10 is occupied: g9h10,h10g9 is a capture and back, not a pass.
        legal = ["g9h10,h10g9", "g9g10,g10f10", "g9g10,g10g9", "g9f10,f10g9"]
        self.assertEqual(cecp_reader({})._parse_move(self.game(legal), "@@@@"), "g9g10,g10g9")

    def test_null_move_without_a_pass_stays_illegal(self):
        legal = ["g9h10,h10g9", "g9g10,g10f10"]
        self.assertEqual(cecp_reader({})._parse_move(self.game(legal), "@@@@"), "@@@@")


class Sprt(unittest.TestCase):
    def test_equal_results_favour_no_gain_and_a_clear_lead_accepts_it(self):
        lo, hi = match.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lo, -2.944, places=3)
        self.assertAlmostEqual(hi, 2.944, places=3)
        self.assertLess(match.sprt_llr(400, 200, 400, 0, 5), 0)
        self.assertEqual(match.sprt_status(600, 200, 400, (0, 5, 0.05, 0.05))[1], "H1")
        self.assertEqual(match.sprt_status(400, 200, 600, (0, 5, 0.05, 0.05))[1], "H0")
        self.assertIsNone(match.sprt_status(6, 2, 4, (0, 5, 0.05, 0.05))[1])
        # Halfway between the hypotheses, an even score is no evidence either way.
        self.assertAlmostEqual(match.sprt_llr(40, 20, 40, -5, 5), 0.0)
        self.assertEqual(match.sprt_llr(10, 0, 0, 0, 5), 0.0)

    def test_pentanomial_by_hand(self):
        # 4 pairs: totals 2, 1, 1, 1/2 points -> samples 1, 0.5, 0.5, 0.25; mean 0.5625,
        # var = (0.4375^2 + 2 * 0.0625^2 + 0.3125^2) / 4 = 0.296875 / 4 = 0.074219; 0 against
        # 100 Elo: LLR = 4 * 0.140065 * (1.125 - 0.5 - 0.640065) / (2 * 0.074219) = -0.05686
        penta = [0, 1, 2, 0, 1]
        self.assertAlmostEqual(match.sprt_llr_pentanomial(penta, 0, 100), -0.05686, places=4)
        self.assertEqual(match.sprt_llr_pentanomial([0, 0, 5, 0, 0], 0, 5), 0.0)
        self.assertAlmostEqual(match.sprt_llr_pentanomial([1, 2, 4, 2, 1], -5, 5), 0.0)
        self.assertEqual(match.sprt_status(0, 0, 0, (0, 5, 0.05, 0.05), [5, 20, 30, 80, 65])[1], "H1")

    def test_llr_by_hand(self):
        # w=3, d=2, l=1 (s = 4/6), H0 0 Elo against H1 100 Elo:
        # s0 = 0.5, s1 = 1 / (1 + 10^-0.25) = 0.640065; var = 0.833333 / 6 = 0.138889;
        # LLR = 6 * 0.140065 * (1.333333 - 0.5 - 0.640065) / (2 * 0.138889) = 0.5847
        s1 = 1 / (1 + 10 ** -0.25)
        var = (3 * (1 / 3) ** 2 + 2 * (0.5 - 2 / 3) ** 2 + 1 * (2 / 3) ** 2) / 6
        want = 6 * (s1 - 0.5) * (2 * 2 / 3 - 0.5 - s1) / (2 * var)
        self.assertAlmostEqual(match.sprt_llr(3, 2, 1, 0, 100), want)
        self.assertAlmostEqual(want, 0.5847, places=4)


class Adjudication(unittest.TestCase):
    def game(self, white, black, moves):
        return types.SimpleNamespace(scores=(white, black), moves=["m"] * moves, white="w", black="b")

    def test_scores_of_move_comments(self):
        self.assertEqual(match.score_cp("+0.35/12"), 35)
        self.assertEqual(match.score_cp("-1.20/8"), -120)
        self.assertEqual(match.score_cp("-M4/20"), -match.MATE_CP)
        self.assertIsNone(match.score_cp(""))

    def test_resign_and_draw(self):
        cfg = types.SimpleNamespace(resign=(3, 500), draw=None)
        # Black's last three moves at -5.00 or worse: Black loses; two are not enough.
        self.assertEqual(match.adjudicate(self.game([100, 600, 700, 800], [-400, -500, -600, -900], 8), cfg)[0], "1-0")
        self.assertIsNone(match.adjudicate(self.game([100, 600, 700], [-400, -500, -900], 6), cfg), "-4.00 is not -5")
        self.assertIsNone(match.adjudicate(self.game([600, 700], [-500, -900], 4), cfg))
        self.assertIsNone(match.adjudicate(self.game([0, 0, 0], [-600, None, -600], 6), cfg))
        cfg = types.SimpleNamespace(resign=None, draw=(10, 2, 10))
        level = self.game([5, 0, -10], [0, 10, 3], 30)
        self.assertEqual(match.adjudicate(level, cfg)[0], "1/2-1/2")
        self.assertIsNone(match.adjudicate(self.game([5, 0, -10], [0, 10, 3], 10), cfg), "before move 10")
        self.assertIsNone(match.adjudicate(self.game([5, 0, 11], [0, 10, 3], 30), cfg))


class OpeningsFile(unittest.TestCase):
    def test_fen_and_epd_lines_are_read_and_checked(self):
        import argparse

        class Referee:
            FEN_OK = 1

            def validate_fen(self, fen, variant):
                return 1 if fen.count("/") == 7 else 0

            def legal_moves(self, variant, fen, moves):
                return ["e7e5"]

        class Parser(argparse.ArgumentParser):
            def error(self, message):
                raise ValueError(message)

        saved, match.sf = match.sf, Referee()
        try:
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "open.epd")
                with open(path, "w") as f:
                    f.write("# comment\n\n"
                            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"e4\";\n"
                            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 3\n")
                fens = match.read_openings_file(Parser(), path, "chess")
                self.assertEqual(fens, ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 3"])
                with open(path, "w") as f:
                    f.write("not a position\n")
                with self.assertRaisesRegex(ValueError, "open.epd:1: not a playable position"):
                    match.read_openings_file(Parser(), path, "chess")
        finally:
            match.sf = saved


KIRIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "kirin")


class FastReferee(unittest.TestCase):
    """The referee's short cut for FAST_REFEREE variants (each FEN from the one before, the
    rules asked about the moves since the half-move clock was last 0) judges every position
    as a replay of the whole game does."""

    def games(self, variant: str, moves: list[str]) -> tuple[match.Game, match.Game]:
        cfg = types.SimpleNamespace(base=0.0, max_plies=0)
        start = match.sf.start_fen(variant)
        fast = match.Game(1, variant, start, [], cfg, "a", "b")
        slow = match.Game(1, variant, start, [], cfg, "a", "b")
        slow.fast = False
        self.assertTrue(fast.fast)
        for mv in moves:
            for g in (fast, slow):
                g.moves.append(mv)
                g.refresh()
            self.assertEqual((fast.fen, sorted(fast.legal)), (slow.fen, sorted(slow.legal)))
            self.assertEqual(fast.referee(), slow.referee())
            self.assertEqual([match.insufficient(fast, s) for s in (0, 1)], [match.insufficient(slow, s) for s in (0, 1)])
        return fast, slow

    def test_a_repetition_is_seen_after_the_moves_since_the_last_pawn_move(self):
        # A pawn move, then the Knights out and back twice: the third occurrence ends it.
        shuffle = ["b2b3", "b7b6"] + ["b1c3", "b8c6", "c3b1", "c6b8"] * 2
        fast, _ = self.games("courier", shuffle)
        self.assertEqual(fast.referee()[0], "1/2-1/2")
        self.assertIn("repetition", fast.referee()[2])

    def test_random_games_agree_ply_by_ply(self):
        import random

        rng = random.Random(3)
        for variant in ("courier", "shatranj"):
            start = match.sf.start_fen(variant)
            moves: list[str] = []
            while len(moves) < 160:
                legal = match.sf.legal_moves(variant, start, moves)
                if not legal or match.sf.is_optional_game_end(variant, start, moves)[0]:
                    break
                moves.append(rng.choice(sorted(legal)))
            self.games(variant, moves)


@unittest.skipUnless(os.access(KIRIN, os.X_OK), "needs target/release/kirin (cargo build --release)")
class NodeLimitedGames(unittest.TestCase):
    @staticmethod
    def play(argv: list[str]) -> tuple[int, str, str]:
        """Runs match.py with `argv` (engines and limits) for two short chess games refereed by
        Kirin, with an I/O log: (exit status, output, I/O log)."""
        common = ["--variant", "chess", "--games", "2", "--seed", "1", "--openings", "2",
                  "--referee", "kirin", "--referee-kirin", KIRIN]
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "io.log")
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                status = match.main(argv + common + ["--log", log])
            with open(log) as f:
                return status, out.getvalue(), f.read()

    def test_both_protocols_get_a_node_budget_and_no_clock(self):
        status, text, io_log = self.play(
            ["--engine1", f"{KIRIN} uci", "--name1", "uci", "--engine2", KIRIN, "--proto2", "cecp",
             "--name2", "cecp", "--nodes", "300", "--max-plies", "40"])
        self.assertEqual(status, 0, text)
        self.assertIn("Finished 2 of 2 games", text)
        self.assertIn("300 nodes/move", text)
        self.assertIn("<< go nodes 300", io_log)
        self.assertNotIn("wtime", io_log)
        self.assertIn("<< st 1", io_log)
        self.assertIn("<< nps 300", io_log)
        self.assertNotIn("time forfeit", text)

    def test_node_odds_give_engine_two_its_own_budget(self):
        status, text, io_log = self.play(
            ["--engine1", f"{KIRIN} uci", "--name1", "a", "--engine2", f"{KIRIN} uci", "--name2", "b",
             "--nodes", "300", "--nodes2", "700", "--max-plies", "20"])
        self.assertEqual(status, 0, text)
        self.assertIn("300 nodes/move (700 for engine 2)", text)
        self.assertIn("<< go nodes 300", io_log)
        self.assertIn("<< go nodes 700", io_log)

    def test_a_continued_run_plays_the_games_a_whole_run_plays(self):
        """--first-game 2 plays game 2 alone, from the opening and colours it has in a whole
        run: at fixed nodes its moves are the whole run's game 2, so a stopped run can be
        continued (scripts/gauntlet.py --resume)."""
        def games(extra):
            with tempfile.TemporaryDirectory() as d:
                pgn = os.path.join(d, "g.pgn")
                status, text, _ = self.play(
                    ["--engine1", f"{KIRIN} uci", "--name1", "a", "--engine2", f"{KIRIN} uci",
                     "--name2", "b", "--nodes", "300", "--max-plies", "30", "--pgn", pgn] + extra)
                self.assertEqual(status, 0, text)
                with open(pgn) as f:
                    return text, f.read().split("[Event ")[1:]
        _, whole = games([])
        text, rest = games(["--first-game", "2"])
        self.assertIn("Finished 1 of 2 games", text)
        self.assertEqual(len(whole), 2)
        self.assertEqual(len(rest), 1)
        def strip(game):  # tags but the date, and the moves without their timed comments
            tags = [line for line in game.splitlines() if line.startswith("[") and not line.startswith("[Date")]
            return tags, re.sub(r"\{[^}]*\}", "", game.split("\n\n", 1)[1]).split()
        self.assertEqual(strip(rest[0]), strip(whole[1]))

    def test_node_odds_need_a_node_budget(self):
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            match.build_config(["--engine1", "a", "--engine2", "b", "--nodes2", "700"])


if __name__ == "__main__":
    unittest.main()
