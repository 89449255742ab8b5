//! Given pencil marks: the setter fixes a cell's candidates, and the cell holds one of them.
//!
//! Key: `[[pencilmarks]]` tables with `cell` (`"r1c1"`) and `digits` (`[1, 4]`).
//! f-puzzles: `givenPencilMarks` on a cell object of the grid (an extension of Rangsk's
//! solver, common in real links), which the top-level reader (`sudoku::fpuzzles`) hands here
//! through the internal key `givenPencilMarks`, a list of `{"cell": "R1C1", "digits": [..]}`.
//!
//! Encoding: the cell's options for the other digits are left out of the exact cover
//! ([`Encoder::forbid`]), so the search never tries them.

use serde::de::MapAccess;
use serde::Deserialize;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{Constraint, Family, FileWriter, Reference};
use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;

/// One cell's given pencil marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PencilMark {
    /// The cell.
    pub cell: Cell,
    /// The digits it may hold, increasing, without repeats.
    pub digits: Vec<u8>,
}

/// Every cell with given pencil marks, in reading order (numbered from 1 in messages).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PencilMarks {
    /// The marked cells.
    pub marks: Vec<PencilMark>,
}

impl PencilMarks {
    /// Adds marks for a cell, the digits sorted and without repeats.
    pub fn push(&mut self, cell: Cell, mut digits: Vec<u8>) {
        digits.sort_unstable();
        digits.dedup();
        self.marks.push(PencilMark { cell, digits });
        // One order whatever the input's: by cell, in reading order.
        self.marks.sort_by_key(|m| (m.cell.row, m.cell.col));
    }

    fn name(k: usize) -> String {
        format!("pencilmarks {}", k + 1)
    }

    fn mask(digits: &[u8]) -> u64 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }
}

impl Constraint for PencilMarks {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size();
        for (k, mark) in self.marks.iter().enumerate() {
            geometry.positions(&Self::name(k), &[mark.cell])?;
            if k > 0 && self.marks[k - 1].cell == mark.cell {
                return Err(RulesError::CellTwice {
                    what: "pencilmarks".into(),
                    cell: mark.cell,
                });
            }
            if mark.digits.is_empty() || mark.digits.iter().any(|&d| d == 0 || d as usize > n) {
                return Err(RulesError::Invalid {
                    what: Self::name(k),
                    message: format!("{}: give digits from 1 to {n}", mark.cell),
                });
            }
        }
        Ok(())
    }

    fn digit_blind(&self) -> bool {
        self.marks.is_empty()
    }

    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        let _ = geometry;
        for (k, mark) in self.marks.iter().enumerate() {
            let d = givens.get(mark.cell.row, mark.cell.col);
            if d != 0 && !mark.digits.contains(&d) {
                return Err(PuzzleError::Broken {
                    what: Self::name(k),
                    message: format!("{} holds {d}, not one of {:?}", mark.cell, mark.digits),
                });
            }
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let geometry = encoder.geometry();
        let n = geometry.size() as u8;
        for (k, mark) in self.marks.iter().enumerate() {
            encoder.instance(k);
            let p = geometry.position(mark.cell).expect("checked cells");
            for d in (1..=n).filter(|d| !mark.digits.contains(d)) {
                encoder.forbid(p, d);
            }
        }
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        Violation::first_broken(&self.marks, Self::name, |mark| {
            let d = solution.get(mark.cell.row, mark.cell.col);
            if mark.digits.contains(&d) {
                Ok(())
            } else {
                Err(format!(
                    "{} holds {d}, not one of {:?}",
                    mark.cell, mark.digits
                ))
            }
        })
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.marks.is_empty() {
            return None;
        }
        let mut allowed = vec![u64::MAX; geometry.rows() * geometry.cols()];
        for mark in &self.marks {
            let p = mark.cell.row * geometry.cols() + mark.cell.col;
            allowed[p] &= Self::mask(&mark.digits);
        }
        Some(Box::new(Allowed(allowed)))
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(|| "the pencil marks".to_string(), Self::name)
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        // The human-style logic starts from the units' candidates, not the encoding's options.
        out.extend((0..self.marks.len()).map(Self::name));
    }

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        use std::fmt::Write as _;

        let cell = canvas.cell();
        let size = cell * 0.2;
        for mark in &self.marks {
            let Some(p) = geometry.position(mark.cell) else {
                continue;
            };
            let (x, y) = canvas.corner(p);
            let digits: Vec<String> = mark.digits.iter().map(u8::to_string).collect();
            let _ = write!(
                canvas.marks(),
                "<text class=\"pencilmarks\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" \
                 fill=\"#555555\">{}</text>",
                x + size * 0.3,
                y + cell - size * 0.4,
                digits.join("")
            );
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.marks.is_empty() {
            caption.shown("given pencil marks");
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for mark in &self.marks {
            let digits: Vec<String> = mark.digits.iter().map(u8::to_string).collect();
            out.table(
                "pencilmarks",
                &[
                    ("cell", format!("\"{}\"", mark.cell)),
                    ("digits", format!("[{}]", digits.join(", "))),
                ],
            );
        }
    }
}

