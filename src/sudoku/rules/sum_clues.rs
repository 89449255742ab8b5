//! What the families whose every clue is one linear sum share (arrows, little killers):
//! [`SumClues`], all the clues of one kind, does the wiring; a kind ([`SumClue`]) gives only
//! where its cells are (checked against the geometry, and as a `LinearSum`), the rule from
//! its meaning for the validator, its picture and its keys.
//!
//! In the exact cover each clue is its `LinearSum`, refined with what the sum says about
//! two of its cells (`LinearSum::encode_refined`, pairs for the search and the logic); the
//! reference backtracker bounds the partial sums (`SumBounds`). The encoding promises each
//! sum ([`Encoder::promise_sum`]), and the logic's sum steps (sum out of reach, sum
//! combinations) reason with it; they keep digits apart only within groups of cells that see
//! one another, so `explain` still names every clue among the constraints its steps may not
//! fully reason with.

use std::fmt;

use serde::de::{DeserializeOwned, MapAccess};
use serde_json::Value;

use crate::sudoku::grid::Grid;

use crate::sudoku::rules::constraint::{read_tables, Constraint, Family, FileWriter, Reference};
use crate::sudoku::rules::cover::combined::{complements, joined};
use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::cover::linear_sum::{LinearSum, SumBounds};
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{At, FpKey, FpReader, FpWriter, COSMETIC_FIELDS};
use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::pair::PairList;
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// One kind of sum clue: a clue of it is one `LinearSum` over cells of the grid.
pub trait SumClue: fmt::Debug + Clone + PartialEq + Eq + Send + Sync + 'static {
    /// The key of puzzle files (`[[key]]` tables, one per clue) and of f-puzzles JSON.
    const KEY: &'static str;
    /// Other spellings of the key that puzzle files may use ([`Family::ALIASES`]).
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
    /// How messages name one clue (`arrow`), numbered from 1 (`arrow 2`).
    const NAME: &'static str;
    /// What the caption counts (`shaft`: `arrows (3 shafts)`).
    const COUNTS: &'static str;
    /// The fields of an f-puzzles entry.
    const FPUZZLES_FIELDS: &'static [&'static str];
    /// Whether the clues stand outside the grid (pictures keep a cell of room around it).
    const OUTSIDE: bool = false;

    /// One clue as a puzzle file writes it.
    type Raw: DeserializeOwned;

    /// Checks the clue's shape and cells against the geometry (its sum is checked after).
    ///
    /// # Errors
    ///
    /// [`RulesError`] naming `what` (`arrow 2`).
    fn check(&self, geometry: &Geometry, what: &str) -> Result<(), RulesError>;

    /// The clue as a sum over positions of the area (a clue that passed [`SumClue::check`]).
    fn sum(&self, geometry: &Geometry) -> LinearSum;

    /// Why no digits can make the sum (for [`Constraint::check`]).
    fn infeasible(&self) -> String;

    /// Why the givens break the sum (for [`Constraint::check_givens`]).
    fn broken_by_givens(&self) -> String;

    /// The rule from its meaning on a filled grid, without [`SumClue::sum`]: `Err` says how
    /// the solution breaks it.
    ///
    /// # Errors
    ///
    /// The message of the [`Violation`].
    fn holds(&self, geometry: &Geometry, solution: &Grid) -> Result<(), String>;

    /// Random clues cut from `sample`'s solution ([`Family::random`]).
    fn random(sample: &mut Sample<'_>) -> Vec<Self>;

    /// Draws every clue of the kind.
    fn draw(clues: &[Self], canvas: &mut Canvas);

    /// The fields of the clue's table in a puzzle file, as TOML values.
    fn write(&self) -> Vec<(&'static str, String)>;

    /// The clue a puzzle file's table says.
    ///
    /// # Errors
    ///
    /// [`FileError`] naming `what` (`arrow 2`).
    fn read(raw: &Self::Raw, what: &str) -> Result<Self, FileError>;

    /// Reads one f-puzzles entry (its fields known) into `out`: none, one or several clues.
    ///
    /// # Errors
    ///
    /// [`FileError`] naming the entry (`at`).
    fn read_fpuzzles(
        at: At<'_>,
        entry: &serde_json::Map<String, Value>,
        reader: &FpReader<'_>,
        out: &mut Vec<Self>,
    ) -> Result<(), FileError>;

    /// The clue's f-puzzles entry on a grid of `n` digits.
    fn write_fpuzzles(&self, n: usize) -> Value;
}

/// Every clue of one kind in a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumClues<K> {
    /// The clues, numbered from 1 in messages in this order.
    pub clues: Vec<K>,
}

impl<K> Default for SumClues<K> {
    fn default() -> Self {
        SumClues { clues: Vec::new() }
    }
}

