//! The reductions the search makes at every node, beside the choice of item: options that
//! are in no solution below the node go, and come back when the search backtracks. Item
//! domination (`domination`, which runs the others at every level) works on the matrix
//! alone; relations, automata and exclusions (and the sums, `xc::sums`) keep the promises a
//! caller made about the problem. What each changes at a level is written on a [`trail`]
//! and undone newest first when the search leaves it.

pub(crate) mod automata;
pub(crate) mod domination;
pub(crate) mod exclusion;
pub(crate) mod relations;
pub(crate) mod trail;
