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
//! subproblems. `--costs` measures what each class of the top band costs (the shards of
//! `sudokux count --split`): for each class, the time of one piece of it (one choice of its
//! second band's first stack, on one thread), and that times the class's choices.
//!
//! ```text
//! cargo run --release --example count_grids -- 3x3 --costs
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use sudokux::sudoku::bands::{Piece, Plan, Shape};
use sudokux::sudoku::{Engine, Rules, Solver};
use sudokux::xc::{Budget, Watch};

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

/// `count_grids [RxC] [--plain | --costs]`: counts the filled grids of R x C boxes (2x3 by
/// default), or measures the cost of each class of their top band.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    const USAGE: &str = "usage: count_grids [RxC] [--plain | --costs], e.g. 2x3";
    let mut plain = false;
    let mut costs = false;
    let mut shape = None;
    for arg in args {
        match arg.as_str() {
            "--plain" => plain = true,
            "--costs" => costs = true,
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
    if costs {
        return class_costs(&rules, out);
    }
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

/// `--costs`: one line per class of the top band (of the shape a count goes through): its
/// cost as `Plan::shards` weighs it, the first stack's choices, and the time and work of the
/// piece of its first choice, counted alone on one thread (no memory shared with the other
/// pieces); then the spread of the estimated class times.
fn class_costs(rules: &Rules, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let shape = Shape::of(rules)
        .ok_or("--costs: the shape is not counted by bands")?
        .oriented();
    let started = Instant::now();
    let plan = Plan::new(&shape, &Watch::new(), Budget::UNLIMITED);
    writeln!(
        out,
        "{}x{} boxes: {} classes, top band in {:.3} s",
        shape.rows,
        shape.cols,
        plan.classes().len(),
        started.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "class\tcost\tchoices\tpiece nodes\tpiece ms\testimated class s"
    )?;
    let mut estimates = Vec::new();
    for class in 0..plan.classes().len() {
        let choices = plan.first_choices(class);
        let piece = Piece {
            class,
            first: (choices > 1).then_some(0..1),
        };
        let started = Instant::now();
        let counted = plan.count_pieces(&[piece], 1, &Watch::new(), Budget::UNLIMITED)?;
        let seconds = started.elapsed().as_secs_f64();
        let estimate = seconds * choices as f64;
        estimates.push(estimate);
        writeln!(
            out,
            "{class}\t{}\t{choices}\t{}\t{:.1}\t{estimate:.2}",
            plan.cost(class),
            counted.nodes,
            seconds * 1e3,
        )?;
    }
    let total: f64 = estimates.iter().sum();
    let largest = estimates.iter().copied().fold(0.0, f64::max);
    let smallest = estimates.iter().copied().fold(f64::INFINITY, f64::min);
    writeln!(
        out,
        "estimated: {total:.1} s in all on one thread; classes from {smallest:.2} s to {largest:.2} s (largest / mean {:.2})",
        largest / (total / estimates.len().max(1) as f64)
    )?;
    Ok(())
}
