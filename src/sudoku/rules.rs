//! The rules of a sudoku: what the puzzle says ([`Spec`]) and the units and constraints that
//! follow from it ([`Rules`]).
//!
//! A *unit* is a set of cells whose digits must all differ: rows, columns, boxes, jigsaw
//! regions, diagonals, windoku windows, cages, units given by the user. A unit of `n` cells
//! holds every digit once; a smaller one holds each at most once. *Pairs* are constraints
//! between two cells that share no unit: a knight's or king's move apart (never equal) and
//! orthogonal neighbours (never consecutive). The exact-cover encoding works from these lists
//! only. The reference backtracker and the validator do not: they read the [`Spec`] and work
//! the rules out on their own, so that the tests compare independent implementations.

use std::fmt;

use thiserror::Error;

use super::grid::{Cell, Grid};
use super::symbols::Symbols;

/// Largest supported number of digits (side of a sub-grid).
pub const MAX_SIZE: usize = 64;

/// Largest number of cells in the whole area.
pub const MAX_AREA: usize = 1 << 16;

/// Most digit sets a rule set's cages may allow in all (each becomes an option).
pub const MAX_CAGE_SETS: u64 = 1_000_000;

/// Most entries (item occurrences in options, the nodes of the dancing-links matrix) the
/// encoding of a rule set may have: about 700 MB of matrix. The largest plain area (16 grids
/// of 64x64) takes 16.8 million; adding anti-knight, anti-king and non-consecutive to it would
/// take several times more, and is refused.
pub const MAX_ENTRIES: u64 = 25_000_000;

/// Top-left corners of the five grids of a samurai (9x9 grids in a 21x21 area).
pub const SAMURAI: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// A killer cage: its cells hold different digits that add up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// The required sum.
    pub sum: u32,
    /// Its cells.
    pub cells: Vec<Cell>,
}

/// What a puzzle's rules say, as written in a puzzle file.
///
/// Positions are in the *area*: for one grid, the grid itself; for several (samurai), the
/// smallest rectangle holding every sub-grid.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Spec {
    /// Digits, and the side of every sub-grid.
    pub size: usize,
    /// Rows and columns of a box; `None` for the most square shape (rows <= columns).
    /// Unused where `regions` replace the boxes.
    pub box_shape: Option<(usize, usize)>,
    /// A region label per cell of the grid, row-major; cells with the same label form a
    /// region, and the regions replace the boxes. One grid only.
    pub regions: Option<Vec<char>>,
    /// Top-left corners of the sub-grids; empty for a single grid at (0, 0).
    pub grids: Vec<(usize, usize)>,
    /// Both main diagonals of every sub-grid are units (X-sudoku).
    pub diagonals: bool,
    /// Box-shaped windows between the boxes are units (windoku: four in a 9x9).
    pub windoku: bool,
    /// Cells a knight's move apart differ.
    pub anti_knight: bool,
    /// Cells a king's move apart differ.
    pub anti_king: bool,
    /// Orthogonal neighbours never hold consecutive digits.
    pub non_consecutive: bool,
    /// Extra units given by the user.
    pub units: Vec<Vec<Cell>>,
    /// Killer cages.
    pub cages: Vec<Cage>,
    /// The alphabet; `None` for the default one.
    pub symbols: Option<Symbols>,
}

impl Spec {
    /// Plain rules for `size` digits with the default box shape.
    pub fn new(size: usize) -> Spec {
        Spec {
            size,
            ..Spec::default()
        }
    }
}

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
    /// A unit given by the user, 0-based.
    Extra(usize),
    /// A killer cage, 0-based.
    Cage(usize),
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
            UnitKind::Extra(u) => write!(f, "unit {}", u + 1)?,
            UnitKind::Cage(c) => write!(f, "cage {}", c + 1)?,
        }
        if let Some(g) = self.grid {
            write!(f, " of grid {}", g + 1)?;
        }
        Ok(())
    }
}

/// How two cells that share no unit constrain each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairKind {
    /// A knight's move apart: different digits.
    Knight,
    /// A king's move apart: different digits.
    King,
    /// Orthogonal neighbours: digits that do not differ by 1.
    NonConsecutive,
}

