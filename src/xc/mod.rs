//! Exact cover: Knuth's Algorithm X with dancing links, knowing nothing of sudoku.
//!
//! An exact-cover problem has *items* and *options*; each option is a set of items. A solution
//! is a set of options that covers every *primary* item exactly once and every *secondary* item
//! at most once. Build a [`Problem`] with a [`ProblemBuilder`], turn it into a [`Dlx`] matrix
//! once, then search it as often as needed: [`Dlx::first`], [`Dlx::collect`], [`Dlx::count`],
//! [`Dlx::visit`] with a [`Visitor`], or step through solutions with [`Dlx::search`].
//!
//! ```
//! use sudokux::xc::{Dlx, ProblemBuilder};
//!
//! // Tile a row of 3 squares with a domino and a monomino: 2 ways.
//! let mut b = ProblemBuilder::new();
//! let squares: Vec<_> = (0..3).map(|_| b.primary()).collect();
//! for i in 0..3 {
//!     b.option([squares[i]]).unwrap(); // monomino
//! }
//! for i in 0..2 {
//!     b.option([squares[i], squares[i + 1]]).unwrap(); // domino
//! }
//! let mut dlx = Dlx::new(&b.build());
//! assert_eq!(dlx.count(None).count, 3); // three monominoes, or a domino at either end
//! ```

mod budget;
mod dlx;
pub mod knuth;
mod labelled;
mod memo;
mod parallel;
mod problem;
mod search;
mod watch;

pub use budget::Budget;
pub use dlx::{CommitError, Dlx};
pub use labelled::{Labelled, LabelledSolver};
pub use problem::{Color, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, ProblemError};
pub use search::{Count, Outcome, Progress, Search, Solutions, Stats, Visitor};
pub use watch::Watch;
