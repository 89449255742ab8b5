//! Killer cages: the digits of a cage differ and add up to its sum.
//!
//! A cage is a unit, and in the exact cover it also gets a primary item and one option per set
//! of different digits that reaches its sum. The option for set S takes the cage unit's item
//! "the cage holds d" for every digit d outside S, so that no cell of the cage can take such a
//! digit; the cells, which must differ, then use exactly the digits of S.
//!
//! Key: `[[cage]]` tables with `sum` and `cells` (`"r1c1 r1c2"` or a list).

use std::fmt::Write as _;

use serde::de::MapAccess;
use serde::Deserialize;

use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::logic::mask::{bit, digits_of};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;

use super::constraint::{cell_list, Constraint, Family, FileWriter, Logic, RawCells, Reference};
use super::cover::{full_mask, Encoder};
use super::draw::{num, Canvas, Caption};
use super::error::{FileError, PuzzleError, RulesError, Violation};
use super::fpuzzles::{FpReader, FpWriter, COSMETIC_FIELDS};
use super::geometry::Geometry;
use super::limits::MAX_CAGE_SETS;
use super::unit::{Unit, UnitIndex, UnitKind};
use super::units::repeats;

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
pub struct Killer {
    /// The cages, numbered from 1 in messages in this order.
    pub cages: Vec<Cage>,
}

/// Number of sets of `k` different digits from `1..=n` that add up to `sum`.
pub fn count_digit_sets(n: usize, k: usize, sum: u32) -> u64 {
    // ways[j][s]: sets of j digits among those seen so far with sum s.
    let sum = sum as usize;
    let mut ways = vec![vec![0u64; sum + 1]; k + 1];
    ways[0][0] = 1;
    for d in 1..=n {
        for j in (1..=k).rev() {
            for s in (d..=sum).rev() {
                ways[j][s] = ways[j][s].saturating_add(ways[j - 1][s - d]);
            }
        }
    }
    ways[k][sum]
}

