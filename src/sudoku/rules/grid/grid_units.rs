//! The units of the grid itself (`grid_units`, apart from the extra units a puzzle lists
//! cell by cell, `[[unit]]`): rows, columns, boxes (or jigsaw regions), and the optional
//! units drawn from the grid's shape: both main diagonals (X-sudoku) or either one alone,
//! windoku windows, and disjoint groups (the cells at one place in their boxes).
//!
//! Keys: `diagonals = true` (both), `diagonal_positive = true` (bottom left to top right
//! alone), `diagonal_negative = true` (top left to bottom right alone), `windoku = true`,
//! `disjoint_groups = true` (rows, columns, boxes and `regions` are always there: the shape's
//! keys say what they are). f-puzzles keys: `diagonal+`, `diagonal-`, `disjointgroups`
//! (boxes only: refused with jigsaw regions, where "the same place in the region" has no
//! agreed meaning).

use serde::de::MapAccess;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    explained_as_units_and_pairs, Constraint, Family, FileWriter, Reference,
};
use crate::sudoku::rules::distinct::{repeats, Peers};
use crate::sudoku::rules::draw::{Canvas, Caption, FILL_OPACITY};
use crate::sudoku::rules::error::{FileError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::{Unit, UnitKind};

/// Shading of the diagonals' cells (X-sudoku).
const DIAGONAL_FILL: &str = "#f2dca6";

/// Shading of windoku windows.
const WINDOW_FILL: &str = "#bfe0bd";

/// The grid's units: rows, columns and boxes or regions always; the diagonals and windows when
/// asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GridUnits {
    /// Both main diagonals of every sub-grid are units (X-sudoku).
    pub diagonals: bool,
    /// Box-shaped windows between the boxes are units (windoku: four in a 9x9).
    pub windoku: bool,
    /// The positive diagonal alone (bottom left to top right) is a unit; with `diagonals`
    /// set, or both single diagonals, [`GridUnits::normalize`] keeps `diagonals` only.
    pub diagonal_positive: bool,
    /// The negative diagonal alone (top left to bottom right) is a unit.
    pub diagonal_negative: bool,
    /// The cells at one place in their boxes are a unit (disjoint groups); boxes only.
    pub disjoint_groups: bool,
}

/// Top-left corners (relative to the sub-grid) of the windoku windows: box-shaped, one cell in
/// from each box boundary, as many as fit (four in a 9x9).
fn windows(n: usize, box_rows: usize, box_cols: usize) -> Vec<(usize, usize)> {
    let tops: Vec<usize> = (0..)
        .map(|i| 1 + i * (box_rows + 1))
        .take_while(|&t| t + box_rows < n)
        .collect();
    let lefts: Vec<usize> = (0..)
        .map(|j| 1 + j * (box_cols + 1))
        .take_while(|&l| l + box_cols < n)
        .collect();
    tops.iter()
        .flat_map(|&t| lefts.iter().map(move |&l| (t, l)))
        .collect()
}

impl GridUnits {
    /// One way to say each set of diagonals: both single diagonals are `diagonals`.
    pub fn normalize(&mut self) {
        if self.diagonals || (self.diagonal_positive && self.diagonal_negative) {
            self.diagonals = true;
            self.diagonal_positive = false;
            self.diagonal_negative = false;
        }
    }

    /// The diagonals and windows of every sub-grid, in order, as (kind, grid, cells).
    fn shaded(&self, g: &Geometry) -> Vec<Unit> {
        let mut out = Vec::new();
        self.add_units(g, &mut out);
        out.retain(|u| {
            matches!(
                u.kind,
                UnitKind::Diagonal | UnitKind::AntiDiagonal | UnitKind::Window(_)
            )
        });
        out
    }

