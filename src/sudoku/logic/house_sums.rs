//! The 45 rule with lines: a sum the rules promise (an arrow, a little killer diagonal, a
//! region-sum line, a cage) rewritten with the totals of the houses it crosses, as a person
//! reads an arrow that covers most of a row.
//!
//! Every complete house (as many cells as digits: a row, column, box, region, diagonal) adds
//! up to `n(n + 1) / 2`, 45 on a 9x9. Taking `k` times a house's total from both sides of a
//! sum, where `k` is the weight most of the house's cells have in it, leaves a sum with fewer
//! cells whenever the sum holds more of the house than it leaves out: an arrow from `r1c1`
//! through the rest of the grid, `r1c4 + ... + r9c9 = 100r1c1 + 10r1c2 + r1c3`, less rows 2
//! to 9 and row 1, reads `101r1c1 + 11r1c2 + 2r1c3 = 405`, whose only filling is 3, 8, 7.
//!
//! The rewritten sums depend on the rules alone, so they are made once, with the state
//! ([`house_sums`]); the step ([`Technique::HouseSums`]) keeps the candidates within their
//! reach and then those some filling of them uses, as the sum steps do on the sums the rules
//! promise (`rule_sums.rs`).

use crate::sudoku::encode::Promise;
use crate::sudoku::grid::Cell;
use crate::sudoku::rules::Rules;

use super::mask::digits_of;
use super::rule_sums::{combinable, RuleSum};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

/// A promised sum less some houses' totals.
///
/// Invariants: `sum` is `sums[from]` less `houses` (unit indices, each with its multiple, in
/// the order they were taken) and has fewer terms than it; no weight of `sum` is 0.
#[derive(Debug)]
pub(super) struct HouseSum {
    from: usize,
    houses: Vec<(usize, i64)>,
    sum: RuleSum,
}

/// The sums of `sums` rewritten with the totals of the complete houses of `rules`, those that
/// come out with fewer cells (and not more than the sum steps walk through) and say something
/// no promised sum says already; `sees` tells cells that hold different digits.
///
/// # Complexity
///
/// For each sum, each round looks at every complete house once and takes away one, the
/// rounds at most as many as the sum has cells: a few milliseconds for the largest sums.
pub(super) fn house_sums(
    rules: &Rules,
    sums: &[RuleSum],
    sees: impl Fn(usize, usize) -> bool,
) -> Vec<HouseSum> {
    let n = rules.size() as i64;
    let total = n * (n + 1) / 2;
    let houses: Vec<&[usize]> = rules
        .units()
        .iter()
        .map(|u| u.cells.as_slice())
        .filter(|cells| cells.len() as i64 == n)
        .collect();
    let area = rules.rows() * rules.cols();
    let known: Vec<(Vec<(usize, i64)>, i64)> = sums
        .iter()
        .map(|s| (sorted(&s.promise.terms), s.promise.target))
        .collect();
    let mut out: Vec<HouseSum> = Vec::new();
    for (from, rule_sum) in sums.iter().enumerate() {
        let promise = &rule_sum.promise;
        let mut weight = vec![0i64; area];
        for &(p, w) in &promise.terms {
            weight[p] += w;
        }
        let mut target = promise.target;
        let mut taken: Vec<(usize, i64)> = Vec::new();
        // Each round takes the house that removes the most cells from the sum: the count of
        // cells only falls, so the rounds end.
        loop {
            let best = houses
                .iter()
                .enumerate()
                .filter_map(|(h, cells)| {
                    let (k, gain) = best_multiple(cells, &weight)?;
                    (gain > 0).then_some((gain, h, k))
                })
                .max_by_key(|&(gain, h, _)| (gain, std::cmp::Reverse(h)));
            let Some((_, h, k)) = best else { break };
            for &p in houses[h] {
                weight[p] -= k;
            }
            target -= k * total;
            taken.push((h, k));
        }
        let terms: Vec<(usize, i64)> = (0..area)
            .filter(|&p| weight[p] != 0)
            .map(|p| (p, weight[p]))
            .collect();
        let fewer = terms.len() < promise.terms.len() && !terms.is_empty();
        if taken.is_empty() || !fewer || known.contains(&(terms.clone(), target)) {
            continue;
        }
        if out
            .iter()
            .any(|o| o.sum.promise.terms == terms && o.sum.promise.target == target)
        {
            continue;
        }
        let sum = RuleSum::new(
            Promise {
                terms,
                target,
                family: promise.family,
                instance: promise.instance,
            },
            &sees,
        );
        if !combinable(&sum) {
            continue;
        }
        // The houses by their indices among the rule set's units.
        let unit_of = |h: usize| {
            rules
                .units()
                .iter()
                .position(|u| u.cells.as_slice() == houses[h])
                .expect("a house is a unit")
        };
        let houses = taken.into_iter().map(|(h, k)| (unit_of(h), k)).collect();
        out.push(HouseSum { from, houses, sum });
    }
    out
}

