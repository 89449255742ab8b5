//! Overlapping sums: two sums the rules promise (killer cages, the 45 rule's derived sums,
//! arrows, little killers, any promised sum) that share cells, filled together.
//!
//! Each sum alone keeps the candidates some filling of its cells reaching its target uses
//! (`rule_sums.rs`). Two sums over shared cells constrain each other: a cage of 10 over
//! `r1c1 r1c2` and an innie sum `r1c2 + r2c2 = 7` fix together what neither fixes alone, as a
//! killer solver splits a cage by the 45 rule. A candidate of the cells of either goes when
//! no filling of *both* sums' cells (cells that see one another holding different digits)
//! reaches both targets with it.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::failed::Search;
use super::fillings::WordHasher;
use super::mask::{bit, digits_of};
use super::rule_sums::RuleSum;
use super::state::State;
use super::step::Step;
use super::technique::Technique;

/// Most cells of the two sums together: the walk's state is a position, two partial sums and
/// the digits of the current group of cells that see one another.
const MAX_CELLS: usize = 10;

/// Most states of the walk for one pair: a pair whose walk would take more is left alone
/// (the step stays quick on wide-open candidates, where a pair seldom rules anything out).
const MAX_STATES: usize = 3_000;

/// Most cells of each sum of a pair: the 45 rule's larger sums (up to 9 cells, promised to the
/// search) make many pairs that seldom rule anything out, and would make the step slow.
const MAX_TERMS: usize = 6;

/// The first word of what [`Failed`](super::failed::Failed) holds for a pair whose walk found
/// nothing: the inputs it read follow (a walk cut short, or without a filling).
const INPUTS: u64 = 0;

/// The first word of what a pair's walk that found nothing leaves: the fillings it found
/// follow ([`pack`]ed), which use every candidate of the pair's cells.
const FILLINGS: u64 = 1;

/// Two sums filled together.
///
/// Invariants: `order` holds each cell of either sum once, in groups of cells that all see
/// one another (`starts[k]` when `order[k]` begins one); `weights[k]` is the cell's weight
/// in each sum (0 when not in it); `least[k]`, `most[k]` bound what cells `order[k..]` add to
/// each sum.
struct Joint {
    order: Vec<usize>,
    starts: Vec<bool>,
    weights: Vec<[i64; 2]>,
    masks: Vec<u64>,
    targets: [i64; 2],
    least: Vec<[i64; 2]>,
    most: Vec<[i64; 2]>,
    support: Vec<u64>,
    memo: Memo,
    /// Whether the walk went over [`MAX_STATES`] (its support is then unusable).
    over: bool,
    /// The digits of the cells before the walk's current one (`digits[..k]` at cell `k`).
    digits: Vec<u8>,
    /// Fillings of both sums found by the walk ([`pack`]ed), one at least for every digit
    /// of `support`.
    fillings: Vec<u64>,
    /// How many fillings through each cell's digit (`witnesses[k * 64 + d]`) are in
    /// `fillings`: at most [`WITNESSES`].
    witnesses: Vec<u8>,
}

/// The states of a walk that were asked whether they complete, with the answer.
type Memo = HashMap<(usize, i64, i64, u64), bool, BuildHasherDefault<WordHasher>>;

/// Fillings kept through every digit of every cell: a step removes a candidate that some
/// fillings used; with several kept, others often remain, and the pair need not be walked
/// again.
const WITNESSES: u8 = 4;

/// Bits of a cell's digit in a packed filling: [`MAX_CELLS`] cells fit in a word.
const DIGIT_BITS: usize = 6;

/// A filling of a pair's cells (the digit of `order[k]` at `digits[k]`) as one word.
fn pack(digits: &[u8]) -> u64 {
    (digits.iter().enumerate()).fold(0, |word, (k, &d)| word | u64::from(d) << (DIGIT_BITS * k))
}

/// Whether the fillings still possible under `masks` (each cell's digit among its mask's)
/// use every digit of every mask: then the pair's walk would rule nothing out.
fn covered(fillings: &[u64], masks: &[u64]) -> bool {
    let mut cover = vec![0u64; masks.len()];
    let digit = |word: u64, k: usize| (word >> (DIGIT_BITS * k) & 63) as u8;
    for &word in fillings {
        if (0..masks.len()).all(|k| masks[k] & bit(digit(word, k)) != 0) {
            for (k, c) in cover.iter_mut().enumerate() {
                *c |= bit(digit(word, k));
            }
        }
    }
    cover == masks
}

