//! Runs a command over every puzzle of every input.

use std::cell::Cell;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudokux::sudoku::file::{from_json, from_toml};
use sudokux::sudoku::parse::Dialect;
use sudokux::sudoku::{
    Alphabet, Answer, Backtracker, Candidates, Engine, Entry, Grid, ReadError, Reader, Rules,
    Solver, Spec,
};
use sudokux::xc::{Stats, Watch};

use crate::args::{Cli, Command, EngineKind, FormatArg, InputArgs, LimitArgs, RuleArgs};
use crate::error::{CliError, Exit};
use crate::interrupt;
use crate::outfile::Out;
use crate::output::{Printer, Report, Status, TextKind, CSV_HEADER};
use crate::progress::{self, Counting};

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
    /// Puzzle lines, grid blocks, numbers, pencilmarks: what the reader takes in a dialect.
    Lines(Dialect),
    /// One puzzle with its rules.
    Toml,
    Json,
}

impl Format {
    /// The input format a `--format` value forces; `None` for `csv`, an output format.
    fn forced(value: FormatArg) -> Option<Format> {
        match value {
            FormatArg::Line | FormatArg::Ss => Some(Format::Lines(Dialect::Lines)),
            FormatArg::Sdk => Some(Format::Lines(Dialect::Sdk)),
            FormatArg::Pencilmark => Some(Format::Lines(Dialect::Pencilmark)),
            FormatArg::Toml => Some(Format::Toml),
            FormatArg::Json => Some(Format::Json),
            FormatArg::Csv => None,
        }
    }
}

/// Largest puzzle file (TOML or JSON) read whole.
pub(crate) const MAX_RULE_FILE: u64 = 16 << 20;

/// Engines for puzzle lines, one per size, made on first use.
pub(crate) struct Engines {
    kind: EngineKind,
    /// Some rule flag was given (they do not apply to puzzle files).
    pub(crate) flags_given: bool,
    /// The rules from the command line, without the size or the symbols.
    template: Spec,
    alphabet: Alphabet,
    /// The size the command line fixes, if it does.
    size: Option<usize>,
    by_size: HashMap<usize, Box<dyn Engine + Send>>,
}

impl Engines {
    pub(crate) fn new(kind: EngineKind, flags: &RuleArgs) -> Result<Engines, CliError> {
        let (alphabet, size) = flags.alphabet_and_size()?;
        let template = Spec {
            size: 0,
            box_shape: flags.box_shape,
            constraints: flags.constraints(),
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
            alphabet,
            size,
            by_size: HashMap::new(),
        };
        if let Some(size) = size {
            engines.get(size).map_err(CliError::Usage)?;
        }
        Ok(engines)
    }

    pub(crate) fn get(&mut self, size: usize) -> Result<&mut dyn Engine, String> {
        if !self.by_size.contains_key(&size) {
            let symbols = match &self.alphabet {
                Alphabet::Default => None,
                alphabet => Some(alphabet.symbols_for(size).map_err(|e| e.to_string())?),
            };
            let rules = Rules::new(Spec {
                size,
                symbols,
                ..self.template.clone()
            })
            .map_err(|e| e.to_string())?;
            self.by_size.insert(size, make_engine(self.kind, rules));
        }
        Ok(self.by_size.get_mut(&size).expect("inserted").as_mut())
    }

    pub(crate) fn reader<'a>(
        &self,
        input: &'a mut dyn BufRead,
        dialect: Dialect,
    ) -> Reader<&'a mut dyn BufRead> {
        Reader::with_alphabet(input, self.alphabet.clone(), self.size).dialect(dialect)
    }
}

fn make_engine(kind: EngineKind, rules: Rules) -> Box<dyn Engine + Send> {
    match kind {
        EngineKind::Dlx => Box::new(Solver::new(rules)),
        EngineKind::Backtrack => Box::new(Backtracker::new(rules)),
    }
}

/// Counts by outcome, for the summary at the end of a run.
#[derive(Default)]
struct Tally {
    read: u64,
    unique: u64,
    multiple: u64,
    /// Solved without proving uniqueness (`solve --first`, or a count stopped at 1).
    solved: u64,
    none: u64,
    unknown: u64,
    errors: u64,
    /// Inputs that could not be opened or read at all.
    unreadable: u64,
}

