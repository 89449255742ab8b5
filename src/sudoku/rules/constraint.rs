//! The unit of extension: a *family* of constraints (every killer cage of a puzzle, its
//! anti-knight rule, ...) and everything sudokux does with it, behind one trait.
//!
//! A family's module owns all there is to know about its constraint:
//! - reading it from a puzzle file and writing it back ([`Family`]);
//! - checking it against the grid's shape ([`Constraint::check`]);
//! - what it adds to the rules: units ([`Constraint::units`]) and rules between two cells
//!   ([`Constraint::pairs`]), which the encoding, the check of the givens and the human-style
//!   logic share;
//! - anything else it needs in the exact cover ([`Constraint::encode`]) and in the check of
//!   the givens ([`Constraint::check_givens`]);
//! - the independent validator ([`Constraint::validate`]) and the reference backtracker's
//!   view ([`Constraint::reference`]), both worked out from the constraint's meaning without
//!   calling the code that encodes it, so that the tests compare independent implementations;
//! - its picture ([`Constraint::draw`], [`Constraint::caption`]);
//! - (optionally) its human-logic steps beyond what its units and pairs give every technique
//!   ([`Constraint::logic`]: a killer cage's sum).
//!
//! Families are listed once, in the `families!` list of `rules/mod.rs` (the macro is in
//! `registry.rs`), each module declared in its group's `mod.rs`.

use std::fmt;

use serde::de::MapAccess;

use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::logic::step::Step;

use super::draw::{Canvas, Caption};
use super::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use super::geometry::Geometry;
use super::pair::PairList;
use super::sample::Sample;
use super::unit_index::{Unit, UnitIndex};
use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};

/// A family of constraints, all its instances in one puzzle. Every method has a default that
/// does nothing but [`Constraint::validate`] and [`Constraint::reference`]: a constraint is
/// never without its independent checks.
pub trait Constraint: fmt::Debug {
    /// Checks the instances against the shape, before anything is built: cells in the grid,
    /// sums that can be reached, and so on.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] naming the instance and what is wrong.
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        let _ = geometry;
        Ok(())
    }

    /// Adds the units the family makes (cells whose digits all differ), each with its cells
    /// in increasing order. Called after [`Constraint::check`] succeeded.
    fn units(&self, geometry: &Geometry, out: &mut Vec<Unit>) {
        let _ = (geometry, out);
    }

    /// Adds the rules between two cells the family makes. Rules that only ask two cells of
    /// one unit to differ are dropped afterwards: the unit says so already.
    fn pairs(&self, geometry: &Geometry, units: &UnitIndex, out: &mut PairList) {
        let _ = (geometry, units, out);
    }

    /// Entries (item occurrences) that [`Constraint::encode`] adds to the matrix, at most: the
    /// rules refuse an encoding too large to hold before anyone builds it.
    fn entries(&self, geometry: &Geometry) -> u64 {
        let _ = geometry;
        0
    }

    /// Whether the family only asks whether digits are equal, never which digits they are:
    /// then renaming the digits of a solution throughout gives another solution.
    fn digit_blind(&self) -> bool {
        true
    }

    /// Checks the givens beyond units and pairs, which the rules check for every family.
    ///
    /// # Errors
    ///
    /// A [`PuzzleError`] naming the cells and the constraint.
    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        let _ = (geometry, givens);
        Ok(())
    }

    /// Encodes what units and pairs do not say into the exact cover.
    fn encode(&self, encoder: &mut Encoder<'_>) {
        let _ = encoder;
    }

    /// The independent validator: checks a filled grid (digits in range, givens kept) against
    /// the family's meaning, without the encoding's units or pairs.
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found.
    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation>;

    /// The reference backtracker's view of the family, worked out from its meaning; `None`
    /// when it has no instance.
    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>>;

    /// The family's own human-style steps, beyond what its units and pairs give every
    /// technique (a killer cage's sum, say), worked out once per rule set; `None` when it has
    /// none. The logic tries them after locked candidates.
    fn logic(&self, geometry: &Geometry, units: &UnitIndex) -> Option<Box<dyn Logic>> {
        let _ = (geometry, units);
        None
    }

    /// Adds, for each instance the human-style logic does not fully reason with (through the
    /// family's units, pairs and [`Constraint::logic`] steps), a short name of it
    /// (`"thermometer 2"`), so that `explain` and `hint` say which constraints their steps
    /// leave out instead of passing a partial understanding off as a full one. Required, so
    /// that a new family answers it.
    fn unexplained(&self, out: &mut Vec<String>);

    /// Adds a note for each instance that is legal but likely not what the setter meant (a
    /// cage whose cells are not connected), in words naming it: the command line writes
    /// them on stderr before the answer (`sudokux: FILE: note: ...`) and in its JSON
    /// answers (`notes`). None by default.
    fn notes(&self, geometry: &Geometry, out: &mut Vec<String>) {
        let _ = (geometry, out);
    }

    /// How a person names the family's instance `instance` (the index its encoding gave
    /// [`Encoder::instance`]), or the family as a whole for `None`, in the steps of the logic
    /// that reason with its items and options: `thermometer 2`, `little killer 3 (sum 15)`.
    /// Required, so that a new family's steps read in its own words.
    fn words(&self, instance: Option<usize>) -> String;

    /// Whether the family has clues outside the grid (little killers, sandwiches), for which
    /// pictures keep a cell of room around it.
    fn outside_clues(&self) -> bool {
        false
    }

    /// Draws the family (shading under the lines, marks over them).
    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        let _ = (geometry, canvas);
    }

    /// Names the family in the picture's caption.
    fn caption(&self, geometry: &Geometry, caption: &mut Caption) {
        let _ = (geometry, caption);
    }

    /// Writes the family's keys to a puzzle file.
    fn write(&self, out: &mut FileWriter) {
        let _ = out;
    }
}

