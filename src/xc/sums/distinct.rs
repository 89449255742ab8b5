//! Slots that take different weights: how the sums ([`super`]) find them in the matrix,
//! and what such slots add up to at least and at most.
//!
//! Two slots *exclude each other* when every two options of equal weight, one in each, share
//! an item no solution covers with both (in a sudoku: cells of one row, column or box, whose
//! digit items they share). A group of slots that exclude each other pairwise (a clique of
//! that relation) takes different weights, so its free slots add up to more than their least
//! weights apart: [`Parked::spread`] bounds the total by the lightest and heaviest sets of different
//! weights the slots can take, each from its own.
//!
//! How the slots are split into groups decides how tight the bounds are: a partition into
//! larger cliques raises the least total of `k` different weights (`1 + 2 + ... + k` for
//! digits), so [`group`] grows cliques greedily in a few orders and keeps the partition with
//! the largest sum of squared group sizes (as the Interactive Sudoku Solver scores its
//! exclusion groups). A long arrow through several boxes is the case in point: its cells,
//! each joining the first group it fits in line order, split boxes that a clique grown from
//! the most excluded cell keeps whole.

use crate::xc::matrix::{at, Matrix, NO_COLOR, SPACER};

/// Most different weights in a group of slots that exclude each other (one bit each).
pub(crate) const GROUP_WEIGHTS: usize = 64;

/// The items of one option marked with their colors, so that [`Stamps::exclusive`] tests
/// another option against it in one walk of that option's nodes.
///
/// Invariant: `mark[i]` is `(stamp, color)` for each item `i` of the option marked last (its
/// node's color, or [`NO_COLOR`]), and holds an older stamp for every other item; `stamp`
/// only grows (the marks are cleared when it would wrap).
#[derive(Debug, Clone, Default)]
pub(crate) struct Stamps {
    mark: Vec<(u32, u32)>,
    stamp: u32,
}

impl Stamps {
    /// Marks the items of the option of node `p`.
    fn mark(&mut self, m: &Matrix, p: u32) {
        if self.mark.len() != m.len.len() {
            self.mark = vec![(0, NO_COLOR); m.len.len()];
            self.stamp = 0;
        }
        if self.stamp == u32::MAX {
            self.mark.fill((0, NO_COLOR));
            self.stamp = 0;
        }
        self.stamp += 1;
        let mut x = m.option_first[m.node_option[p as usize] as usize];
        while at(&m.nodes, x).top != SPACER {
            self.mark[at(&m.nodes, x).top as usize] = (self.stamp, color(m, x));
            x += 1;
        }
    }

    /// Whether no solution chooses both the option marked last and that of node `q`: they
    /// share a primary item, or a secondary one that one of them takes without a color or the
    /// two take in different colors.
    fn exclusive(&self, m: &Matrix, q: u32) -> bool {
        let mut y = m.option_first[m.node_option[q as usize] as usize];
        while at(&m.nodes, y).top != SPACER {
            let top = at(&m.nodes, y).top;
            let (stamp, a) = self.mark[top as usize];
            if stamp == self.stamp {
                let b = color(m, y);
                if top <= m.primary || a == NO_COLOR || b == NO_COLOR || a != b {
                    return true;
                }
            }
            y += 1;
        }
        false
    }
}

/// The color of node `x`, [`NO_COLOR`] for none.
fn color(m: &Matrix, x: u32) -> u32 {
    m.colors.get(x as usize).copied().unwrap_or(NO_COLOR)
}

/// Whether two slots (as their entries: option node and weight) exclude each other: every two
/// options of equal weight, one in each, are exclusive (see [`Stamps::exclusive`]).
fn slots_exclude(m: &Matrix, a: &[(u32, i64)], b: &[(u32, i64)], stamps: &mut Stamps) -> bool {
    a.iter().all(|&(p, v)| {
        let mut marked = false;
        b.iter().all(|&(q, w)| {
            if v != w {
                return true;
            }
            if !marked {
                stamps.mark(m, p);
                marked = true;
            }
            stamps.exclusive(m, q)
        })
    })
}

/// How [`grow`] picks the next slot of a clique among those that still fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// The first in the order given.
    First,
    /// The one that excludes the most of the others that fit (the first such in order).
    Best,
}

