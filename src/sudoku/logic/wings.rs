//! Wings: XY-wing and XYZ-wing, a pivot and two pincers that see it.

use crate::sudoku::grid::Cell;

use super::mask::bit;
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    pub(super) fn empty_with(&self, count: u32) -> impl Iterator<Item = usize> + '_ {
        self.rules
            .cells()
            .iter()
            .copied()
            .filter(move |&p| self.values[p] == 0 && self.candidates[p].count_ones() == count)
    }

    /// Candidates of `z` among the cells that see all of `cells`, as eliminations.
    pub(super) fn seen_by_all(&self, cells: &[usize], z: u8) -> Vec<(Cell, u8)> {
        self.peers[cells[0]]
            .iter()
            .copied()
            .filter(|&q| {
                !cells.contains(&q)
                    && self.candidates[q] & bit(z) != 0
                    && cells[1..].iter().all(|&c| self.sees(c, q))
            })
            .map(|q| (self.cell(q), z))
            .collect()
    }

    /// A pivot with candidates `xy`, pincers `xz` and `yz` that see it: one pincer holds `z`,
    /// so `z` leaves every cell that sees both pincers.
    pub(super) fn xy_wing(&self) -> Option<Step> {
        for pivot in self.empty_with(2) {
            let pm = self.candidates[pivot];
            let wings: Vec<usize> = self.peers[pivot]
                .iter()
                .copied()
                .filter(|&q| {
                    let m = self.candidates[q];
                    self.values[q] == 0 && m.count_ones() == 2 && (m & pm).count_ones() == 1
                })
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (ma, mb) = (self.candidates[a], self.candidates[b]);
                    let z = ma & !pm;
                    if ma & pm == mb & pm || mb & !pm != z {
                        continue;
                    }
                    let zd = z.trailing_zeros() as u8 + 1;
                    let eliminations = self.seen_by_all(&[a, b], zd);
                    if !eliminations.is_empty() {
                        let x = (ma & pm).trailing_zeros() as u8 + 1;
                        let y = (mb & pm).trailing_zeros() as u8 + 1;
                        return Some(Step {
                            technique: Technique::XyWing,
                            placements: Vec::new(),
                            eliminations,
                            units: Vec::new(),
                            cells: vec![self.cell(pivot), self.cell(a), self.cell(b)],
                            digits: vec![x, y, zd],
                        });
                    }
                }
            }
        }
        None
    }

    /// A pivot with candidates `xyz`, pincers `xz` and `yz` that see it: one of the three
    /// holds `z`, so `z` leaves every cell that sees all three.
    pub(super) fn xyz_wing(&self) -> Option<Step> {
        for pivot in self.empty_with(3) {
            let pm = self.candidates[pivot];
            let wings: Vec<usize> = self.peers[pivot]
                .iter()
                .copied()
                .filter(|&q| {
                    let m = self.candidates[q];
                    self.values[q] == 0 && m.count_ones() == 2 && m & !pm == 0
                })
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (ma, mb) = (self.candidates[a], self.candidates[b]);
                    let z = ma & mb;
                    if ma == mb || z.count_ones() != 1 {
                        continue;
                    }
                    let zd = z.trailing_zeros() as u8 + 1;
                    let eliminations = self.seen_by_all(&[pivot, a, b], zd);
                    if !eliminations.is_empty() {
                        let x = (ma & !z).trailing_zeros() as u8 + 1;
                        let y = (mb & !z).trailing_zeros() as u8 + 1;
                        return Some(Step {
                            technique: Technique::XyzWing,
                            placements: Vec::new(),
                            eliminations,
                            units: Vec::new(),
                            cells: vec![self.cell(pivot), self.cell(a), self.cell(b)],
                            digits: vec![x, y, zd],
                        });
                    }
                }
            }
        }
        None
    }
}
