//! Puzzle files with rules: one puzzle and its rule set, in TOML or the same structure in
//! JSON.
//!
//! ```toml
//! size = 6              # digits; may be left out when the givens make it clear
//! box = "2x3"           # rows x columns of a box (default: the most square shape; "none": no boxes)
//! givens = """
//! 1..4..
//! ......
//! .2..5.
//! .4..1.
//! ......
//! ..3..6
//! """
//! ```
//!
//! Keys: `size`, `box`, `symbols` (a string of one-character symbols, or a list of strings),
//! `givens` (one line per row of the area: a line exactly as wide as the area is read one
//! character per position, any other line as whitespace-separated tokens; `.` or `0` is a
//! blank, and space or `#` marks a position outside every sub-grid), `regions` (one label
//! character per cell; replaces the boxes; both as one string of lines or a list of rows), `diagonals`, `diagonal_positive`,
//! `diagonal_negative`, `windoku`, `disjoint_groups`, `anti_knight`, `anti_king`,
//! `non_consecutive`, `negative_ratio`, `negative_difference` (booleans), `title`, `author`,
//! `ruleset` (text shown, not solved with), `[[difference]]` and `[[ratio]]` (kropki dots:
//! `cells`, optional `value`), `[[cage]]` with `sum` and `cells`
//! (`"r1c1 r1c2"`), `[[unit]]` with `cells`, and `layout` (`"samurai"`, `"twodoku"`,
//! `"butterfly"`, `"flower"`) or `grids` (top-left corners of the sub-grids, 0-based
//! `[row, col]`). Unknown keys are errors.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};

mod keys;
mod rows;

use keys::FileKey;
use rows::Rows;

use super::grid::{Cell, Grid};
use super::rules::constraint::FileWriter;
use super::rules::error::ReadError;
use super::rules::{Constraints, Rules, Spec};
use super::symbols::{CellChar, Symbols};

pub use super::rules::geometry::layout;
pub use super::rules::FileError;

/// A puzzle with its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleFile {
    /// The rules.
    pub rules: Rules,
    /// The givens, over the whole area.
    pub givens: Grid,
    /// Title, author and rules as the setter wrote them.
    pub meta: Meta,
}

/// What a puzzle file says about the puzzle besides its rules: shown, never solved with.
/// f-puzzles links carry these, and many rules exist only in `ruleset`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Meta {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Who set it.
    pub author: Option<String>,
    /// The rules in the setter's words.
    pub ruleset: Option<String>,
}

impl Meta {
    /// The fields that are set, as (name, text): `title`, `author`, `ruleset`.
    pub fn fields(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("title", &self.title),
            ("author", &self.author),
            ("ruleset", &self.ruleset),
        ]
        .into_iter()
        .filter_map(|(name, text)| text.as_deref().map(|t| (name, t)))
    }
}

/// A puzzle file as written, before its values are checked.
#[derive(Debug, Default)]
struct RawFile {
    size: Option<usize>,
    box_shape: Option<String>,
    symbols: Option<RawSymbols>,
    givens: Option<Rows>,
    regions: Option<Rows>,
    layout: Option<String>,
    grids: Option<Vec<[usize; 2]>>,
    meta: Meta,
    constraints: Constraints,
    /// The first value a constraint could read but not make sense of.
    error: Option<FileError>,
}

#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
enum RawSymbols {
    Chars(String),
    List(Vec<String>),
}

impl<'de> serde::Deserialize<'de> for RawFile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawFile, D::Error> {
        deserializer.deserialize_map(FileVisitor)
    }
}

/// Reads the keys of a puzzle file: the shape's here, the constraints' by their families.
struct FileVisitor;