    fn add_units(&self, g: &Geometry, units: &mut Vec<Unit>) {
        let n = g.size();
        let (box_rows, box_cols) = g.box_shape();
        let cols = g.cols();
        let multi = g.grids().len() > 1;
        let at = |r: usize, c: usize| r * cols + c;
        for (k, &(r0, c0)) in g.grids().iter().enumerate() {
            let grid = multi.then_some(k);
            let mut unit =
                |kind: UnitKind, cells: Vec<usize>| units.push(Unit { kind, grid, cells });
            for r in 0..n {
                unit(
                    UnitKind::Row(r),
                    (0..n).map(|c| at(r0 + r, c0 + c)).collect(),
                );
            }
            for c in 0..n {
                unit(
                    UnitKind::Column(c),
                    (0..n).map(|r| at(r0 + r, c0 + c)).collect(),
                );
            }
            if g.regions().is_none() {
                let stacks = n / box_cols;
                for b in 0..n {
                    let (top, left) = ((b / stacks) * box_rows, (b % stacks) * box_cols);
                    let cells = (0..n)
                        .map(|k| at(r0 + top + k / box_cols, c0 + left + k % box_cols))
                        .collect();
                    unit(UnitKind::Box(b), cells);
                }
            }
            if self.diagonals || self.diagonal_negative {
                unit(
                    UnitKind::Diagonal,
                    (0..n).map(|k| at(r0 + k, c0 + k)).collect(),
                );
            }
            if self.diagonals || self.diagonal_positive {
                unit(
                    UnitKind::AntiDiagonal,
                    (0..n).map(|k| at(r0 + k, c0 + n - 1 - k)).collect(),
                );
            }
            if self.disjoint_groups && g.regions().is_none() {
                let stacks = n / box_cols;
                for place in 0..n {
                    let (dr, dc) = (place / box_cols, place % box_cols);
                    let mut cells: Vec<usize> = (0..n)
                        .map(|b| {
                            let (top, left) = ((b / stacks) * box_rows, (b % stacks) * box_cols);
                            at(r0 + top + dr, c0 + left + dc)
                        })
                        .collect();
                    cells.sort_unstable();
                    unit(UnitKind::Group(place), cells);
                }
            }
            if self.windoku {
                for (w, (top, left)) in windows(n, box_rows, box_cols).into_iter().enumerate() {
                    let cells = (0..n)
                        .map(|k| at(r0 + top + k / box_cols, c0 + left + k % box_cols))
                        .collect();
                    unit(UnitKind::Window(w), cells);
                }
            }
        }
        if let Some(labels) = g.regions() {
            for label in crate::sudoku::rules::geometry::region_labels(labels) {
                let cells: Vec<usize> = (0..n * n).filter(|&p| labels[p] == label).collect();
                units.push(Unit {
                    kind: UnitKind::Region(label),
                    grid: None,
                    cells,
                });
            }
        }
    }

