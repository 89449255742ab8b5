//! Algorithm X: the iterative search over a [`Dlx`] matrix, and the sinks it feeds.
//!
//! One search core, [`Search`], walks the tree with an explicit stack (no recursion) and stops
//! at every solution. Everything else is a way of consuming it: the first solution, all of
//! them up to a limit through a [`Visitor`] that may stop the search, or a count up to a limit.
//! A search cut short says so ([`Outcome::complete`] is false): an exact count and a lower bound
//! are different answers.

use std::ops::ControlFlow;

use super::budget::Budget;
use super::dlx::{at, length, link, Dlx, COVERED, ROOT};
use super::problem::OptionId;

/// Work done by a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Nodes of the search tree: options tried.
    pub nodes: u64,
    /// Link updates: option nodes and items removed from their lists by covering.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u128,
}

/// Sums saturate: counts that remember subproblems can pass `u128::MAX` solutions.
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.solutions = self.solutions.saturating_add(other.solutions);
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// True when the whole search tree was explored; false when a visitor or a limit stopped
    /// it early.
    pub complete: bool,
    /// Work done.
    pub stats: Stats,
}

/// The result of counting solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u128,
    /// True when `count` is exact; false when the limit stopped the search, so that `count` is
    /// only a lower bound.
    pub complete: bool,
    /// Work done.
    pub stats: Stats,
}

/// Receives the solutions of a search, one at a time.
///
/// A solution is the list of its options: first those fixed by [`Dlx::commit`], then those the
/// search chose, in the order it chose them. Return [`ControlFlow::Break`] to stop the search.
/// Closures `FnMut(&[OptionId]) -> ControlFlow<()>` are visitors.
pub trait Visitor {
    /// Called once per solution.
    fn visit(&mut self, solution: &[OptionId]) -> ControlFlow<()>;
}

impl<F> Visitor for F
where
    F: FnMut(&[OptionId]) -> ControlFlow<()>,
{
    fn visit(&mut self, solution: &[OptionId]) -> ControlFlow<()> {
        self(solution)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Entering a new level: test for a solution, else choose an item and try its first option.
    Descend,
    /// Undo the current option and try the next one, or go up a level.
    Backtrack,
    /// The tree is exhausted.
    Done,
}

/// A search in progress over a [`Dlx`]: a lending iterator over solutions.
///
/// The matrix is borrowed for the life of the search and restored when the search is dropped,
/// whether it ran to the end or not.
///
/// # Examples
///
/// ```
/// use sudokux::xc::{Dlx, ProblemBuilder};
///
/// let mut b = ProblemBuilder::new();
/// let x = b.primary();
/// let y = b.primary();
/// b.option([x]).unwrap();
/// b.option([y]).unwrap();
/// b.option([x, y]).unwrap();
/// let mut dlx = Dlx::new(&b.build());
/// let mut search = dlx.search();
/// let mut sizes = Vec::new();
/// while let Some(solution) = search.next_solution() {
///     sizes.push(solution.len());
/// }
/// assert_eq!(sizes, [2, 1]);
/// ```
pub struct Search<'a> {
    dlx: &'a mut Dlx,
    /// `stack[l]` is the option node chosen at level `l` (Knuth's `x_l`).
    stack: Vec<u32>,
    /// `branch[l] = [k, d]`: the option tried at level `l` is the `k`-th (0-based) of the `d`
    /// its item had when chosen; for the progress estimate.
    branch: Vec<[u32; 2]>,
    /// The solution handed to the caller: committed options, then `stack` decoded.
    solution: Vec<OptionId>,
    state: State,
    stats: Stats,
    /// The progress hook and the budget, looked at every so many nodes.
    checks: Checks<'a>,
    /// The hook or the budget stopped the search.
    stopped: bool,
    /// Depth at which the search stops descending and reports the path instead
    /// (`usize::MAX`: never).
    frontier: usize,
    /// The last report was a frontier path, not a solution.
    at_frontier: bool,
}

