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
//! Two sums together do the same: two little killer diagonals added, less the boxes they
//! cross, may leave a few cells.
//!
//! The rewritten sums depend on the rules alone, so they are made once, with the state; the
//! step (`lines/mod.rs`, [`Technique::HouseSums`](super::super::technique::Technique)) keeps
//! the candidates within their reach and then those some filling of them uses, as the sum
//! steps do on the sums the rules promise (`rule_sums.rs`).

use crate::sudoku::encode::Promise;
use std::collections::HashSet;

use crate::sudoku::rules::Rules;

use super::super::rule_sums::{combinable, RuleSum};

/// Most sums the rules promise for which pairs of them are rewritten too (a pair's sum or
/// difference less the houses): the little killers of a snipe, a puzzle's arrows; the pairs
/// of a killer's many cages are left to its own 45-rule steps.
const MAX_PAIRED: usize = 40;

/// A promised sum, or two added or taken one from the other, less some houses' totals.
///
/// Invariants: `sum` is the sums `from` (indices into the state's sums, each with its
/// multiple 1 or -1) less `houses` (unit indices, each with its multiple, in the order they
/// were taken), and has fewer terms than each sum of `from`; no weight of `sum` is 0.
#[derive(Debug)]
pub(in crate::sudoku::logic) struct HouseSum {
    pub(super) from: Vec<(usize, i64)>,
    pub(super) houses: Vec<(usize, i64)>,
    pub(super) sum: RuleSum,
}

/// The sums of `sums`, alone and (where there are at most [`MAX_PAIRED`]) two at a time,
/// rewritten with the totals of the complete houses of `rules`: those that come out with
/// fewer cells than each sum they come from (and not more than the sum steps walk through)
/// and say something no promised sum says already; `sees` tells cells that hold different
/// digits.
///
/// # Complexity
///
/// For each sum or pair, each round looks at every complete house once and takes away one,
/// the rounds at most as many as the sum has cells: a few milliseconds for a puzzle's sums.
pub(in crate::sudoku::logic) fn house_sums(
    rules: &Rules,
    sums: &[RuleSum],
    sees: impl Fn(usize, usize) -> bool,
) -> Vec<HouseSum> {
    let n = rules.size() as i64;
    let total = n * (n + 1) / 2;
    let houses: Vec<usize> = (0..rules.units().len())
        .filter(|&u| rules.units()[u].cells.len() as i64 == n)
        .collect();
    let area = rules.rows() * rules.cols();
    let mut seen: HashSet<(Vec<(usize, i64)>, i64)> = sums
        .iter()
        .map(|s| (sorted(&s.promise.terms), s.promise.target))
        .collect();
    let mut froms: Vec<Vec<(usize, i64)>> = (0..sums.len()).map(|i| vec![(i, 1)]).collect();
    if sums.len() <= MAX_PAIRED {
        for i in 0..sums.len() {
            for j in i + 1..sums.len() {
                froms.push(vec![(i, 1), (j, 1)]);
                froms.push(vec![(i, 1), (j, -1)]);
            }
        }
    }
    let mut out: Vec<HouseSum> = Vec::new();
    for from in froms {
        let mut weight = vec![0i64; area];
        let mut target = 0;
        for &(i, m) in &from {
            for &(p, w) in &sums[i].promise.terms {
                weight[p] += m * w;
            }
            target += m * sums[i].promise.target;
        }
        let mut taken: Vec<(usize, i64)> = Vec::new();
        // Each round takes the house that removes the most cells from the sum: the count of
        // cells only falls, so the rounds end.
        loop {
            let best = houses
                .iter()
                .filter_map(|&u| {
                    let (k, gain) = best_multiple(&rules.units()[u].cells, &weight)?;
                    (gain > 0).then_some((gain, u, k))
                })
                .max_by_key(|&(gain, u, _)| (gain, std::cmp::Reverse(u)));
            let Some((_, u, k)) = best else { break };
            for &p in &rules.units()[u].cells {
                weight[p] -= k;
            }
            target -= k * total;
            taken.push((u, k));
        }
        let terms: Vec<(usize, i64)> = (0..area)
            .filter(|&p| weight[p] != 0)
            .map(|p| (p, weight[p]))
            .collect();
        let limit = from
            .iter()
            .map(|&(i, _)| sums[i].promise.terms.len())
            .min()
            .unwrap_or(0);
        if taken.is_empty() || terms.is_empty() || terms.len() >= limit {
            continue;
        }
        if !seen.insert((terms.clone(), target)) {
            continue;
        }
        let first = &sums[from[0].0].promise;
        let sum = RuleSum::new(
            Promise {
                terms,
                target,
                family: first.family,
                instance: first.instance,
            },
            &sees,
        );
        if combinable(&sum) {
            out.push(HouseSum {
                from,
                houses: taken,
                sum,
            });
        }
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
