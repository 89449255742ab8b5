//! Title lines: a name written directly above a puzzle, as Project Euler's sudoku file writes
//! `Grid 01` above each grid, or collections write `Puzzle 12:`.
//!
//! A line outside a grid block is a title when it starts with a word of two letters or more
//! followed by a space or a colon (`Grid 01`, `Puzzle:`; a lone word such as `xyz` stays an
//! error) and cannot be read as puzzle cells in the alphabet in force (the reader decides the
//! second part): so a row of a letter grid (`ABCD EFGH ...`) stays a row. The title names the
//! next puzzle read, and never swallows it.

/// Longest title kept, in characters; a longer line keeps its start.
pub(super) const MAX_TITLE: usize = 200;

/// Whether `text` (trimmed, not empty) starts as a title does: two ASCII letters or more,
/// then a space, a tab or a colon.
pub(super) fn starts_as_title(text: &[u8]) -> bool {
    let word = text.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    word >= 2 && matches!(text.get(word), Some(b' ' | b'\t' | b':'))
}

/// The title a line gives: its text, made valid UTF-8, cut to [`MAX_TITLE`] characters.
pub(super) fn title(text: &[u8]) -> String {
    String::from_utf8_lossy(text)
        .chars()
        .take(MAX_TITLE)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_starts_with_a_word() {
        assert!(starts_as_title(b"Grid 01"));
        assert!(starts_as_title(b"Puzzle 12: hard"));
        assert!(starts_as_title(b"Easy: 1"));
        assert!(!starts_as_title(b"G1 3"));
        assert!(!starts_as_title(b"xyz"));
        assert!(!starts_as_title(b"1.3.."));
        assert_eq!(title("Grid 01".as_bytes()), "Grid 01");
        assert_eq!(title(&[b'x'; 300]).len(), MAX_TITLE);
        assert!(starts_as_title(b"Grid\t7"));
    }
}
