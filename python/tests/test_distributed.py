"""Counting across a Dask cluster: the same totals as one process, and a killed worker loses
nothing and counts nothing twice."""

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("dask.distributed")

from dask.distributed import Client, LocalCluster  # noqa: E402

import sudokux  # noqa: E402
import sudokux.distributed  # noqa: E402
from conftest import EXAMPLES, queens, run_cli  # noqa: E402


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


SIX_3X2 = 'size = 6\nbox = "3x2"\n'


def test_empty_grids_are_counted_by_the_classes_of_their_top_band(client):
    used = ("digits", "rows-in-bands", "columns-in-stacks", "stacks")
    for puzzle, expected, classes, symmetries in [
        (sudokux.Puzzle("." * 16), 288, 2, used),
        (sudokux.Puzzle("." * 36), 28_200_960, 3, used),
        # Counted as its transpose, 2x3 boxes.
        (sudokux.Puzzle.from_toml(SIX_3X2), 28_200_960, 3, used + ("transpose",)),
    ]:
        assert puzzle.band_classes() == classes
        assert tuple(puzzle.band_symmetries()) == symmetries
        result = sudokux.distributed.count(puzzle, client, progress=False)
        assert (result.kind, result.split, result.count, result.complete) == (
            "bands",
            1,
            expected,
            True,
        )
        assert [s.choices for s in result.shards] == [(k,) for k in range(classes)]
        assert result.symmetries == symmetries
        assert sum(puzzle.count_band_shard([k]).count for k in range(classes)) == expected
        whole = sudokux.distributed.count(puzzle, client, split=0, progress=False)
        assert (len(whole.shards), whole.count) == (1, expected)
    # Without symmetries the search is split; a puzzle with a given is never counted by bands.
    plain = sudokux.distributed.count("." * 16, client, split=2, symmetry=False, progress=False)
    assert (plain.kind, plain.count, plain.symmetries) == ("sudoku", 288, ())
    assert sudokux.Puzzle("1" + "." * 15).band_classes() is None
    assert sudokux.Puzzle("1" + "." * 15).band_symmetries() is None
    with pytest.raises(sudokux.PuzzleError):
        sudokux.Puzzle("1" + "." * 15).count_band_shard([0])
    with pytest.raises(sudokux.PuzzleError, match="class 3 does not exist"):
        sudokux.Puzzle.from_toml(SIX_3X2).count_band_shard([3])


def test_a_resumed_count_counts_only_the_shards_not_finished(client, tmp_path):
    puzzle = sudokux.Puzzle.from_toml(SIX_3X2)
    first = sudokux.distributed.count(puzzle, client, progress=False)
    counts = tmp_path / "counts.jsonl"
    # Shard 1 finished, shard 2 stopped part way, shard 3 lost.
    plan = {"boxes": "2x3", "version": 2, "classes": 3}
    assert puzzle.band_plan() == ("2x3", 2, 3)
    lines = [
        {"kind": "bands", "shard": 1, "shards": 3, "choices": [0], "split": 1, "plan": plan,
         "count": first.shards[0].count, "complete": True, "nodes": 1},
        {"kind": "bands", "shard": 2, "shards": 3, "choices": [1], "split": 1, "plan": plan,
         "count": 5, "complete": False, "nodes": 1},
    ]
    counts.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = sudokux.distributed.count(puzzle, client, progress=False, resume=counts)
    assert (result.count, result.complete) == (28_200_960, True)
    assert [s.resumed for s in result.shards] == [True, False, False]
    recorded = [json.loads(line) for line in counts.read_text().splitlines()]
    assert sorted(r["shard"] for r in recorded[2:]) == [2, 3]
    assert all(r["complete"] and r["kind"] == "bands" for r in recorded[2:])
    # Again: nothing left to count; and the command line reads the same file.
    again = sudokux.distributed.count(puzzle, client, progress=False, resume=counts)
    assert all(s.resumed for s in again.shards) and again.count == 28_200_960
    split = run_cli("count", "--box", "3x2", "--split", "1", "-", stdin="." * 36 + "\n")
    cli = run_cli("count", "--count-shard", "--resume", str(counts), stdin=split.stdout)
    assert cli.returncode == 0, cli.stderr
    assert cli.stdout == ""
    assert cli.stderr == "sudokux: all 3 shards counted: 28200960 in all\n"
    # Another split of the same grid: the file is refused, by both.
    with pytest.raises(ValueError, match="line 1: counts of another plan or split"):
        sudokux.distributed.count(puzzle, client, split=10, progress=False, resume=counts)
    split = run_cli("count", "--box", "3x2", "--split", "10", "-", stdin="." * 36 + "\n")
    cli = run_cli("count", "--count-shard", "--resume", str(counts), stdin=split.stdout)
    assert cli.returncode == 2 and "counts of another plan or split" in cli.stderr, cli.stderr


