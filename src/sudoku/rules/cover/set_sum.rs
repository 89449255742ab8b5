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
//! removes every set without its digit. With two sets or more, every set option also takes one
//! primary item `K` (exactly one set is chosen: with fewer cells than digits, no set leaves
//! every `A_d` to the cells, and two sets would leave too few), which item domination reasons
//! with. The encoder is also promised the sum itself ([`Encoder::promise_sum`]), which the
//! search keeps within bounds.
//!
//! Set sums are encoded together ([`encode_all`]) so that the rows, columns and boxes they lie
//! in can split their digits between them: such a unit gets one primary item per digit, covered
//! by the set option of the sum inside it whose set holds the digit, or by the cell option
//! putting the digit in one of its cells outside those sums. Two cages in one box so never choose sets
//! that share a digit, and a cage's set choice takes its digits out of the rest of the box.

use crate::xc::ItemId;

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::unit_index::{Unit, UnitKind};

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

/// Most units whose digits one sum's set options split (a cage may lie in a row, a column and
/// a box at once; a few more where grids overlap): this bounds the entries of the encoding.
pub(crate) const MAX_CLAIMS: usize = 3;

/// Whether [`encode_all`] splits a unit's digits between the sums inside it: rows, columns,
/// boxes and jigsaw regions of `n` cells (which [`split_entries`] counts from the geometry).
fn splits(unit: &Unit, n: usize) -> bool {
    unit.cells.len() == n
        && matches!(
            unit.kind,
            UnitKind::Row(_) | UnitKind::Column(_) | UnitKind::Box(_) | UnitKind::Region(_)
        )
}

/// Entries, at most, that [`encode_all`] puts into cell options on `geometry`: one per digit
/// in each cell of each row, column and box (or region) of each grid.
pub(crate) fn split_entries(geometry: &Geometry) -> u64 {
    let n = geometry.size() as u64;
    (geometry.grids().len() as u64)
        .saturating_mul(3 * n)
        .saturating_mul(n * n)
}

/// Cells of different digits adding up to a sum (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SetSum {
    /// The cells (positions, in increasing order), which the rules already keep different.
    pub cells: Vec<usize>,
    /// Their sum.
    pub sum: u32,
}

impl SetSum {
    /// Entries the encoding adds, at most, for digits `1..=n`, with the items of at most
    /// [`MAX_CLAIMS`] units in its set options. The units' items in their other cells are
    /// counted apart: [`split_entries`].
    pub(crate) fn entries(&self, n: usize) -> u64 {
        let k = self.cells.len().min(n);
        let sets = count_digit_sets(n, k, self.sum);
        sets.saturating_mul((2 + n - k + MAX_CLAIMS * k) as u64)
            .saturating_add((k * n) as u64)
    }

