//! Lockout lines: the two end digits (the diamonds) differ by at least `floor(n / 2)` (4 on
//! 9x9), and no digit inside the line lies in the closed range between them.
//!
//! In the search, a lockout line is encoded like a between line (see `betweenline.rs`): one
//! primary item, one option per ordered pair of end digits at least `floor(n / 2)` apart,
//! colored items tying the option to the ends' digits, and items that keep the inner cells
//! out of the range. The ends and the inner cells are also pairs, which the logic uses; the
//! ranges are not reasoned with by the logic, so `explain` names lockout lines as left out.
//!
//! Key: `[[lockout]]` tables with `cells` (an end first); f-puzzles key `lockout`.

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::lines::betweenline::{encode_ends, ends_entries, ends_pair};
use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::pair::Relation;

/// Lockout lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lockout;

/// Every lockout line of a puzzle.
pub type LockoutLines = Lines<Lockout>;

impl LineKind for Lockout {
    const KEY: &'static str = "lockout";
    const NAME: &'static str = "lockout line";
    const MIN_CELLS: usize = 2;
    const EXPLAINED: bool = false;
    const STYLE: Style = Style::Diamonds("#1f77b4");

    fn pair(n: usize, len: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        let gap = (n / 2) as u8;
        ends_pair("lockout line", n, len, i, j, move |a, b| {
            a.abs_diff(b) >= gap
        })
    }

    fn encode(encoder: &mut Encoder<'_>, positions: &[usize], _: u32) {
        let gap = (encoder.geometry().size() / 2) as u8;
        encode_ends(
            encoder,
            positions,
            |a, b| a.abs_diff(b) >= gap,
            |a, b, e| e < a.min(b) || e > a.max(b),
        );
    }

    fn entries(n: usize, len: usize) -> u64 {
        ends_entries(n, len)
    }

    fn consistent(n: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let len = digits.len();
        let (a, b) = (digits[0], digits[len - 1]);
        let gap = (n / 2) as u8;
        if a != 0 && b != 0 && a.abs_diff(b) < gap {
            return Err(format!("the ends {a} and {b} differ by less than {gap}"));
        }
        for (i, &e) in digits.iter().enumerate().take(len - 1).skip(1) {
            if e == 0 {
                continue;
            }
            let inside = if a != 0 && b != 0 {
                a.min(b) <= e && e <= a.max(b)
            } else {
                e == a || e == b
            };
            if inside {
                return Err(format!(
                    "{e} at cell {} lies in the range of the ends",
                    i + 1
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_cells_stay_out_of_the_range() {
        assert!(Lockout::consistent(9, 0, &[2, 1, 8, 6]).is_ok());
        assert!(Lockout::consistent(9, 0, &[2, 1, 5, 6]).is_err());
        assert!(Lockout::consistent(9, 0, &[2, 0, 0, 5]).is_err());
        assert!(Lockout::consistent(9, 0, &[2, 2, 0, 0]).is_err());
        assert!(Lockout::consistent(9, 0, &[1, 9]).is_ok());
    }
}
