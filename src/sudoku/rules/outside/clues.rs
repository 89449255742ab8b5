//! What the clues outside a row or column share (sandwiches, X-sums, skyscrapers): a number
//! beside the grid that says something about the digits of the row or column it faces, read
//! from the clue inward.
//!
//! A clue's place is written as f-puzzles writes it, 1-based with rows and columns `0` and
//! `n + 1` outside the grid: `r5c0` faces row 5 from the left, `r0c3` column 3 from the top,
//! `r5c10` (on 9x9) row 5 from the right, `r10c3` column 3 from the bottom. A corner faces
//! nothing and is refused. Puzzle files write `[[key]]` tables with `cell` and `value`;
//! f-puzzles writes `{"cell": "R5C0", "value": "4"}` (a clue without a value is no rule).
//!
//! A kind of clue ([`OutsideKind`]) says its rule twice, independently:
//! - as a deterministic `Automaton` reading the line's digits from the clue inward, which
//!   `Chain` compiles into the exact cover (no check after the fact: the search keeps every
//!   partial line on a run that can still be accepted);
//! - from its meaning, on a full line ([`OutsideKind::holds`]), which is the validator, and,
//!   tried on every completion of a line with few empty cells, the reference backtracker's
//!   view.
//!
//! [`OutsideClues`] is the family of all the clues of one kind in a puzzle. The rules need a
//! single square grid (no overlapping grids), whose rows and columns hold every digit once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::json;

use crate::sudoku::grid::{Cell, Grid};

use crate::sudoku::rules::constraint::{Constraint, Family, FileWriter, Reference};
use crate::sudoku::rules::cover::automaton::{Automaton, Chain};
use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::draw::{num, Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{parse_place, FpKey, FpWriter, Place};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::pair::{PairList, Relation};
use crate::sudoku::rules::unit_index::UnitIndex;

use super::reference::{self, OutsideReference};
use crate::sudoku::rules::sample::Sample;

/// A kind of outside clue: its key, its automaton, its rule from its meaning (see the module
/// documentation).
pub trait OutsideKind:
    std::fmt::Debug + Clone + Copy + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The key of puzzle files, which is also f-puzzles' key (`sandwichsum`).
    const KEY: &'static str;
    /// Other spellings of the key that puzzle files may use ([`Family::ALIASES`]).
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
    /// How a person names one clue (`sandwich`).
    const NAME: &'static str;
    /// The class of the clues' numbers in pictures.
    const CLASS: &'static str;

    /// The automaton reading a line of `n` digits from the clue inward.
    type Automaton: Automaton;

    /// What makes no sense about the value of a clue on an `n` x `n` grid, if anything.
    fn check(n: usize, value: i64) -> Result<(), String>;

    /// The automaton of a clue of `value` on an `n` x `n` grid (`value` passed the check).
    fn automaton(n: usize, value: i64) -> Self::Automaton;

    /// The rule from its meaning, on a full line of digits read from the clue inward: what
    /// the line shows instead, if it breaks the clue.
    fn holds(n: usize, value: i64, digits: &[u8]) -> Result<(), String>;
}

/// One clue: a number outside the grid facing a row or column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutsideClue {
    /// The clue's place (1-based, rows and columns 0 and n + 1 outside).
    pub clue: Place,
    /// The clue's number.
    pub value: i64,
}

impl OutsideClue {
    /// The cells of the row or column the clue faces in an `n` x `n` grid, read from the
    /// clue inward; `None` for a place inside the grid, in a corner, or farther out.
    pub fn cells(&self, n: usize) -> Option<Vec<Cell>> {
        let Place { row, col } = self.clue;
        let inside = |k: usize| (1..=n).contains(&k);
        let line: Vec<Cell> = if inside(row) && col == 0 {
            (0..n)
                .map(|c| Cell {
                    row: row - 1,
                    col: c,
                })
                .collect()
        } else if inside(row) && col == n + 1 {
            (0..n)
                .rev()
                .map(|c| Cell {
                    row: row - 1,
                    col: c,
                })
                .collect()
        } else if inside(col) && row == 0 {
            (0..n)
                .map(|r| Cell {
                    row: r,
                    col: col - 1,
                })
                .collect()
        } else if inside(col) && row == n + 1 {
            (0..n)
                .rev()
                .map(|r| Cell {
                    row: r,
                    col: col - 1,
                })
                .collect()
        } else {
            return None;
        };
        Some(line)
    }
}

