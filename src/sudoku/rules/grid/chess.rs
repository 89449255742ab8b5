//! Chess moves: under anti-knight, two cells a knight's move apart hold different digits;
//! under anti-king, two cells a king's move apart (diagonal neighbours included) do.
//!
//! Keys: `anti_knight = true`, `anti_king = true`.

use serde::de::MapAccess;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{
    explained_as_units_and_pairs, Constraint, Family, FileWriter, Reference,
};
use crate::sudoku::rules::distinct::Peers;
use crate::sudoku::rules::draw::Caption;
use crate::sudoku::rules::error::{FileError, ReadResult, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// Half of a knight's moves: the other half are these backwards.
const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];

/// Half of a king's moves.
const KING: [(isize, isize); 4] = [(0, 1), (1, -1), (1, 0), (1, 1)];

/// The anti-knight and anti-king rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Chess {
    /// Cells a knight's move apart differ.
    pub anti_knight: bool,
    /// Cells a king's move apart differ.
    pub anti_king: bool,
}

impl Chess {
    /// The moves in force, each with how a person says it.
    fn moves(&self) -> Vec<(isize, isize, &'static str)> {
        let mut moves = Vec::new();
        if self.anti_knight {
            moves.extend(KNIGHT.map(|(r, c)| (r, c, "a knight's move apart")));
        }
        if self.anti_king {
            moves.extend(KING.map(|(r, c)| (r, c, "a king's move apart")));
        }
        moves
    }
}

impl Constraint for Chess {
    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        let n = geometry.size();
        let mut relations = std::collections::HashMap::new();
        for &a in geometry.cells() {
            for (dr, dc, what) in self.moves() {
                if let Some(b) = geometry.offset(a, dr, dc) {
                    let id = *relations
                        .entry(what)
                        .or_insert_with(|| out.relation(Relation::new(what, n, |d, e| d != e)));
                    out.push(a.min(b), a.max(b), id);
                }
            }
        }
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let (rows, cols) = (geometry.rows() as isize, geometry.cols() as isize);
        for r in 0..rows {
            for c in 0..cols {
                let a = Cell {
                    row: r as usize,
                    col: c as usize,
                };
                if geometry.position(a).is_none() {
                    continue;
                }
                let d = solution.get(a.row, a.col);
                for (dr, dc, what) in self.moves() {
                    let (r2, c2) = (r + dr, c + dc);
                    if r2 < 0 || c2 < 0 || r2 >= rows || c2 >= cols {
                        continue;
                    }
                    let b = Cell {
                        row: r2 as usize,
                        col: c2 as usize,
                    };
                    if geometry.position(b).is_some() && solution.get(b.row, b.col) == d {
                        return Err(Violation::Repeated {
                            first: a.min(b),
                            second: a.max(b),
                            digit: d,
                            what: what.to_string(),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    explained_as_units_and_pairs!("a knight's or king's move");

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        let moves = self.moves();
        if moves.is_empty() {
            return None;
        }
        let pairs = geometry.cells().iter().flat_map(|&a| {
            moves
                .iter()
                .filter_map(move |&(dr, dc, _)| geometry.offset(a, dr, dc).map(|b| (a, b)))
        });
        Some(Box::new(Peers::from_pairs(geometry, pairs)))
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        for (on, name, reach) in [
            (self.anti_knight, "anti-knight", "a knight's move"),
            (self.anti_king, "anti-king", "a king's move"),
        ] {
            if on {
                caption.spelled(format!("{name}: no digit repeats {reach} away"));
            }
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for (on, key) in [
            (self.anti_knight, "anti_knight"),
            (self.anti_king, "anti_king"),
        ] {
            if on {
                out.key(key, true);
            }
        }
    }
}

impl Family for Chess {
    const KEYS: &'static [&'static str] = &["anti_knight", "anti_king"];

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        let on: bool = map.next_value()?;
        match key {
            "anti_knight" => self.anti_knight = on,
            _ => self.anti_king = on,
        }
        Ok(())
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &["antiknight", "antiking"];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        let on = reader.flag(key, value)?;
        match key {
            "antiknight" => self.anti_knight = on,
            _ => self.anti_king = on,
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        if self.anti_knight {
            out.flag("antiknight");
        }
        if self.anti_king {
            out.flag("antiking");
        }
    }

    fn random(sample: &mut Sample<'_>) -> Self {
        let moves = [(true, false), (false, true), (true, true)];
        let (anti_knight, anti_king) = moves[sample.below(3)];
        Chess {
            anti_knight,
            anti_king,
        }
    }
}
