"""Shared by the tests: the repository's examples, the command line to cross-check against,
and an independent validator of classic grids."""

import json
import math
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def cli_binary() -> Path:
    """The `sudokux` binary: $SUDOKUX_BIN, else the repository's release or debug build."""
    if os.environ.get("SUDOKUX_BIN"):
        return Path(os.environ["SUDOKUX_BIN"])
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "sudokux"
        if path.exists():
            return path
    pytest.fail("no sudokux binary: build it (cargo build --release) or set SUDOKUX_BIN")


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(cli_binary()), *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def cli_json(*args: str, stdin: str = "") -> list:
    """The JSON lines the command line writes."""
    done = run_cli(*args, stdin=stdin)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def valid_classic(puzzle: str, solution: str) -> bool:
    """Whether `solution` is a filled classic grid (rows, columns, boxes) agreeing with the
    givens of `puzzle`: a check that shares no code with the solver."""
    n = math.isqrt(len(solution))
    box = math.isqrt(n)
    if n * n != len(solution) or box * box != n or len(puzzle) != len(solution):
        return False
    digits = [int(c, 36) for c in solution]
    if any(g not in ".0" and g != s for g, s in zip(puzzle, solution)):
        return False
    full = set(range(1, n + 1))
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [
        [(br + r) * n + bc + c for r in range(box) for c in range(box)]
        for br in range(0, n, box)
        for bc in range(0, n, box)
    ]
    return all({digits[i] for i in unit} == full for unit in units)


def puzzle_lines(name: str, limit: int = 1000) -> list:
    lines = []
    for line in (EXAMPLES / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            lines.append(line)
    return lines[:limit]


def queens(n: int):
    """N-queens as exact cover, built from item names."""
    import sudokux

    rows = [f"r{r}" for r in range(n)]
    cols = [f"c{c}" for c in range(n)]
    diagonals = [f"d{k}" for k in range(2 * n - 1)] + [f"a{k}" for k in range(2 * n - 1)]
    options = [
        [f"r{r}", f"c{c}", f"d{r + c}", f"a{r - c + n - 1}"] for r in range(n) for c in range(n)
    ]
    return sudokux.ExactCover(rows + cols, diagonals, options)