impl<'de> Visitor<'de> for FileVisitor {
    type Value = RawFile;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a puzzle file")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFile, A::Error> {
        let mut raw = RawFile::default();
        // The keys read so far, each as written.
        let mut seen: Vec<FileKey> = Vec::new();
        // An unknown key is refused while the key is read, where the parser knows its place.
        while let Some(file_key) = map.next_key::<FileKey>()? {
            let key = file_key.key;
            if let Some(before) = seen.iter().find(|before| before.key == key) {
                return Err(match (&*before.written, &*file_key.written) {
                    (a, b) if a == b => de::Error::custom(format_args!("duplicate field `{b}`")),
                    (a, b) => de::Error::custom(format_args!(
                        "duplicate field `{b}`: `{a}` above is the same key (`{key}`)"
                    )),
                });
            }
            match key {
                "size" => raw.size = Some(map.next_value()?),
                "box" => raw.box_shape = Some(map.next_value()?),
                "symbols" => raw.symbols = Some(map.next_value()?),
                "givens" => raw.givens = Some(map.next_value()?),
                "regions" => raw.regions = Some(map.next_value()?),
                "layout" => raw.layout = Some(map.next_value()?),
                "grids" => raw.grids = Some(map.next_value()?),
                "title" => raw.meta.title = Some(map.next_value()?),
                "author" => raw.meta.author = Some(map.next_value()?),
                "ruleset" => raw.meta.ruleset = Some(map.next_value()?),
                other => match raw.constraints.read(other, &mut map) {
                    Some(Ok(())) => {}
                    Some(Err(ReadError::Shape(error))) => return Err(error),
                    Some(Err(ReadError::Value(error))) => {
                        raw.error.get_or_insert(error);
                    }
                    None => unreachable!("FileKey reads only known keys"),
                },
            }
            seen.push(file_key);
        }
        Ok(raw)
    }
}

/// Reads a TOML puzzle file.
///
/// # Errors
///
/// A [`FileError`] that says which key and, where it applies, which line is wrong.
pub fn from_toml(text: &str) -> Result<PuzzleFile, FileError> {
    nothing_in("TOML", text)?;
    // toml's message shows the line with a caret under the place: kept on its lines.
    let raw: RawFile = toml::from_str(text).map_err(|e| FileError::Syntax {
        format: "TOML",
        message: keys::did_you_mean(
            e.to_string()
                .trim_end()
                .trim_start_matches("TOML parse error at "),
        ),
    })?;
    build(raw).map_err(|error| keys::in_toml(text, error))
}

/// Reads a JSON puzzle file (the same keys as TOML; cages and units as arrays `cage` and
/// `unit`).
///
/// # Errors
///
/// As [`from_toml`].
pub fn from_json(text: &str) -> Result<PuzzleFile, FileError> {
    nothing_in("JSON", text)?;
    if !text.trim_start().starts_with('{') {
        // serde would read an array as the fields in order, with a baffling message.
        return Err(FileError::Syntax {
            format: "JSON",
            message: "a puzzle file is one object, {\"size\": ..., \"givens\": ...}".into(),
        });
    }
    let raw: RawFile = serde_json::from_str(text).map_err(|e| FileError::Syntax {
        format: "JSON",
        message: keys::did_you_mean(&e.to_string()),
    })?;
    build(raw)
}

/// An error for a file with nothing but whitespace (and, in TOML, comments) in it.
fn nothing_in(format: &'static str, text: &str) -> Result<(), FileError> {
    let empty = text
        .lines()
        .map(str::trim)
        .all(|l| l.is_empty() || (format == "TOML" && l.starts_with('#')));
    if empty {
        return Err(FileError::Syntax {
            format,
            message: "the puzzle file is empty".into(),
        });
    }
    Ok(())
}

fn value(key: impl Into<String>, line: Option<usize>, message: String) -> FileError {
    FileError::Value {
        key: key.into(),
        line,
        message,
    }
}

/// Non-empty lines of a multi-line string, with their 1-based line numbers; blank lines at
/// the start and end are dropped, blank lines inside kept.
fn lines(text: &str) -> Vec<(usize, &str)> {
    let all: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim_end_matches('\r')))
        .collect();
    let first = all.iter().position(|(_, l)| !l.trim().is_empty());
    let last = all.iter().rposition(|(_, l)| !l.trim().is_empty());
    match (first, last) {
        (Some(a), Some(b)) => all[a..=b].to_vec(),
        _ => Vec::new(),
    }
}

