"""The README's Python examples run, with the outputs it shows."""

import doctest
import os
import re

from conftest import ROOT


def test_readme_python_session_is_true():
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Python\n") : text.index("### Counting across a cluster")]
    blocks = re.findall(r"```pycon\n(.*?)```", section, re.S)
    assert blocks, "the README's Python section has a session"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for k, block in enumerate(blocks):
            test = parser.get_doctest(block, {}, f"README block {k}", "README.md", 0)
            runner.run(test)
    finally:
        os.chdir(here)
    assert runner.summarize(verbose=False).failed == 0


def test_package_docstring_examples_are_true():
    import sudokux

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(sudokux, "sudokux"):
        runner.run(test)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.summarize(verbose=False).failed == 0
