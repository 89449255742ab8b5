//! The rules of a sudoku: what the puzzle says ([`Spec`]) and what follows from it
//! ([`Rules`]).
//!
//! A rule set is a [`Geometry`] (digits, boxes or jigsaw regions, overlapping grids) and its
//! [`Constraints`], one field per *family* (killer cages, anti-knight, ...). Each family lives
//! in a module of its own and implements [`Constraint`]: it says which *units* it makes (sets
//! of cells whose digits all differ: rows, columns, boxes, diagonals, cages, ...), which
//! *pairs* (rules between the digits of two cells: a knight's move apart, neighbours that are
//! not consecutive), and whatever else it needs in the exact cover; it also checks a filled
//! grid and a partial one by itself, for the validator and the reference backtracker. The
//! list of families is below, in `families!`; `docs/ARCHITECTURE.md` says how to add one.
//!
//! The folder is grouped by kind. Here, the framework: the [`Constraint`] trait
//! ([`constraint`]), errors, the [`Geometry`], units, pairs, drawing, f-puzzles reading and
//! writing ([`fpuzzles_io`]), limits and the macro behind the list of families (`registry`).
//! [`cover`] holds the exact-cover building blocks (encoder, linear sums, set sums,
//! automata); the families live in [`lines`], [`outside`], [`marks`], [`cages`] and
//! [`grid`], each group with the shape its families share.
//!
//! [`Rules::new`] checks a [`Spec`] and works out its units (one per cell set) and pairs,
//! which the encoding, the check of the givens and the human-style logic share.

pub mod constraint;
pub(crate) mod distinct;
pub mod draw;
pub mod error;
mod families;
pub mod fpuzzles_io;
pub mod geometry;
pub mod limits;
pub mod pair;
mod registry;
pub mod sample;
pub mod sum_clues;
#[cfg(test)]
pub(crate) mod test_support;
pub mod unit_index;

pub mod cages;
pub mod cover;
pub mod grid;
pub mod lines;
pub mod marks;
pub mod outside;

registry::families! {
    /// The grid's own units: rows, columns, boxes or regions, and the diagonals, windows and
    /// disjoint groups when asked for.
    grid_units: grid::grid_units::GridUnits,
    /// Anti-knight and anti-king.
    chess: grid::chess::Chess,
    /// Kropki dots (white and black) and non-consecutive neighbours.
    kropki: marks::kropki::Kropki,
    /// XV marks.
    xv: marks::xv::Xv,
    /// Odd and even cells.
    parity: marks::parity::Parity,
    /// Minimum and maximum cells.
    extremes: marks::extremes::Extremes,
    /// Pairs of cells with a given sum.
    sum: marks::sum::Sums,
    /// Clones: cells holding the same digits as others.
    clone: marks::clone::Clones,
    /// Quadruples: digits the four cells around a corner hold.
    quadruple: marks::quadruple::Quadruples,
    /// Killer cages.
    cage: cages::cage::Cages,
    /// Extra units: cells listed in the puzzle file whose digits differ.
    unit: grid::unit::ExtraUnits,
    /// Thermometers.
    thermometer: lines::thermometer::Thermometers,
    /// Slow thermometers.
    slowthermometer: lines::slowthermometer::SlowThermometers,
    /// Whispers (German, Dutch, or any least difference).
    whispers: lines::whispers::Whispers,
    /// Nabner lines.
    nabner: lines::nabner::NabnerLines,
    /// Palindromes.
    palindrome: lines::palindrome::Palindromes,
    /// Renban lines.
    renban: lines::renban::RenbanLines,
    /// Entropic lines.
    entropicline: lines::entropicline::EntropicLines,
    /// Modular lines.
    modularline: lines::modularline::ModularLines,
    /// Between lines.
    betweenline: lines::betweenline::BetweenLines,
    /// Lockout lines.
    lockout: lines::lockout::LockoutLines,
    /// Row, column and box indexers.
    indexers: grid::indexers::Indexers,
    /// Given pencil marks.
    pencilmarks: grid::pencilmarks::PencilMarks,
    /// Arrows: shafts that add up to their circles.
    arrow: lines::arrow::Arrows,
    /// Little killers: diagonal sums given outside the grid.
    littlekillersum: outside::littlekillersum::LittleKillers,
    /// Double arrows: inner cells that add up to the two ends.
    doublearrow: lines::doublearrow::DoubleArrows,
    /// Zipper lines: mirrored cells with one sum.
    zipperline: lines::zipperline::ZipperLines,
    /// Region-sum lines: segments in each box with one sum.
    regionsumline: lines::regionsumline::RegionSumLines,
    /// Sandwich sums: the digits between the 1 and the n of a row or column.
    sandwichsum: outside::sandwichsum::Sandwiches,
    /// X-sums: the first X digits of a row or column, X the first of them.
    xsum: outside::xsum::XSums,
    /// Skyscrapers: how many digits of a row or column are seen from outside.
    skyscraper: outside::skyscraper::Skyscrapers,
}

use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::symbols::Symbols;

