//! Exclusions: an option that clashes with every option still left for a required item is in
//! no solution, and goes. A reduction the search makes at every node beside item domination,
//! on the same trail, undone when it backtracks.
//!
//! Two options *clash* when they share an item that not both take with one color: no
//! solution holds both. A
//! primary item `a` is covered by exactly one of its options in every solution, so an option
//! `q` outside `a`'s list that clashes with each of them is in no solution below the current
//! state. Item domination is the special case where the clashes all go through one item `b`
//! that every option of `a` holds; here each option of `a` may clash with `q` through an item
//! of its own. In a sudoku, with `a` "this renban line holds a 5": a cell that sees every place
//! left on the line for the 5, through a row, a column, a box or the line itself, loses its 5,
//! where the places need not share one house.
//!
//! The caller names the items to test ([`crate::xc::Dlx::add_exclusion`]), the digits a sudoku
//! line must hold. The clashes of an option do not change, so what clashes with each option of
//! `a` is found once, when `a` is named, as a row of bits over the options that clash with some
//! option of `a`; at a node the test ands the rows of `a`'s options left (a few words each)
//! and keeps the options still in the matrix. An item is tested again only when its list has
//! shrunk since it was last tested on the path from the root (the removals depend only on the
//! options of `a` still in the matrix). Counts stay exact: an
//! option removed here is in no solution of the current subproblem, and the removals depend
//! only on the options still in the matrix, not on the path that left them.
//!
//! [`clash_all`] is the same step as a pure function over sets, for the logic.

use super::trail::Trail;
use crate::xc::matrix::{at, length, Matrix, COVERED, NO_COLOR, PURIFIED, SPACER};
use crate::xc::problem::OptionId;

/// The items of the option whose first node is `first`.
fn items_of(m: &Matrix, first: u32) -> impl Iterator<Item = u32> + '_ {
    (first..)
        .map(|p| at(&m.nodes, p).top)
        .take_while(|&top| top != SPACER)
}

/// The places that clash with every one of `places`: the intersection of `clashes(p)` over
/// the places `p`, less the places themselves (a place that clashes with all the others is
/// still a place of the item). `clashes(p)` must not contain `p`. Empty when `places` is.
///
/// ```
/// use sudokux::xc::clash_all;
///
/// // Cells 0..9 of a line of three rows of three; a cell clashes with the cells of its row
/// // and its column. A digit whose places are cells 0 and 4 leaves cells 1 and 3.
/// let clashes = |c: u32| {
///     (0..9).filter(|&d| d != c && (d / 3 == c / 3 || d % 3 == c % 3)).collect::<Vec<_>>()
/// };
/// assert_eq!(clash_all(&[0, 4], clashes), vec![1, 3]);
/// ```
pub fn clash_all<T, F, I>(places: &[T], mut clashes: F) -> Vec<T>
where
    T: Copy + Ord,
    F: FnMut(T) -> I,
    I: IntoIterator<Item = T>,
{
    let mut common: Option<Vec<T>> = None;
    for &p in places {
        let mut set: Vec<T> = clashes(p).into_iter().collect();
        set.sort_unstable();
        set.dedup();
        common = Some(match common {
            None => set,
            Some(c) => c
                .into_iter()
                .filter(|x| set.binary_search(x).is_ok())
                .collect(),
        });
    }
    let mut common = common.unwrap_or_default();
    common.retain(|x| !places.contains(x));
    common
}

/// Why [`crate::xc::Dlx::add_exclusion`] refused a list of options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExclusionError {
    /// An option that does not exist.
    #[error("no option {0}")]
    UnknownOption(OptionId),
    /// The options are not every option of one primary item of the matrix as it stands.
    #[error("the options are not every option of one primary item")]
    NotAnItem,
    /// Exclusions are named on a matrix as built, before any commit or removal.
    #[error("exclusions are named before options are committed or removed")]
    NotFresh,
}

