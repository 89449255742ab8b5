//! Binary relations between two primary items, kept arc consistent at every node of a search:
//! a reduction the search makes beside item domination and the sums, on the same trail,
//! undone when it backtracks.
//!
//! An [`OptionRelation`] is a promise the caller makes about the problem: it names two
//! *slots*, each every option of one primary item with a small value (below 64), and which
//! pairs of values the options chosen for the two may take together. The exact cover already
//! holds the rule (a sudoku encodes a pair of cells as secondary items that forbid the pairs
//! of digits the rule forbids), but the matrix applies it only once one of the two items is
//! covered. The promise lets the search prune before that: at every node, an option of one
//! slot whose value no option still in the matrix for the other slot allows is in no solution
//! below the node, and goes (*arc consistency*). Along a chain of relations (a thermometer, a
//! line of dots) the removals spread from relation to relation until none removes more, so a
//! thermometer's cells get the full bounds of their order at once.
//!
//! The reduction is a pure function of the options still in the matrix: [`revise`] over the
//! two slots' sets of values (bit masks), repeated until nothing changes. A slot whose item
//! is covered takes no part (the matrix already removed what the option chosen for it
//! forbids). Since the removals depend only on the options in the matrix, not on the path
//! that left them, counts stay exact and keep the memory of subproblems (keyed by the covered
//! items: the solutions below them are the same with and without the removals).
//!
//! Human-style logic on a candidate state can run the same propagation: a slot's options
//! still possible are a mask of values, and [`revise`] returns the masks that keep support,
//! the step a person calls "this cell cannot be 3: then its neighbour would have nothing".

use super::trail::Trail;
use crate::xc::matrix::{at, length, Matrix, COVERED};
use crate::xc::problem::OptionId;

/// A relation between the options of two primary items (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OptionRelation {
    /// Every option of one primary item, each with its value (below 64).
    pub a: Vec<(OptionId, u8)>,
    /// Every option of another primary item, each with its value (below 64).
    pub b: Vec<(OptionId, u8)>,
    /// `allowed[x]` has bit `y` when `a` taking value `x` and `b` taking value `y` is allowed;
    /// a value of `a` past the end of the list allows nothing.
    pub allowed: Vec<u64>,
}

/// Which slot of an [`OptionRelation`] an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The first slot, `a`.
    A,
    /// The second slot, `b`.
    B,
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::A => "a",
            Side::B => "b",
        })
    }
}

/// Why [`crate::xc::Dlx::add_relation`] refused a relation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RelationError {
    /// A slot names an option that does not exist.
    #[error("slot {side}: no option {option}")]
    UnknownOption {
        /// The slot.
        side: Side,
        /// The option named.
        option: OptionId,
    },
    /// A slot's options do not share a primary item, or leave some of its options out.
    #[error("slot {side}: the options are not every option of one primary item")]
    NotAnItem {
        /// The slot.
        side: Side,
    },
    /// Both slots are the same item.
    #[error("slots a and b are the same item")]
    SameItem,
    /// A value is 64 or more.
    #[error("slot {side}: value {value} is not below 64")]
    ValueTooLarge {
        /// The slot.
        side: Side,
        /// The value given.
        value: u8,
    },
    /// An item already in a relation is named again with other values for its options.
    #[error("slot {side}: the item's options have other values in an earlier relation")]
    OtherValues {
        /// The slot.
        side: Side,
    },
    /// Relations are added to a matrix as built, before any commit or removal.
    #[error("relations are added before options are committed or removed")]
    NotFresh,
}

/// The values of two slots that keep support in a relation: `(a', b')` where `a'` holds the
/// values `x` of `a` for which `allowed[x]` meets `b`, and `b'` the values of `b` that some
/// value of `a'` allows. Masks have bit `x` for value `x`; `allowed` is as in
/// [`OptionRelation::allowed`]. The result is arc consistent: revising it again changes
/// nothing. Either mask empty means no pair of values is left.
///
/// ```
/// use sudokux::xc::revise;
///
/// // a < b over the values 0..4; a in {2, 3}, b in {0, 1, 3}: a is 2 and b is 3.
/// let allowed: Vec<u64> = (0..4).map(|x| (0b1111u64 << (x + 1)) & 0b1111).collect();
/// assert_eq!(revise(&allowed, 0b1100, 0b1011), (0b0100, 0b1000));
/// ```
pub fn revise(allowed: &[u64], a: u64, b: u64) -> (u64, u64) {
    let (mut a2, mut reach) = (0u64, 0u64);
    let mut rest = a;
    while rest != 0 {
        let x = rest.trailing_zeros();
        rest &= rest - 1;
        let to = allowed.get(x as usize).copied().unwrap_or(0) & b;
        if to != 0 {
            a2 |= 1 << x;
            reach |= to;
        }
    }
    (a2, b & reach)
}