/// How far a search has gone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Work done so far.
    pub stats: Stats,
    /// Estimated share of the search tree explored, from 0 to 1: Knuth's estimate from the
    /// branch taken at each level (the `k`-th of `d` options contributes `k / (d_1 ... d_l)`).
    pub explored: f64,
    /// Current depth.
    pub depth: usize,
}

type ProgressFn<'a> = Box<dyn FnMut(&Progress) -> ControlFlow<()> + 'a>;

struct ProgressHook<'a> {
    every: u64,
    report: ProgressFn<'a>,
}

/// What a search looks at every so many nodes: its progress hook and its budget.
pub(crate) struct Checks<'a> {
    /// Called every so many nodes; may stop the search.
    hook: Option<ProgressHook<'a>>,
    /// Node count at which the hook is called next (`u64::MAX` without a hook).
    next_hook: u64,
    /// How far the search may go.
    budget: Budget,
    /// Node count at which the search next looks at its hook or its budget: the earlier of
    /// `next_hook` and the budget's next check (`u64::MAX` with neither). The only test on
    /// the search's hot path.
    next_check: u64,
}

impl<'a> Checks<'a> {
    /// No hook, no budget: never due.
    pub(crate) fn new() -> Self {
        Checks {
            hook: None,
            next_hook: u64::MAX,
            budget: Budget::UNLIMITED,
            next_check: u64::MAX,
        }
    }

    /// Calls `report` every `every` nodes (at least 1) from `nodes` on.
    pub(crate) fn set_hook(
        &mut self,
        nodes: u64,
        every: u64,
        report: impl FnMut(&Progress) -> ControlFlow<()> + 'a,
    ) {
        let every = every.max(1);
        self.next_hook = nodes + every;
        self.hook = Some(ProgressHook {
            every,
            report: Box::new(report),
        });
        self.schedule(nodes);
    }

    /// Bounds the work from `nodes` on.
    pub(crate) fn set_budget(&mut self, nodes: u64, budget: Budget) {
        self.budget = budget;
        self.schedule(nodes);
    }

    /// Whether the checkpoint is due at `nodes`: the only test on a search's hot path.
    #[inline(always)]
    pub(crate) fn due(&self, nodes: u64) -> bool {
        nodes >= self.next_check
    }

    /// Sets the next checkpoint, after `nodes`: the hook's turn or the budget's, whichever
    /// comes first.
    fn schedule(&mut self, nodes: u64) {
        self.next_check = self.next_hook.min(self.budget.next_check(nodes));
    }

    /// The periodic checkpoint: calls the hook when its turn has come and looks at the
    /// budget; `true` when the search must stop.
    #[cold]
    #[inline(never)]
    pub(crate) fn checkpoint(&mut self, branch: &[[u32; 2]], stats: Stats) -> bool {
        let nodes = stats.nodes;
        if nodes >= self.next_hook {
            if let Some(hook) = &mut self.hook {
                self.next_hook = nodes + hook.every;
                if (hook.report)(&progress(branch, stats)).is_break() {
                    return true;
                }
            }
        }
        if self.budget.exhausted(nodes) {
            return true;
        }
        self.schedule(nodes);
        false
    }
}

