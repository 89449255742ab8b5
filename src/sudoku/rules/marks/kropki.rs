//! Kropki dots and non-consecutive neighbours.
//!
//! - A white dot between two orthogonal neighbours: their digits differ by its value
//!   (default 1). TOML `[[difference]]` with `cells = "r1c1 r1c2"` and optional `value`;
//!   f-puzzles `difference`.
//! - A black dot: one digit is its value times the other (default 2). TOML `[[ratio]]`;
//!   f-puzzles `ratio`.
//! - Non-consecutive: orthogonal neighbours never differ by 1. TOML `non_consecutive = true`;
//!   f-puzzles `nonconsecutive: true`.
//! - Negative black dots ("all black dots are shown"): neighbours without any dot are in no
//!   ratio of {2} ∪ the black-dot values present. TOML `negative_ratio = true`; f-puzzles
//!   `"ratio"` in `negative`.
//! - Negative white dots: neighbours without any dot differ by no value of {1} ∪ the
//!   white-dot values present. TOML `negative_difference = true`; f-puzzles `"difference"` in
//!   `negative`.
//!
//! A pair carrying any dot (white or black) is exempt from the three negative rules
//! (`docs/fpuzzles.md` §3.1, §3.3). Every rule is between two cells: one [`Relation`] per
//! pair of neighbours (the dots on it, or the negative rules), encoded as secondary items and
//! reasoned with by every technique.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    cell_list, explained_as_units_and_pairs, Constraint, Family, FileWriter, RawCells, Reference,
};
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::marks::edge::{disc, edge_positions, orthogonal_pairs, PairCheck};
use crate::sudoku::rules::pair::{PairList, Relation, RelationId};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// The default value of a white dot.
pub const WHITE_DEFAULT: u32 = 1;
/// The default value of a black dot.
pub const BLACK_DEFAULT: u32 = 2;

/// A dot between two orthogonal neighbours, with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dot {
    /// The two cells.
    pub cells: [Cell; 2],
    /// The difference (white) or ratio (black).
    pub value: u32,
}

/// Kropki dots and the rules on neighbours without a dot.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Kropki {
    /// White dots: the digits differ by the value.
    pub white: Vec<Dot>,
    /// Black dots: one digit is the value times the other.
    pub black: Vec<Dot>,
    /// Neighbours without a dot never differ by 1.
    pub non_consecutive: bool,
    /// Neighbours without a dot are in no ratio of {2} ∪ the black values.
    pub negative_ratio: bool,
    /// Neighbours without a dot differ by no value of {1} ∪ the white values.
    pub negative_difference: bool,
}

/// What a pair of neighbours must satisfy: its dots, or, without any, the negative rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Marks {
    /// White (`true`) or black dots with their values.
    Dots(Vec<(bool, u32)>),
    /// Differences and ratios the digits must not have.
    Without { diffs: Vec<u32>, ratios: Vec<u32> },
}

impl Marks {
    fn allows(&self, d: u8, e: u8) -> bool {
        let (d, e) = (u32::from(d), u32::from(e));
        let in_ratio = |r: u32| d == r * e || e == r * d;
        match self {
            Marks::Dots(dots) => dots.iter().all(|&(white, v)| {
                if white {
                    d.abs_diff(e) == v
                } else {
                    in_ratio(v)
                }
            }),
            Marks::Without { diffs, ratios } => {
                !diffs.contains(&d.abs_diff(e)) && !ratios.iter().any(|&r| in_ratio(r))
            }
        }
    }

    fn what(&self) -> String {
        match self {
            Marks::Dots(dots) => dots
                .iter()
                .map(|&(white, v)| match white {
                    true => format!("white dot: differ by {v}"),
                    false => format!("black dot: ratio {v}"),
                })
                .collect::<Vec<_>>()
                .join(", "),
            Marks::Without { diffs, ratios } if ratios.is_empty() && diffs == &[1] => {
                "neighbours".to_string()
            }
            Marks::Without { .. } => "neighbours without a dot".to_string(),
        }
    }
}

