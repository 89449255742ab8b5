//! Empty grids searched a whole digit at a time: a solution is a partition of the cells into
//! `n` transversals.
//!
//! A *transversal* is a set of cells that could hold one digit: one cell of every unit of `n`
//! cells, at most one of every smaller unit, never both cells of a pair that must differ. In a
//! solution the cells of each digit form a transversal, and the `n` transversals partition the
//! cells; conversely any such partition, its parts numbered 1 to `n` in any order, is a
//! solution. So when the rules only say that digits differ (units and difference pairs, as a
//! jigsaw, X, windoku or anti-knight) and no cell is given, the puzzle has a solution exactly
//! when the cells split into `n` transversals, and every split stands for `n!` solutions.
//!
//! That is a second exact cover: one item per cell, one option per transversal (the
//! transversals are themselves the solutions of a small exact cover, found with the same
//! engine: rows, columns and regions as items, cells as options). The split is searched by
//! `lookahead`: the cell on the fewest transversals first, as dancing links would, but with
//! every transversal that would leave some cell without a transversal dropped before each
//! choice. It chooses whole digits, so it sees at once what the cell-by-cell search learns
//! only deep in its tree: the layout of seed 136 in `tests/jigsaw.rs` has no solution, which
//! the cell search does not prove in 50 million nodes (with one unit's digits fixed,
//! restarting over nine units, or counting with its memory of subproblems alike). The digit
//! symmetry is gone entirely: the parts of a split are unordered.
//!
//! The solver turns to it when its restarting search over fixed units has not answered an
//! empty grid within [`CELL_SEARCH_NODES`] (see [`Solver`](super::Solver)); transversals past
//! [`MAX_TRANSVERSALS`] (16x16 and larger grids have far more) leave the cell search alone.

use std::ops::ControlFlow;

use crate::xc::{Budget, Dlx, OptionId, ProblemBuilder, Stats};

use super::grid::Grid;
use super::rules::Rules;

mod lookahead;
use lookahead::Lookahead;

/// Nodes the cell-by-cell search of an empty grid may take before the search by transversals
/// takes over (the empty jigsaw layouts of `tests/jigsaw.rs` that it answers take at most
/// about 15,000).
pub const CELL_SEARCH_NODES: u64 = 50_000;

/// Most transversals the search builds (a 9x9 jigsaw has 5,000 to 15,000).
pub const MAX_TRANSVERSALS: usize = 100_000;

/// An empty grid's cells as `n` transversals, when the rules allow the search.
#[derive(Debug, Clone)]
pub struct Transversals {
    /// The active positions, in increasing order: the items of the covering problem.
    cells: Vec<usize>,
    /// The transversals, each as indices into `cells` in increasing order.
    sets: Vec<Vec<usize>>,
    /// Work done enumerating them.
    pub stats: Stats,
}

/// What the search by transversals found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Split {
    /// A solution: a split of the cells, its parts numbered 1 to `n` by their first cell.
    Found(Grid),
    /// No split: the puzzle has no solution.
    None,
    /// The budget ran out first.
    Open,
}

