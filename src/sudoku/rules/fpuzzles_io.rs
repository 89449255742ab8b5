//! What a constraint family needs to read and write its own keys of f-puzzles JSON, the
//! format in which setters share puzzles (f-puzzles.com, SudokuPad). The transport (links,
//! lz-string) and the top-level object (size, grid, regions, title) are `sudoku::fpuzzles`'s;
//! each family reads and writes its keys through [`Family::FPUZZLES_KEYS`],
//! [`Family::read_fpuzzles`] and [`Family::write_fpuzzles`].
//!
//! f-puzzles names cells `R1C1` (1-based, either case); rows and columns `0` and `n + 1` are
//! *outside* the grid, where only outside clues (little killer, sandwich, ...) may stand.
//! Constraint keys hold `true` (rules on the whole grid) or an array of instances; inside an
//! instance, `value` is usually a string (`"7"`) and sometimes a number. Errors name the key,
//! the instance (1-based) and the cell: `thermometer 2: R10C1 is outside the 9x9 grid`.
//!
//! [`Family::FPUZZLES_KEYS`]: super::constraint::Family::FPUZZLES_KEYS
//! [`Family::read_fpuzzles`]: super::constraint::Family::read_fpuzzles
//! [`Family::write_fpuzzles`]: super::constraint::Family::write_fpuzzles

use std::cell::RefCell;

use serde_json::{Map, Value};

use crate::sudoku::grid::Cell;

use super::error::FileError;

/// Where a value was read, for messages: a key and, inside an array key, an instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At<'a> {
    /// The f-puzzles key (`"thermometer"`).
    pub key: &'a str,
    /// The instance, 0-based (shown 1-based); `None` for the key as a whole.
    pub instance: Option<usize>,
}

impl At<'_> {
    /// A [`FileError`] saying `message` about this place.
    pub fn error(&self, message: impl Into<String>) -> FileError {
        let key = match self.instance {
            Some(k) => format!("{} {}", self.key, k + 1),
            None => self.key.to_string(),
        };
        FileError::Value {
            key,
            line: None,
            message: message.into(),
        }
    }

    /// `value` as a list, or an error here saying that `what` was expected.
    fn list<'v>(&self, value: &'v Value, what: &str) -> Result<&'v Vec<Value>, FileError> {
        value
            .as_array()
            .ok_or_else(|| self.error(format!("expected {what}, found {value}")))
    }
}

/// A clue's position outside or inside the grid, 1-based as f-puzzles names it: rows and
/// columns `0` and `n + 1` are outside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// Row, 0..=n+1.
    pub row: usize,
    /// Column, 0..=n+1.
    pub col: usize,
}

impl Place {
    /// The cell, when the place is inside an `n` x `n` grid.
    pub fn cell(self, n: usize) -> Option<Cell> {
        ((1..=n).contains(&self.row) && (1..=n).contains(&self.col)).then(|| Cell {
            row: self.row - 1,
            col: self.col - 1,
        })
    }

    /// The place of a cell.
    pub fn of(cell: Cell) -> Place {
        Place {
            row: cell.row + 1,
            col: cell.col + 1,
        }
    }

    /// Its f-puzzles name, `R0C4`.
    pub fn name(self) -> String {
        format!("R{}C{}", self.row, self.col)
    }
}

/// Reads `R1C1` (either case); `None` for anything else.
pub(crate) fn parse_place(name: &str) -> Option<Place> {
    let rest = name.strip_prefix(['R', 'r'])?;
    let split = rest.find(['C', 'c'])?;
    let (row, col) = (&rest[..split], &rest[split + 1..]);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(row) || !digits(col) {
        return None;
    }
    Some(Place {
        row: row.parse().ok()?,
        col: col.parse().ok()?,
    })
}

/// The f-puzzles name of a cell, `R1C1`.
pub(crate) fn cell_name(cell: Cell) -> String {
    Place::of(cell).name()
}

/// One instance of an array key: where it is, and its fields.
pub type Instance<'v> = (At<'v>, &'v Map<String, Value>);

/// One f-puzzles key handed to the family that owns it ([`Family::read_fpuzzles`]): the
/// key, its value, and the reader that knows the grid.
///
/// [`Family::read_fpuzzles`]: super::Family::read_fpuzzles
#[derive(Debug, Clone, Copy)]
pub struct FpKey<'a> {
    /// The key (`"thermometer"`).
    pub key: &'a str,
    /// Its value.
    pub value: &'a Value,
    /// What the value is read with.
    pub reader: &'a FpReader<'a>,
}

