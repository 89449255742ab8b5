//! Extra units the user gives: any cells whose digits must all differ (with as many cells as
//! digits, every digit once), listed cell by cell; the units the grid's shape makes (rows,
//! diagonals, windows, ...) are the `grid_units` family's.
//!
//! Key: `[[unit]]` tables with `cells` (`"r1c1 r2c3"` or a list).

use serde::de::MapAccess;
use serde::Deserialize;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    cell_list, explained_as_units_and_pairs, read_tables, Constraint, Family, FileWriter, RawCells,
    Reference,
};
use crate::sudoku::rules::distinct::{repeats, Peers};
use crate::sudoku::rules::draw::FILL_OPACITY;
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::{Unit, UnitKind};

/// Shadings of extra units, used in turn.
const UNIT_FILLS: [&str; 6] = [
    "#d9c8ec", "#f5c6c6", "#c3e4ea", "#f0d9b5", "#d0d7f2", "#e3e8b8",
];

/// The extra units of a puzzle (`[[unit]]`; the type says "extra", since `Units` would read
/// as the rules' [`Unit`] or the grid's own units, [`GridUnits`](super::grid_units::GridUnits)).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExtraUnits {
    /// Each unit's cells, numbered from 1 in messages in this order.
    pub units: Vec<Vec<Cell>>,
}

impl ExtraUnits {
    fn positions(&self, geometry: &Geometry) -> Vec<Vec<usize>> {
        self.units
            .iter()
            .enumerate()
            .map(|(k, cells)| {
                geometry
                    .unit_cells(&format!("unit {}", k + 1), cells)
                    .expect("checked units")
            })
            .collect()
    }
}

impl Constraint for ExtraUnits {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        for (k, cells) in self.units.iter().enumerate() {
            geometry.unit_cells(&format!("unit {}", k + 1), cells)?;
        }
        Ok(())
    }

    fn units(&self, geometry: &Geometry, out: &mut Vec<Unit>) {
        for (k, cells) in self.positions(geometry).into_iter().enumerate() {
            out.push(Unit {
                kind: UnitKind::Extra(k),
                grid: None,
                cells,
            });
        }
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        for (k, cells) in self.units.iter().enumerate() {
            repeats(solution, &format!("unit {}", k + 1), cells)?;
        }
        Ok(())
    }

    explained_as_units_and_pairs!("an extra unit");

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        Peers::of_cells(geometry, &self.units)
    }

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        for (k, cells) in self.positions(geometry).iter().enumerate() {
            let fill = UNIT_FILLS[k % UNIT_FILLS.len()];
            canvas.shade(&format!("unit unit-{}", k + 1), fill, FILL_OPACITY, cells);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        match self.units.len() {
            0 => {}
            1 => caption.shown("1 extra unit"),
            k => caption.shown(format!("{k} extra units")),
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for cells in &self.units {
            out.table("unit", &[("cells", cell_list(cells))]);
        }
    }
}

/// One unit of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    cells: RawCells,
}

impl Family for ExtraUnits {
    const KEYS: &'static [&'static str] = &["unit"];
    const ALIASES: &'static [(&'static str, &'static str)] = &[("extra", "unit")];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        read_tables(map, "unit", |unit: &RawUnit, what| {
            self.units.push(unit.cells.cells(what)?);
            Ok(())
        })
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["extraregion"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells"], COSMETIC_FIELDS)?;
            let cells = instance
                .get("cells")
                .ok_or_else(|| at.error("has no \"cells\""))?;
            self.units.push(reader.cells(at, cells)?);
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for unit in &self.units {
            out.push(
                "extraregion",
                serde_json::json!({ "cells": FpWriter::cells(unit) }),
            );
        }
    }

    /// Up to three units of cells whose digits differ in the sample's solution.
    fn random(sample: &mut Sample<'_>) -> Self {
        let size = 1 + sample.below(sample.size());
        let groups = sample.groups(size);
        let units = groups.iter().take(3);
        let units = units.map(|g| g.iter().map(|&p| sample.cell(p)).collect());
        ExtraUnits {
            units: units.collect(),
        }
    }
}
