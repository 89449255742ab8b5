//! `explain` and `hint`: a puzzle solved step by step in a solver's words, as `sudokux
//! explain` and `sudokux hint` do, after the exact-cover engine has proved it unique. The
//! results carry the command line's `--json` fields (`to_dict()` is that object) and print as
//! its text (`str()`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sudokux::sudoku::logic::{
    solve_logically, solve_with_guesses, unexplained, RuleIndex, State, Step, CUT_SHORT_NOTE,
};
use sudokux::sudoku::{Cell, Engine, Grid, Rules, Solver, Technique};

use crate::puzzle::{puzzle_error, PuzzleArg};
use crate::{interruptible_within, Limits};

/// Each empty cell's pencil marks, in reading order: (cell, digits).
type Marks = Vec<(String, Vec<String>)>;

/// One step: `technique` (its name, as `explain --json` writes it), `text` (the step in
/// words, `r3c6 = 4: hidden single in box 2`), `placements` and `eliminations` as
/// `(cell, digit)` pairs, the pattern's `units`, `cells` and `digits`, and `rules`, the rule
/// instances the step used as `(family, instance, words)` (`("thermometer", 2, "thermometer
/// 2")`, `("box", 6, "box 6")`; `to_dict()` writes them as `{family, instance, words}`).
#[pyclass(module = "sudokux", name = "Step", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct PyStep {
    pub technique: &'static str,
    pub text: String,
    pub placements: Vec<(String, String)>,
    pub eliminations: Vec<(String, String)>,
    pub units: Vec<String>,
    pub cells: Vec<String>,
    pub digits: Vec<String>,
    pub rules: Vec<(String, Option<usize>, String)>,
}

impl PyStep {
    fn of(rules: &Rules, index: &RuleIndex, step: &Step) -> PyStep {
        let symbols = rules.symbols();
        let pairs = |list: &[(Cell, u8)]| {
            list.iter()
                .map(|(cell, d)| (cell.to_string(), symbols.name(*d).to_string()))
                .collect()
        };
        PyStep {
            technique: step.technique.name(),
            text: step.describe(symbols),
            placements: pairs(&step.placements),
            eliminations: pairs(&step.eliminations),
            units: step.units.clone(),
            cells: step.cells.iter().map(ToString::to_string).collect(),
            digits: step
                .digits
                .iter()
                .map(|&d| symbols.name(d).to_string())
                .collect(),
            rules: index
                .rules_of(step)
                .into_iter()
                .map(|r| (r.family, r.instance, r.words))
                .collect(),
        }
    }
}

#[pymethods]
impl PyStep {
    /// The step as `explain --json` writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pairs = |list: &[(String, String)]| -> PyResult<Bound<'py, PyList>> {
            let items = list
                .iter()
                .map(|(cell, digit)| {
                    let pair = PyDict::new(py);
                    pair.set_item("cell", cell)?;
                    pair.set_item("digit", digit)?;
                    Ok(pair)
                })
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)
        };
        let dict = PyDict::new(py);
        dict.set_item("technique", self.technique)?;
        dict.set_item("text", &self.text)?;
        dict.set_item("placements", pairs(&self.placements)?)?;
        dict.set_item("eliminations", pairs(&self.eliminations)?)?;
        dict.set_item("units", &self.units)?;
        dict.set_item("cells", &self.cells)?;
        dict.set_item("digits", &self.digits)?;
        let rules = self
            .rules
            .iter()
            .map(|(family, instance, words)| {
                let rule = PyDict::new(py);
                rule.set_item("family", family)?;
                rule.set_item("instance", instance)?;
                rule.set_item("words", words)?;
                Ok(rule)
            })
            .collect::<PyResult<Vec<_>>>()?;
        dict.set_item("rules", rules)?;
        Ok(dict)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Step({:?})", self.text)
    }
}

fn marks_dict<'py>(py: Python<'py>, marks: &Marks) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (cell, digits) in marks {
        dict.set_item(cell, digits)?;
    }
    Ok(dict)
}

/// The pencil marks of every empty cell, as `explain --json` writes them.
fn marks(state: &State) -> Marks {
    let rules = state.rules();
    let symbols = rules.symbols();
    rules
        .cells()
        .iter()
        .filter(|&&p| state.value(p) == 0)
        .map(|&p| {
            let digits = (1..=rules.size() as u8)
                .filter(|&d| state.candidates(p) >> (d - 1) & 1 == 1)
                .map(|d| symbols.name(d).to_string())
                .collect();
            (rules.cell(p).to_string(), digits)
        })
        .collect()
}

