//! Sum pairs: the digits of two cells add up to a value (f-puzzles' `sum` key, read by
//! SudokuVariantSolverJS; `docs/fpuzzles.md` §3.2). The cells are usually neighbours, with
//! the sum written on the edge between them, but need not be.
//!
//! TOML: `[[sum]]` with `cells = "r1c1 r1c2"` and `value = 7`. f-puzzles: `sum`
//! (`[{"cells":["R1C1","R1C2"],"value":"7"}]`).
//!
//! Every sum is a rule between two cells: a [`Relation`], encoded as secondary items and
//! reasoned with by every technique.

use std::sync::Arc;

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::json;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    cell_list, explained_as_units_and_pairs, read_tables, Constraint, Family, FileWriter, RawCells,
    Reference,
};
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::marks::edge::{disc, PairCheck};
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// Two cells whose digits add up to `value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SumPair {
    /// The two cells.
    pub cells: [Cell; 2],
    /// Their sum.
    pub value: u32,
}

/// The sum pairs of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sums {
    /// The pairs, numbered from 1 in messages in this order.
    pub pairs: Vec<SumPair>,
}

impl Sums {
    /// Positions and sum of each pair.
    fn positions(&self, geometry: &Geometry) -> Vec<(usize, usize, u32)> {
        self.pairs
            .iter()
            .map(|pair| {
                let at = |c| geometry.position(c).expect("checked sum pair");
                (at(pair.cells[0]), at(pair.cells[1]), pair.value)
            })
            .collect()
    }
}

impl Constraint for Sums {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size() as u32;
        for (k, pair) in self.pairs.iter().enumerate() {
            let what = format!("sum {}", k + 1);
            geometry.positions(&what, &pair.cells)?;
            if !(2..=2 * n).contains(&pair.value) {
                return Err(RulesError::Invalid {
                    what,
                    message: format!("two digits of 1 to {n} never add up to {}", pair.value),
                });
            }
        }
        Ok(())
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        for (a, b, value) in self.positions(geometry) {
            let relation = Relation::new(format!("sum {value}"), n, |d, e| {
                u32::from(d) + u32::from(e) == value
            });
            let id = out.relation(relation);
            out.push(a, b, id);
        }
    }

    fn digit_blind(&self) -> bool {
        self.pairs.is_empty()
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let what = |k: usize| format!("sum {}", k + 1);
        Violation::first_broken(&self.pairs, what, |pair| {
            let [a, b] = pair.cells;
            let sum = u32::from(solution.get(a.row, a.col)) + u32::from(solution.get(b.row, b.col));
            if sum == pair.value {
                Ok(())
            } else {
                Err(format!("{a} and {b} add up to {sum}, not {}", pair.value))
            }
        })
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let mut check = PairCheck::new(geometry);
        for (a, b, value) in self.positions(geometry) {
            check.push(
                a,
                b,
                Arc::new(move |d, e| u32::from(d) + u32::from(e) == value),
            );
        }
        check.into_reference()
    }

    explained_as_units_and_pairs!("a sum of neighbours");

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        let s = canvas.cell();
        for pair in &self.pairs {
            let middle = canvas.centre(&pair.cells);
            disc(
                canvas,
                middle,
                s * 0.16,
                "#ffffff",
                "#222222",
                &pair.value.to_string(),
            );
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.pairs.is_empty() {
            caption.shown(format!("sum pairs ({})", self.pairs.len()));
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for pair in &self.pairs {
            out.table(
                "sum",
                &[
                    ("cells", cell_list(&pair.cells)),
                    ("value", pair.value.to_string()),
                ],
            );
        }
    }
}

/// A sum pair as a puzzle file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPair {
    cells: RawCells,
    value: u32,
}

impl Family for Sums {
    const KEYS: &'static [&'static str] = &["sum"];
    const ALIASES: &'static [(&'static str, &'static str)] = &[("sums", "sum")];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        read_tables(map, "sum", |pair: &RawPair, what| {
            let cells =
                <[Cell; 2]>::try_from(pair.cells.cells(what)?).map_err(|_| FileError::Value {
                    key: what.to_string(),
                    line: None,
                    message: "a sum pair has exactly two cells".to_string(),
                })?;
            self.pairs.push(SumPair {
                cells,
                value: pair.value,
            });
            Ok(())
        })
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["sum"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells", "value"], COSMETIC_FIELDS)?;
            let cells = reader.cells_of(at, instance, "cells")?;
            let cells = <[Cell; 2]>::try_from(cells)
                .map_err(|c| at.error(format!("a sum pair has two cells, not {}", c.len())))?;
            let value = reader
                .number(at, instance, "value")?
                .ok_or_else(|| at.error("has no \"value\""))?;
            let value = u32::try_from(value)
                .map_err(|_| at.error(format!("\"value\": {value} is not a positive number")))?;
            self.pairs.push(SumPair { cells, value });
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for pair in &self.pairs {
            out.push(
                "sum",
                json!({"cells": FpWriter::cells(&pair.cells), "value": pair.value.to_string()}),
            );
        }
    }

    /// Pairs of random cells with the sum of their digits in the sample's solution.
    fn random(sample: &mut Sample<'_>) -> Self {
        let mut sums = Sums::default();
        for _ in 0..1 + sample.below(sample.size()) {
            let (a, b) = (sample.position(), sample.position());
            if a != b {
                sums.pairs.push(SumPair {
                    cells: [sample.cell(a), sample.cell(b)],
                    value: sample.digit(a) + sample.digit(b),
                });
            }
        }
        sums
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    const FILE: &str = "size = 4\n[[sum]]\ncells = \"r1c1 r1c2\"\nvalue = 7\n";

    #[test]
    fn reads_pairs_and_writes_them_back() {
        let file = read_back(FILE);
        let sums = &file.rules.constraints().sum;
        assert_eq!(sums.pairs[0].value, 7);
        let relation = file.rules.relation(&file.rules.pairs()[0]);
        assert!(relation.allows(3, 4) && relation.allows(4, 3) && !relation.allows(2, 4));
        assert_eq!(
            refusal("size = 4\n[[sum]]\ncells = \"r1c1 r1c2\"\nvalue = 9\n"),
            "sum 1: two digits of 1 to 4 never add up to 9"
        );
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let file = from_toml(FILE).unwrap();
        let sums = &file.rules.constraints().sum;
        assert_eq!(&round_trip(sums, 4), sums);
        let missing = json!([{"cells": ["R1C1", "R1C2"]}]);
        assert_eq!(
            Sums::default()
                .read_fpuzzles(FpReader::new(4, &[]).key("sum", &missing))
                .unwrap_err()
                .to_string(),
            "sum 1: has no \"value\""
        );
    }
}
