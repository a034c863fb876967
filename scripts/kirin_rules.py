"""Kirin's rules as a match referee, with the part of pyffish's interface that
``scripts/match.py`` uses, for the variants pyffish does not know (Chu and Sho Shogi's
engine-defined forms, Short Sliders, Bat chess, Verney, Tamerlane, Hiashatar, Gleeman,
Slide-chess ...).

It talks to a separate ``kirin referee`` process (one request line, one JSON line back;
see src/protocol/referee.rs), so the engines being refereed and the referee share no state:
a move an engine sends is checked against a list made by another process from the game's
moves alone. It is still Kirin's own move generator; where pyffish knows the variant,
match.py uses pyffish.
"""

import json
import subprocess
import threading

FEN_OK = 1


class KirinRules:
    FEN_OK = FEN_OK

    def __init__(self, binary: str):
        self.binary = binary
        self.proc = subprocess.Popen([binary, "referee"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lock = threading.Lock()
        self.cache: dict[tuple[str, str, tuple[str, ...]], dict] = {}
        out = subprocess.run([binary, "variants"], capture_output=True, text=True, check=True).stdout
        self._variants = [line.split()[0] for line in out.splitlines() if line.strip()]

    def query(self, variant: str, fen: str, moves) -> dict:
        key = (variant, fen, tuple(moves))
        with self.lock:
            if key not in self.cache:
                if len(self.cache) > 20000:
                    self.cache.clear()
                self.proc.stdin.write(f"{variant}\t{fen}\t{' '.join(moves)}\n")
                self.proc.stdin.flush()
                line = self.proc.stdout.readline()
                if not line:
                    raise RuntimeError("kirin referee ended")
                self.cache[key] = json.loads(line)
            return self.cache[key]

    def _ok(self, variant, fen, moves) -> dict:
        a = self.query(variant, fen, moves)
        if "error" in a:
            raise ValueError(a["error"])
        return a

    # --- the pyffish functions match.py calls -------------------------------------------
    def variants(self):
        return self._variants

    def version(self):
        return ("kirin",)

    def start_fen(self, variant):
        return self._ok(variant, "startpos", [])["fen"]

    def validate_fen(self, fen, variant):
        return FEN_OK if "error" not in self.query(variant, fen, []) else 0

    def get_fen(self, variant, fen, moves):
        return self._ok(variant, fen, moves)["fen"]

    def legal_moves(self, variant, fen, moves):
        return self._ok(variant, fen, moves)["legal"]

    def gives_check(self, variant, fen, moves):
        return self._ok(variant, fen, moves)["check"]

    def over(self, variant, fen, moves):
        """(result, reason) when the game is over by any rule, else None."""
        o = self._ok(variant, fen, moves)["over"]
        return (o["result"], o["reason"]) if o else None

    def get_san(self, variant, fen, move):
        return move

    def get_san_moves(self, variant, fen, moves):
        return list(moves)

    def has_insufficient_material(self, variant, fen, moves):
        return (False, False)

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