/// The terms of a sum in order of position, for comparing sums.
fn sorted(terms: &[(usize, i64)]) -> Vec<(usize, i64)> {
    let mut terms = terms.to_vec();
    terms.sort_unstable();
    terms
}

/// The multiple of a house's total that removes the most cells from a sum of weights
/// `weight`, with how many cells fewer the sum then has (cells of the house outside the sum
/// come into it): `None` when no cell of the house is in the sum.
fn best_multiple(cells: &[usize], weight: &[i64]) -> Option<(i64, i64)> {
    let outside = cells.iter().filter(|&&p| weight[p] == 0).count() as i64;
    let mut ks: Vec<i64> = cells
        .iter()
        .map(|&p| weight[p])
        .filter(|&w| w != 0)
        .collect();
    ks.sort_unstable();
    // The most common weight (the least among equals), and how often it comes.
    let (k, count) = ks
        .chunk_by(|a, b| a == b)
        .map(|run| (run[0], run.len() as i64))
        .max_by_key(|&(k, count)| (count, std::cmp::Reverse(k)))?;
    Some((k, count - outside))
}

impl State<'_> {
    /// The first sum rewritten with the houses' totals ([`house_sums`]) whose reach or
    /// fillings rule out a candidate, as a step.
    pub(super) fn house_sum_step(&self) -> Option<Step> {
        for house_sum in self.house_sums.iter() {
            let sum = &house_sum.sum;
            let terms = &sum.promise.terms;
            if terms.iter().all(|&(p, _)| self.values[p] != 0) {
                continue;
            }
            let masks = sum.masks(&self.values, &self.candidates);
            let Some(reach) = sum.within_reach(&masks) else {
                continue;
            };
            let kept = sum.combinations(&reach);
            if kept.contains(&0) {
                // No filling: the puzzle is broken here, which other checks report.
                continue;
            }
            let eliminations: Vec<(Cell, u8)> = terms
                .iter()
                .zip(&kept)
                .filter(|&(&(p, _), _)| self.values[p] == 0)
                .flat_map(|(&(p, _), &keep)| {
                    digits_of(self.candidates[p] & !keep).map(move |d| (p, d))
                })
                .map(|(p, d)| (self.rules.cell(p), d))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let promised = &self.sums[house_sum.from].promise;
            let family = &self.rules.constraints().all()[promised.family];
            let mut units = vec![family.words(promised.instance)];
            units.extend(house_sum.houses.iter().map(|&(u, _)| self.unit_name(u)));
            units.push(sum.equation(|p| self.rules.cell(p)));
            return Some(Step {
                technique: Technique::HouseSums,
                placements: Vec::new(),
                eliminations,
                units,
                cells: terms.iter().map(|&(p, _)| self.rules.cell(p)).collect(),
                digits: Vec::new(),
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_multiple_is_the_commonest_weight_and_the_gain_counts_the_cells_let_in() {
        // A row whose first six cells weigh 1 in the sum, r1c1 -100, r1c2 -10, r1c3 -1.
        let mut weight = vec![0i64; 81];
        weight[..9].copy_from_slice(&[-100, -10, -1, 1, 1, 1, 1, 1, 1]);
        let row: Vec<usize> = (0..9).collect();
        assert_eq!(best_multiple(&row, &weight), Some((1, 6)));
        // Three cells in, six out: taking the house would let six cells in for three.
        let mut weight = vec![0i64; 81];
        weight[..3].copy_from_slice(&[1, 1, 1]);
        assert_eq!(best_multiple(&row, &weight), Some((1, -3)));
        assert_eq!(best_multiple(&row, &[0; 81]), None);
    }
}
