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

use std::collections::BTreeSet;

use crate::xc::Color;

use super::constraint::Reference;
use super::cover::{full_mask, Encoder};
use super::pair::{PairList, Relation};
use super::unit::UnitIndex;

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
struct States {
    states: Vec<BTreeSet<i64>>,
}

impl States {
    fn new(sum: &LinearSum, n: usize) -> States {
        States::within(sum, &vec![full_mask(n); sum.terms.len()])
    }

    /// The states when term `i` holds a digit of `digits[i]` (bit `d - 1` for digit `d`).
    fn within(sum: &LinearSum, digits: &[u64]) -> States {
        let k = sum.terms.len();
        let of = |i: usize| (1..=64i64).filter(move |d| digits[i] >> (d - 1) & 1 == 1);
        let mut forward = vec![BTreeSet::from([0i64])];
        for (i, &(_, w)) in sum.terms.iter().enumerate() {
            let last = forward.last().expect("starts with one set");
            let next: BTreeSet<i64> = last
                .iter()
                .flat_map(|&s| of(i).map(move |d| s + w * d))
                .collect();
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
            let kept: BTreeSet<i64> = forward[i]
                .iter()
                .copied()
                .filter(|&s| of(i).any(|d| after.contains(&(s + w * d))))
                .collect();
            states[i] = kept;
        }
        States { states }
    }

    /// Whether some sum of digits reaches the target.
    fn feasible(&self) -> bool {
        !self.states[0].is_empty()
    }

