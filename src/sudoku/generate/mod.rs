//! Puzzle generation: a random filled grid, then givens taken away while the solution stays
//! unique.
//!
//! The filled grid comes from the exact-cover engine itself, with its choices randomised: the
//! rule set's matrix is built with its options in a shuffled order
//! ([`Dlx::with_option_order`](crate::xc::Dlx::with_option_order)), so the first solution
//! found is a random one. Then the givens are removed in a random order, one symmetry orbit at
//! a time ([`Symmetry`]), and a removal is kept only when the puzzle still has exactly one
//! solution, *proved* by counting its solutions up to 2 with the
//! [`Solver`](crate::sudoku::solver::Solver). A removal that fails at some point would fail at
//! every later point too (fewer givens never mean fewer solutions), so one pass leaves a puzzle
//! from which no orbit can be removed; with [`Settings::minimal`] that is proved again, given
//! by given.
//!
//! Everything random comes from one small generator ([`Rng`], SplitMix64) seeded from the
//! caller's seed and the puzzle's index alone ([`puzzle_seed`]), so the same seed gives the
//! same puzzles on any machine and whatever the number of threads generating them.
//!
//! ```
//! use sudokux::sudoku::generate::{Generator, Settings};
//! use sudokux::sudoku::{validate, Engine, Solver, Spec};
//!
//! let generator = Generator::new(Spec::new(9), Settings::default()).unwrap();
//! let made = generator.generate(42, 1).unwrap();
//! let mut solver = Solver::new(made.rules.clone());
//! assert_eq!(solver.count(&made.puzzle, Some(2)).unwrap().count, 1);
//! validate(&made.rules, &made.puzzle, &made.solution).unwrap();
//! // The same seed and index give the same puzzle.
//! assert_eq!(generator.generate(42, 1).unwrap().puzzle, made.puzzle);
//! ```
//!
//! ```text
//! generator.rs   Generator, Settings, Generated, GenerateError: the tries and what each does
//! removal.rs     givens taken away while the solution stays unique; the minimality proof
//! symmetry.rs    symmetries of the givens and their orbits
//! solution.rs    random filled grids
//! regions.rs     random jigsaw regions
//! cages.rs       random killer cages
//! rng.rs         the seeds of the puzzles (the numbers are `sudoku::rng`'s)
//! ```

mod cages;
mod generator;
mod regions;
mod removal;
mod rng;
mod solution;
mod symmetry;

pub use cages::random_cages;
pub use generator::{
    default_check_nodes, Filter, GenerateError, Generated, Generator, Listener, Settings,
};
pub use regions::random_regions;
pub use rng::{puzzle_seed, Rng};
pub use solution::random_solution;
pub use symmetry::{Symmetry, SymmetryError};
