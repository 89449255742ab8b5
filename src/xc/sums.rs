//! Weighted sums over options, kept within bounds at every node of a search: a reduction the
//! search makes beside item domination, on the same trail, undone when it backtracks.
//!
//! An [`OptionSum`] is a promise the caller makes about the problem: it names *slots*, each
//! every option of one primary item with a weight, and a target; in every solution the weights
//! of the options chosen for the slots (one per slot, since each item is covered once) add up
//! to the target. The exact cover already holds the rule (a sudoku encodes its sums as items
//! and options); the promise lets the search prune what the matrix alone sees late: at every
//! node each slot's weight lies between the least and the greatest weight of its options still
//! in the matrix (or is the weight of the option chosen for it), and an option whose weight
//! the other slots' bounds cannot make up to the target is in no solution below the node and
//! goes. A sum the bounds cannot reach at all is a dead end.
//!
//! Counts stay exact (a removed option is in no solution below the node), but the removals
//! depend on which options were chosen, not only on which items are covered, so a count with
//! sums does not use the memory of subproblems (see `serial`).

use super::matrix::{at, length, Matrix, COVERED};
use super::problem::OptionId;

/// A sum over the options of some primary items (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OptionSum {
    /// Per slot, every option of one primary item, with its weight.
    pub slots: Vec<Vec<(OptionId, i64)>>,
    /// What the weights of the chosen options add up to.
    pub target: i64,
}

/// Why [`crate::xc::Dlx::add_sum`] refused a sum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SumError {
    /// A slot names an option that does not exist.
    #[error("slot {slot}: no option {option}")]
    UnknownOption {
        /// The slot (0-based).
        slot: usize,
        /// The option named.
        option: OptionId,
    },
    /// A slot's options do not share a primary item, or leave some of its options out.
    #[error("slot {slot}: the options are not every option of one primary item")]
    NotAnItem {
        /// The slot (0-based).
        slot: usize,
    },
    /// Sums are added to a matrix as built, before any commit or removal.
    #[error("sums are added before options are committed or removed")]
    NotFresh,
}

/// The sums of a matrix, ready for the search, with their state during one.
///
/// Invariants: `slots[s]` is `(item, first, end)`: slot `s`'s item header and its entries
/// `entries[first..end]`, each the node of one option in that item's list and its weight, the
/// slot listing every option of the item; `sums[k]` is `(first, end, target)` over `slots`;
/// `by_option[o]` lists `(slot, weight)` for every slot option `o` is in. During a search
/// `fixed[s]` is the weight of the option chosen (or committed) for slot `s`, or [`FREE`];
/// `trail` holds, oldest first, the slots fixed and not yet freed, and `marks[l]` its length
/// when level `l` was entered, so leaving a level frees exactly the slots fixed there. Between
/// searches `trail` and `marks` are empty and every slot is free.
///
/// A sum is tested again only when it may prune more: `epoch` counts the levels left, and
/// `tested[k]` is the epoch when sum `k` was last tested with nothing left to remove, `seen[s]`
/// the length of slot `s`'s item then. Below a node the lists only shrink until the search
/// leaves a level, so a sum whose epoch is current and whose items kept their lengths has the
/// same options and bounds as when it was tested, and nothing to remove.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sums {
    sums: Vec<(u32, u32, i64)>,
    slots: Vec<(u32, u32, u32)>,
    entries: Vec<(u32, i64)>,
    by_option: Vec<Vec<(u32, i64)>>,
    fixed: Vec<i64>,
    trail: Vec<u32>,
    marks: Vec<usize>,
    lo: Vec<i64>,
    hi: Vec<i64>,
    epoch: u64,
    tested: Vec<u64>,
    seen: Vec<u32>,
}

/// The mark of a slot with no option chosen yet.
const FREE: i64 = i64::MIN;

/// Whether node `p` is still linked into its item's list.
#[inline]
pub(crate) fn linked(m: &Matrix, p: u32) -> bool {
    at(&m.nodes, at(&m.nodes, p).up).down == p
}

impl Sums {
    /// Whether there are any sums.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }

