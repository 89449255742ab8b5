//! What can go wrong reading puzzles, and where: every error names its line, and the column
//! and cell when there is one.

use std::fmt;
use std::io;

use thiserror::Error;

use crate::sudoku::grid::{Cell, MAX_SIZE};
use crate::sudoku::symbols::SymbolsError;

/// What is wrong with a piece of input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a digit, a blank nor a separator.
    UnexpectedChar(char),
    /// A token that is not a symbol of the alphabet.
    UnexpectedToken(String),
    /// A byte that is not valid text.
    InvalidByte(u8),
    /// A digit larger than the grid allows.
    OutOfRange {
        /// The symbol as written.
        symbol: char,
        /// Side of the grid.
        size: usize,
    },
    /// A line that is neither a puzzle line nor a grid row.
    WrongCellCount {
        /// Cells found.
        found: usize,
        /// Side of the grid.
        size: usize,
    },
    /// A puzzle line's worth of cells, but with spaces or `|` among them.
    SpacedLine {
        /// Side of the grid.
        size: usize,
    },
    /// A row of a grid block with the wrong number of cells.
    WrongRowLength {
        /// 1-based row within the block.
        row: usize,
        /// Cells found.
        found: usize,
        /// Side of the grid.
        size: usize,
    },
    /// A line whose count of cells (or numbers) is no side's, when the side is read off the
    /// puzzle: the message names the sides that are.
    NoSide {
        /// Cells (or numbers) found.
        found: usize,
        /// Whether they were whitespace-separated numbers.
        numbers: bool,
    },
    /// The second row of a grid block whose side was read off its first row has another
    /// length: the first row is the likelier culprit.
    FirstRowLength {
        /// Cells of the first row (the side read off it).
        first: usize,
        /// Cells of the second row.
        second: usize,
    },
    /// `size` lines of `size` numbers each: a grid larger than any supported.
    GridTooLarge {
        /// Its side.
        size: usize,
    },
    /// A grid block that ended before all its rows.
    IncompleteGrid {
        /// Rows found.
        rows: usize,
        /// Side of the grid.
        size: usize,
    },
    /// A number larger than the grid's digits.
    NumberTooLarge {
        /// The number, as written.
        number: String,
        /// Side of the grid.
        size: usize,
    },
    /// The alphabet cannot write a grid of this side.
    Alphabet(SymbolsError),
    /// A line that should be a pencilmark line and is not `n^3` characters long.
    NotPencilmark {
        /// Characters found (before any comment).
        found: usize,
        /// The side asked for, if any.
        size: Option<usize>,
    },
    /// A character of a pencilmark cell that is neither its digit nor a blank.
    PencilmarkChar {
        /// The character.
        found: char,
        /// Its place in the cell's `n`, 1-based.
        place: usize,
        /// The only digit that may stand there.
        digit: char,
    },
    /// A pencilmark cell with no candidate at all.
    NoCandidate,
    /// A title line (a line of words, see [`Entry::title`](super::Entry::title)) with no
    /// puzzle after it before the input ends.
    TitleWithoutPuzzle(String),
    /// A link line (an f-puzzles or SudokuPad link, or a bare payload: its start) where only
    /// puzzle cells are read; [`Reader::items`](super::Reader::items) reads links.
    Link(String),
    /// A line longer than the reader takes (`max` bytes).
    LineTooLong {
        /// The longest line supported, in bytes.
        max: usize,
    },
}

