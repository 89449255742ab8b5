//! Entropic lines: split the digits into low, middle and high thirds (9x9: 1-3, 4-6, 7-9;
//! when `n` is not a multiple of 3 the middle third takes the odd size: 7 gives {1,2},
//! {3,4,5}, {6,7} and 8 gives {1,2,3}, {4,5}, {6,7,8}); any three consecutive cells of the
//! line hold one digit of each third, so two cells are in the same third exactly when their
//! positions differ by a multiple of 3.
//!
//! In the search, every two cells of the line are a pair (same third or different thirds),
//! which the logic uses too.
//!
//! Key: `[[entropicline]]` tables with `cells`; f-puzzles key `entropicline`.

use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::placed;
use crate::sudoku::rules::pair::Relation;

/// Entropic lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Entropic;

/// Every entropic line of a puzzle.
pub type EntropicLines = Lines<Entropic>;

/// The third (0, 1, 2) of digit `d` of `n`.
pub fn third(n: usize, d: u8) -> usize {
    let (q, r) = (n / 3, n % 3);
    let sizes = match r {
        0 => [q, q, q],
        1 => [q, q + 1, q],
        _ => [q + 1, q, q + 1],
    };
    let d = usize::from(d);
    if d <= sizes[0] {
        0
    } else if d <= sizes[0] + sizes[1] {
        1
    } else {
        2
    }
}

/// The rule of entropic and modular lines between positions `i < j` under `class`.
pub(crate) fn classes_pair(
    what: &str,
    n: usize,
    i: usize,
    j: usize,
    class: impl Fn(usize, u8) -> usize,
) -> Relation {
    let same = (j - i) % 3 == 0;
    Relation::new(
        format!(
            "{what}, {} apart",
            if same {
                "a multiple of 3"
            } else {
                "not a multiple of 3"
            }
        ),
        n,
        move |d, e| (class(n, d) == class(n, e)) == same,
    )
}

/// The meaning of entropic and modular lines on placed digits.
pub(crate) fn classes_consistent(
    n: usize,
    digits: &[u8],
    class: impl Fn(usize, u8) -> usize,
) -> Result<(), String> {
    for (i, d) in placed(digits) {
        for (j, e) in placed(digits).skip_while(|&(j, _)| j <= i) {
            let same = (j - i) % 3 == 0;
            if (class(n, d) == class(n, e)) != same {
                return Err(format!(
                    "{d} at cell {} and {e} at cell {} are {} class",
                    i + 1,
                    j + 1,
                    if same {
                        "not in the same"
                    } else {
                        "in the same"
                    }
                ));
            }
        }
    }
    Ok(())
}

impl LineKind for Entropic {
    const KEY: &'static str = "entropicline";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("entropic", "entropicline")];
    const NAME: &'static str = "entropic line";
    const STYLE: Style = Style::Plain("#8c564b");
    const REPEAT: Option<&'static str> = None;

    fn pair(n: usize, _: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        Some(classes_pair("on an entropic line", n, i, j, third))
    }

    fn consistent(n: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        classes_consistent(n, digits, third)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirds_follow_the_decision() {
        let thirds = |n: usize| (1..=n as u8).map(|d| third(n, d)).collect::<Vec<_>>();
        assert_eq!(thirds(9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(thirds(7), [0, 0, 1, 1, 1, 2, 2]);
        assert_eq!(thirds(8), [0, 0, 0, 1, 1, 2, 2, 2]);
        assert!(Entropic::consistent(9, 0, &[1, 5, 9, 2]).is_ok());
        assert!(Entropic::consistent(9, 0, &[1, 5, 9, 7]).is_err());
        assert!(Entropic::consistent(9, 0, &[1, 2]).is_err());
    }
}
