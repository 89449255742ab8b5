//! Pencilmark lines: `n^3` characters for an `n`x`n` grid (64 for 4x4, 729 for 9x9, 4,096
//! for 16x16), `n` per cell, the `k`-th of a cell's `n` the `k`-th symbol of the default
//! alphabet (`1`-`9`, then `A`-`Z`, either case) when that digit is a candidate and `.` or `0`
//! when it is not.

use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::{Cell, ALPHABET};

use super::error::{Fault, ParseErrorKind};

/// The smallest side a pencilmark line is read for.
const MIN_SIDE: usize = 4;

/// The side `n` of a pencilmark line of `len` characters (`len == n^3`), when `n` is a side
/// the default alphabet can write (4 to 35).
pub(super) fn pencilmark_side(len: usize) -> Option<usize> {
    (MIN_SIDE..=ALPHABET.len()).find(|&n| n * n * n == len)
}

/// What the character `b` says at `place` (0-based) of a pencilmark cell: `Some(true)` for
/// that place's digit, `Some(false)` for a blank, `None` for anything else.
fn mark(b: u8, place: usize) -> Option<bool> {
    match b {
        b'.' | b'0' => Some(false),
        b if b.to_ascii_uppercase() == ALPHABET[place] => Some(true),
        _ => None,
    }
}

/// Whether `token` is a pencilmark line: `n^3` characters, where the `k`-th of each cell's
/// `n` is digit `k` or a blank (`.`, `0`), and most cells (over half) have a candidate. A
/// cell left without any is then the pencilmark error it is, not a puzzle line of `n^3`
/// cells (27x27 for 729, 8x8 for 64: its blanks would leave most of its "cells" empty).
/// `size`, when given, is the only side taken.
pub(super) fn is_pencilmark(token: &[u8], size: Option<usize>) -> bool {
    let Some(n) = pencilmark_side(token.len()) else {
        return false;
    };
    if size.is_some_and(|s| s != n) {
        return false;
    }
    let mut with_candidates = 0;
    for cell in token.chunks(n) {
        let mut any = false;
        for (place, &b) in cell.iter().enumerate() {
            match mark(b, place) {
                Some(digit) => any |= digit,
                None => return false,
            }
        }
        with_candidates += usize::from(any);
    }
    with_candidates > n * n / 2
}

/// The candidates of a pencilmark line (its first token, starting at byte `offset`), or the
/// first fault in it. `size`, when given, is the side it must have.
pub(super) fn read_pencilmark(
    token: &[u8],
    offset: usize,
    size: Option<usize>,
) -> Result<Candidates, Fault> {
    let found = std::str::from_utf8(token).map_or(token.len(), |s| s.chars().count());
    let side = pencilmark_side(token.len()).filter(|&n| size.is_none_or(|s| s == n));
    let Some(n) = side.filter(|_| found == token.len()) else {
        return Err((None, None, ParseErrorKind::NotPencilmark { found, size }));
    };
    let mut candidates = Candidates::all(n);
    for (k, cell) in token.chunks(n).enumerate() {
        let mut mask = 0;
        for (place, &b) in cell.iter().enumerate() {
            match mark(b, place) {
                Some(false) => {}
                Some(true) => mask |= 1 << place,
                None => {
                    let column = offset + n * k + place + 1;
                    let kind = ParseErrorKind::PencilmarkChar {
                        found: b as char,
                        place: place + 1,
                        digit: ALPHABET[place] as char,
                    };
                    return Err((Some(column), Some(Cell::from_index(k, n)), kind));
                }
            }
        }
        if mask == 0 {
            let column = offset + n * k + 1;
            let cell = Cell::from_index(k, n);
            return Err((Some(column), Some(cell), ParseErrorKind::NoCandidate));
        }
        candidates.set(k, mask);
    }
    Ok(candidates)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_the_cube_roots_the_alphabet_can_write() {
        assert_eq!(pencilmark_side(64), Some(4));
        assert_eq!(pencilmark_side(729), Some(9));
        assert_eq!(pencilmark_side(4096), Some(16));
        assert_eq!(pencilmark_side(27), None); // 3x3 is no sudoku
        assert_eq!(pencilmark_side(81), None);
        assert_eq!(pencilmark_side(36 * 36 * 36), None); // past Z
    }

    #[test]
    fn a_4x4_line_reads_its_candidates_and_letters_any_case() {
        // r1c1 is 1 or 2, every other cell anything; a 16x16 cell's 10th place is A or a.
        let line = format!("12..{}", "1234".repeat(15));
        assert!(is_pencilmark(line.as_bytes(), None));
        assert!(!is_pencilmark(line.as_bytes(), Some(9)));
        let candidates = read_pencilmark(line.as_bytes(), 0, None).unwrap();
        assert_eq!(candidates.get(0), 0b11);
        assert_eq!(candidates.get(15), 0b1111);
        assert_eq!(mark(b'a', 9), Some(true));
        assert_eq!(mark(b'A', 10), None);
    }
}
