//! Taking givens away, one symmetry orbit at a time, while the solution stays unique; and the
//! proof that no orbit can go.
//!
//! A removal that fails at some point would fail at every later point too (fewer givens never
//! mean fewer solutions), so one pass leaves a puzzle from which no orbit can be removed; the
//! proof checks it again, orbit by orbit. A check may also be undecided (its search ran out of
//! nodes): the given stays, the puzzle stays proved unique, but it is then not proved minimal.

use crate::sudoku::grid::Grid;

/// What a check of one removal found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Check {
    /// The puzzle without the orbit still has one solution.
    Unique,
    /// It has several.
    Several,
    /// The check's node budget ran out first: the orbit stays.
    Undecided,
    /// The time ran out: the pass stops here.
    OutOfTime,
}

/// What a pass of removals did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pass {
    /// The puzzle left.
    pub puzzle: Grid,
    /// Its number of givens.
    pub givens: usize,
    /// Checks that ran out of nodes (their orbits stayed).
    pub undecided: u64,
    /// The time ran out before every orbit was tried.
    pub out_of_time: bool,
}

/// Takes the `orbits` away from the filled grid `solution` (with `givens` givens, in an area
/// `cols` wide) in their order, keeping each removal only when `check` (given the puzzle
/// without the orbit, and the orbit) says the puzzle still has one solution, and stopping at
/// `target` givens when there is one (an orbit that would go below it is skipped).
pub(super) fn remove_givens(
    solution: &Grid,
    cols: usize,
    orbits: &[Vec<usize>],
    mut givens: usize,
    target: Option<usize>,
    check: &mut dyn FnMut(&Grid, &[usize]) -> Check,
) -> Pass {
    let mut puzzle = solution.clone();
    let mut undecided = 0;
    let mut out_of_time = false;
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
        let verdict = check(&puzzle, orbit);
        if verdict == Check::Unique {
            givens -= orbit.len();
            continue;
        }
        for &p in orbit {
            puzzle.set(p / cols, p % cols, solution.cells()[p]);
        }
        match verdict {
            Check::Undecided => undecided += 1,
            Check::OutOfTime => {
                out_of_time = true;
                break;
            }
            Check::Unique | Check::Several => {}
        }
    }
    Pass {
        puzzle,
        givens,
        undecided,
        out_of_time,
    }
}

/// The proof of minimality: every orbit of givens (every single given, without a symmetry),
/// taken away, leaves several solutions. `puzzle` is given back as it came. `None` when a
/// check could not decide (out of nodes or of time).
pub(super) fn is_minimal(
    puzzle: &mut Grid,
    solution: &Grid,
    cols: usize,
    orbits: &[Vec<usize>],
    check: &mut dyn FnMut(&Grid, &[usize]) -> Check,
) -> Option<bool> {
    for orbit in orbits {
        if puzzle.cells()[orbit[0]] == 0 {
            continue;
        }
        for &p in orbit {
            puzzle.set(p / cols, p % cols, 0);
        }
        let verdict = check(puzzle, orbit);
        for &p in orbit {
            puzzle.set(p / cols, p % cols, solution.cells()[p]);
        }
        match verdict {
            Check::Unique => return Some(false),
            Check::Several => {}
            Check::Undecided | Check::OutOfTime => return None,
        }
    }
    Some(true)
}
