//! sudokux: exact cover with dancing links, and a sudoku toolkit built on it.
//!
//! - [`xc`]: a generic exact-cover engine (Knuth's Algorithm X with dancing links), with
//!   primary and secondary items, that knows nothing about sudoku.
//! - [`sudoku`]: grids, rules, the exact-cover encoding, a reference backtracker, an
//!   independent validator and a reader for the formats people write puzzles in.
//!
//! ```
//! use sudokux::sudoku::{validate, Engine, Grid, Rules, Solver, Verdict};
//!
//! let puzzle = Grid::from_line(
//!     "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
//! )
//! .unwrap();
//! let mut solver = Solver::new(Rules::classic());
//! match solver.check(&puzzle).unwrap().0 {
//!     Verdict::Unique(solution) => {
//!         validate(solver.rules(), &puzzle, &solution).unwrap();
//!         println!("{solution}");
//!     }
//!     Verdict::Multiple(a, b) => println!("not unique: {a} and {b}"),
//!     Verdict::None => println!("no solution"),
//! }
//! ```
#![warn(missing_docs)]
// An item `pub` only in name (not reachable from outside the crate) says `pub(crate)`.
#![warn(unreachable_pub)]

pub mod sudoku;
pub mod xc;

/// The README's examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The Rust examples of the guide's chapter on the library, likewise.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide/library.md")]
struct GuideLibraryDoctests;
