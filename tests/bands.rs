//! Counts of empty grids from their symmetries (`sudokux::sudoku::bands`), checked against
//! the plain count where it finishes, and never used where a rule breaks a symmetry.

use sudokux::sudoku::bands::{self, below, Shape};
use sudokux::sudoku::{Constraints, Engine, Grid, Rules, Solver, Symmetry};
use sudokux::xc::{Budget, Watch};

use crate::common::{heavy, instance, kinds, random_solution};

/// The count of `grid` under plain `rows x cols` boxes with no symmetry used: every solution
/// searched by the exact-cover engine.
fn plain_count(rows: usize, cols: usize, grid: &Grid) -> u128 {
    let rules = Rules::with_boxes(rows, cols).unwrap();
    let mut solver = Solver::new(rules).with_symmetry(false);
    let answer = solver.count(grid, None).unwrap();
    assert!(answer.complete);
    assert!(answer.symmetries.is_empty());
    answer.count
}

/// The digit sets the top `bands` bands of `solution` leave each column (digits from 0).
fn state_below(solution: &Grid, rows: usize, bands: usize) -> Vec<u32> {
    let n = solution.cols();
    let all = (1u32 << n) - 1;
    (0..n)
        .map(|j| (0..rows * bands).fold(all, |left, i| left & !(1 << (solution.get(i, j) - 1))))
        .collect()
}

/// `solution` with only its top `bands` bands given.
fn top_of(solution: &Grid, rows: usize, bands: usize) -> Grid {
    let n = solution.cols();
    let cells: Vec<u8> = (0..n * n)
        .map(|p| {
            if p / n < rows * bands {
                solution.cells()[p]
            } else {
                0
            }
        })
        .collect();
    Grid::from_cells(n, cells).unwrap()
}

#[test]
fn the_4x4_count_by_bands_is_the_plain_count() {
    let rules = Rules::with_boxes(2, 2).unwrap();
    let empty = rules.empty_grid();
    let mut solver = Solver::new(rules);
    let answer = solver.count(&empty, None).unwrap();
    assert_eq!(answer.count, 288);
    assert!(answer.complete);
    assert_eq!(answer.symmetries, bands::SYMMETRIES);
    assert_eq!(plain_count(2, 2, &empty), 288);
}

#[test]
fn the_6x6_counts_by_bands_are_published_and_add_up_band_by_band() {
    for (rows, cols) in [(2, 3), (3, 2)] {
        let rules = Rules::with_boxes(rows, cols).unwrap();
        let counted = Solver::new(rules.clone())
            .count_threads(&rules.empty_grid(), None, 2)
            .unwrap();
        assert_eq!(counted.count, 28_200_960, "{rows}x{cols}");
        assert!(counted.complete);
    }
}

#[test]
fn grids_below_a_given_top_are_the_plain_count_of_its_completions() {
    // (box rows, box columns, bands given): every shape and depth whose plain count is quick.
    let cases = [
        (2, 2, 1),
        (2, 3, 1),
        (2, 3, 2),
        (3, 2, 1),
        (2, 4, 2),
        (2, 4, 3),
        (4, 2, 1),
        (3, 3, 2),
    ];
    for (rows, cols, given) in cases {
        let shape = Shape { rows, cols };
        let rules = Rules::with_boxes(rows, cols).unwrap();
        for seed in 0..3 {
            let solution = random_solution(&rules, seed);
            let top = top_of(&solution, rows, given);
            let expected = plain_count(rows, cols, &top);
            assert!(
                expected >= 1,
                "{rows}x{cols}: the solution completes its top"
            );
            let state = state_below(&solution, rows, given);
            assert_eq!(
                below(&shape, &state),
                expected,
                "{rows}x{cols}, {given} band(s) of {solution} given"
            );
        }
    }
}

#[test]
fn the_8x8_count_is_the_published_one() {
    // Seconds in release, longer here: with the heavy tests only (CI runs them).
    if !heavy() {
        return;
    }
    for (rows, cols) in [(2, 4), (4, 2)] {
        let counted = bands::count(&Shape { rows, cols }, 2, &Watch::new(), Budget::UNLIMITED);
        assert_eq!(counted.count, 29_136_487_207_403_520, "{rows}x{cols}");
        assert!(counted.complete);
    }
}

#[test]
fn a_stopped_count_by_bands_says_how_far_it_got() {
    // 6x6 with 2x3 boxes: a top band of 15 nodes, then 3 classes of 200 nodes each.
    let rules = Rules::with_boxes(2, 3).unwrap();
    let empty = rules.empty_grid();
    let count = |budget| {
        Solver::new(rules.clone())
            .count_bounded(&empty, None, 1, &Watch::new(), budget)
            .unwrap()
    };
    let in_top_band = count(Budget::nodes(5));
    assert_eq!(in_top_band.band_classes, Some((0, 0)));
    assert_eq!((in_top_band.count, in_top_band.complete), (0, false));
    // Stopped between classes: the classes counted whole, exactly.
    let plan = bands::Plan::new(
        &Shape { rows: 2, cols: 3 },
        &Watch::new(),
        Budget::UNLIMITED,
    );
    let per_class: Vec<u128> = (0..3)
        .map(|k| {
            let one = plan
                .count(&[k], 1, &Watch::new(), Budget::UNLIMITED)
                .unwrap();
            assert!(one.complete);
            one.count
        })
        .collect();
    assert_eq!(per_class.iter().sum::<u128>(), 28_200_960);
    let part = count(Budget::nodes(plan.nodes() + 300));
    let (finished, classes) = part.band_classes.unwrap();
    assert_eq!(classes, 3);
    assert!((1..3).contains(&finished), "{part:?}");
    assert!(!part.complete);
    assert_eq!(part.count, per_class[..finished].iter().sum::<u128>());
    let whole = count(Budget::UNLIMITED);
    assert_eq!(whole.band_classes, Some((3, 3)));
    assert_eq!(whole.count, 28_200_960);
}

