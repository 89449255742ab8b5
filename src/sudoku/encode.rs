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

use crate::xc::{OptionId, OptionRelation, OptionSum, Problem};

use super::grid::Grid;
use super::rules::cover::encoder::Encoder;
use super::rules::cover::implied::implied_houses;
use super::rules::pair::Relation;
use super::rules::Rules;

pub use super::rules::cover::encoder::{Numbering, Owners, Promise, Promises};

/// The exact-cover problem of a rule set, with no givens (givens are committed options, see
/// [`crate::xc::Dlx::commit`]), and the numbering of its cell options.
///
/// Items: one per active cell (row-major), then one per unit and digit (unit by unit, digits
/// in order), then the pairs' items, then the constraints' own.
pub fn encode(rules: &Rules) -> (Problem, Numbering) {
    let (problem, numbering, _, _) = encode_all(rules, false);
    (problem, numbering)
}

/// [`encode`], with the sums the encoding holds (killer cages, arrows, little killers, ...)
/// over the cell options, which searches keep within bounds ([`crate::xc::Dlx::add_sum`]).
pub fn encode_with_sums(rules: &Rules) -> (Problem, Numbering, Vec<OptionSum>) {
    let (problem, numbering, _, promises) = encode_all(rules, false);
    (problem, numbering, promises.sums)
}

/// [`encode_with_sums`] as the search takes it: with the houses the rules imply (the cells
/// a windoku's windows leave in their columns hold every digit once, as primary items after
/// all others), and with the automata the encoding holds (the outside clues: sandwiches,
/// X-sums, skyscrapers) over the cell options, which searches keep consistent
/// ([`crate::xc::Dlx::add_automaton`]), and the items whose exclusions searches make (the
/// digits a line must hold, [`crate::xc::Dlx::add_exclusion`]).
pub fn encode_with_promises(rules: &Rules) -> (Problem, Numbering, Promises) {
    let (problem, numbering, _, promises) = encode_all(rules, true);
    (problem, numbering, promises)
}

/// As [`encode`], with which constraint (family, in the order of [`Rules::constraints`], and
/// instance) made each item and forbade each cell option.
pub fn encode_with_owners(rules: &Rules) -> (Problem, Numbering, Owners) {
    let (problem, numbering, owners, _) = encode_all(rules, false);
    (problem, numbering, owners)
}

/// The rules encoded once for both the logic ([`crate::sudoku::logic::State::encoded`]) and
/// the search ([`crate::sudoku::Solver::encoded`]): `sudokux explain` and `hint` make both,
/// and each encoding of long arrows costs about as much as the rest of a hint.
#[derive(Debug, Clone)]
pub struct Encoding {
    pub(crate) problem: Problem,
    pub(crate) numbering: Numbering,
    pub(crate) owners: Owners,
    pub(crate) promises: Promises,
}

impl Encoding {
    /// The encoding both take, `None` when the rules imply houses (the cells a windoku's
    /// windows leave in their columns): the search's encoding holds them and the logic's does
    /// not, so each makes its own.
    pub fn shared(rules: &Rules) -> Option<Encoding> {
        if !implied_houses(rules.unit_index(), rules.size()).is_empty() {
            return None;
        }
        let (problem, numbering, owners, promises) = encode_all(rules, false);
        Some(Encoding {
            problem,
            numbering,
            owners,
            promises,
        })
    }
}

/// The encoding, who made each item, and what it promises the search; with `search`, the
/// houses the rules imply as well ([`implied_houses`]: items after every family's, so that
/// no other item moves), which the search uses and the logic, which names what it reasons
/// with, does not.
fn encode_all(rules: &Rules, search: bool) -> (Problem, Numbering, Owners, Promises) {
    let mut encoder = Encoder::new(rules.geometry(), rules.unit_index());
    for pair in rules.pairs() {
        encoder.relation(pair.a, pair.b, rules.relation(pair));
    }
    for (k, family) in rules.constraints().all().into_iter().enumerate() {
        encoder.family(k);
        family.encode(&mut encoder);
    }
    if search {
        for house in implied_houses(rules.unit_index(), rules.size()) {
            encoder.house(&house);
        }
    }
    let owners = encoder.owners().clone();
    let (problem, numbering, promises) = encoder.finish_with_promises();
    (problem, numbering, owners, promises)
}

/// The pairs of a rule set (thermometers, dots, whispers, ...) as relations over the cell
/// options that searches keep arc consistent ([`crate::xc::Dlx::add_relation`]), each digit
/// `d` the value `d - 1`. The matrix holds every pair already; a pair is promised only when
/// arc consistency can remove a digit while the other cell still has three candidates (three
/// digits that all rule out one digit of the other): "the digits differ" never can, and "not
/// consecutive" only at two.
pub fn relations(rules: &Rules, numbering: &Numbering) -> Vec<OptionRelation> {
    let n = rules.size();
    let slot = |p: usize| -> Vec<_> {
        (1..=n as u8)
            .filter_map(|d| numbering.option_of(p, d).map(|o| (o, d - 1)))
            .collect()
    };
    rules
        .pairs()
        .iter()
        .filter(|pair| prunes_before_a_choice(rules.relation(pair), n))
        .filter_map(|pair| {
            let relation = rules.relation(pair);
            let (a, b) = (slot(pair.a), slot(pair.b));
            let allowed = (1..=n as u8).map(|d| relation.allowed(d)).collect();
            (!a.is_empty() && !b.is_empty()).then_some(OptionRelation { a, b, allowed })
        })
        .collect()
}

/// Whether a relation of `n` digits can rule out a digit of one cell while its neighbour
/// still has three candidates: three digits of one side that all forbid one digit of the other
/// (or a digit that allows nothing). Otherwise the relation removes nothing until a cell is
/// down to two candidates, where the matrix nearly does it by itself: non-consecutive
/// neighbours were measured so (`anti_consectutive_hard`: 18 % fewer nodes for twice the time
/// a node), and are left to the matrix.
fn prunes_before_a_choice(relation: &Relation, n: usize) -> bool {
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let forward: Vec<u64> = (1..=n as u8).map(|d| relation.allowed(d)).collect();
    let back: Vec<u64> = (1..=n as u8).map(|e| relation.allowed_back(e)).collect();
    [forward, back].iter().any(|masks| {
        masks.iter().any(|&m| m & full == 0)
            || (0..n).any(|y| masks.iter().filter(|&&m| m >> y & 1 == 0).count() >= 3)
    })
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
