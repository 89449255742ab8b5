//! Random filled grids, from the exact-cover engine with its options shuffled.

use std::ops::ControlFlow;

use crate::sudoku::encode::encode;
use crate::sudoku::grid::Grid;
use crate::sudoku::rules::Rules;
use crate::xc::{Dlx, OptionId};

use super::rng::Rng;

/// A random filled grid of `rules`: the first solution of the exact-cover search over the
/// matrix with its options shuffled. The search is abandoned after a budget of nodes (a
/// shuffle that leads into a long dead end is cheaper to replace than to finish); `None` then,
/// or when the rules have no solution at all.
pub fn random_solution(rules: &Rules, rng: &mut Rng) -> Option<Grid> {
    let (problem, numbering) = encode(rules);
    let mut order: Vec<OptionId> = (0..problem.option_count() as u32).map(OptionId).collect();
    rng.shuffle(&mut order);
    let mut dlx = Dlx::with_option_order(&problem, &order).ok()?;
    let budget = 20 * rules.cell_count() as u64 + 1000;
    let mut search = dlx.search();
    search.on_progress(budget, |_| ControlFlow::Break(()));
    let chosen = search.next_solution()?;
    Some(numbering.decode(chosen))
}