/// The items whose exclusions the search makes, with what clashes with their options (found
/// once, when the item is named), the trail of their last tests and the scratch space of a
/// test.
///
/// Invariants: `items` holds distinct primary items (headers), `on[i]` is true exactly for
/// them. Item `items[s]`'s *others* are the options outside its list that clash with at
/// least one option of it and hold a primary item: `spans[s]` is `(first, words)`, and other
/// `k` of the item is the option of node `others[first + k]`, a node of it in a primary
/// item's list (which is in that list exactly while the option is in the matrix, unless the
/// item is covered). `row_of[p]`, for the node `p` of an option of a named item in that
/// item's list (`NO_ROW` for every other node), is where the option's row starts in `rows`:
/// `words` words whose bit `k` is set exactly when the option clashes with other `k` of its
/// item. Clashes are a fixed relation between options (colors as built: a purified item's
/// options that disagree with its color are out of the matrix), so the options left that
/// clash with every option of `a` left are the others of `a` whose bit is set in every row
/// of `a`'s list, and still in the matrix.
///
/// During a search `tested[s]` is the length of `items[s]`'s list when it was last tested on
/// the path from the root to the current node (`UNTESTED` before), so that a list as long
/// needs no test (the removals are a function of the list); `trail` holds, by level, the
/// `(s, tested[s])` each test replaced, so leaving a level puts back the lengths of the state
/// above.
#[derive(Debug, Clone, Default)]
pub(crate) struct Exclusions {
    items: Vec<u32>,
    on: Vec<bool>,
    spans: Vec<(u32, u32)>,
    others: Vec<u32>,
    row_of: Vec<u32>,
    rows: Vec<u64>,
    tested: Vec<u32>,
    trail: Trail<(u32, u32)>,
    /// The rows of a test, and-ed (the widest item's words).
    acc: Vec<u64>,
    /// The options a test found, as `(rank, node)` (see [`Exclusions::witness`]).
    found: Vec<(u32, u32)>,
    /// Scratch of [`Exclusions::add`], one entry per option of the matrix: `NO_SLOT` between
    /// calls (the invariant each call restores).
    slot: Vec<u32>,
}

/// No test made yet on the path.
const UNTESTED: u32 = u32::MAX;

/// The row of a node that is no option of a named item.
const NO_ROW: u32 = u32::MAX;

/// An option [`Exclusions::add`] has not met (see `Exclusions::slot`).
const NO_SLOT: u32 = u32::MAX;

/// An option [`Exclusions::add`] met, before its place among the others is known (or that
/// it left out: no node in a primary item's list).
const SEEN: u32 = u32::MAX - 1;

/// The color node `p` has in the matrix (colors as built when nothing was committed).
#[inline]
fn color(m: &Matrix, p: u32) -> u32 {
    m.colors.get(p as usize).copied().unwrap_or(NO_COLOR)
}

/// The nodes of the option whose first node is `first`.
fn nodes_of(m: &Matrix, first: u32) -> impl Iterator<Item = u32> + '_ {
    (first..).take_while(|&p| at(&m.nodes, p).top != SPACER)
}

