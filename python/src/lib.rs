//! `sudokux._native`: the compiled half of the Python package `sudokux`.
//!
//! - `lib.rs`: the module, its exceptions, and [`interruptible`], which runs every search on
//!   a thread of its own with the GIL released while this one watches for Ctrl-C;
//! - `results.rs`: the small result objects, named as the command line's JSON fields;
//! - `puzzle.rs`: puzzles (`Puzzle`, `solve`, `count`, `check`, `candidates`, `generate`,
//!   `convert`), read by `read.rs` from whatever the command line reads;
//! - `logic.rs`: `explain` and `hint`, step by step in a solver's words;
//! - `picture.rs`: `render`, SVG or PNG, and the picture a notebook shows;
//! - `exact_cover.rs`: `ExactCover`, exact cover by item names, and its lazy solutions.
//!
//! The Python side (`sudokux/__init__.py`, `sudokux/distributed/`) re-exports these and adds
//! counting across a Dask cluster.

use std::sync::Mutex;
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokux::xc::{Budget, Watch};

mod exact_cover;
mod logic;
mod picture;
mod puzzle;
mod read;
mod results;

create_exception!(
    sudokux,
    PuzzleError,
    PyValueError,
    "A puzzle that cannot be read or breaks its rules; the message says where (line, cell), as the command line's does."
);
create_exception!(
    sudokux,
    ProblemError,
    PyValueError,
    "An exact-cover problem that cannot be built or read; the message says where (option, line)."
);

/// How often a running search looks for Ctrl-C, at most.
pub(crate) const SIGNAL_EVERY: Duration = Duration::from_millis(50);

/// Stop requests handed to searches as their budget's `stop`, which must live for ever: they
/// are reused, so that each search costs no new allocation; one that was used to stop a search
/// is dropped from the pool (leaked: one per Ctrl-C).
static STOPS: Mutex<Vec<&'static Watch>> = Mutex::new(Vec::new());

pub(crate) fn take_stop() -> &'static Watch {
    let reused = STOPS.lock().ok().and_then(|mut pool| pool.pop());
    reused.unwrap_or_else(|| Box::leak(Box::new(Watch::new())))
}

pub(crate) fn give_back(stop: &'static Watch) {
    if !stop.stop_requested() {
        if let Ok(mut pool) = STOPS.lock() {
            pool.push(stop);
        }
    }
}

/// The bounds a caller puts on a search, as the command line's `--timeout` and `--max-nodes`:
/// `timeout` in seconds (fractions allowed), `max_nodes` options tried.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Limits {
    pub timeout: Option<Duration>,
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// The limits of the keyword arguments `timeout=` and `max_nodes=`; a timeout that is
    /// negative or not a number is a `ValueError`.
    pub fn new(timeout: Option<f64>, max_nodes: Option<u64>) -> PyResult<Limits> {
        let timeout = timeout
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds).map_err(|_| {
                    PyValueError::new_err(format!(
                        "timeout: {seconds} is not a number of seconds (0 or more)"
                    ))
                })
            })
            .transpose()?;
        Ok(Limits { timeout, max_nodes })
    }

    /// No limit.
    pub const NONE: Limits = Limits {
        timeout: None,
        max_nodes: None,
    };
}

/// Runs `work` on a thread of its own, the GIL released, and returns what it returns. Every
/// [`SIGNAL_EVERY`] this thread takes the GIL back to run Python's signal handlers: when one
/// raises (KeyboardInterrupt on Ctrl-C), the stop request `work` was given is made, the work
/// is waited for (searches look at the request every few thousand nodes) and the exception
/// returned.
pub(crate) fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Budget) -> T + Send,
{
    interruptible_within(py, Limits::NONE, work)
}

/// [`interruptible`], the budget `work` is given also bounded by `limits` (the deadline
/// counted from now).
pub(crate) fn interruptible_within<T, F>(py: Python<'_>, limits: Limits, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Budget) -> T + Send,
{
    let stop = take_stop();
    let mut budget = Budget {
        stop: Some(stop),
        max_nodes: limits.max_nodes,
        ..Budget::UNLIMITED
    };
    if let Some(time) = limits.timeout {
        budget = budget.and_time(time);
    }
    let outcome = std::thread::scope(|scope| {
        let waiter = std::thread::current();
        let worker = scope.spawn(move || {
            let done = work(budget);
            waiter.unpark();
            done
        });
        loop {
            py.detach(|| {
                if !worker.is_finished() {
                    std::thread::park_timeout(SIGNAL_EVERY);
                }
            });
            if worker.is_finished() {
                break;
            }
            if let Err(error) = py.check_signals() {
                stop.stop();
                // The search stops at its next look at the request: wait without the GIL.
                let _ = py.detach(|| worker.join());
                return Err(error);
            }
        }
        Ok(worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    give_back(stop);
    outcome
}

/// The compiled module: see `sudokux/__init__.py` for the package's face.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    m.add("ProblemError", py.get_type::<ProblemError>())?;
    results::register(m)?;
    puzzle::register(m)?;
    exact_cover::register(m)?;
    logic::register(m)?;
    picture::register(m)?;
    Ok(())
}
