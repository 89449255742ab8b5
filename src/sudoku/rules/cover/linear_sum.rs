//! Sums along sequences of cells, compiled into the exact cover as a chain of colored items
//! (a finite automaton): the piece every sum constraint (arrows, little killers, ...) builds
//! on.
//!
//! A [`LinearSum`] asks `w_1 x_1 + ... + w_k x_k = target` of the digits `x_i` of cells
//! `c_1..c_k` (weights may be negative: an arrow's shaft is `+1` per cell and its circle `-1`,
//! a two-cell pill `-10` and `-1`). The encoding walks the cells in order with one secondary
//! item `P_i` per prefix whose color is the partial sum `s_i = w_1 x_1 + ... + w_i x_i`:
//! - the first cell's option "`c_1` holds `d`" takes `P_1` in color `w_1 d`;
//! - the last cell's option "`c_k` holds `d`" takes `P_{k-1}` in color `target - w_k d`;
//! - a middle cell `c_i` gets a secondary item `D_i`, colored `d` in its option "`c_i` holds
//!   `d`", and a primary item `T_i` with one *transition* option
//!   `{T_i, D_i:d, P_{i-1}:s, P_i:s + w_i d}` per partial sum `s` and digit `d`.
//!
//! Only partial sums both reachable from 0 and able to reach the target with the remaining
//! cells are states, so that a cell option no path uses is left out and a transition with no
//! partner fails at once (its `T_i` has no option left): the search keeps the partial sums
//! within bounds. Counting stays exact: Algorithm C searches colored problems without the
//! memo, and every solution of the sudoku has exactly one choice of transitions.
//!
//! A chain tells a cell little until its neighbours in the chain are placed, so the families
//! also add what a sum says about any two of its cells as pairs ([`LinearSum::pairs`]): the
//! digits `(d, e)` with which the other cells, each within its digits and different where
//! they share a unit, can still make up the rest. A pair prunes the partner's candidates as
//! soon as one cell is placed, wherever it is in the chain; a digit that no digit of some
//! partner goes with is left out before the search ([`LinearSum::tables`]); both are worked
//! out in [`crate::sudoku::rules::cover::linear_pairs`].

use std::collections::BTreeSet;

use crate::xc::Color;

use crate::sudoku::rules::constraint::{allowed_by_trial, Reference};
use crate::sudoku::rules::cover::encoder::{full_mask, Encoder};

/// A weighted sum of cells that must equal a target (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinearSum {
    /// The cells (positions, each once) and their weights.
    pub terms: Vec<(usize, i64)>,
    /// The target.
    pub target: i64,
}

/// The automaton of a sum: for each prefix length `i` (0..=k), the partial sums that are
/// reachable from 0 and can still reach the target.
#[derive(Debug, Clone)]
pub(super) struct States {
    /// `states[i]`: the partial sums after `i` terms.
    pub(super) states: Vec<BTreeSet<i64>>,
}

impl States {
    pub(super) fn new(sum: &LinearSum, n: usize) -> States {
        States::within(sum, &vec![full_mask(n); sum.terms.len()])
    }

