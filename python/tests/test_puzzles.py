"""Puzzles through Python, cross-checked against the command line on the shipped examples,
every solution checked independently."""

import json
import pickle

import pytest

import sudokux
from conftest import EXAMPLES, cli_json, puzzle_lines, run_cli, valid_classic

PUZZLE_FILES = sorted(EXAMPLES.glob("*.toml"))
LINES = puzzle_lines("puzzles.txt")


def test_the_examples_exist():
    assert len(PUZZLE_FILES) >= 20 and len(LINES) >= 5


@pytest.mark.parametrize("path", PUZZLE_FILES, ids=lambda p: p.name)
def test_puzzle_files_solve_as_on_the_command_line(path):
    puzzle = sudokux.Puzzle.from_file(path)
    answer = sudokux.solve(puzzle)
    (expected,) = cli_json("solve", "--json", "-q", str(path))
    assert answer.status == expected["status"] == "unique"
    assert answer.solution == expected["solution"]
    # The solution shipped beside the puzzle, written by hand or by another solver.
    known = path.with_suffix(".solution").read_text().split()
    assert answer.solution == "".join(known)
    assert (answer.nodes, answer.updates) == (expected["nodes"], expected["updates"])


@pytest.mark.parametrize("line", LINES)
def test_puzzle_lines_answer_as_on_the_command_line(line):
    for command, ours in (
        ("solve", sudokux.solve(line)),
        ("check", sudokux.check(line)),
        ("count", sudokux.count(line, limit=50)),
    ):
        args = [command, "--json", "-q"] + (["--limit", "50"] if command == "count" else [])
        if command == "check":
            args.append("--witness")
        (theirs,) = cli_json(*args, stdin=line + "\n")
        for key, value in theirs.items():
            if key in ("index", "input", "line"):
                continue
            if command == "count" and key in ("nodes", "updates"):
                # The command line counts on every core: the work differs, not the answer.
                continue
            mine = ours.to_dict()[key]
            assert (list(mine) if key == "solutions" else mine) == value, (command, key)
        assert ours.to_dict().keys() == theirs.keys() - {"index", "input", "line"}
    for solution in filter(None, [ours.solution for ours in [sudokux.solve(line)]]):
        assert valid_classic(line, solution)


def test_counts_stopped_by_a_limit_say_so():
    empty4 = "." * 16
    whole = sudokux.count(empty4)
    assert (whole.count, whole.complete, whole.status) == (288, True, "multiple")
    some = sudokux.count(empty4, limit=10)
    assert (some.count, some.complete) == (10, False)
    assert sudokux.count(empty4, threads=2).count == 288
    with pytest.raises(ValueError):
        sudokux.count(empty4, limit=0)


def test_check_gives_two_different_valid_witnesses():
    line = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.........."
    answer = sudokux.check(line)
    assert answer.status == "multiple" and answer.solution is None
    a, b = answer.solutions
    assert a != b and valid_classic(line, a) and valid_classic(line, b)
    first = sudokux.solve(line, first=True)
    assert first.status == "solved" and valid_classic(line, first.solution)


def test_no_solution_is_a_value_not_an_error():
    # r1c1 can only be 1, which row 1 already has elsewhere through the box: no solution.
    line = ".23456789" + "1" + "." * 71
    answer = sudokux.check(line)
    assert answer.status == "none" and answer.solution is None
    assert sudokux.count(line).count == 0


def test_candidates_as_on_the_command_line():
    for line in LINES[:3] + ["1.3.......4....."]:
        ours = sudokux.candidates(line)
        (theirs,) = cli_json("candidates", "--json", "-", stdin=line + "\n")
        assert ours.status == theirs["status"]
        assert ours.candidates == theirs["candidates"]
        assert ours.settled == theirs["settled"]
        assert ours.complete == theirs["complete"]
        assert ours.nodes == theirs["nodes"]


def test_errors_are_puzzle_errors_with_the_command_lines_message():
    bad = "11" + "." * 79
    done = run_cli("solve", "-q", stdin=bad + "\n")
    with pytest.raises(sudokux.PuzzleError) as raised:
        sudokux.solve(bad)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == "line 1: r1c1 and r1c2 both hold 1 (row 1)"
    assert str(raised.value) in done.stderr
    short = run_cli("solve", "-q", stdin="12x\n")
    with pytest.raises(sudokux.PuzzleError, match="found 3") as raised:
        sudokux.Puzzle("12x")
    assert str(raised.value) in short.stderr
    with pytest.raises(sudokux.PuzzleError, match="TOML"):
        sudokux.Puzzle.from_toml("size = 4\nfoo = 1\n")
    with pytest.raises(OSError):
        sudokux.Puzzle.from_file(EXAMPLES / "no-such-file.toml")


