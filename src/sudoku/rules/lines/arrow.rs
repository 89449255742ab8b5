//! Arrows: the digits on an arrow's shaft add up to the number in its circle.
//!
//! The circle is one cell, or a *pill* of several cells read as a number with one digit per
//! cell in the order given (`"r1c1 r1c2"` holding 1 and 3 reads 13; pills only on grids of
//! at most 9 digits). Digits may repeat on a shaft unless other rules forbid it. Several
//! arrows may share a circle: each shaft adds up to it on its own.
//!
//! In the exact cover an arrow is the `LinearSum` `circle - shaft = 0` (circle cells
//! weighted `-10^j`, shaft cells `+1`), a chain of colored items holding the partial sums.
//!
//! Key: `[[arrow]]` tables, one per shaft, with `circle` (`"r1c4"`, or a pill
//! `"r1c4 r1c5"`) and `shaft` (`"r2c3 r1c2"`, the cells after the circle). f-puzzles key:
//! `arrow` (`cells` is the circle; each of `lines` starts at a circle cell, which is not
//! summed, and is one shaft; an arrow without lines is no rule).

use std::fmt::Write as _;

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{cell_list, jumps, LineCells, RawCells};
use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::draw::{num, Canvas};
use crate::sudoku::rules::error::{FileError, RulesError};
use crate::sudoku::rules::fpuzzles_io::{cell_name, At, FpReader, FpWriter};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::lines::toolkit::{kept_paths, Line};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::sum_clues::{SumClue, SumClues};

/// One arrow: the digits of `shaft` add up to the number read off `circle`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrow {
    /// The circle: one cell, or a pill read as a number in this order.
    pub circle: Vec<Cell>,
    /// The shaft's cells, from the circle outwards.
    pub shaft: Vec<Cell>,
}

/// Every arrow of a puzzle (each shaft one clue).
pub type Arrows = SumClues<Arrow>;

/// The longest pill: three digits already reach beyond any shaft of a 9x9 grid.
const MAX_PILL: usize = 3;

/// The number a pill's digits read as, in order.
fn reading(digits: impl Iterator<Item = u8>) -> u64 {
    digits.fold(0, |acc, d| acc * 10 + u64::from(d))
}

/// One arrow of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawArrow {
    circle: RawCells,
    shaft: LineCells,
    /// Consecutive shaft cells need not be neighbours (f-puzzles' arrows).
    #[serde(default)]
    jumps: bool,
}

