//! Puzzles: `Puzzle` (a grid and its rules, from a puzzle line or a puzzle file), and the
//! functions that answer them as the command line does: `solve`, `count`, `check`,
//! `candidates`, `generate`, and the shards of a count (`Puzzle.split`, `Puzzle.count_shard`).

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use sudokux::sudoku::bands::{self, Piece, Plan, Shape, PLAN_VERSION};
use sudokux::sudoku::file::file_to_toml;
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::generate::{Generator, Settings, Symmetry};
use sudokux::sudoku::true_candidates::Tally;
use sudokux::sudoku::{Engine, Grid, Meta, PuzzleFile, Rules, ShardError, Solver, Spec};
use sudokux::xc::{CountOptions, OptionId, Watch};

use crate::read::{self, FileFailure, Read};
use crate::results::{PyAnswer, PyCount, PyTrueCandidates};
use crate::{interruptible, interruptible_within, Limits, PuzzleError};

/// A sudoku puzzle with its rules: the givens, and the grid's size, boxes and constraints.
///
/// `Puzzle(text)` reads the first puzzle of `text` as the command line reads a PUZZLE
/// argument: the path of a puzzle file, an f-puzzles or SudokuPad link (or its bare
/// `N4Ig...` payload), f-puzzles JSON, a TOML or JSON puzzle file's text, or puzzle lines and
/// grids (`.` or `0` for blanks, any size) under classic rules for their size.
/// `Puzzle.from_toml`, `Puzzle.from_json`, `Puzzle.from_fpuzzles` and `Puzzle.from_file` read
/// one form only.
#[pyclass(module = "sudokux", name = "Puzzle", frozen)]
#[derive(Debug, Clone)]
pub struct PyPuzzle {
    pub rules: Rules,
    pub givens: Grid,
    /// Title, author and ruleset, as the puzzle's file or link gives them.
    pub meta: Meta,
}

/// A puzzle argument: a `Puzzle`, puzzle text read as `Puzzle(text)` reads it, or a path
/// (`pathlib.Path`, `os.PathLike`) to a puzzle file.
#[derive(FromPyObject)]
pub enum PuzzleArg<'py> {
    Puzzle(Bound<'py, PyPuzzle>),
    Text(String),
    Path(std::path::PathBuf),
}

impl PuzzleArg<'_> {
    pub fn into_puzzle(self) -> PyResult<PyPuzzle> {
        match self {
            PuzzleArg::Puzzle(puzzle) => Ok(puzzle.get().clone()),
            PuzzleArg::Text(text) if read::is_path(&text) => {
                PyPuzzle::from_file(text.trim().into())
            }
            PuzzleArg::Text(text) => read::text(&text).map(PyPuzzle::of).map_err(puzzle_error),
            PuzzleArg::Path(path) => PyPuzzle::from_file(path),
        }
    }
}

pub(crate) fn puzzle_error(message: impl std::fmt::Display) -> PyErr {
    PuzzleError::new_err(message.to_string())
}

/// The top bands already enumerated in this process, by shape: a worker counting many band
/// shards of one grid enumerates its top band once.
static PLANS: Mutex<Vec<Arc<Plan>>> = Mutex::new(Vec::new());

/// The top band of `shape`, from [`PLANS`] or enumerated (interruptible, not kept if stopped).
fn band_plan(py: Python<'_>, shape: Shape) -> PyResult<Arc<Plan>> {
    let known = |plans: &Vec<Arc<Plan>>| plans.iter().find(|p| p.shape() == shape).cloned();
    if let Some(plan) = known(&PLANS.lock().expect("no thread panics holding it")) {
        return Ok(plan);
    }
    let plan = interruptible(py, |budget| Plan::new(&shape, &Watch::new(), budget))?;
    if !plan.complete() {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "the top band was stopped before it was done",
        ));
    }
    let plan = Arc::new(plan);
    let mut plans = PLANS.lock().expect("no thread panics holding it");
    if known(&plans).is_none() {
        plans.push(plan.clone());
    }
    Ok(plan)
}

impl PyPuzzle {
    /// The box shape a count by bands goes through (the transpose of the puzzle's when that is
    /// quicker) when the puzzle is an empty grid of plain boxes.
    fn band_shape(&self) -> Option<Shape> {
        Shape::of(&self.rules)
            .filter(|_| self.givens.cells().iter().all(|&d| d == 0))
            .map(|shape| shape.oriented())
    }

