//! Counting on the calling thread: a first look by visiting solutions, then, for a count that
//! goes on, the count that remembers subproblems; progress published to a watch on the way.

use std::cell::Cell;
use std::ops::ControlFlow;

use super::memo::Memo;
use crate::xc::budget::Budget;
use crate::xc::dlx::Dlx;
use crate::xc::search::Search;
use crate::xc::stats::{Count, Progress, Stats};
use crate::xc::watch::Watch;

/// Nodes between two publications of a search's progress to its [`Watch`].
const PUBLISH_EVERY: u64 = 1 << 14;

/// Counts up to this limit (proofs of uniqueness count to 2) search without a memory.
const MEMO_FROM: u128 = 2;

/// Nodes a count searches without a memory before it starts again with one.
const WARM_UP: u64 = 4096;

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

impl Dlx {
    /// Counts solutions up to `limit` by visiting every one of them, as [`Dlx::visit`] does:
    /// no memory of subproblems. The plain search that [`Dlx::count`] is checked against.
    pub fn count_visiting(&mut self, limit: Option<u128>) -> Count {
        if limit == Some(0) {
            return Count {
                count: 0,
                complete: false,
                stats: Stats::default(),
            };
        }
        count_visits(self.search(), limit)
    }

    /// Counts the solutions below the committed options on this thread, up to `limit` (not
    /// 0), publishing to `watch` and stopping when it asks or the budget runs out.
    pub(crate) fn count_serial(
        &mut self,
        limit: Option<u128>,
        watch: &Watch,
        budget: Budget,
    ) -> Count {
        let mut memo = self.memo_for(limit);
        let count = self.count_subtree(limit, watch, budget, &mut memo, |share| share);
        if let Some(mut memo) = memo {
            // Kept for the next count, but not its memory: a big table is given back now.
            memo.clear();
            self.memo = Some(memo);
        }
        count
    }

    /// A memory of counted subproblems for a count up to `limit`, when it is worth one: no
    /// colors (see the `memo` module), keys short enough, and a count that may go past a few
    /// solutions (proving uniqueness counts to 2 and repeats little). The one kept from the
    /// last count is reused, emptied.
    pub(crate) fn memo_for(&mut self, limit: Option<u128>) -> Option<Box<Memo>> {
        // Sums prune by the options chosen, not only the items covered: no memory with them.
        if self.matrix.colored()
            || limit.is_some_and(|l| l <= MEMO_FROM)
            || !self.scratch.domination.sums.is_empty()
            || !self.scratch.domination.automata.is_empty()
        {
            return None;
        }
        match self.memo.take() {
            Some(mut memo) => {
                memo.clear();
                Some(memo)
            }
            None => Memo::for_items(self.matrix.items).map(Box::new),
        }
    }

    /// Counts the solutions below the committed options, publishing to `watch` (with the
    /// share explored mapped through `share`) and stopping when it asks or the budget runs out;
    /// with a `memo`, every subproblem counted is remembered there (see the `memo` module).
    pub(crate) fn count_subtree(
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
        if let Some(bits) = self
            .bits
            .clone()
            .filter(|_| !self.scratch.domination.reduces())
        {
            // Small problems count on bit sets (see the `bits` module), with the memory from
            // the start: it is dropped as soon as it does not pay.
            let m = &self.matrix;
            let memo = memo.as_deref_mut().filter(|_| !m.colored());
            return finish(bits.count(m, limit, budget, memo, PUBLISH_EVERY, report));
        }
        if let Some(memo) = memo {
            // A first look without the memory: most counts (a puzzle's) end within a few
            // thousand nodes, where remembering costs more than it saves. Only a count that
            // goes on starts again with the memory. A subtree of a split count (a shared
            // memory) goes straight to it: what it remembers serves the other subtrees too.
            let first = if memo.is_shared() {
                Count {
                    count: 0,
                    complete: false,
                    stats: Stats::default(),
                }
            } else {
                let first = self.count_quietly(
                    limit,
                    Budget {
                        max_nodes: Some(budget.max_nodes.map_or(WARM_UP, |m| m.min(WARM_UP))),
                        ..budget
                    },
                );
                if first.complete
                    || Some(first.count) == limit
                    || budget.exhausted(first.stats.nodes)
                {
                    return finish(first);
                }
                first
            };
            let mut search = self.search();
            search.bound(budget.after(first.stats.nodes));
            search.on_progress(PUBLISH_EVERY, report);
            let mut counted = memo.count(search, limit);
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
}
