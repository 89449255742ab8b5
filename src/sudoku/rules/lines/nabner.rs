//! Nabner lines: no two digits on the line are equal or consecutive.
//!
//! In the search, every two cells of the line are a pair, `|d - e| >= 2`, which the logic
//! uses too.
//!
//! Key: `[[nabner]]` tables with `cells`; f-puzzles key `nabner`, one line per instance.

use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::placed;
use crate::sudoku::rules::pair::Relation;

/// Nabner lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nabner;

/// Every nabner line of a puzzle.
pub type NabnerLines = Lines<Nabner>;

impl LineKind for Nabner {
    const KEY: &'static str = "nabner";
    const NAME: &'static str = "nabner";
    const STYLE: Style = Style::Plain("#ff7f0e");
    const REPEAT: Option<&'static str> =
        Some("a nabner line's digits all differ, so it cannot hold one cell twice");

    fn check(n: usize, len: usize, _: u32) -> Result<(), String> {
        if len > n.div_ceil(2) {
            return Err(format!(
                "has {len} cells, but at most {} digits of 1 to {n} are pairwise apart by 2",
                n.div_ceil(2)
            ));
        }
        Ok(())
    }

    fn pair(n: usize, _: usize, _: u32, _: usize, _: usize) -> Option<Relation> {
        Some(Relation::new("on a nabner line", n, |d, e| {
            d.abs_diff(e) >= 2
        }))
    }

    fn consistent(_: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        for (i, d) in placed(digits) {
            for (j, e) in placed(digits).skip_while(|&(j, _)| j <= i) {
                if d.abs_diff(e) < 2 {
                    return Err(format!(
                        "{d} at cell {} and {e} at cell {} are equal or consecutive",
                        i + 1,
                        j + 1
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nabner_digits_are_apart() {
        assert!(Nabner::consistent(9, 0, &[1, 3, 0, 9]).is_ok());
        assert!(Nabner::consistent(9, 0, &[1, 0, 2]).is_err());
        assert!(Nabner::consistent(9, 0, &[4, 0, 4]).is_err());
        assert!(Nabner::check(9, 6, 0).is_err());
    }
}
