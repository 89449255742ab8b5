//! Watching a long count from another thread: how far it has got, and a way to stop it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Shared between a long search and whoever watches it (a progress display, an interrupt
/// handler): running totals the search publishes, and a request to stop.
///
/// The totals are published every few thousand nodes, so they lag a little behind the search;
/// they are meant for display. The count a stopped search returns is exact for the part of the
/// tree it explored, and so a lower bound.
///
/// # Examples
///
/// ```
/// use sudokux::xc::{CountOptions, Dlx, ProblemBuilder, Watch};
///
/// let mut b = ProblemBuilder::new();
/// for _ in 0..4 {
///     let item = b.primary();
///     for _ in 0..3 {
///         b.option([item]).unwrap();
///     }
/// }
/// let mut dlx = Dlx::new(&b.build());
/// let watch = Watch::new();
/// let count = dlx.count(CountOptions::new().threads(2).watch(&watch));
/// assert_eq!(count.count, 81);
/// assert_eq!(watch.solutions(), 81);
///
/// watch.stop();
/// let stopped = dlx.count(CountOptions::new().watch(&watch));
/// assert!(!stopped.complete); // a lower bound
/// ```
#[derive(Debug)]
pub struct Watch {
    stop: AtomicBool,
    /// Solutions found so far (saturating).
    solutions: AtomicU64,
    /// Nodes visited so far.
    nodes: AtomicU64,
    /// Estimated share of the tree explored, as the bits of an `f64` in `0.0..=1.0`; only
    /// ever raised, so that a display never moves backwards.
    explored: AtomicU64,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch::new()
    }
}

impl Watch {
    /// A watch with nothing counted and no stop requested.
    pub const fn new() -> Watch {
        Watch {
            stop: AtomicBool::new(false),
            solutions: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            explored: AtomicU64::new(0),
        }
    }

    /// Asks the search to stop as soon as it next looks (within a few thousand nodes).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Clears the totals and the stop request, for a watch used again by a new search (a
    /// server's pool of `static` watches, one per running search). Only while no search
    /// publishes to it: one that still does would mix its totals into the new ones.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.solutions.store(0, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
        self.explored.store(0, Ordering::Relaxed);
    }

    /// Whether a stop was requested.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Solutions found so far (saturating at `u64::MAX`).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Estimated share of the search tree explored, from 0 to 1 (Knuth's estimate, combined
    /// over the subtrees of a split search; rough early on).
    pub fn explored(&self) -> f64 {
        f64::from_bits(self.explored.load(Ordering::Relaxed))
    }

    pub(crate) fn add(&self, nodes: u64, solutions: u128) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        let solutions = u64::try_from(solutions).unwrap_or(u64::MAX);
        let _ = self
            .solutions
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                Some(s.saturating_add(solutions))
            });
    }

    pub(crate) fn raise_explored(&self, share: f64) {
        let share = share.clamp(0.0, 1.0);
        // Non-negative floats order as their bits do.
        self.explored.fetch_max(share.to_bits(), Ordering::Relaxed);
    }
}
