//! Sudoku on top of the exact-cover engine.
//!
//! [`Rules`] describe the grid and its constraints, each family of constraints in a module of
//! its own under [`rules`]; [`encode()`] turns them into an exact-cover
//! [`Problem`](crate::xc::Problem); the [`Solver`] keeps that matrix and commits each puzzle's
//! givens into it. The [`Backtracker`] is a second, independent engine for cross-checks, and
//! [`validate()`] checks any solution against the rules without either of them; [`render`]
//! draws a puzzle as an SVG picture, and [`generate`] makes new puzzles with one solution.

pub mod backtrack;
pub mod bands;
pub mod candidates;
pub mod encode;
pub mod engine;
pub mod file;
pub mod fpuzzles;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod parse;
pub mod pattern;
pub mod pretty;
pub mod relabel;
pub mod render;
pub mod rng;
pub mod rules;
pub mod solver;
pub mod symbols;
pub mod transversal;
pub mod true_candidates;
pub mod validate;

pub use backtrack::Backtracker;
pub use candidates::Candidates;
pub use encode::{decode, encode, Numbering};
pub use engine::{Answer, Engine, Symmetry, Verdict};
pub use file::{FileError, Meta, PuzzleFile};
pub use grid::{Cell, Grid};
pub use logic::{grade, Grade, Step, Technique};
pub use parse::{Entry, ParseError, ReadError, Reader};
pub use pretty::pretty;
pub use rules::{
    Arrow, Cage, Constraint, Constraints, Geometry, Pair, PuzzleError, Relation, Rules, RulesError,
    Spec, Unit, UnitKind,
};
pub use solver::{ShardError, Solver};
pub use symbols::{Alphabet, Symbols};
pub use true_candidates::TrueCandidates;
pub use validate::{validate, Violation};