impl<'a> FpKey<'a> {
    /// Reads each instance of the key's array ([`FpReader::instances`]) with `read`, in
    /// order, once it holds no field but `fields` and the cosmetic ones
    /// ([`COSMETIC_FIELDS`]).
    ///
    /// # Errors
    ///
    /// As [`FpReader::instances`], the first instance with another field
    /// ([`FpReader::known_fields`]), or the first error of `read`.
    pub(crate) fn each_instance(
        &self,
        fields: &[&str],
        mut read: impl FnMut(At<'a>, &'a Map<String, Value>) -> Result<(), FileError>,
    ) -> Result<(), FileError> {
        for (at, instance) in self.reader.instances(self.key, self.value)? {
            self.reader
                .known_fields(at, instance, fields, COSMETIC_FIELDS)?;
            read(at, instance)?;
        }
        Ok(())
    }
}

/// What a family reads its keys with: the grid's size, the puzzle's `negative` entries, and
/// readers for the shapes f-puzzles values take, each with errors that say where; and where
/// to tell the user about entries that carry no rule and are left out ([`FpReader::notice`]).
#[derive(Debug, Clone, Copy)]
pub struct FpReader<'a> {
    size: usize,
    negative: &'a [String],
    /// Notices collected for the importer to show; `None`: a caller that shows none.
    notices: Option<&'a RefCell<Vec<String>>>,
}

