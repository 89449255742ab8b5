//! Cage sums: a killer cage keeps only the digits of the sets that reach its sum and still fit.

use crate::sudoku::grid::Cell;

use super::mask::{bit, digits_of};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    /// Digits of a killer cage outside every set of different digits that reaches its sum and
    /// fits the candidates (each cell has a candidate in the set).
    pub(super) fn cage_sum(&self) -> Option<Step> {
        for (unit, sets) in &self.cages {
            let cells = &self.rules.units()[*unit].cells;
            let mask_of = |p: usize| {
                if self.values[p] != 0 {
                    bit(self.values[p])
                } else {
                    self.candidates[p]
                }
            };
            let allowed = sets
                .iter()
                .filter(|&&set| cells.iter().all(|&p| mask_of(p) & set != 0))
                .fold(0, |acc, &set| acc | set);
            let eliminations: Vec<(Cell, u8)> = cells
                .iter()
                .filter(|&&p| self.values[p] == 0)
                .flat_map(|&p| {
                    digits_of(self.candidates[p] & !allowed).map(move |d| (self.cell(p), d))
                })
                .collect();
            if !eliminations.is_empty() {
                return Some(Step {
                    technique: Technique::CageSum,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![self.unit_name(*unit)],
                    cells: cells.iter().map(|&p| self.cell(p)).collect(),
                    digits: digits_of(allowed).collect(),
                });
            }
        }
        None
    }
}
