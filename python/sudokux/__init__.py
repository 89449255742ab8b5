"""sudokux: exact cover with dancing links, and a sudoku toolkit built on it.

Puzzles (a puzzle line or grid of any size, or a :class:`Puzzle` read from a puzzle file with
rules)::

    >>> import sudokux
    >>> line = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9"
    >>> sudokux.check(line).status
    'unique'
    >>> sudokux.count("1.3.......4.....").count
    9

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
    ProblemError,
    Puzzle,
    PuzzleError,
    Solutions,
    TrueCandidates,
    candidates,
    check,
    count,
    generate,
    solve,
)
from . import distributed

__all__ = [
    "Answer",
    "Count",
    "ExactCover",
    "ProblemError",
    "Puzzle",
    "PuzzleError",
    "Solutions",
    "TrueCandidates",
    "candidates",
    "check",
    "count",
    "distributed",
    "generate",
    "solve",
]
