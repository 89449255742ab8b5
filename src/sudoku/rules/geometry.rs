//! The shape of a puzzle: how many digits, how the grid is cut into boxes or jigsaw regions,
//! and where its sub-grids lie in the *area* (one grid, or several overlapping ones such as a
//! samurai). Every constraint reads positions through it.
//!
//! Positions are row-major indices into the area; a position is *active* when some sub-grid
//! covers it (the holes between the grids of a samurai are not).

use crate::sudoku::grid::{Cell, MAX_SIZE};
use crate::sudoku::symbols::Symbols;

use super::error::RulesError;
use super::limits::MAX_AREA;

/// Top-left corners of the five grids of a samurai (9x9 grids in a 21x21 area).
pub const SAMURAI: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// The names of the layouts of overlapping 9x9 grids, for [`layout`].
pub const LAYOUTS: [&str; 4] = ["samurai", "twodoku", "butterfly", "flower"];

/// Named layouts of overlapping 9x9 grids: top-left corners.
pub fn layout(name: &str) -> Option<Vec<(usize, usize)>> {
    match name {
        "samurai" => Some(SAMURAI.to_vec()),
        // Two grids sharing a corner box.
        "twodoku" => Some(vec![(0, 0), (6, 6)]),
        // Four grids in a 12x12 square, each overlapping its neighbours by two thirds.
        "butterfly" => Some(vec![(0, 0), (0, 3), (3, 0), (3, 3)]),
        // A centre grid and four grids sharing six of its boxes each.
        "flower" => Some(vec![(3, 3), (0, 3), (3, 0), (3, 6), (6, 3)]),
        _ => None,
    }
}

/// The name of a layout of 9x9 grids given by its corners, if it is one of [`LAYOUTS`].
pub fn layout_name(size: usize, grids: &[(usize, usize)]) -> Option<&'static str> {
    LAYOUTS
        .into_iter()
        .find(|name| size == 9 && layout(name).as_deref() == Some(grids))
}

/// The label of a cell in no region (f-puzzles' `"region": null` or `-1`): it is in no
/// box-like unit.
pub const NO_REGION: char = '.';

/// The most square box for `n` digits: rows <= columns, rows as large as possible.
pub fn default_box(n: usize) -> (usize, usize) {
    let rows = (1..=n)
        .filter(|r| n % r == 0 && r * r <= n)
        .max()
        .unwrap_or(1);
    (rows, n / rows.max(1))
}

/// The checked shape of a puzzle.
///
/// Invariants: `1 <= size <= MAX_SIZE`; `box_rows * box_cols == size`; `grids` holds at least
/// one corner and the area (`rows` x `cols`, at most [`MAX_AREA`] positions) is the smallest
/// rectangle holding every sub-grid; `active[p]` says whether a sub-grid covers position `p`,
/// and `cells` lists the active positions in increasing order; `regions`, when present, has
/// one label per cell of the single grid and every label but [`NO_REGION`] names exactly
/// `size` cells (cells labelled [`NO_REGION`] are in no region).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    rows: usize,
    cols: usize,
    grids: Vec<(usize, usize)>,
    regions: Option<Vec<char>>,
    active: Vec<bool>,
    cells: Vec<usize>,
    symbols: Symbols,
}

impl Geometry {
    /// Checks a shape: `size` digits, boxes of `box_shape` (the most square one for `None`) or
    /// jigsaw `regions` (one label per cell, row-major), sub-grids at `grids` (one at (0, 0)
    /// for an empty list), digits written with `symbols` (the default alphabet for `None`).
    ///
    /// # Errors
    ///
    /// A [`RulesError`] saying what does not make sense: no digits or too many, a box that
    /// does not tile the grid, an alphabet of the wrong length, regions of the wrong size or
    /// with several grids, an area too large.
    pub fn new(
        size: usize,
        box_shape: Option<(usize, usize)>,
        regions: Option<&[char]>,
        grids: &[(usize, usize)],
        symbols: Option<&Symbols>,
    ) -> Result<Geometry, RulesError> {
        let n = size;
        if n == 0 || n > MAX_SIZE {
            return Err(RulesError::Size(n));
        }
        let symbols = match symbols {
            Some(symbols) if symbols.len() != n => {
                return Err(RulesError::Symbols {
                    symbols: symbols.len(),
                    size: n,
                })
            }
            Some(symbols) => symbols.clone(),
            None => Symbols::default_for(n),
        };
        let (box_rows, box_cols) = box_shape.unwrap_or_else(|| default_box(n));
        if box_rows == 0 || box_cols == 0 || box_rows.checked_mul(box_cols) != Some(n) {
            return Err(RulesError::BadBox {
                rows: box_rows,
                cols: box_cols,
                size: n,
            });
        }
        let grids = if grids.is_empty() {
            vec![(0, 0)]
        } else {
            grids.to_vec()
        };
        let rows = grids
            .iter()
            .map(|g| g.0.saturating_add(n))
            .max()
            .unwrap_or(n);
        let cols = grids
            .iter()
            .map(|g| g.1.saturating_add(n))
            .max()
            .unwrap_or(n);
        if rows.saturating_mul(cols) > MAX_AREA {
            return Err(RulesError::AreaTooLarge { rows, cols });
        }
        let mut active = vec![false; rows * cols];
        for &(r0, c0) in &grids {
            for r in r0..r0 + n {
                active[r * cols + c0..r * cols + c0 + n].fill(true);
            }
        }
        let cells: Vec<usize> = (0..rows * cols).filter(|&p| active[p]).collect();
        if let Some(labels) = regions {
            if grids.len() > 1 {
                return Err(RulesError::RegionsWithGrids);
            }
            if labels.len() != n * n {
                return Err(RulesError::RegionCount {
                    found: labels.len(),
                    expected: n * n,
                });
            }
            for label in region_labels(labels) {
                let cells = labels.iter().filter(|&&l| l == label).count();
                if cells != n {
                    return Err(RulesError::RegionSize {
                        label,
                        cells,
                        size: n,
                    });
                }
            }
        }
        Ok(Geometry {
            size,
            box_rows,
            box_cols,
            rows,
            cols,
            grids,
            regions: regions.map(<[char]>::to_vec),
            active,
            cells,
            symbols,
        })
    }

