//! The exact-cover sudoku solver: the rule set's matrix built once, givens committed per
//! puzzle.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::xc::{Budget, Dlx, OptionId, Stats, Watch};

use super::candidates::Candidates;
use super::encode::{encode, Options};
use super::engine::{Answer, Engine};
use super::grid::Grid;
use super::relabel::Relabelling;
use super::rules::{PuzzleError, Rules};

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
    options: Options,
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
        let dlx = Dlx::new(&encode(&rules));
        let options = Options::new(&rules);
        Solver {
            rules,
            options,
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
        // Positions outside every sub-grid have no option: their digits are ignored.
        givens.extend(
            puzzle
                .cells()
                .iter()
                .copied()
                .enumerate()
                .chain(extra.iter().copied())
                .filter(|&(_, digit)| digit != 0)
                .filter_map(|(position, digit)| self.options.option_of(position, digit)),
        );
        if self.dlx.commit_all(givens).is_err() {
            self.dlx.reset();
            return false;
        }
        true
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
                if let Some(option) = self.options.option_of(position, digit) {
                    // Already gone when a given rules it out: nothing to do.
                    let _ = self.dlx.remove(option);
                }
            }
        }
    }

    /// Counts one solution of each class of `relabelling` (see [`super::relabel`]), puzzle
    /// after puzzle, and multiplies. Each puzzle is counted against a watch of its own; this
    /// thread passes their progress on to `watch`, scaled, and `watch`'s stop request back,
    /// while another counts.
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
        let watches: Vec<Watch> = (0..pieces).map(|_| Watch::new()).collect();
        // The puzzle being counted; `pieces` once all are.
        let current = AtomicUsize::new(0);
        let (classes, stats, stopped) = std::thread::scope(|scope| {
            let forwarder = std::thread::current();
            let (watches, current) = (&watches, &current);
            let counter = scope.spawn(move || {
                let mut classes: u128 = 0;
                let mut stats = Stats::default();
                let mut stopped = false;
                let mut k = 0;
                relabelling.for_each_placement(|extra| {
                    if stopped || target.is_some_and(|t| classes >= t) {
                        return;
                    }
                    if watch.stop_requested() || budget.exhausted(stats.nodes) {
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
                    current.store(k, Ordering::Relaxed);
                });
                forwarder.unpark();
                (classes, stats, stopped)
            });
            let mut sent = (0u64, 0u128);
            loop {
                let done = counter.is_finished();
                let k = current.load(Ordering::Relaxed).min(pieces - 1);
                let (nodes, found) = watches[..=k].iter().fold((0u64, 0u128), |(n, s), w| {
                    (n + w.nodes(), s + w.solutions() as u128)
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
        });
        let total = classes.checked_mul(factor);
        let mut answer = Answer::empty();
        (answer.count, answer.complete) = match (total, limit) {
            (Some(total), Some(l)) if total >= l => (l, false),
            (Some(total), _) => (total, !stopped),
            // Past what a count can hold: a lower bound, as a count that saturates.
            (None, _) => (u128::MAX, false),
        };
        answer.stats = Stats {
            solutions: answer.count,
            ..stats
        };
        answer
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
        let options = &self.options;
        let mut search = self.dlx.search();
        search.bound(budget);
        let outcome = search.visit(&mut |chosen: &[OptionId]| {
            answer.count += 1;
            if answer.solutions.len() < keep {
                answer.solutions.push(options.decode(chosen));
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