    /// The states when term `i` holds a digit of `digits[i]` (bit `d - 1` for digit `d`).
    ///
    /// # Complexity
    ///
    /// Each layer is marked on a table of the partial sums between its least and greatest
    /// (not sorted as a set): about `k * s * n` steps for `k` terms of `s` states each, which
    /// for an arrow whose shaft crosses the whole grid (81 cells, states up to 405) is a few
    /// hundred thousand (sorting each layer as a set took most of the time to read it).
    pub(super) fn within(sum: &LinearSum, digits: &[u64]) -> States {
        let k = sum.terms.len();
        let of = |i: usize| {
            let top = 64 - i64::from(digits[i].leading_zeros());
            (1..=top).filter(move |d| digits[i] >> (d - 1) & 1 == 1)
        };
        let mut forward = vec![BTreeSet::from([0i64])];
        for (i, &(_, w)) in sum.terms.iter().enumerate() {
            let last = forward.last().expect("starts with one set");
            let steps: Vec<i64> = of(i).map(|d| w * d).collect();
            let next = match Table::around(last, &steps) {
                Some(mut table) => {
                    for &s in last {
                        for &c in &steps {
                            table.mark(s + c);
                        }
                    }
                    table.marked()
                }
                None => last
                    .iter()
                    .flat_map(|&s| steps.iter().map(move |&c| s + c))
                    .collect(),
            };
            forward.push(next);
        }
        let mut states = vec![BTreeSet::new(); k + 1];
        states[k] = forward[k]
            .iter()
            .copied()
            .filter(|&s| s == sum.target)
            .collect();
        for i in (0..k).rev() {
            let w = sum.terms[i].1;
            let after = &states[i + 1];
            let steps: Vec<i64> = of(i).map(|d| w * d).collect();
            let kept: BTreeSet<i64> = match Table::around(after, &[0]) {
                Some(mut table) => {
                    for &s in after {
                        table.mark(s);
                    }
                    forward[i]
                        .iter()
                        .copied()
                        .filter(|&s| steps.iter().any(|&c| table.has(s + c)))
                        .collect()
                }
                None => forward[i]
                    .iter()
                    .copied()
                    .filter(|&s| steps.iter().any(|&c| after.contains(&(s + c))))
                    .collect(),
            };
            states[i] = kept;
        }
        States { states }
    }

    /// Whether some sum of digits reaches the target.
    pub(super) fn feasible(&self) -> bool {
        !self.states[0].is_empty()
    }

    /// The color of partial sum `s` after `i` cells (1 for the smallest state).
    fn color(&self, i: usize, s: i64) -> Color {
        let low = *self.states[i].first().expect("a state");
        Color::new((s - low + 1) as u32).expect("a positive color")
    }
}

/// Most partial sums a [`Table`] spans: wider layers (pills of many digits) are kept as sets.
const MOST_SPANNED: i64 = 1 << 20;

/// The partial sums of one layer marked on a table from the least to the greatest.
///
/// Invariant: `marks[j]` says whether `low + j` is marked.
struct Table {
    low: i64,
    marks: Vec<bool>,
}

impl Table {
    /// An empty table spanning every sum of `sums` plus one of `steps` (none of them empty),
    /// `None` when that spans over [`MOST_SPANNED`] sums or either is empty.
    fn around(sums: &BTreeSet<i64>, steps: &[i64]) -> Option<Table> {
        let (&first, &last) = (sums.first()?, sums.last()?);
        let (&least, &most) = (steps.iter().min()?, steps.iter().max()?);
        let span = (last - first) + (most - least) + 1;
        (span <= MOST_SPANNED).then(|| Table {
            low: first + least,
            marks: vec![false; span as usize],
        })
    }

    /// Marks `s` (within the span).
    fn mark(&mut self, s: i64) {
        self.marks[(s - self.low) as usize] = true;
    }

    /// Whether `s` is marked (false outside the span).
    fn has(&self, s: i64) -> bool {
        s >= self.low && self.marks.get((s - self.low) as usize) == Some(&true)
    }

    /// The sums marked.
    fn marked(&self) -> BTreeSet<i64> {
        (0..self.marks.len())
            .filter(|&j| self.marks[j])
            .map(|j| self.low + j as i64)
            .collect()
    }
}

impl LinearSum {
    /// Whether digits `1..=n` can reach the target at all.
    pub fn feasible(&self, n: usize) -> bool {
        States::new(self, n).feasible()
    }

    /// Entries the encoding adds, at most.
    pub fn entries(&self, n: usize) -> u64 {
        let k = self.terms.len() as u64;
        let n = n as u64;
        if k <= 2 {
            return k * n;
        }
        // Each middle cell: one D item per cell option, and transitions of 4 items, at most
        // one per (state, digit) pair.
        let states = States::new(self, n as usize);
        let mut total = 2 * n;
        for i in 1..self.terms.len() - 1 {
            total += n + 4 * n * states.states[i].len() as u64;
        }
        total
    }

    /// Encodes the sum into the exact cover (see the module documentation). An infeasible
    /// sum forbids every digit of its first cell.
    pub fn encode(&self, encoder: &mut Encoder<'_>) {
        let states = States::new(self, encoder.geometry().size());
        self.encode_states(encoder, &states);
    }

