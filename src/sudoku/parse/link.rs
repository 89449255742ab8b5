//! Link lines: an f-puzzles or SudokuPad link (`https://...`, `sudokupad://...`) or a bare
//! lz-string payload (`N4Ig...`) on a line of its own is a puzzle with its rules, read among
//! puzzle lines and grids in input order. This module only tells such a line apart; the
//! reader hands it on as a [`Link`](super::Link), and decoding it (what
//! [`fpuzzles::read`](crate::sudoku::fpuzzles::read) does) belongs to the layer above, which
//! knows rules.
//!
//! [`Reader::items`](super::Reader::items) yields links beside puzzles; iterating a
//! [`Reader`](super::Reader) itself yields puzzles only, and a link line is then an error that
//! says so ([`ParseErrorKind::Link`](super::ParseErrorKind::Link)) rather than a line skipped.

/// Whether `text` is a link or a bare payload rather than puzzle cells or a file name: it
/// starts with `https://`, `http://` or `sudokupad://` (in any case), or with `N4Ig` (the
/// start of every lz-string payload of f-puzzles JSON) and holds no `.` nor line end.
pub fn is_link(text: &str) -> bool {
    is_link_bytes(text.as_bytes())
}

/// [`is_link`] on bytes, for lines that need not be valid UTF-8.
pub(super) fn is_link_bytes(text: &[u8]) -> bool {
    let a = text.trim_ascii();
    ["https://", "http://", "sudokupad://"]
        .iter()
        .any(|scheme| {
            // Bytes, not characters: a line may start with any text (`│2.4│`).
            a.len() > scheme.len() && a[..scheme.len()].eq_ignore_ascii_case(scheme.as_bytes())
        })
        || (a.starts_with(b"N4Ig") && !a.iter().any(|b| matches!(b, b'.' | b'\n')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_payloads_are_told_from_cells_and_names() {
        for link in [
            "https://www.f-puzzles.com/?load=N4Ig",
            "HTTPS://sudokupad.app/fpuzzlesN4Ig",
            "  sudokupad://puzzle/fpuzzlesN4Ig  ",
            "N4IgzglgXgpiBcAWAvkA",
        ] {
            assert!(is_link(link), "{link}");
        }
        for text in ["https://", "N4Ig.5..", "puzzles.txt", "4.....8.5", "│2.4│"] {
            assert!(!is_link(text), "{text}");
        }
    }
}