/// The relations of a matrix, ready for the search, with the scratch space of their tests.
///
/// Invariants: `items[s]` is slot `s`'s primary item and `slot_of[i]` is `s` for it (`NONE`
/// for items in no relation); `value[p]` is the value of node `p` for every node in a slot
/// item's list; `relations[r]` is `(a, b, start, len)`: slots `a` and `b` and the masks
/// `tables[start..start + len]` (`allowed` of the relation); `quiet[r]` is `(qa, qb)`: the
/// most values of `a`'s slot that leave some value of `b`'s without support, and the
/// converse, so that [`revise`] changes nothing while `a` has more than `qa` values and `b`
/// more than `qb` (three values of a cell support every digit of its neighbour under "not
/// consecutive"); `watch[watch_start[s]..watch_start[s + 1]]` lists the relations of slot `s`;
/// `loud[s]` is the largest of the `qa` (for the relations where `s` is `a`) and `qb` (where it
/// is `b`): while `s` has more values, a change of its values lets no relation remove a value
/// of another slot; `single[s]` is true when no two options of slot `s` share a value (its
/// list's length is then its number of values); `keep[s]` is `loud[s]` for a `single` slot and
/// `COVERED` for any other.
///
/// During a search, `known[s]` is the mask of the values in slot `s`'s list (0 when its item
/// is covered) at a state on the path from the root to the current node, when the list was
/// `seen[s]` long (`STALE`: not made yet): lists only shrink along a path, so while the length
/// is the same the mask is too, and else it holds every value of the list and more. A free
/// `single` slot with more than `loud[s]` options keeps its older mask (making it again would
/// wake nothing, and a larger mask only keeps more support: the removals stay sound); every
/// other slot whose length changed gets its mask made again at the next pass. `trail` holds,
/// by level, the `(slot, seen, known)` each remaking replaced, so leaving a level puts back
/// the masks of the state above. Between passes `mask` equals `known`; within one it
/// holds the values still supported, `moved` the slots where they differ. `tested[r]` holds
/// the two slots' masks when relation `r` was last found arc consistent (so that equal masks
/// need no test: [`revise`] is a pure function of them); `queued[r]` is true exactly for the
/// relations in `queue`, which is empty between passes.
#[derive(Debug, Clone, Default)]
pub(crate) struct Relations {
    items: Vec<u32>,
    slot_of: Vec<u32>,
    value: Vec<u8>,
    relations: Vec<(u32, u32, u32, u32)>,
    quiet: Vec<(u32, u32)>,
    loud: Vec<u32>,
    single: Vec<bool>,
    keep: Vec<u32>,
    tables: Vec<u64>,
    watch_start: Vec<u32>,
    watch: Vec<u32>,
    tested: Vec<(u64, u64)>,
    queued: Vec<bool>,
    queue: Vec<u32>,
    mask: Vec<u64>,
    seen: Vec<u32>,
    known: Vec<u64>,
    trail: Trail<(u32, u32, u64)>,
    changed: Vec<u32>,
    moved: Vec<u32>,
}

/// The length of no list: a slot whose mask is to be made again.
const STALE: u32 = u32::MAX;

/// No slot.
const NONE: u32 = u32::MAX;

/// No value.
const NO_VALUE: u8 = u8::MAX;

