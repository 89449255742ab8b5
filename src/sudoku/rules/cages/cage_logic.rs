//! The human-style steps of killer cages: cage combinations, then the 45 rule (innies and
//! outies, see `innies.rs`).
//!
//! Both are one reasoning on a sum of cells: a candidate stays only if some way of filling the
//! sum's cells from their candidates (with different digits where the cells must differ)
//! reaches the target with it. For a cage that is its combinations, each set of digits placed
//! cell by cell; for a derived sum it is what the innies or outies can still add up to.

use crate::sudoku::grid::Cell;
use crate::sudoku::logic::fillings::Fillings;
use crate::sudoku::logic::mask::{bit, digits_of};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;

use crate::sudoku::rules::cages::cage_houses::House;
use crate::sudoku::rules::cages::innies::Derived;
use crate::sudoku::rules::constraint::Logic;

/// One sum the logic reasons with.
///
/// Invariants: `cells` and `weights` have the same length, and `fillings` walks that many
/// terms; the weights are `+1` for a cage.
#[derive(Debug)]
pub(super) struct LogicSum {
    /// The technique its steps are.
    technique: Technique,
    /// The cage or house, as a person names it (`cage 3`, `rows 1-2`).
    name: String,
    /// Its cells: positions and names.
    cells: Vec<(usize, Cell)>,
    /// The weight of each cell.
    weights: Vec<i64>,
    /// What the weighted digits add up to.
    target: i64,
    /// How the cells are walked: all different digits for a cage, or a derived sum whose
    /// cells must differ; no two alike otherwise.
    fillings: Fillings,
}

impl LogicSum {
    /// A killer cage `name` over `cells` (position and name) adding up to `sum`.
    pub(super) fn cage(name: String, cells: Vec<(usize, Cell)>, sum: u32) -> LogicSum {
        LogicSum {
            technique: Technique::CageSum,
            name,
            weights: vec![1; cells.len()],
            fillings: Fillings::all(cells.len(), true),
            cells,
            target: i64::from(sum),
        }
    }

    /// A sum the 45 rule derives; `cell` names a position.
    pub(super) fn derived(derived: &Derived, cell: impl Fn(usize) -> Cell) -> LogicSum {
        LogicSum {
            technique: Technique::InniesOuties,
            name: derived.house.clone(),
            cells: derived.terms.iter().map(|&(p, _)| (p, cell(p))).collect(),
            weights: derived.terms.iter().map(|&(_, w)| w).collect(),
            target: derived.target,
            fillings: Fillings::all(derived.terms.len(), derived.distinct),
        }
    }

    /// How the sum reads: `r1c1 + r2c2 - r3c1 = 7`.
    fn equation(&self) -> String {
        let mut text = String::new();
        for (k, (&(_, cell), &w)) in self.cells.iter().zip(&self.weights).enumerate() {
            match (k, w < 0) {
                (0, false) => {}
                (0, true) => text.push('-'),
                (_, false) => text.push_str(" + "),
                (_, true) => text.push_str(" - "),
            }
            text.push_str(&cell.to_string());
        }
        format!("{text} = {}", self.target)
    }

    /// For each cell, the digits of its `masks` that some filling reaching the target uses
    /// (the walk the sum steps of every rule share).
    fn supported(&self, masks: &[u64]) -> Vec<u64> {
        self.fillings.supported(&self.weights, self.target, masks)
    }
}

/// The steps of every cage, then of every derived sum, in order; later, of every house the
/// cages meet.
#[derive(Debug)]
pub(super) struct CageLogic {
    pub(super) sums: Vec<LogicSum>,
    pub(super) houses: Vec<House>,
}

impl Logic for CageLogic {
    /// Candidates of a sum's cells that no filling reaching its target uses.
    fn step(&self, values: &[u8], candidates: &[u64]) -> Option<Step> {
        for sum in &self.sums {
            let masks: Vec<u64> = sum
                .cells
                .iter()
                .map(|&(p, _)| {
                    if values[p] != 0 {
                        bit(values[p])
                    } else {
                        candidates[p]
                    }
                })
                .collect();
            let support = sum.supported(&masks);
            let eliminations: Vec<(Cell, u8)> = sum
                .cells
                .iter()
                .zip(&support)
                .filter(|&(&(p, _), _)| values[p] == 0)
                .flat_map(|(&(p, cell), &keep)| {
                    digits_of(candidates[p] & !keep).map(move |d| (cell, d))
                })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let allowed = support.iter().fold(0, |acc, &m| acc | m);
            let mut units = vec![sum.name.clone()];
            if sum.technique == Technique::InniesOuties {
                units.push(sum.equation());
            }
            return Some(Step {
                technique: sum.technique,
                placements: Vec::new(),
                eliminations,
                units,
                cells: sum.cells.iter().map(|&(_, cell)| cell).collect(),
                digits: digits_of(allowed).collect(),
            });
        }
        None
    }

    /// Candidates of a house that no filling of it meeting its cages' sums uses.
    fn late_step(&self, values: &[u8], candidates: &[u64]) -> Option<Step> {
        self.houses
            .iter()
            .find_map(|house| house.step(values, candidates))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(positions: &[usize]) -> Vec<(usize, Cell)> {
        positions
            .iter()
            .map(|&p| (p, Cell::from_index(p, 9)))
            .collect()
    }

    #[test]
    fn a_cage_keeps_the_digits_of_its_fillings() {
        // Three cells adding up to 7 are 1, 2, 4; with r1c1 = 4 the others are 1 and 2.
        let cage = LogicSum::cage("cage 1".into(), cells(&[0, 1, 2]), 7);
        assert_eq!(cage.supported(&[0x1ff, 0x1ff, 0x1ff]), [0b1011; 3]);
        assert_eq!(
            cage.supported(&[0b1000, 0x1ff, 0x1ff]),
            [0b1000, 0b11, 0b11]
        );
        // 1 and 2 can only go one way round.
        assert_eq!(cage.supported(&[0b1000, 0b1, 0b11]), [0b1000, 0b1, 0b10]);
        assert_eq!(cage.supported(&[0b1, 0b1, 0x1ff]), [0, 0, 0]);
    }

    #[test]
    fn a_derived_sum_with_outies_keeps_what_balances() {
        let derived = Derived {
            house: "row 1".into(),
            innies: false,
            terms: vec![(8, 1), (16, -1)],
            target: 0,
            distinct: false,
        };
        let sum = LogicSum::derived(&derived, |p| Cell::from_index(p, 9));
        assert_eq!(sum.equation(), "r1c9 - r2c8 = 0");
        assert_eq!(sum.supported(&[0b011, 0b110]), [0b010, 0b010]);
        let logic = CageLogic {
            sums: vec![sum],
            houses: Vec::new(),
        };
        let mut candidates = vec![0x1ff; 81];
        candidates[8] = 0b011;
        candidates[16] = 0b110;
        let step = logic.step(&[0; 81], &candidates).unwrap();
        assert_eq!(step.technique, Technique::InniesOuties);
        assert_eq!(
            step.to_string(),
            "r1c9 <> 1; r2c8 <> 3: 45 rule in row 1: r1c9 - r2c8 = 0"
        );
    }
}
