//! The counting entry point, and every thread a count runs on.
//!
//! [`Dlx::count`] counts on the calling thread (see `serial`) or splits the search tree: the
//! tree is walked to a split depth; every path that reaches that depth without being a
//! solution is an independent subtree, and solutions completed above it are counted during
//! that walk, exactly once. Each worker clones the matrix, commits a subtree's options, counts
//! it and takes them back.
//!
//! [`Dlx::count_each`] counts independent subproblems that the caller sets up on the matrix
//! (the classes of a puzzle's relabellings, for the sudoku solver), one after the other, each
//! split across the threads; a count that goes on runs on another thread while the calling
//! one forwards the subproblems' progress to the caller's watch.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::options::CountOptions;
use crate::xc::budget::Budget;
use crate::xc::dlx::Dlx;
use crate::xc::problem::OptionId;
use crate::xc::stats::{Count, Stats};
use crate::xc::watch::Watch;

/// Subtrees per thread worth splitting into, so that uneven subtrees even out.
const SUBTREES_PER_THREAD: usize = 64;

/// Deepest split tried. Forced choices (an item with one option) do not branch, so a puzzle's
/// tree may need a deep split to give enough subtrees (a sparse 9x9 sudoku: 24 at depth 12,
/// 108 at depth 16). Each deeper walk costs the nodes above its depth, small beside a count
/// worth splitting.
const MAX_SPLIT: usize = 32;

/// Nodes a count of subproblems searches on the calling thread, passing no progress on,
/// before it starts again on another thread that does (most counts, a puzzle's, end within
/// it; a thread costs tens of microseconds).
const QUICK_NODES: u64 = 1 << 14;

/// The watch (`unwatched` when the options name none), limit, threads and budget of a count.
fn parts<'w>(
    options: CountOptions<'w>,
    unwatched: &'w Watch,
) -> (&'w Watch, Option<u128>, usize, Budget) {
    (
        options.watch.unwrap_or(unwatched),
        options.limit,
        options.threads,
        options.budget,
    )
}

/// A count that found nothing because it was asked for nothing (or could not start).
fn nothing() -> Count {
    Count {
        count: 0,
        complete: false,
        stats: Stats::default(),
    }
}

impl Dlx {
    /// Counts solutions below the committed options, as [`CountOptions`] say: all or up to a
    /// limit, on one thread or split across several, publishing progress to a watch and
    /// stopping when it asks, within a budget. The same answer as [`Dlx::count_visiting`]:
    /// a count stopped by the limit, the watch or the budget is marked incomplete (a lower
    /// bound), and with a limit the count reported never exceeds it.
    ///
    /// Without colors, with at most 2,047 items, and unless the limit is 2 or less, a count
    /// remembers the count of the subproblems it has finished, keyed by the set of items
    /// covered, which decides what is left of the problem: a subproblem reached again by
    /// another path is not searched again. On one thread it does so once it goes past 4,096
    /// nodes (it then starts again); split across threads, from the start, in one memory that
    /// all the threads share. The memory is a cache of bounded size (64 MiB), so the nodes
    /// reported can be far fewer than the solutions. A count that would pass `u128::MAX` stops there, marked
    /// incomplete.
    ///
    /// Small problems (at most 4,096 options, and few primary items for them: the
    /// pentominoes, Langford pairs, n-queens, 6x6 sudoku, but not 9x9) are counted on bit sets
    /// of live options rather than links, unless item domination is on
    /// ([`Dlx::set_domination`]); they report no link updates, and their memory of
    /// subproblems is dropped when its hits do not pay for it.
    ///
    /// On one thread the budget's node limit is exact; split across threads, each subtree
    /// gets what the finished ones left, so the total may go past it by up to a subtree per
    /// thread. With one thread the count is a plain search (no split).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, ProblemBuilder};
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
    /// assert_eq!(dlx.count(CountOptions::new()).count, 81);
    /// assert_eq!(dlx.count(CountOptions::new().threads(2)).count, 81);
    /// ```
    pub fn count(&mut self, options: CountOptions<'_>) -> Count {
        let unwatched = Watch::new();
        let (watch, limit, threads, budget) = parts(options, &unwatched);
        if limit == Some(0) || watch.stop_requested() || budget.max_nodes == Some(0) {
            return nothing();
        }
        if threads <= 1 {
            return self.count_serial(limit, watch, budget);
        }
        self.count_split(limit, threads, watch, budget)
    }