/// Every set of `k` different digits from `1..=n` that adds up to `sum`, as bit masks (bit
/// `d - 1` for digit `d`), in increasing order.
pub fn digit_sets(n: usize, k: usize, sum: u32) -> Vec<u64> {
    fn walk(from: usize, n: usize, k: usize, sum: u32, mask: u64, out: &mut Vec<u64>) {
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..=n {
            let d32 = d as u32;
            // The smallest k digits from d on already overshoot: no larger d will do.
            if d32 * k as u32 + (k as u32 * (k as u32 - 1)) / 2 > sum {
                break;
            }
            walk(d + 1, n, k - 1, sum - d32, mask | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    walk(1, n, k, sum, 0, &mut out);
    out
}

impl Killer {
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

    /// The digit sets of every cage, in all.
    fn sets(&self, geometry: &Geometry) -> u64 {
        self.cages.iter().fold(0u64, |total, cage| {
            total.saturating_add(count_digit_sets(
                geometry.size(),
                cage.cells.len(),
                cage.sum,
            ))
        })
    }
}

impl Constraint for Killer {
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
        Ok(())
    }

    fn units(&self, geometry: &Geometry, out: &mut Vec<Unit>) {
        for (k, cells) in self.positions(geometry).into_iter().enumerate() {
            out.push(Unit {
                kind: UnitKind::Cage(k),
                grid: None,
                cells,
            });
        }
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        self.sets(geometry)
            .saturating_mul(1 + geometry.size() as u64)
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
        let n = encoder.geometry().size();
        for (cage, cells) in self.cages.iter().zip(self.positions(encoder.geometry())) {
            let unit = encoder
                .units()
                .with_cells(&cells)
                .expect("every cage is a unit");
            let item = encoder.primary();
            for set in digit_sets(n, cells.len(), cage.sum) {
                let outside: Vec<_> = (1..=n as u8)
                    .filter(|d| set >> (d - 1) & 1 == 0)
                    .map(|d| (encoder.unit_item(unit, d), None))
                    .collect();
                encoder.option(std::iter::once((item, None)).chain(outside));
            }
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
        let n = geometry.size();
        let cages = self
            .cages
            .iter()
            .zip(self.positions(geometry))
            .map(|(cage, cells)| {
                let unit = units.with_cells(&cells).expect("every cage is a unit");
                let unit = &units.all()[unit];
                LogicCage {
                    name: unit.to_string(),
                    cells: unit.cells.iter().map(|&p| (p, geometry.cell(p))).collect(),
                    sets: digit_sets(n, cells.len(), cage.sum),
                }
            })
            .collect();
        Some(Box::new(CageLogic { cages }))
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
        Ok(())
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
        if self.cages.is_empty() {
            return None;
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
        Some(Box::new(CageSums {
            n: geometry.size(),
            cages,
            cages_of,
        }))
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        if self.cages.is_empty() {
            return;
        }
        canvas.reserve_corners();
        let s = canvas.cell();
        let inset = s * 0.09;
        let label_size = s * 0.26;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<g class=\"cages\" fill=\"none\" stroke=\"#444444\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\">",
            num((s / 40.0).max(0.5)),
            num(s / 12.0),
            num(s / 16.0)
        );
        let mut labels = String::new();
        for (k, cage) in self.cages.iter().enumerate() {
            let mut cells: Vec<(usize, usize)> =
                cage.cells.iter().map(|c| (c.row, c.col)).collect();
            cells.sort_unstable();
            // Its number, as explain and errors name it, small in its last cell's corner.
            let (lr, lc) = cells[cells.len() - 1];
            let (nx, ny) = (canvas.x(lc + 1) - inset * 1.4, canvas.y(lr + 1) - inset * 1.5);
            let _ = writeln!(labels, "<text class=\"cage-number\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#888888\" text-anchor=\"end\">{}</text>", num(nx), num(ny), num(s * 0.2), k + 1);
            let _ = writeln!(out, "<path d=\"{}\"/>", outline(canvas, &cells, inset));
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
    }
}

/// A dashed outline's path, inset in the cells `cells` (sorted (row, column) pairs): inset at a
/// convex corner, reaching into the neighbour's inset line at a concave one, flush where the
/// side goes on.
fn outline(canvas: &Canvas, cells: &[(usize, usize)], inset: f64) -> String {
    let s = canvas.cell();
    let inside = |r: usize, c: usize, dr: isize, dc: isize| {
        let (r, c) = (r as isize + dr, c as isize + dc);
        r >= 0 && c >= 0 && cells.binary_search(&(r as usize, c as usize)).is_ok()
    };
    let mut horizontal = Vec::new();
    let mut vertical = Vec::new();
    for &(r, c) in cells {
        let (x, y) = (canvas.x(c), canvas.y(r));
        let is = |dr, dc| inside(r, c, dr, dc);
        let from = |along: bool, diagonal: bool, base: f64| {
            if !along {
                base + inset
            } else if diagonal {
                base - inset
            } else {
                base
            }
        };
        let to = |along: bool, diagonal: bool, base: f64| {
            if !along {
                base + s - inset
            } else if diagonal {
                base + s + inset
            } else {
                base + s
            }
        };
        if !is(-1, 0) {
            let (a, b) = (from(is(0, -1), is(-1, -1), x), to(is(0, 1), is(-1, 1), x));
            horizontal.push((y + inset, a, b));
        }
        if !is(1, 0) {
            let (a, b) = (from(is(0, -1), is(1, -1), x), to(is(0, 1), is(1, 1), x));
            horizontal.push((y + s - inset, a, b));
        }
        if !is(0, -1) {
            let (a, b) = (from(is(-1, 0), is(-1, -1), y), to(is(1, 0), is(1, -1), y));
            vertical.push((x + inset, a, b));
        }
        if !is(0, 1) {
            let (a, b) = (from(is(-1, 0), is(-1, 1), y), to(is(1, 0), is(1, 1), y));
            vertical.push((x + s - inset, a, b));
        }
    }
    let mut d = String::new();
    for (at, a, b) in merge(horizontal) {
        let _ = write!(d, "M{} {}H{}", num(a), num(at), num(b));
    }
    for (at, a, b) in merge(vertical) {
        let _ = write!(d, "M{} {}V{}", num(at), num(a), num(b));
    }
    d
}

/// Joins segments `(at, from, to)` on the same line that touch, so that dashes run on.
fn merge(mut segments: Vec<(f64, f64, f64)>) -> Vec<(f64, f64, f64)> {
    segments.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
    let mut merged: Vec<(f64, f64, f64)> = Vec::with_capacity(segments.len());
    for (at, a, b) in segments {
        match merged.last_mut() {
            Some(last) if last.0 == at && (last.2 - a).abs() < 1e-9 => last.2 = b,
            _ => merged.push((at, a, b)),
        }
    }
    merged
}

/// One cage of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    sum: u32,
    cells: RawCells,
}

impl Family for Killer {
    const KEYS: &'static [&'static str] = &["cage"];

    fn read<'de, A: MapAccess<'de>>(
        &mut self,
        _: &str,
        map: &mut A,
    ) -> Result<Result<(), FileError>, A::Error> {
        let raw: Vec<RawCage> = map.next_value()?;
        Ok(raw.iter().enumerate().try_for_each(|(k, c)| {
            self.cages.push(Cage {
                sum: c.sum,
                cells: c.cells.cells(&format!("cage {}", k + 1))?,
            });
            Ok(())
        }))
    }

    /// `killercage` instances with a total; those without one (no `value`, or `""`) are
    /// plain units, which `sudoku::fpuzzles` reads as `extraregion`s before this is called.
    const FPUZZLES_KEYS: &'static [&'static str] = &["killercage"];

    fn read_fpuzzles(
        &mut self,
        key: &str,
        value: &serde_json::Value,
        reader: &FpReader<'_>,
    ) -> Result<(), FileError> {
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells", "value"], COSMETIC_FIELDS)?;
            let cells = instance
                .get("cells")
                .ok_or_else(|| at.error("has no \"cells\""))?;
            let cells = reader.cells(at, cells)?;
            let sum = reader
                .number(at, instance, "value")?
                .ok_or_else(|| at.error("has no total"))?;
            let sum = u32::try_from(sum)
                .ok()
                .filter(|&s| s > 0)
                .ok_or_else(|| at.error(format!("\"value\": {sum} is not a cage total")))?;
            self.cages.push(Cage { sum, cells });
        }
        Ok(())
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
    }
}

