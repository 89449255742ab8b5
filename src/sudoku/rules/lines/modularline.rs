//! Modular lines: any three consecutive cells of the line hold one digit of each residue
//! modulo 3, so two cells have the same residue exactly when their positions differ by a
//! multiple of 3.
//!
//! In the search, every two cells of the line are a pair, which the logic uses too.
//!
//! Key: `[[modularline]]` tables with `cells`; f-puzzles key `modularline`.

use crate::sudoku::rules::lines::entropicline::{classes_consistent, classes_pair};
use crate::sudoku::rules::lines::line::{LineKind, Lines, Style};
use crate::sudoku::rules::pair::Relation;

/// Modular lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Modular;

/// Every modular line of a puzzle.
pub type ModularLines = Lines<Modular>;

/// The residue of `d` modulo 3.
fn residue(_: usize, d: u8) -> usize {
    usize::from(d % 3)
}

impl LineKind for Modular {
    const KEY: &'static str = "modularline";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("modular", "modularline")];
    const NAME: &'static str = "modular line";
    const STYLE: Style = Style::Plain("#17becf");
    const REPEAT: Option<&'static str> = None;

    fn pair(n: usize, _: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        Some(classes_pair("on a modular line", n, i, j, residue))
    }

    fn consistent(n: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        classes_consistent(n, digits, residue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn residues_cycle() {
        assert!(Modular::consistent(9, 0, &[1, 5, 9, 4]).is_ok());
        assert!(Modular::consistent(9, 0, &[1, 4]).is_err());
        assert!(Modular::consistent(9, 0, &[1, 0, 0, 2]).is_err());
    }
}