    /// Every group of cells that must differ, named, straight from the rules' meaning: the
    /// validator's and the backtracker's own list, which shares no code with [`Self::units`].
    fn groups(&self, g: &Geometry) -> Vec<(String, Vec<Cell>)> {
        let n = g.size();
        let grids = g.grids();
        let mut groups: Vec<(String, Vec<Cell>)> = Vec::new();
        let (box_rows, box_cols) = g.box_shape();
        let of_grid = |k: usize| {
            if grids.len() > 1 {
                format!(" of grid {}", k + 1)
            } else {
                String::new()
            }
        };
        for (k, &(r0, c0)) in grids.iter().enumerate() {
            let at = |r: usize, c: usize| Cell {
                row: r0 + r,
                col: c0 + c,
            };
            // The box-shaped block of cells whose top-left corner is (top, left).
            let block = |top: usize, left: usize| -> Vec<Cell> {
                (top..top + box_rows)
                    .flat_map(|r| (left..left + box_cols).map(move |c| (r, c)))
                    .map(|(r, c)| at(r, c))
                    .collect()
            };
            for r in 0..n {
                groups.push((
                    format!("row {}{}", r + 1, of_grid(k)),
                    (0..n).map(|c| at(r, c)).collect(),
                ));
            }
            for c in 0..n {
                groups.push((
                    format!("column {}{}", c + 1, of_grid(k)),
                    (0..n).map(|r| at(r, c)).collect(),
                ));
            }
            if g.regions().is_none() {
                let mut number = 0;
                for top in (0..n).step_by(box_rows) {
                    for left in (0..n).step_by(box_cols) {
                        number += 1;
                        groups.push((format!("box {number}{}", of_grid(k)), block(top, left)));
                    }
                }
            }
            if self.diagonals || self.diagonal_negative {
                groups.push((
                    format!("diagonal{}", of_grid(k)),
                    (0..n).map(|i| at(i, i)).collect(),
                ));
            }
            if self.diagonals || self.diagonal_positive {
                groups.push((
                    format!("anti-diagonal{}", of_grid(k)),
                    (0..n).map(|i| at(i, n - 1 - i)).collect(),
                ));
            }
            if self.disjoint_groups && g.regions().is_none() {
                // Cell (r, c) sits at place (r mod box rows, c mod box columns) of its box.
                for dr in 0..box_rows {
                    for dc in 0..box_cols {
                        let cells = (0..n)
                            .flat_map(|r| (0..n).map(move |c| (r, c)))
                            .filter(|&(r, c)| r % box_rows == dr && c % box_cols == dc)
                            .map(|(r, c)| at(r, c))
                            .collect();
                        groups.push((
                            format!("disjoint group {}{}", dr * box_cols + dc + 1, of_grid(k)),
                            cells,
                        ));
                    }
                }
            }
            if self.windoku {
                // A window is a box shifted one cell down and right from each box but the
                // last band and stack, if it still fits inside the grid.
                let mut number = 0;
                for band in 0..n / box_rows {
                    for stack in 0..n / box_cols {
                        let top = band * box_rows + band + 1;
                        let left = stack * box_cols + stack + 1;
                        if top + box_rows >= n || left + box_cols >= n {
                            continue;
                        }
                        number += 1;
                        let window = block(top, left);
                        groups.push((format!("window {number}{}", of_grid(k)), window));
                    }
                }
            }
        }
        if let Some(labels) = g.regions() {
            let mut seen: Vec<char> = Vec::new();
            for &label in labels {
                if label != crate::sudoku::rules::geometry::NO_REGION && !seen.contains(&label) {
                    seen.push(label);
                    let cells = (0..n * n)
                        .filter(|&k| labels[k] == label)
                        .map(|k| Cell::from_index(k, n))
                        .collect();
                    groups.push((format!("region {label}"), cells));
                }
            }
        }
        groups
    }
}

impl Constraint for GridUnits {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        if self.disjoint_groups && geometry.regions().is_some() {
            return Err(RulesError::Invalid {
                what: "disjoint groups".into(),
                message: "defined for boxes only, not for jigsaw regions".into(),
            });
        }
        Ok(())
    }

    fn units(&self, geometry: &Geometry, out: &mut Vec<Unit>) {
        self.add_units(geometry, out);
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        for (what, cells) in self.groups(geometry) {
            repeats(solution, &what, &cells)?;
        }
        Ok(())
    }

    explained_as_units_and_pairs!("the units");

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let groups = self.groups(geometry);
        Peers::of_cells(geometry, groups.iter().map(|(_, cells)| cells))
    }

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        for unit in self.shaded(geometry) {
            let (class, fill) = match unit.kind {
                UnitKind::Window(_) => ("window", WINDOW_FILL),
                _ => ("diagonal", DIAGONAL_FILL),
            };
            canvas.shade(class, fill, FILL_OPACITY, &unit.cells);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        for (on, name) in [
            (self.diagonals, "X-sudoku"),
            (self.diagonal_positive, "positive diagonal"),
            (self.diagonal_negative, "negative diagonal"),
            (self.windoku, "windoku"),
            (self.disjoint_groups, "disjoint groups"),
        ] {
            if on {
                caption.shown(name);
            }
        }
    }

    fn write(&self, out: &mut FileWriter) {
        out.flags(&[
            (self.diagonals, "diagonals"),
            (self.diagonal_positive, "diagonal_positive"),
            (self.diagonal_negative, "diagonal_negative"),
            (self.windoku, "windoku"),
            (self.disjoint_groups, "disjoint_groups"),
        ]);
    }
}

