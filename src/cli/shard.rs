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
//! `bands`, one class per shard, 63 for 9x9), or for `--split K` past the classes, K pieces of
//! classes of about one cost (`first`: the choices of the second band's first stack). Each
//! shard line and each count line records the plan it belongs to (`plan`: the boxes counted,
//! the version of the plan, its classes) and the split, so that `--count-shard --resume FILE`
//! counts again only the shards FILE does not hold complete, and refuses a FILE counted under
//! another plan or split (its shards name other work).

use std::collections::HashMap;
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use sudokux::sudoku::bands::{Piece, Plan, Shape, PLAN_VERSION};
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
    /// Kind `bands`: the plan the class numbers belong to (none on lines of plan version 1,
    /// one shard per class, which this version counts the same).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    plan: Option<PlanTag>,
    /// Kind `bands`, one class: the choices `[from, to)` of its second band's first stack
    /// (a piece of the class); none for whole classes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first: Option<[usize; 2]>,
}

/// What a band shard's class numbers mean: the boxes the count goes through (`3x3`; a grid of
/// 4x2 boxes is counted as 2x4), the version of the plan's numbering ([`PLAN_VERSION`]) and
/// the classes of its top band.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanTag {
    boxes: String,
    version: u32,
    classes: usize,
}

impl PlanTag {
    fn of(plan: &Plan) -> PlanTag {
        PlanTag {
            boxes: format!("{}x{}", plan.shape().rows, plan.shape().cols),
            version: PLAN_VERSION,
            classes: plan.classes().len(),
        }
    }
}

/// A band plan as a message says it: `3x3 boxes, plan version 2, 63 classes`.
fn describe(plan: Option<&PlanTag>) -> String {
    match plan {
        Some(tag) => format!(
            "{} boxes, plan version {}, {} classes",
            tag.boxes, tag.version, tag.classes
        ),
        None => "plan version 1, no plan recorded".into(),
    }
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
    /// Kind `bands`: the split asked for, the plan and the piece, as the shard's line had them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    split: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    plan: Option<PlanTag>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first: Option<[usize; 2]>,
    /// Exact unless `complete` is false (stopped by Ctrl-C: a lower bound).
    count: u128,
    complete: bool,
    #[serde(default)]
    nodes: u64,
    #[serde(default)]
    updates: u64,
}

/// Writes the shards of a problem, one JSON line each; band shards with their plan and the
/// pieces (`firsts`, one per shard) they take of their classes.
fn write_shards(
    kind: Kind,
    problem: &str,
    depth: usize,
    shards: &Shards,
    bands: Option<(&PlanTag, &[Option<[usize; 2]>])>,
) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (k, choices) in shards.choices.iter().enumerate() {
        let line = ShardLine {
            kind,
            shard: k + 1,
            shards: shards.choices.len(),
            depth,
            choices: choices.iter().map(|o| o.0).collect(),
            problem: problem.to_string(),
            plan: bands.map(|(tag, _)| tag.clone()),
            first: bands.and_then(|(_, firsts)| firsts.get(k).copied().flatten()),
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
    finish(write_shards(Kind::Xc, &text, depth, &shards, None))?;
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
        // Counted band by band: one shard per class of the top band (all of them at depth 0),
        // or pieces of classes past that (`Plan::shards`).
        let plan = Plan::new(&shape.oriented(), &Watch::new(), Budget::UNLIMITED);
        let pieces = plan.shards(depth);
        let choices: Vec<Vec<OptionId>> = pieces
            .iter()
            .map(|shard| shard.iter().map(|p| OptionId(p.class as u32)).collect())
            .collect();
        let firsts: Vec<Option<[usize; 2]>> = pieces
            .iter()
            .map(|shard| match shard.as_slice() {
                [Piece {
                    first: Some(first), ..
                }] => Some([first.start, first.end]),
                _ => None,
            })
            .collect();
        let shards = Shards {
            choices,
            stats: Stats {
                nodes: plan.nodes(),
                ..Stats::default()
            },
        };
        let tag = PlanTag::of(&plan);
        finish(write_shards(
            Kind::Bands,
            &text,
            depth,
            &shards,
            Some((&tag, &firsts)),
        ))?;
        return Ok(Exit::Ok);
    }
    let mut solver = Solver::new(puzzle.rules.clone());
    let shards = solver
        .shards(&puzzle.givens, depth)
        .map_err(|e| puzzle.error(format!("{}{e}", puzzle.at())))?;
    finish(write_shards(Kind::Sudoku, &text, depth, &shards, None))?;
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

    /// Counts the shard `line` of this problem.
    fn count(&mut self, line: &ShardLine) -> Result<Count, String> {
        let choices: Vec<OptionId> = line.choices.iter().copied().map(OptionId).collect();
        let choices = choices.as_slice();
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
                // A shard of another plan names other work: refused, never counted.
                let tag = PlanTag::of(plan);
                if let Some(theirs) = line.plan.as_ref().filter(|&theirs| *theirs != tag) {
                    return Err(format!(
                        "the shard belongs to another plan ({}) than this version counts ({}): split the count again with this version",
                        describe(Some(theirs)),
                        describe(Some(&tag))
                    ));
                }
                let pieces: Vec<Piece> = match line.first {
                    None => choices.iter().map(|o| Piece::whole(o.0 as usize)).collect(),
                    Some([from, to]) => match choices {
                        [class] => vec![Piece {
                            class: class.0 as usize,
                            first: Some(from..to),
                        }],
                        _ => return Err("a shard with `first` takes exactly one class".into()),
                    },
                };
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                let budget = Budget {
                    stop: Some(&INTERRUPT),
                    ..Budget::UNLIMITED
                };
                let counted = plan
                    .count_pieces(&pieces, threads, &Watch::new(), budget)
                    .map_err(|e| format!("the shard does not fit its problem: {e}"))?;
                Ok(Count {
                    count: counted.count,
                    complete: counted.complete,
                    stats: Stats {
                        nodes: counted.nodes,
                        solutions: counted.count,
                        // A shard file keeps its nodes only.
                        ..Stats::default()
                    },
                })
            }
        }
    }
}

