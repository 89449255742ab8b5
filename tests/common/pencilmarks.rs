//! Random given pencil marks read off a solution of the plain rules.

use sudokux::sudoku::{Cell, Grid, Rules, Spec};

use super::{engine_solution, Rng};

/// Pencil marks on random cells: mostly the solution's digit among random others, so that
/// the solution often keeps them, and sometimes without it (the instance may then have no
/// solution, or others).
pub fn instance(base: Spec, rng: &mut Rng, seed: u64) -> (Rules, Option<Grid>) {
    let plain = Rules::new(base.clone()).unwrap();
    let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
    let n = solution.rows();
    let keep_all = rng.below(2) == 0;
    let mut spec = base;
    let marks = &mut spec.constraints.pencilmarks;
    for p in 0..n * n {
        if rng.below(4) != 0 {
            continue;
        }
        let mut digits: Vec<u8> = (0..rng.below(3)).map(|_| 1 + rng.below(n) as u8).collect();
        if keep_all || rng.below(4) != 0 {
            digits.push(solution.cells()[p]);
        }
        if !digits.is_empty() {
            marks.push(Cell::from_index(p, n), digits);
        }
    }
    let rules = Rules::new(spec).unwrap();
    let kept = keep_all.then_some(solution);
    (rules, kept)
}
