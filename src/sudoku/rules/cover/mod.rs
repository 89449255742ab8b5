//! The exact-cover building blocks the families encode themselves with, knowing no family:
//! the [`Encoder`](encoder::Encoder) (items, options and secondary items of a sudoku-shaped
//! cover), linear sums as chains of colored items and what they say about two of their cells,
//! sums of cells of different digits as set options, sums made of sums, and rules read along a line by an
//! automaton.

pub(crate) mod automaton;
pub(crate) mod combined;
pub mod encoder;
pub(crate) mod linear_pairs;
pub(crate) mod linear_sum;
pub(crate) mod set_sum;
