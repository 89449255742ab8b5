//! The bound arithmetic of the sums ([`super`]): what one sum's slots add up to at least and
//! at most against its target ([`Reach`], shared with the human-style logic), and what a
//! group of its slots holds at a test ([`Cached`]).

/// What the slots of a group hold, as the sums' `group_bounds` works it out
/// (see [`super::Sums`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Cached {
    /// The least and greatest weight its slots add up to, and the largest weight a free slot
    /// may take without raising the least (the greatest weight of the lightest set the free
    /// slots can take apart), and its mirror.
    pub(super) bounds: (i64, i64, i64, i64),
    /// What the least and greatest weights of its slots apart add up to (below the bounds
    /// above when its slots take different weights).
    pub(super) apart: (i64, i64),
    /// The least weight its free slots have left, the greatest, and the widest span
    /// `hi - lo` of one of them (`i64::MAX`, `i64::MIN`, `i64::MIN` when none is free): a
    /// group whose extent the sum's slack covers has nothing to remove.
    pub(super) extent: (i64, i64, i64),
}

/// The bound arithmetic of one sum, shared by the search (`Sums::prune`) and the
/// human-style logic's "sum out of reach": the slots' least weights add up to `low`, their
/// greatest to `high`, and the chosen weights must add up to `target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    pub(crate) low: i64,
    pub(crate) high: i64,
    pub(crate) target: i64,
}

impl Reach {
    /// The sum of slots weighing `lo..=hi` each (`bounds`), to reach `target`.
    pub(crate) fn new(bounds: impl IntoIterator<Item = (i64, i64)>, target: i64) -> Reach {
        let (low, high) = bounds
            .into_iter()
            .fold((0, 0), |(low, high), (lo, hi)| (low + lo, high + hi));
        Reach { low, high, target }
    }

    /// Whether some weights within the bounds add up to the target.
    pub(crate) fn reachable(&self) -> bool {
        self.low <= self.target && self.target <= self.high
    }

    /// The weights a slot whose bounds are `lo..=hi` may take: what the other slots' bounds
    /// leave of the target, `least..=most`.
    pub(crate) fn slot(&self, lo: i64, hi: i64) -> (i64, i64) {
        (
            self.target - (self.high - hi),
            self.target - (self.low - lo),
        )
    }
}
