//! Rule-specific techniques for the lines and sums of variants, where people reason
//! otherwise than the generic techniques on the matrix:
//!
//! ```text
//! mod.rs         the steps, on the state
//! house_sums.rs  the 45 rule with lines: promised sums, alone or two together, less the
//!                totals of the houses they cover most of
//! neighbours.rs  squeezed neighbours: a digit in a cell that leaves its neighbours on the
//!                rules within one house fewer digits than cells
//! ordering.rs    ordering across a house: a cell above (below) several cells of one house
//!                is above (below) that many different digits
//! ```

pub(super) mod house_sums;
mod neighbours;
mod ordering;

/// An empty 9x9 grid with the rule tables `tables` (TOML), for the techniques' tests.
#[cfg(test)]
fn empty_9x9(tables: &str) -> crate::sudoku::file::PuzzleFile {
    crate::sudoku::file::from_toml(&format!("size = 9\n{tables}")).unwrap()
}

use crate::sudoku::grid::Cell;

use super::mask::digits_of;
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    /// The first sum rewritten with the houses' totals ([`house_sums::house_sums`]) whose
    /// reach or fillings rule out a candidate, as a step.
    pub(super) fn house_sum_step(&self) -> Option<Step> {
        for house_sum in self.house_sums.iter() {
            let sum = &house_sum.sum;
            let terms = &sum.promise.terms;
            if terms.iter().all(|&(p, _)| self.values[p] != 0) {
                continue;
            }
            let masks = sum.masks(&self.values, &self.candidates);
            let Some(reach) = sum.within_reach(&masks) else {
                continue;
            };
            let kept = sum.combinations(&reach);
            if kept.contains(&0) {
                // No filling: the puzzle is broken here, which other checks report.
                continue;
            }
            let eliminations: Vec<(Cell, u8)> = terms
                .iter()
                .zip(&kept)
                .filter(|&(&(p, _), _)| self.values[p] == 0)
                .flat_map(|(&(p, _), &keep)| {
                    digits_of(self.candidates[p] & !keep).map(move |d| (p, d))
                })
                .map(|(p, d)| (self.rules.cell(p), d))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let mut units: Vec<String> = house_sum
                .from
                .iter()
                .map(|&(i, _)| {
                    let promised = &self.sums[i].promise;
                    let family = &self.rules.constraints().all()[promised.family];
                    family.words(promised.instance)
                })
                .collect();
            units.extend(house_sum.houses.iter().map(|&(u, _)| self.unit_name(u)));
            units.push(sum.equation(|p| self.rules.cell(p)));
            return Some(Step {
                technique: Technique::HouseSums,
                placements: Vec::new(),
                eliminations,
                units,
                cells: terms.iter().map(|&(p, _)| self.rules.cell(p)).collect(),
                digits: Vec::new(),
            });
        }
        None
    }
}
