//! What searches answer, as small read-only Python objects whose attributes have the names
//! and meanings of the command line's JSON fields (`status`, `solution`, `solutions`, `count`,
//! `complete`, `nodes`, `updates`, and `guesses` as `--stats` adds it). A field the command
//! line leaves out is `None` here; `to_dict` gives the fields of the JSON without `--stats`.

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// What `solve`, `count` and `check` answer for a puzzle.
///
/// `status` is `"unique"`, `"multiple"` or `"none"` (`"solved"` for `solve(first=True)`, or a
/// count), or `"unknown"` when the search was stopped before it could tell; `solution` the
/// (first) solution as a puzzle line; `solutions` two solutions that differ (`check` of a
/// puzzle with several); `count` the solutions counted and `complete` whether that count is
/// exact (`False`: a lower bound, stopped by the limit); `nodes` and `updates` the work done.
#[pyclass(module = "sudokux", name = "Answer", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct PyAnswer {
    pub status: &'static str,
    pub solution: Option<String>,
    pub solutions: Option<(String, String)>,
    pub count: Option<u128>,
    pub complete: Option<bool>,
    pub nodes: u64,
    pub updates: u64,
    /// Nodes whose option was one of two or more: the search's real choices (`guesses` of
    /// `check --json --stats`; 0 for counts that run on bit sets).
    pub guesses: u64,
}

#[pymethods]
impl PyAnswer {
    fn __repr__(&self) -> String {
        let mut fields = vec![format!("status={:?}", self.status)];
        if let Some(solution) = &self.solution {
            fields.push(format!("solution={solution:?}"));
        }
        if let Some((a, b)) = &self.solutions {
            fields.push(format!("solutions=({a:?}, {b:?})"));
        }
        if let Some(count) = self.count {
            fields.push(format!("count={count}"));
        }
        if let Some(complete) = self.complete {
            fields.push(format!(
                "complete={}",
                if complete { "True" } else { "False" }
            ));
        }
        fields.push(format!("nodes={}", self.nodes));
        fields.push(format!("updates={}", self.updates));
        format!("Answer({})", fields.join(", "))
    }

    /// The fields that are set, as a dict: the command line's JSON object for the puzzle.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("status", self.status)?;
        if let Some(solution) = &self.solution {
            dict.set_item("solution", solution)?;
        }
        if let Some((a, b)) = &self.solutions {
            dict.set_item("solutions", vec![a, b])?;
        }
        if let Some(count) = self.count {
            dict.set_item("count", count)?;
        }
        if let Some(complete) = self.complete {
            dict.set_item("complete", complete)?;
        }
        dict.set_item("nodes", self.nodes)?;
        dict.set_item("updates", self.updates)?;
        Ok(dict)
    }
}

/// A count of solutions: of an exact-cover problem (as `sudokux xc --count --json` says it),
/// or of one shard of a count (as `--count-shard` does).
///
/// `count` is exact when `complete` is true, else a lower bound (a limit stopped it);
/// `status` is `"solved"` (solutions found), `"none"`, or `"unknown"` (`timeout` or
/// `max_nodes` stopped the search, as `sudokux xc --json` says it);
/// `nodes` and `updates` the work done.
#[pyclass(module = "sudokux", name = "Count", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct PyCount {
    pub status: &'static str,
    pub count: u128,
    pub complete: bool,
    pub nodes: u64,
    pub updates: u64,
    /// Nodes whose option was one of two or more: the search's real choices (`guesses` of
    /// `check --json --stats`; 0 for counts that run on bit sets).
    pub guesses: u64,
}

impl PyCount {
    /// The count as the command line reports it; `stopped`: a budget (time, nodes, Ctrl-C)
    /// stopped the search before it could finish.
    pub fn of(count: &sudokux::xc::Count, stopped: bool) -> PyCount {
        PyCount {
            status: match (count.count, stopped) {
                (_, true) => "unknown",
                (0, false) => "none",
                _ => "solved",
            },
            count: count.count,
            complete: count.complete,
            nodes: count.stats.nodes,
            updates: count.stats.updates,
            guesses: count.stats.guesses,
        }
    }
}

#[pymethods]
impl PyCount {
    fn __repr__(&self) -> String {
        format!(
            "Count(status={:?}, count={}, complete={}, nodes={}, updates={})",
            self.status,
            self.count,
            if self.complete { "True" } else { "False" },
            self.nodes,
            self.updates
        )
    }

    /// The fields as a dict: the command line's JSON summary.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("status", self.status)?;
        dict.set_item("count", self.count)?;
        dict.set_item("complete", self.complete)?;
        dict.set_item("nodes", self.nodes)?;
        dict.set_item("updates", self.updates)?;
        Ok(dict)
    }
}

/// The true candidates of a puzzle: the digits each cell takes in some solution, as
/// `sudokux candidates --json` says them.
///
/// `candidates` lists, cell by cell in reading order, each cell's digits (numbers from 1);
/// `settled` counts the cells with one candidate that are not givens; `status` is `"ok"`,
/// `"none"` (no solution) or `"unknown"`; `complete` whether every candidate was decided.
#[pyclass(module = "sudokux", name = "TrueCandidates", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct PyTrueCandidates {
    pub status: &'static str,
    pub candidates: Vec<Vec<u32>>,
    pub settled: usize,
    pub complete: bool,
    pub nodes: u64,
    pub updates: u64,
    /// Nodes whose option was one of two or more: the search's real choices (`guesses` of
    /// `check --json --stats`; 0 for counts that run on bit sets).
    pub guesses: u64,
}

#[pymethods]
impl PyTrueCandidates {
    fn __repr__(&self) -> String {
        format!(
            "TrueCandidates(status={:?}, settled={}, complete={}, nodes={}, cells={})",
            self.status,
            self.settled,
            if self.complete { "True" } else { "False" },
            self.nodes,
            self.candidates.len()
        )
    }
}

/// Adds the result classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAnswer>()?;
    m.add_class::<PyCount>()?;
    m.add_class::<PyTrueCandidates>()?;
    Ok(())
}
