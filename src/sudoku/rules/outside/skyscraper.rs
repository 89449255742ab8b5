//! Skyscrapers: each digit is a building that high; seen from the clue, taller buildings hide
//! shorter ones behind them, and the clue says how many of the row's or column's buildings
//! are seen (the digits larger than every digit before them).
//!
//! In the exact cover a clue is an automaton read along its line (see `clues.rs`): it keeps
//! the tallest building so far and how many were seen, and accepts a line that shows exactly
//! the clue's count.
//!
//! Key: `[[skyscraper]]` tables with `cell` (the clue's place, `"r0c2"`: column 0 or n+1
//! beside a row, row 0 or n+1 beside a column) and `value` (`3`); f-puzzles key
//! `skyscraper` (`{"cell": "R0C2", "value": "3"}`).

use crate::sudoku::rules::cover::automaton::Automaton;
use crate::sudoku::rules::outside::clues::{OutsideClues, OutsideKind};

/// Skyscrapers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Skyscraper;

/// Every skyscraper clue of a puzzle.
pub type Skyscrapers = OutsideClues<Skyscraper>;

/// The automaton of one clue; its state is (the tallest building so far, how many seen). A
/// row or column holds every digit, so a line is accepted only once the tallest (`n`) was
/// seen.
#[derive(Debug, Clone, Copy)]
pub struct SkyscraperAutomaton {
    n: u8,
    value: u8,
}

impl Automaton for SkyscraperAutomaton {
    type State = (u8, u8);

    fn start(&self) -> (u8, u8) {
        (0, 0)
    }

    fn step(&self, _: usize, &(tallest, seen): &(u8, u8), digit: u8) -> Option<(u8, u8)> {
        if digit <= tallest {
            return Some((tallest, seen));
        }
        (seen < self.value).then_some((digit, seen + 1))
    }

    fn accepts(&self, &(tallest, seen): &(u8, u8)) -> bool {
        tallest == self.n && seen == self.value
    }
}

impl OutsideKind for Skyscraper {
    const KEY: &'static str = "skyscraper";
    const NAME: &'static str = "skyscraper";
    const CLASS: &'static str = "skyscrapers";
    type Automaton = SkyscraperAutomaton;

    fn check(n: usize, value: i64) -> Result<(), String> {
        if !(1..=n as i64).contains(&value) {
            return Err(format!("{value} buildings seen, it must be 1 to {n}"));
        }
        Ok(())
    }

    fn automaton(n: usize, value: i64) -> SkyscraperAutomaton {
        SkyscraperAutomaton {
            n: n as u8,
            value: value as u8,
        }
    }

    fn holds(_: usize, value: i64, digits: &[u8]) -> Result<(), String> {
        let mut tallest = 0;
        let mut seen = 0i64;
        for &d in digits {
            if d > tallest {
                tallest = d;
                seen += 1;
            }
        }
        if seen != value {
            return Err(format!("{seen} buildings are seen, the clue says {value}"));
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
        assert_eq!(Skyscraper::holds(4, 2, &[3, 1, 4, 2]), Ok(()));
        assert_eq!(Skyscraper::holds(4, 4, &[1, 2, 3, 4]), Ok(()));
        assert_eq!(
            Skyscraper::holds(4, 1, &[2, 4, 1, 3]).unwrap_err(),
            "2 buildings are seen, the clue says 1"
        );
        assert_eq!(
            Skyscraper::check(4, 5).unwrap_err(),
            "5 buildings seen, it must be 1 to 4"
        );
    }

    #[test]
    fn the_automaton_sees_the_tallest() {
        // One building seen: the tallest first. All seen: increasing, each digit in place.
        assert_eq!(
            Chain::new(&Skyscraper::automaton(9, 1), 9, 9).digits(0),
            1 << 8
        );
        let all = Chain::new(&Skyscraper::automaton(6, 6), 6, 6);
        for i in 0..6 {
            assert_eq!(all.digits(i), 1 << i);
        }
    }

    #[test]
    fn reads_writes_and_solves() {
        let text = "size = 4\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n\
                    [[skyscraper]]\ncell = \"r2c5\"\nvalue = 3\n";
        let file = read_back(text);
        let clues = &file.rules.constraints().skyscraper.clues;
        assert_eq!(clues[0].clue, Place { row: 2, col: 5 });
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&Grid::empty(4), Some(1000), 1000).unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            validate(&file.rules, &Grid::empty(4), s).unwrap();
        }
        assert_eq!(
            from_toml(&text.replace("value = 3", "value = 0"))
                .unwrap_err()
                .to_string(),
            "skyscraper 1: 0 buildings seen, it must be 1 to 4"
        );
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(outside_clue(1..=9), 0..4).prop_map(Skyscrapers::from_clues),
        );
    }
}
