//! Whitespace-separated numbers, for any side: `0` or `.` for a blank, one number per cell.

use crate::sudoku::grid::MAX_SIZE;

use super::cells::ReadCell;
use super::error::ParseErrorKind;

/// The tokens (with their 1-based byte columns) of a line of whitespace-separated numbers:
/// at least four tokens, every one a number of one or two digits or a one-character blank
/// (`.`, `_`, `*`, `-`), `|` tokens skipped, and the line unmistakably numbers, with a number
/// of two digits or more numbers than a row can have (64). `None` for any other line.
pub(super) fn numbers(text: &[u8]) -> Option<Vec<(usize, &[u8])>> {
    let mut tokens = Vec::new();
    let mut long = false;
    let mut k = 0;
    for token in text.split(|b| b.is_ascii_whitespace()) {
        let column = k + 1;
        k += token.len() + 1;
        match token {
            [] | b"|" => {}
            [b'.' | b'_' | b'*' | b'-'] => tokens.push((column, token)),
            _ if token.len() <= 2 && token.iter().all(u8::is_ascii_digit) => {
                long |= token.len() > 1;
                tokens.push((column, token));
            }
            _ => return None,
        }
    }
    (tokens.len() >= 4 && (long || tokens.len() > MAX_SIZE)).then_some(tokens)
}

/// The cells of a line of numbers (see [`numbers`]) for side `n`: a number up to `n` is a
/// digit, `0` and the one-character blanks are blanks.
pub(super) fn number_cells(tokens: &[(usize, &[u8])], n: usize) -> Vec<ReadCell> {
    tokens
        .iter()
        .map(|&(column, token)| {
            let cell = if token.iter().all(u8::is_ascii_digit) {
                let number = std::str::from_utf8(token)
                    .ok()
                    .and_then(|s| s.parse::<usize>().ok())
                    .unwrap_or(usize::MAX);
                match number {
                    0 => Ok(0),
                    d if d <= n => Ok(d as u8),
                    number => Err(ParseErrorKind::NumberTooLarge { number, size: n }),
                }
            } else {
                Ok(0)
            };
            (column, cell)
        })
        .collect()
}