impl Tally {
    fn add(&mut self, status: Status) {
        self.read += 1;
        match status {
            Status::Unique => self.unique += 1,
            Status::Multiple => self.multiple += 1,
            Status::Solved => self.solved += 1,
            Status::None => self.none += 1,
            Status::Unknown => self.unknown += 1,
            Status::Error => self.errors += 1,
        }
    }

    /// `12 puzzles: 11 solved (10 unique, 1 multiple), 0 none, 1 error in 0.52 s (23/s)`.
    fn summary(&self, elapsed: Duration) -> String {
        let seconds = elapsed.as_secs_f64();
        let rate = self.read as f64 / seconds.max(1e-9);
        let digits = if rate < 100.0 { 1 } else { 0 };
        let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut solved = format!("{} unique, {} multiple", self.unique, self.multiple);
        if self.solved > 0 {
            solved.push_str(&format!(", {} not proved unique", self.solved));
        }
        let unknown = if self.unknown > 0 {
            let by = if interrupt::interrupted() {
                "Ctrl-C or a limit"
            } else {
                "a limit"
            };
            format!(", {} unknown (stopped by {by})", self.unknown)
        } else {
            String::new()
        };
        let unreadable = match self.unreadable {
            0 => String::new(),
            n => format!(", {} that could not be read", plural(n, "input")),
        };
        format!(
            "{}: {} solved ({solved}), {} none{unknown}, {}{unreadable} in {seconds:.2} s ({rate:.digits$} puzzles/s)",
            plural(self.read, "puzzle"),
            self.unique + self.multiple + self.solved,
            self.none,
            plural(self.errors, "error"),
        )
    }
}

/// Writes reports and keeps the tallies of a run.
struct Sink<W: Write> {
    out: W,
    tally: Tally,
    /// Messages and statistics; buffered, since `--stats` writes a line per puzzle.
    /// (Not holding stderr's lock: a progress bar draws from another thread.)
    err: io::BufWriter<io::Stderr>,
    printer: Printer,
    task: Task,
    stats: bool,
    interactive: bool,
    /// Draw progress bars on stderr.
    progress: bool,
    /// `--timeout` and `--max-nodes`, per puzzle.
    limits: LimitArgs,
    exit: Exit,
    totals: Totals,
}

impl<W: Write> Sink<W> {
    fn report(&mut self, name: &str, rules: Option<&Rules>, report: &Report) -> io::Result<()> {
        self.report_rendered(name, rules, report, None)
    }

