//! `sudokux xc`: exact cover in Knuth's format.

use std::io::{self, BufReader, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;
use sudokux::xc::knuth::read;
use sudokux::xc::Progress;

use crate::args::XcArgs;
use crate::error::{reader_gone, CliError, Exit};
use crate::input::{self, OpenError};
use crate::interrupt;

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
    // The first Ctrl-C stops the search with what it found; a second one quits at once.
    interrupt::install();
    let stdout = io::stdout();
    let show_progress = args.progress || (io::stderr().is_terminal() && stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    let started = Instant::now();
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
    Ok(if interrupted {
        Exit::Interrupted
    } else if unknown {
        Exit::Unknown
    } else if count == 0 {
        Exit::NotUnique
    } else {
        Exit::Ok
    })
}
