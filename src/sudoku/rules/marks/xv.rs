//! XV: an X between two orthogonal neighbours says their digits sum to 10, a V that they sum
//! to 5. With every mark shown (negative XV), neighbours without an X or V sum neither to 5
//! nor to 10; kropki dots do not exempt a pair (`docs/fpuzzles.md` §3.3).
//!
//! TOML: `[[xv]]` with `cells = "r3c5 r4c5"` and `value = "X"` (or `"V"`, either case), and
//! `negative_xv = true`. f-puzzles: `xv` (`[{"cells":["R3C5","R4C5"],"value":"X"}]`) and the
//! entry `"xv"` of `negative`.
//!
//! Every rule is between two cells: one [`Relation`] per pair of neighbours (its marks, or the
//! negative rule), encoded as secondary items and reasoned with by every technique.

use std::collections::BTreeMap;
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
use crate::sudoku::rules::marks::edge::{edge_positions, letter, orthogonal_pairs, PairCheck};
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// An X (sum 10) or a V (sum 5) between two orthogonal neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XvMark {
    /// The two cells.
    pub cells: [Cell; 2],
    /// `true` for an X, `false` for a V.
    pub x: bool,
}

impl XvMark {
    /// The sum it asks for.
    pub fn sum(&self) -> u32 {
        if self.x {
            10
        } else {
            5
        }
    }

    /// Its letter, `X` or `V`.
    pub fn letter(&self) -> &'static str {
        if self.x {
            "X"
        } else {
            "V"
        }
    }

    fn name(&self) -> String {
        format!("{} {}-{}", self.letter(), self.cells[0], self.cells[1])
    }
}

/// Reads an XV letter, either case.
fn parse_letter(text: &str) -> Option<bool> {
    match text {
        "X" | "x" => Some(true),
        "V" | "v" => Some(false),
        _ => None,
    }
}

/// The XV marks of a puzzle, and whether all of them are shown.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Xv {
    /// The marks.
    pub marks: Vec<XvMark>,
    /// Neighbours without a mark sum neither to 5 nor to 10.
    pub negative: bool,
}

impl Xv {
    /// Each pair of neighbours under a rule (first position lower) with the sums it must
    /// have (`Ok`), or must not have (`Err`).
    fn rules(&self, geometry: &Geometry) -> BTreeMap<(usize, usize), Result<Vec<u32>, ()>> {
        let mut out = BTreeMap::new();
        for mark in &self.marks {
            let a = geometry.position(mark.cells[0]).expect("checked mark");
            let b = geometry.position(mark.cells[1]).expect("checked mark");
            if let Ok(sums) = out.entry((a.min(b), a.max(b))).or_insert(Ok(Vec::new())) {
                sums.push(mark.sum());
            }
        }
        if self.negative {
            for pair in orthogonal_pairs(geometry) {
                out.entry(pair).or_insert(Err(()));
            }
        }
        out
    }
}

/// Whether `d` and `e` keep the rule of a pair: every sum asked for, or neither 5 nor 10.
fn keeps(rule: &Result<Vec<u32>, ()>, d: u8, e: u8) -> bool {
    let sum = u32::from(d) + u32::from(e);
    match rule {
        Ok(sums) => sums.iter().all(|&s| s == sum),
        Err(()) => sum != 5 && sum != 10,
    }
}

impl Constraint for Xv {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        for mark in &self.marks {
            edge_positions(geometry, &mark.name(), mark.cells)?;
        }
        Ok(())
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        for ((a, b), rule) in self.rules(geometry) {
            let what = match &rule {
                Ok(sums) if sums.iter().all(|&s| s == 10) => "X: sum 10",
                Ok(sums) if sums.iter().all(|&s| s == 5) => "V: sum 5",
                Ok(_) => "X and V",
                Err(()) => "neighbours without X or V",
            };
            let id = out.relation(Relation::new(what, n, |d, e| keeps(&rule, d, e)));
            out.push(a, b, id);
        }
    }

    fn digit_blind(&self) -> bool {
        self.marks.is_empty() && !self.negative
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let at = |c: Cell| u32::from(solution.get(c.row, c.col));
        let mut marked = Vec::new();
        for mark in &self.marks {
            let [a, b] = mark.cells;
            let sum = at(a) + at(b);
            if sum != mark.sum() {
                return Err(Violation::Broken {
                    what: mark.name(),
                    message: format!("{a} and {b} sum to {sum}, not {}", mark.sum()),
                });
            }
            marked.extend([(a, b), (b, a)]);
        }
        if self.negative {
            for (p, q) in orthogonal_pairs(geometry) {
                let (a, b) = (geometry.cell(p), geometry.cell(q));
                let sum = at(a) + at(b);
                if !marked.contains(&(a, b)) && (sum == 5 || sum == 10) {
                    return Err(Violation::Broken {
                        what: format!("neighbours {a} and {b} without X or V"),
                        message: format!("they sum to {sum}"),
                    });
                }
            }
        }
        Ok(())
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let mut check = PairCheck::new(geometry);
        for ((a, b), rule) in self.rules(geometry) {
            check.push(a, b, Arc::new(move |d, e| keeps(&rule, d, e)));
        }
        check.into_reference()
    }

    explained_as_units_and_pairs!("an X or V");

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        let size = canvas.cell() * 0.34;
        for mark in &self.marks {
            let centre = canvas.centre(&mark.cells);
            letter(canvas, centre, size, "#222222", mark.letter());
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.marks.is_empty() {
            caption.shown(format!("XV ({} marks)", self.marks.len()));
        }
        if self.negative {
            caption.spelled("all X and V shown: neighbours without one sum neither to 5 nor 10");
        }
    }

    fn write(&self, out: &mut FileWriter) {
        if self.negative {
            out.key("negative_xv", true);
        }
        for mark in &self.marks {
            out.table(
                "xv",
                &[
                    ("cells", cell_list(&mark.cells)),
                    ("value", format!("\"{}\"", mark.letter())),
                ],
            );
        }
    }
}