/// [`Constraint::words`] and [`Constraint::unexplained`] of a family whose every rule is a
/// unit or a pair (anti-knight, kropki dots, extra units, ...): every technique reasons with
/// units and pairs, so the family leaves no instance unexplained, and a step that names it
/// (a chain through one of its pairs) says `$words` (`"a kropki dot"`), the same for every
/// instance.
macro_rules! explained_as_units_and_pairs {
    ($words:literal) => {
        fn words(&self, _: Option<usize>) -> String {
            $words.to_string()
        }

        fn unexplained(&self, _: &mut Vec<String>) {}
    };
}
pub(crate) use explained_as_units_and_pairs;

/// What a family says about a partially filled grid, for the reference backtracker. `cells`
/// holds every position of the area, 0 where empty.
pub trait Reference: fmt::Debug + Send + Sync {
    /// The digits (bit `d - 1` for digit `d`) that empty position `p` may still take, given
    /// the digits placed elsewhere: at least every digit some completion puts there.
    fn allowed(&self, cells: &[u8], p: usize) -> u64;

    /// Whether the digit at `p` already breaks the family's rules with the digits placed, so
    /// that no completion can satisfy them (for the givens).
    fn broken(&self, cells: &[u8], p: usize) -> bool;
}

/// The digits of `1..=n` that position `p` may take by trial: each written at `p` in a copy
/// of `cells`, kept when `possible` says the grid can still be completed. The common body
/// of [`Reference::allowed`] for families judged from their meaning on a partial grid.
pub(crate) fn allowed_by_trial(
    n: usize,
    cells: &[u8],
    p: usize,
    possible: impl Fn(&[u8]) -> bool,
) -> u64 {
    let mut trial = cells.to_vec();
    let mut free = 0;
    for d in 1..=n as u8 {
        trial[p] = d;
        if possible(&trial) {
            free |= 1u64 << (d - 1);
        }
    }
    free
}

/// A family's human-style steps, for the logic ([`Constraint::logic`]).
pub trait Logic: fmt::Debug + Send + Sync {
    /// The family's first step that eliminates or places something, `None` when it has none.
    /// `values[p]` is the digit at position `p` (0 when empty), `candidates[p]` the
    /// candidates of an empty position (bit `d - 1` for digit `d`) and 0 at a filled one.
    fn step(&self, values: &[u8], candidates: &[u64]) -> Option<Step>;

    /// The family's first harder step (reasoning over several of its instances at once),
    /// which the logic tries after the generic subsets and fish, before contradiction
    /// chains; `None` when it has none (the default). Arguments as for [`Logic::step`].
    fn late_step(&self, values: &[u8], candidates: &[u64]) -> Option<Step> {
        let _ = (values, candidates);
        None
    }
}

