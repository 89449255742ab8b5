//! `ExactCover`: an exact-cover problem by item names (primary, secondary, colors), read from
//! or written to Knuth's format, searched with dancing links; its solutions as a lazy iterator,
//! its count, and the shards of a count.

use std::ops::ControlFlow;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyRuntimeError, PyStopIteration, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use sudokux::xc::knuth::{read, KnuthError};
use sudokux::xc::{Budget, CountOptions, Dlx, OptionId, Watch};

use crate::results::PyCount;
use crate::{interruptible, interruptible_within, take_stop, Limits, ProblemError, SIGNAL_EVERY};

/// Solutions a lazy iterator may find ahead of the ones asked for.
const LOOKAHEAD: usize = 64;

/// An exact-cover problem: choose options (sets of items) so that every primary item is
/// covered exactly once and every secondary item at most once (secondary items with a color,
/// `item:color`, may be shared by options that give them the same color).
///
/// `ExactCover(primary, secondary=(), options=())` takes item names (printable, without
/// whitespace, `:` or `|`) and options as lists of item names, each secondary one with an
/// optional `:color`; `ExactCover.from_knuth(text)` reads Knuth's format, as `sudokux xc`
/// does. Options are numbered from 0 in the order given; solutions are lists of those
/// numbers (or of the options' labels, their item lists as written).
#[pyclass(module = "sudokux", name = "ExactCover", frozen)]
pub struct PyExactCover {
    /// The problem in Knuth's format: what pickling, `to_knuth` and the shards carry.
    knuth: String,
    /// Every option's label: its line in Knuth's format.
    labels: Arc<Vec<String>>,
    primary: usize,
    secondary: usize,
    /// The matrix; searches lock it (a lazy iterator searches a copy of its own).
    dlx: Mutex<Dlx>,
}

/// Whether a name can be written in Knuth's format as one item.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && c != ':' && c != '|')
}

/// A Knuth error where the constructor's caller sees it: the items, or option `k`.
fn constructor_error(error: &KnuthError) -> PyErr {
    let at = match error.line {
        1 => "items".to_string(),
        line => format!("option {}", line - 2),
    };
    ProblemError::new_err(format!("{at}: {}", error.kind))
}

impl PyExactCover {
    fn from_text(knuth: String) -> Result<PyExactCover, KnuthError> {
        let problem = read(knuth.as_bytes())?;
        let (primary, secondary) = (problem.primary, problem.secondary);
        let mut solver = problem.solver;
        let labels = Arc::new(solver.options().to_vec());
        let dlx = solver.parts().0.clone();
        Ok(PyExactCover {
            knuth,
            labels,
            primary,
            secondary,
            dlx: Mutex::new(dlx),
        })
    }

    fn dlx(&self) -> MutexGuard<'_, Dlx> {
        // A search that panicked leaves the matrix as it was (uncovering is exact).
        self.dlx
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn choices(&self, options: &[OptionId], py: Python<'_>, labels: bool) -> PyResult<Py<PyAny>> {
        Ok(if labels {
            let names: Vec<&str> = options
                .iter()
                .map(|o| self.labels[o.index()].as_str())
                .collect();
            names.into_pyobject(py)?.into_any().unbind()
        } else {
            let numbers: Vec<u32> = options.iter().map(|o| o.0).collect();
            numbers.into_pyobject(py)?.into_any().unbind()
        })
    }
}

#[pymethods]
impl PyExactCover {
    #[new]
    #[pyo3(signature = (primary, secondary = Vec::new(), options = Vec::new()))]
    fn new(
        primary: Vec<String>,
        secondary: Vec<String>,
        options: Vec<Vec<String>>,
    ) -> PyResult<PyExactCover> {
        for name in primary.iter().chain(&secondary) {
            if !valid_name(name) {
                return Err(ProblemError::new_err(format!(
                    "item {name:?}: a name is printable characters other than whitespace, : and |"
                )));
            }
        }
        let mut knuth = primary.join(" ");
        if !secondary.is_empty() {
            knuth.push_str(" | ");
            knuth.push_str(&secondary.join(" "));
        }
        knuth.push('\n');
        for (k, option) in options.iter().enumerate() {
            if option.is_empty() {
                return Err(ProblemError::new_err(format!("option {k} is empty")));
            }
            for entry in option {
                let (name, color) = entry.split_once(':').unwrap_or((entry, "x"));
                if !valid_name(name) || !valid_name(color) {
                    return Err(ProblemError::new_err(format!(
                        "option {k}: {entry:?} is not an item name with an optional :color"
                    )));
                }
            }
            knuth.push_str(&option.join(" "));
            knuth.push('\n');
        }
        PyExactCover::from_text(knuth).map_err(|e| constructor_error(&e))
    }

