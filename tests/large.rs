//! Large grids: one solution of an empty grid up to 64x64 by the restarting search, generation
//! from 25x25 up with a node budget per check, the same seed giving the same answer, and the
//! cheaper uniqueness check (a solution other than the known one) agreeing with a count by the
//! reference backtracker. Every solution is checked by the independent validator.

use crate::common;

use proptest::prelude::*;
use sudokux::sudoku::generate::{random_solution, Generator, Rng, Settings};
use sudokux::sudoku::{validate, Backtracker, Engine, Grid, Rules, Solver, Spec};

use common::sudokux;

/// One solution of an empty grid, from the solver, validated.
fn first_of_empty(size: usize) -> Grid {
    let rules = Rules::new(Spec::new(size)).unwrap();
    let mut solver = Solver::new(rules.clone());
    let empty = Grid::empty(size);
    let (solution, _) = solver.solve_first(&empty).unwrap();
    let solution = solution.unwrap_or_else(|| panic!("an empty {size}x{size} has solutions"));
    validate(&rules, &empty, &solution).unwrap();
    solution
}

#[test]
fn empty_grids_up_to_64x64_are_solved_and_the_same_twice() {
    for size in [36, 49, 64] {
        let once = first_of_empty(size);
        assert_eq!(once, first_of_empty(size), "{size}x{size}");
    }
}

#[test]
fn a_large_puzzle_with_givens_is_solved_by_the_restarting_search() {
    // Givens from a solution of an empty 36x36, every third cell: the restarting search must
    // keep them.
    let full = first_of_empty(36);
    let mut puzzle = full.clone();
    for p in (0..36 * 36).filter(|p| p % 3 != 0) {
        puzzle.set(p / 36, p % 36, 0);
    }
    let rules = Rules::new(Spec::new(36)).unwrap();
    let mut solver = Solver::new(rules.clone());
    let (solution, _) = solver.solve_first(&puzzle).unwrap();
    validate(&rules, &puzzle, &solution.unwrap()).unwrap();
}

#[test]
fn a_25x25_puzzle_is_generated_unique_and_the_same_from_the_same_seed() {
    let generator = Generator::new(Spec::new(25), Settings::default()).unwrap();
    let made = generator.generate(1, 1).unwrap();
    validate(&made.rules, &made.puzzle, &made.solution).unwrap();
    let mut solver = Solver::new(made.rules.clone());
    let answer = solver.enumerate(&made.puzzle, Some(2), 1).unwrap();
    assert_eq!(answer.count, 1);
    assert!(answer.complete);
    assert_eq!(answer.solutions[0], made.solution);
    assert_eq!(made.givens, made.puzzle.filled());
    assert!(made.givens < 25 * 25 / 2, "{} givens", made.givens);
    assert_eq!(generator.generate(1, 1).unwrap(), made);
}

#[test]
fn random_filled_grids_of_25x25_are_valid_and_reproducible() {
    let rules = Rules::new(Spec::new(25)).unwrap();
    let grid = random_solution(&rules, &mut Rng::new(3)).unwrap();
    validate(&rules, &Grid::empty(25), &grid).unwrap();
    assert_eq!(
        random_solution(&rules, &mut Rng::new(3)),
        Some(grid.clone())
    );
    assert_ne!(random_solution(&rules, &mut Rng::new(4)), Some(grid));
}

#[test]
fn generate_gives_the_same_25x25_puzzles_on_any_number_of_threads() {
    let run = |jobs: &str| {
        let output = sudokux(
            &[
                "generate", "--size", "25", "--count", "2", "--seed", "5", "--jobs", jobs, "-q",
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 2);
    assert_eq!(one, run("2"));
    // And `check` proves each unique.
    let checked = sudokux(&["check", "--size", "25"], &one);
    assert_eq!(checked.status.code(), Some(0));
}

#[test]
fn generate_stops_at_its_timeout_and_says_so() {
    let output = sudokux(
        &[
            "generate",
            "--size",
            "36",
            "--seed",
            "1",
            "--timeout",
            "0.05",
            "-q",
        ],
        "",
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("timeout"), "{stderr}");
    // A puzzle written is unique all the same.
    let stdout = String::from_utf8(output.stdout).unwrap();
    if !stdout.is_empty() {
        let checked = sudokux(&["check", "--size", "36"], &stdout);
        assert_eq!(checked.status.code(), Some(0));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On small grids, a puzzle taken from a solution, with one more cell emptied: "a
    /// solution with another digit there" exists exactly when the reference backtracker
    /// counts more solutions than the puzzle before had.
    #[test]
    fn the_check_for_another_solution_agrees_with_the_backtracker(
        seed in any::<u64>(),
        six in any::<bool>(),
        keep in 0usize..18,
    ) {
        let size = if six { 6 } else { 4 };
        let rules = Rules::new(Spec::new(size)).unwrap();
        let mut rng = Rng::new(seed);
        let full = random_solution(&rules, &mut rng).unwrap();
        let cells = size * size;
        let mut order: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut order);
        let mut puzzle = full.clone();
        // At least half the cells kept, so that the backtracker counts quickly.
        let kept = cells / 2 + keep % (cells / 2);
        for &p in &order[..cells - kept] {
            puzzle.set(p / size, p % size, 0);
        }
        let mut reference = Backtracker::new(rules.clone());
        let before = reference.count(&puzzle, None).unwrap().count;
        let p = order[cells - kept];
        let digit = full.cells()[p];
        let mut emptied = puzzle.clone();
        emptied.set(p / size, p % size, 0);
        let after = reference.count(&emptied, None).unwrap().count;
        let mut solver = Solver::new(rules);
        let other = solver
            .has_other(&emptied, p, digit, sudokux::xc::Budget::UNLIMITED)
            .unwrap();
        prop_assert_eq!(other, Some(after > before));
    }
}

#[test]
fn generate_shows_its_progress_when_asked() {
    // A minimal 25x25 takes far longer than the half second before the line appears; the
    // timeout ends it after two seconds, with the puzzle reached.
    let output = sudokux(
        &[
            "generate",
            "--size",
            "25",
            "--seed",
            "1",
            "--minimal",
            "--timeout",
            "2",
            "--progress",
        ],
        "",
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("generating"), "{stderr}");
    assert!(stderr.contains("givens left"), "{stderr}");
    assert!(
        stderr.contains("--timeout reached") && stderr.contains("not proved minimal"),
        "{stderr}"
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let checked = sudokux(&["check", "--size", "25"], &stdout);
    assert_eq!(checked.status.code(), Some(0));
}
