//! `sudokux xc`: exact cover in Knuth's format.

use std::io::{self, BufReader, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;
use sudokux::xc::knuth::{read, KnuthProblem};
use sudokux::xc::{CountOptions, Progress, Stats, Watch};

use crate::args::XcArgs;
use crate::error::{reader_gone, CliError, Exit};
use crate::input::{self, OpenError};
use crate::interrupt;
use crate::progress;

#[derive(Serialize)]
struct SolutionRecord<'a> {
    solution: u128,
    options: Vec<&'a str>,
}

#[derive(Serialize)]
struct Summary {
    status: &'static str,
    count: u128,
    complete: bool,
    nodes: u64,
    updates: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<f64>,
}

/// How often the progress line may change.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

pub fn run(args: XcArgs) -> Result<Exit, CliError> {
    let name = input::name(args.input.as_deref());
    let parsed = if name == "-" {
        input::prompt("an exact-cover problem in Knuth's format");
        read(io::stdin().lock())
    } else {
        match input::open(Path::new(&name)) {
            Ok(file) => read(BufReader::new(file)),
            Err(OpenError::Directory) => {
                say!("sudokux: {name}: is a directory");
                return Ok(Exit::BadInput);
            }
            Err(OpenError::Io(error)) => {
                say!("sudokux: {name}: {error}");
                return Ok(Exit::BadInput);
            }
        }
    };
    let mut problem = match parsed {
        Ok(problem) => problem,
        Err(error) => {
            say!("sudokux: {name}: {error}");
            return Ok(Exit::BadInput);
        }
    };
    if let Some(k) = args.domination {
        problem
            .solver
            .parts()
            .0
            .set_domination((k >= 2).then_some(k));
    }
    // The first Ctrl-C stops the search with what it found; a second one quits at once.
    interrupt::install();
    let stdout = io::stdout();
    let show_progress = args.progress || (io::stderr().is_terminal() && stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    let started = Instant::now();
    if args.count {
        return count(&args, &name, &mut problem, &mut out, show_progress);
    }
    let (dlx, labels) = problem.solver.parts();
    let mut search = dlx.search();
    search.bound(args.limits.budget());
    if show_progress {
        // The first report comes at the first check, later ones at most every PROGRESS_EVERY.
        let mut last: Option<Instant> = None;
        search.on_progress(1 << 14, move |progress: &Progress| {
            if last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY) {
                last = Some(Instant::now());
                let seconds = started.elapsed().as_secs_f64().max(1e-9);
                crate::error::to_stderr(format_args!(
                    "\r\x1b[K{:6.2}% explored, {} solutions, {:.1}M nodes, {:.1}M nodes/s",
                    progress.explored * 100.0,
                    progress.stats.solutions,
                    progress.stats.nodes as f64 / 1e6,
                    progress.stats.nodes as f64 / 1e6 / seconds
                ));
            }
            ControlFlow::Continue(())
        });
    }
    let clear = |shown: bool| {
        if shown {
            crate::error::to_stderr(format_args!("\r\x1b[K"));
        }
    };
    let mut count: u128 = 0;
    let mut complete = true;
    let result: io::Result<()> = (|| {
        if args.limit == Some(0) {
            complete = false;
            return Ok(());
        }
        while let Some(solution) = search.next_solution() {
            count += 1;
            if !args.count {
                clear(show_progress);
                let options: Vec<&str> = solution
                    .iter()
                    .map(|id| labels[id.index()].as_str())
                    .collect();
                if args.json {
                    serde_json::to_writer(
                        &mut out,
                        &SolutionRecord {
                            solution: count,
                            options,
                        },
                    )?;
                    writeln!(out)?;
                } else {
                    if count > 1 {
                        writeln!(out)?;
                    }
                    for option in options {
                        writeln!(out, "{option}")?;
                    }
                }
            }
            if Some(count) == args.limit {
                complete = false;
                break;
            }
        }
        Ok(())
    })();
    let stats = search.stats();
    // Stopped by --timeout or --max-nodes: what was found is a lower bound.
    let unknown = search.stopped();
    complete &= !unknown;
    drop(search);
    clear(show_progress);
    let elapsed = started.elapsed();
    let finish = result.and_then(|()| {
        if args.json {
            let summary = Summary {
                status: match (unknown, count) {
                    (true, _) => "unknown",
                    (false, 0) => "none",
                    (false, _) => "solved",
                },
                count,
                complete,
                nodes: stats.nodes,
                updates: stats.updates,
                time_ms: args.stats.then_some(elapsed.as_secs_f64() * 1e3),
            };
            serde_json::to_writer(&mut out, &summary)?;
            writeln!(out)?;
        } else if args.count {
            if complete {
                writeln!(out, "{count}")?;
            } else {
                writeln!(out, ">={count}")?;
            }
        }
        out.flush()
    });
    reader_gone(finish)?;
    let outcome = Outcome {
        count,
        complete,
        unknown,
        stats,
        elapsed,
    };
    Ok(outcome.report(&args, &name, &problem))
}