    /// Digits, which is also the side of every sub-grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Rows and columns of a box.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// Rows of the area.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the area.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Top-left corners of the sub-grids (one, at (0, 0), for a plain grid).
    pub fn grids(&self) -> &[(usize, usize)] {
        &self.grids
    }

    /// The jigsaw regions' labels, one per cell of the grid, when they replace the boxes
    /// ([`NO_REGION`] for a cell in none).
    pub fn regions(&self) -> Option<&[char]> {
        self.regions.as_deref()
    }

    /// The alphabet.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Whether a position of the area belongs to a sub-grid.
    pub fn is_active(&self, position: usize) -> bool {
        self.active[position]
    }

    /// The active positions, in increasing order.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The cell at a position.
    pub fn cell(&self, position: usize) -> Cell {
        Cell::from_index(position, self.cols)
    }

    /// The position of a cell, if it lies in the area and some sub-grid covers it.
    pub fn position(&self, cell: Cell) -> Option<usize> {
        let p = cell.row.checked_mul(self.cols)?.checked_add(cell.col)?;
        (cell.row < self.rows && cell.col < self.cols && self.active[p]).then_some(p)
    }

    /// The position `(dr, dc)` away from `p`, if it is active.
    pub fn offset(&self, p: usize, dr: isize, dc: isize) -> Option<usize> {
        let (r, c) = ((p / self.cols) as isize + dr, (p % self.cols) as isize + dc);
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return None;
        }
        let q = r as usize * self.cols + c as usize;
        self.active[q].then_some(q)
    }

    /// The positions of a list of cells that must lie in the grid, each once, and number 1 to
    /// `size` (a unit or cage), in increasing order.
    ///
    /// # Errors
    ///
    /// [`RulesError::CellOutside`], [`RulesError::CellTwice`] or [`RulesError::UnitSize`],
    /// naming the list as `what`.
    pub fn unit_cells(&self, what: &str, list: &[Cell]) -> Result<Vec<usize>, RulesError> {
        let mut cells = self.positions(what, list)?;
        if cells.is_empty() || cells.len() > self.size {
            return Err(RulesError::UnitSize {
                what: what.to_string(),
                cells: cells.len(),
                size: self.size,
            });
        }
        cells.sort_unstable();
        Ok(cells)
    }

    /// The positions of a list of cells that must lie in the grid, each once, in the list's
    /// order.
    ///
    /// # Errors
    ///
    /// [`RulesError::CellOutside`] or [`RulesError::CellTwice`], naming the list as `what`.
    pub fn positions(&self, what: &str, list: &[Cell]) -> Result<Vec<usize>, RulesError> {
        let mut cells = Vec::with_capacity(list.len());
        for &cell in list {
            let Some(p) = self.position(cell) else {
                return Err(RulesError::CellOutside {
                    what: what.to_string(),
                    cell,
                });
            };
            if cells.contains(&p) {
                return Err(RulesError::CellTwice {
                    what: what.to_string(),
                    cell,
                });
            }
            cells.push(p);
        }
        Ok(cells)
    }
}

/// The distinct labels of a region map, in order of first appearance ([`NO_REGION`] left out:
/// it names no region).
pub fn region_labels(labels: &[char]) -> Vec<char> {
    let mut order: Vec<char> = Vec::new();
    for &label in labels {
        if label != NO_REGION && !order.contains(&label) {
            order.push(label);
        }
    }
    order
}
