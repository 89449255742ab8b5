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
    @property
    def guesses(self) -> int:
        """Nodes whose option was one of two or more (``--stats``' ``guesses``)."""
    def to_dict(self) -> dict:
        """The fields that are set: the CLI's JSON object."""

class Count:
    """A count of solutions of an exact-cover problem or of one shard."""

    @property
    def status(self) -> str:
        """``solved`` (solutions found), ``none`` or ``unknown`` (a time or node limit stopped
        the search)."""
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
    @property
    def guesses(self) -> int:
        """Nodes whose option was one of two or more (``--stats``' ``guesses``)."""
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
    @property
    def guesses(self) -> int:
        """Nodes whose option was one of two or more (``--stats``' ``guesses``)."""

class Puzzle:
    """A sudoku puzzle with its rules."""

    def __init__(self, puzzle: "PuzzleLike") -> None:
        """What the CLI reads as PUZZLE: a file's path, an f-puzzles or SudokuPad link (or its
        payload), f-puzzles JSON, a puzzle file's TOML or JSON text, or puzzle lines and grids
        (the first puzzle; classic rules for its size)."""
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
    @property
    def title(self) -> Optional[str]:
        """The title, from the puzzle's file or link."""
    @property
    def author(self) -> Optional[str]:
        """Who set it, from the puzzle's file or link."""
    @property
    def ruleset(self) -> Optional[str]:
        """The rules in the setter's words, from the puzzle's file or link."""
    @property
    def notes(self) -> List[str]:
        """What is legal in the rules but likely not meant (a cage whose cells are not
        connected), one sentence each: the notes the CLI writes on stderr and in `--json`."""
    def to_toml(self) -> str:
        """The puzzle as a TOML puzzle file (rules, givens, title, author, ruleset)."""
    def _repr_svg_(self) -> str:
        """The puzzle drawn as an SVG: what a notebook shows."""
    def split(self, depth: int) -> List[List[int]]:
        """The shards of a count at split depth ``depth``."""
    def count_shard(self, choices: Sequence[int]) -> Count:
        """Counts the solutions in one shard."""
    def band_classes(self) -> Optional[int]:
        """The classes of the top band of an empty grid of plain boxes (``None`` otherwise)."""
    def band_plan(self) -> Optional[Tuple[str, int, int]]:
        """The plan of a count by bands (boxes counted, plan version, classes), else ``None``."""
    def band_symmetries(self) -> Optional[List[str]]:
        """The symmetries a count by bands uses (``"digits"``, ..., ``"transpose"``), else ``None``."""
    def band_shards(self, split: int) -> List[Tuple[List[int], Optional[Tuple[int, int]]]]:
        """The band shards of a count split ``split`` ways: classes, and a piece of one."""
    def count_band_shard(
        self, classes: Sequence[int], first: Optional[Tuple[int, int]] = None
    ) -> Count:
        """Counts the grids below some classes of the top band (or a piece of one): one band shard."""

PuzzleLike = Union[str, Puzzle, "os.PathLike[str]"]

