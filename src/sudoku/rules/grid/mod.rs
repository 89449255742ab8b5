//! Families about the grid as a whole: its units (rows, columns, boxes or regions, diagonals,
//! windows), chess moves, extra units, indexers and given pencil marks.

pub mod chess;
pub mod grid_units;
pub mod indexers;
pub mod pencilmarks;
pub mod unit;
