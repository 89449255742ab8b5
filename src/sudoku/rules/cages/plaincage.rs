//! Cages without a total: cages whose digits only differ (f-puzzles' `killercage` without a
//! `value`; a `[[cage]]` table without `sum`). They belong to the killer family, which reads,
//! numbers and writes them after its cages with a total; this module is what they add.
//!
//! A cage without a total is a unit (at most once each digit, every digit once when it has
//! `n` cells), so the encoding, the check of the givens and the logic need nothing more. It is
//! drawn as a dashed cage outline without a number.

use std::fmt::Write as _;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{cell_list, FileWriter, Reference};
use crate::sudoku::rules::distinct::{repeats, Peers};
use crate::sudoku::rules::draw::{cage_outline, open_cage_group, Canvas, Caption};
use crate::sudoku::rules::error::{RulesError, Violation};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::unit_index::{Unit, UnitKind};

/// The cages without a total of a puzzle. Numbered in messages after the `first` cages with
/// a total: cage `first + 1` is the first of these.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlainCages {
    /// Each cage's cells, in the order given.
    pub cages: Vec<Vec<Cell>>,
}

impl PlainCages {
    /// How a person names cage `k` of these, after `first` cages with a total.
    fn what(first: usize, k: usize) -> String {
        format!("cage {}", first + k + 1)
    }

    /// Checks the cells: in the grid, each once, at most `n` of them.
    ///
    /// # Errors
    ///
    /// The first cage whose cells do not make a unit, by its number.
    pub fn check(&self, first: usize, geometry: &Geometry) -> Result<(), RulesError> {
        for (k, cells) in self.cages.iter().enumerate() {
            geometry.unit_cells(&Self::what(first, k), cells)?;
        }
        Ok(())
    }

    /// Adds the cages as units.
    pub fn units(&self, first: usize, geometry: &Geometry, out: &mut Vec<Unit>) {
        for (k, cells) in self.cages.iter().enumerate() {
            out.push(Unit {
                kind: UnitKind::Cage(first + k),
                grid: None,
                cells: geometry
                    .unit_cells(&Self::what(first, k), cells)
                    .expect("checked cages"),
            });
        }
    }

    /// The rule from its meaning: no digit twice in a cage.
    ///
    /// # Errors
    ///
    /// The first repeat, naming the cage and the cells.
    pub fn validate(&self, first: usize, solution: &Grid) -> Result<(), Violation> {
        for (k, cells) in self.cages.iter().enumerate() {
            repeats(solution, &Self::what(first, k), cells)?;
        }
        Ok(())
    }

    /// The reference backtracker's view: the cells of a cage are peers.
    pub fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        Peers::of_cells(geometry, &self.cages)
    }

    /// Dashed outlines, without a number.
    pub fn draw(&self, canvas: &mut Canvas) {
        if self.cages.is_empty() {
            return;
        }
        let s = canvas.cell();
        let mut out = String::new();
        open_cage_group(&mut out, "cages plain", s);
        for cage in &self.cages {
            let mut cells: Vec<(usize, usize)> = cage.iter().map(|c| (c.row, c.col)).collect();
            cells.sort_unstable();
            let _ = writeln!(
                out,
                "<path d=\"{}\"/>",
                cage_outline(canvas, &cells, s * 0.09)
            );
        }
        out.push_str("</g>\n");
        canvas.marks().push_str(&out);
    }

    /// Their words in a caption.
    pub fn caption(&self, caption: &mut Caption) {
        match self.cages.len() {
            0 => {}
            1 => caption.shown("1 cage without a total"),
            k => caption.shown(format!("{k} cages without a total")),
        }
    }

    /// Writes them as `[[cage]]` tables without `sum`.
    pub fn write(&self, out: &mut FileWriter) {
        for cells in &self.cages {
            out.table("cage", &[("cells", cell_list(cells))]);
        }
    }
}

/// Two references as one: a digit is allowed when both allow it, a placement broken when
/// either says so.
#[derive(Debug)]
pub(crate) struct Both(pub Box<dyn Reference>, pub Box<dyn Reference>);

