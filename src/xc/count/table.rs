//! The table where a count remembers the subproblems it has counted (see `memo`): a cache of
//! bounded size keyed by the covered items as a bit set, its keys compared in full (a hit is
//! never a guess).
//!
//! A count on one thread owns a [`Table`]. The threads of a split count share one
//! [`SharedTable`]: a subproblem counted on one thread is not counted again on another (each
//! thread with its own table met fewer repeats and counted again what the others had). The
//! shared table is read and written without a lock: each slot has a sequence that a writer
//! makes odd (by a compare-and-swap, which also keeps other writers out of the slot) and even
//! again, and that a reader checks did not change while it read. It is cut into [`PARTS`]
//! parts, picked by the top bits of the hash, that grow one by one (under a lock of their own,
//! while the threads keep reading the storage they hold). A lock per lookup and insertion (an
//! atomic read-modify-write of a line the other core often held) is what this avoids.

use std::sync::atomic::{fence, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

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

/// A slot of a shared table, written and read without a lock: a sequence lock per slot. A
/// writer claims the slot by making its sequence odd (one compare-and-swap, so two writers
/// never write a slot at once) and makes it even again when done; a reader checks that the
/// sequence did not change while it read.
///
/// Invariant: the low 32 bits of `meta` are the slot's sequence: 0 while the slot was never
/// filled, odd while the writer that claimed it changes it, even (and then the slot is filled)
/// otherwise; its high 32 bits are the subtree's size. Hash, count and key are those of
/// [`Slot`] and the key's slot in [`Storage::keys`].
#[derive(Default)]
struct SharedSlot {
    meta: AtomicU64,
    hash: AtomicU64,
    count: [AtomicU64; 2],
}

/// The size a slot whose `meta` is `meta` holds, as the replacement sees it: 0 when empty, the
/// largest when a writer holds it (it is then left alone).
fn held(meta: u64) -> u32 {
    match meta as u32 {
        0 => 0,
        seq if seq & 1 == 1 => u32::MAX,
        _ => (meta >> 32) as u32,
    }
}

/// The slots and keys of one part of a [`SharedTable`], at one size.
///
/// Invariants: `buckets` is a power of two, `slots` holds `WAYS` slots per bucket and `keys`
/// `words` words per slot; a key is in a slot of bucket `hash & (buckets - 1)` (two threads
/// remembering the same key at once may leave it in two slots: both hold its exact count).
struct Storage {
    words: usize,
    buckets: usize,
    slots: Box<[SharedSlot]>,
    keys: Box<[AtomicU64]>,
}

impl Storage {
    fn new(words: usize, buckets: usize) -> Storage {
        Storage {
            words,
            buckets,
            slots: (0..buckets * WAYS).map(|_| SharedSlot::default()).collect(),
            keys: (0..buckets * WAYS * words)
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    fn first_slot(&self, hash: u64) -> usize {
        (hash as usize & (self.buckets - 1)) * WAYS
    }

    fn key_at(&self, slot: usize) -> &[AtomicU64] {
        &self.keys[slot * self.words..(slot + 1) * self.words]
    }

    /// The count and size in `slot` when it holds `key` (of hash `hash`): `None` when it holds
    /// another key, is empty, or was changed while it was read (a cache may miss; it never
    /// answers for another key).
    #[inline]
    fn read(&self, slot: usize, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        let entry = &self.slots[slot];
        let meta = entry.meta.load(Ordering::Acquire);
        let seq = meta as u32;
        if seq == 0 || seq & 1 == 1 || entry.hash.load(Ordering::Relaxed) != hash {
            return None;
        }
        let same = self
            .key_at(slot)
            .iter()
            .zip(key)
            .all(|(held, &word)| held.load(Ordering::Relaxed) == word);
        let count = u128::from(entry.count[0].load(Ordering::Relaxed))
            | u128::from(entry.count[1].load(Ordering::Relaxed)) << 64;
        // Every read above happens before the sequence is read again: unchanged, they all read
        // what one writer wrote (a writer makes the sequence odd before writing any of it).
        fence(Ordering::Acquire);
        (same && entry.meta.load(Ordering::Relaxed) == meta).then_some((count, meta >> 32))
    }

    /// The whole entry in `slot` (its key into `key`): hash, count and size; `None` when it is
    /// empty or was changed while it was read.
    fn entry(&self, slot: usize, key: &mut [u64]) -> Option<(u64, u128, u32)> {
        let entry = &self.slots[slot];
        let meta = entry.meta.load(Ordering::Acquire);
        if meta as u32 == 0 || meta as u32 & 1 == 1 {
            return None;
        }
        let hash = entry.hash.load(Ordering::Relaxed);
        for (word, held) in key.iter_mut().zip(self.key_at(slot)) {
            *word = held.load(Ordering::Relaxed);
        }
        let count = u128::from(entry.count[0].load(Ordering::Relaxed))
            | u128::from(entry.count[1].load(Ordering::Relaxed)) << 64;
        fence(Ordering::Acquire);
        (entry.meta.load(Ordering::Relaxed) == meta).then_some((hash, count, (meta >> 32) as u32))
    }

    /// Claims `slot` for writing, when its `meta` is still `meta` (even): `false` when another
    /// writer changed it since it was read.
    fn claim(&self, slot: usize, meta: u64) -> bool {
        let odd = u64::from((meta as u32).wrapping_add(1));
        let claimed = self.slots[slot]
            .meta
            .compare_exchange(meta, odd, Ordering::Acquire, Ordering::Relaxed)
            .is_ok();
        // The odd sequence is seen before any of the writes that follow.
        fence(Ordering::Release);
        claimed
    }

    /// Writes an entry into `slot`, claimed by this thread at sequence `seq` (odd), and gives
    /// it back: its sequence even (never 0: 0 is an empty slot) and `size` in `meta`.
    fn fill(&self, slot: usize, seq: u32, key: &[u64], hash: u64, count: u128, size: u32) {
        let entry = &self.slots[slot];
        entry.hash.store(hash, Ordering::Relaxed);
        entry.count[0].store(count as u64, Ordering::Relaxed);
        entry.count[1].store((count >> 64) as u64, Ordering::Relaxed);
        for (held, &word) in self.key_at(slot).iter().zip(key) {
            held.store(word, Ordering::Relaxed);
        }
        let seq = match seq.wrapping_add(1) {
            0 => 2,
            next => next,
        };
        entry
            .meta
            .store(u64::from(size) << 32 | u64::from(seq), Ordering::Release);
    }
}

/// One part of a [`SharedTable`]: its current storage (behind a lock taken only to grow it and
/// to take the storage), the slots filled since it last grew (roughly: the threads add theirs
/// in batches of [`BATCH`]), and the filled slots at which it grows next.
///
/// Invariant: `grow_at` is half the storage's slots, or `usize::MAX` once the storage is as
/// large as a part may be. Aligned so that two parts never share a cache line.
#[repr(align(128))]
struct Part {
    current: Mutex<Current>,
    len: AtomicUsize,
    grow_at: AtomicUsize,
}

/// A part's storage, and how many times the part has grown (as in [`SharedTable::grown`]).
struct Current {
    storage: Arc<Storage>,
    grown: u32,
}

/// Slots a thread fills in a part before it adds them to the part's `len` (one shared counter
/// written per insertion would cost as much as a lock).
const BATCH: u32 = 16;

/// One table of counted subproblems shared by the threads of a count, in [`PARTS`] parts.
///
/// Each thread reads and writes it through a [`SharedView`], without a lock; a part is picked
/// by the top bits of the hash, and grows (doubling) under its lock. Entries a thread writes
/// into the storage of a part while the part grows are lost (a cache may forget).
///
/// Invariant: every part holds keys of `words` words, and a key lives only in part
/// `hash >> (64 - log2(PARTS))` (so the parts never disagree about a key); `grown[k]` is part
/// `k`'s `grown`, written under its lock.
pub(crate) struct SharedTable {
    /// Per part, the times it has grown: a view whose storage of the part is older takes the
    /// current one. Read at every lookup and written only when a part grows, so its cache
    /// lines stay in both cores' caches.
    grown: Box<[AtomicU32]>,
    parts: Box<[Part]>,
}

/// Bytes of a storage of `buckets` buckets for keys of `words` words.
fn storage_bytes(buckets: usize, words: usize) -> usize {
    buckets * WAYS * (std::mem::size_of::<SharedSlot>() + 8 * words)
}

/// The filled slots at which a part whose storage has `buckets` buckets grows.
fn grow_at(buckets: usize, words: usize) -> usize {
    if 2 * storage_bytes(buckets, words) <= MAX_BYTES / PARTS {
        buckets * WAYS / 2
    } else {
        usize::MAX
    }
}

impl SharedTable {
    /// An empty shared table for keys of `words` words, using at most [`MAX_BYTES`] in all
    /// (besides the storages the threads still read while a part grows).
    pub(crate) fn new(words: usize) -> SharedTable {
        SharedTable {
            grown: (0..PARTS).map(|_| AtomicU32::new(0)).collect(),
            parts: (0..PARTS)
                .map(|_| Part {
                    current: Mutex::new(Current {
                        storage: Arc::new(Storage::new(words, FIRST_BUCKETS)),
                        grown: 0,
                    }),
                    len: AtomicUsize::new(0),
                    grow_at: AtomicUsize::new(grow_at(FIRST_BUCKETS, words)),
                })
                .collect(),
        }
    }

    /// The part of the keys of hash `hash`.
    #[inline]
    fn part_of(hash: u64) -> usize {
        (hash >> (64 - PARTS.trailing_zeros())) as usize
    }

    /// Part `k`'s storage, locked. A thread that panicked while holding it left it whole (it
    /// is replaced whole, after the new storage is filled).
    fn lock(&self, k: usize) -> MutexGuard<'_, Current> {
        self.parts[k]
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The view of one thread: a storage per part, taken now.
    pub(crate) fn view(self: &Arc<SharedTable>) -> SharedView {
        SharedView {
            storages: (0..PARTS)
                .map(|k| {
                    let current = self.lock(k);
                    (current.grown, Arc::clone(&current.storage))
                })
                .collect(),
            batch: vec![0; PARTS],
            table: Arc::clone(self),
        }
    }

    /// Adds `filled` slots to part `k`'s count, and grows the part when it is half full.
    fn filled(&self, k: usize, filled: usize) {
        let part = &self.parts[k];
        let len = part.len.fetch_add(filled, Ordering::Relaxed) + filled;
        if len < part.grow_at.load(Ordering::Relaxed) {
            return;
        }
        let mut current = self.lock(k);
        let old = &current.storage;
        if part.len.load(Ordering::Relaxed) < grow_at(old.buckets, old.words) {
            return; // Another thread grew it meanwhile.
        }
        let (storage, len) = grow(old);
        part.len.store(len, Ordering::Relaxed);
        part.grow_at
            .store(grow_at(storage.buckets, storage.words), Ordering::Relaxed);
        current.storage = Arc::new(storage);
        current.grown += 1;
        self.grown[k].store(current.grown, Ordering::Relaxed);
    }
}

/// A storage twice as large as `old` with its entries, and how many it holds (`old` is not
/// changed: other threads may still be reading it, or writing entries that are then lost).
fn grow(old: &Storage) -> (Storage, usize) {
    let new = Storage::new(old.words, old.buckets * 2);
    let mut len = 0;
    let mut key = vec![0; old.words];
    for slot in 0..old.slots.len() {
        let Some((hash, count, size)) = old.entry(slot, &mut key) else {
            continue;
        };
        // Twice the buckets: the entries of a bucket spread over two, so each finds a slot
        // (but for a key left in two slots by two threads, which may not).
        let first = new.first_slot(hash);
        let free = (first..first + WAYS).find(|&s| new.slots[s].meta.load(Ordering::Relaxed) == 0);
        if let Some(free) = free {
            new.slots[free].meta.store(1, Ordering::Relaxed);
            new.fill(free, 1, &key, hash, count, size);
            len += 1;
        }
    }
    (new, len)
}

/// One thread's way into a [`SharedTable`]: the storage of each part it last took, and the
/// slots it filled in each part and has not yet added to the part's count.
///
/// Invariant: `storages[k]` is a storage that part `k` of `table` had when it had grown
/// `storages[k].0` times; `batch[k] < BATCH`.
pub(crate) struct SharedView {
    table: Arc<SharedTable>,
    storages: Vec<(u32, Arc<Storage>)>,
    batch: Vec<u32>,
}

impl SharedView {
    /// Another view of the same table (for another thread).
    pub(crate) fn sharing(&self) -> SharedView {
        self.table.view()
    }

    /// The storage of part `k`: the current one (taken under the part's lock when the part
    /// has grown since this view last took it).
    #[inline]
    fn storage(&mut self, k: usize) -> &Storage {
        let grown = self.table.grown[k].load(Ordering::Relaxed);
        if self.storages[k].0 != grown {
            let current = self.table.lock(k);
            self.storages[k] = (current.grown, Arc::clone(&current.storage));
        }
        &self.storages[k].1
    }

    /// The count remembered for `key` (whose hash is `hash`) and the nodes it took, if any.
    /// Never inlined, so that the count on one thread, which inlines its own table's lookups,
    /// keeps its loop as it was.
    #[inline(never)]
    pub(crate) fn get(&mut self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        let storage = self.storage(SharedTable::part_of(hash));
        let first = storage.first_slot(hash);
        (first..first + WAYS).find_map(|slot| storage.read(slot, key, hash))
    }

    /// [`Table::insert`] in the part of `hash`, but for a slot another thread writes at the
    /// same time (then left to it) and a key two threads write at once (which may then be in
    /// two slots). Never inlined, as [`SharedView::get`].
    #[inline(never)]
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
        let k = SharedTable::part_of(hash);
        let size = u32::try_from(size).unwrap_or(u32::MAX).max(1);
        let storage = self.storage(k);
        let first = storage.first_slot(hash);
        let mut victim: Option<(usize, u64)> = None;
        for slot in first..first + WAYS {
            let meta = storage.slots[slot].meta.load(Ordering::Relaxed);
            // Counted again (a depth where nobody looked it up first, or another thread):
            // keep one, with the larger size (a reader meanwhile sees another `meta`).
            if storage.read(slot, key, hash).is_some() {
                if held(meta) < size {
                    let larger = u64::from(size) << 32 | (meta & 0xFFFF_FFFF);
                    let _ = storage.slots[slot].meta.compare_exchange(
                        meta,
                        larger,
                        Ordering::Release,
                        Ordering::Relaxed,
                    );
                }
                return;
            }
            if victim.is_none_or(|(_, least)| held(meta) < held(least)) {
                victim = Some((slot, meta));
            }
        }
        let (slot, meta) = victim.expect("a bucket has slots");
        if held(meta) > size || !storage.claim(slot, meta) {
            return;
        }
        storage.fill(slot, (meta as u32).wrapping_add(1), key, hash, count, size);
        if meta as u32 == 0 {
            self.batch[k] += 1;
            if self.batch[k] == BATCH {
                self.batch[k] = 0;
                self.table.filled(k, BATCH as usize);
            }
        }
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
        let shared = Arc::new(SharedTable::new(1));
        // Hashes spread over the parts and their buckets: too few keys to fill a bucket (a
        // full bucket may drop an entry, as a cache does).
        let hash = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let mut view = shared.view();
                scope.spawn(move || {
                    for k in (t * 50)..(t * 50 + 50) {
                        view.insert(&[k], hash(k), u128::from(k) * 3, 100);
                    }
                });
            }
        });
        let mut view = shared.view();
        for k in 0..100u64 {
            assert_eq!(view.get(&[k], hash(k)), Some((u128::from(k) * 3, 100)));
        }
        // Same hash, another key: never a hit.
        assert_eq!(view.get(&[5000], hash(7)), None);
    }

    /// Many threads writing and reading one small shared table at once, with keys that share
    /// buckets and whole hashes (so slots are replaced and parts grow while others read):
    /// every hit is the count and size written for that very key, and the entries written
    /// after the threads stopped are all found.
    #[test]
    fn a_shared_table_never_answers_for_another_key_under_contention() {
        const THREADS: u64 = 8;
        const KEYS: u64 = 20_000;
        let shared = Arc::new(SharedTable::new(3));
        // Eight keys per hash, and hashes in few buckets of few parts.
        let hash = |k: u64| ((k / 8) % 512).wrapping_mul(0x0400_0000_0000_0001) | (k % 3) << 58;
        let key = |k: u64| [k, !k, k.rotate_left(17)];
        let count = |k: u64| u128::from(k) << 64 | u128::from(k * 7 + 1);
        let size = |k: u64| 2 + k % 1000;
        let hits = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..THREADS {
                let mut view = shared.view();
                let hits = &hits;
                scope.spawn(move || {
                    let mut state = t + 1;
                    for _ in 0..100_000 {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1);
                        let k = (state >> 33) % KEYS;
                        if state & (1 << 20) == 0 {
                            view.insert(&key(k), hash(k), count(k), size(k));
                        } else if let Some((c, s)) = view.get(&key(k), hash(k)) {
                            assert_eq!((c, s), (count(k), size(k)), "key {k}");
                            hits.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert!(
            hits.load(Ordering::Relaxed) > 0,
            "some lookups found their key"
        );
        // The table at rest: what was just written is found (sizes larger than any before).
        let mut view = shared.view();
        for k in 0..64 {
            view.insert(&key(k), hash(k), count(k), 5000 + k);
            assert_eq!(view.get(&key(k), hash(k)), Some((count(k), 5000 + k)));
        }
    }
}
