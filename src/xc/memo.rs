//! Counting with a memory of subproblems.
//!
//! Without colors, what is left of an exact-cover problem during a search depends only on
//! which items are covered: an option is still available exactly when none of its items is
//! covered (and it was not removed before the search, which stays so throughout). Different
//! paths of the search tree often reach the same set of covered items, for instance two
//! partial sudoku grids that differ by swapping digits in a way every unit sees the same;
//! their subtrees have the same number of solutions. A count that remembers the number of
//! solutions below every set of covered items it has finished counts each such subtree once.
//!
//! The memory is a table of bounded size keyed by the covered items as a bit set. When a
//! bucket is full, a new entry replaces its smallest subtree if that is no larger, so the
//! table keeps the subproblems that cost most to count again; it is emptied when a count
//! starts. Keys are compared in full: a hit is never a guess.
//!
//! Counts remembered this way can be astronomically large (2^130 solutions take a few
//! thousand nodes); a count that would pass `u128::MAX` stops there, marked incomplete.

use super::dlx::{at, length, link, Dlx, ROOT, SPACER};
use super::search::{choose_listed, Checks, Count, Stats};

/// Largest key, in 64-bit words, worth remembering: problems with more items are counted by
/// the plain search (hashing and comparing long keys at every node costs more than repeats
/// save there, and such problems rarely repeat a subproblem).
pub(crate) const MAX_KEY_WORDS: usize = 32;

/// Memory the table may use, in bytes.
const MAX_BYTES: usize = 64 << 20;

/// A table larger than this is given back when a count starts; a smaller one is kept.
const KEEP_BYTES: usize = 1 << 20;

/// Buckets of a new table.
const FIRST_BUCKETS: usize = 1 << 4;

/// Slots per bucket: a key lives in the bucket its hash picks, in any of its slots.
const WAYS: usize = 4;

/// A slot of the table. Hash, count and size sit together; the key, read only when the hashes
/// agree, is kept apart.
#[derive(Clone, Copy, Default)]
struct Slot {
    hash: u64,
    /// The count, as two halves (keeping the slot 8-aligned and at 32 bytes).
    count: [u64; 2],
    /// Nodes the search spent on this subproblem (saturating, at least 1).
    size: u32,
    /// The slot is filled when this equals the table's generation.
    stamp: u32,
}

/// The table of counted subproblems: a cache, not a complete record.
///
/// Invariants: `buckets` is a power of two and `table` holds `WAYS` slots per bucket, `keys`
/// `words` words per slot; a slot whose `stamp` is `generation` is filled and holds the
/// Zobrist hash of its key, the key (covered items as a bit set, bit `i` for item header `i`)
/// and the exact number of solutions of the subproblem where exactly those items are covered. A key is in at most one
/// slot, of bucket `hash & (buckets - 1)`. When a bucket is full, a new entry replaces its
/// smallest one if that is no larger (larger subtrees are worth more to remember).
pub(crate) struct Memo {
    words: usize,
    /// A random 64-bit value per item header; the hash of a set is the xor of its items'.
    zobrist: Vec<u64>,
    buckets: usize,
    table: Vec<Slot>,
    keys: Vec<u64>,
    /// Stamp of the filled slots: starting a new generation empties the table at once.
    generation: u32,
    /// Filled slots.
    len: usize,
    /// Lookups that found their subproblem.
    pub(crate) hits: u64,
    /// The search's own vectors, kept between counts so that a count allocates nothing.
    scratch: Scratch,
}

/// Vectors a count uses, kept between counts.
#[derive(Default)]
struct Scratch {
    bits: Vec<u64>,
    frames: Vec<Frame>,
    branch: Vec<[u32; 2]>,
    looked: Vec<[u64; 2]>,
}