    /// Encodes the sum over the partial sums `states`.
    pub(super) fn encode_states(&self, encoder: &mut Encoder<'_>, states: &States) {
        let n = encoder.geometry().size();
        let k = self.terms.len();
        if k >= 2 {
            encoder.promise_sum(&self.terms, self.target);
        }
        let digits = 1..=n as u8;
        let has = |i: usize, s: i64| states.states[i].contains(&s);
        if k == 0 {
            return;
        }
        if k == 1 {
            let (p, w) = self.terms[0];
            for d in digits {
                if w * i64::from(d) != self.target {
                    encoder.forbid(p, d);
                }
            }
            return;
        }
        let prefix: Vec<_> = (0..k).map(|_| encoder.secondary()).collect();
        // prefix[i] is P_i for 1 <= i < k.
        let (first, w) = self.terms[0];
        for d in digits.clone() {
            let s = w * i64::from(d);
            if has(1, s) {
                encoder.on(first, d, prefix[1], Some(states.color(1, s)));
            } else {
                encoder.forbid(first, d);
            }
        }
        let (last, w) = self.terms[k - 1];
        for d in digits.clone() {
            let s = self.target - w * i64::from(d);
            if has(k - 1, s) {
                encoder.on(last, d, prefix[k - 1], Some(states.color(k - 1, s)));
            } else {
                encoder.forbid(last, d);
            }
        }
        for i in 1..k - 1 {
            let (p, w) = self.terms[i];
            let digit_item = encoder.secondary();
            let step = encoder.primary();
            let mut used = 0u64;
            for &s in &states.states[i] {
                for d in digits.clone() {
                    let t = s + w * i64::from(d);
                    if !has(i + 1, t) {
                        continue;
                    }
                    used |= 1 << (d - 1);
                    encoder.option([
                        (step, None),
                        (digit_item, Color::new(u32::from(d))),
                        (prefix[i], Some(states.color(i, s))),
                        (prefix[i + 1], Some(states.color(i + 1, t))),
                    ]);
                }
            }
            for d in digits.clone() {
                if used >> (d - 1) & 1 == 1 {
                    encoder.on(p, d, digit_item, Color::new(u32::from(d)));
                } else {
                    encoder.forbid(p, d);
                }
            }
        }
    }

    /// Whether the digits placed (`cells[p]`, 0 where empty) can still reach the target:
    /// the empty cells' least and greatest contributions bracket what is missing.
    pub fn possible(&self, n: usize, cells: &[u8]) -> bool {
        let n = n as i64;
        let (mut low, mut high) = (0i64, 0i64);
        for &(p, w) in &self.terms {
            match i64::from(cells[p]) {
                0 => {
                    low += w.min(w * n);
                    high += w.max(w * n);
                }
                d => {
                    low += w * d;
                    high += w * d;
                }
            }
        }
        low <= self.target && self.target <= high
    }
}

/// Sums as the reference backtracker sees them: a digit is allowed unless the bounds of some
/// sum through its cell rule it out. Loose in general, exact on a full assignment.
#[derive(Debug)]
pub(crate) struct SumBounds {
    n: usize,
    sums: Vec<LinearSum>,
    sums_of: Vec<Vec<usize>>,
}

impl SumBounds {
    /// The reference view of `sums` over an area of `area` positions, digits `1..=n`.
    pub(crate) fn new(n: usize, area: usize, sums: Vec<LinearSum>) -> SumBounds {
        let mut sums_of = vec![Vec::new(); area];
        for (k, sum) in sums.iter().enumerate() {
            for &(p, _) in &sum.terms {
                sums_of[p].push(k);
            }
        }
        SumBounds { n, sums, sums_of }
    }
}

