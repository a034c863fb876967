#!/usr/bin/env python3
"""Engine-vs-engine match runner for Kirin (UCI and CECP/XBoard engines), refereed by
Fairy-Stockfish's rules (the ``pyffish`` module) where it knows the variant, else by
Kirin's rules in a separate ``kirin referee`` process (``--referee``, scripts/kirin_rules.py).

Usage (from the repository root):

    scripts/match.py --engine1 "target/release/kirin uci" --proto1 uci \\
                     --engine2 /usr/games/fairymax --proto2 cecp \\
                     --variant shatranj --games 20 --tc 10+0.1 --openings 4 --pgn out.pgn

    # Fairy-Max plays courier from its own array (before the compulsory opening moves):
    scripts/match.py --engine1 "target/release/kirin uci" --proto1 uci \\
                     --engine2 /usr/games/fairymax --proto2 cecp --variant courier \\
                     --start-fen "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1"

Options (see --help): --engine1/--engine2 CMD, --proto1/--proto2 uci|cecp,
--name1/--name2, --option1/--option2 NAME=VALUE (repeatable; UCI ``setoption`` or CECP
``option NAME=VALUE``), --variant (pyffish name), --uci-variant / --cecp-variant (names
sent to the engines, default --variant), --games N (even: pairs with colours swapped),
--first-game N (continue a stopped run: games before N are not played),
--tc BASE+INC seconds, --st SECONDS per move or --nodes N per move (no clock: results
that do not depend on the machine's load), --grace SECONDS, --start-fen FEN,
--openings-file FILE (a FEN or EPD per line, one per pair of games, in order),
--resign COUNT SCORE and --draw MOVENUMBER COUNT SCORE (cutechess-cli's adjudications),
--sprt ELO0 ELO1 ALPHA BETA with --sprt-model pentanomial (game pairs, default) or trinomial,
--openings PLIES (uniformly random legal plies from a seeded RNG, the same for both games
of a pair), --seed, --pgn FILE (appended), --concurrency K, --max-plies P, --log FILE
(full engine transcript), --restart (fresh engine processes for every game; otherwise an
engine is reused and restarted only after a crash, timeout or protocol error, or if it
sets feature reuse=0), --setboard auto|always, --init-timeout SECONDS.

Referee
  After every ply: variant end (pyffish.is_immediate_game_end), no legal moves
  (pyffish.game_result: mate / stalemate, with the variant's stalemate value), optional
  ends (pyffish.is_optional_game_end: repetition, n-move rule, which are applied
  automatically), insufficient material on both sides, and --max-plies (draw).
  An illegal move, a crash, a protocol error, a resignation or a flag fall loses (a flag
  fall against a side with insufficient mating material is a draw).  Result claims of the
  engines ("1-0 {...}", "info string ...") are logged and otherwise ignored.

Clocks
  Each side's clock is tracked here (wall clock from sending "go" to reading the move): it
  is decreased by the time used and then increased by the increment.  A side whose clock
  goes below -GRACE loses (default GRACE 0).  The engine is not waited for beyond that
  moment.  With --st the limit per move is ST + GRACE + ST_MARGIN (default margin 0.2 s,
  engines commonly overshoot "movetime"/"st" by a few ms).  With --nodes there is no clock:
  UCI engines get "go nodes N", CECP engines "st 1" and "nps N" (XBoard's node-count mode:
  N nodes a move); a move that takes more than --nodes-timeout seconds (default 60) is
  a hang and loses as a flag fall.

UCI client
  uci / uciok, setoption (user options, then UCI_Variant when the engine declares the
  option: always for variants other than chess, for chess only if the engine's default is
  not chess), isready / readyok, ucinewgame, "position fen F moves ...", "go wtime btime
  winc binc" (or "go movetime", "go nodes"), bestmove.

CECP client (XBoard protocol v2, engine-intf.html)
  xboard, protover 2, features (answered accepted/rejected; done=0 extends the wait until
  done=1, without any "feature" line the engine is treated as protocol 1 after 2 s),
  option NAME=VALUE, then per game: new, variant V (not for chess: "chess"/"normal" send
  nothing), force, ping/pong (if feature ping=1; collects a "setup" reply), setboard FEN
  (only with feature setboard=1, and by default only when the start position differs from
  the engine's own start position, as XBoard does; --setboard always sends it whenever
  supported), level 0 MIN:SEC INC or st N, post, easy, computer, ping/pong.  The engine
  is kept in force mode; on its turn the moves made since it last moved are sent (with
  "usermove" if feature usermove=1, in SAN if feature san=1), then "time" and "otim"
  (centiseconds, own clock / opponent's clock, if feature time=1) and "go"; after
  "move X" the runner sends "force" again.  At the end of a game: force, result.
  Lines starting with "#", tellics/telluser/tellothers/tellall/tellopponent, thinking
  output, "offer draw" and result claims are ignored; "resign" loses; "Illegal move" or
  an "Error" naming a move the runner sent loses (the runner only sends legal moves).
  The engine's own start position is the one it announces with "setup" after "variant",
  else XBoard's built-in array for that variant (courier: Fairy-Max's rnebmkfwbenr array,
  i.e. before the compulsory opening moves), else pyffish's start position.  A CECP engine
  without setboard (Fairy-Max) must start from it: if --start-fen differs the match is
  refused with an explanation.  Random opening plies (--openings) are sent as moves in
  force mode, so they need no setboard.  A crash or rejected command while a game is set
  up (before any move) aborts the match instead of scoring a game.
  Ten- and sixteen-rank boards: CECP counts the ranks of a board with exactly 10 ranks
  from 0 (a0..j9) while pyffish/UCI use a1..j10; Kirin does the same on 16 ranks (for
  XBoard's -rankOffset 1).  Moves are converted in both directions on those boards.
  O-O / O-O-O from an engine are mapped to the corresponding legal castling move.

Output: one line per game, the PGN (Variant, FEN, SetUp, TimeControl, Termination tags,
per-move {score/depth time} comments), and a summary from engine1's point of view:
W/D/L, score %, Elo difference with a 95 % error bar (logistic model, trinomial variance;
"+/-" is half the width of the asymmetric interval, which is also printed; at 100 % / 0 %
the estimate is clipped at a score of (N-1/2)/N and shown as "> +X" / "< -X", together
with the one-sided 95 % bound), and LOS.  Exit status 0, or 2 after a fatal error
(configuration, engine start-up), 130 on interrupt (SIGINT/SIGTERM; engines are killed).
"""

from __future__ import annotations

import argparse
import collections
import datetime
import math
import os
import queue
import random
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sf = None  # --referee kirin works without it
# pyffish itself, while `sf` is whichever referee the current match uses.
PYFFISH = sf

# Start arrays of XBoard's built-in variants where they differ from pyffish's start FEN
# (XBoard's courier starts before the compulsory opening moves; so does Fairy-Max's).
XBOARD_BUILTIN_STARTS = {
    "courier": "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1",
}

CECP_KNOWN_FEATURES = {
    "ping", "setboard", "playother", "san", "usermove", "time", "draw", "sigint", "sigterm",
    "reuse", "analyze", "myname", "variants", "colors", "ics", "name", "pause", "nps", "debug",
    "memory", "smp", "egt", "option", "exclude", "setscore", "highlight", "done",
}

PRINT_LOCK = threading.Lock()
PEAK_RSS: dict[str, int] = {}  # engine name -> largest VmHWM seen at a process's end (kB)


