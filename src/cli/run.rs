//! Runs a command over every puzzle of every input.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sudokux::sudoku::file::{from_json, from_toml};
use sudokux::sudoku::{
    Answer, Backtracker, Engine, Entry, Grid, ReadError, Reader, Rules, RulesError, Solver, Spec,
    Symbols,
};
use sudokux::xc::Stats;

use crate::args::{Cli, Command, EngineKind, InputArgs, RuleArgs};
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

/// How an input is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// Puzzle lines and grid blocks.
    Lines,
    /// One puzzle with its rules.
    Toml,
    Json,
}

/// Largest puzzle file (TOML or JSON) read whole.
pub(crate) const MAX_RULE_FILE: u64 = 16 << 20;

/// Engines for puzzle lines, one per size, made on first use.
pub(crate) struct Engines {
    kind: EngineKind,
    /// Some rule flag was given (they do not apply to puzzle files).
    pub(crate) flags_given: bool,
    /// The rules from the command line, without the size.
    template: Spec,
    /// The size the command line fixes, if it does.
    size: Option<usize>,
    by_size: HashMap<usize, Box<dyn Engine + Send>>,
}

impl Engines {
    pub(crate) fn new(kind: EngineKind, flags: &RuleArgs) -> Result<Engines, CliError> {
        let symbols = flags
            .symbols
            .as_deref()
            .map(Symbols::from_chars)
            .transpose()
            .map_err(|e| CliError::Usage(format!("--symbols: {e}")))?;
        let sizes = [
            flags.size,
            flags.box_shape.map(|(r, c)| r * c),
            symbols.as_ref().map(Symbols::len),
        ];
        let mut fixed = sizes.into_iter().flatten();
        let size = fixed.next();
        if let Some(other) = fixed.find(|&s| Some(s) != size) {
            return Err(CliError::Usage(format!(
                "--size, --box and --symbols disagree on the size ({} and {other})",
                size.unwrap_or(0)
            )));
        }
        let template = Spec {
            size: 0,
            box_shape: flags.box_shape,
            diagonals: flags.diagonals,
            windoku: flags.windoku,
            anti_knight: flags.anti_knight,
            anti_king: flags.anti_king,
            non_consecutive: flags.non_consecutive,
            symbols,
            ..Spec::default()
        };
        let flags_given = size.is_some()
            || flags.diagonals
            || flags.windoku
            || flags.anti_knight
            || flags.anti_king
            || flags.non_consecutive;
        let mut engines = Engines {
            kind,
            flags_given,
            template,
            size,
            by_size: HashMap::new(),
        };
        if let Some(size) = size {
            engines
                .get(size)
                .map_err(|e| CliError::Usage(e.to_string()))?;
        }
        Ok(engines)
    }

    pub(crate) fn get(&mut self, size: usize) -> Result<&mut dyn Engine, RulesError> {
        if !self.by_size.contains_key(&size) {
            let rules = Rules::new(Spec {
                size,
                ..self.template.clone()
            })?;
            self.by_size.insert(size, make_engine(self.kind, rules));
        }
        Ok(self.by_size.get_mut(&size).expect("inserted").as_mut())
    }

    pub(crate) fn reader<'a>(&self, input: &'a mut dyn BufRead) -> Reader<&'a mut dyn BufRead> {
        match (&self.template.symbols, self.size) {
            (Some(symbols), _) => Reader::with_symbols(input, symbols.clone()),
            (None, Some(size)) => Reader::new(input, size),
            (None, None) => Reader::inferring(input),
        }
    }
}

fn make_engine(kind: EngineKind, rules: Rules) -> Box<dyn Engine + Send> {
    match kind {
        EngineKind::Dlx => Box::new(Solver::new(rules)),
        EngineKind::Backtrack => Box::new(Backtracker::new(rules)),
    }
}

/// Writes reports and keeps the tallies of a run.
struct Sink<W: Write> {
    out: W,
    /// Messages and statistics; buffered, since `--stats` writes a line per puzzle.
    err: io::BufWriter<io::StderrLock<'static>>,
    printer: Printer,
    task: Task,
    stats: bool,
    interactive: bool,
    exit: Exit,
    totals: Totals,
}

