//! The seeds of the generator's puzzles: each a function of the caller's seed and the
//! puzzle's index alone, so that the same seed gives the same puzzles anywhere.

pub use crate::sudoku::rng::Rng;

/// One step of SplitMix64 as a hash: mixes `value` into `seed`.
pub(super) fn mix(seed: u64, value: u64) -> u64 {
    Rng::new(seed ^ Rng::new(value).next_u64()).next_u64()
}

/// The seed of puzzle `index` of a run started with `seed`: a function of the two alone, so
/// that puzzle `index` is the same however many threads share the work.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    mix(seed, index)
}