impl Dlx {
    /// Starts a search; see [`Search`].
    pub fn search(&mut self) -> Search<'_> {
        let mut stack = std::mem::take(&mut self.scratch_stack);
        stack.clear();
        let mut branch = std::mem::take(&mut self.scratch_branch);
        branch.clear();
        let mut solution = std::mem::take(&mut self.scratch_solution);
        solution.clear();
        Search {
            dlx: self,
            stack,
            branch,
            solution,
            state: State::Descend,
            stats: Stats::default(),
            checks: Checks::new(),
            stopped: false,
            frontier: usize::MAX,
            at_frontier: false,
        }
    }

    /// Every solution, as an iterator (each solution a new `Vec`; [`Dlx::search`] lends
    /// slices instead).
    ///
    /// ```
    /// use sudokux::xc::{Dlx, ProblemBuilder};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let x = b.primary();
    /// b.option([x]).unwrap();
    /// b.option([x]).unwrap();
    /// let mut dlx = Dlx::new(&b.build());
    /// assert_eq!(dlx.solutions().count(), 2);
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions(self.search())
    }

    /// Runs a search to its end or until `visitor` breaks.
    pub fn visit<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> Outcome {
        self.search().visit(visitor)
    }

    /// The first solution found, if any.
    pub fn first(&mut self) -> (Option<Vec<OptionId>>, Stats) {
        let mut search = self.search();
        let found = search.next_solution().map(<[OptionId]>::to_vec);
        (found, search.stats())
    }

    /// Up to `limit` solutions; `complete` is true when there are no others.
    ///
    /// The search stops as soon as it has `limit` solutions, so with `limit` solutions found
    /// `complete` is false even when no further solution exists.
    pub fn collect(&mut self, limit: usize) -> (Vec<Vec<OptionId>>, Outcome) {
        let mut found = Vec::new();
        if limit == 0 {
            return (found, incomplete());
        }
        let outcome = self.visit(&mut |solution: &[OptionId]| {
            found.push(solution.to_vec());
            if found.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (found, outcome)
    }

    /// Counts solutions, all of them or up to `limit`.
    ///
    /// When the limit is reached the search stops and the count is marked incomplete: it is a
    /// lower bound. Without colors, and unless `limit` is 2 or less, the count remembers
    /// the subproblems it has counted (see [`Dlx::count_parallel`]), so the nodes it reports
    /// can be far fewer than the solutions.
    pub fn count(&mut self, limit: Option<u128>) -> Count {
        self.count_parallel(limit, 1)
    }

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
        let mut count: u128 = 0;
        let outcome = self.visit(&mut |_: &[OptionId]| {
            count += 1;
            if Some(count) == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Count {
            count,
            complete: outcome.complete,
            stats: outcome.stats,
        }
    }
}

fn incomplete() -> Outcome {
    Outcome {
        complete: false,
        stats: Stats::default(),
    }
}

/// Every solution of a search, as an [`Iterator`]; see [`Dlx::solutions`].
pub struct Solutions<'a>(Search<'a>);

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.0.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl<'a> Search<'a> {
    /// Calls `report` every `every` nodes (at least 1) with the search's progress; returning
    /// [`ControlFlow::Break`] stops the search, which then ends as incomplete.
    pub fn on_progress(
        &mut self,
        every: u64,
        report: impl FnMut(&Progress) -> ControlFlow<()> + 'a,
    ) {
        self.checks.set_hook(self.stats.nodes, every, report);
    }

    /// Bounds the search: it stops, as incomplete, once it has visited
    /// [`Budget::max_nodes`] nodes (exactly), or soon after [`Budget::deadline`] or a stop
    /// request to [`Budget::stop`] (the clock and the request are looked at every few
    /// thousand nodes).
    pub fn bound(&mut self, budget: Budget) {
        self.checks.set_budget(self.stats.nodes, budget);
    }

    /// Stops descending at `depth` choices: [`Search::next_solution`] then also returns every
    /// path of that length that is not yet a solution (committed options first, as for
    /// solutions), and [`Search::at_frontier`] says which is which. The subtrees below those
    /// paths are what a parallel search hands out.
    pub fn split_at(&mut self, depth: usize) {
        self.frontier = depth;
    }

    /// Whether the last path returned is a frontier path (see [`Search::split_at`]) rather than
    /// a solution.
    pub fn at_frontier(&self) -> bool {
        self.at_frontier
    }

    /// True when the progress hook or the budget stopped the search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The search's progress now.
    pub fn progress(&self) -> Progress {
        progress(&self.branch, self.stats)
    }

    /// Runs the search to its end or until `visitor` (or the progress hook) stops it.
    pub fn visit<V: Visitor + ?Sized>(mut self, visitor: &mut V) -> Outcome {
        while let Some(solution) = self.next_solution() {
            if visitor.visit(solution).is_break() {
                return Outcome {
                    complete: false,
                    stats: self.stats(),
                };
            }
        }
        Outcome {
            complete: !self.stopped,
            stats: self.stats(),
        }
    }
}

/// Knuth's estimate of the share of the tree explored, from the branches taken.
pub(crate) fn progress(branch: &[[u32; 2]], stats: Stats) -> Progress {
    let mut explored = 0.0;
    let mut width = 1.0;
    for &[k, d] in branch {
        width /= f64::from(d.max(1));
        explored += f64::from(k) * width;
    }
    explored += width / 2.0;
    Progress {
        stats,
        explored: explored.min(1.0),
        depth: branch.len(),
    }
}

impl Search<'_> {
    /// Work done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Current depth of the search tree (options chosen by the search, not committed ones).
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// Runs to the next solution and returns it, or `None` when the tree is exhausted.
    ///
    /// Allocates nothing: the matrix, the stack and the solution buffer are reused.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        if self.dlx.colored() {
            self.run::<true>()
        } else {
            self.run::<false>()
        }
    }

    /// The search loop, compiled once without colors (plain exact cover pays nothing for
    /// them) and once with.
    fn run<const COLORS: bool>(&mut self) -> Option<&[OptionId]> {
        let dlx = &mut *self.dlx;
        let stats = &mut self.stats;
        let stack = &mut self.stack;
        let mut state = self.state;
        loop {
            if self.checks.due(stats.nodes) && self.checks.checkpoint(&self.branch, *stats) {
                self.stopped = true;
                self.state = State::Done;
                return None;
            }
            match state {
                State::Descend => {
                    let solved = link(&dlx.links, ROOT).right == ROOT;
                    if solved || stack.len() >= self.frontier {
                        // Every primary item is covered (a solution), or the split depth is
                        // reached: report the path.
                        self.at_frontier = !solved;
                        stats.solutions += u128::from(solved);
                        self.state = State::Backtrack;
                        self.solution.clear();
                        self.solution.extend(dlx.committed());
                        self.solution
                            .extend(stack.iter().map(|&x| OptionId(dlx.node_option[x as usize])));
                        return Some(&self.solution);
                    }
                    let i = choose_item(dlx);
                    let first = at(&dlx.nodes, i).down;
                    if first == i {
                        // An item no option can cover: dead end.
                        state = State::Backtrack;
                        continue;
                    }
                    self.branch.push([0, length(&dlx.len, i)]);
                    dlx.cover::<COLORS>(i, &mut stats.updates);
                    stats.nodes += 1;
                    dlx.commit_others::<COLORS>(first, &mut stats.updates);
                    stack.push(first);
                }
                State::Backtrack => {
                    let Some(&x) = stack.last() else {
                        self.state = State::Done;
                        return None;
                    };
                    dlx.uncommit_others::<COLORS>(x);
                    let i = at(&dlx.nodes, x).top;
                    let next = at(&dlx.nodes, x).down;
                    if next == i {
                        dlx.uncover::<COLORS>(i);
                        stack.pop();
                        self.branch.pop();
                    } else {
                        *stack.last_mut().expect("stack is not empty") = next;
                        if let Some(b) = self.branch.last_mut() {
                            b[0] += 1;
                        }
                        stats.nodes += 1;
                        dlx.commit_others::<COLORS>(next, &mut stats.updates);
                        state = State::Descend;
                    }
                }
                State::Done => return None,
            }
        }
    }
}