impl Transversals {
    /// The transversals of `rules`, if the rules only say that digits differ (digit-blind,
    /// every pair a difference, no clones) and there are at most [`MAX_TRANSVERSALS`] of them,
    /// found within `budget`.
    pub fn of(rules: &Rules, budget: Budget) -> Option<Transversals> {
        let n = rules.size();
        let only_differences = rules.digit_blind()
            && rules.constraints().clone.regions.is_empty()
            && rules
                .pairs()
                .iter()
                .all(|pair| rules.relation(pair).is_difference());
        if !only_differences {
            return None;
        }
        let cells = rules.cells().to_vec();
        let mut index = vec![usize::MAX; rules.rows() * rules.cols()];
        for (k, &p) in cells.iter().enumerate() {
            index[p] = k;
        }
        // Units of n cells are primary (exactly one cell each), smaller ones and difference
        // pairs secondary (at most one): an option per cell.
        let mut b = ProblemBuilder::new();
        let mut items_of: Vec<Vec<_>> = vec![Vec::new(); cells.len()];
        for unit in rules.units() {
            let item = if unit.cells.len() == n {
                b.primary()
            } else {
                b.secondary()
            };
            for &p in &unit.cells {
                items_of[index[p]].push(item);
            }
        }
        for pair in rules.pairs() {
            let item = b.secondary();
            items_of[index[pair.a]].push(item);
            items_of[index[pair.b]].push(item);
        }
        for items in items_of {
            b.option(items).ok()?;
        }
        let mut dlx = Dlx::try_new(&b.build()).ok()?;
        let mut sets = Vec::new();
        let mut search = dlx.search();
        search.bound(budget);
        let outcome = search.visit(&mut |chosen: &[OptionId]| {
            let mut set: Vec<usize> = chosen.iter().map(|o| o.index()).collect();
            set.sort_unstable();
            sets.push(set);
            if sets.len() > MAX_TRANSVERSALS {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (outcome.complete && sets.len() <= MAX_TRANSVERSALS).then_some(Transversals {
            cells,
            sets,
            stats: outcome.stats,
        })
    }

    /// How many transversals there are.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether there are none (then no grid has a solution).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Splits the cells into `rules.size()` transversals within `budget`, the work done beside.
    pub fn split(&self, rules: &Rules, budget: Budget) -> (Split, Stats) {
        let mut search = Lookahead::new(&self.sets, self.cells.len(), budget);
        let split = match search.split() {
            Some(chosen) => {
                let mut parts: Vec<&Vec<usize>> = chosen.iter().map(|&t| &self.sets[t]).collect();
                parts.sort_unstable_by_key(|set| set[0]);
                let mut digits = vec![0u8; rules.rows() * rules.cols()];
                for (d, set) in parts.into_iter().enumerate() {
                    for &k in set {
                        digits[self.cells[k]] = d as u8 + 1;
                    }
                }
                Split::Found(
                    Grid::from_area(rules.rows(), rules.cols(), digits).expect("the rules' area"),
                )
            }
            None if !search.stopped => Split::None,
            None => Split::Open,
        };
        (split, search.stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::Spec;
    use crate::sudoku::validate::validate;

    fn split_of(spec: Spec) -> Split {
        let rules = Rules::new(spec).unwrap();
        let t = Transversals::of(&rules, Budget::UNLIMITED).unwrap();
        let (split, _) = t.split(&rules, Budget::UNLIMITED);
        if let Split::Found(grid) = &split {
            validate(&rules, &rules.empty_grid(), grid).unwrap();
        }
        split
    }

    #[test]
    fn a_classic_grid_has_46656_transversals_and_splits() {
        let rules = Rules::classic();
        let t = Transversals::of(&rules, Budget::UNLIMITED).unwrap();
        assert_eq!(t.len(), 46_656);
        assert!(matches!(split_of(Spec::new(9)), Split::Found(_)));
    }

    #[test]
    fn small_layouts_split_exactly_when_they_have_solutions() {
        use crate::sudoku::{Engine, Solver};
        let layouts = [
            "AABB AABB CCDD CCDD",
            "AAAB CCAB CDBB CDDD",
            "AABB AADD DCCB DBCC",
            "ADBA ABAB CCCC DDBD",
        ];
        let mut none = 0;
        for layout in layouts {
            let mut spec = Spec::new(4);
            spec.regions = Some(layout.split(' ').flat_map(str::chars).collect());
            let rules = Rules::new(spec.clone()).unwrap();
            let count = Solver::new(rules.clone())
                .with_symmetry(false)
                .count(&rules.empty_grid(), None)
                .unwrap()
                .count;
            let split = split_of(spec);
            assert_eq!(
                count == 0,
                split == Split::None,
                "{layout}: {count} solutions"
            );
            none += usize::from(count == 0);
        }
        assert!(
            none > 0 && none < layouts.len(),
            "{none} of the layouts have no solution"
        );
    }

    #[test]
    fn rules_that_name_digits_are_not_split() {
        let spec = Spec::new(4).with(|c| c.kropki.non_consecutive = true);
        let rules = Rules::new(spec).unwrap();
        assert!(Transversals::of(&rules, Budget::UNLIMITED).is_none());
    }
}
