//! Singles: a cell with one candidate left (naked), a digit with one place left in a complete
//! unit (hidden).

use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    pub(super) fn placement(
        &self,
        technique: Technique,
        p: usize,
        d: u8,
        units: Vec<String>,
    ) -> Step {
        Step {
            technique,
            placements: vec![(self.cell(p), d)],
            eliminations: Vec::new(),
            units,
            cells: vec![self.cell(p)],
            digits: vec![d],
        }
    }

    pub(super) fn naked_single(&self) -> Option<Step> {
        self.rules
            .cells()
            .iter()
            .find(|&&p| self.values[p] == 0 && self.candidates[p].count_ones() == 1)
            .map(|&p| {
                let d = self.candidates[p].trailing_zeros() as u8 + 1;
                self.placement(Technique::NakedSingle, p, d, Vec::new())
            })
    }

    pub(super) fn hidden_single(&self) -> Option<Step> {
        for &u in &self.order {
            if !self.complete[u] {
                continue;
            }
            for d in 1..=self.n as u8 {
                let places = self.places(u, d);
                if places.count_ones() == 1 {
                    let p = self.cells_of(u, places)[0];
                    return Some(self.placement(
                        Technique::HiddenSingle,
                        p,
                        d,
                        vec![self.unit_name(u)],
                    ));
                }
            }
        }
        None
    }
}
