//! Between lines: every cell strictly inside the line holds a digit strictly between the
//! digits of its two ends (the circles), in either order. A line of two cells says nothing.
//!
//! In the search, a line of three cells or more gets one primary item, one option per
//! ordered pair `(a, b)` of end digits that leaves room between them (`|a - b| >= 2`), two
//! colored secondary items tying the option to its ends (the first end's cell option "holds
//! d" carries the first item in color d, the option `(a, b)` carries it in color a; the same
//! for the last end and b), and one secondary item per inner cell and digit, in that cell's
//! option for the digit and in every end option whose range leaves the digit out. The ends
//! and the inner cells are also pairs (ends at least 2 apart, inner cells unlike the ends),
//! which the logic uses; the ranges are not reasoned with by the logic, so `explain` names
//! between lines as left out.
//!
//! Key: `[[betweenline]]` tables with `cells` (an end first); f-puzzles key `betweenline`.

use crate::xc::Color;

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::pair::Relation;

/// Between lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Between;

/// Every between line of a puzzle.
pub type BetweenLines = Lines<Between>;

/// Encodes a line whose ends choose, as one option per ordered pair `(a, b)` that `ends`
/// allows, which digits the inner cells may hold (`inner(a, b, e)`); see the module
/// documentation.
pub(crate) fn encode_ends(
    encoder: &mut Encoder<'_>,
    positions: &[usize],
    ends: impl Fn(u8, u8) -> bool,
    inner: impl Fn(u8, u8, u8) -> bool,
) {
    let n = encoder.geometry().size() as u8;
    let (first, last) = (positions[0], positions[positions.len() - 1]);
    let inside = &positions[1..positions.len() - 1];
    let line = encoder.primary();
    let (first_item, last_item) = (encoder.secondary(), encoder.secondary());
    let color = |d: u8| Color::new(u32::from(d)).expect("digits are colors");
    for d in 1..=n {
        encoder.on(first, d, first_item, Some(color(d)));
        encoder.on(last, d, last_item, Some(color(d)));
    }
    let mut items = Vec::with_capacity(inside.len());
    for &q in inside {
        let of_digit: Vec<_> = (1..=n)
            .map(|e| {
                let item = encoder.secondary();
                encoder.on(q, e, item, None);
                item
            })
            .collect();
        items.push(of_digit);
    }
    for a in 1..=n {
        for b in 1..=n {
            if !ends(a, b) {
                continue;
            }
            let mut option = vec![
                (line, None),
                (first_item, Some(color(a))),
                (last_item, Some(color(b))),
            ];
            for of_digit in &items {
                for e in 1..=n {
                    if !inner(a, b, e) {
                        option.push((of_digit[e as usize - 1], None));
                    }
                }
            }
            encoder.option(option);
        }
    }
}

/// Entries of [`encode_ends`] for a line of `len` cells, at most.
pub(crate) fn ends_entries(n: usize, len: usize) -> u64 {
    let inner = len.saturating_sub(2) as u64;
    let n = n as u64;
    n * n * (3 + inner * n) + 2 * n + inner * n
}

/// The rule between positions `i < j` that ends of a line imply: ends allowed by
/// `ends`, inner cells unlike the ends.
pub(crate) fn ends_pair(
    what: &str,
    n: usize,
    len: usize,
    i: usize,
    j: usize,
    ends: impl Fn(u8, u8) -> bool,
) -> Option<Relation> {
    if i == 0 && j == len - 1 {
        Some(Relation::new(format!("the ends of a {what}"), n, ends))
    } else if i == 0 || j == len - 1 {
        Some(Relation::new(
            format!("an end and an inner cell of a {what}"),
            n,
            |d, e| d != e,
        ))
    } else {
        None
    }
}

impl LineKind for Between {
    const KEY: &'static str = "betweenline";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("between", "betweenline")];
    const NAME: &'static str = "between line";
    const MIN_CELLS: usize = 2;
    const EXPLAINED: bool = false;
    const STYLE: Style = Style::Circles("#7f7f7f");

    fn pair(n: usize, len: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        if len < 3 {
            return None;
        }
        ends_pair("between line", n, len, i, j, |a, b| a.abs_diff(b) >= 2)
    }

    fn encode(encoder: &mut Encoder<'_>, positions: &[usize], _: u32) {
        if positions.len() >= 3 {
            encode_ends(
                encoder,
                positions,
                |a, b| a.abs_diff(b) >= 2,
                |a, b, e| a.min(b) < e && e < a.max(b),
            );
        }
    }

    fn entries(n: usize, len: usize) -> u64 {
        if len >= 3 {
            ends_entries(n, len)
        } else {
            0
        }
    }

    fn consistent(_: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let len = digits.len();
        if len < 3 {
            return Ok(());
        }
        let (a, b) = (digits[0], digits[len - 1]);
        for (i, &e) in digits.iter().enumerate().take(len - 1).skip(1) {
            if e == 0 {
                continue;
            }
            let outside = if a != 0 && b != 0 {
                !(a.min(b) < e && e < a.max(b))
            } else {
                e == a || e == b
            };
            if outside {
                return Err(format!(
                    "{e} at cell {} is not strictly between the ends",
                    i + 1
                ));
            }
        }
        if a != 0 && b != 0 && a.abs_diff(b) < 2 {
            return Err(format!("the ends {a} and {b} leave no digit between them"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_cells_lie_between_the_ends() {
        assert!(Between::consistent(9, 0, &[1, 5, 3, 9]).is_ok());
        assert!(Between::consistent(9, 0, &[9, 5, 3, 1]).is_ok());
        assert!(Between::consistent(9, 0, &[2, 5, 3, 5]).is_err());
        assert!(Between::consistent(9, 0, &[3, 0, 4]).is_err());
        assert!(Between::consistent(9, 0, &[3, 3, 0]).is_err());
        assert!(Between::consistent(9, 0, &[3, 3]).is_ok());
        assert!(Between::pair(9, 2, 0, 0, 1).is_none());
    }
}