fn build(raw: RawFile) -> Result<PuzzleFile, FileError> {
    if let Some(error) = raw.error {
        return Err(error);
    }
    let symbols = match &raw.symbols {
        None => None,
        Some(RawSymbols::Chars(chars)) => Some(Symbols::from_chars(chars)),
        Some(RawSymbols::List(list)) => Some(Symbols::new(list.clone())),
    }
    .transpose()
    .map_err(|e| value("symbols", None, e.to_string()))?;
    let grids = match (&raw.layout, &raw.grids) {
        (Some(_), Some(_)) => {
            return Err(value(
                "layout",
                None,
                "give `layout` or `grids`, not both".into(),
            ))
        }
        (Some(name), None) => layout(name).ok_or_else(|| {
            value(
                "layout",
                None,
                format!("unknown layout {name:?} (known: samurai, twodoku, butterfly, flower)"),
            )
        })?,
        (None, Some(grids)) => grids.iter().map(|&[r, c]| (r, c)).collect(),
        (None, None) => Vec::new(),
    };
    // `box = "none"`: no boxes (a Latin square); boxes of one row, once the size is known.
    let no_boxes = raw
        .box_shape
        .as_deref()
        .is_some_and(|text| text.trim().eq_ignore_ascii_case("none"));
    let box_shape = raw
        .box_shape
        .as_deref()
        .filter(|_| !no_boxes)
        .map(|text| {
            let (r, c) = text.split_once(['x', 'X', '*']).ok_or_else(|| {
                value(
                    "box",
                    None,
                    format!("expected rows x columns like \"2x3\", found {text:?}"),
                )
            })?;
            match (r.trim().parse(), c.trim().parse()) {
                (Ok(r), Ok(c)) if r > 0 && c > 0 => Ok((r, c)),
                _ => Err(value(
                    "box",
                    None,
                    format!("expected rows x columns like \"2x3\", found {text:?}"),
                )),
            }
        })
        .transpose()?;
    let region_lines = raw
        .regions
        .as_ref()
        .map(|r| lines(&r.0))
        .unwrap_or_default();
    let given_lines = raw.givens.as_ref().map(|g| lines(&g.0)).unwrap_or_default();
    let size = raw
        .size
        .or_else(|| symbols.as_ref().map(Symbols::len))
        .or(box_shape.map(|(r, c): (usize, usize)| r * c))
        .or((!grids.is_empty()).then_some(9))
        .or((!region_lines.is_empty()).then_some(region_lines.len()))
        .or(rows::side(&given_lines))
        .ok_or_else(|| {
            value(
                "size",
                None,
                "cannot tell the size: give `size` or `givens`".into(),
            )
        })?;

    let regions = if raw.regions.is_some() {
        if region_lines.len() != size {
            return Err(value(
                "regions",
                None,
                format!("expected {size} lines, found {}", region_lines.len()),
            ));
        }
        let mut labels = Vec::with_capacity(size * size);
        for &(line, text) in &region_lines {
            let row: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if row.len() != size {
                return Err(value(
                    "regions",
                    Some(line),
                    format!("expected {size} labels, found {}", row.len()),
                ));
            }
            labels.extend(row);
        }
        Some(labels)
    } else {
        None
    };
    if raw.layout.is_some() && size != 9 {
        return Err(value(
            "layout",
            None,
            format!("the named layouts are made of 9x9 grids, not {size}x{size}; give `grids` for other sizes"),
        ));
    }
    let box_shape = if no_boxes { Some((1, size)) } else { box_shape };
    let rules = Rules::new(Spec {
        size,
        box_shape,
        regions,
        grids,
        symbols,
        constraints: raw.constraints,
    })?;
    let givens = if raw.givens.is_some() {
        read_givens(&rules, &given_lines)?
    } else {
        rules.empty_grid()
    };
    Ok(PuzzleFile {
        rules,
        givens,
        meta: raw.meta,
    })
}