    /// Encodes the sum into the exact cover: the digit items, the set options, and the digit
    /// items in the cell options. Each set option also covers, for every base in `claims`,
    /// the item `base[d - 1]` of each digit `d` in the set (see [`encode_all`]). A sum no set
    /// reaches forbids every digit of the first cell.
    fn encode(&self, encoder: &mut Encoder<'_>, claims: &[Vec<ItemId>]) {
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
        if self.cells.len() >= 2 {
            let terms: Vec<_> = self.cells.iter().map(|&p| (p, 1)).collect();
            encoder.promise_sum(&terms, i64::from(self.sum));
        }
        let accounted: Vec<_> = (0..n).map(|_| encoder.primary()).collect();
        // One item every set option takes: exactly one set is chosen, and item domination
        // sees it (a digit no cell can take rules out the sets that hold it, a digit no set
        // holds leaves the cells).
        let chosen = (sets.len() >= 2).then(|| encoder.primary());
        for &set in &sets {
            let outside = (0..n)
                .filter(|&d| set >> d & 1 == 0)
                .map(|d| (accounted[d], None));
            let claimed = claims.iter().flat_map(|base| {
                (0..n)
                    .filter(move |&d| set >> d & 1 == 1)
                    .map(|d| (base[d], None))
            });
            let items: Vec<_> = chosen
                .map(|k| (k, None))
                .into_iter()
                .chain(outside)
                .chain(claimed)
                .collect();
            // With as many cells as digits and no claims, the one set is every digit: the
            // cells cover every digit item, and an empty option would have nothing to cover.
            if !items.is_empty() {
                encoder.option(items);
            }
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

/// Encodes set sums together, each as the module documentation says, with what the units
/// they lie in say of them: for every row, column and box (or region), the sums lying wholly inside it that
/// share no cell (taken in order, a sum over a cell of an earlier one left out) split the
/// unit's digits between them and the unit's other cells. The unit gets one primary item `U_d`
/// per digit ("digit d of the unit is placed"), covered by the set option of the one sum whose
/// set holds `d`, or by the option putting `d` in one of the other cells. Two sums in one box
/// so never choose sets that share a digit, and a set choice takes its digits out of the
/// unit's other cells at once.
///
/// Sum `k` is encoded as instance `k` of the family being encoded ([`Encoder::instance`]),
/// every sum from `instances` on as instance `instances` (the sums a family derives, named
/// together).
///
/// # Complexity
///
/// Each set option grows by its set's digits for each unit it lies in (at most
/// [`MAX_CLAIMS`]); each unit with a sum inside adds `n` items and one entry per digit to each
/// of its cells outside those sums.
pub(crate) fn encode_all(sums: &[SetSum], instances: usize, encoder: &mut Encoder<'_>) {
    let n = encoder.geometry().size();
    let area = encoder.geometry().rows() * encoder.geometry().cols();
    let units = encoder.units();
    let mut claims: Vec<Vec<Vec<ItemId>>> = vec![Vec::new(); sums.len()];
    let mut taken = vec![false; area];
    for unit in units.all().iter().filter(|u| splits(u, n)) {
        let inside = |sum: &SetSum| {
            sum.cells
                .iter()
                .all(|p| unit.cells.binary_search(p).is_ok())
        };
        let mut chosen = Vec::new();
        for (k, sum) in sums.iter().enumerate() {
            // A sum over every cell of the unit splits nothing.
            if sum.cells.len() < n
                && claims[k].len() < MAX_CLAIMS
                && inside(sum)
                && sum.cells.iter().all(|&p| !taken[p])
            {
                sum.cells.iter().for_each(|&p| taken[p] = true);
                chosen.push(k);
            }
        }
        if !chosen.is_empty() {
            let placed: Vec<ItemId> = (0..n).map(|_| encoder.primary()).collect();
            for &p in unit.cells.iter().filter(|&&p| !taken[p]) {
                for d in 1..=n as u8 {
                    encoder.on(p, d, placed[usize::from(d) - 1], None);
                }
            }
            for &k in &chosen {
                claims[k].push(placed.clone());
            }
        }
        unit.cells.iter().for_each(|&p| taken[p] = false);
    }
    for (k, (sum, claims)) in sums.iter().zip(&claims).enumerate() {
        encoder.instance(k.min(instances));
        sum.encode(encoder, claims);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::sudoku::generate::{random_solution, Rng};
    use crate::sudoku::{validate, Backtracker, Cage, Cell, Engine, Grid, Rules, Solver, Spec};

    #[test]
    fn digit_sets_are_every_set_of_k_digits_reaching_the_sum() {
        assert_eq!(digit_sets(9, 2, 4), [0b101]);
        assert_eq!(digit_sets(9, 3, 24), [0b1_1100_0000]);
        assert_eq!(digit_sets(9, 2, 10).len(), 4);
        assert!(digit_sets(9, 2, 18).is_empty());
        for k in 1..=9 {
            for sum in 1..=45 {
                assert_eq!(
                    digit_sets(9, k, sum).len() as u64,
                    count_digit_sets(9, k, sum)
                );
            }
        }
    }

    /// A killer on an `n` x `n` grid (4 or 6) made from a random solution: each box cut into
    /// cages of 1 to 3 cells, some cages merged with a neighbour in another box when their
    /// digits differ (so that set sums cross boxes too), some dropped (so that units keep cells
    /// outside every cage), and `givens` cells of the solution kept.
    fn killer(n: usize, seed: u64, givens: usize) -> (Rules, Grid, Grid) {
        let rules = Rules::new(Spec::new(n)).unwrap();
        let mut rng = Rng::new(seed);
        let solution = random_solution(&rules, &mut rng).unwrap();
        let digits = solution.cells();
        let (br, bc) = if n == 4 { (2, 2) } else { (2, 3) };
        let mut cages: Vec<Vec<usize>> = Vec::new();
        for b in 0..n {
            let (top, left) = (b / (n / bc) * br, b % (n / bc) * bc);
            let mut cells: Vec<usize> = (0..br)
                .flat_map(|r| (0..bc).map(move |c| (top + r) * n + left + c))
                .collect();
            rng.shuffle(&mut cells);
            while !cells.is_empty() {
                let size = (1 + rng.below(3)).min(cells.len());
                cages.push(cells.drain(..size).collect());
            }
        }
        let mut k = 0;
        while k + 1 < cages.len() {
            let used = |cage: &[usize]| cage.iter().fold(0u32, |m, &p| m | 1 << digits[p]);
            if rng.below(3) == 0 && used(&cages[k]) & used(&cages[k + 1]) == 0 {
                let next = cages.remove(k + 1);
                cages[k].extend(next);
            }
            k += 1;
        }
        cages.retain(|_| rng.below(4) != 0);
        let cages = cages
            .into_iter()
            .map(|mut cells| {
                cells.sort_unstable();
                Cage {
                    sum: cells.iter().map(|&p| u32::from(digits[p])).sum(),
                    cells: cells.iter().map(|&p| Cell::from_index(p, n)).collect(),
                }
            })
            .collect();
        let rules = Rules::new(Spec::new(n).with(|c| c.cage.cages = cages)).unwrap();
        let mut puzzle = rules.empty_grid();
        let mut order: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut order);
        for &p in order.iter().take(givens) {
            puzzle.set(p / n, p % n, digits[p]);
        }
        (rules, puzzle, solution)
    }

    /// The count up to 30 and whether it is complete, every solution kept checked by the
    /// validator.
    fn count(engine: &mut dyn Engine, puzzle: &Grid) -> (u128, bool) {
        let answer = engine.enumerate(puzzle, Some(30), 30).unwrap();
        for solution in &answer.solutions {
            validate(engine.rules(), puzzle, solution).unwrap();
        }
        (answer.count, answer.complete)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Cages that share boxes and rows split their digits through the units' items: the
        /// solver's counts agree with the reference backtracker's, and the solution the
        /// killer was made from is always among them.
        #[test]
        fn killers_whose_cages_share_units_count_as_the_backtracker_does(
            six in any::<bool>(),
            seed in any::<u64>(),
            share in 0usize..=60,
        ) {
            let n = if six { 6 } else { 4 };
            let (rules, puzzle, solution) = killer(n, seed, n * n * share / 100);
            let dlx = count(&mut Solver::new(rules.clone()), &puzzle);
            let reference = count(&mut Backtracker::new(rules.clone()), &puzzle);
            prop_assert_eq!(dlx, reference, "{}", puzzle);
            prop_assert!(dlx.0 >= 1);
            let all = Solver::new(rules).enumerate(&puzzle, Some(30), 30).unwrap();
            prop_assert!(!all.complete || all.solutions.contains(&solution));
        }
    }
}