/// The active primary item with the fewest options (Knuth's MRV heuristic), the first such in
/// item order, with two shortcuts: the last primary item a cover emptied, when it is still
/// active and empty (a dead end, found without a scan); else the scan stops at the first item
/// with 0 or 1 options. An item with no option further on is then missed, and found a few
/// forced moves later. [`choose_dense`] and [`choose_listed`] choose the same item.
#[inline]
pub(crate) fn choose_item(dlx: &Dlx) -> u32 {
    if dlx.primary > DENSE_SCAN_MAX {
        return choose_listed(dlx);
    }
    emptied(dlx).unwrap_or_else(|| choose_dense(dlx))
}

/// The primary item emptied by the last covers, if it is still active and empty: a dead end
/// found without a scan.
#[inline]
fn emptied(dlx: &Dlx) -> Option<u32> {
    let e = dlx.emptied;
    (e != ROOT && e <= dlx.primary && length(&dlx.len, e) == 0 && dlx.is_active(e)).then_some(e)
}

/// [`choose_item`] along the list of active items only. Counts that remember subproblems
/// choose this way: on the filled 6x6 grids (144 items, few with one option) the scan over
/// every header made the count 15% slower.
#[inline]
pub(crate) fn choose_listed(dlx: &Dlx) -> u32 {
    if let Some(e) = emptied(dlx) {
        return e;
    }
    let mut best = ROOT;
    let mut best_len = u32::MAX;
    let mut p = link(&dlx.links, ROOT).right;
    while p != ROOT {
        let len = length(&dlx.len, p);
        if len < best_len {
            best = p;
            best_len = len;
            if len <= 1 {
                break;
            }
        }
        p = link(&dlx.links, p).right;
    }
    best
}

