//! Covering and uncovering: the operations on the links that a search and a commit make.
//!
//! Covering an item unlinks every option that contains it; uncovering relinks them in exactly
//! the reverse order, which is what makes backtracking cheap (Knuth's dancing links). With
//! colors, an option that gives a secondary item a color *purifies* it instead: the options
//! that disagree on the color go, the others stay, marked. Every operation is compiled once
//! without colors and once with (`COLORS`), so that plain exact cover pays nothing for them.

use super::matrix::{at, at_mut, length_mut, link, link_mut, Link, Matrix, Node, COVERED};
use super::matrix::{NO_COLOR, PURIFIED, SPACER};

impl Matrix {
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

    /// Exact inverse of [`Matrix::cover`].
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

    /// Exact inverse of [`Matrix::hide`].
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

    /// Takes the option of node `p` out of every list it is in, `p`'s own item's included
    /// (nodes of purified items stay, as in [`Matrix::hide`]): a removal by the search's
    /// reasoning, which no solution below the current state needs. `p`'s own item is not
    /// purified.
    #[inline]
    pub(crate) fn remove_option<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        debug_assert!(!COLORS || self.colors[p as usize] != PURIFIED);
        self.hide::<COLORS>(p, updates);
        let Node { up, down, top } = *at(&self.nodes, p);
        at_mut(&mut self.nodes, up).down = down;
        at_mut(&mut self.nodes, down).up = up;
        let len = length_mut(&mut self.len, top);
        *len -= 1;
        if *len == 0 {
            self.emptied = top;
        }
        *updates += 1;
    }

    /// Exact inverse of [`Matrix::remove_option`].
    #[inline]
    pub(crate) fn restore_option<const COLORS: bool>(&mut self, p: u32) {
        let Node { up, down, top } = *at(&self.nodes, p);
        at_mut(&mut self.nodes, up).down = p;
        at_mut(&mut self.nodes, down).up = p;
        *length_mut(&mut self.len, top) += 1;
        self.unhide::<COLORS>(p);
    }

    /// Takes the item of node `p` as the option of `p` requires: covers it when `p` has no
    /// color; when it has one, keeps only the options that agree on that color (purifies),
    /// unless an earlier choice already did.
    #[inline]
    pub(crate) fn commit_node<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
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

    /// Exact inverse of [`Matrix::commit_node`].
    #[inline]
    pub(crate) fn uncommit_node<const COLORS: bool>(&mut self, p: u32) {
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

    /// Exact inverse of [`Matrix::commit_others`].
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
}

#[cfg(test)]
mod tests {
    use super::super::matrix::tests::{knuth_example, matrix};

    #[test]
    fn uncover_restores_cover_exactly() {
        let original = matrix(&knuth_example());
        let mut m = original.clone();
        let mut updates = 0;
        // Every order of covering three items, then uncovering in reverse.
        for a in 1..=7 {
            for b in 1..=7 {
                for c in 1..=7 {
                    if a == b || b == c || a == c {
                        continue;
                    }
                    m.cover::<false>(a, &mut updates);
                    m.check_links().unwrap();
                    m.cover::<false>(b, &mut updates);
                    m.check_links().unwrap();
                    m.cover::<false>(c, &mut updates);
                    m.check_links().unwrap();
                    assert!(!m.is_active(a) && !m.is_active(b) && !m.is_active(c));
                    m.uncover::<false>(c);
                    m.check_links().unwrap();
                    m.uncover::<false>(b);
                    m.uncover::<false>(a);
                    m.check_links().unwrap();
                    assert!(m == original, "cover {a} {b} {c} then uncover");
                }
            }
        }
        assert!(updates > 0);
    }
}