    /// [`Dlx::count`] on `threads` (at least 2) threads, for a `limit` other than 0.
    fn count_split(
        &mut self,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Count {
        let base = self.matrix.committed.len();
        // Deepen the split until there are enough subtrees (or the tree is that shallow).
        let mut depth = 1;
        let (subtrees, above, mut stats) = loop {
            let (subtrees, above, stats) = self.frontier(depth, base);
            let enough = subtrees.len() >= SUBTREES_PER_THREAD * threads;
            if enough || subtrees.is_empty() || depth >= MAX_SPLIT || budget.exhausted(stats.nodes)
            {
                break (subtrees, above, stats);
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
        // One memory of subproblems for all the threads: what one counts, the others find.
        let shared = self.memo_for(limit).map(|memo| {
            let shared = memo.shared();
            self.memo = Some(memo);
            shared
        });
        let total = Mutex::new((above, stats));
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let mut dlx = self.clone();
                let (subtrees, total, next, done, stopped, used) =
                    (&subtrees, &total, &next, &done, &stopped, &used);
                let mut memo = shared.as_ref().map(|memo| Box::new(memo.sharing()));
                scope.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(subtree) = subtrees.get(k) else {
                        break;
                    };
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
                    for &option in subtree {
                        dlx.commit(option).expect("a frontier path is live");
                    }
                    // Subtrees finished, plus this one's share, out of all: rough but rising.
                    // Each running subtree gets at most its share of the nodes left, so that
                    // the subtrees counted side by side cannot overshoot the budget together.
                    let mut left = budget.after(used.load(Ordering::Relaxed));
                    if let Some(nodes) = left.max_nodes {
                        left.max_nodes = Some(nodes.div_ceil(threads as u64));
                    }
                    let count = dlx.count_subtree(remaining, watch, left, &mut memo, |share| {
                        (done.load(Ordering::Relaxed) as f64 + share) / subtrees.len() as f64
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

    /// The paths at `depth` below the committed options (each as the options to commit), the
    /// solutions found above that depth, and the work done.
    fn frontier(&mut self, depth: usize, base: usize) -> (Vec<Vec<OptionId>>, u128, Stats) {
        let mut subtrees = Vec::new();
        let mut above = 0;
        let mut search = self.search();
        search.split_at(depth);
        while let Some(path) = search.next_solution() {
            let path = path[base..].to_vec();
            if search.at_frontier() {
                subtrees.push(path);
            } else {
                above += 1;
            }
        }
        (subtrees, above, search.stats())
    }
}

/// The independent subproblems of a count by [`Dlx::count_each`], and how to count each.
#[derive(Clone, Copy)]
struct Subproblems<'a> {
    /// How many there are.
    len: usize,
    /// Subproblem solutions enough to reach the limit; `None` for all.
    target: Option<u128>,
    /// Threads to count each subproblem on.
    threads: usize,
    /// The caller's watch, whose stop request stops the count between subproblems.
    stop: &'a Watch,
}

impl Dlx {
    /// Counts the solutions of `subproblems` independent subproblems of this matrix and adds
    /// them up, each solution of a subproblem standing for `weight` solutions of the whole
    /// (`weight` at least 1). `setup(dlx, k)` prepares subproblem `k` on the matrix, from the
    /// state the last reset left it in (it commits the subproblem's options), and returns
    /// `false` when the subproblem has no solution; after each count the matrix is reset.
    /// The subproblems are counted in turn, each as [`Dlx::count`] would with the same
    /// threads; limit, watch and budget are those of the whole count (the watch sees
    /// solutions of the whole).
    ///
    /// A first pass runs on the calling thread, for a few thousand nodes, publishing nothing:
    /// most counts end within it. A count that goes on starts again on another thread, each
    /// subproblem counted against a watch of its own, while the calling thread passes their
    /// progress on to the caller's watch and its stop request back to them.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, OptionId, ProblemBuilder};
    ///
    /// // Items x and y with three options each: 9 solutions, counted as the 3 with each of
    /// // x's options committed in turn.
    /// let mut b = ProblemBuilder::new();
    /// let (x, y) = (b.primary(), b.primary());
    /// for item in [x, y] {
    ///     for _ in 0..3 {
    ///         b.option([item]).unwrap();
    ///     }
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// let setup = |dlx: &mut Dlx, k: usize| dlx.commit(OptionId(k as u32)).is_ok();
    /// assert_eq!(dlx.count_each(3, 1, setup, CountOptions::new()).count, 9);
    /// // y's options as one class of 3: one subproblem, each solution worth 3.
    /// let setup = |dlx: &mut Dlx, _: usize| dlx.commit(OptionId(3)).is_ok();
    /// assert_eq!(dlx.count_each(1, 3, setup, CountOptions::new()).count, 9);
    /// ```
    pub fn count_each<F>(
        &mut self,
        subproblems: usize,
        weight: u128,
        mut setup: F,
        options: CountOptions<'_>,
    ) -> Count
    where
        F: FnMut(&mut Dlx, usize) -> bool + Send,
    {
        let unwatched = Watch::new();
        let (watch, limit, threads, budget) = parts(options, &unwatched);
        let weight = weight.max(1);
        let scratch: Vec<Watch> = (0..subproblems).map(|_| Watch::new()).collect();
        let quick = Budget {
            max_nodes: Some(budget.max_nodes.map_or(QUICK_NODES, |m| m.min(QUICK_NODES))),
            ..budget
        };
        let job = Subproblems {
            len: subproblems,
            // Subproblem solutions enough to reach the limit.
            target: limit.map(|l| l.div_ceil(weight)),
            threads: 1,
            stop: watch,
        };
        let first = self.count_in_turn(&job, &mut setup, &scratch, None, quick);
        let (found, stats, stopped) = if first.2
            && !watch.stop_requested()
            && !budget.exhausted(first.1.nodes)
        {
            // Stopped only by the first pass's own limit: count again, passing progress on.
            watch.add(first.1.nodes, 0);
            let job = Subproblems { threads, ..job };
            let (found, mut stats, stopped) =
                self.count_forwarded(&job, &mut setup, weight, watch, budget.after(first.1.nodes));
            stats.nodes += first.1.nodes;
            stats.updates += first.1.updates;
            (found, stats, stopped)
        } else {
            watch.add(first.1.nodes, first.0.saturating_mul(weight));
            first
        };
        let (count, complete) = match (found.checked_mul(weight), limit) {
            (Some(total), Some(l)) if total >= l => (l, false),
            (Some(total), _) => (total, !stopped),
            // Past what a count can hold: a lower bound, as a count that saturates.
            (None, Some(l)) => (l, false),
            (None, None) => (u128::MAX, false),
        };
        if complete {
            watch.raise_explored(1.0);
        }
        Count {
            count,
            complete,
            stats: Stats {
                solutions: count,
                ..stats
            },
        }
    }

    /// Counts the subproblems of `job` in turn (the `k`th against `watches[k]`) within
    /// `budget`; `current`, if given, follows the subproblem being counted. Returns the
    /// subproblem solutions counted, the work done, and whether a watch or the budget stopped
    /// the count.
    fn count_in_turn<F>(
        &mut self,
        job: &Subproblems<'_>,
        setup: &mut F,
        watches: &[Watch],
        current: Option<&AtomicUsize>,
        budget: Budget,
    ) -> (u128, Stats, bool)
    where
        F: FnMut(&mut Dlx, usize) -> bool,
    {
        let Subproblems {
            len,
            target,
            threads,
            stop,
        } = *job;
        let mut found: u128 = 0;
        let mut stats = Stats::default();
        let mut stopped = false;
        for (k, own) in watches.iter().enumerate().take(len) {
            if target.is_some_and(|t| found >= t) {
                break;
            }
            if stop.stop_requested() || own.stop_requested() || budget.exhausted(stats.nodes) {
                stopped = true;
                break;
            }
            if setup(self, k) {
                let remaining = target.map(|t| t - found);
                let options = CountOptions::new()
                    .limit(remaining)
                    .threads(threads)
                    .watch(own)
                    .budget(budget.after(stats.nodes));
                let count = self.count(options);
                self.reset();
                found = found.saturating_add(count.count);
                stats += count.stats;
                if !count.complete && remaining.is_none_or(|r| count.count < r) {
                    // Stopped by the watch or the budget, not by the limit.
                    stopped = true;
                }
            }
            if let Some(current) = current {
                current.store(k + 1, Ordering::Relaxed);
            }
            if stopped {
                break;
            }
        }
        (found, stats, stopped)
    }

    /// [`Dlx::count_in_turn`] on another thread, each subproblem against a watch of its own,
    /// while this thread passes their progress on to `watch` (solutions times `weight`) and
    /// `watch`'s stop request back to them.
    fn count_forwarded<F>(
        &mut self,
        job: &Subproblems<'_>,
        setup: &mut F,
        weight: u128,
        watch: &Watch,
        budget: Budget,
    ) -> (u128, Stats, bool)
    where
        F: FnMut(&mut Dlx, usize) -> bool + Send,
    {
        let len = job.len;
        let watches: Vec<Watch> = (0..len).map(|_| Watch::new()).collect();
        // The subproblem being counted; `len` once all are.
        let current = AtomicUsize::new(0);
        let finished = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let forwarder = std::thread::current();
            let (watches, current, finished) = (&watches, &current, &finished);
            let counter = scope.spawn(move || {
                let counted = self.count_in_turn(job, setup, watches, Some(current), budget);
                finished.store(true, Ordering::Release);
                forwarder.unpark();
                counted
            });
            let mut sent = (0u64, 0u128);
            loop {
                // Read before the totals, so that the last pass sees all of them.
                let done = finished.load(Ordering::Acquire) || counter.is_finished();
                let k = current.load(Ordering::Relaxed).min(len - 1);
                let (nodes, found) = watches[..=k].iter().fold((0u64, 0u128), |(n, s), w| {
                    (n + w.nodes(), s + u128::from(w.solutions()))
                });
                watch.add(
                    nodes.saturating_sub(sent.0),
                    found.saturating_sub(sent.1).saturating_mul(weight),
                );
                sent = (sent.0.max(nodes), sent.1.max(found));
                watch.raise_explored((k as f64 + watches[k].explored()) / len as f64);
                if done {
                    break;
                }
                if watch.stop_requested() {
                    watches.iter().for_each(Watch::stop);
                }
                std::thread::park_timeout(Duration::from_millis(20));
            }
            // A panic in the count goes on up.
            counter
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }
}
