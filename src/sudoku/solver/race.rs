//! A few solutions of a puzzle that may have many: the plain search and the restarting
//! search take turns, each within a node cap that grows, until one of them answers.
//!
//! The plain search is exact: it finds the first solutions or proves there are fewer. But on a
//! puzzle with a great many solutions (an empty 9x9 with one kropki dot, a layout with a few
//! rules) its first choices can lead it into a barren subtree of millions of nodes before it
//! climbs out. The restarting search ([`Dlx::first_restarting`](crate::xc::Dlx::first_restarting))
//! does not prove anything when it fails, but it finds a solution of such puzzles in a few
//! thousand nodes, and with another seed, most often another one. Two different solutions from
//! any of the searches prove `multiple` (and `limit` different ones a count's lower bound); an answer of the plain search is final. Puzzles the
//! plain search answers within its first cap (nearly all: a hard unique 9x9 takes thousands of
//! nodes) never meet the restarting search, and the answer depends on node counts only, never
//! on time, so it is the same on every run.

use std::ops::ControlFlow;

use crate::sudoku::engine::Answer;
use crate::sudoku::grid::Grid;
use crate::xc::{Budget, OptionId, Restarts, Stats};

use super::{Solver, FIRST_SEED};

impl Solver {
    /// Nodes the plain search may take before the restarting search gets its first turn; each
    /// round multiplies it by [`Solver::RACE_GROWTH`]. A plain search that would finish in `N`
    /// nodes beyond this cap does at most about twice its work in all (the rounds cut short, and
    /// the restarting turns, each half the plain one's cap); below it, nothing changes. Proofs
    /// of hard unique puzzles run to hundreds of thousands of nodes (16x16, killers), which the
    /// cap leaves alone; the searches it is for run to tens of millions.
    pub(crate) const RACE_FROM: u64 = 2_000_000;

    /// The first cap of each search for [`true_candidates`](crate::sudoku::true_candidates): puzzles with many
    /// solutions are what true candidates are for, and their searches are many.
    pub(crate) const CANDIDATES_RACE_FROM: u64 = 200_000;

    /// How much each round's caps grow.
    pub(crate) const RACE_GROWTH: u64 = 4;

    /// The largest limit raced: beyond a few solutions, the count's memory of subproblems pays
    /// more than restarts, each of which finds one solution.
    pub(crate) const RACE_LIMIT: u128 = 100;

    /// With the givens committed, the first `limit` (1 to [`Solver::RACE_LIMIT`]) solutions,
    /// `keep` of them kept, as the plain search would answer but without its heavy tail (see
    /// the module's text). The matrix is left as it was found.
    pub(super) fn race(&mut self, limit: u128, keep: usize, budget: Budget) -> Answer {
        let mut stats = Stats::default();
        let mut found: Vec<Grid> = Vec::new();
        let mut cap = Self::RACE_FROM;
        let mut seed = FIRST_SEED;
        loop {
            let mut answer = self.plain(Some(limit), limit as usize, capped(budget, &stats, cap));
            stats += answer.stats;
            if !answer.cut_short(Some(limit)) || budget.exhausted(stats.nodes) {
                answer.solutions.truncate(keep);
                answer.stats = stats;
                return answer;
            }
            for grid in answer.solutions {
                if !found.contains(&grid) {
                    found.push(grid);
                }
            }
            // The restarting turn: runs with new seeds, until the turn's nodes are spent or
            // enough different solutions are found.
            let cells = self.rules.cell_count();
            let turn_end = stats.nodes.saturating_add(cap / 2);
            while (found.len() as u128) < limit && stats.nodes < turn_end {
                let restarts = Restarts::new(seed).prefer(cells).base(2 * cells as u64);
                seed = seed.wrapping_add(1);
                let left = turn_end - stats.nodes;
                let outcome = self
                    .dlx
                    .first_restarting(&restarts, capped(budget, &stats, left));
                stats += outcome.stats;
                match outcome.solution {
                    Some(chosen) => {
                        let grid = self.numbering.decode(&chosen);
                        if !found.contains(&grid) {
                            found.push(grid);
                        }
                    }
                    None if outcome.complete => {
                        // A run that explored the whole tree: no solution at all.
                        let mut answer = Answer::empty();
                        answer.stats = stats;
                        return answer;
                    }
                    None => break,
                }
                if budget.exhausted(stats.nodes) {
                    break;
                }
            }
            if found.len() as u128 >= limit || budget.exhausted(stats.nodes) {
                let mut answer = Answer::empty();
                answer.count = found.len() as u128;
                // Stopped at the limit, or by the budget: not the whole tree either way.
                answer.complete = false;
                found.truncate(keep);
                answer.solutions = found;
                answer.stats = stats;
                return answer;
            }
            cap = cap.saturating_mul(Self::RACE_GROWTH);
        }
    }

    /// With the givens committed, the plain search up to `limit` solutions, `keep` of them
    /// kept. The matrix is left as it was found.
    pub(super) fn plain(&mut self, limit: Option<u128>, keep: usize, budget: Budget) -> Answer {
        let mut answer = Answer::empty();
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
        answer.complete = outcome.complete;
        answer.stats = outcome.stats;
        answer
    }
}

/// `budget` less the nodes already used, and at most `cap` more.
fn capped(budget: Budget, used: &Stats, cap: u64) -> Budget {
    let mut bound = budget.after(used.nodes);
    bound.max_nodes = Some(bound.max_nodes.map_or(cap, |max| max.min(cap)));
    bound
}