    fn of(read: Read) -> PyPuzzle {
        PyPuzzle {
            rules: read.rules,
            givens: read.givens,
            meta: read.meta,
        }
    }

    pub(crate) fn line(&self, grid: &Grid) -> String {
        self.rules.format_line(grid)
    }

    /// The puzzle as a puzzle file: rules, givens and meta.
    pub(crate) fn file(&self) -> PuzzleFile {
        PuzzleFile {
            rules: self.rules.clone(),
            givens: self.givens.clone(),
            meta: self.meta.clone(),
        }
    }
}

#[pymethods]
impl PyPuzzle {
    #[new]
    fn new(puzzle: PuzzleArg<'_>) -> PyResult<PyPuzzle> {
        puzzle.into_puzzle()
    }

    /// Reads a puzzle file in TOML: the grid, its rules and givens.
    ///
    /// Raises `PuzzleError` when the file cannot be read or its givens break its rules.
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<PyPuzzle> {
        read::toml(text).map(PyPuzzle::of).map_err(puzzle_error)
    }

    /// Reads a puzzle file in JSON: this tool's format (the TOML structure), or f-puzzles'.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyPuzzle> {
        read::json(text).map(PyPuzzle::of).map_err(puzzle_error)
    }

    /// Reads an f-puzzles puzzle: a link, its compressed payload, or its JSON.
    #[staticmethod]
    fn from_fpuzzles(text: &str) -> PyResult<PyPuzzle> {
        read::fpuzzles_text(text)
            .map(PyPuzzle::of)
            .map_err(puzzle_error)
    }

    /// Reads a puzzle file: by its extension `.toml` or `.json`, else by its text (TOML,
    /// JSON, an f-puzzles link, or puzzle lines, of which the first is taken). Errors name
    /// the file.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<PyPuzzle> {
        read::file(&path).map(PyPuzzle::of).map_err(|e| match e {
            FileFailure::Open(message) => pyo3::exceptions::PyOSError::new_err(message),
            FileFailure::Puzzle(message) => puzzle_error(message),
        })
    }

    /// The puzzle's title, from its file or link (or the title line above a puzzle line).
    #[getter]
    fn title(&self) -> Option<String> {
        self.meta.title.clone()
    }

    /// Who set it, from its file or link.
    #[getter]
    fn author(&self) -> Option<String> {
        self.meta.author.clone()
    }

    /// The rules in the setter's words, from its file or link.
    #[getter]
    fn ruleset(&self) -> Option<String> {
        self.meta.ruleset.clone()
    }

    /// What is legal in the rules but likely not meant (a cage whose cells are not
    /// connected), one sentence each naming it: the notes `sudokux` writes on stderr and in
    /// the `notes` of `--json`.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.rules.notes()
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

    /// The puzzle as a TOML puzzle file, rules, givens, title, author and ruleset:
    /// `Puzzle.from_toml` reads it back (what `convert(puzzle, "toml")` gives).
    fn to_toml(&self) -> String {
        file_to_toml(&self.file())
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

    /// The number of classes of the top band when this puzzle is an empty grid of plain boxes
    /// that a count goes through band by band (`None` otherwise): the shards of
    /// `count_band_shard` are lists of class numbers below it (`sudokux count --split` of
    /// such a grid writes one per class, kind `bands`). Seconds for 9x9 (63 classes), once
    /// per process and shape.
    fn band_classes(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        let Some(shape) = self.band_shape() else {
            return Ok(None);
        };
        Ok(Some(band_plan(py, shape)?.classes().len()))
    }

    /// The plan of a count by bands of this empty grid (`None` otherwise), as the count lines
    /// of `sudokux count --count-shard` record it: the boxes counted (`"3x3"`; 4x2 is counted
    /// as `"2x4"`), the version of the plan's numbering of classes and pieces, and the classes.
    fn band_plan(&self, py: Python<'_>) -> PyResult<Option<(String, u32, usize)>> {
        let Some(shape) = self.band_shape() else {
            return Ok(None);
        };
        let plan = band_plan(py, shape)?;
        let boxes = format!("{}x{}", shape.rows, shape.cols);
        Ok(Some((boxes, PLAN_VERSION, plan.classes().len())))
    }

    /// The symmetries a count by bands of this empty grid uses, by name (`"digits"`,
    /// `"rows-in-bands"`, `"columns-in-stacks"`, `"stacks"`, and `"transpose"` when it goes
    /// through the transposed boxes), as `sudokux count --stats` lists them; `None` when the
    /// puzzle is not an empty grid of plain boxes.
    fn band_symmetries(&self) -> Option<Vec<&'static str>> {
        let shape =
            Shape::of(&self.rules).filter(|_| self.givens.cells().iter().all(|&d| d == 0))?;
        Some(
            bands::symmetries(&shape)
                .into_iter()
                .map(|s| s.name())
                .collect(),
        )
    }

    /// The band shards of a count split `split` ways, as `sudokux count --split` writes them:
    /// each a list of classes and the slice `(from, to)` of the choices of its second band's
    /// first stack it takes (`None`: the whole classes). One shard of every class for 0, one
    /// per class up to the classes, `split` pieces of classes of about one size past them.
    #[allow(clippy::type_complexity)]
    fn band_shards(
        &self,
        py: Python<'_>,
        split: usize,
    ) -> PyResult<Vec<(Vec<usize>, Option<(usize, usize)>)>> {
        let shape = self.band_shape().ok_or_else(|| {
            puzzle_error("band shards need an empty grid of plain boxes (band_classes() is None)")
        })?;
        let plan = band_plan(py, shape)?;
        Ok(plan
            .shards(split)
            .into_iter()
            .map(|pieces| {
                let first = match pieces.as_slice() {
                    [Piece {
                        first: Some(first), ..
                    }] => Some((first.start, first.end)),
                    _ => None,
                };
                (pieces.iter().map(|p| p.class).collect(), first)
            })
            .collect())
    }

    /// Counts the grids whose top band leaves a state of one of `classes` (numbers below
    /// `band_classes()`), or with `first = (from, to)` the piece of one class whose second
    /// band's first stack takes one of those choices: the count of one band shard, exact; the
    /// counts of the shards of `band_shards` add up to the count of the empty grid (what
    /// `sudokux count --count-shard` does with a line of kind `bands`).
    #[pyo3(signature = (classes, first = None))]
    fn count_band_shard(
        &self,
        py: Python<'_>,
        classes: Vec<usize>,
        first: Option<(usize, usize)>,
    ) -> PyResult<PyCount> {
        let shape = self.band_shape().ok_or_else(|| {
            puzzle_error("a band shard needs an empty grid of plain boxes (band_classes() is None)")
        })?;
        let pieces: Vec<Piece> = match (first, classes.as_slice()) {
            (None, _) => classes.iter().map(|&k| Piece::whole(k)).collect(),
            (Some((from, to)), &[class]) => vec![Piece {
                class,
                first: Some(from..to),
            }],
            (Some(_), _) => return Err(puzzle_error("a band shard with `first` takes one class")),
        };
        let plan = band_plan(py, shape)?;
        let (counted, stopped) = interruptible(py, |budget| {
            let counted = plan.count_pieces(&pieces, 1, &Watch::new(), budget);
            (counted, budget.stop.is_some_and(Watch::stop_requested))
        })?;
        let counted = counted.map_err(puzzle_error)?;
        Ok(PyCount::of(
            &sudokux::xc::Count {
                count: counted.count,
                complete: counted.complete,
                stats: sudokux::xc::Stats {
                    nodes: counted.nodes,
                    solutions: counted.count,
                    // Band counts run on bit sets: no link updates, no guesses counted.
                    ..sudokux::xc::Stats::default()
                },
            },
            stopped,
        ))
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

    /// The size of the area, the rules and the number of givens:
    /// `Puzzle(9x9, 31 cages, 1 given)`.
    fn __repr__(&self) -> String {
        let read = Read {
            rules: self.rules.clone(),
            givens: self.givens.clone(),
            meta: self.meta.clone(),
        };
        format!("Puzzle({})", read::describe(&read))
    }

    /// The puzzle drawn as an SVG, as `render(puzzle)` draws it: what a notebook shows.
    fn _repr_svg_(&self) -> PyResult<String> {
        crate::picture::picture(self, None, 48.0)
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
/// `puzzle` is anything `Puzzle()` reads (a `Puzzle`, puzzle text, a link, a file's path).
/// `timeout` (seconds) and `max_nodes` bound the search as the command line's `--timeout` and
/// `--max-nodes` do: a search they stop answers status `"unknown"` (with the solution it found,
/// if any, unproved). Raises `PuzzleError` when the puzzle cannot be read or its givens break
/// the rules, and KeyboardInterrupt on Ctrl-C.
#[pyfunction]
#[pyo3(signature = (puzzle, first = false, *, timeout = None, max_nodes = None))]
fn solve(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    first: bool,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<PyAnswer> {
    let limits = Limits::new(timeout, max_nodes)?;
    let puzzle = puzzle.into_puzzle()?;
    let limit = if first { 1 } else { 2 };
    let answer = interruptible_within(py, limits, |budget| {
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
        guesses: answer.stats.guesses,
    })
}

/// Counts the solutions of a puzzle, all of them or up to `limit`, on `threads` threads, as
/// `sudokux count` does: `count`, and `complete` false when the limit stopped the count (a
/// lower bound). `timeout` (seconds) and `max_nodes` bound it as `--timeout` and
/// `--max-nodes` do: a count they stop is a lower bound with status `"unknown"`. Ctrl-C raises
/// KeyboardInterrupt within a fraction of a second.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = None, threads = 1, *, timeout = None, max_nodes = None))]
fn count(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    limit: Option<u128>,
    threads: usize,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<PyAnswer> {
    let limits = Limits::new(timeout, max_nodes)?;
    let puzzle = puzzle.into_puzzle()?;
    if limit == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "limit: at least 1 (None for no limit)",
        ));
    }
    let answer = interruptible_within(py, limits, |budget| {
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
        guesses: answer.stats.guesses,
    })
}

/// Says whether a puzzle has one solution, as `sudokux check --witness` does: status
/// `"unique"` (with `solution`), `"multiple"` (with two differing `solutions`) or `"none"`;
/// `"unknown"` when `timeout` (seconds) or `max_nodes` stopped the search first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, timeout = None, max_nodes = None))]
fn check(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<PyAnswer> {
    let limits = Limits::new(timeout, max_nodes)?;
    let puzzle = puzzle.into_puzzle()?;
    let answer = interruptible_within(py, limits, |budget| {
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
        guesses: answer.stats.guesses,
    })
}

/// The true candidates of a puzzle, as `sudokux candidates --json` gives them: the digits
/// each cell takes in at least one solution; status `"unknown"` when `timeout` (seconds) or
/// `max_nodes` stopped the searches first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, timeout = None, max_nodes = None))]
fn candidates(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<PyTrueCandidates> {
    let limits = Limits::new(timeout, max_nodes)?;
    let puzzle = puzzle.into_puzzle()?;
    let found = interruptible_within(py, limits, |budget| {
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
        guesses: found.stats.guesses,
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
            meta: Meta::default(),
        })
        .collect();
    PyList::new(py, puzzles)
}

/// Writes a puzzle in another format, as `sudokux convert PUZZLE --to TO` does, and returns
/// what it prints: `to="fpuzzles"` the f-puzzles JSON, `"url"` an f-puzzles link and a
/// SudokuPad link (a line each), `"toml"` a TOML puzzle file. What f-puzzles cannot say
/// (several grids, other symbols, windoku) raises `PuzzleError` naming it.
#[pyfunction]
fn convert(puzzle: PuzzleArg<'_>, to: &str) -> PyResult<String> {
    let puzzle = puzzle.into_puzzle()?;
    let file = puzzle.file();
    match to {
        "toml" => Ok(file_to_toml(&file)),
        "fpuzzles" => {
            let value = fpuzzles::to_json(&file).map_err(puzzle_error)?;
            Ok(fpuzzles::to_text(&value, true))
        }
        "url" => {
            let (load, sudokupad) = fpuzzles::links(&file).map_err(puzzle_error)?;
            Ok(format!("{load}\n{sudokupad}\n"))
        }
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "to: {other:?} is not a format: \"fpuzzles\", \"url\" or \"toml\""
        ))),
    }
}

/// Adds the puzzle class and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPuzzle>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(candidates, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
