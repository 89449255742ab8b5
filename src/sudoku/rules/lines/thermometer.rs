//! Thermometers: digits strictly increase along the line from its bulb (its first cell).
//!
//! In the search, every two cells `i < j` of a thermometer are a pair: `d_j - d_i >= j - i`,
//! so that the logic reasons with the line too; a digit that no digit
//! of some other cell allows (below `i + 1` at position `i`, above `n - (len - 1 - i)`) is
//! left out of the cell's options.
//!
//! Key: `[[thermometer]]` tables with `cells` (bulb first); the same f-puzzles key, `{"lines": [["R1C3", "R2C2", "R2C3"]]}`, one thermometer per line.

use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::placed;
use crate::sudoku::rules::pair::Relation;

/// Thermometers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Thermometer;

/// Every thermometer of a puzzle.
pub type Thermometers = Lines<Thermometer>;

impl LineKind for Thermometer {
    const KEY: &'static str = "thermometer";
    const NAME: &'static str = "thermometer";
    const STYLE: Style = Style::Thermometer;
    const REPEAT: Option<&'static str> =
        Some("a thermometer's digits rise from its bulb, so it cannot come back to a cell");

    fn check(n: usize, len: usize, _: u32) -> Result<(), String> {
        if len > n {
            return Err(format!(
                "has {len} cells, but only {n} digits can increase along it"
            ));
        }
        Ok(())
    }

    fn pair(n: usize, _: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        let gap = (j - i) as i32;
        Some(Relation::new(
            format!("on a thermometer, {gap} apart"),
            n,
            move |d, e| i32::from(e) - i32::from(d) >= gap,
        ))
    }

    fn consistent(n: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let len = digits.len();
        for (i, d) in placed(digits) {
            // i cells below it and len - 1 - i above, all different digits of 1..=n.
            if usize::from(d) <= i || usize::from(d) + (len - 1 - i) > n {
                return Err(format!(
                    "{d} at cell {} of {len} leaves no room to increase",
                    i + 1
                ));
            }
            if let Some((j, e)) = placed(&digits[i + 1..]).next() {
                let j = i + 1 + j;
                if usize::from(e) < usize::from(d) + (j - i) {
                    return Err(format!(
                        "{e} at cell {} does not rise enough from {d} at cell {}",
                        j + 1,
                        i + 1
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
    fn thermometers_rise_from_the_bulb() {
        assert!(Thermometer::consistent(9, 0, &[1, 3, 9]).is_ok());
        assert!(Thermometer::consistent(9, 0, &[1, 0, 2]).is_err());
        assert!(Thermometer::consistent(9, 0, &[0, 1, 0]).is_err());
        assert!(Thermometer::consistent(9, 0, &[0, 0, 9]).is_ok());
        assert!(Thermometer::consistent(9, 0, &[0, 9, 0]).is_err());
        assert!(Thermometer::consistent(9, 0, &[3, 3]).is_err());
        let r = Thermometer::pair(9, 3, 0, 0, 2).unwrap();
        assert!(r.allows(1, 3) && !r.allows(2, 3));
        assert_eq!(r.allowed(8), 0);
    }
}
