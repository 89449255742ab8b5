//! What the costly searches tried and found nothing with, remembered by what they read.
//!
//! The logic looks for the easiest step again after every step, and a costly search (today
//! only two sums filled together; a house's cages together and a chain from a candidate could
//! use it too) reads only a few cells' candidates, which the step before seldom touched. A search that found nothing
//! is remembered with what tells it that it would find nothing again: the candidates it read
//! (asked again with the same, it is skipped), or what it found that may still hold (the
//! fillings of two sums that used every candidate: while they all stay possible, nothing goes).
//! That evidence is checked against the state that asks, so the memory holds for every state
//! (a state and its clones share it).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Mutex;

use super::fillings::WordHasher;

/// Which search, and on what: the technique's own numbering of what it searches (a pair of
/// sums by their indices).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Search {
    /// Overlapping sums: the promised sums of these indices in the state's sums, together.
    SumPair(u32, u32),
}

/// The searches that found nothing, with what they read.
///
/// Invariant: an entry `(search, evidence)` means that `search`, run on any state that the
/// search's own check of `evidence` accepts, finds no step (each search documents its
/// evidence).
#[derive(Debug, Default)]
pub(super) struct Failed {
    entries: Mutex<HashMap<Search, Vec<u64>, BuildHasherDefault<WordHasher>>>,
}

impl Failed {
    /// What `search` left when it last found nothing (`None`: it was not asked, or found a
    /// step), handed to `f`.
    pub(super) fn with<R>(&self, search: Search, f: impl FnOnce(Option<&[u64]>) -> R) -> R {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        f(entries.get(&search).map(Vec::as_slice))
    }

    /// Remembers that `search` found nothing, with what tells it that it would find nothing
    /// again (the inputs it read, or what it found that still holds), in place of what it
    /// left before.
    pub(super) fn remember(&self, search: Search, evidence: &[u64]) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.get_mut(&search) {
            Some(known) => {
                known.clear();
                known.extend_from_slice(evidence);
            }
            None => {
                entries.insert(search, evidence.to_vec());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_leaves_what_it_found_nothing_with() {
        let failed = Failed::default();
        let pair = Search::SumPair(1, 2);
        let same = |failed: &Failed, search, inputs: &[u64]| {
            failed.with(search, |known| known == Some(inputs))
        };
        assert!(!same(&failed, pair, &[0b11, 0b101]));
        failed.remember(pair, &[0b11, 0b101]);
        assert!(same(&failed, pair, &[0b11, 0b101]));
        assert!(!same(&failed, pair, &[0b11, 0b100]));
        assert!(!same(&failed, Search::SumPair(2, 1), &[0b11, 0b101]));
        failed.remember(pair, &[0b11, 0b100]);
        assert!(same(&failed, pair, &[0b11, 0b100]));
        assert!(!same(&failed, pair, &[0b11, 0b101]));
    }
}