/// What [`group`] keeps from one sum to the next (the sums of a puzzle share most of their
/// pairs of cells), and its scratch space.
///
/// A slot lists every option of its item, so whether two slots exclude each other depends
/// only on their *weightings*: their items with the weight of each option. Invariants:
/// `on[i]` lists the weightings on item `i` as `(id, start)`, the weights of its options in
/// the order of their nodes at `by_place[start..]` (as many as the item has options); ids
/// run `0..count`. `known[a * side + b]` says whether the slots of weightings `a` and `b`
/// exclude each other: 0 not tested yet, 1 no, 2 yes (`side >= count`, the table square).
/// The rest is scratch of one call.
#[derive(Debug, Clone, Default)]
pub(crate) struct Grouping {
    stamps: Stamps,
    on: Vec<Vec<(u32, u32)>>,
    by_place: Vec<i64>,
    count: usize,
    known: Vec<u8>,
    side: usize,
    /// Of one call: the slots' weightings, a slot's entries in node order, the sum's weights
    /// increasing, each slot's weights as bits of those (`words` words a slot), and `near`.
    ids: Vec<u32>,
    sorted: Vec<(u32, i64)>,
    all: Vec<i64>,
    bits: Vec<u64>,
    words: usize,
    near: Vec<bool>,
}

impl Grouping {
    /// The weighting of a slot (its entries, every option of one item), registered anew
    /// when no slot had it before.
    fn weighting(&mut self, m: &Matrix, slot: &[(u32, i64)]) -> u32 {
        if self.on.len() != m.len.len() {
            *self = Grouping {
                on: vec![Vec::new(); m.len.len()],
                ..Grouping::default()
            };
        }
        self.sorted.clear();
        self.sorted.extend_from_slice(slot);
        self.sorted.sort_unstable_by_key(|&(p, _)| p);
        let item = self.sorted.first().map_or(0, |&(p, _)| at(&m.nodes, p).top) as usize;
        let (sorted, by_place) = (&self.sorted, &self.by_place);
        let same = |&&(_, start): &&(u32, u32)| {
            let start = start as usize;
            by_place.len() >= start + sorted.len()
                && sorted
                    .iter()
                    .zip(&by_place[start..])
                    .all(|(&(_, w), &v)| w == v)
        };
        if let Some(&(id, _)) = self.on[item].iter().find(same) {
            return id;
        }
        let id = self.count as u32;
        self.count += 1;
        self.on[item].push((id, self.by_place.len() as u32));
        self.by_place.extend(self.sorted.iter().map(|&(_, w)| w));
        if self.count > self.side {
            // The table grows square: copied into one twice as wide.
            let side = (2 * self.side).max(64);
            let mut known = vec![0u8; side * side];
            for a in 0..self.side {
                known[a * side..a * side + self.side]
                    .copy_from_slice(&self.known[a * self.side..(a + 1) * self.side]);
            }
            (self.known, self.side) = (known, side);
        }
        id
    }

    /// Whether slots `s` and `t` of `slots` exclude each other, tested once per pair of
    /// weightings.
    fn exclude(&mut self, m: &Matrix, slots: &[&[(u32, i64)]], s: usize, t: usize) -> bool {
        let (a, b) = (self.ids[s] as usize, self.ids[t] as usize);
        match self.known[a * self.side + b] {
            1 => false,
            2 => true,
            _ => {
                let both = slots_exclude(m, slots[s], slots[t], &mut self.stamps);
                let known = 1 + u8::from(both);
                self.known[a * self.side + b] = known;
                self.known[b * self.side + a] = known;
                both
            }
        }
    }

    /// The bits of slot `s`'s weights among the sum's.
    fn bits(&self, s: usize) -> &[u64] {
        &self.bits[s * self.words..(s + 1) * self.words]
    }
}

