//! Cells of different digits that add up to a sum, as set options: the exact-cover piece that
//! killer cages and the cages the 45 rule derives (`innies.rs`) are encoded with.
//!
//! A [`SetSum`] over cells `c_1..c_k` (which must differ: they share units) with sum `s` gets
//! one primary item `A_d` per digit `d` ("digit d is accounted for") and one option per set `S`
//! of `k` different digits adding up to `s`, taking `A_d` for every `d` outside `S`. The option
//! "`c_i` holds `d`" takes `A_d` too. Every solution covers each `A_d` exactly once: by the set
//! option when `d` is outside the digits the cells use, by the one cell holding it when inside
//! (the cells hold `k` different digits, so they use exactly the chosen set). The search can so
//! branch on "where does digit d of this cage go, or is it left out", and a cell placement
//! removes every set without its digit.

use super::cover::{full_mask, Encoder};

/// Number of sets of `k` different digits from `1..=n` that add up to `sum`.
pub fn count_digit_sets(n: usize, k: usize, sum: u32) -> u64 {
    // ways[j][s]: sets of j digits among those seen so far with sum s.
    let sum = sum as usize;
    let mut ways = vec![vec![0u64; sum + 1]; k + 1];
    ways[0][0] = 1;
    for d in 1..=n {
        for j in (1..=k).rev() {
            for s in (d..=sum).rev() {
                ways[j][s] = ways[j][s].saturating_add(ways[j - 1][s - d]);
            }
        }
    }
    ways[k][sum]
}

/// Every set of `k` different digits from `1..=n` that adds up to `sum`, as bit masks (bit
/// `d - 1` for digit `d`), in increasing order.
pub fn digit_sets(n: usize, k: usize, sum: u32) -> Vec<u64> {
    fn walk(from: usize, n: usize, k: usize, sum: u32, mask: u64, out: &mut Vec<u64>) {
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..=n {
            let d32 = d as u32;
            // The smallest k digits from d on already overshoot: no larger d will do.
            if d32 * k as u32 + (k as u32 * (k as u32 - 1)) / 2 > sum {
                break;
            }
            walk(d + 1, n, k - 1, sum - d32, mask | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    walk(1, n, k, sum, 0, &mut out);
    out
}

/// Cells of different digits adding up to a sum (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetSum {
    /// The cells (positions, in increasing order), which the rules already keep different.
    pub cells: Vec<usize>,
    /// Their sum.
    pub sum: u32,
}

impl SetSum {
    /// Entries the encoding adds, at most, for digits `1..=n`.
    pub fn entries(&self, n: usize) -> u64 {
        let k = self.cells.len();
        let sets = count_digit_sets(n, k, self.sum);
        sets.saturating_mul((1 + n - k.min(n)) as u64)
            .saturating_add((k * n) as u64)
    }

    /// Encodes the sum into the exact cover: the digit items, the set options, and the digit
    /// items in the cell options. A sum no set reaches forbids every digit of the first cell.
    pub fn encode(&self, encoder: &mut Encoder<'_>) {
        let n = encoder.geometry().size();
        let sets = digit_sets(n, self.cells.len(), self.sum);
        if sets.is_empty() {
            if let Some(&p) = self.cells.first() {
                for d in 1..=n as u8 {
                    encoder.forbid(p, d);
                }
            }
            return;
        }
        let anywhere = sets.iter().fold(0u64, |acc, &s| acc | s);
        let accounted: Vec<_> = (0..n).map(|_| encoder.primary()).collect();
        // With as many cells as digits, the one set is every digit: the cells cover every
        // digit item, and an empty option would have nothing to cover.
        for &set in sets.iter().filter(|&&set| set != full_mask(n)) {
            encoder.option(
                (0..n)
                    .filter(|&d| set >> d & 1 == 0)
                    .map(|d| (accounted[d], None)),
            );
        }
        for &p in &self.cells {
            for d in 1..=n as u8 {
                if anywhere >> (d - 1) & 1 == 1 {
                    encoder.on(p, d, accounted[usize::from(d) - 1], None);
                } else {
                    encoder.forbid(p, d);
                }
            }
        }
    }
}
