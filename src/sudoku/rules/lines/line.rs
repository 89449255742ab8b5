//! What every line constraint shares (thermometers, whispers, renban, between lines, ...): a
//! line is a list of cells in order, read from puzzle files as `[[key]]` tables with `cells`
//! (and `value` for the kinds that take one) and from f-puzzles as `{"lines": [[...]]}`,
//! where each line of an instance is an instance of its own.
//!
//! A kind of line ([`LineKind`]) says its rule three times, independently:
//! - in the search: rules between two cells of the line ([`LineKind::pair`], which the logic
//!   uses too), cells that differ ([`LineKind::UNIT`]) and anything else
//!   ([`LineKind::encode`]); a digit that no digit of a paired cell allows is left out of the
//!   cell's options;
//! - from its meaning, on a line with some digits placed ([`LineKind::consistent`]), which is
//!   the validator on a full line and the reference backtracker's view on a partial one;
//! - in its picture ([`LineKind::STYLE`]).
//!
//! [`Lines`] is the family of all the lines of one kind in a puzzle.

use std::fmt::Write as _;
use std::marker::PhantomData;

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    cell_list, jumps, Constraint, Family, FileWriter, LineCells, Reference,
};
use crate::sudoku::rules::cover::encoder::{full_mask, Encoder};
use crate::sudoku::rules::draw::{num, Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::sample::Sample;

use crate::sudoku::rules::lines::toolkit::kept_paths;
pub use crate::sudoku::rules::lines::toolkit::Line;
use crate::sudoku::rules::unit_index::{Unit, UnitIndex, UnitKind};

/// How a kind of line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A grey thermometer: a thick line with a round bulb at its first cell.
    Thermometer,
    /// A coloured line (`"#rrggbb"`).
    Plain(&'static str),
    /// A coloured line with round marks (circles) at both ends.
    Circles(&'static str),
    /// A coloured line with diamonds at both ends.
    Diamonds(&'static str),
}

/// A kind of line: its keys, its rule, its picture (see the module documentation).
pub trait LineKind:
    std::fmt::Debug + Clone + Copy + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The key of puzzle files (`thermometer`), which is also f-puzzles' key: one name for
    /// the family's field, module and key.
    const KEY: &'static str;
    /// Other spellings of the key that puzzle files may use ([`Family::ALIASES`]).
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
    /// The keys of f-puzzles JSON, the one written first: the key alone unless f-puzzles
    /// has other names for the kind.
    const FPUZZLES_KEYS: &'static [&'static str] = &[Self::KEY];
    /// How a person names one line (`thermometer`).
    const NAME: &'static str;
    /// The fewest cells a line may have.
    const MIN_CELLS: usize = 1;
    /// Whether the kind takes a `value`.
    const VALUE: bool = false;
    /// Whether the cells of a line differ (a unit).
    const UNIT: bool = false;
    /// Whether the human-style logic reasons fully with the kind (through its pairs and
    /// units); `false` names each line in [`Constraint::unexplained`].
    const EXPLAINED: bool = true;
    /// How lines are drawn.
    const STYLE: Style;
    /// Why a line of this kind cannot pass a cell twice (a loop, or a line that turns back),
    /// or `None` when it can: its rule then holds on the digits along the line as drawn, a
    /// cell passed twice giving its digit at each pass (a rule between neighbours holds for
    /// each consecutive pair).
    const REPEAT: Option<&'static str> = Some(
        "sudokux reads a cell passed twice only on lines whose rule holds between cells \
         along them (whispers, palindromes, entropic and modular lines)",
    );

    /// The number of a line without a `value` (read under f-puzzles key `key`).
    fn default_value(n: usize, key: &str) -> u32 {
        let _ = (n, key);
        0
    }

    /// What makes no sense about a line of `len` cells with number `value`, if anything.
    fn check(n: usize, len: usize, value: u32) -> Result<(), String> {
        let _ = (n, len, value);
        Ok(())
    }

    /// The rule between positions `i < j` of a line of `len` cells, if any.
    fn pair(n: usize, len: usize, value: u32, i: usize, j: usize) -> Option<Relation> {
        let _ = (n, len, value, i, j);
        None
    }

    /// Encodes what pairs and units do not say, for one line at `positions`.
    fn encode(encoder: &mut Encoder<'_>, positions: &[usize], value: u32) {
        let _ = (encoder, positions, value);
    }

    /// Entries [`LineKind::encode`] adds for a line of `len` cells, at most.
    fn entries(n: usize, len: usize) -> u64 {
        let _ = (n, len);
        0
    }

    /// The rule from its meaning, on a line whose digits are `digits` in order (0 where
    /// empty): an error saying how the placed digits break it, if they do. Exact on a full
    /// line; on a partial one it never refuses digits that some completion of the line keeps.
    fn consistent(n: usize, value: u32, digits: &[u8]) -> Result<(), String>;

    /// Random lines cut from `sample`'s solution ([`Family::random`]): by default up to four
    /// king-step paths whose digits keep the rule ([`LineKind::consistent`]).
    fn random(sample: &mut Sample<'_>) -> Vec<Line> {
        let n = sample.size();
        kept_paths(sample, Self::MIN_CELLS, Self::VALUE, |_, digits, value| {
            let value = value.unwrap_or_else(|| Self::default_value(n, Self::FPUZZLES_KEYS[0]));
            Self::check(n, digits.len(), value).is_ok()
                && Self::consistent(n, value, digits).is_ok()
        })
    }
}

