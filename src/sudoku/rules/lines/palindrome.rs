//! Palindromes: the line reads the same both ways (cell `i` = cell `len - 1 - i`).
//!
//! In the search, mirrored cells are a pair (equal digits), which the logic uses too.
//!
//! Key: `[[palindrome]]` tables with `cells`; f-puzzles key `palindrome`, one line per
//! instance.

use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::pair::Relation;

/// Palindromes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Palindrome;

/// Every palindrome of a puzzle.
pub type Palindromes = Lines<Palindrome>;

impl LineKind for Palindrome {
    const KEY: &'static str = "palindrome";
    const NAME: &'static str = "palindrome";
    const STYLE: Style = Style::Plain("#9467bd");
    const REPEAT: Option<&'static str> = None;

    fn pair(n: usize, len: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        (i + j == len - 1).then(|| Relation::new("mirrored on a palindrome", n, |d, e| d == e))
    }

    fn consistent(_: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let len = digits.len();
        for i in 0..len / 2 {
            let (d, e) = (digits[i], digits[len - 1 - i]);
            if d != 0 && e != 0 && d != e {
                return Err(format!(
                    "{d} at cell {} and {e} at cell {} differ",
                    i + 1,
                    len - i
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
    fn palindromes_mirror() {
        assert!(Palindrome::consistent(9, 0, &[1, 3, 0, 1]).is_ok());
        assert!(Palindrome::consistent(9, 0, &[1, 2, 3, 2, 4]).is_err());
        assert!(Palindrome::pair(9, 5, 0, 1, 3).is_some());
        assert!(Palindrome::pair(9, 5, 0, 1, 2).is_none());
    }
}