    /// Checks `sum` against the matrix as built and adds it.
    pub(crate) fn add(&mut self, m: &Matrix, sum: &OptionSum) -> Result<(), SumError> {
        if !m.committed.is_empty() || !m.removed.is_empty() {
            return Err(SumError::NotFresh);
        }
        let options = m.option_first.len();
        let mut slots = Vec::with_capacity(sum.slots.len());
        let mut entries = Vec::new();
        for (s, slot) in sum.slots.iter().enumerate() {
            let mut item = None;
            let start = entries.len();
            for &(option, weight) in slot {
                let Some(&first) = m.option_first.get(option.index()) else {
                    return Err(SumError::UnknownOption { slot: s, option });
                };
                let i = *item.get_or_insert(at(&m.nodes, first).top);
                // The option's node in the slot's item.
                let mut p = first;
                while at(&m.nodes, p).top != 0 && at(&m.nodes, p).top != i {
                    p += 1;
                }
                if at(&m.nodes, p).top != i {
                    return Err(SumError::NotAnItem { slot: s });
                }
                entries.push((p, weight));
            }
            let Some(i) = item else {
                return Err(SumError::NotAnItem { slot: s });
            };
            let listed = entries.len() - start;
            let mut distinct: Vec<u32> = entries[start..].iter().map(|&(p, _)| p).collect();
            distinct.sort_unstable();
            distinct.dedup();
            if i > m.primary || length(&m.len, i) as usize != listed || distinct.len() != listed {
                return Err(SumError::NotAnItem { slot: s });
            }
            slots.push((i, start, entries.len()));
        }
        let base = self.entries.len() as u32;
        let first_slot = self.slots.len() as u32;
        if self.by_option.len() != options {
            self.by_option = vec![Vec::new(); options];
        }
        for (s, &(i, start, end)) in slots.iter().enumerate() {
            let slot = first_slot + s as u32;
            self.slots.push((i, base + start as u32, base + end as u32));
            for &(p, weight) in &entries[start..end] {
                self.by_option[m.node_option[p as usize] as usize].push((slot, weight));
            }
        }
        self.entries.extend(entries);
        self.sums
            .push((first_slot, self.slots.len() as u32, sum.target));
        self.fixed = vec![FREE; self.slots.len()];
        self.lo = vec![0; self.slots.len()];
        self.hi = vec![0; self.slots.len()];
        self.seen = vec![0; self.slots.len()];
        // Epoch 0 is never current: every sum is tested at the first node.
        self.epoch = 1;
        self.tested = vec![0; self.sums.len()];
        self.trail.reserve(self.slots.len());
        self.marks.reserve(m.primary as usize + 2);
        Ok(())
    }

    /// Enters a level: fixes the slots of the option of node `last` (at the root, where `last`
    /// is `None`, those of every committed option).
    pub(crate) fn enter(&mut self, m: &Matrix, last: Option<u32>) {
        self.marks.push(self.trail.len());
        match last {
            Some(x) => self.fix(m.node_option[x as usize]),
            None => {
                // A new search: the lists were reset and committed anew since any test.
                self.epoch += 1;
                for k in 0..m.committed.len() {
                    self.fix(m.node_option[m.committed[k] as usize]);
                }
            }
        }
    }

    fn fix(&mut self, option: u32) {
        if let Some(slots) = self.by_option.get(option as usize) {
            for &(slot, weight) in slots {
                self.fixed[slot as usize] = weight;
                self.trail.push(slot);
            }
        }
    }

    /// Leaves the level entered last: frees the slots fixed there.
    pub(crate) fn leave(&mut self) {
        self.epoch += 1;
        let mark = self.marks.pop().expect("a level to leave");
        while self.trail.len() > mark {
            let slot = self.trail.pop().expect("longer than the mark");
            self.fixed[slot as usize] = FREE;
        }
    }

