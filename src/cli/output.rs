//! How answers are written: plain lines, boxed grids, JSON lines, or CSV.

use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;
use sudokux::sudoku::{pretty, Candidates, Grid, Rules};
use sudokux::xc::Stats;

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
    /// The search was cut short after Ctrl-C (which may have stopped it), not by a limit
    /// alone: no message naming a limit.
    pub interrupted: bool,
    pub stats: Stats,
    pub time: Duration,
}

/// What the command prints per puzzle in text mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    Solve,
    Count,
    Check { witness: bool },
}

/// Writes reports.
pub struct Printer {
    pub kind: TextKind,
    pub json: bool,
    pub pretty: bool,
    /// CSV rows, `puzzle,solution,status,count`, after a header.
    pub csv: bool,
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

#[derive(Serialize)]
struct JsonRecord<'a> {
    index: usize,
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
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
    nodes: u64,
    updates: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<f64>,
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
        if self.json {
            return self.write_json(out, input, report, line);
        }
        if self.csv {
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
        match self.kind {
            TextKind::Count => match (report.status, report.count) {
                (Status::Error, _) | (_, None) => writeln!(out, "error"),
                (_, Some((count, true))) => writeln!(out, "{count}"),
                (_, Some((count, false))) => writeln!(out, ">={count}"),
            },
            TextKind::Solve if self.pretty => {
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
                (Some((a, b)), true) if self.pretty => {
                    writeln!(
                        out,
                        "{}: multiple solutions, for instance:",
                        self.where_(input, report)
                    )?;
                    write!(out, "{}", draw(a))?;
                    writeln!(out, "and")?;
                    write!(out, "{}", draw(b))?;
                    writeln!(out)
                }
                (Some((a, b)), true) => writeln!(out, "multiple {} {}", line(a), line(b)),
                _ if self.pretty => {
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
        match report.line {
            Some(line) => format!("# {input}, puzzle {} (line {line})", report.index),
            None => format!("# {input}"),
        }
    }

    fn write_json(
        &self,
        out: &mut impl Write,
        input: &str,
        report: &Report,
        line: impl Fn(&Grid) -> String,
    ) -> io::Result<()> {
        let record = JsonRecord {
            index: report.index,
            input,
            line: report.line,
            status: report.status.as_str(),
            solution: report.solution.as_ref().map(&line),
            solutions: report.witnesses.as_ref().map(|(a, b)| [line(a), line(b)]),
            count: report.count.map(|(count, _)| count),
            complete: report.count.map(|(_, complete)| complete),
            error: report.error.as_deref(),
            nodes: report.stats.nodes,
            updates: report.stats.updates,
            // Microseconds are as precise as a clock reading on a busy machine gets.
            time_ms: self
                .stats
                .then_some((report.time.as_secs_f64() * 1e6).round() / 1e3),
        };
        serde_json::to_writer(&mut *out, &record)?;
        writeln!(out)
    }
}