impl Memo {
    /// A memory for a matrix with `items` items, or `None` when its keys would be too long.
    pub(crate) fn for_items(items: u32) -> Option<Memo> {
        let words = (items as usize + 1).div_ceil(64);
        if words > MAX_KEY_WORDS {
            return None;
        }
        let mut state = 0x5EED_0FC0_FFEE_u64;
        let zobrist = (0..=items).map(|_| splitmix64(&mut state)).collect();
        let mut memo = Memo {
            words,
            zobrist,
            buckets: 0,
            table: Vec::new(),
            keys: Vec::new(),
            generation: 1,
            len: 0,
            hits: 0,
            scratch: Scratch::default(),
        };
        memo.allocate(FIRST_BUCKETS);
        Some(memo)
    }

    /// Forgets every subproblem (for a matrix whose removed options may have changed), giving
    /// back the memory of a table that grew.
    pub(crate) fn clear(&mut self) {
        if self.buckets * self.bucket_bytes() > KEEP_BYTES || self.generation == u32::MAX {
            self.allocate(FIRST_BUCKETS);
        } else {
            self.generation += 1;
            self.len = 0;
        }
        self.hits = 0;
    }

    fn bucket_bytes(&self) -> usize {
        WAYS * (std::mem::size_of::<Slot>() + 8 * self.words)
    }

    fn allocate(&mut self, buckets: usize) {
        self.buckets = buckets;
        self.table = vec![Slot::default(); buckets * WAYS];
        self.keys = vec![0; buckets * WAYS * self.words];
        self.generation = 1;
        self.len = 0;
    }

    fn key_at(&self, slot: usize) -> &[u64] {
        &self.keys[slot * self.words..(slot + 1) * self.words]
    }

    fn first_slot(&self, hash: u64) -> usize {
        (hash as usize & (self.buckets - 1)) * WAYS
    }

    /// The count remembered for `key` (whose hash is `hash`) and the nodes it took, if any.
    #[inline]
    fn get(&self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        let first = self.first_slot(hash);
        (first..first + WAYS).find_map(|slot| {
            let entry = &self.table[slot];
            (entry.stamp == self.generation && entry.hash == hash && self.key_at(slot) == key).then(
                || {
                    let count = u128::from(entry.count[0]) | u128::from(entry.count[1]) << 64;
                    (count, u64::from(entry.size))
                },
            )
        })
    }

    /// Remembers `count` for `key`, found after `size` nodes (when `key` is there already, its
    /// count is the same: only the larger size is kept).
    fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
        if 2 * self.len >= self.buckets * WAYS
            && 2 * self.buckets * self.bucket_bytes() <= MAX_BYTES
        {
            self.grow();
        }
        let size = u32::try_from(size).unwrap_or(u32::MAX).max(1);
        let first = self.first_slot(hash);
        let generation = self.generation;
        // Counted again (a depth where nobody looked it up first): keep one entry.
        if let Some(slot) = (first..first + WAYS).find(|&slot| {
            let entry = &self.table[slot];
            entry.stamp == generation && entry.hash == hash && self.key_at(slot) == key
        }) {
            let entry = &mut self.table[slot];
            entry.size = entry.size.max(size);
            return;
        }
        let held = |slot: &Slot| {
            if slot.stamp == generation {
                slot.size
            } else {
                0
            }
        };
        let slot = (first..first + WAYS)
            .min_by_key(|&slot| held(&self.table[slot]))
            .expect("a bucket has slots");
        let old = held(&self.table[slot]);
        if old > size {
            return;
        }
        self.len += usize::from(old == 0);
        self.table[slot] = Slot {
            hash,
            count: [count as u64, (count >> 64) as u64],
            size,
            stamp: generation,
        };
        let words = self.words;
        self.keys[slot * words..(slot + 1) * words].copy_from_slice(key);
    }

    /// Doubles the table, keeping every entry.
    fn grow(&mut self) {
        let table = std::mem::take(&mut self.table);
        let keys = std::mem::take(&mut self.keys);
        let generation = self.generation;
        self.allocate(self.buckets * 2);
        for (slot, entry) in table.iter().enumerate() {
            if entry.stamp == generation {
                let key = &keys[slot * self.words..(slot + 1) * self.words];
                let count = u128::from(entry.count[0]) | u128::from(entry.count[1]) << 64;
                self.insert(key, entry.hash, count, u64::from(entry.size));
            }
        }
    }
}