pub use cages::cage::{digit_sets, Cage};
pub use constraint::{Constraint, Family, Logic, Reference};
pub use error::{FileError, PuzzleError, RulesError, Violation};
pub use geometry::{default_box, layout, Geometry, SAMURAI};
pub use limits::{MAX_AREA, MAX_CAGE_SETS, MAX_ENTRIES};
pub use lines::arrow::Arrow;
pub use outside::littlekillersum::{Diagonal, LittleKiller};
pub use pair::{Pair, PairList, Relation, RelationId};
pub use sample::Sample;
pub use unit_index::{Unit, UnitIndex, UnitKind};

pub use crate::sudoku::grid::MAX_SIZE;

/// What a puzzle's rules say, as written in a puzzle file.
///
/// Positions are in the *area*: for one grid, the grid itself; for several (samurai), the
/// smallest rectangle holding every sub-grid.
///
/// ```
/// use sudokux::sudoku::{Rules, Spec};
///
/// // X-sudoku with the anti-knight rule.
/// let spec = Spec::new(9).with(|c| {
///     c.grid_units.diagonals = true;
///     c.chess.anti_knight = true;
/// });
/// let rules = Rules::new(spec).unwrap();
/// assert_eq!(rules.units().len(), 29);
/// ```
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
    /// The alphabet; `None` for the default one.
    pub symbols: Option<Symbols>,
    /// The constraints, family by family.
    pub constraints: Constraints,
}

impl Spec {
    /// Plain rules for `size` digits with the default box shape.
    pub fn new(size: usize) -> Spec {
        Spec {
            size,
            ..Spec::default()
        }
    }

    /// The same rules with constraints set by `f`.
    pub fn with(mut self, f: impl FnOnce(&mut Constraints)) -> Spec {
        f(&mut self.constraints);
        self
    }
}

