"""Python at par with the command line (issue 33): every function takes a puzzle in any form
the command line reads; explain, hint, render and convert give the command's answers; searches
take timeout= and max_nodes=; repr says what a puzzle is; the tour runs without Dask."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sudokux
from conftest import EXAMPLES, ROOT, cli_binary, cli_json, run_cli

LINE = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9"
FPUZZLES = ROOT / "tests" / "data" / "fpuzzles"


def forms():
    """One puzzle in every form the command line reads, with the solution it has."""
    known = "".join((FPUZZLES / "example_a.solution").read_text().split())
    link = (FPUZZLES / "example_a.links").read_text().split()[0]
    payload = link.split("load=")[-1] if "load=" in link else None
    json_text = (FPUZZLES / "example_a.json").read_text()
    found = {
        "link": (link, known),
        "f-puzzles JSON": (json_text, known),
        "path as str": (str(FPUZZLES / "example_a.json"), known),
        "pathlib.Path": (FPUZZLES / "example_a.json", known),
    }
    if payload and payload.startswith("N4Ig"):
        found["bare payload"] = (payload, known)
    killer = EXAMPLES / "killer.toml"
    killer_known = "".join(killer.with_suffix(".solution").read_text().split())
    found["TOML text"] = (killer.read_text(), killer_known)
    jigsaw = EXAMPLES / "jigsaw.json"
    found["sudokux JSON text"] = (
        jigsaw.read_text(),
        "".join(jigsaw.with_suffix(".solution").read_text().split()),
    )
    grid = "\n".join(LINE[r * 9 : r * 9 + 9] for r in range(9))
    solved = run_cli("solve", stdin=LINE + "\n").stdout.split()[0]
    found["grid"] = (grid, solved)
    found["line"] = (LINE, solved)
    # A SadMan file's text: `#` headers, then a `[Puzzle]` section (not TOML).
    found["SadMan text"] = ((ROOT / "tests" / "data" / "formats" / "sections.sdk").read_text(), solved)
    return found


FORMS = forms()


@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_function_takes_a_puzzle_as_the_command_line_does(form):
    puzzle, known = FORMS[form]
    assert sudokux.check(puzzle).solution == known
    assert sudokux.solve(puzzle).solution == known
    assert sudokux.count(puzzle).count == 1
    assert all(len(c) == 1 for c in sudokux.candidates(puzzle).candidates if c)
    assert sudokux.Puzzle(puzzle).givens == sudokux.Puzzle(sudokux.Puzzle(puzzle)).givens
    assert sudokux.render(puzzle).startswith(b"<svg")
    assert sudokux.hint(puzzle).status in ("step", "stalled")
    assert sudokux.convert(puzzle, "toml") == sudokux.Puzzle(puzzle).to_toml()


def test_check_takes_a_link():
    link = (FPUZZLES / "example_a.links").read_text().split()[0]
    assert link.startswith("https://")
    (theirs,) = cli_json("check", "--json", "-q", link)
    answer = sudokux.check(link)
    assert answer.status == theirs["status"] == "unique"
    assert answer.solution == theirs["solution"]


def test_a_puzzle_keeps_the_title_and_author_of_its_link():
    puzzle = sudokux.Puzzle(FPUZZLES / "example_a.json")
    theirs = json.loads(run_cli("convert", str(FPUZZLES / "example_a.json"), "--to", "fpuzzles").stdout)
    assert puzzle.title == theirs.get("title")
    assert puzzle.author == theirs.get("author")


def cli_text(*args, stdin=""):
    done = run_cli(*args, stdin=stdin)
    return done.stdout, done.returncode, done.stderr


EXPLAINED = [
    (LINE, ()),
    (str(EXAMPLES / "killer.toml"), ()),
    (str(EXAMPLES / "thermometer.toml"), ()),
    # One of the hardest classics: logic stalls after 4 steps; with --guess it goes on.
    (
        ".......24..3...7..41..7...6.....3.....5.9.8.....8.5...2...4...9..7...4..96.....1.",
        (),
    ),
    (
        ".......24..3...7..41..7...6.....3.....5.9.8.....8.5...2...4...9..7...4..96.....1.",
        ("--guess",),
    ),
    (LINE, ("--candidates",)),
]


def as_python(flags):
    return {"guess": "--guess" in flags, "candidates": "--candidates" in flags}


@pytest.mark.parametrize("puzzle,flags", EXPLAINED)
def test_explain_answers_as_the_command_line(puzzle, flags):
    stdin = puzzle + "\n" if puzzle == LINE or not Path(puzzle).exists() else ""
    args = [] if stdin else [puzzle]
    ours = sudokux.explain(puzzle, **as_python(flags))
    text, code, _ = cli_text("explain", *flags, *args, stdin=stdin)
    assert code == 0
    assert str(ours) == text
    (theirs,) = cli_json("explain", "--json", *flags, *args, stdin=stdin)
    assert ours.to_dict() == theirs
    assert ours.status == theirs["status"] and ours.grade == theirs["grade"]
    assert [s.text for s in ours.steps] == [s["text"] for s in theirs["steps"]]
    assert ours.solution == theirs.get("solution")


@pytest.mark.parametrize("puzzle,flags", EXPLAINED)
def test_hint_answers_as_the_command_line(puzzle, flags):
    stdin = puzzle + "\n" if puzzle == LINE or not Path(puzzle).exists() else ""
    args = [] if stdin else [puzzle]
    ours = sudokux.hint(puzzle, **as_python(flags))
    text, code, _ = cli_text("hint", *flags, *args, stdin=stdin)
    assert code == 0
    assert str(ours) == text
    (theirs,) = cli_json("hint", "--json", *flags, *args, stdin=stdin)
    assert ours.to_dict() == theirs
    if ours.step is not None:
        assert ours.step.text == theirs["step"]["text"]
        assert repr(ours.step) == f"Step({theirs['step']['text']!r})".replace("'", '"')


def test_a_hint_does_not_wait_for_a_slow_proof():
    # Proving this published puzzle unique takes minutes: the hint comes after 40 ms of it.
    path = str(ROOT / "tests" / "data" / "hint" / "little_killer_snipes_11.json")
    ours = sudokux.hint(path)
    assert ours.proved_unique is False
    assert ours.status == "step"
    assert str(ours).startswith("note: the search did not prove within 40 ms")
    (theirs,) = cli_json("hint", "--json", path)
    assert ours.to_dict() == theirs
    assert sudokux.hint(path, timeout=0.05).status == "unknown"


def test_a_hint_whose_chains_are_cut_short_says_so_as_the_command_line():
    # Logic stalls at once on this published sandwich puzzle (it has several solutions, which
    # the hint's 40 ms of search cannot tell); the contradiction chains would search for
    # seconds, so the hint cuts them short (complete is False) and says so, as the CLI does.
    path = str(ROOT / "tests" / "data" / "hint" / "sandwich_snipe_18.json")
    ours = sudokux.hint(path)
    assert (ours.status, ours.complete, ours.step) == ("stalled", False, None)
    assert "no step found within the hint's bound" in str(ours)
    (theirs,) = cli_json("hint", "--json", path)
    assert ours.to_dict() == theirs
    text, code, _ = cli_text("hint", path)
    assert (str(ours), code) == (text, 0)


def test_explain_refuses_puzzles_without_exactly_one_solution_in_the_command_lines_words():
    several = "1.3.......4....."
    _, code, stderr = cli_text("explain", stdin=several + "\n")
    assert code == 1
    with pytest.raises(sudokux.PuzzleError) as raised:
        sudokux.explain(several)
    assert str(raised.value) in stderr
    # A wrong given: the command line and Python name the same suspects.
    wrong = "234.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9"
    _, code, stderr = cli_text("hint", stdin=wrong + "\n")
    assert code == 1
    with pytest.raises(sudokux.PuzzleError) as raised:
        sudokux.hint(wrong)
    assert "no solution" in str(raised.value)
    assert str(raised.value) in stderr


@pytest.mark.parametrize("name", ["killer.toml", "samurai.toml", "thermometer.toml"])
def test_render_draws_what_the_command_line_draws(name):
    path = str(EXAMPLES / name)
    svg = subprocess.run([str(cli_binary()), "render", path], capture_output=True).stdout
    assert sudokux.render(path) == svg
    assert sudokux.Puzzle(path)._repr_svg_() == svg.decode()
    solved = subprocess.run(
        [str(cli_binary()), "render", "--solve", "--cell", "32", path], capture_output=True
    ).stdout
    assert sudokux.render(path, solve=True, cell=32) == solved
    png = subprocess.run(
        [str(cli_binary()), "render", "--png", path], capture_output=True
    ).stdout
    ours = sudokux.render(path, png=True)
    assert ours.startswith(b"\x89PNG") and ours == png
    with pytest.raises(ValueError, match="8 to 256"):
        sudokux.render(path, cell=4)


@pytest.mark.parametrize("to", ["fpuzzles", "url", "toml"])
def test_convert_writes_what_the_command_line_writes(to):
    for path in (EXAMPLES / "killer.toml", FPUZZLES / "example_a.json"):
        done = run_cli("convert", str(path), "--to", to)
        assert done.returncode == 0
        assert sudokux.convert(path, to) == done.stdout
        # What it writes reads back as the same puzzle.
        written = sudokux.convert(path, to)
        again = written.split()[0] if to == "url" else written
        assert sudokux.Puzzle(again).to_toml() == sudokux.Puzzle(path).to_toml()


def test_convert_refuses_what_f_puzzles_cannot_say():
    done = run_cli("convert", str(EXAMPLES / "samurai.toml"), "--to", "url")
    assert done.returncode != 0
    with pytest.raises(sudokux.PuzzleError) as raised:
        sudokux.convert(EXAMPLES / "samurai.toml", "url")
    assert str(raised.value) in done.stderr
    with pytest.raises(ValueError, match="fpuzzles"):
        sudokux.convert(LINE, "png")


def test_searches_take_timeout_and_max_nodes_as_the_command_line_does():
    empty = "." * 81
    (theirs,) = cli_json("count", "--json", "-q", "--jobs", "1", "--max-nodes", "1000", stdin=empty + "\n")
    ours = sudokux.count(empty, max_nodes=1000)
    assert (ours.status, ours.complete) == (theirs["status"], theirs["complete"]) == ("unknown", False)
    assert ours.count == theirs["count"] and ours.nodes == theirs["nodes"]
    timed = sudokux.count(empty, timeout=0.2)
    assert (timed.status, timed.complete) == ("unknown", False)
    hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    (theirs,) = cli_json("check", "--json", "-q", "--max-nodes", "10", stdin=hard + "\n")
    assert sudokux.check(hard, max_nodes=10).status == theirs["status"] == "unknown"
    assert sudokux.solve(hard, max_nodes=10).status == "unknown"
    assert sudokux.candidates(hard, max_nodes=10).status == "unknown"
    assert sudokux.explain(hard, max_nodes=10).status == "unknown"
    assert sudokux.hint(hard, max_nodes=10).status == "unknown"
    assert sudokux.check(hard, timeout=60, max_nodes=10**9).status == "unique"
    with pytest.raises(ValueError, match="timeout"):
        sudokux.count(empty, timeout=-1)


def test_exact_cover_searches_take_timeout_and_max_nodes():
    path = EXAMPLES / "xc" / "langford-7.xc"
    problem = sudokux.ExactCover.from_knuth(path.read_text())
    (summary,) = cli_json("xc", "--count", "--json", "--jobs", "1", "--max-nodes", "500", str(path))
    ours = problem.count(max_nodes=500)
    assert ours.to_dict() == summary
    assert ours.status == "unknown" and not ours.complete
    assert problem.count().to_dict()["status"] == "solved"
    assert problem.count(limit=3).status == "solved"
    assert problem.first(max_nodes=1) is None
    assert problem.first(timeout=60) is not None


def test_repr_says_the_size_the_rules_and_the_givens():
    killer = sudokux.Puzzle(EXAMPLES / "killer.toml")
    cages = killer.to_toml().count("[[cage]]")
    assert repr(killer) == f"Puzzle(9x9, {cages} cages, 1 given)"
    assert repr(sudokux.Puzzle(LINE)) == "Puzzle(9x9, 24 givens)"
    samurai = repr(sudokux.Puzzle(EXAMPLES / "samurai.toml"))
    assert samurai.startswith("Puzzle(21x21, samurai, ")
    jigsaw = repr(sudokux.Puzzle(EXAMPLES / "jigsaw.toml"))
    assert jigsaw.startswith("Puzzle(9x9, jigsaw regions, ")
    assert repr(sudokux.Puzzle(EXAMPLES / "x-sudoku.toml")).startswith("Puzzle(9x9, diagonals, ")
    assert "thermometer" in repr(sudokux.Puzzle(EXAMPLES / "thermometer.toml"))


def test_the_tour_without_dask_says_what_to_install():
    # Dask made unimportable, as on a machine with `pip install ./python` alone.
    code = (
        "import sys, runpy\n"
        "sys.modules['dask'] = None\n"
        "sys.modules['dask.distributed'] = None\n"
        "sys.argv = ['python_tour.py', '6']\n"
        f"runpy.run_path({str(EXAMPLES / 'python_tour.py')!r}, run_name='__main__')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert "sudoku: unique" in done.stdout
    assert "6-queens, one process: 4 solutions" in done.stdout
    assert "pip install 'dask[distributed]'" in done.stdout
    with pytest.raises(ImportError, match=r"pip install 'dask\[distributed\]'"):
        subprocess_free_count_without_dask()


def subprocess_free_count_without_dask():
    """sudokux.distributed.count with Dask hidden: the error says what to install."""
    import sudokux.distributed

    saved = {k: sys.modules.get(k) for k in ("dask", "dask.distributed")}
    sys.modules["dask"] = None
    sys.modules["dask.distributed"] = None
    try:
        sudokux.distributed.count(sudokux.ExactCover(["a"], options=[["a"]]))
    finally:
        for key, value in saved.items():
            if value is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = value
