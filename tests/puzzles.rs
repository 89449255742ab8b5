//! Real puzzles with known answers: samples of the public benchmark sets, the puzzles of the
//! articles this project grew from, and puzzles with known numbers of solutions.

use crate::common;

use common::{checked_count, lines};
use sudokux::sudoku::{validate, Backtracker, Engine, Grid, Rules, Solver, Verdict};

/// Every puzzle of `name` has exactly the solution on the same line of its `.solved` sibling,
/// proved unique by the solver, and by the reference backtracker too for one puzzle in
/// `backtrack_every` (every puzzle under `SUDOKUX_HEAVY_TESTS=1`).
fn solves_uniquely(name: &str, backtrack_every: usize) {
    let puzzles = lines(&format!("{name}.txt"));
    let solutions = lines(&format!("{name}.solved.txt"));
    assert_eq!(
        puzzles.len(),
        solutions.len(),
        "{name}: files differ in length"
    );
    assert!(!puzzles.is_empty());
    let rules = Rules::classic();
    let mut solver = Solver::new(rules.clone());
    let mut backtracker = Backtracker::new(rules.clone());
    let every = if common::heavy() { 1 } else { backtrack_every };
    for (k, (line, expected)) in puzzles.iter().zip(&solutions).enumerate() {
        let puzzle = Grid::from_line(line).unwrap();
        let expected = Grid::from_line(expected).unwrap();
        let engines = [&mut solver as &mut dyn Engine, &mut backtracker];
        for engine in engines.into_iter().take(if k % every == 0 { 2 } else { 1 }) {
            match engine.check(&puzzle).unwrap().0 {
                Verdict::Unique(solution) => {
                    validate(&rules, &puzzle, &solution).unwrap();
                    assert_eq!(solution, expected, "{name}: {line}");
                }
                other => panic!("{name}: {line}: {other:?}"),
            }
        }
    }
}

#[test]
fn articles() {
    solves_uniquely("articles", 1);
    assert_eq!(
        lines("articles.solved.txt")[2],
        "294518736615372894783964215357691482946823157821457963468239571139745628572186349"
    );
}

#[test]
fn seventeen_clue_sample() {
    // The reference backtracker takes 0.15 s a puzzle here in the test build (the solver
    // 0.04 ms): one puzzle in eight through it.
    solves_uniquely("sample_17_clue", 8);
}

#[test]
fn magictour_top1465_sample() {
    solves_uniquely("sample_top1465", 1);
}

#[test]
fn forum_hardest_1905_sample() {
    solves_uniquely("sample_hardest_1905", 1);
}

#[test]
fn forum_hardest_1106_sample() {
    solves_uniquely("sample_hardest_1106", 1);
}

#[test]
fn known_counts() {
    let rules = Rules::classic();
    let mut solver = Solver::new(rules.clone());
    let mut backtracker = Backtracker::new(rules);
    for line in lines("counts.txt") {
        let (puzzle, count) = line.split_once(' ').unwrap();
        let puzzle = Grid::from_line(puzzle).unwrap();
        let count: u128 = count.trim().parse().unwrap();
        assert_eq!(
            checked_count(&mut solver, &puzzle, count + 1),
            (count, true),
            "{line}"
        );
        assert_eq!(
            checked_count(&mut backtracker, &puzzle, count + 1),
            (count, true),
            "{line}"
        );
        if count >= 2 {
            let lower = solver.count(&puzzle, Some(count - 1)).unwrap();
            assert_eq!((lower.count, lower.complete), (count - 1, false));
        }
    }
}

#[test]
fn every_4x4_grid() {
    let rules = Rules::with_boxes(2, 2).unwrap();
    let empty = Grid::empty(4);
    for engine in [
        &mut Solver::new(rules.clone()) as &mut dyn Engine,
        &mut Backtracker::new(rules.clone()),
    ] {
        let answer = engine.enumerate(&empty, None, 288).unwrap();
        assert_eq!((answer.count, answer.complete), (288, true));
        let distinct: std::collections::HashSet<_> = answer.solutions.iter().collect();
        assert_eq!(distinct.len(), 288);
        for solution in &answer.solutions {
            validate(&rules, &empty, solution).unwrap();
        }
    }
}

#[test]
fn conflicting_givens_are_refused_before_any_search() {
    // An empty grid but for two 1s in its first row: without the check, a naive search would
    // explore an enormous tree.
    let mut puzzle = Grid::empty(9);
    puzzle.set(0, 0, 1);
    puzzle.set(0, 5, 1);
    for engine in [
        &mut Solver::new(Rules::classic()) as &mut dyn Engine,
        &mut Backtracker::new(Rules::classic()),
    ] {
        let error = engine.check(&puzzle).unwrap_err();
        assert_eq!(error.to_string(), "r1c1 and r1c6 both hold 1 (row 1)");
    }
}
