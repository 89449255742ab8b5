//! Speed benchmark: sudokux against the `dlx` crate (0.8.5), side by side in one run.
//!
//! Every puzzle is solved and its uniqueness proved (solutions counted up to 2), by both
//! solvers, in the file's order, on one thread. Each solver's whole pass over a file is timed
//! `--runs` times (default 5) and the median reported; every solution either solver returns is
//! then checked by the independent validator, outside the timed region.
//!
//! ```text
//! cargo run --profile release-lto --example bench -- ../shared/data/puzzles2_17_clue ../shared/data/puzzles6_forum_hardest_1106
//! cargo run --profile release-lto --example bench -- --runs 3 --limit 5000 FILE...
//! cargo run --profile release-lto --example bench -- bench/16x16.txt bench/25x25.txt
//! cargo run --profile release-lto --example bench -- --ours-only FILE...   # for profilers: sudokux alone
//! ```
//!
//! The size of a file's puzzles is read off its first puzzle (9x9, 16x16, 25x25, ...; boxes of
//! the most square shape).
//!
//! Prints one Markdown table row per file: puzzles, puzzles/s and nodes per puzzle for each
//! solver, and the ratio of throughputs.

use std::collections::HashMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::make_problem;
use dlx::{OptOrder, Solver as DlxSolver, Uint};
use sudokux::sudoku::{validate, Engine, Grid, Reader, Rules, Solver, Spec};

/// One pass of sudokux over the puzzles: (unique solutions found, nodes).
fn sudokux_pass(solver: &mut Solver, puzzles: &[Grid]) -> (Vec<Option<Grid>>, u64) {
    let mut nodes = 0;
    let mut found = Vec::with_capacity(puzzles.len());
    for puzzle in puzzles {
        let answer = solver.enumerate(puzzle, Some(2), 1).expect("valid puzzle");
        nodes += answer.stats.nodes;
        found.push((answer.count == 1).then(|| answer.solutions[0].clone()));
    }
    (found, nodes)
}

/// One pass of the `dlx` crate, as its own sudoku example builds problems: the items and
/// options that the givens leave, made anew for each puzzle.
fn dlx_pass(rules: &Rules, puzzles: &[Grid]) -> (Vec<Option<Grid>>, u64) {
    let mut nodes = 0;
    let mut found = Vec::with_capacity(puzzles.len());
    for puzzle in puzzles {
        let (solution, n) = dlx_solve(rules, puzzle);
        nodes += n;
        found.push(solution);
    }
    (found, nodes)
}