def solve(
    puzzle: PuzzleLike,
    first: bool = False,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Answer:
    """Solves a puzzle, proving its solution unique unless ``first``; ``unknown`` when
    ``timeout`` (seconds) or ``max_nodes`` stopped the search."""

def count(
    puzzle: PuzzleLike,
    limit: Optional[int] = None,
    threads: int = 1,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Answer:
    """Counts the solutions of a puzzle, all or up to ``limit``; a lower bound with status
    ``unknown`` when ``timeout`` or ``max_nodes`` stopped it."""

def check(
    puzzle: PuzzleLike, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
) -> Answer:
    """Says whether a puzzle has one solution (with two witnesses when several)."""

def candidates(
    puzzle: PuzzleLike, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
) -> TrueCandidates:
    """The true candidates of a puzzle."""

def convert(puzzle: PuzzleLike, to: Literal["fpuzzles", "url", "toml"]) -> str:
    """What ``sudokux convert PUZZLE --to TO`` prints: f-puzzles JSON, an f-puzzles link and
    a SudokuPad link (a line each), or a TOML puzzle file."""

def render(
    puzzle: PuzzleLike,
    *,
    solve: bool = False,
    png: bool = False,
    cell: int = 48,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> bytes:
    """The puzzle drawn as ``sudokux render`` draws it: SVG bytes, or PNG bytes with
    ``png``; with ``solve`` its solution drawn in."""

class Step:
    """One step of ``explain`` or ``hint``, as ``explain --json`` writes it."""

    @property
    def technique(self) -> str:
        """The technique's name (``hidden single``, ...)."""
    @property
    def text(self) -> str:
        """The step in words: ``r3c6 = 4: hidden single in box 2``."""
    @property
    def placements(self) -> List[Tuple[str, str]]:
        """Digits placed: (cell, digit)."""
    @property
    def eliminations(self) -> List[Tuple[str, str]]:
        """Candidates removed: (cell, digit)."""
    @property
    def units(self) -> List[str]:
        """The pattern's units (``box 2``)."""
    @property
    def cells(self) -> List[str]:
        """The pattern's cells."""
    @property
    def digits(self) -> List[str]:
        """The pattern's digits."""
    @property
    def rules(self) -> List[Tuple[str, Optional[int], str]]:
        """The rule instances used: (family, instance, words), e.g. ("box", 2, "box 2")."""
    def to_dict(self) -> dict:
        """The step as ``explain --json`` writes it."""

class Explanation:
    """A puzzle solved step by step (``sudokux explain``); ``str()`` is the CLI's text."""

    @property
    def status(self) -> str:
        """``solved``, ``stalled`` or ``unknown`` (a limit stopped the proof of uniqueness)."""
    @property
    def grade(self) -> Optional[str]:
        """``easy``, ``medium``, ``hard``, ``expert`` or ``needs-search``."""
    @property
    def hardest(self) -> Optional[str]:
        """The hardest technique used."""
    @property
    def hardest_steps(self) -> int:
        """How many steps used it."""
    @property
    def grade_exact(self) -> bool:
        """False when logic stalled without constraints it does not reason with."""
    @property
    def unexplained(self) -> List[str]:
        """The constraints the logic does not reason with."""
    @property
    def steps(self) -> List[Step]:
        """The steps, in order."""
    @property
    def solution(self) -> Optional[str]:
        """The solution, when logic solved the puzzle."""
    @property
    def candidates(self) -> Optional[dict]:
        """Each empty cell's digits where logic stalled."""
    @property
    def start_candidates(self) -> Optional[dict]:
        """Each empty cell's digits at the start (``candidates=True``)."""
    def to_dict(self) -> dict:
        """The ``explain --json`` object."""

class Hint:
    """The next step of a puzzle (``sudokux hint``); ``str()`` is the CLI's text."""

    @property
    def status(self) -> str:
        """``step``, ``guess``, ``stalled``, ``solved`` or ``unknown``."""
    @property
    def step(self) -> Optional[Step]:
        """The step, if any."""
    @property
    def unexplained(self) -> List[str]:
        """The constraints the logic does not reason with."""
    @property
    def proved_unique(self) -> bool:
        """Whether the search proved the puzzle unique (40 ms without limits)."""
    @property
    def complete(self) -> bool:
        """Whether every technique was tried to the end (``False``: the contradiction chains
        were cut short, as ``sudokux hint`` cuts them, to answer at once)."""
    @property
    def candidates(self) -> Optional[dict]:
        """Each empty cell's digits (``candidates=True``)."""
    def to_dict(self) -> dict:
        """The ``hint --json`` object."""

def explain(
    puzzle: PuzzleLike,
    *,
    guess: bool = False,
    candidates: bool = False,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Explanation:
    """Solves a puzzle with exactly one solution step by step, and grades it."""

def hint(
    puzzle: PuzzleLike,
    *,
    guess: bool = False,
    candidates: bool = False,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Hint:
    """The next step of a puzzle with exactly one solution."""

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
    def first(
        self,
        labels: Literal[False] = False,
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> Optional[List[int]]: ...
    @overload
    def first(
        self,
        labels: Literal[True],
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> Optional[List[str]]: ...
    def count(
        self,
        limit: Optional[int] = None,
        threads: int = 1,
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> Count:
        """Counts the solutions, all or up to ``limit``; status ``unknown`` (a lower bound)
        when ``timeout`` (seconds) or ``max_nodes`` stopped it."""
    def split(self, depth: int) -> List[List[int]]:
        """The shards of a count at split depth ``depth``."""
    def count_shard(self, choices: Sequence[int]) -> Count:
        """Counts the solutions in one shard."""
