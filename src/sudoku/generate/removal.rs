//! Taking givens away, one symmetry orbit at a time, while the solution stays unique; and the
//! proof that no orbit can go.
//!
//! A removal that fails at some point would fail at every later point too (fewer givens never
//! mean fewer solutions), so one pass leaves a puzzle from which no orbit can be removed; the
//! proof checks it again, orbit by orbit.

use crate::sudoku::grid::Grid;

/// Takes the `orbits` away from the filled grid `solution` (with `givens` givens, in an area
/// `cols` wide) in their order, keeping each removal only when `unique` says the puzzle still
/// has one solution, and stopping at `target` givens when there is one (an orbit that would go
/// below it is skipped). Returns the puzzle and its number of givens.
pub(super) fn remove_givens(
    solution: &Grid,
    cols: usize,
    orbits: &[Vec<usize>],
    mut givens: usize,
    target: Option<usize>,
    unique: &mut dyn FnMut(&Grid) -> bool,
) -> (Grid, usize) {
    let mut puzzle = solution.clone();
    for orbit in orbits {
        if let Some(target) = target {
            if givens <= target {
                break;
            }
            if givens - orbit.len() < target {
                continue;
            }
        }
        for &p in orbit {
            puzzle.set(p / cols, p % cols, 0);
        }
        if unique(&puzzle) {
            givens -= orbit.len();
        } else {
            for &p in orbit {
                puzzle.set(p / cols, p % cols, solution.cells()[p]);
            }
        }
    }
    (puzzle, givens)
}

/// The proof of minimality: every orbit of givens (every single given, without a symmetry),
/// taken away, leaves several solutions. `puzzle` is given back as it came.
pub(super) fn is_minimal(
    puzzle: &mut Grid,
    solution: &Grid,
    cols: usize,
    orbits: &[Vec<usize>],
    unique: &mut dyn FnMut(&Grid) -> bool,
) -> bool {
    for orbit in orbits {
        if puzzle.cells()[orbit[0]] == 0 {
            continue;
        }
        for &p in orbit {
            puzzle.set(p / cols, p % cols, 0);
        }
        let removable = unique(puzzle);
        for &p in orbit {
            puzzle.set(p / cols, p % cols, solution.cells()[p]);
        }
        if removable {
            return false;
        }
    }
    true
}
