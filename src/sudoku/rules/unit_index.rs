//! Units, the backbone of every sudoku: sets of cells whose digits must all differ. Rows,
//! columns, boxes, jigsaw regions, diagonals, windoku windows, cages and units the user gives
//! are all units; a unit of `n` cells holds every digit once, a smaller one each at most once.

use std::collections::HashMap;
use std::fmt;

/// What a unit is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitKind {
    /// A row of a sub-grid, 0-based.
    Row(usize),
    /// A column of a sub-grid, 0-based.
    Column(usize),
    /// A box, 0-based, numbered left to right then top to bottom.
    Box(usize),
    /// A jigsaw region, by its label.
    Region(char),
    /// The diagonal from top left to bottom right.
    Diagonal,
    /// The diagonal from top right to bottom left.
    AntiDiagonal,
    /// A windoku window, 0-based, left to right then top to bottom.
    Window(usize),
    /// A disjoint group: the cells at one place (0-based, reading order) in their boxes.
    Group(usize),
    /// A unit given by the user, 0-based.
    Extra(usize),
    /// A killer cage, 0-based.
    Cage(usize),
    /// A line whose cells differ (a renban line), by its kind's name and its 0-based number.
    Line(&'static str, usize),
}

/// Cells whose digits must all differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// What the unit is.
    pub kind: UnitKind,
    /// The sub-grid it belongs to, when there are several.
    pub grid: Option<usize>,
    /// Its positions (row-major in the area), in increasing order.
    pub cells: Vec<usize>,
}

impl fmt::Display for Unit {
    /// One-based, as a person counts: `row 1`, `box 5 of grid 3`, `region B`, `cage 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            UnitKind::Row(r) => write!(f, "row {}", r + 1)?,
            UnitKind::Column(c) => write!(f, "column {}", c + 1)?,
            UnitKind::Box(b) => write!(f, "box {}", b + 1)?,
            UnitKind::Region(label) => write!(f, "region {label}")?,
            UnitKind::Diagonal => f.write_str("diagonal")?,
            UnitKind::AntiDiagonal => f.write_str("anti-diagonal")?,
            UnitKind::Window(w) => write!(f, "window {}", w + 1)?,
            UnitKind::Group(k) => write!(f, "disjoint group {}", k + 1)?,
            UnitKind::Extra(u) => write!(f, "unit {}", u + 1)?,
            UnitKind::Cage(c) => write!(f, "cage {}", c + 1)?,
            UnitKind::Line(name, k) => write!(f, "{name} {}", k + 1)?,
        }
        if let Some(g) = self.grid {
            write!(f, " of grid {}", g + 1)?;
        }
        Ok(())
    }
}

/// The units of a rule set, one per cell set, and which units hold each position.
///
/// Invariants: no two units have the same cell set (a later unit over the cells of an earlier
/// one is merged into it, keeping the earlier one's kind); `units_of[p]` lists, in increasing
/// order, the units containing position `p`; `by_cells` maps each unit's cells to its index.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UnitIndex {
    units: Vec<Unit>,
    units_of: Vec<Vec<usize>>,
    by_cells: HashMap<Vec<usize>, usize>,
}

impl UnitIndex {
    /// Indexes `units` over an area of `area` positions, merging units with the same cells.
    pub fn new(units: Vec<Unit>, area: usize) -> UnitIndex {
        let mut kept: Vec<Unit> = Vec::with_capacity(units.len());
        let mut by_cells: HashMap<Vec<usize>, usize> = HashMap::with_capacity(units.len());
        for unit in units {
            by_cells.entry(unit.cells.clone()).or_insert_with(|| {
                kept.push(unit);
                kept.len() - 1
            });
        }
        let units_of = by_position(area, kept.iter().map(|unit| &unit.cells[..]));
        UnitIndex {
            units: kept,
            units_of,
            by_cells,
        }
    }

    /// Every unit.
    pub fn all(&self) -> &[Unit] {
        &self.units
    }

    /// Indices into [`UnitIndex::all`] of the units containing a position.
    pub fn of(&self, position: usize) -> &[usize] {
        &self.units_of[position]
    }

    /// The unit over exactly these cells (in increasing order), if there is one.
    pub(crate) fn with_cells(&self, cells: &[usize]) -> Option<usize> {
        self.by_cells.get(cells).copied()
    }

    /// Whether two positions share a unit.
    pub fn share(&self, a: usize, b: usize) -> bool {
        self.units_of[a]
            .iter()
            .any(|u| self.units_of[b].contains(u))
    }
}
/// For each of `area` positions, the indices of the lists of cells (positions) in `lists`
/// that hold it, in order: the units of a cell, the lines of a cell.
pub(crate) fn by_position<'a>(
    area: usize,
    lists: impl IntoIterator<Item = &'a [usize]>,
) -> Vec<Vec<usize>> {
    let mut of = vec![Vec::new(); area];
    for (k, cells) in lists.into_iter().enumerate() {
        for &p in cells {
            of[p].push(k);
        }
    }
    of
}
