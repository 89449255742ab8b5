//! The exact-cover sudoku solver: the rule set's matrix built once, givens committed per
//! puzzle.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use crate::xc::{Budget, Dlx, OptionId, Stats, Watch};

use super::candidates::Candidates;
use super::encode::{encode, Numbering};
use super::engine::{Answer, Engine};
use super::grid::Grid;
use super::relabel::Relabelling;
use super::rules::{PuzzleError, Rules};

/// Nodes a count by classes of relabellings searches on the calling thread, passing no
/// progress on, before it starts again on another thread that does (most counts, a puzzle's,
/// end within it; a thread costs tens of microseconds).
const QUICK_NODES: u64 = 1 << 14;

/// The puzzles of a count by classes of relabellings, and how to count them.
#[derive(Clone, Copy)]
struct Pieces<'a> {
    /// The puzzle whose solutions are counted.
    puzzle: &'a Grid,
    /// Its classes: the extra givens of each puzzle to count, and the solutions in a class.
    relabelling: &'a Relabelling,
    /// Classes enough to reach the limit; `None` for all.
    target: Option<u128>,
    /// Threads to count each puzzle on.
    threads: usize,
    /// The caller's watch, whose stop request stops the count between puzzles.
    stop: &'a Watch,
}

/// Solves puzzles of one rule set with dancing links.
///
/// The matrix is built once in [`Solver::new`]. For each puzzle the options of its givens are
/// committed, which covers their items and removes every option that contradicts a given, so
/// item lengths count only candidates that are still possible; after the search they are taken
/// back.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::{Engine, Grid, Rules, Solver, Verdict};
///
/// let puzzle = Grid::from_line(
///     "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
/// )
/// .unwrap();
/// let mut solver = Solver::new(Rules::classic());
/// let (verdict, _stats) = solver.check(&puzzle).unwrap();
/// let Verdict::Unique(solution) = verdict else { panic!("not unique") };
/// assert_eq!(
///     solution.to_line(),
///     "294518736615372894783964215357691482946823157821457963468239571139745628572186349"
/// );
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    rules: Rules,
    numbering: Numbering,
    dlx: Dlx,
    /// The options of a puzzle's givens; kept to allocate nothing per puzzle.
    givens: Vec<OptionId>,
    /// Whether counts take digits that no given uses as interchangeable (see
    /// [`super::relabel`]).
    digit_symmetry: bool,
}

impl Solver {
    /// Builds the matrix of a rule set.
    pub fn new(rules: Rules) -> Solver {
        let (problem, numbering) = encode(&rules);
        let dlx = Dlx::new(&problem);
        Solver {
            rules,
            numbering,
            dlx,
            givens: Vec::new(),
            digit_symmetry: true,
        }
    }

    /// Whether counts ([`Engine::count_bounded`] and the methods built on it) use the digits
    /// that no given uses: under rules that only ask whether digits are equal, a count with
    /// `u` such digits searches one solution in `u!` and multiplies (see [`super::relabel`]).
    /// On by default; off, every solution is searched, as enumerations always do.
    pub fn with_digit_symmetry(mut self, on: bool) -> Solver {
        self.digit_symmetry = on;
        self
    }
}

impl Solver {
    /// Commits the givens; `false` if they contradict each other through the rules.
    fn commit_givens(&mut self, puzzle: &Grid) -> bool {
        self.commit_givens_and(puzzle, &[])
    }

    /// Commits the givens and `extra` ones (position, digit); `false` if they contradict each
    /// other through the rules.
    fn commit_givens_and(&mut self, puzzle: &Grid, extra: &[(usize, u8)]) -> bool {
        self.dlx.reset();
        let givens = &mut self.givens;
        givens.clear();
        for (position, digit) in puzzle
            .cells()
            .iter()
            .copied()
            .enumerate()
            .chain(extra.iter().copied())
        {
            // Positions outside every sub-grid have no option: their digits are ignored. A
            // digit a constraint rules out of its cell has none either: no solution.
            if digit == 0 || !self.rules.is_active(position) {
                continue;
            }
            match self.numbering.option_of(position, digit) {
                Some(option) => givens.push(option),
                None => return false,
            }
        }
        if self.dlx.commit_all(givens).is_err() {
            self.dlx.reset();
            return false;
        }
        true
    }

