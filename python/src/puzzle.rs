//! Puzzles: `Puzzle` (a grid and its rules, from a puzzle line or a puzzle file), and the
//! functions that answer them as the command line does: `solve`, `count`, `check`,
//! `candidates`, `generate`, and the shards of a count (`Puzzle.split`, `Puzzle.count_shard`).

use std::path::Path;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use sudokux::sudoku::file::{from_json, from_toml, to_toml};
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::generate::{Generator, Settings, Symmetry};
use sudokux::sudoku::parse::Reader;
use sudokux::sudoku::true_candidates::Tally;
use sudokux::sudoku::{Engine, Grid, Rules, ShardError, Solver, Spec};
use sudokux::xc::{CountOptions, OptionId, Watch};

use crate::results::{PyAnswer, PyCount, PyTrueCandidates};
use crate::{interruptible, PuzzleError};

/// A sudoku puzzle with its rules: the givens, and the grid's size, boxes and constraints.
///
/// `Puzzle(text)` reads the first puzzle of `text`: a puzzle line (`.` or `0` for blanks,
/// any size) or a grid of rows, under classic rules for its size. `Puzzle.from_toml`,
/// `Puzzle.from_json` and `Puzzle.from_file` read puzzle files with rules of their own
/// (TOML, JSON, and f-puzzles links or JSON).
#[pyclass(module = "sudokux", name = "Puzzle", frozen)]
#[derive(Debug, Clone)]
pub struct PyPuzzle {
    pub rules: Rules,
    pub givens: Grid,
}

/// A puzzle argument: a `Puzzle`, or puzzle text read as `Puzzle(text)` does.
#[derive(FromPyObject)]
pub enum PuzzleArg<'py> {
    Puzzle(Bound<'py, PyPuzzle>),
    Text(String),
}

impl PuzzleArg<'_> {
    pub fn into_puzzle(self) -> PyResult<PyPuzzle> {
        match self {
            PuzzleArg::Puzzle(puzzle) => Ok(puzzle.get().clone()),
            PuzzleArg::Text(text) => PyPuzzle::read_lines(&text).map_err(puzzle_error),
        }
    }
}

fn puzzle_error(message: impl std::fmt::Display) -> PyErr {
    PuzzleError::new_err(message.to_string())
}

impl PyPuzzle {
    /// The first puzzle of puzzle lines or grids, under classic rules for its size.
    fn read_lines(text: &str) -> Result<PyPuzzle, String> {
        let entry = match Reader::inferring(text.as_bytes()).next() {
            None => return Err("no puzzle in the text".into()),
            Some(Err(error)) => return Err(error.to_string()),
            Some(Ok(entry)) => entry,
        };
        let at = |e: &dyn std::fmt::Display| format!("line {}: {e}", entry.line);
        let rules = Rules::new(Spec::new(entry.grid.rows())).map_err(|e| at(&e))?;
        rules.check_givens(&entry.grid).map_err(|e| at(&e))?;
        Ok(PyPuzzle {
            rules,
            givens: entry.grid,
        })
    }

    fn read_toml(text: &str) -> Result<PyPuzzle, String> {
        let file = from_toml(text).map_err(|e| format!("TOML: {e}"))?;
        PyPuzzle::checked(file.rules, file.givens)
    }

    fn read_json(text: &str) -> Result<PyPuzzle, String> {
        if fpuzzles::is_fpuzzles_json(text) {
            return PyPuzzle::read_fpuzzles(text);
        }
        let file = from_json(text).map_err(|e| format!("JSON: {e}"))?;
        PyPuzzle::checked(file.rules, file.givens)
    }

    fn read_fpuzzles(text: &str) -> Result<PyPuzzle, String> {
        let imported = fpuzzles::read(text.trim()).map_err(|e| e.to_string())?;
        PyPuzzle::checked(imported.file.rules, imported.file.givens)
    }

