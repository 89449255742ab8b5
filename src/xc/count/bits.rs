//! Counting with bit sets: a second representation of small problems, chosen per problem.
//!
//! Dancing links pay for every option an item's cover unlinks, one node at a time. A problem
//! with few options and few primary items (pentominoes, Langford pairs, n-queens, word
//! squares: a few thousand options at most) fits a different state: the *live* options as a
//! bit set, one bit per option. Choosing an option removes, for each of its items, a fixed
//! set of options that clash with it (a word-wise and-not); the number of options left to
//! an item is the population count of the live set and the item's options. Undoing is free:
//! every level keeps its own copy of the live set, a few dozen words.
//!
//! The search is Algorithm X with Knuth's choice of item (the fewest options, the first in
//! item order on a tie; a scan that stops at the first item with 0 or 1 option), and two
//! savings that the representation makes cheap: a count stops adding up an item's options as
//! soon as they outnumber the best item's, and an option that covers the last primary items
//! is counted as a solution without entering its level. With at most 64 primary items the
//! choice goes once through the live options instead, with counters sliced by bit
//! ([`Run::choose_sliced`]): the same item, found with fewer branches. Without colors, the count can
//! remember subproblems in the same table as the dancing-links count (`memo`), keyed by the
//! covered items.
//!
//! The clash sets are those of the problem as built, independent of the search's state: the
//! options of a primary item; the options of a secondary item, for an option that gives it no
//! color; the options giving a secondary item no color or another color, for an option that
//! gives it a color. Applied to a live set that already respects what was chosen before, they
//! leave exactly the options dancing links would leave (purified options stay, as they do
//! there). Which problems are counted this way is decided when the matrix is built
//! ([`Bits::for_matrix`]); counts are the same either way, which tests cross-check.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::memo::{worth_keeping, worth_looking, Memo, Remember};
use crate::xc::budget::Budget;
use crate::xc::checks::Checks;
use crate::xc::matrix::{at, link, Matrix, NO_COLOR, ROOT, SPACER};
use crate::xc::stats::{Count, Progress, Stats};

/// Most options a problem may have to be counted with bit sets (64 words a live set).
const MAX_OPTIONS: usize = 4096;

/// Most primary items times words of a live set: a bound on the words a choice of item
/// reads. Larger problems keep dancing links, where a node costs less than such a scan; this
/// leaves 9x9 sudoku (324 primary items, 729 options: 3,888) to dancing links, and takes the
/// 6x10 pentominoes (72 x 33 = 2,376).
const MAX_SCAN: usize = 3072;

/// Nodes between two looks at whether the memory pays: a memory whose hits have saved fewer
/// than one node in [`PROBE_SAVED`] of those searched is dropped (keeping the key of the
/// covered items up to date then costs more than its hits save, as on Langford pairs and
/// n-queens, where almost nothing repeats).
const PROBE_EVERY: u64 = 1 << 18;

/// See [`PROBE_EVERY`].
const PROBE_SAVED: u64 = 32;

/// Most words of a live set for which every option keeps the union of its clash sets
/// (`words` words an option, at most 32 KiB in all): a choice is then one and-not pass.
const UNION_WORDS: usize = 8;

/// A problem as bit sets: the clash sets of its options, ready for [`Bits::count`].
///
/// Invariants: every set is `words` words long, bit `o` standing for option `o` (its
/// `OptionId`), and its bits outside words `span[s].0..span[s].1` are zero; sets `0..primary`
/// are the options of the primary items (header `h` is set `h - 1`); for option `o`,
/// `clashes[start[o]..start[o + 1]]` are the sets its choice removes from the live options
/// (one per item of the option), `heads[...]` the item headers beside them (for the keys of
/// the memory), and `covers[o * pwords..]` its primary items (bit `h - 1`).
#[derive(Debug)]
pub(crate) struct Bits {
    /// Words of a set of options.
    words: usize,
    /// Words of a set of primary items.
    pwords: usize,
    /// The clash sets, `words` words each.
    sets: Vec<u64>,
    /// Per set, the words that may hold bits: `[first, end)`.
    span: Vec<(u32, u32)>,
    /// Per option, where its clash sets start in `clashes` (and one more entry, the end).
    start: Vec<u32>,
    /// The clash sets of the options, option after option.
    clashes: Vec<u32>,
    /// The item header of each entry of `clashes`.
    heads: Vec<u32>,
    /// The primary items of every option, `pwords` words each.
    covers: Vec<u64>,
    /// When `words` is at most [`UNION_WORDS`]: per option, the union of its clash sets,
    /// `words` words each; otherwise empty.
    union: Vec<u64>,
}