/// Every clue of one kind in a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OutsideClues<K> {
    /// The clues, numbered from 1 in messages in this order.
    pub clues: Vec<OutsideClue>,
    kind: PhantomData<K>,
}

/// The most work (transitions times digits squared) spent on the rules between two cells of
/// one clue's line.
const PAIR_WORK: usize = 4_000_000;

/// A clue's chain as the cache knows it: (kind's key, grid size, value).
type ChainKey = (&'static str, usize, i64);

/// The most states of (digits read, automaton state) a clue's line is unrolled with before it
/// is unrolled without the digits read (so for grids of up to about 12 digits).
const DISTINCT_BUDGET: usize = 300_000;

impl<K: OutsideKind> OutsideClues<K> {
    /// The family of these clues.
    pub fn from_clues(clues: Vec<OutsideClue>) -> OutsideClues<K> {
        OutsideClues {
            clues,
            kind: PhantomData,
        }
    }

    /// How a person names clue `k` (0-based): `sandwich 2`.
    fn what(k: usize) -> String {
        format!("{} {}", K::NAME, k + 1)
    }

    /// The positions of each clue's line, from the clue inward (the clues passed the check).
    fn lines(&self, geometry: &Geometry) -> Vec<Vec<usize>> {
        let n = geometry.size();
        self.clues
            .iter()
            .enumerate()
            .map(|(k, clue)| {
                let cells = clue.cells(n).expect("checked clues");
                geometry
                    .positions(&Self::what(k), &cells)
                    .expect("checked clues")
            })
            .collect()
    }

    /// The rule from its meaning ([`OutsideKind::holds`]), yes or no.
    fn holds(n: usize, value: i64, digits: &[u8]) -> bool {
        K::holds(n, value, digits).is_ok()
    }

    /// The automaton of clue `k` unrolled over its line knowing that the line's digits all
    /// differ (it is a row or a column), within [`DISTINCT_BUDGET`]; else unrolled without
    /// knowing it ([`Chain::new`]).
    ///
    /// Unrolled once per (kind, size, value) in a process: rows and columns are alike, and
    /// the pairs and the encoding of a puzzle, and the puzzles of a batch, ask again.
    fn distinct_chain(geometry: &Geometry, clue: &OutsideClue) -> Arc<Chain> {
        static CHAINS: Mutex<BTreeMap<ChainKey, Arc<Chain>>> = Mutex::new(BTreeMap::new());
        let n = geometry.size();
        let key = (K::KEY, n, clue.value);
        // A poisoned lock only means another thread panicked while inserting: the map holds
        // whole chains or nothing.
        let known = CHAINS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        if let Some(chain) = known {
            return chain;
        }
        let automaton = K::automaton(n, clue.value);
        let chain = Arc::new(
            Chain::distinct(&automaton, n, n, DISTINCT_BUDGET)
                .unwrap_or_else(|| Chain::new(&automaton, n, n)),
        );
        CHAINS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, Arc::clone(&chain));
        chain
    }
}

