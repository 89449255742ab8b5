//! Killer cages: the digits of a cage differ and add up to its sum.
//!
//! A cage is a unit, and in the exact cover it is also a `SetSum`: one option per set of
//! different digits that reaches its sum, and one primary item per digit that the set option
//! or the cell holding the digit covers (see `cover/set_sum.rs`). The cages, and the sums the 45 rule
//! derives from them (`innies.rs`), are encoded together, so that those lying in one row,
//! column or box split its digits between them.
//!
//! Key: `[[cage]]` tables with `sum` and `cells` (`"r1c1 r1c2"` or a list); without `sum`, a
//! cage whose digits only differ ([`PlainCages`]).

use std::fmt::Write as _;

use serde::de::MapAccess;
use serde::Deserialize;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::cages::cage_houses::House;
use crate::sudoku::rules::cages::cage_logic::{CageLogic, LogicSum};
use crate::sudoku::rules::cages::innies::{derive, derive_every};
use crate::sudoku::rules::cages::plaincage::{Both, PlainCages};
use crate::sudoku::rules::constraint::{
    cell_list, read_tables, Constraint, Family, FileWriter, Logic, RawCells, Reference,
};
use crate::sudoku::rules::cover::encoder::{full_mask, Encoder};
pub use crate::sudoku::rules::cover::set_sum::{count_digit_sets, digit_sets};
use crate::sudoku::rules::cover::set_sum::{encode_all, split_entries, SetSum};
use crate::sudoku::rules::distinct::repeats;
use crate::sudoku::rules::draw::{cage_outline, num, open_cage_group, Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::limits::MAX_CAGE_SETS;
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::{Unit, UnitIndex, UnitKind};

/// A killer cage: its cells hold different digits that add up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// The required sum.
    pub sum: u32,
    /// Its cells.
    pub cells: Vec<Cell>,
}

/// Every killer cage of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cages {
    /// The cages, numbered from 1 in messages in this order.
    pub cages: Vec<Cage>,
    /// The cages without a total, numbered after those.
    pub plain: PlainCages,
}

impl Cages {
    /// The positions of each cage, in increasing order (the cages passed [`Constraint::check`]).
    fn positions(&self, geometry: &Geometry) -> Vec<Vec<usize>> {
        self.cages
            .iter()
            .enumerate()
            .map(|(k, cage)| {
                geometry
                    .unit_cells(&format!("cage {}", k + 1), &cage.cells)
                    .expect("checked cages")
            })
            .collect()
    }
}

impl Cages {
    /// Each cage's sum and positions.
    fn sums(&self, geometry: &Geometry) -> Vec<(u32, Vec<usize>)> {
        let sums = self.cages.iter().map(|cage| cage.sum);
        sums.zip(self.positions(geometry)).collect()
    }
}

