//! What a linear sum says about two of its cells: the pairs of digits with which the other
//! cells can still make up the rest of the target, worked out on exact sets of partial sums
//! (cells that share a unit and have one weight form a group whose digits differ), and the
//! cells' digits that survive them. The families of [`crate::sudoku::rules::cover::linear_sum`] add these as pairs, so
//! that the search prunes a cell's candidates as soon as a partner is placed, wherever it is
//! in the chain, and encode the chain over the surviving digits
//! ([`LinearSum::encode_refined`]).

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use crate::sudoku::rules::cover::encoder::{full_mask, Encoder};
use crate::sudoku::rules::cover::linear_sum::{LinearSum, States};
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::unit_index::UnitIndex;

/// A set of sums `lo..lo + len`, as bits: bit `v - lo` of `bits` when `v` is in it.
///
/// Invariant: `bits` has `len.div_ceil(64)` words and no bit at or above `len`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SumSet {
    lo: i64,
    len: usize,
    bits: Vec<u64>,
}

impl SumSet {
    /// The set holding only 0.
    fn zero() -> SumSet {
        SumSet {
            lo: 0,
            len: 1,
            bits: vec![1],
        }
    }

    /// The empty set.
    fn empty() -> SumSet {
        SumSet {
            lo: 0,
            len: 0,
            bits: Vec::new(),
        }
    }

    /// The set of `values` (any order, repeats allowed).
    fn from_values(values: &[i64]) -> SumSet {
        let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
            return SumSet::empty();
        };
        let len = (hi - lo) as usize + 1;
        let mut bits = vec![0u64; len.div_ceil(64)];
        for &v in values {
            let k = (v - lo) as usize;
            bits[k / 64] |= 1 << (k % 64);
        }
        SumSet { lo, len, bits }
    }

    /// Whether some `a` of `self` and `b` of `other` add up to `v`.
    fn meets(&self, other: &SumSet, v: i64) -> bool {
        ones(&self.bits).any(|a| other.contains(v - self.lo - a as i64))
    }

    /// Whether `v` is in the set.
    fn contains(&self, v: i64) -> bool {
        let Ok(k) = usize::try_from(v - self.lo) else {
            return false;
        };
        k < self.len && self.bits[k / 64] >> (k % 64) & 1 == 1
    }

    /// Every `a + b` with `a` in `self` and `b` in `other`.
    fn plus(&self, other: &SumSet) -> SumSet {
        if self.len == 0 || other.len == 0 {
            return SumSet::empty();
        }
        let len = self.len + other.len - 1;
        let mut bits = vec![0u64; len.div_ceil(64)];
        for a in ones(&self.bits) {
            or_shifted(&mut bits, &other.bits, a);
        }
        SumSet {
            lo: self.lo + other.lo,
            len,
            bits,
        }
    }

    /// The sums `w * (d_1 + ... + d_g)` of `g` different digits of `digits`.
    fn distinct(digits: u64, g: usize, w: i64) -> SumSet {
        // by_count[c]: bit v when c different digits among those looked at so far add up to
        // v (at most `top`).
        let of = || (1..=64usize).filter(move |d| digits >> (d - 1) & 1 == 1);
        let top: usize = of().sum();
        let mut by_count = vec![vec![0u64; (top + 1).div_ceil(64)]; g + 1];
        by_count[0][0] = 1;
        for d in of() {
            for c in (1..=g).rev() {
                let (fewer, more) = by_count.split_at_mut(c);
                or_shifted(&mut more[0], &fewer[c - 1], d);
            }
        }
        let sums: Vec<i64> = ones(&by_count[g]).map(|v| w * v as i64).collect();
        SumSet::from_values(&sums)
    }
}

/// The places of the bits set in `bits`, increasing.
fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(k, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                k * 64 + bit
            })
        })
    })
}

/// `into |= from << shift`, where every bit of `from` shifted lands in `into`'s words.
fn or_shifted(into: &mut [u64], from: &[u64], shift: usize) {
    let (words, bits) = (shift / 64, shift % 64);
    for (k, &word) in from.iter().enumerate().filter(|&(_, &w)| w != 0) {
        into[k + words] |= word << bits;
        if bits > 0 {
            if let Some(next) = into.get_mut(k + words + 1) {
                *next |= word >> (64 - bits);
            }
        }
    }
}

