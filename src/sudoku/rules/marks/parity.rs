//! Odd and even cells: the digit of an odd cell is odd, that of an even cell even.
//!
//! TOML: `odd = "r2c5 r3c1"` and `even = "r1c1"` (cell lists). f-puzzles: `odd` and `even`
//! (`[{"cell":"R2C5"}]`); the legacy per-cell `parity` field of f-puzzles' grid goes through
//! [`Parity::add`].
//!
//! Encoded by leaving out the cell options of the other parity ([`Encoder::forbid`]): the
//! search never tries them. The human-style logic does not see left-out options, so
//! [`Constraint::unexplained`] names the cells.

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{Constraint, FileWriter, Reference};
use crate::sudoku::rules::cover::encoder::{full_mask, Encoder};
use crate::sudoku::rules::draw::{num, Canvas, Caption};
use crate::sudoku::rules::error::{PuzzleError, RulesError, Violation};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::marks::cell_marks::CellMarks;
use crate::sudoku::rules::sample::Sample;

/// The odd and the even cells of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parity {
    /// Cells holding an odd digit.
    pub odd: Vec<Cell>,
    /// Cells holding an even digit.
    pub even: Vec<Cell>,
}

impl Parity {
    /// Adds an odd (`odd`) or even cell.
    pub fn add(&mut self, cell: Cell, odd: bool) {
        if odd {
            self.odd.push(cell);
        } else {
            self.even.push(cell);
        }
    }

    /// Every cell, with whether it is odd.
    fn cells(&self) -> impl Iterator<Item = (Cell, bool)> + '_ {
        self.marked().map(|(cell, key)| (cell, key == "odd"))
    }
}

impl CellMarks for Parity {
    const KEYS: [&'static str; 2] = ["odd", "even"];

    fn lists(&self) -> [&Vec<Cell>; 2] {
        [&self.odd, &self.even]
    }

    fn lists_mut(&mut self) -> [&mut Vec<Cell>; 2] {
        [&mut self.odd, &mut self.even]
    }

    /// One cell in four marked as the sample's solution has it.
    fn random_mark(sample: &mut Sample<'_>, p: usize) -> Option<usize> {
        let odd = sample.digit(p) % 2 == 1;
        sample.one_in(4).then_some(if odd { 0 } else { 1 })
    }
}

/// How a cell is named in messages: `odd cell r2c5`.
fn name(cell: Cell, odd: bool) -> String {
    format!("{} cell {cell}", if odd { "odd" } else { "even" })
}

/// Whether `digit` has the cell's parity.
fn fits(digit: u8, odd: bool) -> bool {
    (digit % 2 == 1) == odd
}

impl Constraint for Parity {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        self.check_cells(geometry, |cell, key| name(cell, key == "odd"))
    }

    fn digit_blind(&self) -> bool {
        CellMarks::is_empty(self)
    }

    fn check_givens(&self, _: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        for (cell, odd) in self.cells() {
            let d = givens.get(cell.row, cell.col);
            if d != 0 && !fits(d, odd) {
                return Err(PuzzleError::Broken {
                    what: name(cell, odd),
                    message: format!("{cell} holds {d}"),
                });
            }
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let geometry = encoder.geometry();
        for (k, (cell, odd)) in self.cells().enumerate() {
            encoder.instance(k);
            let p = geometry.position(cell).expect("checked cell");
            for d in 1..=geometry.size() as u8 {
                if !fits(d, odd) {
                    encoder.forbid(p, d);
                }
            }
        }
    }

    fn validate(&self, _: &Geometry, solution: &Grid) -> Result<(), Violation> {
        for (cell, odd) in self.cells() {
            let d = solution.get(cell.row, cell.col);
            if !fits(d, odd) {
                return Err(Violation::Broken {
                    what: name(cell, odd),
                    message: format!("{cell} holds {d}"),
                });
            }
        }
        Ok(())
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.digit_blind() {
            return None;
        }
        let n = geometry.size();
        let mut allowed = vec![full_mask(n); geometry.rows() * geometry.cols()];
        for (cell, odd) in self.cells() {
            let p = geometry.position(cell).expect("checked cell");
            for d in 1..=n as u8 {
                if !fits(d, odd) {
                    allowed[p] &= !(1u64 << (d - 1));
                }
            }
        }
        Some(Box::new(CellDigits { allowed }))
    }

    fn words(&self, instance: Option<usize>) -> String {
        match instance.and_then(|k| self.cells().nth(k)) {
            Some((cell, odd)) => name(cell, odd),
            None => "the odd and even cells".to_string(),
        }
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        out.extend(self.cells().map(|(cell, odd)| name(cell, odd)));
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        use std::fmt::Write as _;
        let s = canvas.cell();
        for (cell, odd) in self.cells() {
            let (x, y) = canvas.centre(&[cell]);
            let shape = if odd {
                format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                    num(x),
                    num(y),
                    num(s * 0.38)
                )
            } else {
                let side = s * 0.7;
                format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{w}\"/>",
                    num(x - side / 2.0),
                    num(y - side / 2.0),
                    w = num(side)
                )
            };
            let _ = writeln!(
                canvas.shading(),
                "<g class=\"parity\" fill=\"#cccccc\">{shape}</g>"
            );
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        if !self.digit_blind() {
            caption.shown("odd (circles) and even (squares) cells");
        }
    }

    fn write(&self, out: &mut FileWriter) {
        self.write_cells(out);
    }
}

/// The digits each position may hold, for the reference backtracker.
#[derive(Debug)]
struct CellDigits {
    allowed: Vec<u64>,
}

impl Reference for CellDigits {
    fn allowed(&self, _: &[u8], p: usize) -> u64 {
        self.allowed[p]
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        cells[p] != 0 && self.allowed[p] >> (cells[p] - 1) & 1 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::test_support::*;

    const FILE: &str = "size = 4\nodd = \"r1c1 r2c2\"\neven = [\"r4c4\"]\n";

    #[test]
    fn reads_cells_and_writes_them_back() {
        let file = read_back(FILE);
        let parity = &file.rules.constraints().parity;
        assert_eq!(parity.odd.len(), 2);
        assert_eq!(parity.even, [Cell { row: 3, col: 3 }]);
        let mut out = Vec::new();
        parity.unexplained(&mut out);
        assert_eq!(out, ["odd cell r1c1", "odd cell r2c2", "even cell r4c4"]);
    }

    #[test]
    fn refuses_cells_outside_and_givens_of_the_wrong_parity() {
        let outside = "size = 4\nodd = \"r5c1\"\n";
        assert_eq!(refusal(outside), "odd cell r5c1: r5c1 is outside the grid");
        let rules: Rules = from_toml(FILE).unwrap().rules;
        assert_eq!(
            givens_refusal(&rules, &[(3, 3, 3)]),
            "even cell r4c4: r4c4 holds 3"
        );
    }

    #[test]
    fn f_puzzles_keys_round_trip() {
        let parity = from_toml(FILE).unwrap().rules.constraints().parity.clone();
        let mut out = FpWriter::new(4);
        parity.write_fpuzzles(&mut out);
        assert_eq!(out.finish().0["odd"][0]["cell"], "R1C1");
        assert_eq!(round_trip(&parity, 4), parity);
    }
}