impl Bits {
    /// The bit sets of a matrix as built (nothing committed, nothing purified), or `None` when
    /// the problem is too large for them to pay (see [`MAX_OPTIONS`], [`MAX_SCAN`]).
    pub(crate) fn for_matrix(m: &Matrix) -> Option<Bits> {
        let options = m.option_first.len();
        let primary = m.primary as usize;
        let words = options.div_ceil(64).max(1);
        if options > MAX_OPTIONS || primary * words > MAX_SCAN || primary == 0 {
            return None;
        }
        let pwords = primary.div_ceil(64);
        // Each option's items with their colors.
        let entries: Vec<Vec<(u32, u32)>> = (0..options)
            .map(|o| {
                let mut x = m.option_first[o];
                let mut items = Vec::new();
                while at(&m.nodes, x).top != SPACER {
                    let color = if m.colors.is_empty() {
                        NO_COLOR
                    } else {
                        m.colors[x as usize]
                    };
                    items.push((at(&m.nodes, x).top, color));
                    x += 1;
                }
                items
            })
            .collect();
        // The options of every item, by color.
        let mut holding: Vec<Vec<(usize, u32)>> = vec![Vec::new(); m.items as usize + 1];
        for (o, items) in entries.iter().enumerate() {
            for &(h, color) in items {
                holding[h as usize].push((o, color));
            }
        }
        let mut bits = Bits {
            words,
            pwords,
            sets: Vec::new(),
            span: Vec::new(),
            start: Vec::with_capacity(options + 1),
            clashes: Vec::new(),
            heads: Vec::new(),
            covers: vec![0; options * pwords],
            union: Vec::new(),
        };
        let add = |bits: &mut Bits, members: &mut dyn Iterator<Item = usize>| {
            let mut set = vec![0u64; words];
            for o in members {
                set[o / 64] |= 1 << (o % 64);
            }
            let first = set.iter().position(|&w| w != 0).unwrap_or(0);
            let end = set.iter().rposition(|&w| w != 0).map_or(first, |k| k + 1);
            bits.sets.extend_from_slice(&set);
            bits.span.push((first as u32, end as u32));
            (bits.span.len() - 1) as u32
        };
        for options in &holding[1..=primary] {
            add(&mut bits, &mut options.iter().map(|&(o, _)| o));
        }
        // Secondary items: one set per color given (NO_COLOR: all their options).
        let mut secondary: HashMap<(u32, u32), u32> = HashMap::new();
        for (o, items) in entries.iter().enumerate() {
            bits.start.push(bits.clashes.len() as u32);
            for &(h, color) in items {
                let set = if h <= m.primary {
                    bits.covers[o * pwords + (h as usize - 1) / 64] |= 1 << ((h - 1) % 64);
                    h - 1
                } else {
                    *secondary.entry((h, color)).or_insert_with(|| {
                        let list = &holding[h as usize];
                        add(
                            &mut bits,
                            &mut list
                                .iter()
                                .filter(|&&(_, c)| color == NO_COLOR || c != color)
                                .map(|&(o, _)| o),
                        )
                    })
                };
                bits.clashes.push(set);
                bits.heads.push(h);
            }
        }
        bits.start.push(bits.clashes.len() as u32);
        if words <= UNION_WORDS {
            bits.union = vec![0; options * words];
            for o in 0..options {
                for k in bits.start[o] as usize..bits.start[o + 1] as usize {
                    let s = bits.clashes[k] as usize;
                    for w in 0..words {
                        bits.union[o * words + w] |= bits.sets[s * words + w];
                    }
                }
            }
        }
        Some(bits)
    }