/// Reads the givens over the area of `rules`.
fn read_givens(rules: &Rules, lines: &[(usize, &str)]) -> Result<Grid, FileError> {
    let (rows, cols) = (rules.rows(), rules.cols());
    let lines = &rows::without_separators(rules, lines)[..];
    if lines.len() != rows {
        return Err(value(
            "givens",
            None,
            format!("expected {rows} lines (one per row), found {}", lines.len()),
        ));
    }
    let symbols = rules.symbols();
    let mut grid = rules.empty_grid();
    for (r, &(line, text)) in lines.iter().enumerate() {
        let mut chars: Vec<char> = text.chars().collect();
        if chars.len() > cols {
            // Spaces after the last column mean nothing.
            chars.truncate(text.trim_end().chars().count().max(cols));
        }
        let tokens: Vec<&str> = text.split_whitespace().collect();
        // A short line may leave out trailing positions outside every grid (an editor trims
        // them), never a cell.
        let holes_only = (chars.len()..cols).all(|c| !rules.is_active(r * cols + c));
        let cells: Vec<String> = if chars.len() == cols {
            chars.iter().map(|c| c.to_string()).collect()
        } else if tokens.len() == cols {
            tokens.iter().map(|t| t.to_string()).collect()
        } else if chars.len() < cols && holes_only && symbols.is_single_char() {
            let mut padded: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
            padded.resize(cols, " ".into());
            padded
        } else if let Some(cells) = rows::drawn(rules, text) {
            cells
        } else {
            return Err(value(
                "givens",
                Some(line),
                format!(
                    "expected {cols} cells, found {} characters and {} tokens",
                    chars.len(),
                    tokens.len()
                ),
            ));
        };
        for (c, cell) in cells.iter().enumerate() {
            let digit = match cell.as_str() {
                " " | "#" => 0,
                name => match symbols.read(name) {
                    CellChar::Digit(d) => d,
                    CellChar::Blank => 0,
                    CellChar::OutOfRange(_) | CellChar::Other => {
                        return Err(value(
                            "givens",
                            Some(line),
                            format!(
                                "{}: {name:?} is not a symbol of the puzzle",
                                Cell { row: r, col: c }
                            ),
                        ))
                    }
                },
            };
            if rules.is_active(r * cols + c) {
                grid.set(r, c, digit);
            } else if digit != 0 {
                // A digit where no grid is would be dropped: refuse it.
                return Err(value(
                    "givens",
                    Some(line),
                    format!(
                        "{}: {cell:?} lies outside every grid (a hole of the layout): leave \
                         it blank",
                        Cell { row: r, col: c }
                    ),
                ));
            }
        }
    }
    Ok(grid)
}

/// Writes a puzzle and its rules as a TOML puzzle file, which [`from_toml`] reads back to the
/// same rules and givens.
///
/// Every key is written that differs from its default: `size`, `box`, `symbols`, `layout`
/// (for a named layout of 9x9 grids) or `grids`, the rule booleans, `givens` over the whole
/// area (a space outside every sub-grid; `#` when the symbols are written as tokens),
/// `regions`, then `[[unit]]` and `[[cage]]` tables.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::file::{from_toml, to_toml};
/// use sudokux::sudoku::{Rules, Spec};
///
/// let rules = Rules::new(Spec::new(4).with(|c| c.grid_units.diagonals = true)).unwrap();
/// let text = to_toml(&rules, &rules.empty_grid());
/// assert!(text.contains("diagonals = true"));
/// assert_eq!(from_toml(&text).unwrap().rules, rules);
/// ```
pub fn to_toml(rules: &Rules, givens: &Grid) -> String {
    use std::fmt::Write as _;

    let spec = rules.spec();
    let n = rules.size();
    let mut out = String::new();
    let _ = writeln!(out, "size = {n}");
    if let (Some((r, c)), None) = (spec.box_shape, &spec.regions) {
        if r == 1 && c == spec.size && spec.size > 1 {
            let _ = writeln!(out, "box = \"none\"");
        } else {
            let _ = writeln!(out, "box = \"{r}x{c}\"");
        }
    }
    if let Some(symbols) = &spec.symbols {
        let names: Vec<&str> = (1..=n as u8).map(|d| symbols.name(d)).collect();
        if symbols.is_single_char() {
            let _ = writeln!(out, "symbols = \"{}\"", escape(&names.concat()));
        } else {
            let list: Vec<String> = names.iter().map(|s| format!("\"{}\"", escape(s))).collect();
            let _ = writeln!(out, "symbols = [{}]", list.join(", "));
        }
    }
    if !spec.grids.is_empty() {
        match super::rules::geometry::layout_name(n, &spec.grids) {
            Some(name) => {
                let _ = writeln!(out, "layout = \"{name}\"");
            }
            None => {
                let corners: Vec<String> = spec
                    .grids
                    .iter()
                    .map(|(r, c)| format!("[{r}, {c}]"))
                    .collect();
                let _ = writeln!(out, "grids = [{}]", corners.join(", "));
            }
        }
    }
    let mut keys = FileWriter::default();
    for family in rules.constraints().all() {
        family.write(&mut keys);
    }
    out.push_str(&keys.keys);
    let symbols = rules.symbols();
    let single = symbols.is_single_char();
    out.push_str("givens = \"\"\"\n");
    for r in 0..rules.rows() {
        let mut line = String::new();
        for c in 0..rules.cols() {
            let p = r * rules.cols() + c;
            if !single && c > 0 {
                line.push(' ');
            }
            match (rules.is_active(p), single) {
                (false, true) => line.push(' '),
                (false, false) => line.push('#'),
                (true, _) => line.push_str(symbols.name(givens.cells()[p])),
            }
        }
        out.push_str(&escape(&line));
        out.push('\n');
    }
    out.push_str("\"\"\"\n");
    if let Some(labels) = &spec.regions {
        out.push_str("regions = \"\"\"\n");
        for row in labels.chunks(n) {
            out.push_str(&escape(&row.iter().collect::<String>()));
            out.push('\n');
        }
        out.push_str("\"\"\"\n");
    }
    out.push_str(&keys.tables);
    out
}