impl fmt::Display for PairKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PairKind::Knight => "a knight's move apart",
            PairKind::King => "a king's move apart",
            PairKind::NonConsecutive => "neighbours",
        })
    }
}

/// A constraint between two positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The earlier position (row-major).
    pub a: usize,
    /// The later position.
    pub b: usize,
    /// What the constraint is.
    pub kind: PairKind,
}

/// Why rules could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// No digits, or more than [`MAX_SIZE`].
    #[error("a grid of {0} digits is not supported (1 to {MAX_SIZE})")]
    Size(usize),
    /// A box shape that does not tile the grid.
    #[error("box {rows}x{cols} does not tile the {size}x{size} grid")]
    BadBox {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
        /// Side of the grid.
        size: usize,
    },
    /// The alphabet does not have one symbol per digit.
    #[error("the alphabet has {symbols} symbols for {size} digits")]
    Symbols {
        /// Symbols given.
        symbols: usize,
        /// Digits.
        size: usize,
    },
    /// Regions of the wrong number or size.
    #[error("region {label} has {cells} cells, every region needs {size}")]
    RegionSize {
        /// The region's label.
        label: char,
        /// Its cells.
        cells: usize,
        /// The size it needs.
        size: usize,
    },
    /// A region map that does not cover the grid.
    #[error("the regions give {found} labels for the {expected} cells of the grid")]
    RegionCount {
        /// Labels given.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// Regions with several sub-grids.
    #[error(
        "regions replace the boxes of a single grid; they cannot be combined with several grids"
    )]
    RegionsWithGrids,
    /// A cell outside every sub-grid.
    #[error("{what}: {cell} is outside the grid")]
    CellOutside {
        /// Which unit or cage.
        what: String,
        /// The cell.
        cell: Cell,
    },
    /// A cell listed twice in a unit or cage.
    #[error("{what}: {cell} is listed twice")]
    CellTwice {
        /// Which unit or cage.
        what: String,
        /// The cell.
        cell: Cell,
    },
    /// A unit or cage with no cells, or more than there are digits.
    #[error("{what} has {cells} cells; a unit holds 1 to {size}")]
    UnitSize {
        /// Which unit or cage.
        what: String,
        /// Its cells.
        cells: usize,
        /// Digits.
        size: usize,
    },
    /// A cage sum that no set of different digits reaches.
    #[error(
        "cage {cage}: {} cannot add up to {sum} (possible: {min} to {max})",
        if *cells == 1 { "one digit".to_string() } else { format!("{cells} different digits") }
    )]
    CageSum {
        /// 1-based cage number.
        cage: usize,
        /// Its cells.
        cells: usize,
        /// The sum asked.
        sum: u32,
        /// Smallest reachable sum.
        min: u32,
        /// Largest reachable sum.
        max: u32,
    },
    /// Two cages over the same cells (the encoding gives each cell set one unit, shared by
    /// both cages, so the second would silently contradict the first).
    #[error("cage {second} has the same cells as cage {first}")]
    SameCage {
        /// The earlier cage, 1-based.
        first: usize,
        /// The later cage, 1-based.
        second: usize,
    },
    /// Cages that allow too many digit sets to encode.
    #[error("the cages allow {sets} digit sets in all, more than the {MAX_CAGE_SETS} supported")]
    CagesTooLarge {
        /// Digit sets.
        sets: u64,
    },
    /// Rules whose exact-cover encoding would be too large to hold.
    #[error(
        "the rules would need an exact-cover matrix of {entries} entries, more than the \
         {MAX_ENTRIES} supported (fewer or smaller grids, or fewer pair rules)"
    )]
    EncodingTooLarge {
        /// Entries the encoding would have.
        entries: u64,
    },
    /// An area too large to hold.
    #[error("an area of {rows}x{cols} cells is more than the {MAX_AREA} supported")]
    AreaTooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

