"""Unit tests of scripts/match.py's move reading (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
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


if __name__ == "__main__":
    unittest.main()