/// A puzzle file as TOML: [`to_toml`] after its title, author and rules in words.
pub fn file_to_toml(file: &PuzzleFile) -> String {
    let mut out = String::new();
    for (name, text) in file.meta.fields() {
        if text.contains('\n') {
            out.push_str(&format!(
                "{name} = \"\"\"\n{}\"\"\"\n",
                escape_multiline(text)
            ));
        } else {
            out.push_str(&format!("{name} = \"{}\"\n", escape(text)));
        }
    }
    out.push_str(&to_toml(&file.rules, &file.givens));
    out
}

/// `text` escaped for a TOML multi-line basic string: as [`escape`], with its line breaks
/// kept.
fn escape_multiline(text: &str) -> String {
    text.split('\n').map(escape).collect::<Vec<_>>().join("\n")
}

/// `text` escaped for a TOML basic string (single or multi-line).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::SAMURAI;

    #[test]
    fn givens_drawn_with_indentation_bars_and_separators() {
        let rows = "2.4.1....\n.15.....4\n...96....\n3.7..1...\n.4.....5.\n...4..9.3\n\
                    ....39...\n1.....62.\n....8.3.9\n";
        let plain = from_toml(&format!("givens = \"\"\"\n{rows}\"\"\"\n")).unwrap();
        let drawn = "givens = \"\"\"\n  2.4 | .1. | ...\n  .15 | ... | ..4\n  ... | 96. | ...\n\
                     ----+-----+----\n  3.7 | ..1 | ...\n  .4. | ... | .5.\n  ... | 4.. | 9.3\n\
                     ===============\n  ... | .39 | ...\n  1.. | ... | 62.\n  ... | .8. | 3.9\n\"\"\"\n";
        assert_eq!(from_toml(drawn).unwrap(), plain);
        let line = from_toml(&format!("givens = \"{}\"\n", rows.replace('\n', ""))).unwrap();
        assert_eq!(line, plain);
        let no_rows = from_toml("box = \"0x9\"\n").unwrap_err().to_string();
        assert!(
            no_rows.contains("box: expected rows x columns"),
            "{no_rows}"
        );
        // With holes, spaces are positions: a samurai's rows are read as written.
        let samurai = format!(
            "layout = \"samurai\"\ngivens = \"\"\"\n{}\"\"\"\n",
            "---\n".repeat(21)
        );
        assert!(from_toml(&samurai).is_err());
    }

    #[test]
    fn givens_and_regions_as_lists_of_rows() {
        let text = "size = 4\nregions = \"\"\"\naabb\naabb\nccdd\nccdd\n\"\"\"\n\
                    givens = \"\"\"\n1...\n..3.\n....\n.4..\n\"\"\"\n";
        let lines = from_toml(text).unwrap();
        let listed = "size = 4\nregions = [\"aabb\", \"aabb\", \"ccdd\", \"ccdd\"]\n\
                      givens = [\"1...\", \"..3.\", \"....\", \".4..\"]\n";
        assert_eq!(from_toml(listed).unwrap(), lines);
        let json = r#"{"size": 4, "regions": ["aabb", "aabb", "ccdd", "ccdd"],
                       "givens": ["1...", "..3.", "....", ".4.."]}"#;
        assert_eq!(from_json(json).unwrap(), lines);
        for (bad, says) in [
            ("givens = [1, 2]\n", "expected a string"),
            ("givens = [\"1.\\n.2\"]\n", "line break"),
            ("regions = 7\n", "a list of rows"),
        ] {
            let error = from_toml(bad).unwrap_err().to_string();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }

    #[test]
    fn to_toml_reads_back_the_same_puzzle() {
        let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
        let mut seen = 0;
        for entry in std::fs::read_dir(examples).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let file = from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let text = to_toml(&file.rules, &file.givens);
            let back =
                from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
            assert_eq!(back, file, "{}:\n{text}", path.display());
            seen += 1;
        }
        assert!(seen >= 10, "{seen} examples");
        // Symbols that need escaping, and symbols written as tokens.
        for symbols in [
            Symbols::from_chars("\\\"ab").unwrap(),
            Symbols::default_for(40),
        ] {
            let rules = Rules::new(Spec {
                symbols: Some(symbols.clone()),
                ..Spec::new(symbols.len())
            })
            .unwrap();
            let mut givens = rules.empty_grid();
            givens.set(0, 1, 1);
            givens.set(1, 0, 2);
            let back = from_toml(&to_toml(&rules, &givens)).unwrap();
            assert_eq!(
                back,
                PuzzleFile {
                    rules,
                    givens,
                    meta: Meta::default()
                }
            );
        }
    }

    #[test]
    fn box_none_is_a_latin_square() {
        let file =
            from_toml("box = \"none\"\ngivens = \"\"\"\n1...\n....\n....\n...1\n\"\"\"\n").unwrap();
        assert_eq!(file.rules.spec().box_shape, Some((1, 4)));
        // 1 in r1c1 and r4c4 would share a 2x2 box; with no boxes it is fine.
        file.rules.check_givens(&file.givens).unwrap();
        let text = to_toml(&file.rules, &file.givens);
        assert!(text.contains("box = \"none\""));
        assert_eq!(from_toml(&text).unwrap(), file);
    }

    #[test]
    fn a_6x6_with_inferred_size() {
        let file = from_toml("box = \"2x3\"\ngivens = \"\"\"\n1..4..\n......\n.2..5.\n.4..1.\n......\n..3..6\n\"\"\"\n").unwrap();
        assert_eq!(file.rules.size(), 6);
        assert_eq!(file.givens.get(5, 5), 6);
        let json = from_json(
            r#"{"box": "2x3", "givens": "1..4..\n......\n.2..5.\n.4..1.\n......\n..3..6"}"#,
        )
        .unwrap();
        assert_eq!(json, file);
    }

    #[test]
    fn errors_say_what_and_where() {
        let err = |text: &str| from_toml(text).unwrap_err().to_string();
        // An unknown key is shown where it is, not at the top of the table.
        assert!(err("size = 9\ncolour = 1\n").starts_with(
            "TOML: line 2, column 1\n  |\n2 | colour = 1\n  | ^^^^^^\nunknown field `colour`"
        ));
        assert_eq!(
            err("size = 9\nbox = \"2x4\"\n"),
            "box 2x4 does not tile the 9x9 grid"
        );
        assert_eq!(
            err("size = 4\ngivens = \"\"\"\n1...\n..x.\n....\n....\n\"\"\"\n"),
            "givens, line 4: r2c3: \"x\" is not a symbol of the puzzle"
        );
        // Lines of givens are the file's lines, whichever way they are written; JSON's, which
        // has no multi-line strings, count from the key's text.
        assert_eq!(
            err("size = 4\n\n# a grid\ngivens = \"\"\"1...\n..x.\n....\n....\"\"\"\n"),
            "givens, line 5: r2c3: \"x\" is not a symbol of the puzzle"
        );
        assert_eq!(
            err("size = 4\ngivens = [\n  \"1...\",\n\n  \"..x.\",\n \"....\", \"....\"]\n"),
            "givens, line 5: r2c3: \"x\" is not a symbol of the puzzle"
        );
        assert_eq!(
            from_json("{\"size\": 4,\n \"givens\": [\"1...\",\n \"..x.\", \"....\", \"....\"]}")
                .unwrap_err()
                .to_string(),
            "givens, line 2: r2c3: \"x\" is not a symbol of the puzzle"
        );
        assert!(from_json("{\"size\": 4,\n \"colour\": 1}")
            .unwrap_err()
            .to_string()
            .ends_with("at line 2 column 9"));
        assert_eq!(
            err("size = 4\nregions = \"\"\"\naabb\naab\nccdd\nccdd\n\"\"\"\n"),
            "regions, line 4: expected 4 labels, found 3"
        );
        assert_eq!(
            err("size = 4\nregions = \"\"\"\naabb\naabb\nccdd\ncddd\n\"\"\"\n"),
            "region c has 3 cells, every region needs 4"
        );
        assert_eq!(
            err("size = 4\n[[cage]]\nsum = 3\ncells = \"r1c1 q\"\n"),
            "cage 1: cannot read \"q\" as a cell (write cells as r3c4, runs as r1c1-r1c4)"
        );
        assert_eq!(
            err("layout = \"pinwheel\"\n"),
            "layout: unknown layout \"pinwheel\" (known: samurai, twodoku, butterfly, flower)"
        );
        assert!(err("size = ").starts_with("TOML: "));
        // The parser's picture of the place stays on its lines, caret under the value.
        assert_eq!(
            err("givens = \"\"\"\n.........\n\"\"\"\n[[cage]]\nsum = \"3\"\n"),
            "TOML: line 5, column 7\n  |\n5 | sum = \"3\"\n  |       ^^^\ninvalid type: \
             string \"3\", expected u32"
        );
    }

    #[test]
    fn short_and_long_givens_lines() {
        let err = |text: &str| from_toml(text).unwrap_err().to_string();
        // A row one cell short is an error, not a shifted row.
        assert_eq!(
            err("size = 4\ngivens = \"\"\"\n1...\n..2\n....\n....\n\"\"\"\n"),
            "givens, line 4: expected 4 cells, found 3 characters and 1 tokens"
        );
        // Trailing spaces are fine.
        let file =
            from_toml("size = 4\ngivens = \"\"\"\n1...  \n..2.\n....\n....\n\"\"\"\n").unwrap();
        assert_eq!(file.givens.get(1, 2), 2);
        assert!(err("layout = \"samurai\"\nsize = 4\n").contains("9x9 grids"));
    }

    #[test]
    fn samurai_givens_with_holes() {
        let mut text = String::from("layout = \"samurai\"\ngivens = \"\"\"\n");
        for r in 0..21 {
            let line: String = (0..21)
                .map(|c| {
                    let inside = SAMURAI
                        .iter()
                        .any(|&(r0, c0)| r >= r0 && r < r0 + 9 && c >= c0 && c < c0 + 9);
                    if !inside {
                        ' '
                    } else if (r, c) == (10, 10) {
                        '5'
                    } else {
                        '.'
                    }
                })
                .collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text.push_str("\"\"\"\n");
        let file = from_toml(&text).unwrap();
        assert_eq!((file.rules.rows(), file.rules.cols()), (21, 21));
        assert_eq!(file.givens.get(10, 10), 5);
        assert_eq!(file.givens.filled(), 1);
        // A digit typed into a hole is refused, naming the position, never dropped.
        let first = text.lines().nth(2).unwrap();
        let typed = format!("{}7{}", &first[..9], &first[10..]);
        let text = text.replacen(first, &typed, 1);
        assert_eq!(
            from_toml(&text).unwrap_err().to_string(),
            "givens, line 3: r1c10: \"7\" lies outside every grid (a hole of the layout): \
             leave it blank"
        );
    }
}