    /// The color of partial sum `s` after `i` cells (1 for the smallest state).
    fn color(&self, i: usize, s: i64) -> Color {
        let low = *self.states[i].first().expect("a state");
        Color::new((s - low + 1) as u32).expect("a positive color")
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

    /// Encodes the sum into the exact cover (see the module documentation), each cell kept
    /// to the digits [`LinearSum::tables`] leaves it. An infeasible sum forbids every digit
    /// of its first cell.
    pub fn encode(&self, encoder: &mut Encoder<'_>) {
        let n = encoder.geometry().size();
        let k = self.terms.len();
        let units = encoder.units();
        let states = match self.tables(n, &|p, q| units.share(p, q)) {
            Some((domains, _)) => States::within(self, &domains),
            None => States::new(self, n),
        };
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

/// A set of sums `lo..lo + member.len()`: `member[v - lo]` when `v` is in it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SumSet {
    lo: i64,
    member: Vec<bool>,
}

impl SumSet {
    /// The set holding only 0.
    fn zero() -> SumSet {
        SumSet {
            lo: 0,
            member: vec![true],
        }
    }

    /// Whether `v` is in the set.
    fn contains(&self, v: i64) -> bool {
        v >= self.lo && self.member.get((v - self.lo) as usize) == Some(&true)
    }

    /// Every `a + b` with `a` in `self` and `b` in `other`.
    fn plus(&self, other: &SumSet) -> SumSet {
        if self.member.is_empty() || other.member.is_empty() {
            return SumSet {
                lo: 0,
                member: Vec::new(),
            };
        }
        let mut member = vec![false; self.member.len() + other.member.len() - 1];
        for (a, _) in self.member.iter().enumerate().filter(|(_, &m)| m) {
            for (b, _) in other.member.iter().enumerate().filter(|(_, &m)| m) {
                member[a + b] = true;
            }
        }
        SumSet {
            lo: self.lo + other.lo,
            member,
        }
    }

    /// The sums `w * (d_1 + ... + d_g)` of `g` different digits of `digits`.
    fn distinct(digits: u64, g: usize, w: i64) -> SumSet {
        // by_count[c]: the sums of c different digits among those looked at so far.
        let top: usize = (1..=64).filter(|d| digits >> (d - 1) & 1 == 1).sum();
        let mut by_count = vec![vec![false; top + 1]; g + 1];
        by_count[0][0] = true;
        for d in (1..=64usize).filter(|d| digits >> (d - 1) & 1 == 1) {
            for c in (1..=g).rev() {
                for v in (d..=top).rev() {
                    if by_count[c - 1][v - d] {
                        by_count[c][v] = true;
                    }
                }
            }
        }
        let sums: Vec<i64> = (0..=top)
            .filter(|&v| by_count[g][v])
            .map(|v| w * v as i64)
            .collect();
        let (Some(&lo), Some(&hi)) = (sums.iter().min(), sums.iter().max()) else {
            return SumSet {
                lo: 0,
                member: Vec::new(),
            };
        };
        let mut member = vec![false; (hi - lo) as usize + 1];
        for v in sums {
            member[(v - lo) as usize] = true;
        }
        SumSet { lo, member }
    }

    /// Whether no sum is in the set.
    fn is_empty(&self) -> bool {
        !self.member.contains(&true)
    }
}

/// Work (sums looked at) above which [`LinearSum::pairs`] leaves a sum's pairs out.
const PAIR_WORK: usize = 2_000_000;

impl LinearSum {
    /// The digits each cell may hold on some way to the target (bit `d - 1` for digit `d`).
    pub fn domains(&self, n: usize) -> Vec<u64> {
        self.domains_within(&States::new(self, n), n)
    }

    /// The digits each cell may hold on some way through `states`.
    fn domains_within(&self, states: &States, n: usize) -> Vec<u64> {
        self.terms
            .iter()
            .enumerate()
            .map(|(i, &(_, w))| {
                (1..=n as u8).fold(0u64, |mask, d| {
                    let on = states.states[i]
                        .iter()
                        .any(|&s| states.states[i + 1].contains(&(s + w * i64::from(d))));
                    if on {
                        mask | 1 << (d - 1)
                    } else {
                        mask
                    }
                })
            })
            .collect()
    }

    /// What the sum says about two of its cells, as rules between them: the tables of
    /// [`LinearSum::tables`] that forbid more than `share` says, as `(position i, position j,
    /// allowed)`.
    pub fn pairs(
        &self,
        n: usize,
        share: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize, Vec<u64>)> {
        let Some((_, tables)) = self.tables(n, share) else {
            return Vec::new();
        };
        tables
            .into_iter()
            .filter_map(|(i, j, allowed)| {
                let (pi, pj) = (self.terms[i].0, self.terms[j].0);
                let shared = share(pi, pj);
                let more = (1..=n as u8).any(|d| {
                    (1..=n as u8).any(|e| {
                        let known = shared && d == e;
                        !known && allowed[usize::from(d) - 1] >> (e - 1) & 1 == 0
                    })
                });
                more.then_some((pi, pj, allowed))
            })
            .collect()
    }

    /// The digits each term may hold and the rules between two terms: for each pair of terms
    /// `i < j`, `(i, j, allowed)` where `allowed[d - 1]` has bit `e - 1` when the other cells
    /// can still make up the rest of the target with `d` at `i` and `e` at `j`, each holding a
    /// digit of its [`LinearSum::domains`] and cells that `share` a unit holding different
    /// digits (worked out on groups of cells that all share a unit and have the same weight);
    /// a digit that no digit of some partner allows leaves its term's domain, and the rules
    /// allow every pair with a digit outside the domains (the chain rules those out). `None`
    /// for fewer than three terms (the chain's one item says it all), a sum no digits reach,
    /// or when the work would exceed [`PAIR_WORK`].
    ///
    /// # Complexity
    ///
    /// For each pair of terms and each pair of digits, a sum of sets of partial sums: about
    /// `k^2 n^2 R` for `k` terms whose sums span `R` values.
    #[allow(clippy::type_complexity)]
    pub fn tables(
        &self,
        n: usize,
        share: &dyn Fn(usize, usize) -> bool,
    ) -> Option<(Vec<u64>, Vec<(usize, usize, Vec<u64>)>)> {
        let k = self.terms.len();
        let span: i64 = self.terms.iter().map(|&(_, w)| w.abs() * n as i64).sum();
        if k < 3 || k * k * n * n * span as usize > PAIR_WORK {
            return None;
        }
        let mut domains = self.domains(n);
        if domains.contains(&0) {
            return None;
        }
        let mut tables = Vec::new();
        for i in 0..k {
            for j in i + 1..k {
                tables.push((i, j, self.pair(n, &domains, share, i, j)));
            }
        }
        // A digit no partner's digit goes with is out.
        let mut kept = domains.clone();
        for (i, j, allowed) in &tables {
            let (i, j) = (*i, *j);
            let mut back = 0u64;
            for d in (1..=n as u8).filter(|d| domains[i] >> (d - 1) & 1 == 1) {
                let with = allowed[usize::from(d) - 1] & domains[j];
                if with == 0 {
                    kept[i] &= !(1 << (d - 1));
                }
                back |= with;
            }
            kept[j] &= back;
        }
        // The chain over the kept digits may drop more.
        let states = States::within(self, &kept);
        if !states.feasible() {
            return None;
        }
        domains = self.domains_within(&states, n);
        let full = full_mask(n);
        for (i, j, allowed) in &mut tables {
            for d in 1..=n {
                if domains[*i] >> (d - 1) & 1 == 0 {
                    allowed[d - 1] = full;
                } else {
                    allowed[d - 1] |= full & !domains[*j];
                }
            }
        }
        Some((domains, tables))
    }

    /// Adds [`LinearSum::pairs`] to `out` as relations named `what`, cells sharing a unit of
    /// `units`.
    pub fn push_pairs(&self, n: usize, what: &str, units: &UnitIndex, out: &mut PairList) {
        for (a, b, allowed) in self.pairs(n, &|p, q| units.share(p, q)) {
            let relation = Relation::new(what, n, |d, e| {
                allowed[usize::from(d) - 1] >> (e - 1) & 1 == 1
            });
            let id = out.relation(relation);
            out.push(a, b, id);
        }
    }

    /// What `sums` say together about positions `a` and `b` of a line whose cells may repeat
    /// digits (no two share a unit): the relation named `what` that every sum holding both
    /// asks for, if it forbids anything.
    pub fn relation_between(
        sums: &[LinearSum],
        n: usize,
        a: usize,
        b: usize,
        what: &str,
    ) -> Option<Relation> {
        let full = full_mask(n);
        let mut allowed = vec![full; n];
        for sum in sums {
            let find = |p: usize| sum.terms.iter().position(|&(q, _)| q == p);
            let (Some(i), Some(j)) = (find(a), find(b)) else {
                continue;
            };
            let span: i64 = sum.terms.iter().map(|&(_, w)| w.abs() * n as i64).sum();
            let k = sum.terms.len();
            if k < 3 || k * n * n * span as usize > PAIR_WORK {
                continue;
            }
            let domains = sum.domains(n);
            if domains.contains(&0) {
                continue;
            }
            let never = |_: usize, _: usize| false;
            let table = sum.pair(n, &domains, &never, i.min(j), i.max(j));
            for d in 1..=n as u8 {
                for e in 1..=n as u8 {
                    let (x, y) = if i < j { (d, e) } else { (e, d) };
                    if table[usize::from(x) - 1] >> (y - 1) & 1 == 0 {
                        allowed[usize::from(d) - 1] &= !(1 << (e - 1));
                    }
                }
            }
        }
        allowed.iter().any(|&m| m != full).then(|| {
            Relation::new(what, n, |d, e| {
                allowed[usize::from(d) - 1] >> (e - 1) & 1 == 1
            })
        })
    }

    /// The allowed digit pairs of terms `i < j` (see [`LinearSum::pairs`]).
    fn pair(
        &self,
        n: usize,
        domains: &[u64],
        share: &dyn Fn(usize, usize) -> bool,
        i: usize,
        j: usize,
    ) -> Vec<u64> {
        let (pi, wi) = self.terms[i];
        let (pj, wj) = self.terms[j];
        // The other terms in groups: each group's cells share a unit pairwise and have one
        // weight, so they hold different digits.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for t in (0..self.terms.len()).filter(|&t| t != i && t != j) {
            let (p, w) = self.terms[t];
            let fits = |group: &Vec<usize>| {
                group
                    .iter()
                    .all(|&u| self.terms[u].1 == w && share(self.terms[u].0, p))
            };
            match groups.iter_mut().find(|g| fits(g)) {
                Some(group) => group.push(t),
                None => groups.push(vec![t]),
            }
        }
        // The sums a group can make when it may not hold `excluded`.
        let reach = |group: &[usize], excluded: u64| {
            let digits = group.iter().fold(0u64, |m, &t| m | domains[t]) & !excluded;
            let digits = if group.len() == 1 {
                domains[group[0]] & !excluded
            } else {
                digits
            };
            SumSet::distinct(digits, group.len(), self.terms[group[0]].1)
        };
        // Groups that every digit of i or of j keeps out go last, the others are summed once.
        let all_share =
            |group: &[usize], p: usize| group.iter().all(|&t| share(self.terms[t].0, p));
        let (touched, plain): (Vec<&Vec<usize>>, Vec<&Vec<usize>>) = groups
            .iter()
            .partition(|g| all_share(g, pi) || all_share(g, pj));
        let base = plain
            .iter()
            .fold(SumSet::zero(), |acc, g| acc.plus(&reach(g, 0)));
        // Digits outside a cell's domain are the chain's business: the relation allows them.
        let full = full_mask(n);
        let mut allowed = vec![full; n];
        for d in (1..=n as u8).filter(|d| domains[i] >> (d - 1) & 1 == 1) {
            allowed[usize::from(d) - 1] = full & !domains[j];
            for e in (1..=n as u8).filter(|e| domains[j] >> (e - 1) & 1 == 1) {
                if d == e && share(pi, pj) {
                    continue;
                }
                let mut rest = base.clone();
                for group in &touched {
                    let mut excluded = 0u64;
                    if all_share(group, pi) {
                        excluded |= 1 << (d - 1);
                    }
                    if all_share(group, pj) {
                        excluded |= 1 << (e - 1);
                    }
                    rest = rest.plus(&reach(group, excluded));
                    if rest.is_empty() {
                        break;
                    }
                }
                let need = self.target - wi * i64::from(d) - wj * i64::from(e);
                if rest.contains(need) {
                    allowed[usize::from(d) - 1] |= 1 << (e - 1);
                }
            }
        }
        allowed
    }
}

/// Sums as the reference backtracker sees them: a digit is allowed unless the bounds of some
/// sum through its cell rule it out. Loose in general, exact on a full assignment.
#[derive(Debug)]
pub struct SumBounds {
    n: usize,
    sums: Vec<LinearSum>,
    sums_of: Vec<Vec<usize>>,
}

impl SumBounds {
    /// The reference view of `sums` over an area of `area` positions, digits `1..=n`.
    pub fn new(n: usize, area: usize, sums: Vec<LinearSum>) -> SumBounds {
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
        let mut free = full_mask(self.n);
        let mut trial = cells.to_vec();
        for d in 1..=self.n as u8 {
            trial[p] = d;
            if self.sums_of[p]
                .iter()
                .any(|&k| !self.sums[k].possible(self.n, &trial))
            {
                free &= !(1u64 << (d - 1));
            }
        }
        free
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

    /// Every (d, e) some full assignment allows, by brute force over digits `1..=n`, with
    /// cells in `clique` all different.
    fn brute(sum: &LinearSum, n: usize, clique: &[usize], i: usize, j: usize) -> Vec<u64> {
        let k = sum.terms.len();
        let mut allowed = vec![0u64; n];
        let mut digits = vec![1u8; k];
        loop {
            let total: i64 = (0..k).map(|t| sum.terms[t].1 * i64::from(digits[t])).sum();
            let differ = clique
                .iter()
                .enumerate()
                .all(|(a, &x)| clique[a + 1..].iter().all(|&y| digits[x] != digits[y]));
            if total == sum.target && differ {
                allowed[usize::from(digits[i]) - 1] |= 1 << (digits[j] - 1);
            }
            let Some(t) = (0..k).find(|&t| usize::from(digits[t]) < n) else {
                return allowed;
            };
            digits[t] += 1;
            digits[..t].fill(1);
        }
    }

    #[test]
    fn pairs_are_what_some_assignment_allows() {
        // x0 + x1 + x2 + x3 = 10 on digits 1..=4, cells 1, 2, 3 in one unit: the others
        // are three different digits, so (x0, x1) = (1, 2) leaves 7 = 3 + 4 for x2, x3.
        let sum = LinearSum {
            terms: vec![(0, 1), (1, 1), (2, 1), (3, 1)],
            target: 10,
        };
        let clique = [1, 2, 3];
        let share = |p: usize, q: usize| p != q && clique.contains(&p) && clique.contains(&q);
        let pairs = sum.pairs(4, &share);
        for &(a, b, ref allowed) in &pairs {
            let want = brute(&sum, 4, &clique, a, b);
            for d in 1..=4u8 {
                for e in 1..=4u8 {
                    let got = allowed[usize::from(d) - 1] >> (e - 1) & 1 == 1;
                    let some = want[usize::from(d) - 1] >> (e - 1) & 1 == 1;
                    let known = share(a, b) && d == e;
                    assert!(got || !some, "({a}, {b}) forbids ({d}, {e})");
                    if !known && a != 0 {
                        // Inside the unit the groups are exact.
                        assert_eq!(got, some, "({a}, {b}) on ({d}, {e})");
                    }
                }
            }
        }
        // The domains are exactly the digits some assignment uses.
        let (domains, _) = sum.tables(4, &share).unwrap();
        for (t, &domain) in domains.iter().enumerate().skip(1) {
            let want = brute(&sum, 4, &clique, 0, t);
            let used = (1..=4).fold(0u64, |m, e| {
                if want.iter().any(|&row| row >> (e - 1) & 1 == 1) {
                    m | 1 << (e - 1)
                } else {
                    m
                }
            });
            assert_eq!(domain, used, "cell {t}");
        }
        // x0 = x1 = 1 leaves 8 for two different digits of 2..=4.
        let (_, _, first) = pairs.iter().find(|p| (p.0, p.1) == (0, 1)).unwrap();
        assert_eq!(first[0] & 1, 0);
        // An arrow with a two-digit pill: x0 + x1 + x2 = 10 y0 + y1 on 1..=9, no units.
        let pill = LinearSum {
            terms: vec![(0, -10), (1, -1), (2, 1), (3, 1), (4, 1)],
            target: 0,
        };
        for (a, b, allowed) in pill.pairs(9, &|_, _| false) {
            let want = brute(&pill, 9, &[], a, b);
            let domains = pill.domains(9);
            for d in 1..=9u8 {
                for e in 1..=9u8 {
                    let inside = domains[a] >> (d - 1) & 1 == 1 && domains[b] >> (e - 1) & 1 == 1;
                    let got = allowed[usize::from(d) - 1] >> (e - 1) & 1 == 1;
                    let some = want[usize::from(d) - 1] >> (e - 1) & 1 == 1;
                    // Without units the sets of sums are exact.
                    assert_eq!(got, some || !inside, "({a}, {b}) on ({d}, {e})");
                }
            }
        }
        // Two cells: the chain says it all.
        let two = LinearSum {
            terms: vec![(0, 1), (1, 1)],
            target: 5,
        };
        assert!(two.pairs(9, &|_, _| false).is_empty());
        let relation =
            LinearSum::relation_between(std::slice::from_ref(&pill), 9, 2, 0, "arrow").unwrap();
        // A shaft cell of 1 leaves at most 19 for a pill from 21.
        assert!(!relation.allows(1, 2));
        assert!(relation.allows(9, 2));
    }
}
