//! `sudokux solve`, `count` and `check`: every puzzle of every input answered, puzzle lines
//! by the batch runner ([`crate::batch`]), puzzle files with rules one by one; answers in
//! input order on stdout or in `--output FILE`, a summary on stderr.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::answer::{answer, make_engine, Engines};
use crate::args::{EngineKind, FormatFlag, InputArgs};
use crate::batch::read_lines;
use crate::error::{reader_gone, CliError, Exit};
use crate::input::{each_input, read_puzzle_file_noting, InputFormat, Meter, RULE_FLAGS_IGNORED};
use crate::interrupt;
use crate::outfile::Out;
use crate::output::{OutputFormat, Printer, Sink, TextKind, CSV_HEADER};
use crate::progress;
use crate::report::{Report, Setup, Task};
use crate::spec::RuleFlags;

/// Runs `task` over every puzzle of the inputs; `pretty` draws boxed grids.
pub fn run(input: InputArgs, task: Task, pretty: bool) -> Result<Exit, CliError> {
    let csv = input.format.contains(&FormatFlag::Csv);
    let mut forced = input.format.iter().filter_map(|&f| InputFormat::forced(f));
    let input_format = forced.next();
    if forced.any(|f| Some(f) != input_format) {
        return Err(CliError::Usage(
            "--format: one input format at most (and csv for the output)".into(),
        ));
    }
    let output_format = OutputFormat::of(input.json, pretty, csv)?;
    interrupt::install();
    let jobs = match input.jobs {
        Some(jobs) => jobs,
        // Typing puzzles at a terminal: answer each line as it comes.
        None if input.inputs.is_empty() && io::stdin().is_terminal() => 1,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let flags = RuleFlags::checked(&input.rules)?;
    let mut pool = (0..jobs)
        .map(|_| Engines::new(input.engine, !input.no_symmetry, flags.clone()))
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
    let printer = Printer {
        kind: TextKind::of(task),
        format: output_format,
        stats: input.stats,
    };
    // A bar redrawn over what a person types would garble it: none then, unless asked.
    let progress = progress::wanted(input.progress)
        && (input.progress || !crate::input::typing(&input.inputs));
    let interactive = out.is_terminal();
    let mut sink = Sink::new(out, interactive, printer, task, input.limits, progress);
    let started = Instant::now();

    let header = if csv {
        writeln!(sink.out, "{CSV_HEADER}")
    } else {
        Ok(())
    };
    let meter = Meter::default();
    let result = header.and_then(|()| {
        each_input(&input.inputs, &meter, |name, opened| match opened {
            Err(message) => sink.report(name, None, &Report::error(0, None, message)),
            Ok(reader) => match input_format.unwrap_or_else(|| InputFormat::detect(name, reader)) {
                InputFormat::Lines(dialect) => {
                    read_lines(name, reader, dialect, &meter, &mut pool, &mut sink)
                }
                format => {
                    if flags.given {
                        sink.note(name, RULE_FLAGS_IGNORED)?;
                    }
                    let engine = (input.engine, !input.no_symmetry);
                    read_rule_file(name, reader, format, engine, &mut sink)
                }
            },
        })
    });
    let flushed = result.and_then(|()| {
        sink.out.flush()?;
        sink.err.flush()
    });
    if reader_gone(flushed)? {
        return Ok(sink.exit);
    }
    if input.stats {
        say!("{}", sink.totals.summary(started.elapsed()));
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
            say!("sudokux: the answers found before the interruption are in {path}");
        }
    }
    if !input.quiet && (sink.tally.read + sink.tally.unreadable > 1 || interrupted) {
        say!("sudokux: {}", sink.tally.summary(started.elapsed()));
    }
    if interrupted {
        return Ok(Exit::Interrupted);
    }
    Ok(sink.exit)
}

/// A puzzle file with its rules: one puzzle.
fn read_rule_file<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    format: InputFormat,
    (kind, symmetry): (EngineKind, bool),
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let mut notes = Vec::new();
    let reading = Instant::now();
    match read_puzzle_file_noting(reader, format, &mut notes) {
        Ok(file) => {
            let read = reading.elapsed();
            let building = Instant::now();
            let mut engine = make_engine(kind, symmetry, file.rules);
            let build = building.elapsed();
            let job = (sink.task, sink.limits);
            let mut report = answer(engine.as_mut(), job, &file.givens, None);
            report.setup = Some(Setup { read, build });
            report.index = 1;
            report.puzzle = Some(file.givens);
            report.meta = file.meta;
            report.notes = notes;
            sink.report(name, Some(engine.rules()), &report)
        }
        Err(message) => sink.report(name, None, &Report::error(1, None, message)),
    }
}
