//! The table where a count remembers the subproblems it has counted (see `memo`): a cache of
//! bounded size keyed by the covered items as a bit set, its keys compared in full (a hit is
//! never a guess).
//!
//! A count on one thread owns a [`Table`]. The threads of a split count share one
//! [`SharedTable`]: a subproblem counted on one thread is not counted again on another (each
//! thread with its own table met fewer repeats and counted again what the others had). The
//! shared table is cut into [`PARTS`] tables, each behind its own lock and picked by the top
//! bits of the hash, so that two threads rarely wait for each other: a lookup or an insertion
//! holds one part's lock for a few dozen instructions.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Memory a table may use, in bytes (a shared table, all its parts together).
pub(crate) const MAX_BYTES: usize = 64 << 20;

/// A table larger than this is given back when a count starts; a smaller one is kept.
const KEEP_BYTES: usize = 1 << 20;

/// Buckets of a new table.
const FIRST_BUCKETS: usize = 1 << 4;

/// Slots per bucket: a key lives in the bucket its hash picks, in any of its slots.
const WAYS: usize = 4;

/// Parts of a [`SharedTable`] (a power of two): a part is picked by the top bits of the hash,
/// a bucket within it by the bottom bits.
const PARTS: usize = 64;

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
/// Invariants: `buckets` is a power of two and `slots` holds `WAYS` slots per bucket, `keys`
/// `words` words per slot; a slot whose `stamp` is `generation` is filled and holds the
/// Zobrist hash of its key, the key (covered items as a bit set, bit `i` for item header `i`)
/// and the exact number of solutions of the subproblem where exactly those items are covered.
/// A key is in at most one slot, of bucket `hash & (buckets - 1)`. When a bucket is full, a
/// new entry replaces its smallest one if that is no larger (larger subtrees are worth more to
/// remember). The table grows (doubling) while at least half full and under `max_bytes`.
pub(crate) struct Table {
    words: usize,
    max_bytes: usize,
    buckets: usize,
    slots: Vec<Slot>,
    keys: Vec<u64>,
    /// Stamp of the filled slots: starting a new generation empties the table at once.
    generation: u32,
    /// Filled slots.
    len: usize,
}

impl Table {
    /// An empty table for keys of `words` words, using at most `max_bytes` once grown.
    pub(crate) fn new(words: usize, max_bytes: usize) -> Table {
        let mut table = Table {
            words,
            max_bytes,
            buckets: 0,
            slots: Vec::new(),
            keys: Vec::new(),
            generation: 1,
            len: 0,
        };
        table.allocate(FIRST_BUCKETS);
        table
    }

    /// Forgets every subproblem, giving back the memory of a table that grew.
    pub(crate) fn clear(&mut self) {
        if self.buckets * self.bucket_bytes() > KEEP_BYTES || self.generation == u32::MAX {
            self.allocate(FIRST_BUCKETS);
        } else {
            self.generation += 1;
            self.len = 0;
        }
    }

    fn bucket_bytes(&self) -> usize {
        WAYS * (std::mem::size_of::<Slot>() + 8 * self.words)
    }

