//! Counting with a memory of subproblems, through the one search loop.
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
//!
//! The count is the search loop of `search` run with a [`Hook`] ([`Counting`]) that keeps the
//! key of the covered items up to date as options are tried and taken back, looks the key up
//! when a level is entered, and remembers the count of a level when it is left. The loop is
//! monomorphised for it: no dynamic call per node.

use crate::xc::choose::choose_listed;
use crate::xc::matrix::{at, Matrix, SPACER};
use crate::xc::search::{Hook, Search};
use crate::xc::stats::Count;

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
    pub(crate) zobrist: Vec<u64>,
    buckets: usize,
    table: Vec<Slot>,
    keys: Vec<u64>,
    /// Stamp of the filled slots: starting a new generation empties the table at once.
    generation: u32,
    /// Filled slots.
    len: usize,
    /// Lookups that found their subproblem.
    pub(crate) hits: u64,
    /// Nodes searched with this memory since it was last emptied, and nodes its hits saved:
    /// what counts on bit sets look at to drop a memory that does not pay (`bits`).
    pub(crate) spent: [u64; 2],
    /// The count's own vectors, kept between counts so that a count allocates nothing.
    scratch: Scratch,
}

/// Vectors a count uses, kept between counts.
#[derive(Default)]
struct Scratch {
    bits: Vec<u64>,
    frames: Vec<Frame>,
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
            spent: [0; 2],
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
        self.spent = [0; 2];
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
    pub(crate) fn get(&self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
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
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
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

/// Whether a count at `depth`, after `nodes` nodes, looks its subproblem up: where lookups
/// pay, and one node in [`SAMPLE`] elsewhere.
#[inline]
pub(crate) fn worth_looking(depth: usize, looked: &[[u64; 2]], nodes: u64) -> bool {
    worth(depth, looked) || nodes % SAMPLE == 0
}

/// Whether a subtree of `size` nodes counted at `depth` is worth remembering.
#[inline]
pub(crate) fn worth_keeping(depth: usize, looked: &[[u64; 2]], size: u64) -> bool {
    size >= MIN_SIZE && (worth(depth, looked) || size >= ALWAYS_KEEP)
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
    fn flip(&mut self, m: &Matrix, zobrist: &[u64], x: u32) {
        let mut p = x;
        loop {
            let node = at(&m.nodes, p);
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

/// One level of the counting search: when it was entered, and the solutions counted below the
/// options already tried.
struct Frame {
    /// Nodes visited when the level was entered.
    entered: u64,
    /// Solutions counted below the level's options so far.
    below: u128,
}

/// The [`Hook`] of a count that remembers subproblems.
struct Counting<'m> {
    memo: &'m mut Memo,
    /// The items covered now.
    key: Key,
    /// One per level of the search's stack.
    frames: Vec<Frame>,
    /// Per depth: lookups made and nodes their hits saved.
    looked: Vec<[u64; 2]>,
    limit: Option<u128>,
}

impl Hook for Counting<'_> {
    const COUNTS: bool = true;

    #[inline(always)]
    fn choose(m: &Matrix) -> u32 {
        choose_listed(m)
    }

    #[inline]
    fn known(&mut self, depth: usize, nodes: u64) -> Option<u128> {
        if !worth_looking(depth, &self.looked, nodes) {
            return None;
        }
        let got = self.memo.get(&self.key.bits, self.key.hash);
        let d = &mut self.looked[depth];
        d[0] += 1;
        let (count, size) = got?;
        d[1] += size;
        self.memo.hits += 1;
        Some(count)
    }

    #[inline(always)]
    fn found(&mut self, count: u128) {
        if let Some(frame) = self.frames.last_mut() {
            frame.below = frame.below.saturating_add(count);
        }
    }

    /// The limit is reached, or the count cannot grow any more (it saturates at u128::MAX,
    /// and is then only a lower bound).
    #[inline(always)]
    fn reached(&self, solutions: u128) -> bool {
        solutions == u128::MAX || self.limit.is_some_and(|l| solutions >= l)
    }

    #[inline(always)]
    fn entered(&mut self, m: &Matrix, x: u32, nodes: u64) {
        self.key.flip(m, &self.memo.zobrist, x);
        self.frames.push(Frame {
            entered: nodes - 1,
            below: 0,
        });
    }

    #[inline(always)]
    fn toggled(&mut self, m: &Matrix, x: u32) {
        self.key.flip(m, &self.memo.zobrist, x);
    }

    #[inline]
    fn left(&mut self, depth: usize, nodes: u64) {
        let frame = self.frames.pop().expect("a level to leave");
        let size = nodes - frame.entered;
        if worth_keeping(depth, &self.looked, size) {
            self.memo
                .insert(&self.key.bits, self.key.hash, frame.below, size);
        }
        self.found(frame.below);
    }
}

impl Memo {
    /// Counts the solutions below the state of `search` (a matrix without colors), up to
    /// `limit`, remembering the count below every set of covered items; the search's progress
    /// hook and budget are looked at as in a plain search. The matrix is as it was when this
    /// returns.
    pub(crate) fn count(&mut self, mut search: Search<'_>, limit: Option<u128>) -> Count {
        let Scratch {
            mut bits,
            mut frames,
            mut looked,
        } = std::mem::take(&mut self.scratch);
        let m = search.matrix();
        bits.clear();
        bits.resize(self.words, 0);
        let mut key = Key { bits, hash: 0 };
        for i in 1..=m.items {
            if !m.is_active(i) {
                key.bits[i as usize / 64] |= 1 << (i % 64);
                key.hash ^= self.zobrist[i as usize];
            }
        }
        frames.clear();
        looked.clear();
        looked.resize(m.primary as usize + 1, [0; 2]);
        let mut hook = Counting {
            memo: self,
            key,
            frames,
            looked,
            limit,
        };
        search.count_with(&mut hook);
        let mut stats = search.stats();
        let found = stats.solutions;
        let complete = !search.stopped() && !hook.reached(found);
        // Stopped early: the search undoes the choices still standing.
        drop(search);
        let count = limit.map_or(found, |l| found.min(l));
        stats.solutions = count;
        let Counting {
            key,
            frames,
            looked,
            ..
        } = hook;
        self.scratch = Scratch {
            bits: key.bits,
            frames,
            looked,
        };
        Count {
            count,
            complete,
            stats,
        }
    }
}

/// The memory of a count by bit sets (the `bits` module): the table, and the key of the
/// covered items kept up to date as options are chosen and taken back.
pub(crate) struct Remember<'m> {
    pub(crate) memo: &'m mut Memo,
    /// The covered items, bit `h` for header `h`.
    pub(crate) key: Vec<u64>,
    /// The key's Zobrist hash.
    pub(crate) hash: u64,
    /// Per depth: lookups made and nodes their hits saved.
    pub(crate) looked: Vec<[u64; 2]>,
}

impl<'m> Remember<'m> {
    /// The memory of a count below the state of `m`, `depth` levels deep at most.
    pub(crate) fn new(memo: &'m mut Memo, m: &Matrix, depth: usize) -> Self {
        let mut key = vec![0u64; (m.items as usize + 1).div_ceil(64)];
        let mut hash = 0;
        for i in 1..=m.items {
            if !m.is_active(i) {
                key[i as usize / 64] |= 1 << (i % 64);
                hash ^= memo.zobrist[i as usize];
            }
        }
        Remember {
            memo,
            key,
            hash,
            looked: vec![[0; 2]; depth],
        }
    }

    /// Nodes searched with the memory (by earlier counts too, since it was emptied) and the
    /// nodes its hits saved, once this count has searched `nodes`.
    pub(crate) fn spent(&self, nodes: u64) -> [u64; 2] {
        let saved: u64 = self.looked.iter().map(|d| d[1]).sum();
        [self.memo.spent[0] + nodes, self.memo.spent[1] + saved]
    }

    /// Flips the items of an option, by their headers (covered <-> not).
    #[inline(always)]
    pub(crate) fn flip(&mut self, heads: &[u32]) {
        for &h in heads {
            self.key[h as usize / 64] ^= 1 << (h % 64);
            self.hash ^= self.memo.zobrist[h as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
