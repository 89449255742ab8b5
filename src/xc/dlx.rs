//! Knuth's dancing-links matrix: one flat node array, item headers with left/right links.
//!
//! This is the data structure of Algorithm X as Knuth lays it out in TAOCP 7.2.2.1: every
//! item and every occurrence of an item in an option is a node in one array, linked into
//! circular up/down lists per item; options are consecutive runs of nodes separated by spacer
//! nodes. Covering an item unlinks every option that contains it; uncovering relinks them in
//! exactly the reverse order, which is what makes backtracking cheap. The search itself lives
//! in [`crate::xc::search`]; this module owns the links and the operations on them.

use std::fmt;
use std::sync::Arc;

use super::memo::Memo;
use super::problem::{ItemKind, OptionId, Problem, ProblemError};

/// Index of the head of the list of active primary items in [`Dlx::links`].
pub(crate) const ROOT: u32 = 0;

/// `top` value of a spacer node.
pub(crate) const SPACER: u32 = 0;

/// Flag in the length of a covered item (its entry in [`Dlx::len`]). The length of a covered
/// item does not change until it is uncovered (every option still in its list has left
/// every other list), and the flag makes it larger than any length, so that the choice of
/// item can scan the headers in order without following the list of active items.
pub(crate) const COVERED: u32 = 1 << 31;

/// Color of a node whose item carries no color.
pub(crate) const NO_COLOR: u32 = 0;

/// Color of a node whose item has been purified to the node's own color: it stays linked and
/// is left alone until the purification is undone.
pub(crate) const PURIFIED: u32 = u32::MAX;

/// One node of the matrix.
///
/// What the fields mean depends on which kind of node this is:
/// - node 0 is unused (its index is [`ROOT`] in the item links);
/// - nodes `1..=items` are item headers: `up`/`down` are the ends of the item's circular list
///   of option nodes; `top` is 0 (the item's length is kept apart, in [`Dlx::len`]);
/// - an option node has `top` = its item's header (never 0) and `up`/`down` = its neighbours
///   in that item's list;
/// - a spacer node (between options, and after the last) has `top` = [`SPACER`], `up` = the
///   first node of the option before it and `down` = the last node of the option after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: u32,
}

/// The node at index `x`, without a bounds check in release builds.
///
/// Every index stored in a node's `up`, `down` and `top` (and in [`Link`]) is below
/// `nodes.len()`: [`Dlx::new`] only writes indices of nodes it creates, and every later
/// operation only copies such stored indices from one field to another. Callers pass only
/// such stored indices (or header indices `<= items`), which is what makes the unchecked
/// access sound; debug builds (and so the tests) check the bound anyway.
#[inline(always)]
pub(crate) fn at(nodes: &[Node], x: u32) -> &Node {
    debug_assert!((x as usize) < nodes.len(), "node {x} out of bounds");
    // SAFETY: `x` is a stored node index, below `nodes.len()` (see above).
    unsafe { nodes.get_unchecked(x as usize) }
}

/// Mutable [`at`].
#[inline(always)]
pub(crate) fn at_mut(nodes: &mut [Node], x: u32) -> &mut Node {
    debug_assert!((x as usize) < nodes.len(), "node {x} out of bounds");
    // SAFETY: as for `at`.
    unsafe { nodes.get_unchecked_mut(x as usize) }
}

/// The link of item header `i`, without a bounds check in release builds; `i` is a header
/// index or [`ROOT`], below `links.len()` by the same argument as for [`at`].
#[inline(always)]
pub(crate) fn link(links: &[Link], i: u32) -> &Link {
    debug_assert!((i as usize) < links.len(), "item {i} out of bounds");
    // SAFETY: `i` is a stored item index, below `links.len()`.
    unsafe { links.get_unchecked(i as usize) }
}

/// Mutable [`link`].
#[inline(always)]
pub(crate) fn link_mut(links: &mut [Link], i: u32) -> &mut Link {
    debug_assert!((i as usize) < links.len(), "item {i} out of bounds");
    // SAFETY: as for `link`.
    unsafe { links.get_unchecked_mut(i as usize) }
}

/// Links `items`, in order, into the circular list headed by `head`.
fn link_items(links: &mut [Link], head: u32, items: impl Iterator<Item = u32>) {
    let mut prev = head;
    for x in items {
        links[prev as usize].right = x;
        links[x as usize].left = prev;
        prev = x;
    }
    links[prev as usize].right = head;
    links[head as usize].left = prev;
}

/// The length of item header `i`, without a bounds check in release builds; `i` is a header
/// index, below `len.len()` by the same argument as for [`at`].
#[inline(always)]
pub(crate) fn length(len: &[u32], i: u32) -> u32 {
    debug_assert!((i as usize) < len.len(), "item {i} out of bounds");
    // SAFETY: `i` is a stored item index, below `len.len()`.
    unsafe { *len.get_unchecked(i as usize) }
}

/// Mutable [`length`].
#[inline(always)]
pub(crate) fn length_mut(len: &mut [u32], i: u32) -> &mut u32 {
    debug_assert!((i as usize) < len.len(), "item {i} out of bounds");
    // SAFETY: as for `length`.
    unsafe { len.get_unchecked_mut(i as usize) }
}

/// Makes node `x` an option node of item `h`, appended at the bottom of `h`'s list.
fn append_node(nodes: &mut [Node], len: &mut [u32], h: u32, x: u32) {
    let last = nodes[h as usize].up;
    nodes[x as usize] = Node {
        up: last,
        down: h,
        top: h,
    };
    nodes[last as usize].down = x;
    nodes[h as usize].up = x;
    len[h as usize] += 1;
}

/// Left/right links of an item header in its list of active items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Link {
    pub(crate) left: u32,
    pub(crate) right: u32,
}

