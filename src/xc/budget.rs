//! How far a search may go: a number of nodes, a deadline, or both.
//!
//! A search that runs out of budget stops like one stopped from outside: its answer is marked
//! incomplete, and a count is a lower bound. The budget is looked at only at the search's
//! periodic checkpoints (every few thousand nodes, and exactly at the node limit), so an
//! unbounded search pays nothing for it.

use std::time::{Duration, Instant};

/// Nodes between two looks at the clock when a search has a deadline.
pub(crate) const CLOCK_EVERY: u64 = 1 << 12;

/// Limits on a search's work. The default is no limit.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use sudokux::xc::{Budget, Dlx, ProblemBuilder};
///
/// // Twelve independent items with two options each: 4096 solutions.
/// let mut b = ProblemBuilder::new();
/// for _ in 0..12 {
///     let item = b.primary();
///     b.option([item]).unwrap();
///     b.option([item]).unwrap();
/// }
/// let mut dlx = Dlx::new(&b.build());
/// let bounded = dlx.count_bounded(None, 1, &Default::default(), Budget::nodes(100));
/// assert!(!bounded.complete); // a lower bound
/// assert!(bounded.stats.nodes <= 100);
///
/// let roomy = Budget::nodes(1 << 20).and_time(Duration::from_secs(60));
/// assert_eq!(dlx.count_bounded(None, 1, &Default::default(), roomy).count, 4096);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    /// Most nodes (options tried) the search may visit; `None` for no limit.
    pub max_nodes: Option<u64>,
    /// When the search must stop; `None` for no limit.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No limit.
    pub const UNLIMITED: Budget = Budget {
        max_nodes: None,
        deadline: None,
    };

    /// At most `max` nodes.
    pub fn nodes(max: u64) -> Budget {
        Budget {
            max_nodes: Some(max),
            deadline: None,
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

    /// Whether there is any limit at all.
    pub fn is_limited(&self) -> bool {
        self.max_nodes.is_some() || self.deadline.is_some()
    }

    /// Whether a search that has visited `nodes` nodes must stop now (the clock is read only
    /// when there is a deadline).
    pub fn exhausted(&self, nodes: u64) -> bool {
        self.max_nodes.is_some_and(|max| nodes >= max)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The node count at which a search that is at `nodes` must look at this budget next:
    /// the node limit, or within [`CLOCK_EVERY`] nodes when there is a deadline.
    pub(crate) fn next_check(&self, nodes: u64) -> u64 {
        let clock = match self.deadline {
            Some(_) => nodes.saturating_add(CLOCK_EVERY),
            None => u64::MAX,
        };
        clock.min(self.max_nodes.unwrap_or(u64::MAX))
    }

    /// The budget left after `used` nodes (the deadline stays as it is).
    pub fn after(&self, used: u64) -> Budget {
        Budget {
            max_nodes: self.max_nodes.map(|max| max.saturating_sub(used)),
            deadline: self.deadline,
        }
    }
}
