#!/usr/bin/env python3
"""Proves every puzzle of the variant benchmark unique, one at a time on one thread, and prints
the median and maximum nodes and times.

    python3 bench/variants/run.py target/release/sudokux [RUNS] [FILES...]

With no files it takes bench/variants/*.toml and the variant puzzles of examples/. Each puzzle
is checked RUNS times (default 5); a puzzle's time is the median of its runs: the time
`--stats` reports for the puzzle and the whole process's wall time. The solution is
checked against the `.solution` file beside the puzzle. Standard library only.
"""

import glob
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STATS = re.compile(r"puzzle 1: (\d+) nodes, \d+ updates, ([\d.]+) ms")
# Examples that are classic sudoku of another size or shape: not variants.
CLASSIC = {"4x4", "6x6", "6x6-tall", "8x8", "12x12", "16x16", "25x25", "jigsaw", "samurai",
           "twodoku", "x-sudoku", "windoku", "unit"}


def files(args):
    if args:
        return args
    bench = sorted(glob.glob(os.path.join(ROOT, "bench/variants/*.toml")))
    examples = [p for p in sorted(glob.glob(os.path.join(ROOT, "examples/*.toml")))
                if os.path.basename(p)[:-5] not in CLASSIC]
    return examples + bench


def one(binary, path, runs):
    nodes, search, wall = None, [], []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run([binary, "check", "--stats", "--jobs", "1", path],
                             capture_output=True, text=True)
        wall.append((time.perf_counter() - start) * 1000)
        status = out.stdout.strip()
        if status != "unique":
            raise SystemExit(f"{path}: {status}: {out.stderr.strip()}")
        m = STATS.search(out.stderr)
        nodes = int(m.group(1))
        search.append(float(m.group(2)))
    solution = path[:-5] + ".solution"
    if os.path.exists(solution):
        out = subprocess.run([binary, "solve", path], capture_output=True, text=True)
        want = "".join(open(solution).read().split())
        got = "".join(out.stdout.split())
        if got != want:
            raise SystemExit(f"{path}: solution differs from {solution}")
    return nodes, statistics.median(search), statistics.median(wall)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/sudokux")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    rows = []
    for path in files(sys.argv[3:]):
        nodes, search, wall = one(binary, path, runs)
        rows.append((os.path.relpath(path, ROOT), nodes, search, wall))
        print(f"{rows[-1][0]:45} {nodes:>9} nodes {search:>9.2f} ms {wall:>8.1f} ms wall",
              flush=True)
    print(f"\n{len(rows)} puzzles, each proved unique, {runs} runs each (medians per puzzle)")
    for label, k in (("nodes", 1), ("search ms", 2), ("wall ms", 3)):
        values = [r[k] for r in rows]
        worst = max(rows, key=lambda r: r[k])
        print(f"{label:>10}: median {statistics.median(values):.2f}, max {worst[k]:.2f} "
              f"({worst[0]})")


if __name__ == "__main__":
    main()