/// Splits slots (their entries) into groups whose slots exclude each other and share a weight
/// with another of the group, each group with at most [`GROUP_WEIGHTS`] different weights:
/// the groups, each its slots' indices in increasing order and its weights in increasing
/// order, in the order of their first slots.
///
/// The groups are cliques grown greedily (a slot joins while it excludes every slot taken so
/// far), tried in three ways, the slots in order and in reverse taking the first that fits,
/// and taking the one that excludes the most of those that fit; the partition kept is the one
/// with the largest sum of squared group sizes (the first such).
///
/// # Complexity
/// `O(n^2)` tests of [`slots_exclude`] for `n` slots (none for a pair of weightings `grouping`
/// tested before), then `O(n^3)` for the partitions.
pub(crate) fn group(
    m: &Matrix,
    slots: &[&[(u32, i64)]],
    g: &mut Grouping,
) -> Vec<(Vec<usize>, Vec<i64>)> {
    let n = slots.len();
    g.ids.clear();
    for slot in slots {
        let id = g.weighting(m, slot);
        g.ids.push(id);
    }
    g.all.clear();
    g.all
        .extend(slots.iter().flat_map(|slot| slot.iter().map(|&(_, w)| w)));
    g.all.sort_unstable();
    g.all.dedup();
    g.words = g.all.len().div_ceil(64).max(1);
    g.bits.clear();
    g.bits.resize(n * g.words, 0);
    for (s, slot) in slots.iter().enumerate() {
        for &(_, w) in *slot {
            let b = g.all.binary_search(&w).expect("a weight of the sum");
            g.bits[s * g.words + b / 64] |= 1 << (b % 64);
        }
    }
    g.near.clear();
    g.near.resize(n * n, false);
    for s in 0..n {
        for t in s + 1..n {
            let shares = g.bits(s).iter().zip(g.bits(t)).any(|(x, y)| x & y != 0);
            let both = shares && g.exclude(m, slots, s, t);
            g.near[s * n + t] = both;
            g.near[t * n + s] = both;
        }
    }
    let forward: Vec<usize> = (0..n).collect();
    let backward: Vec<usize> = (0..n).rev().collect();
    let tries = [
        grow(g, &forward, Pick::First),
        grow(g, &backward, Pick::First),
        grow(g, &forward, Pick::Best),
    ];
    let score = |groups: &Vec<Vec<usize>>| groups.iter().map(|g| g.len() * g.len()).sum::<usize>();
    let mut best = &tries[0];
    for t in &tries[1..] {
        if score(t) > score(best) {
            best = t;
        }
    }
    let mut groups: Vec<(Vec<usize>, Vec<i64>)> = best
        .iter()
        .map(|members| {
            let mut members = members.clone();
            members.sort_unstable();
            let mut union = vec![0u64; g.words];
            for &s in &members {
                for (u, x) in union.iter_mut().zip(g.bits(s)) {
                    *u |= x;
                }
            }
            let weights = (0..g.all.len())
                .filter(|&b| union[b / 64] >> (b % 64) & 1 == 1)
                .map(|b| g.all[b])
                .collect();
            (members, weights)
        })
        .collect();
    groups.sort_by_key(|(members, _)| members[0]);
    groups
}

/// A partition of the slots into cliques of `g.near` (an `n` by `n` matrix of "exclude each
/// other and share a weight"), each grown from the slots not yet taken, in `order`, picking
/// as `pick` says, while the group's weights (`g.bits`) stay at most [`GROUP_WEIGHTS`].
fn grow(g: &Grouping, order: &[usize], pick: Pick) -> Vec<Vec<usize>> {
    let (n, near) = (order.len(), &g.near);
    let mut taken = vec![false; n];
    let mut groups = Vec::new();
    let mut fits: Vec<usize> = Vec::with_capacity(n);
    let mut union = vec![0u64; g.words];
    while taken.iter().any(|&t| !t) {
        fits.clear();
        fits.extend(order.iter().copied().filter(|&t| !taken[t]));
        let mut members = Vec::new();
        union.fill(0);
        while !fits.is_empty() {
            let at = match pick {
                Pick::First => 0,
                Pick::Best => {
                    let degree = |s: usize| fits.iter().filter(|&&t| near[s * n + t]).count();
                    let mut best = 0;
                    for k in 1..fits.len() {
                        if degree(fits[k]) > degree(fits[best]) {
                            best = k;
                        }
                    }
                    best
                }
            };
            let s = fits.remove(at);
            let wider: usize = union
                .iter()
                .zip(g.bits(s))
                .map(|(u, x)| (u | x).count_ones() as usize)
                .sum();
            if !members.is_empty() && (wider > GROUP_WEIGHTS || members.len() == GROUP_WEIGHTS) {
                continue;
            }
            for (u, x) in union.iter_mut().zip(g.bits(s)) {
                *u |= x;
            }
            members.push(s);
            taken[s] = true;
            fits.retain(|&t| near[s * n + t]);
        }
        groups.push(members);
    }
    groups
}