/// Why a puzzle cannot be searched under its rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Two givens with the same digit in one unit.
    #[error("{first} and {second} both hold {symbol} ({unit})")]
    Conflict {
        /// The earlier cell in row-major order.
        first: Cell,
        /// The later cell.
        second: Cell,
        /// The digit, as written.
        symbol: String,
        /// The unit they share, as a person names it.
        unit: String,
    },
    /// Two givens that break a pair constraint.
    #[error("{first} holds {first_symbol} and {second} holds {second_symbol} ({kind})")]
    Pair {
        /// The earlier cell.
        first: Cell,
        /// Its digit.
        first_symbol: String,
        /// The later cell.
        second: Cell,
        /// Its digit.
        second_symbol: String,
        /// The constraint.
        kind: PairKind,
    },
    /// Givens in a cage that already overshoot its sum, or fill it with another sum.
    #[error("cage {cage} must add up to {sum}, its givens add up to {found}")]
    CageSum {
        /// 1-based cage number.
        cage: usize,
        /// The cage's sum.
        sum: u32,
        /// The givens' sum.
        found: u32,
    },
    /// A digit beyond the rules' digits.
    #[error("{cell} holds {digit}, the puzzle has digits 1 to {size}")]
    DigitOutOfRange {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// Digits.
        size: usize,
    },
    /// A given that breaks the rules in a way no other variant describes.
    #[error("{cell}: this given breaks the rules")]
    Given {
        /// The cell.
        cell: Cell,
    },
    /// The grid is not the size the rules are for.
    #[error("the grid is {found_rows}x{found_cols}, the rules are for {rows}x{cols}")]
    WrongSize {
        /// Rows the rules expect.
        rows: usize,
        /// Columns the rules expect.
        cols: usize,
        /// Rows of the grid.
        found_rows: usize,
        /// Columns of the grid.
        found_cols: usize,
    },
}

/// The rules of a sudoku, checked and worked out: units and pairs over the active positions of
/// the area.
///
/// Invariants: every unit has 1 to `size` distinct active positions and no two units have the
/// same cell set; `units_of[p]` lists, in increasing order, the units containing position `p`;
/// `pairs` only join active positions that share no unit (except non-consecutive pairs, which
/// are kept even then), each pair once with `a < b`; `cage_units[k]` is the unit of cage `k`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    spec: Spec,
    symbols: Symbols,
    box_rows: usize,
    box_cols: usize,
    rows: usize,
    cols: usize,
    grids: Vec<(usize, usize)>,
    active: Vec<bool>,
    cells: Vec<usize>,
    units: Vec<Unit>,
    units_of: Vec<Vec<usize>>,
    pairs: Vec<Pair>,
    cage_units: Vec<usize>,
}

/// The most square box for `n` digits: rows <= columns, rows as large as possible.
pub fn default_box(n: usize) -> (usize, usize) {
    let rows = (1..=n)
        .filter(|r| n % r == 0 && r * r <= n)
        .max()
        .unwrap_or(1);
    (rows, n / rows.max(1))
}

impl Rules {
    /// Classic sudoku: 9x9 with 3x3 boxes.
    pub fn classic() -> Self {
        Self::with_boxes(3, 3).expect("3x3 boxes are valid")
    }

    /// A grid of side `box_rows * box_cols` cut into boxes of `box_rows` rows and `box_cols`
    /// columns (`2, 3` gives the 6x6 sudoku with boxes two rows high).
    ///
    /// # Errors
    ///
    /// [`RulesError`] for a zero side or a grid larger than [`MAX_SIZE`].
    pub fn with_boxes(box_rows: usize, box_cols: usize) -> Result<Self, RulesError> {
        Rules::new(Spec {
            size: box_rows.saturating_mul(box_cols),
            box_shape: Some((box_rows, box_cols)),
            ..Spec::default()
        })
    }

