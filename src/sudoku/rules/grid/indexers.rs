//! Indexers: a digit in an indexing cell says where another digit goes.
//!
//! - Row indexer: cell (r, c) holding v puts r in cell (v, c): the digit indexes a row of
//!   its column.
//! - Column indexer: cell (r, c) holding v puts c in cell (r, v).
//! - Box indexer: cell at position p of its box holding v puts p at position v of the same
//!   box (positions numbered 1 to n in reading order).
//!
//! Keys: `[[rowindexer]]`, `[[columnindexer]]`, `[[boxindexer]]` tables with `cells`
//! (`"r1c1 r2c1"` or a list); f-puzzles keys `rowindexer`, `columnindexer`, `boxindexer`
//! (`[{"cells": ["R1C1", ...]}]`). One grid only (not samurai layouts); box indexers need
//! rectangular boxes (no jigsaw regions).
//!
//! Encoding: every indexing cell `a` and digit `v` whose target `b` is another cell give a
//! pair `(a, b)` with the [`Relation`] "a holds v only if b holds a's index": one secondary
//! item, in the option "a holds v" and in every option "b holds e" for `e` other than the
//! index, so choosing "a holds v" leaves b nothing but the index. As pairs, the rule also
//! reaches the check of the givens and every technique of the logic, which therefore reasons
//! with indexers fully.

use std::collections::HashMap;

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::json;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    cell_list, explained_as_units_and_pairs, read_tables, Constraint, Family, FileWriter, RawCells,
    Reference,
};
use crate::sudoku::rules::cover::encoder::full_mask;
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// What an indexer's digit indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IndexKind {
    /// A row of the cell's column.
    Row,
    /// A column of the cell's row.
    Column,
    /// A position of the cell's box.
    Box,
}

impl IndexKind {
    const ALL: [IndexKind; 3] = [IndexKind::Row, IndexKind::Column, IndexKind::Box];

    /// The key in puzzle files and f-puzzles.
    pub fn key(self) -> &'static str {
        match self {
            IndexKind::Row => "rowindexer",
            IndexKind::Column => "columnindexer",
            IndexKind::Box => "boxindexer",
        }
    }

    /// As messages name it.
    fn name(self) -> &'static str {
        match self {
            IndexKind::Row => "row indexer",
            IndexKind::Column => "column indexer",
            IndexKind::Box => "box indexer",
        }
    }

    fn of_key(key: &str) -> Option<IndexKind> {
        IndexKind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The index of `cell` (1-based): its row, its column, or its position in its box.
    fn index(self, cell: Cell, box_shape: (usize, usize)) -> u8 {
        let (br, bc) = box_shape;
        (match self {
            IndexKind::Row => cell.row,
            IndexKind::Column => cell.col,
            IndexKind::Box => (cell.row % br) * bc + cell.col % bc,
        } + 1) as u8
    }

    /// The cell that digit `v` at `cell` points to.
    fn target(self, cell: Cell, v: u8, box_shape: (usize, usize)) -> Cell {
        let k = v as usize - 1;
        let (br, bc) = box_shape;
        match self {
            IndexKind::Row => Cell {
                row: k,
                col: cell.col,
            },
            IndexKind::Column => Cell {
                row: cell.row,
                col: k,
            },
            IndexKind::Box => Cell {
                row: cell.row - cell.row % br + k / bc,
                col: cell.col - cell.col % bc + k % bc,
            },
        }
    }
}

/// One group of indexing cells (one table of a puzzle file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexer {
    /// What the digits index.
    pub kind: IndexKind,
    /// The indexing cells.
    pub cells: Vec<Cell>,
}

/// Every indexer of a puzzle, numbered from 1 in messages per kind (`row indexer 2`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Indexers {
    /// The groups, in the order read.
    pub groups: Vec<Indexer>,
}