impl Family for GridUnits {
    const KEYS: &'static [&'static str] = &[
        "diagonals",
        "diagonal_positive",
        "diagonal_negative",
        "windoku",
        "disjoint_groups",
    ];

    const FPUZZLES_KEYS: &'static [&'static str] = &["diagonal+", "diagonal-", "disjointgroups"];

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        let on: bool = map.next_value()?;
        self.set(key, on);
        Ok(())
    }

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        let on = reader.flag(key, value)?;
        self.set(key, on);
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        if self.diagonals || self.diagonal_positive {
            out.flag("diagonal+");
        }
        if self.diagonals || self.diagonal_negative {
            out.flag("diagonal-");
        }
        if self.disjoint_groups {
            out.flag("disjointgroups");
        }
    }

    fn random(sample: &mut Sample<'_>) -> Self {
        let mut units = GridUnits::default();
        match sample.below(5) {
            0 => units.diagonals = true,
            1 => units.diagonal_positive = true,
            2 => units.diagonal_negative = true,
            3 => units.windoku = true,
            _ => units.disjoint_groups = true,
        }
        units
    }
}

impl GridUnits {
    /// Sets the flag a TOML or f-puzzles key names (`diagonal+` is the positive diagonal).
    fn set(&mut self, key: &str, on: bool) {
        match key {
            "diagonals" => self.diagonals = on,
            "diagonal_positive" | "diagonal+" => self.diagonal_positive = on,
            "diagonal_negative" | "diagonal-" => self.diagonal_negative = on,
            "disjoint_groups" | "disjointgroups" => self.disjoint_groups = on,
            _ => self.windoku = on,
        }
        self.normalize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    fn kinds(spec: Spec) -> Vec<UnitKind> {
        let rules = Rules::new(spec).unwrap();
        rules.units().iter().map(|u| u.kind).collect()
    }

    #[test]
    fn either_diagonal_alone() {
        let positive = kinds(Spec::new(4).with(|c| c.grid_units.diagonal_positive = true));
        assert!(positive.contains(&UnitKind::AntiDiagonal));
        assert!(!positive.contains(&UnitKind::Diagonal));
        let negative = kinds(Spec::new(4).with(|c| c.grid_units.diagonal_negative = true));
        assert!(negative.contains(&UnitKind::Diagonal));
        assert!(!negative.contains(&UnitKind::AntiDiagonal));
        let mut both = GridUnits {
            diagonal_positive: true,
            diagonal_negative: true,
            ..GridUnits::default()
        };
        both.normalize();
        assert_eq!(
            both,
            GridUnits {
                diagonals: true,
                ..GridUnits::default()
            }
        );
    }

    #[test]
    fn disjoint_groups_take_one_cell_of_each_box() {
        let rules = Rules::new(Spec::new(6).with(|c| c.grid_units.disjoint_groups = true)).unwrap();
        let groups: Vec<&Unit> = rules
            .units()
            .iter()
            .filter(|u| matches!(u.kind, UnitKind::Group(_)))
            .collect();
        assert_eq!(groups.len(), 6);
        // Boxes of 2x3: place 5 (0-based 4) is row 1, column 1 of each box.
        assert_eq!(groups[4].cells, [7, 10, 19, 22, 31, 34]);
        assert_eq!(groups[4].to_string(), "disjoint group 5");
        let jigsaw = Spec {
            regions: Some("aabbccaabbccaabbccddeeffddeeffddeeff".chars().collect()),
            ..Spec::new(6)
        };
        let error = Rules::new(jigsaw.with(|c| c.grid_units.disjoint_groups = true)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "disjoint groups: defined for boxes only, not for jigsaw regions"
        );
    }
}
