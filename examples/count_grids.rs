//! Counts every filled grid of a box shape: 288 for 4x4, 28,200,960 for 6x6 (2x3 boxes).
//!
//! ```text
//! cargo run --release --example count_grids -- 2x3
//! cargo run --release --example count_grids -- 2x3 --plain
//! ```
//!
//! By default the count takes the digits as interchangeable (every digit of an empty grid is
//! unused: one grid in `n!` is searched, see `sudokux::sudoku::relabel`); `--plain` searches
//! every grid, which measures the engine's split count and its memory of subproblems.

use std::time::Instant;

use sudokux::sudoku::{Engine, Rules, Solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plain = args.iter().any(|a| a == "--plain");
    let shape = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "2x3".into());
    let (rows, cols) = shape
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .expect("usage: count_grids RxC [--plain], e.g. 2x3");
    let rules = Rules::with_boxes(rows, cols).expect("a valid box shape");
    let mut solver = Solver::new(rules.clone()).with_digit_symmetry(!plain);
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let answer = solver
        .count_threads(&rules.empty_grid(), None, threads)
        .expect("an empty grid is valid");
    let n = rules.size();
    println!(
        "{n}x{n} with {rows}x{cols} boxes: {} filled grids ({} nodes, {} updates) in {:.3} s on {threads} threads{}",
        answer.count,
        answer.stats.nodes,
        answer.stats.updates,
        started.elapsed().as_secs_f64(),
        if plain { ", every grid searched" } else { "" },
    );
}
