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

The split depth trades the number of shards against their balance: each level multiplies the
shards by about the branching factor of the search there; more, smaller shards keep every
worker busy to the end (a few dozen per worker is plenty), while each shard costs a task's
overhead (a millisecond or so on an idle scheduler, tens under load) and the walk that made
it.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._native import ExactCover, Puzzle

__all__ = ["ShardResult", "DistributedCount", "count", "shards"]

#: Deepest split that ``count`` chooses by itself.
MAX_AUTO_SPLIT = 12

#: Shards per worker that ``count`` aims at when it chooses the split.
SHARDS_PER_WORKER = 32


@dataclass(frozen=True)
class ShardResult:
    """One shard's count: its number (from 1), the choices that made it (option numbers),
    its exact ``count`` (``complete`` False only if it was stopped), the work done and the
    seconds its worker spent."""

    shard: int
    choices: Tuple[int, ...]
    count: int
    complete: bool
    nodes: int
    updates: int
    seconds: float


@dataclass(frozen=True)
class DistributedCount:
    """The total of a distributed count, with every shard's statistics.

    ``count`` is exact when ``complete`` is True. ``balance`` is the largest shard's time over
    the mean shard time (1.0 is perfect balance).
    """

    count: int
    complete: bool
    split: int
    shards: List[ShardResult] = field(repr=False)
    nodes: int
    updates: int
    seconds: float

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


def _count_shard(choices: Sequence[int], problem: Union[ExactCover, Puzzle]) -> Dict[str, Any]:
    """Runs on a worker: one shard's count."""
    started = time.perf_counter()
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


def count(
    problem: Problem,
    client: Optional[Any] = None,
    split: Optional[int] = None,
    *,
    progress: bool = True,
    retries: int = 2,
) -> DistributedCount:
    """Counts the solutions of ``problem`` (an ``ExactCover``, a ``Puzzle`` or puzzle text)
    on a Dask cluster, exactly.

    ``client`` is a ``dask.distributed.Client`` (``Client("tcp://host:8786")`` for a real
    cluster); with none, a ``LocalCluster`` of one single-threaded worker process per core is
    started for the count and closed after it. ``split`` is the split depth; with none, the
    shallowest depth giving about 32 shards per worker (at most 12). ``progress`` shows a tqdm
    bar on stderr as shards finish (when tqdm is installed). A shard whose task raised is tried
    again up to ``retries`` times; a shard lost with its worker is run again by Dask.

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
        if split is None:
            workers = len(client.scheduler_info().get("workers", {})) or 1
            split, found = _choose_split(problem, workers)
        else:
            if split < 0:
                raise ValueError("split: a depth of 0 or more")
            found = problem.split(split)
        kind, text = _text(problem)
        loaded = client.submit(_load, kind, text, pure=True)
        futures = client.map(_count_shard, found, problem=loaded, pure=True, retries=retries)
        index = {future.key: k for k, future in enumerate(futures)}
        results: Dict[int, Dict[str, Any]] = {}
        bar = _progress_bar(len(futures)) if progress else None
        try:
            for future in as_completed(futures):
                k = index[future.key]
                # Each shard's result is taken once, from its own future.
                if k not in results:
                    results[k] = future.result()
                if bar is not None:
                    bar.update(1)
        finally:
            if bar is not None:
                bar.close()
        shard_results = [
            ShardResult(
                shard=k + 1,
                choices=tuple(found[k]),
                count=results[k]["count"],
                complete=results[k]["complete"],
                nodes=results[k]["nodes"],
                updates=results[k]["updates"],
                seconds=results[k]["seconds"],
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
