//! Minimum and maximum cells: the digit of a minimum cell is smaller than each orthogonal
//! neighbour's, that of a maximum cell larger. Neighbours in the same list are skipped
//! (`docs/fpuzzles.md` §3.1): two touching minimum cells say nothing about each other.
//!
//! TOML: `minimum = "r3c3 r5c5"` and `maximum = "r1c1"` (cell lists). f-puzzles: `minimum`
//! and `maximum` (`[{"cell":"R3C3"}]`).
//!
//! Every rule is between two cells (the cell and one neighbour): a [`Relation`] "smaller" or
//! "larger", encoded as secondary items and reasoned with by every technique.

use std::sync::Arc;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    explained_as_units_and_pairs, Constraint, FileWriter, Reference,
};
use crate::sudoku::rules::draw::{num, Canvas, Caption};
use crate::sudoku::rules::error::{RulesError, Violation};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::marks::cell_marks::CellMarks;
use crate::sudoku::rules::marks::edge::PairCheck;
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// Orthogonal steps.
const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The minimum and maximum cells of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Extremes {
    /// Cells smaller than each neighbour.
    pub minimum: Vec<Cell>,
    /// Cells larger than each neighbour.
    pub maximum: Vec<Cell>,
}

impl Extremes {
    /// Every (cell, neighbour, whether the cell is a minimum) the rules compare, by position.
    fn comparisons(&self, geometry: &Geometry) -> Vec<(usize, usize, bool)> {
        let mut out = Vec::new();
        for (list, low) in [(&self.minimum, true), (&self.maximum, false)] {
            let positions: Vec<usize> = list
                .iter()
                .map(|&c| geometry.position(c).expect("checked cell"))
                .collect();
            for &a in &positions {
                for (dr, dc) in STEPS {
                    if let Some(b) = geometry.offset(a, dr, dc) {
                        if !positions.contains(&b) && !out.contains(&(a, b, low)) {
                            out.push((a, b, low));
                        }
                    }
                }
            }
        }
        out
    }
}

impl CellMarks for Extremes {
    const KEYS: [&'static str; 2] = ["minimum", "maximum"];

    fn lists(&self) -> [&Vec<Cell>; 2] {
        [&self.minimum, &self.maximum]
    }

    fn lists_mut(&mut self) -> [&mut Vec<Cell>; 2] {
        [&mut self.minimum, &mut self.maximum]
    }

    /// Half the cells that are a minimum or a maximum in the sample's solution, marked so.
    fn random_mark(sample: &mut Sample<'_>, p: usize) -> Option<usize> {
        let around = STEPS
            .iter()
            .filter_map(|&(dr, dc)| sample.geometry().offset(p, dr, dc));
        let around: Vec<u32> = around.map(|q| sample.digit(q)).collect();
        let d = sample.digit(p);
        if around.iter().all(|&e| e > d) && sample.one_in(2) {
            Some(0)
        } else if around.iter().all(|&e| e < d) && sample.one_in(2) {
            Some(1)
        } else {
            None
        }
    }
}

/// Whether `d` (at the cell) and `e` (at the neighbour) keep a minimum (`low`) or maximum.
fn keeps(low: bool, d: u8, e: u8) -> bool {
    if low {
        d < e
    } else {
        d > e
    }
}

fn kind(low: bool) -> &'static str {
    if low {
        "minimum"
    } else {
        "maximum"
    }
}

