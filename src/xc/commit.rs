//! Commits, removals and resets: fixing options before a search, and taking them back.
//!
//! A commit covers the items of an option as a search would choose it; a removal only takes an
//! option out of its items' lists. Both are undone in exactly the reverse order they were made,
//! one by one or (when that costs less) by copying back the links as built.

use std::sync::Arc;

use super::matrix::SPACER;
use super::matrix::{append_node, link_items, Link, Matrix, Node, COVERED, NO_COLOR, ROOT};
use super::problem::OptionId;

/// Copying a node back costs about this many times less than undoing one link update, so a
/// reset copies when the updates to undo exceed the nodes divided by it (undoing the givens of
/// a puzzle one by one costs more than copying a small matrix).
pub(crate) const COPY_ADVANTAGE: u64 = 16;

/// Why a commit refused an option.
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
impl Matrix {
    /// Options fixed by [`Matrix::commit`] so far, in order.
    pub(crate) fn committed(&self) -> impl Iterator<Item = OptionId> + '_ {
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
    pub(crate) fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
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

    /// Commits options in order, as [`Matrix::commit`] one by one would, stopping at the first
    /// that fails.
    ///
    /// From the matrix as built (nothing committed or removed) and without colors, it does so
    /// in one pass over the matrix that links up only the options that survive, instead of
    /// hiding the others one by one: faster when many options are committed (a puzzle's
    /// givens). The next [`Matrix::reset`] then copies the links as built back.
    ///
    /// # Errors
    ///
    /// As [`Matrix::commit`], for the first option that fails; the options before it stay
    /// committed.
    pub(crate) fn commit_all(&mut self, options: &[OptionId]) -> Result<(), CommitError> {
        let one_pass = self.one_pass_pays(options.len());
        self.commit_all_with(options, one_pass)
    }

    /// [`Matrix::commit_all`], in one pass if `one_pass` and the matrix allows it.
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
    /// all option nodes (a small matrix is hidden one by one faster; see BENCHMARKS.md).
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
    /// exist or two share an item (then [`Matrix::commit`] says which).
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
    /// Unlike [`Matrix::commit`] it covers nothing; it only shortens the lists of its items, so
    /// that the fewest-options rule sees it gone. Undone by [`Matrix::reset`], in reverse order
    /// with the commits.
    ///
    /// Returns `false`, changing nothing, when the option is already unavailable (it
    /// conflicts with a committed option, or was removed before).
    ///
    /// # Errors
    ///
    /// [`CommitError::UnknownOption`] if there is no such option.
    pub(crate) fn remove(&mut self, option: OptionId) -> Result<bool, CommitError> {
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

    /// Exact inverse of the last [`Matrix::remove`].
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
    pub(crate) fn reset(&mut self) {
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
    pub(crate) fn uncommit_to(&mut self, len: usize) {
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
}

#[cfg(test)]
mod tests {
    use super::super::matrix::tests::{knuth_example, matrix};
    use super::*;

    #[test]
    fn commit_refuses_conflicts_and_reset_restores() {
        let original = matrix(&knuth_example());
        let mut m = original.clone();
        m.commit(OptionId(0)).unwrap(); // c e
        m.check_links().unwrap();
        assert_eq!(
            m.commit(OptionId(2)), // b c f: shares c
            Err(CommitError::Conflict {
                option: OptionId(2)
            })
        );
        m.commit(OptionId(3)).unwrap(); // a d f
        assert_eq!(
            m.committed().collect::<Vec<_>>(),
            [OptionId(0), OptionId(3)]
        );
        m.reset();
        m.check_links().unwrap();
        assert!(m == original);
        assert_eq!(
            m.commit(OptionId(9)),
            Err(CommitError::UnknownOption {
                option: OptionId(9)
            })
        );
    }
}
