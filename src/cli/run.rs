//! Runs a command over every puzzle of every input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use sudokux::sudoku::{Backtracker, Engine, Grid, ReadError, Reader, Rules, Solver};
use sudokux::xc::Stats;

use crate::args::{Cli, Command, EngineKind, InputArgs};
use crate::error::{CliError, Exit};
use crate::output::{Printer, Report, Status, TextKind};

/// What is asked of each puzzle.
#[derive(Debug, Clone, Copy)]
enum Task {
    Solve { first: bool },
    Count { limit: Option<u128> },
    Check { witness: bool },
}

/// Totals over a run, for `--stats`.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    stats: Stats,
    time: Duration,
}

pub fn run(cli: Cli) -> Result<Exit, CliError> {
    let (input, task, pretty) = match cli.command {
        Command::Solve {
            input,
            pretty,
            first,
        } => (input, Task::Solve { first }, pretty),
        Command::Count { input, limit } => (input, Task::Count { limit }, false),
        Command::Check {
            input,
            witness,
            pretty,
        } => (input, Task::Check { witness }, pretty),
    };
    let rules = Rules::classic();
    let mut engine: Box<dyn Engine> = match input.engine {
        EngineKind::Dlx => Box::new(Solver::new(rules.clone())),
        EngineKind::Backtrack => Box::new(Backtracker::new(rules.clone())),
    };
    let printer = Printer {
        kind: match task {
            Task::Solve { .. } => TextKind::Solve,
            Task::Count { .. } => TextKind::Count,
            Task::Check { witness } => TextKind::Check { witness },
        },
        json: input.json,
        pretty,
        stats: input.stats,
        rules: &rules,
    };
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    let mut totals = Totals::default();
    let started = Instant::now();

    let result = each_input(&input, |name, reader| {
        let mut index = 0;
        for item in Reader::new(reader, rules.size()) {
            let report = match item {
                Ok(entry) => {
                    index += 1;
                    let mut report = answer(engine.as_mut(), task, &entry.grid);
                    report.index = index;
                    report.line = Some(entry.line);
                    if let Some(message) = &mut report.error {
                        *message = format!("line {}: {message}", entry.line);
                    }
                    report
                }
                Err(ReadError::Parse(error)) => {
                    index += 1;
                    error_report(index, Some(error.line), error.to_string())
                }
                Err(error) => {
                    eprintln!("sudokux: {name}: {error}");
                    exit = exit.max(Exit::BadInput);
                    break;
                }
            };
            if let Some(message) = &report.error {
                eprintln!("sudokux: {name}: {message}");
            }
            exit = exit.max(exit_of(task, &report));
            if input.stats {
                eprintln!(
                    "stats: {name}: puzzle {}: {} nodes, {} updates, {:.3} ms",
                    report.index,
                    report.stats.nodes,
                    report.stats.updates,
                    report.time.as_secs_f64() * 1e3
                );
                totals.puzzles += 1;
                totals.stats += report.stats;
                totals.time += report.time;
            }
            printer.write(&mut out, name, &report)?;
            if interactive {
                out.flush()?;
            }
        }
        Ok(())
    });
    match result.and_then(|exit_input| {
        out.flush()?;
        Ok(exit_input)
    }) {
        Ok(bad_input) => exit = exit.max(bad_input),
        // A reader that went away (`sudokux solve big.txt | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(exit),
        Err(error) => return Err(error.into()),
    }
    if input.stats {
        let wall = started.elapsed().as_secs_f64();
        eprintln!(
            "stats: total: {} puzzles, {} nodes, {} updates, {:.3} s solving, {:.3} s wall, {:.0} puzzles/s",
            totals.puzzles,
            totals.stats.nodes,
            totals.stats.updates,
            totals.time.as_secs_f64(),
            wall,
            totals.puzzles as f64 / wall.max(1e-9)
        );
    }
    Ok(exit)
}

/// Calls `each` with every input opened for reading; an input that cannot be opened is
/// reported and skipped. Returns [`Exit::BadInput`] if one could not be opened.
fn each_input(
    input: &InputArgs,
    mut each: impl FnMut(&str, &mut dyn BufRead) -> io::Result<()>,
) -> io::Result<Exit> {
    let stdin = [Path::new("-").to_path_buf()];
    let inputs = if input.inputs.is_empty() {
        &stdin[..]
    } else {
        &input.inputs[..]
    };
    let mut exit = Exit::Ok;
    for path in inputs {
        let name = path.display().to_string();
        if name == "-" {
            each("-", &mut io::stdin().lock())?;
            continue;
        }
        match File::open(path) {
            Ok(file) if file.metadata().is_ok_and(|m| m.is_dir()) => {
                eprintln!("sudokux: {name}: is a directory");
                exit = Exit::BadInput;
            }
            Ok(file) => each(&name, &mut BufReader::with_capacity(1 << 16, file))?,
            Err(error) => {
                eprintln!("sudokux: {name}: {error}");
                exit = Exit::BadInput;
            }
        }
    }
    Ok(exit)
}

fn error_report(index: usize, line: Option<usize>, message: String) -> Report {
    Report {
        index,
        line,
        status: Status::Error,
        solution: None,
        witnesses: None,
        count: None,
        error: Some(message),
        stats: Stats::default(),
        time: Duration::ZERO,
    }
}

/// Answers one puzzle.
fn answer(engine: &mut dyn Engine, task: Task, puzzle: &Grid) -> Report {
    let started = Instant::now();
    let (limit, keep) = match task {
        Task::Solve { first: true } => (Some(1), 1),
        Task::Solve { first: false } | Task::Check { .. } => (Some(2), 2),
        Task::Count { limit } => (limit, 0),
    };
    let answer = match engine.enumerate(puzzle, limit, keep) {
        Ok(answer) => answer,
        Err(error) => return error_report(0, None, error.to_string()),
    };
    let status = match (answer.count, answer.complete) {
        (0, _) => Status::None,
        (1, true) => Status::Unique,
        (1, false) => Status::Solved,
        _ => Status::Multiple,
    };
    let mut solutions = answer.solutions.into_iter();
    let (first, second) = (solutions.next(), solutions.next());
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
        error: None,
        stats: answer.stats,
        time: started.elapsed(),
    }
}

fn exit_of(task: Task, report: &Report) -> Exit {
    match (report.status, task) {
        (Status::Error, _) => Exit::BadInput,
        (Status::None, _) => Exit::NotUnique,
        (Status::Multiple | Status::Solved, Task::Check { .. }) => Exit::NotUnique,
        _ => Exit::Ok,
    }
}
