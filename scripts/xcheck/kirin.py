"""Running `kirin perft --divide` and reading its output."""

from __future__ import annotations

import os
import re
import subprocess

DIVIDE_LINE = re.compile(r"^\s*(\S+):\s*(\d+)\s*$")
NODES_LINE = re.compile(r"^\s*Nodes searched:\s*(\d+)\s*$")


class EngineError(Exception):
    """A program could not be run on one position or printed unusable output."""


class SetupError(Exception):
    """Kirin or a reference cannot be run at all (exit status 2, never a skip)."""


def parse_divide(text: str, who: str) -> tuple[dict[str, int], int]:
    """The `MOVE: COUNT` lines and the `Nodes searched: N` total of a perft divide."""
    divide: dict[str, int] = {}
    nodes = None
    for line in text.splitlines():
        m = NODES_LINE.match(line)
        if m:
            nodes = int(m.group(1))
            continue
        m = DIVIDE_LINE.match(line)
        if m:
            move, count = m.group(1), int(m.group(2))
            if move in divide:
                raise EngineError(f"{who} printed root move {move} twice")
            divide[move] = count
    if nodes is None:
        raise EngineError(f"{who} printed no 'Nodes searched: N' line")
    return divide, nodes


def check_binary(kirin: str) -> None:
    if not (os.path.isfile(kirin) and os.access(kirin, os.X_OK)):
        raise SetupError(f"kirin binary {kirin} does not exist or is not executable "
                         f"(build it with `cargo build --release` or pass --kirin PATH)")


def perft_command(kirin: str, variant: str, depth: int, fen: str | None = None,
                  moves: list[str] | None = None) -> list[str]:
    """`kirin perft` from `fen` (None: Kirin's own start position) after `moves`."""
    cmd = [kirin, "perft", "--variant", variant, "--depth", str(depth)]
    if fen is not None:
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves", " ".join(moves)]
    return cmd + ["--divide"]


def run_perft(cmd: list[str], timeout: float) -> dict[str, int]:
    """Runs a perft command; its divide, checked against its own total."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise EngineError(f"kirin timed out after {timeout:g} s") from e
    except OSError as e:
        raise EngineError(f"cannot run kirin: {e}") from e
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-8:]
        raise EngineError(f"kirin exited with status {proc.returncode}"
                          + "".join(f"\n    | {line}" for line in tail))
    divide, nodes = parse_divide(proc.stdout, "kirin")
    if nodes != sum(divide.values()):
        raise EngineError(f"kirin: 'Nodes searched: {nodes}' but its divide sums to {sum(divide.values())}")
    return divide


def start_fen(kirin: str, variant: str, timeout: float = 60) -> str:
    """Kirin's FEN of its start position (`kirin show`)."""
    try:
        proc = subprocess.run([kirin, "show", "--variant", variant], capture_output=True, text=True,
                              timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        raise SetupError(f"cannot run kirin show: {e}") from e
    for line in proc.stdout.splitlines():
        if line.startswith("Fen: "):
            return line[5:].strip()
    raise SetupError(f"kirin show --variant {variant} printed no 'Fen:' line: {proc.stderr.strip()}")


def variants(kirin: str) -> list[str]:
    """The variant names Kirin knows (`kirin variants`, first column)."""
    try:
        proc = subprocess.run([kirin, "variants"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise SetupError(f"cannot run kirin variants: {e}") from e
    if proc.returncode != 0:
        raise SetupError(f"kirin variants exited with status {proc.returncode}")
    return [line.split()[0] for line in proc.stdout.splitlines() if line.strip()]
