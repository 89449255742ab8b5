//! Little killers: the digits along a diagonal add up to the number outside the grid.
//!
//! A clue sits outside the grid (row or column `0` or `n + 1`, 1-based as f-puzzles names
//! places) with an arrow pointing `UL`, `UR`, `DL` or `DR` (`U` toward row 1, `L` toward
//! column 1). The summed cells start one diagonal step from the clue and run until the line
//! leaves the grid. Digits may repeat along the diagonal unless other rules forbid it.
//!
//! In the exact cover a clue is the `LinearSum` of its cells with weight 1, a chain of
//! colored items holding the partial sums.
//!
//! Key: `[[littlekillersum]]` tables with `cell` (the clue's place, `"r0c4"`), `direction`
//! (`"DL"`) and `value` (`7`). f-puzzles key: `littlekillersum` (`cell` outside the grid,
//! `direction`, `value`; `cells`, when given, must be the cells the diagonal covers; a clue
//! without a value is no rule).

use std::fmt::Write as _;

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::draw::{num, Canvas};
use crate::sudoku::rules::error::{FileError, RulesError};
use crate::sudoku::rules::fpuzzles_io::{parse_place, At, FpReader, FpWriter, Place};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::sum_clues::{SumClue, SumClues};

/// Where a little killer's arrow points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Diagonal {
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Diagonal {
    /// Every direction, in the order of [`Diagonal::name`]'s names.
    pub const ALL: [Diagonal; 4] = [
        Diagonal::UpLeft,
        Diagonal::UpRight,
        Diagonal::DownLeft,
        Diagonal::DownRight,
    ];

    /// Its name, `UL`, `UR`, `DL` or `DR`.
    pub fn name(self) -> &'static str {
        match self {
            Diagonal::UpLeft => "UL",
            Diagonal::UpRight => "UR",
            Diagonal::DownLeft => "DL",
            Diagonal::DownRight => "DR",
        }
    }

    /// Reads a name (either case).
    pub fn parse(name: &str) -> Option<Diagonal> {
        Diagonal::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The step (rows, columns).
    fn step(self) -> (isize, isize) {
        match self {
            Diagonal::UpLeft => (-1, -1),
            Diagonal::UpRight => (-1, 1),
            Diagonal::DownLeft => (1, -1),
            Diagonal::DownRight => (1, 1),
        }
    }
}

/// One clue: the cells on the diagonal from `clue` toward `direction` add up to `value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LittleKiller {
    /// The clue's place outside the grid (1-based, rows and columns 0 and n + 1 outside).
    pub clue: Place,
    /// Where the arrow points.
    pub direction: Diagonal,
    /// The sum.
    pub value: i64,
}

impl LittleKiller {
    /// The cells the diagonal covers in a grid of `rows` x `cols`, from the clue outwards.
    pub fn cells(&self, rows: usize, cols: usize) -> Vec<Cell> {
        let (dr, dc) = self.direction.step();
        let (mut r, mut c) = (self.clue.row as isize + dr, self.clue.col as isize + dc);
        let mut cells = Vec::new();
        while (1..=rows as isize).contains(&r) && (1..=cols as isize).contains(&c) {
            cells.push(Cell {
                row: r as usize - 1,
                col: c as usize - 1,
            });
            r += dr;
            c += dc;
        }
        cells
    }

    /// Whether the clue is outside a grid of `rows` x `cols`, on its border.
    fn outside(&self, rows: usize, cols: usize) -> bool {
        let Place { row, col } = self.clue;
        row <= rows + 1
            && col <= cols + 1
            && (row == 0 || row == rows + 1 || col == 0 || col == cols + 1)
    }
}

/// Every little killer clue of a puzzle.
pub type LittleKillers = SumClues<LittleKiller>;

/// One little killer of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLittleKiller {
    cell: String,
    direction: String,
    value: i64,
}