/// A puzzle solved step by step, as `sudokux explain` gives it: `status` (`"solved"`,
/// `"stalled"`, or `"unknown"` when `timeout` or `max_nodes` stopped the proof that the puzzle
/// has one solution), `grade`, `hardest` and `hardest_steps`, `grade_exact` and
/// `unexplained` (the constraints the logic does not reason with), `steps` (a list of
/// `Step`), `solution` when solved, else `candidates` (each empty cell's digits where logic
/// stalled), and `start_candidates` with `candidates=True`. `str()` is the command's text;
/// `to_dict()` its `--json` object.
#[pyclass(module = "sudokux", name = "Explanation", frozen)]
pub struct PyExplanation {
    #[pyo3(get)]
    status: &'static str,
    #[pyo3(get)]
    grade: Option<String>,
    #[pyo3(get)]
    hardest: Option<&'static str>,
    #[pyo3(get)]
    hardest_steps: usize,
    #[pyo3(get)]
    grade_exact: bool,
    #[pyo3(get)]
    unexplained: Vec<String>,
    #[pyo3(get)]
    steps: Vec<PyStep>,
    #[pyo3(get)]
    solution: Option<String>,
    candidates: Option<Marks>,
    start_candidates: Option<Marks>,
    text: String,
}

#[pymethods]
impl PyExplanation {
    /// Each empty cell's digits where logic stalled (`None` when solved).
    #[getter]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.candidates
            .as_ref()
            .map(|m| marks_dict(py, m))
            .transpose()
    }

    /// Each empty cell's digits before the first step (with `candidates=True`).
    #[getter]
    fn start_candidates<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.start_candidates
            .as_ref()
            .map(|m| marks_dict(py, m))
            .transpose()
    }

    /// The `explain --json` object.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("status", self.status)?;
        if self.status == "unknown" {
            return Ok(dict);
        }
        dict.set_item("grade", &self.grade)?;
        dict.set_item("hardest", self.hardest)?;
        dict.set_item("hardest_steps", self.hardest_steps)?;
        dict.set_item("grade_exact", self.grade_exact)?;
        dict.set_item("unexplained", &self.unexplained)?;
        let steps = self
            .steps
            .iter()
            .map(|s| s.to_dict(py))
            .collect::<PyResult<Vec<_>>>()?;
        dict.set_item("steps", steps)?;
        match (&self.solution, &self.candidates) {
            (Some(solution), _) => dict.set_item("solution", solution)?,
            (None, Some(marks)) => dict.set_item("candidates", marks_dict(py, marks)?)?,
            (None, None) => {}
        }
        if let Some(marks) = &self.start_candidates {
            dict.set_item("start_candidates", marks_dict(py, marks)?)?;
        }
        Ok(dict)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Explanation(status={:?}, grade={}, steps={})",
            self.status,
            self.grade
                .as_ref()
                .map_or("None".to_string(), |g| format!("{g:?}")),
            self.steps.len()
        )
    }
}

/// The next step of a puzzle, as `sudokux hint` gives it: `status` (`"step"`, `"guess"`,
/// `"stalled"`, `"solved"`, or `"unknown"` when `timeout` or `max_nodes` stopped the proof
/// that the puzzle has one solution), `step` (a `Step`, or `None`), `unexplained`,
/// `proved_unique` (whether the search proved the puzzle unique: without limits it has 40 ms,
/// as `sudokux hint`, and the hint holds for every solution either way), and
/// `candidates` (each empty cell's digits) with `candidates=True`. `str()` is the command's
/// text; `to_dict()` its `--json` object.
#[pyclass(module = "sudokux", name = "Hint", frozen)]
pub struct PyHint {
    #[pyo3(get)]
    status: &'static str,
    #[pyo3(get)]
    step: Option<PyStep>,
    #[pyo3(get)]
    unexplained: Vec<String>,
    #[pyo3(get)]
    proved_unique: bool,
    /// Whether every technique was tried to the end: false when the contradiction chains
    /// were cut short at `sudoku::logic::HINT_WORK` without a step.
    #[pyo3(get)]
    complete: bool,
    candidates: Option<Marks>,
    text: String,
}

