//! What a family's random instance is made from ([`Family::random`](super::Family::random)):
//! a small grid's geometry, a solution of its plain rules, and random numbers. The property
//! tests go over the list of families by name and ask each for random instances, cut from
//! the solution so that most of them keep it; the family file is the one place that knows
//! its instances' shape.

use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::rng::Rng;

use super::fpuzzles_io::Place;
use super::geometry::Geometry;

/// A random instance in the making: the geometry of one square grid (4x4 or 6x6 in the
/// tests), a solution of its plain rules, and a seeded stream of random numbers.
///
/// Invariant: `solution` is a filled grid of `geometry` that keeps its rows, columns and
/// boxes (a solution of the plain rules).
#[derive(Debug, Clone)]
pub struct Sample<'a> {
    geometry: &'a Geometry,
    solution: &'a Grid,
    rng: Rng,
}

impl<'a> Sample<'a> {
    /// A sample of `geometry` (one grid, no overlap) around `solution` (a solution of its
    /// plain rules), with random numbers from `seed`.
    pub fn new(geometry: &'a Geometry, solution: &'a Grid, seed: u64) -> Sample<'a> {
        Sample {
            geometry,
            solution,
            rng: Rng::new(seed),
        }
    }

    /// The grid's geometry.
    pub fn geometry(&self) -> &'a Geometry {
        self.geometry
    }

    /// The number of digits (and of rows and columns).
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The solution of the plain rules the instance is cut from.
    pub fn solution(&self) -> &'a Grid {
        self.solution
    }

    /// The solution's digit at position `p` (row-major).
    pub fn digit(&self, p: usize) -> u32 {
        u32::from(self.solution.cells()[p])
    }

    /// The solution's digit in `cell`.
    pub fn digit_at(&self, cell: Cell) -> u32 {
        u32::from(self.solution.get(cell.row, cell.col))
    }

    /// The cell at position `p`.
    pub fn cell(&self, p: usize) -> Cell {
        Cell::from_index(p, self.size())
    }

    /// A number in `0..n` (`n >= 1`).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    /// True once in `n` times.
    pub(crate) fn one_in(&mut self, n: usize) -> bool {
        self.rng.below(n) == 0
    }

    /// A random position of the grid.
    pub fn position(&mut self) -> usize {
        let n = self.size();
        self.rng.below(n * n)
    }

    /// The positions of the grid in a random order.
    pub fn positions(&mut self) -> Vec<usize> {
        let n = self.size();
        let mut order: Vec<usize> = (0..n * n).collect();
        self.rng.shuffle(&mut order);
        order
    }

    /// Shuffles `items`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.rng.shuffle(items);
    }

    /// The grid's positions in a random order cut into groups of `size` cells whose digits
    /// in the solution differ (the last group may be smaller; a position whose digit the
    /// group being filled holds is left out): cages, extra units.
    pub fn groups(&mut self, size: usize) -> Vec<Vec<usize>> {
        let mut groups = Vec::new();
        let mut current: Vec<usize> = Vec::new();
        for p in self.positions() {
            if current.iter().all(|&q| self.digit(q) != self.digit(p)) {
                current.push(p);
            }
            if current.len() >= size {
                groups.push(std::mem::take(&mut current));
            }
        }
        if !current.is_empty() {
            groups.push(current);
        }
        groups
    }

    /// Pairs of side neighbours (each cell with the one right of it and the one below it),
    /// each taken once in `share` times: where marks between two cells go.
    pub fn neighbours(&mut self, share: usize) -> Vec<[Cell; 2]> {
        let n = self.size();
        let mut out = Vec::new();
        for p in 0..n * n {
            let a = self.cell(p);
            let right = Cell {
                row: a.row,
                col: a.col + 1,
            };
            let below = Cell {
                row: a.row + 1,
                col: a.col,
            };
            for b in [right, below] {
                if b.row < n && b.col < n && self.one_in(share) {
                    out.push([a, b]);
                }
            }
        }
        out
    }

    /// A random place beside the grid (row or column 0 or `n + 1`) facing a row or column.
    pub fn outside(&mut self) -> Place {
        let n = self.size();
        let k = 1 + self.rng.below(n);
        match self.rng.below(4) {
            0 => Place { row: 0, col: k },
            1 => Place { row: n + 1, col: k },
            2 => Place { row: k, col: 0 },
            _ => Place { row: k, col: n + 1 },
        }
    }
}
