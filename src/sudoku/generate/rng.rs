//! The one source of randomness: SplitMix64, seeded from the caller's seed and the puzzle's
//! index alone, so that the same seed gives the same puzzles anywhere.

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// numbers on every machine.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n >= 1`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles a slice (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One step of SplitMix64 as a hash: mixes `value` into `seed`.
pub(super) fn mix(seed: u64, value: u64) -> u64 {
    Rng::new(seed ^ Rng::new(value).next_u64()).next_u64()
}

/// The seed of puzzle `index` of a run started with `seed`: a function of the two alone, so
/// that puzzle `index` is the same however many threads share the work.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    mix(seed, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rng_is_the_same_everywhere() {
        // SplitMix64's published first outputs for seed 0.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}
