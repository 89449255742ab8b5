//! Solving a sudoku with the library, and proving its solution unique.
//!
//! ```text
//! cargo run --release --example sudoku -- 2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use sudokux::sudoku::{pretty, validate, Engine, Grid, Rules, Solver, Verdict};

/// Runs the example on its arguments; usage errors and failed writes come back as errors
/// (a reader that went away, as in `| head`, is not one).
#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_closed_pipe(error.as_ref()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sudoku: {error}");
            ExitCode::from(2)
        }
    }
}

fn is_closed_pipe(error: &(dyn Error + 'static)) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `sudoku [PUZZLE]`: solves an 81-character puzzle line and proves the solution unique.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let line = match args {
        [] => "....6.7...59.......1.2........1.....6..5.....3.....46.................918..74....",
        [line] => line.as_str(),
        _ => return Err("usage: sudoku [PUZZLE], one puzzle of 81 characters".into()),
    };
    let puzzle =
        Grid::from_line(line).ok_or("expected 81 characters: 1-9, and . or 0 for blanks")?;
    let mut solver = Solver::new(Rules::classic());
    // Conflicting givens are an error that names the cells.
    match solver.check(&puzzle)? {
        (Verdict::None, _) => writeln!(out, "no solution")?,
        (Verdict::Multiple(a, b), _) => writeln!(out, "several solutions, e.g.\n{a}\n{b}")?,
        (Verdict::Unique(solution), stats) => {
            // Checked by the independent validator, never by the solver that found it.
            validate(solver.rules(), &puzzle, &solution)?;
            write!(out, "{}", pretty(&solution, solver.rules()))?;
            writeln!(out, "unique ({} nodes)", stats.nodes)?;
        }
    }
    Ok(())
}