/// A family as it appears in puzzle files: its keys, and how their values are read.
pub trait Family: Constraint + Default + Clone + PartialEq + Eq {
    /// The keys of puzzle files the family reads (TOML keys, the same in JSON).
    const KEYS: &'static [&'static str];

    /// Other spellings of [`Family::KEYS`] that puzzle files may use, each with the key it
    /// stands for (`("killer", "cage")`): read as that key, but never written nor suggested.
    /// The old names of the family (its field and module before they took the key's name).
    const ALIASES: &'static [(&'static str, &'static str)] = &[];

    /// Reads the value of one of [`Family::KEYS`] (the next value of `map`).
    ///
    /// # Errors
    ///
    /// [`ReadError::Shape`](super::error::ReadError::Shape), the deserializer's error, for a
    /// value of the wrong shape (it says where; `?` on the deserializer makes it);
    /// [`ReadError::Value`](super::error::ReadError::Value), a [`FileError`], for a value
    /// that does not make sense (a cell named `x2y2`; `?` on a `FileError` makes it).
    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error>;

    /// The keys of f-puzzles JSON the family reads and writes (`"thermometer"`); none by
    /// default. A key no family owns refuses the puzzle: a rule is never dropped.
    const FPUZZLES_KEYS: &'static [&'static str] = &[];

    /// The entries of f-puzzles' `negative` key ("all such marks are shown") the family
    /// honours (`"xv"`); an entry no family honours refuses the puzzle.
    const FPUZZLES_NEGATIVE: &'static [&'static str] = &[];

    /// Reads the value of one of [`Family::FPUZZLES_KEYS`] (`entry.key`); `entry.reader`
    /// knows the grid's size and the puzzle's `negative` entries, and reads cells, lines and
    /// numbers with errors that name the key, the instance and the cell.
    ///
    /// # Errors
    ///
    /// A [`FileError`] for a value that cannot be read or makes no sense.
    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        Err(FileError::Value {
            key: entry.key.to_string(),
            line: None,
            message: "not an f-puzzles key of this family".to_string(),
        })
    }

    /// Writes the family as f-puzzles keys, so that reading them back gives the same family.
    fn write_fpuzzles(&self, out: &mut FpWriter) {
        let _ = out;
    }

    /// A random instance of the family on `sample`'s grid, for the property tests (which ask
    /// every family of the list for them by name): cut from the sample's solution where the
    /// rule allows, so that most instances keep it, and now and then one that breaks it or
    /// asks little. It must pass [`Constraint::check`] on the sample's geometry.
    fn random(sample: &mut Sample<'_>) -> Self;
}

/// A puzzle file being written: short keys at the top, tables (`[[cage]]`) at the end.
#[derive(Debug, Clone, Default)]
pub struct FileWriter {
    /// `key = value` lines, before the givens.
    pub(crate) keys: String,
    /// Arrays of tables, after everything else.
    pub(crate) tables: String,
}

impl FileWriter {
    /// Writes `key = value` (the value already in TOML).
    pub fn key(&mut self, key: &str, value: impl fmt::Display) {
        use fmt::Write as _;
        let _ = writeln!(self.keys, "{key} = {value}");
    }

    /// Writes `key = true` for each key that is on: a family's switches.
    pub fn flags(&mut self, flags: &[(bool, &str)]) {
        for &(on, key) in flags {
            if on {
                self.key(key, true);
            }
        }
    }

    /// Writes one table of an array of tables: `[[name]]` and its `key = value` lines.
    pub fn table(&mut self, name: &str, entries: &[(&str, String)]) {
        use fmt::Write as _;
        let _ = write!(self.tables, "\n[[{name}]]\n");
        for (key, value) in entries {
            let _ = writeln!(self.tables, "{key} = {value}");
        }
    }
}

/// Cells as a puzzle file writes them: a quoted, space-separated list (`"r1c1 r1c2"`).
pub(crate) fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    format!("\"{}\"", names.join(" "))
}

/// A list of cells as puzzle files give it: one string (`"r1c1 r1c2"`, spaces or commas
/// between) or a list of strings.
#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
pub enum RawCells {
    /// `"r1c1 r1c2"`
    Text(String),
    /// `["r1c1", "r1c2"]`
    List(Vec<String>),
}

impl RawCells {
    /// The cells, or a [`FileError`] for `what` naming the first that cannot be read.
    ///
    /// # Errors
    ///
    /// [`FileError::Value`] for a name that is not a cell, or a run that is not straight.
    pub fn cells(&self, what: &str) -> Result<Vec<Cell>, FileError> {
        self.read().map_err(|message| FileError::Value {
            key: what.to_string(),
            line: None,
            message,
        })
    }

    /// The cells, each name a cell (`r3c4`) or a straight run of them (`r1c1-r1c4`, along a
    /// row, a column or a diagonal, both ends included); what is wrong, in words.
    fn read(&self) -> Result<Vec<Cell>, String> {
        let names: Vec<&str> = match self {
            RawCells::Text(text) => text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|s| !s.is_empty())
                .collect(),
            RawCells::List(list) => list.iter().map(String::as_str).collect(),
        };
        let mut cells = Vec::with_capacity(names.len());
        for name in names {
            let cell = |text: &str| {
                Cell::parse(text).ok_or_else(|| {
                    format!(
                        "cannot read {text:?} as a cell (write cells as r3c4, runs as r1c1-r1c4)"
                    )
                })
            };
            match name.split_once('-') {
                None => cells.push(cell(name)?),
                Some((from, to)) => cells.extend(run(name, cell(from)?, cell(to)?)?),
            }
        }
        Ok(cells)
    }
}