/// Every line of one kind in a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lines<K> {
    /// The lines, numbered from 1 in messages in this order.
    pub lines: Vec<Line>,
    kind: PhantomData<K>,
}

impl<K: LineKind> Lines<K> {
    /// The family of these lines.
    pub fn from_lines(lines: Vec<Line>) -> Lines<K> {
        Lines {
            lines,
            kind: PhantomData,
        }
    }

    /// How a person names line `k` (0-based): `thermometer 2`.
    fn what(k: usize) -> String {
        format!("{} {}", K::NAME, k + 1)
    }

    /// The number of a line, its default where none was given.
    fn value(line: &Line, n: usize) -> u32 {
        line.value
            .unwrap_or_else(|| K::default_value(n, K::FPUZZLES_KEYS[0]))
    }

    /// The positions of line `cells`, named `what`, in order along it: a cell passed twice
    /// only where the kind reads it ([`LineKind::REPEAT`]).
    fn line_positions(g: &Geometry, what: &str, cells: &[Cell]) -> Result<Vec<usize>, RulesError> {
        let outside = |&cell: &Cell| RulesError::CellOutside {
            what: what.to_string(),
            cell,
        };
        match K::REPEAT {
            None => (cells.iter())
                .map(|c| g.position(*c).ok_or_else(|| outside(c)))
                .collect(),
            Some(reason) => g.positions(what, cells).map_err(|error| match error {
                RulesError::CellTwice { what, cell } => RulesError::Invalid {
                    what,
                    message: format!("{cell} is passed twice: {reason}"),
                },
                other => other,
            }),
        }
    }

    /// The positions of each line, in order along it (the lines passed the check), with its
    /// number.
    fn positions(&self, geometry: &Geometry) -> Vec<(Vec<usize>, u32)> {
        let n = geometry.size();
        self.lines
            .iter()
            .enumerate()
            .map(|(k, line)| {
                let cells = Self::line_positions(geometry, &Self::what(k), &line.cells)
                    .expect("checked lines");
                (cells, Self::value(line, n))
            })
            .collect()
    }

    /// The digits of line `cells` in `grid`.
    fn digits(grid: &Grid, cells: &[Cell]) -> Vec<u8> {
        cells.iter().map(|c| grid.get(c.row, c.col)).collect()
    }
}