/// How messages name clue `k` (0-based) of kind `K`.
fn what<K: SumClue>(k: usize) -> String {
    format!("{} {}", K::NAME, k + 1)
}

impl<K: SumClue> SumClues<K> {
    /// Each clue as a sum (the clues passed [`Constraint::check`]).
    pub fn sums(&self, geometry: &Geometry) -> Vec<LinearSum> {
        self.clues.iter().map(|clue| clue.sum(geometry)).collect()
    }
}

impl<K: SumClue> Constraint for SumClues<K> {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        for (k, clue) in self.clues.iter().enumerate() {
            clue.check(geometry, &what::<K>(k))?;
        }
        for (k, (clue, sum)) in self.clues.iter().zip(self.sums(geometry)).enumerate() {
            if !sum.feasible(geometry.size()) {
                return Err(RulesError::Invalid {
                    what: what::<K>(k),
                    message: clue.infeasible(),
                });
            }
        }
        Ok(())
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        let n = geometry.size();
        self.sums(geometry)
            .iter()
            .fold(0u64, |total, sum| total.saturating_add(sum.entries(n)))
    }

    fn digit_blind(&self) -> bool {
        self.clues.is_empty()
    }

    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        for (k, (clue, sum)) in self.clues.iter().zip(self.sums(geometry)).enumerate() {
            if !sum.possible(geometry.size(), givens.cells()) {
                return Err(PuzzleError::Broken {
                    what: what::<K>(k),
                    message: clue.broken_by_givens(),
                });
            }
        }
        Ok(())
    }

    fn pairs(&self, geometry: &Geometry, units: &UnitIndex, out: &mut PairList) {
        // What each sum says about two of its cells, for the search and the logic.
        for (k, sum) in self.sums(geometry).iter().enumerate() {
            sum.push_pairs(geometry.size(), &what::<K>(k), units, out);
        }
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        let sums = self.sums(encoder.geometry());
        for (k, sum) in sums.iter().enumerate() {
            encoder.instance(k);
            sum.encode_refined(encoder);
        }
        // Sums made of the clues' sums, where their cells see one another enough to bind, and
        // the rest of a house around clues inside it.
        let n = encoder.geometry().size();
        let units = encoder.units();
        let mut made = joined(&sums, n, units);
        made.extend(complements(&sums, n, units));
        for sum in made {
            encoder.promise_search_sum(&sum.terms, sum.target);
        }
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        Violation::first_broken(&self.clues, what::<K>, |clue| {
            clue.holds(geometry, solution)
        })
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.clues.is_empty() {
            return None;
        }
        let area = geometry.rows() * geometry.cols();
        Some(Box::new(SumBounds::new(
            geometry.size(),
            area,
            self.sums(geometry),
        )))
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(|| format!("the {}s", K::NAME), what::<K>)
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        out.extend((0..self.clues.len()).map(what::<K>));
    }

    fn outside_clues(&self) -> bool {
        K::OUTSIDE && !self.clues.is_empty()
    }

    fn draw(&self, _: &Geometry, canvas: &mut Canvas) {
        if !self.clues.is_empty() {
            K::draw(&self.clues, canvas);
        }
    }

    fn caption(&self, _: &Geometry, caption: &mut Caption) {
        match self.clues.len() {
            0 => {}
            1 => caption.shown(format!("{} (1 {})", K::NAME, K::COUNTS)),
            k => caption.shown(format!("{}s ({k} {}s)", K::NAME, K::COUNTS)),
        }
    }

    fn write(&self, out: &mut FileWriter) {
        for clue in &self.clues {
            out.table(K::KEY, &clue.write());
        }
    }
}

impl<K: SumClue> Family for SumClues<K> {
    const KEYS: &'static [&'static str] = &[K::KEY];
    const ALIASES: &'static [(&'static str, &'static str)] = K::ALIASES;

    fn read<'de, A: MapAccess<'de>>(&mut self, _: &str, map: &mut A) -> ReadResult<A::Error> {
        read_tables(map, K::NAME, |raw: &K::Raw, what| {
            self.clues.push(K::read(raw, what)?);
            Ok(())
        })
    }

    const FPUZZLES_KEYS: &'static [&'static str] = &[K::KEY];

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey { key, value, reader } = entry;
        for (at, entry) in reader.instances(key, value)? {
            reader.known_fields(at, entry, K::FPUZZLES_FIELDS, COSMETIC_FIELDS)?;
            K::read_fpuzzles(at, entry, reader, &mut self.clues)?;
        }
        Ok(())
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        let n = out.size();
        for clue in &self.clues {
            out.push(K::KEY, clue.write_fpuzzles(n));
        }
    }

    fn random(sample: &mut Sample<'_>) -> Self {
        SumClues {
            clues: K::random(sample),
        }
    }
}
