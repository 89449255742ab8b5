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

use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};
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

/// A slot of a shared table: written under its part's lock, read without any lock (a sequence
/// lock per slot: a reader checks that the slot's sequence did not change while it read).
///
/// Invariant: the low 32 bits of `meta` are the slot's sequence: 0 while the slot was never
/// filled, odd while a writer changes it, even (and then the slot is filled) otherwise; its high
/// 32 bits are the subtree's size. Hash, count and key are those of [`Slot`] and the key's slot
/// in [`Storage::keys`].
#[derive(Default)]
struct SharedSlot {
    meta: AtomicU64,
    hash: AtomicU64,
    count: [AtomicU64; 2],
}

/// The slots and keys of one part of a [`SharedTable`], at one size.
///
/// Invariants: `buckets` is a power of two, `slots` holds `WAYS` slots per bucket and `keys`
/// `words` words per slot; a key is in at most one slot, of bucket `hash & (buckets - 1)`. Only
/// the holder of the part's lock writes, and only to the part's current storage: one that a
/// larger one replaced (growth) is never written again, so a thread still reading it reads
/// entries that are stale but exact.
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

    fn bytes(&self) -> usize {
        self.buckets * WAYS * (std::mem::size_of::<SharedSlot>() + 8 * self.words)
    }

    fn first_slot(&self, hash: u64) -> usize {
        (hash as usize & (self.buckets - 1)) * WAYS
    }

    fn key_at(&self, slot: usize) -> &[AtomicU64] {
        &self.keys[slot * self.words..(slot + 1) * self.words]
    }

    /// The count and size in `slot` when it holds `key` (of hash `hash`), read without a lock:
    /// `None` when it holds another key, is empty, or was changed while it was read (a cache
    /// may miss; it never answers for another key).
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
        // what one writer wrote (the writer made the sequence odd before writing any of it).
        fence(Ordering::Acquire);
        (same && entry.meta.load(Ordering::Relaxed) == meta).then_some((count, meta >> 32))
    }

    /// The slot holding `key`, for the holder of the part's lock (the only writer, so its own
    /// reads need no check).
    fn find(&self, key: &[u64], hash: u64) -> Option<usize> {
        let first = self.first_slot(hash);
        (first..first + WAYS).find(|&slot| {
            let entry = &self.slots[slot];
            entry.meta.load(Ordering::Relaxed) as u32 != 0
                && entry.hash.load(Ordering::Relaxed) == hash
                && self
                    .key_at(slot)
                    .iter()
                    .zip(key)
                    .all(|(held, &word)| held.load(Ordering::Relaxed) == word)
        })
    }

    /// The size held in `slot` (0 when empty), for the holder of the part's lock.
    fn held(&self, slot: usize) -> u32 {
        let meta = self.slots[slot].meta.load(Ordering::Relaxed);
        if meta as u32 == 0 {
            0
        } else {
            (meta >> 32) as u32
        }
    }

    /// Writes an entry into `slot`, for the holder of the part's lock: the sequence is made odd
    /// first and even again last, so that a reader meanwhile sees the change.
    fn write(&self, slot: usize, key: &[u64], hash: u64, count: u128, size: u32) {
        let entry = &self.slots[slot];
        let seq = entry.meta.load(Ordering::Relaxed) as u32;
        entry
            .meta
            .store(u64::from(seq.wrapping_add(1)), Ordering::Relaxed);
        fence(Ordering::Release);
        entry.hash.store(hash, Ordering::Relaxed);
        entry.count[0].store(count as u64, Ordering::Relaxed);
        entry.count[1].store((count >> 64) as u64, Ordering::Relaxed);
        for (held, &word) in self.key_at(slot).iter().zip(key) {
            held.store(word, Ordering::Relaxed);
        }
        // Even and never 0 again (0 is an empty slot).
        let seq = match seq.wrapping_add(2) {
            0 => 2,
            next => next,
        };
        entry
            .meta
            .store(u64::from(size) << 32 | u64::from(seq), Ordering::Release);
    }
}

/// One part of a [`SharedTable`], behind its lock: the current storage and its filled slots.
///
/// Invariant: `len` slots of `storage` are filled; `grown` is the times the part has grown,
/// as in [`SharedTable::grown`].
struct Part {
    storage: Arc<Storage>,
    len: usize,
    grown: u32,
}

/// A part's lock on a cache line of its own (two parts locked by two threads at once do not
/// take the same line from each other).
#[repr(align(128))]
struct Padded(Mutex<Part>);

/// One table of counted subproblems shared by the threads of a count, in [`PARTS`] parts.
///
/// Each thread reads it through a [`SharedView`], without a lock; a write takes the lock of one
/// part, picked by the top bits of the hash.
///
/// Invariant: every part holds keys of `words` words, and a key lives only in part
/// `hash >> (64 - log2(PARTS))` (so the parts never disagree about a key); `grown[k]` is
/// `parts[k]`'s `grown`, written under its lock.
pub(crate) struct SharedTable {
    /// Per part, the times it has grown: a view whose storage of the part is older takes the
    /// current one. Read at every lookup and written only when a part grows, so its cache
    /// lines stay in both cores' caches.
    grown: Box<[AtomicU32]>,
    parts: Box<[Padded]>,
}

