//! The largest rule sets sudokux takes: past these, a rule set is refused with an error
//! before anything large is allocated.

/// Largest number of cells in the whole area.
pub const MAX_AREA: usize = 1 << 16;

/// Most entries (item occurrences in options, the nodes of the dancing-links matrix) the
/// encoding of a rule set may have: about 700 MB of matrix. The largest plain area (16 grids
/// of 64x64) takes 16.8 million; adding anti-knight, anti-king and non-consecutive to it would
/// take several times more, and is refused.
pub const MAX_ENTRIES: u64 = 25_000_000;

/// Most digit sets a rule set's cages may allow in all (each becomes an option).
pub const MAX_CAGE_SETS: u64 = 1_000_000;
