//! A puzzle written as f-puzzles JSON and as links (fpuzzles.md §4.6): `size`, then
//! `title`/`author`/`ruleset`, `grid` (`{}` for empty cells, `region` only where it differs
//! from the default box), then each family's keys. What f-puzzles cannot say (several grids,
//! other symbols, a rule no f-puzzles key holds) refuses the export rather than dropping it.

use serde_json::{json, Map, Value};

use crate::sudoku::file::{to_toml, PuzzleFile};
use crate::sudoku::grid::Cell;
use crate::sudoku::rules::fpuzzles_io::{parse_place, FpWriter};
use crate::sudoku::rules::geometry::region_labels;
use crate::sudoku::Rules;

use super::import::{default_region, from_json, NONE, PENCILMARKS};
use super::lzstring::compress_to_base64;
use super::FpuzzlesError;

/// Why a puzzle cannot be written as f-puzzles.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The shape is not one f-puzzles has.
    #[error("f-puzzles cannot hold {0}")]
    Shape(String),
    /// Rules no f-puzzles key holds.
    #[error("f-puzzles has no key for: {0}; nothing written")]
    Rules(String),
}

/// The puzzle as an f-puzzles JSON object.
///
/// # Errors
///
/// Several grids, a size outside 4..16, symbols other than the digits, or a rule that no
/// f-puzzles key holds (windoku, say), named as the TOML key that says it.
pub fn to_json(file: &PuzzleFile) -> Result<Value, ExportError> {
    let rules = &file.rules;
    let spec = rules.spec();
    let n = rules.size();
    if !(4..=16).contains(&n) {
        return Err(ExportError::Shape(format!("a {n}x{n} grid (4x4 to 16x16)")));
    }
    if rules.geometry().grids().len() > 1 {
        return Err(ExportError::Shape("several overlapping grids".into()));
    }
    if spec.symbols.is_some() {
        return Err(ExportError::Shape("symbols other than the digits".into()));
    }
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    for (name, text) in file.meta.fields() {
        out.insert(name.into(), json!(text));
    }
    let regions = region_indices(rules);
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell { row: r, col: c };
            let mut fields = Map::new();
            let digit = file.givens.get(r, c);
            if digit > 0 {
                fields.insert("value".into(), json!(digit));
                fields.insert("given".into(), json!(true));
            }
            let region = regions[r * n + c];
            if region == NONE {
                fields.insert("region".into(), Value::Null);
            } else if region != default_region(n, cell) {
                fields.insert("region".into(), json!(region));
            }
            row.push(Value::Object(fields));
        }
        grid.push(Value::Array(row));
    }
    out.insert("grid".into(), Value::Array(grid));
    let mut writer = FpWriter::new(n);
    rules.constraints().write_fpuzzles(&mut writer);
    let (mut keys, negative) = writer.finish();
    // Given pencil marks are fields of the cells.
    if let Some(Value::Array(marks)) = keys.remove(PENCILMARKS) {
        for mark in marks {
            let place = mark["cell"].as_str().and_then(parse_place);
            if let Some(cell) = place.and_then(|p| p.cell(n)) {
                if let Some(Value::Object(fields)) = out
                    .get_mut("grid")
                    .and_then(|g| g.get_mut(cell.row))
                    .and_then(|row| row.get_mut(cell.col))
                {
                    fields.insert(PENCILMARKS.into(), mark["digits"].clone());
                }
            }
        }
    }
    if !negative.is_empty() {
        out.insert("negative".into(), json!(negative));
    }
    out.extend(keys);
    let value = Value::Object(out);
    check_round_trip(file, &value)?;
    Ok(value)
}

/// Refuses an export that does not read back as the same rules, naming what is lost by the
/// TOML lines that say it.
fn check_round_trip(file: &PuzzleFile, value: &Value) -> Result<(), ExportError> {
    // The import's own words, without its `f-puzzles: ` prefix (this error says it).
    let back = from_json(&value.to_string()).map_err(|e| {
        ExportError::Rules(match e {
            FpuzzlesError::File(e) => e.to_string(),
            e => e.to_string(),
        })
    })?;
    if back.file.rules.constraints() == file.rules.constraints()
        && partition(&back.file.rules) == partition(&file.rules)
        && back.file.givens == file.givens
    {
        return Ok(());
    }
    let theirs = to_toml(&back.file.rules, &back.file.givens);
    let ours = to_toml(&file.rules, &file.givens);
    let lost: Vec<&str> = ours
        .lines()
        .filter(|line| line.contains('=') && !theirs.lines().any(|l| l == *line))
        .filter_map(|line| line.split('=').next().map(str::trim))
        .collect();
    Err(ExportError::Rules(if lost.is_empty() {
        "part of the rules".into()
    } else {
        lost.join(", ")
    }))
}

