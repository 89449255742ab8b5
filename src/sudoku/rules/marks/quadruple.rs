//! Quadruples: a circle at the corner of four cells lists digits; each listed digit appears
//! in the four cells at least as many times as it is listed (`docs/fpuzzles.md` §3.1).
//!
//! TOML: `[[quadruple]]` with `cells = "r3c3 r3c4 r4c3 r4c4"` and `values = [1, 4, 4]`.
//! f-puzzles: `quadruple` (`[{"cells":[...],"values":[1,4,4]}]`, values JSON numbers, at
//! most 4).
//!
//! Encoding: each cell of a quadruple gets a secondary item, put in each of its options with a
//! color: the digit when it is listed, one shared color "other" when it is not. The quadruple
//! is a primary item with one option per way of coloring its cells (a listed digit or
//! "other" for each) that lists each digit often enough; the option takes each cell's item in
//! its color. A filled grid colors the cells in exactly one way, so exactly one option fits:
//! solutions are neither lost nor counted twice. At most 5^4 options per quadruple. A
//! quadruple that lists as many digits as it has cells also leaves out its cells' options
//! of unlisted digits (each cell must hold a listed one). The
//! human-style logic does not read colored items, so [`Constraint::unexplained`] names the
//! quadruples.

use std::fmt::Write as _;

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::sudoku::grid::{Cell, Grid};
use crate::xc::Color;

use crate::sudoku::rules::constraint::{
    allowed_by_trial, cell_list, read_tables, Constraint, Family, FileWriter, RawCells, Reference,
};
use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::draw::{escape, num, Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;

/// One quadruple: up to four cells and the digits they must hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quadruple {
    /// The cells (the 2x2 block around the circle).
    pub cells: Vec<Cell>,
    /// The listed digits, repeats allowed.
    pub values: Vec<u8>,
}

impl Quadruple {
    /// Each listed digit with how often it is listed.
    fn counts(&self) -> Vec<(u8, usize)> {
        let mut digits = self.values.clone();
        digits.sort_unstable();
        digits.dedup();
        digits
            .into_iter()
            .map(|d| (d, self.values.iter().filter(|&&v| v == d).count()))
            .collect()
    }

    /// How many more listed digits the cells need than the digits `held` give.
    fn missing(&self, held: &[u8]) -> usize {
        self.counts()
            .iter()
            .map(|&(d, k)| k.saturating_sub(held.iter().filter(|&&e| e == d).count()))
            .sum()
    }
}

/// The quadruples of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Quadruples {
    /// The quadruples, numbered from 1 in messages in this order.
    pub quads: Vec<Quadruple>,
}