/// A shard by kind, number, shards, choices and piece of its class.
type Key = (Kind, usize, usize, Vec<u32>, Option<[usize; 2]>);

/// What an earlier `--count-shard` wrote, from its lines in a file (none when the file does
/// not exist).
#[derive(Default)]
struct Done {
    /// The file's name, for errors.
    name: String,
    /// The shards counted whole, and their counts.
    counts: HashMap<Key, u128>,
    /// Kind `bands`: the first line of each plan and split that the lines belong to (line
    /// number from 1, plan, shards, split).
    plans: Vec<(usize, Option<PlanTag>, usize, Option<usize>)>,
}

impl Done {
    fn read(path: &Path) -> Result<Done, CliError> {
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
        let mut done = Done {
            name,
            ..Done::default()
        };
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let record: ShardCount = serde_json::from_str(line).map_err(|e| CliError::Input {
                name: done.name.clone(),
                message: format!("line {}: not a line of --count-shard: {e}", n + 1),
            })?;
            if record.kind == Some(Kind::Bands) {
                let plan = (record.plan.clone(), record.shards, record.split);
                if !done
                    .plans
                    .iter()
                    .any(|(_, p, k, d)| (p, k, d) == (&plan.0, &plan.1, &plan.2))
                {
                    done.plans.push((n + 1, plan.0, plan.1, plan.2));
                }
            }
            if let (true, Some(kind), Some(choices)) =
                (record.complete, record.kind, record.choices)
            {
                let key = (kind, record.shard, record.shards, choices, record.first);
                done.counts.insert(key, record.count);
            }
        }
        Ok(done)
    }

    /// Refuses a file whose band counts belong to another plan or split than `shard`: their
    /// shard numbers name other work, and taking them would count some grids twice and
    /// others never.
    fn check_plan(&self, shard: &ShardLine) -> Result<(), CliError> {
        let other = self.plans.iter().find(|(_, plan, shards, split)| {
            *plan != shard.plan
                || *shards != shard.shards
                || split.is_some_and(|k| k != shard.depth)
        });
        let Some((line, plan, shards, split)) = other else {
            return Ok(());
        };
        let split = split.map_or(String::new(), |k| format!(" of --split {k}"));
        Err(CliError::Input {
            name: self.name.clone(),
            message: format!(
                "line {line}: counts of another plan or split ({}, {shards} shards{split}) than the shards read ({}, {} shards of --split {}): resume from the counts of the same split, or count into another file",
                describe(plan.as_ref()),
                describe(shard.plan.as_ref()),
                shard.shards,
                shard.depth,
            ),
        })
    }
}

/// `--count-shard`: counts every shard read on stdin, but those `resume`'s file holds
/// complete.
pub fn count_shards(resume: Option<&Path>) -> Result<Exit, CliError> {
    interrupt::install();
    let done = resume.map(Done::read).transpose()?.unwrap_or_default();
    // The plan and split of the band shards checked against the file's last.
    let mut checked: Option<(Option<PlanTag>, usize, usize)> = None;
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
        let mut shard: ShardLine =
            serde_json::from_str(&line).map_err(|e| at(format!("not a shard line: {e}")))?;
        seen += 1;
        of = shard.shards;
        if shard.kind == Kind::Bands {
            let plan = (shard.plan.clone(), shard.shards, shard.depth);
            if checked.as_ref() != Some(&plan) {
                done.check_plan(&shard)?;
                checked = Some(plan);
            }
        }
        let key = (
            shard.kind,
            shard.shard,
            shard.shards,
            shard.choices.clone(),
            shard.first,
        );
        if let Some(&count) = done.counts.get(&key) {
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
                (shard.kind, std::mem::take(&mut shard.problem), problem)
            }
        };
        let count = problem.count(&shard).map_err(at)?;
        loaded = Some((kind, text, problem));
        let bands = shard.kind == Kind::Bands;
        let record = ShardCount {
            kind: Some(shard.kind),
            shard: shard.shard,
            shards: shard.shards,
            choices: Some(shard.choices),
            split: bands.then_some(shard.depth),
            plan: shard.plan,
            first: shard.first,
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
