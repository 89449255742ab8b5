"""Counting across a Dask cluster: the same totals as one process, and a killed worker loses
nothing and counts nothing twice."""

import os
import signal
import threading
import time

import pytest

pytest.importorskip("dask.distributed")

from dask.distributed import Client, LocalCluster  # noqa: E402

import sudokux  # noqa: E402
import sudokux.distributed  # noqa: E402
from conftest import EXAMPLES, queens  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        with Client(cluster) as client:
            yield client


def test_exact_cover_counts_match_one_process(client):
    for problem, expected in [
        (queens(8), 92),
        (sudokux.ExactCover.from_knuth((EXAMPLES / "xc" / "langford-7.xc").read_text()), 52),
        (sudokux.ExactCover.from_knuth((EXAMPLES / "xc" / "pentominoes-3x20.xc").read_text()), 8),
    ]:
        assert problem.count().count == expected
        for split in (0, 2, None):
            result = sudokux.distributed.count(problem, client, split=split, progress=False)
            assert (result.count, result.complete) == (expected, True)
            assert len(result.shards) == len(problem.split(result.split))
            assert sum(s.count for s in result.shards) == expected
            assert result.balance >= 1.0


def test_puzzle_counts_match_one_process(client):
    empty4 = "." * 16
    result = sudokux.distributed.count(empty4, client, split=3, progress=True)
    assert result.count == sudokux.count(empty4).count == 288
    killer = sudokux.Puzzle.from_file(EXAMPLES / "killer.toml")
    assert sudokux.distributed.count(killer, client, split=2, progress=False).count == 1
    with pytest.raises(TypeError):
        sudokux.distributed.count(42, client)


def test_a_killed_worker_loses_no_shard_and_counts_none_twice(client):
    # 11-queens split deep: over a thousand shards, seconds on two workers.
    problem = queens(11)
    expected = problem.count().count
    assert expected == 2680
    pids = client.run(os.getpid)
    outcome = {}

    def run():
        outcome["result"] = sudokux.distributed.count(problem, client, split=4, progress=False)

    counting = threading.Thread(target=run)
    counting.start()
    # Kill a worker once the shards are running.
    deadline = time.time() + 30
    while time.time() < deadline:
        tasks = client.run_on_scheduler(
            lambda dask_scheduler: sum(
                1 for ts in dask_scheduler.tasks.values() if ts.state == "memory"
            )
        )
        if tasks >= 20:
            break
        time.sleep(0.02)
    still_running = counting.is_alive()
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    counting.join(timeout=300)
    assert still_running, "the count ended before the worker was killed: make it longer"
    result = outcome["result"]
    assert (result.count, result.complete) == (expected, True)
    assert sorted(s.shard for s in result.shards) == list(range(1, len(problem.split(4)) + 1))
    # The cluster lived on: the nanny started a new worker process.
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()


def test_the_tour_example_runs():
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "python_tour.py"), "8"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "sudoku: unique, 294518736615372894783964215357691482946823157821457963468239571139745628572186349" in done.stdout
    assert "8-queens, one process: 92 solutions" in done.stdout
    assert "on 2 workers: 92 solutions" in done.stdout