/// Subtrees smaller than this (in nodes) are not remembered, nor are dead ends.
const MIN_SIZE: u64 = 2;

/// Subtrees at least this big are remembered at every depth; smaller ones only at depths where
/// lookups pay (remembering where nobody looks costs a write to a cold cache line). The big
/// ones let a depth where lookups do not pay yet prove otherwise.
const ALWAYS_KEEP: u64 = 64;

/// Lookups at a depth before its record decides whether looking there pays.
const TRIAL: u64 = 64;

/// Nodes a lookup must save on average to be worth its cost (a likely cache miss).
const SAVED_PER_LOOKUP: u64 = 1;

/// At depths where lookups do not pay, one node in this many looks anyway, so that the
/// record stays current.
const SAMPLE: u64 = 32;

/// Whether looking up (and remembering) subproblems at `depth` pays, from the record of
/// lookups made there and the nodes their hits saved.
#[inline]
fn worth(depth: usize, looked: &[[u64; 2]]) -> bool {
    let [lookups, saved] = looked[depth];
    lookups < TRIAL || saved >= SAVED_PER_LOOKUP * lookups
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The set of covered items of the search in progress, with its hash.
struct Key {
    bits: Vec<u64>,
    hash: u64,
}

impl Key {
    /// Flips the items of the option containing node `x` (covered <-> not).
    #[inline]
    fn flip(&mut self, dlx: &Dlx, zobrist: &[u64], x: u32) {
        let mut p = x;
        loop {
            let node = at(&dlx.nodes, p);
            if node.top == SPACER {
                p = node.up;
            } else {
                let i = node.top as usize;
                self.bits[i / 64] ^= 1 << (i % 64);
                self.hash ^= zobrist[i];
                p += 1;
            }
            if p == x {
                break;
            }
        }
    }
}

/// One level of the counting search: the item chosen, the option being tried, and the
/// solutions counted below the options already tried.
struct Frame {
    item: u32,
    /// Nodes visited when the level was entered.
    entered: u64,
    option: u32,
    below: u128,
}

impl Dlx {
    /// Counts the solutions below the current state (no colors), up to `limit`, remembering
    /// the count below every set of covered items in `memo`; `checks` are looked at every so
    /// many nodes, as in [`crate::xc::Search`]. Leaves the matrix as it found it.
    pub(crate) fn count_memo(
        &mut self,
        memo: &mut Memo,
        limit: Option<u128>,
        checks: &mut Checks<'_>,
    ) -> Count {
        debug_assert!(
            !self.colored(),
            "memoised counts need a matrix without colors"
        );
        let mut scratch = std::mem::take(&mut memo.scratch);
        scratch.bits.clear();
        scratch.bits.resize(memo.words, 0);
        let mut key = Key {
            bits: scratch.bits,
            hash: 0,
        };
        for i in 1..=self.items {
            if !self.is_active(i) {
                key.bits[i as usize / 64] |= 1 << (i % 64);
                key.hash ^= memo.zobrist[i as usize];
            }
        }
        let mut stats = Stats::default();
        let mut frames = scratch.frames;
        frames.clear();
        let mut branch = scratch.branch;
        branch.clear();
        // Solutions counted so far: leaves reached plus remembered subtrees.
        let mut found: u128 = 0;
        // Per depth: lookups made and nodes their hits saved.
        let mut looked = scratch.looked;
        looked.clear();
        looked.resize(self.primary as usize + 1, [0; 2]);
        // The limit is reached, or the count cannot grow any more (it saturates at u128::MAX,
        // and is then only a lower bound).
        let reached = |found: u128| found == u128::MAX || limit.is_some_and(|l| found >= l);
        let mut stopped = false;
        'descend: loop {
            if checks.due(stats.nodes) {
                stats.solutions = found;
                if checks.checkpoint(&branch, stats) {
                    stopped = true;
                    break 'descend;
                }
            }
            // The count below the state just entered.
            let mut below = if link(&self.links, ROOT).right == ROOT {
                found = found.saturating_add(1);
                1
            } else if let Some(count) = {
                let depth = frames.len();
                if worth(depth, &looked) || stats.nodes % SAMPLE == 0 {
                    let got = memo.get(&key.bits, key.hash);
                    let d = &mut looked[depth];
                    d[0] += 1;
                    if let Some((_, size)) = got {
                        d[1] += size;
                    }
                    got.map(|(count, _)| count)
                } else {
                    None
                }
            } {
                memo.hits += 1;
                found = found.saturating_add(count);
                count
            } else {
                let i = choose_listed(self);
                let first = at(&self.nodes, i).down;
                if first == i {
                    // A dead end: found again by the item choice at no cost, not remembered.
                    0
                } else {
                    branch.push([0, length(&self.len, i)]);
                    self.cover::<false>(i, &mut stats.updates);
                    stats.nodes += 1;
                    self.commit_others::<false>(first, &mut stats.updates);
                    key.flip(self, &memo.zobrist, first);
                    frames.push(Frame {
                        entered: stats.nodes - 1,
                        item: i,
                        option: first,
                        below: 0,
                    });
                    continue 'descend;
                }
            };
            // Hand the count up until a level has another option to try.
            loop {
                let Some(frame) = frames.last_mut() else {
                    break 'descend;
                };
                frame.below = frame.below.saturating_add(below);
                if reached(found) {
                    break 'descend;
                }
                let x = frame.option;
                self.uncommit_others::<false>(x);
                key.flip(self, &memo.zobrist, x);
                let next = at(&self.nodes, x).down;
                if next != frame.item {
                    frame.option = next;
                    if let Some(b) = branch.last_mut() {
                        b[0] += 1;
                    }
                    stats.nodes += 1;
                    self.commit_others::<false>(next, &mut stats.updates);
                    key.flip(self, &memo.zobrist, next);
                    continue 'descend;
                }
                self.uncover::<false>(frame.item);
                below = frame.below;
                let size = stats.nodes - frame.entered;
                frames.pop();
                branch.pop();
                if size >= MIN_SIZE && (worth(frames.len(), &looked) || size >= ALWAYS_KEEP) {
                    memo.insert(&key.bits, key.hash, below, size);
                }
            }
        }
        // Stopped early: undo the choices still standing.
        let complete = frames.is_empty() && !stopped && !reached(found);
        while let Some(frame) = frames.pop() {
            self.uncommit_others::<false>(frame.option);
            self.uncover::<false>(frame.item);
        }
        let count = match limit {
            Some(l) => found.min(l),
            None => found,
        };
        stats.solutions = count;
        memo.scratch = Scratch {
            bits: key.bits,
            frames,
            branch,
            looked,
        };
        Count {
            count,
            complete,
            stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::xc::{Budget, ItemId, ItemKind, OptionId, ProblemBuilder, Watch};

    /// A random problem with many solutions: up to 14 primary and 3 secondary items, options
    /// of one to three items, so that different paths of the search often cover the same
    /// items.
    fn problem_with_repeats() -> impl Strategy<Value = (usize, usize, Vec<Vec<u32>>)> {
        (6usize..=14, 0usize..=3).prop_flat_map(|(primary, secondary)| {
            let items = primary + secondary;
            let option = (
                0..primary as u32,
                proptest::collection::btree_set(0..items as u32, 0..=2),
            )
                .prop_map(|(first, mut rest)| {
                    rest.insert(first);
                    rest.into_iter().collect::<Vec<u32>>()
                });
            (
                Just(primary),
                Just(secondary),
                proptest::collection::vec(option, 10..=45),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The count that remembers subproblems equals the count that visits every
        /// solution, with a limit or none, with options removed and committed first, with
        /// a fresh memory or one kept from the count before; and the matrix is restored.
        #[test]
        fn remembered_counts_equal_visited_ones(
            (primary, secondary, options) in problem_with_repeats(),
            limit in proptest::option::of(1u128..40),
            remove in any::<prop::sample::Index>(),
            commit in any::<prop::sample::Index>(),
        ) {
            let mut b = ProblemBuilder::new();
            for k in 0..primary + secondary {
                b.item(if k < primary { ItemKind::Primary } else { ItemKind::Secondary });
            }
            for option in &options {
                b.option(option.iter().map(|&i| ItemId(i))).unwrap();
            }
            let mut dlx = Dlx::new(&b.build());
            let original = dlx.clone();
            let mut kept = Memo::for_items(dlx.items).unwrap();
            for step in 0..3 {
                match step {
                    1 => {
                        dlx.remove(OptionId(remove.index(options.len()) as u32)).unwrap();
                        kept.clear();
                    }
                    2 => {
                        // The option may conflict with nothing left; the counts agree anyway.
                        let _ = dlx.commit(OptionId(commit.index(options.len()) as u32));
                    }
                    _ => {}
                }
                let before = dlx.clone();
                let visited = dlx.count_visiting(limit);
                for memo in [&mut Memo::for_items(dlx.items).unwrap(), &mut kept] {
                    let counted = dlx.count_memo(memo, limit, &mut Checks::new());
                    prop_assert_eq!(
                        (counted.count, counted.complete),
                        (visited.count, visited.complete),
                        "step {}", step
                    );
                    prop_assert!(counted.stats.nodes <= visited.stats.nodes);
                    dlx.check_links().unwrap();
                    prop_assert!(dlx == before, "the count did not restore the matrix");
                }
            }
            dlx.reset();
            prop_assert!(dlx == original);
        }
    }

    /// Every filled 4x4 sudoku grid as exact cover: cell, row-digit, column-digit, box-digit.
    fn grids_4x4() -> Dlx {
        let mut b = ProblemBuilder::new();
        let items: Vec<ItemId> = (0..64).map(|_| b.primary()).collect();
        for r in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let bx = r / 2 * 2 + c / 2;
                    b.option([
                        items[r * 4 + c],
                        items[16 + r * 4 + d],
                        items[32 + c * 4 + d],
                        items[48 + bx * 4 + d],
                    ])
                    .unwrap();
                }
            }
        }
        Dlx::new(&b.build())
    }

    #[test]
    fn remembered_subproblems_are_found_again() {
        let mut dlx = grids_4x4();
        let original = dlx.clone();
        let mut memo = Memo::for_items(64).unwrap();
        let counted = dlx.count_memo(&mut memo, None, &mut Checks::new());
        assert_eq!((counted.count, counted.complete), (288, true));
        assert_eq!(counted.stats.solutions, 288);
        let visited = dlx.count_visiting(None);
        assert_eq!(visited.count, 288);
        assert!(counted.stats.nodes <= visited.stats.nodes);
        assert!(dlx == original);
        // A second count with the same memory finds the whole problem remembered.
        let again = dlx.count_memo(&mut memo, None, &mut Checks::new());
        assert_eq!((again.count, again.stats.nodes), (288, 0));
    }

    #[test]
    fn counts_far_beyond_visiting_every_solution() {
        // 40 items with two options each: every choice leads to the same subproblem, so
        // the 2^40 solutions are counted without visiting them.
        let mut b = ProblemBuilder::new();
        for _ in 0..40 {
            let item = b.primary();
            b.option([item]).unwrap();
            b.option([item]).unwrap();
        }
        let mut dlx = Dlx::new(&b.build());
        let original = dlx.clone();
        let mut memo = Memo::for_items(40).unwrap();
        let counted = dlx.count_memo(&mut memo, None, &mut Checks::new());
        assert_eq!((counted.count, counted.complete), (1 << 40, true));
        assert!(memo.hits > 0);
        assert!(
            counted.stats.nodes < 100_000,
            "{} nodes",
            counted.stats.nodes
        );
        assert!(dlx == original);
    }

    /// `n` items with two options each: 2^n solutions.
    fn binary(n: usize) -> Dlx {
        let mut b = ProblemBuilder::new();
        for _ in 0..n {
            let item = b.primary();
            b.option([item]).unwrap();
            b.option([item]).unwrap();
        }
        Dlx::new(&b.build())
    }

    #[test]
    fn a_count_past_u128_max_saturates_and_says_so() {
        let mut dlx = binary(130);
        for threads in [1, 2] {
            let count = dlx.count_parallel(None, threads);
            assert_eq!(
                (count.count, count.complete),
                (u128::MAX, false),
                "{threads}"
            );
        }
        let exact = binary(127).count(None);
        assert_eq!((exact.count, exact.complete), (1 << 127, true));
    }

    #[test]
    fn starting_again_with_the_memory_never_lowers_the_bound() {
        // The first 4,096 nodes count without the memory; a budget that stops the count just
        // after it starts again must not report less than the first look found.
        let mut dlx = binary(30);
        let mut last = 0;
        for max in [4_000, 4_096, 4_097, 4_100] {
            let count = dlx.count_bounded(None, 1, &Watch::new(), Budget::nodes(max));
            assert!(!count.complete || count.count == 1 << 30);
            assert!(count.count >= last, "{max} nodes: {} < {last}", count.count);
            last = count.count;
        }
    }

    #[test]
    fn a_count_stopped_by_its_budget_is_a_lower_bound() {
        let mut dlx = grids_4x4();
        let original = dlx.clone();
        for max_nodes in [1, 10, 50, 100] {
            let mut memo = Memo::for_items(64).unwrap();
            let mut checks = Checks::new();
            checks.set_budget(0, Budget::nodes(max_nodes));
            let counted = dlx.count_memo(&mut memo, None, &mut checks);
            assert!(!counted.complete, "{max_nodes} nodes");
            assert!(counted.count < 288);
            assert_eq!(counted.stats.nodes, max_nodes);
            assert!(dlx == original);
        }
    }

    #[test]
    fn a_limit_stops_the_count_there() {
        let mut dlx = grids_4x4();
        let mut memo = Memo::for_items(64).unwrap();
        let counted = dlx.count_memo(&mut memo, Some(100), &mut Checks::new());
        assert_eq!((counted.count, counted.complete), (100, false));
        let counted = dlx.count_memo(&mut memo, Some(288), &mut Checks::new());
        assert_eq!((counted.count, counted.complete), (288, false));
        let counted = dlx.count_memo(&mut memo, Some(289), &mut Checks::new());
        assert_eq!((counted.count, counted.complete), (288, true));
    }

    #[test]
    fn a_full_table_keeps_the_larger_subtrees() {
        let mut memo = Memo::for_items(64).unwrap();
        // Fill one bucket past its ways, with keys that share the bucket.
        let key = |k: u64| [k, 0];
        let buckets = memo.buckets as u64;
        let hash = |k: u64| k * buckets;
        for k in 1..=WAYS as u64 {
            memo.insert(&key(k), hash(k), u128::from(k), 10 + k);
        }
        // Smaller than all: not kept. Larger than the smallest: replaces it.
        memo.insert(&key(100), hash(100), 100, 5);
        assert_eq!(memo.get(&key(100), hash(100)), None);
        memo.insert(&key(101), hash(101), 101, 50);
        assert_eq!(memo.get(&key(101), hash(101)), Some((101, 50)));
        assert_eq!(memo.get(&key(1), hash(1)), None);
        assert_eq!(memo.get(&key(2), hash(2)), Some((2, 12)));
    }
}
