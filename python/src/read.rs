//! Reading a puzzle from what a user hands over, as the command line reads its PUZZLE
//! argument: a file's path, an f-puzzles or SudokuPad link (or its bare payload), f-puzzles
//! JSON, a puzzle file's TOML or JSON text, or puzzle lines and grids. And the short
//! description of a puzzle that `repr` shows (`Puzzle(9x9, 31 cages, 1 given)`).

use std::path::Path;

use sudokux::sudoku::file::{file_to_toml, from_json, from_toml};
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::parse::{Dialect, Reader};
use sudokux::sudoku::{Grid, Meta, PuzzleFile, Rules, Spec};

/// A puzzle: its rules, its givens over the whole area, and what its file says about it.
#[derive(Debug, Clone)]
pub struct Read {
    pub rules: Rules,
    pub givens: Grid,
    pub meta: Meta,
}

impl Read {
    fn checked(file: PuzzleFile) -> Result<Read, String> {
        file.rules
            .check_givens(&file.givens)
            .map_err(|e| e.to_string())?;
        Ok(Read {
            rules: file.rules,
            givens: file.givens,
            meta: file.meta,
        })
    }
}

/// The first line that says something: not blank, not a `#` comment.
fn first_line(text: &str) -> &str {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("")
}

/// Whether a line is a section header of a SadMan `.sdk` file (`[Puzzle]`), not TOML.
fn is_sdk_section(line: &str) -> bool {
    line.eq_ignore_ascii_case("[puzzle]")
}

/// Whether `text` names a file rather than holding a puzzle: one line, and a file there. The
/// command line takes an argument that is an existing file as that file, as here.
pub fn is_path(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && !text.contains('\n') && Path::new(text).is_file()
}

/// Reads the first puzzle of `text`, whatever its form: an f-puzzles or SudokuPad link or
/// payload, JSON (f-puzzles' or a puzzle file's, told apart by the `grid` key), a SadMan file
/// (its first line `[Puzzle]`), a TOML puzzle file, else puzzle lines or grids under classic
/// rules for their size.
pub fn text(text: &str) -> Result<Read, String> {
    let first = first_line(text);
    if first.starts_with('{') {
        json(text)
    } else if fpuzzles::is_link(first) {
        fpuzzles_text(first)
    } else if is_sdk_section(first) {
        lines_in(text, Dialect::Sdk)
    } else if first.contains('=') || first.starts_with('[') {
        toml(text)
    } else {
        lines(text)
    }
}

/// Reads a puzzle file: by its extension `.toml` or `.json`, else by its text as [`text`]
/// does. Errors name the file.
pub fn file(path: &Path) -> Result<Read, FileFailure> {
    let name = path.display().to_string();
    let content =
        std::fs::read_to_string(path).map_err(|e| FileFailure::Open(format!("{name}: {e}")))?;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let read = match extension.as_deref() {
        Some("toml") => toml(&content),
        Some("json") => json(&content),
        Some("sdk") => lines_in(&content, Dialect::Sdk),
        _ => text(&content),
    };
    read.map_err(|e| FileFailure::Puzzle(format!("{name}: {e}")))
}

/// Why a puzzle file could not be read: it could not be opened (an `OSError` in Python), or
/// what it holds is not a puzzle (a `PuzzleError`).
pub enum FileFailure {
    Open(String),
    Puzzle(String),
}

/// The first puzzle of puzzle lines or grids, under classic rules for its size.
pub fn lines(text: &str) -> Result<Read, String> {
    lines_in(text, Dialect::Lines)
}

/// The first puzzle of a text in `dialect` (SadMan's sections, or plain lines and grids).
fn lines_in(text: &str, dialect: Dialect) -> Result<Read, String> {
    let entry = match Reader::inferring(text.as_bytes()).dialect(dialect).next() {
        None => return Err("no puzzle in the text".into()),
        Some(Err(error)) => return Err(error.to_string()),
        Some(Ok(entry)) => entry,
    };
    let at = |e: &dyn std::fmt::Display| format!("line {}: {e}", entry.line);
    let rules = Rules::new(Spec::new(entry.grid.rows())).map_err(|e| at(&e))?;
    rules.check_givens(&entry.grid).map_err(|e| at(&e))?;
    Ok(Read {
        rules,
        givens: entry.grid,
        meta: Meta {
            title: entry.title.clone(),
            ..Meta::default()
        },
    })
}

pub fn toml(text: &str) -> Result<Read, String> {
    Read::checked(from_toml(text).map_err(|e| format!("TOML: {e}"))?)
}

pub fn json(text: &str) -> Result<Read, String> {
    if fpuzzles::is_fpuzzles_json(text) {
        return fpuzzles_text(text);
    }
    Read::checked(from_json(text).map_err(|e| format!("JSON: {e}"))?)
}

/// An f-puzzles link, payload or JSON.
pub fn fpuzzles_text(text: &str) -> Result<Read, String> {
    let imported = fpuzzles::read(text.trim()).map_err(|e| e.to_string())?;
    Read::checked(imported.file)
}

/// What `repr` says of a puzzle: the area's size, its rules (each key of its puzzle file but
/// the givens, the alphabet and the words about it: a flag by its name, a list of tables by
/// how many, a list of cells by how many cells) and how many givens, as in
/// `9x9, 31 cages, 1 given`.
pub fn describe(puzzle: &Read) -> String {
    let file = PuzzleFile {
        rules: puzzle.rules.clone(),
        givens: puzzle.givens.clone(),
        meta: Meta::default(),
    };
    let mut parts = vec![format!("{}x{}", puzzle.rules.rows(), puzzle.rules.cols())];
    // The puzzle file lists the rules once each, by the keys users write.
    if let Ok(table) = file_to_toml(&file).parse::<::toml::Table>() {
        for (key, value) in &table {
            if matches!(key.as_str(), "size" | "givens" | "symbols") {
                continue;
            }
            let many = |n: usize, what: &str| {
                let plural = if n == 1 || what.ends_with('s') {
                    ""
                } else {
                    "s"
                };
                format!("{n} {what}{plural}")
            };
            parts.push(match value {
                ::toml::Value::Boolean(true) => key.clone(),
                ::toml::Value::Boolean(false) => continue,
                ::toml::Value::Array(items) if key == "grids" => many(items.len(), "grid"),
                ::toml::Value::Array(items) => many(items.len(), key),
                ::toml::Value::String(_) if key == "regions" => "jigsaw regions".to_string(),
                ::toml::Value::String(text) if key == "box" => format!("boxes {text}"),
                ::toml::Value::String(text) if key == "layout" => text.clone(),
                ::toml::Value::String(text) => {
                    let cells = text.split_whitespace().count();
                    format!("{key} {}", many(cells, "cell"))
                }
                other => format!("{key} {other}"),
            });
        }
    }
    let givens = puzzle.givens.cells().iter().filter(|&&d| d != 0).count();
    let plural = if givens == 1 { "" } else { "s" };
    parts.push(format!("{givens} given{plural}"));
    parts.join(", ")
}