impl Relations {
    /// Whether there are any relations.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.relations.is_empty()
    }

    /// Checks `relation` against the matrix as built and adds it.
    pub(crate) fn add(
        &mut self,
        m: &Matrix,
        relation: &OptionRelation,
    ) -> Result<(), RelationError> {
        if !m.committed.is_empty() || !m.removed.is_empty() {
            return Err(RelationError::NotFresh);
        }
        if self.slot_of.len() != m.items as usize + 1 {
            self.slot_of = vec![NONE; m.items as usize + 1];
            self.value = vec![NO_VALUE; m.nodes.len()];
        }
        let mut nodes = [Vec::new(), Vec::new()];
        let mut items = [0u32; 2];
        for (k, (side, slot)) in [(Side::A, &relation.a), (Side::B, &relation.b)]
            .into_iter()
            .enumerate()
        {
            let (i, found) = slot_nodes(m, side, slot)?;
            if let Some(&(_, value)) = slot.iter().find(|&&(_, v)| v >= 64) {
                return Err(RelationError::ValueTooLarge { side, value });
            }
            if self.slot_of[i as usize] != NONE
                && found
                    .iter()
                    .zip(slot)
                    .any(|(&p, &(_, v))| self.value[p as usize] != v)
            {
                return Err(RelationError::OtherValues { side });
            }
            items[k] = i;
            nodes[k] = found;
        }
        if items[0] == items[1] {
            return Err(RelationError::SameItem);
        }
        let mut slots = [0u32; 2];
        for k in 0..2 {
            let i = items[k];
            if self.slot_of[i as usize] == NONE {
                self.slot_of[i as usize] = self.items.len() as u32;
                self.items.push(i);
                let slot = if k == 0 { &relation.a } else { &relation.b };
                for (&p, &(_, v)) in nodes[k].iter().zip(slot) {
                    self.value[p as usize] = v;
                }
            }
            slots[k] = self.slot_of[i as usize];
        }
        let start = self.tables.len() as u32;
        self.tables.extend(relation.allowed.iter().take(64));
        let values = |slot: &[(OptionId, u8)]| slot.iter().fold(0u64, |m, &(_, v)| m | 1 << v);
        let (va, vb) = (values(&relation.a), values(&relation.b));
        let allowed = |x: u32| relation.allowed.get(x as usize).copied().unwrap_or(0);
        let ones = |mut m: u64| {
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let x = m.trailing_zeros();
                    m &= m - 1;
                    x
                })
            })
        };
        let qa = ones(vb)
            .map(|y| ones(va).filter(|&x| allowed(x) >> y & 1 == 0).count() as u32)
            .max()
            .unwrap_or(0);
        let qb = ones(va)
            .map(|x| (vb & !allowed(x)).count_ones())
            .max()
            .unwrap_or(0);
        self.quiet.push((qa, qb));
        for (k, q) in [(0, qa), (1, qb)] {
            let s = slots[k] as usize;
            if self.loud.len() <= s {
                let slot = if k == 0 { &relation.a } else { &relation.b };
                let distinct = slot.iter().fold(0u64, |m, &(_, v)| m | 1 << v).count_ones();
                self.loud.push(0);
                self.single.push(distinct as usize == slot.len());
            }
            self.loud[s] = self.loud[s].max(q);
        }
        self.relations
            .push((slots[0], slots[1], start, self.tables.len() as u32 - start));
        // The lists of relations per slot, made again (additions come before any search).
        let n = self.items.len();
        let mut counts = vec![0u32; n + 1];
        for &(a, b, _, _) in &self.relations {
            counts[a as usize + 1] += 1;
            counts[b as usize + 1] += 1;
        }
        for s in 0..n {
            counts[s + 1] += counts[s];
        }
        self.watch_start = counts.clone();
        self.watch = vec![0; 2 * self.relations.len()];
        for (r, &(a, b, _, _)) in self.relations.iter().enumerate() {
            for s in [a, b] {
                self.watch[counts[s as usize] as usize] = r as u32;
                counts[s as usize] += 1;
            }
        }
        // No masks were ever tested: (0, 0) is never the masks of two free slots.
        self.tested = vec![(0, 0); self.relations.len()];
        self.queued = vec![false; self.relations.len()];
        self.queue = Vec::with_capacity(self.relations.len());
        self.mask = vec![0; n];
        self.keep = (0..n)
            .map(|s| {
                if self.single[s] {
                    self.loud[s]
                } else {
                    COVERED
                }
            })
            .collect();
        self.known = vec![0; n];
        self.seen = vec![STALE; n];
        self.changed = Vec::with_capacity(n);
        self.moved = Vec::with_capacity(n);
        // Along a path a slot's mask is made again only when its list got shorter (or its
        // item covered): at most its length and one more times.
        let entries: usize = self
            .items
            .iter()
            .map(|&i| length(&m.len, i) as usize + 2)
            .sum();
        self.trail = Trail::default();
        self.trail.reserve(entries, m.primary as usize + 2);
        Ok(())
    }

    /// Enters a level of the search (a new search at the root, where the lists were reset
    /// and committed anew: every slot's mask is made again).
    pub(crate) fn enter(&mut self, root: bool) {
        self.trail.enter();
        if root {
            self.seen.fill(STALE);
        }
    }

    /// Leaves the level entered last: the masks made there are forgotten.
    pub(crate) fn leave(&mut self) {
        self.trail.leave(|(s, len, mask)| {
            self.seen[s as usize] = len;
            self.known[s as usize] = mask;
            self.mask[s as usize] = mask;
        });
    }

    /// Makes every relation arc consistent over the options still in the matrix: puts into
    /// `out` the node (in its slot's list) of every option that loses its support. `false` at
    /// a dead end (a free slot with no value left), where the search backtracks.
    pub(crate) fn prune(&mut self, m: &Matrix, out: &mut Vec<u32>) -> bool {
        // First the slots whose masks are to be made again (a tight loop: it runs at every
        // pass over every slot), then their masks.
        self.changed.clear();
        for (s, ((&i, &seen), &keep)) in self
            .items
            .iter()
            .zip(&self.seen)
            .zip(&self.keep)
            .enumerate()
        {
            let len = length(&m.len, i);
            if len != seen && (seen == STALE || len <= keep || len >= COVERED) {
                self.changed.push(s as u32);
            }
        }
        for k in 0..self.changed.len() {
            let s = self.changed[k] as usize;
            let i = self.items[s];
            let len = length(&m.len, i);
            let mask = if len >= COVERED {
                0
            } else {
                let mut mask = 0u64;
                let mut p = at(&m.nodes, i).down;
                while p != i {
                    mask |= 1 << self.value[p as usize];
                    p = at(&m.nodes, p).down;
                }
                mask
            };
            self.trail.push((s as u32, self.seen[s], self.known[s]));
            self.seen[s] = len;
            self.known[s] = mask;
            self.mask[s] = mask;
            if mask == 0 && len < COVERED {
                return false;
            }
        }
        if self.changed.is_empty() {
            return true;
        }
        for k in 0..self.changed.len() {
            self.wake(self.changed[k], u32::MAX);
        }
        let mut alive = true;
        while let Some(r) = self.queue.pop() {
            self.queued[r as usize] = false;
            if !alive {
                continue;
            }
            let (a, b, start, len) = self.relations[r as usize];
            let (ma, mb) = (self.mask[a as usize], self.mask[b as usize]);
            if (ma, mb) == self.tested[r as usize] {
                continue;
            }
            let allowed = &self.tables[start as usize..(start + len) as usize];
            let (a2, b2) = revise(allowed, ma, mb);
            self.tested[r as usize] = (a2, b2);
            if a2 == 0 || b2 == 0 {
                alive = false;
                continue;
            }
            for (s, old, new) in [(a, ma, a2), (b, mb, b2)] {
                if new != old {
                    if old == self.known[s as usize] {
                        self.moved.push(s);
                    }
                    self.mask[s as usize] = new;
                    self.wake(s, r);
                }
            }
        }
        // The masks go back to the lists' (the removals shorten the lists, and the next pass
        // makes the masks again).
        while let Some(s) = self.moved.pop() {
            let (s, i) = (s as usize, self.items[s as usize]);
            let mask = self.mask[s];
            self.mask[s] = self.known[s];
            if !alive {
                continue;
            }
            let mut p = at(&m.nodes, i).down;
            while p != i {
                if mask >> self.value[p as usize] & 1 == 0 {
                    out.push(p);
                }
                p = at(&m.nodes, p).down;
            }
        }
        alive
    }

    /// Queues the relations of slot `s` other than `r` whose other slot is free and that the
    /// values of `s` lost can make remove a value of the other slot.
    ///
    /// Each relation is arc consistent after a pass that finds no dead end, and masks only
    /// shrink until the search leaves the level: a value of the other slot can only lose its
    /// support when `s` has lost values, and only when `s` has at most the relation's quiet
    /// size on its side (the other slot's own losses wake the relation from there).
    fn wake(&mut self, s: u32, r: u32) {
        let values = self.mask[s as usize].count_ones();
        if values > self.loud[s as usize] {
            return;
        }
        let (from, to) = (
            self.watch_start[s as usize] as usize,
            self.watch_start[s as usize + 1] as usize,
        );
        for k in from..to {
            let q = self.watch[k];
            let (a, b, _, _) = self.relations[q as usize];
            let (qa, qb) = self.quiet[q as usize];
            let quiet = if a == s { qa } else { qb };
            if q != r
                && !self.queued[q as usize]
                && values <= quiet
                && self.mask[a as usize] != 0
                && self.mask[b as usize] != 0
            {
                self.queued[q as usize] = true;
                self.queue.push(q);
            }
        }
    }
}

