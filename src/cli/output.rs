//! How the answers of the batch commands (`solve`, `count`, `check`) are written: the
//! output format (plain lines, boxed grids, JSON lines, or CSV) of each [`Report`], and the
//! [`Sink`] that writes them in order, with messages, statistics and the summary on stderr.

use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;
use sudokux::sudoku::grid::{symbol, Cell};
use sudokux::sudoku::{pretty, Candidates, Grid, Rules, Symmetry};
use sudokux::xc::Stats;

use crate::args::LimitArgs;
use crate::error::{CliError, Exit, Stderr};
use crate::interrupt;
use crate::report::{Report, Setup, Status, Task};

/// How answers are written (`--pretty`, `--json`, `--format csv`; plain lines by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// One line per puzzle.
    Text,
    /// Boxed grids.
    Pretty,
    /// One JSON object per puzzle, one per line.
    Json,
    /// CSV rows, `puzzle,solution,status,count`, after a header.
    Csv,
}

impl OutputFormat {
    /// The format the flags ask for: JSON before boxed grids; CSV is one of its own.
    pub fn of(json: bool, pretty: bool, csv: bool) -> Result<OutputFormat, CliError> {
        if csv && (json || pretty) {
            return Err(CliError::Usage(
                "--format csv is an output format of its own: leave out --json and --pretty".into(),
            ));
        }
        Ok(match (json, pretty, csv) {
            (true, _, _) => OutputFormat::Json,
            (_, _, true) => OutputFormat::Csv,
            (_, true, _) => OutputFormat::Pretty,
            _ => OutputFormat::Text,
        })
    }
}

/// What the command prints per puzzle in text mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    Solve,
    Count,
    Check { witness: bool },
}

impl TextKind {
    /// What `task` prints.
    pub fn of(task: Task) -> TextKind {
        match task {
            Task::Solve { .. } => TextKind::Solve,
            Task::Count { .. } => TextKind::Count,
            Task::Check { witness } => TextKind::Check { witness },
        }
    }
}

/// Writes reports.
pub struct Printer {
    pub kind: TextKind,
    pub format: OutputFormat,
    /// The time of each answer too, in JSON (`--stats`).
    pub stats: bool,
}

/// The header of CSV output.
pub const CSV_HEADER: &str = "puzzle,solution,status,count";

/// A CSV field, quoted when it holds a comma, a quote or a line end (quotes doubled).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A 9x9 puzzle's candidates as a pencilmark line: each cell's nine places hold the digit when
/// it is a candidate, `.` when not.
fn pencilmark_line(candidates: &Candidates) -> String {
    let n = candidates.size();
    let mut line = String::with_capacity(candidates.masks().len() * n);
    for &mask in candidates.masks() {
        for d in 1..=n as u8 {
            line.push(if mask >> (d - 1) & 1 == 1 {
                sudokux::sudoku::grid::symbol(d)
            } else {
                '.'
            });
        }
    }
    line
}

/// One answer as `--json` writes it.
#[derive(Serialize)]
pub struct JsonRecord<'a> {
    index: usize,
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ruleset: Option<&'a str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// Why there is no solution, when it is cheap to know (status `none`).
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<&'a str>,
    /// What reading the puzzle noted (an import's left-out parts, a cage not connected).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
    nodes: u64,
    updates: u64,
    /// With `--stats`: the nodes that were guesses, one option of two or more (`nodes` counts
    /// forced moves too).
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    /// The search's time, with `--stats`.
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<f64>,
    /// With `--stats`, for a puzzle file with rules: the time spent reading it (text, rules
    /// checked, givens) and building its engine (the exact cover and the matrix with its
    /// reductions), before the search that `time_ms` times.
    #[serde(skip_serializing_if = "Option::is_none")]
    read_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    build_ms: Option<f64>,
    /// The symmetries the count used, with `--stats` (left out when it used none).
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetries: Option<Vec<&'static str>>,
}

/// `, symmetries: digits, stacks` for the `--stats` line of a count that used some; nothing
/// for one that used none.
fn symmetries(used: &[Symmetry]) -> String {
    if used.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = used.iter().map(|s| s.name()).collect();
    format!(", symmetries: {}", names.join(", "))
}

/// `, read 0.210 ms, build 4.031 ms` for the `--stats` line of a puzzle file with rules
/// (the steps before its search); nothing for a puzzle line.
fn setup(setup: Option<Setup>) -> String {
    setup.map_or_else(String::new, |s| {
        format!(
            ", read {:.3} ms, build {:.3} ms",
            s.read.as_secs_f64() * 1e3,
            s.build.as_secs_f64() * 1e3
        )
    })
}

