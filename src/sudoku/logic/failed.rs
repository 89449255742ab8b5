//! What the costly searches tried and found nothing with, remembered by what they read.
//!
//! The logic looks for the easiest step again after every step, and most of a costly search
//! (two sums filled together, a house's cages together, a chain from a candidate) reads only
//! a few cells' candidates, which the step before seldom touched. A search that found nothing
//! is remembered with the candidates it read; asked again with the same candidates, it would
//! find nothing again, and is skipped. The answer is a function of what it read alone, so the
//! memory holds for every state that reads the same (a state and its clones share it).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Mutex;

use super::fillings::WordHasher;

/// Which search, and on what: the technique's own numbering of what it searches (a pair of
/// sums by their indices, a candidate by its option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Search {
    /// Overlapping sums: the promised sums of these indices in the state's sums, together.
    SumPair(u32, u32),
}

/// The searches that found nothing, with what they read.
///
/// Invariant: an entry `(search, read)` means that `search`, run on any state whose inputs
/// (as the search reads them: candidates of its cells, in its order) are `read`, finds no
/// step.
#[derive(Debug, Default)]
pub(super) struct Failed {
    entries: Mutex<HashMap<Search, Vec<u64>, BuildHasherDefault<WordHasher>>>,
}

impl Failed {
    /// Whether `search` found nothing on inputs `read` before.
    pub(super) fn known(&self, search: Search, read: &[u64]) -> bool {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.get(&search).is_some_and(|known| known == read)
    }

    /// Remembers that `search` found nothing on inputs `read` (forgetting what it found
    /// nothing with before: the candidates only ever shrink, so older inputs do not come
    /// back along one explanation).
    pub(super) fn remember(&self, search: Search, read: &[u64]) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.get_mut(&search) {
            Some(known) => {
                known.clear();
                known.extend_from_slice(read);
            }
            None => {
                entries.insert(search, read.to_vec());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_known_to_fail_only_on_the_same_inputs() {
        let failed = Failed::default();
        let pair = Search::SumPair(1, 2);
        assert!(!failed.known(pair, &[0b11, 0b101]));
        failed.remember(pair, &[0b11, 0b101]);
        assert!(failed.known(pair, &[0b11, 0b101]));
        assert!(!failed.known(pair, &[0b11, 0b100]));
        assert!(!failed.known(Search::SumPair(2, 1), &[0b11, 0b101]));
        failed.remember(pair, &[0b11, 0b100]);
        assert!(failed.known(pair, &[0b11, 0b100]));
        assert!(!failed.known(pair, &[0b11, 0b101]));
    }
}
