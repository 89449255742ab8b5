"""The Python sessions of the README and of the guide (docs/**/*.md) run, with the outputs they show."""

import doctest
import os
import re

from conftest import ROOT


def documents():
    """README.md and every Markdown file under docs/, in a fixed order."""
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def test_python_sessions_of_the_readme_and_the_guide_are_true():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    sessions = 0
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for path in documents():
            name = str(path.relative_to(ROOT))
            text = path.read_text()
            for k, block in enumerate(re.findall(r"```pycon\n(.*?)```", text, re.S)):
                test = parser.get_doctest(block, {}, f"{name} block {k}", name, 0)
                runner.run(test)
                sessions += 1
    finally:
        os.chdir(here)
    # The README shows one and the guide's Python chapter another: none means they were lost.
    assert sessions >= 2
    assert runner.summarize(verbose=False).failed == 0


def test_package_docstring_examples_are_true():
    import sudokux

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(sudokux, "sudokux"):
        runner.run(test)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.summarize(verbose=False).failed == 0
