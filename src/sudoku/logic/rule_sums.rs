//! The sums the rules promise to the search ([`Encoder::promise_sum`]: killer cages, arrows,
//! little killers, the 45 rule's derived sums, any sum a family makes), reasoned with as
//! people do, whatever rule makes them:
//!
//! - *sum out of reach*: every cell of the sum holds a digit between its least and greatest
//!   candidate; a candidate that the other cells' bounds cannot make up to the target with
//!   goes (the search's own bound arithmetic, `xc::sums::Reach`): on an arrow whose three
//!   shaft cells hold at least 1, 2 and 3, the circle holds at least 6;
//! - *sum combinations*: a candidate goes when no filling of the sum's cells from their
//!   candidates reaches the target with it, cells that share a unit (or see each other by a
//!   knight's or king's move) holding different digits among themselves: the shaft of an
//!   arrow in one box adding up to 9 is 1 2 6, 1 3 5 or 2 3 4.
//!
//! Both steps name the rule by its family's words (`arrow 2`) and read the sum as an
//! equation (`r1c2 + r1c3 = r1c1`).
//!
//! [`Encoder::promise_sum`]: crate::sudoku::rules::cover::encoder::Encoder::promise_sum

use crate::sudoku::encode::Promise;
use crate::sudoku::grid::Cell;
use crate::sudoku::rules::Rules;
use crate::xc::Reach;

use super::fillings::Fillings;
use super::mask::{bit, digits_of};
use super::step::Step;
use super::technique::Technique;

/// Terms beyond which a sum's combinations are not worked out (the walk's memory grows with
/// the terms and the partial sums).
const MAX_TERMS: usize = 24;

/// A promised sum, ready for the steps.
///
/// Invariants: `weights[i]` is the weight of `promise.terms[i]`; `fillings` walks the terms
/// in groups of cells that all see one another.
#[derive(Debug)]
pub(super) struct RuleSum {
    pub(super) promise: Promise,
    weights: Vec<i64>,
    fillings: Fillings,
}

impl RuleSum {
    /// A promised sum, its cells grouped greedily into cliques of `sees`.
    pub(super) fn new(promise: Promise, sees: impl Fn(usize, usize) -> bool) -> RuleSum {
        let terms = &promise.terms;
        let fillings = Fillings::new(terms.len(), |i, j| sees(terms[i].0, terms[j].0));
        RuleSum {
            weights: terms.iter().map(|&(_, w)| w).collect(),
            promise,
            fillings,
        }
    }

    /// The digits each term may hold: its candidates, or its digit once placed.
    pub(super) fn masks(&self, values: &[u8], candidates: &[u64]) -> Vec<u64> {
        self.promise
            .terms
            .iter()
            .map(|&(p, _)| {
                if values[p] != 0 {
                    bit(values[p])
                } else {
                    candidates[p]
                }
            })
            .collect()
    }

    /// For each term, the digits of its mask within the weights the other terms' bounds
    /// leave it; `None` when the target is out of reach (no solution: the caller leaves it to
    /// the other checks).
    pub(super) fn within_reach(&self, masks: &[u64]) -> Option<Vec<u64>> {
        let mut kept = Vec::with_capacity(masks.len());
        self.within_reach_into(masks, &mut kept).then_some(kept)
    }

    /// [`RuleSum::within_reach`] into `kept` (emptied first, its room kept): false when the
    /// target is out of reach (then `kept` is left empty).
    pub(super) fn within_reach_into(&self, masks: &[u64], kept: &mut Vec<u64>) -> bool {
        kept.clear();
        if masks.contains(&0) {
            return false;
        }
        // Every term has a digit: its weights are bounded.
        let bounds = |(&(_, w), &m): (&(usize, i64), &u64)| weights(w, m).unwrap_or((0, 0));
        let terms = self.promise.terms.iter().zip(masks);
        let reach = Reach::new(terms.clone().map(bounds), self.promise.target);
        if !reach.reachable() {
            return false;
        }
        kept.extend(terms.map(|term @ (&(_, w), &m)| {
            let (lo, hi) = bounds(term);
            let (least, most) = reach.slot(lo, hi);
            digits_of(m)
                .filter(|&d| (least..=most).contains(&(w * i64::from(d))))
                .fold(0, |acc, d| acc | bit(d))
        }));
        true
    }

    /// For each term, the digits of its mask that some filling reaching the target uses
    /// (different digits within each group of cells that see one another).
    pub(super) fn combinations(&self, masks: &[u64]) -> Vec<u64> {
        self.fillings
            .supported(&self.weights, self.promise.target, masks)
    }

    /// The sum as an equation, positive terms left, negative right: `r1c2 + r1c3 = r1c1`,
    /// `r9c1 + r8c2 + r7c3 = 15`, `r1c1 + 10r1c2 = r2c5 + 3`.
    pub(super) fn equation(&self, cell: impl Fn(usize) -> Cell) -> String {
        let term = |&(p, w): &(usize, i64)| match w.abs() {
            1 => cell(p).to_string(),
            a => format!("{a}{}", cell(p)),
        };
        let side = |positive: bool| -> Vec<String> {
            self.promise
                .terms
                .iter()
                .filter(|t| (t.1 > 0) == positive)
                .map(term)
                .collect()
        };
        let (mut left, mut right) = (side(true), side(false));
        let target = self.promise.target;
        match (target, right.is_empty()) {
            (0, false) => {}
            (t, _) if t > 0 => right.push(t.to_string()),
            (t, _) if t < 0 => left.push((-t).to_string()),
            _ => right.push("0".to_string()),
        }
        if left.is_empty() {
            left.push("0".to_string());
        }
        format!("{} = {}", left.join(" + "), right.join(" + "))
    }
}

