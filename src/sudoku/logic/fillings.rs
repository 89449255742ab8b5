//! The fillings of a weighted sum of cells: which digits of each cell some way of filling the
//! cells from their candidates, reaching the target, uses. One walk for every sum the logic
//! reasons with: the sums the rules promise (`rule_sums.rs`: arrows, little killers, cages)
//! and the killer family's own steps (`rules/cages/cage_logic.rs`: cage combinations, the 45
//! rule).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use super::mask::{bit, digits_of};

/// How the terms of a sum are walked: in groups of terms that must all hold different digits
/// (cells that see one another), each group one after the other.
///
/// Invariants: `order` is a permutation of `0..len` (the terms), in groups; `starts[k]` is
/// true when `order[k]` begins a group, and `starts[0]` is true when there are terms.
/// `last`, when set, holds the weights, target and masks of the last call of
/// [`Fillings::supported`] with what it returned: the answer is a function of them alone.
#[derive(Debug)]
pub(crate) struct Fillings {
    order: Vec<usize>,
    starts: Vec<bool>,
    last: Mutex<Option<Last>>,
}

/// A call of [`Fillings::supported`] and its answer.
#[derive(Debug)]
struct Last {
    weights: Vec<i64>,
    target: i64,
    masks: Vec<u64>,
    support: Vec<u64>,
}

impl Clone for Fillings {
    /// The same walk, without the remembered answer.
    fn clone(&self) -> Fillings {
        Fillings {
            order: self.order.clone(),
            starts: self.starts.clone(),
            last: Mutex::new(None),
        }
    }
}

impl Fillings {
    /// The walk of `len` terms, grouped greedily (in order, each term joining the first group
    /// whose every term it must differ from) by `differ`, which says whether terms `i` and
    /// `j` must hold different digits.
    pub(crate) fn new(len: usize, differ: impl Fn(usize, usize) -> bool) -> Fillings {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for k in 0..len {
            match groups.iter_mut().find(|g| g.iter().all(|&j| differ(j, k))) {
                Some(group) => group.push(k),
                None => groups.push(vec![k]),
            }
        }
        let mut order = Vec::with_capacity(len);
        let mut starts = Vec::with_capacity(len);
        for group in groups {
            for (i, &k) in group.iter().enumerate() {
                order.push(k);
                starts.push(i == 0);
            }
        }
        Fillings {
            order,
            starts,
            last: Mutex::new(None),
        }
    }

    /// The walk of `len` terms that all differ (`distinct`) or none of which need to.
    pub(crate) fn all(len: usize, distinct: bool) -> Fillings {
        Fillings::new(len, |_, _| distinct)
    }

    /// For each term, the digits of its mask (`masks[i]`) that some filling uses in which the
    /// terms, times their `weights`, add up to `target` (different digits within each
    /// group). All zero when no filling reaches the target.
    ///
    /// # Complexity
    ///
    /// Memoised on (term, partial sum, digits of the current group): at most terms x partial
    /// sums x subsets of the digits, far fewer in practice (a group is a handful of cells).
    /// A call with the same weights, target and masks as the one before is answered from
    /// memory (the logic asks every sum again at every step; most have not changed).
    pub(crate) fn supported(&self, weights: &[i64], target: i64, masks: &[u64]) -> Vec<u64> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = last
            .as_ref()
            .filter(|l| l.target == target && l.weights == weights && l.masks == masks)
        {
            return known.support.clone();
        }
        let mut walk = Walk {
            fillings: self,
            weights,
            target,
            masks,
            support: vec![0u64; masks.len()],
            memo: HashMap::default(),
        };
        walk.complete(0, 0, 0);
        *last = Some(Last {
            weights: weights.to_vec(),
            target,
            masks: masks.to_vec(),
            support: walk.support.clone(),
        });
        walk.support
    }
}

/// One walk of [`Fillings::supported`], with what it found so far.
struct Walk<'a> {
    fillings: &'a Fillings,
    weights: &'a [i64],
    target: i64,
    masks: &'a [u64],
    support: Vec<u64>,
    memo: HashMap<(usize, i64, u64), bool, BuildHasherDefault<WordHasher>>,
}

/// A hasher for keys of a few machine words (the walk's memo): a multiply and a rotate per
/// word, as rustc's own `FxHasher`; the default SipHash took half the time of a killer's
/// explanation. Not for keys an adversary picks.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // A word at a time (a slice of words, such as a list of masks, is hashed as its
        // bytes), the bytes past the last whole word one by one.
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_i64(&mut self, word: i64) {
        self.write_u64(word as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

impl Walk<'_> {
    /// Whether terms `order[k..]` can complete partial sum `sum`, the current group's terms
    /// avoiding `used`; marks the digits of the completions found in `support`.
    fn complete(&mut self, k: usize, sum: i64, used: u64) -> bool {
        let fillings = self.fillings;
        if k == fillings.order.len() {
            return sum == self.target;
        }
        let used = if fillings.starts[k] { 0 } else { used };
        if let Some(&known) = self.memo.get(&(k, sum, used)) {
            return known;
        }
        let i = fillings.order[k];
        let w = self.weights[i];
        let mut any = false;
        for d in digits_of(self.masks[i] & !used) {
            if self.complete(k + 1, sum + w * i64::from(d), used | bit(d)) {
                self.support[i] |= bit(d);
                any = true;
            }
        }
        self.memo.insert((k, sum, used), any);
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_terms_keep_the_digits_of_their_sets() {
        // Three cells adding up to 7 are 1, 2, 4; with the first 4 the others are 1 and 2.
        let cage = Fillings::all(3, true);
        let ones = [1; 3];
        assert_eq!(cage.supported(&ones, 7, &[0x1ff; 3]), [0b1011; 3]);
        assert_eq!(
            cage.supported(&ones, 7, &[0b1000, 0x1ff, 0x1ff]),
            [0b1000, 0b11, 0b11]
        );
        assert_eq!(cage.supported(&ones, 7, &[0b1, 0b1, 0x1ff]), [0, 0, 0]);
        // Not distinct: 2 + 2 + 3 is a filling too.
        let free = Fillings::all(3, false);
        assert_eq!(
            free.supported(&ones, 7, &[0b10, 0b10, 0x1ff]),
            [0b10, 0b10, 0b100]
        );
    }

    #[test]
    fn groups_differ_within_and_not_between() {
        // Terms 0 and 1 see each other, term 2 sees neither: 0 and 1 form a group.
        let sees = |a: usize, b: usize| a.min(b) == 0 && a.max(b) == 1;
        let fillings = Fillings::new(3, sees);
        assert_eq!(fillings.order, [0, 1, 2]);
        assert_eq!(fillings.starts, [true, false, true]);
        // Adding up to 4 from {1, 2} each: 1 + 2 + 1 or 2 + 1 + 1; term 2 can only be 1.
        let kept = fillings.supported(&[1; 3], 4, &[0b11; 3]);
        assert_eq!(kept, [0b11, 0b11, 0b1]);
        // With weights: r1 - r2 = 0 keeps what balances.
        let balance = Fillings::all(2, false);
        assert_eq!(balance.supported(&[1, -1], 0, &[0b011, 0b110]), [0b10; 2]);
    }
}