/// What the free slots of a group that take different weights add up to: at least `least`,
/// at most `most`; one of them taking a weight `w` above `light` raises the least to `least +
/// (w - light)`, and one taking `w` below `heavy` lowers the most to `most - (heavy - w)`
/// (see [`Parked::spread`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spread {
    pub(crate) least: i64,
    pub(crate) most: i64,
    pub(crate) light: i64,
    pub(crate) heavy: i64,
}

/// What [`Parked::spread`] needs of a group's free slots, gathered one slot at a time (so that
/// a caller reading its slots needs no list of their masks): the union of the masks, the free
/// slots counted, and the two parked sets as bits (their totals and their greatest and least
/// weights are read off the bits at the end).
///
/// Invariants: `full` has a bit for each weight a slot may park on (the first 64 of those
/// given); `light` and `heavy` have `free` bits each, `light`'s all in `full`, unless `dead`
/// (a slot found no weight left to park on).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Parked {
    union: u64,
    free: u32,
    light: u64,
    heavy: u64,
    full: u64,
    dead: bool,
}

impl Parked {
    /// No slot yet, parking on `top` weights (the first 64 when more).
    #[inline]
    pub(crate) fn new(top: usize) -> Parked {
        let full = if top >= 64 {
            u64::MAX
        } else {
            (1u64 << top) - 1
        };
        Parked {
            union: 0,
            free: 0,
            light: 0,
            heavy: 0,
            full,
            dead: false,
        }
    }

    /// One more free slot, its weights left as `mask` (not 0).
    #[inline]
    pub(crate) fn add(&mut self, mask: u64) {
        self.union |= mask;
        self.free += 1;
        // The least weight not parked yet from the slot's least on, and the greatest not
        // parked yet from its greatest down.
        let up = !(self.light | ((1u64 << mask.trailing_zeros()) - 1)) & self.full;
        let down = !self.heavy & (u64::MAX >> mask.leading_zeros());
        if up == 0 || down == 0 {
            self.dead = true;
            return;
        }
        self.light |= 1 << up.trailing_zeros();
        self.heavy |= 1 << (63 - down.leading_zeros());
    }