impl Kropki {
    fn dots(&self) -> impl Iterator<Item = (bool, &Dot)> {
        self.white
            .iter()
            .map(|d| (true, d))
            .chain(self.black.iter().map(|d| (false, d)))
    }

    /// The differences neighbours without a dot must not have.
    fn forbidden_diffs(&self) -> Vec<u32> {
        let mut diffs = Vec::new();
        if self.non_consecutive || self.negative_difference {
            diffs.push(1);
        }
        if self.negative_difference {
            diffs.extend(self.white.iter().map(|d| d.value));
        }
        diffs.sort_unstable();
        diffs.dedup();
        diffs
    }

    /// The ratios neighbours without a dot must not have.
    fn forbidden_ratios(&self) -> Vec<u32> {
        let mut ratios = Vec::new();
        if self.negative_ratio {
            ratios.push(BLACK_DEFAULT);
            ratios.extend(self.black.iter().map(|d| d.value));
        }
        ratios.sort_unstable();
        ratios.dedup();
        ratios
    }

    /// Every pair of neighbours under some rule (first position lower), with its marks.
    fn marked_pairs(&self, geometry: &Geometry) -> BTreeMap<(usize, usize), Marks> {
        let mut out: BTreeMap<(usize, usize), Marks> = BTreeMap::new();
        for (white, dot) in self.dots() {
            let (a, b) = (
                geometry.position(dot.cells[0]).expect("checked dot"),
                geometry.position(dot.cells[1]).expect("checked dot"),
            );
            let entry = out
                .entry((a.min(b), a.max(b)))
                .or_insert_with(|| Marks::Dots(Vec::new()));
            if let Marks::Dots(dots) = entry {
                dots.push((white, dot.value));
            }
        }
        let (diffs, ratios) = (self.forbidden_diffs(), self.forbidden_ratios());
        if !diffs.is_empty() || !ratios.is_empty() {
            for pair in orthogonal_pairs(geometry) {
                out.entry(pair).or_insert_with(|| Marks::Without {
                    diffs: diffs.clone(),
                    ratios: ratios.clone(),
                });
            }
        }
        out
    }
}

/// How a dot is named in messages: `white dot r1c1-r1c2`.
fn dot_name(white: bool, dot: &Dot) -> String {
    let colour = if white { "white" } else { "black" };
    format!("{colour} dot {}-{}", dot.cells[0], dot.cells[1])
}

