//! `sudokux candidates`: the true candidates of each puzzle (the library's
//! [`true_candidates`](sudokux::sudoku::true_candidates)), as a pencilmark grid, a pencilmark
//! line or JSON, with solution counts per cell and digit on request.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::Instant;

use serde_json::{json, Value};
use sudokux::sudoku::parse::Item;
use sudokux::sudoku::true_candidates::Tally;
use sudokux::sudoku::{Candidates, Grid, Rules, Solver, TrueCandidates};

use crate::args::CandidatesArgs;
use crate::error::{reader_gone, CliError, Exit};
use crate::input::{
    each_input, read_link, read_puzzle_file, InputFormat, Meter, LINK_FLAGS_IGNORED,
    RULE_FLAGS_IGNORED,
};
use crate::interrupt;
use crate::progress;
use crate::spec::RuleFlags;

/// One puzzle to answer: where it comes from, its rules, givens and candidates.
pub struct Puzzle<'a> {
    pub name: &'a str,
    pub index: usize,
    pub line: Option<usize>,
    pub rules: &'a Rules,
    pub givens: &'a Grid,
    pub candidates: Option<&'a Candidates>,
}

pub fn run(args: CandidatesArgs) -> Result<Exit, CliError> {
    let forced = match args.format {
        Some(flag) => Some(InputFormat::forced(flag).ok_or_else(|| {
            CliError::Usage("--format csv: candidates writes text, lines or JSON".into())
        })?),
        None => None,
    };
    let flags = RuleFlags::checked(&args.rules)?;
    interrupt::install();
    let meter = Meter::default();
    let mut exit = Exit::Ok;
    // Puzzle lines of one size share their rules and matrix.
    let mut solvers: HashMap<usize, (Rules, Solver)> = HashMap::new();
    let mut out = io::stdout().lock();
    let mut index = 0;
    let result = each_input(&args.inputs, &meter, |name, opened| {
        let reader: &mut dyn BufRead = match opened {
            Ok(reader) => reader,
            Err(message) => {
                say!("sudokux: {name}: {message}");
                exit = exit.worse(Exit::BadInput);
                return Ok(());
            }
        };
        match forced.unwrap_or_else(|| InputFormat::detect(name, reader)) {
            InputFormat::Lines(dialect) => {
                for item in flags.reader(reader, dialect).items() {
                    if interrupt::interrupted() {
                        break;
                    }
                    index += 1;
                    let entry = match item {
                        Ok(Item::Puzzle(entry)) => entry,
                        Ok(Item::Link(link)) => {
                            let file = match read_link(&link) {
                                Ok((file, notes)) => {
                                    if flags.given {
                                        say!("sudokux: {name}: {LINK_FLAGS_IGNORED}");
                                    }
                                    for note in notes {
                                        say!("sudokux: {name}: line {}: note: {note}", link.line);
                                    }
                                    file
                                }
                                Err(message) => {
                                    say!("sudokux: {name}: {message}");
                                    exit = exit.worse(Exit::BadInput);
                                    continue;
                                }
                            };
                            let mut solver = Solver::new(file.rules.clone());
                            let puzzle = Puzzle {
                                name,
                                index,
                                line: Some(link.line),
                                rules: &file.rules,
                                givens: &file.givens,
                                candidates: None,
                            };
                            exit = exit.worse(answer(&args, &mut solver, &puzzle, &mut out)?);
                            continue;
                        }
                        Err(error) => {
                            say!("sudokux: {name}: {error}");
                            exit = exit.worse(Exit::BadInput);
                            continue;
                        }
                    };
                    let size = entry.grid.rows();
                    let (rules, solver) = match solvers.entry(size) {
                        Entry::Occupied(known) => known.into_mut(),
                        Entry::Vacant(slot) => match flags.rules(size) {
                            Ok(rules) => {
                                let solver = Solver::new(rules.clone());
                                slot.insert((rules, solver))
                            }
                            Err(message) => {
                                say!("sudokux: {name}: line {}: {message}", entry.line);
                                exit = exit.worse(Exit::BadInput);
                                continue;
                            }
                        },
                    };
                    let puzzle = Puzzle {
                        name,
                        index,
                        line: Some(entry.line),
                        rules,
                        givens: &entry.grid,
                        candidates: entry.candidates.as_ref(),
                    };
                    exit = exit.worse(answer(&args, solver, &puzzle, &mut out)?);
                }
            }
            format => {
                index += 1;
                if flags.given {
                    say!("sudokux: {name}: {RULE_FLAGS_IGNORED}");
                }
                match read_puzzle_file(reader, format) {
                    Ok(file) => {
                        let mut solver = Solver::new(file.rules.clone());
                        let puzzle = Puzzle {
                            name,
                            index,
                            line: None,
                            rules: &file.rules,
                            givens: &file.givens,
                            candidates: None,
                        };
                        exit = exit.worse(answer(&args, &mut solver, &puzzle, &mut out)?);
                    }
                    Err(message) => {
                        say!("sudokux: {name}: {message}");
                        exit = exit.worse(Exit::BadInput);
                    }
                }
            }
        }
        Ok(())
    });
    reader_gone(result.and_then(|()| out.flush()))?;
    Ok(if interrupt::interrupted() {
        Exit::Interrupted
    } else {
        exit
    })
}