    /// [`Sink::report`], with the answer's text already rendered by [`Printer::write`] (by a
    /// worker, so that the thread writing in input order only copies bytes).
    fn report_rendered(
        &mut self,
        name: &str,
        rules: Option<&Rules>,
        report: &Report,
        text: Option<&[u8]>,
    ) -> io::Result<()> {
        if let Some(message) = &report.error {
            writeln!(self.err, "sudokux: {name}: {message}")?;
        }
        if report.status == Status::Unknown && !report.interrupted {
            let at = report
                .line
                .map(|l| format!("line {l}: "))
                .unwrap_or_default();
            writeln!(
                self.err,
                "sudokux: {name}: {at}unknown: {} stopped the search after {} nodes",
                self.limits.describe(),
                report.stats.nodes
            )?;
        }
        self.exit = self.exit.worse(exit_of(self.task, report));
        if report.index > 0 {
            self.tally.add(report.status);
        } else {
            self.tally.unreadable += 1;
        }
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
        match text {
            Some(text) => self.out.write_all(text)?,
            None => self.printer.write(&mut self.out, name, rules, report)?,
        }
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
        Command::Completions { shell } => return crate::shell::completions(shell),
        Command::Man { dir } => return crate::shell::man(dir.as_deref()),
        Command::Render(args) => return crate::render::run(args),
        Command::Explain(args) => return crate::explain::run(args, crate::explain::Mode::Explain),
        Command::Hint(args) => return crate::explain::run(args, crate::explain::Mode::Hint),
        Command::Generate(args) => return crate::generate::run(args),
    };
    let csv = input.format.contains(&FormatArg::Csv);
    let mut forced = input.format.iter().filter_map(|&f| Format::forced(f));
    let format = forced.next();
    if forced.any(|f| Some(f) != format) {
        return Err(CliError::Usage(
            "--format: one input format at most (and csv for the output)".into(),
        ));
    }
    if csv && (input.json || pretty) {
        return Err(CliError::Usage(
            "--format csv is an output format of its own: leave out --json and --pretty".into(),
        ));
    }
    crate::interrupt::install();
    let jobs = match input.jobs {
        Some(jobs) => jobs,
        // Typing puzzles at a terminal: answer each line as it comes.
        None if input.inputs.is_empty() && io::stdin().is_terminal() => 1,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut pool = (0..jobs)
        .map(|_| Engines::new(input.engine, &input.rules))
        .collect::<Result<Vec<_>, _>>()?;
    let out = Out::open(input.output.as_deref()).map_err(|e| {
        let path = input.output.as_deref().unwrap_or(Path::new("-")).display();
        // The temporary file's name would only confuse: say what failed for FILE.
        CliError::Usage(format!(
            "--output: cannot create {path}: {}",
            match e.kind() {
                io::ErrorKind::NotFound => "its directory does not exist".to_string(),
                io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ => e.to_string(),
            }
        ))
    })?;
    let mut sink = Sink {
        interactive: out.is_terminal(),
        out,
        tally: Tally::default(),
        progress: progress::wanted(input.progress),
        err: io::BufWriter::new(io::stderr()),
        printer: Printer {
            kind: match task {
                Task::Solve { .. } => TextKind::Solve,
                Task::Count { .. } => TextKind::Count,
                Task::Check { witness } => TextKind::Check { witness },
            },
            json: input.json,
            pretty,
            csv,
            stats: input.stats,
        },
        task,
        limits: input.limits,
        stats: input.stats,
        exit: Exit::Ok,
        totals: Totals::default(),
    };
    let started = Instant::now();

    let header = if csv {
        writeln!(sink.out, "{CSV_HEADER}")
    } else {
        Ok(())
    };
    let meter = Meter::default();
    let result = header.and_then(|()| {
        each_input(&input, &meter, |name, opened| match opened {
            Err(message) => sink.report(name, None, &error_report(0, None, message)),
            Ok(reader) => match format.unwrap_or_else(|| detect(name, reader)) {
                Format::Lines(dialect) => {
                    read_lines(name, reader, dialect, &meter, &mut pool, &mut sink)
                }
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
        })
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
    let interrupted = interrupt::interrupted();
    if let Out::File(file) = sink.out {
        // Only a complete run takes the final name.
        let partial = interrupted.then(|| {
            let mut name = file.path().as_os_str().to_owned();
            name.push(".partial");
            PathBuf::from(name)
        });
        let path = partial
            .as_deref()
            .unwrap_or(file.path())
            .display()
            .to_string();
        file.commit(partial.as_deref())
            .map_err(|e| CliError::Usage(format!("--output: cannot write {path}: {e}")))?;
        if interrupted {
            eprintln!("sudokux: the answers found before the interruption are in {path}");
        }
    }
    if !input.quiet && (sink.tally.read + sink.tally.unreadable > 1 || interrupted) {
        eprintln!("sudokux: {}", sink.tally.summary(started.elapsed()));
    }
    if interrupted {
        return Ok(Exit::Interrupted);
    }
    Ok(sink.exit)
}

/// A puzzle read from a line input, or the report of one that could not be read.
enum Work {
    Puzzle {
        index: usize,
        line: usize,
        grid: Grid,
        candidates: Option<Candidates>,
    },
    Failed(Box<Report>),
}

/// Puzzles per worker in the first batch: few, so that the first answers come soon even when
/// each puzzle takes long.
const BATCH_PER_WORKER: usize = 256;

/// Batches grow (doubling) while one takes less than this, up to [`MAX_BATCH_PER_WORKER`]:
/// every batch ends with a wait for its slowest puzzle and the writing of its answers, so
/// quick puzzles want long batches.
const BATCH_TIME: std::time::Duration = std::time::Duration::from_millis(100);

/// Puzzles per worker in the longest batch: memory stays flat whatever the input's length.
/// Batches shrink again (halving) while one takes over four times [`BATCH_TIME`].
const MAX_BATCH_PER_WORKER: usize = 4096;

/// Puzzles in the longest batch, however many workers.
const MAX_BATCH: usize = 16_384;

/// Puzzle lines and grid blocks, read in batches that the workers (one engine set each)
/// answer in parallel while the next batch is read; reports are written in input order as
/// each batch ends.
fn read_lines<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    dialect: Dialect,
    meter: &Meter,
    pool: &mut [Engines],
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let mut bar = progress::Batch::new(
        sink.progress,
        name,
        meter.size.get(),
        Arc::clone(&meter.read),
    );
    let result = answer_lines(name, reader, dialect, &mut bar, pool, sink);
    bar.finish();
    result
}

fn answer_lines<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    dialect: Dialect,
    bar: &mut progress::Batch,
    pool: &mut [Engines],
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let mut size = if pool.len() == 1 {
        1
    } else {
        BATCH_PER_WORKER * pool.len()
    };
    let mut entries = pool[0].reader(reader, dialect);
    let mut index = 0;
    let mut done = 0;
    let mut current = read_batch(&mut entries, &mut index, size);
    loop {
        let last = current.last;
        let job = (sink.task, sink.limits);
        let started = Instant::now();
        let render = Some((&sink.printer, name));
        let (results, next) = answer_all(&current.work, pool, job, sink.progress, render, || {
            (!last && !interrupt::interrupted()).then(|| read_batch(&mut entries, &mut index, size))
        });
        if pool.len() > 1 {
            let took = started.elapsed();
            if took < BATCH_TIME {
                size = (size * 2)
                    .min(MAX_BATCH_PER_WORKER * pool.len())
                    .min(MAX_BATCH);
            } else if took > 4 * BATCH_TIME {
                size = (size / 2).max(BATCH_PER_WORKER * pool.len());
            }
        }
        // After Ctrl-C the workers leave puzzles unanswered: write those before the first.
        for (report, size, text) in results.into_iter().map_while(|r| r) {
            let rules = size.and_then(|s| pool[0].get(s).ok()).map(|e| e.rules());
            sink.report_rendered(name, rules, &report, text.as_deref())?;
            done += 1;
        }
        // Messages (bad puzzles, stats) go out between two draws of the bar.
        bar.suspend(|| sink.err.flush())?;
        bar.update(done);
        if interrupt::interrupted() {
            return Ok(());
        }
        if let Some(error) = current.failure.take() {
            sink.note(name, &error.to_string())?;
            sink.exit = sink.exit.worse(Exit::BadInput);
        }
        match next {
            Some(batch) => current = batch,
            None if done == 0 => {
                // An empty file, or one of comments only: most likely not what was meant.
                sink.note(name, "no puzzle in the input")?;
                sink.exit = sink.exit.worse(Exit::BadInput);
                return Ok(());
            }
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
                    candidates: entry.candidates,
                });
            }
            Some(Err(ReadError::Parse(error))) => {
                *index += 1;
                let report = error_report(*index, Some(error.line), error.to_string());
                batch.work.push(Work::Failed(Box::new(report)));
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

/// A puzzle's report, with its size (to draw it) when it was read.
/// A report, the size of its puzzle, and its text when a worker rendered it.
type Answered = (Report, Option<usize>, Option<Vec<u8>>);

/// Answers a batch, in parallel when there are several workers, running `during` on this
/// thread meanwhile; results in input order. With `render` (a printer and the input's name),
/// parallel workers also render each answer's text.
fn answer_all<R>(
    work: &[Work],
    pool: &mut [Engines],
    job: (Task, LimitArgs),
    progress: bool,
    render: Option<(&Printer, &str)>,
    during: impl FnOnce() -> R,
) -> (Vec<Option<Answered>>, R) {
    let (task, limits) = job;
    if let (
        Task::Count { limit },
        [Work::Puzzle {
            index,
            line,
            grid,
            candidates: None,
        }],
    ) = (task, work)
    {
        if pool.len() > 1 {
            // One puzzle to count: split its search tree across the workers instead.
            let (report, size) = count_split(*index, *line, grid, (limit, limits), pool, progress);
            return (vec![Some((report, size, None))], during());
        }
    }
    if pool.len() == 1 || work.len() <= 1 {
        let results = work
            .iter()
            .map(|w| {
                (!interrupt::interrupted()).then(|| {
                    let (report, size) = answer_work(w, &mut pool[0], job);
                    (report, size, None)
                })
            })
            .collect();
        return (results, during());
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Answered>> = Vec::with_capacity(work.len());
    results.resize_with(work.len(), || None);
    let meanwhile = std::thread::scope(|scope| {
        let workers: Vec<_> = pool
            .iter_mut()
            .map(|engines| {
                let next = &next;
                scope.spawn(move || {
                    let mut done = Vec::new();
                    while !interrupt::interrupted() {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(w) = work.get(k) else { break };
                        let (report, size) = answer_work(w, engines, job);
                        let text = render.and_then(|(printer, name)| {
                            rendered(printer, name, engines, &report, size)
                        });
                        done.push((k, (report, size, text)));
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
    (results, meanwhile)
}

fn count_split(
    index: usize,
    line: usize,
    grid: &Grid,
    (limit, limits): (Option<u128>, LimitArgs),
    pool: &mut [Engines],
    progress: bool,
) -> (Report, Option<usize>) {
    let threads = pool.len();
    let size = grid.rows();
    let started = Instant::now();
    let watch = Watch::new();
    let mut report = match pool[0].get(size) {
        Ok(engine) => {
            let counted = progress::count(progress, &watch, || {
                engine.count_bounded(grid, limit, threads, &watch, limits.budget())
            });
            match counted {
                Ok(answer) => count_report(&answer, limit),
                Err(error) => error_report(0, None, error.to_string()),
            }
        }
        Err(error) => error_report(0, None, error.to_string()),
    };
    report.index = index;
    report.line = Some(line);
    report.puzzle = Some(grid.clone());
    report.time = started.elapsed();
    if let Some(message) = &mut report.error {
        *message = format!("line {line}: {message}");
    }
    (report, Some(size))
}

/// The report of a count.
fn count_report(answer: &Answer, limit: Option<u128>) -> Report {
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
        interrupted: answer.cut_short(limit) && interrupt::interrupted(),
        stats: answer.stats,
        time: Duration::ZERO,
    }
}

/// What an answer says, counting up to `limit`: `unknown` when something else stopped it.
fn status_of(answer: &Answer, limit: Option<u128>) -> Status {
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

/// The text `printer` writes for `report` (a puzzle's answer; `None` for the failure of an
/// input as a whole, which the sink handles itself).
fn rendered(
    printer: &Printer,
    name: &str,
    engines: &mut Engines,
    report: &Report,
    size: Option<usize>,
) -> Option<Vec<u8>> {
    if report.index == 0 {
        return None;
    }
    let rules = size.and_then(|s| engines.get(s).ok()).map(|e| e.rules());
    let mut text =
        Vec::with_capacity(2 * report.puzzle.as_ref().map_or(0, |g| g.cells().len()) + 16);
    printer.write(&mut text, name, rules, report).ok()?;
    Some(text)
}

fn answer_work(
    work: &Work,
    engines: &mut Engines,
    job: (Task, LimitArgs),
) -> (Report, Option<usize>) {
    match work {
        Work::Failed(report) => ((**report).clone(), None),
        Work::Puzzle {
            index,
            line,
            grid,
            candidates,
        } => {
            let size = grid.rows();
            let mut report = match engines.get(size) {
                Ok(engine) => answer(engine, job, grid, candidates.as_ref()),
                Err(error) => error_report(0, None, error),
            };
            report.index = *index;
            report.line = Some(*line);
            report.puzzle = Some(grid.clone());
            report.candidates = candidates.clone();
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
            let job = (sink.task, sink.limits);
            let mut report = answer(engine.as_mut(), job, &file.givens, None);
            report.index = 1;
            report.puzzle = Some(file.givens);
            sink.report(name, Some(engine.rules()), &report)
        }
        Err(message) => sink.report(name, None, &error_report(1, None, message)),
    }
}

/// How an input is written: by its extension, else by its first line that is neither blank
/// nor a `#` comment (`[Puzzle]` starts SadMan's `.sdk`, `{` JSON, `key =` or `[table]`
/// TOML). Simple Sudoku's `.ss` grids and pencilmark lines are among what the line reader
/// takes by itself.
pub(crate) fn detect(name: &str, reader: &mut dyn BufRead) -> Format {
    let extension = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("toml") => return Format::Toml,
        Some("json") => return Format::Json,
        Some("sdk") => return Format::Lines(Dialect::Sdk),
        Some("ss") => return Format::Lines(Dialect::Lines),
        _ => {}
    }
    let Ok(buffer) = reader.fill_buf() else {
        return Format::Lines(Dialect::Lines);
    };
    let text = String::from_utf8_lossy(buffer);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    match first {
        Some(line) if line.eq_ignore_ascii_case("[puzzle]") => Format::Lines(Dialect::Sdk),
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
                Format::Lines(Dialect::Lines)
            }
        }
        None => Format::Lines(Dialect::Lines),
    }
}

/// How much of the current input is read, for progress bars.
#[derive(Default)]
struct Meter {
    /// Its size in bytes, when it is a file.
    size: Cell<Option<u64>>,
    /// Bytes taken from it so far.
    read: Arc<AtomicU64>,
}

/// Calls `each` with every input opened for reading, or with why it could not be opened.
fn each_input(
    input: &InputArgs,
    meter: &Meter,
    mut each: impl FnMut(&str, Result<&mut dyn BufRead, String>) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = [Path::new("-").to_path_buf()];
    let inputs = if input.inputs.is_empty() {
        &stdin[..]
    } else {
        &input.inputs[..]
    };
    for path in inputs {
        if interrupt::interrupted() {
            break;
        }
        let name = path.display().to_string();
        meter.size.set(None);
        meter.read.store(0, Ordering::Relaxed);
        if name == "-" {
            each("-", Ok(&mut io::stdin().lock()))?;
            continue;
        }
        match File::open(path) {
            Ok(file) if file.metadata().is_ok_and(|m| m.is_dir()) => {
                each(&name, Err("is a directory".into()))?;
            }
            Ok(file) => {
                meter.size.set(file.metadata().ok().map(|m| m.len()));
                let counted = Counting::new(file, Arc::clone(&meter.read));
                each(&name, Ok(&mut BufReader::with_capacity(1 << 16, counted)))?;
            }
            Err(error) => each(&name, Err(format!("cannot open: {error}")))?,
        }
    }
    Ok(())
}

fn error_report(index: usize, line: Option<usize>, message: String) -> Report {
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
        interrupted: false,
        stats: Stats::default(),
        time: Duration::ZERO,
    }
}

/// Answers one puzzle, restricted to its candidates when it has them.
fn answer(
    engine: &mut dyn Engine,
    (task, limits): (Task, LimitArgs),
    puzzle: &Grid,
    candidates: Option<&Candidates>,
) -> Report {
    let started = Instant::now();
    let budget = limits.budget();
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
        (None, Task::Count { .. }) => {
            engine.count_bounded(puzzle, limit, 1, &interrupt::INTERRUPT, budget)
        }
        (None, _) => engine.enumerate_bounded(puzzle, limit, keep, budget),
    };
    let answer = match answer {
        Ok(answer) => answer,
        Err(error) => return error_report(0, None, error.to_string()),
    };
    let status = status_of(&answer, limit);
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
        found: Some((answer.count, answer.complete)),
        puzzle: None,
        candidates: None,
        error: None,
        interrupted: status == Status::Unknown && interrupt::interrupted(),
        stats: answer.stats,
        time: started.elapsed(),
    }
}

fn exit_of(task: Task, report: &Report) -> Exit {
    match (report.status, task) {
        (Status::Error, _) => Exit::BadInput,
        (Status::Unknown, _) => Exit::Unknown,
        (Status::None, _) => Exit::NotUnique,
        (Status::Multiple | Status::Solved, Task::Check { .. }) => Exit::NotUnique,
        _ => Exit::Ok,
    }
}