/// What a sum says about two of its terms `i < j`: `(i, j, allowed)`, `allowed[d - 1]` the
/// digits of `j` that go with `d` at `i` (see [`LinearSum::tables`]).
pub(crate) type PairTable = (usize, usize, Vec<u64>);

/// Work (sums looked at) above which [`LinearSum::pairs`] leaves a sum's pairs out.
const PAIR_WORK: usize = 2_000_000;

/// What [`LinearSum::tables`] depends on, positions left out: the grid size, the target, the
/// weights in order, and for each pair of terms `i < j` (in that order) whether their cells
/// share a unit. Sums of one shape (a little killer of 14 along three cells of one box, in
/// any box) have the same tables.
type Shape = (usize, i64, Vec<i64>, Vec<bool>);

/// The most shapes [`remember_domains`] holds before it forgets them all (a batch of puzzles
/// brings new shapes; the map stays small).
const SHAPES_KEPT: usize = 4096;

/// The domains [`LinearSum::tables`] found per [`Shape`] in this process (`None`: it left
/// the sum out). The pairs, worked out while the rules are read, and the encoding, later,
/// both need them: the second asks here.
static DOMAINS: Mutex<BTreeMap<Shape, Option<Vec<u64>>>> = Mutex::new(BTreeMap::new());

/// Keeps `domains` as what [`LinearSum::tables`] found for `shape`.
fn remember_domains(shape: Shape, domains: Option<Vec<u64>>) {
    // A poisoned lock only means another thread panicked while inserting: the map holds
    // whole entries or nothing.
    let mut known = DOMAINS.lock().unwrap_or_else(|e| e.into_inner());
    if known.len() >= SHAPES_KEPT {
        known.clear();
    }
    known.insert(shape, domains);
}

impl LinearSum {
    /// Encodes the sum as [`LinearSum::encode`] does, each cell kept to the digits
    /// [`LinearSum::tables`] leaves it (which costs `k^2 n^2 R` before the search: the
    /// families that add [`LinearSum::pairs`] work them out anyway).
    pub fn encode_refined(&self, encoder: &mut Encoder<'_>) {
        let n = encoder.geometry().size();
        let units = encoder.units();
        let share = |p, q| units.share(p, q);
        let states = match self.refined_domains(n, &share) {
            Some(domains) => States::within(self, &domains),
            None => match self.two_domains(n, &share) {
                Some(domains) => States::within(self, &domains),
                None => States::new(self, n),
            },
        };
        self.encode_states(encoder, &states);
    }

    /// The sum's [`Shape`] with cells that `share` a unit.
    fn shape(&self, n: usize, share: &dyn Fn(usize, usize) -> bool) -> Shape {
        let k = self.terms.len();
        let shared = (0..k)
            .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
            .map(|(i, j)| share(self.terms[i].0, self.terms[j].0))
            .collect();
        let weights = self.terms.iter().map(|&(_, w)| w).collect();
        (n, self.target, weights, shared)
    }