    /// Checks a rule description and works out its units and pairs.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] saying what does not make sense: a box that does not tile the grid, a
    /// region of the wrong size, a cell outside the grid, a cage sum no set of different digits
    /// reaches, and so on.
    pub fn new(spec: Spec) -> Result<Rules, RulesError> {
        let n = spec.size;
        if n == 0 || n > MAX_SIZE {
            return Err(RulesError::Size(n));
        }
        let symbols = match &spec.symbols {
            Some(symbols) if symbols.len() != n => {
                return Err(RulesError::Symbols {
                    symbols: symbols.len(),
                    size: n,
                })
            }
            Some(symbols) => symbols.clone(),
            None => Symbols::default_for(n),
        };
        let (box_rows, box_cols) = spec.box_shape.unwrap_or_else(|| default_box(n));
        if box_rows == 0 || box_cols == 0 || box_rows.checked_mul(box_cols) != Some(n) {
            return Err(RulesError::BadBox {
                rows: box_rows,
                cols: box_cols,
                size: n,
            });
        }
        let grids = if spec.grids.is_empty() {
            vec![(0, 0)]
        } else {
            spec.grids.clone()
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
        let multi = grids.len() > 1;
        let at = |r: usize, c: usize| r * cols + c;

        let mut units: Vec<Unit> = Vec::new();
        for (g, &(r0, c0)) in grids.iter().enumerate() {
            let grid = multi.then_some(g);
            let mut unit =
                |kind: UnitKind, cells: Vec<usize>| units.push(Unit { kind, grid, cells });
            for r in 0..n {
                unit(
                    UnitKind::Row(r),
                    (0..n).map(|c| at(r0 + r, c0 + c)).collect(),
                );
            }
            for c in 0..n {
                unit(
                    UnitKind::Column(c),
                    (0..n).map(|r| at(r0 + r, c0 + c)).collect(),
                );
            }
            if spec.regions.is_none() {
                let stacks = n / box_cols;
                for b in 0..n {
                    let (top, left) = ((b / stacks) * box_rows, (b % stacks) * box_cols);
                    let cells = (0..n)
                        .map(|k| at(r0 + top + k / box_cols, c0 + left + k % box_cols))
                        .collect();
                    unit(UnitKind::Box(b), cells);
                }
            }
            if spec.diagonals {
                unit(
                    UnitKind::Diagonal,
                    (0..n).map(|k| at(r0 + k, c0 + k)).collect(),
                );
                unit(
                    UnitKind::AntiDiagonal,
                    (0..n).map(|k| at(r0 + k, c0 + n - 1 - k)).collect(),
                );
            }
            if spec.windoku {
                for (w, (top, left)) in windows(n, box_rows, box_cols).into_iter().enumerate() {
                    let cells = (0..n)
                        .map(|k| at(r0 + top + k / box_cols, c0 + left + k % box_cols))
                        .collect();
                    unit(UnitKind::Window(w), cells);
                }
            }
        }
        if let Some(labels) = &spec.regions {
            if multi {
                return Err(RulesError::RegionsWithGrids);
            }
            if labels.len() != n * n {
                return Err(RulesError::RegionCount {
                    found: labels.len(),
                    expected: n * n,
                });
            }
            let mut order: Vec<char> = Vec::new();
            for &label in labels {
                if !order.contains(&label) {
                    order.push(label);
                }
            }
            for &label in &order {
                let cells: Vec<usize> = (0..n * n).filter(|&p| labels[p] == label).collect();
                if cells.len() != n {
                    return Err(RulesError::RegionSize {
                        label,
                        cells: cells.len(),
                        size: n,
                    });
                }
                units.push(Unit {
                    kind: UnitKind::Region(label),
                    grid: None,
                    cells,
                });
            }
        }
        let listed = |what: String, list: &[Cell]| -> Result<Vec<usize>, RulesError> {
            let mut cells = Vec::with_capacity(list.len());
            for &cell in list {
                if cell.row >= rows || cell.col >= cols || !active[at(cell.row, cell.col)] {
                    return Err(RulesError::CellOutside { what, cell });
                }
                let p = at(cell.row, cell.col);
                if cells.contains(&p) {
                    return Err(RulesError::CellTwice { what, cell });
                }
                cells.push(p);
            }
            if cells.is_empty() || cells.len() > n {
                return Err(RulesError::UnitSize {
                    what,
                    cells: cells.len(),
                    size: n,
                });
            }
            cells.sort_unstable();
            Ok(cells)
        };
        for (k, list) in spec.units.iter().enumerate() {
            let cells = listed(format!("unit {}", k + 1), list)?;
            units.push(Unit {
                kind: UnitKind::Extra(k),
                grid: None,
                cells,
            });
        }
        let mut cage_sets = 0u64;
        let mut cage_cells = Vec::with_capacity(spec.cages.len());
        for (k, cage) in spec.cages.iter().enumerate() {
            let cells = listed(format!("cage {}", k + 1), &cage.cells)?;
            let size = cells.len() as u32;
            let (min, max) = (size * (size + 1) / 2, size * (2 * n as u32 - size + 1) / 2);
            if cage.sum < min || cage.sum > max {
                return Err(RulesError::CageSum {
                    cage: k + 1,
                    cells: cells.len(),
                    sum: cage.sum,
                    min,
                    max,
                });
            }
            cage_sets = cage_sets.saturating_add(count_digit_sets(n, cells.len(), cage.sum));
            if cage_sets > MAX_CAGE_SETS {
                return Err(RulesError::CagesTooLarge { sets: cage_sets });
            }
            cage_cells.push(cells);
        }
        for (k, cells) in cage_cells.into_iter().enumerate() {
            units.push(Unit {
                kind: UnitKind::Cage(k),
                grid: None,
                cells,
            });
        }

        // One unit per cell set; a cage keeps a pointer to the unit that stands for it.
        let mut kept: Vec<Unit> = Vec::with_capacity(units.len());
        let mut index: std::collections::HashMap<Vec<usize>, usize> = Default::default();
        let mut cage_units = vec![0; spec.cages.len()];
        let mut cage_of_unit: std::collections::HashMap<usize, usize> = Default::default();
        for unit in units {
            let mut key = unit.cells.clone();
            key.sort_unstable();
            let u = *index.entry(key).or_insert_with(|| {
                kept.push(unit.clone());
                kept.len() - 1
            });
            if let UnitKind::Cage(k) = unit.kind {
                if let Some(&j) = cage_of_unit.get(&u) {
                    return Err(RulesError::SameCage {
                        first: j + 1,
                        second: k + 1,
                    });
                }
                cage_of_unit.insert(u, k);
                cage_units[k] = u;
            }
        }
        let units = kept;
        let mut units_of = vec![Vec::new(); rows * cols];
        for (u, unit) in units.iter().enumerate() {
            for &p in &unit.cells {
                units_of[p].push(u);
            }
        }

        let mut pairs = Vec::new();
        // Seen pairs, in a set: a scan of `pairs` made this quadratic (10 s for a large area).
        let mut seen: std::collections::HashSet<Pair> = Default::default();
        let mut offsets: Vec<(isize, isize, PairKind)> = Vec::new();
        if spec.anti_knight {
            for (dr, dc) in [(1, 2), (2, 1), (1, -2), (2, -1)] {
                offsets.push((dr, dc, PairKind::Knight));
            }
        }
        if spec.anti_king {
            for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
                offsets.push((dr, dc, PairKind::King));
            }
        }
        if spec.non_consecutive {
            for (dr, dc) in [(0, 1), (1, 0)] {
                offsets.push((dr, dc, PairKind::NonConsecutive));
            }
        }
        for &a in &cells {
            let (r, c) = ((a / cols) as isize, (a % cols) as isize);
            for &(dr, dc, kind) in &offsets {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0 || c2 < 0 || r2 as usize >= rows || c2 as usize >= cols {
                    continue;
                }
                let b = at(r2 as usize, c2 as usize);
                if !active[b] {
                    continue;
                }
                let share = units_of[a].iter().any(|u| units_of[b].contains(u));
                if share && kind != PairKind::NonConsecutive {
                    continue;
                }
                let pair = Pair {
                    a: a.min(b),
                    b: a.max(b),
                    kind,
                };
                if seen.insert(pair) {
                    pairs.push(pair);
                }
            }
        }

        // The size of the encoding (see `encode`), before anyone builds it.
        let n64 = n as u64;
        let cell_entries: u64 = cells
            .iter()
            .map(|&p| n64 * (1 + units_of[p].len() as u64))
            .sum();
        let pair_entries: u64 = pairs
            .iter()
            .map(|pair| match pair.kind {
                PairKind::Knight | PairKind::King => 2 * n64,
                PairKind::NonConsecutive => 4 * n64.saturating_sub(1),
            })
            .sum();
        let entries = cell_entries + pair_entries + cage_sets.saturating_mul(1 + n64);
        if entries > MAX_ENTRIES {
            return Err(RulesError::EncodingTooLarge { entries });
        }

        Ok(Rules {
            spec,
            symbols,
            box_rows,
            box_cols,
            rows,
            cols,
            grids,
            active,
            cells,
            units,
            units_of,
            pairs,
            cage_units,
        })
    }

