#!/usr/bin/env python3
"""Flags an engine that overruns its clock in an XBoard match, by killing it.

XBoard 4.9.1 in -noGUI mode never calls an engine's flag, not even with -autoCallFlag true,
so an engine that searches on without moving (HaChu 0.21 does this in some lost positions)
stalls the match for ever. This watchdog follows XBoard's debug log: after each
`time T` XBoard sends an engine (T in centiseconds, the engine's remaining clock), it expects
a `move` from that engine within T/100 s plus a grace period. If none comes, it writes a
line to its report file and kills the engine; XBoard then scores the game as lost by the engine
that exited ("exited unexpectedly", backend.c ReceiveFromProgram), but in -noGUI mode it
then spins without ending (seen with XBoard 4.9.1), so the watchdog kills XBoard too: the game
is lost on time by the engine named in the report, and the caller scores it from there.

    xboard_watchdog.py DEBUG_LOG REPORT GRACE_SECONDS XBOARD_PID

Exits when the XBoard process is gone.
"""

import os
import re
import signal
import sys
import time

LINE = re.compile(r"^(\d+) ([<>])(first|second)\s*: (.*)$")


def children(pid):
    """The direct children of `pid`, as (pid, command line) pairs (Linux /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
                out.append((int(entry), cmd))
        except (OSError, ValueError, IndexError):
            continue
    return out


def main():
    log, report, grace, xboard = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    start = time.monotonic()
    # Engine processes in start order: XBoard starts the first engine before the second.
    engines = {}
    waiting = {}  # engine -> (ms since XBoard start when `time` was sent, clock in ms)
    pos = 0
    partial = ""
    while os.path.exists(f"/proc/{xboard}"):
        time.sleep(0.5)
        kids = sorted(pid for pid, _ in children(xboard))
        if len(kids) >= 2 and not engines:
            engines = {"first": kids[0], "second": kids[1]}
        try:
            with open(log, errors="replace") as f:
                f.seek(pos)
                chunk = f.read()
                pos = f.tell()
        except OSError:
            continue
        lines = (partial + chunk).split("\n")
        partial = lines.pop()
        for line in lines:
            m = LINE.match(line)
            if not m:
                continue
            stamp, direction, who, text = int(m.group(1)), m.group(2), m.group(3), m.group(4)
            if direction == ">" and text.startswith("time "):
                try:
                    waiting[who] = (stamp, int(text.split()[1]) * 10)
                except ValueError:
                    pass
            elif direction == ">" and text.split(" ")[0] in ("new", "force", "result", "quit"):
                waiting.pop(who, None)
            elif direction == "<" and text.startswith("move "):
                waiting.pop(who, None)
        now_ms = (time.monotonic() - start) * 1000
        for who, (sent, clock) in list(waiting.items()):
            if now_ms - sent > clock + grace * 1000 and who in engines:
                with open(report, "a") as f:
                    f.write(
                        f"{who} engine forfeits on time: no move {(now_ms - sent) / 1000:.0f} s "
                        f"after `time` with {clock / 1000:.1f} s on its clock; killed by the watchdog\n"
                    )
                for pid in (engines[who], xboard):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                    time.sleep(1)
                return


if __name__ == "__main__":
    main()
