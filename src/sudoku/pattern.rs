//! A filled grid without a search, for plain rules (rows, columns, boxes, nothing else): the
//! pattern grid, shuffled through the symmetries of the grid.
//!
//! With boxes of `r` rows and `c` columns (`n = r * c` digits), the digit at row `y`, column
//! `x` is `(c * (y % r) + y / r + x) % n + 1`: each row is the one above shifted by `c` within a
//! band, and each band the one above shifted by one. Every row, column and box then holds
//! every digit once. Relabelling the digits, permuting the rows within a band, the bands,
//! the columns within a stack and the stacks keeps it valid: a grid in microseconds for any
//! size, where a search for an empty 64x64's first solution is heavy-tailed.

use super::grid::Grid;
use super::rules::{Constraints, Rules};

/// The pattern grid of `rules` shuffled with `next` (a source of random numbers, called with
/// `n` for a number in `0..n`), or `None` unless the rules are plain: one grid of boxes, no
/// jigsaw regions, no constraint beyond rows, columns and boxes.
pub fn pattern_grid(rules: &Rules, mut next: impl FnMut(usize) -> usize) -> Option<Grid> {
    let spec = rules.spec();
    let geometry = rules.geometry();
    if geometry.grids().len() != 1 || geometry.regions().is_some() {
        return None;
    }
    if spec.constraints != Constraints::default() {
        return None;
    }
    let n = geometry.size();
    let (r, c) = geometry.box_shape();
    if r * c != n || geometry.rows() != n || geometry.cols() != n {
        return None;
    }
    let mut shuffle = |items: &mut [usize]| {
        for i in (1..items.len()).rev() {
            items.swap(i, next(i + 1));
        }
    };
    // Rows: bands of r rows (n / r bands), shuffled, and rows within each band.
    let rows = grouped(n, r, &mut shuffle);
    let columns = grouped(n, c, &mut shuffle);
    let mut digits: Vec<usize> = (1..=n).collect();
    shuffle(&mut digits);
    let mut grid = Grid::empty(n);
    for (y, &row) in rows.iter().enumerate() {
        for (x, &col) in columns.iter().enumerate() {
            let d = (c * (row % r) + row / r + col) % n;
            grid.set(y, x, digits[d] as u8);
        }
    }
    Some(grid)
}

/// `0..n` in groups of `size` (bands or stacks): the groups shuffled, and the members of each.
fn grouped(n: usize, size: usize, shuffle: &mut impl FnMut(&mut [usize])) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / size).collect();
    shuffle(&mut groups);
    let mut order = Vec::with_capacity(n);
    for g in groups {
        let mut members: Vec<usize> = (g * size..(g + 1) * size).collect();
        shuffle(&mut members);
        order.extend(members);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::Spec;
    use crate::sudoku::validate::validate;

    #[test]
    fn pattern_grids_are_valid_for_every_box_shape() {
        let mut state = 7u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) as usize) % n
        };
        for (size, shape) in [
            (4, None),
            (6, Some((3, 2))),
            (9, None),
            (12, None),
            (64, None),
        ] {
            let spec = Spec {
                box_shape: shape,
                ..Spec::new(size)
            };
            let rules = Rules::new(spec).unwrap();
            let grid = pattern_grid(&rules, &mut next).unwrap();
            validate(&rules, &Grid::empty(size), &grid).unwrap();
        }
    }

    #[test]
    fn rules_beyond_rows_columns_and_boxes_have_no_pattern() {
        let rules = Rules::new(Spec::new(9).with(|c| c.grid_units.diagonals = true)).unwrap();
        assert_eq!(pattern_grid(&rules, |_| 0), None);
    }
}