/// The cells where two witnesses differ, with both digits, as a `#` comment (so that the
/// output still reads back as input): `# they differ in 4 cells: r1c1 2 and 7, ...`.
fn differences(a: &Grid, b: &Grid, rules: Option<&Rules>) -> String {
    let name = |d: u8| rules.map_or_else(|| symbol(d).to_string(), |r| r.symbols().name(d).into());
    let cells: Vec<String> = (0..a.rows())
        .flat_map(|row| (0..a.cols()).map(move |col| (row, col)))
        .filter(|&(row, col)| a.get(row, col) != b.get(row, col))
        .map(|(row, col)| {
            let (x, y) = (a.get(row, col), b.get(row, col));
            format!("{} {} and {}", Cell { row, col }, name(x), name(y))
        })
        .collect();
    format!(
        "# they differ in {} cells: {}",
        cells.len(),
        cells.join(", ")
    )
}

impl Printer {
    /// Writes one report; `rules` are the puzzle's (for its symbols and boxes), `None` when
    /// it could not be read.
    pub fn write(
        &self,
        out: &mut impl Write,
        input: &str,
        rules: Option<&Rules>,
        report: &Report,
    ) -> io::Result<()> {
        let line = |grid: &Grid| rules.map_or_else(|| grid.to_line(), |r| r.format_line(grid));
        let draw = |grid: &Grid| rules.map_or_else(|| grid.to_line(), |r| pretty(grid, r));
        if self.format == OutputFormat::Json {
            return self.write_json(out, input, report, line);
        }
        if self.format == OutputFormat::Csv {
            let puzzle = match (&report.candidates, &report.puzzle) {
                (Some(candidates), _) => pencilmark_line(candidates),
                (None, Some(grid)) => line(grid),
                (None, None) => String::new(),
            };
            let solution = report.solution.as_ref().map(&line).unwrap_or_default();
            let count = match report.found {
                Some((count, true)) => count.to_string(),
                Some((count, false)) => format!(">={count}"),
                None => String::new(),
            };
            return writeln!(
                out,
                "{},{},{},{}",
                csv_field(&puzzle),
                csv_field(&solution),
                report.status.as_str(),
                csv_field(&count)
            );
        }
        let boxed = self.format == OutputFormat::Pretty;
        match self.kind {
            TextKind::Count => match (report.status, report.count) {
                (Status::Error, _) | (_, None) => writeln!(out, "error"),
                (_, Some((count, true))) => writeln!(out, "{count}"),
                (_, Some((count, false))) => writeln!(out, ">={count}"),
            },
            TextKind::Solve if boxed => {
                let title = match report.status {
                    Status::Multiple => "multiple solutions, one of them:",
                    Status::None => "no solution",
                    Status::Error => "error",
                    Status::Unknown if report.solution.is_some() => {
                        "unknown (the search was stopped), a solution:"
                    }
                    Status::Unknown => "unknown (the search was stopped)",
                    Status::Unique | Status::Solved => report.status.as_str(),
                };
                writeln!(out, "{}: {title}", self.where_(input, report))?;
                if let Some(solution) = &report.solution {
                    write!(out, "{}", draw(solution))?;
                }
                writeln!(out)
            }
            TextKind::Solve => match (&report.solution, report.status) {
                (Some(solution), Status::Multiple) => writeln!(out, "{} multiple", line(solution)),
                (Some(solution), Status::Unknown) => writeln!(out, "{} unknown", line(solution)),
                (Some(solution), _) => writeln!(out, "{}", line(solution)),
                (None, status) => writeln!(out, "{}", status.as_str()),
            },
            TextKind::Check { witness } => match (&report.witnesses, witness) {
                (Some((a, b)), true) if boxed => {
                    writeln!(
                        out,
                        "{}: multiple solutions, for instance:",
                        self.where_(input, report)
                    )?;
                    write!(out, "{}", draw(a))?;
                    writeln!(out, "and")?;
                    write!(out, "{}", draw(b))?;
                    writeln!(out, "{}", differences(a, b, rules))?;
                    writeln!(out)
                }
                (Some((a, b)), true) => writeln!(out, "multiple {} {}", line(a), line(b)),
                _ if boxed => {
                    let word = match report.status {
                        Status::None => "no solution",
                        status => status.as_str(),
                    };
                    writeln!(out, "{}: {word}", self.where_(input, report))
                }
                _ => writeln!(out, "{}", report.status.as_str()),
            },
        }
    }

