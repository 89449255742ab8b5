//! `--split K` and `--count-shard` of `xc` and `count`: one count spread over processes or
//! machines.
//!
//! `--split K` fixes the first K choices of the search (as a count on several threads does)
//! and writes one JSON line per shard: the problem itself (Knuth's text, or the puzzle as a
//! TOML puzzle file with its rules) and the choices, option numbers counted from 0 in the
//! problem's order. Each line is self-contained, so any engine's pipe operator can hand it to
//! `sudokux xc --count-shard` (or `count --count-shard`, the same reader) on any machine,
//! which writes one JSON line per shard with its exact count. The counts add up to the total.
//!
//! An empty grid of plain boxes is counted band by band (`sudokux::sudoku::bands`), which no
//! search split can shorten: its shards are the classes of its top band instead (kind
//! `bands`, one class per shard, 63 for 9x9), and each shard's count line records the class
//! it counted, so that `--count-shard --resume FILE` counts again only the shards FILE does not
//! hold complete.

use std::collections::HashMap;
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use sudokux::sudoku::bands::{Plan, Shape};
use sudokux::sudoku::file::{from_toml, to_toml};
use sudokux::sudoku::{Grid, Solver};
use sudokux::xc::knuth::{read, KnuthProblem};
use sudokux::xc::{Budget, Count, CountOptions, OptionId, Shards, Stats, Watch};

use crate::args::InputArgs;
use crate::error::{CliError, Exit};
use crate::input::{self, load_puzzle, OpenError};
use crate::interrupt::{self, INTERRUPT};

/// What a shard's problem is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Kind {
    /// An exact-cover problem in Knuth's format.
    Xc,
    /// A sudoku puzzle as a TOML puzzle file, with its rules.
    Sudoku,
    /// The empty grid of a TOML puzzle file of plain boxes, counted band by band: the choices
    /// are classes of its top band (numbered from 0).
    Bands,
}

/// One line of `--split`: a shard, self-contained.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShardLine {
    /// What `problem` is written in.
    kind: Kind,
    /// The shard's number, from 1.
    shard: usize,
    /// How many shards the count was split into.
    shards: usize,
    /// The split depth asked for.
    depth: usize,
    /// The options chosen, numbered from 0 in the problem's order (for a puzzle, in the order
    /// of its exact-cover encoding), below the givens.
    choices: Vec<u32>,
    /// The problem: Knuth's text, or a TOML puzzle file.
    problem: String,
}

/// One line of `--count-shard`: a shard's count, with what it counted (read back by
/// `--resume`).
#[derive(Serialize, Deserialize)]
struct ShardCount {
    /// The shard's kind and choices, as its line had them (lines written before they were
    /// recorded have neither, and are never taken as done).
    #[serde(default)]
    kind: Option<Kind>,
    shard: usize,
    shards: usize,
    #[serde(default)]
    choices: Option<Vec<u32>>,
    /// Exact unless `complete` is false (stopped by Ctrl-C: a lower bound).
    count: u128,
    complete: bool,
    #[serde(default)]
    nodes: u64,
    #[serde(default)]
    updates: u64,
}

/// Writes the shards of a problem, one JSON line each.
fn write_shards(kind: Kind, problem: &str, depth: usize, shards: &Shards) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (k, choices) in shards.choices.iter().enumerate() {
        let line = ShardLine {
            kind,
            shard: k + 1,
            shards: shards.choices.len(),
            depth,
            choices: choices.iter().map(|o| o.0).collect(),
            problem: problem.to_string(),
        };
        serde_json::to_writer(&mut out, &line)?;
        writeln!(out)?;
    }
    out.flush()
}

/// A closed pipe ends the output quietly; other write errors are errors.
fn finish(written: io::Result<()>) -> Result<(), CliError> {
    match written {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => Err(error.into()),
        _ => Ok(()),
    }
}

/// `sudokux xc --split K [FILE]`.
pub fn split_xc(input: Option<&Path>, depth: usize) -> Result<Exit, CliError> {
    let name = input::name(input);
    let mut text = String::new();
    let read_text = if name == "-" {
        io::stdin().lock().read_to_string(&mut text).map(drop)
    } else {
        match input::open(Path::new(&name)) {
            Ok(mut file) => file.read_to_string(&mut text).map(drop),
            Err(OpenError::Directory) => Err(io::Error::other("is a directory")),
            Err(OpenError::Io(error)) => Err(error),
        }
    };
    let input_error = |message: String| CliError::Input {
        name: name.clone(),
        message,
    };
    read_text.map_err(|e| input_error(e.to_string()))?;
    let mut problem = read(text.as_bytes()).map_err(|e| input_error(e.to_string()))?;
    let shards = problem.solver.parts().0.shards(depth);
    finish(write_shards(Kind::Xc, &text, depth, &shards))?;
    Ok(Exit::Ok)
}

