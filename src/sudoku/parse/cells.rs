//! The cells of one line: one per character, or one per token for alphabets with longer
//! symbols; the lines between bands of a grid; which lines are whole puzzles; and grids drawn
//! with box-drawing characters, seen in ASCII.

use crate::sudoku::grid::{ALPHABET, MAX_SIZE};
use crate::sudoku::symbols::{Alphabet, CellChar, Symbols};

use super::error::ParseErrorKind;

/// Smallest and largest side read off a puzzle when the size is not fixed.
pub(super) const INFERRED: std::ops::RangeInclusive<usize> = 4..=35;

/// One cell of a line as read: its digit (0 for blank) or what is wrong, with its byte
/// column.
pub(super) type ReadCell = (usize, Result<u8, ParseErrorKind>);

/// The side of the puzzle if `text` is a puzzle line: `n * n` cells (the first token, for
/// one-character alphabets), then nothing or a comment. `size` is the fixed side, if any.
pub(super) fn puzzle_line_size(
    alphabet: &Alphabet,
    size: Option<usize>,
    text: &[u8],
) -> Option<usize> {
    let multi = match alphabet {
        Alphabet::Fixed(symbols) => !symbols.is_single_char(),
        Alphabet::Default => size.is_some_and(|n| n > ALPHABET.len()),
        Alphabet::Named { .. } => false,
    };
    if multi {
        let n = size?;
        return (tokens(text).count() == n * n).then_some(n);
    }
    let end = text
        .iter()
        .position(|b| matches!(b, b' ' | b'\t' | b',' | b';' | b'|'))
        .unwrap_or(text.len());
    if end < text.len() && text[end] == b'|' {
        return None;
    }
    let cells = std::str::from_utf8(&text[..end]).map_or(end, |s| s.chars().count());
    match size {
        Some(n) => (cells == n * n).then_some(n),
        None => INFERRED.clone().find(|n| n * n == cells).or_else(|| {
            // Only blanks: an empty grid of any side, even one written as numbers.
            let blanks =
                text[..end].iter().all(|&b| b == text[0]) && matches!(text[0], b'.' | b'_');
            (blanks && cells > 1)
                .then(|| (INFERRED.end() + 1..=MAX_SIZE).find(|n| n * n == cells))
                .flatten()
        }),
    }
}

/// The cells of a line: one per character (spaces, tabs and `|` skipped) or, for
/// multi-character alphabets, one per whitespace-separated token. With `first_token`, a
/// one-character line stops at the first separator (the rest is a comment).
pub(super) fn split(symbols: &Symbols, text: &[u8], n: usize, first_token: bool) -> Vec<ReadCell> {
    let mut cells = Vec::with_capacity(text.len().min(n * n));
    if !symbols.is_single_char() {
        for (column, token) in tokens(text) {
            let name = String::from_utf8_lossy(token);
            let cell = match symbols.read(&name) {
                CellChar::Digit(d) => Ok(d),
                CellChar::Blank => Ok(0),
                _ => Err(ParseErrorKind::UnexpectedToken(name.into_owned())),
            };
            cells.push((column, cell));
        }
        return cells;
    }
    let mut k = 0;
    while k < text.len() {
        let b = text[k];
        if first_token && matches!(b, b' ' | b'\t' | b',' | b';') {
            break;
        }
        if matches!(b, b' ' | b'\t' | b'|') {
            k += 1;
            continue;
        }
        let (c, len) = decode_char(&text[k..]);
        let cell = match c {
            None => Err(ParseErrorKind::InvalidByte(b)),
            Some(c) => match symbols.read_char(c) {
                CellChar::Digit(d) => Ok(d),
                CellChar::Blank => Ok(0),
                CellChar::OutOfRange(_) => Err(ParseErrorKind::OutOfRange { symbol: c, size: n }),
                CellChar::Other => Err(ParseErrorKind::UnexpectedChar(c)),
            },
        };
        cells.push((k + 1, cell));
        k += len;
    }
    cells
}

/// The cells of a line in an alphabet of longer symbols, each with its 1-based byte column:
/// its whitespace-separated tokens, except that a token of several dots (or underscores) is
/// that many blanks, so that an empty 64x64 can be written as 4,096 dots.
fn tokens(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut k = 0;
    text.split(|b| b.is_ascii_whitespace())
        .flat_map(move |token| {
            let column = k + 1;
            k += token.len() + 1;
            let blanks = token.len() > 1
                && token.iter().all(|&b| b == token[0])
                && matches!(token[0], b'.' | b'_');
            let parts = if blanks { token.len() } else { 1 };
            (0..parts).map(move |i| {
                if blanks {
                    (column + i, &token[i..=i])
                } else {
                    (column, token)
                }
            })
        })
        .filter(|(_, token)| !token.is_empty())
}

/// The character at the start of `bytes` and its length in bytes; `None` (length 1) for a byte
/// that does not start valid UTF-8.
pub(super) fn decode_char(bytes: &[u8]) -> (Option<char>, usize) {
    if let Some(&b) = bytes.first().filter(|b| b.is_ascii()) {
        return (Some(char::from(b)), 1);
    }
    let end = bytes.len().min(4);
    for len in 1..=end {
        if let Ok(s) = std::str::from_utf8(&bytes[..len]) {
            return (s.chars().next(), len);
        }
    }
    (None, 1)
}

/// A line of `-`, `+`, `=`, spaces and `|` between bands, or a frame `*---*` (Simple Sudoku).
/// Only dashes, as many as a grid row has cells (`size`) or a puzzle line (`size * size`), are
/// blanks instead.
pub(super) fn is_separator(text: &[u8], size: usize) -> bool {
    let mut dashes = 0;
    let mut other = false;
    if text.len() > 2 && text[0] == b'*' && text[text.len() - 1] == b'*' {
        return text[1..text.len() - 1].iter().all(|&b| b == b'-');
    }
    for &b in text {
        match b {
            b' ' | b'\t' | b'|' => {}
            b'-' => dashes += 1,
            b'+' | b'=' => other = true,
            _ => return false,
        }
    }
    other || (dashes != size && dashes != size * size)
}
/// A line of a grid drawn with box-drawing characters (U+2500 to U+257F), as editors and
/// other tools print them, in ASCII: vertical bars (`│┃║`) as `|`, every other such
/// character (`─┼╋═╬┌┐...`) as `+`, so that the reader sees the rows and separator lines it
/// knows. `None` when the line has none of them.
pub(super) fn box_drawing(raw: &[u8]) -> Option<Vec<u8>> {
    // Every box-drawing character is encoded as E2 94 xx or E2 95 xx.
    if !raw
        .windows(2)
        .any(|w| w[0] == 0xE2 && matches!(w[1], 0x94 | 0x95))
    {
        return None;
    }
    let text = std::str::from_utf8(raw).ok()?;
    let mut out = Vec::with_capacity(raw.len());
    for c in text.chars() {
        match c {
            '\u{2502}' | '\u{2503}' | '\u{2551}' => out.push(b'|'),
            '\u{2500}'..='\u{257F}' => out.push(b'+'),
            _ => {
                let mut buffer = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            }
        }
    }
    Some(out)
}