/// Problems with at most this many primary items choose by [`choose_dense`]. Measured
/// against the scan along the list (alternating runs, with AVX2): 9x9 sudoku (324 items)
/// 25-30% faster on the hardest set, 16x16 (1,024) 1.4-1.8x, 25x25 (2,500) 1.1-1.3x; without
/// AVX2, 9x9 10% faster and 16x16 the same. Larger problems were not measured, and late in
/// their search most items are covered, which the list skips: they keep the list.
const DENSE_SCAN_MAX: u32 = 4096;

/// [`choose_item`]'s scan, over the lengths of the primary items in item order instead of
/// along the list of active items: covered items have [`COVERED`] in their length, which
/// makes them never the fewest. The lengths are consecutive words (see [`Dlx::len`]), so the
/// minimum of a block of them is a few vector instructions; the scan stops after the block
/// in which an item with 0 or 1 options appears, and chooses as [`choose_listed`] does.
#[inline]
fn choose_dense(dlx: &Dlx) -> u32 {
    let lens = &dlx.len[1..=dlx.primary as usize];
    #[cfg(target_arch = "x86_64")]
    if dlx.avx2 {
        // SAFETY: the processor has AVX2 (asked when the matrix was built).
        return unsafe { scan_lengths_avx2(lens) };
    }
    scan_lengths(lens)
}

/// [`scan_lengths`] compiled for AVX2: eight lengths an instruction instead of four.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_lengths_avx2(lens: &[u32]) -> u32 {
    scan_lengths(lens)
}

/// Items per block of [`scan_lengths`]: the scan stops at the end of a block that holds an
/// item with at most one option.
const SCAN_BLOCK: usize = 64;

/// The 1-based index of the first of `lens` with the fewest options, where 0 and 1 tie (so
/// that the first item with at most one option wins, as along the list); `lens` holds at
/// least one length without [`COVERED`].
#[inline(always)]
fn scan_lengths(lens: &[u32]) -> u32 {
    let mut best = u32::MAX;
    let mut best_block = 0;
    for (c, block) in lens.chunks(SCAN_BLOCK).enumerate() {
        // No early exit inside a block, so that the minimum vectorizes.
        let least = block.iter().fold(u32::MAX, |m, &len| m.min(len.max(1)));
        if least < best {
            best = least;
            best_block = c;
            if best <= 1 {
                break;
            }
        }
    }
    debug_assert!(best < COVERED, "no active primary item");
    // The first item of the block at the fewest, eight at a time: a mask of the matches
    // among eight lengths is a comparison and a move of their signs.
    let start = best_block * SCAN_BLOCK;
    let block = &lens[start..lens.len().min(start + SCAN_BLOCK)];
    let mut groups = block.chunks_exact(8);
    for (g, group) in groups.by_ref().enumerate() {
        let mask = group.iter().enumerate().fold(0u32, |mask, (k, &len)| {
            mask | u32::from(len.max(1) == best) << k
        });
        if mask != 0 {
            return (start + g * 8 + mask.trailing_zeros() as usize + 1) as u32;
        }
    }
    let rest = block.len() - groups.remainder().len();
    let k = groups
        .remainder()
        .iter()
        .position(|&len| len.max(1) == best);
    debug_assert!(k.is_some(), "the block of the fewest holds them");
    (start + rest + k.unwrap_or(0) + 1) as u32
}