/// The rules of a sudoku, checked and worked out: units and pairs over the active positions of
/// the area.
///
/// Invariants: every family of `spec` passed [`Constraint::check`] against `geometry`; every
/// unit has 1 to `size` distinct active positions and no two units have the same cell set;
/// pairs join active positions, each pair once, and no pair asks two cells of one unit only
/// to differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    spec: Spec,
    geometry: Geometry,
    units: UnitIndex,
    pairs: PairList,
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
    /// reaches, an encoding too large to hold, and so on.
    pub fn new(spec: Spec) -> Result<Rules, RulesError> {
        let geometry = Geometry::new(
            spec.size,
            spec.box_shape,
            spec.regions.as_deref(),
            &spec.grids,
            spec.symbols.as_ref(),
        )?;
        let families = spec.constraints.all();
        for family in families {
            family.check(&geometry)?;
        }
        let mut units = Vec::new();
        for family in families {
            family.units(&geometry, &mut units);
        }
        let units = UnitIndex::new(units, geometry.rows() * geometry.cols());
        let mut pairs = PairList::default();
        for family in families {
            family.pairs(&geometry, &units, &mut pairs);
        }
        // Two cells of one unit differ already.
        pairs.retain(|pair, relation| !(relation.is_difference() && units.share(pair.a, pair.b)));

        // The size of the encoding (see `Encoder`), before anyone builds it.
        let n = geometry.size() as u64;
        let cell_entries: u64 = geometry
            .cells()
            .iter()
            .map(|&p| n * (1 + units.of(p).len() as u64))
            .sum();
        let pair_entries: u64 = pairs
            .pairs()
            .iter()
            .map(|pair| {
                let blocks = pairs.relation_of(pair).blocks();
                blocks
                    .iter()
                    .map(|(a, b)| u64::from(a.count_ones() + b.count_ones()))
                    .sum::<u64>()
            })
            .sum();
        let family_entries = families
            .iter()
            .fold(0u64, |sum, f| sum.saturating_add(f.entries(&geometry)));
        let entries = cell_entries
            .saturating_add(pair_entries)
            .saturating_add(family_entries);
        if entries > MAX_ENTRIES {
            return Err(RulesError::EncodingTooLarge { entries });
        }
        Ok(Rules {
            spec,
            geometry,
            units,
            pairs,
        })
    }

    /// The description these rules were made from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The constraints, family by family.
    pub fn constraints(&self) -> &Constraints {
        &self.spec.constraints
    }

    /// What is legal in these rules but likely not meant (a cage whose cells are not
    /// connected), in words naming it ([`Constraint::notes`]).
    pub fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        for family in self.constraints().all() {
            family.notes(&self.geometry, &mut out);
        }
        out
    }

    /// The shape: digits, boxes, sub-grids.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The alphabet.
    pub fn symbols(&self) -> &Symbols {
        self.geometry.symbols()
    }

    /// Digits, which is also the side of every sub-grid.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// Rows of the area.
    pub fn rows(&self) -> usize {
        self.geometry.rows()
    }

    /// Columns of the area.
    pub fn cols(&self) -> usize {
        self.geometry.cols()
    }

    /// Rows and columns of a box.
    pub fn box_shape(&self) -> (usize, usize) {
        self.geometry.box_shape()
    }

    /// Top-left corners of the sub-grids (one, at (0, 0), for a plain grid).
    pub fn grids(&self) -> &[(usize, usize)] {
        self.geometry.grids()
    }

    /// Whether a position of the area belongs to a sub-grid.
    pub fn is_active(&self, position: usize) -> bool {
        self.geometry.is_active(position)
    }

    /// The active positions, in row-major order.
    pub fn cells(&self) -> &[usize] {
        self.geometry.cells()
    }

    /// Number of active positions.
    pub fn cell_count(&self) -> usize {
        self.geometry.cells().len()
    }

    /// Every unit.
    pub fn units(&self) -> &[Unit] {
        self.units.all()
    }

    /// The units, indexed by position and by cell set.
    pub fn unit_index(&self) -> &UnitIndex {
        &self.units
    }

    /// Indices into [`Rules::units`] of the units containing a position.
    pub fn units_of(&self, position: usize) -> &[usize] {
        self.units.of(position)
    }

    /// Rules between two cells.
    pub fn pairs(&self) -> &[Pair] {
        self.pairs.pairs()
    }

    /// The relation of a pair.
    pub fn relation(&self, pair: &Pair) -> &Relation {
        self.pairs.relation_of(pair)
    }

    /// Whether the rules only ever ask if two digits are equal, never which digits they are:
    /// then renaming the digits of a solution throughout gives another solution. Killer cages
    /// (sums) and non-consecutive neighbours look at the digits' values.
    pub fn digit_blind(&self) -> bool {
        self.spec.constraints.all().iter().all(|f| f.digit_blind())
    }

    /// Killer cages, with the index into [`Rules::units`] of the unit standing for each.
    pub fn cages(&self) -> impl Iterator<Item = (&Cage, usize)> + '_ {
        self.spec.constraints.cage.cages.iter().map(|cage| {
            let mut cells: Vec<usize> = cage
                .cells
                .iter()
                .map(|&c| self.geometry.position(c).expect("checked cage"))
                .collect();
            cells.sort_unstable();
            let unit = self.units.with_cells(&cells).expect("every cage is a unit");
            (cage, unit)
        })
    }

    /// The cell at a position.
    pub fn cell(&self, position: usize) -> Cell {
        self.geometry.cell(position)
    }

    /// An empty grid of the area's shape.
    pub fn empty_grid(&self) -> Grid {
        Grid::empty_area(self.rows(), self.cols())
    }

    /// The grid on one line in the puzzle's own symbols: one character per position when the
    /// alphabet allows it, else space-separated symbols; `.` for empty cells and for positions
    /// outside every sub-grid.
    pub fn format_line(&self, grid: &Grid) -> String {
        let symbols = self.symbols();
        let mut out = String::with_capacity(grid.cells().len());
        for (p, &d) in grid.cells().iter().enumerate() {
            if !symbols.is_single_char() && p > 0 {
                out.push(' ');
            }
            let active = p < self.rows() * self.cols() && self.is_active(p);
            out.push_str(symbols.name(if active { d } else { 0 }));
        }
        out
    }

    /// Checks the givens of a puzzle before any search: right shape, digits in range, no digit
    /// twice in a unit, no broken pair, nothing else a constraint refuses (a cage already over
    /// its sum).
    ///
    /// Digits at positions outside every sub-grid are ignored.
    ///
    /// # Errors
    ///
    /// The first problem found, naming the cells and the unit, e.g.
    /// `r1c3 and r1c8 both hold 5 (row 1)`.
    pub fn check_givens(&self, puzzle: &Grid) -> Result<(), PuzzleError> {
        let (rows, cols) = (self.rows(), self.cols());
        if (puzzle.rows(), puzzle.cols()) != (rows, cols) {
            return Err(PuzzleError::WrongSize {
                rows,
                cols,
                found_rows: puzzle.rows(),
                found_cols: puzzle.cols(),
            });
        }
        let n = self.size();
        let symbols = self.symbols();
        let cells = puzzle.cells();
        for &p in self.cells() {
            if cells[p] as usize > n {
                return Err(PuzzleError::DigitOutOfRange {
                    cell: self.cell(p),
                    digit: cells[p],
                    size: n,
                });
            }
        }
        let mut seen = vec![usize::MAX; n + 1];
        for unit in self.units() {
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
                        symbol: symbols.name(d as u8).to_string(),
                        unit: unit.to_string(),
                    });
                }
                seen[d] = p;
            }
        }
        for pair in self.pairs() {
            let (da, db) = (cells[pair.a], cells[pair.b]);
            let relation = self.relation(pair);
            if da != 0 && db != 0 && !relation.allows(da, db) {
                let (first, second) = if pair.a < pair.b {
                    ((pair.a, da), (pair.b, db))
                } else {
                    ((pair.b, db), (pair.a, da))
                };
                return Err(PuzzleError::Pair {
                    first: self.cell(first.0),
                    first_symbol: symbols.name(first.1).to_string(),
                    second: self.cell(second.0),
                    second_symbol: symbols.name(second.1).to_string(),
                    what: relation.what().to_string(),
                });
            }
        }
        for family in self.spec.constraints.all() {
            family.check_givens(&self.geometry, puzzle)?;
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self::classic()
    }
}

#[cfg(test)]
mod tests;
