//! Whitespace-separated numbers, for any side: `0` or `.` for a blank, one number per cell.

use crate::sudoku::grid::MAX_SIZE;

use super::cells::{ReadCell, INFERRED};
use super::error::ParseErrorKind;

/// The tokens (with their 1-based byte columns) of a line of whitespace-separated numbers,
/// `|` tokens skipped, or `None` when the line is not numbers.
///
/// Every token must be a number or a one-character blank (`.`, `_`, `*`, `-`), there must be
/// at least four, and the line must be unmistakably numbers rather than a row of one
/// character per cell: a number of two digits; more tokens than a row of characters has (35,
/// the largest side written one character a cell); numbers of several lengths among which
/// one is too long to be a digit (`r9c9` written as `123`, refused as a number rather than
/// read as three cells); or a row of a grid already known to be written as numbers
/// (`in_numbers_block`), whatever its numbers look like.
pub(super) fn numbers(text: &[u8], in_numbers_block: bool) -> Option<Vec<(usize, &[u8])>> {
    let mut tokens = Vec::new();
    let (mut shortest, mut longest) = (usize::MAX, 0);
    let mut k = 0;
    for token in text.split(|b| b.is_ascii_whitespace()) {
        let column = k + 1;
        k += token.len() + 1;
        match token {
            [] | b"|" => {}
            [b'.' | b'_' | b'*' | b'-'] => {
                shortest = 1;
                tokens.push((column, token));
            }
            _ if token.iter().all(u8::is_ascii_digit) => {
                shortest = shortest.min(token.len());
                longest = longest.max(token.len());
                tokens.push((column, token));
            }
            _ => return None,
        }
    }
    // A puzzle line of digits with numbers after it as a comment stays a puzzle line.
    let first_is_line = tokens
        .first()
        .is_some_and(|(_, t)| INFERRED.clone().any(|n| n * n == t.len()));
    let clear = match longest {
        _ if tokens.len() < 4 || first_is_line => false,
        _ if in_numbers_block || tokens.len() > *INFERRED.end() => true,
        2 => true,
        longest => longest > 2 && shortest <= 2,
    };
    clear.then_some(tokens)
}

/// Whether a line of `t` numbers is a whole puzzle (`n * n` numbers for a side `n` a row
/// cannot have) rather than a row: its side, when it is.
pub(super) fn whole_puzzle_side(t: usize) -> Option<usize> {
    (t > MAX_SIZE).then(|| (4..=MAX_SIZE).find(|&n| n * n == t))?
}

/// The cells of a line of numbers (see [`numbers`]) for side `n`: a number up to `n` is a
/// digit, `0` and the one-character blanks are blanks.
pub(super) fn number_cells(tokens: &[(usize, &[u8])], n: usize) -> Vec<ReadCell> {
    tokens
        .iter()
        .map(|&(column, token)| {
            let cell = if token.iter().all(u8::is_ascii_digit) {
                let digits = std::str::from_utf8(token).expect("ASCII digits");
                let number = digits.trim_start_matches('0');
                match number.parse::<usize>() {
                    _ if number.is_empty() => Ok(0),
                    Ok(d) if d <= n => Ok(d as u8),
                    _ => Err(ParseErrorKind::NumberTooLarge {
                        number: digits.to_string(),
                        size: n,
                    }),
                }
            } else {
                Ok(0)
            };
            (column, cell)
        })
        .collect()
}
