//! Counting on several threads: the search tree split into independent subtrees.
//!
//! The tree is walked to a split depth; every path that reaches that depth without being a
//! solution is a subproblem, and solutions completed above it are counted during that walk,
//! exactly once. Each worker clones the matrix, commits a subproblem's options, counts its
//! subtree and takes them back.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::budget::Budget;
use super::dlx::Dlx;
use super::memo::Memo;
use super::problem::OptionId;
use super::search::{Checks, Count, Progress, Search, Stats};
use super::watch::Watch;

/// Nodes between two publications of a search's progress to its [`Watch`].
const PUBLISH_EVERY: u64 = 1 << 14;

/// Subproblems per thread worth splitting into, so that uneven subtrees even out.
const PIECES_PER_THREAD: usize = 64;

/// Counts up to this limit (proofs of uniqueness count to 2) search without a memory.
const MEMO_FROM: u128 = 2;

/// Counts the solutions `search` visits, up to `limit`; the search ends (and restores the
/// matrix) before this returns.
fn count_visits(mut search: Search<'_>, limit: Option<u128>) -> Count {
    let mut count: u128 = 0;
    let exhausted = loop {
        if search.next_solution().is_none() {
            break true;
        }
        count += 1;
        if Some(count) == limit {
            break false;
        }
    };
    Count {
        count,
        complete: exhausted && !search.stopped(),
        stats: search.stats(),
    }
}

/// Nodes a count searches without a memory before it starts again with one.
const WARM_UP: u64 = 4096;

/// Deepest split tried.
const MAX_SPLIT: usize = 12;

impl Dlx {
    /// Counts solutions on `threads` threads, all or up to `limit`; the same answer as
    /// [`Dlx::count_visiting`] (with a limit, the search may go a little past it, but the count
    /// reported never exceeds it and is then marked incomplete).
    ///
    /// Without colors, with at most 2,047 items, and unless `limit` is 2 or less, a count that
    /// goes past 4,096 nodes starts again remembering the count of the subproblems each thread
    /// has finished, keyed by the set of items covered, which decides what is left of the
    /// problem (see the `memo` module): a subproblem reached again by another path is not
    /// searched again. The memory is a cache of bounded size (64 MiB a thread). A count that
    /// would pass `u128::MAX` stops there, marked incomplete.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{Dlx, ProblemBuilder};
    ///
    /// // Four independent items with three options each: 81 solutions.
    /// let mut b = ProblemBuilder::new();
    /// for _ in 0..4 {
    ///     let item = b.primary();
    ///     for _ in 0..3 {
    ///         b.option([item]).unwrap();
    ///     }
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// assert_eq!(dlx.count_parallel(None, 2).count, 81);
    /// ```
    pub fn count_parallel(&mut self, limit: Option<u128>, threads: usize) -> Count {
        self.count_watched(limit, threads, &Watch::new())
    }

    /// [`Dlx::count_parallel`], publishing its progress to `watch` and stopping when the watch
    /// asks; a stopped count is marked incomplete (a lower bound). With one thread the count
    /// is a plain search (no split).
    pub fn count_watched(&mut self, limit: Option<u128>, threads: usize, watch: &Watch) -> Count {
        self.count_bounded(limit, threads, watch, Budget::UNLIMITED)
    }