    fn allocate(&mut self, buckets: usize) {
        self.buckets = buckets;
        self.slots = vec![Slot::default(); buckets * WAYS];
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
            let entry = &self.slots[slot];
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
            && 2 * self.buckets * self.bucket_bytes() <= self.max_bytes
        {
            self.grow();
        }
        let size = u32::try_from(size).unwrap_or(u32::MAX).max(1);
        let first = self.first_slot(hash);
        let generation = self.generation;
        // Counted again (a depth where nobody looked it up first, or another thread): keep one.
        if let Some(slot) = (first..first + WAYS).find(|&slot| {
            let entry = &self.slots[slot];
            entry.stamp == generation && entry.hash == hash && self.key_at(slot) == key
        }) {
            let entry = &mut self.slots[slot];
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
            .min_by_key(|&slot| held(&self.slots[slot]))
            .expect("a bucket has slots");
        let old = held(&self.slots[slot]);
        if old > size {
            return;
        }
        self.len += usize::from(old == 0);
        self.slots[slot] = Slot {
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
        let slots = std::mem::take(&mut self.slots);
        let keys = std::mem::take(&mut self.keys);
        let generation = self.generation;
        self.allocate(self.buckets * 2);
        for (slot, entry) in slots.iter().enumerate() {
            if entry.stamp == generation {
                let key = &keys[slot * self.words..(slot + 1) * self.words];
                let count = u128::from(entry.count[0]) | u128::from(entry.count[1]) << 64;
                self.insert(key, entry.hash, count, u64::from(entry.size));
            }
        }
    }
}

/// One table of counted subproblems shared by the threads of a count, in [`PARTS`] parts.
///
/// Invariant: every part is a [`Table`] for keys of the same length, and a key lives only in
/// part `hash >> (64 - log2(PARTS))` (so the parts never disagree about a key).
pub(crate) struct SharedTable {
    parts: Vec<Mutex<Table>>,
}

impl SharedTable {
    /// An empty shared table for keys of `words` words, using at most [`MAX_BYTES`] in all.
    pub(crate) fn new(words: usize) -> SharedTable {
        SharedTable {
            parts: (0..PARTS)
                .map(|_| Mutex::new(Table::new(words, MAX_BYTES / PARTS)))
                .collect(),
        }
    }

    /// The part holding the keys of hash `hash`, locked. A thread that panicked while holding
    /// it left it whole (a table is changed only by code that does not panic midway).
    #[inline]
    fn part(&self, hash: u64) -> MutexGuard<'_, Table> {
        let k = (hash >> (64 - PARTS.trailing_zeros())) as usize;
        self.parts[k].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// [`Table::get`] in the part of `hash`. Never inlined, so that the count on one thread,
    /// which inlines its own table's lookups, keeps its loop as it was.
    #[inline(never)]
    pub(crate) fn get(&self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        self.part(hash).get(key, hash)
    }

    /// [`Table::insert`] in the part of `hash` (never inlined, as [`SharedTable::get`]).
    #[inline(never)]
    pub(crate) fn insert(&self, key: &[u64], hash: u64, count: u128, size: u64) {
        self.part(hash).insert(key, hash, count, size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_keeps_the_larger_subtrees() {
        let mut table = Table::new(2, MAX_BYTES);
        // Fill one bucket past its ways, with keys that share the bucket.
        let key = |k: u64| [k, 0];
        let buckets = table.buckets as u64;
        let hash = |k: u64| k * buckets;
        for k in 1..=WAYS as u64 {
            table.insert(&key(k), hash(k), u128::from(k), 10 + k);
        }
        // Smaller than all: not kept. Larger than the smallest: replaces it.
        table.insert(&key(100), hash(100), 100, 5);
        assert_eq!(table.get(&key(100), hash(100)), None);
        table.insert(&key(101), hash(101), 101, 50);
        assert_eq!(table.get(&key(101), hash(101)), Some((101, 50)));
        assert_eq!(table.get(&key(1), hash(1)), None);
        assert_eq!(table.get(&key(2), hash(2)), Some((2, 12)));
    }

    #[test]
    fn a_shared_table_finds_what_any_thread_remembered() {
        let shared = SharedTable::new(1);
        // Hashes spread over the parts and their buckets: too few keys to fill a bucket (a
        // full bucket may drop an entry, as a cache does).
        let hash = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let shared = &shared;
                scope.spawn(move || {
                    for k in (t * 50)..(t * 50 + 50) {
                        shared.insert(&[k], hash(k), u128::from(k) * 3, 100);
                    }
                });
            }
        });
        for k in 0..100u64 {
            assert_eq!(shared.get(&[k], hash(k)), Some((u128::from(k) * 3, 100)));
        }
        // Same hash, another key: never a hit.
        assert_eq!(shared.get(&[5000], hash(7)), None);
    }
}