impl<W: Write> Sink<W> {
    fn report(&mut self, name: &str, rules: Option<&Rules>, report: &Report) -> io::Result<()> {
        if let Some(message) = &report.error {
            writeln!(self.err, "sudokux: {name}: {message}")?;
        }
        self.exit = self.exit.max(exit_of(self.task, report));
        if report.index == 0 {
            // The input as a whole failed (it could not be opened): a JSON record, but no
            // line among the puzzles' answers.
            if self.printer.json {
                self.printer.write(&mut self.out, name, rules, report)?;
            }
            return self.flush_if_interactive();
        }
        if self.stats {
            writeln!(
                self.err,
                "stats: {name}: puzzle {}: {} nodes, {} updates, {:.3} ms",
                report.index,
                report.stats.nodes,
                report.stats.updates,
                report.time.as_secs_f64() * 1e3
            )?;
            self.totals.puzzles += 1;
            self.totals.stats += report.stats;
            self.totals.time += report.time;
        }
        self.printer.write(&mut self.out, name, rules, report)?;
        self.flush_if_interactive()
    }

    fn flush_if_interactive(&mut self) -> io::Result<()> {
        if self.interactive {
            self.out.flush()?;
            self.err.flush()?;
        }
        Ok(())
    }

    /// A message about an input as a whole.
    fn note(&mut self, name: &str, message: &str) -> io::Result<()> {
        writeln!(self.err, "sudokux: {name}: {message}")
    }
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
        Command::Xc(args) => return crate::xc::run(args),
        Command::Render(args) => return crate::render::run(args),
    };
    let jobs = match input.jobs {
        Some(jobs) => jobs,
        // Typing puzzles at a terminal: answer each line as it comes.
        None if input.inputs.is_empty() && io::stdin().is_terminal() => 1,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut pool = (0..jobs)
        .map(|_| Engines::new(input.engine, &input.rules))
        .collect::<Result<Vec<_>, _>>()?;
    let stdout = io::stdout();
    let mut sink = Sink {
        interactive: stdout.is_terminal(),
        out: io::BufWriter::new(stdout.lock()),
        err: io::BufWriter::new(io::stderr().lock()),
        printer: Printer {
            kind: match task {
                Task::Solve { .. } => TextKind::Solve,
                Task::Count { .. } => TextKind::Count,
                Task::Check { witness } => TextKind::Check { witness },
            },
            json: input.json,
            pretty,
            stats: input.stats,
        },
        task,
        stats: input.stats,
        exit: Exit::Ok,
        totals: Totals::default(),
    };
    let started = Instant::now();

    let result = each_input(&input, |name, opened| match opened {
        Err(message) => sink.report(name, None, &error_report(0, None, message)),
        Ok(reader) => match detect(name, reader) {
            Format::Lines => read_lines(name, reader, &mut pool, &mut sink),
            format => {
                if pool[0].flags_given {
                    sink.note(
                        name,
                        "rule flags ignored: a puzzle file carries its own rules",
                    )?;
                }
                read_rule_file(name, reader, format, input.engine, &mut sink)
            }
        },
    });
    match result.and_then(|()| {
        sink.out.flush()?;
        sink.err.flush()
    }) {
        Ok(()) => {}
        // A reader that went away (`sudokux solve big.txt | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(sink.exit),
        Err(error) => return Err(error.into()),
    }
    if input.stats {
        let wall = started.elapsed().as_secs_f64();
        let totals = &sink.totals;
        let rate = totals.puzzles as f64 / wall.max(1e-9);
        let digits = if rate < 100.0 { 2 } else { 0 };
        eprintln!(
            "stats: total: {} puzzles, {} nodes, {} updates, {:.1} ms solving, {:.1} ms wall, {rate:.digits$} puzzles/s",
            totals.puzzles,
            totals.stats.nodes,
            totals.stats.updates,
            totals.time.as_secs_f64() * 1e3,
            wall * 1e3,
        );
    }
    Ok(sink.exit)
}

/// A puzzle read from a line input, or the report of one that could not be read.
enum Work {
    Puzzle {
        index: usize,
        line: usize,
        grid: Grid,
    },
    Failed(Report),
}

/// Puzzles per worker and batch: enough to keep the workers busy, few enough to keep memory
/// flat and the output flowing.
const BATCH_PER_WORKER: usize = 256;

