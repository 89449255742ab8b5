//! Knuth's text format for exact-cover problems, as his DLX1 and DLX2 programs read it.
//!
//! ```text
//! | A comment: lines starting with | are ignored.
//! a b c d e f g | x y
//! c e
//! a d g
//! b c f x:red
//! a d f x:red
//! b g y
//! d e g
//! ```
//!
//! The first line lists the primary items, then `|`, then the secondary items (the `|` and
//! the secondary items may be left out). Every following line is one option: a list of item
//! names, where a secondary item may carry a color as `item:color` (Knuth's XCC: options that
//! share a secondary item must agree on its color). Names are any printable characters except
//! `:` and `|`.

use std::collections::HashMap;
use std::io::{BufRead, Read};

use thiserror::Error;

use super::labelled::{Labelled, LabelledSolver};
use super::problem::Color;

/// Longest line read, in bytes.
pub const MAX_LINE: usize = 16 << 20;

/// Most items (primary and secondary) a problem may have.
pub const MAX_ITEMS: usize = 1_000_000;

/// Most item occurrences in all options together (the nodes of the dancing-links matrix).
pub const MAX_ENTRIES: usize = 10_000_000;

/// What is wrong with a problem in Knuth's format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KnuthErrorKind {
    /// No line with items.
    #[error("no items: the first line lists the primary items, then | and the secondary ones")]
    NoItems,
    /// The item line has no primary item.
    #[error("no primary items before |")]
    NoPrimary,
    /// A `|` in the item line more than once.
    #[error("| appears twice in the item line")]
    SecondBar,
    /// An item defined twice.
    #[error("item {0:?} is defined twice")]
    DuplicateItem(String),
    /// A name with a character that names may not have.
    #[error("{0:?} is not a valid name (printable characters other than : and |)")]
    BadName(String),
    /// An option names an unknown item.
    #[error("unknown item {0:?}")]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item {0:?} appears twice in the option")]
    RepeatedItem(String),
    /// An option with only secondary items.
    #[error("the option has no primary item")]
    NoPrimaryInOption,
    /// A color on a primary item.
    #[error("{0:?} is a primary item and cannot take a color")]
    ColorOnPrimary(String),
    /// `item:` with nothing after the colon.
    #[error("{0:?} has an empty color")]
    EmptyColor(String),
    /// The problem is too large.
    #[error("{0}")]
    TooLarge(String),
    /// A line longer than [`MAX_LINE`].
    #[error("the line is longer than {0} bytes, the most supported")]
    LineTooLong(usize),
    /// A line that is not UTF-8 text.
    #[error("the line is not valid UTF-8 text")]
    NotText,
    /// Reading failed.
    #[error("read failed: {0}")]
    Io(String),
}

/// A problem in Knuth's format that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct KnuthError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub kind: KnuthErrorKind,
}

/// A problem read from Knuth's format: items labelled by their names, options by the text
/// of their lines.
pub struct KnuthProblem {
    /// The problem, ready to search; option labels are the option lines as written (trimmed).
    pub solver: LabelledSolver<String, String>,
    /// Number of primary items.
    pub primary: usize,
    /// Number of secondary items.
    pub secondary: usize,
    /// Number of options.
    pub options: usize,
    /// Line number of every option.
    pub option_lines: Vec<usize>,
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && c != ':' && c != '|')
}