/// Answers one puzzle and writes it; its exit code.
fn answer(
    args: &CandidatesArgs,
    solver: &mut Solver,
    puzzle: &Puzzle<'_>,
    out: &mut impl Write,
) -> io::Result<Exit> {
    let at = match puzzle.line {
        Some(line) => format!("{}: line {line}", puzzle.name),
        None => puzzle.name.to_string(),
    };
    let tally = match args.counts {
        true => Tally::Counts {
            limit: Some(args.limit),
        },
        false => Tally::Digits,
    };
    let started = Instant::now();
    let what = format!("{at}: deciding every candidate");
    let found = progress::busy(progress::wanted(args.progress), &what, || {
        solver.true_candidates(
            puzzle.givens,
            puzzle.candidates,
            tally,
            args.limits.budget(),
        )
    });
    let found = match found {
        Ok(found) => found,
        Err(error) => {
            say!("sudokux: {at}: {error}");
            if args.json {
                let record = json!({
                    "index": puzzle.index, "input": puzzle.name, "line": puzzle.line,
                    "status": "error", "error": error.to_string(),
                });
                writeln!(out, "{record}")?;
            }
            return Ok(Exit::BadInput);
        }
    };
    if args.stats {
        say!(
            "sudokux: {at}: {} nodes, {} updates, {:.3} s",
            found.stats.nodes,
            found.stats.updates,
            started.elapsed().as_secs_f64()
        );
    }
    let (status, exit) = status(&found);
    if !found.complete {
        say!(
            "sudokux: {at}: {} stopped the search before every candidate was decided",
            args.limits.describe()
        );
    }
    if args.json {
        writeln!(out, "{}", json_record(puzzle, &found, status))?;
    } else if status == "ok" {
        let text = if args.line {
            format!("{}\n", pencilmark_line(puzzle.rules, &found))
        } else {
            text(puzzle.rules, &found)
        };
        write!(out, "{text}")?;
    } else {
        writeln!(out, "{status}")?;
    }
    Ok(exit)
}

/// What the true candidates say (`ok`, `none`, or `unknown` when a limit stopped the search
/// before every candidate was decided), and its exit code.
pub fn status(found: &TrueCandidates) -> (&'static str, Exit) {
    if !found.complete {
        ("unknown", Exit::Unknown)
    } else if !found.has_solution() {
        ("none", Exit::NotUnique)
    } else {
        ("ok", Exit::Ok)
    }
}

/// The pencil marks as a grid, the settled cells, and with counts one line per unsettled cell.
fn text(rules: &Rules, found: &TrueCandidates) -> String {
    let mut text = found.pencil_marks(rules);
    let cells = rules.cells();
    let settled = cells
        .iter()
        .filter(|&&p| found.masks[p].count_ones() == 1)
        .count();
    text.push_str(&format!("settled: {settled} of {} cells\n", cells.len()));
    if let (Some(total), Some(_)) = (found.solutions, &found.counts) {
        let limit = found.limit;
        text.push_str(&format!("solutions: {}\n", show_count(total, limit)));
        for &p in cells {
            let mask = found.masks[p];
            if mask.count_ones() < 2 {
                continue;
            }
            let counts: Vec<String> = (1..=found.size as u8)
                .filter(|d| mask >> (d - 1) & 1 == 1)
                .map(|d| {
                    let count = found.count(p, d).unwrap_or(0);
                    format!("{}:{}", rules.symbols().name(d), show_count(count, limit))
                })
                .collect();
            text.push_str(&format!("{}: {}\n", rules.cell(p), counts.join(" ")));
        }
    }
    text
}

/// A count, `>=N` when it reached the limit.
fn show_count(count: u128, limit: Option<u128>) -> String {
    match limit {
        Some(l) if count >= l => format!(">={l}"),
        _ => count.to_string(),
    }
}

/// The pencilmark line: each cell's `size` places hold its digit or `.`.
fn pencilmark_line(rules: &Rules, found: &TrueCandidates) -> String {
    let symbols = rules.symbols();
    let mut line = String::new();
    for &mask in &found.masks {
        for d in 1..=found.size as u8 {
            line.push_str(if mask >> (d - 1) & 1 == 1 {
                symbols.name(d)
            } else {
                "."
            });
        }
    }
    line
}

/// One puzzle's JSON object.
pub fn json_record(puzzle: &Puzzle<'_>, found: &TrueCandidates, status: &str) -> Value {
    let digits = |mask: u64| -> Vec<u8> {
        (1..=found.size as u8)
            .filter(|d| mask >> (d - 1) & 1 == 1)
            .collect()
    };
    let mut record = json!({
        "index": puzzle.index,
        "input": puzzle.name,
        "status": status,
        "puzzle": puzzle.rules.format_line(puzzle.givens),
        "candidates": found.masks.iter().map(|&m| digits(m)).collect::<Vec<_>>(),
        "settled": puzzle.rules.cells().iter().filter(|&&p| found.masks[p].count_ones() == 1).count(),
        "complete": found.complete,
        "nodes": found.stats.nodes,
    });
    if let Some(line) = puzzle.line {
        record["line"] = json!(line);
    }
    if let (Some(counts), Some(total)) = (&found.counts, found.solutions) {
        // JSON numbers: counts past u64 (only with such a limit) saturate.
        let number = |c: u128| u64::try_from(c).unwrap_or(u64::MAX);
        let per_cell: Vec<Vec<u64>> = counts
            .chunks(found.size)
            .map(|cell| cell.iter().map(|&c| number(c)).collect())
            .collect();
        record["counts"] = json!(per_cell);
        record["solutions"] = json!(number(total));
        record["limit"] = json!(found.limit.map(number));
    }
    record
}