impl Both {
    /// `a` and `b` together, either of which may be missing.
    pub(crate) fn of(
        a: Option<Box<dyn Reference>>,
        b: Option<Box<dyn Reference>>,
    ) -> Option<Box<dyn Reference>> {
        match (a, b) {
            (Some(a), Some(b)) => Some(Box::new(Both(a, b))),
            (a, b) => a.or(b),
        }
    }
}

impl Reference for Both {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        self.0.allowed(cells, p) & self.1.allowed(cells, p)
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.0.broken(cells, p) || self.1.broken(cells, p)
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;
    use proptest::prelude::*;

    use crate::sudoku::grid::{Cell, Grid};
    use crate::sudoku::rules::cages::cage::Cages;
    use crate::sudoku::rules::Constraint;
    use crate::sudoku::{render, validate};

    use super::*;

    const CAGES: &str = "size = 4\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n\
        [[cage]]\ncells = \"r1c1 r2c1\"\n[[cage]]\nsum = 3\ncells = \"r4c1 r4c2\"\n\
        [[cage]]\ncells = \"r1c1 r2c3 r4c4\"\n";

    #[test]
    fn cages_without_a_sum_are_read_numbered_after_and_written_back() {
        let file = read_back(CAGES);
        let killer = &file.rules.constraints().cage;
        assert_eq!(killer.cages.len(), 1);
        assert_eq!(killer.plain.cages.len(), 2);
        let names: Vec<String> = file.rules.units().iter().map(|u| u.to_string()).collect();
        assert!(names.contains(&"cage 2".to_string()), "{names:?}");
        assert!(names.contains(&"cage 3".to_string()), "{names:?}");
        let error = from_toml(&CAGES.replace("r2c3 r4c4", "r2c3 r9c4"))
            .unwrap_err()
            .to_string();
        assert_eq!(error, "cage 3: r9c4 is outside the grid");
    }

    #[test]
    fn digits_differ_in_them_and_nothing_more() {
        let file = from_toml(CAGES).unwrap();
        let answer = Solver::new(file.rules.clone())
            .enumerate(&file.givens, Some(100), 100)
            .unwrap();
        assert!(!answer.solutions.is_empty());
        for s in &answer.solutions {
            validate(&file.rules, &file.givens, s).unwrap();
            let (a, b, c) = (s.get(0, 0), s.get(1, 2), s.get(3, 3));
            assert!(a != b && b != c && a != c);
        }
        // A grid that repeats a digit in r1c1 r2c3 r4c4 is refused, naming the cage.
        let grid =
            Grid::from_cells(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let rules = from_toml(&CAGES.replace(
            "sum = 3\ncells = \"r4c1 r4c2\"",
            "sum = 7\ncells = \"r4c1 r4c2\"",
        ))
        .unwrap()
        .rules;
        let error = validate(&rules, &rules.empty_grid(), &grid).unwrap_err();
        assert!(error.to_string().contains("cage 3"), "{error}");
    }

    #[test]
    fn drawn_as_outlines_without_a_number() {
        let file = from_toml(CAGES).unwrap();
        let svg = render::svg(&file.rules, &file.givens, None, &render::Style::default()).unwrap();
        assert_eq!(svg.matches("<g class=\"cages plain\"").count(), 1);
        assert_eq!(svg.matches("class=\"sum\"").count(), 1);
        let mut caption = Caption::default();
        file.rules
            .constraints()
            .cage
            .caption(file.rules.geometry(), &mut caption);
        assert!(format!("{caption:?}").contains("2 cages without a total"));
    }

    fn cage() -> impl Strategy<Value = Vec<Cell>> {
        proptest::collection::btree_set((0usize..9, 0usize..9), 1..6).prop_map(|cells| {
            cells
                .into_iter()
                .map(|(row, col)| Cell { row, col })
                .collect()
        })
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(proptest::collection::vec(cage(), 0..4).prop_map(|cages| {
            Cages {
                plain: PlainCages { cages },
                ..Cages::default()
            }
        }));
    }
}