impl<K: LineKind> Constraint for Lines<K> {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size();
        for (k, line) in self.lines.iter().enumerate() {
            let what = Self::what(k);
            let cells = Self::line_positions(geometry, &what, &line.cells)?;
            let invalid = |message: String| RulesError::Invalid {
                what: what.clone(),
                message,
            };
            if cells.len() < K::MIN_CELLS {
                return Err(invalid(format!(
                    "has {} cells, a {} needs at least {}",
                    cells.len(),
                    K::NAME,
                    K::MIN_CELLS
                )));
            }
            if K::UNIT && cells.len() > n {
                return Err(invalid(format!(
                    "has {} cells, more than the {n} digits that can differ",
                    cells.len()
                )));
            }
            if line.value.is_some() && !K::VALUE {
                return Err(invalid(format!("a {} takes no value", K::NAME)));
            }
            K::check(n, cells.len(), Self::value(line, n)).map_err(invalid)?;
        }
        Ok(())
    }

    fn units(&self, geometry: &Geometry, out: &mut Vec<Unit>) {
        if !K::UNIT {
            return;
        }
        for (k, (mut cells, _)) in self.positions(geometry).into_iter().enumerate() {
            cells.sort_unstable();
            out.push(Unit {
                kind: UnitKind::Line(K::NAME, k),
                grid: None,
                cells,
            });
        }
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        for (cells, value) in self.positions(geometry) {
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    // A cell passed twice: the encoding keeps it to the digits the rule
                    // allows against itself.
                    if cells[i] == cells[j] {
                        continue;
                    }
                    if let Some(relation) = K::pair(n, cells.len(), value, i, j) {
                        let id = out.relation(relation);
                        out.push(cells[i], cells[j], id);
                    }
                }
            }
        }
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        let n = geometry.size();
        self.lines.iter().fold(0u64, |total, line| {
            total.saturating_add(K::entries(n, line.cells.len()))
        })
    }

    fn digit_blind(&self) -> bool {
        self.lines.is_empty()
    }

    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        let n = geometry.size();
        for (k, line) in self.lines.iter().enumerate() {
            K::consistent(n, Self::value(line, n), &Self::digits(givens, &line.cells)).map_err(
                |message| PuzzleError::Broken {
                    what: Self::what(k),
                    message,
                },
            )?;
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let n = encoder.geometry().size();
        for (k, (cells, value)) in self.positions(encoder.geometry()).into_iter().enumerate() {
            encoder.instance(k);
            // A digit that no digit of a paired cell allows cannot be on the line there.
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let Some(relation) = K::pair(n, cells.len(), value, i, j) else {
                        continue;
                    };
                    if cells[i] == cells[j] {
                        // A cell passed twice holds one digit at both passes.
                        for d in 1..=n as u8 {
                            if !relation.allows(d, d) {
                                encoder.forbid(cells[i], d);
                            }
                        }
                        continue;
                    }
                    for d in 1..=n as u8 {
                        if relation.allowed(d) == 0 {
                            encoder.forbid(cells[i], d);
                        }
                        if relation.allowed_back(d) == 0 {
                            encoder.forbid(cells[j], d);
                        }
                    }
                }
            }
            K::encode(encoder, &cells, value);
        }
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        for (k, line) in self.lines.iter().enumerate() {
            K::consistent(
                n,
                Self::value(line, n),
                &Self::digits(solution, &line.cells),
            )
            .map_err(|message| Violation::Broken {
                what: Self::what(k),
                message,
            })?;
        }
        Ok(())
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.lines.is_empty() {
            return None;
        }
        let lines = self.positions(geometry);
        let mut lines_of = vec![Vec::new(); geometry.rows() * geometry.cols()];
        for (l, (cells, _)) in lines.iter().enumerate() {
            for (i, &p) in cells.iter().enumerate() {
                lines_of[p].push((l, i));
            }
        }
        Some(Box::new(LineReference::<K> {
            n: geometry.size(),
            lines,
            lines_of,
            kind: PhantomData,
        }))
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(|| format!("the {} lines", K::NAME), Self::what)
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        if !K::EXPLAINED {
            out.extend((0..self.lines.len()).map(Self::what));
        }
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        if self.lines.is_empty() {
            return;
        }
        let mut out = String::new();
        for line in &self.lines {
            draw_line(canvas, K::STYLE, &line.cells, &mut out);
        }
        canvas.marks().push_str(&out);
        // Each line's number, as messages and `explain` name it, at its first cell.
        for (k, line) in self.lines.iter().enumerate() {
            if let Some(first) = line.cells.first() {
                canvas.number("line-number", (first.row, first.col), k + 1);
            }
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        match self.lines.len() {
            0 => {}
            1 => caption.shown(format!("{} (1 line)", K::NAME)),
            k => caption.shown(format!("{} ({k} lines)", K::NAME)),
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for line in &self.lines {
            let mut entries = vec![("cells", cell_list(&line.cells))];
            if let Some(value) = line.value {
                entries.push(("value", value.to_string()));
            }
            if jumps(&line.cells) {
                entries.push(("jumps", "true".to_string()));
            }
            out.table(K::KEY, &entries);
        }
    }
}

/// One line of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    cells: LineCells,
    value: Option<u32>,
    /// Consecutive cells need not be neighbours (f-puzzles' lines).
    #[serde(default)]
    jumps: bool,
}