/// The dancing-links matrix of a [`Problem`], ready to search.
///
/// Build it once per problem (or per rule set) and reuse it: [`Dlx::commit`] fixes options
/// before a search (the givens of a puzzle), [`Dlx::reset`] takes them back, and every search
/// leaves the matrix as it found it.
///
/// Invariants, for every state reachable from the public API:
/// - `links[0]` heads a circular list of the *active* (uncovered) primary items and
///   `links[items + 1]` one of the active secondary items; for every active item `x`,
///   `links[links[x].right].left == x` and `links[links[x].left].right == x`;
/// - for every active item `i`, `len[i]` equals the number of nodes reachable from `i` by
///   following `down` before returning to `i`, and every one of them has `top == i`;
/// - a covered item's `len[i]` carries the `COVERED` flag (its length, which does not change
///   while it is covered, stays in the other bits);
/// - for linked nodes `x`, `nodes[nodes[x].down].up == x` and `nodes[nodes[x].up].down == x`;
/// - `uncover` undoes `cover` exactly when calls are made in reverse order, so the matrix after
///   a search (or after [`Dlx::reset`]) is bit-for-bit the matrix before it.
///
/// [`Dlx::check_links`] verifies the first three; tests call it after cover/uncover.
#[derive(Clone)]
pub struct Dlx {
    pub(crate) nodes: Vec<Node>,
    pub(crate) links: Vec<Link>,
    /// The length of every item, by header index (`len[0]` unused): apart from the nodes, so
    /// that the choice of item reads the lengths of consecutive items from consecutive words.
    pub(crate) len: Vec<u32>,
    /// Whether the processor has AVX2, for the choice of item's scan over `len` (read on
    /// x86-64 only).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) avx2: bool,
    /// Number of primary items: their headers are `1..=primary`.
    pub(crate) primary: u32,
    /// Number of items: secondary headers are `primary + 1..=items`.
    pub(crate) items: u32,
    /// Option id of every option node; `u32::MAX` for headers and spacers. Read only when a
    /// solution is reported, so it stays out of the hot part of the cache.
    pub(crate) node_option: Vec<u32>,
    /// First node of every option.
    pub(crate) option_first: Vec<u32>,
    /// Color of every node ([`NO_COLOR`] for none, [`PURIFIED`] while purified); empty when
    /// the problem has no colors at all, so that plain exact cover never looks at it.
    pub(crate) colors: Vec<u32>,
    /// First nodes of the options fixed by [`Dlx::commit`], in order.
    pub(crate) committed: Vec<u32>,
    /// Options taken out by [`Dlx::remove`], in order, each as (number of committed options
    /// when it was removed, first node). Its nodes are unlinked from every item list until
    /// the removal is undone; removals and commits are undone in exactly the reverse order
    /// they were made.
    pub(crate) removed: Vec<(usize, u32)>,
    /// The last item whose list [`Dlx::hide`] emptied (or [`ROOT`]): a hint for the choice of
    /// item, which checks that it is still active and empty before trusting it.
    pub(crate) emptied: u32,
    /// Reused by searches so that a search allocates nothing.
    pub(crate) scratch_stack: Vec<u32>,
    pub(crate) scratch_branch: Vec<[u32; 2]>,
    pub(crate) scratch_solution: Vec<OptionId>,
    /// The memory of the last count, kept so that the next one allocates nothing.
    pub(crate) scratch_memo: ScratchMemo,
    /// The links as built (shared by clones), for [`Dlx::reset`] to copy back when that is
    /// cheaper than undoing the commits one by one; `None` for matrices too large to keep
    /// twice.
    pristine: Option<Arc<Pristine>>,
    /// Link updates made by [`Dlx::commit`] and [`Dlx::remove`] since the matrix was last as
    /// built: what undoing them one by one would cost.
    commit_updates: u64,
    /// How many of the first committed options [`Dlx::commit_all`] committed in one pass.
    /// Their nodes outside the lists are not as [`Dlx::commit`] would leave them, so only a
    /// copy of the pristine links takes them back.
    bulk: usize,
    /// Per item header, whether [`Dlx::commit_all`] covers it; kept to allocate nothing.
    scratch_covered: Vec<bool>,
}

/// The parts of a [`Dlx`] that searches and commits change, as they were built.
#[derive(Debug)]
struct Pristine {
    nodes: Box<[Node]>,
    links: Box<[Link]>,
    len: Box<[u32]>,
    colors: Box<[u32]>,
}

/// Whether the processor has AVX2 (never, off x86-64).
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Matrices with more nodes than this keep no pristine copy (12 MiB of nodes).
const PRISTINE_MAX_NODES: usize = 1 << 20;

/// Copying a node back costs about this many times less than undoing one link update, so
/// [`Dlx::reset`] copies when the updates to undo exceed the nodes divided by it. Measured
/// on 9x9 sudoku, where undoing the givens of a 17-clue puzzle one by one took 14% of the
/// time and copying 4,000 nodes takes a few hundred instructions.
const COPY_ADVANTAGE: u64 = 16;

/// A [`Memo`] kept between counts: scratch space, so a clone of the matrix starts without one.
#[derive(Default)]
pub(crate) struct ScratchMemo(pub(crate) Option<Box<Memo>>);

impl Clone for ScratchMemo {
    fn clone(&self) -> Self {
        ScratchMemo(None)
    }
}

/// Two matrices are equal when their links, lengths and committed options are; scratch space
/// does not count.
impl PartialEq for Dlx {
    fn eq(&self, other: &Self) -> bool {
        self.nodes == other.nodes
            && self.links == other.links
            && self.len == other.len
            && self.primary == other.primary
            && self.items == other.items
            && self.node_option == other.node_option
            && self.colors == other.colors
            && self.committed == other.committed
            && self.removed == other.removed
    }
}