/// `sudokux count --split K [FILE]`: the first puzzle of the input, with its rules.
pub fn split_puzzle(input: &InputArgs, depth: usize) -> Result<Exit, CliError> {
    if input.inputs.len() > 1 {
        return Err(CliError::Usage(
            "--split: one input at most (its first puzzle is split)".into(),
        ));
    }
    let puzzle = load_puzzle(input.inputs.first().map(|p| p.as_path()), 1, &input.rules)?;
    let text = to_toml(&puzzle.rules, &puzzle.givens);
    let empty = puzzle.givens.cells().iter().all(|&d| d == 0);
    if let Some(shape) = Shape::of(&puzzle.rules).filter(|_| empty && !input.no_symmetry) {
        // Counted band by band: one shard per class of the top band (all of them at depth 0).
        let plan = Plan::new(&shape.oriented(), &Watch::new(), Budget::UNLIMITED);
        let classes: Vec<u32> = (0..plan.classes().len() as u32).collect();
        let choices: Vec<Vec<OptionId>> = if depth == 0 {
            vec![classes.into_iter().map(OptionId).collect()]
        } else {
            classes.into_iter().map(|k| vec![OptionId(k)]).collect()
        };
        let shards = Shards {
            choices,
            stats: Stats {
                nodes: plan.nodes(),
                ..Stats::default()
            },
        };
        finish(write_shards(Kind::Bands, &text, depth.min(1), &shards))?;
        return Ok(Exit::Ok);
    }
    let mut solver = Solver::new(puzzle.rules.clone());
    let shards = solver
        .shards(&puzzle.givens, depth)
        .map_err(|e| puzzle.error(format!("{}{e}", puzzle.at())))?;
    finish(write_shards(Kind::Sudoku, &text, depth, &shards))?;
    Ok(Exit::Ok)
}

/// The problem of the last shard read, kept while the next shards share it.
enum Loaded {
    Xc(Box<KnuthProblem>),
    Sudoku(Box<Solver>, Grid),
    /// The top band of an empty grid of plain boxes (incomplete when Ctrl-C stopped it).
    Bands(Box<Plan>),
}

impl Loaded {
    fn new(kind: Kind, text: &str) -> Result<Loaded, String> {
        Ok(match kind {
            Kind::Xc => Loaded::Xc(Box::new(read(text.as_bytes()).map_err(|e| e.to_string())?)),
            Kind::Sudoku => {
                let file = from_toml(text).map_err(|e| e.to_string())?;
                Loaded::Sudoku(Box::new(Solver::new(file.rules)), file.givens)
            }
            Kind::Bands => {
                let file = from_toml(text).map_err(|e| e.to_string())?;
                let shape = Shape::of(&file.rules)
                    .filter(|_| file.givens.cells().iter().all(|&d| d == 0))
                    .ok_or("a shard of kind bands needs an empty grid of plain boxes")?;
                let budget = Budget {
                    stop: Some(&INTERRUPT),
                    ..Budget::UNLIMITED
                };
                Loaded::Bands(Box::new(Plan::new(
                    &shape.oriented(),
                    &Watch::new(),
                    budget,
                )))
            }
        })
    }

    fn count(&mut self, choices: &[OptionId]) -> Result<Count, String> {
        let options = CountOptions::new().budget(Budget {
            stop: Some(&INTERRUPT),
            ..Budget::UNLIMITED
        });
        match self {
            Loaded::Xc(problem) => problem
                .solver
                .parts()
                .0
                .count_shard(choices, options)
                .map_err(|e| format!("the shard does not fit its problem: {e}")),
            Loaded::Sudoku(solver, givens) => solver
                .count_shard(givens, choices, options)
                .map(|answer| Count {
                    count: answer.count,
                    complete: answer.complete,
                    stats: answer.stats,
                })
                .map_err(|e| e.to_string()),
            Loaded::Bands(plan) => {
                if !plan.complete() {
                    // Ctrl-C stopped the top band: nothing of the shard is counted.
                    return Ok(Count {
                        count: 0,
                        complete: false,
                        stats: Stats {
                            nodes: plan.nodes(),
                            ..Stats::default()
                        },
                    });
                }
                let classes: Vec<usize> = choices.iter().map(|o| o.0 as usize).collect();
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                let budget = Budget {
                    stop: Some(&INTERRUPT),
                    ..Budget::UNLIMITED
                };
                let counted = plan
                    .count(&classes, threads, &Watch::new(), budget)
                    .map_err(|e| format!("the shard does not fit its problem: {e}"))?;
                Ok(Count {
                    count: counted.count,
                    complete: counted.complete,
                    stats: Stats {
                        nodes: counted.nodes,
                        updates: 0,
                        solutions: counted.count,
                    },
                })
            }
        }
    }
}