    /// The words of set `s` that may hold bits, with their offset.
    #[inline(always)]
    fn set(&self, s: u32) -> (usize, &[u64]) {
        let (first, end) = self.span[s as usize];
        let base = s as usize * self.words;
        (
            first as usize,
            &self.sets[base + first as usize..base + end as usize],
        )
    }

    /// Counts the solutions below the state of `m` (whose options are those this was built
    /// from), up to `limit`, within `budget`, calling `report` every `every` nodes; with a
    /// `memo` (only for a matrix without colors), subproblems are remembered there.
    pub(crate) fn count<'a>(
        &self,
        m: &Matrix,
        limit: Option<u128>,
        budget: Budget,
        memo: Option<&mut Memo>,
        every: u64,
        report: impl FnMut(&Progress) -> ControlFlow<()> + 'a,
    ) -> Count {
        debug_assert!(memo.is_none() || !m.colored(), "no memory with colors");
        let mut checks = Checks::new();
        checks.set_budget(0, budget);
        checks.set_hook(0, every, report);
        let depth = m.primary as usize + 2;
        let mut run = Run {
            bits: self,
            live: vec![0; depth * self.words],
            uncovered: vec![0; depth * self.pwords],
            frames: Vec::with_capacity(depth),
            branch: Vec::with_capacity(depth),
            stats: Stats::default(),
            checks,
            limit,
            probe: PROBE_EVERY,
            memo: memo
                .filter(|memo| {
                    memo.spent[0] < PROBE_EVERY || memo.spent[1] >= memo.spent[0] / PROBE_SAVED
                })
                .map(|memo| Remember::new(memo, m, depth)),
        };
        // The live options: those still in the lists of the active primary items.
        let mut h = link(&m.links, ROOT).right;
        while h != ROOT {
            let i = h as usize - 1;
            run.uncovered[i / 64] |= 1 << (i % 64);
            let mut x = at(&m.nodes, h).down;
            while x != h {
                let o = m.node_option[x as usize] as usize;
                run.live[o / 64] |= 1 << (o % 64);
                x = at(&m.nodes, x).down;
            }
            h = link(&m.links, h).right;
        }
        let stopped = run.search();
        if let Some(r) = &mut run.memo {
            r.memo.spent = r.spent(run.stats.nodes);
        }
        let found = run.stats.solutions;
        let reached = limit.is_some_and(|l| found >= l) || found == u128::MAX;
        let count = limit.map_or(found, |l| found.min(l));
        Count {
            count,
            complete: !stopped && !reached,
            stats: Stats {
                solutions: count,
                ..run.stats
            },
        }
    }
}

/// One level of the search: the item chosen and where its options stand.
struct Frame {
    /// The primary item chosen (header minus 1).
    item: u32,
    /// The word of its options being gone through, and the options of it left to try.
    word: u32,
    rest: u64,
    /// The option tried last (`u32::MAX`: none yet).
    option: u32,
    /// Solutions counted below this level so far.
    below: u128,
    /// Nodes when the level was entered.
    entered: u64,
}

/// A count in progress.
struct Run<'b, 'c, 'm> {
    bits: &'b Bits,
    /// The live options of every level, `bits.words` words a level.
    live: Vec<u64>,
    /// The uncovered primary items of every level, `bits.pwords` words a level.
    uncovered: Vec<u64>,
    frames: Vec<Frame>,
    /// `[k, d]` per level: the `k`-th option of `d` (for the progress estimate).
    branch: Vec<[u32; 2]>,
    stats: Stats,
    checks: Checks<'c>,
    limit: Option<u128>,
    memo: Option<Remember<'m>>,
    /// Nodes at which the memory is next asked whether it pays.
    probe: u64,
}

