//! Exit codes and the errors that end a run.

use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use thiserror::Error;

/// The outcome of a run, as an exit code.
///
/// When a run has several outcomes, the worse one wins ([`Exit::worse`]), in the order
/// 130 > 2 > 3 > 1 > 0: an interruption, then bad input, then a search stopped by a limit,
/// then a puzzle without a unique solution. The order is written out in [`Exit::severity`],
/// not taken from the declaration order or the codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

impl Exit {
    /// How bad the outcome is: the larger, the worse.
    fn severity(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::NotUnique => 1,
            Exit::Unknown => 2,
            Exit::BadInput => 3,
            Exit::Interrupted => 4,
        }
    }

    /// The worse of two outcomes (either one when they are equally bad).
    #[must_use]
    pub fn worse(self, other: Exit) -> Exit {
        if other.severity() > self.severity() {
            other
        } else {
            self
        }
    }
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

/// How writing a command's output to stdout ended, as the run's outcome: `exit` when it was
/// all written or when its reader went away (`sudokux ... | head` closes the pipe, which is not
/// an error), and an error for any other failure (a full disk: `sudokux ... > /dev/full`).
///
/// Every command's stdout goes through here (or [`reader_gone`]), so that none panics or
/// hides a failed write.
pub fn written(result: io::Result<()>, exit: Exit) -> Result<Exit, CliError> {
    reader_gone(result)?;
    Ok(exit)
}

/// Whether writing stdout stopped because its reader went away (`Ok(true)`), which is not an
/// error; any other failure is handed back.
pub fn reader_gone(result: io::Result<()>) -> io::Result<bool> {
    match result {
        Ok(()) => Ok(false),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(true),
        Err(error) => Err(error),
    }
}

/// Writes a message to stderr, as `eprint!` does, but never panics: when stderr itself cannot
/// be written (`2>/dev/full`, a closed pipe) there is nowhere left to say so, and the message
/// is dropped; the exit code still tells what happened. (`eprintln!` panics instead, which
/// would turn a full disk into exit code 101 and a panic message nobody sees.)
pub fn to_stderr(message: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(message).and_then(|()| err.flush());
}

/// Stderr as a writer that never fails, for messages written with `write!` (see
/// [`to_stderr`]): what cannot be written is dropped, so that a full or closed stderr neither
/// stops the answers on stdout nor passes for their reader going away.
#[derive(Debug, Default)]
pub struct Stderr;

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = io::stderr().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = io::stderr().flush();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Exit;

    /// Every pair, both ways round: the documented order 130 > 2 > 3 > 1 > 0.
    #[test]
    fn the_worse_outcome_wins_in_the_documented_order() {
        let order = [
            Exit::Ok,
            Exit::NotUnique,
            Exit::Unknown,
            Exit::BadInput,
            Exit::Interrupted,
        ];
        let codes: Vec<u8> = order.iter().map(|&e| e as u8).collect();
        assert_eq!(codes, [0, 1, 3, 2, 130]);
        for (i, &a) in order.iter().enumerate() {
            for (j, &b) in order.iter().enumerate() {
                let expected = order[i.max(j)];
                assert_eq!(a.worse(b), expected, "{a:?} against {b:?}");
                assert_eq!(b.worse(a), expected, "{b:?} against {a:?}");
            }
        }
    }
}
