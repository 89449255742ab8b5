//! The solver's search of a puzzle whose digits are interchangeable: the cell search with one
//! unit's digits fixed, and for an empty grid that it does not answer soon, the search by
//! transversals.

use std::ops::ControlFlow;

use crate::sudoku::engine::Answer;
use crate::sudoku::grid::Grid;
use crate::sudoku::relabel::Relabelling;
use crate::sudoku::transversal::{Split, Transversals, CELL_SEARCH_NODES};
use crate::xc::Budget;

use super::Solver;

/// An empty grid of fewer cells than this (below 16x16, where item domination is on anyway)
/// is searched with item domination on every item ([`crate::xc::Dlx::set_domination`] with
/// `n`), unless the solver already uses it: locked candidates over whole units prove the
/// jigsaw layout of `tests/jigsaw.rs` without a solution in 8,235 nodes (5 ms), against 1.4
/// million without (BENCHMARKS.md, "Empty jigsaw layouts").
const EMPTY_DOMINATION_BELOW: usize = 256;

impl Solver {
    /// [`Solver::search_restarting`], and on an empty grid that it has not answered within
    /// [`CELL_SEARCH_NODES`], the search by transversals (see [`crate::sudoku::transversal`]) where the
    /// rules allow it: it proves a layout without solutions that the cell search cannot, and
    /// finds a first solution (standing for `n!`) where the cell search is stuck. An empty
    /// grid below [`EMPTY_DOMINATION_BELOW`] cells is searched with item domination on every
    /// item; the solver's own setting is restored after. `limit` is not 0.
    pub(super) fn search_symmetric(
        &mut self,
        puzzle: &Grid,
        views: &[Relabelling],
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Answer {
        if puzzle.filled() > 0 {
            return self.search_restarting(puzzle, views, limit, keep, budget);
        }
        let saved = self.dlx.domination();
        if saved.is_none() && self.rules.cell_count() < EMPTY_DOMINATION_BELOW {
            self.dlx.set_domination(Some(self.rules.size() as u32));
        }
        let answer = self.search_empty(puzzle, views, limit, keep, budget);
        self.dlx.set_domination(saved);
        answer
    }

    /// [`Solver::search_symmetric`] of an empty grid: the cell search, then the search by
    /// transversals.
    fn search_empty(
        &mut self,
        puzzle: &Grid,
        views: &[Relabelling],
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Answer {
        let mut first = budget;
        first.max_nodes = Some(
            budget
                .max_nodes
                .map_or(CELL_SEARCH_NODES, |max| max.min(CELL_SEARCH_NODES)),
        );
        let mut answer = self.search_restarting(puzzle, views, limit, keep, first);
        let mut stats = answer.stats;
        if !answer.cut_short(limit) || budget.exhausted(stats.nodes) {
            return answer;
        }
        let factor = views[0].factor;
        if let Some(transversals) = Transversals::of(&self.rules, budget.after(stats.nodes)) {
            stats += transversals.stats;
            let (split, work) = transversals.split(&self.rules, budget.after(stats.nodes));
            stats += work;
            match split {
                Split::None => {
                    answer = Answer::empty();
                    answer.stats = stats;
                    return answer;
                }
                Split::Found(grid) if limit.is_some_and(|l| l <= factor) => {
                    // One split stands for n! solutions, as many as the limit asks for.
                    answer = Answer::empty();
                    answer.count = limit.unwrap_or(factor);
                    answer.complete = false;
                    answer.stats = stats;
                    let mut left = answer.count;
                    let _ = views[0].for_each_relabelling(&grid, |grid| {
                        if answer.solutions.len() == keep || left == 0 {
                            return ControlFlow::Break(());
                        }
                        answer.solutions.push(grid);
                        left -= 1;
                        ControlFlow::Continue(())
                    });
                    return answer;
                }
                Split::Found(_) | Split::Open => {}
            }
        }
        // The cell search again, with what is left of the budget.
        let mut rest =
            self.search_restarting(puzzle, views, limit, keep, budget.after(stats.nodes));
        rest.stats += stats;
        rest
    }
}