impl Constraint for Cages {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size() as u32;
        let mut sets = 0u64;
        let mut seen: Vec<Vec<usize>> = Vec::with_capacity(self.cages.len());
        for (k, cage) in self.cages.iter().enumerate() {
            let cells = geometry.unit_cells(&format!("cage {}", k + 1), &cage.cells)?;
            let size = cells.len() as u32;
            let (min, max) = (size * (size + 1) / 2, size * (2 * n - size + 1) / 2);
            if cage.sum < min || cage.sum > max {
                return Err(RulesError::CageSum {
                    cage: k + 1,
                    cells: cells.len(),
                    sum: cage.sum,
                    min,
                    max,
                });
            }
            sets = sets.saturating_add(count_digit_sets(n as usize, cells.len(), cage.sum));
            if sets > MAX_CAGE_SETS {
                return Err(RulesError::CagesTooLarge {
                    sets,
                    max: MAX_CAGE_SETS,
                });
            }
            // Two cages over the same cells would share one unit, and the second would
            // silently contradict the first.
            if let Some(j) = seen.iter().position(|other| *other == cells) {
                return Err(RulesError::SameCage {
                    first: j + 1,
                    second: k + 1,
                });
            }
            seen.push(cells);
        }
        self.plain.check(self.cages.len(), geometry)
    }

    fn units(&self, geometry: &Geometry, out: &mut Vec<Unit>) {
        for (k, cells) in self.positions(geometry).into_iter().enumerate() {
            out.push(Unit {
                kind: UnitKind::Cage(k),
                grid: None,
                cells,
            });
        }
        self.plain.units(self.cages.len(), geometry, out);
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        let n = geometry.size();
        let cages = self.sums(geometry);
        let own = cages.iter().fold(0u64, |total, (sum, cells)| {
            let cells = cells.clone();
            total.saturating_add(SetSum { cells, sum: *sum }.entries(n))
        });
        let split = if cages.is_empty() {
            0
        } else {
            split_entries(geometry)
        };
        derive(geometry, &cages)
            .iter()
            .fold(own.saturating_add(split), |total, d| {
                total.saturating_add(d.entries(n))
            })
    }

    fn digit_blind(&self) -> bool {
        self.cages.is_empty()
    }

    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        let cells = givens.cells();
        for (k, (cage, positions)) in self.cages.iter().zip(self.positions(geometry)).enumerate() {
            let found: u32 = positions.iter().map(|&p| u32::from(cells[p])).sum();
            let full = positions.iter().all(|&p| cells[p] != 0);
            if found > cage.sum || (full && found != cage.sum) {
                return Err(PuzzleError::CageSum {
                    cage: k + 1,
                    sum: cage.sum,
                    found,
                });
            }
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let cages = self.sums(encoder.geometry());
        let mut sets: Vec<SetSum> = cages
            .iter()
            .map(|(sum, cells)| SetSum {
                cells: cells.clone(),
                sum: *sum,
            })
            .collect();
        // Instances: cage `k` is `k`, every sum the 45 rule derives is `cages.len()`.
        encoder.instance(cages.len());
        let derived = derive_every(encoder.geometry(), &cages);
        for small in &derived.small {
            match small.set_sum() {
                Some(set) => sets.push(set),
                None => small.linear().encode(encoder),
            }
        }
        // Cages first: where a derived sum overlaps a cage, the cage splits the unit.
        encode_all(&sets, cages.len(), encoder);
        let promised = derived.larger.iter().chain(&derived.outies);
        for sum in promised.chain(&derived.overlaps) {
            encoder.promise_sum(&sum.terms, sum.target);
        }
    }

    fn logic(&self, geometry: &Geometry, units: &UnitIndex) -> Option<Box<dyn Logic>> {
        #[cfg(test)]
        if SUMS_LEFT_OUT.with(std::cell::Cell::get) {
            return None;
        }
        if self.cages.is_empty() {
            return None;
        }
        let named: Vec<(String, Vec<usize>, u32)> = self
            .positions(geometry)
            .into_iter()
            .zip(&self.cages)
            .map(|(cells, cage)| {
                let unit = units.with_cells(&cells).expect("every cage is a unit");
                (units.all()[unit].to_string(), cells, cage.sum)
            })
            .collect();
        let mut sums: Vec<LogicSum> = named
            .iter()
            .map(|(name, cells, sum)| {
                let cells = cells.iter().map(|&p| (p, geometry.cell(p))).collect();
                LogicSum::cage(name.clone(), cells, *sum)
            })
            .collect();
        let n = geometry.size();
        let houses = units
            .all()
            .iter()
            .filter(|unit| unit.cells.len() == n && !matches!(unit.kind, UnitKind::Cage(_)))
            .filter_map(|unit| {
                House::new(unit.to_string(), &unit.cells, &named, |p| geometry.cell(p))
            })
            .collect();
        let derived = derive(geometry, &self.sums(geometry));
        sums.extend(
            derived
                .iter()
                .map(|d| LogicSum::derived(d, |p| geometry.cell(p))),
        );
        Some(Box::new(CageLogic { sums, houses }))
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        for (k, cage) in self.cages.iter().enumerate() {
            repeats(solution, &format!("cage {}", k + 1), &cage.cells)?;
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let found: u32 = cage
                .cells
                .iter()
                .map(|c| u32::from(solution.get(c.row, c.col)))
                .sum();
            if found != cage.sum {
                return Err(Violation::CageSum {
                    cage: k + 1,
                    sum: cage.sum,
                    found,
                });
            }
        }
        self.plain.validate(self.cages.len(), solution)
    }

    fn words(&self, instance: Option<usize>) -> String {
        match instance {
            Some(k) if k < self.cages.len() => format!("cage {}", k + 1),
            Some(_) => "the 45 rule".to_string(),
            None => "the cage sums and the 45 rule".to_string(),
        }
    }

    fn notes(&self, _: &Geometry, out: &mut Vec<String>) {
        let cells = (self.cages.iter().map(|cage| &cage.cells)).chain(&self.plain.cages);
        for (k, cells) in cells.enumerate() {
            out.extend(super::disconnected(&format!("cage {}", k + 1), cells));
        }
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        // A cage is a unit, and its sum has a step of its own (`logic`), except under the
        // test hook that leaves the sums out.
        #[cfg(test)]
        if SUMS_LEFT_OUT.with(std::cell::Cell::get) {
            out.extend((1..=self.cages.len()).map(|k| format!("cage {k} sum")));
        }
        let _ = out;
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let plain = self.plain.reference(geometry);
        if self.cages.is_empty() {
            return plain;
        }
        let cols = geometry.cols();
        let mut cages_of = vec![Vec::new(); geometry.rows() * cols];
        let cages: Vec<(u32, Vec<usize>)> = self
            .cages
            .iter()
            .enumerate()
            .map(|(k, cage)| {
                let cells: Vec<usize> = cage.cells.iter().map(|c| c.row * cols + c.col).collect();
                for &p in &cells {
                    cages_of[p].push(k);
                }
                (cage.sum, cells)
            })
            .collect();
        let sums = CageSums {
            n: geometry.size(),
            cages,
            cages_of,
        };
        Both::of(Some(Box::new(sums)), plain)
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        self.plain.draw(canvas);
        if self.cages.is_empty() {
            return;
        }
        canvas.reserve_corners();
        let s = canvas.cell();
        let inset = s * 0.09;
        let label_size = s * 0.26;
        let mut out = String::new();
        open_cage_group(&mut out, "cages", s);
        let mut labels = String::new();
        for (k, cage) in self.cages.iter().enumerate() {
            let mut cells: Vec<(usize, usize)> =
                cage.cells.iter().map(|c| (c.row, c.col)).collect();
            cells.sort_unstable();
            // Its number, as explain and errors name it, small in its last cell's corner.
            let (lr, lc) = cells[cells.len() - 1];
            let (nx, ny) = (
                canvas.x(lc + 1) - inset * 1.4,
                canvas.y(lr + 1) - inset * 1.5,
            );
            let _ = writeln!(labels, "<text class=\"cage-number\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#888888\" text-anchor=\"end\">{}</text>", num(nx), num(ny), num(s * 0.2), k + 1);
            let _ = writeln!(out, "<path d=\"{}\"/>", cage_outline(canvas, &cells, inset));
            let (r, c) = cells[0];
            let text = cage.sum.to_string();
            let (x, y) = (canvas.x(c), canvas.y(r));
            let width = text.len() as f64 * label_size * 0.64 + label_size * 0.3;
            let _ = writeln!(
                labels,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\
                 <text class=\"sum\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#222222\">{text}</text>",
                num(x + inset * 0.5),
                num(y + inset * 0.5),
                num(width),
                num(label_size * 1.05),
                num(x + inset * 0.5 + label_size * 0.15),
                num(y + inset * 0.5 + label_size * 0.88),
                num(label_size),
            );
        }
        out.push_str("</g>\n<g class=\"cage-sums\">\n");
        out.push_str(&labels);
        out.push_str("</g>\n");
        canvas.marks().push_str(&out);
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        match self.cages.len() {
            0 => {}
            1 => caption.shown("killer (1 cage)"),
            k => caption.shown(format!("killer ({k} cages)")),
        }
        self.plain.caption(caption);
    }

    fn write(&self, out: &mut FileWriter) {
        for cage in &self.cages {
            out.table(
                "cage",
                &[
                    ("sum", cage.sum.to_string()),
                    ("cells", cell_list(&cage.cells)),
                ],
            );
        }
        self.plain.write(out);
    }
}

