//! X-sums: seen from the clue, the first X cells of the row or column add up to the clue,
//! X being the digit in the first cell (which counts itself).
//!
//! In the exact cover a clue is an automaton read along its line (see `clues.rs`): the
//! first digit sets X; while cells of the first X are read, it keeps how many are left and
//! their sum so far; after them, the line is done, and accepted, when the sum was the clue.
//!
//! Key: `[[xsum]]` tables with `cell` (the clue's place, `"r0c6"`: column 0 or n+1 beside a
//! row, row 0 or n+1 beside a column) and `value` (`16`); f-puzzles key `xsum`
//! (`{"cell": "R0C6", "value": "16"}`).

use crate::sudoku::rules::cover::automaton::Automaton;
use crate::sudoku::rules::outside::clues::{OutsideClues, OutsideKind};

/// X-sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct XSum;

/// Every X-sum clue of a puzzle.
pub type XSums = OutsideClues<XSum>;

/// Where a line is, read from the clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Counting {
    /// No digit yet.
    Start,
    /// Inside the first X cells: `left` more to add to `sum`.
    Adding {
        /// X, the first digit.
        x: u8,
        /// Cells of the first X still to read.
        left: u8,
        /// The sum of the first X cells so far.
        sum: i64,
    },
    /// Past the first X cells, whose sum was the clue.
    Done,
}

/// The automaton of one clue. `left` more different digits of `1..n` other than X add at
/// least the `left` smallest and at most the `left` largest of them: a partial sum that
/// cannot reach the clue that way is no state.
#[derive(Debug, Clone, Copy)]
pub struct XSumAutomaton {
    n: i64,
    value: i64,
}

impl XSumAutomaton {
    /// The state with `left` cells still to add to `sum`.
    fn adding(&self, x: u8, left: u8, sum: i64) -> Option<Counting> {
        let others = (1..=self.n).filter(|&d| d != i64::from(x));
        let least: i64 = others.clone().take(usize::from(left)).sum();
        let most: i64 = others.rev().take(usize::from(left)).sum();
        if sum + least > self.value || sum + most < self.value {
            return None;
        }
        Some(match left {
            0 => Counting::Done,
            _ => Counting::Adding { x, left, sum },
        })
    }
}

impl Automaton for XSumAutomaton {
    type State = Counting;

    fn start(&self) -> Counting {
        Counting::Start
    }

    fn step(&self, _: usize, state: &Counting, digit: u8) -> Option<Counting> {
        match *state {
            Counting::Start => self.adding(digit, digit - 1, i64::from(digit)),
            Counting::Adding { x, left, sum } => self.adding(x, left - 1, sum + i64::from(digit)),
            Counting::Done => Some(Counting::Done),
        }
    }

    fn accepts(&self, state: &Counting) -> bool {
        *state == Counting::Done
    }
}

impl OutsideKind for XSum {
    const KEY: &'static str = "xsum";
    const NAME: &'static str = "X-sum";
    const CLASS: &'static str = "xsums";
    type Automaton = XSumAutomaton;

    fn check(n: usize, value: i64) -> Result<(), String> {
        let most = (1..=n as i64).sum::<i64>();
        if !(1..=most).contains(&value) {
            return Err(format!("the sum is {value}, it must be 1 to {most}"));
        }
        Ok(())
    }

    fn automaton(n: usize, value: i64) -> XSumAutomaton {
        XSumAutomaton { n: n as i64, value }
    }

    fn holds(_: usize, value: i64, digits: &[u8]) -> Result<(), String> {
        let x = usize::from(digits[0]);
        let sum: i64 = digits[..x.min(digits.len())]
            .iter()
            .map(|&d| i64::from(d))
            .sum();
        if sum != value {
            return Err(format!(
                "the first {x} digits add up to {sum}, the clue says {value}"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::cover::automaton::Chain;
    use crate::sudoku::rules::fpuzzles_io::Place;
    use crate::sudoku::rules::test_support::*;
    use crate::sudoku::{validate, Grid};
    use proptest::prelude::*;

    #[test]
    fn the_rule_from_its_meaning() {
        assert_eq!(XSum::holds(9, 16, &[3, 9, 4, 1, 2, 5, 6, 7, 8]), Ok(()));
        assert_eq!(XSum::holds(4, 1, &[1, 4, 2, 3]), Ok(()));
        assert_eq!(
            XSum::holds(4, 10, &[2, 4, 1, 3]).unwrap_err(),
            "the first 2 digits add up to 6, the clue says 10"
        );
        assert_eq!(
            XSum::check(4, 11).unwrap_err(),
            "the sum is 11, it must be 1 to 10"
        );
    }

    #[test]
    fn the_automaton_reads_the_first_x_cells() {
        // X-sum 1: the first digit is 1.
        let chain = Chain::new(&XSum::automaton(9, 1), 9, 9);
        assert_eq!(chain.digits(0), 1);
        assert_eq!(chain.digits(1), (1 << 9) - 1);
        // X-sum 45 on 9x9: a 9 first (the whole line).
        assert_eq!(Chain::new(&XSum::automaton(9, 45), 9, 9).digits(0), 1 << 8);
        // X-sum 2 cannot be made: 1 alone is 1, 2 and more are more than 2.
        assert!(!Chain::new(&XSum::automaton(9, 2), 9, 9).feasible());
    }

    #[test]
    fn reads_writes_and_solves() {
        let text = "size = 4\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n\
                    [[xsum]]\ncell = \"r5c3\"\nvalue = 6\n";
        let file = read_back(text);
        let clues = &file.rules.constraints().xsum.clues;
        assert_eq!(clues[0].clue, Place { row: 5, col: 3 });
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&Grid::empty(4), Some(1000), 1000).unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            // Column 3 from the bottom: 2 and 4, or 3 with 1 and 2.
            let x = s.get(3, 2);
            let sum: u8 = (0..x).map(|k| s.get(3 - k as usize, 2)).sum();
            assert_eq!(sum, 6);
            validate(&file.rules, &Grid::empty(4), s).unwrap();
        }
        assert_eq!(
            from_toml(&text.replace("value = 6", "value = 11"))
                .unwrap_err()
                .to_string(),
            "X-sum 1: the sum is 11, it must be 1 to 10"
        );
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(outside_clue(1..=45), 0..4).prop_map(XSums::from_clues),
        );
    }
}