def note_peak_rss(name: str, pid: int) -> None:
    """Records the peak resident memory of an engine process before it is ended (Linux)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    kb = int(line.split()[1])
                    with PRINT_LOCK:
                        PEAK_RSS[name] = max(PEAK_RSS.get(name, 0), kb)
    except (OSError, ValueError):
        pass

ABORT = threading.Event()  # set on a fatal error or an interrupt: results after it are discarded


def say(msg: str = "", err: bool = False) -> None:
    with PRINT_LOCK:
        stream = sys.stderr if err else sys.stdout
        print(msg, file=stream, flush=True)


# --------------------------------------------------------------------------- errors


class ConfigError(Exception):
    """The match cannot be played as configured (abort everything)."""


class EngineError(Exception):
    """Crash, protocol error or init failure of one engine (loses the current game)."""


class EngineTimeout(Exception):
    """The engine did not answer before the deadline."""


class MoveRejected(Exception):
    """A CECP engine answered 'Illegal move' / 'Error' to a move the runner sent."""


class Resigned(Exception):
    pass


# --------------------------------------------------------------------------- helpers


def fen_board(fen: str) -> str:
    return fen.split()[0]


def square_empty(fen: str, square: str) -> bool:
    """Is `square` (e.g. `g10`) empty on the board of `fen`? Digits run together (`12`);
    a `+` before a letter marks a promoted piece and takes no square."""
    rows = board_rows(fen)
    file, rank = ord(square[0]) - ord("a"), int(square[1:])
    row_index = len(rows) - rank
    if not 0 <= row_index < len(rows):
        return False
    col = 0
    for tok in re.findall(r"\d+|\+?[A-Za-z]~?", rows[row_index]):
        if tok.isdigit():
            if col <= file < col + int(tok):
                return True
            col += int(tok)
        else:
            if col == file:
                return False
            col += 1
    return False


def is_pass(fen: str, move: str) -> bool:
    """Is `move` a two-leg move out over an empty square and back (`g9g10,g10g9`)?"""
    squares = re.findall(r"[a-z][0-9]+", move)
    if move.count(",") != 1 or len(squares) != 4:
        return False
    start, mid, mid2, end = squares
    return start == end and mid == mid2 and square_empty(fen, mid)


def board_rows(fen: str) -> list[str]:
    """The rows of the board field, top rank first, without pockets or pools (`[...]`)."""
    return re.sub(r"\[.*?\]", "", fen_board(fen)).split("/")


def board_ranks(fen: str) -> int:
    return len(board_rows(fen))


def same_start(a: str, b: str) -> bool:
    """Board, side to move and castling field equal (counters ignored)."""
    fa, fb = a.split(), b.split()
    if fa[:2] != fb[:2]:
        return False
    ca = fa[2] if len(fa) > 2 and not fa[2].isdigit() else None
    cb = fb[2] if len(fb) > 2 and not fb[2].isdigit() else None
    return ca is None or cb is None or ca == cb


MOVE_RE = re.compile(r"^(?P<drop>[A-Za-z+]*@)?(?P<f1>[a-z])(?P<r1>\d+)(?:(?P<f2>[a-z])(?P<r2>\d+))?(?P<rest>.*)$")


def is_coord(move: str) -> bool:
    """Coordinate notation (e2e4, e7e8q, g7g8+, P@e5), as opposed to SAN (e4, Nf3, O-O)."""
    m = MOVE_RE.match(move)
    return bool(m and (m.group("f2") or m.group("drop")))


def shift_ranks(move: str, delta: int) -> str:
    """Add delta to every rank number of a coordinate move (ten-rank CECP conversion)."""
    if "," in move:  # multi-leg move
        return ",".join(shift_ranks(leg, delta) for leg in move.split(","))
    m = MOVE_RE.match(move)
    if not m:
        return move
    out = (m.group("drop") or "") + m.group("f1") + str(int(m.group("r1")) + delta)
    if m.group("f2"):
        out += m.group("f2") + str(int(m.group("r2")) + delta)
    return out + m.group("rest")


def fmt_secs(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def parse_tc(s: str) -> tuple[float, float]:
    m = re.fullmatch(r"\s*(?:(\d+):)?(\d+(?:\.\d*)?)\s*(?:\+\s*(\d+(?:\.\d*)?))?\s*", s)
    if not m:
        raise argparse.ArgumentTypeError(f"bad time control {s!r}; use BASE+INC in seconds, e.g. 10+0.1")
    base = float(m.group(2)) + (60 * int(m.group(1)) if m.group(1) else 0)
    inc = float(m.group(3)) if m.group(3) else 0.0
    if base <= 0:
        raise argparse.ArgumentTypeError("time control base must be positive")
    return base, inc


def parse_option(s: str) -> tuple[str, str | None]:
    if "=" in s:
        k, v = s.split("=", 1)
        return k.strip(), v.strip()
    return s.strip(), None


# --------------------------------------------------------------------------- engine base


class Transcript:
    """Full engine I/O log (optional) plus a per-engine ring buffer for error reports."""

    def __init__(self, path: str | None):
        self.fh = open(path, "a", encoding="utf-8") if path else None
        self.lock = threading.Lock()
        self.t0 = time.monotonic()

    def write(self, who: str, direction: str, line: str) -> None:
        if self.fh:
            with self.lock:
                self.fh.write(f"{time.monotonic() - self.t0:10.3f} {who} {direction} {line}\n")
                self.fh.flush()

    def close(self) -> None:
        if self.fh:
            self.fh.close()


class Engine:
    proto = "?"

    def __init__(self, cmd: str, name: str, options: list[tuple[str, str | None]], cfg, transcript: Transcript,
                 tag: str):
        self.cmd = cmd
        self.name = name
        self.options = options
        self.cfg = cfg
        self.transcript = transcript
        self.tag = tag  # for the transcript, e.g. "w1:kirin"
        self.nodes = cfg.nodes  # nodes a move (--nodes; engine 2: --nodes2 where given)
        self.proc: subprocess.Popen | None = None
        self.q: queue.Queue = queue.Queue()
        self.recent: collections.deque = collections.deque(maxlen=cfg.history_lines)
        self.stderr_tail: collections.deque = collections.deque(maxlen=20)
        self.id_name: str | None = None
        self.dirty = False  # restart before the next game

    # -- process handling
    def start(self) -> None:
        try:
            argv = shlex.split(self.cmd)
        except ValueError as e:
            raise ConfigError(f"cannot parse engine command {self.cmd!r}: {e}")
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True, bufsize=1, errors="replace",
                                         start_new_session=True)
        except OSError as e:
            raise ConfigError(f"cannot start engine {self.name!r} ({self.cmd!r}): {e}")
        self.q = queue.Queue()
        self.recent.clear()
        self.stderr_tail.clear()
        proc = self.proc
        threading.Thread(target=self._reader, args=(proc, self.q), daemon=True).start()
        threading.Thread(target=self._err_reader, args=(proc,), daemon=True).start()
        self.dirty = False

    def _reader(self, proc, q) -> None:
        try:
            for line in proc.stdout:
                t = time.monotonic()
                q.put((t, line.rstrip("\r\n")))
        except (OSError, ValueError):
            pass
        q.put((time.monotonic(), None))

    def _err_reader(self, proc) -> None:
        try:
            for line in proc.stderr:
                line = line.rstrip("\r\n")
                self.stderr_tail.append(line)
                self.transcript.write(self.tag, "2>", line)
        except (OSError, ValueError):
            pass

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def send(self, line: str) -> None:
        self.transcript.write(self.tag, "<<", line)
        self.recent.append(f"> {line}")
        if not self.alive():
            raise EngineError(self._dead_msg())
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineError(self._dead_msg())

    def _dead_msg(self) -> str:
        rc = self.proc.poll() if self.proc else None
        tail = " | ".join(list(self.stderr_tail)[-5:])
        msg = f"engine {self.name} terminated (exit code {rc})"
        if rc is not None and rc < 0:
            try:
                msg += f" [{signal.Signals(-rc).name}]"
            except ValueError:
                pass
        if tail:
            msg += f"; stderr: {tail}"
        return msg

    def readline(self, deadline: float) -> tuple[float, str]:
        """Next line (timestamp, text) or EngineTimeout at the deadline / EngineError on EOF."""
        remaining = deadline - time.monotonic()
        try:
            t, line = self.q.get(timeout=max(0.0, remaining)) if remaining > 0 else self.q.get_nowait()
        except queue.Empty:
            raise EngineTimeout()
        if line is None:
            # let the process finish so the exit code is known
            try:
                if self.proc is not None:
                    self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
            self.q.put((t, None))  # keep EOF visible
            raise EngineError(self._dead_msg())
        self.transcript.write(self.tag, ">>", line)
        self.recent.append(f"< {line}")
        return t, line

    def drain(self) -> list[str]:
        """Consume already-received lines (returns them)."""
        out = []
        while True:
            try:
                t, line = self.q.get_nowait()
            except queue.Empty:
                return out
            if line is None:
                self.q.put((t, None))
                return out
            self.transcript.write(self.tag, ">>", line)
            self.recent.append(f"< {line}")
            out.append(line)

    def close(self) -> None:
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        note_peak_rss(self.name, proc.pid)
        if proc.poll() is None:
            try:
                proc.stdin.write("quit\n")
                proc.stdin.flush()
            except (OSError, ValueError):
                pass
            try:
                proc.wait(timeout=self.cfg.quit_timeout)
            except subprocess.TimeoutExpired:
                pass
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # the engine's own session (start_new_session)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                proc.kill()
            except OSError:
                pass
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
        for f in (proc.stdin, proc.stdout, proc.stderr):
            try:
                f.close()
            except (OSError, ValueError):
                pass

    def exchange(self, n: int | None = None) -> str:
        lines = list(self.recent)
        if n:
            lines = lines[-n:]
        return "\n".join(f"      {self.name} {x}" for x in lines)

    # -- interface used by the game loop
    def init(self) -> None:
        raise NotImplementedError

    def new_game(self, game) -> None:
        raise NotImplementedError

    def go(self, game, side: int) -> tuple[str, float, str]:
        raise NotImplementedError

    def stop_thinking(self) -> None:
        pass

    def end_game(self, game, result: str, reason: str) -> None:
        pass


# --------------------------------------------------------------------------- UCI


class UciEngine(Engine):
    proto = "uci"

    def init(self) -> None:
        self.start()
        self.uci_options: dict[str, dict] = {}
        deadline = time.monotonic() + self.cfg.init_timeout
        self.send("uci")
        try:
            while True:
                _, line = self.readline(deadline)
                tok = line.split()
                if not tok:
                    continue
                if tok[0] == "id" and len(tok) > 2 and tok[1] == "name":
                    self.id_name = line.split(None, 2)[2]
                elif tok[0] == "option":
                    self._parse_option(line)
                elif tok[0] == "uciok":
                    break
                elif tok[0] in ("feature", "tellics") or line.lower().startswith("error (unknown command): uci"):
                    raise EngineError(f"engine {self.name} answered 'uci' with {line!r}: it looks like a CECP "
                                      f"engine; use --proto cecp")
        except EngineTimeout:
            raise EngineError(f"engine {self.name}: no 'uciok' within {self.cfg.init_timeout} s "
                              f"(is it a UCI engine? command {self.cmd!r})")
        for k, v in self.options:
            if k.lower() not in {o.lower() for o in self.uci_options}:
                say(f"warning: {self.name} does not declare UCI option {k!r}; sending it anyway", err=True)
            self.send(f"setoption name {k}" + (f" value {v}" if v is not None else ""))
        self._set_variant()
        self.sync()

    def _parse_option(self, line: str) -> None:
        m = re.match(r"option\s+name\s+(.*?)\s+type\s+(\S+)(.*)$", line)
        if not m:
            return
        name, typ, rest = m.group(1), m.group(2), m.group(3)
        d = re.search(r"\bdefault\s+(.*?)(?=\s+(?:min|max|var)\s|$)", rest)
        vars_ = re.findall(r"\bvar\s+(.*?)(?=\s+var\s|$)", rest)
        self.uci_options[name] = {"type": typ, "default": d.group(1) if d else None, "vars": vars_}

    def _set_variant(self) -> None:
        v = self.cfg.uci_variant
        opt = next((o for n, o in self.uci_options.items() if n.lower() == "uci_variant"), None)
        is_chess = v in ("chess", "normal", "standard")
        if opt is None:
            if not is_chess:
                raise ConfigError(f"UCI engine {self.name} declares no UCI_Variant option, cannot play {v!r}")
            return
        if opt["vars"] and v not in opt["vars"]:
            raise ConfigError(f"UCI engine {self.name} does not offer UCI_Variant {v!r} "
                              f"(it offers: {' '.join(opt['vars'])})")
        if is_chess and opt["default"] == v:
            return
        self.send(f"setoption name UCI_Variant value {v}")

    def sync(self) -> None:
        deadline = time.monotonic() + self.cfg.init_timeout
        self.send("isready")
        try:
            while True:
                _, line = self.readline(deadline)
                if line.strip() == "readyok":
                    return
                if line.startswith("info string") and re.search(r"(?i)\b(error|unknown|invalid)\b", line):
                    say(f"note: {self.name}: {line}", err=True)
        except EngineTimeout:
            raise EngineError(f"engine {self.name}: no 'readyok' within {self.cfg.init_timeout} s")

    def new_game(self, game) -> None:
        self.send("ucinewgame")
        self.sync()

    def go(self, game, side: int):
        stale = self.drain()
        for line in stale:
            if line.startswith("bestmove"):
                say(f"warning: {self.name}: stale line ignored: {line}", err=True)
        pos = f"position fen {game.start_fen}"
        if game.moves:
            pos += " moves " + " ".join(game.moves)
        self.send(pos)
        cfg = self.cfg
        if cfg.nodes:
            cmd = f"go nodes {self.nodes}"
            limit = cfg.nodes_timeout
        elif cfg.st:
            cmd = f"go movetime {int(round(cfg.st * 1000))}"
            limit = cfg.st + cfg.grace + cfg.st_margin
        else:
            wt = max(1, int(game.clock[0] * 1000))
            bt = max(1, int(game.clock[1] * 1000))
            inc = int(round(cfg.inc * 1000))
            cmd = f"go wtime {wt} btime {bt} winc {inc} binc {inc}"
            limit = game.clock[side] + cfg.grace
        self.send(cmd)
        t0 = time.monotonic()
        deadline = t0 + limit
        info = ""
        while True:
            try:
                t, line = self.readline(deadline)
            except EngineTimeout:
                self.dirty = True
                raise
            tok = line.split()
            if not tok:
                continue
            if tok[0] == "info":
                s = uci_score(tok)
                if s:
                    info = s
                elif len(tok) > 1 and tok[1] == "string":
                    game.note(f"{self.name}: {line}")
                    if re.search(r"(?i)\b(error|illegal|invalid|unknown)\b", line):
                        say(f"warning: game {game.number}: {self.name}: {line}", err=True)
            elif tok[0] == "bestmove":
                mv = tok[1] if len(tok) > 1 else "(none)"
                return mv, t - t0, info

    def stop_thinking(self) -> None:
        try:
            self.send("stop")
        except EngineError:
            pass


def uci_score(tok: list[str]) -> str:
    depth = None
    score = None
    for i, x in enumerate(tok):
        if x == "depth" and i + 1 < len(tok):
            depth = tok[i + 1]
        elif x == "score" and i + 2 < len(tok):
            if tok[i + 1] == "cp":
                try:
                    score = f"{int(tok[i + 2]) / 100:+.2f}"
                except ValueError:
                    pass
            elif tok[i + 1] == "mate":
                try:
                    n = int(tok[i + 2])
                    score = f"+M{n}" if n > 0 else f"-M{-n}"
                except ValueError:
                    pass
    if score is None or "lowerbound" in tok or "upperbound" in tok:
        return ""
    return f"{score}/{depth}" if depth else score


# --------------------------------------------------------------------------- CECP


FEATURE_RE = re.compile(r'(\w+)=(?:"([^"]*)"|(\S+))')
THINK_RE = re.compile(r"^\s*(\d+)[.&]?\s+(-?\d+)\s+(\d+)\s+(\d+)(\s|$)")
RESULT_RE = re.compile(r"^(1-0|0-1|1/2-1/2|\*)(\s|$)")


class CecpEngine(Engine):
    proto = "cecp"

    def init(self) -> None:
        self.start()
        self.features: dict[str, str] = {"ping": "0", "setboard": "0", "san": "0", "usermove": "0", "time": "1",
                                          "reuse": "1", "done": ""}
        self.engine_options: dict[str, str] = {}
        self.ping_no = 0
        self.send("xboard")
        self.send("protover 2")
        hard_deadline = time.monotonic() + self.cfg.init_timeout
        deadline = min(hard_deadline, time.monotonic() + 2.0)  # the spec's 2 s window
        while True:
            try:
                _, line = self.readline(deadline)
            except EngineTimeout:
                if self.features.get("done") == "0":
                    raise EngineError(f"engine {self.name}: sent feature done=0 but no done=1 within "
                                      f"{self.cfg.init_timeout} s")
                break  # protocol 1, or features without done=1: proceed after 2 s
            if line.startswith("feature"):
                self._features(line)
                if self.features.get("done") == "0":
                    deadline = hard_deadline
                elif self.features.get("done") == "1":
                    break
        self.id_name = self.features.get("myname") or None
        self._check_variant_supported()
        for k, v in self.options:
            if k not in self.engine_options:
                say(f"warning: {self.name} declares no option {k!r}; sending it anyway", err=True)
            self.send(f"option {k}" + (f"={v}" if v is not None else ""))
        self.ping()

    def _features(self, line: str) -> None:
        for m in FEATURE_RE.finditer(line[len("feature"):]):
            key = m.group(1)
            val = m.group(2) if m.group(2) is not None else m.group(3)
            if key in CECP_KNOWN_FEATURES:
                if key == "option":
                    self.engine_options[val.split(" -")[0].strip()] = val
                else:
                    self.features[key] = val
                self.send(f"accepted {key}")
            else:
                self.send(f"rejected {key}")

    def feat(self, key: str) -> bool:
        return self.features.get(key, "0") == "1"

    def _check_variant_supported(self) -> None:
        v = self.cfg.cecp_variant
        vs = self.features.get("variants")
        if v is None or vs is None:
            return
        if v in ("chess", "standard"):
            v = "normal"
        names = [x.strip() for x in vs.split(",")]
        base = [re.sub(r"^\d+x\d+\+\d+_", "", x) for x in names]
        if v not in names and v not in base:
            raise ConfigError(f"CECP engine {self.name} does not support variant {v!r} "
                              f"(feature variants=\"{vs}\"); use --cecp-variant")

    def ping(self, collect: list[str] | None = None) -> None:
        """ping N / pong N (if supported); lines read meanwhile are appended to collect."""
        if not self.feat("ping"):
            time.sleep(0.05)
            lines = self.drain()
            if collect is not None:
                collect.extend(lines)
            return
        self.ping_no += 1
        n = self.ping_no
        self.send(f"ping {n}")
        deadline = time.monotonic() + self.cfg.init_timeout
        try:
            while True:
                _, line = self.readline(deadline)
                if line.startswith("feature"):
                    self._features(line)
                    continue
                if line.split()[:2] == ["pong", str(n)]:
                    return
                if collect is not None:
                    collect.append(line)
        except EngineTimeout:
            raise EngineError(f"engine {self.name}: no 'pong {n}' within {self.cfg.init_timeout} s")

    def _check_setup_lines(self, lines: list[str]) -> str | None:
        """Raise ConfigError on a rejected setup command; return the FEN of a 'setup' line, if any."""
        setup = None
        for line in lines:
            low = line.lower()
            if line.startswith("setup"):
                m = re.match(r"setup\s+(?:\([^)]*\)\s+)?(?:\d+x\d+\+\d+_\S+\s+)?(.*)$", line)
                if m and "/" in m.group(1):
                    setup = m.group(1).strip()
            elif (low.startswith("error") and re.search(r"\b(variant|setboard|new|force|level|st)\b", low)) \
                    or low.startswith("tellusererror") or "illegal position" in low:
                raise ConfigError(f"CECP engine {self.name} rejected the game setup: {line!r}\n"
                                  f"{self.exchange(15)}")
        return setup

    def _variant_sent(self) -> str | None:
        v = self.cfg.cecp_variant
        return None if v in (None, "chess", "normal", "standard") else v

    def new_game(self, game) -> None:
        cfg = self.cfg
        self.send("new")
        v = self._variant_sent()
        if v:
            self.send(f"variant {v}")
        self.send("force")
        lines: list[str] = []
        self.ping(lines)  # collects a 'setup' reply to 'variant' and any error
        setup = self._check_setup_lines(lines)
        if setup:
            own, src = setup, "its 'setup' reply to 'variant'"
        elif (v or "") in XBOARD_BUILTIN_STARTS:
            own, src = XBOARD_BUILTIN_STARTS[v or ""], "XBoard's built-in array"
        else:
            own, src = sf.start_fen(cfg.variant), "pyffish's start position"
        need = not same_start(own, game.start_fen)
        if self.feat("setboard") and (need or cfg.setboard == "always"):
            self.send(f"setboard {game.start_fen}")
        elif need:
            raise ConfigError(
                f"CECP engine {self.name} has no setboard (feature setboard=0), so it can only start from its "
                f"own start position for {v or 'chess'!r}, which is ({src}):\n    {own}\n"
                f"but the game starts from\n    {game.start_fen}\n"
                f"Pass --start-fen \"{own}\" (with a matching --variant/--cecp-variant).")
        if cfg.nodes:
            self.send("st 1")
            self.send(f"nps {self.nodes}")
        elif cfg.st:
            if cfg.st != int(cfg.st) and not getattr(cfg, "_st_warned", False):
                cfg._st_warned = True
                say(f"note: CECP 'st' is specified in whole seconds; sending 'st {fmt_secs(cfg.st)}' "
                    f"(an engine may read it as {int(cfg.st)})", err=True)
            self.send(f"st {fmt_secs(cfg.st)}")
        else:
            secs = int(round(cfg.base))
            if abs(secs - cfg.base) > 1e-9 and not getattr(cfg, "_level_warned", False):
                cfg._level_warned = True
                say(f"note: CECP level cannot express {cfg.base} s; sending {secs} s (time/otim are exact)",
                    err=True)
            self.send(f"level 0 {secs // 60}:{secs % 60:02d} {fmt_secs(cfg.inc)}")
        self.send("post")
        self.send("easy")
        self.send("computer")
        lines = []
        self.ping(lines)
        self._check_setup_lines(lines)
        self.sent = 0
        self.sent_strings: set[str] = set()

    def _fmt_move(self, game, i: int) -> str:
        mv = game.moves[i]
        if self.feat("san"):
            mv = sf.get_san(game.variant, game.fen_at(i), mv)
        elif game.zero_based_ranks:
            mv = shift_ranks(mv, -1)
        return f"usermove {mv}" if self.feat("usermove") else mv

    def _parse_move(self, game, mv: str) -> str:
        if game.zero_based_ranks and not self.feat("san") and is_coord(mv):
            mv = shift_ranks(mv, +1)
        legal = game.legal
        if mv in legal:
            return mv
        # `@@@@`, XBoard's null move in its Lion variants: Kirin writes a Lion's turn out over
        # an empty square and back (`g9g10,g10g9`) so over CECP. Every such move is the same pass.
        if mv == "@@@@":
            passes = [m for m in legal if is_pass(game.fen, m)]
            return passes[0] if passes else mv
        # A promotion the referee lists bare (Tamerlane's pawns, each with one piece to become)
        # written with its letter, as Kirin does over CECP (`l9l10r`): the legal move it extends,
        # if it reaches the same position.
        if is_coord(mv):
            for m in [m for m in legal if len(mv) > len(m) and mv.startswith(m) and mv[len(m):].isalpha()]:
                try:
                    if sf.get_fen(game.variant, game.fen, [mv]) == sf.get_fen(game.variant, game.fen, [m]):
                        return m
                except Exception:
                    pass
        # SAN (feature san=1, or castling written O-O / O-O-O): match against legal moves' SAN
        if self.feat("san") or not is_coord(mv):
            norm = lambda s: re.sub(r"[+#!?]+$", "", s).replace("0", "O")
            target = norm(mv)
            fen = game.fen
            sans = {m: norm(sf.get_san(game.variant, fen, m)) for m in legal}
            hits = [m for m, s in sans.items() if s == target]
            if not hits:
                loose = lambda s: s.replace("x", "").replace("=", "")
                hits = [m for m, s in sans.items() if loose(s) == loose(target)]
            if len(hits) == 1:
                return hits[0]
        # XBoard (and Kirin over CECP) writes a free castling (Gleeman) as the royal's move
        # alone, `e1b1`, for the castling whose partner lands next to the royal on the side
        # it came from (XBoard's ApplyMove): `e1b1,a1c1`.
        squares = re.findall(r"([a-z])([0-9]+)", mv)
        if is_coord(mv) and len(squares) == 2:
            (f0, _), (f1, r1) = squares
            step = (ord(f1) > ord(f0)) - (ord(f1) < ord(f0))
            partner = f"{chr(ord(f1) - step)}{r1}"
            hits = [m for m in legal if m.startswith(mv + ",") and m.endswith(partner)
                    and not m.split(",")[1].startswith(f1 + r1)]
            if step and len(hits) == 1:
                return hits[0]
        return mv  # illegal: the referee reports it

    def go(self, game, side: int):
        cfg = self.cfg
        for line in self.drain():
            self._side_line(game, line, stale=True)
        self.sent_strings = set()
        while self.sent < len(game.moves):
            line = self._fmt_move(game, self.sent)
            self.sent_strings.add(line.split()[-1])
            self.send(line)
            self.sent += 1
        if cfg.nodes:
            limit = cfg.nodes_timeout
            own = opp = 1.0
        elif cfg.st:
            limit = cfg.st + cfg.grace + cfg.st_margin
            own = opp = cfg.st
        else:
            limit = game.clock[side] + cfg.grace
            own, opp = game.clock[side], game.clock[1 - side]
        if self.feat("time") or "time" not in self.features:
            self.send(f"time {max(1, int(own * 100))}")
            self.send(f"otim {max(1, int(opp * 100))}")
        self.send("go")
        t0 = time.monotonic()
        deadline = t0 + limit
        info = ""
        while True:
            try:
                t, line = self.readline(deadline)
            except EngineTimeout:
                self.dirty = True
                raise
            m = re.match(r"^(?:move|My move is\s*:)\s+(\S+)", line)
            if m:
                mv = self._parse_move(game, m.group(1))
                self.send("force")
                self.sent = len(game.moves) + 1  # the engine made this move itself
                return mv, t - t0, info
            tm = THINK_RE.match(line)
            if tm:
                sc = int(tm.group(2))
                if abs(sc) >= 100000:  # XBoard convention: +/-(100000 + N) = mate in N moves
                    info = f"{'+' if sc > 0 else '-'}M{abs(sc) - 100000}/{tm.group(1)}"
                else:
                    info = f"{sc / 100:+.2f}/{tm.group(1)}"
                continue
            self._side_line(game, line, stale=False)

    def _side_line(self, game, line: str, stale: bool) -> None:
        s = line.strip()
        if not s or s.startswith("#"):
            return
        low = s.lower()
        first = s.split()[0]
        if first in ("tellics", "telluser", "tellothers", "tellall", "tellopponent", "tellicsnoalias", "pong",
                     "askuser", "hint:", "Hint:", "highlight", "click", "setup", "piece"):
            return
        if first == "feature":
            self._features(s)
            return
        if low.startswith("illegal move"):
            raise MoveRejected(s)
        if low.startswith("error"):
            m = re.match(r"(?i)error\s*\([^)]*\)\s*:\s*(.*)$", s)
            cmd = m.group(1).strip() if m else ""
            word = cmd.split()[0] if cmd else ""
            if word == "usermove" or is_coord(word) or word in self.sent_strings:
                raise MoveRejected(s)
            game.note(f"{self.name}: {s}")
            return
        if first == "resign" or (RESULT_RE.match(s) and "resign" in low):
            raise Resigned(s)
        if RESULT_RE.match(s):
            game.note(f"{self.name} claims: {s} (ignored, the referee decides)")
            return
        if low.startswith("offer draw"):
            game.note(f"{self.name}: offer draw (ignored)")
            return
        if stale and re.match(r"^(?:move|My move is)", s):
            say(f"warning: {self.name} sent a move while not on move (ignored): {s}", err=True)

    def stop_thinking(self) -> None:
        try:
            self.send("?")
            self.send("force")
        except EngineError:
            pass

    def end_game(self, game, result: str, reason: str) -> None:
        try:
            self.send("force")
            self.send(f"result {result} {{{reason}}}")
        except EngineError:
            pass
        if not self.feat("reuse") and self.features.get("reuse") is not None:
            self.dirty = True


# --------------------------------------------------------------------------- game


# Variants whose FEN carries all the state pyffish's rules need besides the moves since
# the last capture or pawn move, and whose optional ends are repetition and the n-move rule
# alone: their referee makes each FEN from the one before and asks the rules about the
# moves since the half-move clock last stood at 0, instead of replaying the whole game in
# every call (each pyffish call replays the moves it is given). Four courier games at
# 10,000 / 5,000 nodes: the referee's own CPU 5.2 s -> 3.5 s, the engines' 7.1 s. Checked
# against whole-game replays, ply by ply, on 25 courier, 25 shatranj and 20 chess games
# of clock matches against Fairy-Stockfish (scripts/test_match.py keeps random games).
FAST_REFEREE = {"chess", "courier", "shatranj"}


class Game:
    def __init__(self, number: int, variant: str, start_fen: str, opening: list[str], cfg, white: str, black: str):
        self.number = number
        self.variant = variant
        self.start_fen = start_fen
        self.moves: list[str] = list(opening)
        self.n_book = len(opening)
        self.cfg = cfg
        self.white, self.black = white, black
        self.clock = [cfg.base, cfg.base]
        self.comments: list[str] = ["book"] * len(opening)
        self.notes: list[str] = []
        self.result = "*"
        self.reason = ""
        self.termination = "unterminated"
        # CECP counts ranks from 0 on boards of 10 ranks (XBoard's rule) and of 16 (Kirin, for
        # XBoard run with -rankOffset 1; protocols section 0.1).
        self.zero_based_ranks = board_ranks(start_fen) in (10, 16)
        self.illegal_move: str | None = None
        # Each side's scores of its own moves, in centipawns from its own view (None when
        # the engine said none): what --resign and --draw adjudicate by.
        self.scores: tuple[list[int | None], list[int | None]] = ([], [])
        self._fen_cache: dict[int, str] = {}
        self.fast = variant in FAST_REFEREE and not hasattr(sf, "over")
        self.refresh()

    def fen_at(self, i: int) -> str:
        if i not in self._fen_cache:
            if self.fast and i > 0 and i - 1 in self._fen_cache:
                self._fen_cache[i] = sf.get_fen(self.variant, self._fen_cache[i - 1], [self.moves[i - 1]])
            else:
                self._fen_cache[i] = sf.get_fen(self.variant, self.start_fen, self.moves[:i])
        return self._fen_cache[i]

    def history(self) -> tuple[str, list[str]]:
        """The (FEN, moves) the rules need to judge the current position: the start and every
        move, or (FAST_REFEREE) the last position whose half-move clock was 0 and the moves
        since, before which no position can recur."""
        n = len(self.moves)
        if not self.fast:
            return self.start_fen, self.moves
        j = n
        while j > 0 and self.fen_at(j).split()[-2] != "0":
            j -= 1
        return self.fen_at(j), self.moves[j:]

    def refresh(self) -> None:
        self.fen = self.fen_at(len(self.moves))
        self.stm = 0 if self.fen.split()[1] == "w" else 1
        self.legal = sf.legal_moves(self.variant, *self.history())

    def note(self, s: str) -> None:
        if s not in self.notes:
            self.notes.append(s)

    def referee(self) -> tuple[str, str, str] | None:
        """(result, termination, reason) if the game is over by rule."""
        v, (f, mv) = self.variant, self.history()
        stm_name = "White" if self.stm == 0 else "Black"
        opp_name = "Black" if self.stm == 0 else "White"

        def res(value: int) -> str:
            if value == 0:
                return "1/2-1/2"
            stm_wins = value > 0
            white_wins = stm_wins == (self.stm == 0)
            return "1-0" if white_wins else "0-1"

        if hasattr(sf, "over"):  # the Kirin referee: every end by rule in one answer
            over = sf.over(v, f, mv)
            if over:
                return over[0], "normal", over[1]
            if self.cfg.max_plies and len(self.moves) >= self.cfg.max_plies:
                return "1/2-1/2", "adjudication", f"max plies ({self.cfg.max_plies}) reached"
            return None
        end, value = sf.is_immediate_game_end(v, f, mv)
        if end:
            reason = self._immediate_reason(value, stm_name, opp_name)
            return res(value), "normal", reason
        if not self.legal:
            value = sf.game_result(v, f, mv)
            in_check = sf.gives_check(v, f, mv)
            if in_check:
                reason = "checkmate" if value < 0 else f"{stm_name} has no moves while in check (value {value})"
            else:
                reason = "stalemate" + ("" if value == 0 else f" ({stm_name} {'loses' if value < 0 else 'wins'})")
            return res(value), "normal", reason
        # A repetition needs four plies since the last capture or pawn move, and an n-move
        # rule more: in the FAST_REFEREE variants, whose optional ends are only these, a
        # younger half-move clock needs no asking.
        if not self.fast or int(self.fen.split()[-2]) >= 4:
            end, value = sf.is_optional_game_end(v, f, mv)
            if end:
                return res(value), "normal", self._optional_reason(value)
        ins = sf.has_insufficient_material(v, f, mv)
        if ins[0] and ins[1]:
            return "1/2-1/2", "normal", "insufficient material"
        if self.cfg.max_plies and len(self.moves) >= self.cfg.max_plies:
            return "1/2-1/2", "adjudication", f"max plies ({self.cfg.max_plies}) reached"
        return None

    def _immediate_reason(self, value: int, stm_name: str, opp_name: str) -> str:
        board = re.sub(r"\[.*?\]", "", fen_board(self.fen))
        white = [c for c in board if c.isupper() and c != "K"]
        black = [c for c in board if c.islower() and c != "k"]
        if not white or not black:
            return "bare king"
        if value == 0:
            return "variant rule (draw)"
        return f"variant rule ({stm_name if value > 0 else opp_name} wins)"

    def _optional_reason(self, value: int) -> str:
        key = lambda fen: " ".join(fen.split()[:2])
        cur = key(self.fen)
        n = len(self.moves)
        reps = sum(1 for i in range(max(0, n - 200), n + 1) if key(self.fen_at(i)) == cur)
        if reps >= 2:
            s = f"repetition ({reps}-fold)"
        else:
            fields = self.fen.split()
            s = "n-move rule" + (f" (half-move clock {fields[-2]})" if len(fields) >= 6 else "")
        return s if value == 0 else s + f", value {value}"

    def side_name(self, side: int) -> str:
        return self.white if side == 0 else self.black


def insufficient(game: Game, side: int) -> bool:
    try:
        return bool(sf.has_insufficient_material(game.variant, *game.history())[side])
    except Exception:
        return False


def play_game(game: Game, engines: list[Engine], cfg) -> None:
    """engines[0] plays White, engines[1] Black.  Fills game.result/reason/termination."""

    def finish(result: str, termination: str, reason: str) -> None:
        game.result, game.termination, game.reason = result, termination, reason

    def loses(side: int, termination: str, reason: str) -> None:
        finish("0-1" if side == 0 else "1-0", termination, reason)

    for i, e in enumerate(engines):
        try:
            e.new_game(game)
        except (EngineError, EngineTimeout) as ex:
            # no move was played: a configuration problem rather than a lost game
            e.dirty = True
            raise ConfigError(f"engine {e.name} failed while setting up game {game.number}: {ex}\n"
                              f"last exchange:\n{e.exchange(15)}")

    while True:
        r = game.referee() or adjudicate(game, cfg)
        if r:
            finish(r[0], r[1], r[2])
            return
        side = game.stm
        eng = engines[side]
        before = game.clock[side]
        try:
            mv, elapsed, info = eng.go(game, side)
        except EngineTimeout:
            eng.stop_thinking()
            eng.dirty = True
            used = cfg.nodes_timeout if cfg.nodes else cfg.st if cfg.st else before
            if insufficient(game, 1 - side):
                finish("1/2-1/2", "time forfeit",
                       f"{eng.name} lost on time, but the opponent has insufficient mating material")
            else:
                loses(side, "time forfeit", f"{eng.name} lost on time (no move within {used + cfg.grace:.3f} s)")
            game.note(f"flag fall: {eng.name} had {before:.3f} s, grace {cfg.grace} s; position {game.fen}")
            return
        except EngineError as ex:
            eng.dirty = True
            loses(side, "abandoned", f"{eng.name}: {ex}")
            loud(game, eng, f"ENGINE FAILURE: {ex}")
            return
        except MoveRejected as ex:
            eng.dirty = True
            last = game.moves[-1] if game.moves else "(none)"
            loses(side, "rules infraction", f"{eng.name} rejected a legal move: {ex}")
            loud(game, eng, f"{eng.name} REJECTED A LEGAL MOVE (last move sent {last}): {ex}", fen=game.fen_at(
                max(0, len(game.moves) - 1)))
            return
        except Resigned as ex:
            loses(side, "normal", f"{eng.name} resigns ({ex})")
            return
        # clocks
        if cfg.nodes:
            pass
        elif cfg.st:
            if elapsed > cfg.st + cfg.grace + cfg.st_margin:
                eng.dirty = True
                loses(side, "time forfeit", f"{eng.name} exceeded the move time ({elapsed:.3f} s > {cfg.st} s)")
                return
        else:
            game.clock[side] -= elapsed
            if game.clock[side] < -cfg.grace:
                if insufficient(game, 1 - side):
                    finish("1/2-1/2", "time forfeit",
                           f"{eng.name} lost on time, but the opponent has insufficient mating material")
                else:
                    loses(side, "time forfeit", f"{eng.name} lost on time ({elapsed:.3f} s used, "
                                                f"{before:.3f} s left)")
                return
            game.clock[side] += cfg.inc
        if mv not in game.legal:
            eng.dirty = True
            game.illegal_move = mv
            loses(side, "rules infraction", f"{eng.name} played the illegal move {mv}")
            loud(game, eng, f"ILLEGAL MOVE {mv!r} by {eng.name} ({'White' if side == 0 else 'Black'})")
            return
        game.moves.append(mv)
        game.comments.append(" ".join(x for x in (info, f"{elapsed:.2f}s") if x))
        game.scores[side].append(score_cp(info))
        game.refresh()


MATE_CP = 100_000


def score_cp(info: str) -> int | None:
    """The score of a move comment (`+0.35/12`, `-M4/20`) in centipawns, mates as
    +-MATE_CP; None when the engine gave none."""
    text = info.split("/")[0]
    if not text:
        return None
    if text[1:2] == "M":
        return MATE_CP if text[0] == "+" else -MATE_CP
    try:
        return round(float(text) * 100)
    except ValueError:
        return None


def adjudicate(game: Game, cfg) -> tuple[str, str, str] | None:
    """cutechess-cli's adjudications, on the engines' own scores. --resign COUNT SCORE: a side
    whose last COUNT moves all scored SCORE centipawns or more below zero loses. --draw
    MOVENUMBER COUNT SCORE: from move MOVENUMBER on, a draw once the last COUNT moves of
    both sides all scored within SCORE of zero."""
    if cfg.resign:
        count, limit = cfg.resign
        for side in (0, 1):
            last = game.scores[side][-count:]
            if len(last) == count and all(x is not None and x <= -limit for x in last):
                name = game.white if side == 0 else game.black
                return ("0-1" if side == 0 else "1-0", "adjudication",
                        f"resign adjudication: {name} scored -{limit / 100:g} or worse for {count} moves")
    if cfg.draw:
        number, count, limit = cfg.draw
        if len(game.moves) // 2 + 1 >= number:
            last = game.scores[0][-count:] + game.scores[1][-count:]
            if len(last) == 2 * count and all(x is not None and abs(x) <= limit for x in last):
                return ("1/2-1/2", "adjudication",
                        f"draw adjudication: both scores within {limit / 100:g} for {count} moves")
    return None


def loud(game: Game, eng: Engine, headline: str, fen: str | None = None) -> None:
    if ABORT.is_set():
        return
    bar = "!" * 78
    lines = [bar, f"!!! game {game.number}: {headline}",
             f"!!! variant {game.variant}, position (FEN): {fen or game.fen}",
             f"!!! start FEN {game.start_fen}",
             f"!!! moves ({len(game.moves)}): {' '.join(game.moves)}"]
    if game.legal and fen is None:
        lines.append(f"!!! legal moves: {' '.join(sorted(game.legal))}")
    lines.append(f"!!! last exchange with {eng.name} ({eng.proto}):")
    lines.append(eng.exchange(cfg_history(eng)))
    tail = list(eng.stderr_tail)
    if tail:
        lines.append(f"!!! stderr of {eng.name}: " + " | ".join(tail[-5:]))
    lines.append(bar)
    say("\n".join(lines), err=True)
    game.note(headline)


def cfg_history(eng: Engine) -> int:
    return eng.cfg.history_lines


# --------------------------------------------------------------------------- PGN


def pgn_escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


def pgn_text(game: Game, cfg, event: str) -> str:
    tags = [
        ("Event", event),
        ("Site", os.uname().nodename if hasattr(os, "uname") else "?"),
        ("Date", datetime.date.today().strftime("%Y.%m.%d")),
        ("Round", str(game.number)),
        ("White", game.white),
        ("Black", game.black),
        ("Result", game.result),
    ]
    std = sf.start_fen("chess")
    if cfg.variant not in ("chess", "normal"):
        tags.append(("Variant", cfg.variant))
    if cfg.variant not in ("chess", "normal") or not same_start(game.start_fen, std):
        tags += [("SetUp", "1"), ("FEN", game.start_fen)]
    tags.append(("TimeControl", "-" if cfg.nodes else f"{fmt_secs(cfg.st)}/move" if cfg.st
                 else f"{fmt_secs(cfg.base)}+{fmt_secs(cfg.inc)}"))
    tags.append(("PlyCount", str(len(game.moves))))
    tags.append(("Termination", game.termination))
    out = [f'[{k} "{pgn_escape(v)}"]' for k, v in tags]
    try:
        sans = sf.get_san_moves(cfg.variant, game.start_fen, game.moves) if game.moves else []
    except Exception:
        sans = list(game.moves)
    first_black = game.start_fen.split()[1] == "b"
    try:
        fullmove = int(game.start_fen.split()[-1])
    except ValueError:
        fullmove = 1
    tokens = []
    white_to_move = not first_black
    for i, san in enumerate(sans):
        if white_to_move:
            tokens.append(f"{fullmove}.")
        elif i == 0:
            tokens.append(f"{fullmove}...")
        tokens.append(san)
        c = game.comments[i] if i < len(game.comments) else ""
        if c:
            tokens.append("{" + c + "}")
        if not white_to_move:
            fullmove += 1
        white_to_move = not white_to_move
    final = game.reason
    if game.illegal_move:
        final += f" (illegal move {game.illegal_move})"
    if game.notes:
        final += "; " + "; ".join(game.notes[:5])
    tokens += ("{" + final.replace("}", ")").replace("{", "(") + "}").split()
    tokens.append(game.result)
    lines, cur = [], ""
    for t in tokens:
        if cur and len(cur) + 1 + len(t) > 79:
            lines.append(cur)
            cur = t
        else:
            cur = f"{cur} {t}" if cur else t
    if cur:
        lines.append(cur)
    return "\n".join(out) + "\n\n" + "\n".join(lines) + "\n\n"


# --------------------------------------------------------------------------- statistics


def elo(score: float) -> float:
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0.0"


def summary(w: int, d: int, l: int) -> list[str]:
    n = w + d + l
    if n == 0:
        return ["no games finished"]
    s = (w + d / 2) / n
    out = [f"Score of engine1: +{w} ={d} -{l}  ({w + d / 2:g}/{n}, {100 * s:.1f}%)"]
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    se = math.sqrt(var / n)
    lo, hi = s - 1.96 * se, s + 1.96 * se
    if s >= 1.0 or s <= 0.0:
        # infinite point estimate: clip the score at (n - 1/2)/n, and give the one-sided 95 % bound
        # from the win (loss) rate p with p^n = 0.05
        clipped = elo((n - 0.5) / n)
        bound = elo(0.05 ** (1.0 / n))
        if s >= 1.0:
            out.append(f"Elo difference: > {clipped:+.0f} (all {n} games won: estimate clipped at a score of "
                       f"(N-1/2)/N; 95% one-sided lower bound {bound:+.0f})")
        else:
            out.append(f"Elo difference: < {-clipped:+.0f} (all {n} games lost: estimate clipped at a score of "
                       f"1/(2N); 95% one-sided upper bound {-bound:+.0f})")
    else:
        e = elo(s)
        e_lo = elo(lo) if lo > 0 else -math.inf
        e_hi = elo(hi) if hi < 1 else math.inf
        if math.isfinite(e_lo) and math.isfinite(e_hi):
            out.append(f"Elo difference: {e:+.1f} +/- {(e_hi - e_lo) / 2:.1f} (95%: [{e_lo:+.1f}, {e_hi:+.1f}])")
        else:
            lo_s = f"{e_lo:+.1f}" if math.isfinite(e_lo) else "-inf"
            hi_s = f"{e_hi:+.1f}" if math.isfinite(e_hi) else "+inf"
            out.append(f"Elo difference: {e:+.1f} (95%: [{lo_s}, {hi_s}], error bar unbounded; play more games)")
    if w + l > 0:
        los = 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l))))
        out.append(f"LOS (engine1 stronger): {100 * los:.1f}%")
    return out


def sprt_llr(w: int, d: int, l: int, elo0: float, elo1: float) -> float:
    """Log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) for engine1's
    results, in the normal approximation of the logistic Elo model (trinomial variance) that
    fishtest uses: N (s1 - s0) (2 s - s0 - s1) / (2 var). No evidence (0) while every
    game has had the same result, as in cutechess-cli."""
    n = w + d + l
    if n == 0 or w + l == 0:
        return 0.0
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)


def sprt_llr_pentanomial(penta: list[int], elo0: float, elo1: float) -> float:
    """The same test on game pairs (both colours, one opening): penta[k] counts the pairs in
    which engine1 scored k/2 points. A pair's score is one sample, so what the shared
    opening decides is not counted twice; the variance is that of the pairs, as in fishtest's
    pentanomial model. 0 while all pairs scored alike."""
    n = sum(penta)
    if n == 0:
        return 0.0
    xs = [k / 4 for k in range(5)]
    mean = sum(c * x for c, x in zip(penta, xs)) / n
    var = sum(c * (x - mean) ** 2 for c, x in zip(penta, xs)) / n
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds: below the lower one H0 is accepted, above the upper one H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_status(w: int, d: int, l: int, sprt, penta: list[int] | None = None) -> tuple[float, str | None]:
    """The LLR (pentanomial when the pair counts are given, else trinomial) and, once a
    bound is crossed, which hypothesis it accepts."""
    elo0, elo1, alpha, beta = sprt
    llr = sprt_llr_pentanomial(penta, elo0, elo1) if penta is not None else sprt_llr(w, d, l, elo0, elo1)
    lo, hi = sprt_bounds(alpha, beta)
    if llr >= hi:
        return llr, "H1"
    if llr <= lo:
        return llr, "H0"
    return llr, None


# --------------------------------------------------------------------------- openings


def make_opening(variant: str, fen: str, plies: int, rng: random.Random) -> list[str]:
    for _attempt in range(200):
        moves: list[str] = []
        ok = True
        for _ in range(plies):
            legal = sf.legal_moves(variant, fen, moves)
            if not legal:
                ok = False
                break
            moves.append(rng.choice(sorted(legal)))
            if hasattr(sf, "over"):
                ended = sf.over(variant, fen, moves) is not None
            else:
                ended = sf.is_immediate_game_end(variant, fen, moves)[0] or sf.is_optional_game_end(variant, fen, moves)[0]
            if ended:
                ok = False
                break
        if ok and sf.legal_moves(variant, fen, moves):
            return moves
    raise ConfigError(f"could not generate a {plies}-ply random opening that does not end the game")


# --------------------------------------------------------------------------- match


class Match:
    def __init__(self, cfg):
        self.cfg = cfg
        self.transcript = Transcript(cfg.log)
        self.lock = threading.Lock()
        self.engines: list[Engine] = []
        self.abort = ABORT
        self.fatal: str | None = None
        self.results: dict[int, Game] = {}
        self.wdl = [0, 0, 0]
        self.done = 0
        # engine1's points in each game pair so far, and the completed pairs by total
        # (0, 1/2, 1, 3/2, 2 points): the pentanomial counts.
        self.pair_points: dict[int, list[float]] = {}
        self.penta = [0] * 5
        # Set when the SPRT reaches a decision: no new game starts, those under way finish.
        self.stop = threading.Event()
        self.sprt_decision: str | None = None
        # Openings made for the first game of a pair, until its second game takes them.
        self.openings: dict[int, list[str]] = {}
        self.openings_lock = threading.Lock()

    def make_engine(self, idx: int, worker: int) -> Engine:
        cfg = self.cfg
        cmd, proto, name, opts = cfg.engines[idx]
        cls = UciEngine if proto == "uci" else CecpEngine
        e = cls(cmd, name, opts, cfg, self.transcript, f"[{worker}:{name}]")
        if idx == 1 and cfg.nodes2:
            e.nodes = cfg.nodes2
        with self.lock:
            self.engines.append(e)
        return e

    def ensure(self, e: Engine) -> None:
        if e.proc is None or e.dirty or not e.alive() or self.cfg.restart:
            first = e.id_name is None
            e.close()
            e.init()
            if first and e.id_name:
                say(f"{e.name} identifies itself as {e.id_name!r}")

    def opening(self, pair: int) -> list[str]:
        """The random opening plies of a pair of games, made when its first game starts
        (made up front, an SPRT's 10,000 pairs took minutes of referee calls) and kept for
        the second; the same for a pair whichever game comes first."""
        cfg = self.cfg
        with self.openings_lock:
            if pair in self.openings:
                return self.openings.pop(pair)
            rng = random.Random(f"{cfg.seed}:{pair}")
            start = cfg.start_fens[pair % len(cfg.start_fens)]
            self.openings[pair] = make_opening(cfg.variant, start, cfg.openings, rng) if cfg.openings else []
            return self.openings[pair]

    def worker(self, wid: int, jobs: queue.Queue) -> None:
        cfg = self.cfg
        eng = [self.make_engine(0, wid), self.make_engine(1, wid)]
        try:
            while not self.abort.is_set() and not self.stop.is_set():
                try:
                    number, pair = jobs.get_nowait()
                except queue.Empty:
                    return
                try:
                    opening = self.opening(pair)
                except ConfigError as ex:
                    self.fail(str(ex))
                    return
                # odd-numbered games of a pair: engine1 White; even: engine2 White
                e1_white = number % 2 == 1
                white, black = (eng[0], eng[1]) if e1_white else (eng[1], eng[0])
                try:
                    for e in (white, black):
                        self.ensure(e)
                except EngineError as ex:
                    self.fail(f"engine initialisation failed: {ex}")
                    return
                start = cfg.start_fens[(number - 1) // 2 % len(cfg.start_fens)]
                game = Game(number, cfg.variant, start, opening, cfg, white.name, black.name)
                try:
                    play_game(game, [white, black], cfg)
                except ConfigError as ex:
                    self.fail(str(ex))
                    return
                for e in (white, black):
                    e.end_game(game, game.result, game.reason)
                self.record(game, e1_white)
        except ConfigError as ex:
            self.fail(str(ex))
        except Exception as ex:  # bug in the runner: report, stop cleanly
            if self.abort.is_set():
                return  # engines were killed under us by an interrupt
            import traceback
            self.fail(f"internal error in worker {wid}: {ex!r}\n{traceback.format_exc()}")
        finally:
            for e in eng:
                e.close()

    def fail(self, msg: str) -> None:
        with self.lock:
            if self.fatal is None:
                self.fatal = msg
        self.abort.set()

    def record(self, game: Game, e1_white: bool) -> None:
        cfg = self.cfg
        if self.abort.is_set():
            say(f"game {game.number}: aborted (not counted)", err=True)
            return
        with self.lock:
            self.results[game.number] = game
            if game.result == "1/2-1/2":
                self.wdl[1] += 1
            elif game.result in ("1-0", "0-1"):
                e1_won = (game.result == "1-0") == e1_white
                self.wdl[0 if e1_won else 2] += 1
            self.done += 1
            if game.result in ("1-0", "0-1", "1/2-1/2"):
                points = 0.5 if game.result == "1/2-1/2" else float((game.result == "1-0") == e1_white)
                pair = self.pair_points.setdefault((game.number - 1) // 2, [])
                pair.append(points)
                if len(pair) == 2:
                    self.penta[int(sum(pair) * 2)] += 1
            w, d, l = self.wdl
            sprt_text = ""
            if cfg.sprt:
                llr, decision = sprt_status(w, d, l, cfg.sprt, self.penta if cfg.sprt_model == "pentanomial" else None)
                lo, hi = sprt_bounds(cfg.sprt[2], cfg.sprt[3])
                sprt_text = f"  LLR {llr:.2f} [{lo:.2f}, {hi:.2f}]"
                if decision and not self.stop.is_set():
                    self.sprt_decision = decision
                    self.stop.set()
            say(f"game {game.number}: {game.white} vs {game.black} ({cfg.variant}) {game.result} {game.reason}, "
                f"{len(game.moves)} plies   [{cfg.engines[0][2]}: +{w} ={d} -{l}]{sprt_text}")
            if cfg.pgn:
                with open(cfg.pgn, "a", encoding="utf-8") as fh:
                    fh.write(pgn_text(game, cfg, cfg.event))

    def run(self) -> int:
        cfg = self.cfg
        jobs: queue.Queue = queue.Queue()
        for pair in range(cfg.games // 2):
            for number in (2 * pair + 1, 2 * pair + 2):
                if number >= cfg.first_game:
                    jobs.put((number, pair))
        threads = [threading.Thread(target=self.worker, args=(i + 1, jobs), daemon=True)
                   for i in range(max(1, min(cfg.concurrency, cfg.games)))]
        for t in threads:
            t.start()
        try:
            for t in threads:
                while t.is_alive():
                    t.join(0.2)
        except KeyboardInterrupt:
            say("interrupted: stopping engines", err=True)
            self.abort.set()
            self.kill_all()
            self.report()
            return 130
        finally:
            self.kill_all()
            self.transcript.close()
        if self.fatal:
            say(f"\nmatch.py: error: {self.fatal}", err=True)
        self.report()
        return 2 if self.fatal else 0

    def kill_all(self) -> None:
        with self.lock:
            engines = list(self.engines)
        for e in engines:
            try:
                e.close()
            except Exception:
                pass

    def report(self) -> None:
        w, d, l = self.wdl
        cfg = self.cfg
        say("")
        say(f"Finished {self.done} of {cfg.games} games: {cfg.engines[0][2]} vs {cfg.engines[1][2]} "
            f"({cfg.variant}, {cfg.tc_text})")
        for line in summary(w, d, l):
            say(line)
        if cfg.sprt:
            elo0, elo1, alpha, beta = cfg.sprt
            penta = self.penta if cfg.sprt_model == "pentanomial" else None
            llr, decision = sprt_status(w, d, l, cfg.sprt, penta)
            if penta is not None:
                say(f"Game pairs by engine1's points (0, 1/2, 1, 3/2, 2): {penta}")
            lo, hi = sprt_bounds(alpha, beta)
            verdict = {"H1": f"H1 accepted: engine1 is stronger by about {elo1:g} Elo or more",
                       "H0": f"H0 accepted: engine1 is not stronger by {elo1:g} Elo (Elo <= {elo0:g} likely)",
                       None: "no decision yet (play more games)"}[decision]
            say(f"SPRT ({cfg.sprt_model}) elo0={elo0:g} elo1={elo1:g} alpha={alpha:g} beta={beta:g}: LLR {llr:.2f} "
                f"(bounds {lo:.2f}, {hi:.2f}): {verdict}")
        kinds = collections.Counter(kind_of(g) for g in self.results.values())
        if kinds:
            say("Terminations: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
        if PEAK_RSS:
            say("Peak RSS: " + ", ".join(f"{n} {kb // 1024} MiB" for n, kb in sorted(PEAK_RSS.items())))


def kind_of(g: Game) -> str:
    r = g.reason
    for key, label in (("resigns", "resignation"), ("illegal move", "illegal move"),
                       ("rejected a legal move", "rejected legal move"), ("lost on time", "time forfeit"),
                       ("exceeded the move time", "time forfeit"), ("max plies", "max plies"),
                       ("resign adjudication", "resign adjudication"), ("draw adjudication", "draw adjudication")):
        if key in r:
            return label
    if g.termination == "abandoned":
        return "crash/protocol error"
    return r.split(" (")[0].split(",")[0]


# --------------------------------------------------------------------------- CLI


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Engine-vs-engine match runner (UCI/CECP) refereed by pyffish (Fairy-Stockfish rules).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Example:\n  scripts/match.py --engine1 'target/release/kirin uci' --proto1 uci "
               "--engine2 /usr/games/fairymax --proto2 cecp --variant shatranj --games 10 --tc 10+0.1")
    for i in (1, 2):
        p.add_argument(f"--engine{i}", required=True, metavar="CMD", help=f"command line of engine {i}")
        p.add_argument(f"--proto{i}", choices=("uci", "cecp", "xboard"), default="uci",
                       help="protocol (default uci; xboard = cecp)")
        p.add_argument(f"--name{i}", help="display name (default: executable name)")
        p.add_argument(f"--option{i}", action="append", default=[], metavar="NAME=VALUE",
                       help="engine option, repeatable (UCI setoption / CECP option)")
    p.add_argument("--variant", default="chess", help="variant name, as the referee knows it (default chess)")
    p.add_argument("--referee", choices=["auto", "pyffish", "kirin"], default="auto",
                   help="whose rules judge the games: pyffish (Fairy-Stockfish), or Kirin's own rules in a "
                        "separate 'kirin referee' process; auto: pyffish if it knows the variant (default)")
    p.add_argument("--referee-kirin", default="target/release/kirin", metavar="BIN",
                   help="the kirin binary that referees with --referee kirin (default target/release/kirin)")
    p.add_argument("--uci-variant", help="UCI_Variant value sent to UCI engines (default --variant)")
    p.add_argument("--cecp-variant", help="name sent with 'variant' to CECP engines (default --variant; "
                                          "chess/normal sends nothing)")
    p.add_argument("--games", type=int, default=2, help="number of games, even (pairs with colours swapped)")
    p.add_argument("--first-game", type=int, default=1, metavar="N",
                   help="play games N to --games only (default 1): game N has the opening and colours it has "
                        "in a whole run, so that a stopped fixed-node run can be continued")
    p.add_argument("--tc", type=parse_tc, default=None, metavar="BASE+INC", help="seconds, e.g. 10+0.1 "
                   "(default 10+0.1)")
    p.add_argument("--st", type=float, default=None, metavar="SECONDS", help="fixed time per move instead of --tc")
    p.add_argument("--nodes", type=int, default=None, metavar="N",
                   help="N nodes per move instead of a clock (UCI 'go nodes', CECP 'nps' with 'st 1')")
    p.add_argument("--nodes2", type=int, default=None, metavar="N",
                   help="with --nodes: engine 2 searches N nodes a move instead (node odds, e.g. for a "
                        "common opponent of a strength that gives a measurable score)")
    p.add_argument("--nodes-timeout", type=float, default=60.0, metavar="SECONDS",
                   help="with --nodes: a move taking longer is a hang and loses (default 60)")
    p.add_argument("--st-margin", type=float, default=0.2, metavar="SECONDS",
                   help="with --st: extra tolerance per move beyond ST+GRACE (default 0.2)")
    p.add_argument("--grace", type=float, default=0.0, metavar="SECONDS",
                   help="a clock may go this far below zero before the flag falls (default 0)")
    p.add_argument("--start-fen", help="start position (default pyffish start position of the variant)")
    p.add_argument("--openings-file", metavar="FILE",
                   help="start positions, a FEN or EPD per line (# comments); each pair of games takes "
                        "the next one, in order, round again after the last (--openings plies follow it)")
    p.add_argument("--openings", type=int, default=0, metavar="PLIES",
                   help="random legal plies from the seeded RNG before the engines take over (default 0)")
    p.add_argument("--seed", type=int, default=None, help="RNG seed (default: time based, printed)")
    p.add_argument("--pgn", help="append the games to this PGN file")
    p.add_argument("--event", default=None, help="PGN Event tag")
    p.add_argument("--concurrency", type=int, default=1, help="games played in parallel (default 1)")
    p.add_argument("--resign", nargs=2, type=int, default=None, metavar=("COUNT", "SCORE"),
                   help="adjudicate a loss when a side's last COUNT moves all scored SCORE centipawns or more "
                        "below zero (cutechess-cli's -resign movecount= score=)")
    p.add_argument("--draw", nargs=3, type=int, default=None, metavar=("MOVENUMBER", "COUNT", "SCORE"),
                   help="adjudicate a draw from move MOVENUMBER on once both sides' last COUNT moves scored within "
                        "SCORE centipawns of zero (cutechess-cli's -draw movenumber= movecount= score=)")
    p.add_argument("--max-plies", type=int, default=600, help="adjudicate a draw after this many plies "
                                                                 "(default 600, 0 = never)")
    p.add_argument("--init-timeout", type=float, default=30.0,
                   help="seconds to wait for uciok/readyok/features/pong (default 30)")
    p.add_argument("--quit-timeout", type=float, default=1.0, help="seconds between 'quit' and kill (default 1)")
    p.add_argument("--restart", action="store_true", help="fresh engine processes for every game")
    p.add_argument("--setboard", choices=("auto", "always"), default="auto",
                   help="CECP: send setboard only when the start position differs from the engine's own start "
                        "position for the variant (auto, like XBoard), or always when the engine supports it")
    p.add_argument("--log", metavar="FILE", help="append the full engine I/O transcript to FILE")
    p.add_argument("--sprt", nargs=4, type=float, default=None, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
                   help="sequential test of engine1 against engine2 (e.g. 0 5 0.05 0.05): stop as soon as "
                        "the LLR crosses a bound; --games is then the most games played")
    p.add_argument("--sprt-model", choices=("pentanomial", "trinomial"), default="pentanomial",
                   help="statistics of the SPRT: game pairs with one opening (default, as fishtest) or single games")
    p.add_argument("--history-lines", type=int, default=40,
                   help="engine I/O lines shown in error reports (default 40)")
    return p


def read_openings_file(p: argparse.ArgumentParser, path: str, variant: str) -> list[str]:
    """The positions of an openings file, each checked by the referee (EPD's four fields
    get the counters `0 1`; operations after them are dropped)."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError as e:
        p.error(f"cannot read --openings-file {path}: {e}")
    fens = []
    for i, raw in enumerate(lines, 1):
        line = raw.split(";")[0].strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        fen = " ".join(fields[:6]) if len(fields) >= 6 and fields[4].isdigit() else " ".join(fields[:4]) + " 0 1"
        if sf.validate_fen(fen, variant) != sf.FEN_OK or not sf.legal_moves(variant, fen, []):
            p.error(f"{path}:{i}: not a playable position of {variant}: {fen!r}")
        fens.append(fen)
    if not fens:
        p.error(f"--openings-file {path} holds no position")
    return fens


def build_config(argv: list[str]) -> argparse.Namespace:
    """The match configuration from command-line arguments (argparse exits on bad ones).
    Also picks the referee: sets the module's ``sf`` (pyffish or Kirin's rules)."""
    global sf
    p = build_parser()
    a = p.parse_args(argv)
    referee = a.referee
    if referee == "auto":
        referee = "pyffish" if PYFFISH is not None and a.variant in PYFFISH.variants() else "kirin"
    if referee == "kirin":
        from kirin_rules import KirinRules
        # One referee process for all the matches of a run (tournament.py builds several).
        if not (isinstance(sf, KirinRules) and sf.binary == a.referee_kirin and sf.proc.poll() is None):
            sf = KirinRules(a.referee_kirin)
    elif PYFFISH is None:
        p.error("the Python module 'pyffish' is required (python3 -m pip install pyffish), or --referee kirin")
    else:
        sf = PYFFISH
    if a.games < 2 or a.games % 2:
        p.error("--games must be a positive even number (pairs of games with colours swapped)")
    if not 1 <= a.first_game <= a.games:
        p.error("--first-game must be between 1 and --games")
    if a.concurrency < 1:
        p.error("--concurrency must be >= 1")
    if a.resign and (a.resign[0] < 1 or a.resign[1] < 0):
        p.error("--resign COUNT SCORE needs COUNT >= 1 and SCORE >= 0")
    if a.draw and (a.draw[0] < 1 or a.draw[1] < 1 or a.draw[2] < 0):
        p.error("--draw MOVENUMBER COUNT SCORE needs MOVENUMBER, COUNT >= 1 and SCORE >= 0")
    if a.sprt and not (a.sprt[0] < a.sprt[1] and 0 < a.sprt[2] < 1 and 0 < a.sprt[3] < 1):
        p.error("--sprt ELO0 ELO1 ALPHA BETA needs ELO0 < ELO1 and ALPHA, BETA between 0 and 1")
    if sum(x is not None for x in (a.st, a.tc, a.nodes)) > 1:
        p.error("give one of --tc, --st and --nodes")
    if a.nodes is not None and a.nodes < 1:
        p.error("--nodes must be positive")
    if a.nodes2 is not None and (a.nodes is None or a.nodes2 < 1):
        p.error("--nodes2 needs --nodes and must be positive")
    if a.st is not None and a.st <= 0:
        p.error("--st must be positive")
    if a.variant not in sf.variants():
        p.error(f"the referee ({referee}) does not know variant {a.variant!r}")
    start_fen = a.start_fen or sf.start_fen(a.variant)
    if sf.validate_fen(start_fen, a.variant) != sf.FEN_OK:
        p.error(f"invalid start FEN for {a.variant}: {start_fen!r} (pyffish.validate_fen = "
                f"{sf.validate_fen(start_fen, a.variant)})")
    if not sf.legal_moves(a.variant, start_fen, []):
        p.error("the start position has no legal moves")
    start_fens = [start_fen]
    if a.openings_file:
        start_fens = read_openings_file(p, a.openings_file, a.variant)
    base, inc = a.tc if a.tc else (10.0, 0.1)
    if a.st is not None:
        base, inc = a.st, 0.0

    def default_name(cmd: str) -> str:
        try:
            return os.path.basename(shlex.split(cmd)[0])
        except (ValueError, IndexError):
            return cmd

    engines = []
    for i in (1, 2):
        cmd = getattr(a, f"engine{i}")
        proto = getattr(a, f"proto{i}")
        proto = "cecp" if proto == "xboard" else proto
        name = getattr(a, f"name{i}") or default_name(cmd)
        opts = [parse_option(o) for o in getattr(a, f"option{i}")]
        engines.append((cmd, proto, name, opts))
    if engines[0][2] == engines[1][2]:
        engines[0] = engines[0][:2] + (engines[0][2] + "-1",) + engines[0][3:]
        engines[1] = engines[1][:2] + (engines[1][2] + "-2",) + engines[1][3:]

    seed = a.seed if a.seed is not None else int(time.time() * 1000) % 1_000_000_007
    cfg = argparse.Namespace(
        engines=engines, variant=a.variant, uci_variant=a.uci_variant or a.variant,
        cecp_variant=a.cecp_variant or a.variant, games=a.games, first_game=a.first_game, base=base, inc=inc, st=a.st,
        nodes=a.nodes, nodes2=a.nodes2, nodes_timeout=a.nodes_timeout,
        st_margin=a.st_margin, grace=a.grace, start_fen=start_fen, start_fens=start_fens,
        openings_file=a.openings_file, openings=a.openings,
        seed=seed, pgn=a.pgn,
        concurrency=a.concurrency, max_plies=a.max_plies, init_timeout=a.init_timeout,
        quit_timeout=a.quit_timeout, restart=a.restart, sprt=a.sprt, sprt_model=a.sprt_model, resign=a.resign,
        draw=a.draw, setboard=a.setboard, log=a.log, history_lines=a.history_lines,
        tc_text=(f"{a.nodes} nodes/move" + (f" ({a.nodes2} for engine 2)" if a.nodes2 else "") if a.nodes
                 else f"{fmt_secs(a.st)} s/move" if a.st
                 else f"{fmt_secs(base)}+{fmt_secs(inc)}"),
        event=a.event or f"{engines[0][2]} vs {engines[1][2]} ({a.variant})",
        referee=referee,
    )
    return cfg


def print_header(cfg: argparse.Namespace) -> None:
    start = (f"{len(cfg.start_fens)} start positions from {cfg.openings_file}" if cfg.openings_file
             else f"start FEN {cfg.start_fen}")
    say(f"Variant {cfg.variant} (UCI_Variant {cfg.uci_variant}, CECP variant {cfg.cecp_variant}), {start}")
    say(f"{cfg.games} games, time control {cfg.tc_text}, grace {fmt_secs(cfg.grace)} s, "
        f"openings {cfg.openings} random plies, seed {cfg.seed}, concurrency {cfg.concurrency}, "
        f"max plies {cfg.max_plies or 'none'}, referee {cfg.referee} {'.'.join(map(str, sf.version()))}")
    for i, (cmd, proto, name, opts) in enumerate(cfg.engines, 1):
        say(f"engine{i}: {name} [{proto}] {cmd}" + (f"  options {opts}" if opts else ""))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cfg = build_config(argv)
    prog = sys.argv[0]
    say("Command: " + shlex.join((["python3"] if prog.endswith(".py") and not os.access(prog, os.X_OK) else [])
                                 + [prog] + argv))
    print_header(cfg)

    match = Match(cfg)

    def on_term(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    return match.run()


if __name__ == "__main__":
    sys.exit(main())
