"""Type stubs of the compiled module ``sudokux._native`` (re-exported by ``sudokux``)."""

import os
from typing import Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

class PuzzleError(ValueError):
    """A puzzle that cannot be read or breaks its rules; the message says where."""

class ProblemError(ValueError):
    """An exact-cover problem that cannot be built or read; the message says where."""

class Answer:
    """What ``solve``, ``count`` and ``check`` answer, named as the CLI's JSON fields."""

    @property
    def status(self) -> str:
        """``unique``, ``multiple``, ``none``, ``solved`` or ``unknown``."""
    @property
    def solution(self) -> Optional[str]:
        """The (first) solution as a puzzle line."""
    @property
    def solutions(self) -> Optional[Tuple[str, str]]:
        """Two solutions that differ (``check`` of a puzzle with several)."""
    @property
    def count(self) -> Optional[int]:
        """Solutions counted (``count``)."""
    @property
    def complete(self) -> Optional[bool]:
        """Whether ``count`` is exact (False: a lower bound, stopped by the limit)."""
    @property
    def nodes(self) -> int:
        """Search nodes visited."""
    @property
    def updates(self) -> int:
        """Link updates made."""
    def to_dict(self) -> dict:
        """The fields that are set: the CLI's JSON object."""

class Count:
    """A count of solutions of an exact-cover problem or of one shard."""

    @property
    def status(self) -> str:
        """``solved`` (solutions found), ``none`` or ``unknown`` (stopped before any)."""
    @property
    def count(self) -> int:
        """Solutions counted: exact when ``complete``, else a lower bound."""
    @property
    def complete(self) -> bool:
        """Whether ``count`` is exact."""
    @property
    def nodes(self) -> int:
        """Search nodes visited."""
    @property
    def updates(self) -> int:
        """Link updates made."""
    def to_dict(self) -> dict:
        """The fields: the CLI's JSON summary."""

class TrueCandidates:
    """The digits each cell takes in some solution (``sudokux candidates --json``)."""

    @property
    def status(self) -> str:
        """``ok``, ``none`` (no solution) or ``unknown``."""
    @property
    def candidates(self) -> List[List[int]]:
        """Each cell's candidate digits, cells in reading order."""
    @property
    def settled(self) -> int:
        """Cells with one candidate."""
    @property
    def complete(self) -> bool:
        """Whether every candidate was decided."""
    @property
    def nodes(self) -> int:
        """Search nodes visited."""
    @property
    def updates(self) -> int:
        """Link updates made."""

class Puzzle:
    """A sudoku puzzle with its rules."""

    def __init__(self, text: str) -> None:
        """The first puzzle of ``text`` (a line or a grid, any size), classic rules."""
    @staticmethod
    def from_toml(text: str) -> "Puzzle":
        """Reads a TOML puzzle file (rules and givens)."""
    @staticmethod
    def from_json(text: str) -> "Puzzle":
        """Reads a JSON puzzle file, or f-puzzles' JSON."""
    @staticmethod
    def from_fpuzzles(text: str) -> "Puzzle":
        """Reads an f-puzzles link, payload or JSON."""
    @staticmethod
    def from_file(path: Union[str, "os.PathLike[str]"]) -> "Puzzle":
        """Reads a puzzle file (by extension, else by content)."""
    @property
    def size(self) -> int:
        """Number of digits."""
    @property
    def givens(self) -> str:
        """The givens as a puzzle line."""
    def to_toml(self) -> str:
        """The puzzle as a TOML puzzle file."""
    def split(self, depth: int) -> List[List[int]]:
        """The shards of a count at split depth ``depth``."""
    def count_shard(self, choices: Sequence[int]) -> Count:
        """Counts the solutions in one shard."""

PuzzleLike = Union[str, Puzzle]

def solve(puzzle: PuzzleLike, first: bool = False) -> Answer:
    """Solves a puzzle, proving its solution unique unless ``first``."""

def count(puzzle: PuzzleLike, limit: Optional[int] = None, threads: int = 1) -> Answer:
    """Counts the solutions of a puzzle, all or up to ``limit``."""

def check(puzzle: PuzzleLike) -> Answer:
    """Says whether a puzzle has one solution (with two witnesses when several)."""

def candidates(puzzle: PuzzleLike) -> TrueCandidates:
    """The true candidates of a puzzle."""

def generate(
    count: int = 1,
    *,
    size: int = 9,
    seed: int = 0,
    symmetry: Literal["none", "rot180", "rot90", "mirror", "diagonal"] = "none",
    minimal: bool = False,
    givens: Optional[int] = None,
    jigsaw: bool = False,
    killer: bool = False,
) -> List[Puzzle]:
    """Generates puzzles with exactly one solution."""

class Solutions:
    """A lazy iterator over the solutions of an ``ExactCover``."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Union[List[int], List[str]]: ...

class ExactCover:
    """An exact-cover problem over named items."""

    def __init__(
        self,
        primary: Sequence[str],
        secondary: Sequence[str] = (),
        options: Sequence[Sequence[str]] = (),
    ) -> None:
        """Items by name; options as lists of item names (``item:color`` for secondary)."""
    @staticmethod
    def from_knuth(text: str) -> "ExactCover":
        """Reads Knuth's format."""
    def to_knuth(self) -> str:
        """The problem in Knuth's format."""
    @property
    def options(self) -> List[str]:
        """The options' labels, in order."""
    @property
    def primary_count(self) -> int:
        """Number of primary items."""
    @property
    def secondary_count(self) -> int:
        """Number of secondary items."""
    def __len__(self) -> int:
        """Number of options."""
    @overload
    def solutions(self, limit: Optional[int] = None, labels: Literal[False] = False) -> Iterator[List[int]]: ...
    @overload
    def solutions(self, limit: Optional[int] = None, *, labels: Literal[True]) -> Iterator[List[str]]: ...
    @overload
    def first(self, labels: Literal[False] = False) -> Optional[List[int]]: ...
    @overload
    def first(self, labels: Literal[True]) -> Optional[List[str]]: ...
    def count(self, limit: Optional[int] = None, threads: int = 1) -> Count:
        """Counts the solutions, all or up to ``limit``."""
    def split(self, depth: int) -> List[List[int]]:
        """The shards of a count at split depth ``depth``."""
    def count_shard(self, choices: Sequence[int]) -> Count:
        """Counts the solutions in one shard."""