impl Indexers {
    /// Each group with its name in messages.
    fn named(&self) -> impl Iterator<Item = (String, &Indexer)> + '_ {
        let mut counts: HashMap<IndexKind, usize> = HashMap::new();
        self.groups.iter().map(move |g| {
            let k = counts.entry(g.kind).or_insert(0);
            *k += 1;
            (format!("{} {k}", g.kind.name()), g)
        })
    }

    /// Every indexing cell with its kind (a cell in two groups of one kind counts once).
    fn links(&self) -> Vec<(IndexKind, Cell)> {
        let mut links: Vec<(IndexKind, Cell)> = Vec::new();
        for g in &self.groups {
            for &c in &g.cells {
                if !links.contains(&(g.kind, c)) {
                    links.push((g.kind, c));
                }
            }
        }
        links
    }
}

impl Constraint for Indexers {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        for (what, g) in self.named() {
            geometry.positions(&what, &g.cells)?;
            let invalid = |message: &str| RulesError::Invalid {
                what: what.clone(),
                message: message.to_string(),
            };
            if geometry.grids().len() != 1 {
                return Err(invalid("indexers need a single grid"));
            }
            if g.kind == IndexKind::Box && geometry.regions().is_some() {
                return Err(invalid(
                    "box indexers need rectangular boxes, not jigsaw regions",
                ));
            }
        }
        Ok(())
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        let shape = geometry.box_shape();
        // One relation per (index, digit): "a holds v only if b holds index".
        let mut relations = HashMap::new();
        for (kind, cell) in self.links() {
            let a = geometry.position(cell).expect("checked cells");
            let index = kind.index(cell, shape);
            for v in 1..=n as u8 {
                let target = kind.target(cell, v, shape);
                let b = geometry.position(target).expect("a cell of the grid");
                if b == a {
                    continue;
                }
                let id = *relations.entry((index, v)).or_insert_with(|| {
                    let relation = Relation::new(kind.name(), n, |d, e| d != v || e == index);
                    out.relation(relation)
                });
                out.push(a, b, id);
            }
        }
    }

    fn digit_blind(&self) -> bool {
        self.groups.is_empty()
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let shape = geometry.box_shape();
        for (what, g) in self.named() {
            for &cell in &g.cells {
                let v = solution.get(cell.row, cell.col);
                let index = g.kind.index(cell, shape);
                let target = g.kind.target(cell, v, shape);
                let found = solution.get(target.row, target.col);
                if found != index {
                    return Err(Violation::Broken {
                        what,
                        message: format!(
                            "{cell} holds {v}, so {target} must hold {index}, not {found}"
                        ),
                    });
                }
            }
        }
        Ok(())
    }

    explained_as_units_and_pairs!("an indexer");

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.groups.is_empty() {
            return None;
        }
        let n = geometry.size();
        let cols = geometry.cols();
        let shape = geometry.box_shape();
        let mut links = vec![Vec::new(); geometry.rows() * cols];
        for (kind, cell) in self.links() {
            let a = cell.row * cols + cell.col;
            let targets = (1..=n as u8)
                .map(|v| {
                    let t = kind.target(cell, v, shape);
                    t.row * cols + t.col
                })
                .collect();
            links[a].push(Link {
                index: kind.index(cell, shape),
                targets,
            });
        }
        Some(Box::new(Pointing { n, links }))
    }

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        for (what, g) in self.named() {
            let fill = match g.kind {
                IndexKind::Row => "#f5c6c6",
                IndexKind::Column => "#c3e4ea",
                IndexKind::Box => "#e3e8b8",
            };
            let cells = geometry.positions(&what, &g.cells).expect("checked cells");
            canvas.shade(&what.replace(' ', "-"), fill, 0.75, &cells);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        for kind in IndexKind::ALL {
            if self.groups.iter().any(|g| g.kind == kind) {
                caption.shown(match kind {
                    IndexKind::Row => "red: row indexers (r,c)=v puts r at (v,c)",
                    IndexKind::Column => "blue: column indexers (r,c)=v puts c at (r,v)",
                    IndexKind::Box => {
                        "green: box indexers (digit v puts this cell's box position at position v)"
                    }
                });
            }
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for g in &self.groups {
            out.table(g.kind.key(), &[("cells", cell_list(&g.cells))]);
        }
    }
}

/// One group of indexing cells as a puzzle file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawIndexer {
    cells: RawCells,
}