    /// The header of a picture: a `#` comment, so that the output reads back as input.
    fn where_(&self, input: &str, report: &Report) -> String {
        let mut header = String::new();
        if let Some(title) = &report.meta.title {
            header.push_str(&format!("# {title}"));
            if let Some(author) = &report.meta.author {
                header.push_str(&format!(", by {author}"));
            }
            header.push('\n');
        }
        match report.line {
            Some(line) => {
                header.push_str(&format!("# {input}, puzzle {} (line {line})", report.index))
            }
            None => header.push_str(&format!("# {input}")),
        }
        header
    }

    fn write_json(
        &self,
        out: &mut impl Write,
        input: &str,
        report: &Report,
        line: impl Fn(&Grid) -> String,
    ) -> io::Result<()> {
        serde_json::to_writer(&mut *out, &json_record(input, report, line, self.stats))?;
        writeln!(out)
    }
}

/// One report as the JSON object `--json` writes on a line (and `serve` answers with):
/// `line` writes a grid, `stats` adds the time.
pub fn json_record<'a>(
    input: &'a str,
    report: &'a Report,
    line: impl Fn(&Grid) -> String,
    stats: bool,
) -> JsonRecord<'a> {
    JsonRecord {
        index: report.index,
        input,
        line: report.line,
        title: report.meta.title.as_deref(),
        author: report.meta.author.as_deref(),
        ruleset: report.meta.ruleset.as_deref(),
        status: report.status.as_str(),
        solution: report.solution.as_ref().map(&line),
        solutions: report.witnesses.as_ref().map(|(a, b)| [line(a), line(b)]),
        count: report.count.map(|(count, _)| count),
        complete: report.count.map(|(_, complete)| complete),
        error: report.error.as_deref(),
        why: report.why.as_deref(),
        notes: &report.notes,
        nodes: report.stats.nodes,
        updates: report.stats.updates,
        guesses: stats.then_some(report.stats.guesses),
        time_ms: stats.then_some(ms(report.time)),
        read_ms: report.setup.filter(|_| stats).map(|s| ms(s.read)),
        build_ms: report.setup.filter(|_| stats).map(|s| ms(s.build)),
        symmetries: (stats && !report.symmetries.is_empty())
            .then(|| report.symmetries.iter().map(|s| s.name()).collect()),
    }
}

/// A duration in milliseconds, to the microsecond: as precise as a clock reading on a busy
/// machine gets.
fn ms(time: Duration) -> f64 {
    (time.as_secs_f64() * 1e6).round() / 1e3
}

/// Totals over a run, for `--stats`.
#[derive(Default)]
pub struct Totals {
    pub puzzles: u64,
    pub stats: Stats,
    pub time: Duration,
}

impl Totals {
    /// `stats: total: 5 puzzles, 870 nodes, ...`: the line `--stats` ends a run with, after
    /// `wall` time.
    pub fn summary(&self, wall: Duration) -> String {
        let wall = wall.as_secs_f64();
        let rate = self.puzzles as f64 / wall.max(1e-9);
        let digits = if rate < 100.0 { 2 } else { 0 };
        format!(
            "stats: total: {} puzzles, {} nodes, {} updates, {:.1} ms solving, {:.1} ms wall, {rate:.digits$} puzzles/s",
            self.puzzles,
            self.stats.nodes,
            self.stats.updates,
            self.time.as_secs_f64() * 1e3,
            wall * 1e3,
        )
    }
}

