//! Renban lines: the line holds a set of consecutive digits, in any order, without repeats.
//!
//! In the search, a renban line is a unit (its cells differ) and, like a killer cage, it gets
//! a primary item and one option per run of consecutive digits it may hold (`s..s + len`).
//! Each digit `d` gets a primary item of the line's own, "the line holds d, or its run leaves
//! it out": the line's cells take it with `d`, and each run option takes it for every digit
//! outside the run. So the cells hold exactly the run: a digit of the chosen run left with
//! one place on the line is a forced move, and a digit outside it is on no cell. The search
//! makes the exclusions of these items (`Dlx::add_exclusion`): a cell that sees every place
//! left for a digit on the line (through any house or the line itself), when every run left
//! holds it, loses it (4, 5 and 6 on a line of six in a 9x9); and of the run's item: a cell
//! digit that no run left holds goes. Every two cells are also a pair (their
//! digits differ by less than the line's length), which the logic's pair steps use; the run
//! options and the digit items are rows and items of the matrix the logic's generic
//! techniques work on (`logic/matrix.rs`), so `explain` reasons with the choice of run too
//! and names no renban line as left out.
//!
//! Key: `[[renban]]` tables with `cells`; f-puzzles key `renban`, one line per instance.

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::placed;
use crate::sudoku::rules::pair::Relation;

/// Renban lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Renban;

/// Every renban line of a puzzle.
pub type RenbanLines = Lines<Renban>;

impl LineKind for Renban {
    const KEY: &'static str = "renban";
    const NAME: &'static str = "renban";
    const UNIT: bool = true;
    const EXPLAINED: bool = false;
    const STYLE: Style = Style::Plain("#e377c2");
    const REPEAT: Option<&'static str> =
        Some("a renban's digits all differ, so it cannot hold one cell twice");

    fn pair(n: usize, len: usize, _: u32, _: usize, _: usize) -> Option<Relation> {
        Some(Relation::new(
            format!("on a renban of {len}"),
            n,
            move |d, e| d != e && usize::from(d.abs_diff(e)) < len,
        ))
    }

    fn encode(encoder: &mut Encoder<'_>, positions: &[usize], _: u32) {
        let n = encoder.geometry().size();
        let len = positions.len();
        let run = encoder.primary();
        // Per digit, a primary item "the line holds d, or its run leaves d out": the line's
        // cells take it with d, and each run option takes it for every digit outside the run.
        // So a run's digits are each on the line exactly once (a digit of the chosen run left
        // with one place on the line is a forced move), the others nowhere.
        let digits: Vec<_> = (0..n).map(|_| encoder.primary()).collect();
        for start in 1..=n + 1 - len {
            let outside: Vec<_> = (1..=n)
                .filter(|&d| d < start || d >= start + len)
                .map(|d| (digits[d - 1], None))
                .collect();
            encoder.option(std::iter::once((run, None)).chain(outside));
        }
        // A cell that clashes with every place left for a digit (sees each cell left for it
        // on the line, through any house or the line, and leaves out every run left without
        // it) loses it; a cell digit that no run left holds clashes with every run (the
        // search's exclusions).
        for (d, &item) in (1..=n as u8).zip(&digits) {
            for &p in positions {
                encoder.on(p, d, item, None);
            }
            encoder.promise_exclusion(item);
        }
        encoder.promise_exclusion(run);
    }

    fn entries(n: usize, len: usize) -> u64 {
        ((n + 1).saturating_sub(len) * (1 + n.saturating_sub(len)) + n * len) as u64
    }

    fn consistent(_: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let len = digits.len();
        for (i, d) in placed(digits) {
            for (j, e) in placed(digits).skip_while(|&(j, _)| j <= i) {
                if d == e {
                    return Err(format!("{d} repeats at cells {} and {}", i + 1, j + 1));
                }
                if usize::from(d.abs_diff(e)) >= len {
                    return Err(format!(
                        "{d} and {e} do not fit in a run of {len} consecutive digits"
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
    fn renban_digits_form_a_run() {
        assert!(Renban::consistent(9, 0, &[4, 2, 3]).is_ok());
        assert!(Renban::consistent(9, 0, &[4, 0, 2]).is_ok());
        assert!(Renban::consistent(9, 0, &[4, 0, 1]).is_err());
        assert!(Renban::consistent(9, 0, &[4, 4, 0]).is_err());
        assert_eq!(Renban::entries(9, 3), 7 * 7 + 9 * 3);
        assert_eq!(Renban::entries(9, 6), 4 * 4 + 9 * 6);
    }
}