impl Drop for Search<'_> {
    /// Undoes every choice still on the stack, newest first, so the matrix is as it was.
    fn drop(&mut self) {
        let colored = self.dlx.colored();
        while let Some(x) = self.stack.pop() {
            let i = at(&self.dlx.nodes, x).top;
            if colored {
                self.dlx.uncommit_others::<true>(x);
                self.dlx.uncover::<true>(i);
            } else {
                self.dlx.uncommit_others::<false>(x);
                self.dlx.uncover::<false>(i);
            }
        }
        self.dlx.scratch_stack = std::mem::take(&mut self.stack);
        self.dlx.scratch_branch = std::mem::take(&mut self.branch);
        self.dlx.scratch_solution = std::mem::take(&mut self.solution);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{ItemId, Problem, ProblemBuilder};

    fn problem(items: usize, secondary: usize, options: &[&[u32]]) -> Problem {
        let mut b = ProblemBuilder::new();
        for _ in 0..items {
            b.primary();
        }
        for _ in 0..secondary {
            b.secondary();
        }
        for option in options {
            b.option(option.iter().map(|&i| ItemId(i))).unwrap();
        }
        b.build()
    }

    #[test]
    fn knuths_example_has_one_solution() {
        let p = problem(
            7,
            0,
            &[
                &[2, 4],
                &[0, 3, 6],
                &[1, 2, 5],
                &[0, 3, 5],
                &[1, 6],
                &[3, 4, 6],
            ],
        );
        let mut dlx = Dlx::new(&p);
        let (solutions, outcome) = dlx.collect(10);
        assert!(outcome.complete);
        let mut only = solutions[0].clone();
        only.sort();
        assert_eq!(only, [OptionId(0), OptionId(3), OptionId(4)]);
        assert_eq!(outcome.stats.solutions, 1);
        assert!(outcome.stats.nodes >= 3);
        dlx.check_links().unwrap();
        assert!(dlx == Dlx::new(&p));
    }

    #[test]
    fn limits_mark_counts_as_lower_bounds() {
        // Two independent items with two options each: 4 solutions.
        let p = problem(2, 0, &[&[0], &[0], &[1], &[1]]);
        let mut dlx = Dlx::new(&p);
        let all = dlx.count(None);
        assert_eq!((all.count, all.complete), (4, true));
        let some = dlx.count(Some(3));
        assert_eq!((some.count, some.complete), (3, false));
        let exact = dlx.count(Some(5));
        assert_eq!((exact.count, exact.complete), (4, true));
        assert!(!dlx.count(Some(0)).complete);
        let (found, outcome) = dlx.collect(2);
        assert_eq!((found.len(), outcome.complete), (2, false));
        assert!(dlx == Dlx::new(&p));
    }

    #[test]
    fn secondary_items_are_covered_at_most_once() {
        // Primary a, b; secondary s. Options: {a, s}, {b, s}, {a}, {b}.
        let p = problem(2, 1, &[&[0, 2], &[1, 2], &[0], &[1]]);
        let mut dlx = Dlx::new(&p);
        // {a,s}+{b}, {a}+{b,s}, {a}+{b}; never {a,s}+{b,s}.
        assert_eq!(dlx.count(None).count, 3);
    }

    #[test]
    fn dropping_a_search_midway_restores_the_matrix() {
        let p = problem(2, 0, &[&[0], &[0], &[1], &[1]]);
        let original = Dlx::new(&p);
        let mut dlx = original.clone();
        {
            let mut search = dlx.search();
            assert!(search.next_solution().is_some());
            assert_eq!(search.depth(), 2);
        }
        dlx.check_links().unwrap();
        assert!(dlx == original);
    }

    #[test]
    fn committed_options_lead_every_solution() {
        let p = problem(3, 0, &[&[0], &[1, 2], &[1], &[2], &[0, 1]]);
        let mut dlx = Dlx::new(&p);
        dlx.commit(OptionId(2)).unwrap();
        let (solutions, outcome) = dlx.collect(10);
        assert!(outcome.complete);
        assert_eq!(solutions, [vec![OptionId(2), OptionId(0), OptionId(3)]]);
        dlx.reset();
        assert_eq!(dlx.count(None).count, 3);
    }

    #[test]
    fn a_problem_without_primary_items_has_the_empty_solution() {
        let p = problem(0, 0, &[]);
        let mut dlx = Dlx::new(&p);
        let (solutions, outcome) = dlx.collect(5);
        assert_eq!(solutions, [Vec::<OptionId>::new()]);
        assert!(outcome.complete);
    }

    /// The first index (1-based) of the least `max(len, 1)`: what the scan must return.
    fn first_fewest(lens: &[u32]) -> u32 {
        let least = lens.iter().map(|&l| l.max(1)).min().unwrap();
        lens.iter().position(|&l| l.max(1) == least).unwrap() as u32 + 1
    }

    proptest::proptest! {
        /// Lengths of random items, some covered, across partial blocks: the scan (and its
        /// AVX2 build, where the processor has it) finds the first item with the fewest
        /// options, 0 and 1 tied.
        #[test]
        fn the_scan_finds_the_first_fewest(
            raw in proptest::collection::vec((2u32..6, proptest::bool::weighted(0.4)), 1..700),
            low in proptest::collection::vec(
                (proptest::prelude::any::<proptest::sample::Index>(), 0u32..4), 0..3),
            active in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            // Mostly lengths of 2 to 5, so that the fewest often lie past the first block and
            // tie across blocks; a few of 0 to 3 anywhere.
            let mut lens: Vec<u32> = raw
                .iter()
                .map(|&(len, covered)| if covered { len | COVERED } else { len })
                .collect();
            for (at, len) in low {
                let k = at.index(lens.len());
                lens[k] = (lens[k] & COVERED) | len;
            }
            let k = active.index(lens.len());
            lens[k] &= !COVERED;
            proptest::prop_assert_eq!(scan_lengths(&lens), first_fewest(&lens));
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2.
                let wide = unsafe { scan_lengths_avx2(&lens) };
                proptest::prop_assert_eq!(wide, first_fewest(&lens));
            }
        }

        /// On a random matrix of up to 200 items (several blocks) with random options
        /// committed (one by one or in one pass), removed, and items covered, the scan over
        /// the lengths and the walk along the list of active items choose the same item.
        #[test]
        fn the_scan_and_the_list_choose_alike(
            items in 1u32..200,
            options in proptest::collection::vec(
                proptest::collection::btree_set(0u32..200, 1..5), 1..300),
            commits in proptest::collection::vec(0usize..300, 0..10),
            one_pass in proptest::bool::ANY,
            removes in proptest::collection::vec(0usize..300, 0..10),
            covers in proptest::collection::vec(0u32..200, 0..8),
        ) {
            let options: Vec<Vec<u32>> = options
                .iter()
                .map(|o| {
                    let o: std::collections::BTreeSet<u32> = o.iter().map(|i| i % items).collect();
                    o.into_iter().collect()
                })
                .collect();
            let p = problem(
                items as usize,
                0,
                &options.iter().map(Vec::as_slice).collect::<Vec<_>>(),
            );
            let mut dlx = Dlx::new(&p);
            // Options that agree with each other, committed together.
            let mut chosen: Vec<OptionId> = Vec::new();
            let mut probe = dlx.clone();
            for c in commits {
                let option = OptionId((c % options.len()) as u32);
                if !chosen.contains(&option) && probe.commit(option).is_ok() {
                    chosen.push(option);
                }
            }
            dlx.commit_all_with(&chosen, one_pass).unwrap();
            for r in removes {
                let _ = dlx.remove(OptionId((r % options.len()) as u32));
            }
            let mut updates = 0;
            for i in covers {
                let h = i % items + 1;
                if dlx.is_active(h) && link(&dlx.links, ROOT).right != h {
                    dlx.cover::<false>(h, &mut updates);
                }
            }
            dlx.check_links().unwrap();
            if link(&dlx.links, ROOT).right != ROOT {
                // The hint of an emptied item is a shortcut both share; compare the scans.
                dlx.emptied = ROOT;
                proptest::prop_assert_eq!(choose_dense(&dlx), choose_listed(&dlx));
            }
        }
    }
}
