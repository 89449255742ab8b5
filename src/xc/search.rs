//! Algorithm X: the one search loop over a dancing-links matrix.
//!
//! [`Search`] walks the tree with an explicit stack (no recursion). The plain search stops at
//! every solution and hands it over: a lending iterator, on which the first solution, all of
//! them through a [`Visitor`], and a count by visiting are built. The loop is generic over a
//! [`Hook`], called at the points where a count that remembers subproblems (`memo`) acts: it
//! looks subtrees up, remembers them, and counts without stopping. The plain search's hook,
//! [`Plain`], does nothing and compiles away, so the hot loop is written once.

use std::ops::ControlFlow;

use super::budget::Budget;
use super::checks::Checks;
use super::choose::{choose_item, Conflicts};
use super::matrix::{at, length, link, Matrix, ROOT};
use super::problem::OptionId;
use super::reduce::domination::Domination;
use super::stats::{progress, Outcome, Progress, Stats, Visitor};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Entering a new level: test for a solution, else choose an item and try its first option.
    Descend,
    /// Undo the current option and try the next one, or go up a level. A search with sums
    /// branches two ways instead (choose the option, or remove it): the option whose subtree
    /// is exhausted leaves the node (`Domination::exclude`, undone when the node is left) and
    /// the node chooses its item again, so that another item may come first, as the
    /// Interactive Sudoku Solver does after a value fails. On `mathemagic_killers_01` this
    /// took the tree from 1,320,875 to 332,455 nodes (BENCHMARKS.md).
    Backtrack,
    /// The tree is exhausted.
    Done,
}

/// A search in progress over a [`Dlx`](crate::xc::Dlx): a lending iterator over solutions.
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
    /// The matrix searched, with the options on `stack` chosen in it (their items covered,
    /// in order); as it was before the search once the stack is empty.
    matrix: &'a mut Matrix,
    /// Where the vectors below go back when the search ends, for the next search to reuse.
    home: &'a mut SearchScratch,
    /// `stack[l]` is the option node chosen at level `l` (Knuth's `x_l`).
    stack: Vec<u32>,
    /// `branch[l] = [k, d]`: the option tried at level `l` is the `k`-th (0-based) of the `d`
    /// its item had when chosen; for the progress estimate.
    branch: Vec<[u32; 2]>,
    /// The solution handed to the caller: committed options, then `stack` decoded.
    solution: Vec<OptionId>,
    /// Where the loop resumes.
    state: State,
    /// Work done so far; `stats.solutions` counts the solutions found (with a hook that
    /// counts, those of known subtrees too).
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
    /// Locked candidates on the matrix, when on: one level entered per level of `stack`, and
    /// one more while the search is at (or has just reported) a node below the last choice.
    domination: Domination,
    /// The conflict scores that choose the item in a search with promises (sums, relations,
    /// automata; see [`Conflicts`]) or with scores asked for (`Dlx::set_conflict_scores`):
    /// not in searches that split, whose frontier paths must not depend on what was searched
    /// before them, nor in counts through a hook, which choose by [`Hook::choose`]. With
    /// relations or automata and no sums by [`Conflicts::choose_pairs_first`], else by
    /// [`Conflicts::choose`].
    conflicts: Conflicts,
}

/// What a search reuses from the last one, so that a search allocates nothing: kept beside
/// the matrix, never part of it.
#[derive(Debug, Default)]
pub(crate) struct SearchScratch {
    /// [`Search::stack`]'s memory, empty between searches.
    stack: Vec<u32>,
    /// [`Search::branch`]'s memory, empty between searches.
    branch: Vec<[u32; 2]>,
    /// [`Search::solution`]'s memory, empty between searches.
    solution: Vec<OptionId>,
    /// Whether searches reduce the matrix by item domination, with the room they need.
    pub(crate) domination: Domination,
    /// [`Search::conflicts`]' memory.
    conflicts: Conflicts,
}

impl SearchScratch {
    /// Room for searches `depth` choices deep.
    pub(crate) fn with_capacity(depth: usize) -> SearchScratch {
        SearchScratch {
            stack: Vec::with_capacity(depth),
            branch: Vec::with_capacity(depth),
            solution: Vec::with_capacity(depth),
            domination: Domination::default(),
            conflicts: Conflicts::default(),
        }
    }
}

/// What the search loop does beyond the plain search, at the points where a count that
/// remembers subproblems acts. Implementations are monomorphised into the loop: [`Plain`]
/// does nothing, and the loop compiled for it is the plain search.
pub(crate) trait Hook {
    /// True for a count: solutions are counted in the loop (and subtrees looked up with
    /// [`Hook::known`]) instead of handed to the caller one by one.
    const COUNTS: bool;

