//! Knuth's dancing-links matrix: one flat node array, item headers with left/right links.
//!
//! This is the data structure of Algorithm X as Knuth lays it out in TAOCP 7.2.2.1: every
//! item and every occurrence of an item in an option is a node in one array, linked into
//! circular up/down lists per item; options are consecutive runs of nodes separated by spacer
//! nodes. This module holds the data, its invariants and their check, and builds it; covering
//! lives in `links`, commits and resets in `commit`, the search in `search`. The bottom of
//! the exact-cover engine: it imports nothing from the engine but the problem.

use std::fmt;
use std::sync::Arc;

use super::problem::{ItemId, ItemKind, OptionId, Problem, ProblemError};

/// Index of the head of the list of active primary items in [`Matrix::links`].
pub(crate) const ROOT: u32 = 0;

/// `top` value of a spacer node.
pub(crate) const SPACER: u32 = 0;

/// Flag in the length of a covered item (its entry in [`Matrix::len`]). The length of a covered
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
///   of option nodes; `top` is 0 (the item's length is kept apart, in [`Matrix::len`]);
/// - an option node has `top` = its item's header (never 0) and `up`/`down` = its neighbours
///   in that item's list;
/// - a spacer node (between options, and after the last) has `top` = [`SPACER`], `up` = the
///   first node of the option before it and `down` = the last node of the option after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Node {
    /// The node above in its item's list (a header: the last node; a spacer: the first node
    /// of the option before it).
    pub(crate) up: u32,
    /// The node below in its item's list (a header: the first node; a spacer: the last node
    /// of the option after it).
    pub(crate) down: u32,
    /// The item's header (an option node), 0 (a header) or [`SPACER`] (a spacer).
    pub(crate) top: u32,
}