    /// The domains of [`LinearSum::tables`], remembered from an earlier call on a sum of the
    /// same [`Shape`] (the pairs' while the rules were read) or worked out now.
    fn refined_domains(&self, n: usize, share: &dyn Fn(usize, usize) -> bool) -> Option<Vec<u64>> {
        let shape = self.shape(n, share);
        let known = DOMAINS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&shape)
            .cloned();
        if let Some(domains) = known {
            return domains;
        }
        let domains = self.work_out_tables(n, share).map(|(domains, _)| domains);
        remember_domains(shape, domains.clone());
        domains
    }

    /// For a sum of two cells that share a unit, the digits each may hold: those with a
    /// partner digit that makes the target and differs from it (a two-cell little killer of
    /// 14 in one box holds no 7); `None` for other sums, or when no digits are left (the
    /// chain then finds no way).
    fn two_domains(&self, n: usize, share: &dyn Fn(usize, usize) -> bool) -> Option<Vec<u64>> {
        let [(p, v), (q, w)] = self.terms[..] else {
            return None;
        };
        if !share(p, q) {
            return None;
        }
        let mut domains = vec![0u64; 2];
        for d in 1..=n as i64 {
            for e in (1..=n as i64).filter(|&e| e != d && v * d + w * e == self.target) {
                domains[0] |= 1 << (d - 1);
                domains[1] |= 1 << (e - 1);
            }
        }
        (!domains.contains(&0)).then_some(domains)
    }

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
    /// or when the work would exceed `PAIR_WORK` (2,000,000 sums looked at).
    ///
    /// # Complexity
    ///
    /// For each pair of terms and each pair of digits, a sum of sets of partial sums: about
    /// `k^2 n^2 R` for `k` terms whose sums span `R` values.
    pub fn tables(
        &self,
        n: usize,
        share: &dyn Fn(usize, usize) -> bool,
    ) -> Option<(Vec<u64>, Vec<PairTable>)> {
        let found = self.work_out_tables(n, share);
        let domains = found.as_ref().map(|(domains, _)| domains.clone());
        remember_domains(self.shape(n, share), domains);
        found
    }

    /// [`LinearSum::tables`], worked out.
    fn work_out_tables(
        &self,
        n: usize,
        share: &dyn Fn(usize, usize) -> bool,
    ) -> Option<(Vec<u64>, Vec<PairTable>)> {
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
        // The sums a group can make when it may not hold `excluded`, remembered.
        let mut memo: HashMap<(usize, u64), SumSet> = HashMap::new();
        let mut reach = |g: usize, excluded: u64| {
            memo.entry((g, excluded))
                .or_insert_with(|| {
                    let group = &groups[g];
                    let digits = group.iter().fold(0u64, |m, &t| m | domains[t]) & !excluded;
                    SumSet::distinct(digits, group.len(), self.terms[group[0]].1)
                })
                .clone()
        };
        // Groups that every digit of i (of j) keeps out depend on d (on e); the others are
        // summed once.
        let all_share = |g: usize, p: usize| groups[g].iter().all(|&t| share(self.terms[t].0, p));
        let by_i: Vec<bool> = (0..groups.len()).map(|g| all_share(g, pi)).collect();
        let by_j: Vec<bool> = (0..groups.len()).map(|g| all_share(g, pj)).collect();
        let mut base = SumSet::zero();
        for g in (0..groups.len()).filter(|&g| !by_i[g] && !by_j[g]) {
            base = base.plus(&reach(g, 0));
        }
        let bit = |d: u8| 1u64 << (d - 1);
        // with_d[d - 1]: base and the groups only i touches; with_e[e - 1]: the groups only j
        // touches.
        let digits = |mask: u64| (1..=n as u8).filter(move |&d| mask & bit(d) != 0);
        let mut with_d = vec![SumSet::empty(); n];
        for d in digits(domains[i]) {
            let mut set = base.clone();
            for g in (0..groups.len()).filter(|&g| by_i[g] && !by_j[g]) {
                set = set.plus(&reach(g, bit(d)));
            }
            with_d[usize::from(d) - 1] = set;
        }
        let mut with_e = vec![SumSet::empty(); n];
        for e in digits(domains[j]) {
            let mut set = SumSet::zero();
            for g in (0..groups.len()).filter(|&g| by_j[g] && !by_i[g]) {
                set = set.plus(&reach(g, bit(e)));
            }
            with_e[usize::from(e) - 1] = set;
        }
        // Digits outside a cell's domain are the chain's business: the relation allows them.
        let full = full_mask(n);
        let mut allowed = vec![full; n];
        for d in digits(domains[i]) {
            allowed[usize::from(d) - 1] = full & !domains[j];
            let left = &with_d[usize::from(d) - 1];
            for e in digits(domains[j]) {
                if d == e && share(pi, pj) {
                    continue;
                }
                let mut right = with_e[usize::from(e) - 1].clone();
                for g in (0..groups.len()).filter(|&g| by_i[g] && by_j[g]) {
                    right = right.plus(&reach(g, bit(d) | bit(e)));
                }
                let need = self.target - wi * i64::from(d) - wj * i64::from(e);
                if right.meets(left, need) {
                    allowed[usize::from(d) - 1] |= bit(e);
                }
            }
        }
        allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The set of `values`, as bits.
    fn set_of(values: &BTreeSet<i64>) -> SumSet {
        SumSet::from_values(&values.iter().copied().collect::<Vec<_>>())
    }

    fn values(set: &SumSet) -> BTreeSet<i64> {
        ones(&set.bits).map(|k| set.lo + k as i64).collect()
    }

    #[test]
    fn sum_sets_add_and_meet_as_sets_of_numbers_do() {
        // Across words: weights of 10 and 30 spread the sums over hundreds of values.
        let sets: Vec<BTreeSet<i64>> = vec![
            BTreeSet::from([0]),
            BTreeSet::new(),
            BTreeSet::from([-7, -3, 5]),
            (1..=9).map(|d| 10 * d).collect(),
            [3, 64, 65, 127, 128, 200].into(),
            (1..=9).map(|d| -30 * d).chain([7]).collect(),
        ];
        for a in &sets {
            for b in &sets {
                let (x, y) = (set_of(a), set_of(b));
                let sums: BTreeSet<i64> = a
                    .iter()
                    .flat_map(|p| b.iter().map(move |q| p + q))
                    .collect();
                assert_eq!(values(&x.plus(&y)), sums, "{a:?} + {b:?}");
                for v in -300..=500 {
                    assert_eq!(x.meets(&y, v), sums.contains(&v), "{a:?}, {b:?}, {v}");
                    assert_eq!(x.contains(v), a.contains(&v));
                }
            }
        }
    }

    #[test]
    fn distinct_sums_are_the_sums_of_different_digits() {
        for (digits, g, w) in [
            (0b1_1111_1111u64, 3, 1i64),
            (0b1011_0110, 2, -10),
            (1 << 15 | 0b111, 4, 7),
            (0b101, 3, 1),
        ] {
            let mut sums = BTreeSet::new();
            for subset in 0u64..1 << 16 {
                if subset & !digits == 0 && subset.count_ones() as usize == g {
                    sums.insert(w * ones(&[subset]).map(|b| b as i64 + 1).sum::<i64>());
                }
            }
            assert_eq!(
                values(&SumSet::distinct(digits, g, w)),
                sums,
                "{digits:b} {g} {w}"
            );
        }
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

    #[test]
    fn two_cells_that_share_a_unit_take_no_digit_whose_partner_is_itself() {
        let share = |p: usize, q: usize| p / 9 == q / 9;
        let pair = |a: usize, b: usize, w: i64, target: i64| LinearSum {
            terms: vec![(a, 1), (b, w)],
            target,
        };
        // 14 in one row: 5 to 9 but 7 (7 + 7); in two rows, 7 stays.
        let row = pair(0, 1, 1, 14).two_domains(9, &share).unwrap();
        assert_eq!(row, [0b1_1011_0000, 0b1_1011_0000]);
        assert_eq!(pair(0, 9, 1, 14).two_domains(9, &share), None);
        // An arrow of one cell in its circle's row (x - y = 0): no digit at all, left to
        // the chain; three cells are the tables' business.
        assert_eq!(pair(0, 1, -1, 0).two_domains(9, &share), None);
        let three = LinearSum {
            terms: vec![(0, 1), (1, 1), (2, 1)],
            target: 6,
        };
        assert_eq!(three.two_domains(9, &share), None);
        // Every pair the domains keep is some way to the target with different digits.
        let sum = pair(0, 1, 2, 13);
        let domains = sum.two_domains(9, &share).unwrap();
        for (t, mask) in domains.iter().enumerate() {
            for d in 1..=9i64 {
                let way = (1..=9i64).any(|e| {
                    e != d
                        && if t == 0 {
                            d + 2 * e == 13
                        } else {
                            e + 2 * d == 13
                        }
                });
                assert_eq!(mask >> (d - 1) & 1 == 1, way, "term {t} digit {d}");
            }
        }
    }
}