fn dlx_solve(rules: &Rules, puzzle: &Grid) -> (Option<Grid>, u64) {
    let n = rules.size();
    let (box_rows, box_cols) = rules.box_shape();
    let cells = puzzle.cells();
    let box_of = |r: usize, c: usize| (r / box_rows) * (n / box_cols) + c / box_cols;
    let (rows, cols, boxes) = (n * n, 2 * n * n, 3 * n * n);
    // Which items the givens already cover.
    let mut used = vec![false; 4 * n * n];
    for (k, &d) in cells.iter().enumerate() {
        if d != 0 {
            let (r, c, d) = (k / n, k % n, d as usize - 1);
            used[k] = true;
            used[rows + r * n + d] = true;
            used[cols + c * n + d] = true;
            used[boxes + box_of(r, c) * n + d] = true;
        }
    }
    let mut index = HashMap::new();
    for (k, _) in used.iter().enumerate().filter(|(_, &u)| !u) {
        let next = index.len();
        index.insert(k, Uint(next));
    }
    let mut options = Vec::new();
    let mut placements = Vec::new();
    for k in 0..n * n {
        let (r, c) = (k / n, k % n);
        for d in 0..n {
            let items = [
                k,
                rows + r * n + d,
                cols + c * n + d,
                boxes + box_of(r, c) * n + d,
            ];
            if items.iter().all(|&i| !used[i]) {
                options.push(items.iter().map(|i| index[i]).collect::<Vec<Uint>>());
                placements.push((k, d as u8 + 1));
            }
        }
    }
    let mut problem = make_problem(Uint(index.len()), 0, &options, OptOrder::Seq);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = DlxSolver::new(&mut problem);
    let mut count = 0;
    let mut first = None;
    while count < 2 && solver.next_solution(&mut chooser) {
        count += 1;
        if first.is_none() {
            let mut grid = cells.to_vec();
            for &option in solver.fmt_solution() {
                let (k, d) = placements[option as usize];
                grid[k] = d;
            }
            first = Grid::from_cells(n, grid);
        }
    }
    let nodes = solver.get_profile().iter().sum::<usize>() as u64;
    ((count == 1).then_some(first).flatten(), nodes)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() -> ExitCode {
    const USAGE: &str = "usage: bench [--runs N] [--limit N] [--ours-only] FILE...";
    let mut runs = 5;
    let mut limit = usize::MAX;
    let mut files = Vec::new();
    let mut ours_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" | "--limit" => {
                let Some(n) = args.next().and_then(|a| a.parse().ok()).filter(|&n| n > 0) else {
                    eprintln!("bench: {arg} takes a number above 0; {USAGE}");
                    return ExitCode::from(2);
                };
                if arg == "--runs" {
                    runs = n;
                } else {
                    limit = n;
                }
            }
            "--ours-only" => ours_only = true,
            flag if flag.starts_with("--") => {
                eprintln!("bench: unknown flag {flag}; {USAGE}");
                return ExitCode::from(2);
            }
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    println!("| set | puzzles | sudokux puzzles/s | sudokux nodes/puzzle | dlx puzzles/s | dlx nodes/puzzle | ratio |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for file in &files {
        let text = match std::fs::read(file) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("bench: {file}: {error}");
                return ExitCode::from(2);
            }
        };
        let puzzles: Vec<Grid> = Reader::inferring(&text[..])
            .filter_map(Result::ok)
            .map(|entry| entry.grid)
            .take(limit)
            .collect();
        let n = puzzles.first().map_or(9, Grid::rows);
        // Boxes of the most square shape, as for puzzle lines.
        let rules = match Rules::new(Spec::new(n)) {
            Ok(rules) => rules,
            Err(error) => {
                eprintln!("bench: {file}: {error}");
                return ExitCode::from(2);
            }
        };
        let mut solver = Solver::new(rules.clone());
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut our_found, mut our_nodes) = (Vec::new(), 0);
        let (mut their_found, mut their_nodes) = (Vec::new(), 0);
        // Alternate the two, so that both see the same machine conditions.
        for _ in 0..runs {
            let started = Instant::now();
            (our_found, our_nodes) = sudokux_pass(&mut solver, &puzzles);
            ours.push(started.elapsed());
            if ours_only {
                continue;
            }
            let started = Instant::now();
            (their_found, their_nodes) = dlx_pass(&rules, &puzzles);
            theirs.push(started.elapsed());
        }
        // Correctness is never traded: both answers agree and every solution is valid.
        for (k, puzzle) in puzzles.iter().enumerate() {
            if !ours_only {
                assert_eq!(
                    our_found[k],
                    their_found[k],
                    "{file}: puzzle {} differs",
                    k + 1
                );
            }
            if let Some(solution) = &our_found[k] {
                validate(&rules, puzzle, solution)
                    .unwrap_or_else(|v| panic!("{file}: puzzle {}: {v}", k + 1));
            }
        }
        let n = puzzles.len() as f64;
        let rate = |t: Duration| n / t.as_secs_f64();
        let ours = rate(median(ours));
        let theirs = if ours_only {
            f64::NAN
        } else {
            rate(median(theirs))
        };
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |f| f.to_string_lossy().into_owned());
        println!(
            "| {name} | {} | {ours:.0} | {:.1} | {theirs:.0} | {:.1} | {:.2} |",
            puzzles.len(),
            our_nodes as f64 / n,
            their_nodes as f64 / n,
            ours / theirs
        );
    }
    ExitCode::SUCCESS
}