/// One cage of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    sum: Option<u32>,
    cells: RawCells,
}

impl Family for Cages {
    const KEYS: &'static [&'static str] = &["cage"];
    const ALIASES: &'static [(&'static str, &'static str)] = &[("killer", "cage")];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        read_tables(map, "cage", |cage: &RawCage, what| {
            let cells = cage.cells.cells(what)?;
            match cage.sum {
                Some(sum) => self.cages.push(Cage { sum, cells }),
                None => self.plain.cages.push(cells),
            }
            Ok(())
        })
    }

    /// `killercage` instances, with a total or without one (no `value`, or `""`).
    const FPUZZLES_KEYS: &'static [&'static str] = &["killercage"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let reader = entry.reader;
        entry.each_instance(&["cells", "value"], |at, instance| {
            let cells = instance
                .get("cells")
                .ok_or_else(|| at.error("has no \"cells\""))?;
            let cells = reader.cells(at, cells)?;
            let Some(sum) = reader.number(at, instance, "value")? else {
                self.plain.cages.push(cells);
                return Ok(());
            };
            let sum = u32::try_from(sum)
                .ok()
                .filter(|&s| s > 0)
                .ok_or_else(|| at.error(format!("\"value\": {sum} is not a cage total")))?;
            self.cages.push(Cage { sum, cells });
            Ok(())
        })
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for cage in &self.cages {
            out.push(
                "killercage",
                serde_json::json!({
                    "cells": FpWriter::cells(&cage.cells),
                    "value": cage.sum.to_string(),
                }),
            );
        }
        for cells in &self.plain.cages {
            let cage = serde_json::json!({ "cells": FpWriter::cells(cells) });
            out.push("killercage", cage);
        }
    }

    /// Cages of one to three cells cut from the sample's solution, each with its sum.
    fn random(sample: &mut Sample<'_>) -> Self {
        let size = 1 + sample.below(3);
        let cages = sample.groups(size).into_iter().map(|group| Cage {
            sum: group.iter().map(|&p| sample.digit(p)).sum(),
            cells: group.iter().map(|&p| sample.cell(p)).collect(),
        });
        Cages {
            cages: cages.collect(),
            ..Cages::default()
        }
    }
}

