//! Random filled grids, from the exact-cover engine with its choices randomised.

use std::ops::ControlFlow;

use crate::sudoku::encode::encode;
use crate::sudoku::grid::Grid;
use crate::sudoku::pattern::pattern_grid;
use crate::sudoku::rules::Rules;
use crate::xc::{Budget, Dlx, OptionId, Restarts};

use super::rng::Rng;

/// Grids with at least this many cells (25x25 and up) are filled by the restarting search
/// ([`Dlx::first_restarting`]): random ties and digit orders, cells branched on first, and
/// restarts on Luby's schedule. Below it a shuffled matrix's first solution is as quick, and
/// keeps the puzzles of a seed what they were.
pub(super) const RESTARTS_FROM: usize = 625;

/// Nodes per cell the restarting search may visit before it gives up on a filled grid: about
/// four times what an empty 64x64 takes at the median (figures in BENCHMARKS.md).
const FILL_NODES: u64 = 500;

/// The restarting search fills with item domination on items of at most this many options:
/// on ten seeds of an empty 64x64 it cut the slowest fill from 3.9 s to 1.9 s CPU, where 2 and
/// 4 did worse than none at the median (figures in BENCHMARKS.md).
const FILL_DOMINATION: u32 = 3;

/// A random filled grid of `rules`: the first solution of a randomised exact-cover search,
/// abandoned after a budget of nodes (a search that leads into a long dead end is cheaper to
/// replace than to finish); `None` then, or when the rules have no solution at all. From
/// 25x25 on, plain rules (rows, columns, boxes) get a shuffled pattern grid
/// ([`pattern_grid`]) when the search gives up.
pub fn random_solution(rules: &Rules, rng: &mut Rng) -> Option<Grid> {
    random_solution_by(rules, rng, Budget::UNLIMITED)
}

/// [`random_solution`] within `budget`'s deadline and stop request (its node limit is the
/// function's own).
pub(super) fn random_solution_by(rules: &Rules, rng: &mut Rng, budget: Budget) -> Option<Grid> {
    let (problem, numbering) = encode(rules);
    let cells = rules.cell_count();
    if cells >= RESTARTS_FROM {
        // Cells first, then the items they force: an empty 64x64 in about a million nodes.
        let mut dlx = Dlx::try_new(&problem).ok()?;
        dlx.set_domination(Some(FILL_DOMINATION));
        let restarts = Restarts::new(rng.next_u64())
            .prefer(cells)
            .base(2 * cells as u64);
        let budget = Budget {
            max_nodes: Some(FILL_NODES * cells as u64),
            ..budget
        };
        let found = dlx.first_restarting(&restarts, budget);
        return match found.solution {
            Some(chosen) => Some(numbering.decode(&chosen)),
            // The search's tail is heavy: plain rules fall back on a shuffled pattern grid.
            None if !found.complete => pattern_grid(rules, |n| rng.below(n)),
            None => None,
        };
    }
    let mut order: Vec<OptionId> = (0..problem.option_count() as u32).map(OptionId).collect();
    rng.shuffle(&mut order);
    let mut dlx = Dlx::with_option_order(&problem, &order).ok()?;
    let nodes = 20 * cells as u64 + 1000;
    let mut search = dlx.search();
    search.bound(budget);
    search.on_progress(nodes, |_| ControlFlow::Break(()));
    let chosen = search.next_solution()?;
    Some(numbering.decode(chosen))
}