impl SumClue for Arrow {
    const KEY: &'static str = "arrow";
    const NAME: &'static str = "arrow";
    const COUNTS: &'static str = "shaft";
    const FPUZZLES_FIELDS: &'static [&'static str] = &["cells", "lines"];
    type Raw = RawArrow;

    fn check(&self, geometry: &Geometry, what: &str) -> Result<(), RulesError> {
        let n = geometry.size();
        let invalid = |message: String| RulesError::Invalid {
            what: what.to_string(),
            message,
        };
        if self.circle.is_empty() || self.circle.len() > MAX_PILL {
            return Err(invalid(format!(
                "the circle has {} cells; it holds 1 to {MAX_PILL}",
                self.circle.len()
            )));
        }
        if self.circle.len() > 1 && n > 9 {
            return Err(invalid(format!(
                "a pill reads its digits as a number, which needs digits 1 to 9, not 1 to {n}"
            )));
        }
        if self.shaft.is_empty() {
            return Err(invalid("the shaft has no cells".to_string()));
        }
        let all: Vec<Cell> = self.circle.iter().chain(&self.shaft).copied().collect();
        geometry.positions(what, &all)?;
        Ok(())
    }

    /// Circle cells weighted `-10^j` (last cell the units), shaft cells `+1`, target 0.
    fn sum(&self, geometry: &Geometry) -> LinearSum {
        let place = |cell: &Cell| geometry.position(*cell).expect("checked arrows");
        let m = self.circle.len() as u32;
        let circle = self
            .circle
            .iter()
            .enumerate()
            .map(|(j, c)| (place(c), -(10i64.pow(m - 1 - j as u32))));
        let shaft = self.shaft.iter().map(|c| (place(c), 1));
        LinearSum {
            terms: circle.chain(shaft).collect(),
            target: 0,
        }
    }

    fn infeasible(&self) -> String {
        "no digits on the shaft add up to a number the circle can hold".to_string()
    }

    fn broken_by_givens(&self) -> String {
        "the givens on the shaft cannot add up to the circle".to_string()
    }

    fn holds(&self, _: &Geometry, solution: &Grid) -> Result<(), String> {
        let digit = |c: &Cell| solution.get(c.row, c.col);
        let circle = reading(self.circle.iter().map(digit));
        let shaft: u64 = self.shaft.iter().map(|c| u64::from(digit(c))).sum();
        if circle != shaft {
            return Err(format!(
                "the shaft adds up to {shaft}, the circle holds {circle}"
            ));
        }
        Ok(())
    }

    fn draw(arrows: &[Arrow], canvas: &mut Canvas) {
        let s = canvas.cell();
        let center = |c: &Cell| (canvas.x(c.col) + s / 2.0, canvas.y(c.row) + s / 2.0);
        let radius = s * 0.4;
        let stroke = (s / 22.0).max(0.5);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<g class=\"arrows\" fill=\"none\" stroke=\"#9a9a9a\" stroke-width=\"{}\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\">",
            num(stroke)
        );
        let mut circles: Vec<&Vec<Cell>> = Vec::new();
        for arrow in arrows {
            if !circles.contains(&&arrow.circle) {
                circles.push(&arrow.circle);
            }
            // The shaft leaves the circle cell nearest its first cell, from the circle's rim.
            let first = center(&arrow.shaft[0]);
            let from = arrow
                .circle
                .iter()
                .map(center)
                .min_by(|a, b| distance(*a, first).total_cmp(&distance(*b, first)))
                .expect("a circle");
            let length = distance(from, first).max(1e-9);
            let start = (
                from.0 + (first.0 - from.0) * radius / length,
                from.1 + (first.1 - from.1) * radius / length,
            );
            let mut d = format!("M{} {}", num(start.0), num(start.1));
            let points: Vec<(f64, f64)> = arrow.shaft.iter().map(center).collect();
            for &(x, y) in &points {
                let _ = write!(d, "L{} {}", num(x), num(y));
            }
            // The head: two strokes back from the last centre, along the last segment.
            let tip = points[points.len() - 1];
            let back = if points.len() > 1 {
                points[points.len() - 2]
            } else {
                start
            };
            let (dx, dy) = (tip.0 - back.0, tip.1 - back.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (ux, uy) = (dx / len, dy / len);
            let head = s * 0.25;
            for sign in [1.0, -1.0] {
                let (hx, hy) = (
                    tip.0 - head * (ux * 0.8 - sign * uy * 0.6),
                    tip.1 - head * (uy * 0.8 + sign * ux * 0.6),
                );
                let _ = write!(d, "M{} {}L{} {}", num(hx), num(hy), num(tip.0), num(tip.1));
            }
            let _ = writeln!(out, "<path d=\"{d}\"/>");
        }
        // Circles and pills: a grey outline, white inside, over the shafts' starts.
        for circle in circles {
            let points: Vec<(f64, f64)> = circle.iter().map(center).collect();
            let mut d = format!("M{} {}", num(points[0].0), num(points[0].1));
            for &(x, y) in &points {
                let _ = write!(d, "L{} {}", num(x), num(y));
            }
            let _ = writeln!(
                out,
                "<path d=\"{d}\" stroke-width=\"{}\"/><path d=\"{d}\" stroke=\"#ffffff\" \
                 stroke-width=\"{}\"/>",
                num(2.0 * radius + stroke),
                num(2.0 * radius - stroke)
            );
        }
        out.push_str("</g>\n");
        canvas.marks().push_str(&out);
        // Each arrow's number, as messages and `explain` name it, in its tip's cell (arrows
        // often share a circle, seldom a tip).
        for (k, arrow) in arrows.iter().enumerate() {
            let tip = arrow.shaft[arrow.shaft.len() - 1];
            canvas.number("arrow-number", (tip.row, tip.col), k + 1);
        }
    }

    fn write(&self) -> Vec<(&'static str, String)> {
        let mut entries = vec![
            ("circle", cell_list(&self.circle)),
            ("shaft", cell_list(&self.shaft)),
        ];
        if jumps(&self.shaft) {
            entries.push(("jumps", "true".to_string()));
        }
        entries
    }

    fn read(raw: &RawArrow, what: &str) -> Result<Arrow, FileError> {
        Ok(Arrow {
            circle: raw.circle.cells(what)?,
            shaft: raw.shaft.steps(what, raw.jumps)?,
        })
    }

    fn read_fpuzzles(
        at: At<'_>,
        instance: &Map<String, Value>,
        reader: &FpReader<'_>,
        arrows: &mut Vec<Arrow>,
    ) -> Result<(), FileError> {
        let circle = reader.cells(
            at,
            instance
                .get("cells")
                .ok_or_else(|| at.error("has no \"cells\" (the circle)"))?,
        )?;
        if circle.is_empty() {
            return Err(at.error("the circle has no cells"));
        }
        let lines = reader.lines(at, instance)?;
        let circle_names = || circle.iter().map(|&c| cell_name(c)).collect::<Vec<_>>();
        if lines.iter().all(|line| line.len() < 2) {
            reader.notice(
                at,
                format!(
                    "a circle without a shaft ({}) has no rule; left out",
                    circle_names().join(" ")
                ),
            );
        }
        for line in lines {
            let Some((start, shaft)) = line.split_first() else {
                continue;
            };
            if !circle.contains(start) {
                return Err(at.error(format!(
                    "a line starts at {}, which is not a circle cell",
                    cell_name(*start)
                )));
            }
            if !shaft.is_empty() {
                arrows.push(Arrow {
                    circle: circle.clone(),
                    shaft: shaft.to_vec(),
                });
            }
        }
        Ok(())
    }

    fn write_fpuzzles(&self, _: usize) -> Value {
        let first = self.shaft[0];
        let start = *self
            .circle
            .iter()
            .min_by_key(|c| c.row.abs_diff(first.row).pow(2) + c.col.abs_diff(first.col).pow(2))
            .expect("a circle");
        let line: Vec<Cell> = std::iter::once(start)
            .chain(self.shaft.iter().copied())
            .collect();
        json!({"cells": FpWriter::cells(&self.circle), "lines": [FpWriter::cells(&line)]})
    }

    /// Arrows on king-step paths (`kept_paths`): the path's first cell the circle, the
    /// others the shaft, whose digits in the sample's solution add up to the circle's
    /// (digits may repeat on a shaft).
    fn random(sample: &mut Sample<'_>) -> Vec<Arrow> {
        let paths = kept_paths(sample, 2, false, |_, digits, _| {
            let shaft: u32 = digits[1..].iter().map(|&d| u32::from(d)).sum();
            shaft == u32::from(digits[0])
        });
        let arrow = |line: Line| Arrow {
            circle: line.cells[..1].to_vec(),
            shaft: line.cells[1..].to_vec(),
        };
        paths.into_iter().map(arrow).collect()
    }
}