    /// Commits a puzzle's givens and removes the options its `candidates` exclude, for a
    /// search run outside this file (see [`super::true_candidates`]), and lends the matrix and
    /// its numbering; `None` when the givens contradict each other (no solution). The caller
    /// calls [`Dlx::reset`] when done.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules.
    pub(super) fn prepared(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&Candidates>,
    ) -> Result<Option<(&mut Dlx, &Numbering)>, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        if !self.commit_givens(puzzle) {
            return Ok(None);
        }
        if let Some(candidates) = candidates {
            self.remove_excluded(candidates);
        }
        Ok(Some((&mut self.dlx, &self.numbering)))
    }

    /// Removes the options of every digit that is not a candidate of its cell (after the
    /// givens are committed; [`Dlx::reset`] puts them back).
    fn remove_excluded(&mut self, candidates: &Candidates) {
        let full = Candidates::full(candidates.size());
        for (position, &mask) in candidates.masks().iter().enumerate() {
            if mask == full || mask.count_ones() == 1 {
                continue;
            }
            for digit in 1..=candidates.size() as u8 {
                if mask >> (digit - 1) & 1 == 1 {
                    continue;
                }
                if let Some(option) = self.numbering.option_of(position, digit) {
                    // Already gone when a given rules it out: nothing to do.
                    let _ = self.dlx.remove(option);
                }
            }
        }
    }

    /// Counts one solution of each class of `relabelling` (see [`super::relabel`]), puzzle
    /// after puzzle, and multiplies.
    ///
    /// A first pass runs here, on one thread, for up to [`QUICK_NODES`] nodes: most counts
    /// end within it. A count that goes on starts again with each puzzle counted against a
    /// watch of its own by another thread, while this one passes their progress on to
    /// `watch`, scaled to solutions, and `watch`'s stop request back.
    fn count_classes(
        &mut self,
        puzzle: &Grid,
        relabelling: &Relabelling,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Answer {
        let factor = relabelling.factor;
        // Classes enough to reach the limit.
        let target = limit.map(|l| l.div_ceil(factor));
        let pieces = usize::try_from(relabelling.placements()).unwrap_or(usize::MAX);
        let scratch: Vec<Watch> = (0..pieces).map(|_| Watch::new()).collect();
        let quick = Budget {
            max_nodes: Some(budget.max_nodes.map_or(QUICK_NODES, |m| m.min(QUICK_NODES))),
            ..budget
        };
        let job = Pieces {
            puzzle,
            relabelling,
            target,
            threads: 1,
            stop: watch,
        };
        let first = self.count_pieces(&job, &scratch, None, quick);
        let (classes, stats, stopped) =
            if first.2 && !watch.stop_requested() && !budget.exhausted(first.1.nodes) {
                // Stopped only by the first pass's own limit: count again, passing progress on.
                watch.add(first.1.nodes, 0);
                let job = Pieces { threads, ..job };
                let (classes, mut stats, stopped) =
                    self.count_forwarded(&job, watch, budget.after(first.1.nodes));
                stats.nodes += first.1.nodes;
                stats.updates += first.1.updates;
                (classes, stats, stopped)
            } else {
                watch.add(first.1.nodes, first.0.saturating_mul(factor));
                first
            };
        let total = classes.checked_mul(factor);
        let mut answer = Answer::empty();
        (answer.count, answer.complete) = match (total, limit) {
            (Some(total), Some(l)) if total >= l => (l, false),
            (Some(total), _) => (total, !stopped),
            // Past what a count can hold: a lower bound, as a count that saturates.
            (None, Some(l)) => (l, false),
            (None, None) => (u128::MAX, false),
        };
        answer.stats = Stats {
            solutions: answer.count,
            ..stats
        };
        if answer.complete {
            watch.raise_explored(1.0);
        }
        answer
    }

    /// Counts the puzzles of a relabelling in turn (the `k`th against `watches[k]`) within
    /// `budget`; `current`, if given, follows the puzzle being counted. Returns the classes
    /// counted, the work done, and whether a watch or the budget stopped the count.
    fn count_pieces(
        &mut self,
        job: &Pieces<'_>,
        watches: &[Watch],
        current: Option<&AtomicUsize>,
        budget: Budget,
    ) -> (u128, Stats, bool) {
        let Pieces {
            puzzle,
            relabelling,
            target,
            threads,
            stop,
        } = *job;
        let mut classes: u128 = 0;
        let mut stats = Stats::default();
        let mut stopped = false;
        let mut k = 0;
        relabelling.for_each_placement(|extra| {
            if stopped || target.is_some_and(|t| classes >= t) {
                return;
            }
            if stop.stop_requested() || watches[k].stop_requested() || budget.exhausted(stats.nodes)
            {
                stopped = true;
                return;
            }
            if self.commit_givens_and(puzzle, extra) {
                let remaining = target.map(|t| t - classes);
                let left = budget.after(stats.nodes);
                let count = self
                    .dlx
                    .count_bounded(remaining, threads, &watches[k], left);
                self.dlx.reset();
                classes = classes.saturating_add(count.count);
                stats += count.stats;
                if !count.complete && remaining.is_none_or(|r| count.count < r) {
                    // Stopped by the watch or the budget, not by the limit.
                    stopped = true;
                }
            }
            k += 1;
            if let Some(current) = current {
                current.store(k, Ordering::Relaxed);
            }
        });
        (classes, stats, stopped)
    }

    /// [`Solver::count_pieces`] on another thread, each puzzle against a watch of its own,
    /// while this thread passes their progress on to `watch` (solutions scaled by the
    /// relabelling's factor) and `watch`'s stop request back to them.
    fn count_forwarded(
        &mut self,
        job: &Pieces<'_>,
        watch: &Watch,
        budget: Budget,
    ) -> (u128, Stats, bool) {
        let factor = job.relabelling.factor;
        let pieces = usize::try_from(job.relabelling.placements()).unwrap_or(usize::MAX);
        let watches: Vec<Watch> = (0..pieces).map(|_| Watch::new()).collect();
        // The puzzle being counted; `pieces` once all are.
        let current = AtomicUsize::new(0);
        let finished = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let forwarder = std::thread::current();
            let (watches, current, finished) = (&watches, &current, &finished);
            let counter = scope.spawn(move || {
                let counted = self.count_pieces(job, watches, Some(current), budget);
                finished.store(true, Ordering::Release);
                forwarder.unpark();
                counted
            });
            let mut sent = (0u64, 0u128);
            loop {
                // Read before the totals, so that the last pass sees all of them.
                let done = finished.load(Ordering::Acquire) || counter.is_finished();
                let k = current.load(Ordering::Relaxed).min(pieces - 1);
                let (nodes, found) = watches[..=k].iter().fold((0u64, 0u128), |(n, s), w| {
                    (n + w.nodes(), s + u128::from(w.solutions()))
                });
                watch.add(
                    nodes.saturating_sub(sent.0),
                    found.saturating_sub(sent.1).saturating_mul(factor),
                );
                sent = (sent.0.max(nodes), sent.1.max(found));
                watch.raise_explored((k as f64 + watches[k].explored()) / pieces as f64);
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

    fn search(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&Candidates>,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        let mut answer = Answer::empty();
        if limit == Some(0) {
            answer.complete = false;
            return Ok(answer);
        }
        if !self.commit_givens(puzzle) {
            // Givens that contradict each other through the rules: no solution.
            return Ok(answer);
        }
        if let Some(candidates) = candidates {
            self.remove_excluded(candidates);
        }
        let numbering = &self.numbering;
        let mut search = self.dlx.search();
        search.bound(budget);
        let outcome = search.visit(&mut |chosen: &[OptionId]| {
            answer.count += 1;
            if answer.solutions.len() < keep {
                answer.solutions.push(numbering.decode(chosen));
            }
            if Some(answer.count) == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        self.dlx.reset();
        answer.complete = outcome.complete;
        answer.stats = outcome.stats;
        Ok(answer)
    }
}

impl Engine for Solver {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Through [`Engine::count_bounded`], on this thread: with the memory of subproblems
    /// and the classes of relabellings that enumerations do without.
    fn count(&mut self, puzzle: &Grid, limit: Option<u128>) -> Result<Answer, PuzzleError> {
        self.count_bounded(puzzle, limit, 1, &Watch::new(), Budget::UNLIMITED)
    }

    fn count_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        if self.digit_symmetry {
            if let Some(relabelling) = Relabelling::of(&self.rules, puzzle) {
                return Ok(self.count_classes(puzzle, &relabelling, limit, threads, watch, budget));
            }
        }
        let mut answer = Answer::empty();
        if self.commit_givens(puzzle) {
            let count = self.dlx.count_bounded(limit, threads, watch, budget);
            self.dlx.reset();
            answer.count = count.count;
            answer.complete = count.complete;
            answer.stats = count.stats;
        }
        Ok(answer)
    }

    fn enumerate_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.search(puzzle, None, limit, keep, budget)
    }

    fn enumerate_candidates_bounded(
        &mut self,
        candidates: &Candidates,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.search(&candidates.givens(), Some(candidates), limit, keep, budget)
    }
}
