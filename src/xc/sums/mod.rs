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

mod bounds;
mod distinct;

use crate::xc::matrix::{at, length, Matrix, COVERED};
use crate::xc::problem::OptionId;
use crate::xc::reduce::trail::Trail;
use bounds::Cached;
pub(crate) use bounds::Reach;
use distinct::{group, Grouping, Parked};

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
/// slot listing every option of the item. `sums[k]` is `(first, end, target)` over `groups`, and
/// `groups[g]` is `(first, end, weights)`: the group's slots `first..end`, consecutive, and
/// the start of its weights in `weights`, which run to the next group's start. The slots of a
/// group of two or more *exclude each other*: two options of equal weight in two of its slots
/// share an item that no solution covers with both (a primary item, or a secondary one
/// without a color or in two colors), so its slots take different weights; such a group has
/// at most 64 different weights, `weights[..]` in increasing order. A group of one slot has no
/// weights listed. `by_option[o]` lists `(slot, weight)` for every slot option `o` is in.
///
/// Slots are read through *readings* they share: `reading_of[s]` is slot `s`'s reading `r`,
/// `readings[r]` is `(item, base)`, `by_place[base + k]` the weight of the option at place `k`
/// of the item's list as built and that weight's place among its group's weights (0 in a group
/// of one slot). Slots share a reading exactly when they are on the same item with the same
/// weights and places at every place: what it holds of the options left is the same for both.
///
/// During a search `fixed[s]` is the weight of the option chosen (or committed) for slot
/// `s`, or [`FREE`]; `trail` holds, by level, a [`Saved::Fixed`] for every slot fixed and
/// not yet freed, so leaving a level frees exactly the slots fixed there. Between searches
/// `trail` is empty and every slot is free.
///
/// A sum is tested again only when it may prune more: `watched` lists, once each, the items
/// of every slot, `watch_len[u]` the length item `watched[u]` had at the last test pass (or
/// [`UNSEEN`] before the first pass of a search), and `sums_of[u]` the sums with a slot on it.
/// A pass tests only the sums of the items whose length changed since the previous one
/// (`dirty` marks them during the pass, bit `k % 64` of word `k / 64` for sum `k`, and is all
/// 0 between passes). Below a node the lists only shrink, so an item of unchanged length holds
/// the same options: a sum whose items all kept their lengths has the same options and bounds
/// as at its last test, which removed nothing or whose removals shortened one of its items.
/// What a level writes into `watch_len` and the readings (`lo`, `hi`, `mask`, `read`, read
/// afresh when `read[r]`, the epoch and the item's length at the reading, is no longer
/// current) is undone when the search leaves it: `trail` holds, by level, the values
/// overwritten. So back at a node, every length and reading left is one seen at that node or
/// above it, on the lists the node has (a length the same on one path is the same list), and a
/// sibling's search re-tests only the sums its choice touched.
///
/// A tested sum works out again only its groups with an item whose length changed: `groups_of[u]`
/// lists the groups with a slot on item `watched[u]`, `stale` marks (as `dirty`) the groups of
/// the items a pass found changed, all 0 between passes (the pass tests their sums; a dead end
/// clears the rest). Between passes `cached[g]` is what group `g`'s slots hold on the lists of
/// `watch_len`, its free slots' readings current; `group_trail` holds, by level, what a level
/// overwrote in `cached`, put back when the search leaves it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sums {
    sums: Vec<(u32, u32, i64)>,
    groups: Vec<(u32, u32, u32)>,
    weights: Vec<i64>,
    slots: Vec<(u32, u32, u32)>,
    entries: Vec<(u32, i64)>,
    /// Per node of a slot's item, its place in that item's list as built: a reading is read
    /// by walking its item's live list.
    position: Vec<u32>,
    reading_of: Vec<u32>,
    readings: Vec<(u32, u32)>,
    by_place: Vec<(i64, u8)>,
    /// Per item, the readings on it (for [`Sums::add`] to find one to share), and a slot's
    /// weights by place as [`Sums::add`] works them out.
    readings_on: Vec<Vec<u32>>,
    places: Vec<(i64, u8)>,
    by_option: Vec<Vec<(u32, i64)>>,
    fixed: Vec<i64>,
    trail: Trail<Saved>,
    /// Per group, what its slots held when it was last worked out (see `stale`).
    cached: Vec<Cached>,
    group_trail: Trail<(u32, Cached)>,
    groups_of: Vec<Vec<u32>>,
    stale: Vec<u64>,
    /// Per reading, at a test: the least and greatest weight its item's options left have.
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Per reading, the bits of the group's weights its item's options left hold, and the
    /// epoch and the item's length when `lo`, `hi` and `mask` were read: they hold while both
    /// are current (see `watched`).
    mask: Vec<u64>,
    read: Vec<(u64, u32)>,
    epoch: u64,
    watched: Vec<u32>,
    /// Per item, its place in `watched` (`u32::MAX` for none).
    watch_of: Vec<u32>,
    watch_len: Vec<u32>,
    sums_of: Vec<Vec<u32>>,
    dirty: Vec<u64>,
    /// What [`Sums::add`]'s `group` keeps between sums, and its scratch.
    grouping: Grouping,
}