impl Constraint for Kropki {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size() as u32;
        for (white, dot) in self.dots() {
            let what = dot_name(white, dot);
            edge_positions(geometry, &what, dot.cells)?;
            // A black dot of 1 would ask two neighbours, which share a row or a column, for
            // the same digit: refused by name rather than solved as `none`.
            let (bottom, top) = if white {
                (1, n.saturating_sub(1))
            } else {
                (2, n)
            };
            if dot.value < bottom || dot.value > top {
                return Err(RulesError::Invalid {
                    what,
                    message: format!("value {} is not between {bottom} and {top}", dot.value),
                });
            }
        }
        Ok(())
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        let plain = Marks::Without {
            diffs: vec![1],
            ratios: Vec::new(),
        };
        // Most neighbours share their marks (every pair without a dot, under a negative
        // rule): each distinct set of marks is worked out once, not n^2 digit pairs per pair
        // of cells (which made refusing a huge grid take seconds).
        let mut known: HashMap<Marks, RelationId> = HashMap::new();
        for ((a, b), marks) in self.marked_pairs(geometry) {
            let id = match known.get(&marks) {
                Some(&id) => id,
                None => {
                    let mut relation = Relation::new(marks.what(), n, |d, e| marks.allows(d, e));
                    if marks == plain {
                        // One item per forbidden pair of digits in each order: d beside d + 1,
                        // d + 1 beside d (the encoding non-consecutive always had).
                        let bit = |d: usize| 1u64 << (d - 1);
                        let blocks = (1..n)
                            .flat_map(|d| [(bit(d), bit(d + 1)), (bit(d + 1), bit(d))])
                            .collect();
                        relation = relation.with_blocks(blocks);
                    }
                    let id = out.relation(relation);
                    known.insert(marks, id);
                    id
                }
            };
            out.push(a, b, id);
        }
    }

    fn digit_blind(&self) -> bool {
        self.white.is_empty()
            && self.black.is_empty()
            && !self.non_consecutive
            && !self.negative_ratio
            && !self.negative_difference
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let at = |c: Cell| u32::from(solution.get(c.row, c.col));
        for (white, dot) in self.dots() {
            let [a, b] = dot.cells;
            let (d, e) = (at(a), at(b));
            let ok = if white {
                d.abs_diff(e) == dot.value
            } else {
                d * dot.value == e || e * dot.value == d
            };
            if !ok {
                let relation = if white {
                    "do not differ by"
                } else {
                    "are not in ratio"
                };
                return Err(Violation::Broken {
                    what: dot_name(white, dot),
                    message: format!(
                        "{a} holds {d} and {b} holds {e}, which {relation} {}",
                        dot.value
                    ),
                });
            }
        }
        let dotted: Vec<(Cell, Cell)> = self
            .dots()
            .flat_map(|(_, dot)| [(dot.cells[0], dot.cells[1]), (dot.cells[1], dot.cells[0])])
            .collect();
        let (diffs, ratios) = (self.forbidden_diffs(), self.forbidden_ratios());
        for (p, q) in orthogonal_pairs(geometry) {
            let (a, b) = (geometry.cell(p), geometry.cell(q));
            if dotted.contains(&(a, b)) {
                continue;
            }
            let (d, e) = (at(a), at(b));
            let (first_digit, second_digit) = (d as u8, e as u8);
            if diffs == [1] && ratios.is_empty() && d.abs_diff(e) == 1 {
                return Err(Violation::Consecutive {
                    first: a,
                    first_digit,
                    second: b,
                    second_digit,
                });
            }
            if let Some(v) = diffs.iter().find(|&&v| d.abs_diff(e) == v) {
                return Err(Violation::Broken {
                    what: format!("neighbours {a} and {b} without a dot"),
                    message: format!("{d} and {e} differ by {v}"),
                });
            }
            if let Some(r) = ratios.iter().find(|&&r| d * r == e || e * r == d) {
                return Err(Violation::Broken {
                    what: format!("neighbours {a} and {b} without a dot"),
                    message: format!("{d} and {e} are in ratio {r}"),
                });
            }
        }
        Ok(())
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let mut check = PairCheck::new(geometry);
        for ((a, b), marks) in self.marked_pairs(geometry) {
            check.push(a, b, Arc::new(move |d, e| marks.allows(d, e)));
        }
        check.into_reference()
    }

    explained_as_units_and_pairs!("a kropki dot");

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        let radius = canvas.cell() * 0.12;
        for (white, dot) in self.dots() {
            let centre = canvas.centre(&dot.cells);
            let default = if white { WHITE_DEFAULT } else { BLACK_DEFAULT };
            let label = if dot.value == default {
                String::new()
            } else {
                dot.value.to_string()
            };
            let (fill, text) = if white {
                ("#ffffff", "#222222")
            } else {
                ("#222222", "#ffffff")
            };
            disc(canvas, centre, radius, fill, text, &label);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        let (white, black) = (self.white.len(), self.black.len());
        if white + black > 0 {
            caption.shown(format!("kropki ({white} white, {black} black dots)"));
        }
        if self.non_consecutive && white + black > 0 {
            caption.spelled("non-consecutive: neighbours without a dot never differ by 1");
        } else if self.non_consecutive {
            caption.spelled("non-consecutive: neighbours never differ by 1");
        }
        if self.negative_ratio {
            caption.spelled("all black dots shown");
        }
        if self.negative_difference {
            caption.spelled("all white dots shown");
        }
    }

    fn write(&self, out: &mut FileWriter) {
        out.flags(&[
            (self.non_consecutive, "non_consecutive"),
            (self.negative_ratio, "negative_ratio"),
            (self.negative_difference, "negative_difference"),
        ]);
        for (white, dot) in self.dots() {
            let (key, default) = if white {
                ("difference", WHITE_DEFAULT)
            } else {
                ("ratio", BLACK_DEFAULT)
            };
            let mut entries = vec![("cells", cell_list(&dot.cells))];
            if dot.value != default {
                entries.push(("value", dot.value.to_string()));
            }
            out.table(key, &entries);
        }
    }
}

