//! Clones: two regions of the same shape hold the same digits, cell for cell: `cells[i]` and
//! `clone_cells[i]` hold the same digit. Pairs naming the same cell twice are skipped
//! (`docs/fpuzzles.md` §3.1).
//!
//! TOML: `[[clone]]` with `cells = "r1c1 r1c2"` and `clone_cells = "r5c5 r5c6"`. f-puzzles:
//! `clone` (`[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5","R5C6"]}]`).
//!
//! Encoding: each pair of cloned cells shares one secondary item, put in every option of both
//! cells with the digit as its color, so that the two chosen options must agree on the digit:
//! `2n` entries per pair instead of the `n^2` of a table of forbidden digit pairs. The
//! human-style logic does not read colored items, so [`Constraint::unexplained`] names the
//! clones.

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::sudoku::grid::{Cell, Grid};
use crate::xc::Color;

use crate::sudoku::rules::constraint::{
    cell_list, read_tables, Constraint, Family, FileWriter, RawCells, Reference,
};
use crate::sudoku::rules::cover::encoder::{full_mask, Encoder};
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{cell_name, FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::sample::Sample;

/// One clone: two lists of cells of the same length, cell for cell equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloneRegion {
    /// The original cells.
    pub cells: Vec<Cell>,
    /// Their copies, in the same order.
    pub clone_cells: Vec<Cell>,
}

/// The clones of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Clones {
    /// The clones, numbered from 1 in messages in this order.
    pub regions: Vec<CloneRegion>,
}

impl Clones {
    /// Every pair of different cells that hold the same digit, with its clone's number.
    fn pairs(&self) -> impl Iterator<Item = (usize, Cell, Cell)> + '_ {
        self.regions.iter().enumerate().flat_map(|(k, clone)| {
            clone
                .cells
                .iter()
                .zip(&clone.clone_cells)
                .filter(|(a, b)| a != b)
                .map(move |(&a, &b)| (k, a, b))
        })
    }
}

impl Constraint for Clones {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        for (k, clone) in self.regions.iter().enumerate() {
            let what = format!("clone {}", k + 1);
            geometry.positions(&what, &clone.cells)?;
            geometry.positions(&what, &clone.clone_cells)?;
            if clone.cells.len() != clone.clone_cells.len() {
                return Err(RulesError::Invalid {
                    what,
                    message: format!(
                        "{} cells and {} clone cells; they must match one for one",
                        clone.cells.len(),
                        clone.clone_cells.len()
                    ),
                });
            }
        }
        Ok(())
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        2 * geometry.size() as u64 * self.pairs().count() as u64
    }

    fn digit_blind(&self) -> bool {
        // Renaming digits throughout keeps equal digits equal.
        true
    }

    fn check_givens(&self, _: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        for (k, a, b) in self.pairs() {
            let (d, e) = (givens.get(a.row, a.col), givens.get(b.row, b.col));
            if d != 0 && e != 0 && d != e {
                return Err(PuzzleError::Broken {
                    what: format!("clone {}", k + 1),
                    message: format!("{a} holds {d} and its clone {b} holds {e}"),
                });
            }
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let geometry = encoder.geometry();
        for (k, a, b) in self.pairs() {
            encoder.instance(k);
            let item = encoder.secondary();
            for cell in [a, b] {
                let p = geometry.position(cell).expect("checked clone");
                for d in 1..=geometry.size() as u8 {
                    encoder.on(p, d, item, Color::new(u32::from(d)));
                }
            }
        }
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let what = |k: usize| format!("clone {}", k + 1);
        Violation::first_broken(&self.regions, what, |clone| {
            for (a, b) in clone.cells.iter().zip(&clone.clone_cells) {
                let (d, e) = (solution.get(a.row, a.col), solution.get(b.row, b.col));
                if d != e {
                    return Err(format!("{a} holds {d} and its clone {b} holds {e}"));
                }
            }
            Ok(())
        })
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let mut twins = vec![Vec::new(); geometry.rows() * geometry.cols()];
        for (_, a, b) in self.pairs() {
            let (p, q) = (
                geometry.position(a).expect("checked clone"),
                geometry.position(b).expect("checked clone"),
            );
            twins[p].push(q);
            twins[q].push(p);
        }
        let any = twins.iter().any(|t| !t.is_empty());
        any.then(|| {
            Box::new(Twins {
                n: geometry.size(),
                twins,
            }) as Box<dyn Reference>
        })
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(|| "the clones".to_string(), |k| format!("clone {}", k + 1))
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        out.extend((1..=self.regions.len()).map(|k| format!("clone {k}")));
    }

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        const COLOURS: [&str; 6] = [
            "#f4a261", "#2a9d8f", "#e76f51", "#8ab17d", "#9b5de5", "#00bbf9",
        ];
        for (k, clone) in self.regions.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            let positions: Vec<usize> = clone
                .cells
                .iter()
                .chain(&clone.clone_cells)
                .map(|&c| geometry.position(c).expect("checked clone"))
                .collect();
            canvas.shade("clone", colour, 0.35, &positions);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.regions.is_empty() {
            caption.shown(format!(
                "clones ({}: cells of one colour hold the same digits)",
                self.regions.len()
            ));
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for clone in &self.regions {
            out.table(
                "clone",
                &[
                    ("cells", cell_list(&clone.cells)),
                    ("clone_cells", cell_list(&clone.clone_cells)),
                ],
            );
        }
    }
}

