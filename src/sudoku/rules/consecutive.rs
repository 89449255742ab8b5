//! Non-consecutive: orthogonal neighbours never hold digits that differ by 1.
//!
//! Key: `non_consecutive = true`.

use serde::de::MapAccess;

use crate::sudoku::grid::{Cell, Grid};

use super::constraint::{Constraint, Family, FileWriter, Reference};
use super::cover::full_mask;
use super::draw::Caption;
use super::error::{FileError, Violation};
use super::geometry::Geometry;
use super::pair::{PairList, Relation};
use super::unit::UnitIndex;

/// The non-consecutive rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NonConsecutive {
    /// Whether it is in force.
    pub on: bool,
}

impl Constraint for NonConsecutive {
    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        if !self.on {
            return;
        }
        let n = geometry.size();
        let bit = |d: usize| 1u64 << (d - 1);
        // One item per forbidden pair of digits in each order: d beside d + 1, d + 1 beside d.
        let blocks = (1..n)
            .flat_map(|d| [(bit(d), bit(d + 1)), (bit(d + 1), bit(d))])
            .collect();
        let relation =
            Relation::new("neighbours", n, |d, e| d.abs_diff(e) != 1).with_blocks(blocks);
        let id = out.relation(relation);
        for &a in geometry.cells() {
            for (dr, dc) in [(0, 1), (1, 0)] {
                if let Some(b) = geometry.offset(a, dr, dc) {
                    out.push(a, b, id);
                }
            }
        }
    }

    fn digit_blind(&self) -> bool {
        !self.on
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        if !self.on {
            return Ok(());
        }
        for &p in geometry.cells() {
            let a = geometry.cell(p);
            let d = solution.get(a.row, a.col);
            for b in [
                Cell {
                    row: a.row,
                    col: a.col + 1,
                },
                Cell {
                    row: a.row + 1,
                    col: a.col,
                },
            ] {
                if geometry.position(b).is_none() {
                    continue;
                }
                let e = solution.get(b.row, b.col);
                if d.abs_diff(e) == 1 {
                    return Err(Violation::Consecutive {
                        first: a,
                        first_digit: d,
                        second: b,
                        second_digit: e,
                    });
                }
            }
        }
        Ok(())
    }

    fn unexplained(&self, _: &mut Vec<String>) {
        // Non-consecutive neighbours are pairs: every technique reasons with them.
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if !self.on {
            return None;
        }
        let mut neighbours = vec![Vec::new(); geometry.rows() * geometry.cols()];
        for &a in geometry.cells() {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                neighbours[a].extend(geometry.offset(a, dr, dc));
            }
        }
        Some(Box::new(Neighbours {
            n: geometry.size(),
            neighbours,
        }))
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if self.on {
            caption.spelled("non-consecutive: neighbours never differ by 1");
        }
    }

    fn write(&self, out: &mut FileWriter) {
        if self.on {
            out.key("non_consecutive", true);
        }
    }
}

impl Family for NonConsecutive {
    const KEYS: &'static [&'static str] = &["non_consecutive"];

    fn read<'de, A: MapAccess<'de>>(
        &mut self,
        _: &str,
        map: &mut A,
    ) -> Result<Result<(), FileError>, A::Error> {
        self.on = map.next_value()?;
        Ok(Ok(()))
    }
}

/// Each position's orthogonal neighbours, for the reference backtracker.
#[derive(Debug)]
struct Neighbours {
    n: usize,
    neighbours: Vec<Vec<usize>>,
}

impl Reference for Neighbours {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let mut free = full_mask(self.n);
        for &q in &self.neighbours[p] {
            let d = cells[q];
            if d > 1 {
                free &= !(1u64 << (d - 2));
            }
            if d != 0 && (d as usize) < self.n {
                free &= !(1u64 << d);
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        let d = cells[p];
        self.neighbours[p]
            .iter()
            .any(|&q| cells[q] != 0 && cells[q].abs_diff(d) == 1)
    }
}