/// The node at index `x`, without a bounds check in release builds.
///
/// Every index stored in a node's `up`, `down` and `top` (and in [`Link`]) is below
/// `nodes.len()`: [`Matrix::build`] only writes indices of nodes it creates, and every later
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
pub(crate) fn link_items(links: &mut [Link], head: u32, items: impl Iterator<Item = u32>) {
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
pub(crate) fn append_node(nodes: &mut [Node], len: &mut [u32], h: u32, x: u32) {
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
    /// The previous active item (or the list's head); for a covered item, what it was when
    /// the item was covered.
    pub(crate) left: u32,
    /// The next active item (or the list's head), likewise.
    pub(crate) right: u32,
}

/// The dancing-links matrix of a problem: the links, the lengths, the colors, and the options
/// committed or removed before a search. Per-search scratch space lives elsewhere (a search's
/// stack, a count's memory), so that this type depends on nothing above it.
///
/// The invariants, for every state reachable through the public API, are written on the
/// fields; in short:
/// - `links[0]` heads a circular list of the *active* (uncovered) primary items and
///   `links[items + 1]` one of the active secondary items; for every active item `x`,
///   `links[links[x].right].left == x` and `links[links[x].left].right == x`;
/// - for every active item `i`, `len[i]` equals the number of nodes reachable from `i` by
///   following `down` before returning to `i`, and every one of them has `top == i`;
/// - a covered item's `len[i]` carries the [`COVERED`] flag (its length, which does not change
///   while it is covered, stays in the other bits);
/// - for linked nodes `x`, `nodes[nodes[x].down].up == x` and `nodes[nodes[x].up].down == x`;
/// - `uncover` undoes `cover` exactly when calls are made in reverse order, so the matrix after
///   a search (or after a reset) is bit-for-bit the matrix before it.
///
/// [`Matrix::check_links`] verifies the first four; tests call it after cover/uncover.
#[derive(Clone)]
pub(crate) struct Matrix {
    /// Node 0 unused, item headers `1..=items`, then the options, each a run of option nodes
    /// between two spacers (see [`Node`]). For every linked node `x`,
    /// `nodes[nodes[x].down].up == x` and `nodes[nodes[x].up].down == x`.
    pub(crate) nodes: Vec<Node>,
    /// The lists of active items: `links[ROOT]` heads the primary ones, `links[items + 1]`
    /// the secondary ones; for an active item `x`, `links[links[x].right].left == x` and
    /// `links[links[x].left].right == x`. A covered item keeps the links it had, so that
    /// uncovering puts it back where it was.
    pub(crate) links: Vec<Link>,
    /// The length of every item, by header index (`len[0]` unused): for an active item, the
    /// number of nodes in its list; for a covered one, the same with [`COVERED`] set. Apart
    /// from the nodes, so that the choice of item reads the lengths of consecutive items from
    /// consecutive words.
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
    /// First nodes of the committed options, in order.
    pub(crate) committed: Vec<u32>,
    /// Removed options, in order, each as (number of committed options when it was removed,
    /// first node). Their nodes are unlinked from every item list until the removal is
    /// undone; removals and commits are undone in exactly the reverse order they were made.
    pub(crate) removed: Vec<(usize, u32)>,
    /// The last item whose list a cover emptied (or [`ROOT`]): a hint for the choice of item,
    /// which checks that it is still active and empty before trusting it.
    pub(crate) emptied: u32,
    /// The links as built (shared by clones), for a reset to copy back when that is cheaper
    /// than undoing the commits one by one; `None` for matrices too large to keep twice.
    pub(crate) pristine: Option<Arc<Pristine>>,
    /// Link updates made by commits and removals since the matrix was last as built: what
    /// undoing them one by one would cost.
    pub(crate) commit_updates: u64,
    /// How many of the first committed options were committed in one pass. Their nodes
    /// outside the lists are not as commits one by one would leave them, so only a copy of
    /// the pristine links takes them back.
    pub(crate) bulk: usize,
    /// Per item header, whether a one-pass commit covers it; kept to allocate nothing.
    pub(crate) scratch_covered: Vec<bool>,
}

/// The parts of a [`Matrix`] that searches and commits change, as they were built.
#[derive(Debug)]
pub(crate) struct Pristine {
    /// [`Matrix::nodes`] as built.
    pub(crate) nodes: Box<[Node]>,
    /// [`Matrix::links`] as built.
    pub(crate) links: Box<[Link]>,
    /// [`Matrix::len`] as built.
    pub(crate) len: Box<[u32]>,
    /// [`Matrix::colors`] as built.
    pub(crate) colors: Box<[u32]>,
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

/// Two matrices are equal when their links, lengths and committed options are; the hint and
/// the bookkeeping of resets do not count.
impl PartialEq for Matrix {
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

impl Eq for Matrix {}

impl fmt::Debug for Matrix {
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

impl Matrix {
    /// Builds the matrix, laying out the options in the order of `order` (every option once).
    pub(crate) fn build(
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
                if problem.kind(ItemId(k as u32)) == kind {
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
        Ok(Matrix {
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
            pristine,
            commit_updates: 0,
            bulk: 0,
            scratch_covered: Vec::new(),
        })
    }

    /// Number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.option_first.len()
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

    /// Checks the link invariants documented on [`Matrix`] and returns the first violation found.
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
    pub(crate) fn check_links(&self) -> Result<(), String> {
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
pub(crate) mod tests {
    use super::*;
    use crate::xc::problem::ProblemBuilder;

    /// Knuth's example from TAOCP 7.2.2.1 (7 items, 6 options, one solution).
    pub(crate) fn knuth_example() -> Problem {
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

    /// The matrix of a problem, its options in order.
    pub(crate) fn matrix(problem: &Problem) -> Matrix {
        Matrix::build(problem, (0..problem.option_count() as u32).map(OptionId)).unwrap()
    }

    #[test]
    fn built_matrix_satisfies_the_invariants() {
        let m = matrix(&knuth_example());
        m.check_links().unwrap();
        assert_eq!(m.nodes.len(), 1 + 7 + 16 + 7);
        // Item d (header 4) is in three options.
        assert_eq!(m.len[4], 3);
    }
}