/// Puzzle lines and grid blocks, read in batches that the workers (one engine set each)
/// answer in parallel while the next batch is read; reports are written in input order as
/// each batch ends.
fn read_lines<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    pool: &mut [Engines],
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let size = if pool.len() == 1 {
        1
    } else {
        BATCH_PER_WORKER * pool.len()
    };
    let mut entries = pool[0].reader(reader);
    let mut index = 0;
    let mut current = read_batch(&mut entries, &mut index, size);
    loop {
        let last = current.last;
        let (results, next) = answer_all(&current.work, pool, sink.task, || {
            (!last).then(|| read_batch(&mut entries, &mut index, size))
        });
        for (report, size) in results {
            let rules = size.and_then(|s| pool[0].get(s).ok()).map(|e| e.rules());
            sink.report(name, rules, &report)?;
        }
        if let Some(error) = current.failure.take() {
            sink.note(name, &error.to_string())?;
            sink.exit = sink.exit.max(Exit::BadInput);
        }
        match next {
            Some(batch) => current = batch,
            None => return Ok(()),
        }
    }
}

/// Puzzles read for the workers, in input order.
struct Batch {
    work: Vec<Work>,
    /// The input failed after these.
    failure: Option<ReadError>,
    /// Nothing follows.
    last: bool,
}

fn read_batch(
    entries: &mut impl Iterator<Item = Result<Entry, ReadError>>,
    index: &mut usize,
    size: usize,
) -> Batch {
    let mut batch = Batch {
        work: Vec::with_capacity(size),
        failure: None,
        last: false,
    };
    while batch.work.len() < size {
        match entries.next() {
            None => {
                batch.last = true;
                break;
            }
            Some(Ok(entry)) => {
                *index += 1;
                batch.work.push(Work::Puzzle {
                    index: *index,
                    line: entry.line,
                    grid: entry.grid,
                });
            }
            Some(Err(ReadError::Parse(error))) => {
                *index += 1;
                let report = error_report(*index, Some(error.line), error.to_string());
                batch.work.push(Work::Failed(report));
            }
            Some(Err(error)) => {
                batch.failure = Some(error);
                batch.last = true;
                break;
            }
        }
    }
    batch
}

/// Answers a batch, in parallel when there are several workers, running `during` on this
/// thread meanwhile; results in input order.
fn answer_all<R>(
    work: &[Work],
    pool: &mut [Engines],
    task: Task,
    during: impl FnOnce() -> R,
) -> (Vec<(Report, Option<usize>)>, R) {
    if let (Task::Count { limit }, [Work::Puzzle { index, line, grid }]) = (task, work) {
        if pool.len() > 1 {
            // One puzzle to count: split its search tree across the workers instead.
            let counted = count_split(*index, *line, grid, limit, pool);
            return (vec![counted], during());
        }
    }
    if pool.len() == 1 || work.len() <= 1 {
        let results = work
            .iter()
            .map(|w| answer_work(w, &mut pool[0], task))
            .collect();
        return (results, during());
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<(Report, Option<usize>)>> = Vec::with_capacity(work.len());
    results.resize_with(work.len(), || None);
    let meanwhile = std::thread::scope(|scope| {
        let workers: Vec<_> = pool
            .iter_mut()
            .map(|engines| {
                let next = &next;
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(w) = work.get(k) else { break };
                        done.push((k, answer_work(w, engines, task)));
                    }
                    done
                })
            })
            .collect();
        let meanwhile = during();
        for worker in workers {
            for (k, result) in worker.join().expect("a worker panicked") {
                results[k] = Some(result);
            }
        }
        meanwhile
    });
    let results = results
        .into_iter()
        .map(|r| r.expect("every puzzle answered"))
        .collect();
    (results, meanwhile)
}

fn count_split(
    index: usize,
    line: usize,
    grid: &Grid,
    limit: Option<u128>,
    pool: &mut [Engines],
) -> (Report, Option<usize>) {
    let threads = pool.len();
    let size = grid.rows();
    let started = Instant::now();
    let mut report = match pool[0].get(size) {
        Ok(engine) => match engine.count_threads(grid, limit, threads) {
            Ok(answer) => count_report(&answer),
            Err(error) => error_report(0, None, error.to_string()),
        },
        Err(error) => error_report(0, None, error.to_string()),
    };
    report.index = index;
    report.line = Some(line);
    report.time = started.elapsed();
    if let Some(message) = &mut report.error {
        *message = format!("line {line}: {message}");
    }
    (report, Some(size))
}