    /// The description these rules were made from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The alphabet.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Digits, which is also the side of every sub-grid.
    pub fn size(&self) -> usize {
        self.spec.size
    }

    /// Rows of the area.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the area.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Rows and columns of a box.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// Top-left corners of the sub-grids (one, at (0, 0), for a plain grid).
    pub fn grids(&self) -> &[(usize, usize)] {
        &self.grids
    }

    /// Whether a position of the area belongs to a sub-grid.
    pub fn is_active(&self, position: usize) -> bool {
        self.active[position]
    }

    /// The active positions, in row-major order.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Number of active positions.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Every unit.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Indices into [`Rules::units`] of the units containing a position.
    pub fn units_of(&self, position: usize) -> &[usize] {
        &self.units_of[position]
    }

    /// Pair constraints.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// Whether the rules only ever ask if two digits are equal, never which digits they are:
    /// then renaming the digits of a solution throughout gives another solution. Killer cages
    /// (sums) and non-consecutive neighbours look at the digits' values.
    pub fn digit_blind(&self) -> bool {
        self.spec.cages.is_empty()
            && self.pairs.iter().all(|pair| match pair.kind {
                PairKind::Knight | PairKind::King => true,
                PairKind::NonConsecutive => false,
            })
    }

    /// Killer cages, with the index into [`Rules::units`] of the unit standing for each.
    pub fn cages(&self) -> impl Iterator<Item = (&Cage, usize)> + '_ {
        self.spec.cages.iter().zip(self.cage_units.iter().copied())
    }

    /// The cell at a position.
    pub fn cell(&self, position: usize) -> Cell {
        Cell::from_index(position, self.cols)
    }

    /// An empty grid of the area's shape.
    pub fn empty_grid(&self) -> Grid {
        Grid::empty_area(self.rows, self.cols)
    }

    /// The grid on one line in the puzzle's own symbols: one character per position when the
    /// alphabet allows it, else space-separated symbols; `.` for empty cells and for positions
    /// outside every sub-grid.
    pub fn format_line(&self, grid: &Grid) -> String {
        let mut out = String::with_capacity(grid.cells().len());
        for (p, &d) in grid.cells().iter().enumerate() {
            if !self.symbols.is_single_char() && p > 0 {
                out.push(' ');
            }
            let d = if self.active.get(p).copied().unwrap_or(false) {
                d
            } else {
                0
            };
            out.push_str(self.symbols.name(d));
        }
        out
    }

    /// Checks the givens of a puzzle before any search: right shape, digits in range, no digit
    /// twice in a unit, no broken pair constraint, no cage already over its sum.
    ///
    /// Digits at positions outside every sub-grid are ignored.
    ///
    /// # Errors
    ///
    /// The first problem found, naming the cells and the unit, e.g.
    /// `r1c3 and r1c8 both hold 5 (row 1)`.
    pub fn check_givens(&self, puzzle: &Grid) -> Result<(), PuzzleError> {
        if (puzzle.rows(), puzzle.cols()) != (self.rows, self.cols) {
            return Err(PuzzleError::WrongSize {
                rows: self.rows,
                cols: self.cols,
                found_rows: puzzle.rows(),
                found_cols: puzzle.cols(),
            });
        }
        let n = self.size();
        let cells = puzzle.cells();
        for &p in &self.cells {
            if cells[p] as usize > n {
                return Err(PuzzleError::DigitOutOfRange {
                    cell: self.cell(p),
                    digit: cells[p],
                    size: n,
                });
            }
        }
        let mut seen = vec![usize::MAX; n + 1];
        for unit in &self.units {
            seen.fill(usize::MAX);
            for &p in &unit.cells {
                let d = cells[p] as usize;
                if d == 0 {
                    continue;
                }
                if seen[d] != usize::MAX {
                    return Err(PuzzleError::Conflict {
                        first: self.cell(seen[d]),
                        second: self.cell(p),
                        symbol: self.symbols.name(d as u8).to_string(),
                        unit: unit.to_string(),
                    });
                }
                seen[d] = p;
            }
        }
        for pair in &self.pairs {
            let (da, db) = (cells[pair.a], cells[pair.b]);
            let broken = da != 0
                && db != 0
                && match pair.kind {
                    PairKind::Knight | PairKind::King => da == db,
                    PairKind::NonConsecutive => da.abs_diff(db) == 1,
                };
            if broken {
                return Err(PuzzleError::Pair {
                    first: self.cell(pair.a),
                    first_symbol: self.symbols.name(da).to_string(),
                    second: self.cell(pair.b),
                    second_symbol: self.symbols.name(db).to_string(),
                    kind: pair.kind,
                });
            }
        }
        for (k, (cage, u)) in self.cages().enumerate() {
            let unit = &self.units[u];
            let found: u32 = unit.cells.iter().map(|&p| u32::from(cells[p])).sum();
            let full = unit.cells.iter().all(|&p| cells[p] != 0);
            if found > cage.sum || (full && found != cage.sum) {
                return Err(PuzzleError::CageSum {
                    cage: k + 1,
                    sum: cage.sum,
                    found,
                });
            }
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self::classic()
    }
}