/// Counts by outcome, for the summary at the end of a run.
#[derive(Default)]
pub struct Tally {
    pub read: u64,
    unique: u64,
    multiple: u64,
    /// Solved without proving uniqueness (`solve --first`, or a count stopped at 1).
    solved: u64,
    none: u64,
    unknown: u64,
    errors: u64,
    /// Inputs that could not be opened or read at all.
    pub unreadable: u64,
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
    pub fn summary(&self, elapsed: Duration) -> String {
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
pub struct Sink<W: Write> {
    /// Where the answers go.
    pub out: W,
    /// The outcomes so far, for the summary.
    pub tally: Tally,
    /// Messages and statistics; buffered, since `--stats` writes a line per puzzle.
    /// (Not holding stderr's lock: a progress bar draws from another thread.)
    pub err: io::BufWriter<Stderr>,
    /// How each answer is written.
    pub printer: Printer,
    /// What is asked of each puzzle.
    pub task: Task,
    /// A line of statistics per puzzle on stderr (`--stats`).
    stats: bool,
    /// Answers go to a terminal: flush each.
    interactive: bool,
    /// Draw progress bars on stderr.
    pub progress: bool,
    /// `--timeout` and `--max-nodes`, per puzzle.
    pub limits: LimitArgs,
    /// The worst outcome so far.
    pub exit: Exit,
    /// Totals for `--stats`.
    pub totals: Totals,
}

impl<W: Write> Sink<W> {
    /// A sink writing the answers of `task` to `out` with `printer` (flushing each when
    /// `interactive`), with a line of statistics per puzzle on stderr when the printer's
    /// `stats` asks; `progress` asks for progress bars.
    pub fn new(
        out: W,
        interactive: bool,
        printer: Printer,
        task: Task,
        limits: LimitArgs,
        progress: bool,
    ) -> Sink<W> {
        Sink {
            out,
            tally: Tally::default(),
            err: io::BufWriter::new(Stderr),
            stats: printer.stats,
            printer,
            task,
            interactive,
            progress,
            limits,
            exit: Exit::Ok,
            totals: Totals::default(),
        }
    }

    pub fn report(&mut self, name: &str, rules: Option<&Rules>, report: &Report) -> io::Result<()> {
        self.report_rendered(name, rules, report, None)
    }

    /// [`Sink::report`], with the answer's text already rendered by [`Printer::write`] (by a
    /// worker, so that the thread writing in input order only copies bytes).
    pub fn report_rendered(
        &mut self,
        name: &str,
        rules: Option<&Rules>,
        report: &Report,
        text: Option<&[u8]>,
    ) -> io::Result<()> {
        for note in &report.notes {
            let at = report
                .line
                .map(|l| format!("line {l}: "))
                .unwrap_or_default();
            writeln!(self.err, "sudokux: {name}: {at}note: {note}")?;
        }
        if let Some(message) = &report.error {
            writeln!(self.err, "sudokux: {name}: {message}")?;
        }
        if let Some(why) = &report.why {
            let at = report
                .line
                .map(|l| format!("line {l}: "))
                .unwrap_or_default();
            writeln!(self.err, "sudokux: {name}: {at}no solution: {why}")?;
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
        self.exit = self.exit.worse(report.exit(self.task));
        if report.index > 0 {
            self.tally.add(report.status);
        } else {
            self.tally.unreadable += 1;
        }
        if report.index == 0 {
            // The input as a whole failed (it could not be opened): a JSON record, but no
            // line among the puzzles' answers.
            if self.printer.format == OutputFormat::Json {
                self.printer.write(&mut self.out, name, rules, report)?;
            }
            return self.flush_if_interactive();
        }
        if self.stats {
            writeln!(
                self.err,
                "stats: {name}: puzzle {}: {} nodes, {} updates, {:.3} ms{}{}",
                report.index,
                report.stats.nodes,
                report.stats.updates,
                report.time.as_secs_f64() * 1e3,
                symmetries(&report.symmetries),
                setup(report.setup),
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
    pub fn note(&mut self, name: &str, message: &str) -> io::Result<()> {
        writeln!(self.err, "sudokux: {name}: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_before_boxed_grids_and_csv_alone() {
        assert_eq!(
            OutputFormat::of(false, false, false).unwrap(),
            OutputFormat::Text
        );
        assert_eq!(
            OutputFormat::of(false, true, false).unwrap(),
            OutputFormat::Pretty
        );
        assert_eq!(
            OutputFormat::of(true, true, false).unwrap(),
            OutputFormat::Json
        );
        assert_eq!(
            OutputFormat::of(false, false, true).unwrap(),
            OutputFormat::Csv
        );
        assert!(OutputFormat::of(true, false, true).is_err());
        assert!(OutputFormat::of(false, true, true).is_err());
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("1.3"), "1.3");
        assert_eq!(csv_field(">=2"), ">=2");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }

    #[test]
    fn the_summary_counts_by_outcome() {
        let mut tally = Tally::default();
        for status in [
            Status::Unique,
            Status::Unique,
            Status::Multiple,
            Status::None,
        ] {
            tally.add(status);
        }
        tally.add(Status::Error);
        tally.unreadable = 1;
        let summary = tally.summary(Duration::from_secs(2));
        assert_eq!(
            summary,
            "5 puzzles: 3 solved (2 unique, 1 multiple), 1 none, 1 error, 1 input that could not \
             be read in 2.00 s (2.5 puzzles/s)"
        );
    }
}
