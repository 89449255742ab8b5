"""A count spread over a Dask cluster.

The count is split into shards by fixing the first ``split`` choices of the search (the same
split a count on several threads makes; ``ExactCover.split`` and ``Puzzle.split``): the
shards are disjoint and cover every solution, so their exact counts add up to the total. Each
shard is one Dask task; the problem itself is one more task, loaded once per worker that needs
it, from its text (Knuth's format, or a TOML puzzle file), and recomputed by Dask if the worker
holding it is lost. A worker that dies takes its running shards with it: Dask runs them again
elsewhere, and each shard's result is taken once, from its own future, so no shard is counted
twice or dropped.

    >>> from dask.distributed import Client            # doctest: +SKIP
    >>> client = Client("tcp://scheduler:8786")          # doctest: +SKIP
    >>> result = sudokux.distributed.count(problem, client, split=4)   # doctest: +SKIP
    >>> result.count, result.balance                     # doctest: +SKIP

An empty grid of plain boxes (``"." * 81``) is counted band by band, as one process counts it
(``sudokux count``): the shards are then the classes of its top band (63 for 9x9, 5 for 8x8
with 2x4 boxes), ``Puzzle.band_classes`` and ``Puzzle.count_band_shard``; ``split`` 0 makes
one shard of every class, up to the classes one per class, and past them that many shards of
about one size, pieces of classes (``Puzzle.band_shards``, as ``sudokux count --split``).
Each finished band shard records its plan (``Puzzle.band_plan``) and split, and a ``resume``
file of another plan or split is refused. ``resume`` names a file of JSON lines
where every finished shard is written as it finishes (the lines of ``sudokux count
--count-shard``, which reads them back with ``--resume``): a count started again with the same
file counts only the shards it does not hold complete, so a count stopped by Ctrl-C, a lost
client or a lost cluster loses no finished shard. ``python -m sudokux.distributed`` runs a
count from the command line (``--help``).

The split depth trades the number of shards against their balance: each level multiplies the
shards by about the branching factor of the search there; more, smaller shards keep every
worker busy to the end (a few dozen per worker is plenty), while each shard costs a task's
overhead (a millisecond or so on an idle scheduler, tens under load) and the walk that made
it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, TextIO, Tuple, Union

from .._native import ExactCover, Puzzle

__all__ = ["ShardResult", "DistributedCount", "count", "shards", "main"]

#: Deepest split that ``count`` chooses by itself.
MAX_AUTO_SPLIT = 12

#: Shards per worker that ``count`` aims at when it chooses the split.
SHARDS_PER_WORKER = 32


@dataclass(frozen=True)
class ShardResult:
    """One shard's count: its number (from 1), the choices that made it (option numbers),
    its exact ``count`` (``complete`` False only if it was stopped), the work done and the
    seconds its worker spent; ``resumed`` when it was read from the ``resume`` file rather
    than counted by this call."""

    shard: int
    choices: Tuple[int, ...]
    count: int
    complete: bool
    nodes: int
    updates: int
    seconds: float
    resumed: bool = False


@dataclass(frozen=True)
class DistributedCount:
    """The total of a distributed count, with every shard's statistics.

    ``count`` is exact when ``complete`` is True. ``balance`` is the largest shard's time over
    the mean shard time (1.0 is perfect balance). ``kind`` is ``"bands"`` for an empty grid
    counted band by band (the shards' choices are classes of its top band), else ``"xc"`` or
    ``"sudoku"`` (choices are options of the search). ``symmetries`` names the symmetries a
    count by bands used (as ``sudokux count --stats`` lists them: ``"digits"``,
    ``"rows-in-bands"``, ``"columns-in-stacks"``, ``"stacks"``, ``"transpose"``); empty for
    a split search.
    """

    count: int
    complete: bool
    split: int
    shards: List[ShardResult] = field(repr=False)
    nodes: int
    updates: int
    seconds: float
    kind: str = "sudoku"
    symmetries: Tuple[str, ...] = ()

    @property
    def balance(self) -> float:
        """Largest shard time / mean shard time."""
        times = [s.seconds for s in self.shards]
        if not times or sum(times) == 0:
            return 1.0
        return max(times) / (sum(times) / len(times))

    @property
    def largest_shard_nodes(self) -> int:
        """Nodes of the shard that searched the most."""
        return max((s.nodes for s in self.shards), default=0)


Problem = Union[ExactCover, Puzzle, str]


def _as_problem(problem: Problem) -> Union[ExactCover, Puzzle]:
    if isinstance(problem, str):
        return Puzzle(problem)
    if isinstance(problem, (ExactCover, Puzzle)):
        return problem
    raise TypeError(
        f"problem: an ExactCover, a Puzzle or puzzle text, not {type(problem).__name__}"
    )


def _text(problem: Union[ExactCover, Puzzle]) -> Tuple[str, str]:
    if isinstance(problem, ExactCover):
        return "xc", problem.to_knuth()
    return "sudoku", problem.to_toml()


def _load(kind: str, text: str) -> Union[ExactCover, Puzzle]:
    """Runs on a worker: the problem from its text."""
    if kind == "xc":
        return ExactCover.from_knuth(text)
    return Puzzle.from_toml(text)


def _count_shard(
    choices: Sequence[int],
    first: Optional[Tuple[int, int]],
    problem: Union[ExactCover, Puzzle],
    bands: bool = False,
) -> Dict[str, Any]:
    """Runs on a worker: one shard's count (classes of the top band when ``bands``, or the
    piece ``first`` of one)."""
    started = time.perf_counter()
    if bands:
        counted = problem.count_band_shard(list(choices), first)
    else:
        counted = problem.count_shard(list(choices))
    return {
        "count": counted.count,
        "complete": counted.complete,
        "nodes": counted.nodes,
        "updates": counted.updates,
        "seconds": time.perf_counter() - started,
    }


def shards(problem: Problem, split: int) -> List[List[int]]:
    """The shards of a count of ``problem`` at split depth ``split`` (see the module's
    documentation): lists of option numbers whose counts add up to the total."""
    return _as_problem(problem).split(split)


def _choose_split(problem: Union[ExactCover, Puzzle], workers: int) -> Tuple[int, List[List[int]]]:
    """The shallowest split with enough shards for ``workers``, or the deepest tried."""
    wanted = SHARDS_PER_WORKER * max(1, workers)
    depth, found = 0, [[]]
    for depth in range(1, MAX_AUTO_SPLIT + 1):
        found = problem.split(depth)
        if len(found) >= wanted or not found:
            break
    return depth, found


Key = Tuple[Any, int, int, Tuple[int, ...], Optional[Tuple[int, ...]]]


def _describe(plan: Optional[Dict[str, Any]]) -> str:
    if not plan:
        return "plan version 1, no plan recorded"
    return f"{plan['boxes']} boxes, plan version {plan['version']}, {plan['classes']} classes"


def _read_done(
    path: str, bands: Optional[Tuple[Dict[str, Any], int, int]] = None
) -> Dict[Key, Dict[str, Any]]:
    """The shards a ``resume`` file holds complete, by kind, number, total, choices and piece
    (none when the file does not exist). ``bands``: the plan, shards and split of a count by
    bands; a line of kind ``bands`` of another plan or split is refused (ValueError)."""
    done: Dict[Key, Dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as lines:
            for n, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                    key = (
                        record.get("kind"),
                        int(record["shard"]),
                        int(record["shards"]),
                        tuple(record.get("choices") or ()),
                        tuple(record["first"]) if record.get("first") is not None else None,
                    )
                except (ValueError, KeyError, TypeError) as error:
                    raise ValueError(f"{path}: line {n}: not a shard's count: {error}") from None
                if bands is not None and record.get("kind") == "bands":
                    plan, shards, split = bands
                    theirs = record.get("plan")
                    other_split = record.get("split") is not None and record["split"] != split
                    if theirs != plan or key[2] != shards or other_split:
                        was = (
                            f" of --split {record['split']}"
                            if record.get("split") is not None
                            else ""
                        )
                        raise ValueError(
                            f"{path}: line {n}: counts of another plan or split "
                            f"({_describe(theirs)}, {key[2]} shards{was}) than this count "
                            f"({_describe(plan)}, {shards} shards of --split {split}): resume "
                            "from the counts of the same split, or count into another file"
                        )
                if record.get("complete") is True and record.get("kind") is not None:
                    done[key] = record
    except FileNotFoundError:
        pass
    return done


class _Progress:
    """Shards done, the share of the work done and an estimate of the time left, on stderr:
    a tqdm bar when tqdm is installed, else a line per shard. The estimate is the time per
    shard so far times the shards left (the shards read from a resume file left out)."""

    def __init__(
        self, total: int, already: int, stream: Optional[TextIO] = None, bar: bool = True
    ) -> None:
        self.total, self.done, self.already = total, already, already
        self.started = time.perf_counter()
        self.stream = stream if stream is not None else sys.stderr
        self.bar = _progress_bar(total) if bar else None
        if self.bar is not None and already:
            self.bar.update(already)

    def left(self) -> Optional[float]:
        """Seconds left at the pace so far (None before the first shard)."""
        counted = self.done - self.already
        if counted <= 0:
            return None
        return (time.perf_counter() - self.started) / counted * (self.total - self.done)

    def update(self, shard: int) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
            return
        left = self.left()
        estimate = "" if left is None else f", about {left:.0f} s left"
        print(
            f"sudokux: shard {shard} counted, {self.done} of {self.total} "
            f"({100 * self.done / max(1, self.total):.0f} %) "
            f"in {time.perf_counter() - self.started:.1f} s{estimate}",
            file=self.stream,
            flush=True,
        )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def count(
    problem: Problem,
    client: Optional[Any] = None,
    split: Optional[int] = None,
    *,
    progress: bool = True,
    retries: int = 2,
    resume: Optional[Union[str, "os.PathLike[str]"]] = None,
    symmetry: bool = True,
) -> DistributedCount:
    """Counts the solutions of ``problem`` (an ``ExactCover``, a ``Puzzle`` or puzzle text)
    on a Dask cluster, exactly.

    ``client`` is a ``dask.distributed.Client`` (``Client("tcp://host:8786")`` for a real
    cluster); with none, a ``LocalCluster`` of one single-threaded worker process per core is
    started for the count and closed after it. ``split`` is the split depth; with none, the
    shallowest depth giving about 32 shards per worker (at most 12). An empty grid of plain
    boxes is split by the classes of its top band instead (unless ``symmetry`` is False: then
    the search is split), one shard per class (``split=0``: one shard of them all).
    ``progress`` shows the shards done and an estimate of the time left on stderr (a tqdm bar
    when tqdm is installed). A shard whose task raised is tried again up to ``retries`` times;
    a shard lost with its worker is run again by Dask. ``resume``: a file of JSON lines where
    each finished shard is appended as it finishes; the shards it already holds complete (from
    an earlier, stopped count of the same problem and split) are taken from it, not counted.

    Returns a :class:`DistributedCount` with the total and every shard's statistics.
    """
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as missing:
        raise ImportError(
            "sudokux.distributed needs Dask: pip install 'dask[distributed]' "
            f"(on every worker too) ({missing})"
        ) from missing

    problem = _as_problem(problem)
    started = time.perf_counter()
    classes = problem.band_classes() if symmetry and isinstance(problem, Puzzle) else None
    if split is not None and split < 0:
        raise ValueError("split: a depth of 0 or more")
    plan = None
    found: List[Any] = []
    if classes is not None:
        boxes, version, number = problem.band_plan()
        plan = {"boxes": boxes, "version": version, "classes": number}
        split = 1 if split is None else split
        found = problem.band_shards(split)
    done = (
        _read_done(os.fspath(resume), (plan, len(found), split) if plan is not None else None)
        if resume is not None
        else {}
    )
    own = None
    if client is None:
        cluster = LocalCluster(
            n_workers=os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        client = own = Client(cluster)
    try:
        kind, text = _text(problem)
        firsts: List[Optional[Tuple[int, int]]] = []
        if plan is not None:
            kind = "bands"
            firsts = [tuple(first) if first is not None else None for _, first in found]
            found = [list(choices) for choices, _ in found]
        elif split is None:
            workers = len(client.scheduler_info().get("workers", {})) or 1
            split, found = _choose_split(problem, workers)
        else:
            found = problem.split(split)
        results: Dict[int, Dict[str, Any]] = {}
        def first(k: int) -> Optional[Tuple[int, int]]:
            return firsts[k] if firsts else None

        for k, choices in enumerate(found):
            record = done.get((kind, k + 1, len(found), tuple(choices), first(k)))
            if record is not None:
                results[k] = {
                    "count": int(record["count"]),
                    "complete": True,
                    "nodes": int(record.get("nodes", 0)),
                    "updates": int(record.get("updates", 0)),
                    "seconds": float(record.get("seconds", 0.0)),
                    "resumed": True,
                }
        todo = [k for k in range(len(found)) if k not in results]
        loaded = client.submit(_load, "sudoku" if kind == "bands" else kind, text, pure=True)
        futures = client.map(
            _count_shard,
            [found[k] for k in todo],
            [first(k) for k in todo],
            problem=loaded,
            bands=kind == "bands",
            pure=True,
            retries=retries,
        )
        index = {future.key: k for k, future in zip(todo, futures)}
        shown = _Progress(len(found), len(results)) if progress else None
        out = open(os.fspath(resume), "a", encoding="utf-8") if resume is not None else None
        try:
            for future in as_completed(futures):
                k = index[future.key]
                # Each shard's result is taken once, from its own future.
                if k in results:
                    continue
                results[k] = future.result()
                if out is not None:
                    line = {
                        "kind": kind,
                        "shard": k + 1,
                        "shards": len(found),
                        "choices": list(found[k]),
                    }
                    if plan is not None:
                        line["split"] = split
                        line["plan"] = plan
                        if first(k) is not None:
                            line["first"] = list(first(k))
                    line.update(results[k])
                    out.write(json.dumps(line) + "\n")
                    out.flush()
                if shown is not None:
                    shown.update(k + 1)
        finally:
            if shown is not None:
                shown.close()
            if out is not None:
                out.close()
        shard_results = [
            ShardResult(
                shard=k + 1,
                choices=tuple(found[k]),
                count=results[k]["count"],
                complete=results[k]["complete"],
                nodes=results[k]["nodes"],
                updates=results[k]["updates"],
                seconds=results[k]["seconds"],
                resumed=results[k].get("resumed", False),
            )
            for k in range(len(found))
        ]
        return DistributedCount(
            count=sum(s.count for s in shard_results),
            complete=all(s.complete for s in shard_results),
            split=split,
            shards=shard_results,
            nodes=sum(s.nodes for s in shard_results),
            updates=sum(s.updates for s in shard_results),
            seconds=time.perf_counter() - started,
            kind=kind,
            symmetries=tuple(problem.band_symmetries() or ()) if plan is not None else (),
        )
    finally:
        if own is not None:
            cluster = own.cluster
            own.close()
            if cluster is not None:
                cluster.close()


def _progress_bar(total: int) -> Optional[Any]:
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="shard", desc="sudokux count")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m sudokux.distributed``: a count on a Dask cluster, from the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m sudokux.distributed",
        description="Count the solutions of a puzzle on a Dask cluster, exactly. An empty "
        "grid of plain boxes is counted band by band, one shard per class of its top band.",
        epilog="example: python -m sudokux.distributed --resume counts.jsonl "
        + "." * 81,
    )
    parser.add_argument(
        "puzzle",
        nargs="?",
        default="." * 81,
        help="a puzzle as sudokux.Puzzle reads it (a line, a grid, a file's path); "
        "default: the empty 9x9 grid",
    )
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. "
                        "tcp://host:8786 (default: a local cluster, one worker per core)")
    parser.add_argument("--split", type=int, metavar="K", help="the split depth")
    parser.add_argument("--resume", metavar="FILE", help="append each finished shard to FILE, "
                        "and take the shards it holds complete from it")
    parser.add_argument("--no-symmetry", action="store_true",
                        help="split the search even for an empty grid")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    client = None
    if args.scheduler:
        from dask.distributed import Client

        client = Client(args.scheduler)
    try:
        result = count(
            args.puzzle,
            client,
            split=args.split,
            progress=not args.quiet,
            resume=args.resume,
            symmetry=not args.no_symmetry,
        )
    except KeyboardInterrupt:
        where = f": the shards finished are in {args.resume}" if args.resume else ""
        print(f"sudokux: interrupted{where}", file=sys.stderr)
        return 130
    finally:
        if client is not None:
            client.close()
    print(result.count if result.complete else f">={result.count}")
    resumed = sum(1 for s in result.shards if s.resumed)
    print(
        f"sudokux: {len(result.shards)} shards ({result.kind}, split {result.split}"
        f"{f', {resumed} from {args.resume}' if resumed else ''}), {result.nodes} nodes, "
        f"{result.seconds:.1f} s"
        + (f", symmetries: {', '.join(result.symmetries)}" if result.symmetries else ""),
        file=sys.stderr,
    )
    return 0 if result.complete else 1