    /// The item to branch on (all ways choose the same item, so that node counts agree).
    fn choose(m: &Matrix) -> u32;

    /// The number of solutions of the subproblem just entered at `depth` (after `nodes`
    /// nodes), when known without searching it. Asked only when [`Hook::COUNTS`].
    fn known(&mut self, depth: usize, nodes: u64) -> Option<u128>;

    /// `count` solutions were found at the current level: a leaf, or a known subtree.
    fn found(&mut self, count: u128);

    /// Whether a count that has found `solutions` must stop (its limit is reached).
    fn reached(&self, solutions: u128) -> bool;

    /// A new level was entered by committing the option of node `x`, the `nodes`-th node.
    fn entered(&mut self, m: &Matrix, x: u32, nodes: u64);

    /// The option of node `x` was taken back, or committed as the next try at its level.
    fn toggled(&mut self, m: &Matrix, x: u32);

    /// A level was left, every option of its item tried: the search is back at `depth`,
    /// after `nodes` nodes.
    fn left(&mut self, depth: usize, nodes: u64);
}

/// The plain search's [`Hook`]: nothing.
pub(crate) struct Plain;

impl Hook for Plain {
    const COUNTS: bool = false;

    #[inline(always)]
    fn choose(m: &Matrix) -> u32 {
        choose_item(m)
    }

    #[inline(always)]
    fn known(&mut self, _: usize, _: u64) -> Option<u128> {
        None
    }

    #[inline(always)]
    fn found(&mut self, _: u128) {}

    #[inline(always)]
    fn reached(&self, _: u128) -> bool {
        false
    }

    #[inline(always)]
    fn entered(&mut self, _: &Matrix, _: u32, _: u64) {}

    #[inline(always)]
    fn toggled(&mut self, _: &Matrix, _: u32) {}

    #[inline(always)]
    fn left(&mut self, _: usize, _: u64) {}
}

impl<'a> Search<'a> {
    /// Starts a search over `matrix`, with the vectors kept in `home`.
    pub(crate) fn new(matrix: &'a mut Matrix, home: &'a mut SearchScratch) -> Search<'a> {
        let mut stack = std::mem::take(&mut home.stack);
        stack.clear();
        let mut branch = std::mem::take(&mut home.branch);
        branch.clear();
        let mut solution = std::mem::take(&mut home.solution);
        solution.clear();
        let domination = std::mem::take(&mut home.domination);
        debug_assert_eq!(domination.depth(), 0, "a search starts at the root");
        let mut conflicts = std::mem::take(&mut home.conflicts);
        if domination.scored() {
            conflicts.reset(matrix);
            // The sums' slots start with a prior, the slots of short sums the highest: the
            // first choices, before any dead end, go where the sums bind most; shared so that
            // dead ends soon weigh as much.
            for (item, prior) in domination.sums.priorities() {
                conflicts.seed(item, prior);
            }
            conflicts.share_priors();
        }
        Search {
            matrix,
            home,
            stack,
            branch,
            solution,
            state: State::Descend,
            stats: Stats::default(),
            checks: Checks::new(),
            stopped: false,
            frontier: usize::MAX,
            at_frontier: false,
            domination,
            conflicts,
        }
    }

    /// The matrix searched.
    pub(crate) fn matrix(&self) -> &Matrix {
        self.matrix
    }

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