/// A dot as a puzzle file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDot {
    cells: RawCells,
    value: Option<u32>,
}

impl Family for Kropki {
    const KEYS: &'static [&'static str] = &[
        "non_consecutive",
        "negative_ratio",
        "negative_difference",
        "difference",
        "ratio",
    ];

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        match key {
            "non_consecutive" => self.non_consecutive = map.next_value()?,
            "negative_ratio" => self.negative_ratio = map.next_value()?,
            "negative_difference" => self.negative_difference = map.next_value()?,
            _ => {
                let raw: Vec<RawDot> = map.next_value()?;
                let white = key == "difference";
                let default = if white { WHITE_DEFAULT } else { BLACK_DEFAULT };
                for (k, dot) in raw.iter().enumerate() {
                    let what = format!("{key} {}", k + 1);
                    let cells = dot.cells.cells(&what)?;
                    let Ok(cells) = <[Cell; 2]>::try_from(cells) else {
                        return Err(FileError::Value {
                            key: what,
                            line: None,
                            message: "a dot joins exactly two cells".to_string(),
                        }
                        .into());
                    };
                    let dot = Dot {
                        cells,
                        value: dot.value.unwrap_or(default),
                    };
                    if white {
                        self.white.push(dot);
                    } else {
                        self.black.push(dot);
                    }
                }
            }
        }
        Ok(())
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["nonconsecutive", "difference", "ratio"];

    const FPUZZLES_NEGATIVE: &'static [&'static str] = &["ratio", "difference"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        self.negative_ratio |= reader.negative("ratio");
        self.negative_difference |= reader.negative("difference");
        if key == "nonconsecutive" {
            self.non_consecutive = reader.flag(key, value)?;
            return Ok(());
        }
        let white = key == "difference";
        let default = if white { WHITE_DEFAULT } else { BLACK_DEFAULT };
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells", "value"], COSMETIC_FIELDS)?;
            let cells = reader.cells_of(at, instance, "cells")?;
            let cells = <[Cell; 2]>::try_from(cells)
                .map_err(|cells| at.error(format!("a dot joins two cells, not {}", cells.len())))?;
            let value = match reader.number(at, instance, "value")? {
                None => default,
                Some(v) => u32::try_from(v)
                    .ok()
                    .filter(|&v| v >= 1)
                    .ok_or_else(|| at.error(format!("\"value\": {v} is not a positive number")))?,
            };
            let dot = Dot { cells, value };
            if white {
                self.white.push(dot);
            } else {
                self.black.push(dot);
            }
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        if self.non_consecutive {
            out.flag("nonconsecutive");
        }
        for (on, key) in [
            (self.negative_ratio, "ratio"),
            (self.negative_difference, "difference"),
        ] {
            if on {
                out.negative(key);
                // The key itself, even empty, so that a reader sees the negative entry.
                out.array(key);
            }
        }
        for (white, dot) in self.dots() {
            let (key, default) = if white {
                ("difference", WHITE_DEFAULT)
            } else {
                ("ratio", BLACK_DEFAULT)
            };
            let mut instance = json!({ "cells": FpWriter::cells(&dot.cells) });
            if dot.value != default {
                instance["value"] = Value::String(dot.value.to_string());
            }
            out.push(key, instance);
        }
    }

    /// Now and then non-consecutive neighbours alone; otherwise dots read off the sample's
    /// solution between random neighbours (black where one digit divides the other, at
    /// times), with negative rules at random (which the solution may break).
    fn random(sample: &mut Sample<'_>) -> Self {
        if sample.one_in(4) {
            return Kropki {
                non_consecutive: true,
                ..Kropki::default()
            };
        }
        let mut kropki = Kropki::default();
        for cells in sample.neighbours(3) {
            let (d, e) = (sample.digit_at(cells[0]), sample.digit_at(cells[1]));
            if d.max(e) % d.min(e) == 0 && sample.one_in(2) {
                let value = d.max(e) / d.min(e);
                kropki.black.push(Dot { cells, value });
            } else {
                let value = d.abs_diff(e);
                kropki.white.push(Dot { cells, value });
            }
        }
        kropki.non_consecutive = sample.one_in(3);
        kropki.negative_ratio = sample.one_in(3);
        kropki.negative_difference = sample.one_in(4);
        kropki
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    fn cell(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    const FILE: &str = "size = 4\nnon_consecutive = true\nnegative_ratio = true\n\
        [[difference]]\ncells = \"r1c1 r1c2\"\n[[difference]]\ncells = \"r2c1 r3c1\"\nvalue = 2\n\
        [[ratio]]\ncells = [\"r4c3\", \"r4c4\"]\n";

    #[test]
    fn reads_dots_and_writes_them_back() {
        let file = read_back(FILE);
        let kropki = &file.rules.constraints().kropki;
        assert!(kropki.non_consecutive && kropki.negative_ratio && !kropki.negative_difference);
        assert_eq!(kropki.white.len(), 2);
        assert_eq!(kropki.white[1].value, 2);
        assert_eq!(kropki.black[0].value, BLACK_DEFAULT);
    }

    #[test]
    fn refuses_dots_that_make_no_sense() {
        let dot_refusal = |white: bool, (row, col): (usize, usize), value: u32| {
            let dot = Dot {
                cells: [cell(0, 0), cell(row, col)],
                value,
            };
            let spec = Spec::new(4).with(|c| {
                if white {
                    c.kropki.white.push(dot);
                } else {
                    c.kropki.black.push(dot);
                }
            });
            Rules::new(spec).unwrap_err().to_string()
        };
        assert_eq!(
            dot_refusal(true, (1, 1), 1),
            "white dot r1c1-r2c2: r1c1 and r2c2 are not orthogonal neighbours"
        );
        assert_eq!(
            dot_refusal(true, (0, 1), 4),
            "white dot r1c1-r1c2: value 4 is not between 1 and 3"
        );
        assert_eq!(
            dot_refusal(false, (0, 1), 1),
            "black dot r1c1-r1c2: value 1 is not between 2 and 4"
        );
        let three = "size = 4\n[[ratio]]\ncells = \"r1c1 r1c2 r1c3\"\n";
        assert_eq!(refusal(three), "ratio 1: a dot joins exactly two cells");
    }

    #[test]
    fn a_dot_exempts_its_pair_from_the_negative_rules() {
        let dot = Dot {
            cells: [cell(0, 0), cell(0, 1)],
            value: 2,
        };
        let rules = Rules::new(Spec::new(4).with(|c| {
            c.kropki.black.push(dot);
            c.kropki.non_consecutive = true;
            c.kropki.negative_difference = true;
        }))
        .unwrap();
        let pair = rules.pairs().iter().find(|p| (p.a, p.b) == (0, 1)).unwrap();
        let relation = rules.relation(pair);
        assert!(relation.allows(1, 2) && relation.allows(4, 2) && !relation.allows(1, 3));
        let other = rules.pairs().iter().find(|p| (p.a, p.b) == (1, 2)).unwrap();
        assert!(!rules.relation(other).allows(1, 2) && rules.relation(other).allows(1, 3));
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let file = from_toml(FILE).unwrap();
        let kropki = &file.rules.constraints().kropki;
        let mut out = FpWriter::new(4);
        kropki.write_fpuzzles(&mut out);
        let (keys, negative) = out.finish();
        assert_eq!(negative, ["ratio"]);
        assert_eq!(keys["difference"][1]["value"], "2");
        assert_eq!(&round_trip(kropki, 4), kropki);
        let bad = json!([{"cells": ["R1C1", "R1C2"], "value": "x"}]);
        assert_eq!(
            Kropki::default()
                .read_fpuzzles(FpReader::new(4, &negative).key("ratio", &bad))
                .unwrap_err()
                .to_string(),
            "ratio 1: \"value\": cannot read \"x\" as a whole number"
        );
    }
}
