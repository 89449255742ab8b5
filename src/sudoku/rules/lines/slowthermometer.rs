//! Slow thermometers: digits never decrease along the line from its bulb (its first cell);
//! repeats are allowed.
//!
//! In the search, every two cells `i < j` of a slow thermometer are a pair, `d_i <= d_j`,
//! which the logic uses too.
//!
//! Key: `[[slowthermometer]]` tables with `cells` (bulb first); the same f-puzzles key,
//! `{"lines": [["R1C3", "R2C2", "R2C3"]]}`, one slow thermometer per line.

use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::placed;
use crate::sudoku::rules::pair::Relation;

/// Slow thermometers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SlowThermometer;

/// Every slow thermometer of a puzzle.
pub type SlowThermometers = Lines<SlowThermometer>;

impl LineKind for SlowThermometer {
    const KEY: &'static str = "slowthermometer";
    const ALIASES: &'static [(&'static str, &'static str)] =
        &[("slow_thermometer", "slowthermometer")];
    const NAME: &'static str = "slow thermometer";
    const STYLE: Style = Style::Thermometer;
    const REPEAT: Option<&'static str> = Some(
        "a slow thermometer's digits never fall from its bulb, so a loop would hold one \
         digit all round: draw it without the loop",
    );

    fn pair(n: usize, _: usize, _: u32, _: usize, _: usize) -> Option<Relation> {
        Some(Relation::new("on a slow thermometer", n, |d, e| d <= e))
    }

    fn consistent(_: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let mut last: Option<(usize, u8)> = None;
        for (i, d) in placed(digits) {
            if let Some((h, c)) = last {
                if d < c {
                    return Err(format!(
                        "{d} at cell {} is below {c} at cell {}",
                        i + 1,
                        h + 1
                    ));
                }
            }
            last = Some((i, d));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_thermometers_never_fall() {
        assert!(SlowThermometer::consistent(9, 0, &[3, 3, 0, 5]).is_ok());
        assert!(SlowThermometer::consistent(9, 0, &[3, 0, 2]).is_err());
        assert!(SlowThermometer::pair(9, 3, 0, 0, 2).unwrap().allows(4, 4));
    }
}
