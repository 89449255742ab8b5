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
//! The caller names the items to test ([`crate::xc::Dlx::add_exclusion`]): the test walks the
//! lists of every item of every option of `a`, so it is kept to the items where it pays (the
//! digits a sudoku line must hold). An item is tested again when its list has shrunk since it
//! was last tested on the path from the root (the clashes of an option do not change, so the
//! removals depend only on the options of `a` still in the matrix). Counts stay exact: an
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
}

/// The items whose exclusions the search makes, with the trail of their last tests and the
/// scratch space of a test.
///
/// Invariants: `items` holds distinct primary items (headers), `on[i]` is true exactly for
/// them. During a search `tested[s]` is the length of `items[s]`'s list when it was last
/// tested on the path from the root to the current node (`UNTESTED` before), so that a list
/// as long needs no test (the removals are a function of the list); `trail` holds, by level,
/// the `(s, tested[s])` each test replaced, so leaving a level puts back the lengths of the
/// state above. `hit[o]` is, for
/// option `o`, `base + j` when the test under way found it clashing with the first `j` options
/// of the item and at most `base` when with none; `base` only grows.
#[derive(Debug, Clone, Default)]
pub(crate) struct Exclusions {
    items: Vec<u32>,
    on: Vec<bool>,
    tested: Vec<u32>,
    trail: Trail<(u32, u32)>,
    hit: Vec<u64>,
    base: u64,
    /// The options clashing with every option tested so far (a node of each).
    found: Vec<u32>,
    /// The nodes of the item's options, in order.
    places: Vec<u32>,
}

/// No test made yet on the path.
const UNTESTED: u32 = u32::MAX;

impl Exclusions {
    /// Whether there are items to test.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Adds the primary item whose options are exactly `options` (each once) to the items
    /// tested (once, however often named).
    pub(crate) fn add(&mut self, m: &Matrix, options: &[OptionId]) -> Result<(), ExclusionError> {
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
        let Some(i) = item else {
            return Err(ExclusionError::NotAnItem);
        };
        if self.on.len() != m.items as usize + 1 {
            self.on = vec![false; m.items as usize + 1];
        }
        if !self.on[i as usize] {
            self.on[i as usize] = true;
            self.items.push(i);
            self.tested.push(UNTESTED);
        }
        if self.hit.len() != m.option_count() {
            self.hit = vec![0; m.option_count()];
            self.base = 0;
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
            self.test::<COLORS>(m, a, out);
        }
        true
    }

    /// Puts into `out` a node of every option outside `a`'s list that clashes with each
    /// option in it. A node of a found option may be in a list of a secondary item, where
    /// it has a color other than the one the option of `a` takes (never [`PURIFIED`]: the
    /// options of a purified item all have its color, and an option of `a` taking it with
    /// that color clashes with none of them through it).
    fn test<const COLORS: bool>(&mut self, m: &Matrix, a: u32, out: &mut Vec<u32>) {
        self.places.clear();
        let mut p = at(&m.nodes, a).down;
        while p != a {
            self.places.push(p);
            p = at(&m.nodes, p).down;
        }
        let base = self.base;
        self.base += self.places.len() as u64 + 1;
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        for (j, &x) in self.places.iter().enumerate() {
            let (from, to) = (base + j as u64, base + j as u64 + 1);
            let mut kept = 0;
            // The items of the option of node `x`, other than `a`.
            let mut y = x + 1;
            while y != x {
                let node = *at(&m.nodes, y);
                if node.top == SPACER {
                    y = node.up;
                    continue;
                }
                // Options clash through an item unless both take it with one color.
                let color = if COLORS {
                    m.colors[y as usize]
                } else {
                    NO_COLOR
                };
                if node.top != a && color != PURIFIED {
                    let mut q = at(&m.nodes, node.top).down;
                    while q != node.top {
                        if q != y && (color == NO_COLOR || m.colors[q as usize] != color) {
                            let o = m.node_option[q as usize] as usize;
                            let h = self.hit[o];
                            if h == from || (j == 0 && h <= base) {
                                self.hit[o] = to;
                                kept += 1;
                                if j + 1 == self.places.len() {
                                    found.push(q);
                                }
                            }
                        }
                        q = at(&m.nodes, q).down;
                    }
                }
                y += 1;
            }
            if kept == 0 {
                break;
            }
        }
        out.extend_from_slice(&found);
        self.found = found;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{Color, CountOptions, Dlx, ProblemBuilder};

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
    }
}