impl SharedTable {
    /// An empty shared table for keys of `words` words, using at most [`MAX_BYTES`] in all
    /// (besides the storages the threads still read while a part grows).
    pub(crate) fn new(words: usize) -> SharedTable {
        SharedTable {
            grown: (0..PARTS).map(|_| AtomicU32::new(0)).collect(),
            parts: (0..PARTS)
                .map(|_| {
                    Padded(Mutex::new(Part {
                        storage: Arc::new(Storage::new(words, FIRST_BUCKETS)),
                        len: 0,
                        grown: 0,
                    }))
                })
                .collect(),
        }
    }

    /// The part of the keys of hash `hash`.
    #[inline]
    fn part_of(hash: u64) -> usize {
        (hash >> (64 - PARTS.trailing_zeros())) as usize
    }

    /// Part `k`, locked. A thread that panicked while holding it left it whole (a part is
    /// changed only by code that does not panic midway).
    fn lock(&self, k: usize) -> MutexGuard<'_, Part> {
        self.parts[k]
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The view of one thread: a storage per part, taken now.
    pub(crate) fn view(self: &Arc<SharedTable>) -> SharedView {
        SharedView {
            storages: (0..PARTS)
                .map(|k| {
                    let part = self.lock(k);
                    (part.grown, Arc::clone(&part.storage))
                })
                .collect(),
            table: Arc::clone(self),
        }
    }
}

/// One thread's way into a [`SharedTable`]: the storage of each part it last took, read
/// without a lock.
///
/// Invariant: `storages[k]` is a storage that part `k` of `table` had when it had grown
/// `storages[k].0` times.
pub(crate) struct SharedView {
    table: Arc<SharedTable>,
    storages: Vec<(u32, Arc<Storage>)>,
}

impl SharedView {
    /// Another view of the same table (for another thread).
    pub(crate) fn sharing(&self) -> SharedView {
        self.table.view()
    }

    /// The storage of part `k` to read: the current one (taken under the part's lock when the
    /// part has grown since this view last took it).
    #[inline]
    fn storage(&mut self, k: usize) -> &Storage {
        let grown = self.table.grown[k].load(Ordering::Relaxed);
        if self.storages[k].0 != grown {
            let part = self.table.lock(k);
            self.storages[k] = (part.grown, Arc::clone(&part.storage));
        }
        &self.storages[k].1
    }

    /// The count remembered for `key` (whose hash is `hash`) and the nodes it took, if any,
    /// read without a lock. Never inlined, so that the count on one thread, which inlines its
    /// own table's lookups, keeps its loop as it was.
    #[inline(never)]
    pub(crate) fn get(&mut self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        let storage = self.storage(SharedTable::part_of(hash));
        let first = storage.first_slot(hash);
        (first..first + WAYS).find_map(|slot| storage.read(slot, key, hash))
    }

    /// [`Table::insert`] in the part of `hash`, under its lock (never inlined, as
    /// [`SharedView::get`]).
    #[inline(never)]
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
        let k = SharedTable::part_of(hash);
        let table = &*self.table;
        let mut part = table.lock(k);
        let bytes = part.storage.bytes();
        if 2 * part.len >= part.storage.buckets * WAYS && 2 * bytes <= MAX_BYTES / PARTS {
            let grown = grow(&part.storage);
            part.len = grown.1;
            part.storage = Arc::new(grown.0);
            part.grown += 1;
            table.grown[k].store(part.grown, Ordering::Relaxed);
        }
        let size = u32::try_from(size).unwrap_or(u32::MAX).max(1);
        let storage = &part.storage;
        // Counted again (a depth where nobody looked it up first, or another thread): keep one.
        if let Some(slot) = storage.find(key, hash) {
            if storage.held(slot) < size {
                let entry = &storage.slots[slot];
                let seq = entry.meta.load(Ordering::Relaxed) & 0xFFFF_FFFF;
                // Only the size changes: a reader meanwhile sees another `meta` and misses.
                entry
                    .meta
                    .store(u64::from(size) << 32 | seq, Ordering::Release);
            }
            return;
        }
        let first = storage.first_slot(hash);
        let slot = (first..first + WAYS)
            .min_by_key(|&slot| storage.held(slot))
            .expect("a bucket has slots");
        let old = storage.held(slot);
        if old > size {
            return;
        }
        storage.write(slot, key, hash, count, size);
        part.len += usize::from(old == 0);
    }
}

/// A storage twice as large as `old` with its entries, and how many it holds (`old` is not
/// changed: threads may still be reading it).
fn grow(old: &Storage) -> (Storage, usize) {
    let new = Storage::new(old.words, old.buckets * 2);
    let mut len = 0;
    let mut key = vec![0; old.words];
    for slot in 0..old.slots.len() {
        let meta = old.slots[slot].meta.load(Ordering::Relaxed);
        if meta as u32 == 0 {
            continue;
        }
        let entry = &old.slots[slot];
        let hash = entry.hash.load(Ordering::Relaxed);
        for (word, held) in key.iter_mut().zip(old.key_at(slot)) {
            *word = held.load(Ordering::Relaxed);
        }
        let count = u128::from(entry.count[0].load(Ordering::Relaxed))
            | u128::from(entry.count[1].load(Ordering::Relaxed)) << 64;
        // Twice the buckets: the entries of a bucket spread over two, so each finds a slot.
        let first = new.first_slot(hash);
        if let Some(free) = (first..first + WAYS).find(|&s| new.held(s) == 0) {
            new.write(free, &key, hash, count, (meta >> 32) as u32);
            len += 1;
        }
    }
    (new, len)
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
