//! Reading puzzles as people write them: one per line, as grid blocks, as pencilmarks.
//!
//! These forms mix freely in one input:
//! - a *puzzle line*: `n * n` cells on one line (81 for 9x9), optionally followed by
//!   whitespace, `,` or `;` and a comment;
//! - a *grid block*: `n` lines of `n` cells each, where spaces, tabs and `|` are ignored and
//!   lines made of `-`, `+`, `=` (with spaces and `|`, or framed by `*` as Simple Sudoku's
//!   `*-----------*`) separate bands. Simple Sudoku's `.ss` files are grid blocks;
//! - *whitespace-separated numbers*, for any side: a line of numbers (`0` or `.` for a blank)
//!   with at least one of two digits, or more numbers than a row can have, is a grid row of
//!   that many cells, or a puzzle line of `n * n` numbers;
//! - a *pencilmark line*: `n^3` characters for an `n`x`n` grid (64 for 4x4, 729 for 9x9,
//!   4,096 for 16x16), `n` per cell, where the `k`-th of a cell's `n` is digit `k` (`1`-`9`,
//!   `A`-`Z`) when it is a candidate and `.` or `0` when it is not. A cell
//!   with one candidate is a given; the [`Entry`] carries the
//!   [`Candidates`](crate::sudoku::candidates::Candidates) of the others.
//!
//! A *link line* (an f-puzzles or SudokuPad link, or a bare `N4Ig...` payload) is a puzzle
//! with its rules: [`Reader::items`] hands it on as an [`Item::Link`] for the caller to decode.
//!
//! A *title line* directly above a puzzle (Project Euler's `Grid 01`: a line starting with a
//! word, that cannot be read as cells) names it: [`Entry::title`].
//!
//! [`Dialect::Sdk`] also reads SadMan's `.sdk` files: `#` header lines (skipped as every `#`
//! line is), and sections, of which only `[Puzzle]` is read. [`Dialect::Pencilmark`] takes
//! pencilmark lines only.
//!
//! Cells are symbols of the alphabet (by default `1`-`9`, then `A`-`Z` in any case for larger
//! grids) and blanks written `.`, `0`, `_`, `*` or `-` (those the alphabet does not use).
//! Alphabets with symbols longer than one character (the numbers `1`..`n` beyond 35 digits)
//! are read as whitespace-separated tokens instead. Blank lines and lines starting with `#` are
//! skipped; LF and CRLF line ends may be mixed. Every error names its line, and the column and
//! cell when there is one; the reader then goes on with the next puzzle.
//!
//! The size is fixed ([`Reader::new`], [`Reader::with_symbols`]) or read off each puzzle
//! ([`Reader::inferring`], [`Reader::with_alphabet`]): a line of `n * n` cells (4 <= n <= 35)
//! is a puzzle line, anything else the first row of an `n`-row grid block.
//!
//! ```text
//! reader.rs       the Reader: a line at a time, what each line is, the dialects (.sdk)
//! cells.rs        the cells of one line: characters or tokens, separators, puzzle lines
//! block.rs        grid blocks: rows gathered into a grid (Simple Sudoku's .ss among them)
//! numbers.rs      whitespace-separated numbers, for any side
//! pencilmark.rs   pencilmark lines
//! title.rs        title lines above a puzzle
//! item.rs         what the reader hands on: puzzles (Entry) and link lines (Link)
//! link.rs         link lines (f-puzzles, SudokuPad, bare payloads): puzzles with their rules
//! error.rs        ParseError (where and what), ReadError
//! ```

mod block;
mod cells;
mod error;
mod item;
mod link;
mod numbers;
mod pencilmark;
mod reader;
mod title;

pub use error::{ParseError, ParseErrorKind, ReadError};
pub use item::{Entry, Item, Link};
pub use link::is_link;
pub use reader::{parse_one, Dialect, Items, Reader, MAX_LINE};