impl<K: OutsideKind> Constraint for OutsideClues<K> {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let n = geometry.size();
        for (k, clue) in self.clues.iter().enumerate() {
            let invalid = |message: String| RulesError::Invalid {
                what: Self::what(k),
                message,
            };
            if geometry.grids().len() != 1 || geometry.rows() != n || geometry.cols() != n {
                return Err(invalid(format!(
                    "{} clues need a single {n}x{n} grid",
                    K::NAME
                )));
            }
            let Some(cells) = clue.cells(n) else {
                return Err(invalid(format!(
                    "the clue at {} faces no row or column: it must be outside the grid, \
                     beside a row (column 0 or {}) or a column (row 0 or {})",
                    clue.clue.name(),
                    n + 1,
                    n + 1
                )));
            };
            geometry.positions(&Self::what(k), &cells)?;
            K::check(n, clue.value).map_err(invalid)?;
            // The chain the encoding uses (over different digits, cached per kind, size and
            // value): the pairs and the encoding ask for it again at no cost.
            if !Self::distinct_chain(geometry, clue).feasible() {
                return Err(invalid(format!(
                    "no digits of the line can make the clue {}",
                    clue.value
                )));
            }
        }
        Ok(())
    }

    fn pairs(&self, geometry: &Geometry, _: &UnitIndex, out: &mut PairList) {
        // What the automaton says about two cells of the line (the crusts' distance of a
        // sandwich, say), as rules between them that the search and the logic use; left out
        // where working them out would cost more than it is worth.
        let n = geometry.size();
        for (k, (clue, line)) in self.clues.iter().zip(self.lines(geometry)).enumerate() {
            let chain = Self::distinct_chain(geometry, clue);
            if !chain.is_distinct() && chain.transitions() * n * n > PAIR_WORK {
                continue;
            }
            for i in 0..line.len() {
                let allowed = chain.pairs_from(i, n);
                for (j, table) in allowed.iter().enumerate().skip(i + 1) {
                    let differ = |d: u8, e: u8| d != e;
                    let allows = |d: u8, e: u8| table[usize::from(d) - 1] >> (e - 1) & 1 == 1;
                    // Only what the row or column does not say already.
                    let more =
                        (1..=n as u8).any(|d| (1..=n as u8).any(|e| differ(d, e) && !allows(d, e)));
                    if more {
                        let relation = Relation::new(Self::what(k), n, allows);
                        let id = out.relation(relation);
                        out.push(line[i], line[j], id);
                    }
                }
            }
        }
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        self.clues.iter().fold(0u64, |total, clue| {
            total.saturating_add(Self::distinct_chain(geometry, clue).entries())
        })
    }

    fn digit_blind(&self) -> bool {
        self.clues.is_empty()
    }

    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        let n = geometry.size();
        for (k, clue) in self.clues.iter().enumerate() {
            let cells = clue.cells(n).expect("checked clues");
            let mut digits: Vec<u8> = cells.iter().map(|c| givens.get(c.row, c.col)).collect();
            if !reference::possible_alone(Self::holds, n, clue.value, &mut digits) {
                return Err(PuzzleError::Broken {
                    what: Self::what(k),
                    message: format!(
                        "no digits in the empty cells of the line make the clue {}",
                        clue.value
                    ),
                });
            }
        }
        Ok(())
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let geometry = encoder.geometry();
        for (k, (clue, positions)) in self.clues.iter().zip(self.lines(geometry)).enumerate() {
            encoder.instance(k);
            Self::distinct_chain(geometry, clue).encode(encoder, &positions);
        }
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        Violation::first_broken(&self.clues, Self::what, |clue| {
            let cells = clue.cells(n).expect("checked clues");
            let digits: Vec<u8> = cells.iter().map(|c| solution.get(c.row, c.col)).collect();
            K::holds(n, clue.value, &digits)
        })
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.clues.is_empty() {
            return None;
        }
        let values = self.clues.iter().map(|c| c.value);
        Some(Box::new(OutsideReference::new(
            geometry,
            Self::holds,
            self.lines(geometry).into_iter().zip(values),
        )))
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(|| "the outside clues".to_string(), Self::what)
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        out.extend((0..self.clues.len()).map(Self::what));
    }

    fn outside_clues(&self) -> bool {
        !self.clues.is_empty()
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        if self.clues.is_empty() {
            return;
        }
        let s = canvas.cell();
        let (x0, y0) = (canvas.x(0), canvas.y(0));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<g class=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">",
            K::CLASS,
            num(s * 0.5)
        );
        for clue in &self.clues {
            let cx = x0 + (clue.clue.col as f64 - 0.5) * s;
            let cy = y0 + (clue.clue.row as f64 - 0.5) * s;
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(cx),
                num(cy),
                clue.value
            );
        }
        out.push_str("</g>\n");
        canvas.marks().push_str(&out);
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        match self.clues.len() {
            0 => {}
            1 => caption.shown(format!("{} (1 clue)", K::NAME)),
            k => caption.shown(format!("{} ({k} clues)", K::NAME)),
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for clue in &self.clues {
            out.table(
                K::KEY,
                &[
                    ("cell", format!("\"r{}c{}\"", clue.clue.row, clue.clue.col)),
                    ("value", clue.value.to_string()),
                ],
            );
        }
    }
}

