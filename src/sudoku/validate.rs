//! The independent validator: checks a filled grid against the rules and the givens.
//!
//! It shares nothing with the solvers: the shape is checked here, and every constraint
//! family checks the grid against its own meaning
//! ([`Constraint::validate`](super::rules::Constraint::validate)), without the units, pairs
//! and options the encoding is made of, so that a bug in the encoding cannot hide itself.
//! Every solution a test sees goes through [`validate`].

use super::grid::{Cell, Grid};
use super::rules::Rules;

pub use super::rules::Violation;

/// Checks that `solution` is a completed grid that obeys `rules` and keeps every given of
/// `puzzle` (givens outside every sub-grid are not looked at).
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn validate(rules: &Rules, puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    let spec = rules.spec();
    let n = spec.size;
    let grids = if spec.grids.is_empty() {
        vec![(0, 0)]
    } else {
        spec.grids.clone()
    };
    let rows = grids.iter().map(|g| g.0 + n).max().unwrap_or(n);
    let cols = grids.iter().map(|g| g.1 + n).max().unwrap_or(n);
    for grid in [puzzle, solution] {
        if (grid.rows(), grid.cols()) != (rows, cols) {
            return Err(Violation::WrongSize {
                rows,
                cols,
                found_rows: grid.rows(),
                found_cols: grid.cols(),
            });
        }
    }
    let inside = |r: usize, c: usize| {
        grids
            .iter()
            .any(|&(r0, c0)| r >= r0 && r < r0 + n && c >= c0 && c < c0 + n)
    };
    for r in 0..rows {
        for c in 0..cols {
            let cell = Cell { row: r, col: c };
            let (given, found) = (puzzle.get(r, c), solution.get(r, c));
            if !inside(r, c) {
                if found != 0 {
                    return Err(Violation::Outside { cell, digit: found });
                }
                continue;
            }
            if found == 0 || found as usize > n {
                return Err(Violation::NotADigit {
                    cell,
                    digit: found,
                    size: n,
                });
            }
            if given != 0 && given != found {
                return Err(Violation::GivenChanged { cell, given, found });
            }
        }
    }

    for family in rules.constraints().all() {
        family.validate(rules.geometry(), solution)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "294518736615372894783964215357691482946823157821457963468239571139745628572186349";

    #[test]
    fn accepts_a_solution_and_names_each_kind_of_fault() {
        let rules = Rules::classic();
        let puzzle = Grid::from_line(&format!("2{}", ".".repeat(80))).unwrap();
        let good = Grid::from_line(SOLUTION).unwrap();
        assert_eq!(validate(&rules, &puzzle, &good), Ok(()));

        let mut empty = good.clone();
        empty.set(4, 4, 0);
        assert_eq!(
            validate(&rules, &puzzle, &empty).unwrap_err().to_string(),
            "r5c5 holds 0, not a digit from 1 to 9"
        );

        // Swapping two digits of a row keeps the row right but breaks two columns.
        let mut swapped = good.clone();
        swapped.set(8, 0, 2);
        swapped.set(8, 2, 5);
        assert_eq!(
            validate(&rules, &Grid::empty(9), &swapped)
                .unwrap_err()
                .to_string(),
            "r1c1 and r9c1 both hold 2 (column 1)"
        );

        let other_given = Grid::from_line(&format!("1{}", ".".repeat(80))).unwrap();
        assert_eq!(
            validate(&rules, &other_given, &good)
                .unwrap_err()
                .to_string(),
            "r1c1 holds 2 but the given is 1"
        );

        // A grid whose rows and columns are Latin but whose boxes are not.
        let latin: Vec<u8> = (0..81).map(|k| ((k / 9 + k % 9) % 9 + 1) as u8).collect();
        let latin = Grid::from_cells(9, latin).unwrap();
        assert_eq!(
            validate(&rules, &Grid::empty(9), &latin)
                .unwrap_err()
                .to_string(),
            "r1c2 and r2c1 both hold 2 (box 1)"
        );
    }

    #[test]
    fn variant_rules_are_checked() {
        use crate::sudoku::rules::Spec;
        let good = Grid::from_line(SOLUTION).unwrap();
        let empty = Grid::empty(9);
        let with = |spec: Spec| validate(&Rules::new(spec).unwrap(), &empty, &good);
        // r1c1 = 2 and r2c3 = 5: fine; r1c2 = 9, r3c3 = 3 ...; this grid breaks the diagonal
        // (r1c1 2, r5c5 2).
        assert_eq!(
            with(Spec::new(9).with(|c| c.grid_units.diagonals = true))
                .unwrap_err()
                .to_string(),
            "r1c1 and r5c5 both hold 2 (diagonal)"
        );
        assert!(with(Spec::new(9).with(|c| c.kropki.non_consecutive = true)).is_err());
        assert!(with(Spec::new(9).with(|c| c.chess.anti_king = true)).is_err());
    }
}
