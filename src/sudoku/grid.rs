//! A square grid of digits, and how cells and digits are named.

use std::fmt;

/// The default alphabet: digit `d` (1-based) is written `ALPHABET[d - 1]`.
pub const ALPHABET: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// How digit `d` (1-based) is written; `.` for 0 (a blank) and `?` past the alphabet.
pub fn symbol(d: u8) -> char {
    match d {
        0 => '.',
        d if (d as usize) <= ALPHABET.len() => ALPHABET[d as usize - 1] as char,
        _ => '?',
    }
}

/// What a character of a puzzle means in a grid of side `size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellChar {
    /// An empty cell: `.`, `0`, `_`, `*` or `-`.
    Blank,
    /// A digit `1..=size`.
    Digit(u8),
    /// A symbol of the alphabet, but larger than `size`.
    OutOfRange(u8),
    /// Not a cell at all.
    Other,
}

/// Reads one character of a puzzle. Letters are digits only in grids larger than 9x9, and
/// are case-insensitive there.
pub fn read_cell(c: u8, size: usize) -> CellChar {
    let value = match c {
        b'.' | b'0' | b'_' | b'*' | b'-' => return CellChar::Blank,
        b'1'..=b'9' => c - b'0',
        b'A'..=b'Z' if size > 9 => c - b'A' + 10,
        b'a'..=b'z' if size > 9 => c - b'a' + 10,
        _ => return CellChar::Other,
    };
    if value as usize <= size {
        CellChar::Digit(value)
    } else {
        CellChar::OutOfRange(value)
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
    /// The cell at row-major index `index` of a grid of side `size`.
    pub fn from_index(index: usize, size: usize) -> Cell {
        Cell {
            row: index / size,
            col: index % size,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A square grid of side `size`; each cell holds 0 (empty) or a digit `1..=size`.
///
/// Invariant: `cells.len() == size * size` and every cell is at most `size`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(size: usize) -> Grid {
        Grid {
            size,
            cells: vec![0; size * size],
        }
    }

    /// A grid from its cells in row-major order (0 for empty).
    ///
    /// Returns `None` unless there are `size * size` cells, each at most `size`.
    pub fn from_cells(size: usize, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == size * size && cells.iter().all(|&d| d as usize <= size))
            .then_some(Grid { size, cells })
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
            .map(|&b| match read_cell(b, 9) {
                CellChar::Blank => Some(0),
                CellChar::Digit(d) => Some(d),
                _ => None,
            })
            .collect::<Option<Vec<u8>>>()?;
        Some(Grid { size: 9, cells })
    }

    /// Side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Cells in row-major order, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at a cell (0 for empty).
    ///
    /// # Panics
    ///
    /// If the cell is outside the grid.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(row < self.size && col < self.size, "cell outside the grid");
        self.cells[row * self.size + col]
    }

    /// Writes a digit (0 to empty the cell).
    ///
    /// # Panics
    ///
    /// If the cell is outside the grid or the digit larger than the side.
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        assert!(row < self.size && col < self.size, "cell outside the grid");
        assert!(digit as usize <= self.size, "digit larger than the grid");
        self.cells[row * self.size + col] = digit;
    }

    /// Number of non-empty cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The grid on one line, one character per cell, `.` for empty cells (grids up to the size
    /// of [`ALPHABET`]); larger grids as space-separated numbers with `0` for empty.
    pub fn to_line(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.size <= ALPHABET.len() {
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
    }

    #[test]
    fn cell_characters() {
        assert_eq!(read_cell(b'_', 9), CellChar::Blank);
        assert_eq!(read_cell(b'9', 9), CellChar::Digit(9));
        assert_eq!(read_cell(b'9', 4), CellChar::OutOfRange(9));
        assert_eq!(read_cell(b'g', 16), CellChar::Digit(16));
        assert_eq!(read_cell(b'x', 9), CellChar::Other);
        assert_eq!(read_cell(b'?', 16), CellChar::Other);
        assert_eq!(read_cell(b'H', 16), CellChar::OutOfRange(17));
        assert_eq!(symbol(16), 'G');
    }
}