/// The f-puzzles region index of every cell: the boxes' own numbers, or for jigsaw regions
/// the number of the box each overlaps most (so that few cells need a `region` field).
fn region_indices(rules: &Rules) -> Vec<usize> {
    let n = rules.size();
    let default: Vec<usize> = (0..n * n)
        .map(|k| default_region(n, Cell::from_index(k, n)))
        .collect();
    let labels = partition(rules);
    let order: Vec<usize> = (0..n).collect();
    // Overlaps, largest first; each region takes the free box it overlaps most.
    let mut overlaps: Vec<(usize, usize, usize)> = Vec::new();
    for (i, &label) in order.iter().enumerate() {
        for b in 0..n {
            // Cells in no region are NONE in `labels` and never counted here.
            let count = (0..n * n)
                .filter(|&k| labels[k] == label && default[k] == b)
                .count();
            overlaps.push((count, i, b));
        }
    }
    overlaps.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    let mut index_of = vec![usize::MAX; order.len()];
    let mut taken = vec![false; n];
    for (_, i, b) in overlaps {
        if index_of[i] == usize::MAX && !taken[b] {
            index_of[i] = b;
            taken[b] = true;
        }
    }
    labels
        .iter()
        .map(|&l| if l == NONE { NONE } else { index_of[l] })
        .collect()
}

/// The box or region of every cell, numbered by first appearance in reading order ([`NONE`]
/// for a cell in no region): the same for two rule sets exactly when they cut the grid the
/// same way.
pub(super) fn partition(rules: &Rules) -> Vec<usize> {
    let n = rules.size();
    let g = rules.geometry();
    let raw: Vec<usize> = match g.regions() {
        Some(labels) => {
            let order = region_labels(labels);
            labels
                .iter()
                .map(|l| order.iter().position(|o| o == l).unwrap_or(NONE))
                .collect()
        }
        None => {
            let (h, w) = g.box_shape();
            (0..n * n)
                .map(|k| (k / n / h) * (n / w) + (k % n) / w)
                .collect()
        }
    };
    let mut seen: Vec<usize> = Vec::new();
    raw.iter()
        .map(|&r| match seen.iter().position(|&s| s == r) {
            _ if r == NONE => NONE,
            Some(i) => i,
            None => {
                seen.push(r);
                seen.len() - 1
            }
        })
        .collect()
}

/// The keys f-puzzles writes first, in its order; the constraint keys follow.
const FIRST_KEYS: [&str; 6] = ["size", "title", "author", "ruleset", "grid", "negative"];

/// An f-puzzles object as text, its keys in f-puzzles' order (`size` first): on one line, or
/// `pretty` with one key, and one row of the grid, per line.
pub fn to_text(object: &Value, pretty: bool) -> String {
    let Value::Object(map) = object else {
        return object.to_string();
    };
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort_by_key(|k| {
        (
            FIRST_KEYS
                .iter()
                .position(|f| f == k)
                .unwrap_or(FIRST_KEYS.len()),
            k.as_str(),
        )
    });
    let entries: Vec<String> = keys
        .iter()
        .map(|&key| {
            let value = match (&map[key], pretty) {
                // The grid a row per line, other keys an instance per line.
                (Value::Array(rows), true) if !rows.is_empty() && key != "negative" => {
                    let rows: Vec<String> = rows.iter().map(|r| format!("    {r}")).collect();
                    format!("[\n{}\n  ]", rows.join(",\n"))
                }
                (value, _) => value.to_string(),
            };
            format!(
                "{}:{}{value}",
                Value::String(key.clone()),
                if pretty { " " } else { "" }
            )
        })
        .collect();
    if pretty {
        format!("{{\n  {}\n}}\n", entries.join(",\n  "))
    } else {
        format!("{{{}}}", entries.join(","))
    }
}

/// The puzzle as links: an f-puzzles link (`https://www.f-puzzles.com/?load=...`) and a
/// SudokuPad link (`https://sudokupad.app/fpuzzles...`).
///
/// # Errors
///
/// As [`to_json`].
pub fn links(file: &PuzzleFile) -> Result<(String, String), ExportError> {
    let payload = compress_to_base64(&to_text(&to_json(file)?, false));
    Ok((
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}"),
    ))
}
