//! What the families of marks on single cells under two keys share (odd and even cells,
//! minimum and maximum cells): the two lists of cells read from and written to puzzle files
//! and f-puzzles JSON in one place, the [`Family`] of every [`CellMarks`]. TOML writes each
//! key as a cell list (`odd = "r2c5 r3c1"`); f-puzzles as an array of `{"cell": "R2C5"}`
//! entries.

use serde::de::MapAccess;
use serde_json::{json, Value};

use crate::sudoku::grid::Cell;

use crate::sudoku::rules::constraint::{cell_list, Constraint, Family, FileWriter, RawCells};
use crate::sudoku::rules::error::{FileError, ReadResult, RulesError};
use crate::sudoku::rules::fpuzzles_io::{cell_name, FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;

/// A family of cells under two keys, the same in puzzle files and f-puzzles JSON.
pub trait CellMarks {
    /// The two keys, the first list's first.
    const KEYS: [&'static str; 2];

    /// The cells under each key.
    fn lists(&self) -> [&Vec<Cell>; 2];

    /// The cells under each key, to add to.
    fn lists_mut(&mut self) -> [&mut Vec<Cell>; 2];

    /// The key (0 or 1, as in [`CellMarks::KEYS`]) under which a random instance on
    /// `sample`'s grid marks position `p`, if any: [`Family::random`] asks every position of
    /// the grid in turn.
    fn random_mark(sample: &mut Sample<'_>, p: usize) -> Option<usize>;

    /// The list of the cells under `key` (one of [`CellMarks::KEYS`]).
    fn list_mut(&mut self, key: &str) -> &mut Vec<Cell> {
        let [first, second] = self.lists_mut();
        if key == Self::KEYS[0] {
            first
        } else {
            second
        }
    }

    /// Every cell, with its key.
    fn marked(&self) -> impl Iterator<Item = (Cell, &'static str)> + '_ {
        let [first, second] = self.lists();
        let [k1, k2] = Self::KEYS;
        let first = first.iter().map(move |&c| (c, k1));
        first.chain(second.iter().map(move |&c| (c, k2)))
    }

    /// Whether no cell is marked.
    fn is_empty(&self) -> bool {
        self.lists().iter().all(|list| list.is_empty())
    }

    /// Checks that every cell is in the grid, naming it as `name` says.
    ///
    /// # Errors
    ///
    /// [`RulesError`] for the first cell outside the grid.
    fn check_cells(
        &self,
        geometry: &Geometry,
        name: impl Fn(Cell, &'static str) -> String,
    ) -> Result<(), RulesError> {
        for (cell, key) in self.marked() {
            geometry.positions(&name(cell, key), &[cell])?;
        }
        Ok(())
    }

    /// Writes each non-empty list as a cell list under its key.
    fn write_cells(&self, out: &mut FileWriter) {
        for (list, key) in self.lists().into_iter().zip(Self::KEYS) {
            if !list.is_empty() {
                out.key(key, cell_list(list));
            }
        }
    }
}

/// A family of cell marks as puzzle files give it: its two keys, in TOML (cell lists) and in
/// f-puzzles JSON (entries of one cell each) alike.
impl<T: CellMarks + Constraint + Default + Clone + PartialEq + Eq> Family for T {
    const KEYS: &'static [&'static str] = &<T as CellMarks>::KEYS;

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        let raw: RawCells = map.next_value()?;
        let cells = raw.cells(key)?;
        self.list_mut(key).extend(cells);
        Ok(())
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &<T as CellMarks>::KEYS;

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cell"], COSMETIC_FIELDS)?;
            let cell = reader.cell(at, instance.get("cell").unwrap_or(&Value::Null))?;
            self.list_mut(key).push(cell);
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for (cell, key) in self.marked() {
            out.push(key, json!({"cell": cell_name(cell)}));
        }
    }

    fn random(sample: &mut Sample<'_>) -> Self {
        let mut marks = T::default();
        for p in 0..sample.size().pow(2) {
            if let Some(k) = T::random_mark(sample, p) {
                let cell = sample.cell(p);
                marks.lists_mut()[k].push(cell);
            }
        }
        marks
    }
}