/// The primary item of a slot and the node of each of its options in that item's list, in
/// the slot's order; the slot must list every option of the item once.
fn slot_nodes(
    m: &Matrix,
    side: Side,
    slot: &[(OptionId, u8)],
) -> Result<(u32, Vec<u32>), RelationError> {
    let mut item = None;
    let mut nodes = Vec::with_capacity(slot.len());
    for &(option, _) in slot {
        let Some(&first) = m.option_first.get(option.index()) else {
            return Err(RelationError::UnknownOption { side, option });
        };
        let i = *item.get_or_insert(at(&m.nodes, first).top);
        let mut p = first;
        while at(&m.nodes, p).top != 0 && at(&m.nodes, p).top != i {
            p += 1;
        }
        if at(&m.nodes, p).top != i {
            return Err(RelationError::NotAnItem { side });
        }
        nodes.push(p);
    }
    let Some(i) = item else {
        return Err(RelationError::NotAnItem { side });
    };
    let mut distinct = nodes.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if i > m.primary || length(&m.len, i) as usize != nodes.len() || distinct.len() != nodes.len() {
        return Err(RelationError::NotAnItem { side });
    }
    Ok((i, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{CountOptions, Dlx, ProblemBuilder};

    /// `k` cells taking the values `0..v` (option `c * v + x` is "cell c = x"), each value at
    /// most once when `distinct`; every pair `(a, b, allowed)` holds in the matrix as one
    /// secondary item per forbidden pair of values, in both options.
    fn problem(k: u32, v: u32, distinct: bool, pairs: &[(u32, u32, Vec<u64>)]) -> Dlx {
        let mut p = ProblemBuilder::new();
        let cells: Vec<_> = (0..k).map(|_| p.primary()).collect();
        let values: Vec<_> = (0..v).map(|_| p.secondary()).collect();
        let mut options: Vec<Vec<_>> = (0..k * v)
            .map(|o| {
                let mut items = vec![cells[(o / v) as usize]];
                if distinct {
                    items.push(values[(o % v) as usize]);
                }
                items
            })
            .collect();
        for (a, b, allowed) in pairs {
            for x in 0..v {
                for y in 0..v {
                    if allowed.get(x as usize).copied().unwrap_or(0) >> y & 1 == 0 {
                        let item = p.secondary();
                        options[(a * v + x) as usize].push(item);
                        options[(b * v + y) as usize].push(item);
                    }
                }
            }
        }
        for items in options {
            p.option(items).unwrap();
        }
        Dlx::new(&p.build())
    }

    fn slot(c: u32, v: u32) -> Vec<(OptionId, u8)> {
        (0..v).map(|x| (OptionId(c * v + x), x as u8)).collect()
    }

    fn relation(a: u32, b: u32, v: u32, allowed: &[u64]) -> OptionRelation {
        OptionRelation {
            a: slot(a, v),
            b: slot(b, v),
            allowed: allowed.to_vec(),
        }
    }

    /// A small random generator (xorshift), so that the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn revise_keeps_exactly_the_supported_values() {
        // |a - b| == 1 over 0..5: a in {0, 4}, b in {1, 2}: a is 0, b is 1.
        let allowed: Vec<u64> = (0..5u32)
            .map(|x| {
                (0..5u32)
                    .filter(|&y| x.abs_diff(y) == 1)
                    .fold(0, |m, y| m | 1 << y)
            })
            .collect();
        assert_eq!(revise(&allowed, 0b10001, 0b00110), (0b00001, 0b00010));
        // Nothing supported: both empty; revising again changes nothing.
        assert_eq!(revise(&allowed, 0b00001, 0b00100).0, 0);
        let (a, b) = revise(&allowed, 0b11111, 0b00011);
        assert_eq!(revise(&allowed, a, b), (a, b));
        // Values past the table allow nothing.
        assert_eq!(revise(&allowed[..2], 0b11100, 0b11111), (0, 0));
    }

    #[test]
    fn random_relations_change_no_count_and_leave_the_matrix_as_found() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut pruned = false;
        for round in 0..60 {
            let (k, v) = (3 + round % 3, 3 + round % 2);
            let distinct = round % 2 == 0;
            let pairs: Vec<(u32, u32, Vec<u64>)> = (0..1 + round % 4)
                .map(|_| {
                    let a = (next(&mut state) % u64::from(k)) as u32;
                    let b = (a + 1 + (next(&mut state) % u64::from(k - 1)) as u32) % k;
                    let allowed = (0..v).map(|_| next(&mut state) & ((1 << v) - 1)).collect();
                    (a, b, allowed)
                })
                .collect();
            let mut plain = problem(k, v, distinct, &pairs);
            let mut related = plain.clone();
            for (a, b, allowed) in &pairs {
                related.add_relation(&relation(*a, *b, v, allowed)).unwrap();
            }
            let without = plain.count(CountOptions::new());
            let with = related.count(CountOptions::new());
            assert_eq!(with.count, without.count, "round {round}");
            // Fewer options may lead the choice of item elsewhere: no bound on the nodes.
            pruned |= with.stats.nodes < without.stats.nodes;
            assert_eq!(
                related.collect(1000).0.len(),
                plain.collect(1000).0.len(),
                "round {round}"
            );
            // With a commit, and again after a reset: the masks are made anew per search.
            if plain.commit(OptionId(0)).is_ok() {
                related.commit(OptionId(0)).unwrap();
                assert_eq!(
                    related.count(CountOptions::new()).count,
                    plain.count(CountOptions::new()).count
                );
                plain.reset();
                related.reset();
            }
            assert_eq!(related.count(CountOptions::new()).count, without.count);
            related.check_links().unwrap();
            assert_eq!(
                related.clone().count(CountOptions::new()).count,
                without.count
            );
        }
        assert!(pruned, "some relation cut the tree");
    }

    #[test]
    fn a_chain_of_orders_bounds_every_cell_at_the_root() {
        // Four cells of values 0..4 with c0 < c1 < c2 < c3: one solution, found without a
        // wrong choice (the relations leave each cell one value at the root).
        let less: Vec<u64> = (0..4).map(|x| 0b1111u64 & !((2u64 << x) - 1)).collect();
        let pairs: Vec<_> = (0..3).map(|c| (c, c + 1, less.clone())).collect();
        let mut plain = problem(4, 4, false, &pairs);
        let mut related = plain.clone();
        for (a, b, allowed) in &pairs {
            related.add_relation(&relation(*a, *b, 4, allowed)).unwrap();
        }
        let with = related.count(CountOptions::new());
        assert_eq!(with.count, 1);
        assert_eq!(with.stats.nodes, 4);
        assert_eq!(plain.count(CountOptions::new()).count, 1);
        assert!(plain.count(CountOptions::new()).stats.nodes > 4);
    }

    #[test]
    fn slots_must_be_every_option_of_one_primary_item() {
        let full = vec![0b111u64; 3];
        let mut dlx = problem(2, 3, false, &[]);
        let mut r = relation(0, 1, 3, &full);
        r.b.pop();
        assert_eq!(
            dlx.add_relation(&r),
            Err(RelationError::NotAnItem { side: Side::B })
        );
        r.b = vec![(OptionId(99), 0)];
        assert_eq!(
            dlx.add_relation(&r),
            Err(RelationError::UnknownOption {
                side: Side::B,
                option: OptionId(99)
            })
        );
        assert_eq!(
            dlx.add_relation(&relation(0, 0, 3, &full)),
            Err(RelationError::SameItem)
        );
        let mut r = relation(0, 1, 3, &full);
        r.a[0].1 = 64;
        assert_eq!(
            dlx.add_relation(&r),
            Err(RelationError::ValueTooLarge {
                side: Side::A,
                value: 64
            })
        );
        dlx.add_relation(&relation(0, 1, 3, &full)).unwrap();
        let mut r = relation(1, 0, 3, &full);
        r.b[0].1 = 2;
        assert_eq!(
            dlx.add_relation(&r),
            Err(RelationError::OtherValues { side: Side::B })
        );
        dlx.commit(OptionId(0)).unwrap();
        assert_eq!(
            dlx.add_relation(&relation(0, 1, 3, &full)),
            Err(RelationError::NotFresh)
        );
    }
}
