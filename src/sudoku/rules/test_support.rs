//! What the families' unit tests share: a puzzle file read, written back and read again; the
//! message that refuses a file or givens; a family's f-puzzles keys read back; an empty 4x4
//! puzzle file; random lines and outside clues of a 9x9.
//! Built for tests only; a family's tests take it whole (`use
//! crate::sudoku::rules::test_support::*`), with what they use from elsewhere.

use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use crate::sudoku::grid::Cell;
use crate::sudoku::rules::fpuzzles_io::Place;
use crate::sudoku::rules::lines::line::Line;
use crate::sudoku::rules::outside::clues::OutsideClue;

pub(crate) use crate::sudoku::file::{from_toml, to_toml, PuzzleFile};
pub(crate) use crate::sudoku::rules::fpuzzles_io::{round_trip, FpReader, FpWriter};
pub(crate) use crate::sudoku::rules::{Family, Rules, Spec};
pub(crate) use crate::sudoku::{Engine, Solver};

/// Reads the puzzle file `toml`, checks that writing it back and reading that gives the same
/// rules and givens, and hands back what was read.
///
/// # Panics
///
/// When the file does not read, or does not come back the same.
pub(crate) fn read_back(toml: &str) -> PuzzleFile {
    let file = from_toml(toml).unwrap();
    let again = from_toml(&to_toml(&file.rules, &file.givens)).unwrap();
    assert_eq!((&again.rules, &again.givens), (&file.rules, &file.givens));
    file
}

/// The message that refuses the puzzle file `toml`.
///
/// # Panics
///
/// When the file reads.
pub(crate) fn refusal(toml: &str) -> String {
    from_toml(toml).unwrap_err().to_string()
}

/// The message that refuses `givens` (row, column, digit: from 0, from 0, from 1) under
/// `rules`.
///
/// # Panics
///
/// When the givens are taken.
pub(crate) fn givens_refusal(rules: &Rules, givens: &[(usize, usize, u8)]) -> String {
    let mut grid = rules.empty_grid();
    for &(row, col, digit) in givens {
        grid.set(row, col, digit);
    }
    rules.check_givens(&grid).unwrap_err().to_string()
}

/// Checks, on random families drawn from `families`, that each reads back from f-puzzles'
/// keys on a 9x9 what it writes ([`round_trip`]).
///
/// # Panics
///
/// When one reads back otherwise (with the smallest such family proptest finds).
pub(crate) fn assert_fpuzzles_round_trip<F: Family + std::fmt::Debug>(
    families: impl Strategy<Value = F>,
) {
    TestRunner::default()
        .run(&families, |family| {
            prop_assert_eq!(round_trip(&family, 9), family);
            Ok(())
        })
        .unwrap();
}

/// A clue beside a random row or column of a 9x9, on any of the four sides, with a value in
/// `values`.
pub(crate) fn outside_clue(
    values: std::ops::RangeInclusive<i64>,
) -> impl Strategy<Value = OutsideClue> {
    (0usize..4, 1usize..=9, values).prop_map(|(side, k, value)| {
        let clue = match side {
            0 => Place { row: 0, col: k },
            1 => Place { row: 10, col: k },
            2 => Place { row: k, col: 0 },
            _ => Place { row: k, col: 10 },
        };
        OutsideClue { clue, value }
    })
}

/// A 4x4 puzzle file with no givens, `tables` after the grid.
pub(crate) fn four(tables: &str) -> String {
    format!("size = 4\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n{tables}")
}

/// A line of 1 to 7 distinct cells of a 9x9, in any order (not always a path).
pub(crate) fn random_line() -> impl Strategy<Value = Line> {
    proptest::collection::vec((0usize..9, 0usize..9), 1..8).prop_map(|raw| {
        let mut cells: Vec<Cell> = Vec::new();
        for (row, col) in raw {
            let c = Cell { row, col };
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        Line::new(cells)
    })
}
