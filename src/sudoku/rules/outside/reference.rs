//! The reference backtracker's view of outside clues, from their meaning: the clues facing
//! one row or column (from either end) are judged together, by trying every way of filling
//! the line's empty cells when few are left (any number on small grids), and once before the
//! search on a whole empty line, so that clues that cannot all hold are seen at once.

use crate::sudoku::rules::constraint::{allowed_by_trial, Reference};
use crate::sudoku::rules::cover::encoder::full_mask;
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::unit_index::by_position;

/// A kind's rule from its meaning on a full line read from the clue inward
/// (`OutsideKind::holds`): whether an `n`-digit line keeps a clue of `value`.
pub(super) type Holds = fn(n: usize, value: i64, digits: &[u8]) -> bool;

/// The empty cells of a line the reference fills in every way before it judges a clue;
/// with more, it lets every digit through (unless the clues facing the line cannot all hold
/// on any line: see [`REFERENCE_WHOLE`]).
const REFERENCE_EMPTY: usize = 4;

/// The largest grids on which the reference judges lines with any number of empty cells.
const REFERENCE_SMALL: usize = 6;

/// The largest grids on which the reference tries every line of digits once, before the
/// search, to find the rows and columns whose clues cannot all hold together.
const REFERENCE_WHOLE: usize = 8;

/// A row or column some clues face, for the reference.
///
/// Invariants: `cells` ascending; each clue's reading order is a permutation of
/// `0..cells.len()`, from the clue inward.
#[derive(Debug)]
struct FacedLine {
    cells: Vec<usize>,
    clues: Vec<(Vec<usize>, i64)>,
    /// No line of digits keeps every clue (worked out on grids of up to
    /// [`REFERENCE_WHOLE`] digits).
    dead: bool,
}

/// The reference backtracker's view of the clues: a digit is allowed unless every way of
/// filling the rest of a line through it breaks a clue facing the line (judged only on lines
/// with few empty cells). Loose in general, exact on a full line.
#[derive(Debug)]
pub(super) struct OutsideReference {
    n: usize,
    lines: Vec<FacedLine>,
    /// The faced lines through each position.
    lines_of: Vec<Vec<usize>>,
    holds: Holds,
}

impl OutsideReference {
    /// The reference for clues given as (the positions of its line from the clue inward,
    /// its value).
    pub(super) fn new(
        geometry: &Geometry,
        holds: Holds,
        clues: impl IntoIterator<Item = (Vec<usize>, i64)>,
    ) -> OutsideReference {
        let n = geometry.size();
        let mut faced: Vec<FacedLine> = Vec::new();
        for (line, value) in clues {
            let mut cells = line.clone();
            cells.sort_unstable();
            let l = match faced.iter().position(|f| f.cells == cells) {
                Some(l) => l,
                None => {
                    faced.push(FacedLine {
                        cells,
                        clues: Vec::new(),
                        dead: false,
                    });
                    faced.len() - 1
                }
            };
            let cells = &faced[l].cells;
            let order = line
                .iter()
                .map(|p| cells.binary_search(p).expect("the same cells"))
                .collect();
            faced[l].clues.push((order, value));
        }
        if n <= REFERENCE_WHOLE {
            for line in &mut faced {
                line.dead = !possible(holds, n, line, &mut vec![0; n], n);
            }
        }
        let area = geometry.rows() * geometry.cols();
        let lines_of = by_position(area, faced.iter().map(|line| &line.cells[..]));
        OutsideReference {
            n,
            lines: faced,
            lines_of,
            holds,
        }
    }

    /// Whether line `l` can still be kept with the digits of `cells`.
    fn keeps(&self, l: usize, cells: &[u8]) -> bool {
        let line = &self.lines[l];
        let mut digits: Vec<u8> = line.cells.iter().map(|&p| cells[p]).collect();
        let most_empty = if self.n <= REFERENCE_SMALL {
            self.n
        } else {
            REFERENCE_EMPTY
        };
        !line.dead && possible(self.holds, self.n, line, &mut digits, most_empty)
    }
}

impl Reference for OutsideReference {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        allowed_by_trial(self.n, cells, p, |trial| {
            self.lines_of[p].iter().all(|&l| self.keeps(l, trial))
        })
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.lines_of[p].iter().any(|&l| !self.keeps(l, cells))
    }
}

/// Whether some way of filling the empty cells of a faced line (0 where empty, in the
/// line's ascending order) with the digits the line lacks keeps every clue facing it at once
/// (two clues of one line may each be possible and not both); `true` when more than
/// `most_empty` cells are empty or a digit repeats (the units say so).
fn possible(
    holds: Holds,
    n: usize,
    line: &FacedLine,
    digits: &mut [u8],
    most_empty: usize,
) -> bool {
    let empty: Vec<usize> = (0..digits.len()).filter(|&i| digits[i] == 0).collect();
    let mut seen = 0u64;
    for &d in digits.iter().filter(|&&d| d != 0) {
        if seen >> (d - 1) & 1 == 1 {
            return true;
        }
        seen |= 1 << (d - 1);
    }
    if empty.len() > most_empty {
        return true;
    }
    if empty.len() != n - (seen.count_ones() as usize) {
        return true;
    }
    /// Fills `empty` with the digits of `free` in every order until every clue holds.
    fn fill(
        holds: Holds,
        n: usize,
        line: &FacedLine,
        digits: &mut [u8],
        empty: &[usize],
        free: u64,
    ) -> bool {
        let Some((&i, rest)) = empty.split_first() else {
            return line.clues.iter().all(|(order, value)| {
                let read: Vec<u8> = order.iter().map(|&k| digits[k]).collect();
                holds(n, *value, &read)
            });
        };
        for d in 1..=n as u8 {
            if free >> (d - 1) & 1 == 1 {
                digits[i] = d;
                if fill(holds, n, line, digits, rest, free & !(1 << (d - 1))) {
                    digits[i] = 0;
                    return true;
                }
            }
        }
        digits[i] = 0;
        false
    }
    fill(holds, n, line, digits, &empty, full_mask(n) & !seen)
}

/// Whether some way of filling the empty cells of one clue's line (`digits` read from the
/// clue inward, 0 where empty) keeps the clue; `true` when more than [`REFERENCE_EMPTY`]
/// cells are empty or a digit repeats.
pub(super) fn possible_alone(holds: Holds, n: usize, value: i64, digits: &mut [u8]) -> bool {
    let alone = FacedLine {
        cells: (0..n).collect(),
        clues: vec![((0..n).collect(), value)],
        dead: false,
    };
    possible(holds, n, &alone, digits, REFERENCE_EMPTY)
}