    /// Tests every sum once: puts into `out` the node of every option whose weight the other
    /// slots cannot make up to the target (an option in several sums may come twice).
    /// `false` at a dead end (a sum out of reach or a free slot with no option left), where
    /// the search backtracks.
    pub(crate) fn prune(&mut self, m: &Matrix, out: &mut Vec<u32>) -> bool {
        for k in 0..self.sums.len() {
            let (first, end, target) = self.sums[k];
            if self.tested[k] == self.epoch
                && (first..end)
                    .all(|s| length(&m.len, self.slots[s as usize].0) == self.seen[s as usize])
            {
                continue;
            }
            let (mut low, mut high) = (0i64, 0i64);
            for s in first..end {
                let (i, a, b) = self.slots[s as usize];
                let (lo, hi) = match self.fixed[s as usize] {
                    FREE => {
                        if length(&m.len, i) >= COVERED {
                            // Covered by an option outside the slot: the promise is broken.
                            debug_assert!(false, "slot {s} covered but not fixed");
                            continue;
                        }
                        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                        for &(p, w) in &self.entries[a as usize..b as usize] {
                            if linked(m, p) {
                                lo = lo.min(w);
                                hi = hi.max(w);
                            }
                        }
                        if lo > hi {
                            return false;
                        }
                        (lo, hi)
                    }
                    w => (w, w),
                };
                self.lo[s as usize] = lo;
                self.hi[s as usize] = hi;
                low += lo;
                high += hi;
            }
            let reach = Reach { low, high, target };
            if !reach.reachable() {
                return false;
            }
            let before = out.len();
            for s in first..end {
                if self.fixed[s as usize] != FREE {
                    continue;
                }
                let (lo, hi) = (self.lo[s as usize], self.hi[s as usize]);
                let (least, most) = reach.slot(lo, hi);
                if lo >= least && hi <= most {
                    continue;
                }
                let (_, a, b) = self.slots[s as usize];
                for &(p, w) in &self.entries[a as usize..b as usize] {
                    if (w < least || w > most) && linked(m, p) {
                        out.push(p);
                    }
                }
            }
            if out.len() == before {
                self.tested[k] = self.epoch;
                for s in first..end {
                    self.seen[s as usize] = length(&m.len, self.slots[s as usize].0);
                }
            }
        }
        true
    }
}

/// The bound arithmetic of one sum, shared by the search ([`Sums::prune`]) and the
/// human-style logic's "sum out of reach": the slots' least weights add up to `low`, their
/// greatest to `high`, and the chosen weights must add up to `target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    pub(crate) low: i64,
    pub(crate) high: i64,
    pub(crate) target: i64,
}

impl Reach {
    /// The sum of slots weighing `lo..=hi` each (`bounds`), to reach `target`.
    pub(crate) fn new(bounds: impl IntoIterator<Item = (i64, i64)>, target: i64) -> Reach {
        let (low, high) = bounds
            .into_iter()
            .fold((0, 0), |(low, high), (lo, hi)| (low + lo, high + hi));
        Reach { low, high, target }
    }

    /// Whether some weights within the bounds add up to the target.
    pub(crate) fn reachable(&self) -> bool {
        self.low <= self.target && self.target <= self.high
    }

