//! What can go wrong with rules, with a puzzle's givens under them, and with a grid offered as
//! a solution: one error type each, with messages that name the cells and the rule.

use thiserror::Error;

use super::limits::{MAX_AREA, MAX_ENTRIES};
use crate::sudoku::grid::{Cell, MAX_SIZE};

/// Why rules could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// No digits, or more than [`MAX_SIZE`].
    #[error("a grid of {0} digits is not supported (1 to {MAX_SIZE})")]
    Size(usize),
    /// A box shape that does not tile the grid.
    #[error("box {rows}x{cols} does not tile the {size}x{size} grid")]
    BadBox {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
        /// Side of the grid.
        size: usize,
    },
    /// The alphabet does not have one symbol per digit.
    #[error("the alphabet has {symbols} symbols for {size} digits")]
    Symbols {
        /// Symbols given.
        symbols: usize,
        /// Digits.
        size: usize,
    },
    /// Regions of the wrong number or size.
    #[error("region {label} has {cells} cells, every region needs {size}")]
    RegionSize {
        /// The region's label.
        label: char,
        /// Its cells.
        cells: usize,
        /// The size it needs.
        size: usize,
    },
    /// A region map that does not cover the grid.
    #[error("the regions give {found} labels for the {expected} cells of the grid")]
    RegionCount {
        /// Labels given.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// Regions with several sub-grids.
    #[error(
        "regions replace the boxes of a single grid; they cannot be combined with several grids"
    )]
    RegionsWithGrids,
    /// A cell outside every sub-grid.
    #[error("{what}: {cell} is outside the grid")]
    CellOutside {
        /// Which unit or cage.
        what: String,
        /// The cell.
        cell: Cell,
    },
    /// A cell listed twice in a unit or cage.
    #[error("{what}: {cell} is listed twice")]
    CellTwice {
        /// Which unit or cage.
        what: String,
        /// The cell.
        cell: Cell,
    },
    /// A unit or cage with no cells, or more than there are digits.
    #[error("{what} has {cells} cells; a unit holds 1 to {size}")]
    UnitSize {
        /// Which unit or cage.
        what: String,
        /// Its cells.
        cells: usize,
        /// Digits.
        size: usize,
    },
    /// A cage sum that no set of different digits reaches.
    #[error(
        "cage {cage}: {} cannot add up to {sum} (possible: {min} to {max})",
        if *cells == 1 { "one digit".to_string() } else { format!("{cells} different digits") }
    )]
    CageSum {
        /// 1-based cage number.
        cage: usize,
        /// Its cells.
        cells: usize,
        /// The sum asked.
        sum: u32,
        /// Smallest reachable sum.
        min: u32,
        /// Largest reachable sum.
        max: u32,
    },
    /// Two cages over the same cells (the encoding gives each cell set one unit, shared by
    /// both cages, so the second would silently contradict the first).
    #[error("cage {second} has the same cells as cage {first}")]
    SameCage {
        /// The earlier cage, 1-based.
        first: usize,
        /// The later cage, 1-based.
        second: usize,
    },
    /// Cages that allow too many digit sets to encode.
    #[error("the cages allow {sets} digit sets in all, more than the {max} supported")]
    CagesTooLarge {
        /// Digit sets.
        sets: u64,
        /// The most supported.
        max: u64,
    },
    /// Rules whose exact-cover encoding would be too large to hold.
    #[error(
        "the rules would need an exact-cover matrix of {entries} entries, more than the \
         {MAX_ENTRIES} supported (fewer or smaller grids, or fewer pair rules)"
    )]
    EncodingTooLarge {
        /// Entries the encoding would have.
        entries: u64,
    },
    /// A constraint that does not make sense, in words: `thermometer 2: r1c1 is listed twice`.
    #[error("{what}: {message}")]
    Invalid {
        /// Which constraint, as a person names it: `cage 3`, `thermometer 2`.
        what: String,
        /// What is wrong.
        message: String,
    },
    /// An area too large to hold.
    #[error("an area of {rows}x{cols} cells is more than the {MAX_AREA} supported")]
    AreaTooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
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
        symbol: String,
        /// The unit they share, as a person names it.
        unit: String,
    },
    /// Two givens that break a rule between two cells.
    #[error("{first} holds {first_symbol} and {second} holds {second_symbol} ({what})")]
    Pair {
        /// The earlier cell.
        first: Cell,
        /// Its digit.
        first_symbol: String,
        /// The later cell.
        second: Cell,
        /// Its digit.
        second_symbol: String,
        /// The rule, as a person says it: `a knight's move apart`, `neighbours`.
        what: String,
    },
    /// Givens in a cage that already overshoot its sum, or fill it with another sum.
    #[error("cage {cage} must add up to {sum}, its givens add up to {found}")]
    CageSum {
        /// 1-based cage number.
        cage: usize,
        /// The cage's sum.
        sum: u32,
        /// The givens' sum.
        found: u32,
    },
    /// Givens that break a constraint, in words: `thermometer 1: r1c1 holds 5, r1c2 holds 3`.
    #[error("{what}: {message}")]
    Broken {
        /// Which constraint, as a person names it.
        what: String,
        /// How the givens break it.
        message: String,
    },
    /// A digit beyond the rules' digits.
    #[error("{cell} holds {digit}, the puzzle has digits 1 to {size}")]
    DigitOutOfRange {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// Digits.
        size: usize,
    },
    /// A given that breaks the rules in a way no other variant describes.
    #[error("{cell}: this given breaks the rules")]
    Given {
        /// The cell.
        cell: Cell,
    },
    /// The grid is not the size the rules are for.
    #[error("the grid is {found_rows}x{found_cols}, the rules are for {rows}x{cols}")]
    WrongSize {
        /// Rows the rules expect.
        rows: usize,
        /// Columns the rules expect.
        cols: usize,
        /// Rows of the grid.
        found_rows: usize,
        /// Columns of the grid.
        found_cols: usize,
    },
}

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
    /// A constraint the grid breaks, in words: `thermometer 1: r1c2 holds 3 after 5`.
    #[error("{what}: {message}")]
    Broken {
        /// Which constraint, as a person names it.
        what: String,
        /// How the grid breaks it.
        message: String,
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

/// Why a puzzle file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FileError {
    /// Not valid TOML or JSON, or an unknown key or a value of the wrong type.
    #[error("{format}: {message}")]
    Syntax {
        /// `TOML` or `JSON`.
        format: &'static str,
        /// The parser's message, with where.
        message: String,
    },
    /// A value that does not make sense.
    #[error("{key}{}: {message}", line.map(|l| format!(", line {l}")).unwrap_or_default())]
    Value {
        /// The key (or the cage or unit, as `cage 3`).
        key: String,
        /// 1-based line, for `givens` and `regions`: the file's line when read from TOML (a
        /// multi-line string or a list of rows), else the line within the key's text.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// Rules that do not make sense.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

/// Why a family could not read the value of one of its keys ([`Family::read`]): one error
/// type for both ways a value can be wrong, which the file treats differently.
///
/// [`Family::read`]: super::Family::read
#[derive(Debug)]
pub enum ReadError<E> {
    /// A value of the wrong shape (a number where a list of cells goes): the deserializer's
    /// own error, which says where it stands; it ends the reading of the file.
    Shape(E),
    /// A value of the right shape that makes no sense (a cell named `x2y2`): the rest of
    /// the file is read, and this is the error the file gives.
    Value(FileError),
}

impl Violation {
    /// What a family's `validate` does with its instances: the first whose check says how
    /// the grid breaks it, as [`Violation::Broken`] named by `what` (from the instance's
    /// index, `thermometer 2` for the second).
    pub(crate) fn first_broken<T>(
        instances: impl IntoIterator<Item = T>,
        what: impl Fn(usize) -> String,
        mut check: impl FnMut(T) -> Result<(), String>,
    ) -> Result<(), Violation> {
        for (k, instance) in instances.into_iter().enumerate() {
            check(instance).map_err(|message| Violation::Broken {
                what: what(k),
                message,
            })?;
        }
        Ok(())
    }
}

impl<E: serde::de::Error> From<E> for ReadError<E> {
    fn from(error: E) -> Self {
        ReadError::Shape(error)
    }
}

impl<E> From<FileError> for ReadError<E> {
    fn from(error: FileError) -> Self {
        ReadError::Value(error)
    }
}

/// What [`Family::read`] returns, for a deserializer whose errors are `E`.
///
/// [`Family::read`]: super::Family::read
pub type ReadResult<E> = Result<(), ReadError<E>>;
