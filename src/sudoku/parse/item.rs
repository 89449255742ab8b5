//! What a line input holds: puzzles read ([`Entry`]) and link lines ([`Link`]), one
//! [`Item`] each, in input order.

use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::Grid;

/// A puzzle and where it started in its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number of the puzzle's first line.
    pub line: usize,
    /// The puzzle: its givens.
    pub grid: Grid,
    /// For a pencilmark puzzle, the candidates of every cell (the givens are those with one).
    pub candidates: Option<Candidates>,
    /// The title line written directly above the puzzle (`Grid 01`), if any.
    pub title: Option<String>,
}

/// A link line: a puzzle with its rules (an f-puzzles or SudokuPad link, or a bare payload),
/// still to be decoded by the layer that knows rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// 1-based line number.
    pub line: usize,
    /// The link or payload as written, trimmed.
    pub text: String,
    /// The title line written directly above it, if any.
    pub title: Option<String>,
}

/// What a line input holds, in input order: a puzzle read, or a link line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A puzzle line, grid block or pencilmark line, read.
    Puzzle(Entry),
    /// A link line, for the caller to decode with its rules.
    Link(Link),
}

impl Item {
    /// The line the item starts at.
    pub fn line(&self) -> usize {
        match self {
            Item::Puzzle(entry) => entry.line,
            Item::Link(link) => link.line,
        }
    }
}