impl Eq for Dlx {}

impl fmt::Debug for Dlx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dlx")
            .field("items", &self.items)
            .field("primary", &self.primary)
            .field("options", &self.option_first.len())
            .field("nodes", &self.nodes.len())
            .field("committed", &self.committed.len())
            .finish()
    }
}

/// Why [`Dlx::commit`] refused an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommitError {
    /// The option shares an item with an option committed earlier.
    #[error("{option} conflicts with an option committed earlier")]
    Conflict {
        /// The refused option.
        option: OptionId,
    },
    /// No such option.
    #[error("{option} does not exist")]
    UnknownOption {
        /// The refused option.
        option: OptionId,
    },
}

impl Dlx {
    /// Builds the matrix of a problem.
    ///
    /// # Panics
    ///
    /// If the problem needs more than `u32::MAX` nodes; use [`Dlx::try_new`] to get an error
    /// instead.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the problem (items plus item occurrences).
    pub fn new(problem: &Problem) -> Self {
        match Self::try_new(problem) {
            Ok(dlx) => dlx,
            Err(error) => panic!("{error}"),
        }
    }

    /// Builds the matrix of a problem.
    ///
    /// # Errors
    ///
    /// [`ProblemError::TooLarge`] if the nodes would not fit 32-bit indices.
    pub fn try_new(problem: &Problem) -> Result<Self, ProblemError> {
        Self::build(problem, (0..problem.option_count() as u32).map(OptionId))
    }

    /// Builds the matrix with the options linked in the order given, for a search that tries
    /// them in that order: options keep their [`OptionId`]s, so solutions name the same
    /// options as with [`Dlx::new`], but among the options of an item the search tries the
    /// earlier ones in `order` first. A shuffled order gives a randomised search (a random
    /// solution first), with no cost to the search itself.
    ///
    /// # Errors
    ///
    /// As [`Dlx::try_new`].
    ///
    /// # Panics
    ///
    /// If `order` is not a permutation of the problem's options.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{Dlx, OptionId, ProblemBuilder};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let x = b.primary();
    /// b.option([x]).unwrap();
    /// b.option([x]).unwrap();
    /// let problem = b.build();
    /// let mut dlx = Dlx::with_option_order(&problem, &[OptionId(1), OptionId(0)]).unwrap();
    /// assert_eq!(dlx.first().0, Some(vec![OptionId(1)]));
    /// ```
    pub fn with_option_order(problem: &Problem, order: &[OptionId]) -> Result<Self, ProblemError> {
        let mut seen = vec![false; problem.option_count()];
        for &option in order {
            let slot = seen
                .get_mut(option.index())
                .unwrap_or_else(|| panic!("{option} is not an option of the problem"));
            assert!(!*slot, "{option} appears twice in the order");
            *slot = true;
        }
        assert_eq!(
            order.len(),
            problem.option_count(),
            "the order must list every option once"
        );
        Self::build(problem, order.iter().copied())
    }

    /// Builds the matrix, laying out the options in the order of `order` (every option once).
    fn build(
        problem: &Problem,
        order: impl Iterator<Item = OptionId>,
    ) -> Result<Self, ProblemError> {
        let items = problem.item_count();
        let options = problem.option_count();
        let total = 1 + items as u64 + problem.size() as u64 + options as u64 + 1;
        let max = u64::from(u32::MAX - 1);
        if total > max {
            return Err(ProblemError::TooLarge { nodes: total, max });
        }

        // Primary items get the first headers, in order; secondary items follow.
        let mut header_of = vec![0u32; items];
        let mut next = 1u32;
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for (k, h) in header_of.iter_mut().enumerate() {
                if problem.kind(super::ItemId(k as u32)) == kind {
                    *h = next;
                    next += 1;
                }
            }
        }
        let primary = problem.primary_count() as u32;
        let items = items as u32;

        let mut links = vec![Link::default(); items as usize + 2];
        link_items(&mut links, ROOT, 1..=primary);
        link_items(&mut links, items + 1, primary + 1..=items);

        let mut len = vec![0u32; items as usize + 1];
        let mut nodes = Vec::with_capacity(total as usize);
        nodes.push(Node::default());
        for h in 1..=items {
            nodes.push(Node {
                up: h,
                down: h,
                top: 0,
            });
        }
        let mut node_option = vec![u32::MAX; nodes.len()];
        let mut colors = Vec::new();
        if problem.has_colors() {
            colors.resize(nodes.len(), NO_COLOR);
        }
        let mut option_first = vec![0; options];
        // The spacer before the first option.
        let mut spacer = nodes.len() as u32;
        nodes.push(Node {
            up: 0,
            down: 0,
            top: SPACER,
        });
        node_option.push(u32::MAX);
        if problem.has_colors() {
            colors.push(NO_COLOR);
        }
        for id in order {
            let k = id.index();
            let option = problem.option(id);
            let first = nodes.len() as u32;
            option_first[k] = first;
            for &item in option {
                let x = nodes.len() as u32;
                nodes.push(Node::default());
                append_node(&mut nodes, &mut len, header_of[item.index()], x);
                node_option.push(k as u32);
            }
            if problem.has_colors() {
                let option_colors = problem.option_colors(id);
                colors.extend(option_colors.map(|c| c.map_or(NO_COLOR, |c| c.get())));
            }
            let end = nodes.len() as u32;
            nodes[spacer as usize].down = end - 1;
            spacer = end;
            nodes.push(Node {
                up: first,
                down: 0,
                top: SPACER,
            });
            node_option.push(u32::MAX);
            if problem.has_colors() {
                colors.push(NO_COLOR);
            }
        }

