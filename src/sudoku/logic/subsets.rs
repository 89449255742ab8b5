//! Naked and hidden subsets: pairs, triples and quads in a unit.

use crate::sudoku::grid::Cell;

use super::mask::{bit, combinations, digits_of};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    /// go in those cells, so they leave the unit's other cells. Any unit will do (each holds a
    /// digit at most once).
    pub(super) fn naked_subset(&self, k: usize) -> Option<Step> {
        let technique = match k {
            2 => Technique::NakedPair,
            3 => Technique::NakedTriple,
            _ => Technique::NakedQuad,
        };
        for &u in &self.order {
            let unit = &self.rules.units()[u].cells;
            let open: Vec<usize> = unit
                .iter()
                .copied()
                .filter(|&p| {
                    self.values[p] == 0 && (2..=k as u32).contains(&self.candidates[p].count_ones())
                })
                .collect();
            let found = combinations(open.len(), k, &mut |pick| {
                let mask = pick.iter().fold(0, |m, &i| m | self.candidates[open[i]]);
                if mask.count_ones() as usize != k {
                    return None;
                }
                let subset: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
                let eliminations: Vec<(Cell, u8)> = unit
                    .iter()
                    .filter(|q| !subset.contains(q))
                    .flat_map(|&q| {
                        digits_of(self.candidates[q] & mask).map(move |d| (self.cell(q), d))
                    })
                    .collect();
                (!eliminations.is_empty()).then(|| Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![self.unit_name(u)],
                    cells: subset.iter().map(|&p| self.cell(p)).collect(),
                    digits: digits_of(mask).collect(),
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// `k` digits whose places in a complete unit are `k` cells between them: those cells hold
    /// those digits, so every other candidate leaves them.
    pub(super) fn hidden_subset(&self, k: usize) -> Option<Step> {
        let technique = match k {
            2 => Technique::HiddenPair,
            3 => Technique::HiddenTriple,
            _ => Technique::HiddenQuad,
        };
        for &u in &self.order {
            if !self.complete[u] {
                continue;
            }
            let digits: Vec<(u8, u64)> = (1..=self.n as u8)
                .map(|d| (d, self.places(u, d)))
                .filter(|(_, m)| (2..=k as u32).contains(&m.count_ones()))
                .collect();
            let found = combinations(digits.len(), k, &mut |pick| {
                let places = pick.iter().fold(0, |m, &i| m | digits[i].1);
                if places.count_ones() as usize != k {
                    return None;
                }
                let keep = pick.iter().fold(0, |m, &i| m | bit(digits[i].0));
                let cells = self.cells_of(u, places);
                let eliminations: Vec<(Cell, u8)> = cells
                    .iter()
                    .flat_map(|&p| {
                        digits_of(self.candidates[p] & !keep).map(move |d| (self.cell(p), d))
                    })
                    .collect();
                (!eliminations.is_empty()).then(|| Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![self.unit_name(u)],
                    cells: cells.iter().map(|&p| self.cell(p)).collect(),
                    digits: digits_of(keep).collect(),
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}
