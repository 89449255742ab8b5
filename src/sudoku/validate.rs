//! The independent validator: checks a filled grid against the rules and the givens.
//!
//! It shares nothing with the solvers: rows, columns and boxes are worked out here from the
//! size and box shape, so a bug in the encoding cannot hide itself. Every solution a test sees
//! goes through [`validate`].

use thiserror::Error;

use super::grid::{symbol, Cell, Grid};
use super::rules::Rules;

/// How a grid fails to be a solution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Violation {
    /// The grid has the wrong size.
    #[error("the solution is {found}x{found}, the puzzle {expected}x{expected}")]
    WrongSize {
        /// Side of the puzzle.
        expected: usize,
        /// Side of the solution.
        found: usize,
    },
    /// A cell was left empty.
    #[error("{cell} is empty")]
    Empty {
        /// The cell.
        cell: Cell,
    },
    /// A given was changed.
    #[error("{cell} holds {found} but the given is {given}")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given digit.
        given: char,
        /// The digit in the solution.
        found: char,
    },
    /// A digit appears twice in a row, column or box.
    #[error("{first} and {second} both hold {symbol} ({unit})")]
    Repeated {
        /// First cell.
        first: Cell,
        /// Second cell.
        second: Cell,
        /// The digit.
        symbol: char,
        /// The unit, as `row 3`, `column 2` or `box 7`.
        unit: String,
    },
}

/// Checks that `solution` is a completed grid that obeys `rules` and keeps every given of
/// `puzzle`.
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn validate(rules: &Rules, puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    let n = rules.size();
    for grid in [puzzle, solution] {
        if grid.size() != n {
            return Err(Violation::WrongSize {
                expected: n,
                found: grid.size(),
            });
        }
    }
    for r in 0..n {
        for c in 0..n {
            let (given, found) = (puzzle.get(r, c), solution.get(r, c));
            let cell = Cell { row: r, col: c };
            if found == 0 {
                return Err(Violation::Empty { cell });
            }
            if given != 0 && given != found {
                return Err(Violation::GivenChanged {
                    cell,
                    given: symbol(given),
                    found: symbol(found),
                });
            }
        }
    }
    // Each unit as a list of cells, built straight from its definition.
    let (box_rows, box_cols) = rules.box_shape();
    let mut units: Vec<(String, Vec<Cell>)> = Vec::with_capacity(3 * n);
    for r in 0..n {
        let cells = (0..n).map(|c| Cell { row: r, col: c }).collect();
        units.push((format!("row {}", r + 1), cells));
    }
    for c in 0..n {
        let cells = (0..n).map(|r| Cell { row: r, col: c }).collect();
        units.push((format!("column {}", c + 1), cells));
    }
    let mut number = 0;
    for top in (0..n).step_by(box_rows) {
        for left in (0..n).step_by(box_cols) {
            number += 1;
            let mut cells = Vec::with_capacity(n);
            for row in top..top + box_rows {
                for col in left..left + box_cols {
                    cells.push(Cell { row, col });
                }
            }
            units.push((format!("box {number}"), cells));
        }
    }
    for (name, cells) in units {
        let mut seen: Vec<Option<Cell>> = vec![None; n + 1];
        for cell in cells {
            let d = solution.get(cell.row, cell.col);
            if let Some(first) = seen[d as usize] {
                return Err(Violation::Repeated {
                    first,
                    second: cell,
                    symbol: symbol(d),
                    unit: name,
                });
            }
            seen[d as usize] = Some(cell);
        }
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
            "r5c5 is empty"
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
}