#[pymethods]
impl PyHint {
    /// Each empty cell's digits (with `candidates=True`).
    #[getter]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.candidates
            .as_ref()
            .map(|m| marks_dict(py, m))
            .transpose()
    }

    /// The `hint --json` object.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("status", self.status)?;
        if self.status == "unknown" {
            return Ok(dict);
        }
        dict.set_item(
            "step",
            self.step.as_ref().map(|s| s.to_dict(py)).transpose()?,
        )?;
        dict.set_item("unexplained", &self.unexplained)?;
        dict.set_item("proved_unique", self.proved_unique)?;
        dict.set_item("complete", self.complete)?;
        if let Some(marks) = &self.candidates {
            dict.set_item("candidates", marks_dict(py, marks)?)?;
        }
        Ok(dict)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        match &self.step {
            Some(step) => format!("Hint(status={:?}, step={:?})", self.status, step.text),
            None => format!("Hint(status={:?})", self.status),
        }
    }
}

/// How long `hint` searches for the proof of uniqueness without `timeout` or `max_nodes`, as
/// `sudokux hint` (a hint must come at once; every step holds for every solution).
const HINT_PROOF: std::time::Duration = std::time::Duration::from_millis(40);

/// What the search proved of a puzzle that has a solution.
enum Proof {
    /// Its one solution, proved the only one.
    Unique(Grid),
    /// The limits stopped the proof: the solution found by then, if any.
    NotProved(Option<Grid>),
}

/// The unique solution of a puzzle, proved as `explain` and `hint` prove it: `None` when the
/// limits stopped the proof; a `PuzzleError` with the command line's words when the puzzle
/// has no solution or several.
fn unique_solution(
    py: Python<'_>,
    rules: &Rules,
    givens: &Grid,
    limits: Limits,
) -> PyResult<Option<Grid>> {
    Ok(match prove(py, rules, givens, limits)? {
        Proof::Unique(solution) => Some(solution),
        Proof::NotProved(_) => None,
    })
}

/// What the search finds of a puzzle's solutions within `limits`: its one solution, or
/// [`Proof::NotProved`]; a `PuzzleError` when it finds none or two.
fn prove(py: Python<'_>, rules: &Rules, givens: &Grid, limits: Limits) -> PyResult<Proof> {
    let answer = interruptible_within(py, limits, |budget| {
        Solver::new(rules.clone()).enumerate_bounded(givens, Some(2), 2, budget)
    })?
    .map_err(puzzle_error)?;
    let cut_short = answer.cut_short(Some(2));
    let mut solutions = answer.solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (found, None) if cut_short => Ok(Proof::NotProved(found)),
        (Some(solution), None) => Ok(Proof::Unique(solution)),
        (None, _) => {
            let why = py.detach(|| why_no_solution(rules, givens));
            Err(puzzle_error(format!("the puzzle has no solution{why}")))
        }
        (Some(_), Some(_)) => Err(puzzle_error(
            "the puzzle has several solutions; logic needs a unique one",
        )),
    }
}

/// Where a puzzle without solution goes wrong, as the command line says it: an empty cell no
/// digit fits, else the givens without any one of which the puzzle has a solution.
fn why_no_solution(rules: &Rules, givens: &Grid) -> String {
    let cols = rules.cols();
    if let Ok(state) = State::new(rules, givens) {
        let empty = rules
            .cells()
            .iter()
            .find(|&&p| state.value(p) == 0 && state.candidates(p) == 0);
        if let Some(&p) = empty {
            return format!(
                ": no digit fits {}, the givens it sees rule out each one",
                Cell::from_index(p, cols)
            );
        }
    }
    let mut solver = Solver::new(rules.clone());
    let suspects: Vec<String> = (0..givens.cells().len())
        .filter(|&p| givens.cells()[p] != 0)
        .take(400)
        .filter(|&p| {
            let mut without = givens.clone();
            without.set(p / cols, p % cols, 0);
            solver
                .solve_first(&without)
                .is_ok_and(|(found, _)| found.is_some())
        })
        .map(|p| {
            format!(
                "{} = {}",
                Cell::from_index(p, cols),
                rules.symbols().name(givens.cells()[p])
            )
        })
        .collect();
    match suspects.as_slice() {
        [] => String::new(),
        [one] => format!(": without the given {one} it has one, so that given is likely wrong"),
        many => format!(
            ": without any one of the givens {} it has some, so one of them is likely wrong",
            many.join(", ")
        ),
    }
}