/// A clone as a puzzle file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClone {
    cells: RawCells,
    clone_cells: RawCells,
}

impl Family for Clones {
    const KEYS: &'static [&'static str] = &["clone"];
    const ALIASES: &'static [(&'static str, &'static str)] = &[("clones", "clone")];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        read_tables(map, "clone", |clone: &RawClone, what| {
            self.regions.push(CloneRegion {
                cells: clone.cells.cells(what)?,
                clone_cells: clone.clone_cells.cells(what)?,
            });
            Ok(())
        })
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["clone"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells", "cloneCells"], COSMETIC_FIELDS)?;
            let field = |name: &str| instance.get(name).unwrap_or(&Value::Null);
            let cells = reader.cells(at, field("cells"))?;
            let clone_cells = reader.cells(at, field("cloneCells"))?;
            if cells.len() != clone_cells.len() {
                return Err(at.error(format!(
                    "{} cells and {} cloneCells; they must match one for one",
                    cells.len(),
                    clone_cells.len()
                )));
            }
            for (a, _) in cells.iter().zip(&clone_cells).filter(|(a, b)| a == b) {
                let name = cell_name(*a);
                reader.notice(
                    at,
                    format!("{name} is paired with itself, which has no rule"),
                );
            }
            self.regions.push(CloneRegion { cells, clone_cells });
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for clone in &self.regions {
            out.push(
                "clone",
                json!({
                    "cells": FpWriter::cells(&clone.cells),
                    "cloneCells": FpWriter::cells(&clone.clone_cells),
                }),
            );
        }
    }

    /// One clone of random cells, each paired with a cell holding the same digit in the
    /// sample's solution.
    fn random(sample: &mut Sample<'_>) -> Self {
        let n = sample.size();
        let (mut cells, mut clone_cells) = (Vec::new(), Vec::new());
        for _ in 0..1 + sample.below(3) {
            let a = sample.position();
            let twins: Vec<usize> = (0..n * n)
                .filter(|&q| sample.digit(q) == sample.digit(a))
                .collect();
            let b = twins[sample.below(twins.len())];
            let (a, b) = (sample.cell(a), sample.cell(b));
            if !cells.contains(&a) && !clone_cells.contains(&b) {
                cells.push(a);
                clone_cells.push(b);
            }
        }
        Clones {
            regions: vec![CloneRegion { cells, clone_cells }],
        }
    }
}

/// Each position's clones, for the reference backtracker.
#[derive(Debug)]
struct Twins {
    n: usize,
    twins: Vec<Vec<usize>>,
}

impl Reference for Twins {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let mut free = full_mask(self.n);
        for &q in &self.twins[p] {
            if cells[q] != 0 {
                free &= 1u64 << (cells[q] - 1);
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.twins[p]
            .iter()
            .any(|&q| cells[q] != 0 && cells[q] != cells[p])
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;

    const FILE: &str = "size = 4\n[[clone]]\ncells = \"r1c1 r1c2\"\nclone_cells = \"r4c3 r4c4\"\n";

    #[test]
    fn reads_clones_and_writes_them_back() {
        let file = read_back(FILE);
        assert_eq!(file.rules.constraints().clone.regions.len(), 1);
        let uneven = "size = 4\n[[clone]]\ncells = \"r1c1 r1c2\"\nclone_cells = \"r4c3\"\n";
        assert_eq!(
            refusal(uneven),
            "clone 1: 2 cells and 1 clone cells; they must match one for one"
        );
    }

    #[test]
    fn cloned_cells_hold_the_same_digits_in_every_solution() {
        let file = from_toml(FILE).unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&file.givens, Some(1000), 1000).unwrap();
        // 288 4x4 grids; those with r1c1 = r4c3 and r1c2 = r4c4.
        assert!(answer.count > 0 && answer.count < 288);
        for grid in &answer.solutions {
            assert_eq!(grid.get(0, 0), grid.get(3, 2));
            assert_eq!(grid.get(0, 1), grid.get(3, 3));
        }
        assert_eq!(
            givens_refusal(&file.rules, &[(0, 0, 1), (3, 2, 2)]),
            "clone 1: r1c1 holds 1 and its clone r4c3 holds 2"
        );
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let file = from_toml(FILE).unwrap();
        let clones = &file.rules.constraints().clone;
        assert_eq!(&round_trip(clones, 4), clones);
    }
}
