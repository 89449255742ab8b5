//! Sandwich sums: the digits strictly between the 1 and the `n` (the "crusts": 1 and 9 on
//! 9x9, 1 and 4 on 4x4) of the row or column beside the clue add up to the clue; 0 when the
//! crusts are neighbours.
//!
//! In the exact cover a clue is an automaton read along its line (see `clues.rs`): before
//! the first crust, between the crusts with the digits read so far (which crust came first),
//! after the second crust; a line is accepted after both crusts, with the sum between them
//! equal to the clue.
//!
//! Key: `[[sandwichsum]]` tables with `cell` (the clue's place, `"r5c0"`: column 0 or n+1
//! beside a row, row 0 or n+1 beside a column) and `value` (`4`); f-puzzles key
//! `sandwichsum` (`{"cell": "R5C0", "value": "4"}`).

use crate::sudoku::rules::cover::automaton::Automaton;
use crate::sudoku::rules::outside::clues::{OutsideClues, OutsideKind};

/// Sandwich sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sandwich;

/// Every sandwich clue of a puzzle.
pub type Sandwiches = OutsideClues<Sandwich>;

/// Where a line is, read from the clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// No crust yet.
    Before,
    /// After the crust `crust` (1 or n), with the digits read since.
    Inside {
        /// The crust seen.
        crust: u8,
        /// The digits read after it (bit `d - 1` for digit `d`).
        digits: u64,
    },
    /// After both crusts.
    After,
}

/// The automaton of one clue. Between the crusts it remembers the set of digits read, not
/// only their sum: the line is a row or a column, so the digits between the crusts differ,
/// and a set of them is a combination of the clue (`{3, 7, 8}` for 18 in three cells), where
/// a sum and a count would let a line through on digits that repeat (`2 + 8 + 8`).
#[derive(Debug, Clone, Copy)]
pub struct SandwichAutomaton {
    n: u8,
    value: i64,
}

impl SandwichAutomaton {
    /// The sum of the digits of `digits` (bit `d - 1` for digit `d`).
    fn sum(digits: u64) -> i64 {
        (1..=64i64).filter(|d| digits >> (d - 1) & 1 == 1).sum()
    }

    /// Whether digits of `2..n-1` not in `digits` can make up what the clue lacks.
    fn reachable(&self, digits: u64) -> bool {
        let lacking = self.value - Self::sum(digits);
        let free = (2..self.n).filter(|d| digits >> (d - 1) & 1 == 0);
        lacking >= 0 && free.map(i64::from).sum::<i64>() >= lacking
    }
}

impl Automaton for SandwichAutomaton {
    type State = Phase;

    fn start(&self) -> Phase {
        Phase::Before
    }

    fn step(&self, _: usize, state: &Phase, digit: u8) -> Option<Phase> {
        let crust = digit == 1 || digit == self.n;
        match *state {
            Phase::Before if crust => Some(Phase::Inside {
                crust: digit,
                digits: 0,
            }),
            Phase::Before => Some(Phase::Before),
            Phase::Inside {
                crust: first,
                digits,
            } if crust => {
                (digit != first && Self::sum(digits) == self.value).then_some(Phase::After)
            }
            Phase::Inside { crust, digits } => {
                let bit = 1u64 << (digit - 1);
                (digits & bit == 0 && self.reachable(digits | bit)).then_some(Phase::Inside {
                    crust,
                    digits: digits | bit,
                })
            }
            Phase::After => (!crust).then_some(Phase::After),
        }
    }

    fn accepts(&self, state: &Phase) -> bool {
        *state == Phase::After
    }
}

impl OutsideKind for Sandwich {
    const KEY: &'static str = "sandwichsum";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("sandwich", "sandwichsum")];
    const NAME: &'static str = "sandwich";
    const CLASS: &'static str = "sandwiches";
    type Automaton = SandwichAutomaton;

    fn check(n: usize, value: i64) -> Result<(), String> {
        // At most every digit but the crusts lies between them.
        let most = (2..n as i64).sum::<i64>();
        if !(0..=most).contains(&value) {
            return Err(format!(
                "the sum between the 1 and the {n} is {value}, it must be 0 to {most}"
            ));
        }
        Ok(())
    }

    fn automaton(n: usize, value: i64) -> SandwichAutomaton {
        SandwichAutomaton { n: n as u8, value }
    }