impl Constraint for Quadruples {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size();
        for (k, quad) in self.quads.iter().enumerate() {
            let what = format!("quadruple {}", k + 1);
            geometry.positions(&what, &quad.cells)?;
            let invalid = |message: String| RulesError::Invalid {
                what: what.clone(),
                message,
            };
            if quad.cells.is_empty() || quad.cells.len() > 4 {
                return Err(invalid(format!(
                    "{} cells; a quadruple has 1 to 4",
                    quad.cells.len()
                )));
            }
            if quad.values.len() > quad.cells.len() {
                return Err(invalid(format!(
                    "{} digits listed for {} cells",
                    quad.values.len(),
                    quad.cells.len()
                )));
            }
            if let Some(&d) = quad.values.iter().find(|&&d| d == 0 || d as usize > n) {
                return Err(invalid(format!("digit {d} is not between 1 and {n}")));
            }
        }
        Ok(())
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        let n = geometry.size() as u64;
        self.quads
            .iter()
            .map(|q| {
                let cells = q.cells.len() as u32;
                let colors = q.counts().len() as u64 + 1;
                cells as u64 * n + colors.pow(cells) * (1 + cells as u64)
            })
            .sum()
    }

    fn digit_blind(&self) -> bool {
        self.quads.is_empty()
    }

    fn check_givens(&self, _: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        for (k, quad) in self.quads.iter().enumerate() {
            let held: Vec<u8> = quad
                .cells
                .iter()
                .map(|c| givens.get(c.row, c.col))
                .collect();
            let empty = held.iter().filter(|&&d| d == 0).count();
            if quad.missing(&held) > empty {
                return Err(PuzzleError::Broken {
                    what: format!("quadruple {}", k + 1),
                    message: "too few cells left for the listed digits".to_string(),
                });
            }
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let geometry = encoder.geometry();
        let n = geometry.size();
        let other = Color::new(n as u32 + 1);
        for (k, quad) in self.quads.iter().enumerate() {
            encoder.instance(k);
            let counts = quad.counts();
            let color_of = |d: u8| {
                if counts.iter().any(|&(e, _)| e == d) {
                    Color::new(u32::from(d))
                } else {
                    other
                }
            };
            // Listing a digit for every cell leaves no cell an unlisted digit: said here
            // rather than left to the colors, which rule such a digit out only once a cell
            // takes it (the search's row and box reasoning needs it from the start).
            let full = quad.values.len() == quad.cells.len();
            let mut items = Vec::new();
            for &cell in &quad.cells {
                let item = encoder.secondary();
                let p = geometry.position(cell).expect("checked quadruple");
                if full {
                    for d in (1..=n as u8).filter(|&d| color_of(d) == other) {
                        encoder.forbid(p, d);
                    }
                }
                for d in 1..=n as u8 {
                    encoder.on(p, d, item, color_of(d));
                }
                items.push(item);
            }
            let quad_item = encoder.primary();
            // Every coloring: each cell a listed digit or "other" (0 here).
            let choices: Vec<u8> = std::iter::once(0)
                .chain(counts.iter().map(|&(d, _)| d))
                .collect();
            let cells = quad.cells.len();
            for code in 0..choices.len().pow(cells as u32) {
                let mut rest = code;
                let coloring: Vec<u8> = (0..cells)
                    .map(|_| {
                        let c = choices[rest % choices.len()];
                        rest /= choices.len();
                        c
                    })
                    .collect();
                if quad.missing(&coloring) > 0 {
                    continue;
                }
                let option = std::iter::once((quad_item, None)).chain(
                    items.iter().zip(&coloring).map(|(&item, &d)| {
                        (
                            item,
                            if d == 0 {
                                other
                            } else {
                                Color::new(u32::from(d))
                            },
                        )
                    }),
                );
                encoder.option(option);
            }
        }
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        for (k, quad) in self.quads.iter().enumerate() {
            for (d, count) in quad.counts() {
                let found = quad
                    .cells
                    .iter()
                    .filter(|c| solution.get(c.row, c.col) == d)
                    .count();
                if found < count {
                    return Err(Violation::Broken {
                        what: format!("quadruple {}", k + 1),
                        message: format!("{d} appears {found} times, listed {count}"),
                    });
                }
            }
        }
        Ok(())
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.quads.is_empty() {
            return None;
        }
        let quads = self
            .quads
            .iter()
            .map(|q| {
                let cells = q
                    .cells
                    .iter()
                    .map(|&c| geometry.position(c).expect("checked"));
                (cells.collect(), q.clone())
            })
            .collect();
        Some(Box::new(QuadCheck {
            n: geometry.size(),
            quads,
        }))
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(
            || "the quadruples".to_string(),
            |k| format!("quadruple {}", k + 1),
        )
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        out.extend((1..=self.quads.len()).map(|k| format!("quadruple {k}")));
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        let s = canvas.cell();
        for quad in &self.quads {
            let (x, y) = canvas.centre(&quad.cells);
            let label: Vec<String> = quad.values.iter().map(u8::to_string).collect();
            let size = s * 0.17;
            let _ = writeln!(
                canvas.marks(),
                "<g class=\"quadruple\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" \
                 stroke=\"#222222\" stroke-width=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" \
                 fill=\"#222222\" text-anchor=\"middle\">{}</text></g>",
                num(x),
                num(y),
                num(s * 0.26),
                num((s / 40.0).max(0.5)),
                num(x),
                num(y + size * 0.36),
                num(size),
                escape(&label.join(" "))
            );
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.quads.is_empty() {
            caption.shown(format!("quadruples ({})", self.quads.len()));
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for quad in &self.quads {
            let values: Vec<String> = quad.values.iter().map(u8::to_string).collect();
            out.table(
                "quadruple",
                &[
                    ("cells", cell_list(&quad.cells)),
                    ("values", format!("[{}]", values.join(", "))),
                ],
            );
        }
    }
}

/// The quadruples by position, for the reference backtracker.
#[derive(Debug)]
struct QuadCheck {
    n: usize,
    quads: Vec<(Vec<usize>, Quadruple)>,
}

impl QuadCheck {
    /// Whether the quadruples holding `p` can still be completed.
    fn possible(&self, cells: &[u8], p: usize) -> bool {
        self.quads
            .iter()
            .filter(|(positions, _)| positions.contains(&p))
            .all(|(positions, quad)| {
                let held: Vec<u8> = positions.iter().map(|&q| cells[q]).collect();
                quad.missing(&held) <= held.iter().filter(|&&d| d == 0).count()
            })
    }
}

impl Reference for QuadCheck {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        allowed_by_trial(self.n, cells, p, |trial| self.possible(trial, p))
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        !self.possible(cells, p)
    }
}

/// A quadruple as a puzzle file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuad {
    cells: RawCells,
    values: Vec<u8>,
}