impl Joint {
    /// The joint walk of sums `a` and `b`, `None` when they share no cell or are too large.
    fn new(state: &State, a: &RuleSum, b: &RuleSum) -> Option<Joint> {
        let (ta, tb) = (&a.promise.terms, &b.promise.terms);
        if !ta.iter().any(|&(p, _)| tb.iter().any(|&(q, _)| p == q)) {
            return None;
        }
        let mut cells: Vec<(usize, [i64; 2])> = Vec::new();
        for (side, terms) in [ta, tb].into_iter().enumerate() {
            for &(p, w) in terms {
                match cells.iter_mut().find(|(q, _)| *q == p) {
                    Some((_, weights)) => weights[side] = w,
                    None => {
                        let mut weights = [0; 2];
                        weights[side] = w;
                        cells.push((p, weights));
                    }
                }
            }
        }
        if ta.len() > MAX_TERMS
            || tb.len() > MAX_TERMS
            || cells.len() > MAX_CELLS
            || cells.len() == ta.len().max(tb.len()) && ta.len() == tb.len()
        {
            // Too large, or the same cells twice (nothing to gain over each alone).
            return None;
        }
        // Greedy groups of cells that all see one another.
        let mut groups: Vec<Vec<(usize, [i64; 2])>> = Vec::new();
        for cell in cells {
            match groups
                .iter_mut()
                .find(|g| g.iter().all(|&(q, _)| state.sees(q, cell.0)))
            {
                Some(group) => group.push(cell),
                None => groups.push(vec![cell]),
            }
        }
        let mut order = Vec::new();
        let mut starts = Vec::new();
        let mut weights = Vec::new();
        for group in groups {
            for (i, (p, w)) in group.into_iter().enumerate() {
                order.push(p);
                starts.push(i == 0);
                weights.push(w);
            }
        }
        let masks: Vec<u64> = order
            .iter()
            .map(|&p| match state.values[p] {
                0 => state.candidates[p],
                d => bit(d),
            })
            .collect();
        let len = order.len();
        let mut least = vec![[0i64; 2]; len + 1];
        let mut most = vec![[0i64; 2]; len + 1];
        for k in (0..len).rev() {
            for side in 0..2 {
                let values = digits_of(masks[k]).map(|d| weights[k][side] * i64::from(d));
                let (lo, hi) =
                    values.fold((i64::MAX, i64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
                if lo > hi {
                    return None;
                }
                least[k][side] = least[k + 1][side] + lo;
                most[k][side] = most[k + 1][side] + hi;
            }
        }
        Some(Joint {
            support: vec![0; len],
            order,
            starts,
            weights,
            masks,
            targets: [a.promise.target, b.promise.target],
            least,
            most,
            memo: HashMap::default(),
            over: false,
            digits: vec![0; len],
            fillings: Vec::new(),
            witnesses: vec![0; len * 64],
        })
    }

    /// Whether cells `order[k..]` can complete partial sums `sums`, the current group's cells
    /// avoiding `used`; marks the digits of the completions found.
    fn complete(&mut self, k: usize, sums: [i64; 2], used: u64) -> bool {
        let key = match self.state(k, sums, used) {
            Err(settled) => return settled,
            Ok(key) => key,
        };
        let used = key.3;
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        if self.memo.len() >= MAX_STATES {
            // Over budget: the walk is abandoned, its support not to be used.
            self.over = true;
            return true;
        }
        let mut any = false;
        for d in digits_of(self.masks[k] & !used) {
            let w = self.weights[k];
            let next = [sums[0] + w[0] * i64::from(d), sums[1] + w[1] * i64::from(d)];
            self.digits[k] = d;
            if self.complete(k + 1, next, used | bit(d)) {
                let seen = &mut self.witnesses[k * 64 + usize::from(d)];
                if *seen < WITNESSES && !self.over {
                    // A filling through this digit: the path so far, and any completion.
                    *seen += 1;
                    self.finish(k + 1, next, used | bit(d));
                    self.fillings.push(pack(&self.digits));
                }
                self.support[k] |= bit(d);
                any = true;
            }
        }
        self.memo.insert(key, any);
        any
    }

    /// Whether the walk found that cells `order[k..]` complete partial sums `sums` (the
    /// current group avoiding `used`): within bounds, and the end or a state known to
    /// complete.
    fn completes(&self, k: usize, sums: [i64; 2], used: u64) -> bool {
        match self.state(k, sums, used) {
            Err(settled) => settled,
            Ok(key) => self.memo.get(&key) == Some(&true),
        }
    }

    /// The walk's state at cell `order[k]` with partial sums `sums` (`used` forgotten where a
    /// group starts), or, as `Err`, whether it is settled without one: out of bounds (false)
    /// or every cell filled (true). Shared by [`Self::complete`] and [`Self::completes`].
    fn state(&self, k: usize, sums: [i64; 2], used: u64) -> Result<(usize, i64, i64, u64), bool> {
        for (side, &sum) in sums.iter().enumerate() {
            let rest = self.targets[side] - sum;
            if rest < self.least[k][side] || rest > self.most[k][side] {
                return Err(false);
            }
        }
        if k == self.order.len() {
            return Err(true);
        }
        let used = if self.starts[k] { 0 } else { used };
        Ok((k, sums[0], sums[1], used))
    }

    /// Writes into `digits[k..]` a completion of partial sums `sums` that the walk found
    /// ([`Joint::completes`] holds for the state).
    fn finish(&mut self, k: usize, sums: [i64; 2], used: u64) {
        let (mut sums, mut used) = (sums, used);
        for k in k..self.order.len() {
            let free = if self.starts[k] { 0 } else { used };
            let w = self.weights[k];
            let step = |d: u8| [sums[0] + w[0] * i64::from(d), sums[1] + w[1] * i64::from(d)];
            let d = digits_of(self.masks[k] & !free)
                .find(|&d| self.completes(k + 1, step(d), free | bit(d)))
                .expect("a state known to complete has a child that does");
            self.digits[k] = d;
            sums = step(d);
            used = free | bit(d);
        }
    }
}

impl State<'_> {
    /// The first pair of promised sums sharing cells whose joint fillings rule out a
    /// candidate, as a step (see the module documentation).
    pub(super) fn overlapping_sums(&self) -> Option<Step> {
        let sums = &self.sums;
        let mut of: Vec<Vec<usize>> = vec![Vec::new(); self.values.len()];
        for (k, sum) in sums.iter().enumerate() {
            for &(p, _) in &sum.promise.terms {
                of[p].push(k);
            }
        }
        let open = |sum: &RuleSum| sum.promise.terms.iter().any(|&(p, _)| self.values[p] == 0);
        let mut memo = Memo::default();
        for (i, a) in sums.iter().enumerate() {
            if !open(a) || a.promise.terms.len() > MAX_TERMS {
                continue;
            }
            let mut partners: Vec<usize> = a
                .promise
                .terms
                .iter()
                .flat_map(|&(p, _)| of[p].iter().copied())
                .filter(|&j| j > i)
                .collect();
            partners.sort_unstable();
            partners.dedup();
            for j in partners {
                let b = &sums[j];
                let Some(mut joint) = Joint::new(self, a, b) else {
                    continue;
                };
                // The walks' memos share one table, emptied between pairs (its room kept).
                memo.clear();
                joint.memo = std::mem::take(&mut memo);
                // What the walk reads: the cells' digits, and which of them are placed.
                let mut read: Vec<u64> = vec![INPUTS];
                read.extend(
                    (joint.order.iter().zip(&joint.masks))
                        .map(|(&p, &mask)| mask | u64::from(self.values[p] != 0) << 63),
                );
                let search = Search::SumPair(i as u32, j as u32);
                let known = self.failed.with(search, |known| match known {
                    Some([INPUTS, inputs @ ..]) => inputs == &read[1..],
                    Some([FILLINGS, fillings @ ..]) => covered(fillings, &joint.masks),
                    _ => false,
                });
                if known {
                    continue;
                }
                joint.complete(0, [0, 0], 0);
                memo = std::mem::take(&mut joint.memo);
                if joint.over || joint.support.contains(&0) {
                    // Too long a walk, or no joint filling (the puzzle is broken here, which
                    // other checks report): nothing found on these inputs.
                    self.failed.remember(search, &read);
                    continue;
                }
                let eliminations: Vec<_> = joint
                    .order
                    .iter()
                    .zip(&joint.support)
                    .filter(|&(&p, _)| self.values[p] == 0)
                    .flat_map(|(&p, &keep)| {
                        digits_of(self.candidates[p] & !keep).map(move |d| (self.cell(p), d))
                    })
                    .collect();
                if eliminations.is_empty() {
                    // Nothing found while these fillings stay possible.
                    let mut fillings = vec![FILLINGS];
                    fillings.extend_from_slice(&joint.fillings);
                    self.failed.remember(search, &fillings);
                    continue;
                }
                let words = |sum: &RuleSum| {
                    let families = self.rules.constraints();
                    families.all()[sum.promise.family].words(sum.promise.instance)
                };
                let units = vec![
                    words(a),
                    a.equation(|p| self.cell(p)),
                    words(b),
                    b.equation(|p| self.cell(p)),
                ];
                return Some(Step {
                    technique: Technique::OverlappingSums,
                    placements: Vec::new(),
                    eliminations,
                    units,
                    cells: joint.order.iter().map(|&p| self.cell(p)).collect(),
                    digits: Vec::new(),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::{Cell, Grid};
    use crate::sudoku::logic::mask::digits_of;
    use crate::sudoku::logic::state::State;
    use crate::sudoku::logic::technique::Technique;
    use crate::sudoku::{Cage, Rules, Spec};

    fn cage(sum: u32, cells: &[(usize, usize)]) -> Cage {
        Cage {
            sum,
            cells: cells.iter().map(|&(row, col)| Cell { row, col }).collect(),
        }
    }

    /// The fillings a walk keeps are fillings of both sums, one at least through every digit
    /// it supports; they tell a later call that nothing goes while they stay possible, and
    /// not once one digit they alone used is gone.
    #[test]
    fn the_fillings_kept_fill_both_sums_and_stand_for_the_walk() {
        // Cage 1: r1c1 + r1c2 = 10; cage 2: r1c2 + r2c2 + r3c2 = 12 (column 2, box 1).
        let cages = vec![
            cage(10, &[(0, 0), (0, 1)]),
            cage(12, &[(0, 1), (1, 1), (2, 1)]),
        ];
        let rules = Rules::new(Spec::new(9).with(|c| c.cage.cages = cages)).unwrap();
        let state = State::new(&rules, &Grid::empty(9)).unwrap();
        let (a, b) = (&state.sums[0], &state.sums[1]);
        let mut joint = Joint::new(&state, a, b).expect("the cages share r1c2");
        assert!(joint.complete(0, [0, 0], 0) && !joint.over);
        let digit = |word: u64, k: usize| (word >> (DIGIT_BITS * k) & 63) as u8;
        let mut used = vec![0u64; joint.order.len()];
        for &word in &joint.fillings {
            let mut sums = [0i64; 2];
            for (k, &p) in joint.order.iter().enumerate() {
                let d = digit(word, k);
                assert!(joint.masks[k] & bit(d) != 0);
                for (j, &q) in joint.order.iter().enumerate().take(k) {
                    assert!(!state.sees(p, q) || digit(word, j) != d, "{word:x}");
                }
                sums[0] += joint.weights[k][0] * i64::from(d);
                sums[1] += joint.weights[k][1] * i64::from(d);
                used[k] |= bit(d);
            }
            assert_eq!(sums, joint.targets);
        }
        assert_eq!(used, joint.support);
        assert!(covered(&joint.fillings, &joint.support));
        // Without a digit some cell needs a filling through, the fillings say nothing.
        let mut fewer = joint.support.clone();
        fewer[0] &= !bit(digit(joint.fillings[0], 0));
        let left = joint
            .fillings
            .iter()
            .filter(|&&w| fewer[0] & bit(digit(w, 0)) != 0);
        if left.count() < joint.fillings.len() {
            let gone = (0..joint.order.len()).any(|k| {
                let kept = joint
                    .fillings
                    .iter()
                    .filter(|&&w| (0..fewer.len()).all(|j| fewer[j] & bit(digit(w, j)) != 0));
                kept.fold(0, |acc, &w| acc | bit(digit(w, k))) != fewer[k]
            });
            assert_eq!(covered(&joint.fillings, &fewer), !gone);
        }
    }

    #[test]
    fn two_cages_sharing_a_cell_are_filled_together() {
        // Cage 1: r1c1 + r1c2 + r1c3 = 6 (1, 2, 3); cage 2: r1c3 + r2c3 = 5. r2c3 sees r1c1
        // and r1c2 (box 1), so it is 4 or r1c3's own digit: 5 - r1c3 is 4 only for r1c3 = 1.
        let cages = vec![
            cage(6, &[(0, 0), (0, 1), (0, 2)]),
            cage(5, &[(0, 2), (1, 2)]),
        ];
        let rules = Rules::new(Spec::new(9).with(|c| c.cage.cages = cages)).unwrap();
        let state = State::new(&rules, &Grid::empty(9)).unwrap();
        let step = state.overlapping_sums().expect("the cages meet at r1c3");
        assert_eq!(step.technique, Technique::OverlappingSums);
        let left = |p: usize| {
            let cell = Cell::from_index(p, 9);
            let gone: u64 = step
                .eliminations
                .iter()
                .filter(|e| e.0 == cell)
                .fold(0, |acc, e| acc | 1 << (e.1 - 1));
            digits_of(state.candidates[p] & !gone).collect::<Vec<u8>>()
        };
        assert_eq!(left(2), [1]);
        assert_eq!(left(11), [4]);
        assert_eq!(left(0), [2, 3]);
        assert!(
            step.to_string().ends_with(
                "overlapping sums cage 1: r1c1 + r1c2 + r1c3 = 6 and cage 2: r1c3 + r2c3 = 5"
            ),
            "{step}"
        );
    }
}