/// Longest run `r1c1-r1cN` read: no grid is wider.
const MAX_RUN: usize = 1 << 16;

/// The cells of the straight run `name` from `from` to `to`, both included.
fn run(name: &str, from: Cell, to: Cell) -> Result<impl Iterator<Item = Cell>, String> {
    let (dr, dc) = (
        to.row as isize - from.row as isize,
        to.col as isize - from.col as isize,
    );
    if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
        return Err(format!(
            "{name:?} is not a straight run: a run goes along a row, a column or a diagonal \
             (list the cells of a bent line, or join runs: \"r1c1-r1c4 r2c4-r5c4\")"
        ));
    }
    let steps = dr.unsigned_abs().max(dc.unsigned_abs());
    if steps >= MAX_RUN {
        return Err(format!("{name:?} is a run of more than {MAX_RUN} cells"));
    }
    Ok((0..=steps as isize).map(move |k| Cell {
        row: (from.row as isize + k * dr.signum()) as usize,
        col: (from.col as isize + k * dc.signum()) as usize,
    }))
}

/// The cells of a line in a puzzle file, in order: [`RawCells`] read as the value is read, so
/// that a name that is not a cell is pointed at in the file. Whether consecutive cells are
/// neighbours is checked by the line's table ([`LineCells::steps`]), which may say
/// `jumps = true`.
#[derive(Debug)]
pub struct LineCells(pub Vec<Cell>);

impl<'de> serde::Deserialize<'de> for LineCells {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<LineCells, D::Error> {
        use serde::de::Error;
        let cells = RawCells::deserialize(deserializer)?
            .read()
            .map_err(D::Error::custom)?;
        Ok(LineCells(cells))
    }
}

impl LineCells {
    /// The cells, each a neighbour (orthogonal or diagonal) of the one before, unless `jumps`
    /// (a line that skips cells, as f-puzzles draws a line between any two cells).
    ///
    /// # Errors
    ///
    /// [`FileError::Value`] for `what` naming the first step that is not a neighbour's.
    pub fn steps(&self, what: &str, jumps: bool) -> Result<Vec<Cell>, FileError> {
        match self
            .0
            .windows(2)
            .find(|pair| !jumps && !neighbours(pair[0], pair[1]))
        {
            None => Ok(self.0.clone()),
            Some(pair) => Err(FileError::Value {
                key: what.to_string(),
                line: None,
                message: gap_message(pair[0], pair[1]),
            }),
        }
    }
}

/// Whether a line may step from `a` to `b`: one of the 8 cells around it.
fn neighbours(a: Cell, b: Cell) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

/// Whether a line through `cells` skips cells somewhere (a puzzle file writes it with
/// `jumps = true`).
pub(crate) fn jumps(cells: &[Cell]) -> bool {
    cells.windows(2).any(|pair| !neighbours(pair[0], pair[1]))
}

/// Why a line cannot step from `a` to `b` (they are not neighbours), with what to write.
fn gap_message(a: Cell, b: Cell) -> String {
    if a == b {
        return format!(
            "{a} follows itself: a line goes on to a neighbour (`jumps = true` reads the cells \
             as listed, as f-puzzles does)"
        );
    }
    let straight =
        a.row == b.row || a.col == b.col || a.row.abs_diff(b.row) == a.col.abs_diff(b.col);
    format!(
        "{a} and {b} are not neighbours: a line goes from a cell to one of the 8 around it \
         ({}`jumps = true` reads the cells as listed, as f-puzzles does)",
        if straight {
            format!("the straight run between them is \"{a}-{b}\"; ")
        } else {
            String::new()
        }
    )
}

/// Reads the value of a key written as `[[key]]` tables, one instance each: each table
/// deserialized as `R` and handed to `add` with its name in messages (`name 2`, numbered from
/// 1 in the key), which adds the instance or says why it makes no sense.
///
/// # Errors
///
/// As [`Family::read`]: the file's error when the value is not an array of such tables, else
/// the first [`FileError`] that `add` returns.
pub fn read_tables<'de, A, R>(
    map: &mut A,
    name: &str,
    mut add: impl FnMut(&R, &str) -> Result<(), FileError>,
) -> ReadResult<A::Error>
where
    A: MapAccess<'de>,
    R: serde::Deserialize<'de>,
{
    let raw: Vec<R> = map.next_value()?;
    raw.iter()
        .enumerate()
        .try_for_each(|(k, raw)| add(raw, &format!("{name} {}", k + 1)))?;
    Ok(())
}
