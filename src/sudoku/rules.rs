//! The rules of a sudoku: grid size, box shape, and the units derived from them.
//!
//! A *unit* is a set of cells whose digits must all differ (a row, a column, a box). The
//! exact-cover encoding works from the list of units only, so that other unit kinds (jigsaw
//! regions, diagonals, ...) fit in without changing it.

use std::fmt;

use thiserror::Error;

use super::grid::{symbol, Cell, Grid};

/// Largest supported grid side.
pub const MAX_SIZE: usize = 64;

/// What a unit is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitKind {
    /// A row, 0-based.
    Row(usize),
    /// A column, 0-based.
    Column(usize),
    /// A box, 0-based, numbered left to right then top to bottom.
    Box(usize),
}

impl fmt::Display for UnitKind {
    /// One-based, as a person counts: `row 1`, `column 9`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UnitKind::Row(r) => write!(f, "row {}", r + 1),
            UnitKind::Column(c) => write!(f, "column {}", c + 1),
            UnitKind::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// Cells whose digits must all differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// What the unit is.
    pub kind: UnitKind,
    /// Its cells, as row-major indices, in increasing order.
    pub cells: Vec<usize>,
}

/// Why rules could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A box shape with a zero side, or a grid larger than [`MAX_SIZE`].
    #[error("a {rows}x{cols} box makes a grid of side {}, supported are 1 to {MAX_SIZE}", rows * cols)]
    BadBox {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
    },
}

/// Why a puzzle cannot be searched under its rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Two givens with the same digit in one unit.
    #[error("{first} and {second} both hold {symbol} ({unit})")]
    Conflict {
        /// The earlier cell in row-major order.
        first: Cell,
        /// The later cell.
        second: Cell,
        /// The digit, as written.
        symbol: char,
        /// The unit they share.
        unit: UnitKind,
    },
    /// The grid is not the size the rules are for.
    #[error("the grid is {found}x{found}, the rules are for {expected}x{expected}")]
    WrongSize {
        /// Side the rules expect.
        expected: usize,
        /// Side of the grid.
        found: usize,
    },
}

/// The rules of a sudoku: an `n`x`n` grid, `n = box_rows * box_cols`, with rows, columns and
/// boxes as units.
///
/// Invariants: `1 <= size <= MAX_SIZE`; `units` holds the `size` rows, then the `size` columns,
/// then the `size` boxes; `units_of[cell]` lists the indices in `units` of every unit containing
/// `cell`, in increasing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    units: Vec<Unit>,
    units_of: Vec<Vec<usize>>,
}

impl Rules {
    /// Classic sudoku: 9x9 with 3x3 boxes.
    pub fn classic() -> Self {
        Self::with_boxes(3, 3).expect("3x3 boxes are valid")
    }

    /// A grid of side `box_rows * box_cols` cut into boxes of `box_rows` rows and `box_cols`
    /// columns (`2, 3` gives the 6x6 sudoku with boxes two rows high).
    ///
    /// # Errors
    ///
    /// [`RulesError::BadBox`] for a zero side or a grid larger than [`MAX_SIZE`].
    pub fn with_boxes(box_rows: usize, box_cols: usize) -> Result<Self, RulesError> {
        let size = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || size > MAX_SIZE {
            return Err(RulesError::BadBox {
                rows: box_rows,
                cols: box_cols,
            });
        }
        let mut units = Vec::with_capacity(3 * size);
        for r in 0..size {
            units.push(Unit {
                kind: UnitKind::Row(r),
                cells: (0..size).map(|c| r * size + c).collect(),
            });
        }
        for c in 0..size {
            units.push(Unit {
                kind: UnitKind::Column(c),
                cells: (0..size).map(|r| r * size + c).collect(),
            });
        }
        let stacks = size / box_cols;
        for b in 0..size {
            let (top, left) = ((b / stacks) * box_rows, (b % stacks) * box_cols);
            let mut cells = Vec::with_capacity(size);
            for r in top..top + box_rows {
                for c in left..left + box_cols {
                    cells.push(r * size + c);
                }
            }
            units.push(Unit {
                kind: UnitKind::Box(b),
                cells,
            });
        }
        let mut units_of = vec![Vec::new(); size * size];
        for (u, unit) in units.iter().enumerate() {
            for &cell in &unit.cells {
                units_of[cell].push(u);
            }
        }
        Ok(Rules {
            size,
            box_rows,
            box_cols,
            units,
            units_of,
        })
    }

    /// Side of the grid, which is also the number of digits.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// Rows and columns of a box.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// Every unit.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Indices into [`Rules::units`] of the units containing `cell`.
    pub fn units_of(&self, cell: usize) -> &[usize] {
        &self.units_of[cell]
    }

    /// Checks the givens of a puzzle before any search: right size, and no digit twice in a
    /// unit.
    ///
    /// # Errors
    ///
    /// The first conflict found, scanning rows, then columns, then boxes, naming both cells and
    /// the unit, e.g. `r1c3 and r1c8 both hold 5 (row 1)`.
    pub fn check_givens(&self, puzzle: &Grid) -> Result<(), PuzzleError> {
        if puzzle.size() != self.size {
            return Err(PuzzleError::WrongSize {
                expected: self.size,
                found: puzzle.size(),
            });
        }
        let mut seen = vec![usize::MAX; self.size + 1];
        for unit in &self.units {
            seen.iter_mut().for_each(|s| *s = usize::MAX);
            for &cell in &unit.cells {
                let digit = puzzle.cells()[cell] as usize;
                if digit == 0 {
                    continue;
                }
                if seen[digit] != usize::MAX {
                    return Err(PuzzleError::Conflict {
                        first: Cell::from_index(seen[digit], self.size),
                        second: Cell::from_index(cell, self.size),
                        symbol: symbol(digit as u8),
                        unit: unit.kind,
                    });
                }
                seen[digit] = cell;
            }
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self::classic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_tile_the_grid() {
        let rules = Rules::with_boxes(2, 3).unwrap();
        assert_eq!(rules.size(), 6);
        assert_eq!(rules.units().len(), 18);
        // Box 2 (the second box of the first band) starts at r1c4.
        assert_eq!(rules.units()[13].cells, [3, 4, 5, 9, 10, 11]);
        for cell in 0..36 {
            assert_eq!(rules.units_of(cell).len(), 3);
        }
        assert!(Rules::with_boxes(0, 3).is_err());
        assert!(Rules::with_boxes(9, 8).is_err());
    }

    #[test]
    fn conflicting_givens_name_both_cells_and_the_unit() {
        let rules = Rules::classic();
        let mut grid = Grid::empty(9);
        grid.set(0, 2, 5);
        grid.set(0, 7, 5);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "r1c3 and r1c8 both hold 5 (row 1)"
        );
        let mut grid = Grid::empty(9);
        grid.set(1, 1, 4);
        grid.set(2, 2, 4);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "r2c2 and r3c3 both hold 4 (box 1)"
        );
        let mut grid = Grid::empty(9);
        grid.set(3, 8, 1);
        grid.set(8, 8, 1);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "r4c9 and r9c9 both hold 1 (column 9)"
        );
        assert!(rules.check_givens(&Grid::empty(4)).is_err());
    }
}