impl Constraint for Extremes {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        self.check_cells(geometry, |cell, key| format!("{key} {cell}"))
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        for (a, b, low) in self.comparisons(geometry) {
            let what = if low {
                "smaller than its neighbour"
            } else {
                "larger than its neighbour"
            };
            let id = out.relation(Relation::new(what, n, |d, e| keeps(low, d, e)));
            out.push(a, b, id);
        }
    }

    fn digit_blind(&self) -> bool {
        CellMarks::is_empty(self)
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        for (list, low) in [(&self.minimum, true), (&self.maximum, false)] {
            for &a in list.iter() {
                let d = solution.get(a.row, a.col);
                for (dr, dc) in STEPS {
                    let (r, c) = (a.row as isize + dr, a.col as isize + dc);
                    if r < 0 || c < 0 {
                        continue;
                    }
                    let b = Cell {
                        row: r as usize,
                        col: c as usize,
                    };
                    if geometry.position(b).is_none() || list.contains(&b) {
                        continue;
                    }
                    let e = solution.get(b.row, b.col);
                    if (low && d >= e) || (!low && d <= e) {
                        return Err(Violation::Broken {
                            what: format!("{} {a}", kind(low)),
                            message: format!("{a} holds {d} and its neighbour {b} holds {e}"),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let mut check = PairCheck::new(geometry);
        for (a, b, low) in self.comparisons(geometry) {
            check.push(a, b, Arc::new(move |d, e| keeps(low, d, e)));
        }
        check.into_reference()
    }

    explained_as_units_and_pairs!("a comparison");

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        use std::fmt::Write as _;
        let s = canvas.cell();
        let mut out = String::from("<g class=\"extremes\" fill=\"#555555\">\n");
        for (list, low) in [(&self.minimum, true), (&self.maximum, false)] {
            for &cell in list.iter() {
                let (cx, cy) = canvas.centre(&[cell]);
                let p = geometry.position(cell).expect("checked cell");
                for (dr, dc) in STEPS {
                    if geometry.offset(p, dr, dc).is_none() {
                        continue;
                    }
                    // A small triangle by the side, pointing in (minimum) or out (maximum).
                    let (ux, uy) = (dc as f64, dr as f64);
                    let (tip, base) = if low { (0.3, 0.42) } else { (0.42, 0.3) };
                    let (half, (px, py)) = (s * 0.08, (-uy, ux));
                    let tip = (cx + ux * s * tip, cy + uy * s * tip);
                    let base = (cx + ux * s * base, cy + uy * s * base);
                    let _ = writeln!(
                        out,
                        "<path d=\"M{} {}L{} {}L{} {}Z\"/>",
                        num(tip.0),
                        num(tip.1),
                        num(base.0 + px * half),
                        num(base.1 + py * half),
                        num(base.0 - px * half),
                        num(base.1 - py * half)
                    );
                }
            }
        }
        out.push_str("</g>\n");
        if !self.digit_blind() {
            canvas.marks().push_str(&out);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.digit_blind() {
            caption.shown("minimum (arrows in) and maximum (arrows out) cells");
        }
    }

    fn write(&self, out: &mut FileWriter) {
        self.write_cells(out);
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;

    const FILE: &str = "size = 4\nminimum = \"r1c1 r1c2\"\nmaximum = [\"r4c4\"]\n";

    #[test]
    fn reads_cells_and_writes_them_back() {
        let file = read_back(FILE);
        let extremes = &file.rules.constraints().extremes;
        assert_eq!(extremes.minimum.len(), 2);
        assert_eq!(
            refusal("size = 4\nmaximum = \"r1c9\"\n"),
            "maximum r1c9: r1c9 is outside the grid"
        );
    }

    #[test]
    fn neighbours_in_the_same_list_are_skipped() {
        let rules = from_toml(FILE).unwrap().rules;
        let pairs: Vec<(usize, usize)> = rules.pairs().iter().map(|p| (p.a, p.b)).collect();
        // r1c1 against r2c1 only, r1c2 against r2c2 and r1c3, r4c4 against r3c4 and r4c3.
        assert_eq!(pairs, [(0, 4), (1, 5), (1, 2), (15, 11), (15, 14)]);
        let relation = rules.relation(&rules.pairs()[0]);
        assert!(relation.allows(1, 2) && !relation.allows(2, 1));
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let file = from_toml(FILE).unwrap();
        let extremes = &file.rules.constraints().extremes;
        assert_eq!(&round_trip(extremes, 4), extremes);
    }
}
