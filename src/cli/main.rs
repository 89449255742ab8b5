//! The `sudokux` command line: solve, count, check and draw sudoku puzzles.

mod args;
mod error;
mod explain;
mod generate;
mod interrupt;
mod outfile;
mod output;
mod progress;
mod render;
mod run;
mod shell;
mod xc;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match run::run(cli) {
        Ok(exit) => exit.into(),
        Err(error) => {
            eprintln!("sudokux: {error}");
            error::Exit::BadInput.into()
        }
    }
}