    fn checked(rules: Rules, givens: Grid) -> Result<PyPuzzle, String> {
        rules.check_givens(&givens).map_err(|e| e.to_string())?;
        Ok(PyPuzzle { rules, givens })
    }

    fn line(&self, grid: &Grid) -> String {
        self.rules.format_line(grid)
    }
}

#[pymethods]
impl PyPuzzle {
    #[new]
    fn new(text: &str) -> PyResult<PyPuzzle> {
        PyPuzzle::read_lines(text).map_err(puzzle_error)
    }

    /// Reads a puzzle file in TOML: the grid, its rules and givens.
    ///
    /// Raises `PuzzleError` when the file cannot be read or its givens break its rules.
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<PyPuzzle> {
        PyPuzzle::read_toml(text).map_err(puzzle_error)
    }

    /// Reads a puzzle file in JSON: this tool's format (the TOML structure), or f-puzzles'.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyPuzzle> {
        PyPuzzle::read_json(text).map_err(puzzle_error)
    }

    /// Reads an f-puzzles puzzle: a link, its compressed payload, or its JSON.
    #[staticmethod]
    fn from_fpuzzles(text: &str) -> PyResult<PyPuzzle> {
        PyPuzzle::read_fpuzzles(text).map_err(puzzle_error)
    }

    /// Reads a puzzle file: by its extension `.toml` or `.json`, else by its text (TOML,
    /// JSON, an f-puzzles link, or puzzle lines, of which the first is taken). Errors name
    /// the file.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<PyPuzzle> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{name}: {e}")))?;
        let extension = Path::new(&path)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("");
        let read = match extension.as_deref() {
            Some("toml") => PyPuzzle::read_toml(&text),
            Some("json") => PyPuzzle::read_json(&text),
            _ if first.starts_with('{') => PyPuzzle::read_json(&text),
            _ if fpuzzles::is_link(first) => PyPuzzle::read_fpuzzles(first),
            _ if first.contains('=') || first.starts_with('[') => PyPuzzle::read_toml(&text),
            _ => PyPuzzle::read_lines(&text),
        };
        read.map_err(|e| puzzle_error(format!("{name}: {e}")))
    }

    /// Number of digits (the grid's side for a plain grid).
    #[getter]
    fn size(&self) -> usize {
        self.rules.size()
    }

    /// The givens as a puzzle line (`.` for blanks).
    #[getter]
    fn givens(&self) -> String {
        self.line(&self.givens)
    }

    /// The puzzle as a TOML puzzle file, rules and givens: `Puzzle.from_toml` reads it back.
    fn to_toml(&self) -> String {
        to_toml(&self.rules, &self.givens)
    }

    /// The exact-cover shards of a count of this puzzle at split depth `depth`: every list of
    /// options the search fixes first, disjoint, covering every solution. Their counts by
    /// `count_shard` add up to the count (what `sudokux count --split` writes).
    fn split(&self, py: Python<'_>, depth: usize) -> PyResult<Vec<Vec<u32>>> {
        let shards = interruptible(py, |_| {
            Solver::new(self.rules.clone()).shards(&self.givens, depth)
        })?
        .map_err(puzzle_error)?;
        Ok(shards
            .choices
            .iter()
            .map(|shard| shard.iter().map(|o| o.0).collect())
            .collect())
    }

    /// Counts the solutions in one shard made by `split` for the same puzzle (exactly:
    /// every solution is searched); what `sudokux count --count-shard` does.
    fn count_shard(&self, py: Python<'_>, choices: Vec<u32>) -> PyResult<PyCount> {
        let choices: Vec<OptionId> = choices.into_iter().map(OptionId).collect();
        let (answer, stopped) = interruptible(py, |budget| {
            let answer = Solver::new(self.rules.clone()).count_shard(
                &self.givens,
                &choices,
                CountOptions::new().budget(budget),
            );
            (answer, budget.stop.is_some_and(Watch::stop_requested))
        })?;
        let answer = answer.map_err(|e| match e {
            ShardError::Puzzle(e) => puzzle_error(e),
            e => PuzzleError::new_err(e.to_string()),
        })?;
        Ok(PyCount::of(
            &sudokux::xc::Count {
                count: answer.count,
                complete: answer.complete,
                stats: answer.stats,
            },
            stopped,
        ))
    }

    fn __str__(&self) -> String {
        self.givens()
    }

    fn __repr__(&self) -> String {
        format!("Puzzle({:?})", self.givens())
    }

    /// Pickled as its TOML puzzle file (for Dask and multiprocessing).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_toml = py.get_type::<PyPuzzle>().getattr("from_toml")?;
        let text = slf.get().to_toml();
        PyTuple::new(py, [from_toml, PyTuple::new(py, [text])?.into_any()])
    }
}