    /// Reads a problem in Knuth's format (as his DLX1/DLX2 and `sudokux xc` read it): the
    /// first line lists the primary items, then `|` and the secondary ones; every other line
    /// is an option. Raises `ProblemError` naming the line.
    #[staticmethod]
    fn from_knuth(text: String) -> PyResult<PyExactCover> {
        PyExactCover::from_text(text).map_err(|e| ProblemError::new_err(e.to_string()))
    }

    /// The problem in Knuth's format.
    fn to_knuth(&self) -> String {
        self.knuth.clone()
    }

    /// The options' labels, in order: each option's items as written.
    #[getter]
    fn options(&self) -> Vec<String> {
        self.labels.to_vec()
    }

    /// Number of primary items.
    #[getter]
    fn primary_count(&self) -> usize {
        self.primary
    }

    /// Number of secondary items.
    #[getter]
    fn secondary_count(&self) -> usize {
        self.secondary
    }

    fn __len__(&self) -> usize {
        self.labels.len()
    }

    /// Every solution, lazily: an iterator of lists of option numbers (of labels with
    /// `labels=True`), up to `limit` of them. The search runs ahead on a thread of its own by
    /// at most a few solutions, the GIL released; Ctrl-C while waiting raises KeyboardInterrupt.
    #[pyo3(signature = (limit = None, labels = false))]
    fn solutions(&self, limit: Option<u128>, labels: bool) -> PySolutions {
        let mut dlx = self.dlx().clone();
        let stop = take_stop();
        let (sender, receiver) = sync_channel::<Vec<OptionId>>(LOOKAHEAD);
        let worker = std::thread::spawn(move || {
            if limit == Some(0) {
                return;
            }
            let mut found: u128 = 0;
            let mut search = dlx.search();
            search.bound(Budget {
                stop: Some(stop),
                ..Budget::UNLIMITED
            });
            search.visit(&mut |solution: &[OptionId]| {
                found += 1;
                let sent = sender.send(solution.to_vec());
                if sent.is_err() || Some(found) == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        });
        PySolutions {
            problem: PyExactCoverRef {
                knuth_labels: Arc::clone(&self.labels),
            },
            labels,
            receiver: Mutex::new(Some(receiver)),
            worker: Mutex::new(Some(worker)),
            stop,
        }
    }

    /// The first solution found (option numbers, or labels with `labels=True`), or `None`
    /// (also when `timeout`, in seconds, or `max_nodes` stopped the search first).
    #[pyo3(signature = (labels = false, *, timeout = None, max_nodes = None))]
    fn first(
        &self,
        py: Python<'_>,
        labels: bool,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let limits = Limits::new(timeout, max_nodes)?;
        let found = interruptible_within(py, limits, |budget| {
            let mut dlx = self.dlx();
            let mut search = dlx.search();
            search.bound(budget);
            search.next_solution().map(<[OptionId]>::to_vec)
        })?;
        found
            .map(|options| self.choices(&options, py, labels))
            .transpose()
    }

    /// Counts the solutions, all or up to `limit`, on `threads` threads (subtrees of the
    /// search shared among them), as `sudokux xc --count --json` says them: `count`, and
    /// `complete` false when the limit stopped it (a lower bound). Ctrl-C raises
    /// KeyboardInterrupt within a fraction of a second. `timeout` (seconds) and `max_nodes`
    /// bound the search as `xc --timeout` and `--max-nodes` do: a count they stop is a lower
    /// bound with status `"unknown"`.
    #[pyo3(signature = (limit = None, threads = 1, *, timeout = None, max_nodes = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u128>,
        threads: usize,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<PyCount> {
        let limits = Limits::new(timeout, max_nodes)?;
        if limit == Some(0) {
            return Err(PyValueError::new_err(
                "limit: at least 1 (None for no limit)",
            ));
        }
        interruptible_within(py, limits, |budget| {
            let count = self.dlx().count(
                CountOptions::new()
                    .limit(limit)
                    .threads(threads.max(1))
                    .budget(budget),
            );
            // Not complete, and not for the limit's sake: the budget stopped it.
            let stopped = !count.complete && limit.is_none_or(|l| count.count < l);
            PyCount::of(&count, stopped)
        })
    }

    /// The shards of a count at split depth `depth`: every list of options the search fixes
    /// first (option numbers), disjoint, covering every solution; their counts by
    /// `count_shard` add up to the count (what `sudokux xc --split` writes).
    fn split(&self, py: Python<'_>, depth: usize) -> PyResult<Vec<Vec<u32>>> {
        let shards = interruptible(py, |_| self.dlx().shards(depth))?;
        Ok(shards
            .choices
            .iter()
            .map(|shard| shard.iter().map(|o| o.0).collect())
            .collect())
    }

    /// Counts the solutions in one shard made by `split` (what `sudokux xc --count-shard`
    /// does). Raises `ProblemError` when the shard does not fit this problem.
    fn count_shard(&self, py: Python<'_>, choices: Vec<u32>) -> PyResult<PyCount> {
        let choices: Vec<OptionId> = choices.into_iter().map(OptionId).collect();
        let (count, stopped) = interruptible(py, |budget| {
            let count = self
                .dlx()
                .count_shard(&choices, CountOptions::new().budget(budget));
            (count, budget.stop.is_some_and(Watch::stop_requested))
        })?;
        let count = count.map_err(|e| {
            ProblemError::new_err(format!("the shard does not fit its problem: {e}"))
        })?;
        Ok(PyCount::of(&count, stopped))
    }

    fn __repr__(&self) -> String {
        format!(
            "ExactCover(primary_count={}, secondary_count={}, options={})",
            self.primary,
            self.secondary,
            self.labels.len()
        )
    }

    /// Pickled as its text in Knuth's format (for Dask and multiprocessing).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_knuth = py.get_type::<PyExactCover>().getattr("from_knuth")?;
        let text = slf.get().to_knuth();
        PyTuple::new(py, [from_knuth, PyTuple::new(py, [text])?.into_any()])
    }
}

/// What a solutions iterator keeps of its problem: the option labels.
struct PyExactCoverRef {
    knuth_labels: Arc<Vec<String>>,
}

/// A lazy iterator over the solutions of an `ExactCover` (see `ExactCover.solutions`).
#[pyclass(module = "sudokux", name = "Solutions")]
pub struct PySolutions {
    problem: PyExactCoverRef,
    labels: bool,
    /// Solutions from the search's thread; `None` once it has finished.
    receiver: Mutex<Option<Receiver<Vec<OptionId>>>>,
    worker: Mutex<Option<JoinHandle<()>>>,
    /// The search's stop request, made when the iterator is dropped before the end.
    stop: &'static Watch,
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        // Another thread waiting on this iterator holds the lock without the GIL: waiting for
        // it here, with the GIL, could deadlock.
        let mut receiver = match self.receiver.try_lock() {
            Ok(receiver) => receiver,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err(
                    "the solutions iterator is in use by another thread",
                ))
            }
        };
        let Some(mut channel) = receiver.take() else {
            return Err(PyStopIteration::new_err(()));
        };
        loop {
            // The receiver goes with the wait (it may not be shared), and comes back.
            let (back, next) = py.detach(move || {
                let next = channel.recv_timeout(SIGNAL_EVERY);
                (channel, next)
            });
            channel = back;
            match next {
                Ok(options) => {
                    *receiver = Some(channel);
                    return Ok(if self.labels {
                        let names: Vec<&str> = options
                            .iter()
                            .map(|o| self.problem.knuth_labels[o.index()].as_str())
                            .collect();
                        names.into_pyobject(py)?.into_any().unbind()
                    } else {
                        let numbers: Vec<u32> = options.iter().map(|o| o.0).collect();
                        numbers.into_pyobject(py)?.into_any().unbind()
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(error) = py.check_signals() {
                        *receiver = Some(channel);
                        return Err(error);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.finish(py);
                    return Err(PyStopIteration::new_err(()));
                }
            }
        }
    }
}

impl PySolutions {
    /// Waits for the search's thread (it has finished or been asked to stop).
    fn finish(&self, py: Python<'_>) {
        let worker = self
            .worker
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(worker) = worker {
            let _ = py.detach(|| worker.join());
        }
    }
}

impl Drop for PySolutions {
    fn drop(&mut self) {
        // A search still running is told to stop (and drops out at its next look or when it
        // next finds the channel closed); its thread is not waited for.
        let running = self
            .worker
            .get_mut()
            .map(|w| w.as_ref().is_some_and(|w| !w.is_finished()))
            .unwrap_or(false);
        if running {
            self.stop.stop();
        } else if !self.stop.stop_requested() {
            crate::give_back(self.stop);
        }
    }
}

/// Adds the exact-cover classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyExactCover>()?;
    m.add_class::<PySolutions>()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::valid_name;

    #[test]
    fn names_are_what_knuths_format_can_write() {
        assert!(valid_name("r1c2"));
        assert!(!valid_name("a b"));
        assert!(!valid_name("a:b"));
        assert!(!valid_name(""));
    }
}
