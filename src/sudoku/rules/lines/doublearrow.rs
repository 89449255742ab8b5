//! Double arrows: the digits strictly inside the line add up to the sum of its two ends (the
//! circles). Digits may repeat on the line unless other rules forbid it.
//!
//! In the exact cover a double arrow is the `LinearSum` `inner - ends = 0` (end cells
//! weighted `-1`, inner cells `+1`), a chain of colored items holding the partial sums (see
//! `cover/linear_sum.rs`). The logic does not reason with the sum, so `explain` names double arrows
//! as left out.
//!
//! Key: `[[doublearrow]]` tables with `cells` (an end first, the other end last); f-puzzles
//! key `doublearrow`, one line per instance.

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::pair::Relation;

/// Double arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DoubleArrow;

/// Every double arrow of a puzzle.
pub type DoubleArrows = Lines<DoubleArrow>;

/// The sum of a double arrow at `positions`: inner cells `+1`, ends `-1`, target 0.
fn sum(positions: &[usize]) -> LinearSum {
    let last = positions.len() - 1;
    LinearSum {
        terms: positions
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, if i == 0 || i == last { -1 } else { 1 }))
            .collect(),
        target: 0,
    }
}

/// The positions `0..len`, standing for a line's cells in order.
fn indices(len: usize) -> Vec<usize> {
    (0..len).collect()
}

impl LineKind for DoubleArrow {
    const KEY: &'static str = "doublearrow";
    const NAME: &'static str = "double arrow";
    const MIN_CELLS: usize = 3;
    const EXPLAINED: bool = false;
    const STYLE: Style = Style::Circles("#8c8c8c");

    fn check(n: usize, len: usize, _: u32) -> Result<(), String> {
        if sum(&indices(len)).feasible(n) {
            Ok(())
        } else {
            Err(format!(
                "{} inner cells cannot add up to the two ends, which reach {} at most",
                len - 2,
                2 * n
            ))
        }
    }

    fn pair(n: usize, len: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        if len < Self::MIN_CELLS {
            return None;
        }
        LinearSum::relation_between(&[sum(&indices(len))], n, i, j, Self::NAME)
    }

    fn encode(encoder: &mut Encoder<'_>, positions: &[usize], _: u32) {
        sum(positions).encode_refined(encoder);
    }

    fn entries(n: usize, len: usize) -> u64 {
        if len < Self::MIN_CELLS {
            return 0;
        }
        sum(&indices(len)).entries(n)
    }

    fn consistent(n: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        if sum(&indices(digits.len())).possible(n, digits) {
            return Ok(());
        }
        let last = digits.len() - 1;
        let inner: u32 = digits[1..last].iter().map(|&d| u32::from(d)).sum();
        let ends = u32::from(digits[0]) + u32::from(digits[last]);
        if digits.iter().all(|&d| d != 0) {
            Err(format!(
                "the inner cells add up to {inner}, the ends to {ends}"
            ))
        } else {
            Err(format!(
                "the placed digits cannot make the inner cells add up to the ends \
                 (inner so far {inner}, ends so far {ends})"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;
    use proptest::prelude::*;

    use super::*;
    use crate::sudoku::rules::Constraint;
    use crate::sudoku::{validate, Grid};

    #[test]
    fn the_rule_from_its_meaning() {
        assert!(DoubleArrow::consistent(9, 0, &[3, 1, 4, 2, 4]).is_ok());
        assert_eq!(
            DoubleArrow::consistent(9, 0, &[3, 1, 4, 2, 3]).unwrap_err(),
            "the inner cells add up to 7, the ends to 6"
        );
        // Partial lines: refused only when no completion adds up.
        assert!(DoubleArrow::consistent(9, 0, &[1, 9, 0, 0]).is_ok());
        assert!(DoubleArrow::consistent(9, 0, &[1, 9, 9, 0]).is_err());
        assert!(DoubleArrow::check(4, 10, 0).is_ok());
        assert!(DoubleArrow::check(4, 11, 0).is_err());
        assert!(DoubleArrow::check(9, 20, 0).is_ok());
    }

    #[test]
    fn reads_writes_and_refuses() {
        let file = read_back(&four("[[doublearrow]]\ncells = \"r1c1 r1c2 r1c3 r1c4\"\n"));
        let lines = &file.rules.constraints().doublearrow.lines;
        assert_eq!(lines.len(), 1);
        assert_eq!(
            refusal(&four("[[doublearrow]]\ncells = \"r1c1 r1c2\"\n")),
            "double arrow 1: has 2 cells, a double arrow needs at least 3"
        );
        assert!(refusal(&four(
            "[[doublearrow]]\ncells = \"r1c1 r1c2 r1c3\"\nvalue = 3\n"
        ))
        .contains("takes no value"));
    }

    #[test]
    fn the_search_adds_up() {
        // On 4x4 a line r1c1 r2c2 r3c3 r4c4 with r1c1 = 1 and r4c4 = 2: the inner cells are 1, 2
        // in some order... they sum to 3.
        let file = from_toml(&four("[[doublearrow]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n")).unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let mut givens = Grid::empty(4);
        givens.set(0, 0, 1);
        givens.set(3, 3, 2);
        let answer = solver.enumerate(&givens, Some(1000), 1000).unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            assert_eq!(s.get(1, 1) + s.get(2, 2), 3);
            validate(&file.rules, &givens, s).unwrap();
        }
        let mut out = Vec::new();
        file.rules.constraints().doublearrow.unexplained(&mut out);
        assert_eq!(out, ["double arrow 1"]);
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(
                random_line().prop_filter("three cells", |l| l.cells.len() >= 3),
                0..4,
            )
            .prop_map(DoubleArrows::from_lines),
        );
    }
}
