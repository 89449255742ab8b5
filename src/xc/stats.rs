//! What a search reports: its work ([`Stats`]), how it ended ([`Outcome`], [`Count`]), its
//! progress, and the [`Visitor`] that receives solutions.
//!
//! First solution, up to N solutions, a count: all are the same search writing into a
//! different sink. A search cut short says so (`complete` is false): an exact count and a lower
//! bound are different answers.

use std::ops::ControlFlow;

use super::problem::OptionId;

/// Work done by a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Nodes of the search tree: options tried.
    pub nodes: u64,
    /// Link updates: option nodes and items removed from their lists by covering (none for
    /// counts of small problems, which run on bit sets instead of links).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u128,
    /// Guesses: the nodes whose option was one of two or more its item had when the node
    /// chose it (a node whose item has one option left is a forced move; `nodes` counts both).
    /// Searches over the links count them (every search for solutions and most counts);
    /// counts of small problems on bit sets leave them 0.
    pub guesses: u64,
}

/// Sums saturate: counts that remember subproblems can pass `u128::MAX` solutions.
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.guesses = self.guesses.saturating_add(other.guesses);
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// True when the whole search tree was explored; false when a visitor or a limit stopped
    /// it early.
    pub complete: bool,
    /// Work done.
    pub stats: Stats,
}

/// The result of counting solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u128,
    /// True when `count` is exact; false when the limit stopped the search, so that `count` is
    /// only a lower bound.
    pub complete: bool,
    /// Work done.
    pub stats: Stats,
}

/// Receives the solutions of a search, one at a time.
///
/// A solution is the list of its options: first those committed before the search, then those
/// the search chose, in the order it chose them. Return [`ControlFlow::Break`] to stop the search.
/// Closures `FnMut(&[OptionId]) -> ControlFlow<()>` are visitors.
pub trait Visitor {
    /// Called once per solution.
    fn visit(&mut self, solution: &[OptionId]) -> ControlFlow<()>;
}

impl<F> Visitor for F
where
    F: FnMut(&[OptionId]) -> ControlFlow<()>,
{
    fn visit(&mut self, solution: &[OptionId]) -> ControlFlow<()> {
        self(solution)
    }
}

/// How far a search has gone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Work done so far.
    pub stats: Stats,
    /// Estimated share of the search tree explored, from 0 to 1: Knuth's estimate from the
    /// branch taken at each level (the `k`-th of `d` options contributes `k / (d_1 ... d_l)`).
    pub explored: f64,
    /// Current depth.
    pub depth: usize,
}

/// Knuth's estimate of the share of the tree explored, from the branches taken.
pub(crate) fn progress(branch: &[[u32; 2]], stats: Stats) -> Progress {
    let mut explored = 0.0;
    let mut width = 1.0;
    for &[k, d] in branch {
        width /= f64::from(d.max(1));
        explored += f64::from(k) * width;
    }
    explored += width / 2.0;
    Progress {
        stats,
        explored: explored.min(1.0),
        depth: branch.len(),
    }
}