    /// [`Dlx::count_watched`] within a [`Budget`]: a count that runs out of it stops, marked
    /// incomplete (a lower bound below `limit`). On one thread the node limit is exact; split
    /// across threads, each piece gets what the finished ones left, so the total may go past
    /// it by up to a piece per thread.
    pub fn count_bounded(
        &mut self,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Count {
        if limit == Some(0) || watch.stop_requested() || budget.max_nodes == Some(0) {
            return Count {
                count: 0,
                complete: false,
                stats: Stats::default(),
            };
        }
        if threads <= 1 {
            let mut memo = self.memo_for(limit);
            let count = self.count_piece(limit, watch, budget, &mut memo, |share| share);
            if let Some(mut memo) = memo {
                // Kept for the next count, but not its memory: a big table is given back now.
                memo.clear();
                self.scratch_memo.0 = Some(memo);
            }
            return count;
        }
        let base = self.committed.len();
        // Deepen the split until there are enough pieces (or the tree is that shallow).
        let mut depth = 1;
        let (pieces, above, mut stats) = loop {
            let (pieces, above, stats) = self.frontier(depth, base);
            let enough = pieces.len() >= PIECES_PER_THREAD * threads;
            if enough || pieces.is_empty() || depth >= MAX_SPLIT || budget.exhausted(stats.nodes) {
                break (pieces, above, stats);
            }
            depth += 1;
        };
        // Nodes used so far, against the budget.
        let used = AtomicU64::new(stats.nodes);
        watch.add(stats.nodes, above);
        if limit.is_some_and(|l| above >= l) {
            return Count {
                count: limit.unwrap_or(above),
                complete: false,
                stats,
            };
        }
        let total = Mutex::new((above, stats));
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let mut dlx = self.clone();
                let (pieces, total, next, done, stopped, used) =
                    (&pieces, &total, &next, &done, &stopped, &used);
                let mut memo = dlx.memo_for(limit);
                scope.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(piece) = pieces.get(k) else { break };
                    if watch.stop_requested() || budget.exhausted(used.load(Ordering::Relaxed)) {
                        stopped.store(true, Ordering::Relaxed);
                        break;
                    }
                    let remaining = match limit {
                        Some(l) => {
                            let so_far = total.lock().map_or(0, |t| t.0);
                            if so_far >= l {
                                break;
                            }
                            Some(l - so_far)
                        }
                        None => None,
                    };
                    for &option in piece {
                        dlx.commit(option).expect("a frontier path is live");
                    }
                    // Pieces finished, plus this one's share, out of all: rough but rising.
                    // Each running piece gets at most its share of the nodes left, so that
                    // the pieces running side by side cannot overshoot the budget together.
                    let mut left = budget.after(used.load(Ordering::Relaxed));
                    if let Some(nodes) = left.max_nodes {
                        left.max_nodes = Some(nodes.div_ceil(threads as u64));
                    }
                    let count = dlx.count_piece(remaining, watch, left, &mut memo, |share| {
                        (done.load(Ordering::Relaxed) as f64 + share) / pieces.len() as f64
                    });
                    dlx.uncommit_to(base);
                    used.fetch_add(count.stats.nodes, Ordering::Relaxed);
                    if !count.complete && remaining.is_none_or(|r| count.count < r) {
                        // Stopped by the watch or the budget, not by the limit.
                        stopped.store(true, Ordering::Relaxed);
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                    if let Ok(mut t) = total.lock() {
                        t.0 = t.0.saturating_add(count.count);
                        t.1 += count.stats;
                    }
                });
            }
        });
        let (count, worker_stats) = total.into_inner().unwrap_or_default();
        stats = worker_stats;
        match limit {
            Some(l) if count >= l => Count {
                count: l,
                complete: false,
                stats,
            },
            _ => Count {
                count,
                // A sum that saturated is only a lower bound.
                complete: !stopped.load(Ordering::Relaxed) && count < u128::MAX,
                stats,
            },
        }
    }

    /// A memory of counted subproblems for a count up to `limit`, when it is worth one: no
    /// colors (see [`super::memo`]), keys short enough, and a count that may go past a
    /// few solutions (proving uniqueness counts to 2 and repeats little).
    /// The one kept from the last count is reused, emptied.
    fn memo_for(&mut self, limit: Option<u128>) -> Option<Box<Memo>> {
        if self.colored() || limit.is_some_and(|l| l <= MEMO_FROM) {
            return None;
        }
        match self.scratch_memo.0.take() {
            Some(mut memo) => {
                memo.clear();
                Some(memo)
            }
            None => Memo::for_items(self.items).map(Box::new),
        }
    }

    /// Counts the solutions below the committed options, publishing to `watch` (with the
    /// share explored mapped through `share`) and stopping when it asks or the budget runs out;
    /// with a `memo`, every subproblem counted is remembered there (see [`super::memo`]).
    fn count_piece(
        &mut self,
        limit: Option<u128>,
        watch: &Watch,
        budget: Budget,
        memo: &mut Option<Box<Memo>>,
        share: impl Fn(f64) -> f64,
    ) -> Count {
        let published = Cell::new((0u64, 0u128));
        let publish = |stats: Stats| {
            let (nodes, solutions) = published.get();
            watch.add(
                stats.nodes.saturating_sub(nodes),
                stats.solutions.saturating_sub(solutions),
            );
            published.set((nodes.max(stats.nodes), solutions.max(stats.solutions)));
        };
        // Progress goes to the watch, which may ask the count to stop.
        let report = |progress: &Progress| {
            publish(progress.stats);
            watch.raise_explored(share(progress.explored));
            if watch.stop_requested() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let finish = |count: Count| {
            publish(count.stats);
            if count.complete {
                watch.raise_explored(share(1.0));
            }
            count
        };
        if let Some(memo) = memo {
            // A first look without the memory: most counts (a puzzle's) end within a few
            // thousand nodes, where remembering costs more than it saves. Only a count that
            // goes on starts again with the memory.
            let first = self.count_quietly(
                limit,
                Budget {
                    max_nodes: Some(budget.max_nodes.map_or(WARM_UP, |m| m.min(WARM_UP))),
                    ..budget
                },
            );
            if first.complete || Some(first.count) == limit || budget.exhausted(first.stats.nodes) {
                return finish(first);
            }
            let mut checks = Checks::new();
            checks.set_budget(0, budget.after(first.stats.nodes));
            checks.set_hook(0, PUBLISH_EVERY, report);
            let mut counted = self.count_memo(memo, limit, &mut checks);
            drop(checks);
            counted.stats.nodes += first.stats.nodes;
            counted.stats.updates += first.stats.updates;
            if !counted.complete {
                // Stopped soon after starting again: the first look may have counted more.
                counted.count = counted.count.max(first.count);
                counted.stats.solutions = counted.count;
            }
            return finish(counted);
        }
        let mut search = self.search();
        search.bound(budget);
        search.on_progress(PUBLISH_EVERY, report);
        finish(count_visits(search, limit))
    }

    /// Counts by visiting every solution, within `budget`, reporting nothing on the way.
    fn count_quietly(&mut self, limit: Option<u128>, budget: Budget) -> Count {
        let mut search = self.search();
        search.bound(budget);
        count_visits(search, limit)
    }

    /// The paths at `depth` below the committed options (each as the options to commit), the
    /// solutions found above that depth, and the work done.
    fn frontier(&mut self, depth: usize, base: usize) -> (Vec<Vec<OptionId>>, u128, Stats) {
        let mut pieces = Vec::new();
        let mut above = 0;
        let mut search = self.search();
        search.split_at(depth);
        while let Some(path) = search.next_solution() {
            let path = path[base..].to_vec();
            if search.at_frontier() {
                pieces.push(path);
            } else {
                above += 1;
            }
        }
        (pieces, above, search.stats())
    }
}
