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
//! The memory is a table of bounded size keyed by the covered items as a bit set (`table`).
//! When a bucket is full, a new entry replaces its smallest subtree if that is no larger, so
//! the table keeps the subproblems that cost most to count again; it is emptied when a count
//! starts. Keys are compared in full: a hit is never a guess. The threads of a split count
//! share one table ([`Memo::shared`]), each with its own key and record of what paid.
//!
//! Counts remembered this way can be astronomically large (2^130 solutions take a few
//! thousand nodes); a count that would pass `u128::MAX` stops there, marked incomplete.
//!
//! The count is the search loop of `search` run with a [`Hook`] ([`Counting`]) that keeps the
//! key of the covered items up to date as options are tried and taken back, looks the key up
//! when a level is entered, and remembers the count of a level when it is left. The loop is
//! monomorphised for it: no dynamic call per node.

use std::sync::Arc;

use super::table::{SharedTable, SharedView, Table, MAX_BYTES};
use crate::xc::choose::choose_listed;
use crate::xc::matrix::{at, Matrix, SPACER};
use crate::xc::search::{Hook, Search};
use crate::xc::stats::Count;

/// Largest key, in 64-bit words, worth remembering: problems with more items are counted by
/// the plain search (hashing and comparing long keys at every node costs more than repeats
/// save there, and such problems rarely repeat a subproblem).
pub(crate) const MAX_KEY_WORDS: usize = 32;

/// Where a memory keeps its subproblems: a table of its own, or one shared with the other
/// threads of a split count.
enum Store {
    Own(Table),
    Shared(SharedView),
}

/// The memory of counted subproblems of one thread: the table (its own or shared), the
/// random values its keys are hashed with, and the thread's record of what it saved.
///
/// Invariant: `zobrist` is the same for every memory of the same number of items (a fixed
/// seed), so that the threads sharing a table hash a key alike.
pub(crate) struct Memo {
    /// A random 64-bit value per item header; the hash of a set is the xor of its items'.
    pub(crate) zobrist: Vec<u64>,
    store: Store,
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
    /// A memory for a matrix with `items` items, with a table of its own, or `None` when its
    /// keys would be too long.
    pub(crate) fn for_items(items: u32) -> Option<Memo> {
        let words = (items as usize + 1).div_ceil(64);
        if words > MAX_KEY_WORDS {
            return None;
        }
        let mut state = 0x5EED_0FC0_FFEE_u64;
        let zobrist = (0..=items).map(|_| splitmix64(&mut state)).collect();
        Some(Memo {
            zobrist,
            store: Store::Own(Table::new(words, MAX_BYTES)),
            hits: 0,
            spent: [0; 2],
            scratch: Scratch::default(),
        })
    }

    /// An empty memory like this one (same items), whose table is shared: by every memory
    /// [`Memo::sharing`] makes from it, for the threads of one count.
    pub(crate) fn shared(&self) -> Memo {
        let words = self.zobrist.len().div_ceil(64);
        Memo {
            zobrist: self.zobrist.clone(),
            store: Store::Shared(Arc::new(SharedTable::new(words)).view()),
            hits: 0,
            spent: [0; 2],
            scratch: Scratch::default(),
        }
    }

    /// A memory for another thread, with the same table when this one's is shared (an own
    /// table of its own otherwise), and a record of its own.
    pub(crate) fn sharing(&self) -> Memo {
        let words = self.zobrist.len().div_ceil(64);
        Memo {
            zobrist: self.zobrist.clone(),
            store: match &self.store {
                Store::Shared(view) => Store::Shared(view.sharing()),
                Store::Own(_) => Store::Own(Table::new(words, MAX_BYTES)),
            },
            hits: 0,
            spent: [0; 2],
            scratch: Scratch::default(),
        }
    }

    /// Whether the table is shared with other threads (a split count's).
    pub(crate) fn is_shared(&self) -> bool {
        matches!(self.store, Store::Shared(_))
    }

    /// Forgets every subproblem (for a matrix whose removed options may have changed), giving
    /// back the memory of a table that grew. A shared table is left to the threads sharing
    /// it (it lives as long as their count): only this thread's record is reset.
    pub(crate) fn clear(&mut self) {
        if let Store::Own(table) = &mut self.store {
            table.clear();
        }
        self.hits = 0;
        self.spent = [0; 2];
    }

    /// The count remembered for `key` (whose hash is `hash`) and the nodes it took, if any.
    #[inline]
    pub(crate) fn get(&mut self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        match &mut self.store {
            Store::Own(table) => table.get(key, hash),
            Store::Shared(table) => table.get(key, hash),
        }
    }