/// The note naming the constraints the logic leaves out, as the command line writes it.
fn unexplained_note(names: &[String], what: &str) -> String {
    if names.is_empty() {
        return String::new();
    }
    format!(
        "note: the {what} not use {} (not yet understood by the logic)\n",
        names.join(", ")
    )
}

/// What the limits say when they stop the proof of uniqueness.
fn stopped(limits: Limits) -> String {
    let mut flags = Vec::new();
    if let Some(time) = limits.timeout {
        flags.push(format!("timeout={}", time.as_secs_f64()));
    }
    if let Some(nodes) = limits.max_nodes {
        flags.push(format!("max_nodes={nodes}"));
    }
    format!(
        "{} stopped the search before it proved the puzzle has one solution; logic needs a \
         unique one\n",
        flags.join(" or ")
    )
}

/// Solves a puzzle step by step as a person would, as `sudokux explain` does, and grades it;
/// with `guess=True` goes on past a stall with labelled guesses, with `candidates=True` adds
/// the pencil marks at the start. The puzzle (anything `Puzzle()` reads) must have exactly
/// one solution: `PuzzleError` otherwise, with the command line's words (for none, where it
/// goes wrong). `timeout` (seconds) and `max_nodes` bound that proof (status `"unknown"`).
#[pyfunction]
#[pyo3(signature = (puzzle, *, guess = false, candidates = false, timeout = None, max_nodes = None))]
pub fn explain(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    guess: bool,
    candidates: bool,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<PyExplanation> {
    let limits = Limits::new(timeout, max_nodes)?;
    let puzzle = puzzle.into_puzzle()?;
    let (rules, givens) = (&puzzle.rules, &puzzle.givens);
    let Some(solution) = unique_solution(py, rules, givens, limits)? else {
        return Ok(PyExplanation {
            status: "unknown",
            grade: None,
            hardest: None,
            hardest_steps: 0,
            grade_exact: false,
            unexplained: unexplained(rules),
            steps: Vec::new(),
            solution: None,
            candidates: None,
            start_candidates: None,
            text: stopped(limits),
        });
    };
    py.detach(|| {
        let start = State::new(rules, givens).map_err(puzzle_error)?;
        let explanation = if guess {
            solve_with_guesses(rules, givens, &solution)
        } else {
            solve_logically(rules, givens)
        }
        .map_err(puzzle_error)?;
        let solved = explanation.solved();
        let hardest = explanation.hardest();
        let grade = explanation.grade();
        let mut text = String::new();
        if candidates {
            text.push_str("candidates:\n");
            text.push_str(&start.pencil_marks());
        }
        text.push_str(&unexplained_note(
            &explanation.unexplained,
            "steps below do",
        ));
        for (k, step) in explanation.steps.iter().enumerate() {
            text.push_str(&format!("{}. {}\n", k + 1, step.describe(rules.symbols())));
        }
        if !solved {
            text.push_str(&format!(
                "stalled after {} steps: no technique applies; the candidates:\n",
                explanation.steps.len()
            ));
            text.push_str(&explanation.end.pencil_marks());
        }
        let guesses = explanation
            .steps
            .iter()
            .filter(|s| s.technique == Technique::Guess)
            .count();
        let detail = match (hardest, guesses) {
            (_, g) if g > 0 => format!(" ({g} guess{})", if g == 1 { "" } else { "es" }),
            _ if !solved => String::new(),
            (Some((technique, count)), _) => format!(
                " (hardest: {technique}, {count} step{})",
                if count == 1 { "" } else { "s" }
            ),
            (None, _) => " (nothing to do)".to_string(),
        };
        let detail = if explanation.grade_is_exact() {
            detail
        } else {
            format!(
                " (logic stalls without {}: reasoning with them may need less)",
                explanation.unexplained.join(", ")
            )
        };
        text.push_str(&format!("grade: {grade}{detail}\n"));
        let solution = solved.then(|| rules.format_line(&explanation.end.grid()));
        if let Some(line) = &solution {
            text.push_str(line);
            text.push('\n');
        }
        Ok(PyExplanation {
            status: if solved { "solved" } else { "stalled" },
            grade: Some(grade.to_string()),
            hardest: hardest.map(|(t, _)| t.name()),
            hardest_steps: hardest.map_or(0, |(_, count)| count),
            grade_exact: explanation.grade_is_exact(),
            steps: {
                let index = RuleIndex::new(&start);
                explanation
                    .steps
                    .iter()
                    .map(|s| PyStep::of(rules, &index, s))
                    .collect()
            },
            candidates: (!solved).then(|| marks(&explanation.end)),
            start_candidates: candidates.then(|| marks(&start)),
            unexplained: explanation.unexplained,
            solution,
            text,
        })
    })
}

/// The next step of a puzzle, as `sudokux hint` gives it: the easiest technique that applies;
/// with `guess=True` a labelled guess when none does; with `candidates=True` the pencil marks
/// too. A puzzle found to have no solution or several is refused, as for `explain`; without
/// `timeout` or `max_nodes` the proof of uniqueness gets 40 ms, after which the hint comes all
/// the same (`proved_unique` false).
#[pyfunction]
#[pyo3(signature = (puzzle, *, guess = false, candidates = false, timeout = None, max_nodes = None))]
pub fn hint(
    py: Python<'_>,
    puzzle: PuzzleArg<'_>,
    guess: bool,
    candidates: bool,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<PyHint> {
    let limits = Limits::new(timeout, max_nodes)?;
    let puzzle = puzzle.into_puzzle()?;
    let (rules, givens) = (&puzzle.rules, &puzzle.givens);
    let left_out = unexplained(rules);
    // Without limits, uniqueness is proved only as far as `HINT_PROOF` goes.
    let given = limits.timeout.is_some() || limits.max_nodes.is_some();
    let proof = match given {
        true => prove(py, rules, givens, limits)?,
        false => prove(
            py,
            rules,
            givens,
            Limits::new(Some(HINT_PROOF.as_secs_f64()), None)?,
        )?,
    };
    let solution = match &proof {
        Proof::NotProved(_) if given => {
            return Ok(PyHint {
                status: "unknown",
                step: None,
                unexplained: left_out,
                proved_unique: false,
                complete: false,
                candidates: None,
                text: stopped(limits),
            })
        }
        Proof::Unique(solution) | Proof::NotProved(Some(solution)) => Some(solution.clone()),
        Proof::NotProved(None) => None,
    };
    let proved_unique = matches!(proof, Proof::Unique(_));
    // A guess without a solution found searches for one (interruptible, without limit).
    let needs_search = guess && solution.is_none();
    let solution = match needs_search {
        true => interruptible_within(py, limits, |budget| {
            Solver::new(rules.clone()).enumerate_bounded(givens, Some(1), 1, budget)
        })?
        .map_err(puzzle_error)?
        .solutions
        .into_iter()
        .next(),
        false => solution,
    };
    py.detach(|| {
        let state = State::new(rules, givens).map_err(puzzle_error)?;
        // As `sudokux hint`: the contradiction chains are searched within `HINT_WORK`.
        let (found, complete) = state.hint_step();
        let (step, status) = if state.is_solved() {
            (None, "solved")
        } else if let Some(step) = found {
            (Some(step), "step")
        } else if guess {
            match solution.as_ref().and_then(|solution| state.guess(solution)) {
                Some(step) => (Some(step), "guess"),
                None => (None, "stalled"),
            }
        } else {
            (None, "stalled")
        };
        let mut text = String::new();
        if candidates {
            text.push_str(&state.pencil_marks());
        }
        if !proved_unique {
            text.push_str(&format!(
                "note: the search did not prove within {} ms that the puzzle has one solution \
                 (`sudokux check` does); the hint holds for every solution\n",
                HINT_PROOF.as_millis()
            ));
        }
        text.push_str(&unexplained_note(&left_out, "hint below does"));
        if !complete {
            text.push_str(CUT_SHORT_NOTE);
        }
        match (&step, status) {
            (Some(step), _) => text.push_str(&step.describe(rules.symbols())),
            (None, "solved") => text.push_str("the grid is full: nothing left to do"),
            (None, _) if !complete => {
                text.push_str("no step found within the hint's bound (--guess for a guess)")
            }
            (None, _) => {
                text.push_str("no technique applies: logic stalls here (--guess for a guess)")
            }
        }
        text.push('\n');
        Ok(PyHint {
            status,
            step: step
                .as_ref()
                .map(|s| PyStep::of(rules, &RuleIndex::new(&state), s)),
            unexplained: left_out,
            proved_unique,
            complete,
            candidates: candidates.then(|| marks(&state)),
            text,
        })
    })
}

/// Adds the logic classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyStep>()?;
    m.add_class::<PyExplanation>()?;
    m.add_class::<PyHint>()?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    Ok(())
}