impl<'a> FpReader<'a> {
    /// A reader for an `size` x `size` puzzle whose `negative` key lists `negative`, whose
    /// notices are dropped.
    pub fn new(size: usize, negative: &'a [String]) -> FpReader<'a> {
        FpReader {
            size,
            negative,
            notices: None,
        }
    }

    /// The f-puzzles key `key` with its value `value`, to be read with this reader.
    pub fn key<'k>(&'k self, key: &'k str, value: &'k Value) -> FpKey<'k> {
        FpKey {
            key,
            value,
            reader: self,
        }
    }

    /// The same reader, collecting its notices into `notices`.
    pub(crate) fn with_notices(self, notices: &'a RefCell<Vec<String>>) -> FpReader<'a> {
        FpReader {
            notices: Some(notices),
            ..self
        }
    }

    /// Tells the user that the entry at `at` was left out because it carries no rule:
    /// `arrow 2: a circle without a shaft (R1C4) has no rule; left out`. A family calls it
    /// where fpuzzles.md says an entry is ignored or meaningless, never for a rule it cannot
    /// read (that is an error).
    pub fn notice(&self, at: At<'_>, message: impl std::fmt::Display) {
        if let Some(notices) = self.notices {
            let what = match at.instance {
                Some(k) => format!("{} {}", at.key, k + 1),
                None => at.key.to_string(),
            };
            notices.borrow_mut().push(format!("{what}: {message}"));
        }
    }

    /// The grid's size `n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the puzzle's `negative` key lists `entry` ("all such marks are shown").
    pub fn negative(&self, entry: &str) -> bool {
        self.negative.iter().any(|e| e == entry)
    }

    /// A key that holds `true` or `false`.
    ///
    /// # Errors
    ///
    /// Anything but a boolean.
    pub fn flag(&self, key: &str, value: &Value) -> Result<bool, FileError> {
        value.as_bool().ok_or_else(|| {
            At {
                key,
                instance: None,
            }
            .error(format!("expected true or false, found {value}"))
        })
    }

    /// The instances of a key that holds an array (`null` reads as none), each with where it
    /// is for messages.
    ///
    /// # Errors
    ///
    /// Anything but an array of objects.
    pub fn instances<'v>(
        &self,
        key: &'v str,
        value: &'v Value,
    ) -> Result<Vec<Instance<'v>>, FileError> {
        let whole = At {
            key,
            instance: None,
        };
        let list: &[Value] = match value {
            Value::Null => &[],
            Value::Array(list) => list,
            other => return Err(whole.error(format!("expected an array, found {other}"))),
        };
        list.iter()
            .enumerate()
            .map(|(k, item)| {
                let at = At {
                    key,
                    instance: Some(k),
                };
                item.as_object()
                    .map(|object| (at, object))
                    .ok_or_else(|| at.error(format!("expected an object, found {item}")))
            })
            .collect()
    }

    /// The place of an outside clue: the entry's `cell` field read as [`FpReader::place`].
    ///
    /// # Errors
    ///
    /// No `cell` field, or as [`FpReader::place`].
    pub(crate) fn clue_place(
        &self,
        at: At<'_>,
        instance: &Map<String, Value>,
    ) -> Result<Place, FileError> {
        let cell = instance.get("cell");
        self.place(
            at,
            cell.ok_or_else(|| at.error("has no \"cell\" (the clue's place)"))?,
        )
    }

    /// The place a value names (`"R0C4"`), inside the grid or on its border outside it.
    ///
    /// # Errors
    ///
    /// Not a cell name, or farther out than one row or column beyond the grid.
    pub fn place(&self, at: At<'_>, value: &Value) -> Result<Place, FileError> {
        let name = value.as_str().ok_or_else(|| {
            at.error(format!("expected a cell name like \"R1C1\", found {value}"))
        })?;
        let place = parse_place(name)
            .ok_or_else(|| at.error(format!("cannot read {name:?} as a cell (R1C1)")))?;
        let n = self.size;
        if place.row > n + 1 || place.col > n + 1 {
            return Err(at.error(format!(
                "{} is beyond the {n}x{n} grid and its border",
                place.name()
            )));
        }
        Ok(place)
    }

    /// The cell a value names, inside the grid.
    ///
    /// # Errors
    ///
    /// Not a cell name, or a cell outside the grid.
    pub fn cell(&self, at: At<'_>, value: &Value) -> Result<Cell, FileError> {
        let place = self.place(at, value)?;
        let n = self.size;
        place
            .cell(n)
            .ok_or_else(|| at.error(format!("{} is outside the {n}x{n} grid", place.name())))
    }

    /// The cells of a list of cell names, inside the grid.
    ///
    /// # Errors
    ///
    /// Not a list, or one of its entries not a cell of the grid.
    pub fn cells(&self, at: At<'_>, value: &Value) -> Result<Vec<Cell>, FileError> {
        let list = at.list(value, "a list of cells")?;
        list.iter().map(|v| self.cell(at, v)).collect()
    }

    /// The cells of an instance's `field` ([`FpReader::cells`]; a missing field is no list).
    ///
    /// # Errors
    ///
    /// As [`FpReader::cells`].
    pub(crate) fn cells_of(
        &self,
        at: At<'_>,
        instance: &Map<String, Value>,
        field: &str,
    ) -> Result<Vec<Cell>, FileError> {
        self.cells(at, instance.get(field).unwrap_or(&Value::Null))
    }

    /// The lines of an instance's `lines` field: a list of lists of cells.
    ///
    /// # Errors
    ///
    /// A missing field, or one that is not a list of lists of cells of the grid.
    pub fn lines(
        &self,
        at: At<'_>,
        instance: &Map<String, Value>,
    ) -> Result<Vec<Vec<Cell>>, FileError> {
        let lines = instance
            .get("lines")
            .ok_or_else(|| at.error("has no \"lines\""))?;
        let list = at.list(lines, "\"lines\" to be a list")?;
        list.iter().map(|line| self.cells(at, line)).collect()
    }

    /// A whole number written as a number or a string (`7` or `"7"`); `None` when the field
    /// is missing, `null` or `""` (no number given).
    ///
    /// # Errors
    ///
    /// Anything else, such as `"?"` or `"x2"`: a rule that cannot be read is never dropped.
    pub fn number(
        &self,
        at: At<'_>,
        instance: &Map<String, Value>,
        field: &str,
    ) -> Result<Option<i64>, FileError> {
        match instance.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(number)) => number
                .as_i64()
                .map(Some)
                .ok_or_else(|| at.error(format!("\"{field}\": {number} is not a whole number"))),
            Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(Value::String(text)) => text.trim().parse().map(Some).map_err(|_| {
                at.error(format!(
                    "\"{field}\": cannot read {text:?} as a whole number"
                ))
            }),
            Some(other) => Err(at.error(format!("\"{field}\": expected a number, found {other}"))),
        }
    }

    /// Refuses fields of an instance that the family does not know (cosmetic fields the
    /// family names in `ignored` are let through).
    ///
    /// # Errors
    ///
    /// The first field neither known nor ignored, by name.
    pub(crate) fn known_fields(
        &self,
        at: At<'_>,
        instance: &Map<String, Value>,
        known: &[&str],
        ignored: &[&str],
    ) -> Result<(), FileError> {
        match instance
            .keys()
            .find(|k| !known.contains(&k.as_str()) && !ignored.contains(&k.as_str()))
        {
            Some(field) => Err(at.error(format!("unknown field {field:?}; nothing imported"))),
            None => Ok(()),
        }
    }
}

/// Cosmetic fields any instance may carry (colours, sizes), which change no rule.
pub(crate) const COSMETIC_FIELDS: &[&str] =
    &["outlineC", "fontC", "baseC", "width", "height", "angle"];

/// What a family writes its keys into: the f-puzzles object under construction.
#[derive(Debug, Clone, Default)]
pub struct FpWriter {
    size: usize,
    keys: Map<String, Value>,
    negative: Vec<String>,
}

impl FpWriter {
    /// A writer for an `size` x `size` puzzle.
    pub fn new(size: usize) -> FpWriter {
        FpWriter {
            size,
            keys: Map::new(),
            negative: Vec::new(),
        }
    }

