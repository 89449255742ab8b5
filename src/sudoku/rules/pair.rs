//! Rules between the digits of two cells (*pairs*): a knight's move apart the digits differ,
//! orthogonal neighbours are not consecutive, and so on. A [`Relation`] says which pairs of
//! digits two cells may hold; the rules keep one list of [`Pair`]s, which the encoding, the
//! check of the givens and the human-style logic all read.

use std::collections::HashMap;

/// Which digits two cells `a` and `b` may hold together, and how a person says the rule.
///
/// Invariants: `allowed[d - 1]` is the mask of digits `b` may hold when `a` holds `d` (bit
/// `e - 1` for digit `e`), for every digit `d` of the puzzle; `blocks` covers exactly the
/// forbidden pairs of digits (every pair `(d, e)` with `d` in `a_digits` and `e` in `b_digits`
/// is forbidden, and every forbidden pair lies in some block).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Relation {
    what: String,
    allowed: Vec<u64>,
    blocks: Vec<(u64, u64)>,
}

/// Bit of digit `d` (1-based) in a mask.
fn bit(d: usize) -> u64 {
    1 << (d - 1)
}

impl Relation {
    /// The relation of `size` digits that allows `(d, e)` when `allowed(d, e)`, named `what`
    /// in messages (`a knight's move apart`).
    ///
    /// The encoding gives it one secondary item per digit of `a` that forbids something (the
    /// block of that digit and the digits of `b` it forbids); [`Relation::with_blocks`]
    /// chooses the blocks instead.
    pub fn new(what: impl Into<String>, size: usize, allowed: impl Fn(u8, u8) -> bool) -> Relation {
        let mut masks = vec![0u64; size];
        for d in 1..=size {
            for e in 1..=size {
                if allowed(d as u8, e as u8) {
                    masks[d - 1] |= bit(e);
                }
            }
        }
        let full = if size == 64 {
            u64::MAX
        } else {
            (1 << size) - 1
        };
        let blocks = (1..=size)
            .filter(|&d| masks[d - 1] != full)
            .map(|d| (bit(d), full & !masks[d - 1]))
            .collect();
        Relation {
            what: what.into(),
            allowed: masks,
            blocks,
        }
    }

    /// The same relation, encoded with the given blocks: each `(a_digits, b_digits)` becomes
    /// one secondary item in the options "a holds d" for `d` in `a_digits` and "b holds e" for
    /// `e` in `b_digits`.
    ///
    /// # Panics
    ///
    /// If the blocks do not cover exactly the forbidden pairs.
    pub fn with_blocks(mut self, blocks: Vec<(u64, u64)>) -> Relation {
        let n = self.allowed.len();
        let mut covered = vec![0u64; n];
        for &(ds, es) in &blocks {
            for d in 1..=n {
                if ds & bit(d) != 0 {
                    assert_eq!(
                        es & self.allowed[d - 1],
                        0,
                        "a block forbids an allowed pair"
                    );
                    covered[d - 1] |= es;
                }
            }
        }
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        for d in 1..=n {
            assert_eq!(
                covered[d - 1],
                full & !self.allowed[d - 1],
                "the blocks miss a forbidden pair"
            );
        }
        self.blocks = blocks;
        self
    }

    /// How a person says the rule: `a knight's move apart`, `neighbours`.
    pub fn what(&self) -> &str {
        &self.what
    }

    /// The digits `b` may hold when `a` holds `d` (1-based), as a mask.
    pub fn allowed(&self, d: u8) -> u64 {
        self.allowed[d as usize - 1]
    }

    /// The digits `a` may hold when `b` holds `e`, as a mask.
    pub(crate) fn allowed_back(&self, e: u8) -> u64 {
        self.allowed
            .iter()
            .enumerate()
            .filter(|(_, &m)| m & bit(e as usize) != 0)
            .fold(0, |mask, (d, _)| mask | bit(d + 1))
    }

    /// Whether `a` holding `d` and `b` holding `e` is allowed.
    pub fn allows(&self, d: u8, e: u8) -> bool {
        self.allowed(d) & bit(e as usize) != 0
    }

    /// Whether the rule only says the two digits differ.
    pub(crate) fn is_difference(&self) -> bool {
        let n = self.allowed.len();
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        (1..=n).all(|d| self.allowed[d - 1] == full & !bit(d))
    }

    /// The blocks of forbidden pairs the encoding makes items of.
    pub fn blocks(&self) -> &[(u64, u64)] {
        &self.blocks
    }
}

/// Index of a [`Relation`] in [`PairList::relations`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelationId(pub u32);

/// A rule between two positions: `a` and `b` hold digits the relation allows, `a`'s first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The first position (row-major).
    pub a: usize,
    /// The second position.
    pub b: usize,
    /// The rule.
    pub relation: RelationId,
}

/// The pairs of a rule set, and their relations, each kept once.
///
/// Invariants: every pair's relation is in `relations`; no pair is listed twice; no relation
/// is listed twice.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairList {
    pairs: Vec<Pair>,
    relations: Vec<Relation>,
    index: HashMap<Relation, RelationId>,
    seen: std::collections::HashSet<Pair>,
}

impl PairList {
    /// The id of a relation, added if new.
    pub fn relation(&mut self, relation: Relation) -> RelationId {
        if let Some(&id) = self.index.get(&relation) {
            return id;
        }
        let id = RelationId(self.relations.len() as u32);
        self.relations.push(relation.clone());
        self.index.insert(relation, id);
        id
    }

    /// Adds a pair, unless it is already there.
    pub fn push(&mut self, a: usize, b: usize, relation: RelationId) {
        let pair = Pair { a, b, relation };
        if self.seen.insert(pair) {
            self.pairs.push(pair);
        }
    }

    /// Keeps only the pairs for which `keep` says so.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Pair, &Relation) -> bool) {
        let relations = &self.relations;
        self.pairs
            .retain(|pair| keep(pair, &relations[pair.relation.0 as usize]));
        self.seen = self.pairs.iter().copied().collect();
    }

    /// The pairs, in the order they were added.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// A pair's relation.
    pub(crate) fn relation_of(&self, pair: &Pair) -> &Relation {
        &self.relations[pair.relation.0 as usize]
    }

    /// Every relation.
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }
}
