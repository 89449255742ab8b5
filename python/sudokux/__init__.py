"""sudokux: exact cover with dancing links, and a sudoku toolkit built on it.

Puzzles: whatever the command line reads as a puzzle (a puzzle line or grid of any size, an
f-puzzles or SudokuPad link, f-puzzles JSON, a puzzle file's TOML or JSON text or its path), or
a :class:`Puzzle`::

    >>> import sudokux
    >>> line = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9"
    >>> sudokux.check(line).status
    'unique'
    >>> sudokux.count("1.3.......4.....").count
    9
    >>> sudokux.count("." * 81, timeout=0.2, max_nodes=1000).status
    'unknown'
    >>> print(sudokux.hint(line))
    r3c6 = 4: hidden single in box 2
    <BLANKLINE>
    >>> sudokux.explain(line).grade
    'medium'

:func:`render` draws a puzzle (SVG or PNG bytes; a notebook shows a :class:`Puzzle` as its
picture) and :func:`convert` writes it as f-puzzles JSON, links or TOML.

Exact cover (items by name, options as lists of items, lazy solutions)::

    >>> xc = sudokux.ExactCover(["a", "b", "c"], options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> sorted(sorted(s) for s in xc.solutions())
    [[0, 1], [2, 3]]
    >>> xc.count().count
    2

A count spread over a Dask cluster: :func:`sudokux.distributed.count`.

Every search runs with the GIL released and stops on Ctrl-C (KeyboardInterrupt) within a
fraction of a second; errors are :class:`PuzzleError` and :class:`ProblemError`, both
:class:`ValueError`, whose messages say where, as the command line's do.
"""

from ._native import (
    Answer,
    Count,
    ExactCover,
    Explanation,
    Hint,
    ProblemError,
    Puzzle,
    PuzzleError,
    Solutions,
    Step,
    TrueCandidates,
    candidates,
    check,
    convert,
    count,
    explain,
    generate,
    hint,
    render,
    solve,
)
from . import distributed

__all__ = [
    "Answer",
    "Count",
    "ExactCover",
    "Explanation",
    "Hint",
    "ProblemError",
    "Puzzle",
    "PuzzleError",
    "Solutions",
    "Step",
    "TrueCandidates",
    "candidates",
    "check",
    "convert",
    "count",
    "distributed",
    "explain",
    "generate",
    "hint",
    "render",
    "solve",
]
