//! Whispers: neighbours along the line differ by at least the line's value; German whispers
//! (the default, `ceil(n / 2)`: 5 on 9x9) and Dutch whispers (`ceil(n / 2) - 1`: 4 on 9x9).
//!
//! In the search, neighbours along the line are a pair, `|d - e| >= value`, which the logic
//! uses too; a digit with no partner at all (5 on a German whisper) is left out of the cells'
//! options.
//!
//! Key: `[[whispers]]` tables with `cells` and an optional `value`; f-puzzles key `whispers`
//! (`{"lines": [[...]], "value": "5"}`, the value optional), and the userscript's internal
//! keys `germanwhispers` and `dutchwhispers`, read as `whispers` with their own default.

use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::pair::Relation;

/// Whispers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Whisper;

/// Every whisper line of a puzzle.
pub type Whispers = Lines<Whisper>;

impl LineKind for Whisper {
    const KEY: &'static str = "whispers";
    const FPUZZLES_KEYS: &'static [&'static str] = &["whispers", "germanwhispers", "dutchwhispers"];
    const NAME: &'static str = "whispers";
    const MIN_CELLS: usize = 2;
    const VALUE: bool = true;
    const STYLE: Style = Style::Plain("#2ca02c");
    const REPEAT: Option<&'static str> = None;

    fn default_value(n: usize, key: &str) -> u32 {
        let german = n.div_ceil(2) as u32;
        if key == "dutchwhispers" {
            german.saturating_sub(1)
        } else {
            german
        }
    }

    fn check(n: usize, _: usize, value: u32) -> Result<(), String> {
        if value == 0 || value as usize >= n {
            return Err(format!(
                "neighbours must differ by {value}; write 1 to {}",
                n.saturating_sub(1)
            ));
        }
        Ok(())
    }

    fn pair(n: usize, _: usize, value: u32, i: usize, j: usize) -> Option<Relation> {
        (j == i + 1).then(|| {
            Relation::new(format!("neighbours on whispers {value}"), n, move |d, e| {
                u32::from(d.abs_diff(e)) >= value
            })
        })
    }

    fn consistent(_: usize, value: u32, digits: &[u8]) -> Result<(), String> {
        for (i, w) in digits.windows(2).enumerate() {
            if w[0] != 0 && w[1] != 0 && u32::from(w[0].abs_diff(w[1])) < value {
                return Err(format!(
                    "{} and {} at cells {} and {} differ by less than {value}",
                    w[0],
                    w[1],
                    i + 1,
                    i + 2
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
    fn whispers_keep_neighbours_apart() {
        assert_eq!(Whisper::default_value(9, "whispers"), 5);
        assert_eq!(Whisper::default_value(9, "dutchwhispers"), 4);
        assert_eq!(Whisper::default_value(6, "germanwhispers"), 3);
        assert!(Whisper::consistent(9, 5, &[1, 6, 1, 7]).is_ok());
        assert!(Whisper::consistent(9, 5, &[1, 0, 2, 6]).is_err());
        assert!(Whisper::pair(9, 3, 5, 0, 2).is_none());
        assert_eq!(Whisper::pair(9, 3, 5, 0, 1).unwrap().allowed(5), 0);
        assert!(Whisper::check(9, 3, 9).is_err());
    }
}
