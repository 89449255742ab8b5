//! Exit codes and the errors that end a run.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use thiserror::Error;

/// The outcome of a run, as an exit code. Ordered: a worse outcome wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Every puzzle answered (and, for `check`, unique).
    Ok = 0,
    /// Some puzzle has no solution, or for `check` is not unique.
    NotUnique = 1,
    /// Some search was stopped by `--timeout` or `--max-nodes` before it could answer
    /// (status `unknown`; a count is a lower bound).
    Unknown = 3,
    /// Bad input or usage.
    BadInput = 2,
    /// Interrupted by Ctrl-C: the answers written are those found before it; a count is a
    /// lower bound.
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// An error that stops the whole run (bad puzzles do not: they are reported and skipped).
#[derive(Debug, Error)]
pub enum CliError {
    /// Options that do not make sense together.
    #[error("{0}")]
    Usage(String),
    /// Writing the answers failed.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
    /// An input that cannot be used, with where: `puzzle.toml: line 3: ...`.
    #[error("{name}: {message}")]
    Input {
        /// The input's name, `-` for stdin.
        name: String,
        /// What is wrong, and where in the input.
        message: String,
    },
    /// A file that could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The picture could not be turned into a PNG.
    #[error("cannot draw the PNG: {0}")]
    Png(String),
}