    /// Bounds on the total of slots that take different weights, each from its own: the free
    /// slots added, their weights left as masks (bit `b` for `weights[b]`, `weights` the
    /// group's, increasing), at least one; `None` when they cannot take different weights.
    ///
    /// Two relaxations give a lightest set, and the tighter is kept: the slots taking any weight
    /// any of them has left (the `t` lightest of their union), and each slot taking any weight
    /// from its own least on, each in turn the least weight not taken yet (cars parking along a
    /// one-way street: the set taken does not depend on their order). Each is the lightest set
    /// of a transversal matroid, so its `i`-th lightest weight is at most the `i`-th lightest of
    /// any set the slots can take: one slot taking `w` above the set's greatest weight `a`
    /// raises the total by `w - a` at least (the others still take `t - 1` different weights),
    /// so the others add up to at least the set's total less `a`; `light` is `least` less the
    /// larger of those two rests. The heaviest sets are the mirror.
    ///
    /// # Complexity
    /// `O(t)` for `t` slots, on 64-bit masks.
    #[inline]
    pub(crate) fn spread(&self, weights: &[i64]) -> Option<Spread> {
        let free = self.free;
        debug_assert!(free >= 1, "a spread of no slot");
        if self.dead || self.union.count_ones() < free {
            return None;
        }
        // A parked set's total, and its greatest and least weights (the weights a set parks
        // on increase but for those past the group's own, see `Sums`' `weights_from`).
        let total = |mut bits: u64| {
            let (mut sum, mut most, mut least) = (0i64, i64::MIN, i64::MAX);
            while bits != 0 {
                let w = weights[bits.trailing_zeros() as usize];
                (sum, most, least) = (sum + w, most.max(w), least.min(w));
                bits &= bits - 1;
            }
            (sum, most, least)
        };
        let (parked_least, parked_a, _) = total(self.light);
        let (parked_most, _, parked_b) = total(self.heavy);
        // The `free` least and greatest weights of the union, their totals and their greatest
        // (least) weights.
        let (mut lightest, mut a, mut rest) = (0i64, 0i64, self.union);
        for _ in 0..free {
            a = weights[rest.trailing_zeros() as usize];
            lightest += a;
            rest &= rest - 1;
        }
        let (mut heaviest, mut b, mut rest) = (0i64, 0i64, self.union);
        for _ in 0..free {
            let bit = 63 - rest.leading_zeros();
            b = weights[bit as usize];
            heaviest += b;
            rest &= !(1u64 << bit);
        }
        let least = parked_least.max(lightest);
        // What the other slots add up to at least, by either set: the larger holds.
        let others = (parked_least - parked_a).max(lightest - a);
        let most = parked_most.min(heaviest);
        let others_most = (parked_most - parked_b).min(heaviest - b);
        Some(Spread {
            least,
            most,
            light: least - others,
            heavy: most - others_most,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Parked::spread`] of the slots of `masks`.
    fn spread(masks: impl Iterator<Item = u64>, weights: &[i64]) -> Option<Spread> {
        let mut parked = Parked::new(weights.len());
        for mask in masks {
            parked.add(mask);
        }
        parked.spread(weights)
    }
    use crate::xc::{Dlx, ProblemBuilder};

    /// The `k` lowest (`heaviest == false`) or highest bits of `mask`, which has `k` or more.
    fn first_bits(mut mask: u64, k: usize, heaviest: bool) -> u64 {
        let mut kept = 0u64;
        for _ in 0..k {
            let bit = if heaviest {
                63 - mask.leading_zeros()
            } else {
                mask.trailing_zeros()
            };
            kept |= 1 << bit;
            mask &= !(1u64 << bit);
        }
        kept
    }

    /// Every way to hand different weights out to slots, one each from its mask (bit `b` for
    /// `weights[b]`): the weights taken, slot by slot.
    fn ways(masks: &[u64], weights: &[i64]) -> Vec<Vec<i64>> {
        fn go(
            masks: &[u64],
            used: u64,
            weights: &[i64],
            way: &mut Vec<i64>,
            out: &mut Vec<Vec<i64>>,
        ) {
            let Some((&mask, rest)) = masks.split_first() else {
                out.push(way.clone());
                return;
            };
            for (b, &w) in weights.iter().enumerate() {
                if mask >> b & 1 == 1 && used >> b & 1 == 0 {
                    way.push(w);
                    go(rest, used | 1 << b, weights, way, out);
                    way.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(masks, 0, weights, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn a_spread_bounds_every_way_to_take_different_weights() {
        // Random families of 2 to 5 masks over up to 7 increasing weights, against every way.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut dead, mut tighter) = (0, 0);
        for _ in 0..4000 {
            let k = 2 + (next() % 4) as usize;
            let mut weights: Vec<i64> = (0..7).map(|_| (next() % 20) as i64).collect();
            weights.sort_unstable();
            weights.dedup();
            let full = (1u64 << weights.len()) - 1;
            let masks: Vec<u64> = (0..k).map(|_| next() & full).filter(|&m| m != 0).collect();
            if masks.len() < 2 {
                continue;
            }
            let all = ways(&masks, &weights);
            let Some(spread) = spread(masks.iter().copied(), &weights) else {
                assert!(all.is_empty(), "{masks:?} {weights:?}");
                dead += 1;
                continue;
            };
            for way in &all {
                let total: i64 = way.iter().sum();
                assert!(spread.least <= total && total <= spread.most);
                for &w in way {
                    assert!(total >= spread.least + (w - spread.light).max(0));
                    assert!(total <= spread.most - (spread.heavy - w).max(0));
                }
            }
            // Now and then tighter than the least weights of the union alone.
            let union = masks.iter().fold(0, |u, m| u | m);
            let lightest = first_bits(union, masks.len(), false);
            let alone: i64 = (0..64)
                .filter(|b| lightest >> b & 1 == 1)
                .map(|b| weights[b])
                .sum();
            if spread.least > alone {
                tighter += 1;
            }
        }
        assert!(dead > 0 && tighter > 0, "{dead} {tighter}");
        // {3, 4}, {3, 4}, {1, 2, 3, 4}: at least 3 + 4 + 1, where the three least weights
        // left are 1, 2 and 3; two slots that can only take 4 cannot differ.
        let digits = [1, 2, 3, 4];
        let three = spread([0b1100, 0b1100, 0b1111].into_iter(), &digits).unwrap();
        assert_eq!((three.least, three.light), (8, 4));
        assert_eq!(spread([0b1000, 0b1000].into_iter(), &digits), None);
        // Three slots that can only take 8 or 9 cannot differ, though the four slots' union
        // holds four weights: the third parks past the group's last weight.
        let nine: Vec<i64> = (1..=9).collect();
        let high = 0b1_1000_0000;
        assert_eq!(spread([high, high, high, 0b11].into_iter(), &nine), None);
    }

    #[test]
    fn groups_keep_the_largest_cliques_whole() {
        // Four slots of values 1..=3 in line order x, y1, y2, y3: x and y1 share a unit, and
        // y1, y2, y3 another. Joining the first group that fits, in order, splits the second
        // unit ({x, y1}, {y2, y3}: least total 3 + 3); the cliques grown from the other end
        // keep it whole ({y1, y2, y3}, {x}: least total 6 + 1).
        let units: [&[usize]; 2] = [&[0, 1], &[1, 2, 3]];
        let mut p = ProblemBuilder::new();
        let cells: Vec<_> = (0..4).map(|_| p.primary()).collect();
        let values: Vec<Vec<_>> = units
            .iter()
            .map(|_| (0..3).map(|_| p.secondary()).collect())
            .collect();
        for (c, &cell) in cells.iter().enumerate() {
            for x in 0..3 {
                let mut items = vec![(cell, None)];
                for (unit, value) in units.iter().zip(&values) {
                    if unit.contains(&c) {
                        items.push((value[x], None));
                    }
                }
                p.colored_option(items).unwrap();
            }
        }
        let dlx = Dlx::new(&p.build());
        let m = &dlx.matrix;
        let entries: Vec<Vec<(u32, i64)>> = (0..4)
            .map(|c| {
                (0..3)
                    .map(|x| (m.option_first[c * 3 + x], x as i64 + 1))
                    .collect()
            })
            .collect();
        let of: Vec<&[(u32, i64)]> = entries.iter().map(Vec::as_slice).collect();
        let groups = group(m, &of, &mut Grouping::default());
        let members: Vec<Vec<usize>> = groups.iter().map(|(g, _)| g.clone()).collect();
        assert_eq!(members, [vec![0], vec![1, 2, 3]]);
        assert_eq!(groups[1].1, [1, 2, 3]);
    }

    #[test]
    fn pairs_tested_before_are_known_by_their_weightings() {
        // Cells 0 and 1 share a unit, values 1..=3. Weighted by value, equal weights are the
        // same digit: they exclude each other. With cell 1's weights reversed, equal weights
        // are different digits, which do not. One `Grouping` for all the sums, as `Sums::add`
        // keeps it, answers each as a fresh one does.
        let mut p = ProblemBuilder::new();
        let cells: Vec<_> = (0..2).map(|_| p.primary()).collect();
        let values: Vec<_> = (0..3).map(|_| p.secondary()).collect();
        for &cell in &cells {
            for &value in &values {
                p.option([cell, value]).unwrap();
            }
        }
        let dlx = Dlx::new(&p.build());
        let m = &dlx.matrix;
        let slot = |c: usize, weight: fn(usize) -> i64| -> Vec<(u32, i64)> {
            (0..3)
                .map(|x| (m.option_first[c * 3 + x], weight(x)))
                .collect()
        };
        let (up, down) = (slot(0, |x| x as i64 + 1), slot(1, |x| x as i64 + 1));
        let reversed = slot(1, |x| 3 - x as i64);
        let mut shared = Grouping::default();
        for (a, b, together) in [
            (&up, &down, true),
            (&up, &reversed, false),
            (&up, &down, true),
            (&reversed, &up, false),
        ] {
            let of: [&[(u32, i64)]; 2] = [a, b];
            let fresh = group(m, &of, &mut Grouping::default());
            assert_eq!(group(m, &of, &mut shared), fresh);
            assert_eq!(fresh.len(), if together { 1 } else { 2 });
        }
        assert_eq!(shared.count, 3);
    }

    #[test]
    fn first_bits_takes_the_lowest_or_highest() {
        assert_eq!(first_bits(0b1011_0110, 2, false), 0b110);
        assert_eq!(first_bits(0b1011_0110, 2, true), 0b1010_0000);
    }
}
