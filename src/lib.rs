//! sudokux: exact cover with dancing links, and a sudoku toolkit built on it.
#![warn(missing_docs)]

pub mod xc;