/// Solves a puzzle: by default proving its solution unique, as `sudokux solve` does (status
/// `"unique"`, `"multiple"` or `"none"`, and the first solution found); with `first=True`
/// stopping at the first solution (status `"solved"` or `"none"`).
///
/// `puzzle` is a `Puzzle` or puzzle text (a line or a grid, any size). Raises `PuzzleError`
/// when it cannot be read or its givens break the rules, and KeyboardInterrupt on Ctrl-C.
#[pyfunction]
#[pyo3(signature = (puzzle, first = false))]
fn solve(py: Python<'_>, puzzle: PuzzleArg<'_>, first: bool) -> PyResult<PyAnswer> {
    let puzzle = puzzle.into_puzzle()?;
    let limit = if first { 1 } else { 2 };
    let answer = interruptible(py, |budget| {
        Solver::new(puzzle.rules.clone()).enumerate_bounded(&puzzle.givens, Some(limit), 1, budget)
    })?
    .map_err(puzzle_error)?;
    let status = match answer.count {
        _ if answer.cut_short(Some(limit)) => "unknown",
        0 => "none",
        _ if first => "solved",
        1 => "unique",
        _ => "multiple",
    };
    Ok(PyAnswer {
        status,
        solution: answer.solutions.first().map(|s| puzzle.line(s)),
        solutions: None,
        count: None,
        complete: None,
        nodes: answer.stats.nodes,
        updates: answer.stats.updates,
    })
}

/// Counts the solutions of a puzzle, all of them or up to `limit`, on `threads` threads, as
/// `sudokux count` does: `count`, and `complete` false when the limit stopped the count (a
/// lower bound). Ctrl-C raises KeyboardInterrupt within a fraction of a second.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = None, threads = 1))]
fn count(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    limit: Option<u128>,
    threads: usize,
) -> PyResult<PyAnswer> {
    let puzzle = puzzle.into_puzzle()?;
    if limit == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "limit: at least 1 (None for no limit)",
        ));
    }
    let answer = interruptible(py, |budget| {
        Solver::new(puzzle.rules.clone()).count_bounded(
            &puzzle.givens,
            limit,
            threads.max(1),
            &Watch::new(),
            budget,
        )
    })?
    .map_err(puzzle_error)?;
    let status = match answer.count {
        _ if answer.cut_short(limit) => "unknown",
        0 => "none",
        1 if answer.complete => "unique",
        _ => "multiple",
    };
    Ok(PyAnswer {
        status,
        solution: None,
        solutions: None,
        count: Some(answer.count),
        complete: Some(answer.complete),
        nodes: answer.stats.nodes,
        updates: answer.stats.updates,
    })
}