/// The cages as the reference backtracker sees them: cells that differ, and bounds on the sum
/// the empty cells can still make.
#[derive(Debug)]
struct CageSums {
    n: usize,
    cages: Vec<(u32, Vec<usize>)>,
    cages_of: Vec<Vec<usize>>,
}

impl Reference for CageSums {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let n = self.n as u32;
        let mut free = full_mask(self.n);
        for &k in &self.cages_of[p] {
            let (sum, cage) = &self.cages[k];
            for &q in cage {
                if q != p && cells[q] != 0 {
                    free &= !(1u64 << (cells[q] - 1));
                }
            }
            let placed: u32 = cage.iter().map(|&q| u32::from(cells[q])).sum();
            let rest = cage.iter().filter(|&&q| cells[q] == 0).count() as u32 - 1;
            // The other empty cells of the cage hold `rest` different digits: at least
            // 1 + 2 + ... + rest, at most n + (n - 1) + ... (rest terms).
            let least = rest * (rest + 1) / 2;
            let most = rest * (2 * n - rest + 1) / 2;
            for d in 1..=n {
                let total = placed + d;
                if total + least > *sum || total + most < *sum {
                    free &= !(1u64 << (d - 1));
                }
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.cages_of[p].iter().any(|&k| {
            let (sum, cage) = &self.cages[k];
            let placed: u32 = cage.iter().map(|&q| u32::from(cells[q])).sum();
            cage.iter().any(|&q| q != p && cells[q] == cells[p])
                || placed > *sum
                || (cage.iter().all(|&q| cells[q] != 0) && placed != *sum)
        })
    }
}

#[cfg(test)]
thread_local! {
    /// Test hook: the logic leaves the cages' sums out and says so through
    /// [`Constraint::unexplained`], so that tests see `explain` and `hint` work with a
    /// constraint they do not reason with.
    pub(crate) static SUMS_LEFT_OUT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}
