//! What the costly searches tried and found nothing with, remembered by what they read.
//!
//! The logic looks for the easiest step again after every step, and a costly search (two sums
//! filled together, a contradiction chain from one candidate) reads only part of the state,
//! which the step before seldom touched. A search that found nothing is remembered with what
//! tells it that it would find nothing again: the candidates it read
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
    walks: Mutex<Walks>,
}

/// The combinations the walks through the fillings of a promised sum kept of its terms'
/// digits, by the sum (its index in the state's sums) and the digits, as one list (the
/// index first, then the digits: looked up by a slice, without a list made for the key):
/// what [`RuleSum::combinations`](super::rule_sums::RuleSum::combinations) keeps of them,
/// `None` when some term keeps none.
///
/// Invariant: a pure function of its key (the sums are the rules', the same for every state
/// that shares this memory); it holds at most [`WALKS_KEPT`] entries.
pub(super) type Walks = HashMap<Vec<u64>, Option<Vec<u64>>, BuildHasherDefault<WordHasher>>;

/// The walks [`Walks`] keeps before it starts afresh: about 20 MB on a 9x9 (an entry is two
/// lists of nine words and a map slot).
pub(super) const WALKS_KEPT: usize = 100_000;

/// The contradiction chains that found nothing, by start: what each read.
///
/// Invariant: `read[key]`, when some, is what the chain of `key` (its start and its ways, as
/// the chains number them) read the last time it was followed and found no contradiction
/// within `rounds` rounds: followed again from a state whose options and items read the same
/// ([`ChainRead::holds`]), it does the same work (it is deterministic in what it reads, its
/// work included) and finds none within `rounds` rounds or fewer (a chain given fewer rounds
/// does a prefix of the same work).
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
    /// The work it took.
    pub(super) work: u64,
    /// The options whose liveness it read (bit per option), and which of those were live.
    pub(super) options: Vec<u64>,
    pub(super) live: Vec<u64>,
    /// The primary items whose covering it read (bit per item), and which of those were
    /// covered.
    pub(super) items: Vec<u64>,
    pub(super) covered: Vec<u64>,
}

impl ChainRead {
    /// Nothing read yet, over `options` options and `items` items.
    pub(super) fn new(options: usize, items: usize) -> ChainRead {
        ChainRead {
            rounds: 0,
            work: 0,
            options: vec![0; options.div_ceil(64)],
            live: vec![0; options.div_ceil(64)],
            items: vec![0; items.div_ceil(64)],
            covered: vec![0; items.div_ceil(64)],
        }
    }

    /// Whether a state with these live options and covered items reads what the chain read.
    pub(super) fn holds(&self, live: &[u64], covered: &[bool]) -> bool {
        let options = self.options.iter().zip(&self.live).zip(live);
        options.into_iter().all(|((&r, &was), &now)| now & r == was)
            && self
                .items
                .iter()
                .enumerate()
                .all(|(w, &r)| covered_word(covered, w, r) == self.covered[w])
    }

    /// Takes the values of what was read from a state with these live options and covered
    /// items.
    pub(super) fn seal(&mut self, live: &[u64], covered: &[bool]) {
        for ((l, &r), &v) in self.live.iter_mut().zip(&self.options).zip(live) {
            *l = r & v;
        }
        for (w, (c, &r)) in self.covered.iter_mut().zip(&self.items).enumerate() {
            *c = covered_word(covered, w, r);
        }
    }
}

/// Word `w` of the covered items as bits, within the bits of `read`.
fn covered_word(covered: &[bool], w: usize, read: u64) -> u64 {
    let mut now = 0u64;
    let mut bits = read;
    while bits != 0 {
        let b = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        now |= u64::from(covered[w * 64 + b]) << b;
    }
    now
}

impl Chains {
    /// The work of the chain of `key`, given `rounds` rounds, when it is known to find nothing
    /// on a state with these live options and covered items.
    pub(super) fn fails(
        &self,
        key: usize,
        rounds: usize,
        live: &[u64],
        covered: &[bool],
    ) -> Option<u64> {
        let read = self.read.get(key)?.as_ref()?;
        (rounds <= read.rounds && read.holds(live, covered)).then_some(read.work)
    }

    /// Remembers that the chain of `key` found nothing within `rounds` rounds, with `work`,
    /// having read `read` (its own `rounds` and `work` are set here), in place of what it
    /// left before.
    pub(super) fn remember(&mut self, key: usize, rounds: usize, work: u64, read: &ChainRead) {
        if self.read.len() <= key {
            self.read.resize(key + 1, None);
        }
        let slot = &mut self.read[key];
        match slot {
            Some(old) => old.clone_from(read),
            None => *slot = Some(read.clone()),
        }
        if let Some(new) = slot {
            new.rounds = rounds;
            new.work = work;
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

    /// The walks through the fillings of the promised sums, handed to `f` (held for the whole
    /// of `f`).
    pub(super) fn walks<R>(&self, f: impl FnOnce(&mut Walks) -> R) -> R {
        let mut walks = self.walks.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut walks)
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

    #[test]
    fn a_chain_is_skipped_only_while_what_it_read_reads_the_same() {
        let mut chains = Chains::default();
        let mut read = ChainRead::new(128, 3);
        read.options = vec![0b1010, 1];
        read.items = vec![0b100];
        let live = [0b1110, 1];
        let covered = [false, true, true];
        read.seal(&live, &covered);
        assert_eq!(read.live, vec![0b1010, 1]);
        assert_eq!(read.covered, vec![0b100]);
        assert_eq!(chains.fails(7, 6, &live, &covered), None);
        chains.remember(7, 6, 40, &read);
        assert_eq!(chains.fails(7, 6, &live, &covered), Some(40));
        assert_eq!(chains.fails(7, 5, &live, &covered), Some(40));
        assert_eq!(chains.fails(7, 12, &live, &covered), None);
        assert_eq!(chains.fails(6, 6, &live, &covered), None);
        // An option it did not read may change; one it read may not.
        assert_eq!(chains.fails(7, 6, &[0b1011, 1], &covered), Some(40));
        assert_eq!(chains.fails(7, 6, &[0b0110, 1], &covered), None);
        assert_eq!(chains.fails(7, 6, &live, &[true, true, true]), Some(40));
        assert_eq!(chains.fails(7, 6, &live, &[false, true, false]), None);
    }
}
