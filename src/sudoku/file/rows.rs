//! The text of `givens` and `regions`: one string of lines, as TOML's multi-line strings write
//! it, or a list of rows, as JSON (which has no multi-line strings) and people write it.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};

use crate::sudoku::rules::Rules;

/// The lines of a grid-shaped key, joined by newlines whichever way they were written.
#[derive(Debug, Default)]
pub(super) struct Rows(pub(super) String);

impl<'de> serde::Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rows, D::Error> {
        deserializer.deserialize_any(RowsVisitor)
    }
}

struct RowsVisitor;

impl<'de> Visitor<'de> for RowsVisitor {
    type Value = Rows;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string of lines, or a list of rows (strings)")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Rows, E> {
        Ok(Rows(text.to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Rows, A::Error> {
        let mut text = String::new();
        while let Some(row) = seq.next_element::<String>()? {
            if row.contains('\n') {
                return Err(de::Error::custom(
                    "a row of the list holds a line break: write each row as one string",
                ));
            }
            text.push_str(&row);
            text.push('\n');
        }
        Ok(Rows(text))
    }
}

/// Whether every position of the area is a cell (a single grid, no holes): only then do spaces
/// carry no meaning in `givens`, and the forms below are safe.
fn no_holes(rules: &Rules) -> bool {
    (0..rules.rows() * rules.cols()).all(|p| rules.is_active(p))
}

/// The rows of `givens`: the whole grid on one line cut into rows, or the lines without the
/// separator lines drawn between bands (`---+---+---`, `*---*`, `=====`) when there are more
/// lines than rows and dropping those leaves one per row; else the lines as they are.
pub(super) fn without_separators<'a>(
    rules: &Rules,
    lines: &[(usize, &'a str)],
) -> Vec<(usize, &'a str)> {
    if let [(line, text)] = lines {
        // The whole grid on one line, as a puzzle line: cut into rows.
        let text = text.trim();
        let (rows, cols) = (rules.rows(), rules.cols());
        if rows > 1 && text.chars().count() == rows * cols && no_holes(rules) {
            let starts: Vec<usize> = text.char_indices().map(|(k, _)| k).step_by(cols).collect();
            let ends = starts.iter().skip(1).copied().chain([text.len()]);
            return starts
                .iter()
                .zip(ends)
                .map(|(&a, b)| (*line, &text[a..b]))
                .collect();
        }
    }
    let kept: Vec<(usize, &str)> = lines
        .iter()
        .copied()
        .filter(|&(_, t)| !is_rule(t))
        .collect();
    if lines.len() != rules.rows() && kept.len() == rules.rows() && no_holes(rules) {
        kept
    } else {
        lines.to_vec()
    }
}

/// The cells of a row of `givens` written as people draw it, one character a cell with
/// indentation, spaces or `|` between boxes (`  2.4 | .1. | ...`), when the area has no holes
/// and the symbols are one character each; `None` otherwise.
pub(super) fn drawn(rules: &Rules, text: &str) -> Option<Vec<String>> {
    let cells: Vec<String> = text
        .chars()
        .filter(|&c| !c.is_whitespace() && c != '|')
        .map(String::from)
        .collect();
    (cells.len() == rules.cols() && rules.symbols().is_single_char() && no_holes(rules))
        .then_some(cells)
}

/// Whether a line of `givens` is a separator drawn between bands (`---+---+---`).
fn is_rule(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty()
        && text
            .chars()
            .all(|c| "-+=|*".contains(c) || c.is_whitespace())
}

/// The side that `givens` implies when nothing else says it: `n` for one line of `n * n`
/// characters, else its rows, separator lines between bands left out; `None` without givens.
pub(super) fn side(lines: &[(usize, &str)]) -> Option<usize> {
    if let [(_, text)] = lines {
        // A whole puzzle on one line: n * n characters.
        let cells = text.trim().chars().count();
        if let Some(n) = (4..=35).find(|n| n * n == cells) {
            return Some(n);
        }
    }
    let rows = lines.iter().filter(|&&(_, t)| !is_rule(t)).count();
    (rows > 0).then_some(rows)
}
