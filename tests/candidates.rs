//! Puzzles given as candidates (pencilmarks): both engines honour every candidate, checked
//! against a reference that filters the plain puzzle's solutions by the candidates.

use crate::common;

use common::{puzzle_from, random_solution, Rng};
use proptest::prelude::*;
use sudokux::sudoku::{validate, Backtracker, Candidates, Engine, Grid, Rules, Solver};

/// Two solutions: an unavoidable rectangle left open (r1c1, r1c7, r3c1, r3c7 hold 2 or 7).
const TWO: &str =
    ".94518.36615372894.83964.15357691482946823157821457963468239571139745628572186349";

fn engines(rules: &Rules) -> [Box<dyn Engine>; 2] {
    [
        Box::new(Solver::new(rules.clone())),
        Box::new(Backtracker::new(rules.clone())),
    ]
}

#[test]
fn a_candidate_left_out_makes_a_puzzle_unique() {
    let rules = Rules::classic();
    let grid = Grid::from_line(TWO).unwrap();
    let mut candidates = Candidates::from_grid(&grid);
    // r1c1 may hold 2 or 7 in the two solutions; only 7 and 9 are left (9 is no help).
    candidates.set(0, 1 << 6 | 1 << 8);
    for mut engine in engines(&rules) {
        assert_eq!(engine.enumerate(&grid, Some(2), 0).unwrap().count, 2);
        let answer = engine
            .enumerate_candidates(&candidates, Some(2), 2)
            .unwrap();
        assert_eq!((answer.count, answer.complete), (1, true));
        let solution = &answer.solutions[0];
        assert_eq!(solution.get(0, 0), 7);
        validate(&rules, &grid, solution).unwrap();
        assert!(candidates.admits(solution));
    }
    // Neither of r1c1's two possible digits left: no solution.
    candidates.set(0, 1 << 0 | 1 << 8);
    for mut engine in engines(&rules) {
        assert_eq!(
            engine
                .enumerate_candidates(&candidates, None, 0)
                .unwrap()
                .count,
            0
        );
    }
}

/// A random 4x4 or 6x6 puzzle with few givens, and random candidates for its other cells.
fn restricted() -> impl Strategy<Value = (Rules, Grid, Candidates)> {
    (any::<u64>(), prop::bool::ANY, 0usize..=5).prop_map(|(seed, six, givens)| {
        let rules = if six {
            Rules::with_boxes(2, 3).unwrap()
        } else {
            Rules::with_boxes(2, 2).unwrap()
        };
        let n = rules.size();
        let solution = random_solution(&rules, seed);
        // Few enough solutions to list them all.
        let givens = if six { givens + 12 } else { givens };
        let grid = puzzle_from(&solution, givens, seed);
        let mut candidates = Candidates::from_grid(&grid);
        let mut rng = Rng::new(seed ^ 0x5555);
        for p in 0..n * n {
            if grid.cells()[p] == 0 && rng.below(3) == 0 {
                // Random masks, often with the solution's digit, sometimes without.
                let mut mask = rng.next() & Candidates::full(n);
                if rng.below(4) != 0 {
                    mask |= 1 << (solution.cells()[p] - 1);
                }
                if mask != 0 {
                    candidates.set(p, mask);
                }
            }
        }
        (rules, grid, candidates)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn both_engines_count_the_admitted_solutions((rules, grid, candidates) in restricted()) {
        // A single candidate is a given, and may break the rules: both engines then refuse.
        if rules.check_givens(&candidates.givens()).is_err() {
            for mut engine in engines(&rules) {
                prop_assert!(engine.enumerate_candidates(&candidates, None, 0).is_err());
            }
            return Ok(());
        }
        // Reference: every solution of the givens alone, kept when the candidates admit it.
        let all = Solver::new(rules.clone()).enumerate(&candidates.givens(), Some(2000), usize::MAX).unwrap();
        prop_assume!(all.complete);
        let admitted: Vec<&Grid> = all.solutions.iter().filter(|s| candidates.admits(s)).collect();
        for mut engine in engines(&rules) {
            let answer = engine.enumerate_candidates(&candidates, None, 3).unwrap();
            prop_assert_eq!(answer.count, admitted.len() as u128);
            for solution in &answer.solutions {
                validate(&rules, &grid, solution).unwrap();
                prop_assert!(candidates.admits(solution));
            }
        }
    }
}
