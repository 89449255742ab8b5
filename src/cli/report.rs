//! What the batch commands (`solve`, `count`, `check`) ask of each puzzle ([`Task`]) and
//! what becomes of it ([`Report`]), with the exit code each outcome gives.

use std::time::Duration;

use sudokux::sudoku::{Candidates, Grid, Meta, Symmetry};
use sudokux::xc::Stats;

use crate::error::Exit;

/// What is asked of each puzzle.
#[derive(Debug, Clone, Copy)]
pub enum Task {
    /// `solve`: the solution, proved unique unless `first`.
    Solve {
        /// Stop at the first solution.
        first: bool,
    },
    /// `count`: the solutions, up to `limit`.
    Count {
        /// Stop counting there.
        limit: Option<u128>,
    },
    /// `check`: unique, multiple or none.
    Check {
        /// Keep two differing solutions.
        witness: bool,
    },
}

/// What became of one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Unique,
    Multiple,
    None,
    /// A solution was found and its uniqueness not examined (`--first`, or a count stopped at
    /// a limit of 1).
    Solved,
    /// `--timeout` or `--max-nodes` stopped the search before it could answer; what it found
    /// is a lower bound.
    Unknown,
    Error,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Solved => "solved",
            Status::Unknown => "unknown",
            Status::Error => "error",
        }
    }
}

/// The answer for one puzzle, whatever the command.
#[derive(Debug, Clone)]
pub struct Report {
    /// 1-based position of the puzzle in its input.
    pub index: usize,
    /// 1-based line where it starts.
    pub line: Option<usize>,
    /// The puzzle's givens, when it could be read.
    pub puzzle: Option<Grid>,
    /// Its candidates, for a pencilmark puzzle.
    pub candidates: Option<Candidates>,
    pub status: Status,
    /// One solution (the only one when unique).
    pub solution: Option<Grid>,
    /// Two differing solutions, when asked for and the puzzle has several.
    pub witnesses: Option<(Grid, Grid)>,
    /// Solutions counted and whether the count is exact (`count` only).
    pub count: Option<(u128, bool)>,
    /// Solutions found by the search, whatever the command (counting up to 2 for `solve` and
    /// `check`), and whether that is exact.
    pub found: Option<(u128, bool)>,
    pub error: Option<String>,
    /// Why a puzzle has no solution, when it is cheap to know (status `none`): an empty cell
    /// that no digit fits, the givens it sees ruling out each one.
    pub why: Option<String>,
    /// The search was cut short after Ctrl-C (which may have stopped it), not by a limit
    /// alone: no message naming a limit.
    pub interrupted: bool,
    pub stats: Stats,
    /// The symmetries of the rules the search used (`--stats`).
    pub symmetries: Vec<Symmetry>,
    /// The search's time (from the puzzle handed to the engine to its answer).
    pub time: Duration,
    /// What came before the search, for a puzzle file with rules (which builds its own
    /// engine): `None` for puzzle lines, whose engines serve many puzzles.
    pub setup: Option<Setup>,
    /// The puzzle's title, author and rules in words, when its file gives them.
    pub meta: Meta,
    /// Notes about the puzzle (what its import left out), said before its answer.
    pub notes: Vec<String>,
}

/// Where the time before a puzzle file's search went (`--stats`): the two steps before the
/// search, each timed on the calling thread.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Setup {
    /// Reading the file: its text read and parsed, the rules checked (units, pairs, each
    /// family's own checks) and the givens read.
    pub read: Duration,
    /// Building the engine: the exact cover encoded and the dancing-links matrix built with
    /// its reductions (the sums, relations, automata and exclusions the search keeps).
    pub build: Duration,
}

impl Report {
    /// The report of a puzzle (`index` > 0) or an input (`index` 0) that could not be read
    /// or answered.
    pub fn error(index: usize, line: Option<usize>, message: String) -> Report {
        Report {
            index,
            line,
            puzzle: None,
            candidates: None,
            status: Status::Error,
            solution: None,
            witnesses: None,
            count: None,
            found: None,
            error: Some(message),
            why: None,
            interrupted: false,
            stats: Stats::default(),
            symmetries: Vec::new(),
            time: Duration::ZERO,
            setup: None,
            meta: Meta::default(),
            notes: Vec::new(),
        }
    }

    /// The exit code this outcome gives for `task`.
    pub fn exit(&self, task: Task) -> Exit {
        match (self.status, task) {
            (Status::Error, _) => Exit::BadInput,
            (Status::Unknown, _) => Exit::Unknown,
            (Status::None, _) => Exit::NotUnique,
            (Status::Multiple | Status::Solved, Task::Check { .. }) => Exit::NotUnique,
            _ => Exit::Ok,
        }
    }
}
