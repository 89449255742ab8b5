//! Property tests: the exact-cover solver against the reference backtracker on random puzzles,
//! every solution through the independent validator, and counts that must not change under
//! the symmetries of sudoku.

use crate::common;

use common::{checked_count, puzzle_from, random_solution, Rng};
use proptest::prelude::*;
use sudokux::sudoku::{Backtracker, Engine, Grid, Rules, Solver};

/// Solutions are counted up to this many.
const LIMIT: u128 = 40;

/// A random puzzle: a random filled grid with all but `givens` cells emptied.
fn puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), 20usize..=50).prop_map(|(seed, givens)| {
        let solution = random_solution(&Rules::classic(), seed);
        puzzle_from(&solution, givens, seed)
    })
}

fn dlx_count(puzzle: &Grid) -> (u128, bool) {
    checked_count(&mut Solver::new(Rules::classic()), puzzle, LIMIT)
}

/// A grid transformed cell by cell: `to(r, c)` is where the digit at (r, c) goes, `digit`
/// relabels.
fn transform(
    grid: &Grid,
    to: impl Fn(usize, usize) -> (usize, usize),
    digit: impl Fn(u8) -> u8,
) -> Grid {
    let mut out = Grid::empty(9);
    for r in 0..9 {
        for c in 0..9 {
            let d = grid.get(r, c);
            let (r2, c2) = to(r, c);
            out.set(r2, c2, if d == 0 { 0 } else { digit(d) });
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solver_agrees_with_the_backtracker(puzzle in puzzle()) {
        let dlx = dlx_count(&puzzle);
        let reference = checked_count(&mut Backtracker::new(Rules::classic()), &puzzle, LIMIT);
        prop_assert_eq!(dlx, reference, "puzzle {}", puzzle);
        prop_assert!(dlx.0 >= 1, "a puzzle cut from a solution has one");
    }

    /// Locked candidates on the matrix (item domination), which the solver leaves off at 9x9,
    /// turned on: the same counts and proofs as the backtracker.
    #[test]
    fn item_domination_agrees_with_the_backtracker(
        puzzle in puzzle(),
        max in prop_oneof![Just(2u32), Just(3), Just(u32::MAX)],
    ) {
        let mut solver = Solver::new(Rules::classic()).with_domination(Some(max));
        let reduced = checked_count(&mut solver, &puzzle, LIMIT);
        let reference = checked_count(&mut Backtracker::new(Rules::classic()), &puzzle, LIMIT);
        prop_assert_eq!(reduced, reference, "puzzle {}", puzzle);
    }

    #[test]
    fn relabelling_digits_keeps_the_count(puzzle in puzzle(), seed in any::<u64>()) {
        let mut labels: Vec<u8> = (1..=9).collect();
        Rng::new(seed).shuffle(&mut labels);
        let relabelled = transform(&puzzle, |r, c| (r, c), |d| labels[d as usize - 1]);
        prop_assert_eq!(dlx_count(&puzzle), dlx_count(&relabelled));
    }

    #[test]
    fn transposing_keeps_the_count(puzzle in puzzle()) {
        let transposed = transform(&puzzle, |r, c| (c, r), |d| d);
        prop_assert_eq!(dlx_count(&puzzle), dlx_count(&transposed));
    }

    #[test]
    fn permuting_rows_in_a_band_and_bands_keeps_the_count(puzzle in puzzle(), seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut inside = [[0usize, 1, 2]; 3];
        for band in &mut inside {
            rng.shuffle(band);
        }
        let permuted = transform(
            &puzzle,
            |r, c| (bands[r / 3] * 3 + inside[r / 3][r % 3], c),
            |d| d,
        );
        prop_assert_eq!(dlx_count(&puzzle), dlx_count(&permuted));
    }

    #[test]
    fn a_given_from_a_solution_never_raises_the_count(puzzle in puzzle(), pick in any::<prop::sample::Index>()) {
        let before = dlx_count(&puzzle);
        let answer = Solver::new(Rules::classic()).enumerate(&puzzle, Some(1), 1).unwrap();
        let solution = &answer.solutions[0];
        let empty: Vec<usize> = (0..81).filter(|&k| puzzle.cells()[k] == 0).collect();
        prop_assume!(!empty.is_empty());
        let k = empty[pick.index(empty.len())];
        let mut more = puzzle.clone();
        more.set(k / 9, k % 9, solution.cells()[k]);
        let after = dlx_count(&more);
        prop_assert!(after.0 >= 1);
        // Fewer or equal solutions; an exact count before means an exact count after.
        prop_assert!(after.0 <= before.0 || !before.1, "{:?} -> {:?}", before, after);
        prop_assert!(after.1 || !before.1);
    }
}