    /// The grid's size `n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Writes `key: true`.
    pub fn flag(&mut self, key: &str) {
        self.keys.insert(key.to_string(), Value::Bool(true));
    }

    /// Appends one instance to the array `key`.
    pub fn push(&mut self, key: &str, instance: Value) {
        let entry = self
            .keys
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = entry {
            list.push(instance);
        }
    }

    /// Makes sure the array `key` is written, even with no instance (for a `negative`
    /// entry whose key has no mark).
    pub fn array(&mut self, key: &str) {
        self.keys
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
    }

    /// Adds `entry` to the puzzle's `negative` key.
    pub fn negative(&mut self, entry: &str) {
        if !self.negative.iter().any(|e| e == entry) {
            self.negative.push(entry.to_string());
        }
    }

    /// A list of cells as f-puzzles writes it (`["R1C1", "R1C2"]`).
    pub fn cells(cells: &[Cell]) -> Value {
        Value::Array(cells.iter().map(|&c| Value::String(cell_name(c))).collect())
    }

    /// The keys written, and the `negative` entries.
    pub fn finish(self) -> (Map<String, Value>, Vec<String>) {
        (self.keys, self.negative)
    }
}

/// Writes `family` as f-puzzles keys and reads every key written back into an empty family,
/// with the `negative` entries it wrote: what a round-trip test compares with `family`.
///
/// # Panics
///
/// When reading back what was written fails.
#[cfg(test)]
pub(crate) fn round_trip<F: super::constraint::Family>(family: &F, size: usize) -> F {
    let mut out = FpWriter::new(size);
    family.write_fpuzzles(&mut out);
    let (keys, negative) = out.finish();
    let reader = FpReader::new(size, &negative);
    let mut back = F::default();
    for (key, value) in &keys {
        back.read_fpuzzles(reader.key(key, value))
            .unwrap_or_else(|e| panic!("{key}: {e}"));
    }
    back
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn places_and_cells() {
        assert_eq!(parse_place("R1C1"), Some(Place { row: 1, col: 1 }));
        assert_eq!(parse_place("r10c12"), Some(Place { row: 10, col: 12 }));
        assert_eq!(parse_place("R0C4").unwrap().cell(9), None);
        for bad in ["", "R1", "C1", "R-1C1", "R1C", "RC1", "R1C1x", "r1 c1"] {
            assert_eq!(parse_place(bad), None, "{bad}");
        }
        assert_eq!(cell_name(Cell { row: 0, col: 8 }), "R1C9");
    }

    #[test]
    fn errors_name_the_key_the_instance_and_the_cell() {
        let reader = FpReader::new(9, &[]);
        let value = json!([{"lines": [["R1C1", "R2C2"]]}, {"lines": [["R1C1", "R10C1"]]}]);
        let instances = reader.instances("thermometer", &value).unwrap();
        assert_eq!(
            reader.lines(instances[0].0, instances[0].1).unwrap().len(),
            1
        );
        let error = reader.lines(instances[1].0, instances[1].1).unwrap_err();
        assert_eq!(
            error.to_string(),
            "thermometer 2: R10C1 is outside the 9x9 grid"
        );
        let error = reader.place(instances[1].0, &json!("R11C1")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "thermometer 2: R11C1 is beyond the 9x9 grid and its border"
        );
    }

    #[test]
    fn numbers_as_strings_or_numbers() {
        let reader = FpReader::new(9, &[]);
        let at = At {
            key: "killercage",
            instance: Some(0),
        };
        let read = |v: Value| reader.number(at, v.as_object().unwrap(), "value");
        assert_eq!(read(json!({"value": "7"})).unwrap(), Some(7));
        assert_eq!(read(json!({"value": 12})).unwrap(), Some(12));
        assert_eq!(read(json!({"value": ""})).unwrap(), None);
        assert_eq!(read(json!({})).unwrap(), None);
        assert_eq!(
            read(json!({"value": "x2"})).unwrap_err().to_string(),
            "killercage 1: \"value\": cannot read \"x2\" as a whole number"
        );
    }

    #[test]
    fn the_writer_collects_instances_and_negative_entries() {
        let mut out = FpWriter::new(6);
        out.flag("antiknight");
        out.push(
            "xv",
            json!({"cells": FpWriter::cells(&[Cell { row: 0, col: 0 }]), "value": "X"}),
        );
        out.push("xv", json!({"cells": [], "value": "V"}));
        out.negative("xv");
        out.negative("xv");
        let (keys, negative) = out.finish();
        assert_eq!(keys["antiknight"], json!(true));
        assert_eq!(keys["xv"].as_array().unwrap().len(), 2);
        assert_eq!(keys["xv"][0]["cells"], json!(["R1C1"]));
        assert_eq!(negative, ["xv"]);
    }
}
