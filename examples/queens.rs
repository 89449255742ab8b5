//! The n-queens problem as exact cover: the engine knows nothing about sudoku.
//!
//! Each row and each column holds exactly one queen (primary items); each diagonal holds at
//! most one (secondary items). One option per square covers its row, column and two
//! diagonals.
//!
//! ```text
//! cargo run --release --example queens -- 8      # 92 solutions, and the first one drawn
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use sudokux::xc::{CountOptions, Dlx, Problem, ProblemBuilder};

/// The n-queens problem; option `r * n + c` puts a queen on row `r`, column `c`.
pub fn queens(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let rows: Vec<_> = (0..n).map(|_| b.primary()).collect();
    let cols: Vec<_> = (0..n).map(|_| b.primary()).collect();
    let diagonals = (2 * n).saturating_sub(1);
    let down: Vec<_> = (0..diagonals).map(|_| b.secondary()).collect();
    let up: Vec<_> = (0..diagonals).map(|_| b.secondary()).collect();
    for r in 0..n {
        for c in 0..n {
            b.option([rows[r], cols[c], down[r + c], up[r + n - 1 - c]])
                .expect("distinct known items");
        }
    }
    b.build()
}

/// Runs the example on its arguments; usage errors and failed writes come back as errors
/// (a reader that went away, as in `| head`, is not one).
#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_closed_pipe(error.as_ref()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("queens: {error}");
            ExitCode::from(2)
        }
    }
}

fn is_closed_pipe(error: &(dyn Error + 'static)) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `queens [N]`: counts the solutions of the N-queens problem (8 by default) and draws the
/// first one.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let n: usize = match args {
        [] => 8,
        [n] => n
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("{n:?} is not a board size: usage: queens [N], N >= 1"))?,
        _ => return Err("usage: queens [N]".into()),
    };
    let mut dlx = Dlx::new(&queens(n));
    let count = dlx.count(CountOptions::new());
    writeln!(
        out,
        "{n}-queens: {} solutions ({} nodes, {} updates)",
        count.count, count.stats.nodes, count.stats.updates
    )?;
    if let (Some(solution), _) = dlx.first() {
        let mut board = vec![vec!['.'; n]; n];
        for option in solution {
            board[option.index() / n][option.index() % n] = 'Q';
        }
        for row in board {
            writeln!(out, "{}", row.into_iter().collect::<String>())?;
        }
    }
    Ok(())
}
