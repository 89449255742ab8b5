//! Counts every filled grid of a box shape: 288 for 4x4, 28,200,960 for 6x6 (2x3 boxes).
//!
//! ```text
//! cargo run --release --example count_grids -- 2x3
//! cargo run --release --example count_grids -- 2x3 --plain
//! ```
//!
//! By default the count uses the grid's symmetries (renaming the digits, permuting rows
//! within bands, columns within stacks and the stacks: the grids are counted band by band,
//! see `sudokux::sudoku::bands`; 29,136,487,207,403,520 for 8x8 with 2x4 boxes); `--plain`
//! searches every grid, which measures the engine's split count and its memory of
//! subproblems.

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use sudokux::sudoku::{Engine, Rules, Solver};

/// Runs the example on its arguments; usage errors and failed writes come back as errors
/// (a reader that went away, as in `| head`, is not one).
#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_closed_pipe(error.as_ref()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("count_grids: {error}");
            ExitCode::from(2)
        }
    }
}

fn is_closed_pipe(error: &(dyn Error + 'static)) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `count_grids [RxC] [--plain]`: counts the filled grids of R x C boxes (2x3 by default).
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    const USAGE: &str = "usage: count_grids [RxC] [--plain], e.g. 2x3";
    let mut plain = false;
    let mut shape = None;
    for arg in args {
        match arg.as_str() {
            "--plain" => plain = true,
            flag if flag.starts_with('-') => {
                return Err(format!("unknown flag {flag}: {USAGE}").into())
            }
            _ if shape.is_some() => return Err(USAGE.into()),
            _ => shape = Some(arg.as_str()),
        }
    }
    let shape = shape.unwrap_or("2x3");
    let (rows, cols) = shape
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("{shape:?} is not a box shape: {USAGE}"))?;
    // The library says what is wrong with a shape it cannot take (0x3, 9x9).
    let rules = Rules::with_boxes(rows, cols)?;
    let mut solver = Solver::new(rules.clone()).with_symmetry(!plain);
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let answer = solver.count_threads(&rules.empty_grid(), None, threads)?;
    let n = rules.size();
    writeln!(
        out,
        "{n}x{n} with {rows}x{cols} boxes: {} filled grids ({} nodes, {} updates) in {:.3} s on {threads} threads{}{}",
        answer.count,
        answer.stats.nodes,
        answer.stats.updates,
        started.elapsed().as_secs_f64(),
        if plain { ", every grid searched" } else { "" },
        if answer.symmetries.is_empty() {
            String::new()
        } else {
            let names: Vec<&str> = answer.symmetries.iter().map(|s| s.name()).collect();
            format!(", symmetries: {}", names.join(", "))
        },
    )?;
    Ok(())
}
