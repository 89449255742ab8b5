"""Exact cover through Python: built from names or read in Knuth's format, cross-checked
against `sudokux xc` on the shipped problems, every solution checked independently."""

import pickle
import signal
import threading
import time

import pytest

import sudokux
from conftest import EXAMPLES, cli_json, queens, run_cli

XC = EXAMPLES / "xc"


def covers_exactly(problem: sudokux.ExactCover, solution) -> bool:
    """Whether the options (numbers) cover every primary item once and every secondary item
    at most once or with one color: a check that shares no code with the solver."""
    # Lines that start with | are comments; the first other line lists the items.
    text = [l for l in problem.to_knuth().splitlines() if l.strip() and not l.lstrip().startswith("|")]
    primary = text[0].split("|")[0].split()
    options = [line.split() for line in text[1:]]
    seen, colors = {}, {}
    for k in solution:
        for entry in options[k]:
            name, _, color = entry.partition(":")
            if color:
                if colors.setdefault(name, color) != color:
                    return False
                continue
            seen[name] = seen.get(name, 0) + 1
    return all(seen.get(item, 0) == 1 for item in primary) and all(
        count == 1 for count in seen.values()
    ) and not set(colors) & set(seen)


def test_knuths_example():
    problem = sudokux.ExactCover(
        list("abcdefg"),
        options=[["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"], ["d", "e", "g"]],
    )
    assert sorted(problem.first()) == [0, 3, 4]
    assert sorted(problem.first(labels=True)) == ["a d f", "b g", "c e"]
    assert [sorted(s) for s in problem.solutions()] == [[0, 3, 4]]
    counted = problem.count()
    assert (counted.count, counted.complete, counted.status) == (1, True, "solved")
    assert len(problem) == 6 and problem.primary_count == 7 and problem.secondary_count == 0


@pytest.mark.parametrize(
    "name", ["knuth.xc", "langford-7.xc", "pentominoes-3x20.xc", "word-square.xc"]
)
def test_example_problems_count_as_on_the_command_line(name):
    problem = sudokux.ExactCover.from_knuth((XC / name).read_text())
    ours = problem.count()
    theirs = cli_json("xc", "--count", "--json", str(XC / name))[-1]
    assert (ours.status, ours.count, ours.complete) == (
        theirs["status"],
        theirs["count"],
        theirs["complete"],
    )
    # Every solution, lazily, each one checked.
    solutions = list(problem.solutions())
    assert len(solutions) == ours.count
    assert len({tuple(sorted(s)) for s in solutions}) == len(solutions)
    assert all(covers_exactly(problem, s) for s in solutions)
    # Labels are the option lines as the command line prints them.
    listed = cli_json("xc", "--json", "--limit", "3", str(XC / name))
    labelled = list(problem.solutions(limit=3, labels=True))
    assert labelled == [record["options"] for record in listed if "options" in record]


def test_solutions_are_lazy_and_limited():
    problem = sudokux.ExactCover.from_knuth((XC / "pentominoes-6x10.xc").read_text())
    started = time.perf_counter()
    iterator = problem.solutions()
    first_three = [next(iterator) for _ in range(3)]
    assert time.perf_counter() - started < 5  # far less than the whole count
    assert all(covers_exactly(problem, s) for s in first_three)
    del iterator
    assert len(list(problem.solutions(limit=5))) == 5
    assert list(problem.solutions(limit=0)) == []


def test_colors_let_secondary_items_be_shared():
    # x and y share secondary item s only when they give it the same color.
    problem = sudokux.ExactCover(
        ["x", "y"], ["s"], [["x", "s:red"], ["x", "s:blue"], ["y", "s:red"], ["y"]]
    )
    solutions = sorted(sorted(s) for s in problem.solutions())
    assert solutions == [[0, 2], [0, 3], [1, 3]]
    assert all(covers_exactly(problem, s) for s in solutions)


def test_queens_and_their_shards():
    for n, expected in [(1, 1), (4, 2), (6, 4), (8, 92)]:
        problem = queens(n)
        assert problem.count().count == expected
        assert problem.count(threads=2).count == expected
        for depth in (0, 1, 3):
            shards = problem.split(depth)
            assert sum(problem.count_shard(s).count for s in shards) == expected
    limited = queens(8).count(limit=10)
    assert (limited.count, limited.complete) == (10, False)


def test_shards_are_those_of_the_command_line():
    path = XC / "langford-7.xc"
    problem = sudokux.ExactCover.from_knuth(path.read_text())
    lines = cli_json("xc", "--split", "2", str(path))
    assert [line["choices"] for line in lines] == problem.split(2)
    for line in lines:
        assert problem.count_shard(line["choices"]).count == cli_json(
            "xc", "--count-shard", stdin=__import__("json").dumps(line) + "\n"
        )[0]["count"]


def test_errors_are_problem_errors_that_say_where():
    with pytest.raises(sudokux.ProblemError) as raised:
        sudokux.ExactCover(["a", "b"], options=[["a"], ["c"]])
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == 'option 1: unknown item "c"'
    with pytest.raises(sudokux.ProblemError, match="option 0: item \"a\" appears twice"):
        sudokux.ExactCover(["a"], options=[["a", "a"]])
    with pytest.raises(sudokux.ProblemError, match='item "a b"'):
        sudokux.ExactCover(["a b"])
    text = "a b\na\nc\n"
    done = run_cli("xc", "-", stdin=text)
    with pytest.raises(sudokux.ProblemError) as raised:
        sudokux.ExactCover.from_knuth(text)
    assert str(raised.value) == 'line 3: unknown item "c"'
    assert str(raised.value) in done.stderr
    with pytest.raises(sudokux.ProblemError, match="does not fit"):
        sudokux.ExactCover(["a"], options=[["a"]]).count_shard([5])


def test_problems_pickle_as_knuths_text():
    problem = queens(6)
    again = pickle.loads(pickle.dumps(problem))
    assert again.to_knuth() == problem.to_knuth()
    assert again.count().count == 4


def test_the_gil_is_released_during_a_search():
    problem = queens(12)
    ticks = 0
    done = threading.Event()

    def search():
        problem.count()
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 10


def test_ctrl_c_stops_a_long_search_within_a_fraction_of_a_second():
    problem = queens(18)  # hours on one thread
    timer = threading.Timer(0.5, signal.raise_signal, (signal.SIGINT,))
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        problem.count()
    assert time.perf_counter() - started < 2.0
    timer = threading.Timer(0.5, signal.raise_signal, (signal.SIGINT,))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        for _ in problem.solutions():
            pass
    # The problem is intact.
    assert queens(6).count().count == 4 and problem.split(1)