impl Reference for SumBounds {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        allowed_by_trial(self.n, cells, p, |trial| {
            self.sums_of[p]
                .iter()
                .all(|&k| self.sums[k].possible(self.n, trial))
        })
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.sums_of[p]
            .iter()
            .any(|&k| !self.sums[k].possible(self.n, cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The states by brute force: every assignment of digits within `digits`.
    fn states_by_trial(sum: &LinearSum, digits: &[u64]) -> Vec<BTreeSet<i64>> {
        let k = sum.terms.len();
        let mut states = vec![BTreeSet::new(); k + 1];
        let mut x = vec![1i64; k];
        loop {
            if (0..k).all(|i| digits[i] >> (x[i] - 1) & 1 == 1) {
                let prefix: Vec<i64> = (0..=k)
                    .map(|i| (0..i).map(|j| sum.terms[j].1 * x[j]).sum())
                    .collect();
                if prefix[k] == sum.target {
                    for (i, &s) in prefix.iter().enumerate() {
                        states[i].insert(s);
                    }
                }
            }
            let Some(i) = (0..k).find(|&i| x[i] < 4) else {
                return states;
            };
            x[i] += 1;
            x[..i].fill(1);
        }
    }

    #[test]
    fn states_on_a_table_and_as_sets_are_those_of_every_assignment() {
        let mut rng = crate::sudoku::rng::Rng::new(31);
        let weights = [-10, -3, -1, 1, 2, 5, 1 << 21];
        for _ in 0..400 {
            let k = 1 + rng.below(5);
            let terms: Vec<(usize, i64)> = (0..k)
                .map(|i| (i, weights[rng.below(weights.len())]))
                .collect();
            let digits: Vec<u64> = (0..k).map(|_| 1 + rng.below(15) as u64).collect();
            let mut x = vec![0i64; k];
            let target: i64 = terms
                .iter()
                .zip(&mut x)
                .map(|(&(_, w), x)| {
                    *x = 1 + rng.below(4) as i64;
                    w * *x
                })
                .sum::<i64>()
                + rng.below(3) as i64
                - 1;
            let sum = LinearSum { terms, target };
            let expected = states_by_trial(&sum, &digits);
            let states = States::within(&sum, &digits).states;
            if expected[0].is_empty() {
                assert!(states[0].is_empty(), "{sum:?} {digits:?}");
            } else {
                assert_eq!(states, expected, "{sum:?} {digits:?}");
            }
        }
    }

    #[test]
    fn states_keep_only_partial_sums_that_reach_the_target() {
        // x1 + x2 + x3 = 4 with digits 1..=4: x1 is 1 or 2.
        let sum = LinearSum {
            terms: vec![(0, 1), (1, 1), (2, 1)],
            target: 4,
        };
        let states = States::new(&sum, 4);
        assert_eq!(states.states[1], BTreeSet::from([1, 2]));
        assert_eq!(states.states[2], BTreeSet::from([2, 3]));
        assert_eq!(states.states[3], BTreeSet::from([4]));
        assert!(sum.feasible(4));
        // A two-digit pill: x1 + x2 = 10 y1 + y2 has solutions; 3 cells of 9 never make 30.
        let pill = LinearSum {
            terms: vec![(0, 1), (1, 1), (2, 1), (3, -10), (4, -1)],
            target: 0,
        };
        assert!(pill.feasible(9));
        let far = LinearSum {
            terms: vec![(0, 1), (1, 1), (2, 1), (3, -10), (4, -1)],
            target: -4,
        };
        assert!(far.feasible(9));
        let never = LinearSum {
            terms: vec![(0, 1), (1, 1)],
            target: 19,
        };
        assert!(!never.feasible(9));
    }

    #[test]
    fn bounds_are_exact_on_full_assignments() {
        let sum = LinearSum {
            terms: vec![(0, 1), (1, 1), (2, -1)],
            target: 0,
        };
        assert!(sum.possible(9, &[3, 4, 7]));
        assert!(!sum.possible(9, &[3, 4, 8]));
        assert!(sum.possible(9, &[3, 4, 0]));
        assert!(!sum.possible(9, &[9, 4, 0]));
        let bounds = SumBounds::new(9, 3, vec![sum]);
        assert_eq!(bounds.allowed(&[3, 4, 0], 2), 1 << 6);
        assert!(bounds.broken(&[9, 4, 0], 1));
    }
}
