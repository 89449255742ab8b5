//! The rule flags (`--size`, `--box`, `--symbols`, `--diagonals`, ...) turned into a sudoku
//! [`Spec`], in this one place: the batch commands (`solve`, `count`, `check`), the
//! single-puzzle ones (`render`, `explain`, `hint`) and `generate` all go through
//! [`RuleFlags`]. Puzzle files (.toml, .json) carry their own rules and do not.

use std::io::BufRead;

use sudokux::sudoku::parse::Dialect;
use sudokux::sudoku::symbols::SymbolsError;
use sudokux::sudoku::{Alphabet, Constraints, Reader, Rules, Spec};

use crate::args::{RuleArgs, NO_BOXES};
use crate::error::CliError;

/// The rules the flags describe, for puzzles of any size: the size is fixed per puzzle (by
/// the flags, or read off each puzzle line).
#[derive(Debug, Clone)]
pub struct RuleFlags {
    /// The rules without the size or the symbols.
    template: Spec,
    /// The alphabet `--symbols` names.
    alphabet: Alphabet,
    /// The size that `--size`, `--box` or the alphabet fixes, if any.
    pub size: Option<usize>,
    /// Some rule flag was given (they do not apply to puzzle files).
    pub given: bool,
}

impl RuleFlags {
    /// The flags read; an error when `--size`, `--box` and `--symbols` disagree on the size
    /// or the alphabet cannot be read.
    pub fn new(flags: &RuleArgs) -> Result<RuleFlags, CliError> {
        let alphabet = match flags.symbols.as_deref() {
            Some(text) => {
                Alphabet::parse(text).map_err(|e| CliError::Usage(format!("--symbols: {e}")))?
            }
            None => Alphabet::Default,
        };
        let sizes = [
            flags.size,
            flags
                .box_shape
                .filter(|&shape| shape != NO_BOXES)
                .map(|(r, c)| r * c),
            alphabet.fixed_size(),
        ];
        let mut fixed = sizes.into_iter().flatten();
        let size = fixed.next();
        if let Some(other) = fixed.find(|&s| Some(s) != size) {
            return Err(CliError::Usage(format!(
                "--size, --box and --symbols disagree on the size ({} and {other})",
                size.unwrap_or(0)
            )));
        }
        let given = size.is_some()
            || flags.diagonals
            || flags.diagonal_positive
            || flags.diagonal_negative
            || flags.windoku
            || flags.anti_knight
            || flags.anti_king
            || flags.non_consecutive;
        Ok(RuleFlags {
            template: Spec {
                size: 0,
                box_shape: flags.box_shape,
                constraints: constraints(flags),
                ..Spec::default()
            },
            alphabet,
            size,
            given,
        })
    }

    /// [`RuleFlags::new`], and when the flags fix the size, its rules made once: rules that
    /// make no sense are a usage error before any input is read.
    pub fn checked(flags: &RuleArgs) -> Result<RuleFlags, CliError> {
        let rule_flags = RuleFlags::new(flags)?;
        if let Some(size) = rule_flags.size {
            rule_flags.rules(size).map_err(CliError::Usage)?;
        }
        Ok(rule_flags)
    }

    /// The spec of a grid of `size` digits; an error when the alphabet has too few symbols.
    pub fn spec(&self, size: usize) -> Result<Spec, SymbolsError> {
        let symbols = match &self.alphabet {
            Alphabet::Default => None,
            alphabet => Some(alphabet.symbols_for(size)?),
        };
        let mut spec = Spec {
            size,
            symbols,
            ..self.template.clone()
        };
        if spec.box_shape == Some(NO_BOXES) {
            // Boxes of one row are the rows: no boxes of their own.
            spec.box_shape = Some((1, size));
        }
        Ok(spec)
    }

    /// The checked rules of a grid of `size` digits, or what is wrong with them (as a puzzle
    /// line's error says it).
    pub fn rules(&self, size: usize) -> Result<Rules, String> {
        let spec = self.spec(size).map_err(|e| e.to_string())?;
        Rules::new(spec).map_err(|e| e.to_string())
    }