    /// The weights a slot whose bounds are `lo..=hi` may take: what the other slots' bounds
    /// leave of the target, `least..=most`.
    pub(crate) fn slot(&self, lo: i64, hi: i64) -> (i64, i64) {
        (
            self.target - (self.high - hi),
            self.target - (self.low - lo),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{Color, CountOptions, Dlx, ProblemBuilder};

    /// `k` cells taking values 1..=v, options "cell c = value x" (option `c * v + x - 1`); with
    /// `distinct`, each value at most once (secondary value items). Pairs of cells `(a, b)` in
    /// `equal_sum` must make `a + b == s` through a colored secondary item per pair: the rule
    /// is in the matrix, and the sums promise what it says.
    fn problem(k: u32, v: u32, distinct: bool, pairs: &[(u32, u32, u32)]) -> Dlx {
        let mut p = ProblemBuilder::new();
        let cells: Vec<_> = (0..k).map(|_| p.primary()).collect();
        let values: Vec<_> = (0..v).map(|_| p.secondary()).collect();
        let links: Vec<_> = pairs.iter().map(|_| p.secondary()).collect();
        for c in 0..k {
            for x in 1..=v {
                let mut items = vec![(cells[c as usize], None)];
                if distinct {
                    items.push((values[x as usize - 1], None));
                }
                for (j, &(a, b, s)) in pairs.iter().enumerate() {
                    // The pair's item holds a's value; b's option asks for s - x there.
                    let color = if c == a {
                        Some(x)
                    } else if c == b {
                        s.checked_sub(x).filter(|&y| y >= 1)
                    } else {
                        continue;
                    };
                    match color {
                        Some(y) => items.push((links[j], Color::new(y))),
                        None => items.push((links[j], Color::new(v + 1))),
                    }
                }
                p.colored_option(items).unwrap();
            }
        }
        Dlx::new(&p.build())
    }

    fn slots(cells: &[u32], v: u32) -> Vec<Vec<(OptionId, i64)>> {
        cells
            .iter()
            .map(|&c| {
                (1..=v)
                    .map(|x| (OptionId(c * v + x - 1), i64::from(x)))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn sums_the_matrix_holds_change_no_count_and_leave_the_matrix_as_found() {
        // 4 cells of values 1..=4; cells 0 and 1 add up to 5, cells 2 and 3 to 6.
        for distinct in [false, true] {
            let pairs = [(0, 1, 5), (2, 3, 6)];
            let mut plain = problem(4, 4, distinct, &pairs);
            let mut summed = plain.clone();
            for (a, b, s) in pairs {
                let sum = OptionSum {
                    slots: slots(&[a, b], 4),
                    target: i64::from(s),
                };
                summed.add_sum(&sum).unwrap();
            }
            let whole = OptionSum {
                slots: slots(&[0, 1, 2, 3], 4),
                target: 11,
            };
            summed.add_sum(&whole).unwrap();
            let a = plain.count(CountOptions::new());
            let b = summed.count(CountOptions::new());
            assert_eq!(a.count, b.count);
            assert!(b.stats.nodes <= a.stats.nodes);
            assert_eq!(plain.collect(100).0.len(), summed.collect(100).0.len());
            summed.check_links().unwrap();
            // A clone keeps the sums.
            assert_eq!(summed.clone().count(CountOptions::new()).count, a.count);
        }
    }

    #[test]
    fn a_sum_out_of_reach_leaves_no_solution() {
        // The promise "cells 0 and 1 add up to 9" cannot hold for values 1..=3: no solution
        // is searched (a promise the matrix breaks is the caller's error, and finds nothing).
        let mut dlx = problem(2, 3, false, &[]);
        dlx.add_sum(&OptionSum {
            slots: slots(&[0, 1], 3),
            target: 9,
        })
        .unwrap();
        assert_eq!(dlx.count(CountOptions::new()).count, 0);
        assert_eq!(dlx.first().0, None);
        dlx.check_links().unwrap();
    }

    #[test]
    fn committed_options_count_as_chosen() {
        // Cells 0 + 1 == 5 (values 1..=4): with cell 0 = 1 committed, cell 1 can only be 4.
        let mut dlx = problem(2, 4, false, &[(0, 1, 5)]);
        dlx.add_sum(&OptionSum {
            slots: slots(&[0, 1], 4),
            target: 5,
        })
        .unwrap();
        dlx.commit(OptionId(0)).unwrap();
        let (solution, stats) = dlx.first();
        assert_eq!(solution.unwrap(), [OptionId(0), OptionId(7)]);
        assert_eq!(stats.nodes, 1);
        assert_eq!(dlx.count(CountOptions::new()).count, 1);
    }

    #[test]
    fn slots_must_be_every_option_of_one_primary_item() {
        let mut dlx = problem(2, 3, false, &[]);
        let mut sum = OptionSum {
            slots: slots(&[0, 1], 3),
            target: 4,
        };
        sum.slots[1].pop();
        assert_eq!(dlx.add_sum(&sum), Err(SumError::NotAnItem { slot: 1 }));
        sum.slots[1] = vec![(OptionId(0), 1), (OptionId(3), 1), (OptionId(4), 2)];
        assert_eq!(dlx.add_sum(&sum), Err(SumError::NotAnItem { slot: 1 }));
        sum.slots[1] = vec![(OptionId(99), 1)];
        assert_eq!(
            dlx.add_sum(&sum),
            Err(SumError::UnknownOption {
                slot: 1,
                option: OptionId(99)
            })
        );
        dlx.commit(OptionId(0)).unwrap();
        assert_eq!(
            dlx.add_sum(&OptionSum {
                slots: slots(&[0, 1], 3),
                target: 4
            }),
            Err(SumError::NotFresh)
        );
    }
}
