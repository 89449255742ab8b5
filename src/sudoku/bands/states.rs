//! The memory of states below the top band: the grids below each canonical state counted so
//! far, shared by the threads of a count.
//!
//! A count on two threads takes pieces of classes (see [`super::pieces`]) one after the other;
//! states met below one piece come back below the others, on either thread. With a memory per
//! thread, a state counted on one thread was counted again on the other (the empty 8x8 fitted
//! 20 % more bands on two threads than on one). The memory is cut into [`PARTS`] maps, each
//! behind its own lock and picked by a hash of the state, so that two threads rarely wait
//! for each other: a lookup or an insertion holds one lock for a hash map's operation. Two
//! threads that miss the same state at once both count it (the same count): the work lost is
//! the states counted on both at the same moment, not every state both meet.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Maps the memory is cut into (a power of two).
const PARTS: usize = 64;

/// Grids below canonical states (with the bands left implied by their column sets).
///
/// Invariant: a state lives only in part [`States::part_of`] of it, so the parts never
/// disagree about a state; every count held is the exact count below its state.
pub(super) struct States {
    parts: Vec<Mutex<HashMap<Vec<u32>, u128>>>,
}

impl States {
    /// An empty memory.
    pub(super) fn new() -> States {
        States {
            parts: (0..PARTS).map(|_| Mutex::new(HashMap::new())).collect(),
        }
    }

    /// The part of `state`: the top bits of a multiplicative hash of its column sets.
    fn part_of(state: &[u32]) -> usize {
        let hash = state.iter().fold(0u64, |h, &set| {
            (h ^ u64::from(set)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        (hash >> (64 - PARTS.trailing_zeros())) as usize
    }

    /// The part of `state`, locked. A thread that panicked holding it left it whole (each
    /// operation is one map call).
    fn lock(&self, state: &[u32]) -> MutexGuard<'_, HashMap<Vec<u32>, u128>> {
        self.parts[Self::part_of(state)]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The grids below `state`, when counted.
    pub(super) fn get(&self, state: &[u32]) -> Option<u128> {
        self.lock(state).get(state).copied()
    }

    /// Remembers that `count` grids lie below `state` (counted whole).
    pub(super) fn insert(&self, state: Vec<u32>, count: u128) {
        self.lock(&state).insert(state, count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_found_again_on_any_thread() {
        let states = States::new();
        std::thread::scope(|scope| {
            for t in 0..4u32 {
                let states = &states;
                scope.spawn(move || {
                    for k in 0..500u32 {
                        // Every thread inserts the same states, and some of its own.
                        states.insert(vec![k, k ^ 7, 3], u128::from(k) * 11);
                        states.insert(vec![k, t, 1000 + t], u128::from(k + t));
                    }
                });
            }
        });
        for k in 0..500u32 {
            assert_eq!(states.get(&[k, k ^ 7, 3]), Some(u128::from(k) * 11));
            for t in 0..4 {
                assert_eq!(states.get(&[k, t, 1000 + t]), Some(u128::from(k + t)));
            }
        }
        assert_eq!(states.get(&[1, 2]), None);
        let used = states
            .parts
            .iter()
            .filter(|p| !p.lock().unwrap().is_empty())
            .count();
        assert!(used > PARTS / 2, "states spread over the parts: {used}");
    }
}