/// One clue of a puzzle file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClue {
    cell: String,
    value: i64,
}

impl<K: OutsideKind> Family for OutsideClues<K> {
    const KEYS: &'static [&'static str] = &[K::KEY];
    const ALIASES: &'static [(&'static str, &'static str)] = K::ALIASES;
    const FPUZZLES_KEYS: &'static [&'static str] = &[K::KEY];

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        let raw: Vec<RawClue> = map.next_value()?;
        let first = self.clues.len();
        raw.iter().enumerate().try_for_each(|(k, raw)| {
            let clue = parse_place(raw.cell.trim()).ok_or_else(|| FileError::Value {
                key: Self::what(first + k),
                line: None,
                message: format!("cannot read the place {:?} (write it as r0c4)", raw.cell),
            })?;
            self.clues.push(OutsideClue {
                clue,
                value: raw.value,
            });
            Ok::<(), FileError>(())
        })?;
        Ok(())
    }

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let reader = entry.reader;
        let n = reader.size();
        entry.each_instance(&["cell", "value"], |at, instance| {
            let clue = reader.clue_place(at, instance)?;
            let Some(value) = reader.number(at, instance, "value")? else {
                return Ok(());
            };
            let clue = OutsideClue { clue, value };
            if clue.cells(n).is_none() {
                return Err(at.error(format!(
                    "the clue at {} faces no row or column (a corner, or inside the grid)",
                    clue.clue.name()
                )));
            }
            self.clues.push(clue);
            Ok(())
        })
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        for clue in &self.clues {
            out.push(
                K::KEY,
                json!({
                    "cell": clue.clue.name(),
                    "value": clue.value.to_string(),
                }),
            );
        }
    }

    /// Up to four clues at random places, each with the value its line shows in the
    /// sample's solution (the one value [`OutsideKind::holds`] accepts), and once in five
    /// times the first one less where the rules and the empty grid take it (which the
    /// solution then breaks).
    fn random(sample: &mut Sample<'_>) -> Self {
        let n = sample.size();
        let mut clues = Vec::new();
        for _ in 0..1 + sample.below(4) {
            let mut clue = OutsideClue {
                clue: sample.outside(),
                value: 0,
            };
            let line = clue.cells(n).expect("a place facing a line");
            let digits: Vec<u8> = line.iter().map(|&c| sample.digit_at(c) as u8).collect();
            let shown = (0..=(n * n) as i64).find(|&v| K::holds(n, v, &digits).is_ok());
            clue.value = shown.expect("a line shows some value");
            clues.push(clue);
        }
        let mut changed = OutsideClues::<K>::from_clues(clues.clone());
        changed.clues[0].value -= 1;
        let geometry = sample.geometry();
        let empty = Grid::empty_area(geometry.rows(), geometry.cols());
        let taken =
            changed.check(geometry).is_ok() && changed.check_givens(geometry, &empty).is_ok();
        if taken && sample.one_in(5) {
            changed
        } else {
            OutsideClues::from_clues(clues)
        }
    }
}