impl Run<'_, '_, '_> {
    /// Runs the count; true when the budget or the progress hook stopped it.
    fn search(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has both.
            return unsafe { self.search_wide() };
        }
        self.search_body()
    }

    /// [`Run::search_body`] compiled with population counts and AVX2.
    ///
    /// # Safety
    ///
    /// The processor must have POPCNT and AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,avx2")]
    unsafe fn search_wide(&mut self) -> bool {
        self.search_body()
    }

    /// Whether the count may stop adding: its limit is reached, or it cannot grow.
    #[inline(always)]
    fn reached(&self) -> bool {
        let s = self.stats.solutions;
        s == u128::MAX || self.limit.is_some_and(|l| s >= l)
    }

    /// The primary item of level `level` with the fewest live options, and how many it has
    /// (the first on a tie; the scan stops at one with at most one option).
    #[inline(always)]
    fn choose(&self, level: usize) -> (u32, u32) {
        let bits = self.bits;
        let live = &self.live[level * bits.words..(level + 1) * bits.words];
        let uncovered = &self.uncovered[level * bits.pwords..(level + 1) * bits.pwords];
        let mut best = (u32::MAX, u32::MAX);
        for (w, &word) in uncovered.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let i = (w * 64 + rest.trailing_zeros() as usize) as u32;
                rest &= rest - 1;
                let (first, set) = bits.set(i);
                let mut n = 0;
                for (k, &s) in set.iter().enumerate() {
                    n += (live[first + k] & s).count_ones();
                    if n >= best.1 {
                        break;
                    }
                }
                if n < best.1 {
                    best = (i, n);
                    if n <= 1 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// [`Run::choose`] for at most 64 primary items: the same item, found by going once
    /// through the live options rather than once through every uncovered item's options.
    ///
    /// Each live option adds its primary items (one word) to four counters sliced by bit
    /// and saturating: `at[j]` holds the items with more than `j` live options. The first
    /// uncovered item outside `at[1]` is the first with at most one option, what the scan
    /// stops at; otherwise the first outside `at[2]` or `at[3]` is the first with the fewest
    /// options (2 or 3). Only when every item has four or more does the scan run. On
    /// Langford pairs (36 items, a few dozen live options, often two for the best item)
    /// this is cheaper than the scan and branches far less.
    #[inline(always)]
    fn choose_sliced(&self, level: usize) -> (u32, u32) {
        let bits = self.bits;
        let live = &self.live[level * bits.words..(level + 1) * bits.words];
        let uncovered = self.uncovered[level];
        // `at[j]`: the items with more than `j` live options.
        let mut at = [0u64; 4];
        for (k, &w) in live.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let m = bits.covers[k * 64 + w.trailing_zeros() as usize];
                w &= w - 1;
                at[3] |= at[2] & m;
                at[2] |= at[1] & m;
                at[1] |= at[0] & m;
                at[0] |= m;
            }
        }
        let few = uncovered & !at[1];
        if few != 0 {
            let i = few.trailing_zeros();
            return (i, ((at[0] >> i) & 1) as u32);
        }
        for (j, &more) in at.iter().enumerate().skip(2) {
            let these = uncovered & !more;
            if these != 0 {
                return (these.trailing_zeros(), j as u32);
            }
        }
        self.choose(level)
    }

    /// The search loop, with an explicit stack of levels.
    #[inline(always)]
    fn search_body(&mut self) -> bool {
        let (words, pwords) = (self.bits.words, self.bits.pwords);
        if self.uncovered[..pwords].iter().all(|&w| w == 0) {
            self.stats.solutions = 1;
            return false;
        }
        // Entering level `frames.len()`.
        let mut enter = true;
        loop {
            if enter {
                let level = self.frames.len();
                let known = match &mut self.memo {
                    Some(r) if level > 0 => {
                        if worth_looking(level, &r.looked, self.stats.nodes) {
                            let got = r.memo.get(&r.key, r.hash);
                            let d = &mut r.looked[level];
                            d[0] += 1;
                            got.map(|(count, size)| {
                                d[1] += size;
                                r.memo.hits += 1;
                                count
                            })
                        } else {
                            None
                        }
                    }
                    _ => None,
                };
                if let Some(count) = known {
                    self.add(count);
                    if self.reached() {
                        return false;
                    }
                } else {
                    let (item, n) = if self.bits.pwords == 1 {
                        self.choose_sliced(level)
                    } else {
                        self.choose(level)
                    };
                    if n > 0 {
                        let (first, set) = self.bits.set(item);
                        let rest = self.live[level * words + first] & set[0];
                        self.frames.push(Frame {
                            item,
                            word: first as u32,
                            rest,
                            option: u32::MAX,
                            below: 0,
                            entered: self.stats.nodes,
                        });
                        self.branch.push([0, n]);
                    }
                }
            }
            // The next option of the newest level, or leave it.
            let level = self.frames.len().wrapping_sub(1);
            let Some(frame) = self.frames.last_mut() else {
                return false;
            };
            if frame.option != u32::MAX {
                if let Some(r) = &mut self.memo {
                    let o = frame.option as usize;
                    r.flip(
                        &self.bits.heads
                            [self.bits.start[o] as usize..self.bits.start[o + 1] as usize],
                    );
                }
            }
            let (first, set) = self.bits.set(frame.item);
            let live = &self.live[level * words..(level + 1) * words];
            while frame.rest == 0 && (frame.word as usize) + 1 < first + set.len() {
                frame.word += 1;
                frame.rest = live[frame.word as usize] & set[frame.word as usize - first];
            }
            if frame.rest == 0 {
                // Every option tried: leave the level.
                let frame = self.frames.pop().expect("a level to leave");
                self.branch.pop();
                if let Some(r) = &mut self.memo {
                    let size = self.stats.nodes - frame.entered;
                    if worth_keeping(level, &r.looked, size) {
                        r.memo.insert(&r.key, r.hash, frame.below, size);
                    }
                }
                if let Some(parent) = self.frames.last_mut() {
                    parent.below = parent.below.saturating_add(frame.below);
                }
                enter = false;
                continue;
            }
            let o = frame.word as usize * 64 + frame.rest.trailing_zeros() as usize;
            frame.rest &= frame.rest - 1;
            if let Some(b) = self.branch.last_mut() {
                b[0] += 1;
            }
            self.stats.nodes += 1;
            if self.stats.nodes >= self.probe {
                self.probe_memo();
            }
            if self.checks.due(self.stats.nodes) {
                let branch: Vec<[u32; 2]> = self.branch.iter().map(|&[k, d]| [k - 1, d]).collect();
                if self.checks.checkpoint(&branch, self.stats) {
                    return true;
                }
            }
            // The primary items left once `o` is chosen.
            let (now, next) = self.uncovered.split_at_mut((level + 1) * pwords);
            let now = &now[level * pwords..];
            let next = &mut next[..pwords];
            let covers = &self.bits.covers[o * pwords..(o + 1) * pwords];
            let mut left = 0;
            for k in 0..pwords {
                next[k] = now[k] & !covers[k];
                left |= next[k];
            }
            if left == 0 {
                // A solution, counted without entering its level.
                self.frames.last_mut().expect("the level").option = u32::MAX;
                self.add(1);
                if self.reached() {
                    return false;
                }
                enter = false;
                continue;
            }
            // The live options once `o` is chosen.
            let (now, next) = self.live.split_at_mut((level + 1) * words);
            let now = &now[level * words..];
            let next = &mut next[..words];
            let bits = self.bits;
            if bits.union.is_empty() {
                next.copy_from_slice(now);
                let (from, to) = (bits.start[o] as usize, bits.start[o + 1] as usize);
                for &s in &bits.clashes[from..to] {
                    let (first, set) = bits.set(s);
                    for (k, &w) in set.iter().enumerate() {
                        next[first + k] &= !w;
                    }
                }
            } else {
                let gone = &bits.union[o * words..(o + 1) * words];
                for ((n, &w), &g) in next.iter_mut().zip(now).zip(gone) {
                    *n = w & !g;
                }
            }
            self.frames.last_mut().expect("the level").option = o as u32;
            if let Some(r) = &mut self.memo {
                r.flip(&bits.heads[bits.start[o] as usize..bits.start[o + 1] as usize]);
            }
            enter = true;
        }
    }

    /// Drops the memory if its hits have saved too few nodes (see [`PROBE_EVERY`]).
    #[cold]
    #[inline(never)]
    fn probe_memo(&mut self) {
        self.probe = self.stats.nodes + PROBE_EVERY;
        if let Some(r) = &self.memo {
            let [spent, saved] = r.spent(self.stats.nodes);
            if saved < spent / PROBE_SAVED {
                self.memo = None;
                self.probe = u64::MAX;
            }
        }
    }

    /// Adds `count` solutions, at the current level.
    #[inline(always)]
    fn add(&mut self, count: u128) {
        self.stats.solutions = self.stats.solutions.saturating_add(count);
        if let Some(frame) = self.frames.last_mut() {
            frame.below = frame.below.saturating_add(count);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use proptest::prelude::*;

    use super::*;
    use crate::xc::dlx::Dlx;
    use crate::xc::problem::{Color, ItemId, ItemKind, OptionId, Problem, ProblemBuilder};
    use crate::xc::CountOptions;

    /// A random problem: options each with a primary item first, then others, the secondary
    /// ones with a color (0 for none) from a few.
    fn problem() -> impl Strategy<Value = (usize, usize, Vec<Vec<(u32, u32)>>)> {
        (1usize..=12, 0usize..=4).prop_flat_map(|(primary, secondary)| {
            let items = (primary + secondary) as u32;
            let option = (
                0..primary as u32,
                proptest::collection::btree_map(0..items, 0u32..3, 0..=3),
            )
                .prop_map(move |(first, rest)| {
                    let mut option = vec![(first, 0)];
                    for (item, color) in rest {
                        if item != first {
                            let color = if item < primary as u32 { 0 } else { color };
                            option.push((item, color));
                        }
                    }
                    option
                });
            (
                Just(primary),
                Just(secondary),
                proptest::collection::vec(option, 1..=40),
            )
        })
    }

    /// The problem of `options`, with `pad` more primary items after the others, each with
    /// one option of its own: the same count, with more primary items.
    fn build(primary: usize, secondary: usize, options: &[Vec<(u32, u32)>], pad: u32) -> Problem {
        let mut b = ProblemBuilder::new();
        for k in 0..primary + pad as usize + secondary {
            b.item(if k < primary + pad as usize {
                ItemKind::Primary
            } else {
                ItemKind::Secondary
            });
        }
        let item = |i: u32| ItemId(if i < primary as u32 { i } else { i + pad });
        for option in options {
            b.colored_option(option.iter().map(|&(i, c)| (item(i), Color::new(c))))
                .unwrap();
        }
        for k in 0..pad {
            b.option([ItemId(primary as u32 + k)]).unwrap();
        }
        b.build()
    }

    /// Counts `dlx` on bit sets, without a memory or with a fresh one.
    fn count(dlx: &Dlx, limit: Option<u128>, budget: Budget, memory: bool) -> Count {
        let bits = dlx.bits.as_ref().expect("a small problem has bit sets");
        count_with(dlx, bits, limit, budget, memory)
    }

    /// [`count`] on the given bit sets (of `dlx` as built).
    fn count_with(
        dlx: &Dlx,
        bits: &Bits,
        limit: Option<u128>,
        budget: Budget,
        memory: bool,
    ) -> Count {
        let mut memo = Memo::for_items(dlx.matrix.items).unwrap();
        let memo = (memory && !dlx.matrix.colored()).then_some(&mut memo);
        bits.count(&dlx.matrix, limit, budget, memo, u64::MAX, |_| {
            ControlFlow::Continue(())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// On random problems with secondary items and colors, with options committed
        /// first and with a limit or none, the count on bit sets (with and without the
        /// memory) equals the dancing-links search that visits every solution, and so does
        /// [`Dlx::count`] on one thread and on two; with at most 64 primary items (the
        /// choice by sliced counters) and with more (the scan); with the unions of clash
        /// sets and without them.
        #[test]
        fn bit_set_counts_equal_visited_ones(
            (primary, secondary, options) in problem(),
            limit in proptest::option::of(1u128..30),
            commits in proptest::collection::vec(any::<prop::sample::Index>(), 0..3),
            pad in prop_oneof![Just(0u32), Just(64u32)],
        ) {
            let mut dlx = Dlx::new(&build(primary, secondary, &options, pad));
            // The same bit sets without the unions of clash sets (as for larger problems).
            let mut plain = Bits::for_matrix(&dlx.matrix).expect("a small problem has bit sets");
            plain.union.clear();
            for commit in commits {
                // Options that clash with those before are refused; the counts agree anyway.
                let _ = dlx.commit(OptionId(commit.index(options.len()) as u32));
            }
            let visited = dlx.count_visiting(limit);
            let bits = dlx.bits.clone().expect("a small problem has bit sets");
            for (memory, union) in [(false, true), (true, true), (false, false)] {
                let set = if union { &bits } else { &plain };
                let counted = count_with(&dlx, set, limit, Budget::UNLIMITED, memory);
                prop_assert_eq!(
                    (counted.count, counted.complete),
                    (visited.count, visited.complete),
                    "memory {}, union {}", memory, union
                );
            }
            for threads in [1, 2] {
                let counted = dlx.count(CountOptions::new().limit(limit).threads(threads));
                prop_assert_eq!(
                    (counted.count, counted.complete),
                    (visited.count, visited.complete),
                    "{} threads", threads
                );
            }
            dlx.check_links().unwrap();
        }

        /// A count bounded by nodes stops at exactly that many, as a lower bound (as dancing
        /// links do, the last node counts but is not searched).
        #[test]
        fn a_node_budget_is_exact(
            (primary, secondary, options) in problem(),
            max in 1u64..50,
        ) {
            let dlx = Dlx::new(&build(primary, secondary, &options, 0));
            let full = count(&dlx, None, Budget::UNLIMITED, false);
            let bounded = count(&dlx, None, Budget::nodes(max), false);
            if full.stats.nodes < max {
                prop_assert_eq!(bounded, full);
            } else {
                prop_assert!(!bounded.complete);
                prop_assert_eq!(bounded.stats.nodes, max);
                prop_assert!(bounded.count <= full.count);
            }
        }
    }

    /// Problems past the bounds keep dancing links: too many options, or too many primary
    /// items for their options (a 9x9 sudoku's 324 by 729).
    #[test]
    fn large_problems_have_no_bit_sets() {
        let wide = |primary: u32, options: u32| {
            let mut b = ProblemBuilder::new();
            let items: Vec<_> = (0..primary).map(|_| b.primary()).collect();
            for k in 0..options {
                b.option([items[(k % primary) as usize]]).unwrap();
            }
            Dlx::new(&b.build()).bits.is_some()
        };
        assert!(wide(72, 2056));
        assert!(!wide(10, MAX_OPTIONS as u32 + 1));
        assert!(!wide(324, 729));
    }

    /// The progress hook is called on the way and can stop the count, as a lower bound.
    #[test]
    fn the_progress_hook_sees_the_count_and_can_stop_it() {
        // Ten independent items of three options: 3^10 solutions.
        let mut b = ProblemBuilder::new();
        for _ in 0..10 {
            let item = b.primary();
            for _ in 0..3 {
                b.option([item]).unwrap();
            }
        }
        let dlx = Dlx::new(&b.build());
        let bits = dlx.bits.as_ref().unwrap();
        let mut calls = 0;
        let full = bits.count(&dlx.matrix, None, Budget::UNLIMITED, None, 100, |p| {
            assert!((0.0..=1.0).contains(&p.explored));
            calls += 1;
            ControlFlow::Continue(())
        });
        assert_eq!((full.count, full.complete), (59_049, true));
        assert!(calls > 0);
        let stopped = bits.count(&dlx.matrix, None, Budget::UNLIMITED, None, 100, |_| {
            ControlFlow::Break(())
        });
        assert!(!stopped.complete && stopped.count < 59_049);
    }
}
