#!/usr/bin/env python3
"""Protocol compliance test with python-chess as the GUI. Its engine clients know only
standard 8x8 chess (and its own variants); its CECP client requires `feature ping=1` and
`setboard=1` and fails on any `Error ...` line the engine prints during play.

For UCI and for CECP (XBoard protocol) in turn, python-chess's engine clients:
  * play complete standard-chess games: Kirin against a seeded random mover, with both
    colours, to a result by rule (python-chess judges legality and the end of the game);
  * play Kirin against itself from a middlegame position until the game ends by rule;
  * analyse a position (score and a legal PV must come back);
  * survive resyncs: taking moves back (CECP `undo`/`remove`), new positions (`setboard`,
    `position fen`), `ping`, option changes (Hash/memory), and a new game.
Any illegal move, protocol error or hang fails the run (exit status 1).

Usage: scripts/pychess_protocols.py [--kirin target/release/kirin] [--seed N]
"""
import argparse
import random
import sys
import time

import chess
import chess.engine

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
ENDGAME = "8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 w - - 0 40"


def open_engine(proto, kirin):
    if proto == "uci":
        return chess.engine.SimpleEngine.popen_uci([kirin, "uci"], timeout=10)
    return chess.engine.SimpleEngine.popen_xboard([kirin, "xboard"], timeout=10)


def play_vs_random(engine, engine_color, rng, limit, max_plies=400):
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        if board.turn == engine_color:
            result = engine.play(board, limit)
            if result.move is None:
                raise AssertionError(f"engine returned no move in {board.fen()}")
            if result.move not in board.legal_moves:
                raise AssertionError(f"illegal move {result.move} in {board.fen()}")
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    return board


def self_play(engine, fen, limit, max_plies=600):
    board = chess.Board(fen)
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        result = engine.play(board, limit)
        if result.move not in board.legal_moves:
            raise AssertionError(f"illegal move {result.move} in {board.fen()}")
        board.push(result.move)
    return board


def check(proto, kirin, seed):
    rng = random.Random(seed)
    engine = open_engine(proto, kirin)
    try:
        name = engine.id.get("name", "?")
        print(f"[{proto}] connected to {name}")
        # Options.
        if proto == "uci":
            engine.configure({"Hash": 32, "Threads": 1})
        limit = chess.engine.Limit(time=0.05)
        # Complete games against a random mover, both colours.
        for color in (chess.WHITE, chess.BLACK):
            board = play_vs_random(engine, color, rng, limit)
            outcome = board.outcome(claim_draw=True)
            if outcome is None:
                raise AssertionError(f"[{proto}] game vs random did not finish: {board.fen()}")
            winner = {True: "White", False: "Black", None: "nobody"}[outcome.winner]
            print(f"[{proto}] vs random as {'White' if color else 'Black'}: {outcome.termination.name}, {winner} won, {board.ply()} plies")
            if outcome.winner is not None and outcome.winner != color:
                raise AssertionError(f"[{proto}] lost to a random mover: {board.fen()}")
        # Resync: take back moves (CECP remove/undo), play on.
        board = chess.Board()
        for _ in range(6):
            board.push(engine.play(board, limit).move)
        board.pop()
        board.pop()
        board.pop()
        m = engine.play(board, limit).move
        assert m in board.legal_moves, f"[{proto}] illegal move after takeback: {m}"
        board.push(m)
        print(f"[{proto}] takeback resync ok ({board.ply()} plies)")
        engine.ping()
        # New position from a FEN (setboard / position fen), then a ping.
        board = chess.Board(ENDGAME)
        m = engine.play(board, limit).move
        assert m in board.legal_moves, f"[{proto}] illegal move after setboard: {m}"
        engine.ping()
        print(f"[{proto}] setboard resync ok ({board.san(m)})")
        # Analysis.
        info = engine.analyse(chess.Board(MIDDLEGAME), chess.engine.Limit(depth=8))
        pv = info.get("pv", [])
        score = info.get("score")
        if not pv or score is None:
            raise AssertionError(f"[{proto}] analysis gave no PV/score: {info}")
        b = chess.Board(MIDDLEGAME)
        for mv in pv:
            assert mv in b.legal_moves, f"[{proto}] illegal PV move {mv}"
            b.push(mv)
        print(f"[{proto}] analysis ok: depth {info.get('depth')} score {score.white()} pv {' '.join(m.uci() for m in pv[:6])}")
        # Infinite analysis stopped from the client.
        with engine.analysis(chess.Board(MIDDLEGAME)) as analysis:
            time.sleep(0.5)
            analysis.stop()
            best = analysis.wait()
        print(f"[{proto}] infinite analysis stopped: {best.move if best else None}")
        # Self-play to the end from a middlegame, fast.
        t0 = time.time()
        board = self_play(engine, MIDDLEGAME, chess.engine.Limit(time=0.02))
        outcome = board.outcome(claim_draw=True)
        print(f"[{proto}] self-play from a middlegame: {outcome.termination.name if outcome else 'ply cap'} after {board.ply()} plies ({time.time() - t0:.1f} s)")
        # A new game after all that.
        board = chess.Board()
        m = engine.play(board, limit, game=object()).move
        assert m in board.legal_moves
        engine.ping()
    finally:
        engine.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kirin", default="target/release/kirin")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--protocols", default="uci,cecp")
    args = ap.parse_args()
    failures = 0
    for proto in args.protocols.split(","):
        try:
            check(proto, args.kirin, args.seed)
        except Exception as e:  # noqa: BLE001 - report every failure, then exit non-zero
            failures += 1
            print(f"FAIL [{proto}]: {type(e).__name__}: {e}")
    print("python-chess protocol checks:", "all passed" if failures == 0 else f"{failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
