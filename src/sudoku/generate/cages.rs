//! Random killer cages over a solution: connected, of different digits, with its sums.

use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::rules::{Cage, Rules};

use super::regions::neighbours;
use super::rng::Rng;

/// Largest killer cage.
const MAX_CAGE: usize = 5;

/// Random killer cages over the active cells of `rules`, for `solution`: every cell in one
/// cage; cages are connected, of 1 to 5 cells (mostly 2 to 4) holding different digits, and
/// their sums are those of the solution.
pub fn random_cages(rules: &Rules, solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
    let (rows, cols) = (rules.rows(), rules.cols());
    let largest = MAX_CAGE.min(rules.size());
    // Weights of cage sizes 1..=5.
    const WEIGHTS: [usize; MAX_CAGE] = [1, 4, 4, 3, 2];
    let total: usize = WEIGHTS[..largest].iter().sum();
    let mut taken = vec![false; rows * cols];
    let mut order = rules.cells().to_vec();
    rng.shuffle(&mut order);
    let digits = solution.cells();
    let mut cages = Vec::new();
    let mut frontier = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let mut pick = rng.below(total);
        let mut size = 1;
        while pick >= WEIGHTS[size - 1] {
            pick -= WEIGHTS[size - 1];
            size += 1;
        }
        taken[start] = true;
        let mut cells = vec![start];
        let mut used = 1u64 << digits[start];
        while cells.len() < size {
            frontier.clear();
            for &p in &cells {
                frontier
                    .extend(neighbours(p, rows, cols).filter(|&q| {
                        rules.is_active(q) && !taken[q] && used >> digits[q] & 1 == 0
                    }));
            }
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let q = frontier[rng.below(frontier.len())];
            taken[q] = true;
            used |= 1 << digits[q];
            cells.push(q);
        }
        cells.sort_unstable();
        cages.push(Cage {
            sum: cells.iter().map(|&p| u32::from(digits[p])).sum(),
            cells: cells.iter().map(|&p| Cell::from_index(p, cols)).collect(),
        });
    }
    cages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::generate::solution::random_solution;
    use crate::sudoku::rules::Spec;
    use crate::sudoku::validate::validate;

    #[test]
    fn random_cages_partition_the_grid_with_the_solution_sums() {
        let rules = Rules::classic();
        let mut rng = Rng::new(3);
        let solution = random_solution(&rules, &mut rng).unwrap();
        let cages = random_cages(&rules, &solution, &mut rng);
        let cells: usize = cages.iter().map(|c| c.cells.len()).sum();
        assert_eq!(cells, 81);
        let killer = Rules::new(Spec::new(9).with(|c| c.cage.cages = cages)).unwrap();
        validate(&killer, &killer.empty_grid(), &solution).unwrap();
    }
}
