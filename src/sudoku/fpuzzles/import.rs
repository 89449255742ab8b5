//! The top-level f-puzzles object read into a [`PuzzleFile`]: `size`, `grid` (givens,
//! regions, per-cell rules), `title`/`author`/`ruleset`, `negative`, and every constraint key
//! handed to the family that owns it (fpuzzles.md §2 and §4).

use serde_json::{Map, Value};

use crate::sudoku::file::{Meta, PuzzleFile};
use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::rules::fpuzzles_io::{cell_name, FpReader};
use crate::sudoku::rules::geometry::NO_REGION;
use crate::sudoku::rules::{default_box, Constraints, FileError, Rules, Spec};

use super::FpuzzlesError;

/// Keys that only draw (they carry no rule the puzzle is solved with), left out with a
/// notice: rules the setter wrote only as drawings are in `ruleset`.
pub(crate) const COSMETIC_KEYS: &[&str] = &["text", "line", "cage", "circle", "rectangle"];

/// Settings of editors and solvers, and SudokuPad's fog of war: no rule, left out with a
/// notice.
const SETTING_KEYS: &[&str] = &[
    "disabledlogic",
    "truecandidatesoptions",
    "fogofwar",
    "foglight",
    "successMessage",
    "solution",
];

/// Cell fields that are notes or colours: no rule.
const NOTE_FIELDS: &[&str] = &[
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
    "c",
    "cArray",
    "highlight",
];

/// The key under which the pencil-marks family reads the cells' `givenPencilMarks`.
pub(crate) const PENCILMARKS: &str = "givenPencilMarks";

/// Smallest and largest grids read.
const SIZES: std::ops::RangeInclusive<usize> = 4..=16;

/// An imported puzzle, and what was left out of it (drawings, notes, solver digits), to be
/// told to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The puzzle.
    pub file: PuzzleFile,
    /// What was left out, one sentence each.
    pub notices: Vec<String>,
}

fn error(key: impl Into<String>, message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::File(FileError::Value {
        key: key.into(),
        line: None,
        message: message.into(),
    })
}

/// Reads f-puzzles JSON text.
///
/// # Errors
///
/// Not a JSON object, a size outside 4..16, a grid of the wrong shape, or anything that
/// cannot be imported, by key, instance and cell.
pub fn from_json(text: &str) -> Result<Imported, FpuzzlesError> {
    let value: Value = serde_json::from_str(text).map_err(|e| FpuzzlesError::Payload {
        stage: "JSON",
        message: e.to_string(),
    })?;
    let object = value.as_object().ok_or_else(|| FpuzzlesError::Payload {
        stage: "JSON",
        message: "expected one object {\"size\": ..., \"grid\": ...}".into(),
    })?;
    from_object(object)
}

