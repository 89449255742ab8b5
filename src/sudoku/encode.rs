//! Sudoku as exact cover: one option per (cell, digit), one item per cell and per (unit,
//! digit), and what each constraint adds.
//!
//! For classic 9x9 that is 729 options over 324 primary items: every cell holds one digit, and
//! every row, column and box holds every digit once. The same encoder serves every rule set:
//! - a unit with fewer cells than digits holds each digit at most once: its items are
//!   secondary;
//! - a rule between two cells (a pair) gets one secondary item per block of digit pairs it
//!   forbids, in the options of both cells: two cells a knight's move apart get one per digit
//!   `d`, in "a holds d" and "b holds d";
//! - every constraint family adds what else it needs (see [`crate::sudoku::rules::cover::encoder`]):
//!   a killer cage, for instance, gets a primary item and one option per set of digits that
//!   reaches its sum.
//!
//! Cell options come first, cell by cell and digit by digit; constraints' own options follow.
//! [`Numbering`] maps between the two.

use crate::xc::{OptionId, OptionSum, Problem};

use super::grid::Grid;
use super::rules::cover::encoder::Encoder;
use super::rules::Rules;

pub use super::rules::cover::encoder::{Numbering, Owners, Promise};

/// The exact-cover problem of a rule set, with no givens (givens are committed options, see
/// [`crate::xc::Dlx::commit`]), and the numbering of its cell options.
///
/// Items: one per active cell (row-major), then one per unit and digit (unit by unit, digits
/// in order), then the pairs' items, then the constraints' own.
pub fn encode(rules: &Rules) -> (Problem, Numbering) {
    let (problem, numbering, _, _) = encode_all(rules);
    (problem, numbering)
}

/// [`encode`], with the sums the encoding holds (killer cages, arrows, little killers, ...)
/// over the cell options, which searches keep within bounds ([`crate::xc::Dlx::add_sum`]).
pub fn encode_with_sums(rules: &Rules) -> (Problem, Numbering, Vec<OptionSum>) {
    let (problem, numbering, _, sums) = encode_all(rules);
    (problem, numbering, sums)
}

/// As [`encode`], with which constraint (family, in the order of [`Rules::constraints`], and
/// instance) made each item and forbade each cell option.
pub fn encode_with_owners(rules: &Rules) -> (Problem, Numbering, Owners) {
    let (problem, numbering, owners, _) = encode_all(rules);
    (problem, numbering, owners)
}

/// The encoding, who made each item, and the sums promised.
fn encode_all(rules: &Rules) -> (Problem, Numbering, Owners, Vec<OptionSum>) {
    let mut encoder = Encoder::new(rules.geometry(), rules.unit_index());
    for pair in rules.pairs() {
        encoder.relation(pair.a, pair.b, rules.relation(pair));
    }
    for (k, family) in rules.constraints().all().into_iter().enumerate() {
        encoder.family(k);
        family.encode(&mut encoder);
    }
    let owners = encoder.owners().clone();
    let (problem, numbering, sums) = encoder.finish_with_sums();
    (problem, numbering, owners, sums)
}

/// The grid a set of options describes, for the rules they were encoded from (this encodes the
/// rules again: keep the [`Numbering`] of [`encode`] when decoding often).
pub fn decode(rules: &Rules, options: &[OptionId]) -> Grid {
    encode(rules).1.decode(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::ItemId;

    #[test]
    fn classic_sudoku_is_729_options_over_324_items() {
        let rules = Rules::classic();
        let (problem, numbering) = encode(&rules);
        assert_eq!(problem.option_count(), 729);
        assert_eq!(problem.item_count(), 324);
        assert_eq!(problem.primary_count(), 324);
        // r1c2 = 3: cell 1, row 1 digit 3, column 2 digit 3, box 1 digit 3.
        let option = numbering.option_of(1, 3).unwrap();
        assert_eq!(
            problem.option(option),
            &[
                ItemId(1),
                ItemId(81 + 2),
                ItemId(81 + 81 + 9 + 2),
                ItemId(81 + 162 + 2)
            ]
        );
        let grid = numbering.decode(&[option]);
        assert_eq!(grid.get(0, 1), 3);
        assert_eq!(numbering.cell_digit(option), Some((1, 3)));
    }
}
