"""Unit tests of scripts/spsa.py's schedule and settings (run by scripts/test.sh):
python3 -m unittest discover -s scripts -p 'test_*.py'"""
import unittest

import spsa

TABLE = {"lmrDivisor": (210, 50, 600), "nullBase": (3, 1, 8)}


class Schedule(unittest.TestCase):
    def test_the_steps_end_at_c_end_and_r_end(self):
        params = spsa.parse_params(["lmrDivisor:20", "nullBase"], TABLE, {})
        s = spsa.Spsa(params, pairs=500, r_end=0.002, seed=1)
        for i, p in enumerate(params):
            ck = s.c[i] / 500 ** spsa.GAMMA
            ak = s.a[i] / (s.big_a + 500) ** spsa.ALPHA
            self.assertAlmostEqual(ck, p.c_end)
            self.assertAlmostEqual(ak / ck ** 2, 0.002)
        # Earlier perturbations are larger, and so are the steps.
        self.assertGreater(s.c[0] / 1 ** spsa.GAMMA, 20)

    def test_a_won_pair_moves_theta_along_its_perturbation(self):
        params = spsa.parse_params(["lmrDivisor:20", "nullBase:1"], TABLE, {})
        s = spsa.Spsa(params, pairs=100, r_end=0.002, seed=3)
        k, plus, minus, delta, ck = s.next_pair()
        self.assertNotEqual(plus, minus)
        before = [p.value for p in params]
        s.update(k, delta, ck, 2.0, 2.0)
        for p, b, d in zip(params, before, delta):
            self.assertEqual(p.value > b, d > 0, p.name)
        self.assertEqual((s.done, s.points), (1, 2.0))

    def test_all_pairs_are_handed_out_once(self):
        s = spsa.Spsa(spsa.parse_params(["nullBase"], TABLE, {}), pairs=3, r_end=0.002, seed=1)
        self.assertEqual([s.next_pair()[0] for _ in range(3)], [1, 2, 3])
        self.assertIsNone(s.next_pair())


class Settings(unittest.TestCase):
    def test_values_are_rounded_and_kept_in_range(self):
        params = spsa.parse_params(["lmrDivisor", "nullBase"], TABLE, {"nullBase": 4})
        self.assertEqual(params[1].value, 4)
        self.assertEqual(params[0].c_end, (600 - 50) / 20)
        self.assertEqual(params[1].c_end, 1.0)
        self.assertEqual(spsa.setting(params, [700.4, 2.6]), "lmrDivisor=600 nullBase=3")

    def test_an_unknown_name_is_refused(self):
        with self.assertRaises(SystemExit):
            spsa.parse_params(["nosuch"], TABLE, {})
        with self.assertRaises(SystemExit):
            spsa.parse_params(["nullBase:0"], TABLE, {})



class Resume(unittest.TestCase):
    def test_a_log_gives_the_highest_pair_and_the_last_theta(self):
        import os
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write("pair,points,lmrDivisor,nullBase\n1,1.5,210.4,3.1\n3,0.5,210.1,3.0\n2,0.5,209.9,2.9\n")
        try:
            self.assertEqual(spsa.read_resume(f.name, ["lmrDivisor", "nullBase"]),
                             (3, {"lmrDivisor": 209.9, "nullBase": 2.9}))
            with self.assertRaises(SystemExit):
                spsa.read_resume(f.name, ["nullBase"])
        finally:
            os.unlink(f.name)

    def test_a_resumed_schedule_goes_on_from_its_pair(self):
        s = spsa.Spsa(spsa.parse_params(["nullBase"], TABLE, {}), pairs=10, r_end=0.002, seed=1, first=7)
        self.assertEqual([s.next_pair()[0] for _ in range(3)], [8, 9, 10])
        self.assertIsNone(s.next_pair())


if __name__ == "__main__":
    unittest.main()