#[test]
fn a_count_with_a_limit_or_a_given_searches_plainly() {
    let rules = Rules::with_boxes(2, 2).unwrap();
    let mut solver = Solver::new(rules.clone());
    let limited = solver.count(&rules.empty_grid(), Some(100)).unwrap();
    assert!(limited.count >= 100, "{limited:?}");
    assert!(!limited.complete);
    assert!(!limited.symmetries.contains(&Symmetry::Stacks));
    let mut cells = vec![0; 16];
    cells[0] = 1;
    let given = Grid::from_cells(4, cells).unwrap();
    let answer = solver.count(&given, None).unwrap();
    assert_eq!(answer.count, 288 / 4);
    assert!(!answer.symmetries.contains(&Symmetry::Stacks));
    assert_eq!(plain_count(2, 2, &given), 72);
}

#[test]
fn rules_that_break_a_symmetry_are_never_counted_by_bands() {
    // Random rules of every kind the property tests make (jigsaws, diagonals, windoku,
    // anti-knight, cages, extra units, lines, ...): only the plain kind is counted by bands,
    // and on 4x4 grids every count agrees with the plain count.
    for (k, &kind) in kinds().iter().enumerate() {
        for seed in 0..4 {
            let (rules, _) = instance(kind, 1000 * k as u64 + seed);
            let shape = Shape::of(&rules);
            // A random instance may come out plain (little killers all off the grid).
            let plain_rules = rules.spec().constraints == Constraints::default()
                && rules.spec().regions.is_none()
                && rules.grids().len() == 1;
            assert_eq!(shape.is_some(), plain_rules, "kind {kind}, seed {seed}");
            if kind == "plain" {
                assert!(plain_rules);
            }
            if rules.size() != 4 {
                continue;
            }
            let empty = rules.empty_grid();
            let answer = Solver::new(rules.clone()).count(&empty, None).unwrap();
            let plain = Solver::new(rules.clone())
                .with_symmetry(false)
                .count(&empty, None)
                .unwrap();
            assert_eq!(answer.count, plain.count, "kind {kind}, seed {seed}");
            assert_eq!(
                answer.symmetries.contains(&Symmetry::Stacks),
                plain_rules,
                "kind {kind}, seed {seed}"
            );
        }
    }
}

#[test]
fn other_shapes_are_not_counted_by_bands() {
    // Latin squares (boxes of one row), one box as large as the grid, and shapes whose counts
    // pass what the band count holds.
    for spec in [(1, 4), (4, 1), (1, 6), (3, 4), (5, 5)] {
        let rules = Rules::with_boxes(spec.0, spec.1).unwrap();
        assert_eq!(Shape::of(&rules), None, "{spec:?}");
    }
    let rules = Rules::with_boxes(3, 3).unwrap();
    assert_eq!(Shape::of(&rules), Some(Shape { rows: 3, cols: 3 }));
}

#[test]
fn a_grid_with_random_givens_is_never_counted_by_bands() {
    // Givens taken from a random grid, anywhere (one to three on 4x4, six to eleven on 6x6,
    // so that the plain count stays short): the count must be the plain one (a given breaks
    // the digit and stack symmetries).
    for (rows, cols) in [(2, 2), (2, 3), (3, 2)] {
        let rules = Rules::with_boxes(rows, cols).unwrap();
        let n = rules.size();
        for seed in 0..6u64 {
            let solution = random_solution(&rules, 40 + seed);
            let mut rng = crate::common::Rng::new(seed);
            let givens = if n == 4 {
                1 + rng.below(3)
            } else {
                6 + rng.below(6)
            };
            let keep: Vec<usize> = (0..givens).map(|_| rng.below(n * n)).collect();
            let cells: Vec<u8> = (0..n * n)
                .map(|p| {
                    if keep.contains(&p) {
                        solution.cells()[p]
                    } else {
                        0
                    }
                })
                .collect();
            let given = Grid::from_cells(n, cells).unwrap();
            let answer = Solver::new(rules.clone()).count(&given, None).unwrap();
            assert!(
                !answer.symmetries.contains(&Symmetry::Stacks),
                "{rows}x{cols} seed {seed}: {:?}",
                answer.symmetries
            );
            assert_eq!(
                answer.count,
                plain_count(rows, cols, &given),
                "{rows}x{cols} seed {seed}"
            );
        }
    }
}
