//! Pencilmark lines (9x9 only): 729 characters, nine per cell, the `k`-th of a cell's nine
//! digit `k` when it is a candidate and `.` or `0` when it is not.

use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::Cell;

use super::error::{Fault, ParseErrorKind};

/// Whether `token` is a pencilmark line: 729 characters, where the `k`-th of each cell's nine
/// is digit `k` or a blank (`.`, `0`), and most cells (at least 41 of 81) have a candidate. A
/// cell left without any is then the pencilmark error it is, not a 27x27 puzzle line (whose
/// blanks would leave most of its "cells" empty).
pub(super) fn is_pencilmark(token: &[u8]) -> bool {
    if token.len() != 729 {
        return false;
    }
    let mut with_candidates = 0;
    for cell in token.chunks(9) {
        let mut any = false;
        for (place, &b) in cell.iter().enumerate() {
            if b == b'1' + place as u8 {
                any = true;
            } else if b != b'.' && b != b'0' {
                return false;
            }
        }
        with_candidates += usize::from(any);
    }
    with_candidates > 40
}

/// The candidates of a pencilmark line (its first token, starting at byte `offset`), or the
/// first fault in it.
pub(super) fn read_pencilmark(token: &[u8], offset: usize) -> Result<Candidates, Fault> {
    let found = std::str::from_utf8(token).map_or(token.len(), |s| s.chars().count());
    if token.len() != 729 || found != 729 {
        return Err((None, None, ParseErrorKind::NotPencilmark { found }));
    }
    let mut candidates = Candidates::all(9);
    for (k, cell) in token.chunks(9).enumerate() {
        let mut mask = 0;
        for (place, &b) in cell.iter().enumerate() {
            match b {
                b'.' | b'0' => {}
                b if b == b'1' + place as u8 => mask |= 1 << place,
                b => {
                    let column = offset + 9 * k + place + 1;
                    let kind = ParseErrorKind::PencilmarkChar {
                        found: b as char,
                        place: place + 1,
                    };
                    return Err((Some(column), Some(Cell::from_index(k, 9)), kind));
                }
            }
        }
        if mask == 0 {
            let column = offset + 9 * k + 1;
            let cell = Cell::from_index(k, 9);
            return Err((Some(column), Some(cell), ParseErrorKind::NoCandidate));
        }
        candidates.set(k, mask);
    }
    Ok(candidates)
}