impl Exclusions {
    /// Whether there are items to test.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Adds the primary item whose options are exactly `options` (each once) to the items
    /// tested (once, however often named), with the rows of its options.
    pub(crate) fn add(&mut self, m: &Matrix, options: &[OptionId]) -> Result<(), ExclusionError> {
        if !m.committed.is_empty() || !m.removed.is_empty() {
            return Err(ExclusionError::NotFresh);
        }
        let mut firsts = Vec::with_capacity(options.len());
        for &o in options {
            match m.option_first.get(o.index()) {
                Some(&first) => firsts.push(first),
                None => return Err(ExclusionError::UnknownOption(o)),
            }
        }
        let mut distinct = firsts.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let &[first, ..] = firsts.as_slice() else {
            return Err(ExclusionError::NotAnItem);
        };
        // A primary item of the first option that every option holds and no other.
        let item = items_of(m, first).find(|&i| {
            i <= m.primary
                && length(&m.len, i) as usize == options.len()
                && distinct.len() == options.len()
                && firsts.iter().all(|&f| items_of(m, f).any(|j| j == i))
        });
        let Some(a) = item else {
            return Err(ExclusionError::NotAnItem);
        };
        if self.on.len() != m.items as usize + 1 {
            self.on = vec![false; m.items as usize + 1];
        }
        if self.on[a as usize] {
            return Ok(());
        }
        self.on[a as usize] = true;
        if self.row_of.len() != m.nodes.len() {
            self.row_of = vec![NO_ROW; m.nodes.len()];
        }
        // The places (the item's options, by their nodes in its list) and what clashes with
        // each: the options, other than the item's, sharing an item with it that not both
        // take with one color; `clashes[bounds[i]..bounds[i + 1]]` for place `i`.
        let mut places = Vec::new();
        let mut clashes: Vec<u32> = Vec::new();
        let mut bounds = vec![0];
        let mut p = at(&m.nodes, a).down;
        while p != a {
            let first = m.option_first[m.node_option[p as usize] as usize];
            for y in nodes_of(m, first) {
                let (t, c) = (at(&m.nodes, y).top, color(m, y));
                if t == a {
                    continue;
                }
                let mut q = at(&m.nodes, t).down;
                while q != t {
                    if q != y && (c == NO_COLOR || color(m, q) != c) {
                        clashes.push(m.node_option[q as usize]);
                    }
                    q = at(&m.nodes, q).down;
                }
            }
            places.push(p);
            bounds.push(clashes.len());
            p = at(&m.nodes, p).down;
        }
        let own: Vec<u32> = places.iter().map(|&p| m.node_option[p as usize]).collect();
        // The others, each once and in order, each with a node in a primary item's list;
        // `slot[o]` is the place of other `o` among them while the rows are made, and
        // `NO_SLOT` again when this call returns.
        if self.slot.len() != m.option_first.len() {
            self.slot = vec![NO_SLOT; m.option_first.len()];
        }
        let mut others: Vec<u32> = Vec::new();
        for &o in &clashes {
            if self.slot[o as usize] == NO_SLOT && !own.contains(&o) {
                self.slot[o as usize] = SEEN;
                others.push(o);
            }
        }
        others.sort_unstable();
        let mut nodes = Vec::with_capacity(others.len());
        others.retain(|&o| {
            let first = m.option_first[o as usize];
            let node = nodes_of(m, first).find(|&q| at(&m.nodes, q).top <= m.primary);
            nodes.extend(node);
            node.is_some()
        });
        for (k, &o) in others.iter().enumerate() {
            self.slot[o as usize] = k as u32;
        }
        let words = others.len().div_ceil(64);
        self.spans.push((self.others.len() as u32, words as u32));
        self.others.extend(&nodes);
        for (i, &p) in places.iter().enumerate() {
            self.row_of[p as usize] = self.rows.len() as u32;
            let start = self.rows.len();
            self.rows.resize(start + words, 0);
            for &o in &clashes[bounds[i]..bounds[i + 1]] {
                let k = self.slot[o as usize] as usize;
                if k < others.len() {
                    self.rows[start + k / 64] |= 1 << (k % 64);
                }
            }
        }
        for &o in &clashes {
            self.slot[o as usize] = NO_SLOT;
        }
        self.items.push(a);
        self.tested.push(UNTESTED);
        if self.acc.len() < words {
            self.acc.resize(words, 0);
        }
        Ok(())
    }

    /// Enters a level: at the root every item is tested again.
    pub(crate) fn enter(&mut self, root: bool) {
        self.trail.enter();
        if root {
            self.tested.fill(UNTESTED);
        }
    }

    /// Leaves the level entered last: the lengths tested there are forgotten.
    pub(crate) fn leave(&mut self) {
        self.trail.leave(|(s, len)| self.tested[s as usize] = len);
    }

    /// Tests every item whose list has shrunk since its last test and puts into `out` a node
    /// of every option that clashes with all of its options. `false` never: a dead end (an
    /// empty item) is the choice of item's to find.
    pub(crate) fn prune<const COLORS: bool>(&mut self, m: &Matrix, out: &mut Vec<u32>) -> bool {
        for s in 0..self.items.len() {
            let a = self.items[s];
            let len = length(&m.len, a);
            if len >= COVERED || len == 0 || len >= self.tested[s] {
                continue;
            }
            self.trail.push((s as u32, self.tested[s]));
            self.tested[s] = len;
            self.test::<COLORS>(m, s, out);
        }
        true
    }