/// An XV mark as a puzzle file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMark {
    cells: RawCells,
    value: String,
}

impl Family for Xv {
    const KEYS: &'static [&'static str] = &["xv", "negative_xv"];

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        if key == "negative_xv" {
            self.negative = map.next_value()?;
            return Ok(());
        }
        let raw: Vec<RawMark> = map.next_value()?;
        for (k, mark) in raw.iter().enumerate() {
            let what = format!("xv {}", k + 1);
            let error = |message: String| FileError::Value {
                key: what.clone(),
                line: None,
                message,
            };
            let cells = mark.cells.cells(&what)?;
            let Ok(cells) = <[Cell; 2]>::try_from(cells) else {
                return Err(error("a mark joins exactly two cells".to_string()).into());
            };
            let Some(x) = parse_letter(&mark.value) else {
                return Err(
                    error(format!("value {:?} is neither \"X\" nor \"V\"", mark.value)).into(),
                );
            };
            self.marks.push(XvMark { cells, x });
        }
        Ok(())
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["xv"];

    const FPUZZLES_NEGATIVE: &'static [&'static str] = &["xv"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        self.negative |= reader.negative("xv");
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells", "value"], COSMETIC_FIELDS)?;
            let cells = reader.cells_of(at, instance, "cells")?;
            let cells = <[Cell; 2]>::try_from(cells)
                .map_err(|c| at.error(format!("a mark joins two cells, not {}", c.len())))?;
            let letter = instance.get("value").unwrap_or(&Value::Null);
            let x = letter.as_str().and_then(parse_letter).ok_or_else(|| {
                at.error(format!("\"value\": {letter} is neither \"X\" nor \"V\""))
            })?;
            self.marks.push(XvMark { cells, x });
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        if self.negative {
            out.negative("xv");
            out.array("xv");
        }
        for mark in &self.marks {
            out.push(
                "xv",
                json!({"cells": FpWriter::cells(&mark.cells), "value": mark.letter()}),
            );
        }
    }

    /// The marks the sample's solution shows between random neighbours, all of them shown
    /// or not at random (which the solution may break).
    fn random(sample: &mut Sample<'_>) -> Self {
        let mut xv = Xv::default();
        for cells in sample.neighbours(3) {
            let sum = sample.digit_at(cells[0]) + sample.digit_at(cells[1]);
            if sum == 5 || sum == 10 {
                xv.marks.push(XvMark {
                    cells,
                    x: sum == 10,
                });
            }
        }
        xv.negative = sample.one_in(2);
        xv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    const FILE: &str = "size = 6\nnegative_xv = true\n\
        [[xv]]\ncells = \"r1c1 r1c2\"\nvalue = \"x\"\n[[xv]]\ncells = \"r2c1 r3c1\"\nvalue = \"V\"\n";

    #[test]
    fn reads_marks_and_writes_them_back() {
        let file = read_back(FILE);
        let xv = &file.rules.constraints().xv;
        assert!(xv.negative);
        assert_eq!(
            xv.marks.iter().map(XvMark::sum).collect::<Vec<_>>(),
            [10, 5]
        );
    }

    #[test]
    fn refuses_marks_that_make_no_sense() {
        let bad = "size = 6\n[[xv]]\ncells = \"r1c1 r1c2\"\nvalue = \"Y\"\n";
        assert_eq!(refusal(bad), "xv 1: value \"Y\" is neither \"X\" nor \"V\"");
        let cells = [Cell { row: 0, col: 0 }, Cell { row: 0, col: 2 }];
        let spec = Spec::new(6).with(|c| c.xv.marks.push(XvMark { cells, x: true }));
        assert_eq!(
            Rules::new(spec).unwrap_err().to_string(),
            "X r1c1-r1c3: r1c1 and r1c3 are not orthogonal neighbours"
        );
        let reader = FpReader::new(6, &[]);
        let value = json!([{"cells": ["R1C1", "R1C2"], "value": "10"}]);
        assert_eq!(
            Xv::default()
                .read_fpuzzles(reader.key("xv", &value))
                .unwrap_err()
                .to_string(),
            "xv 1: \"value\": \"10\" is neither \"X\" nor \"V\""
        );
    }

    #[test]
    fn negative_xv_forbids_sums_of_5_and_10_on_unmarked_neighbours() {
        let rules = Rules::new(Spec::new(9).with(|c| c.xv.negative = true)).unwrap();
        let pair = rules.pairs().iter().find(|p| (p.a, p.b) == (0, 1)).unwrap();
        let relation = rules.relation(pair);
        assert!(!relation.allows(1, 4) && !relation.allows(3, 7) && relation.allows(3, 8));
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let xv = from_toml(FILE).unwrap().rules.constraints().xv.clone();
        let mut out = FpWriter::new(6);
        xv.write_fpuzzles(&mut out);
        assert_eq!(out.finish().1, ["xv"]);
        assert_eq!(round_trip(&xv, 6), xv);
    }
}