/// The shards an earlier `--count-shard` counted whole, from its lines in `path` (none when
/// the file does not exist), by kind, number and choices.
type Done = HashMap<(Kind, usize, usize, Vec<u32>), u128>;

fn read_done(path: &Path) -> Result<Done, CliError> {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(CliError::Input {
                name,
                message: error.to_string(),
            })
        }
    };
    let mut done = Done::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record: ShardCount = serde_json::from_str(line).map_err(|e| CliError::Input {
            name: name.clone(),
            message: format!("line {}: not a line of --count-shard: {e}", n + 1),
        })?;
        if let (true, Some(kind), Some(choices)) = (record.complete, record.kind, record.choices) {
            done.insert((kind, record.shard, record.shards, choices), record.count);
        }
    }
    Ok(done)
}

/// `--count-shard`: counts every shard read on stdin, but those `resume`'s file holds
/// complete.
pub fn count_shards(resume: Option<&Path>) -> Result<Exit, CliError> {
    interrupt::install();
    let done = resume.map(read_done).transpose()?.unwrap_or_default();
    // With --resume: shards seen, and the total of those counted whole (earlier or now).
    let (mut seen, mut whole, mut total, mut of) = (0usize, 0usize, 0u128, 0usize);
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut loaded: Option<(Kind, String, Loaded)> = None;
    for (n, line) in stdin.lock().lines().enumerate() {
        let at = |message: String| CliError::Input {
            name: "-".into(),
            message: format!("line {}: {message}", n + 1),
        };
        let line = line.map_err(|e| at(e.to_string()))?;
        if line.trim().is_empty() {
            continue;
        }
        let shard: ShardLine =
            serde_json::from_str(&line).map_err(|e| at(format!("not a shard line: {e}")))?;
        seen += 1;
        of = shard.shards;
        let key = (shard.kind, shard.shard, shard.shards, shard.choices.clone());
        if let Some(&count) = done.get(&key) {
            whole += 1;
            total = total.saturating_add(count);
            continue;
        }
        let cached = loaded
            .take()
            .filter(|(kind, text, _)| *kind == shard.kind && *text == shard.problem);
        let (kind, text, mut problem) = match cached {
            Some(cached) => cached,
            None => {
                let problem = Loaded::new(shard.kind, &shard.problem).map_err(at)?;
                (shard.kind, shard.problem, problem)
            }
        };
        let choices: Vec<OptionId> = shard.choices.iter().copied().map(OptionId).collect();
        let count = problem.count(&choices).map_err(at)?;
        loaded = Some((kind, text, problem));
        let record = ShardCount {
            kind: Some(shard.kind),
            shard: shard.shard,
            shards: shard.shards,
            choices: Some(shard.choices),
            count: count.count,
            complete: count.complete,
            nodes: count.stats.nodes,
            updates: count.stats.updates,
        };
        let written = serde_json::to_writer(&mut out, &record)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush());
        if let Err(error) = written {
            finish(Err(error))?;
            return Ok(Exit::Ok);
        }
        if count.complete {
            whole += 1;
            total = total.saturating_add(count.count);
        }
        if !count.complete {
            say!(
                "sudokux: -: line {}: interrupted after {} nodes: the shard's count is a lower bound",
                n + 1,
                count.stats.nodes
            );
            return Ok(Exit::Interrupted);
        }
    }
    if resume.is_some() {
        if whole == seen && seen == of {
            say!("sudokux: all {of} shards counted: {total} in all");
        } else {
            say!(
                "sudokux: {whole} of {of} shards counted ({} read): {total} so far, a lower bound",
                seen
            );
        }
    }
    Ok(Exit::Ok)
}
