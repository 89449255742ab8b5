//! Locked candidates on the matrix (item domination): a reduction the search makes at every
//! node, undone when it backtracks.
//!
//! When every remaining option of a primary item `a` also contains item `b` (without a color),
//! every solution below the current state covers `b` by the option it chooses for `a`: `b`'s
//! options without `a` are in no such solution, and go. This is reasoning on the matrix, in
//! Knuth's sense of a reduction, not a sudoku rule; in a sudoku it is pointing and claiming (a
//! digit whose places in a box lie in one row leaves the rest of that row, and the converse),
//! and it applies to every family's items alike.
//!
//! The search calls [`Domination::enter`] when it enters a level and [`Domination::leave`]
//! when it backtracks out of it (once per enter, newest first). Entering tests the items
//! whose lists may have shrunk since the last test: at the root every active primary item;
//! below, the items of the options the last choice hid; then the items of every option a
//! domination removes, until nothing changes or a primary item runs out of options (a dead
//! end, which the choice of item then finds). Skipping a test loses a removal, never a
//! solution, so which items are tested is a matter of cost alone.
//!
//! Counts stay exact: an option removed here is in no solution of the current subproblem, so
//! the solutions below a node are the same with and without the removal. In particular the
//! solutions below a set of covered items do not depend on the path that covered them, which
//! is what the memory of counted subproblems (`memo`) relies on; and a path of the reduced
//! tree names options that a commit without the reduction accepts, with the same solutions
//! below it, which is what splits and shards rely on.

use super::automata::Automata;
use super::exclusion::Exclusions;
use super::relations::Relations;
use super::trail::Trail;
use crate::xc::matrix::{at, length, link, Matrix, COVERED, NO_COLOR, PURIFIED, ROOT, SPACER};
use crate::xc::sums::{linked, Sums};

/// The state of the reduction during a search: the trail of removed options and the scratch
/// space of the tests, all allocated before the search (see [`Domination::prepare`]).
///
/// Invariants, during a search: `trail` holds, by level, one node of every option the
/// reduction (item domination, and the removals of the sums, relations, automata and
/// exclusions) has removed at that level and not yet restored (a node that the removal
/// unlinked with all the others of its option); leaving a level restores them newest first,
/// exactly undoing them. `queued[i]` is true exactly for the items in `queue`. Between
/// searches `trail` and `queue` are empty.
#[derive(Debug, Default)]
pub(crate) struct Domination {
    /// Removed options (a node of each), by level.
    trail: Trail<u32>,
    /// Items to test, each once.
    queue: Vec<u32>,
    /// Per item header, whether it is in `queue`.
    queued: Vec<bool>,
    /// The items common to the options of the item being tested.
    common: Vec<u32>,
    /// Only primary items with 2 to this many options are tested; 0 or 1: searches do not
    /// reduce the matrix this way.
    pub(crate) max_len: u32,
    /// Options removed so far (not restored: a measure of the work the reduction did).
    pub(crate) removals: u64,
    /// The weighted sums kept within bounds at every level, on the same trail (see `sums`).
    pub(crate) sums: Sums,
    /// The relations kept arc consistent at every level, on the same trail (see `relations`).
    pub(crate) relations: Relations,
    /// The automata kept consistent at every level, on the same trail (see `automata`).
    pub(crate) automata: Automata,
    /// The items whose exclusions are made at every level, on the same trail (see
    /// `exclusion`).
    pub(crate) exclusions: Exclusions,
    /// Whether searches choose their item by conflict scores even without sums, relations
    /// or automata (see [`Domination::scored`]); set by `Dlx::set_conflict_scores`.
    pub(crate) scores: bool,
    /// The nodes of the options the sums and relations rule out at one pass.
    out: Vec<u32>,
}

impl Domination {
    /// Makes room for a search of `m`, so that the search allocates nothing: the trail holds
    /// at most every option, the marks one per level, the queue every item once.
    pub(crate) fn prepare(&mut self, m: &Matrix) {
        let items = m.items as usize + 1;
        if self.queued.len() != items {
            self.queued = vec![false; items];
        }
        self.trail.reserve(m.option_count(), m.primary as usize + 2);
        self.queue.reserve(items);
        self.common.reserve(items);
    }

    /// Whether searches take this path at every level: to reduce the matrix (see
    /// [`Domination::reduces`]) or to choose by conflict scores, which are charged on it.
    #[inline]
    pub(crate) fn on(&self) -> bool {
        self.reduces() || self.scores
    }

