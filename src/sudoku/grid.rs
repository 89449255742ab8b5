//! A rectangular grid of digits, and how cells are named.

use std::fmt;

/// Largest supported number of digits (side of a sub-grid): a cell's candidates fit one
/// 64-bit mask.
pub const MAX_SIZE: usize = 64;

/// The default alphabet: digit `d` (1-based) is written `ALPHABET[d - 1]`.
pub const ALPHABET: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// How digit `d` is written in the default alphabet; `.` for 0 (a blank) and `?` past it.
pub fn symbol(d: u8) -> char {
    match d {
        0 => '.',
        d if (d as usize) <= ALPHABET.len() => ALPHABET[d as usize - 1] as char,
        _ => '?',
    }
}

/// A cell, by 0-based row and column; displayed as people name it, `r1c1` for the top left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
}

impl Cell {
    /// The cell at row-major index `index` of a grid `width` columns wide.
    pub fn from_index(index: usize, width: usize) -> Cell {
        Cell {
            row: index / width,
            col: index % width,
        }
    }

    /// Reads `r3c4` (1-based, any case) as row 2, column 3.
    pub fn parse(text: &str) -> Option<Cell> {
        let lower = text.to_ascii_lowercase();
        let rest = lower.strip_prefix('r')?;
        let (row, col) = rest.split_once('c')?;
        let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
        (row >= 1 && col >= 1).then(|| Cell {
            row: row - 1,
            col: col - 1,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A grid of `rows` x `cols` positions, each 0 (empty) or a digit.
///
/// A plain sudoku is square; a samurai is the whole area of its overlapping sub-grids, with
/// positions outside every sub-grid left empty. Which digits are allowed is for the
/// [`Rules`](super::Rules) to say.
///
/// Invariant: `cells.len() == rows * cols`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty square grid.
    pub fn empty(size: usize) -> Grid {
        Grid::empty_area(size, size)
    }

    /// An empty grid of `rows` x `cols`.
    pub fn empty_area(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            cells: vec![0; rows * cols],
        }
    }

    /// A square grid from its cells in row-major order (0 for empty).
    ///
    /// Returns `None` unless there are `size * size` cells, each at most `size`.
    pub fn from_cells(size: usize, cells: Vec<u8>) -> Option<Grid> {
        if cells.iter().any(|&d| d as usize > size) {
            return None;
        }
        Grid::from_area(size, size, cells)
    }

    /// A grid of `rows` x `cols` from its cells in row-major order (0 for empty).
    ///
    /// Returns `None` unless there are `rows * cols` cells.
    pub fn from_area(rows: usize, cols: usize, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == rows * cols).then_some(Grid { rows, cols, cells })
    }

    /// Reads a 9x9 puzzle from one line of 81 characters (`1`-`9`, blanks as `.`, `0`, `_`,
    /// `*` or `-`); for other formats and sizes see [`crate::sudoku::parse`].
    ///
    /// Returns `None` for anything else.
    pub fn from_line(line: &str) -> Option<Grid> {
        let bytes = line.trim().as_bytes();
        if bytes.len() != 81 {
            return None;
        }
        let cells = bytes
            .iter()
            .map(|&b| match b {
                b'1'..=b'9' => Some(b - b'0'),
                b'.' | b'0' | b'_' | b'*' | b'-' => Some(0),
                _ => None,
            })
            .collect::<Option<Vec<u8>>>()?;
        Some(Grid {
            rows: 9,
            cols: 9,
            cells,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells in row-major order, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at a position (0 for empty).
    ///
    /// # Panics
    ///
    /// If the position is outside the grid.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(row < self.rows && col < self.cols, "cell outside the grid");
        self.cells[row * self.cols + col]
    }

    /// Writes a digit (0 to empty the cell).
    ///
    /// # Panics
    ///
    /// If the position is outside the grid.
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        assert!(row < self.rows && col < self.cols, "cell outside the grid");
        self.cells[row * self.cols + col] = digit;
    }

    /// Number of non-empty cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The grid on one line in the default alphabet, one character per cell, `.` for empty
    /// cells; grids with digits beyond the alphabet as space-separated numbers, `0` for empty.
    /// [`Rules::format_line`](super::Rules::format_line) writes a puzzle's own symbols.
    pub fn to_line(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cells.iter().all(|&d| d as usize <= ALPHABET.len()) {
            for &d in &self.cells {
                write!(f, "{}", symbol(d))?;
            }
        } else {
            for (k, &d) in self.cells.iter().enumerate() {
                if k > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{d}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        let line =
            "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";
        let grid = Grid::from_line(line).unwrap();
        assert_eq!(grid.get(0, 0), 2);
        assert_eq!(grid.get(8, 8), 9);
        assert_eq!(grid.to_line(), line);
        assert_eq!(grid.filled(), 24);
        assert!(Grid::from_line(&line[1..]).is_none());
        assert_eq!(Cell::from_index(80, 9).to_string(), "r9c9");
        assert_eq!(Cell::parse("R12c3"), Some(Cell { row: 11, col: 2 }));
        assert_eq!(Cell::parse("r0c3"), None);
        assert_eq!(Cell::parse("r1x3"), None);
    }
}