/// A syntax error, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in bytes), when the error is at one character.
    pub column: Option<usize>,
    /// The cell that character would fill, when known.
    pub cell: Option<Cell>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        if let Some(cell) = self.cell {
            write!(f, " ({cell})")?;
        }
        f.write_str(": ")?;
        match &self.kind {
            ParseErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            ParseErrorKind::UnexpectedToken(t) => write!(f, "{t:?} is not a symbol of the puzzle"),
            ParseErrorKind::InvalidByte(b) => write!(f, "invalid byte 0x{b:02x} (not text)"),
            ParseErrorKind::OutOfRange { symbol, size } => {
                write!(f, "{symbol} is not a digit of this {size}x{size} grid")
            }
            ParseErrorKind::SpacedLine { size } => write!(
                f,
                "{} cells with spaces or | among them: write a puzzle line without them, or a \
                 grid as {size} rows",
                size * size
            ),
            ParseErrorKind::WrongCellCount { found, size } => write!(
                f,
                "expected {} cells (a puzzle line) or {size} (a row of a grid), found {found}",
                size * size
            ),
            ParseErrorKind::WrongRowLength { row, found, size } => {
                write!(
                    f,
                    "row {row} of the grid has {found} cells, expected {size}"
                )
            }
            ParseErrorKind::IncompleteGrid { rows, size } => {
                let s = if *rows == 1 { "" } else { "s" };
                write!(
                    f,
                    "the grid starting here has {rows} row{s}, expected {size}"
                )?;
                // A lone row may be a whole puzzle written with spaces.
                match (4..=35).find(|k| k * k == *size) {
                    Some(k) if *rows == 1 => write!(
                        f,
                        " (or, if the line is a {k}x{k} puzzle, write it without spaces)"
                    ),
                    _ => Ok(()),
                }
            }
            ParseErrorKind::NoSide { found, numbers } => {
                if *numbers {
                    return write!(
                        f,
                        "expected n numbers (a row of a grid) or n*n (a whole puzzle on one \
                         line), for a side n from 4 to {MAX_SIZE}, found {found}"
                    );
                }
                write!(
                    f,
                    "expected n*n cells (a puzzle line, 81 for a 9x9) or n (a row of a grid), \
                     for a side n from 4 to 35, found {found}"
                )?;
                match (36..)
                    .take_while(|k| k * k <= *found)
                    .find(|k| k * k == *found)
                {
                    Some(k) if k > MAX_SIZE => {
                        write!(f, " ({k}x{k} is larger than the largest side, {MAX_SIZE})")
                    }
                    _ => write!(
                        f,
                        "; sides up to {MAX_SIZE} are written as numbers, one row per line"
                    ),
                }
            }
            ParseErrorKind::FirstRowLength { first, second } => write!(
                f,
                "row 1 of the grid has {first} cells but row 2 has {second}: the side is read \
                 off the first row (give --size if row 1 is right)"
            ),
            ParseErrorKind::GridTooLarge { size } => write!(
                f,
                "{size} rows of {size} numbers: a {size}x{size} grid is larger than the largest \
                 side, {MAX_SIZE}"
            ),
            ParseErrorKind::NumberTooLarge { number, size } => {
                write!(f, "{number} is not a digit of this {size}x{size} grid")
            }
            ParseErrorKind::Alphabet(error) => write!(f, "{error}"),
            ParseErrorKind::NotPencilmark {
                found,
                size: Some(n),
            } => write!(
                f,
                "expected a pencilmark line of {} characters ({n} per cell of a {n}x{n} grid), \
                 found {found}",
                n * n * n
            ),
            ParseErrorKind::NotPencilmark { found, size: None } => write!(
                f,
                "expected a pencilmark line of n^3 characters for an nxn grid (64 for 4x4, 729 \
                 for 9x9, 4096 for 16x16, ...), found {found}"
            ),
            ParseErrorKind::PencilmarkChar {
                found,
                place,
                digit,
            } => write!(
                f,
                "{found:?} in place {place} of a pencilmark cell, where only {digit}, `.` or \
                 `0` may stand"
            ),
            ParseErrorKind::NoCandidate => f.write_str("the cell has no candidate"),
            ParseErrorKind::TitleWithoutPuzzle(title) => write!(
                f,
                "{title:?} is neither a puzzle nor the title of one (no puzzle follows it)"
            ),
            ParseErrorKind::Link(start) => write!(
                f,
                "{start:?}... is a link, a puzzle with its rules: read it among puzzles as an \
                 item (Reader::items)"
            ),
            ParseErrorKind::LineTooLong { max } => write!(
                f,
                "the line is longer than {} bytes, the most supported",
                max
            ),
        }
    }
}

/// Why reading an input failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A puzzle could not be read; the reader goes on with the next one.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The input itself failed; the reader stops.
    #[error("read failed: {0}")]
    Io(#[from] io::Error),
}

/// A fault found in a line before the reader knows its line number: the byte column and the
/// cell, when known, and what is wrong.
pub(super) type Fault = (Option<usize>, Option<Cell>, ParseErrorKind);