impl<K: LineKind> Family for Lines<K> {
    const KEYS: &'static [&'static str] = &[K::KEY];
    const ALIASES: &'static [(&'static str, &'static str)] = K::ALIASES;
    const FPUZZLES_KEYS: &'static [&'static str] = K::FPUZZLES_KEYS;

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        let raw: Vec<RawLine> = map.next_value()?;
        let first = self.lines.len();
        raw.iter().enumerate().try_for_each(|(k, line)| {
            let what = Self::what(first + k);
            if line.value.is_some() && !K::VALUE {
                return Err(FileError::Value {
                    key: what,
                    line: None,
                    message: format!("a {} takes no value", K::NAME),
                });
            }
            self.lines.push(Line {
                cells: line.cells.steps(&what, line.jumps)?,
                value: line.value,
            });
            Ok(())
        })?;
        Ok(())
    }

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, reader, .. } = entry;
        let known: &[&str] = if K::VALUE {
            &["lines", "value"]
        } else {
            &["lines"]
        };
        entry.each_instance(known, |at, instance| {
            let value = match reader.number(at, instance, "value")? {
                Some(v) if K::VALUE => Some(
                    u32::try_from(v)
                        .map_err(|_| at.error(format!("\"value\": {v} is not a count")))?,
                ),
                _ if key != K::FPUZZLES_KEYS[0] => Some(K::default_value(reader.size(), key)),
                _ => None,
            };
            let lines = reader.lines(at, instance)?;
            if lines.is_empty() {
                return Err(at.error("has no line"));
            }
            self.lines
                .extend(lines.into_iter().map(|cells| Line { cells, value }));
            Ok(())
        })
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for line in &self.lines {
            let mut instance = json!({ "lines": [FpWriter::cells(&line.cells)] });
            if let Some(value) = line.value {
                instance["value"] = Value::String(value.to_string());
            }
            out.push(K::FPUZZLES_KEYS[0], instance);
        }
    }

    fn random(sample: &mut Sample<'_>) -> Self {
        Lines::from_lines(K::random(sample))
    }
}

/// Draws one line in `style` into `out`.
fn draw_line(canvas: &Canvas, style: Style, cells: &[Cell], out: &mut String) {
    let s = canvas.cell();
    let centre = |c: &Cell| (canvas.x(c.col) + s / 2.0, canvas.y(c.row) + s / 2.0);
    let points: Vec<String> = cells
        .iter()
        .map(|c| {
            let (x, y) = centre(c);
            format!("{},{}", num(x), num(y))
        })
        .collect();
    let (colour, width) = match style {
        Style::Thermometer => ("#b0b0b0", s * 0.3),
        Style::Plain(colour) | Style::Circles(colour) | Style::Diamonds(colour) => {
            (colour, s * 0.16)
        }
    };
    let _ = writeln!(
        out,
        "<polyline class=\"line\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-opacity=\"0.85\"/>",
        points.join(" "),
        num(width)
    );
    let ends = [cells.first(), cells.last()];
    match style {
        Style::Thermometer => {
            if let Some(bulb) = cells.first() {
                let (x, y) = centre(bulb);
                let _ = writeln!(
                    out,
                    "<circle class=\"bulb\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\"/>",
                    num(x),
                    num(y),
                    num(s * 0.36)
                );
            }
        }
        Style::Plain(_) => {}
        Style::Circles(colour) => {
            for end in ends.into_iter().flatten() {
                let (x, y) = centre(end);
                let _ = writeln!(
                    out,
                    "<circle class=\"end\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"{}\"/>",
                    num(x),
                    num(y),
                    num(s * 0.38),
                    num(s * 0.06)
                );
            }
        }
        Style::Diamonds(colour) => {
            for end in ends.into_iter().flatten() {
                let (x, y) = centre(end);
                let r = s * 0.4;
                let _ = writeln!(
                    out,
                    "<polygon class=\"end\" points=\"{},{} {},{} {},{} {},{}\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"{}\"/>",
                    num(x),
                    num(y - r),
                    num(x + r),
                    num(y),
                    num(x),
                    num(y + r),
                    num(x - r),
                    num(y),
                    num(s * 0.06)
                );
            }
        }
    }
}

/// The lines of one kind as the reference backtracker sees them: each line's positions and
/// number, and the lines through each position (line, index along it).
#[derive(Debug)]
struct LineReference<K> {
    n: usize,
    lines: Vec<(Vec<usize>, u32)>,
    lines_of: Vec<Vec<(usize, usize)>>,
    kind: PhantomData<K>,
}

