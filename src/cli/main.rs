//! The `sudokux` command line: solve, count, check and draw sudoku puzzles.
//!
//! The layers, each file using only those below it:
//!
//! - `main.rs`: parses the arguments and hands each command to its file;
//! - one file per command: `solve.rs` (`solve`, `count`, `check`), `candidates.rs`,
//!   `render.rs`, `explain.rs` (`explain`, `hint`), `generate.rs`, `convert.rs`, `xc.rs`,
//!   `shell.rs` (`completions`, `man`), `serve/` (the web page and its JSON API, answering
//!   through the same functions as the commands); `shard.rs` (`--split` and `--count-shard` of `count`
//!   and `xc`);
//! - what the batch commands share: `batch.rs` (the worker threads: puzzle lines answered in
//!   batches, in input order; also `generate`'s), `answer.rs` (one puzzle answered by an
//!   engine), `output.rs` (answers written as text, boxed grids, JSON or CSV), `report.rs`
//!   (what became of a puzzle), `outfile.rs` (`--output FILE`), `progress.rs` (bars on
//!   stderr);
//! - what every puzzle command shares: `input.rs` (files and stdin, the input format, puzzle
//!   files, the one puzzle of `render`, `explain` and `hint`) and `spec.rs` (the rule flags
//!   made into a sudoku `Spec`, in that one place);
//! - at the bottom: `args/` (the clap definition), `interrupt.rs` (Ctrl-C) and `error.rs`
//!   (exit codes and errors).

/// `eprintln!` that cannot panic: every message of the command line goes through here (see
/// [`error::to_stderr`]); `tests/architecture.rs` checks that no file of `src/cli/` calls
/// `eprintln!` or `eprint!` itself.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::error::to_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod answer;
mod args;
mod batch;
mod candidates;
mod convert;
mod error;
mod explain;
mod generate;
mod input;
mod interrupt;
mod outfile;
mod output;
mod progress;
mod render;
mod report;
mod serve;
mod shard;
mod shell;
mod solve;
mod spec;
mod xc;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command, ShardArgs, XcArgs};
use crate::error::{written, CliError, Exit};
use crate::report::Task;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage(&error).into(),
    };
    match run(cli) {
        Ok(exit) => exit.into(),
        Err(error) => {
            say!("sudokux: {error}");
            Exit::BadInput.into()
        }
    }
}

/// `--help` and `--version` (written to stdout like every other output: a closed pipe is
/// fine, a full disk is an error), or a usage error (on stderr, exit code 2).
fn usage(error: &clap::Error) -> Exit {
    if error.use_stderr() || io::stdout().is_terminal() {
        // clap writes it, in color on a terminal.
        error.exit()
    }
    let mut out = io::stdout().lock();
    let result = write!(out, "{}", error.render()).and_then(|()| out.flush());
    match written(result, Exit::Ok) {
        Ok(exit) => exit,
        Err(error) => {
            say!("sudokux: {error}");
            Exit::BadInput
        }
    }
}

/// Runs the command the arguments name.
fn run(cli: Cli) -> Result<Exit, CliError> {
    match cli.command {
        Command::Solve {
            input,
            pretty,
            first,
        } => solve::run(input, Task::Solve { first }, pretty),
        Command::Count {
            input,
            shard: ShardArgs {
                split: Some(depth), ..
            },
            ..
        } => shard::split_puzzle(&input, depth),
        Command::Count {
            shard:
                ShardArgs {
                    count_shard: true,
                    resume,
                    ..
                },
            ..
        } => shard::count_shards(resume.as_deref()),
        Command::Count { input, limit, .. } => solve::run(input, Task::Count { limit }, false),
        Command::Check {
            input,
            witness,
            pretty,
        } => solve::run(input, Task::Check { witness }, pretty),
        Command::Candidates(args) => candidates::run(args),
        Command::Xc(XcArgs {
            input,
            shard: ShardArgs {
                split: Some(depth), ..
            },
            ..
        }) => shard::split_xc(input.as_deref(), depth),
        Command::Xc(XcArgs {
            shard:
                ShardArgs {
                    count_shard: true,
                    resume,
                    ..
                },
            ..
        }) => shard::count_shards(resume.as_deref()),
        Command::Xc(args) => xc::run(args),
        Command::Completions { shell } => shell::completions(shell),
        Command::Man { dir } => shell::man(dir.as_deref()),
        Command::Render(args) => render::run(args),
        Command::Explain(args) => explain::run(args, explain::Mode::Explain),
        Command::Hint(args) => explain::run(args, explain::Mode::Hint),
        Command::Generate(args) => generate::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Serve(args) => serve::run(args),
    }
}