def test_a_cage_whose_cells_are_not_connected_is_read_with_the_clis_note(tmp_path):
    text = 'size = 9\n[[cage]]\nsum = 3\ncells = "r1c1 r2c2"\n[[cage]]\nsum = 7\ncells = "r3c3-r3c4"\n'
    puzzle = sudokux.Puzzle.from_toml(text)
    assert puzzle.notes == [
        "cage 1: its cells are not connected (no path side to side from r1c1 to r2c2); "
        "read as written"
    ]
    path = tmp_path / "apart.toml"
    path.write_text(text)
    done = run_cli("solve", "--json", str(path))
    assert json.loads(done.stdout)["notes"] == puzzle.notes
    assert sudokux.Puzzle.from_file(EXAMPLES / "killer.toml").notes == []


def test_puzzles_pickle_and_round_trip_through_toml():
    puzzle = sudokux.Puzzle.from_file(EXAMPLES / "killer.toml")
    again = pickle.loads(pickle.dumps(puzzle))
    assert again.to_toml() == puzzle.to_toml()
    assert sudokux.solve(again).solution == sudokux.solve(puzzle).solution
    assert puzzle.size == 9 and len(puzzle.givens) == 81


def test_generated_puzzles_are_unique_and_repeatable():
    made = sudokux.generate(3, seed=7, symmetry="rot180")
    assert len(made) == 3
    assert [p.givens for p in made] == [p.givens for p in sudokux.generate(3, seed=7, symmetry="rot180")]
    for puzzle in made:
        answer = sudokux.check(puzzle)
        assert answer.status == "unique"
        assert valid_classic(puzzle.givens, answer.solution)
        (theirs,) = cli_json("check", "--json", "-q", stdin=puzzle.givens + "\n")
        assert theirs["status"] == "unique"
    small = sudokux.generate(1, size=4, seed=1)[0]
    assert small.size == 4 and sudokux.check(small).status == "unique"
    with pytest.raises(ValueError):
        sudokux.generate(1, symmetry="sideways")


def test_puzzle_shards_add_up_as_the_command_lines_do():
    line = "1....." "..3..." + "." * 24
    puzzle = sudokux.Puzzle(line)
    total = sudokux.count(puzzle).count
    shards = puzzle.split(2)
    assert sum(puzzle.count_shard(s).count for s in shards) == total
    theirs = cli_json("count", "--split", "2", stdin=line + "\n")
    assert [t["choices"] for t in theirs] == shards


def test_fpuzzles_links_and_json_read_as_on_the_command_line():
    data = EXAMPLES.parent / "tests" / "data" / "fpuzzles"
    for name in ("example_a", "example_b"):
        known = "".join((data / f"{name}.solution").read_text().split())
        link = (data / f"{name}.links").read_text().split()[0]
        for puzzle in (
            sudokux.Puzzle.from_fpuzzles(link),
            sudokux.Puzzle.from_file(data / f"{name}.json"),
        ):
            answer = sudokux.solve(puzzle)
            assert (answer.status, answer.solution) == ("unique", known)
        (theirs,) = cli_json("solve", "--json", "-q", str(data / f"{name}.json"))
        assert theirs["solution"] == known


@pytest.mark.parametrize(
    "path", ["tests/data/logic/hs-killers-01.toml", "tests/data/logic/kropki_sudoku.json"]
)
def test_guesses_are_the_command_lines_stats(path):
    # `guesses` (nodes whose option was one of two or more) is what `--stats` adds to the
    # JSON; the search is the same one thread, so the figures are equal.
    from conftest import ROOT

    full = str(ROOT / path)
    (theirs,) = cli_json("solve", "--json", "--stats", "-q", "--jobs", "1", full)
    for ours in (sudokux.solve(full), sudokux.check(full)):
        assert (ours.nodes, ours.guesses) == (theirs["nodes"], theirs["guesses"])
        assert 0 < ours.guesses < ours.nodes
        assert "guesses" not in ours.to_dict()
    empty4 = "." * 16
    counted = sudokux.count(empty4)
    assert counted.count == 288 and 0 <= counted.guesses <= counted.nodes