impl<K: LineKind> Reference for LineReference<K> {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let mut free = full_mask(self.n);
        let mut digits = Vec::new();
        for &(l, i) in &self.lines_of[p] {
            let (line, value) = &self.lines[l];
            digits.clear();
            digits.extend(line.iter().map(|&q| cells[q]));
            for d in 1..=self.n as u8 {
                if free >> (d - 1) & 1 == 1 {
                    digits[i] = d;
                    if K::consistent(self.n, *value, &digits).is_err() {
                        free &= !(1 << (d - 1));
                    }
                }
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.lines_of[p].iter().any(|&(l, _)| {
            let (line, value) = &self.lines[l];
            let digits: Vec<u8> = line.iter().map(|&q| cells[q]).collect();
            K::consistent(self.n, *value, &digits).is_err()
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::sudoku::file::{from_toml, to_toml};
    use crate::sudoku::rules::fpuzzles_io::FpReader;
    use crate::sudoku::rules::{Constraints, Rules};
    use crate::sudoku::{Engine, Solver};

    fn read(text: &str) -> Result<Rules, String> {
        from_toml(text)
            .map(|file| file.rules)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn lines_are_read_written_and_checked() {
        let rules = read(
            "size = 4\n[[thermometer]]\ncells = \"r1c1 r2c2 r3c3\"\n\
             [[whispers]]\ncells = [\"r4c1\", \"r4c2\"]\nvalue = 3\n",
        )
        .unwrap();
        assert_eq!(rules.constraints().thermometer.lines.len(), 1);
        assert_eq!(rules.constraints().whispers.lines[0].value, Some(3));
        let back = from_toml(&to_toml(&rules, &rules.empty_grid())).unwrap();
        assert_eq!(back.rules.constraints(), rules.constraints());

        let error = read("size = 4\n[[thermometer]]\ncells = \"r4c1 r5c1\"\n").unwrap_err();
        assert!(error.contains("thermometer 1"), "{error}");
        let error =
            read("size = 4\n[[thermometer]]\ncells = \"r1c1 r1c2 r1c3 r1c4 r2c4\"\n").unwrap_err();
        assert!(
            error.contains("thermometer 1") && error.contains("5 cells"),
            "{error}"
        );
        let error = read("size = 4\n[[renban]]\ncells = \"r1c1\"\nvalue = 2\n").unwrap_err();
        assert!(error.contains("takes no value"), "{error}");
        let error = read("size = 4\n[[whispers]]\ncells = \"r1c1 r1c2\"\nvalue = 4\n").unwrap_err();
        assert!(error.contains("whispers 1"), "{error}");
    }

    #[test]
    fn fpuzzles_lines_are_one_instance_each() {
        let reader = FpReader::new(9, &[]);
        let mut c = Constraints::default();
        let value = json!([{"lines": [["R1C1", "R1C2"], ["R1C1", "R2C1", "R3C1"]]}]);
        c.read_fpuzzles(reader.key("thermometer", &value))
            .unwrap()
            .unwrap();
        assert_eq!(c.thermometer.lines.len(), 2);
        let value = json!([{"lines": [["R5C5", "R5C6"]]}]);
        c.read_fpuzzles(reader.key("dutchwhispers", &value))
            .unwrap()
            .unwrap();
        assert_eq!(c.whispers.lines[0].value, Some(4));
        let value = json!([{"lines": [["R5C5", "R5C6"]], "value": "3"}]);
        c.read_fpuzzles(reader.key("whispers", &value))
            .unwrap()
            .unwrap();
        assert_eq!(c.whispers.lines[1].value, Some(3));
        let value = json!([{"lines": [["R5C5", "R10C6"]]}]);
        let error = c
            .read_fpuzzles(reader.key("renban", &value))
            .unwrap()
            .unwrap_err();
        assert_eq!(error.to_string(), "renban 1: R10C6 is outside the 9x9 grid");
        let value = json!([{"lines": [["R5C5"]], "value": "3"}]);
        let error = c
            .read_fpuzzles(reader.key("renban", &value))
            .unwrap()
            .unwrap_err();
        assert!(error.to_string().contains("\"value\""), "{error}");
    }

    #[test]
    fn a_thermometer_leaves_out_what_cannot_fit() {
        // A full-length thermometer on a 4x4 fixes its row.
        let rules = read("size = 4\n[[thermometer]]\ncells = \"r1c1 r1c2 r1c3 r1c4\"\n").unwrap();
        let mut solver = Solver::new(rules.clone());
        let answer = solver.enumerate(&rules.empty_grid(), Some(1), 1).unwrap();
        assert_eq!(&answer.solutions[0].cells()[..4], &[1, 2, 3, 4]);
        // Between and lockout lines look at their ends.
        let between = read("size = 4\n[[betweenline]]\ncells = \"r1c1 r1c2 r1c3\"\n").unwrap();
        let answer = Solver::new(between.clone())
            .enumerate(&between.empty_grid(), Some(1000), 1000)
            .unwrap();
        assert!(answer.solutions.iter().all(|s| {
            let (a, m, b) = (s.cells()[0], s.cells()[1], s.cells()[2]);
            a.min(b) < m && m < a.max(b)
        }));
    }
}