    /// Remembers `count` for `key`, found after `size` nodes.
    #[inline]
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
        match &mut self.store {
            Store::Own(table) => table.insert(key, hash, count, size),
            Store::Shared(table) => table.insert(key, hash, count, size),
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

/// Where a count looks its subproblems up: a table of its own or a view of a shared one. The
/// count's loop is compiled once for each, so that a count on one thread does not pick the
/// table at every lookup (1.0 M of the 3.73 G instructions of a 9x9 count on one thread).
trait Lookup {
    fn get(&mut self, key: &[u64], hash: u64) -> Option<(u128, u64)>;
    fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64);
}

impl Lookup for Table {
    #[inline(always)]
    fn get(&mut self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        Table::get(self, key, hash)
    }

    #[inline(always)]
    fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
        Table::insert(self, key, hash, count, size);
    }
}

impl Lookup for SharedView {
    #[inline(always)]
    fn get(&mut self, key: &[u64], hash: u64) -> Option<(u128, u64)> {
        SharedView::get(self, key, hash)
    }

    #[inline(always)]
    fn insert(&mut self, key: &[u64], hash: u64, count: u128, size: u64) {
        SharedView::insert(self, key, hash, count, size);
    }
}

/// The [`Hook`] of a count that remembers subproblems in `table`.
struct Counting<'m, T: Lookup> {
    table: &'m mut T,
    zobrist: &'m [u64],
    /// Lookups that found their subproblem (added to the memory's when the count ends).
    hits: u64,
    /// The items covered now.
    key: Key,
    /// One per level of the search's stack.
    frames: Vec<Frame>,
    /// Per depth: lookups made and nodes their hits saved.
    looked: Vec<[u64; 2]>,
    limit: Option<u128>,
}

impl<T: Lookup> Hook for Counting<'_, T> {
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
        let got = self.table.get(&self.key.bits, self.key.hash);
        let d = &mut self.looked[depth];
        d[0] += 1;
        let (count, size) = got?;
        d[1] += size;
        self.hits += 1;
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
        self.key.flip(m, self.zobrist, x);
        self.frames.push(Frame {
            entered: nodes - 1,
            below: 0,
        });
    }

    #[inline(always)]
    fn toggled(&mut self, m: &Matrix, x: u32) {
        self.key.flip(m, self.zobrist, x);
    }

    /// Always inlined: the shared table's insertion beside the own table's made the compiler
    /// call it instead (0.9 % more instructions for a 9x9 count on one thread).
    #[inline(always)]
    fn left(&mut self, depth: usize, nodes: u64) {
        let frame = self.frames.pop().expect("a level to leave");
        let size = nodes - frame.entered;
        if worth_keeping(depth, &self.looked, size) {
            self.table
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
    pub(crate) fn count(&mut self, search: Search<'_>, limit: Option<u128>) -> Count {
        let Scratch {
            mut bits,
            mut frames,
            mut looked,
        } = std::mem::take(&mut self.scratch);
        let m = search.matrix();
        bits.clear();
        bits.resize(self.zobrist.len().div_ceil(64), 0);
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
        let scratch = Scratch {
            bits: key.bits,
            frames,
            looked,
        };
        let (counted, scratch, hits) = match &mut self.store {
            Store::Own(table) => count_in(table, &self.zobrist, scratch, key.hash, search, limit),
            Store::Shared(view) => count_in(view, &self.zobrist, scratch, key.hash, search, limit),
        };
        self.hits += hits;
        self.scratch = scratch;
        counted
    }
}

/// The count of [`Memo::count`] with the subproblems in `table`, from the key `scratch.bits`
/// (of hash `hash`): the count, the vectors back, and the lookups that found their subproblem.
fn count_in<T: Lookup>(
    table: &mut T,
    zobrist: &[u64],
    scratch: Scratch,
    hash: u64,
    mut search: Search<'_>,
    limit: Option<u128>,
) -> (Count, Scratch, u64) {
    let mut hook = Counting {
        table,
        zobrist,
        hits: 0,
        key: Key {
            bits: scratch.bits,
            hash,
        },
        frames: scratch.frames,
        looked: scratch.looked,
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
        hits,
        ..
    } = hook;
    let scratch = Scratch {
        bits: key.bits,
        frames,
        looked,
    };
    let counted = Count {
        count,
        complete,
        stats,
    };
    (counted, scratch, hits)
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
