//! Grid blocks: `n` lines of `n` cells each (Simple Sudoku's `.ss` files among them), gathered
//! row by row into a grid. A block with a bad row is *poisoned*: its one error is reported, its
//! remaining rows are counted and dropped. A bad line starts no block: it is one error, and
//! the next line may begin a puzzle (a stray line above a grid never swallows the grid).

use crate::sudoku::grid::{Cell, Grid};

use super::cells::{ReadCell, INFERRED};
use super::error::{Fault, ParseErrorKind};

/// A grid block being read.
pub(super) struct Block {
    /// Line of its first row.
    pub(super) start: usize,
    /// Its side.
    pub(super) size: usize,
    pub(super) rows: usize,
    pub(super) cells: Vec<u8>,
    /// An error was reported for one of its rows: count the rest of its rows, then drop it.
    pub(super) poisoned: bool,
    /// Its side was read off its first row (no side was fixed).
    pub(super) inferred: bool,
}

impl Block {
    /// A block of side `size` starting at `line` that is already known to be bad: its rows
    /// are counted and dropped.
    pub(super) fn poisoned(line: usize, size: usize) -> Block {
        Block {
            start: line,
            size,
            rows: 1,
            cells: Vec::new(),
            poisoned: true,
            inferred: false,
        }
    }
}

/// The side of a block whose first row is `text`, counting its cells as one-character ones;
/// what is wrong when the count is no side read off a puzzle.
pub(super) fn first_row_side(text: &[u8]) -> Result<usize, ParseErrorKind> {
    let count = std::str::from_utf8(text).map_or(text.len(), |s| {
        s.chars().filter(|c| !matches!(c, ' ' | '\t' | '|')).count()
    });
    if INFERRED.contains(&count) {
        return Ok(count);
    }
    // A puzzle line's worth of cells, with spaces or `|` among them.
    let spaced = INFERRED.clone().find(|&n| n * n == count);
    Err(match spaced {
        Some(size) => ParseErrorKind::SpacedLine { size },
        None => ParseErrorKind::NoSide {
            found: count,
            numbers: false,
        },
    })
}

/// Adds one row of `n` cells, read at `line` from byte `offset`, to the block in progress (or
/// starts one); `inferred` when the side was guessed from this very row. Returns the fault to
/// report, or the grid the row completes with the line it started at.
pub(super) fn add_row(
    block: &mut Option<Block>,
    line: usize,
    n: usize,
    cells: &[ReadCell],
    offset: usize,
    inferred: bool,
) -> Option<Result<(usize, Grid), Fault>> {
    let row = block.as_ref().map_or(0, |b| b.rows);
    // A wrong number of cells says more than any one character does.
    let mut bad = None;
    if cells.len() != n {
        let kind = if block.is_some() {
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found: cells.len(),
                size: n,
            }
        } else if cells.len() == n * n {
            ParseErrorKind::SpacedLine { size: n }
        } else {
            ParseErrorKind::WrongCellCount {
                found: cells.len(),
                size: n,
            }
        };
        bad = Some((None, None, kind));
    }
    bad = bad.or_else(|| {
        cells.iter().enumerate().find_map(|(k, (column, cell))| {
            let mut kind = cell.as_ref().err()?.clone();
            if inferred {
                // The side was guessed from this very line: a letter beyond it is more
                // likely text than a digit.
                if let ParseErrorKind::OutOfRange { symbol, .. } = kind {
                    kind = ParseErrorKind::UnexpectedChar(symbol);
                }
            }
            let cell = (k < n && row < n).then_some(Cell { row, col: k });
            Some((Some(offset + column), cell, kind))
        })
    });
    let mut fault = None;
    match (&mut *block, bad) {
        (None, Some(bad)) => {
            // A lone bad line is its own error; the next line may begin a puzzle.
            fault = Some(bad);
        }
        (Some(open), Some(bad)) => {
            let already = open.poisoned;
            open.poisoned = true;
            open.rows += 1;
            if !already {
                fault = Some(bad);
            }
        }
        (None, None) => {
            *block = Some(Block {
                start: line,
                size: n,
                rows: 1,
                cells: cells
                    .iter()
                    .map(|(_, c)| *c.as_ref().expect("checked"))
                    .collect(),
                poisoned: false,
                inferred,
            });
        }
        (Some(open), None) => {
            open.rows += 1;
            open.cells
                .extend(cells.iter().map(|(_, c)| *c.as_ref().expect("checked")));
        }
    }
    let mut finished = None;
    if block.as_ref().is_some_and(|b| b.rows == b.size) {
        let done = block.take().expect("block exists");
        if !done.poisoned {
            let grid = Grid::from_cells(done.size, done.cells).expect("cells checked");
            finished = Some((done.start, grid));
        }
    }
    // A poisoned block never finishes with a grid: at most one of the two.
    fault.map(Err).or(finished.map(Ok))
}