def test_band_shards_past_the_classes_are_pieces_that_add_up(client, tmp_path):
    puzzle = sudokux.Puzzle.from_toml(SIX_3X2)
    shards = puzzle.band_shards(10)
    assert len(shards) == 10 and all(first is not None for _, first in shards[:8])
    counts = tmp_path / "counts.jsonl"
    result = sudokux.distributed.count(puzzle, client, split=10, progress=False, resume=counts)
    assert (result.kind, result.split, result.count, len(result.shards)) == ("bands", 10, 28_200_960, 10)
    # The command line takes the same file back: the same shards, plan and split.
    split = run_cli("count", "--box", "3x2", "--split", "10", "-", stdin="." * 36 + "\n")
    cli = run_cli("count", "--count-shard", "--resume", str(counts), stdin=split.stdout)
    assert (cli.returncode, cli.stdout) == (0, ""), cli.stderr
    assert cli.stderr == "sudokux: all 10 shards counted: 28200960 in all\n"


def test_progress_says_the_time_left():
    stream = io.StringIO()
    shown = sudokux.distributed._Progress(4, 1, stream=stream, bar=False)
    assert shown.left() is None
    shown.update(2)
    shown.update(3)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("sudokux: shard 2 counted, 2 of 4 (50 %) in ")
    assert lines[1].startswith("sudokux: shard 3 counted, 3 of 4 (75 %) in ")
    assert lines[1].endswith(" s left")
    assert shown.left() is not None and shown.left() >= 0


def test_the_module_counts_from_the_command_line(tmp_path):
    counts = tmp_path / "counts.jsonl"
    command = [sys.executable, "-m", "sudokux.distributed", "--quiet", "--resume", str(counts)]
    done = subprocess.run(
        command + ["." * 16], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "288\n"
    assert "2 shards (bands, split 1)" in done.stderr
    assert done.stderr.endswith(
        "symmetries: digits, rows-in-bands, columns-in-stacks, stacks\n"
    ), done.stderr
    assert len(counts.read_text().splitlines()) == 2
    again = subprocess.run(command + ["." * 16], capture_output=True, text=True, timeout=300)
    assert again.stdout == "288\n"
    assert "2 from " in again.stderr


EIGHT = 29_136_487_207_403_520


def test_a_band_count_that_loses_a_worker_and_its_client_resumes(client, tmp_path):
    # The empty 8x8 (2x4 boxes) in 40 pieces, from the command line: a worker killed once 2
    # shards are written, the client stopped (Ctrl-C) once 6 are; the same command again
    # counts only the shards the file lacks and prints the published count.
    counts = tmp_path / "counts8.jsonl"
    command = [
        sys.executable, "-m", "sudokux.distributed", "--scheduler", client.scheduler.address,
        "--quiet", "--split", "40", "--resume", str(counts), "." * 64,
    ]
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    counting = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def written() -> int:
        return len(counts.read_text().splitlines()) if counts.exists() else 0

    deadline = time.time() + 120
    killed = False
    while time.time() < deadline and counting.poll() is None:
        if not killed and written() >= 2:
            os.kill(victim, signal.SIGKILL)
            killed = True
        if killed and written() >= 6:
            counting.send_signal(signal.SIGINT)
            break
        time.sleep(0.01)
    out, err = counting.communicate(timeout=120)
    assert killed and counting.returncode == 130, (counting.returncode, out, err)
    assert err.endswith(f"sudokux: interrupted: the shards finished are in {counts}\n"), err
    assert out == ""
    kept = [json.loads(line) for line in counts.read_text().splitlines()]
    assert 6 <= len(kept) < 40
    assert len({r["shard"] for r in kept}) == len(kept), "no shard written twice"
    assert all(r["complete"] and r["kind"] == "bands" and r["split"] == 40 for r in kept)
    # Again: the shards not in the file, and the published total.
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert again.stdout == f"{EIGHT}\n"
    assert f"40 shards (bands, split 40, {len(kept)} from {counts})" in again.stderr
    recorded = [json.loads(line) for line in counts.read_text().splitlines()]
    assert sorted(r["shard"] for r in recorded) == list(range(1, 41))
    assert sum(r["count"] for r in recorded) == EIGHT
    assert all(r["complete"] for r in recorded)
    # The cluster lived on: the nanny started a new worker process.
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()