    /// Whether searches reduce the matrix (by item domination, sums, relations, automata or
    /// exclusions).
    #[inline]
    pub(crate) fn reduces(&self) -> bool {
        self.max_len >= 2 || self.promised() || !self.exclusions.is_empty()
    }

    /// Whether searches choose their item by conflict scores (`choose::Conflicts`): with
    /// promises to keep, or when asked for. Counts never do.
    #[inline]
    pub(crate) fn scored(&self) -> bool {
        self.scores || self.promised()
    }

    /// Whether there are sums, relations or automata to keep.
    #[inline]
    pub(crate) fn promised(&self) -> bool {
        !self.sums.is_empty() || !self.relations.is_empty() || !self.automata.is_empty()
    }

    /// Levels entered and not yet left.
    pub(crate) fn depth(&self) -> usize {
        self.trail.depth()
    }

    /// Enters a level: tests the items whose lists may have shrunk since the level above was
    /// entered (every active primary item at the root, where `last` is `None`; else the items
    /// of the options that choosing the option of node `last` hid) and removes the options
    /// their dominations rule out, then those the sums and relations rule out, until nothing
    /// changes. `false` when the sums or relations find a dead end (the search then
    /// backtracks out of the level).
    pub(crate) fn enter<const COLORS: bool>(
        &mut self,
        m: &mut Matrix,
        last: Option<u32>,
        updates: &mut u64,
    ) -> bool {
        self.trail.enter();
        if !self.sums.is_empty() {
            self.sums.enter(m, last);
        }
        if !self.relations.is_empty() {
            self.relations.enter(last.is_none());
        }
        if !self.automata.is_empty() {
            self.automata.enter(m, last);
        }
        if !self.exclusions.is_empty() {
            self.exclusions.enter(last.is_none());
        }
        if self.max_len >= 2 {
            match last {
                None => {
                    let mut i = link(&m.links, ROOT).right;
                    while i != ROOT {
                        self.push(m, i);
                        i = link(&m.links, i).right;
                    }
                }
                Some(x) => self.touched::<COLORS>(m, x),
            }
            self.propagate::<COLORS>(m, updates);
        }
        self.settle::<COLORS>(m, updates)
    }

    /// Removes the option of node `p` at the level entered last (restored with that level's
    /// other removals when it is left) and tests what its absence rules out, as
    /// [`Domination::enter`] does: `false` when the sums or relations find a dead end. The
    /// search's two-way branch: an option whose subtree is exhausted leaves the node, which
    /// then chooses again.
    pub(crate) fn exclude<const COLORS: bool>(
        &mut self,
        m: &mut Matrix,
        p: u32,
        updates: &mut u64,
    ) -> bool {
        m.remove_option::<COLORS>(p, updates);
        self.trail.push(p);
        if self.max_len >= 2 {
            self.push(m, at(&m.nodes, p).top);
            self.push_option(m, p);
            self.propagate::<COLORS>(m, updates);
        }
        self.settle::<COLORS>(m, updates)
    }

    /// The promises' and exclusions' removals at the level entered last, each followed by
    /// item domination's, until nothing changes: `false` at a dead end they find.
    fn settle<const COLORS: bool>(&mut self, m: &mut Matrix, updates: &mut u64) -> bool {
        if !self.promised() && self.exclusions.is_empty() {
            return true;
        }
        loop {
            if dead_end(m) {
                return true;
            }
            let mut out = std::mem::take(&mut self.out);
            out.clear();
            let alive = self.sums.prune(m, &mut out)
                && self.relations.prune(m, &mut out)
                && self.automata.prune(m, &mut out)
                && self.exclusions.prune::<COLORS>(m, &mut out);
            let mut changed = false;
            for &p in &out {
                // An option in two sums comes twice: removed once.
                if alive && linked(m, p) {
                    m.remove_option::<COLORS>(p, updates);
                    self.trail.push(p);
                    self.removals += 1;
                    self.push(m, at(&m.nodes, p).top);
                    self.push_option(m, p);
                    changed = true;
                }
            }
            self.out = out;
            if !alive {
                return false;
            }
            if !changed {
                return true;
            }
            self.propagate::<COLORS>(m, updates);
        }
    }

    /// Leaves the level entered last: restores the options removed there, newest first.
    pub(crate) fn leave<const COLORS: bool>(&mut self, m: &mut Matrix) {
        if !self.sums.is_empty() {
            self.sums.leave();
        }
        if !self.relations.is_empty() {
            self.relations.leave();
        }
        if !self.automata.is_empty() {
            self.automata.leave();
        }
        if !self.exclusions.is_empty() {
            self.exclusions.leave();
        }
        self.trail.leave(|p| m.restore_option::<COLORS>(p));
    }