/// The cage-sum step of every cage, in the order of the cages.
#[derive(Debug)]
struct CageLogic {
    cages: Vec<LogicCage>,
}

/// One cage, for the logic: its unit's name, its cells (positions and names) in increasing
/// order, and the sets of different digits that reach its sum.
#[derive(Debug)]
struct LogicCage {
    name: String,
    cells: Vec<(usize, Cell)>,
    sets: Vec<u64>,
}

impl Logic for CageLogic {
    /// Digits of a cage outside every set of different digits that reaches its sum and fits
    /// the candidates (each cell has a candidate in the set).
    fn step(&self, values: &[u8], candidates: &[u64]) -> Option<Step> {
        for cage in &self.cages {
            let mask_of = |p: usize| {
                if values[p] != 0 {
                    bit(values[p])
                } else {
                    candidates[p]
                }
            };
            let allowed = cage
                .sets
                .iter()
                .filter(|&&set| cage.cells.iter().all(|&(p, _)| mask_of(p) & set != 0))
                .fold(0, |acc, &set| acc | set);
            let eliminations: Vec<(Cell, u8)> = cage
                .cells
                .iter()
                .filter(|&&(p, _)| values[p] == 0)
                .flat_map(|&(p, cell)| digits_of(candidates[p] & !allowed).map(move |d| (cell, d)))
                .collect();
            if !eliminations.is_empty() {
                return Some(Step {
                    technique: Technique::CageSum,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![cage.name.clone()],
                    cells: cage.cells.iter().map(|&(_, cell)| cell).collect(),
                    digits: digits_of(allowed).collect(),
                });
            }
        }
        None
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
