//! Fish: X-wing, swordfish and jellyfish on the rows and columns of one grid.

use crate::sudoku::grid::Cell;
use crate::sudoku::rules::UnitKind;

use super::mask::{bit, combinations, digits_of};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    /// complete rows lie in `k` columns (each of which holds it at most once) is in those rows
    /// within those columns, so it leaves the rest of the columns; and the same with rows and
    /// columns swapped.
    pub(super) fn fish(&self, k: usize) -> Option<Step> {
        let technique = match k {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        let units = self.rules.units();
        let grids: Vec<Option<usize>> = if self.rules.grids().len() > 1 {
            (0..self.rules.grids().len()).map(Some).collect()
        } else {
            vec![None]
        };
        for rows_first in [true, false] {
            for &g in &grids {
                let line = |i: usize, base: bool| {
                    let kind = if base == rows_first {
                        UnitKind::Row(i)
                    } else {
                        UnitKind::Column(i)
                    };
                    self.lines.get(&(kind, g)).copied()
                };
                let bases: Vec<usize> = (0..self.n)
                    .filter_map(|i| line(i, true))
                    .filter(|&u| self.complete[u])
                    .collect();
                for d in 1..=self.n as u8 {
                    let lines: Vec<(usize, u64)> = bases
                        .iter()
                        .map(|&u| (u, self.places(u, d)))
                        .filter(|(_, m)| (2..=k as u32).contains(&m.count_ones()))
                        .collect();
                    let found = combinations(lines.len(), k, &mut |pick| {
                        let cover = pick.iter().fold(0, |m, &i| m | lines[i].1);
                        if cover.count_ones() as usize != k {
                            return None;
                        }
                        let base_units: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                        let cover_units: Vec<usize> = digits_of(cover)
                            .map(|j| line(j as usize - 1, false))
                            .collect::<Option<_>>()?;
                        let in_base =
                            |q: usize| base_units.iter().any(|&b| units[b].cells.contains(&q));
                        let mut eliminations: Vec<(Cell, u8)> = Vec::new();
                        for &c in &cover_units {
                            for &q in &units[c].cells {
                                if !in_base(q)
                                    && self.candidates[q] & bit(d) != 0
                                    && !eliminations.contains(&(self.cell(q), d))
                                {
                                    eliminations.push((self.cell(q), d));
                                }
                            }
                        }
                        if eliminations.is_empty() {
                            return None;
                        }
                        let cells = base_units
                            .iter()
                            .flat_map(|&b| self.cells_of(b, self.places(b, d)))
                            .map(|p| self.cell(p))
                            .collect();
                        Some(Step {
                            technique,
                            placements: Vec::new(),
                            eliminations,
                            units: base_units
                                .iter()
                                .chain(&cover_units)
                                .map(|&u| self.unit_name(u))
                                .collect(),
                            cells,
                            digits: vec![d],
                        })
                    });
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
        None
    }
}
