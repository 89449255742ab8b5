//! How to count: a limit, threads, a watch and a budget, in one value.

use crate::xc::budget::Budget;
use crate::xc::watch::Watch;

/// The options of a count ([`Dlx::count`](crate::xc::Dlx::count)): how many solutions are
/// enough, on how many threads, watched by whom, within what budget. The default counts every
/// solution, on the calling thread, unwatched and unbounded.
///
/// # Examples
///
/// ```
/// use sudokux::xc::{Budget, CountOptions, Dlx, ProblemBuilder, Watch};
///
/// // Four independent items with three options each: 81 solutions.
/// let mut b = ProblemBuilder::new();
/// for _ in 0..4 {
///     let item = b.primary();
///     for _ in 0..3 {
///         b.option([item]).unwrap();
///     }
/// }
/// let mut dlx = Dlx::new(&b.build());
/// assert_eq!(dlx.count(CountOptions::new()).count, 81);
///
/// let some = dlx.count(CountOptions::new().limit(Some(10)));
/// assert_eq!((some.count, some.complete), (10, false)); // a lower bound
///
/// let watch = Watch::new();
/// let options = CountOptions::new()
///     .threads(2)
///     .watch(&watch)
///     .budget(Budget::nodes(1 << 20));
/// assert_eq!(dlx.count(options).count, 81);
/// assert_eq!(watch.solutions(), 81);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct CountOptions<'w> {
    /// Solutions enough: the count stops there, marked incomplete (a lower bound). `None`
    /// for all.
    pub(crate) limit: Option<u128>,
    /// Threads to split the search tree across; 0 and 1 count on the calling thread.
    pub(crate) threads: usize,
    /// Where the count publishes its progress, and whose stop request stops it.
    pub(crate) watch: Option<&'w Watch>,
    /// How far the count may go.
    pub(crate) budget: Budget,
}

impl<'w> CountOptions<'w> {
    /// Every solution, on the calling thread, unwatched and unbounded.
    pub const fn new() -> CountOptions<'w> {
        CountOptions {
            limit: None,
            threads: 1,
            watch: None,
            budget: Budget::UNLIMITED,
        }
    }

    /// Stops at `limit` solutions (`None`: counts them all). A count stopped by its limit is
    /// marked incomplete: the count is then a lower bound, even when no solution is left.
    pub fn limit(self, limit: Option<u128>) -> CountOptions<'w> {
        CountOptions { limit, ..self }
    }

    /// Splits the search tree across `threads` threads (0 or 1: the calling thread only).
    pub fn threads(self, threads: usize) -> CountOptions<'w> {
        CountOptions { threads, ..self }
    }

    /// Publishes the count's progress to `watch`, and stops (as incomplete) when it asks.
    pub fn watch(self, watch: &'w Watch) -> CountOptions<'w> {
        CountOptions {
            watch: Some(watch),
            ..self
        }
    }

    /// Bounds the count's work; a count that runs out of its budget stops, marked incomplete.
    pub fn budget(self, budget: Budget) -> CountOptions<'w> {
        CountOptions { budget, ..self }
    }
}