    /// Queues primary item `i` for a test if it is active with at least two options and not
    /// queued already.
    #[inline]
    fn push(&mut self, m: &Matrix, i: u32) {
        if i <= m.primary && !self.queued[i as usize] {
            let len = length(&m.len, i);
            if (2..=self.max_len).contains(&len) && len < COVERED {
                self.queued[i as usize] = true;
                self.queue.push(i);
            }
        }
    }

    /// Queues the items whose lists choosing the option of node `x` shortened: the items of
    /// every other option in the lists of `x`'s items (all of which that choice covered or
    /// purified).
    fn touched<const COLORS: bool>(&mut self, m: &Matrix, x: u32) {
        let mut y = x;
        loop {
            let node = *at(&m.nodes, y);
            if node.top == SPACER {
                y = node.up;
            } else {
                if !(COLORS && m.colors[y as usize] == PURIFIED) {
                    let j = node.top;
                    let mut p = at(&m.nodes, j).down;
                    while p != j {
                        if p != y {
                            self.push_option(m, p);
                        }
                        p = at(&m.nodes, p).down;
                    }
                }
                y += 1;
            }
            if y == x {
                break;
            }
        }
    }

    /// Queues the items of the option of node `p`, other than `p`'s own.
    #[inline]
    fn push_option(&mut self, m: &Matrix, p: u32) {
        let mut q = p + 1;
        while q != p {
            let node = at(&m.nodes, q);
            if node.top == SPACER {
                q = node.up;
            } else {
                self.push(m, node.top);
                q += 1;
            }
        }
    }

    /// Tests the queued items until the queue is empty, or empties it at a dead end.
    fn propagate<const COLORS: bool>(&mut self, m: &mut Matrix, updates: &mut u64) {
        while let Some(a) = self.queue.pop() {
            self.queued[a as usize] = false;
            if !dead_end(m) {
                self.test::<COLORS>(m, a, updates);
            }
        }
    }

    /// If every option of primary item `a` contains some item `b` without a color, removes
    /// `b`'s options that do not contain `a`, and queues the items those options shortened.
    fn test<const COLORS: bool>(&mut self, m: &mut Matrix, a: u32, updates: &mut u64) {
        let len_a = length(&m.len, a);
        if !(2..=self.max_len).contains(&len_a) || len_a >= COVERED {
            return;
        }
        // The items of `a`'s first option, then those of them every other option has too.
        let first = at(&m.nodes, a).down;
        self.common.clear();
        let mut q = first + 1;
        while q != first {
            let node = at(&m.nodes, q);
            if node.top == SPACER {
                q = node.up;
            } else {
                if !COLORS || m.colors[q as usize] == NO_COLOR {
                    self.common.push(node.top);
                }
                q += 1;
            }
        }
        let mut p = at(&m.nodes, first).down;
        while p != a && !self.common.is_empty() {
            self.common.retain(|&b| contains::<COLORS>(m, p, b));
            p = at(&m.nodes, p).down;
        }
        for k in 0..self.common.len() {
            let b = self.common[k];
            // `b`'s list holds all of `a`'s options: nothing else when it is as long.
            if length(&m.len, b) == len_a {
                continue;
            }
            let mut q = at(&m.nodes, b).down;
            while q != b {
                let next = at(&m.nodes, q).down;
                if !contains::<COLORS>(m, q, a) {
                    m.remove_option::<COLORS>(q, updates);
                    self.trail.push(q);
                    self.removals += 1;
                    self.push(m, b);
                    self.push_option(m, q);
                }
                q = next;
            }
        }
    }
}

/// Whether the option of node `p` contains item `i` without a color.
#[inline]
fn contains<const COLORS: bool>(m: &Matrix, p: u32, i: u32) -> bool {
    let mut q = p;
    loop {
        let node = at(&m.nodes, q);
        if node.top == SPACER {
            q = node.up;
        } else {
            if node.top == i {
                return !COLORS || m.colors[q as usize] == NO_COLOR;
            }
            q += 1;
        }
        if q == p {
            return false;
        }
    }
}

/// Whether the last item a cover or removal emptied is an active primary item still empty: a
/// dead end, where further tests are wasted.
#[inline]
fn dead_end(m: &Matrix) -> bool {
    let e = m.emptied;
    e != ROOT && e <= m.primary && length(&m.len, e) == 0 && m.is_active(e)
}
