//! One puzzle answered: the engines the rule flags make (dancing links or the reference
//! backtracker, one per size), and the [`Report`] of a search for a [`Task`].

use std::collections::HashMap;
use std::time::{Duration, Instant};

use sudokux::sudoku::logic::State;
use sudokux::sudoku::{Answer, Backtracker, Candidates, Cell, Engine, Grid, Meta, Rules, Solver};
use sudokux::xc::{Budget, Watch};

use crate::args::{EngineKind, LimitArgs};
use crate::error::CliError;
use crate::interrupt;
use crate::report::{Report, Status, Task};
use crate::spec::RuleFlags;

/// Engines for puzzle lines, one per size, made on first use.
pub struct Engines {
    kind: EngineKind,
    /// Whether the engines use the rules' symmetries (not `--no-symmetry`).
    symmetry: bool,
    /// The rules from the command line, for every size.
    pub flags: RuleFlags,
    by_size: HashMap<usize, Box<dyn Engine + Send>>,
}

impl Engines {
    /// The engines of `flags` (checked by [`RuleFlags::checked`]); the one of the size they
    /// fix, if any, made at once.
    pub fn new(kind: EngineKind, symmetry: bool, flags: RuleFlags) -> Result<Engines, CliError> {
        let size = flags.size;
        let mut engines = Engines {
            kind,
            symmetry,
            flags,
            by_size: HashMap::new(),
        };
        if let Some(size) = size {
            engines.get(size).map_err(CliError::Usage)?;
        }
        Ok(engines)
    }

    /// Which engine these are: what a puzzle with rules of its own is answered with too.
    pub fn kind(&self) -> EngineKind {
        self.kind
    }

    /// Whether these engines use the rules' symmetries: a puzzle with rules of its own too.
    pub fn symmetry(&self) -> bool {
        self.symmetry
    }

    /// The engine of grids of `size` digits, made on first use; what is wrong with their
    /// rules, as a puzzle line's error says it.
    pub fn get(&mut self, size: usize) -> Result<&mut dyn Engine, String> {
        if !self.by_size.contains_key(&size) {
            let rules = self.flags.rules(size)?;
            self.by_size
                .insert(size, make_engine(self.kind, self.symmetry, rules));
        }
        Ok(self.by_size.get_mut(&size).expect("inserted").as_mut())
    }
}

/// The engine `kind` for `rules`, using their symmetries when `symmetry` says so (the
/// reference backtracker uses none).
pub fn make_engine(kind: EngineKind, symmetry: bool, rules: Rules) -> Box<dyn Engine + Send> {
    match kind {
        EngineKind::Dlx => Box::new(Solver::new(rules).with_symmetry(symmetry)),
        EngineKind::Backtrack => Box::new(Backtracker::new(rules)),
    }
}

/// Answers one puzzle, restricted to its candidates when it has them, within the limits of
/// the command line (Ctrl-C stops it too).
pub fn answer(
    engine: &mut dyn Engine,
    (task, limits): (Task, LimitArgs),
    puzzle: &Grid,
    candidates: Option<&Candidates>,
) -> Report {
    answer_within(
        engine,
        (task, limits.budget()),
        &interrupt::INTERRUPT,
        puzzle,
        candidates,
    )
}