/// The per-cell fields of the grid, read: givens and region indices.
struct CellFields {
    givens: Grid,
    regions: Vec<usize>,
    ignored_digits: usize,
    pencilmarks: Vec<(Cell, Vec<u8>)>,
    /// The legacy per-cell forms of `odd`, `even`, `minimum` and `maximum` (`"parity":
    /// "Odd"`, `"extreme": "Minimum"`), as (key, cell).
    legacy: Vec<(&'static str, Cell)>,
}

fn from_object(object: &Map<String, Value>) -> Result<Imported, FpuzzlesError> {
    let size = object.get("size").ok_or_else(|| {
        error(
            "size",
            "missing: an f-puzzles object has \"size\" and \"grid\"",
        )
    })?;
    let n = size
        .as_u64()
        .map(|n| n as usize)
        .filter(|n| SIZES.contains(n))
        .ok_or_else(|| {
            error(
                "size",
                format!("expected a size from 4 to 16, found {size}"),
            )
        })?;
    let grid = object.get("grid").ok_or_else(|| {
        error(
            "grid",
            "missing: an f-puzzles object has \"size\" and \"grid\"",
        )
    })?;
    let cells = read_grid(n, grid)?;
    let mut notices = Vec::new();
    if cells.ignored_digits > 0 {
        notices.push(format!(
            "{} digits without \"given\": true are a solver's progress, not clues; left out",
            cells.ignored_digits
        ));
    }

    let negative: Vec<String> = match object.get("negative") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| error("negative", format!("expected key names, found {v}")))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(error(
                "negative",
                format!("expected a list of keys, found {other}"),
            ))
        }
    };
    if let Some(entry) = negative
        .iter()
        .find(|e| !Constraints::fpuzzles_negative().any(|k| k == e.as_str()))
    {
        return Err(error(
            "negative",
            format!("unsupported entry {entry:?} (\"all such marks are shown\"); nothing imported"),
        ));
    }

    let left_out = std::cell::RefCell::new(Vec::new());
    let reader = FpReader::new(n, &negative).with_notices(&left_out);
    let mut constraints = Constraints::default();
    if !cells.pencilmarks.is_empty() {
        // The cells' given pencil marks, as the pencil-marks family reads them.
        let marks: Vec<Value> = cells
            .pencilmarks
            .iter()
            .map(|(cell, digits)| serde_json::json!({"cell": cell_name(*cell), "digits": digits}))
            .collect();
        if let Some(result) =
            constraints.read_fpuzzles(FpReader::new(n, &[]).key(PENCILMARKS, &Value::Array(marks)))
        {
            result?;
        }
    }
    let mut meta = Meta::default();
    let mut cosmetic: Vec<&str> = Vec::new();
    for (key, value) in object {
        match key.as_str() {
            "size" | "grid" | "negative" | "highlightConflicts" => {}
            PENCILMARKS => {
                return Err(error(
                    PENCILMARKS,
                    "is a field of cells, not a key of the puzzle; nothing imported",
                ))
            }
            "title" | "author" | "ruleset" => {
                let text = match value {
                    Value::Null => None,
                    Value::String(s) if s.is_empty() => None,
                    Value::String(s) => Some(s.clone()),
                    other => {
                        return Err(error(key.as_str(), format!("expected text, found {other}")))
                    }
                };
                match key.as_str() {
                    "title" => meta.title = text,
                    "author" => meta.author = text,
                    _ => meta.ruleset = text,
                }
            }
            k if COSMETIC_KEYS.contains(&k) || SETTING_KEYS.contains(&k) => {
                if !matches!(value, Value::Array(list) if list.is_empty()) {
                    cosmetic.push(k);
                }
            }
            k => match constraints.read_fpuzzles(reader.key(k, value)) {
                Some(result) => result?,
                None => {
                    let count = value.as_array().map_or(String::new(), |list| {
                        format!(
                            " ({} instance{})",
                            list.len(),
                            if list.len() == 1 { "" } else { "s" }
                        )
                    });
                    return Err(error(
                        k,
                        format!("unsupported f-puzzles constraint{count}; nothing imported"),
                    ));
                }
            },
        }
    }
    // The legacy per-cell forms, as the families of their keys read them.
    for key in ["odd", "even", "minimum", "maximum"] {
        let instances: Vec<Value> = cells
            .legacy
            .iter()
            .filter(|(k, _)| *k == key)
            .map(|(_, cell)| serde_json::json!({"cell": cell_name(*cell)}))
            .collect();
        if !instances.is_empty() {
            if let Some(result) =
                constraints.read_fpuzzles(reader.key(key, &Value::Array(instances)))
            {
                result?;
            }
        }
    }
    // A `negative` entry holds even where no mark of its kind is shown: the family that
    // honours it reads its key as empty.
    for entry in &negative {
        if !object.contains_key(entry.as_str()) {
            if let Some(result) =
                constraints.read_fpuzzles(reader.key(entry, &Value::Array(Vec::new())))
            {
                result?;
            }
        }
    }
    notices.extend(left_out.take());
    if !cosmetic.is_empty() {
        notices.push(format!(
            "left out what only draws ({}): check `ruleset` for rules they carry",
            cosmetic.join(", ")
        ));
    }

    let spec = Spec {
        size: n,
        regions: regions(n, &cells.regions),
        constraints,
        ..Spec::new(n)
    };
    let rules = Rules::new(spec).map_err(FileError::from)?;
    Ok(Imported {
        file: PuzzleFile {
            rules,
            givens: cells.givens,
            meta,
        },
        notices,
    })
}

/// The default region index of a cell: boxes of `h` x `w` numbered in reading order.
pub(crate) fn default_region(n: usize, cell: Cell) -> usize {
    let (h, w) = default_box(n);
    (cell.row / h) * h + cell.col / w
}

/// The region index of a cell in no region (`"region": null` or `-1`).
pub(crate) const NONE: usize = usize::MAX;