/// The least and greatest weight of a term of weight `w` holding a digit of `mask`, `None`
/// for an empty mask.
fn weights(w: i64, mask: u64) -> Option<(i64, i64)> {
    if mask == 0 {
        return None;
    }
    // The least and greatest digits weighed: their products bound every digit's.
    let (low, high) = (
        w * i64::from(mask.trailing_zeros() + 1),
        w * i64::from(64 - mask.leading_zeros()),
    );
    Some((low.min(high), low.max(high)))
}

/// Whether a sum has few enough terms for [`RuleSum::combinations`].
pub(super) fn combinable(sum: &RuleSum) -> bool {
    sum.promise.terms.len() <= MAX_TERMS
}

/// How a sum step keeps candidates: [`RuleSum::within_reach`] or
/// [`RuleSum::combinations`].
fn keep(technique: Technique, sum: &RuleSum, masks: &[u64]) -> Option<Vec<u64>> {
    match technique {
        Technique::SumOutOfReach => sum.within_reach(masks),
        _ => (sum.promise.terms.len() <= MAX_TERMS).then(|| sum.combinations(masks)),
    }
}

/// The first sum of `sums` from which `technique` ([`Technique::SumOutOfReach`] or
/// [`Technique::SumCombinations`]) leaves out a candidate of an empty cell, as a step;
/// `values` and `candidates` as the state keeps them.
pub(super) fn sum_step(
    sums: &[RuleSum],
    technique: Technique,
    rules: &Rules,
    values: &[u8],
    candidates: &[u64],
) -> Option<Step> {
    for sum in sums {
        let terms = &sum.promise.terms;
        if terms.iter().all(|&(p, _)| values[p] != 0) {
            continue;
        }
        let masks = sum.masks(values, candidates);
        let Some(kept) = keep(technique, sum, &masks) else {
            continue;
        };
        if kept.contains(&0) {
            // No filling at all: the puzzle is broken here, which other checks report.
            continue;
        }
        let eliminations: Vec<(Cell, u8)> = terms
            .iter()
            .zip(&kept)
            .filter(|&(&(p, _), _)| values[p] == 0)
            .flat_map(|(&(p, _), &keep)| digits_of(candidates[p] & !keep).map(move |d| (p, d)))
            .map(|(p, d)| (rules.cell(p), d))
            .collect();
        if eliminations.is_empty() {
            continue;
        }
        let family = &rules.constraints().all()[sum.promise.family];
        let units = vec![
            family.words(sum.promise.instance),
            sum.equation(|p| rules.cell(p)),
        ];
        return Some(Step {
            technique,
            placements: Vec::new(),
            eliminations,
            units,
            cells: terms.iter().map(|&(p, _)| rules.cell(p)).collect(),
            digits: Vec::new(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(terms: &[(usize, i64)], target: i64, sees: impl Fn(usize, usize) -> bool) -> RuleSum {
        let promise = Promise {
            terms: terms.to_vec(),
            target,
            family: 0,
            instance: None,
        };
        RuleSum::new(promise, sees)
    }

    #[test]
    fn bounds_take_what_the_other_cells_cannot_make_up() {
        // An arrow: r1c2 + r1c3 = r1c1, the shaft's cells at most 2 and 3.
        let arrow = sum(&[(0, -1), (1, 1), (2, 1)], 0, |_, _| false);
        let kept = arrow.within_reach(&[0x1ff, 0b11, 0b110]).unwrap();
        assert_eq!(kept, [0b11100, 0b11, 0b110]); // the circle is 3..=5
                                                  // Out of reach altogether: no answer.
        assert_eq!(arrow.within_reach(&[0b1, 0b10, 0b10]), None);
    }

    #[test]
    fn combinations_keep_digits_apart_only_where_cells_see_each_other() {
        // Three cells adding up to 6: 1 2 3 when they share a unit, 2 2 2 possible otherwise.
        let apart = sum(&[(0, 1), (1, 1), (2, 1)], 6, |_, _| true);
        assert_eq!(apart.combinations(&[0x1ff; 3]), [0b111; 3]);
        let free = sum(&[(0, 1), (1, 1), (2, 1)], 6, |_, _| false);
        assert_eq!(free.combinations(&[0x1ff; 3]), [0b1111; 3]);
        // Bounds alone keep 1..=4 too; with r1c1 in {2, 4} and the others seeing each other,
        // 4 needs 1 + 1, which they cannot both be.
        let pair = sum(&[(0, 1), (1, 1), (2, 1)], 6, |a, b| a != 0 && b != 0);
        assert_eq!(
            pair.combinations(&[0b1010, 0x1ff, 0x1ff]),
            [0b10, 0b101, 0b101]
        );
    }

    #[test]
    fn equations_read_as_people_write_them() {
        let cell = |p: usize| Cell::from_index(p, 9);
        let arrow = sum(&[(0, -1), (1, 1), (2, 1)], 0, |_, _| false);
        assert_eq!(arrow.equation(cell), "r1c2 + r1c3 = r1c1");
        let killer = sum(&[(72, 1), (64, 1)], 15, |_, _| false);
        assert_eq!(killer.equation(cell), "r9c1 + r8c2 = 15");
        let pill = sum(&[(0, -10), (1, -1), (2, 1), (3, 1)], 0, |_, _| false);
        assert_eq!(pill.equation(cell), "r1c3 + r1c4 = 10r1c1 + r1c2");
    }
}
