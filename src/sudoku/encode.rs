//! Sudoku as exact cover: one option per (cell, digit), one item per cell and per (unit,
//! digit), and secondary items for pairs and cages.
//!
//! For classic 9x9 that is 729 options over 324 primary items: every cell holds one digit, and
//! every row, column and box holds every digit once. The same encoder serves every rule set:
//! - a unit with fewer cells than digits holds each digit at most once: its items are
//!   secondary;
//! - a pair of cells that may not hold equal digits (anti-knight, anti-king) gets one secondary
//!   item per digit `d`, in the options "a holds d" and "b holds d"; neighbours that may not be
//!   consecutive get one per digit `d` in "a holds d" and "b holds d+1", and one in "a holds
//!   d+1" and "b holds d";
//! - a killer cage gets a primary item and one option per set of different digits that reaches
//!   its sum. The option for set S also takes the cage unit's item "the cage holds d" for every
//!   digit d outside S, so that no cell of the cage can take such a digit; the cells, which
//!   must differ, then use exactly the digits of S.
//!
//! Options `0..cells * size` are the cell options, numbered `cell * size + (digit - 1)` where
//! `cell` indexes [`Rules::cells`]; cage options follow. That is all [`decode`] needs.

use crate::xc::{ItemId, ItemKind, OptionId, Problem, ProblemBuilder};

use super::grid::Grid;
use super::rules::{digit_sets, PairKind, Rules};

/// The exact-cover problem of a rule set, with no givens (givens are committed options, see
/// [`crate::xc::Dlx::commit`]).
///
/// Items: one per active cell (row-major), then one per unit and digit (unit by unit, digits
/// in order), then pair items, then one per cage.
pub fn encode(rules: &Rules) -> Problem {
    let n = rules.size();
    let mut builder = ProblemBuilder::new();
    for _ in 0..rules.cell_count() {
        builder.primary();
    }
    let mut unit_base = Vec::with_capacity(rules.units().len());
    for unit in rules.units() {
        let kind = if unit.cells.len() == n {
            ItemKind::Primary
        } else {
            ItemKind::Secondary
        };
        unit_base.push(builder.item_count() as u32);
        for _ in 0..n {
            builder.item(kind);
        }
    }
    // Extra items of each cell option, from pairs.
    let mut index_of = vec![u32::MAX; rules.rows() * rules.cols()];
    for (k, &p) in rules.cells().iter().enumerate() {
        index_of[p] = k as u32;
    }
    let mut extra: Vec<Vec<ItemId>> = vec![Vec::new(); rules.cell_count() * n];
    let option = |position: usize, digit: usize| index_of[position] as usize * n + digit - 1;
    for pair in rules.pairs() {
        match pair.kind {
            PairKind::Knight | PairKind::King => {
                for d in 1..=n {
                    let item = builder.secondary();
                    extra[option(pair.a, d)].push(item);
                    extra[option(pair.b, d)].push(item);
                }
            }
            PairKind::NonConsecutive => {
                for d in 1..n {
                    let item = builder.secondary();
                    extra[option(pair.a, d)].push(item);
                    extra[option(pair.b, d + 1)].push(item);
                    let item = builder.secondary();
                    extra[option(pair.a, d + 1)].push(item);
                    extra[option(pair.b, d)].push(item);
                }
            }
        }
    }
    let cage_items: Vec<ItemId> = rules.cages().map(|_| builder.primary()).collect();

    let mut items = Vec::new();
    for (k, &p) in rules.cells().iter().enumerate() {
        for digit in 0..n {
            items.clear();
            items.push(ItemId(k as u32));
            items.extend(
                rules
                    .units_of(p)
                    .iter()
                    .map(|&u| ItemId(unit_base[u] + digit as u32)),
            );
            items.extend_from_slice(&extra[k * n + digit]);
            builder
                .option(items.iter().copied())
                .expect("sudoku options name distinct known items");
        }
    }
    for ((cage, u), &cage_item) in rules.cages().zip(&cage_items) {
        let cells = rules.units()[u].cells.len();
        for set in digit_sets(n, cells, cage.sum) {
            items.clear();
            items.push(cage_item);
            items.extend(
                (0..n)
                    .filter(|d| set >> d & 1 == 0)
                    .map(|d| ItemId(unit_base[u] + d as u32)),
            );
            builder
                .option(items.iter().copied())
                .expect("cage options name distinct known items");
        }
    }
    builder.build()
}

/// Maps grid positions to the options of the encoding.
#[derive(Debug, Clone)]
pub struct Options {
    size: usize,
    /// Index in [`Rules::cells`] of every position, `u32::MAX` outside the sub-grids.
    index_of: Vec<u32>,
    /// Position of every active cell.
    cells: Vec<usize>,
    rows: usize,
    cols: usize,
}

impl Options {
    /// The numbering of a rule set's options.
    pub fn new(rules: &Rules) -> Options {
        let mut index_of = vec![u32::MAX; rules.rows() * rules.cols()];
        for (k, &p) in rules.cells().iter().enumerate() {
            index_of[p] = k as u32;
        }
        Options {
            size: rules.size(),
            index_of,
            cells: rules.cells().to_vec(),
            rows: rules.rows(),
            cols: rules.cols(),
        }
    }

    /// The option that puts `digit` (1-based) at `position`, if the position is in a sub-grid.
    pub fn option_of(&self, position: usize, digit: u8) -> Option<OptionId> {
        let k = *self.index_of.get(position)?;
        (k != u32::MAX && digit >= 1 && digit as usize <= self.size)
            .then(|| OptionId(k * self.size as u32 + u32::from(digit) - 1))
    }

    /// The grid that a set of options describes: each cell option writes its digit; other
    /// options (cages) write nothing.
    pub fn decode(&self, options: &[OptionId]) -> Grid {
        let mut cells = vec![0u8; self.rows * self.cols];
        for &option in options {
            let k = option.index();
            if let Some(&p) = self.cells.get(k / self.size) {
                cells[p] = (k % self.size + 1) as u8;
            }
        }
        Grid::from_area(self.rows, self.cols, cells).expect("the area's shape")
    }
}

/// The grid a set of options describes, for the rules they were encoded from.
pub fn decode(rules: &Rules, options: &[OptionId]) -> Grid {
    Options::new(rules).decode(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_sudoku_is_729_options_over_324_items() {
        let rules = Rules::classic();
        let problem = encode(&rules);
        assert_eq!(problem.option_count(), 729);
        assert_eq!(problem.item_count(), 324);
        assert_eq!(problem.primary_count(), 324);
        // r1c2 = 3: cell 1, row 1 digit 3, column 2 digit 3, box 1 digit 3.
        let options = Options::new(&rules);
        let option = options.option_of(1, 3).unwrap();
        assert_eq!(
            problem.option(option),
            &[
                ItemId(1),
                ItemId(81 + 2),
                ItemId(81 + 81 + 9 + 2),
                ItemId(81 + 162 + 2)
            ]
        );
        let grid = options.decode(&[option]);
        assert_eq!(grid.get(0, 1), 3);
    }
}