/// The label of region `index` in a [`Spec`]'s `regions` ([`NO_REGION`] for [`NONE`]).
pub(crate) fn label(index: usize) -> char {
    if index == NONE {
        return NO_REGION;
    }
    char::from_digit(index as u32, 36).unwrap_or('?')
}

/// The jigsaw labels of the regions, or `None` when they are the default boxes.
fn regions(n: usize, regions: &[usize]) -> Option<Vec<char>> {
    let default = (0..n * n).all(|k| regions[k] == default_region(n, Cell::from_index(k, n)));
    (!default).then(|| regions.iter().map(|&r| label(r)).collect())
}

fn read_grid(n: usize, grid: &Value) -> Result<CellFields, FpuzzlesError> {
    let rows = grid
        .as_array()
        .filter(|rows| rows.len() == n)
        .ok_or_else(|| error("grid", format!("expected {n} rows of {n} cells")))?;
    let mut out = CellFields {
        givens: Grid::empty(n),
        regions: Vec::with_capacity(n * n),
        ignored_digits: 0,
        pencilmarks: Vec::new(),
        legacy: Vec::new(),
    };
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| error("grid", format!("row {}: expected {n} cells", r + 1)))?;
        for (c, fields) in row.iter().enumerate() {
            let cell = Cell { row: r, col: c };
            let at = format!("grid {}", cell_name(cell));
            let fields = match fields {
                Value::Null => &Map::new(),
                Value::Object(map) => map,
                other => return Err(error(at, format!("expected an object, found {other}"))),
            };
            read_cell(n, cell, &at, fields, &mut out)?;
        }
    }
    Ok(out)
}

fn read_cell(
    n: usize,
    cell: Cell,
    at: &str,
    fields: &Map<String, Value>,
    out: &mut CellFields,
) -> Result<(), FpuzzlesError> {
    let mut digit = 0u8;
    let mut given = false;
    let mut region = default_region(n, cell);
    for (field, value) in fields {
        match field.as_str() {
            "value" => {
                digit = value.as_u64().filter(|&d| d as usize <= n).ok_or_else(|| {
                    error(
                        at,
                        format!("\"value\": expected a digit 0..{n}, found {value}"),
                    )
                })? as u8;
            }
            "given" => {
                given = value.as_bool().ok_or_else(|| {
                    error(
                        at,
                        format!("\"given\": expected true or false, found {value}"),
                    )
                })?;
            }
            "region" => match value {
                // No region (SudokuPad's null, the "region 0" userscript's and Rangsk's -1).
                Value::Null => region = NONE,
                v if v.as_i64() == Some(-1) => region = NONE,
                v => {
                    region = v.as_u64().filter(|&r| (r as usize) < n).ok_or_else(|| {
                        error(at, format!("\"region\": expected 0..{}, found {v}", n - 1))
                    })? as usize;
                }
            },
            "givenPencilMarks" => match value {
                Value::Null => {}
                Value::Array(list) => {
                    let digits = list
                        .iter()
                        .map(|d| {
                            d.as_u64().filter(|&d| (1..=n as u64).contains(&d)).map(|d| d as u8).ok_or_else(|| {
                                error(at, format!("\"givenPencilMarks\": expected digits 1..{n}, found {d}"))
                            })
                        })
                        .collect::<Result<Vec<u8>, _>>()?;
                    if !digits.is_empty() {
                        out.pencilmarks.push((cell, digits));
                    }
                }
                other => {
                    return Err(error(
                        at,
                        format!("\"givenPencilMarks\": expected a list of digits, found {other}"),
                    ))
                }
            },
            "parity" | "extreme" => {
                let key = match (field.as_str(), value.as_str()) {
                    ("parity", Some("Odd")) => "odd",
                    ("parity", Some("Even")) => "even",
                    ("extreme", Some("Minimum")) => "minimum",
                    ("extreme", Some("Maximum")) => "maximum",
                    _ => {
                        return Err(error(
                            at,
                            format!(
                                "cannot read the cell field {field:?} ({value}); nothing imported"
                            ),
                        ))
                    }
                };
                out.legacy.push((key, cell));
            }
            f if NOTE_FIELDS.contains(&f) => {}
            other => {
                return Err(error(
                    at,
                    format!("unknown cell field {other:?}; nothing imported"),
                ))
            }
        }
    }
    if digit > 0 {
        if given {
            out.givens.set(cell.row, cell.col, digit);
        } else {
            out.ignored_digits += 1;
        }
    }
    out.regions.push(region);
    Ok(())
}
