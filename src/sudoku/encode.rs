//! Sudoku as exact cover: one option per (cell, digit), one item per cell and per (unit,
//! digit).
//!
//! For classic 9x9 that is 729 options over 324 primary items: every cell holds one digit, and
//! every row, column and box holds every digit once. A unit with fewer cells than digits can
//! hold each digit at most once, so its items are secondary. Options are numbered
//! `cell * size + (digit - 1)`, which is all [`decode`] needs.

use crate::xc::{ItemId, ItemKind, OptionId, Problem, ProblemBuilder};

use super::grid::Grid;
use super::rules::Rules;

/// The exact-cover problem of a rule set, with no givens (givens are committed options, see
/// [`crate::xc::Dlx::commit`]).
///
/// Items: first one per cell (row-major), then one per unit and digit (unit by unit, digits in
/// order).
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
    let mut items = Vec::with_capacity(1 + rules.units_of(0).len());
    for cell in 0..rules.cell_count() {
        for digit in 0..n as u32 {
            items.clear();
            items.push(ItemId(cell as u32));
            items.extend(
                rules
                    .units_of(cell)
                    .iter()
                    .map(|&u| ItemId(unit_base[u] + digit)),
            );
            builder
                .option(items.iter().copied())
                .expect("sudoku options name distinct known items");
        }
    }
    builder.build()
}

/// The option that puts `digit` (1-based) in `cell` (row-major index).
pub fn option_of(size: usize, cell: usize, digit: u8) -> OptionId {
    OptionId((cell * size + digit as usize - 1) as u32)
}

/// The grid that a set of options describes: each option writes its digit into its cell.
pub fn decode(size: usize, options: &[OptionId]) -> Grid {
    let mut cells = vec![0u8; size * size];
    for &option in options {
        let k = option.index();
        cells[k / size] = (k % size + 1) as u8;
    }
    Grid::from_cells(size, cells).expect("options decode to digits within the grid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_sudoku_is_729_options_over_324_items() {
        let problem = encode(&Rules::classic());
        assert_eq!(problem.option_count(), 729);
        assert_eq!(problem.item_count(), 324);
        assert_eq!(problem.primary_count(), 324);
        // r1c2 = 3: cell 1, row 1 digit 3, column 2 digit 3, box 1 digit 3.
        let option = option_of(9, 1, 3);
        assert_eq!(
            problem.option(option),
            &[
                ItemId(1),
                ItemId(81 + 2),
                ItemId(81 + 81 + 9 + 2),
                ItemId(81 + 162 + 2)
            ]
        );
        let grid = decode(9, &[option]);
        assert_eq!(grid.get(0, 1), 3);
    }
}