    /// Puts into `out` a node of every option outside item `items[s]`'s list that clashes
    /// with each option in it: the others whose bit every row of the list has, still in the
    /// matrix, each by the node [`Exclusions::witness`] gives and in its order (the order and
    /// the nodes a walk of the lists of the last option's items meets them in).
    fn test<const COLORS: bool>(&mut self, m: &Matrix, s: usize, out: &mut Vec<u32>) {
        let a = self.items[s];
        let (first, words) = (self.spans[s].0 as usize, self.spans[s].1 as usize);
        let acc = &mut self.acc[..words];
        acc.fill(!0);
        let (mut p, mut last) = (at(&m.nodes, a).down, a);
        while p != a {
            let row = self.row_of[p as usize] as usize;
            let mut any = 0;
            for (w, &r) in acc.iter_mut().zip(&self.rows[row..row + words]) {
                *w &= r;
                any |= *w;
            }
            if any == 0 {
                return;
            }
            last = p;
            p = at(&m.nodes, p).down;
        }
        if last == a {
            return;
        }
        self.found.clear();
        for (k, &w) in self.acc[..words].iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                let n = self.others[first + 64 * k + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                if in_matrix(m, n) {
                    self.found.push(witness::<COLORS>(m, a, last, n));
                }
            }
        }
        self.found.sort_unstable();
        out.extend(self.found.iter().map(|&(_, q)| q));
    }
}

/// Whether node `n`, in a primary item's list, is in that list and the item not covered:
/// whether its option is in the matrix.
fn in_matrix(m: &Matrix, n: u32) -> bool {
    let t = at(&m.nodes, n).top;
    if length(&m.len, t) >= COVERED || at(&m.nodes, at(&m.nodes, n).up).down != n {
        return false;
    }
    // A node unlinked by a one-pass commit may still look linked to a neighbour unlinked
    // with it: the list itself says.
    let mut q = at(&m.nodes, t).down;
    while q != t && q != n {
        q = at(&m.nodes, q).down;
    }
    q == n
}