/// The report of a count.
fn count_report(answer: &Answer) -> Report {
    Report {
        index: 0,
        line: None,
        status: status_of(answer.count, answer.complete),
        solution: None,
        witnesses: None,
        count: Some((answer.count, answer.complete)),
        error: None,
        stats: answer.stats,
        time: Duration::ZERO,
    }
}

fn status_of(count: u128, complete: bool) -> Status {
    match (count, complete) {
        (0, _) => Status::None,
        (1, true) => Status::Unique,
        (1, false) => Status::Solved,
        _ => Status::Multiple,
    }
}

fn answer_work(work: &Work, engines: &mut Engines, task: Task) -> (Report, Option<usize>) {
    match work {
        Work::Failed(report) => (report.clone(), None),
        Work::Puzzle { index, line, grid } => {
            let size = grid.rows();
            let mut report = match engines.get(size) {
                Ok(engine) => answer(engine, task, grid),
                Err(error) => error_report(0, None, error.to_string()),
            };
            report.index = *index;
            report.line = Some(*line);
            if let Some(message) = &mut report.error {
                *message = format!("line {line}: {message}");
            }
            (report, Some(size))
        }
    }
}

/// A puzzle file with its rules: one puzzle.
fn read_rule_file<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    format: Format,
    kind: EngineKind,
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let mut text = String::new();
    let read = reader.take(MAX_RULE_FILE + 1).read_to_string(&mut text);
    let parsed = match read {
        Err(error) => Err(format!("cannot read: {error}")),
        Ok(_) if text.len() as u64 > MAX_RULE_FILE => Err(format!(
            "a puzzle file is at most {} MiB",
            MAX_RULE_FILE >> 20
        )),
        Ok(_) if format == Format::Json => from_json(&text).map_err(|e| e.to_string()),
        Ok(_) => from_toml(&text).map_err(|e| e.to_string()),
    };
    match parsed {
        Ok(file) => {
            let mut engine = make_engine(kind, file.rules);
            let mut report = answer(engine.as_mut(), sink.task, &file.givens);
            report.index = 1;
            sink.report(name, Some(engine.rules()), &report)
        }
        Err(message) => sink.report(name, None, &error_report(1, None, message)),
    }
}

/// How an input is written: by its extension, else by its first line that is neither blank
/// nor a `#` comment (`{` starts JSON, `key =` or `[table]` TOML).
pub(crate) fn detect(name: &str, reader: &mut dyn BufRead) -> Format {
    let extension = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("toml") => return Format::Toml,
        Some("json") => return Format::Json,
        _ => {}
    }
    let Ok(buffer) = reader.fill_buf() else {
        return Format::Lines;
    };
    let text = String::from_utf8_lossy(buffer);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    match first {
        Some(line) if line.starts_with('{') => Format::Json,
        Some(line) if line.starts_with('[') => Format::Toml,
        Some(line) => {
            let key = line.split('=').next().unwrap_or("").trim();
            let is_key = line.contains('=')
                && !key.is_empty()
                && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if is_key {
                Format::Toml
            } else {
                Format::Lines
            }
        }
        None => Format::Lines,
    }
}

/// Calls `each` with every input opened for reading, or with why it could not be opened.
fn each_input(
    input: &InputArgs,
    mut each: impl FnMut(&str, Result<&mut dyn BufRead, String>) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = [Path::new("-").to_path_buf()];
    let inputs = if input.inputs.is_empty() {
        &stdin[..]
    } else {
        &input.inputs[..]
    };
    for path in inputs {
        let name = path.display().to_string();
        if name == "-" {
            each("-", Ok(&mut io::stdin().lock()))?;
            continue;
        }
        match File::open(path) {
            Ok(file) if file.metadata().is_ok_and(|m| m.is_dir()) => {
                each(&name, Err("is a directory".into()))?;
            }
            Ok(file) => each(&name, Ok(&mut BufReader::with_capacity(1 << 16, file)))?,
            Err(error) => each(&name, Err(format!("cannot open: {error}")))?,
        }
    }
    Ok(())
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
    let status = status_of(answer.count, answer.complete);
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