impl Family for Indexers {
    const KEYS: &'static [&'static str] = &["rowindexer", "columnindexer", "boxindexer"];
    const FPUZZLES_KEYS: &'static [&'static str] = &["rowindexer", "columnindexer", "boxindexer"];

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        let kind = IndexKind::of_key(key).expect("one of the keys");
        read_tables(map, kind.name(), |raw: &RawIndexer, what| {
            let cells = raw.cells.cells(what)?;
            self.groups.push(Indexer { kind, cells });
            Ok(())
        })
    }

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        let kind = IndexKind::of_key(key).expect("one of the keys");
        for (at, instance) in reader.instances(key, value)? {
            reader.known_fields(at, instance, &["cells"], COSMETIC_FIELDS)?;
            let cells = instance
                .get("cells")
                .ok_or_else(|| at.error("no \"cells\" field"))?;
            let cells = reader.cells(at, cells)?;
            if cells.is_empty() {
                return Err(at.error("no cells"));
            }
            self.groups.push(Indexer { kind, cells });
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for g in &self.groups {
            out.push(g.kind.key(), json!({ "cells": FpWriter::cells(&g.cells) }));
        }
    }

    /// Random indexing cells of random kinds, sorted by key (a solution may not exist).
    fn random(sample: &mut Sample<'_>) -> Self {
        let kinds = [IndexKind::Row, IndexKind::Column, IndexKind::Box];
        let n = sample.size();
        let mut groups = Vec::new();
        for _ in 0..1 + sample.below(3) {
            let kind = kinds[sample.below(3)];
            let mut cells = Vec::new();
            for _ in 0..1 + sample.below(n) {
                let p = sample.position();
                cells.push(sample.cell(p));
            }
            cells.sort_by_key(|c| (c.row, c.col));
            cells.dedup();
            groups.push(Indexer { kind, cells });
        }
        // A TOML file is read key by key in the order of their names: the groups sorted
        // so, to read back in the order they were made.
        groups.sort_by_key(|g| g.kind.key());
        Indexers { groups }
    }
}

/// An indexing cell, for the reference backtracker: its index and the position each digit
/// points to.
#[derive(Debug, Clone)]
struct Link {
    index: u8,
    targets: Vec<usize>,
}

/// Every position's links, for the reference backtracker.
#[derive(Debug)]
struct Pointing {
    n: usize,
    links: Vec<Vec<Link>>,
}

impl Pointing {
    /// Whether indexing position `a` holding `v` is contradicted by what its target holds.
    fn contradicted(&self, cells: &[u8], a: usize, link: &Link, v: u8) -> bool {
        let t = link.targets[v as usize - 1];
        let held = if t == a { v } else { cells[t] };
        held != 0 && held != link.index
    }
}

