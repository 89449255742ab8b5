//! Candidates: for every cell, the digits it may still hold (a pencilmark grid).
//!
//! A puzzle given as pencilmarks says more than its givens: a cell with one candidate is a
//! given, and a cell with several may hold only those. Both engines honour them
//! ([`Engine::enumerate_candidates`](super::Engine::enumerate_candidates)): the exact-cover
//! solver removes the options of the excluded digits before searching, the backtracker never
//! tries them.

use super::grid::Grid;

/// The candidates of every position of a grid, as bit masks: bit `d - 1` set when digit `d`
/// is allowed.
///
/// Invariant: `masks.len() == rows * cols`, and no mask has a bit at or beyond `size`.
/// A mask may be empty (the position can hold nothing, so the puzzle has no solution);
/// readers refuse such input with an error naming the cell before it gets here.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    size: usize,
    rows: usize,
    cols: usize,
    masks: Vec<u64>,
}

impl Candidates {
    /// Every digit allowed everywhere in a square grid of side `size` (at most 64).
    ///
    /// # Panics
    ///
    /// If `size` is 0 or larger than 64.
    pub fn all(size: usize) -> Candidates {
        assert!((1..=64).contains(&size), "1 to 64 digits");
        Candidates {
            size,
            rows: size,
            cols: size,
            masks: vec![Self::full(size); size * size],
        }
    }

    /// The mask of every digit `1..=size`.
    pub fn full(size: usize) -> u64 {
        if size >= 64 {
            u64::MAX
        } else {
            (1u64 << size) - 1
        }
    }

    /// The candidates a square grid's givens leave: a given's digit alone at its cell, every
    /// digit elsewhere.
    ///
    /// # Panics
    ///
    /// If the grid is not square or its side is larger than 64.
    pub fn from_grid(grid: &Grid) -> Candidates {
        assert_eq!(grid.rows(), grid.cols(), "a square grid");
        let mut candidates = Candidates::all(grid.rows());
        for (mask, &d) in candidates.masks.iter_mut().zip(grid.cells()) {
            if d != 0 {
                *mask = 1 << (d - 1);
            }
        }
        candidates
    }

    /// Number of digits.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The candidates of every position, row-major.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// The candidates of a position.
    ///
    /// # Panics
    ///
    /// If the position is outside the grid.
    pub fn get(&self, position: usize) -> u64 {
        self.masks[position]
    }

    /// Sets the candidates of a position; bits beyond the digits are dropped.
    ///
    /// # Panics
    ///
    /// If the position is outside the grid.
    pub fn set(&mut self, position: usize, mask: u64) {
        self.masks[position] = mask & Self::full(self.size);
    }

    /// Whether `digit` is a candidate at `position`.
    pub fn allows(&self, position: usize, digit: u8) -> bool {
        digit >= 1 && (digit as usize) <= self.size && self.masks[position] >> (digit - 1) & 1 == 1
    }

    /// The givens: each position with exactly one candidate holds it, the others are empty.
    pub fn givens(&self) -> Grid {
        let cells = self
            .masks
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        Grid::from_area(self.rows, self.cols, cells).expect("the masks' shape")
    }

    /// Whether a filled grid uses only candidates (empty positions are not checked).
    pub fn admits(&self, grid: &Grid) -> bool {
        grid.rows() == self.rows
            && grid.cols() == self.cols
            && grid
                .cells()
                .iter()
                .enumerate()
                .all(|(p, &d)| d == 0 || self.allows(p, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_are_the_single_candidates() {
        let mut candidates = Candidates::all(4);
        candidates.set(0, 0b0100);
        candidates.set(5, 0b0011);
        candidates.set(6, 0xff);
        assert_eq!(candidates.get(6), 0b1111);
        assert_eq!(candidates.givens().to_line(), "3...............");
        assert!(candidates.allows(5, 2) && !candidates.allows(5, 3) && !candidates.allows(5, 0));
        let grid = Grid::from_cells(4, vec![3; 16]).unwrap();
        assert!(!candidates.admits(&grid));
        let back = Candidates::from_grid(&candidates.givens());
        assert_eq!(back.get(0), 0b0100);
        assert_eq!(back.get(5), 0b1111);
    }
}