        let pristine = (nodes.len() <= PRISTINE_MAX_NODES).then(|| {
            Arc::new(Pristine {
                nodes: nodes.clone().into_boxed_slice(),
                links: links.clone().into_boxed_slice(),
                len: len.clone().into_boxed_slice(),
                colors: colors.clone().into_boxed_slice(),
            })
        });
        Ok(Dlx {
            nodes,
            links,
            len,
            avx2: has_avx2(),
            primary,
            items,
            node_option,
            option_first,
            colors,
            committed: Vec::new(),
            removed: Vec::new(),
            emptied: ROOT,
            scratch_stack: Vec::with_capacity(primary as usize + 1),
            scratch_branch: Vec::with_capacity(primary as usize + 1),
            scratch_solution: Vec::with_capacity(primary as usize + 1),
            scratch_memo: ScratchMemo::default(),
            pristine,
            commit_updates: 0,
            bulk: 0,
            scratch_covered: Vec::new(),
        })
    }

    /// Number of items.
    pub fn item_count(&self) -> usize {
        self.items as usize
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.option_first.len()
    }

    /// Options fixed by [`Dlx::commit`] so far, in order.
    pub fn committed(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.committed
            .iter()
            .map(|&x| OptionId(self.node_option[x as usize]))
    }

    /// Fixes an option before searching: its items are covered (or, for colored ones,
    /// purified) and every option that conflicts with it disappears, as if a search had chosen
    /// it. Later searches only find solutions that contain it, and report it first.
    ///
    /// # Errors
    ///
    /// [`CommitError::Conflict`] if the option conflicts with one committed earlier (no
    /// solution can contain both); the matrix is then unchanged.
    pub fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        let Some(&first) = self.option_first.get(option.index()) else {
            return Err(CommitError::UnknownOption { option });
        };
        if !self.is_available(first) {
            return Err(CommitError::Conflict { option });
        }
        let mut updates = 0;
        let mut x = first;
        while self.nodes[x as usize].top != SPACER {
            if self.colored() {
                self.commit_node::<true>(x, &mut updates);
            } else {
                self.commit_node::<false>(x, &mut updates);
            }
            x += 1;
        }
        self.commit_updates += updates;
        self.committed.push(first);
        Ok(())
    }

    /// Commits options in order, as [`Dlx::commit`] one by one would, stopping at the first
    /// that fails.
    ///
    /// From the matrix as built (nothing committed or removed) and without colors, it does so
    /// in one pass over the matrix that links up only the options that survive, instead of
    /// hiding the others one by one: faster when many options are committed (a puzzle's
    /// givens). The next [`Dlx::reset`] then copies the links as built back.
    ///
    /// # Errors
    ///
    /// As [`Dlx::commit`], for the first option that fails; the options before it stay
    /// committed.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{Dlx, OptionId, ProblemBuilder};
    ///
    /// // Items a b c; options {a}, {b}, {c}, {a b}.
    /// let mut b = ProblemBuilder::new();
    /// let (x, y, z) = (b.primary(), b.primary(), b.primary());
    /// for option in [vec![x], vec![y], vec![z], vec![x, y]] {
    ///     b.option(option).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// dlx.commit_all(&[OptionId(2)]).unwrap();
    /// assert_eq!(dlx.count(None).count, 2);
    /// ```
    pub fn commit_all(&mut self, options: &[OptionId]) -> Result<(), CommitError> {
        let one_pass = self.one_pass_pays(options.len());
        self.commit_all_with(options, one_pass)
    }

    /// [`Dlx::commit_all`], in one pass if `one_pass` and the matrix allows it.
    pub(crate) fn commit_all_with(
        &mut self,
        options: &[OptionId],
        one_pass: bool,
    ) -> Result<(), CommitError> {
        if !one_pass
            || !self.committed.is_empty()
            || !self.removed.is_empty()
            || self.colored()
            || self.pristine.is_none()
            || !self.mark_covered(options)
        {
            for &option in options {
                self.commit(option)?;
            }
            return Ok(());
        }
        let pristine = Arc::clone(self.pristine.as_ref().expect("checked above"));
        let covered = std::mem::take(&mut self.scratch_covered);
        // The lists of active items, in item order. A covered item is left out and seen so by
        // `is_active`: its links point at the head, whose right neighbour is never the item.
        for i in (1..=self.items).filter(|&i| covered[i as usize]) {
            let head = if i <= self.primary {
                ROOT
            } else {
                self.items + 1
            };
            self.links[i as usize] = Link {
                left: head,
                right: head,
            };
        }
        let active = |range: std::ops::RangeInclusive<u32>| range.filter(|&i| !covered[i as usize]);
        link_items(&mut self.links, ROOT, active(1..=self.primary));
        link_items(
            &mut self.links,
            self.items + 1,
            active(self.primary + 1..=self.items),
        );
        // Every active item's list, empty; then the surviving options appended in order.
        for i in 1..=self.items {
            if covered[i as usize] {
                self.len[i as usize] |= COVERED;
            } else {
                self.nodes[i as usize] = Node {
                    up: i,
                    down: i,
                    top: 0,
                };
                self.len[i as usize] = 0;
            }
        }
        let built = &pristine.nodes[..];
        let mut first = self.items + 2;
        while (first as usize) < built.len() {
            // Option nodes `first..end`, then a spacer.
            let mut end = first;
            let mut alive = true;
            while built[end as usize].top != SPACER {
                alive &= !covered[built[end as usize].top as usize];
                end += 1;
            }
            if alive {
                for x in first..end {
                    append_node(&mut self.nodes, &mut self.len, built[x as usize].top, x);
                }
            }
            first = end + 1;
        }
        self.scratch_covered = covered;
        self.committed
            .extend(options.iter().map(|o| self.option_first[o.index()]));
        self.bulk = self.committed.len();
        self.emptied = ROOT;
        Ok(())
    }

    /// Whether linking up the surviving options in one pass is likely to cost less than
    /// hiding the others one by one, for `k` options.
    ///
    /// The one pass reads the whole matrix in order; hiding jumps around in it, which costs
    /// when the matrix does not fit the first-level cache. So: a matrix larger than 64 KiB,
    /// and the nodes hidden one by one (`k` options of average width `w` cover `k * w` items
    /// of `option_nodes / items` options each on average, `w` nodes each) at least 3/2 of
    /// all option nodes. Measured on sudoku: for 9x9 puzzles (48 KiB) one by one is always
    /// faster, by up to 28k instructions a puzzle; for the 330 givens of 25x25 puzzles
    /// (1 MiB) the one pass makes the whole solve 20% faster.
    fn one_pass_pays(&self, k: usize) -> bool {
        if self.nodes.len() * std::mem::size_of::<Node>() <= 64 << 10 {
            return false;
        }
        let items = u64::from(self.items).max(1);
        let options = self.option_first.len() as u64;
        let option_nodes = self.nodes.len() as u64 - items - 2 - options;
        let width = option_nodes as f64 / options.max(1) as f64;
        let hidden = k as f64 * width * (option_nodes as f64 / items as f64) * width;
        2.0 * hidden >= 3.0 * option_nodes as f64
    }

    /// Marks in `scratch_covered` the items the options cover; `false` if an option does not
    /// exist or two share an item (then [`Dlx::commit`] says which).
    fn mark_covered(&mut self, options: &[OptionId]) -> bool {
        let covered = &mut self.scratch_covered;
        covered.clear();
        covered.resize(self.items as usize + 1, false);
        for option in options {
            let Some(&first) = self.option_first.get(option.index()) else {
                return false;
            };
            let mut x = first;
            while self.nodes[x as usize].top != SPACER {
                let item = &mut covered[self.nodes[x as usize].top as usize];
                if *item {
                    return false;
                }
                *item = true;
                x += 1;
            }
        }
        true
    }

    /// Whether the option starting at node `first` is still available: the items it covers
    /// are active and none of its nodes was hidden. Every option has a primary item, whose
    /// node is unlinked whenever the option is hidden by any other item than that primary item.
    fn is_available(&self, first: u32) -> bool {
        let mut x = first;
        while self.nodes[x as usize].top != SPACER {
            let Node { up, top, .. } = self.nodes[x as usize];
            let colored = self.colored() && self.colors[x as usize] != NO_COLOR;
            if (!colored && !self.is_active(top)) || self.nodes[up as usize].down != x {
                return false;
            }
            x += 1;
        }
        true
    }

    /// Takes an option out before searching: later searches find only solutions without it.
    /// Unlike [`Dlx::commit`] it covers nothing; it only shortens the lists of its items, so
    /// that the fewest-options rule sees it gone. Undone by [`Dlx::reset`], in reverse order
    /// with the commits.
    ///
    /// Returns `false`, changing nothing, when the option is already unavailable (it
    /// conflicts with a committed option, or was removed before).
    ///
    /// # Errors
    ///
    /// [`CommitError::UnknownOption`] if there is no such option.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{Dlx, OptionId, ProblemBuilder};
    ///
    /// // One item, three options: three solutions, two once one option is removed.
    /// let mut b = ProblemBuilder::new();
    /// let item = b.primary();
    /// for _ in 0..3 {
    ///     b.option([item]).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// assert_eq!(dlx.remove(OptionId(1)), Ok(true));
    /// assert_eq!(dlx.remove(OptionId(1)), Ok(false));
    /// assert_eq!(dlx.count(None).count, 2);
    /// dlx.reset();
    /// assert_eq!(dlx.count(None).count, 3);
    /// ```
    pub fn remove(&mut self, option: OptionId) -> Result<bool, CommitError> {
        let Some(&first) = self.option_first.get(option.index()) else {
            return Err(CommitError::UnknownOption { option });
        };
        if !self.is_available(first) {
            return Ok(false);
        }
        let mut x = first;
        while self.nodes[x as usize].top != SPACER {
            let Node { up, down, top } = self.nodes[x as usize];
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            self.len[top as usize] -= 1;
            self.commit_updates += 1;
            x += 1;
        }
        self.removed.push((self.committed.len(), first));
        Ok(true)
    }

    /// Exact inverse of the last [`Dlx::remove`].
    fn unremove_last(&mut self) {
        let (_, first) = self.removed.pop().expect("an option was removed");
        let mut x = first;
        while self.nodes[x as usize].top != SPACER {
            x += 1;
        }
        while x > first {
            x -= 1;
            let Node { up, down, top } = self.nodes[x as usize];
            self.nodes[up as usize].down = x;
            self.nodes[down as usize].up = x;
            self.len[top as usize] += 1;
        }
    }

    /// Takes back every committed and removed option, newest first, restoring the matrix as
    /// built.
    ///
    /// # Complexity
    ///
    /// Linear in the link updates the commits and removals made, or in the size of the matrix
    /// (a plain copy) when that is less.
    pub fn reset(&mut self) {
        if let Some(pristine) = &self.pristine {
            if self.bulk > 0 || self.commit_updates * COPY_ADVANTAGE >= self.nodes.len() as u64 {
                self.nodes.copy_from_slice(&pristine.nodes);
                self.links.copy_from_slice(&pristine.links);
                self.len.copy_from_slice(&pristine.len);
                self.colors.copy_from_slice(&pristine.colors);
                self.committed.clear();
                self.removed.clear();
                self.emptied = ROOT;
                self.commit_updates = 0;
                self.bulk = 0;
                return;
            }
        }
        self.uncommit_to(0);
        while !self.removed.is_empty() {
            self.unremove_last();
        }
        self.commit_updates = 0;
    }

    /// Takes back committed options, newest first, until `len` remain; options removed after
    /// the last of those are put back too, in reverse order with the commits.
    pub fn uncommit_to(&mut self, len: usize) {
        if len < self.bulk {
            // Options committed in one pass are taken back by a copy; commit the first `len`
            // of them again.
            let again: Vec<u32> = self.committed[..len].to_vec();
            self.reset();
            for first in again {
                let option = OptionId(self.node_option[first as usize]);
                self.commit(option).expect("committed before");
            }
            return;
        }
        while self.committed.len() > len {
            while self
                .removed
                .last()
                .is_some_and(|&(at, _)| at >= self.committed.len())
            {
                self.unremove_last();
            }
            let first = self.committed.pop().expect("more than len committed");
            let mut x = first;
            while self.nodes[x as usize].top != SPACER {
                x += 1;
            }
            while x > first {
                x -= 1;
                if self.colored() {
                    self.uncommit_node::<true>(x);
                } else {
                    self.uncommit_node::<false>(x);
                }
            }
        }
    }

    /// Whether item header `i` is in its list of active items.
    #[inline]
    pub(crate) fn is_active(&self, i: u32) -> bool {
        self.links[self.links[i as usize].left as usize].right == i
    }

    /// Whether the matrix has colors; searches without colors skip every color test.
    #[inline]
    pub(crate) fn colored(&self) -> bool {
        !self.colors.is_empty()
    }

    /// Removes item `i` from the active list and hides every option that contains it.
    #[inline]
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: u32, updates: &mut u64) {
        let mut p = at(&self.nodes, i).down;
        while p != i {
            self.hide::<COLORS>(p, updates);
            p = at(&self.nodes, p).down;
        }
        let Link { left, right } = *link(&self.links, i);
        link_mut(&mut self.links, left).right = right;
        link_mut(&mut self.links, right).left = left;
        *length_mut(&mut self.len, i) |= COVERED;
        *updates += 1;
    }

    /// Exact inverse of [`Dlx::cover`].
    #[inline]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: u32) {
        *length_mut(&mut self.len, i) &= !COVERED;
        let Link { left, right } = *link(&self.links, i);
        link_mut(&mut self.links, left).right = i;
        link_mut(&mut self.links, right).left = i;
        let mut p = at(&self.nodes, i).up;
        while p != i {
            self.unhide::<COLORS>(p);
            p = at(&self.nodes, p).up;
        }
    }

    /// Unlinks the nodes of the option containing node `p`, except `p` itself, from their
    /// items' lists. Nodes of purified items stay (Knuth's `hide'`): their lists are not
    /// looked at again until they are unpurified, which relies on finding them there.
    #[inline]
    fn hide<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        let nodes = &mut self.nodes[..];
        let mut q = p + 1;
        while q != p {
            let Node { up, down, top } = *at(nodes, q);
            if top == SPACER {
                q = up;
            } else if COLORS && self.colors[q as usize] == PURIFIED {
                q += 1;
            } else {
                at_mut(nodes, up).down = down;
                at_mut(nodes, down).up = up;
                let len = length_mut(&mut self.len, top);
                *len -= 1;
                if *len == 0 {
                    self.emptied = top;
                }
                *updates += 1;
                q += 1;
            }
        }
    }

    /// Exact inverse of [`Dlx::hide`].
    #[inline]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let mut q = p - 1;
        while q != p {
            let Node { up, down, top } = *at(nodes, q);
            if top == SPACER {
                q = down;
            } else if COLORS && self.colors[q as usize] == PURIFIED {
                q -= 1;
            } else {
                at_mut(nodes, up).down = q;
                at_mut(nodes, down).up = q;
                *length_mut(&mut self.len, top) += 1;
                q -= 1;
            }
        }
    }

    /// Takes the item of node `p` as the option of `p` requires: covers it when `p` has no
    /// color; when it has one, keeps only the options that agree on that color (purifies),
    /// unless an earlier choice already did.
    #[inline]
    fn commit_node<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        let item = at(&self.nodes, p).top;
        if !COLORS {
            return self.cover::<false>(item, updates);
        }
        match self.colors[p as usize] {
            NO_COLOR => self.cover::<true>(item, updates),
            PURIFIED => {}
            color => {
                let mut q = self.nodes[item as usize].down;
                while q != item {
                    if self.colors[q as usize] != color {
                        self.hide::<true>(q, updates);
                    } else if q != p {
                        self.colors[q as usize] = PURIFIED;
                    }
                    q = self.nodes[q as usize].down;
                }
            }
        }
    }

    /// Exact inverse of [`Dlx::commit_node`].
    #[inline]
    fn uncommit_node<const COLORS: bool>(&mut self, p: u32) {
        let item = at(&self.nodes, p).top;
        if !COLORS {
            return self.uncover::<false>(item);
        }
        match self.colors[p as usize] {
            NO_COLOR => self.uncover::<true>(item),
            PURIFIED => {}
            color => {
                let mut q = self.nodes[item as usize].up;
                while q != item {
                    if q == p {
                    } else if self.colors[q as usize] == PURIFIED {
                        self.colors[q as usize] = color;
                    } else {
                        self.unhide::<true>(q);
                    }
                    q = self.nodes[q as usize].up;
                }
            }
        }
    }

    /// Commits the items of the option containing node `x`, other than `x`'s own, left to
    /// right.
    #[inline]
    pub(crate) fn commit_others<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        let mut p = x + 1;
        while p != x {
            let node = at(&self.nodes, p);
            if node.top == SPACER {
                p = node.up;
            } else {
                self.commit_node::<COLORS>(p, updates);
                p += 1;
            }
        }
    }

    /// Exact inverse of [`Dlx::commit_others`].
    #[inline]
    pub(crate) fn uncommit_others<const COLORS: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let node = at(&self.nodes, p);
            if node.top == SPACER {
                p = node.down;
            } else {
                self.uncommit_node::<COLORS>(p);
                p -= 1;
            }
        }
    }

    /// Checks the link invariants documented on [`Dlx`] and returns the first violation found.
    ///
    /// Meant for tests and debugging.
    ///
    /// # Errors
    ///
    /// A description of the first broken invariant.
    ///
    /// # Complexity
    ///
    /// Linear in the number of nodes.
    pub fn check_links(&self) -> Result<(), String> {
        for (head, range) in [
            (ROOT, 1..=self.primary),
            (self.items + 1, self.primary + 1..=self.items),
        ] {
            let mut x = self.links[head as usize].right;
            let mut steps = 0;
            while x != head {
                if !range.contains(&x) {
                    return Err(format!("item list of {head} reaches foreign header {x}"));
                }
                let link = self.links[x as usize];
                if self.links[link.right as usize].left != x
                    || self.links[link.left as usize].right != x
                {
                    return Err(format!("item {x}: left/right links disagree"));
                }
                steps += 1;
                if steps > self.items {
                    return Err(format!("item list of {head} does not close"));
                }
                x = link.right;
            }
        }
        for i in 1..=self.items {
            let flagged = self.len[i as usize] & COVERED != 0;
            if flagged == self.is_active(i) {
                return Err(format!(
                    "item {i} is {} but its length says otherwise",
                    if flagged { "active" } else { "covered" }
                ));
            }
            if !self.is_active(i) {
                continue;
            }
            let mut len = 0u32;
            let mut x = self.nodes[i as usize].down;
            while x != i {
                let node = self.nodes[x as usize];
                if node.top != i {
                    return Err(format!(
                        "node {x} in the list of item {i} has top {}",
                        node.top
                    ));
                }
                if self.nodes[node.down as usize].up != x || self.nodes[node.up as usize].down != x
                {
                    return Err(format!("node {x}: up/down links disagree"));
                }
                len += 1;
                if len as usize > self.nodes.len() {
                    return Err(format!("list of item {i} does not close"));
                }
                x = node.down;
            }
            if len != self.len[i as usize] {
                return Err(format!(
                    "item {i} has length {} but {len} nodes",
                    self.len[i as usize]
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::ProblemBuilder;

    /// Knuth's example from TAOCP 7.2.2.1 (7 items, 6 options, one solution).
    fn knuth_example() -> Problem {
        let mut b = ProblemBuilder::new();
        let it: Vec<_> = (0..7).map(|_| b.primary()).collect();
        let (a, bb, c, d, e, f, g) = (it[0], it[1], it[2], it[3], it[4], it[5], it[6]);
        for option in [
            vec![c, e],
            vec![a, d, g],
            vec![bb, c, f],
            vec![a, d, f],
            vec![bb, g],
            vec![d, e, g],
        ] {
            b.option(option).unwrap();
        }
        b.build()
    }

    #[test]
    fn built_matrix_satisfies_the_invariants() {
        let dlx = Dlx::new(&knuth_example());
        dlx.check_links().unwrap();
        assert_eq!(dlx.nodes.len(), 1 + 7 + 16 + 7);
        // Item d (header 4) is in three options.
        assert_eq!(dlx.len[4], 3);
    }

    #[test]
    fn uncover_restores_cover_exactly() {
        let original = Dlx::new(&knuth_example());
        let mut dlx = original.clone();
        let mut updates = 0;
        // Every order of covering three items, then uncovering in reverse.
        for a in 1..=7 {
            for b in 1..=7 {
                for c in 1..=7 {
                    if a == b || b == c || a == c {
                        continue;
                    }
                    dlx.cover::<false>(a, &mut updates);
                    dlx.check_links().unwrap();
                    dlx.cover::<false>(b, &mut updates);
                    dlx.check_links().unwrap();
                    dlx.cover::<false>(c, &mut updates);
                    dlx.check_links().unwrap();
                    assert!(!dlx.is_active(a) && !dlx.is_active(b) && !dlx.is_active(c));
                    dlx.uncover::<false>(c);
                    dlx.check_links().unwrap();
                    dlx.uncover::<false>(b);
                    dlx.uncover::<false>(a);
                    dlx.check_links().unwrap();
                    assert!(dlx == original, "cover {a} {b} {c} then uncover");
                }
            }
        }
        assert!(updates > 0);
    }

    #[test]
    fn commit_refuses_conflicts_and_reset_restores() {
        let original = Dlx::new(&knuth_example());
        let mut dlx = original.clone();
        dlx.commit(OptionId(0)).unwrap(); // c e
        dlx.check_links().unwrap();
        assert_eq!(
            dlx.commit(OptionId(2)), // b c f: shares c
            Err(CommitError::Conflict {
                option: OptionId(2)
            })
        );
        dlx.commit(OptionId(3)).unwrap(); // a d f
        assert_eq!(
            dlx.committed().collect::<Vec<_>>(),
            [OptionId(0), OptionId(3)]
        );
        dlx.reset();
        dlx.check_links().unwrap();
        assert!(dlx == original);
        assert_eq!(
            dlx.commit(OptionId(9)),
            Err(CommitError::UnknownOption {
                option: OptionId(9)
            })
        );
    }

    /// Both ways of resetting (undoing commits one by one, copying the pristine links back)
    /// restore the matrix as built, in clones made after commits too.
    #[test]
    fn reset_restores_by_undoing_or_by_copying() {
        // 200 items, options {k, k+1} and {k}: a commit touches a handful of nodes.
        let mut b = ProblemBuilder::new();
        let items: Vec<_> = (0..200).map(|_| b.primary()).collect();
        for k in 0..200 {
            b.option([items[k], items[(k + 1) % 200]]).unwrap();
            b.option([items[k]]).unwrap();
        }
        let original = Dlx::new(&b.build());
        let mut dlx = original.clone();
        dlx.commit(OptionId(0)).unwrap();
        assert!(dlx.commit_updates * COPY_ADVANTAGE < dlx.nodes.len() as u64);
        dlx.reset();
        assert!(dlx == original, "undone one by one");
        for k in (0..200).step_by(2) {
            dlx.commit(OptionId(2 * k as u32)).unwrap();
        }
        assert_eq!(dlx.remove(OptionId(3)), Ok(false));
        assert!(dlx.commit_updates * COPY_ADVANTAGE >= dlx.nodes.len() as u64);
        let mut copy = dlx.clone();
        assert_eq!(dlx.count(None).count, 1);
        dlx.reset();
        assert!(dlx == original, "copied back");
        dlx.check_links().unwrap();
        copy.reset();
        assert!(copy == original, "a clone made after commits");
        assert_eq!(copy.count(None).count, original.clone().count(None).count);
    }

    /// The active items with the options in their lists, in order: what a search sees.
    fn lists(dlx: &Dlx) -> Vec<(u32, u32, Vec<u32>)> {
        let mut out = Vec::new();
        for head in [ROOT, dlx.items + 1] {
            let mut i = dlx.links[head as usize].right;
            while i != head {
                let mut options = Vec::new();
                let mut x = dlx.nodes[i as usize].down;
                while x != i {
                    options.push(dlx.node_option[x as usize]);
                    x = dlx.nodes[x as usize].down;
                }
                out.push((i, dlx.len[i as usize], options));
                i = dlx.links[i as usize].right;
            }
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Committing in one pass leaves the same lists, the same committed options and the
        /// same solutions as committing one by one, also after later removals, commits and
        /// partial undos; and reset restores the matrix as built.
        #[test]
        fn one_pass_commits_equal_commits_one_by_one(
            primary in 1usize..8,
            secondary in 0usize..3,
            raw in proptest::collection::vec(proptest::collection::vec(0usize..64, 1..4), 1..30),
            picks in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..6),
            extra in proptest::prelude::any::<proptest::sample::Index>(),
            keep in 0usize..4,
        ) {
            let items = primary + secondary;
            let mut b = ProblemBuilder::new();
            let ids: Vec<_> = (0..items)
                .map(|k| if k < primary { b.primary() } else { b.secondary() })
                .collect();
            for option in &raw {
                // Every option has a primary item.
                let mut set: Vec<usize> = option.iter().map(|&i| i % items).collect();
                set[0] = option[0] % primary;
                set.sort_unstable();
                set.dedup();
                b.option(set.into_iter().map(|i| ids[i])).unwrap();
            }
            let original = Dlx::new(&b.build());
            let chosen: Vec<OptionId> =
                picks.iter().map(|p| OptionId(p.index(raw.len()) as u32)).collect();
            let mut slow = original.clone();
            let mut fast = original.clone();
            proptest::prop_assert_eq!(
                slow.commit_all_with(&chosen, false),
                fast.commit_all_with(&chosen, true)
            );
            fast.check_links().unwrap();
            proptest::prop_assert_eq!(lists(&slow), lists(&fast));
            proptest::prop_assert_eq!(
                slow.committed().collect::<Vec<_>>(),
                fast.committed().collect::<Vec<_>>()
            );
            proptest::prop_assert_eq!(slow.collect(100).0, fast.collect(100).0);
            // Later removals and commits, then a partial undo.
            let other = OptionId(extra.index(raw.len()) as u32);
            proptest::prop_assert_eq!(slow.remove(other), fast.remove(other));
            let next = OptionId((other.0 + 1) % raw.len() as u32);
            proptest::prop_assert_eq!(slow.commit(next), fast.commit(next));
            proptest::prop_assert_eq!(lists(&slow), lists(&fast));
            let len = keep.min(slow.committed.len());
            slow.uncommit_to(len);
            fast.uncommit_to(len);
            fast.check_links().unwrap();
            proptest::prop_assert_eq!(lists(&slow), lists(&fast));
            proptest::prop_assert_eq!(slow.count_visiting(None).count, fast.count_visiting(None).count);
            slow.reset();
            fast.reset();
            proptest::prop_assert!(slow == original);
            proptest::prop_assert!(fast == original);
        }
    }

    #[test]
    fn remove_interleaves_with_commits_and_reset_restores() {
        let original = Dlx::new(&knuth_example());
        let mut dlx = original.clone();
        // Knuth's example has one solution: options 0 (c e), 3 (a d f), 4 (b g).
        assert_eq!(dlx.remove(OptionId(1)), Ok(true)); // a d g
        dlx.check_links().unwrap();
        assert_eq!(dlx.count(None).count, 1);
        dlx.commit(OptionId(0)).unwrap(); // c e
        assert_eq!(dlx.remove(OptionId(5)), Ok(false)); // d e g: gone with e
        assert_eq!(dlx.remove(OptionId(4)), Ok(true)); // b g: the solution's
        dlx.check_links().unwrap();
        assert_eq!(dlx.count(None).count, 0);
        dlx.uncommit_to(1);
        assert_eq!(
            dlx.count(None).count,
            0,
            "a removal after the last commit stays"
        );
        dlx.uncommit_to(0);
        dlx.check_links().unwrap();
        assert_eq!(dlx.count(None).count, 1, "only a d g is still removed");
        dlx.reset();
        dlx.check_links().unwrap();
        assert!(dlx == original);
        assert_eq!(
            dlx.remove(OptionId(9)),
            Err(CommitError::UnknownOption {
                option: OptionId(9)
            })
        );
    }
}