    /// A reader of puzzle lines and grids in the flags' alphabet and size.
    pub fn reader<'a>(
        &self,
        input: &'a mut dyn BufRead,
        dialect: Dialect,
    ) -> Reader<&'a mut dyn BufRead> {
        Reader::with_alphabet(input, self.alphabet.clone(), self.size).dialect(dialect)
    }
}

/// The constraints the flags ask for.
fn constraints(flags: &RuleArgs) -> Constraints {
    Spec::default()
        .with(|c| {
            c.grid_units.diagonals = flags.diagonals;
            c.grid_units.diagonal_positive = flags.diagonal_positive;
            c.grid_units.diagonal_negative = flags.diagonal_negative;
            c.grid_units.windoku = flags.windoku;
            c.chess.anti_knight = flags.anti_knight;
            c.chess.anti_king = flags.anti_king;
            c.kropki.non_consecutive = flags.non_consecutive;
        })
        .constraints
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The rule flags as the command line gives them.
    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        rules: RuleArgs,
    }

    fn flags(args: &[&str]) -> RuleArgs {
        Flags::parse_from(std::iter::once("sudokux").chain(args.iter().copied())).rules
    }

    #[test]
    fn the_flags_make_one_spec_per_size() {
        let rule_flags = RuleFlags::new(&flags(&["--diagonals", "--anti-king"])).unwrap();
        assert!(rule_flags.given);
        assert_eq!(rule_flags.size, None);
        let spec = rule_flags.spec(6).unwrap();
        assert_eq!(spec.size, 6);
        assert_eq!(spec.symbols, None);
        assert!(spec.constraints.grid_units.diagonals);
        assert!(spec.constraints.chess.anti_king);
        assert!(!spec.constraints.chess.anti_knight);
        assert_eq!(rule_flags.rules(9).unwrap().size(), 9);
    }

    #[test]
    fn size_box_and_alphabet_fix_the_size_together() {
        let rule_flags = RuleFlags::new(&flags(&["--box", "2x3"])).unwrap();
        assert_eq!((rule_flags.size, rule_flags.given), (Some(6), true));
        assert_eq!(rule_flags.spec(6).unwrap().box_shape, Some((2, 3)));
        let error = RuleFlags::new(&flags(&["--size", "9", "--box", "2x2"])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--size, --box and --symbols disagree on the size (9 and 4)"
        );
        assert!(!RuleFlags::new(&flags(&[])).unwrap().given);
    }

    #[test]
    fn single_diagonals_and_no_boxes() {
        let rule_flags = RuleFlags::new(&flags(&["--diagonal+", "--box", "none"])).unwrap();
        assert_eq!((rule_flags.size, rule_flags.given), (None, true));
        let spec = rule_flags.spec(5).unwrap();
        assert_eq!(spec.box_shape, Some((1, 5)));
        assert!(spec.constraints.grid_units.diagonal_positive);
        assert!(!spec.constraints.grid_units.diagonal_negative);
        let spec = RuleFlags::new(&flags(&["--diagonal-negative"]))
            .unwrap()
            .spec(4)
            .unwrap();
        assert!(spec.constraints.grid_units.diagonal_negative);
    }

    #[test]
    fn an_alphabet_too_short_for_the_size_is_an_error() {
        let rule_flags = RuleFlags::new(&flags(&["--symbols", "hex"])).unwrap();
        assert!(rule_flags.spec(16).unwrap().symbols.is_some());
        assert!(rule_flags.spec(20).is_err());
        assert!(rule_flags.rules(20).is_err());
    }

    #[test]
    fn checked_refuses_rules_that_make_no_sense() {
        assert!(RuleFlags::new(&flags(&["--size", "100"])).is_ok());
        assert!(matches!(
            RuleFlags::checked(&flags(&["--size", "100"])),
            Err(CliError::Usage(_))
        ));
    }
}