/// The reference's view: each position's allowed digits.
#[derive(Debug)]
struct Allowed(Vec<u64>);

impl Reference for Allowed {
    fn allowed(&self, _: &[u8], p: usize) -> u64 {
        self.0[p]
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        cells[p] != 0 && self.0[p] >> (cells[p] - 1) & 1 == 0
    }
}

/// One `[[pencilmarks]]` table, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMark {
    cell: String,
    digits: Vec<u8>,
}

impl Family for PencilMarks {
    const KEYS: &'static [&'static str] = &["pencilmarks"];

    const FPUZZLES_KEYS: &'static [&'static str] = &["givenPencilMarks"];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        let raw: Vec<RawMark> = map.next_value()?;
        raw.into_iter().enumerate().try_for_each(|(k, m)| {
            let cell = Cell::parse(&m.cell).ok_or_else(|| FileError::Value {
                key: Self::name(k),
                line: None,
                message: format!("cannot read {:?} as a cell (write cells as r3c4)", m.cell),
            })?;
            self.push(cell, m.digits);
            Ok::<(), FileError>(())
        })?;
        Ok(())
    }

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        let n = reader.size() as u64;
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cell", "digits"], &[])?;
            let cell = reader.cell(at, instance.get("cell").unwrap_or(&serde_json::Value::Null))?;
            let digits = instance
                .get("digits")
                .and_then(serde_json::Value::as_array)
                .ok_or_else(|| at.error("expected a list of digits"))?
                .iter()
                .map(|d| {
                    d.as_u64()
                        .filter(|d| (1..=n).contains(d))
                        .map(|d| d as u8)
                        .ok_or_else(|| at.error(format!("expected digits 1..{n}, found {d}")))
                })
                .collect::<Result<Vec<u8>, _>>()?;
            self.push(cell, digits);
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for mark in &self.marks {
            out.push(
                "givenPencilMarks",
                serde_json::json!({
                    "cell": crate::sudoku::rules::fpuzzles_io::cell_name(mark.cell),
                    "digits": mark.digits,
                }),
            );
        }
    }

    /// Marks on random cells: mostly the solution's digit among random others, and at
    /// times without it (the instance may then have no solution, or others).
    fn random(sample: &mut Sample<'_>) -> Self {
        let n = sample.size();
        let keep_all = sample.one_in(2);
        let mut marks = PencilMarks::default();
        for p in 0..n * n {
            if !sample.one_in(4) {
                continue;
            }
            let mut digits: Vec<u8> = (0..sample.below(3))
                .map(|_| 1 + sample.below(n) as u8)
                .collect();
            if keep_all || !sample.one_in(4) {
                digits.push(sample.digit(p) as u8);
            }
            if !digits.is_empty() {
                marks.push(sample.cell(p), digits);
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    const FILE: &str = "size = 4\n[[pencilmarks]]\ncell = \"r1c1\"\ndigits = [4, 2, 2]\n";

    #[test]
    fn reading_and_writing() {
        let file = read_back(FILE);
        let marks = &file.rules.constraints().pencilmarks.marks;
        assert_eq!(marks[0].digits, [2, 4]);
        assert_eq!(
            refusal(&FILE.replace("[4, 2, 2]", "[5]")),
            "pencilmarks 1: r1c1: give digits from 1 to 4"
        );
        assert_eq!(
            refusal(&FILE.replace("r1c1", "r5c1")),
            "pencilmarks 1: r5c1 is outside the grid"
        );
    }

    #[test]
    fn the_search_never_tries_other_digits() {
        let rules = Rules::new(Spec::new(4).with(|c| {
            c.pencilmarks.push(Cell { row: 0, col: 0 }, vec![2, 4]);
            c.pencilmarks.push(Cell { row: 3, col: 3 }, vec![1]);
        }))
        .unwrap();
        let mut solver = Solver::new(rules.clone());
        let answer = solver.enumerate(&rules.empty_grid(), None, 1000).unwrap();
        assert!(answer.count > 0);
        for grid in &answer.solutions {
            assert!([2, 4].contains(&grid.get(0, 0)));
            assert_eq!(grid.get(3, 3), 1);
            rules
                .constraints()
                .pencilmarks
                .validate(rules.geometry(), grid)
                .unwrap();
        }
        assert_eq!(
            givens_refusal(&rules, &[(0, 0, 3)]),
            "pencilmarks 1: r1c1 holds 3, not one of [2, 4]"
        );
    }
}
