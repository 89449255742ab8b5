"""A tour of the Python package: a sudoku proved unique, n-queens as exact cover, and the
same count spread over a Dask cluster (a LocalCluster of 2 worker processes here).

    pip install ./python 'dask[distributed]'
    python examples/python_tour.py [N]      # N-queens, default 10

Without Dask (`pip install ./python` alone) the tour runs all but the cluster part, and says
what to install for it.
"""

import sys

import sudokux
import sudokux.distributed


def queens(n: int) -> sudokux.ExactCover:
    """N-queens: one queen per row and column (primary items), at most one per diagonal
    (secondary items); option r*n+c puts a queen on row r, column c."""
    rows = [f"r{r}" for r in range(n)]
    cols = [f"c{c}" for c in range(n)]
    diagonals = [f"d{k}" for k in range(2 * n - 1)] + [f"a{k}" for k in range(2 * n - 1)]
    options = [
        [f"r{r}", f"c{c}", f"d{r + c}", f"a{r - c + n - 1}"] for r in range(n) for c in range(n)
    ]
    return sudokux.ExactCover(rows + cols, diagonals, options)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    line = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9"
    answer = sudokux.check(line)
    print(f"sudoku: {answer.status}, {answer.solution}")

    problem = queens(n)
    first = problem.first()
    print(f"{n}-queens, a first solution: columns {[o % n for o in sorted(first)]}")
    one = problem.count()
    print(f"{n}-queens, one process: {one.count} solutions ({one.nodes} nodes)")

    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print(
            f"{n}-queens across a cluster: skipped, Dask is not installed "
            "(pip install 'dask[distributed]' to run this part)"
        )
        return

    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            spread = sudokux.distributed.count(problem, client, split=2, progress=False)
    print(
        f"{n}-queens, {len(spread.shards)} shards on 2 workers: {spread.count} solutions, "
        f"largest shard / mean {spread.balance:.2f}"
    )
    assert spread.count == one.count


if __name__ == "__main__":
    main()