/// The distance between two points.
fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;
    use crate::sudoku::rules::Constraint;
    use crate::sudoku::{validate, Grid};

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    fn cells(names: &str) -> Vec<Cell> {
        names.split_whitespace().map(cell).collect()
    }

    #[test]
    fn reads_writes_and_round_trips() {
        let file = read_back(&four(
            "[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r2c2 r3c3\"\n\n[[arrow]]\ncircle = \"r4c1 r4c2\"\nshaft = [\"r3c1\", \"r2c1\", \"r1c2\", \"r1c3\"]\n",
        ));
        let arrows = &file.rules.constraints().arrow.clues;
        assert_eq!(arrows.len(), 2);
        assert_eq!(arrows[1].circle, cells("r4c1 r4c2"));
    }

    #[test]
    fn errors_name_the_arrow() {
        assert_eq!(
            refusal(&four(
                "[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r1c1 r2c2\"\n"
            )),
            "arrow 1: r1c1 is listed twice"
        );
        assert_eq!(
            refusal(&four("[[arrow]]\ncircle = \"r1c1\"\nshaft = \"\"\n")),
            "arrow 1: the shaft has no cells"
        );
        assert_eq!(
            refusal(&four(
                "[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r2c2 r3c3 r4c4 r3c4 r2c4\"\n"
            )),
            "arrow 1: no digits on the shaft add up to a number the circle can hold"
        );
        assert!(
            refusal(&four("[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r5c5\"\n")).contains("r5c5")
        );
    }

    #[test]
    fn the_search_keeps_shafts_and_circles_in_step() {
        // Digits may repeat on a shaft: with r1c1 given 2, the shaft r2c3 r3c4 is 1, 1.
        let file = from_toml(&four(
            "[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r2c3 r3c4\"\n",
        ))
        .unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let mut givens = Grid::empty(4);
        givens.set(0, 0, 2);
        let answer = solver.enumerate(&givens, Some(1000), 1000).unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            assert_eq!([s.get(1, 2), s.get(2, 3)], [1, 1]);
            validate(&file.rules, &givens, s).unwrap();
        }
    }

    #[test]
    fn a_pill_reads_its_digits_in_order() {
        let arrows = Arrows {
            clues: vec![Arrow {
                circle: cells("r1c1 r1c2"),
                shaft: cells("r2c1 r3c1 r4c1"),
            }],
        };
        let geometry = Geometry::new(9, None, None, &[(0, 0)], None).unwrap();
        let mut grid = Grid::empty(9);
        grid.set(0, 0, 1);
        grid.set(0, 1, 2);
        for (r, d) in [(1, 3), (2, 4), (3, 5)] {
            grid.set(r, 0, d);
        }
        arrows.validate(&geometry, &grid).unwrap();
        grid.set(3, 0, 6);
        assert_eq!(
            arrows.validate(&geometry, &grid).unwrap_err().to_string(),
            "arrow 1: the shaft adds up to 13, the circle holds 12"
        );
    }

    #[test]
    fn fpuzzles_lines_start_at_the_circle() {
        let reader = FpReader::new(9, &[]);
        let mut arrows = Arrows::default();
        let value = json!([
            {"cells": ["R1C4"], "lines": [["R1C4", "R2C3", "R1C2"], ["R1C4", "R2C4"]]},
            {"cells": ["R9C9"], "lines": []}
        ]);
        arrows.read_fpuzzles(reader.key("arrow", &value)).unwrap();
        assert_eq!(arrows.clues.len(), 2);
        assert_eq!(arrows.clues[0].shaft, cells("r2c3 r1c2"));
        let bad = json!([{"cells": ["R1C4"], "lines": [["R2C3", "R1C2"]]}]);
        assert_eq!(
            Arrows::default()
                .read_fpuzzles(reader.key("arrow", &bad))
                .unwrap_err()
                .to_string(),
            "arrow 1: a line starts at R2C3, which is not a circle cell"
        );
    }

    fn arrow() -> impl Strategy<Value = Arrow> {
        (
            1usize..=2,
            proptest::collection::vec((0usize..9, 0usize..9), 1..5),
        )
            .prop_map(|(pill, shaft)| {
                let circle: Vec<Cell> = (0..pill).map(|c| Cell { row: 8, col: c }).collect();
                let mut cells: Vec<Cell> = Vec::new();
                for (row, col) in shaft {
                    let c = Cell { row: row % 8, col };
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
                Arrow {
                    circle,
                    shaft: cells,
                }
            })
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(arrow(), 0..4).prop_map(|clues| Arrows { clues }),
        );
    }
}