impl Family for Quadruples {
    const KEYS: &'static [&'static str] = &["quadruple"];
    const ALIASES: &'static [(&'static str, &'static str)] = &[("quadruples", "quadruple")];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        read_tables(map, "quadruple", |quad: &RawQuad, what| {
            self.quads.push(Quadruple {
                cells: quad.cells.cells(what)?,
                values: quad.values.clone(),
            });
            Ok(())
        })
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["quadruple"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells", "values"], COSMETIC_FIELDS)?;
            let cells = reader.cells_of(at, instance, "cells")?;
            let list = instance
                .get("values")
                .and_then(Value::as_array)
                .ok_or_else(|| at.error("\"values\": expected a list of digits"))?;
            let values = list
                .iter()
                .map(|v| {
                    v.as_u64()
                        .and_then(|d| u8::try_from(d).ok())
                        .ok_or_else(|| at.error(format!("\"values\": {v} is not a digit")))
                })
                .collect::<Result<Vec<u8>, FileError>>()?;
            self.quads.push(Quadruple { cells, values });
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for quad in &self.quads {
            out.push(
                "quadruple",
                json!({"cells": FpWriter::cells(&quad.cells), "values": quad.values}),
            );
        }
    }

    /// Random corners, each with some of the digits the sample's solution puts around it.
    fn random(sample: &mut Sample<'_>) -> Self {
        let n = sample.size();
        let mut quads = Vec::new();
        for _ in 0..1 + sample.below(3) {
            let (row, col) = (sample.below(n - 1), sample.below(n - 1));
            let cells = [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(i, j)| Cell {
                row: row + i,
                col: col + j,
            });
            let mut values = Vec::new();
            for cell in cells {
                if sample.one_in(2) {
                    values.push(sample.digit_at(cell) as u8);
                }
            }
            let cells = cells.to_vec();
            quads.push(Quadruple { cells, values });
        }
        Quadruples { quads }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    const FILE: &str =
        "size = 4\n[[quadruple]]\ncells = \"r1c2 r1c3 r2c2 r2c3\"\nvalues = [1, 1]\n";

    #[test]
    fn reads_quadruples_and_writes_them_back() {
        let file = read_back(FILE);
        assert_eq!(file.rules.constraints().quadruple.quads[0].values, [1, 1]);
        let bad = "size = 4\n[[quadruple]]\ncells = \"r1c1 r1c2\"\nvalues = [1, 2, 3]\n";
        assert_eq!(refusal(bad), "quadruple 1: 3 digits listed for 2 cells");
    }

    #[test]
    fn every_solution_once_and_each_with_the_digits() {
        let file = from_toml(FILE).unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&file.givens, None, 1000).unwrap();
        let mut seen = std::collections::HashSet::new();
        for grid in &answer.solutions {
            assert!(seen.insert(grid.cells().to_vec()), "a solution twice");
            let ones = [(0, 1), (0, 2), (1, 1), (1, 2)]
                .iter()
                .filter(|&&(r, c)| grid.get(r, c) == 1)
                .count();
            assert_eq!(ones, 2);
        }
        assert!(answer.count > 0);
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let file = from_toml(FILE).unwrap();
        let quads = &file.rules.constraints().quadruple;
        let mut out = FpWriter::new(4);
        quads.write_fpuzzles(&mut out);
        assert_eq!(out.finish().0["quadruple"][0]["values"], json!([1, 1]));
        assert_eq!(&round_trip(quads, 4), quads);
    }
}