impl SumClue for LittleKiller {
    const KEY: &'static str = "littlekillersum";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("littlekiller", "littlekillersum")];
    const NAME: &'static str = "little killer";
    const COUNTS: &'static str = "clue";
    const FPUZZLES_FIELDS: &'static [&'static str] = &["cell", "cells", "direction", "value"];
    const OUTSIDE: bool = true;
    type Raw = RawLittleKiller;

    fn check(&self, geometry: &Geometry, what: &str) -> Result<(), RulesError> {
        let (rows, cols) = (geometry.rows(), geometry.cols());
        let invalid = |message: String| RulesError::Invalid {
            what: what.to_string(),
            message,
        };
        if !self.outside(rows, cols) {
            return Err(invalid(format!(
                "the clue at {} is not outside the grid, on its border",
                self.clue.name()
            )));
        }
        let cells = self.cells(rows, cols);
        if cells.is_empty() {
            return Err(invalid(format!(
                "the arrow {} from {} covers no cell",
                self.direction.name(),
                self.clue.name()
            )));
        }
        geometry.positions(what, &cells)?;
        Ok(())
    }

    /// The diagonal's cells, each with weight 1.
    fn sum(&self, geometry: &Geometry) -> LinearSum {
        LinearSum {
            terms: self
                .cells(geometry.rows(), geometry.cols())
                .into_iter()
                .map(|c| (geometry.position(c).expect("checked clues"), 1))
                .collect(),
            target: self.value,
        }
    }

    fn infeasible(&self) -> String {
        format!("no digits on the diagonal add up to {}", self.value)
    }

    fn broken_by_givens(&self) -> String {
        format!("the givens on the diagonal cannot add up to {}", self.value)
    }

    fn holds(&self, geometry: &Geometry, solution: &Grid) -> Result<(), String> {
        let total: i64 = self
            .cells(geometry.rows(), geometry.cols())
            .iter()
            .map(|c| i64::from(solution.get(c.row, c.col)))
            .sum();
        if total != self.value {
            return Err(format!(
                "the diagonal adds up to {total}, the clue says {}",
                self.value
            ));
        }
        Ok(())
    }

    fn draw(clues: &[LittleKiller], canvas: &mut Canvas) {
        let s = canvas.cell();
        let (x0, y0) = (canvas.x(0), canvas.y(0));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<g class=\"littlekillers\" stroke=\"#000000\" stroke-width=\"{}\" \
             stroke-linecap=\"round\" font-size=\"{}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">",
            num((s / 30.0).max(0.5)),
            num(s * 0.36)
        );
        for clue in clues {
            let cx = x0 + (clue.clue.col as f64 - 0.5) * s;
            let cy = y0 + (clue.clue.row as f64 - 0.5) * s;
            let (dr, dc) = clue.direction.step();
            let (ux, uy) = (dc as f64, dr as f64);
            // The number a little back from the centre, the arrow toward the diagonal.
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" stroke=\"none\">{}</text>",
                num(cx - ux * s * 0.1),
                num(cy - uy * s * 0.1),
                clue.value
            );
            let (tx, ty) = (cx + ux * s * 0.42, cy + uy * s * 0.42);
            let (bx, by) = (cx + ux * s * 0.26, cy + uy * s * 0.26);
            let head = s * 0.08;
            let _ = writeln!(
                out,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}L{} {}\" fill=\"none\"/>",
                num(bx),
                num(by),
                num(tx),
                num(ty),
                num(tx - ux * head),
                num(ty),
                num(tx),
                num(ty),
                num(tx),
                num(ty - uy * head)
            );
        }
        out.push_str("</g>\n");
        canvas.marks().push_str(&out);
    }

    fn write(&self) -> Vec<(&'static str, String)> {
        vec![
            ("cell", format!("\"r{}c{}\"", self.clue.row, self.clue.col)),
            ("direction", format!("\"{}\"", self.direction.name())),
            ("value", self.value.to_string()),
        ]
    }

    fn read(raw: &RawLittleKiller, what: &str) -> Result<LittleKiller, FileError> {
        let bad = |message: String| FileError::Value {
            key: what.to_string(),
            line: None,
            message,
        };
        let clue = parse_place(raw.cell.trim())
            .ok_or_else(|| bad(format!("cannot read the place {:?}", raw.cell)))?;
        let direction = Diagonal::parse(&raw.direction).ok_or_else(|| {
            bad(format!(
                "unknown direction {:?} (UL, UR, DL or DR)",
                raw.direction
            ))
        })?;
        Ok(LittleKiller {
            clue,
            direction,
            value: raw.value,
        })
    }

    fn read_fpuzzles(
        at: At<'_>,
        instance: &Map<String, Value>,
        reader: &FpReader<'_>,
        clues: &mut Vec<LittleKiller>,
    ) -> Result<(), FileError> {
        let n = reader.size();
        let clue = reader.clue_place(at, instance)?;
        let direction = match instance.get("direction") {
            Some(Value::String(name)) => Diagonal::parse(name).ok_or_else(|| {
                at.error(format!(
                    "\"direction\": unknown direction {name:?} (UL, UR, DL or DR)"
                ))
            })?,
            Some(other) => {
                return Err(at.error(format!("\"direction\": expected a name, found {other}")))
            }
            None => return Err(at.error("has no \"direction\"")),
        };
        let Some(value) = reader.number(at, instance, "value")? else {
            reader.notice(
                at,
                format!(
                    "a clue without a value ({}) has no rule; left out",
                    clue.name()
                ),
            );
            return Ok(());
        };
        let clue = LittleKiller {
            clue,
            direction,
            value,
        };
        if !clue.outside(n, n) {
            return Err(at.error(format!(
                "the clue at {} is not outside the grid, on its border",
                clue.clue.name()
            )));
        }
        if let Some(given) = instance.get("cells") {
            let given = reader.cells(at, given)?;
            if given != clue.cells(n, n) {
                return Err(at.error(format!(
                    "\"cells\" are not the diagonal {} from {}",
                    direction.name(),
                    clue.clue.name()
                )));
            }
        }
        clues.push(clue);
        Ok(())
    }

    fn write_fpuzzles(&self, n: usize) -> Value {
        json!({
            "cell": self.clue.name(),
            "cells": FpWriter::cells(&self.cells(n, n)),
            "direction": self.direction.name(),
            "value": self.value.to_string(),
        })
    }

    /// Up to four clues at random places and directions, each with the sum of its diagonal
    /// in the sample's solution.
    fn random(sample: &mut Sample<'_>) -> Vec<LittleKiller> {
        let n = sample.size();
        let mut clues = Vec::new();
        for _ in 0..1 + sample.below(4) {
            let clue = sample.outside();
            let direction = Diagonal::ALL[sample.below(4)];
            let mut clue = LittleKiller {
                clue,
                direction,
                value: 0,
            };
            let cells = clue.cells(n, n);
            if !cells.is_empty() {
                clue.value = cells.iter().map(|&c| i64::from(sample.digit_at(c))).sum();
                clues.push(clue);
            }
        }
        clues
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;
    use crate::sudoku::{validate, Grid};

    #[test]
    fn reads_writes_and_round_trips() {
        let file = read_back(&four(
            "[[littlekillersum]]\ncell = \"r0c4\"\ndirection = \"DL\"\nvalue = 7\n\n\
             [[littlekillersum]]\ncell = \"R5c2\"\ndirection = \"ur\"\nvalue = 6\n",
        ));
        let clues = &file.rules.constraints().littlekillersum.clues;
        assert_eq!(clues.len(), 2);
        assert_eq!(clues[1].clue, Place { row: 5, col: 2 });
        assert_eq!(clues[1].direction, Diagonal::UpRight);
        assert_eq!(
            clues[0].cells(4, 4),
            vec![
                Cell { row: 0, col: 2 },
                Cell { row: 1, col: 1 },
                Cell { row: 2, col: 0 }
            ]
        );
    }

    #[test]
    fn errors_name_the_clue() {
        let clue = |cell: &str, direction: &str, value: i64| {
            format!(
                "[[littlekillersum]]\ncell = \"{cell}\"\ndirection = \"{direction}\"\nvalue = {value}\n"
            )
        };
        for (cell, direction, value, refused) in [
            (
                "r2c2",
                "DL",
                3,
                "the clue at R2C2 is not outside the grid, on its border",
            ),
            ("r0c4", "UL", 3, "the arrow UL from R0C4 covers no cell"),
            ("r0c2", "DL", 5, "no digits on the diagonal add up to 5"),
            (
                "r0c2",
                "down",
                3,
                "unknown direction \"down\" (UL, UR, DL or DR)",
            ),
        ] {
            let error = refusal(&four(&clue(cell, direction, value)));
            assert_eq!(error, format!("little killer 1: {refused}"));
        }
        assert!(refusal(&four(&clue("r7c0", "UR", 3))).contains("R7C0"));
    }

    #[test]
    fn the_search_keeps_the_diagonal_sum() {
        // r0c3 DL covers r1c2 and r2c1.
        let file = from_toml(&four(
            "[[littlekillersum]]\ncell = \"r0c3\"\ndirection = \"DL\"\nvalue = 3\n",
        ))
        .unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&Grid::empty(4), Some(1000), 1000).unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            assert_eq!(s.get(0, 1) + s.get(1, 0), 3);
            validate(&file.rules, &Grid::empty(4), s).unwrap();
        }
    }

    #[test]
    fn fpuzzles_cells_must_be_the_diagonal() {
        let reader = FpReader::new(9, &[]);
        let mut clues = LittleKillers::default();
        let value = json!([
            {"cell": "R0C4", "cells": ["R1C3", "R2C2", "R3C1"], "direction": "DL", "value": "7"},
            {"cell": "R10C5", "direction": "UR", "value": ""}
        ]);
        clues
            .read_fpuzzles(reader.key("littlekillersum", &value))
            .unwrap();
        assert_eq!(clues.clues.len(), 1);
        let bad = json!([{"cell": "R0C4", "cells": ["R1C3"], "direction": "DL", "value": 7}]);
        assert_eq!(
            LittleKillers::default()
                .read_fpuzzles(reader.key("littlekillersum", &bad))
                .unwrap_err()
                .to_string(),
            "littlekillersum 1: \"cells\" are not the diagonal DL from R0C4"
        );
    }

    fn clue() -> impl Strategy<Value = LittleKiller> {
        (0usize..4, 1usize..=9, 0usize..4, 1i64..45).prop_map(|(side, k, d, value)| {
            let clue = match side {
                0 => Place { row: 0, col: k },
                1 => Place { row: 10, col: k },
                2 => Place { row: k, col: 0 },
                _ => Place { row: k, col: 10 },
            };
            LittleKiller {
                clue,
                direction: Diagonal::ALL[d],
                value,
            }
        })
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(clue(), 0..4).prop_map(|clues| LittleKillers { clues }),
        );
    }
}