impl Search<'_> {
    /// Work done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Current depth of the search tree (options chosen by the search, not committed ones).
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The options still in the matrix here, in increasing order: those of the path
    /// (committed and chosen) and those left in the lists of the active primary items. At a
    /// frontier path of depth 0 (see [`Search::split_at`]) that is what the root's reductions
    /// (item domination and the promises) left before any move, forced or chosen: the
    /// diagnostic `examples/roots.rs` prints it, to set beside another solver's root.
    pub fn options_left(&self) -> Vec<OptionId> {
        let m = &*self.matrix;
        let mut out: Vec<OptionId> = m.committed().collect();
        out.extend(
            self.stack
                .iter()
                .map(|&x| OptionId(m.node_option[x as usize])),
        );
        for i in 1..=m.primary {
            if !m.is_active(i) {
                continue;
            }
            let mut p = at(&m.nodes, i).down;
            while p != i {
                out.push(OptionId(m.node_option[p as usize]));
                p = at(&m.nodes, p).down;
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Runs to the next solution and returns it, or `None` when the tree is exhausted.
    ///
    /// Allocates nothing: the matrix, the stack and the solution buffer are reused.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        match (self.matrix.colored(), self.domination.on()) {
            (true, true) => self.run::<true, true, Plain>(&mut Plain),
            (true, false) => self.run::<true, false, Plain>(&mut Plain),
            (false, true) => self.run::<false, true, Plain>(&mut Plain),
            (false, false) => self.run::<false, false, Plain>(&mut Plain),
        }
    }

    /// Runs a count through `hook` (without colors) to its end, its limit, or until the
    /// progress hook or the budget stops it; the solutions counted are in [`Search::stats`].
    /// Always inlined, with the loop ([`Search::run_inlined`]): into the count that remembers
    /// subproblems, whose hook's state then stays in registers (called, the loop reached it
    /// through memory: 0.46 % more instructions on a 9x9 count on one thread).
    #[inline(always)]
    pub(crate) fn count_with<H: Hook>(&mut self, hook: &mut H) {
        debug_assert!(H::COUNTS, "a hook that counts");
        debug_assert!(
            !self.matrix.colored(),
            "counts through a hook have no colors"
        );
        debug_assert_eq!(
            self.frontier,
            usize::MAX,
            "counts through a hook do not split"
        );
        let found = if self.domination.on() {
            self.run_inlined::<false, true, H>(hook)
        } else {
            self.run_inlined::<false, false, H>(hook)
        };
        debug_assert!(found.is_none());
    }

    /// The search loop, compiled once without colors (plain exact cover pays nothing for
    /// them) and once with, once without item domination and once with (`DOMINATION`, which
    /// the searches' setting decides), and once per [`Hook`]: with [`Plain`] it stops at every solution
    /// (or frontier path) and returns it; with a hook that counts, it returns `None` at the
    /// end, having counted every solution into the stats. Inlined where the compiler finds it
    /// pays ([`Search::next_solution`]); [`Search::count_with`] takes [`Search::run_inlined`].
    fn run<const COLORS: bool, const DOMINATION: bool, H: Hook>(
        &mut self,
        hook: &mut H,
    ) -> Option<&[OptionId]> {
        self.run_inlined::<COLORS, DOMINATION, H>(hook)
    }

    /// The loop of [`Search::run`], always inlined into its caller.
    #[inline(always)]
    fn run_inlined<const COLORS: bool, const DOMINATION: bool, H: Hook>(
        &mut self,
        hook: &mut H,
    ) -> Option<&[OptionId]> {
        let m = &mut *self.matrix;
        let stats = &mut self.stats;
        let stack = &mut self.stack;
        let domination = &mut self.domination;
        let conflicts = &mut self.conflicts;
        let scored = DOMINATION && !H::COUNTS && self.frontier == usize::MAX && domination.scored();
        // Two-way items first where relations or automata are the only promises; score per
        // option with sums, or with scores and no promise (pencil marks: BENCHMARKS.md).
        let pairs_first = domination.sums.is_empty() && domination.promised();
        // Searches with sums branch two ways (see `Backtrack`).
        let two_way = scored && !domination.sums.is_empty();
        // The node chooses again after an exclusion (see `Backtrack`): no level to enter, and
        // `tried` options of it were excluded.
        let mut rechoose = false;
        let mut tried = 0u32;
        let mut state = self.state;
        loop {
            match state {
                State::Descend => {
                    // The nodes grow only on the way to a new level: the checkpoint is looked
                    // at there, first thing.
                    if self.checks.due(stats.nodes) && self.checks.checkpoint(&self.branch, *stats)
                    {
                        self.stopped = true;
                        self.state = State::Done;
                        return None;
                    }
                    if DOMINATION
                        && !std::mem::take(&mut rechoose)
                        && !domination.enter::<COLORS>(m, stack.last().copied(), &mut stats.updates)
                    {
                        // The sums found a dead end: leave the level at once.
                        if scored {
                            conflicts.dead_end(m, stack, None);
                        }
                        state = State::Backtrack;
                        continue;
                    }
                    let solved = link(&m.links, ROOT).right == ROOT;
                    // Counts through a hook never split (see `count_with`).
                    let at_frontier = !H::COUNTS && stack.len() >= self.frontier;
                    let known = if solved || at_frontier {
                        if !H::COUNTS {
                            // Every primary item is covered (a solution), or the split depth
                            // is reached: report the path.
                            self.at_frontier = !solved;
                            stats.solutions += u128::from(solved);
                            self.state = State::Backtrack;
                            self.solution.clear();
                            self.solution.extend(m.committed());
                            self.solution
                                .extend(stack.iter().map(|&x| OptionId(m.node_option[x as usize])));
                            return Some(&self.solution);
                        }
                        Some(1)
                    } else if H::COUNTS {
                        hook.known(stack.len(), stats.nodes)
                    } else {
                        None
                    };
                    if let Some(count) = known {
                        // A count: the subtree's solutions are counted, not visited.
                        stats.solutions = stats.solutions.saturating_add(count);
                        hook.found(count);
                        if hook.reached(stats.solutions) {
                            self.state = State::Done;
                            return None;
                        }
                        state = State::Backtrack;
                        continue;
                    }
                    let i = if scored && pairs_first {
                        conflicts.choose_pairs_first(m)
                    } else if scored {
                        conflicts.choose(m)
                    } else {
                        H::choose(m)
                    };
                    let first = at(&m.nodes, i).down;
                    if first == i {
                        // An item no option can cover: dead end.
                        if scored {
                            conflicts.dead_end(m, stack, Some(i));
                        }
                        state = State::Backtrack;
                        continue;
                    }
                    let len = length(&m.len, i);
                    self.branch.push([tried, tried + len]);
                    tried = 0;
                    m.cover::<COLORS>(i, &mut stats.updates);
                    stats.nodes += 1;
                    stats.guesses += u64::from(len >= 2);
                    m.commit_others::<COLORS>(first, &mut stats.updates);
                    hook.entered(m, first, stats.nodes);
                    stack.push(first);
                }
                State::Backtrack => {
                    if DOMINATION {
                        // Every Descend entered a level; this leaves the newest.
                        domination.leave::<COLORS>(m);
                    }
                    let Some(&x) = stack.last() else {
                        self.state = State::Done;
                        return None;
                    };
                    m.uncommit_others::<COLORS>(x);
                    hook.toggled(m, x);
                    let i = at(&m.nodes, x).top;
                    let next = at(&m.nodes, x).down;
                    if next == i {
                        m.uncover::<COLORS>(i);
                        stack.pop();
                        self.branch.pop();
                        hook.left(stack.len(), stats.nodes);
                    } else if DOMINATION && two_way {
                        // Two-way: the option's subtree is exhausted, so it leaves the node,
                        // which chooses again (another item may come first now).
                        m.uncover::<COLORS>(i);
                        stack.pop();
                        let done = self.branch.pop().map_or(1, |b| b[0] + 1);
                        hook.left(stack.len(), stats.nodes);
                        if domination.exclude::<COLORS>(m, x, &mut stats.updates) {
                            rechoose = true;
                            tried = done;
                            state = State::Descend;
                        } else {
                            // Without the option the node is a dead end: charged to the
                            // item that lost it.
                            conflicts.bump(i);
                        }
                    } else {
                        *stack.last_mut().expect("stack is not empty") = next;
                        if let Some(b) = self.branch.last_mut() {
                            b[0] += 1;
                        }
                        // The item had two options or more: a guess again.
                        stats.nodes += 1;
                        stats.guesses += 1;
                        m.commit_others::<COLORS>(next, &mut stats.updates);
                        hook.toggled(m, next);
                        state = State::Descend;
                    }
                }
                State::Done => return None,
            }
        }
    }
}