/// Says whether a puzzle has one solution, as `sudokux check --witness` does: status
/// `"unique"` (with `solution`), `"multiple"` (with two differing `solutions`) or `"none"`.
#[pyfunction]
fn check(py: Python<'_>, puzzle: PuzzleArg<'_>) -> PyResult<PyAnswer> {
    let puzzle = puzzle.into_puzzle()?;
    let answer = interruptible(py, |budget| {
        Solver::new(puzzle.rules.clone()).enumerate_bounded(&puzzle.givens, Some(2), 2, budget)
    })?
    .map_err(puzzle_error)?;
    let lines: Vec<String> = answer.solutions.iter().map(|s| puzzle.line(s)).collect();
    let (status, solution, solutions) = match lines.as_slice() {
        _ if answer.cut_short(Some(2)) => ("unknown", None, None),
        [] => ("none", None, None),
        [one] => ("unique", Some(one.clone()), None),
        [one, two, ..] => ("multiple", None, Some((one.clone(), two.clone()))),
    };
    Ok(PyAnswer {
        status,
        solution,
        solutions,
        count: None,
        complete: None,
        nodes: answer.stats.nodes,
        updates: answer.stats.updates,
    })
}

/// The true candidates of a puzzle, as `sudokux candidates --json` gives them: the digits
/// each cell takes in at least one solution.
#[pyfunction]
fn candidates(py: Python<'_>, puzzle: PuzzleArg<'_>) -> PyResult<PyTrueCandidates> {
    let puzzle = puzzle.into_puzzle()?;
    let found = interruptible(py, |budget| {
        Solver::new(puzzle.rules.clone()).true_candidates(
            &puzzle.givens,
            None,
            Tally::Digits,
            budget,
        )
    })?
    .map_err(puzzle_error)?;
    let digits = |mask: u64| -> Vec<u32> {
        (1..=found.size as u32)
            .filter(|d| mask >> (d - 1) & 1 == 1)
            .collect()
    };
    let status = if !found.complete {
        "unknown"
    } else if !found.has_solution() {
        "none"
    } else {
        "ok"
    };
    Ok(PyTrueCandidates {
        status,
        candidates: found.masks.iter().map(|&m| digits(m)).collect(),
        settled: puzzle
            .rules
            .cells()
            .iter()
            .filter(|&&p| found.masks[p].count_ones() == 1)
            .count(),
        complete: found.complete,
        nodes: found.stats.nodes,
        updates: found.stats.updates,
    })
}

/// Generates puzzles with exactly one solution, as `sudokux generate` does: `count` puzzles
/// of `size` digits (classic boxes), the givens symmetric under `symmetry` (`"none"`,
/// `"rot180"`, `"rot90"`, `"mirror"`, `"diagonal"`), `minimal` (no given can go), aiming at
/// `givens` givens, with random jigsaw regions or killer cages. The same `seed` gives the same
/// puzzles. Returns a list of `Puzzle`.
#[pyfunction]
#[pyo3(signature = (count = 1, *, size = 9, seed = 0, symmetry = "none", minimal = false, givens = None, jigsaw = false, killer = false))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    count: u64,
    size: usize,
    seed: u64,
    symmetry: &str,
    minimal: bool,
    givens: Option<usize>,
    jigsaw: bool,
    killer: bool,
) -> PyResult<Bound<'py, PyList>> {
    let symmetry: Symmetry = symmetry.parse().map_err(puzzle_error)?;
    let mut settings = Settings::default();
    settings.symmetry = symmetry;
    settings.minimal = minimal;
    settings.givens = givens;
    settings.jigsaw = jigsaw;
    settings.killer = killer;
    let generator = Generator::new(Spec::new(size), settings).map_err(puzzle_error)?;
    // Ctrl-C is heeded between puzzles.
    let made = interruptible(py, |budget| {
        let stopped = || budget.stop.is_some_and(Watch::stop_requested);
        (0..count)
            .take_while(|_| !stopped())
            .map(|index| generator.generate(seed, index))
            .collect::<Result<Vec<_>, _>>()
    })?
    .map_err(puzzle_error)?;
    let puzzles: Vec<PyPuzzle> = made
        .into_iter()
        .map(|g| PyPuzzle {
            rules: g.rules,
            givens: g.puzzle,
        })
        .collect();
    PyList::new(py, puzzles)
}

/// Adds the puzzle class and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPuzzle>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(candidates, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
