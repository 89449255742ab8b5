//! Exact cover: Knuth's Algorithm X with dancing links, knowing nothing of sudoku.
//!
//! An exact-cover problem has *items* and *options*; each option is a set of items. A solution
//! is a set of options that covers every *primary* item exactly once and every *secondary* item
//! at most once. Build a [`Problem`] with a [`ProblemBuilder`], turn it into a [`Dlx`] matrix
//! once, then search it as often as needed: [`Dlx::first`], [`Dlx::collect`], [`Dlx::visit`]
//! with a [`Visitor`], step through solutions with [`Dlx::search`], or count them with
//! [`Dlx::count`], whose [`CountOptions`] say up to what limit, on how many threads, watched by
//! whom and within what [`Budget`].
//!
//! ```
//! use sudokux::xc::{CountOptions, Dlx, ProblemBuilder};
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
//! assert_eq!(dlx.count(CountOptions::new()).count, 3); // three monominoes, or a domino at either end
//! ```
//!
//! # The modules, bottom to top
//!
//! Each module imports only modules listed before it, never one listed after it (shared code
//! goes down, never sideways):
//!
//! - `problem` (items, options, colors), `watch`, `budget`: the vocabulary;
//! - `matrix`: the dancing-links data and its invariants; `links`: cover and uncover;
//!   `commit`: commits, removals, resets; `choose`: the choice of item (MRV, vector scan);
//! - `stats`: what searches report; `checks`: the progress hook and budget a search looks at;
//! - `reduce/`, the reductions a search makes at every node, undone when it backtracks (its
//!   files in this order, with `sums` among them): `trail`, the undo entries by level they
//!   all write; `sums` (a folder of its own): weighted sums over options kept within bounds;
//!   `relations`: relations between two items kept arc consistent; `automata`: automata
//!   over sequences of items kept consistent; `exclusion`: options that clash with every
//!   option left for a named item, removed; `domination`: locked candidates on the matrix,
//!   and the level by level driver of all of them;
//! - `search`: the one search loop, generic over a hook;
//! - `count/`, what counts (its files in the same order): `table`, the table of counted
//!   subproblems (a thread's own, or one the threads of a split count share); `memo`, the
//!   count that remembers subproblems, a hook on that loop; `bits`, counts of small problems on bit sets of live
//!   options instead of links (chosen per problem when the matrix is built); `options`,
//!   [`CountOptions`]; `serial`, counting on the calling thread; `parallel`, [`Dlx::count`],
//!   the one counting entry point, and every thread a count runs on; `shards`, a count split
//!   into independent shards ([`Dlx::shards`], [`Dlx::count_shard`]) to count anywhere.
//!   `dlx` sits between them: `table`, `memo` and `bits` are below it, the drivers above it;
//! - `dlx`: [`Dlx`], the matrix beside the scratch space of its searches; `restart`: one
//!   solution by a randomised search that restarts ([`Dlx::first_restarting`]);
//! - `labelled`, `knuth`: problems with labels, and Knuth's text format.

mod budget;
mod checks;
mod choose;
mod commit;
mod count;
mod dlx;
pub mod knuth;
mod labelled;
mod links;
mod matrix;
mod problem;
mod reduce;
mod restart;
mod search;
mod stats;
mod sums;
#[cfg(test)]
mod tests;
mod watch;

pub use budget::Budget;
pub use commit::CommitError;
pub use count::options::CountOptions;
pub use count::shards::Shards;
pub use dlx::Dlx;
pub use labelled::{Labelled, LabelledSolver};
pub use problem::{Color, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, ProblemError};
pub use reduce::automata::{regular, AutomatonError, OptionAutomaton};
pub use reduce::exclusion::{clash_all, ExclusionError};
pub use reduce::relations::{revise, OptionRelation, RelationError, Side};
pub use restart::{RestartOutcome, Restarts};
pub use search::{Search, Solutions};
pub use stats::{Count, Outcome, Progress, Stats, Visitor};
pub(crate) use sums::Reach;
pub use sums::{OptionSum, SumError};
pub use watch::Watch;
