#!/usr/bin/env python3
"""The peer for the large-grid figures in BENCHMARKS.md: OR-tools CP-SAT on the same tasks.

Not run by CI. Needs `pip install ortools` (in a venv). One thread, one puzzle at a time.

    python3 bench/cpsat.py empty 64 --seeds 1 2 3 4 5   # first solution of an empty 64x64
    python3 bench/cpsat.py prove bench/16x16.txt        # solve, then prove unique

`prove` reads one puzzle a line, as sudokux writes them: one symbol a cell (`1-9A-Z`, blanks
`.` or `0`), or whitespace-separated numbers. A puzzle is proved unique by solving it, then
solving it again with its solution forbidden (infeasible). Times are per task, in CPU
seconds of this process (`time.process_time`, CP-SAT's one worker included): on a machine
shared with other jobs wall times mostly measure the wait. The median over the seeds is
printed, and the total.
"""

import argparse
import math
import statistics
import sys
import time

from ortools.sat.python import cp_model

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def parse(line):
    line = line.strip()
    if " " in line:
        cells = [0 if t in (".", "0") else int(t) for t in line.split()]
    else:
        cells = [0 if c in ".0" else SYMBOLS.index(c) + 1 for c in line]
    n = math.isqrt(len(cells))
    assert n * n == len(cells), f"not a square grid: {len(cells)} cells"
    return n, cells


def model(n, cells):
    b = math.isqrt(n)
    assert b * b == n, "square boxes only"
    m = cp_model.CpModel()
    x = [[m.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        m.AddAllDifferent(x[r])
    for c in range(n):
        m.AddAllDifferent([x[r][c] for r in range(n)])
    for br in range(0, n, b):
        for bc in range(0, n, b):
            m.AddAllDifferent([x[r][c] for r in range(br, br + b) for c in range(bc, bc + b)])
    for p, d in enumerate(cells):
        if d:
            m.Add(x[p // n][p % n] == d)
    return m, x


def solver(seed=0):
    s = cp_model.CpSolver()
    s.parameters.num_search_workers = 1
    s.parameters.random_seed = seed
    return s


def empty(n, seeds):
    times = []
    for seed in seeds:
        start = time.process_time()
        m, x = model(n, [0] * (n * n))
        s = solver(seed)
        status = s.Solve(m)
        t = time.process_time() - start
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), status
        times.append(t)
        print(f"cp-sat empty {n}x{n} seed {seed}: {t:.2f} s", flush=True)
    print(f"cp-sat empty {n}x{n}: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def prove(path):
    total = 0.0
    count = 0
    for line in open(path):
        if not line.strip():
            continue
        n, cells = parse(line)
        start = time.process_time()
        m, x = model(n, cells)
        s = solver()
        status = s.Solve(m)
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), status
        values = [s.Value(x[r][c]) for r in range(n) for c in range(n)]
        # Forbid that solution: some blank cell differs.
        bs = []
        for p, d in enumerate(cells):
            if not d:
                v = m.NewBoolVar("")
                m.Add(x[p // n][p % n] != values[p]).OnlyEnforceIf(v)
                bs.append(v)
        m.AddBoolOr(bs)
        status = solver().Solve(m)
        assert status == cp_model.INFEASIBLE, f"not unique: {line[:40]}"
        total += time.process_time() - start
        count += 1
    print(f"cp-sat prove {path}: {count} puzzles, {total:.2f} s in total")


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="task", required=True)
    e = sub.add_parser("empty")
    e.add_argument("n", type=int)
    e.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    q = sub.add_parser("prove")
    q.add_argument("path")
    a = p.parse_args()
    if a.task == "empty":
        empty(a.n, a.seeds)
    else:
        prove(a.path)


if __name__ == "__main__":
    sys.exit(main())