/// Top-left corners (relative to the sub-grid) of the windoku windows: box-shaped, one cell in
/// from each box boundary, as many as fit (four in a 9x9).
fn windows(n: usize, box_rows: usize, box_cols: usize) -> Vec<(usize, usize)> {
    let tops: Vec<usize> = (0..)
        .map(|i| 1 + i * (box_rows + 1))
        .take_while(|&t| t + box_rows < n)
        .collect();
    let lefts: Vec<usize> = (0..)
        .map(|j| 1 + j * (box_cols + 1))
        .take_while(|&l| l + box_cols < n)
        .collect();
    tops.iter()
        .flat_map(|&t| lefts.iter().map(move |&l| (t, l)))
        .collect()
}

/// Number of sets of `k` different digits from `1..=n` that add up to `sum`.
fn count_digit_sets(n: usize, k: usize, sum: u32) -> u64 {
    // ways[j][s]: sets of j digits among those seen so far with sum s.
    let sum = sum as usize;
    let mut ways = vec![vec![0u64; sum + 1]; k + 1];
    ways[0][0] = 1;
    for d in 1..=n {
        for j in (1..=k).rev() {
            for s in (d..=sum).rev() {
                ways[j][s] = ways[j][s].saturating_add(ways[j - 1][s - d]);
            }
        }
    }
    ways[k][sum]
}

