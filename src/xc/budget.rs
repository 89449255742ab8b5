//! How far a search may go: a number of nodes, a deadline, a stop request, or any of them.
//!
//! A search that runs out of budget stops like one stopped from outside: its answer is marked
//! incomplete, and a count is a lower bound. The budget is looked at only at the search's
//! periodic checkpoints (every few hundred nodes, and exactly at the node limit), so an
//! unbounded search pays nothing for it.

use std::time::{Duration, Instant};

use super::watch::Watch;

/// Nodes between two looks at the clock (or at the stop request) when a search has a deadline
/// (or a watch to heed). A node of a puzzle with many sums costs tens of microseconds, so a
/// look every 256 nodes keeps a deadline of tens of milliseconds (`hint`'s proof) within a few
/// milliseconds; reading the clock costs some 25 ns, far below the nodes between.
pub(crate) const CLOCK_EVERY: u64 = 1 << 8;

/// Limits on a search's work. The default is no limit.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use sudokux::xc::{Budget, CountOptions, Dlx, ProblemBuilder};
///
/// // Eight rows and eight columns, an option for each (row, column): the 8! permutations.
/// let mut b = ProblemBuilder::new();
/// let rows: Vec<_> = (0..8).map(|_| b.primary()).collect();
/// let cols: Vec<_> = (0..8).map(|_| b.primary()).collect();
/// for &r in &rows {
///     for &c in &cols {
///         b.option([r, c]).unwrap();
///     }
/// }
/// let mut dlx = Dlx::new(&b.build());
/// let bounded = dlx.count(CountOptions::new().budget(Budget::nodes(100)));
/// assert!(!bounded.complete); // a lower bound
/// assert!(bounded.stats.nodes <= 100);
///
/// let roomy = Budget::nodes(1 << 20).and_time(Duration::from_secs(60));
/// assert_eq!(dlx.count(CountOptions::new().budget(roomy)).count, 40_320);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// Most nodes (options tried) the search may visit; `None` for no limit.
    pub max_nodes: Option<u64>,
    /// When the search must stop; `None` for no limit.
    pub deadline: Option<Instant>,
    /// A watch whose stop request ([`Watch::stop`]) stops the search, as an interrupt handler
    /// would use it; `None` for none. `'static` so that the budget stays `Copy`: a `static`
    /// watch (see [`Watch::new`], a `const fn`) or a leaked one.
    pub stop: Option<&'static Watch>,
}

/// Budgets are equal when their limits are and they heed the same watch (if any).
impl PartialEq for Budget {
    fn eq(&self, other: &Budget) -> bool {
        self.max_nodes == other.max_nodes
            && self.deadline == other.deadline
            && match (self.stop, other.stop) {
                (Some(a), Some(b)) => std::ptr::eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

impl Eq for Budget {}

impl Budget {
    /// No limit.
    pub const UNLIMITED: Budget = Budget {
        max_nodes: None,
        deadline: None,
        stop: None,
    };

    /// At most `max` nodes.
    pub fn nodes(max: u64) -> Budget {
        Budget {
            max_nodes: Some(max),
            ..Budget::UNLIMITED
        }
    }

    /// At most `time` from now.
    pub fn time(time: Duration) -> Budget {
        Budget::UNLIMITED.and_time(time)
    }

    /// This budget, with a deadline `time` from now as well (a deadline that cannot be
    /// represented is no deadline).
    pub fn and_time(self, time: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(time),
            ..self
        }
    }

    /// This budget, heeding `watch` as well: the search stops, as incomplete, soon after
    /// [`Watch::stop`] (within a few thousand nodes). A `static` watch (see [`Watch::new`])
    /// is what an interrupt handler sets.
    ///
    /// ```
    /// use sudokux::xc::{Budget, Dlx, ProblemBuilder, Watch};
    ///
    /// static INTERRUPT: Watch = Watch::new();
    /// let mut b = ProblemBuilder::new();
    /// for _ in 0..40 {
    ///     let item = b.primary();
    ///     b.option([item]).unwrap();
    ///     b.option([item]).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// INTERRUPT.stop();
    /// let (_, outcome) = {
    ///     let mut search = dlx.search();
    ///     search.bound(Budget::UNLIMITED.and_stop(&INTERRUPT));
    ///     let mut n = 0;
    ///     while search.next_solution().is_some() {
    ///         n += 1;
    ///     }
    ///     (n, search.stopped())
    /// };
    /// assert!(outcome); // stopped long before its 2^40 solutions
    /// ```
    pub fn and_stop(self, watch: &'static Watch) -> Budget {
        Budget {
            stop: Some(watch),
            ..self
        }
    }

    /// Whether there is any limit at all.
    pub fn is_limited(&self) -> bool {
        self.max_nodes.is_some() || self.deadline.is_some() || self.stop.is_some()
    }

    /// Whether a search that has visited `nodes` nodes must stop now (the clock is read only
    /// when there is a deadline).
    pub fn exhausted(&self, nodes: u64) -> bool {
        self.max_nodes.is_some_and(|max| nodes >= max)
            || self.stop.is_some_and(Watch::stop_requested)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The node count at which a search that is at `nodes` must look at this budget next:
    /// the node limit, or within [`CLOCK_EVERY`] nodes when there is a deadline or a watch to
    /// heed.
    pub(crate) fn next_check(&self, nodes: u64) -> u64 {
        let clock = match (self.deadline, self.stop) {
            (None, None) => u64::MAX,
            _ => nodes.saturating_add(CLOCK_EVERY),
        };
        clock.min(self.max_nodes.unwrap_or(u64::MAX))
    }

    /// The budget left after `used` nodes (the deadline stays as it is).
    pub fn after(&self, used: u64) -> Budget {
        Budget {
            max_nodes: self.max_nodes.map(|max| max.saturating_sub(used)),
            ..*self
        }
    }
}
