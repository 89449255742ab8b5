//! What the families whose cells take different digits share for their independent checks
//! (the grid's own units, extra units, cages, anti-knight and anti-king): the validator's
//! [`repeats`], the first repeated digit of a group, and the reference backtracker's
//! [`Peers`], each position's cells that must differ. Written from the rule's meaning,
//! apart from the units and pairs the encoding uses.

use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::rules::constraint::Reference;
use crate::sudoku::rules::cover::encoder::full_mask;
use crate::sudoku::rules::error::Violation;
use crate::sudoku::rules::geometry::Geometry;

/// The first two cells of `cells` that hold the same digit in `solution`, as a violation of
/// the group `what`.
pub(crate) fn repeats(solution: &Grid, what: &str, cells: &[Cell]) -> Result<(), Violation> {
    for (i, a) in cells.iter().enumerate() {
        for b in &cells[i + 1..] {
            let d = solution.get(a.row, a.col);
            if d == solution.get(b.row, b.col) {
                return Err(Violation::Repeated {
                    first: (*a).min(*b),
                    second: (*a).max(*b),
                    digit: d,
                    what: what.to_string(),
                });
            }
        }
    }
    Ok(())
}

/// Groups of positions whose digits must all differ, as the reference backtracker sees them:
/// each position's peers.
#[derive(Debug)]
pub(crate) struct Peers {
    n: usize,
    peers: Vec<Vec<usize>>,
}

impl Peers {
    /// The peers of every position from groups of positions that must differ.
    pub(crate) fn new(g: &Geometry, groups: impl Iterator<Item = Vec<usize>>) -> Peers {
        let mut peers = vec![Vec::new(); g.rows() * g.cols()];
        for cells in groups {
            for &a in &cells {
                peers[a].extend(cells.iter().copied().filter(|&b| b != a));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        Peers { n: g.size(), peers }
    }

    /// The reference backtracker's view of groups of cells whose digits differ (each group's
    /// cells in the grid); `None` when there is no group.
    pub(crate) fn of_cells<'a>(
        g: &Geometry,
        groups: impl IntoIterator<Item = &'a Vec<Cell>>,
    ) -> Option<Box<dyn Reference>> {
        let cols = g.cols();
        let mut groups = groups.into_iter().peekable();
        groups.peek()?;
        let positions = groups.map(|cells| cells.iter().map(|c| c.row * cols + c.col).collect());
        Some(Box::new(Peers::new(g, positions)))
    }

    /// Peers from explicit pairs of positions.
    pub(crate) fn from_pairs(g: &Geometry, pairs: impl Iterator<Item = (usize, usize)>) -> Peers {
        let mut peers = vec![Vec::new(); g.rows() * g.cols()];
        for (a, b) in pairs {
            peers[a].push(b);
            peers[b].push(a);
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        Peers { n: g.size(), peers }
    }
}

impl Reference for Peers {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let mut free = full_mask(self.n);
        for &q in &self.peers[p] {
            if cells[q] != 0 {
                free &= !(1u64 << (cells[q] - 1));
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.peers[p].iter().any(|&q| cells[q] == cells[p])
    }
}