/// Where a walk of the lists of the items of option `x` (in `a`'s list), from the node after
/// `x` around its option, first meets the option of node `n`, an option in the matrix that
/// clashes with it: `(rank, node)`, the rank of the item among `x`'s nodes and the node of
/// `n`'s option in its list. Lists are in increasing order of nodes, so sorting by it puts
/// the options in the order such a walk finds them. The node is one in a list of an item
/// that is not purified, where removing its option is allowed.
fn witness<const COLORS: bool>(m: &Matrix, a: u32, x: u32, n: u32) -> (u32, u32) {
    let first = m.option_first[m.node_option[n as usize] as usize];
    let (mut y, mut rank) = (x + 1, 0u32);
    while y != x {
        let node = *at(&m.nodes, y);
        if node.top == SPACER {
            y = node.up;
            continue;
        }
        let c = if COLORS {
            m.colors[y as usize]
        } else {
            NO_COLOR
        };
        if node.top != a && c != PURIFIED {
            let meets = nodes_of(m, first).find(|&z| {
                at(&m.nodes, z).top == node.top && (c == NO_COLOR || m.colors[z as usize] != c)
            });
            if let Some(z) = meets {
                return (rank, z);
            }
        }
        rank += 1;
        y += 1;
    }
    debug_assert!(false, "an option clashing with x meets it in a list");
    (u32::MAX, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{Budget, Color, CountOptions, Dlx, ProblemBuilder, Restarts};

    /// A small random generator (xorshift), so that the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn clash_all_intersects_and_leaves_the_places_out() {
        let clashes = |c: u32| -> Vec<u32> {
            match c {
                0 => vec![1, 2, 3],
                1 => vec![0, 2, 3, 4],
                _ => vec![],
            }
        };
        assert_eq!(clash_all(&[0, 1], clashes), vec![2, 3]);
        assert_eq!(clash_all(&[0, 2], clashes), Vec::<u32>::new());
        assert_eq!(clash_all(&[], clashes), Vec::<u32>::new());
    }

    /// A random problem of `primary` primary and `secondary` secondary items, options of two
    /// to four items each (a secondary item with a color, 1 or 2, half the time), with the
    /// options of each primary item.
    fn random(
        state: &mut u64,
        primary: u32,
        secondary: u32,
        options: u32,
    ) -> (Dlx, Vec<Vec<OptionId>>) {
        let mut p = ProblemBuilder::new();
        let items: Vec<_> = (0..primary).map(|_| p.primary()).collect();
        let more: Vec<_> = (0..secondary).map(|_| p.secondary()).collect();
        let all: Vec<_> = items.iter().chain(&more).copied().collect();
        let mut of = vec![Vec::new(); primary as usize];
        for k in 0..options {
            let mut chosen = vec![(items[(k % primary) as usize], None)];
            for _ in 0..1 + next(state) % 3 {
                let i = all[(next(state) % all.len() as u64) as usize];
                let color = match next(state) % 4 {
                    c @ 1..=2 if i.index() >= items.len() => Color::new(c as u32),
                    _ => None,
                };
                if chosen.iter().all(|&(j, _)| j != i) {
                    chosen.push((i, color));
                }
            }
            for (i, _) in &chosen {
                if let Some(list) = of.get_mut(i.index()) {
                    list.push(OptionId(k));
                }
            }
            p.colored_option(chosen).unwrap();
        }
        (Dlx::new(&p.build()), of)
    }

    #[test]
    fn exclusions_change_no_count_and_leave_the_matrix_as_found() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut pruned = false;
        for round in 0..300 {
            let (primary, secondary) = (4 + round % 5, round % 4);
            let (mut plain, of) = random(&mut state, primary, secondary, 3 * primary + round % 7);
            let mut excluding = plain.clone();
            for options in &of {
                if next(&mut state) % 3 != 0 {
                    excluding.add_exclusion(options).unwrap();
                }
            }
            let without = plain.count(CountOptions::new());
            let with = excluding.count(CountOptions::new());
            assert_eq!(with.count, without.count, "round {round}");
            pruned |= with.stats.nodes < without.stats.nodes;
            let mut found = excluding.collect(1000).0;
            let mut expected = plain.collect(1000).0;
            for solution in found.iter_mut().chain(expected.iter_mut()) {
                solution.sort();
            }
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "round {round}");
            if plain.commit(OptionId(0)).is_ok() {
                excluding.commit(OptionId(0)).unwrap();
                assert_eq!(
                    excluding.count(CountOptions::new()).count,
                    plain.count(CountOptions::new()).count,
                    "round {round}"
                );
                plain.reset();
                excluding.reset();
            }
            // The restarting search makes them too: a solution exactly when there is one.
            let restarted =
                excluding.first_restarting(&Restarts::new(u64::from(round)), Budget::UNLIMITED);
            assert!(restarted.complete, "round {round}");
            assert_eq!(
                restarted.solution.is_some(),
                without.count > 0,
                "round {round}"
            );
            excluding.check_links().unwrap();
            assert_eq!(
                excluding.clone().count(CountOptions::new()).count,
                without.count
            );
        }
        assert!(pruned, "some exclusion cut the tree");
    }

    #[test]
    fn only_every_option_of_one_primary_item_is_taken() {
        let mut p = ProblemBuilder::new();
        let (a, d) = (p.primary(), p.primary());
        let (b, c) = (p.secondary(), p.secondary());
        for option in [vec![a, b], vec![a, c], vec![d, b, c], vec![d]] {
            p.option(option).unwrap();
        }
        let mut dlx = Dlx::new(&p.build());
        assert_eq!(
            dlx.add_exclusion(&[OptionId(0)]),
            Err(ExclusionError::NotAnItem)
        );
        assert_eq!(
            dlx.add_exclusion(&[OptionId(0), OptionId(0)]),
            Err(ExclusionError::NotAnItem)
        );
        assert_eq!(dlx.add_exclusion(&[]), Err(ExclusionError::NotAnItem));
        assert_eq!(
            dlx.add_exclusion(&[OptionId(0), OptionId(9)]),
            Err(ExclusionError::UnknownOption(OptionId(9)))
        );
        dlx.add_exclusion(&[OptionId(1), OptionId(0)]).unwrap();
        dlx.add_exclusion(&[OptionId(2), OptionId(3)]).unwrap();
        assert_eq!(dlx.count(CountOptions::new()).count, 2);
        dlx.commit(OptionId(3)).unwrap();
        assert_eq!(
            dlx.add_exclusion(&[OptionId(1), OptionId(0)]),
            Err(ExclusionError::NotFresh)
        );
    }
}
