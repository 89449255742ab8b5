//! What the costly searches tried and found nothing with, remembered by what they read.
//!
//! The logic looks for the easiest step again after every step, and a costly search (two sums
//! filled together, a contradiction chain from one candidate) reads only part of the state,
//! which the step before seldom touched. A search that found nothing is remembered with what tells it that it would find nothing again: the candidates it read
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
    chains: Mutex<Chains>,
}

/// The contradiction chains that found nothing, by start: what each read.
///
/// Invariant: `read[key]`, when some, is what the chain of `key` ([`Chains::key`]) read the
/// last time it was followed and found no contradiction within `rounds` rounds: followed
/// again from a state whose options and items read the same ([`ChainRead::holds`]), it does
/// the same (it is deterministic in what it reads) and finds none within `rounds` rounds or
/// fewer (a chain given fewer rounds does a prefix of the same work).
#[derive(Debug, Default)]
pub(super) struct Chains {
    read: Vec<Option<ChainRead>>,
}

/// What one contradiction chain read, when it found nothing.
///
/// Invariant: `live` has bits only within `options`, `covered` only within `items`.
#[derive(Debug, Clone, Default)]
pub(super) struct ChainRead {
    /// The rounds it was given; `usize::MAX` when its forced options came to a rest (no
    /// contradiction at any depth).
    pub(super) rounds: usize,
    /// The options whose liveness it read (bit per option), and which of those were live.
    pub(super) options: Vec<u64>,
    pub(super) live: Vec<u64>,
    /// The primary items whose covering it read (bit per item), and which of those were
    /// covered.
    pub(super) items: Vec<u64>,
    pub(super) covered: Vec<u64>,
}

impl ChainRead {
    /// Whether a state with these live options and covered items reads what the chain read.
    pub(super) fn holds(&self, live: &[u64], covered: &[bool]) -> bool {
        let options = self.options.iter().zip(&self.live).zip(live);
        options.into_iter().all(|((&r, &was), &now)| now & r == was)
            && self.items.iter().enumerate().all(|(w, &r)| {
                let mut now = 0u64;
                let mut bits = r;
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    now |= u64::from(covered[w * 64 + b]) << b;
                }
                now == self.covered[w]
            })
    }
}

impl Chains {
    /// The key of a chain: its start (an option) and whether it drops what dominations rule out.
    pub(super) fn key(start: usize, dominations: bool) -> usize {
        2 * start + usize::from(dominations)
    }

    /// Whether the chain of `key`, given `rounds` rounds, is known to find nothing on a state
    /// with these live options and covered items.
    pub(super) fn fails(&self, key: usize, rounds: usize, live: &[u64], covered: &[bool]) -> bool {
        self.read
            .get(key)
            .and_then(Option::as_ref)
            .is_some_and(|read| rounds <= read.rounds && read.holds(live, covered))
    }

    /// Remembers that the chain of `key` found nothing within `rounds` rounds, having read
    /// `read` (its own `rounds` are set here), in place of what it left before.
    pub(super) fn remember(&mut self, key: usize, rounds: usize, read: &ChainRead) {
        if self.read.len() <= key {
            self.read.resize(key + 1, None);
        }
        let slot = &mut self.read[key];
        if let Some(old) = slot {
            old.rounds = rounds;
            old.options.clone_from(&read.options);
            old.live.clone_from(&read.live);
            old.items.clone_from(&read.items);
            old.covered.clone_from(&read.covered);
        } else {
            let mut new = read.clone();
            new.rounds = rounds;
            *slot = Some(new);
        }
    }
}

impl Failed {
    /// What `search` left when it last found nothing (`None`: it was not asked, or found a
    /// step), handed to `f`.
    pub(super) fn with<R>(&self, search: Search, f: impl FnOnce(Option<&[u64]>) -> R) -> R {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        f(entries.get(&search).map(Vec::as_slice))
    }

    /// The contradiction chains' memory, handed to `f` (held for the whole of `f`).
    pub(super) fn chains<R>(&self, f: impl FnOnce(&mut Chains) -> R) -> R {
        let mut chains = self.chains.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut chains)
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
