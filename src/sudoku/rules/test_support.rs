//! What the families' unit tests share: round trips through puzzle files and f-puzzles, an
//! empty 4x4 puzzle file and what it refuses, random lines and outside clues of a 9x9.
//! Built for tests only.

use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use crate::sudoku::file::{from_toml, to_toml, PuzzleFile};
use crate::sudoku::grid::Cell;
use crate::sudoku::rules::constraint::Family;
use crate::sudoku::rules::fpuzzles_io::{round_trip, Place};
use crate::sudoku::rules::lines::line::Line;
use crate::sudoku::rules::outside::clues::OutsideClue;

/// Writes `file` as a puzzle file and reads it back: the same constraints.
///
/// # Panics
///
/// When what was written does not read, or reads as other constraints.
pub(crate) fn assert_toml_round_trip(file: &PuzzleFile) {
    let again = from_toml(&to_toml(&file.rules, &file.givens)).unwrap();
    assert_eq!(again.rules.constraints(), file.rules.constraints());
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

/// Why the 4x4 puzzle file with `tables` ([`four`]) is refused, as a person reads it.
///
/// # Panics
///
/// When the file reads.
pub(crate) fn refusal(tables: &str) -> String {
    from_toml(&four(tables)).unwrap_err().to_string()
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