    fn holds(n: usize, value: i64, digits: &[u8]) -> Result<(), String> {
        let at = |d: u8| {
            digits
                .iter()
                .position(|&x| x == d)
                .ok_or_else(|| format!("the line has no {d}"))
        };
        let (one, top) = (at(1)?, at(n as u8)?);
        let (a, b) = (one.min(top), one.max(top));
        let sum: i64 = digits[a + 1..b].iter().map(|&d| i64::from(d)).sum();
        if sum != value {
            return Err(format!(
                "the digits between the 1 and the {n} add up to {sum}, the clue says {value}"
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
        assert_eq!(Sandwich::holds(9, 0, &[2, 1, 9, 3, 4, 5, 6, 7, 8]), Ok(()));
        assert_eq!(Sandwich::holds(9, 7, &[9, 3, 4, 1, 2, 5, 6, 7, 8]), Ok(()));
        assert_eq!(
            Sandwich::holds(4, 2, &[1, 4, 2, 3]).unwrap_err(),
            "the digits between the 1 and the 4 add up to 0, the clue says 2"
        );
        assert_eq!(
            Sandwich::holds(4, 2, &[1, 3, 2, 3]).unwrap_err(),
            "the line has no 4"
        );
        assert_eq!(
            Sandwich::check(4, 6).unwrap_err(),
            "the sum between the 1 and the 4 is 6, it must be 0 to 5"
        );
    }

    #[test]
    fn the_automaton_keeps_few_states() {
        // 9x9, sum 35 (every digit between the crusts): the crusts at both ends.
        let chain = Chain::new(&Sandwich::automaton(9, 35), 9, 9);
        assert_eq!(chain.digits(0), 1 | 1 << 8);
        assert_eq!(chain.digits(8), 1 | 1 << 8);
        // Sum 0 on 4x4: any digit may be anywhere, and a layer holds at most the phases.
        let chain = Chain::new(&Sandwich::automaton(4, 0), 4, 4);
        assert!(chain.sizes().iter().all(|&s| s <= 4), "{:?}", chain.sizes());
        assert!(!Chain::new(&Sandwich::automaton(4, 5), 3, 4).feasible());
    }

    #[test]
    fn the_digits_between_the_crusts_are_a_combination() {
        // 18 in three cells of 2..8 is {3, 7, 8}, {4, 6, 8} or {5, 6, 7}: 2 + 8 + 8 adds up,
        // but a sum and a count alone would let it through.
        let automaton = Sandwich::automaton(9, 18);
        let read = |digits: &[u8]| {
            digits
                .iter()
                .try_fold(automaton.start(), |state, &d| automaton.step(0, &state, d))
        };
        assert!(
            read(&[1, 2, 8]).is_some(),
            "1 2 8 3 5 9 is a sandwich of 18"
        );
        assert_eq!(read(&[1, 2, 8, 8]), None);
        assert_eq!(read(&[1, 8, 2, 7, 9]), None);
        // 8 + 7 + 6 is over 18 already.
        assert_eq!(read(&[9, 8, 7, 6]), None);
        assert_eq!(read(&[9, 3, 7, 8, 1]), Some(Phase::After));
        assert_eq!(read(&[9, 3, 7, 1]), None);
        // On lines of different digits it accepts what the rule from its meaning does.
        let mut line: Vec<u8> = (1..=6).collect();
        let mut lines = 0;
        // Heap's algorithm over the 720 orders of 1..=6.
        let mut c = [0usize; 6];
        let mut i = 0;
        loop {
            for value in 0..=9 {
                let automaton = Sandwich::automaton(6, value);
                let run = line
                    .iter()
                    .enumerate()
                    .try_fold(automaton.start(), |state, (k, &d)| {
                        automaton.step(k, &state, d)
                    });
                let accepted = run.is_some_and(|state| automaton.accepts(&state));
                assert_eq!(
                    accepted,
                    Sandwich::holds(6, value, &line).is_ok(),
                    "{line:?}, {value}"
                );
            }
            lines += 1;
            while i < 6 && c[i] >= i {
                c[i] = 0;
                i += 1;
            }
            if i == 6 {
                break;
            }
            line.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
            c[i] += 1;
            i = 0;
        }
        assert_eq!(lines, 720);
    }

    #[test]
    fn reads_writes_and_solves() {
        let file = read_back(&four(
            "[[sandwichsum]]\ncell = \"r1c0\"\nvalue = 5\n\n[[sandwichsum]]\ncell = \"R0c2\"\nvalue = 0\n",
        ));
        let clues = &file.rules.constraints().sandwichsum.clues;
        assert_eq!(clues[0].clue, Place { row: 1, col: 0 });
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&Grid::empty(4), Some(1000), 1000).unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            // Row 1 is 1 2 3 4 or 4 2 3 1 (reversed); column 2 has the crusts together.
            assert!(matches!(s.get(0, 0), 1 | 4), "{s}");
            validate(&file.rules, &Grid::empty(4), s).unwrap();
        }
    }

    #[test]
    fn errors_name_the_clue() {
        assert_eq!(
            refusal(&four("[[sandwichsum]]\ncell = \"r0c0\"\nvalue = 3\n")),
            "sandwich 1: the clue at R0C0 faces no row or column: it must be outside the grid, \
             beside a row (column 0 or 5) or a column (row 0 or 5)"
        );
        assert_eq!(
            refusal(&four("[[sandwichsum]]\ncell = \"r2c2\"\nvalue = 3\n")),
            "sandwich 1: the clue at R2C2 faces no row or column: it must be outside the grid, \
             beside a row (column 0 or 5) or a column (row 0 or 5)"
        );
        assert_eq!(
            refusal(&four("[[sandwichsum]]\ncell = \"r2c5\"\nvalue = 9\n")),
            "sandwich 1: the sum between the 1 and the 4 is 9, it must be 0 to 5"
        );
        assert_eq!(
            refusal(&four("[[sandwichsum]]\ncell = \"2,5\"\nvalue = 1\n")),
            "sandwich 1: cannot read the place \"2,5\" (write it as r0c4)"
        );
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(outside_clue(0..=35), 0..4).prop_map(Sandwiches::from_clues),
        );
    }
}