/// How a search or a count ended, for the messages, `--stats` and the exit code.
struct Outcome {
    /// Solutions found (a lower bound unless `complete`).
    count: u128,
    /// Every solution counted: neither `--limit` nor a budget stopped it.
    complete: bool,
    /// Stopped by `--timeout`, `--max-nodes` or Ctrl-C.
    unknown: bool,
    stats: Stats,
    elapsed: Duration,
}

impl Outcome {
    /// Says on stderr what stopped the search and, with `--stats`, its work; the exit code.
    fn report(&self, args: &XcArgs, name: &str, problem: &KnuthProblem) -> Exit {
        let Outcome {
            count,
            complete,
            unknown,
            stats,
            elapsed,
        } = *self;
        let interrupted = unknown && interrupt::interrupted();
        if interrupted {
            say!(
                "sudokux: {name}: interrupted after {} nodes and {count} solutions",
                stats.nodes
            );
        } else if unknown {
            say!(
                "sudokux: {name}: unknown: {} stopped the search after {} nodes and {count} solutions",
                args.limits.describe(),
                stats.nodes
            );
        }
        if args.stats {
            say!(
                "stats: {} items ({} primary), {} options; {count}{} solutions, {} nodes, {} updates, {:.3} s",
                problem.primary + problem.secondary,
                problem.primary,
                problem.options,
                match (unknown, complete) {
                    (true, _) => " (stopped: a lower bound)",
                    (false, true) => "",
                    (false, false) => " (limit reached)",
                },
                stats.nodes,
                stats.updates,
                elapsed.as_secs_f64()
            );
        }
        if interrupted {
            Exit::Interrupted
        } else if unknown {
            Exit::Unknown
        } else if count == 0 {
            Exit::NotUnique
        } else {
            Exit::Ok
        }
    }
}

/// `--count`: no solution is printed, so the engine's counting path counts
/// them ([`Dlx::count`](sudokux::xc::Dlx::count): subproblems remembered, the tree split
/// across `--jobs` threads) rather than visiting them one by one. `--limit`, `--timeout`,
/// `--max-nodes` and Ctrl-C stop it as they stop the search; the progress line is the count's.
fn count(
    args: &XcArgs,
    name: &str,
    problem: &mut KnuthProblem,
    out: &mut impl Write,
    show_progress: bool,
) -> Result<Exit, CliError> {
    let started = Instant::now();
    let threads = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let watch = Watch::new();
    let counted = progress::count(show_progress, &watch, || {
        let options = CountOptions::new()
            .limit(args.limit)
            .threads(threads)
            .watch(&watch)
            .budget(args.limits.budget());
        problem.solver.count(options)
    });
    let limit_reached = args.limit.is_some_and(|limit| counted.count >= limit);
    let outcome = Outcome {
        count: counted.count,
        complete: counted.complete,
        unknown: !counted.complete && !limit_reached,
        stats: counted.stats,
        elapsed: started.elapsed(),
    };
    let written = if args.json {
        let summary = Summary {
            status: match (outcome.unknown, outcome.count) {
                (true, _) => "unknown",
                (false, 0) => "none",
                (false, _) => "solved",
            },
            count: outcome.count,
            complete: outcome.complete,
            nodes: outcome.stats.nodes,
            updates: outcome.stats.updates,
            time_ms: args.stats.then_some(outcome.elapsed.as_secs_f64() * 1e3),
        };
        serde_json::to_writer(&mut *out, &summary)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out))
    } else if outcome.complete {
        writeln!(out, "{}", outcome.count)
    } else {
        writeln!(out, ">={}", outcome.count)
    };
    reader_gone(written.and_then(|()| out.flush()))?;
    Ok(outcome.report(args, name, problem))
}
