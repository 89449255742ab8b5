//! Locked candidates: a digit confined, in a complete unit, to its intersection with another
//! unit (pointing, claiming, and the same between any two units).

use crate::sudoku::grid::Cell;
use crate::sudoku::rules::UnitKind;

use super::mask::bit;
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    /// A digit whose places in a complete unit `a` all lie in another unit `b`: `b` holds it
    /// there, so it leaves the rest of `b`.
    pub(super) fn locked_candidates(&self) -> Option<Step> {
        let units = self.rules.units();
        for &a in &self.order {
            if !self.complete[a] {
                continue;
            }
            for d in 1..=self.n as u8 {
                let places = self.places(a, d);
                if places.count_ones() < 2 {
                    continue;
                }
                let cells = self.cells_of(a, places);
                let first = cells[0];
                for &b in self.rules.units_of(first) {
                    if b == a || !cells.iter().all(|&p| self.rules.units_of(p).contains(&b)) {
                        continue;
                    }
                    let eliminations: Vec<(Cell, u8)> = units[b]
                        .cells
                        .iter()
                        .filter(|&&q| !cells.contains(&q) && self.candidates[q] & bit(d) != 0)
                        .map(|&q| (self.cell(q), d))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let is_line =
                        |u: usize| matches!(units[u].kind, UnitKind::Row(_) | UnitKind::Column(_));
                    let is_box = |u: usize| {
                        matches!(
                            units[u].kind,
                            UnitKind::Box(_) | UnitKind::Region(_) | UnitKind::Window(_)
                        )
                    };
                    let technique = if is_box(a) && is_line(b) {
                        Technique::Pointing
                    } else if is_line(a) && is_box(b) {
                        Technique::Claiming
                    } else {
                        Technique::LockedCandidates
                    };
                    return Some(Step {
                        technique,
                        placements: Vec::new(),
                        eliminations,
                        units: vec![self.unit_name(a), self.unit_name(b)],
                        cells: cells.iter().map(|&p| self.cell(p)).collect(),
                        digits: vec![d],
                    });
                }
            }
        }
        None
    }
}