/// Every set of `k` different digits from `1..=n` that adds up to `sum`, as bit masks (bit
/// `d - 1` for digit `d`), in increasing order.
pub fn digit_sets(n: usize, k: usize, sum: u32) -> Vec<u64> {
    fn walk(from: usize, n: usize, k: usize, sum: u32, mask: u64, out: &mut Vec<u64>) {
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..=n {
            let d32 = d as u32;
            // The smallest k digits from d on already overshoot: no larger d will do.
            if d32 * k as u32 + (k as u32 * (k as u32 - 1)) / 2 > sum {
                break;
            }
            walk(d + 1, n, k - 1, sum - d32, mask | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    walk(1, n, k, sum, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_tile_the_grid() {
        let rules = Rules::with_boxes(2, 3).unwrap();
        assert_eq!(rules.size(), 6);
        assert_eq!(rules.units().len(), 18);
        // Box 2 (the second box of the first band) starts at r1c4.
        assert_eq!(rules.units()[13].cells, [3, 4, 5, 9, 10, 11]);
        for cell in 0..36 {
            assert_eq!(rules.units_of(cell).len(), 3);
        }
        assert!(Rules::with_boxes(0, 3).is_err());
        assert!(Rules::with_boxes(9, 8).is_err());
        assert_eq!(default_box(12), (3, 4));
        assert_eq!(default_box(7), (1, 7));
        assert_eq!(
            Rules::new(Spec {
                box_shape: Some((2, 4)),
                ..Spec::new(9)
            })
            .unwrap_err()
            .to_string(),
            "box 2x4 does not tile the 9x9 grid"
        );
    }

    #[test]
    fn conflicting_givens_name_both_cells_and_the_unit() {
        let rules = Rules::classic();
        let mut grid = Grid::empty(9);
        grid.set(0, 2, 5);
        grid.set(0, 7, 5);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "r1c3 and r1c8 both hold 5 (row 1)"
        );
        let mut grid = Grid::empty(9);
        grid.set(1, 1, 4);
        grid.set(2, 2, 4);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "r2c2 and r3c3 both hold 4 (box 1)"
        );
        let mut grid = Grid::empty(9);
        grid.set(3, 8, 1);
        grid.set(8, 8, 1);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "r4c9 and r9c9 both hold 1 (column 9)"
        );
        assert!(rules.check_givens(&Grid::empty(4)).is_err());
    }

    #[test]
    fn variant_units_and_pairs() {
        let x = Rules::new(Spec {
            diagonals: true,
            windoku: true,
            ..Spec::new(9)
        })
        .unwrap();
        // 27 plus two diagonals plus four windows.
        assert_eq!(x.units().len(), 33);
        assert_eq!(x.units()[31].cells[0], 5 * 9 + 1);
        let knight = Rules::new(Spec {
            anti_knight: true,
            ..Spec::new(9)
        })
        .unwrap();
        // r1c1-r2c3 share box 1: no pair; r1c1-r3c2 too; r1c3-r2c5 do not.
        assert!(knight.pairs().iter().all(|p| p.kind == PairKind::Knight));
        assert!(!knight.pairs().iter().any(|p| (p.a, p.b) == (0, 11)));
        assert!(knight.pairs().iter().any(|p| (p.a, p.b) == (2, 13)));
        let samurai = Rules::new(Spec {
            grids: SAMURAI.to_vec(),
            ..Spec::new(9)
        })
        .unwrap();
        assert_eq!((samurai.rows(), samurai.cols()), (21, 21));
        assert_eq!(samurai.cell_count(), 5 * 81 - 4 * 9);
        // Five grids of 27 units, less the four shared boxes.
        assert_eq!(samurai.units().len(), 5 * 27 - 4);
        assert_eq!(samurai.units()[0].to_string(), "row 1 of grid 1");
    }

    #[test]
    fn cages_and_their_sums() {
        assert_eq!(digit_sets(9, 2, 4), [0b101]);
        assert_eq!(digit_sets(9, 3, 6), [0b111]);
        assert_eq!(digit_sets(9, 2, 10).len(), 4);
        assert_eq!(count_digit_sets(9, 2, 10), 4);
        assert_eq!(count_digit_sets(9, 9, 45), 1);
        let cage = |sum, cells: &[(usize, usize)]| Cage {
            sum,
            cells: cells.iter().map(|&(row, col)| Cell { row, col }).collect(),
        };
        let spec = Spec {
            cages: vec![cage(18, &[(0, 0), (0, 1)])],
            ..Spec::new(9)
        };
        assert_eq!(
            Rules::new(spec).unwrap_err().to_string(),
            "cage 1: 2 different digits cannot add up to 18 (possible: 3 to 17)"
        );
        let spec = Spec {
            cages: vec![cage(3, &[(0, 0), (9, 1)])],
            ..Spec::new(9)
        };
        assert_eq!(
            Rules::new(spec).unwrap_err().to_string(),
            "cage 1: r10c2 is outside the grid"
        );
        let rules = Rules::new(Spec {
            cages: vec![cage(3, &[(0, 0), (0, 1)])],
            ..Spec::new(9)
        })
        .unwrap();
        let mut grid = Grid::empty(9);
        grid.set(0, 0, 4);
        assert_eq!(
            rules.check_givens(&grid).unwrap_err().to_string(),
            "cage 1 must add up to 3, its givens add up to 4"
        );
    }
}