/// [`answer`] within `budget`: a count publishes its progress to `watch`, and the report says
/// it was interrupted when the search stopped because `watch` asked it to (Ctrl-C for the
/// command line, a closed connection for `serve`).
pub fn answer_within(
    engine: &mut dyn Engine,
    (task, budget): (Task, Budget),
    watch: &Watch,
    puzzle: &Grid,
    candidates: Option<&Candidates>,
) -> Report {
    let started = Instant::now();
    let (limit, keep) = match task {
        Task::Solve { first: true } => (Some(1), 1),
        Task::Solve { first: false } | Task::Check { .. } => (Some(2), 2),
        Task::Count { limit } => (limit, 0),
    };
    let answer = match (candidates, task) {
        (Some(candidates), _) => {
            engine.enumerate_candidates_bounded(candidates, limit, keep, budget)
        }
        // Counts go through the path that can remember subproblems; like every search
        // here, the budget makes Ctrl-C stop them with what they have.
        (None, Task::Count { .. }) => engine.count_bounded(puzzle, limit, 1, watch, budget),
        (None, _) => engine.enumerate_bounded(puzzle, limit, keep, budget),
    };
    let answer = match answer {
        Ok(answer) => answer,
        Err(error) => return Report::error(0, None, error.to_string()),
    };
    let status = status_of(&answer, limit);
    let answer_band = if answer.complete {
        None
    } else {
        answer.band_classes
    };
    let mut solutions = answer.solutions.into_iter();
    let (first, second) = (solutions.next(), solutions.next());
    let why = match (status, candidates) {
        (Status::None, None) => impossible_cell(engine.rules(), puzzle),
        _ => None,
    };
    let witnesses = match (task, &first, second) {
        (Task::Check { witness: true }, Some(a), Some(b)) => Some((a.clone(), b)),
        _ => None,
    };
    Report {
        index: 0,
        line: None,
        status,
        solution: match task {
            Task::Check { .. } if status == Status::Multiple => None,
            _ => first,
        },
        witnesses,
        count: matches!(task, Task::Count { .. }).then_some((answer.count, answer.complete)),
        found: Some((answer.count, answer.complete)),
        puzzle: None,
        candidates: None,
        error: None,
        why,
        interrupted: status == Status::Unknown && watch.stop_requested(),
        stats: answer.stats,
        symmetries: answer.symmetries,
        time: started.elapsed(),
        setup: None,
        meta: Meta::default(),
        notes: band_note(&answer_band, limit).into_iter().collect(),
    }
}

/// What a count by bands that was stopped had counted, for a note beside its lower bound.
fn band_note(classes: &Option<(usize, usize)>, limit: Option<u128>) -> Option<String> {
    match *classes {
        Some((_, 0)) if limit.is_none() => Some(
            "the count by bands was stopped in its top band, before any class of it was \
             counted: 0 is no bound yet (an empty 9x9 grid's top band takes seconds)"
                .into(),
        ),
        Some((finished, classes)) if limit.is_none() && finished < classes => Some(format!(
            "the count by bands was stopped with {finished} of the {classes} classes of its \
             top band counted whole: a lower bound"
        )),
        _ => None,
    }
}

/// The report of a count.
pub fn count_report(answer: &Answer, limit: Option<u128>) -> Report {
    Report {
        index: 0,
        line: None,
        status: status_of(answer, limit),
        solution: None,
        witnesses: None,
        count: Some((answer.count, answer.complete)),
        found: Some((answer.count, answer.complete)),
        puzzle: None,
        candidates: None,
        error: None,
        why: None,
        interrupted: answer.cut_short(limit) && interrupt::interrupted(),
        stats: answer.stats,
        symmetries: answer.symmetries.clone(),
        time: Duration::ZERO,
        setup: None,
        meta: Meta::default(),
        notes: band_note(&answer.band_classes, limit)
            .filter(|_| !answer.complete)
            .into_iter()
            .collect(),
    }
}

/// What an answer says, counting up to `limit`: `unknown` when something else stopped it.
pub fn status_of(answer: &Answer, limit: Option<u128>) -> Status {
    if answer.cut_short(limit) {
        return Status::Unknown;
    }
    match (answer.count, answer.complete) {
        (0, _) => Status::None,
        (1, true) => Status::Unique,
        (1, false) => Status::Solved,
        _ => Status::Multiple,
    }
}

/// Why `givens` have no solution under `rules`, when it shows without a search: the first
/// empty cell (in reading order) that no digit fits, the givens it sees (its units, pairs and
/// each family's own eliminations) ruling out each one. `None` when every empty cell has a
/// candidate left: the contradiction lies deeper, and only a search finds it.
///
/// # Complexity
///
/// One pass of eliminations from the givens: linear in the size of the rules, far below a
/// search; run only on puzzles already known to have no solution.
pub fn impossible_cell(rules: &Rules, givens: &Grid) -> Option<String> {
    let state = State::new(rules, givens).ok()?;
    let cols = rules.cols();
    rules
        .cells()
        .iter()
        .find(|&&p| state.value(p) == 0 && state.candidates(p) == 0)
        .map(|&p| {
            format!(
                "no digit fits {}, the givens it sees rule out each one",
                Cell::from_index(p, cols)
            )
        })
}
