//! The exact-cover sudoku solver: the rule set's matrix built once, givens committed per
//! puzzle.

use std::ops::ControlFlow;

use crate::xc::{Budget, Dlx, OptionId, Watch};

use super::candidates::Candidates;
use super::encode::{encode, Options};
use super::engine::{Answer, Engine};
use super::grid::Grid;
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
        }
    }
}

impl Solver {
    /// Commits the givens; `false` if they contradict each other through the rules.
    fn commit_givens(&mut self, puzzle: &Grid) -> bool {
        self.dlx.reset();
        let givens = &mut self.givens;
        givens.clear();
        // Positions outside every sub-grid have no option: their digits are ignored.
        givens.extend(
            puzzle
                .cells()
                .iter()
                .enumerate()
                .filter(|&(_, &digit)| digit != 0)
                .filter_map(|(position, &digit)| self.options.option_of(position, digit)),
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
