"""Distributed counts against one process, in the same run (BENCHMARKS.md, "Counting across
a cluster"): 12-queens (14,200) and the 6x10 pentomino packing (9,356), each counted by
`sudokux xc --count` (one process, one thread) and by sudokux.distributed.count on a
LocalCluster of 2 single-threaded worker processes, at a few split depths.

    python python/bench/cluster.py [path/to/sudokux]      # from the repository's root
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dask.distributed import Client, LocalCluster

import sudokux
import sudokux.distributed

ROOT = Path(__file__).resolve().parents[2]
RUNS = 3


def queens(n):
    rows = [f"r{r}" for r in range(n)]
    cols = [f"c{c}" for c in range(n)]
    diagonals = [f"d{k}" for k in range(2 * n - 1)] + [f"a{k}" for k in range(2 * n - 1)]
    options = [
        [f"r{r}", f"c{c}", f"d{r + c}", f"a{r - c + n - 1}"] for r in range(n) for c in range(n)
    ]
    return sudokux.ExactCover(rows + cols, diagonals, options)


def one_process(binary, problem):
    with tempfile.NamedTemporaryFile("w", suffix=".xc", delete=False) as f:
        f.write(problem.to_knuth())
    times, count = [], None
    for _ in range(RUNS):
        started = time.perf_counter()
        done = subprocess.run([binary, "xc", "--count", f.name], capture_output=True, text=True)
        times.append(time.perf_counter() - started)
        count = int(done.stdout.strip())
    return count, statistics.median(times)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "release" / "sudokux")
    problems = [
        ("12-queens", queens(12), 14200),
        (
            "pentominoes 6x10",
            sudokux.ExactCover.from_knuth((ROOT / "examples/xc/pentominoes-6x10.xc").read_text()),
            9356,
        ),
    ]
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        for name, problem, expected in problems:
            count, alone = one_process(binary, problem)
            assert count == expected, (name, count)
            print(f"{name}: sudokux xc --count, one process: {count}, median {alone:.2f} s")
            for split in (1, 2, 3):
                walls = []
                for _ in range(RUNS):
                    result = sudokux.distributed.count(problem, client, split=split, progress=False)
                    assert (result.count, result.complete) == (expected, True), (name, split)
                    walls.append(result.seconds)
                nodes = [s.nodes for s in result.shards]
                print(
                    f"  split {split}: {len(result.shards)} shards, median wall "
                    f"{statistics.median(walls):.2f} s ({alone / statistics.median(walls):.2f}x), "
                    f"largest/mean shard time {result.balance:.1f}, "
                    f"largest/mean shard nodes {max(nodes) / statistics.mean(nodes):.1f}"
                )


if __name__ == "__main__":
    main()
