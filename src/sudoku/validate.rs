//! The independent validator: checks a filled grid against the rules and the givens.
//!
//! It shares nothing with the solvers: every rule is checked here from its meaning, reading
//! the description ([`Spec`](super::rules::Spec)), so a bug in the encoding cannot hide itself.
//! Every solution a test sees goes through [`validate`].

use thiserror::Error;

use super::grid::{Cell, Grid};
use super::rules::Rules;

/// How a grid fails to be a solution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Violation {
    /// The grid has the wrong shape.
    #[error("the solution is {found_rows}x{found_cols}, the puzzle {rows}x{cols}")]
    WrongSize {
        /// Rows of the puzzle.
        rows: usize,
        /// Columns of the puzzle.
        cols: usize,
        /// Rows of the solution.
        found_rows: usize,
        /// Columns of the solution.
        found_cols: usize,
    },
    /// A cell was left empty, or holds a digit the puzzle does not have.
    #[error("{cell} holds {digit}, not a digit from 1 to {size}")]
    NotADigit {
        /// The cell.
        cell: Cell,
        /// What it holds (0 for empty).
        digit: u8,
        /// Digits of the puzzle.
        size: usize,
    },
    /// A position outside every sub-grid holds a digit.
    #[error("{cell} is outside the grids but holds {digit}")]
    Outside {
        /// The position.
        cell: Cell,
        /// Its digit.
        digit: u8,
    },
    /// A given was changed.
    #[error("{cell} holds {found} but the given is {given}")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given digit.
        given: u8,
        /// The digit in the solution.
        found: u8,
    },
    /// Two cells that must differ hold the same digit.
    #[error("{first} and {second} both hold {digit} ({what})")]
    Repeated {
        /// First cell.
        first: Cell,
        /// Second cell.
        second: Cell,
        /// The digit.
        digit: u8,
        /// What they share, as `row 3`, `box 7 of grid 2`, `a knight's move`.
        what: String,
    },
    /// Orthogonal neighbours hold consecutive digits under the non-consecutive rule.
    #[error(
        "{first} holds {first_digit} and {second} holds {second_digit} (consecutive neighbours)"
    )]
    Consecutive {
        /// First cell.
        first: Cell,
        /// Its digit.
        first_digit: u8,
        /// Second cell.
        second: Cell,
        /// Its digit.
        second_digit: u8,
    },
    /// A cage whose digits do not add up to its sum.
    #[error("cage {cage} adds up to {found}, not {sum}")]
    CageSum {
        /// 1-based cage number.
        cage: usize,
        /// The required sum.
        sum: u32,
        /// The sum in the solution.
        found: u32,
    },
}

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

    // Every group of cells that must differ, named, straight from the rules' meaning.
    let mut groups: Vec<(String, Vec<Cell>)> = Vec::new();
    let (box_rows, box_cols) = rules.box_shape();
    let of_grid = |g: usize| {
        if grids.len() > 1 {
            format!(" of grid {}", g + 1)
        } else {
            String::new()
        }
    };
    for (g, &(r0, c0)) in grids.iter().enumerate() {
        let at = |r: usize, c: usize| Cell {
            row: r0 + r,
            col: c0 + c,
        };
        for r in 0..n {
            groups.push((
                format!("row {}{}", r + 1, of_grid(g)),
                (0..n).map(|c| at(r, c)).collect(),
            ));
        }
        for c in 0..n {
            groups.push((
                format!("column {}{}", c + 1, of_grid(g)),
                (0..n).map(|r| at(r, c)).collect(),
            ));
        }
        if spec.regions.is_none() {
            let mut number = 0;
            for top in (0..n).step_by(box_rows) {
                for left in (0..n).step_by(box_cols) {
                    number += 1;
                    let cells = (top..top + box_rows)
                        .flat_map(|r| (left..left + box_cols).map(move |c| (r, c)))
                        .map(|(r, c)| at(r, c))
                        .collect();
                    groups.push((format!("box {number}{}", of_grid(g)), cells));
                }
            }
        }
        if spec.diagonals {
            groups.push((
                format!("diagonal{}", of_grid(g)),
                (0..n).map(|k| at(k, k)).collect(),
            ));
            groups.push((
                format!("anti-diagonal{}", of_grid(g)),
                (0..n).map(|k| at(k, n - 1 - k)).collect(),
            ));
        }
        if spec.windoku {
            // A window is a box shifted one cell down and right from each box but the last
            // band and stack, if it still fits inside the grid.
            let mut number = 0;
            for band in 0..n / box_rows {
                for stack in 0..n / box_cols {
                    let top = band * box_rows + band + 1;
                    let left = stack * box_cols + stack + 1;
                    if top + box_rows >= n || left + box_cols >= n {
                        continue;
                    }
                    number += 1;
                    let cells = (top..top + box_rows)
                        .flat_map(|r| (left..left + box_cols).map(move |c| (r, c)))
                        .map(|(r, c)| at(r, c))
                        .collect();
                    groups.push((format!("window {number}{}", of_grid(g)), cells));
                }
            }
        }
    }
    if let Some(labels) = &spec.regions {
        let mut seen: Vec<char> = Vec::new();
        for &label in labels {
            if !seen.contains(&label) {
                seen.push(label);
                let cells = (0..n * n)
                    .filter(|&k| labels[k] == label)
                    .map(|k| Cell::from_index(k, n))
                    .collect();
                groups.push((format!("region {label}"), cells));
            }
        }
    }
    for (k, unit) in spec.units.iter().enumerate() {
        groups.push((format!("unit {}", k + 1), unit.clone()));
    }
    for (k, cage) in spec.cages.iter().enumerate() {
        groups.push((format!("cage {}", k + 1), cage.cells.clone()));
    }
    for (name, cells) in &groups {
        for (i, a) in cells.iter().enumerate() {
            for b in &cells[i + 1..] {
                let d = solution.get(a.row, a.col);
                if d == solution.get(b.row, b.col) {
                    return Err(repeated(*a, *b, d, name.clone()));
                }
            }
        }
    }

    for (k, cage) in spec.cages.iter().enumerate() {
        let found: u32 = cage
            .cells
            .iter()
            .map(|c| u32::from(solution.get(c.row, c.col)))
            .sum();
        if found != cage.sum {
            return Err(Violation::CageSum {
                cage: k + 1,
                sum: cage.sum,
                found,
            });
        }
    }

    let knight = [(1, 2), (2, 1), (1, -2), (2, -1)];
    let king = [(0, 1), (1, -1), (1, 0), (1, 1)];
    for r in 0..rows as isize {
        for c in 0..cols as isize {
            if !inside(r as usize, c as usize) {
                continue;
            }
            let a = Cell {
                row: r as usize,
                col: c as usize,
            };
            let d = solution.get(a.row, a.col);
            let other = |dr: isize, dc: isize| {
                let (r2, c2) = (r + dr, c + dc);
                (r2 >= 0 && c2 >= 0 && (r2 as usize) < rows && (c2 as usize) < cols)
                    .then_some(Cell {
                        row: r2 as usize,
                        col: c2 as usize,
                    })
                    .filter(|b| inside(b.row, b.col))
            };
            for (rule, moves, what) in [
                (spec.anti_knight, &knight, "a knight's move apart"),
                (spec.anti_king, &king, "a king's move apart"),
            ] {
                if !rule {
                    continue;
                }
                for &(dr, dc) in moves {
                    if let Some(b) = other(dr, dc) {
                        if solution.get(b.row, b.col) == d {
                            return Err(repeated(a, b, d, what.to_string()));
                        }
                    }
                }
            }
            if spec.non_consecutive {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    if let Some(b) = other(dr, dc) {
                        let e = solution.get(b.row, b.col);
                        if d.abs_diff(e) == 1 {
                            return Err(Violation::Consecutive {
                                first: a,
                                first_digit: d,
                                second: b,
                                second_digit: e,
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

fn repeated(a: Cell, b: Cell, digit: u8, what: String) -> Violation {
    Violation::Repeated {
        first: a.min(b),
        second: a.max(b),
        digit,
        what,
    }
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
            with(Spec {
                diagonals: true,
                ..Spec::new(9)
            })
            .unwrap_err()
            .to_string(),
            "r1c1 and r5c5 both hold 2 (diagonal)"
        );
        assert!(with(Spec {
            non_consecutive: true,
            ..Spec::new(9)
        })
        .is_err());
        assert!(with(Spec {
            anti_king: true,
            ..Spec::new(9)
        })
        .is_err());
    }
}