/// Reads a problem in Knuth's format.
///
/// # Errors
///
/// A [`KnuthError`] naming the line and the item at fault.
///
/// # Examples
///
/// ```
/// use sudokux::xc::knuth::read;
///
/// let text = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
/// let mut problem = read(text.as_bytes()).unwrap();
/// let (solution, _) = problem.solver.first();
/// let mut solution: Vec<&String> = solution.unwrap();
/// solution.sort();
/// assert_eq!(solution, ["a d f", "b g", "c e"]);
/// ```
pub fn read(mut input: impl BufRead) -> Result<KnuthProblem, KnuthError> {
    let mut labelled: Labelled<String, String> = Labelled::new();
    let mut kinds: HashMap<String, bool> = HashMap::new(); // name -> primary?
    let mut colors: HashMap<String, Color> = HashMap::new();
    let (mut primary, mut secondary) = (0, 0);
    let mut option_lines = Vec::new();
    let mut have_items = false;
    let mut last_line = 0;
    let mut entries = 0;
    let mut buf = Vec::new();
    loop {
        let line_no = last_line + 1;
        let error = |kind| KnuthError {
            line: line_no,
            kind,
        };
        buf.clear();
        let limit = MAX_LINE as u64 + 1;
        match (&mut input).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => last_line = line_no,
            Err(e) => return Err(error(KnuthErrorKind::Io(e.to_string()))),
        }
        if buf.len() - usize::from(buf.ends_with(b"\n")) > MAX_LINE {
            return Err(error(KnuthErrorKind::LineTooLong(MAX_LINE)));
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            return Err(error(KnuthErrorKind::NotText));
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('|') {
            continue;
        }
        if !have_items {
            have_items = true;
            // Counted before any name is stored: a line of too many items is refused having
            // cost only its reading (at most MAX_LINE bytes).
            if text.split_whitespace().filter(|&name| name != "|").count() > MAX_ITEMS {
                return Err(error(KnuthErrorKind::TooLarge(format!(
                    "more than {MAX_ITEMS} items, the most supported"
                ))));
            }
            let mut in_secondary = false;
            for name in text.split_whitespace() {
                if name == "|" {
                    if in_secondary {
                        return Err(error(KnuthErrorKind::SecondBar));
                    }
                    in_secondary = true;
                    continue;
                }
                if !valid_name(name) {
                    return Err(error(KnuthErrorKind::BadName(name.into())));
                }
                if primary + secondary >= MAX_ITEMS {
                    return Err(error(KnuthErrorKind::TooLarge(format!(
                        "more than {MAX_ITEMS} items, the most supported"
                    ))));
                }
                let added = if in_secondary {
                    secondary += 1;
                    labelled.secondary(name.to_string())
                } else {
                    primary += 1;
                    labelled.primary(name.to_string())
                };
                if added.is_err() {
                    return Err(error(KnuthErrorKind::DuplicateItem(name.into())));
                }
                kinds.insert(name.to_string(), !in_secondary);
            }
            if primary == 0 {
                return Err(error(KnuthErrorKind::NoPrimary));
            }
            continue;
        }
        let mut items = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        let mut has_primary = false;
        for token in text.split_whitespace() {
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            let Some(&is_primary) = kinds.get(name) else {
                return Err(error(KnuthErrorKind::UnknownItem(name.into())));
            };
            if seen.contains(&name) {
                return Err(error(KnuthErrorKind::RepeatedItem(name.into())));
            }
            seen.push(name);
            has_primary |= is_primary;
            let color =
                match color {
                    None => None,
                    Some(_) if is_primary => {
                        return Err(error(KnuthErrorKind::ColorOnPrimary(name.into())))
                    }
                    Some("") => return Err(error(KnuthErrorKind::EmptyColor(name.into()))),
                    Some(color) if !valid_name(color) => {
                        return Err(error(KnuthErrorKind::BadName(color.into())))
                    }
                    Some(color) => {
                        let next = colors.len() as u32 + 1;
                        Some(*colors.entry(color.to_string()).or_insert_with(|| {
                            Color::new(next).expect("fewer colors than u32::MAX")
                        }))
                    }
                };
            items.push((name.to_string(), color));
        }
        if !has_primary {
            return Err(error(KnuthErrorKind::NoPrimaryInOption));
        }
        entries += items.len();
        if entries > MAX_ENTRIES {
            return Err(error(KnuthErrorKind::TooLarge(format!(
                "the options name more than {MAX_ENTRIES} items in all, the most supported"
            ))));
        }
        labelled
            .colored_option(text.to_string(), items)
            .map_err(|e| error(KnuthErrorKind::TooLarge(e.to_string())))?;
        option_lines.push(line_no);
    }
    if !have_items {
        return Err(KnuthError {
            line: last_line.max(1),
            kind: KnuthErrorKind::NoItems,
        });
    }
    let options = option_lines.len();
    Ok(KnuthProblem {
        solver: labelled.build(),
        primary,
        secondary,
        options,
        option_lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        match read(text.as_bytes()) {
            Ok(_) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn errors_name_the_line_and_the_item() {
        assert_eq!(error("| nothing\n"), "line 1: no items: the first line lists the primary items, then | and the secondary ones");
        assert_eq!(
            error("a b | c | d\n"),
            "line 1: | appears twice in the item line"
        );
        assert_eq!(error("a b a\n"), "line 1: item \"a\" is defined twice");
        assert_eq!(error("a b | c\na x\n"), "line 2: unknown item \"x\"");
        assert_eq!(
            error("a b | c\n| comment\na b a\n"),
            "line 3: item \"a\" appears twice in the option"
        );
        assert_eq!(
            error("a b | c\nc\n"),
            "line 2: the option has no primary item"
        );
        assert_eq!(
            error("a b | c\na:1\n"),
            "line 2: \"a\" is a primary item and cannot take a color"
        );
        assert_eq!(error("a b | c\na c:\n"), "line 2: \"c\" has an empty color");
        assert_eq!(error("| x\n| y\n"), "line 2: no items: the first line lists the primary items, then | and the secondary ones");
        assert_eq!(
            error("a b:c\n"),
            "line 1: \"b:c\" is not a valid name (printable characters other than : and |)"
        );
    }

    #[test]
    fn colors_are_shared_by_name() {
        // Two options may share x when they give it the same color.
        let text = "p q | x\np x:red\nq x:red\nq x:blue\n";
        let mut problem = read(text.as_bytes()).unwrap();
        assert_eq!(
            (problem.primary, problem.secondary, problem.options),
            (2, 1, 3)
        );
        assert_eq!(
            problem.solver.count(crate::xc::CountOptions::new()).count,
            1
        );
        assert_eq!(problem.option_lines, [2, 3, 4]);
    }
}