impl Reference for Pointing {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let mut free = full_mask(self.n);
        for link in &self.links[p] {
            for v in 1..=self.n as u8 {
                if self.contradicted(cells, p, link, v) {
                    free &= !(1u64 << (v - 1));
                }
            }
        }
        // Indexing cells that point here.
        for (a, links) in self.links.iter().enumerate() {
            let v = cells[a];
            if a == p || v == 0 {
                continue;
            }
            for link in links {
                if link.targets[v as usize - 1] == p {
                    free &= 1u64 << (link.index - 1);
                }
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        let d = cells[p];
        if self.links[p]
            .iter()
            .any(|link| self.contradicted(cells, p, link, d))
        {
            return true;
        }
        self.links.iter().enumerate().any(|(a, links)| {
            let v = cells[a];
            a != p
                && v != 0
                && links
                    .iter()
                    .any(|link| link.targets[v as usize - 1] == p && d != link.index)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    fn cells(text: &str) -> Vec<Cell> {
        text.split(' ').map(|c| Cell::parse(c).unwrap()).collect()
    }

    #[test]
    fn the_targets_and_indices_of_each_kind() {
        let shape = (3, 3);
        let a = Cell { row: 4, col: 1 };
        assert_eq!(IndexKind::Row.index(a, shape), 5);
        assert_eq!(IndexKind::Row.target(a, 7, shape), Cell { row: 6, col: 1 });
        assert_eq!(IndexKind::Column.index(a, shape), 2);
        assert_eq!(
            IndexKind::Column.target(a, 7, shape),
            Cell { row: 4, col: 6 }
        );
        // r5c2 is at position 5 - 3 = row 2 of box 4, column 2: position 5.
        assert_eq!(IndexKind::Box.index(a, shape), 5);
        assert_eq!(IndexKind::Box.target(a, 7, shape), Cell { row: 5, col: 0 });
    }

    #[test]
    fn files_read_write_and_refuse() {
        let text =
            "size = 9\n[[rowindexer]]\ncells = \"r1c1 r2c1\"\n[[boxindexer]]\ncells = [\"r5c5\"]\n";
        let file = read_back(text);
        let groups = &file.rules.constraints().indexers.groups;
        assert_eq!(groups.len(), 2);
        let row = groups.iter().find(|g| g.kind == IndexKind::Row).unwrap();
        assert_eq!(row.cells, cells("r1c1 r2c1"));
        let boxed = groups.iter().find(|g| g.kind == IndexKind::Box).unwrap();
        assert_eq!(boxed.cells, cells("r5c5"));
        let error = refusal("size = 9\n[[columnindexer]]\ncells = \"r1c10\"\n");
        assert!(error.contains("column indexer 1"), "{error}");
    }

    #[test]
    fn the_rule_holds_in_every_solution_found() {
        let spec = Spec::new(9).with(|c| {
            c.indexers.groups = vec![
                Indexer {
                    kind: IndexKind::Row,
                    cells: cells("r1c1 r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r9c1"),
                },
                Indexer {
                    kind: IndexKind::Box,
                    cells: cells("r5c5"),
                },
            ]
        });
        let rules = Rules::new(spec).unwrap();
        let mut solver = Solver::new(rules.clone());
        let answer = solver.enumerate(&rules.empty_grid(), Some(20), 20).unwrap();
        assert_eq!(answer.count, 20);
        for solution in &answer.solutions {
            crate::sudoku::validate(&rules, &rules.empty_grid(), solution).unwrap();
            // Column 1 is its own inverse permutation.
            for r in 0..9 {
                let v = solution.get(r, 0) as usize;
                assert_eq!(solution.get(v - 1, 0) as usize, r + 1);
            }
        }
    }

    proptest::proptest! {
        /// Reading back what `write_fpuzzles` wrote gives the same indexers.
        #[test]
        fn fpuzzles_round_trip(
            raw in proptest::collection::vec(
                (0usize..3, proptest::collection::vec((0usize..9, 0usize..9), 1..6)),
                0..5,
            ),
        ) {
            let mut groups: Vec<Indexer> = raw
                .into_iter()
                .map(|(k, list)| Indexer {
                    kind: IndexKind::ALL[k],
                    cells: list.into_iter().map(|(row, col)| Cell { row, col }).collect(),
                })
                .collect();
            let family = Indexers { groups: groups.clone() };
            let mut writer = FpWriter::new(9);
            family.write_fpuzzles(&mut writer);
            let (keys, negative) = writer.finish();
            proptest::prop_assert!(negative.is_empty());
            let reader = FpReader::new(9, &[]);
            let mut back = Indexers::default();
            for (key, value) in &keys {
                back.read_fpuzzles(reader.key(key, value)).unwrap();
            }
            // Read key by key: the same groups, grouped by kind.
            groups.sort_by_key(|g| g.kind.key());
            back.groups.sort_by_key(|g| g.kind.key());
            proptest::prop_assert_eq!(back.groups, groups);
        }
    }

    #[test]
    fn fpuzzles_refuses_what_it_cannot_read() {
        let reader = FpReader::new(9, &[]);
        let mut family = Indexers::default();
        let bad = serde_json::json!([{"cells": ["R1C1", "R10C1"]}]);
        let error = family
            .read_fpuzzles(reader.key("rowindexer", &bad))
            .unwrap_err();
        assert!(error.to_string().contains("rowindexer 1"), "{error}");
        assert!(error.to_string().contains("R10C1"), "{error}");
        let unknown = serde_json::json!([{"cells": ["R1C1"], "value": "3"}]);
        let error = family
            .read_fpuzzles(reader.key("boxindexer", &unknown))
            .unwrap_err();
        assert!(error.to_string().contains("value"), "{error}");
    }
}