/// Every solution of a search, as an [`Iterator`]; see [`Dlx::solutions`](crate::xc::Dlx::solutions).
pub struct Solutions<'a>(pub(crate) Search<'a>);

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.0.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl Drop for Search<'_> {
    /// Undoes every choice still on the stack, newest first, so the matrix is as it was, and
    /// gives the vectors back for the next search.
    fn drop(&mut self) {
        let colored = self.matrix.colored();
        loop {
            // Levels entered by the reduction number those of the stack, or one more.
            if self.domination.depth() > self.stack.len() {
                if colored {
                    self.domination.leave::<true>(self.matrix);
                } else {
                    self.domination.leave::<false>(self.matrix);
                }
                continue;
            }
            let Some(x) = self.stack.pop() else {
                break;
            };
            let i = at(&self.matrix.nodes, x).top;
            if colored {
                self.matrix.uncommit_others::<true>(x);
                self.matrix.uncover::<true>(i);
            } else {
                self.matrix.uncommit_others::<false>(x);
                self.matrix.uncover::<false>(i);
            }
        }
        self.home.domination = std::mem::take(&mut self.domination);
        self.home.conflicts = std::mem::take(&mut self.conflicts);
        self.home.stack = std::mem::take(&mut self.stack);
        self.home.branch = std::mem::take(&mut self.branch);
        self.home.solution = std::mem::take(&mut self.solution);
    }
}
