//! Renban lines: the line holds a set of consecutive digits, in any order, without repeats.
//!
//! In the search, a renban line is a unit (its cells differ) and, like a killer cage, it gets
//! a primary item and one option per run of consecutive digits it may hold (`s..s + len`):
//! the option takes the unit's item "the line holds d" for every digit d outside the run, so
//! that the cells, which differ, hold exactly the run. It takes that item with a color (the
//! cells take it without one): two renban lines over the same cells share one unit, and both
//! may say that a digit is not on it. A digit that every run holds (4, 5 and 6 on a line of
//! six in a 9x9) gets a primary item of the line's own that the line's cells take with it:
//! the line holds it exactly once, and the search removes it from every cell that sees all
//! its places left on the line (`Dlx::add_exclusion`). Every two cells are also a pair (their
//! digits differ by less than the line's length), which the logic uses; the choice of run is
//! not reasoned with by the logic, so `explain` names renban lines as left out.
//!
//! Key: `[[renban]]` tables with `cells`; f-puzzles key `renban`, one line per instance.

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::placed;
use crate::sudoku::rules::pair::Relation;
use crate::xc::Color;

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
        let mut cells = positions.to_vec();
        cells.sort_unstable();
        let unit = encoder
            .units()
            .with_cells(&cells)
            .expect("every renban is a unit");
        let item = encoder.primary();
        // The color of a unit item a run option takes (the digit is not on the line). Every
        // run gives it this color, so lines over the same cells agree; a cell holding the
        // digit takes the item uncolored, which no run leaving the digit out allows.
        let absent = Color::new(1).expect("1 is a color");
        for start in 1..=n + 1 - len {
            let outside: Vec<_> = (1..=n)
                .filter(|&d| d < start || d >= start + len)
                .map(|d| (encoder.unit_item(unit, d as u8), Some(absent)))
                .collect();
            encoder.option(std::iter::once((item, None)).chain(outside));
        }
        // The digits every run holds (from n + 1 - len to len, when the line is longer than
        // half the digits): the line holds each exactly once, a primary item that the line's
        // cells take with the digit. A digit left in one house along the line is then a
        // hidden single there; and a cell that sees every place left for it on the line
        // (through any house, or the line itself) loses it (the search's exclusions).
        for d in required(n, len) {
            let item = encoder.primary();
            for &p in positions {
                encoder.on(p, d, item, None);
            }
            encoder.promise_exclusion(item);
        }
    }

    fn entries(n: usize, len: usize) -> u64 {
        ((n + 1).saturating_sub(len) * (1 + n) + required(n, len).count() * len) as u64
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

/// The digits in every run of `len` consecutive digits from 1 to `n`: those from
/// `n + 1 - len` to `len` (none when `2 len <= n`).
fn required(n: usize, len: usize) -> impl Iterator<Item = u8> {
    ((n + 1).saturating_sub(len)..=len.min(n)).map(|d| d as u8)
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
        assert_eq!(Renban::entries(9, 3), 7 * 10);
        assert_eq!(Renban::entries(9, 6), 4 * 10 + 3 * 6);
    }

    #[test]
    fn the_digits_every_run_holds() {
        assert_eq!(required(9, 6).collect::<Vec<_>>(), [4, 5, 6]);
        assert_eq!(
            required(9, 9).collect::<Vec<_>>(),
            (1..=9).collect::<Vec<u8>>()
        );
        assert_eq!(required(9, 5).collect::<Vec<_>>(), [5]);
        assert_eq!(required(9, 4).count(), 0);
        assert_eq!(required(6, 4).collect::<Vec<_>>(), [3, 4]);
    }
}