/// What a level changed in [`Sums`]: a slot fixed, or a value it overwrote in the caches,
/// put back when the search leaves the level.
#[derive(Debug, Clone, Copy)]
enum Saved {
    /// Slot `slot` was fixed: it is free again.
    Fixed(u32),
    /// Reading `r`'s `lo`, `hi`, `mask` and `read`.
    Read(u32, i64, i64, u64, (u64, u32)),
    /// Watched item `u`'s `watch_len`.
    Watch(u32, u32),
}

/// The mark of a slot with no option chosen yet.
const FREE: i64 = i64::MIN;

/// The length of a watched item before the first test pass of a search: no list has it
/// (lengths are below [`COVERED`] or have that bit set, with fewer options than `u32::MAX`).
const UNSEEN: u32 = u32::MAX;

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

    /// Checks `sum` against the matrix as built and adds it, its slots in groups that exclude
    /// each other.
    pub(crate) fn add(&mut self, m: &Matrix, sum: &OptionSum) -> Result<(), SumError> {
        if !m.committed.is_empty() || !m.removed.is_empty() {
            return Err(SumError::NotFresh);
        }
        let mut slots = Vec::with_capacity(sum.slots.len());
        let (mut entries, mut distinct) = (Vec::new(), Vec::new());
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
            distinct.clear();
            distinct.extend(entries[start..].iter().map(|&(p, _)| p));
            distinct.sort_unstable();
            distinct.dedup();
            if i > m.primary || length(&m.len, i) as usize != listed || distinct.len() != listed {
                return Err(SumError::NotAnItem { slot: s });
            }
            slots.push((i, start, entries.len()));
        }
        if self.position.len() != m.nodes.len() {
            self.position = vec![u32::MAX; m.nodes.len()];
        }
        for &(i, _, _) in &slots {
            // The item's list as built (no option is removed or committed yet).
            let (mut p, mut k) = (at(&m.nodes, i).down, 0);
            while p != i {
                self.position[p as usize] = k;
                k += 1;
                p = at(&m.nodes, p).down;
            }
        }
        if self.by_option.len() != m.option_first.len() {
            self.by_option = vec![Vec::new(); m.option_first.len()];
        }
        if self.readings_on.len() != m.len.len() {
            self.readings_on = vec![Vec::new(); m.len.len()];
        }
        let of: Vec<&[(u32, i64)]> = slots.iter().map(|&(_, a, b)| &entries[a..b]).collect();
        let first_group = self.groups.len() as u32;
        let first_slot = self.slots.len() as u32;
        for (members, weights) in group(m, &of, &mut self.grouping) {
            let start = self.slots.len() as u32;
            let listed = members.len() > 1;
            for s in members {
                let (i, a, b) = slots[s];
                let slot = self.slots.len() as u32;
                let base = self.entries.len() as u32;
                self.slots.push((i, base, base + (b - a) as u32));
                self.places.clear();
                self.places.resize(b - a, (0, 0));
                for &(p, weight) in &entries[a..b] {
                    let by = &mut self.by_option[m.node_option[p as usize] as usize];
                    if by.capacity() == 0 {
                        // An option is in several sums' slots (13 a cell of a killer).
                        by.reserve_exact(8);
                    }
                    by.push((slot, weight));
                    self.entries.push((p, weight));
                    // Every group lists its weights; those of one slot keep bit 0.
                    let place = weights
                        .binary_search(&weight)
                        .expect("a weight of the group");
                    let bit = usize::from(listed) * place;
                    self.places[self.position[p as usize] as usize] = (weight, bit as u8);
                }
                let on = &mut self.readings_on[i as usize];
                let shared = on.iter().copied().find(|&r| {
                    let base = self.readings[r as usize].1 as usize;
                    self.by_place[base..base + self.places.len()] == self.places[..]
                });
                let r = shared.unwrap_or_else(|| {
                    let r = self.readings.len() as u32;
                    self.readings.push((i, self.by_place.len() as u32));
                    self.by_place.extend_from_slice(&self.places);
                    on.push(r);
                    r
                });
                self.reading_of.push(r);
            }
            self.groups
                .push((start, self.slots.len() as u32, self.weights.len() as u32));
            if listed {
                self.weights.extend(weights);
            }
        }
        debug_assert_eq!(self.slots.len() - first_slot as usize, slots.len());
        self.sums
            .push((first_group, self.groups.len() as u32, sum.target));
        // The new slots free, the new readings stale: epoch 0 is never current, and the epoch
        // only grows (each search starts a new one), so every slot is read afresh at the
        // first node. The earlier slots are free between searches, and the groups' caches are
        // written at each test before they are read: extended, not written anew, so that
        // adding many sums costs no more than adding them at once.
        let (slots, groups, readings) = (self.slots.len(), self.groups.len(), self.readings.len());
        self.fixed.resize(slots, FREE);
        self.cached.resize(groups, Cached::default());
        self.stale.resize(groups.div_ceil(64), 0);
        self.lo.resize(readings, 0);
        self.hi.resize(readings, 0);
        self.mask.resize(readings, 0);
        self.read.resize(readings, (0, 0));
        self.epoch = self.epoch.max(1);
        let k = self.sums.len() as u32 - 1;
        for g in first_group as usize..self.groups.len() {
            let (s0, s1, _) = self.groups[g];
            for s in s0 as usize..s1 as usize {
                let item = self.slots[s].0 as usize;
                self.watch_of
                    .resize(self.watch_of.len().max(item + 1), u32::MAX);
                if self.watch_of[item] == u32::MAX {
                    self.watch_of[item] = self.watched.len() as u32;
                    self.watched.push(item as u32);
                    self.watch_len.push(UNSEEN);
                    self.sums_of.push(Vec::new());
                    self.groups_of.push(Vec::new());
                }
                let u = self.watch_of[item] as usize;
                if self.sums_of[u].last() != Some(&k) {
                    self.sums_of[u].push(k);
                }
                if self.groups_of[u].last() != Some(&(g as u32)) {
                    self.groups_of[u].push(g as u32);
                }
            }
        }
        // All 0 between passes.
        self.dirty.resize(self.sums.len().div_ceil(64), 0);
        self.trail.reserve(self.slots.len(), m.primary as usize + 2);
        self.group_trail
            .reserve(self.groups.len(), m.primary as usize + 2);
        Ok(())
    }

    /// Per slot of every sum, its item and a prior for the conflict scores
    /// ([`crate::xc::choose::Conflicts`]): `max(2v - k, v)` for a sum of `k` slots of at most
    /// `v` options each, so that short sums weigh more and every sum weighs at least `v` (the
    /// Interactive Sudoku Solver's priority of a sum's cells, `max(2 * values - cells, values)`).
    pub(crate) fn priorities(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.sums.iter().flat_map(move |&(g0, g1, _)| {
            let (s0, s1) = (self.groups[g0 as usize].0, self.groups[g1 as usize - 1].1);
            let v = (s0..s1)
                .map(|s| self.slots[s as usize].2 - self.slots[s as usize].1)
                .max()
                .unwrap_or(0);
            let k = s1 - s0;
            let prio = (2 * v).saturating_sub(k).max(v);
            (s0..s1).map(move |s| (self.slots[s as usize].0, prio))
        })
    }

    /// Enters a level: fixes the slots of the option of node `last` (at the root, where `last`
    /// is `None`, those of every committed option).
    pub(crate) fn enter(&mut self, m: &Matrix, last: Option<u32>) {
        self.trail.enter();
        self.group_trail.enter();
        match last {
            Some(x) => self.fix(m.node_option[x as usize]),
            None => {
                // A new search: the lists were reset and committed anew since any test.
                self.epoch += 1;
                debug_assert!(
                    self.trail.is_empty(),
                    "a search starts with nothing to undo"
                );
                self.watch_len.fill(UNSEEN);
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
                self.trail.push(Saved::Fixed(slot));
            }
        }
    }

    /// Leaves the level entered last: frees the slots fixed there and puts back what it
    /// overwrote in the caches.
    pub(crate) fn leave(&mut self) {
        self.trail.leave(|saved| match saved {
            Saved::Fixed(slot) => self.fixed[slot as usize] = FREE,
            Saved::Read(r, lo, hi, mask, read) => {
                let r = r as usize;
                (self.lo[r], self.hi[r], self.mask[r], self.read[r]) = (lo, hi, mask, read);
            }
            Saved::Watch(u, len) => self.watch_len[u as usize] = len,
        });
        self.group_trail
            .leave(|(g, cached)| self.cached[g as usize] = cached);
    }

    /// What group `g`'s slots hold at this node (see [`Cached`]), or `None` when its free
    /// slots cannot take their weights: a slot with no option left, or (slots that exclude
    /// each other) no way for them to take different weights that [`Parked::spread`] sees.
    fn group_bounds(&mut self, m: &Matrix, g: usize) -> Option<Cached> {
        let (first, end, _) = self.groups[g];
        let (mut fixed, mut free) = (0i64, 0u32);
        let (mut apart_lo, mut apart_hi) = (0i64, 0i64);
        let mut extent = (i64::MAX, i64::MIN, i64::MIN);
        let listed = end - first > 1;
        let mut parked = Parked::new(if listed {
            self.weights_from(g).len()
        } else {
            0
        });
        for s in first..end {
            let u = s as usize;
            let w = self.fixed[u];
            if w != FREE {
                fixed += w;
                continue;
            }
            let r = self.reading_of[u];
            let (i, base) = self.readings[r as usize];
            let len = length(&m.len, i);
            if len >= COVERED {
                // Covered by an option outside the slot: the promise is broken.
                debug_assert!(false, "slot {s} covered but not fixed");
                continue;
            }
            free += 1;
            let now = (self.epoch, len);
            let r = r as usize;
            let (lo, hi, mask) = if self.read[r] == now {
                (self.lo[r], self.hi[r], self.mask[r])
            } else {
                let (mut lo, mut hi, mut mask) = (i64::MAX, i64::MIN, 0u64);
                // The options left, along the item's live list.
                let mut p = at(&m.nodes, i).down;
                while p != i {
                    let (w, bit) =
                        self.by_place[base as usize + self.position[p as usize] as usize];
                    lo = lo.min(w);
                    hi = hi.max(w);
                    mask |= 1 << bit;
                    p = at(&m.nodes, p).down;
                }
                if lo > hi {
                    return None;
                }
                let old = (self.lo[r], self.hi[r], self.mask[r], self.read[r]);
                self.trail
                    .push(Saved::Read(r as u32, old.0, old.1, old.2, old.3));
                (self.lo[r], self.hi[r], self.mask[r], self.read[r]) = (lo, hi, mask, now);
                (lo, hi, mask)
            };
            parked.add(mask);
            apart_lo += lo;
            apart_hi += hi;
            extent = (extent.0.min(lo), extent.1.max(hi), extent.2.max(hi - lo));
        }
        let apart = (fixed + apart_lo, fixed + apart_hi);
        if free <= 1 {
            // No other free slot to differ from: the bounds apart are exact.
            return Some(Cached {
                bounds: (apart.0, apart.1, i64::MAX, i64::MIN),
                apart,
                extent,
            });
        }
        let spread = parked.spread(self.weights_from(g))?;
        Some(Cached {
            bounds: (
                fixed + spread.least,
                fixed + spread.most,
                spread.light,
                spread.heavy,
            ),
            apart,
            extent,
        })
    }

    /// The weights of group `g` in increasing order, then those of the groups after it: the
    /// parked sets ([`Parked`]) may run past the group's own onto the next group's weights
    /// where its slots cannot take different weights, as before the sets were gathered slot
    /// by slot. Stopping at the group's own finds those dead ends at once, and took more nodes
    /// on the published killers under the conflict scores (`mathemagic-killers-01` 477,556 ->
    /// 576,481, `tarek-all-39` 64,532 -> 73,023), so the bounds stay as they were.
    #[inline]
    fn weights_from(&self, g: usize) -> &[i64] {
        &self.weights[self.groups[g].2 as usize..]
    }

    /// Tests once every sum with an item whose list changed since the last pass (every sum at
    /// a search's first pass): puts into `out` the node of every option whose weight the other
    /// slots cannot make up to the target (an option in several sums may come twice).
    /// `false` at a dead end (a sum out of reach or a free slot with no option left), where
    /// the search backtracks.
    ///
    /// A group's slots that exclude each other take different weights, so `t` free ones add
    /// up to at least a lightest set of `t` different weights they can take, each from its
    /// own ([`Parked::spread`]: the `t` least of those they have left, or each slot's least weight
    /// on, whichever is heavier), the greatest of them `a`; one of them taking weight `w > a`
    /// raises that least by `w - a` at least (the others still take `t - 1` different
    /// weights). So with the sum's least total `low`, a free slot's weight
    /// `w` is out of reach when `w > a + (target - low)`, and in the mirror, below `b - (high -
    /// target)`. Apart from the others of its group, a slot's weight `w` raises its group's
    /// sum of least weights `lo` by `w - lo` (its own least weight), so `w` is out of reach
    /// too when `w > lo + (target - low) + (least - apart)`, `least` the group's least total
    /// and `apart` the sum of its slots' least weights, and in the mirror.
    pub(crate) fn prune(&mut self, m: &Matrix, out: &mut Vec<u32>) -> bool {
        // The sums of the items whose lists changed since the last pass.
        for u in 0..self.watched.len() {
            let len = length(&m.len, self.watched[u]);
            if len != self.watch_len[u] {
                self.trail.push(Saved::Watch(u as u32, self.watch_len[u]));
                self.watch_len[u] = len;
                for &k in &self.sums_of[u] {
                    self.dirty[k as usize / 64] |= 1 << (k % 64);
                }
                for &g in &self.groups_of[u] {
                    self.stale[g as usize / 64] |= 1 << (g % 64);
                }
            }
        }
        // In the order the sums were added, as a test of every sum would meet them: the first
        // dead end found, which the conflict scores charge, does not depend on the items' order.
        let mut alive = true;
        for word in 0..self.dirty.len() {
            let mut bits = std::mem::take(&mut self.dirty[word]);
            while alive && bits != 0 {
                let k = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                alive = self.test(m, k, out);
            }
        }
        if !alive {
            // The level is left: its caches go back to those of the lists above it.
            self.stale.fill(0);
        }
        alive
    }

    /// Tests sum `k` (see [`Sums::prune`]): `false` at a dead end.
    fn test(&mut self, m: &Matrix, k: usize, out: &mut Vec<u32>) -> bool {
        let (g0, g1, target) = self.sums[k];
        let (mut low, mut high) = (0i64, 0i64);
        for g in g0..g1 {
            let (word, bit) = (g as usize / 64, 1u64 << (g % 64));
            if self.stale[word] & bit != 0 {
                self.stale[word] &= !bit;
                let Some(cached) = self.group_bounds(m, g as usize) else {
                    return false;
                };
                let old = std::mem::replace(&mut self.cached[g as usize], cached);
                self.group_trail.push((g, old));
            }
            let bounds = self.cached[g as usize].bounds;
            low += bounds.0;
            high += bounds.1;
        }
        if !(Reach { low, high, target }).reachable() {
            return false;
        }
        for g in g0..g1 {
            let (s0, s1, _) = self.groups[g as usize];
            let Cached {
                bounds: (glo, ghi, a, b),
                apart: (alo, ahi),
                extent: (least_lo, greatest_hi, widest),
            } = self.cached[g as usize];
            // Every free slot's weights within reach (the tests below, met by the group's
            // extent): nothing to remove from the group.
            if widest <= (high - target + (ahi - ghi)).min(target - low + (glo - alo))
                && least_lo >= b.saturating_sub(high - target)
                && greatest_hi <= a.saturating_add(target - low)
            {
                continue;
            }
            for s in s0..s1 {
                if self.fixed[s as usize] != FREE {
                    continue;
                }
                // The weights the slot may take.
                let r = self.reading_of[s as usize] as usize;
                let (lo, hi) = (self.lo[r], self.hi[r]);
                let least =
                    (hi - (high - target) - (ahi - ghi)).max(b.saturating_sub(high - target));
                let most = (lo + (target - low) + (glo - alo)).min(a.saturating_add(target - low));
                if lo >= least && hi <= most {
                    continue;
                }
                let (_, e0, e1) = self.slots[s as usize];
                for &(p, w) in &self.entries[e0 as usize..e1 as usize] {
                    if (w < least || w > most) && linked(m, p) {
                        out.push(p);
                    }
                }
            }
        }
        true
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

    /// The solutions of `dlx` whose cells (`v` values each, as in [`problem`]) add up to
    /// `target`, counted by a filter on every solution.
    fn filtered(dlx: &mut Dlx, v: u32, target: u32) -> usize {
        let (all, _) = dlx.collect(10_000);
        all.iter()
            .filter(|s| s.iter().map(|o| o.0 % v + 1).sum::<u32>() == target)
            .count()
    }

    #[test]
    fn slots_that_exclude_each_other_take_different_weights() {
        // 3 cells of values 1..=4 adding up to 6: different values must be 1, 2 and 3 (6
        // ways), where repeats allow 10 (1+1+4 three ways, 1+2+3 six ways, 2+2+2).
        for (distinct, count) in [(true, 6), (false, 10)] {
            let mut dlx = problem(3, 4, distinct, &[]);
            let sum = OptionSum {
                slots: slots(&[0, 1, 2], 4),
                target: 6,
            };
            let mut plain = dlx.clone();
            assert_eq!(filtered(&mut plain, 4, 6), count);
            // The engine finds the groups: one of three slots when values differ.
            let entries: Vec<Vec<(u32, i64)>> = sum
                .slots
                .iter()
                .map(|slot| {
                    slot.iter()
                        .map(|&(o, w)| (dlx.matrix.option_first[o.index()], w))
                        .collect()
                })
                .collect();
            let of: Vec<&[(u32, i64)]> = entries.iter().map(Vec::as_slice).collect();
            let groups = group(&dlx.matrix, &of, &mut Grouping::default());
            assert_eq!(groups.len(), if distinct { 1 } else { 3 });
            dlx.add_sum(&sum).unwrap();
            let counted = dlx.count(CountOptions::new());
            assert_eq!(counted.count, count as u128);
            if distinct {
                // At the root the 4s go (the least of three different values is 1 + 2 + 3,
                // which 4 would exceed): the search is that of values 1..=3 alone.
                let mut three = problem(3, 3, true, &[]);
                three
                    .add_sum(&OptionSum {
                        slots: slots(&[0, 1, 2], 3),
                        target: 6,
                    })
                    .unwrap();
                let alone = three.count(CountOptions::new());
                assert_eq!(alone.count, 6);
                assert_eq!(counted.stats.nodes, alone.stats.nodes);
            }
            dlx.check_links().unwrap();
        }
    }

    #[test]
    fn different_weights_are_handed_out_from_each_slots_own() {
        // Three cells that differ, cells 0 and 1 only 3 or 4, cell 2 any of 1..=4. The three
        // least values left (1, 2, 3) and the cells' least apart (3 + 3 + 1) allow a total of
        // 7; handing different values out, one to a cell from its own, needs 3 + 4 + 1 = 8.
        let build = || {
            let mut p = ProblemBuilder::new();
            let cells: Vec<_> = (0..3).map(|_| p.primary()).collect();
            let values: Vec<_> = (0..4).map(|_| p.secondary()).collect();
            let mut slots = vec![Vec::new(); 3];
            let mut option = 0;
            for (c, slot) in slots.iter_mut().enumerate() {
                for x in 1..=4u32 {
                    if c < 2 && x < 3 {
                        continue;
                    }
                    p.option([cells[c], values[x as usize - 1]]).unwrap();
                    slot.push((OptionId(option), i64::from(x)));
                    option += 1;
                }
            }
            (Dlx::new(&p.build()), slots)
        };
        for (target, count) in [(7, 0), (8, 2), (9, 2)] {
            let (mut plain, slots) = build();
            let mut summed = plain.clone();
            summed.add_sum(&OptionSum { slots, target }).unwrap();
            let (all, _) = plain.collect(100);
            let weight = |o: OptionId| [3, 4, 3, 4, 1, 2, 3, 4][o.index()];
            let kept = all
                .iter()
                .filter(|s| s.iter().map(|&o| weight(o)).sum::<i64>() == target)
                .count();
            assert_eq!(kept, count);
            let counted = summed.count(CountOptions::new());
            assert_eq!(counted.count, count as u128);
            if count == 0 {
                // Out of reach at the root: not one option is tried.
                assert_eq!(counted.stats.nodes, 0);
                assert!(plain.count(CountOptions::new()).stats.nodes > 0);
            }
            summed.check_links().unwrap();
        }
    }

    #[test]
    fn short_sums_give_their_slots_the_higher_prior() {
        // Cells 0 and 1 add up to 5, cells 0..4 to 10, 4 values each: the pair's slots get
        // max(8 - 2, 4) = 6, the four's max(8 - 4, 4) = 4, cell 0 both.
        let mut dlx = problem(4, 4, true, &[]);
        for (cells, target) in [(&[0, 1][..], 5), (&[0, 1, 2, 3][..], 10)] {
            dlx.add_sum(&OptionSum {
                slots: slots(cells, 4),
                target,
            })
            .unwrap();
        }
        let mut priors: Vec<(u32, u32)> = dlx.scratch.domination.sums.priorities().collect();
        priors.sort_unstable();
        assert_eq!(priors, [(1, 4), (1, 6), (2, 4), (2, 6), (3, 4), (4, 4)]);
        // The count is the filter's, whatever the first choices.
        let mut plain = problem(4, 4, true, &[]);
        let pairs = plain
            .collect(100)
            .0
            .iter()
            .filter(|s| {
                let pair = s.iter().filter(|o| o.0 / 4 < 2);
                pair.map(|o| o.0 % 4 + 1).sum::<u32>() == 5
            })
            .count();
        assert_eq!(dlx.count(CountOptions::new()).count, pairs as u128);
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Random sums over random cells, with and without item domination: the search with
        /// sums (which branches two ways: an option whose subtree is exhausted leaves its
        /// node, and the node chooses again) finds every solution of the plain matrix that
        /// keeps the sums, each once, counts them alike, and leaves the matrix as found.
        #[test]
        fn two_way_search_with_sums_finds_what_a_filter_keeps(
            k in 3u32..=6,
            v in 2u32..=4,
            distinct in proptest::bool::ANY,
            sums in proptest::collection::vec(
                (proptest::collection::btree_set(0u32..6, 2..=4), 0u32..=12), 1..=3),
            domination in proptest::option::of(2u32..=4),
        ) {
            let sums: Vec<(Vec<u32>, u32)> = sums
                .into_iter()
                .map(|(cells, t)| {
                    let cells: std::collections::BTreeSet<u32> =
                        cells.into_iter().map(|c| c % k).collect();
                    let cells: Vec<u32> = cells.into_iter().collect();
                    let target = cells.len() as u32 + t % (cells.len() as u32 * (v - 1) + 1);
                    (cells, target)
                })
                .filter(|(cells, _)| cells.len() >= 2)
                .collect();
            let mut plain = problem(k, v, distinct, &[]);
            let mut expected: Vec<Vec<u32>> = plain
                .collect(100_000)
                .0
                .iter()
                .filter(|s| {
                    sums.iter().all(|(cells, target)| {
                        let sum: u32 = s
                            .iter()
                            .filter(|o| cells.contains(&(o.0 / v)))
                            .map(|o| o.0 % v + 1)
                            .sum();
                        sum == *target
                    })
                })
                .map(|s| {
                    let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
                    s.sort_unstable();
                    s
                })
                .collect();
            expected.sort();
            let mut summed = problem(k, v, distinct, &[]);
            summed.set_domination(domination);
            for (cells, target) in &sums {
                summed
                    .add_sum(&OptionSum {
                        slots: slots(cells, v),
                        target: i64::from(*target),
                    })
                    .unwrap();
            }
            let original = summed.clone();
            let mut found: Vec<Vec<u32>> = summed
                .collect(100_000)
                .0
                .iter()
                .map(|s| {
                    let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
                    s.sort_unstable();
                    s
                })
                .collect();
            found.sort();
            proptest::prop_assert_eq!(&found, &expected);
            proptest::prop_assert_eq!(
                summed.count(CountOptions::new()).count,
                expected.len() as u128
            );
            summed.check_links().unwrap();
            proptest::prop_assert!(summed == original, "the search did not restore the matrix");
        }
    }
}
