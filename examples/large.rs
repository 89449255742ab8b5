//! The large-grid figures of BENCHMARKS.md, on one thread (the peer is `bench/cpsat.py`).
//!
//! ```sh
//! cargo run --release --example large -- empty 64 1 2 3 4 5     # first solution of an empty grid, per seed
//! cargo run --release --example large -- generate 25 1 2 3 4 5  # one puzzle per seed
//! cargo run --release --example large -- prove bench/16x16.txt   # solve and prove unique, one at a time
//! cargo run --release --example large -- prove bench/16x16.txt --domination off  # without item domination
//! cargo run --release --example large -- prove bench/killers/*.toml  # puzzle files, with their rules
//! ```
//!
//! `empty` fills an empty grid with the restarting search (cells preferred, base `2 n^2` nodes
//! unless `--base B`), as `generate` does; `generate` makes puzzle 1 of each seed with the
//! default settings; `prove` counts each puzzle's solutions to 2, with the solver's default
//! item domination unless `--domination off` or `--domination K` (items of at most K options).
//! Every solution is checked by the validator outside the timed region; times are wall clock,
//! with the median.

use std::time::Instant;

use sudokux::sudoku::file::from_toml;
use sudokux::sudoku::generate::{Generator, Settings};
use sudokux::sudoku::{encode, validate, Engine, Grid, Reader, Rules, Solver, Spec};
use sudokux::xc::{Budget, Dlx, Restarts};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn empty(n: usize, seeds: &[u64], base: Option<u64>, domination: Option<Option<u32>>) {
    let rules = Rules::new(Spec::new(n)).expect("a square size");
    let (problem, numbering) = encode(&rules);
    let cells = (n * n) as u64;
    let mut times = Vec::new();
    for &seed in seeds {
        let started = Instant::now();
        let mut dlx = Dlx::new(&problem);
        dlx.set_domination(domination.flatten());
        let restarts = Restarts::new(seed)
            .prefer(n * n)
            .base(base.unwrap_or(2 * cells));
        let found = dlx.first_restarting(&restarts, Budget::UNLIMITED);
        let seconds = started.elapsed().as_secs_f64();
        let grid = numbering.decode(&found.solution.expect("an empty grid has solutions"));
        validate(&rules, &Grid::empty(n), &grid).expect("a valid grid");
        println!(
            "empty {n}x{n} seed {seed}: {seconds:.3} s, {} nodes, {} runs",
            found.stats.nodes, found.runs
        );
        times.push(seconds);
    }
    let max = times.iter().copied().fold(0.0, f64::max);
    println!(
        "empty {n}x{n}: median {:.3} s, max {max:.3} s",
        median(times)
    );
}

fn generate(n: usize, seeds: &[u64]) {
    let generator = Generator::new(Spec::new(n), Settings::default()).expect("a square size");
    let mut times = Vec::new();
    for &seed in seeds {
        let started = Instant::now();
        let made = generator.generate(seed, 1).expect("a puzzle");
        let seconds = started.elapsed().as_secs_f64();
        validate(&made.rules, &made.puzzle, &made.solution).expect("a valid solution");
        println!(
            "generate {n}x{n} seed {seed}: {seconds:.3} s, {} givens ({:.0}%), {} checks, {} undecided",
            made.givens,
            100.0 * made.givens as f64 / (n * n) as f64,
            made.proofs,
            made.undecided
        );
        times.push(seconds);
    }
    println!("generate {n}x{n}: median {:.3} s", median(times));
}

/// The puzzles of `path` with their rules: a puzzle file (`.toml`, one puzzle with its rules),
/// or puzzle lines of classic rules, one a line.
fn puzzles(path: &str) -> Vec<(Rules, Grid)> {
    let text = std::fs::read_to_string(path).expect("a readable file");
    if path.ends_with(".toml") {
        let file = from_toml(&text).expect("a puzzle file");
        return vec![(file.rules, file.givens)];
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let puzzle = Reader::inferring(line.as_bytes())
                .next()
                .expect("one puzzle")
                .expect("a readable puzzle")
                .grid;
            let rules = Rules::new(Spec::new(puzzle.rows())).expect("a square size");
            (rules, puzzle)
        })
        .collect()
}

fn prove(paths: &[&String], domination: Option<Option<u32>>) {
    let mut total = 0.0;
    let mut nodes = 0;
    let mut count = 0;
    for (rules, puzzle) in paths.iter().flat_map(|path| puzzles(path)) {
        let started = Instant::now();
        let mut solver = Solver::new(rules.clone());
        if let Some(max_options) = domination {
            solver = solver.with_domination(max_options);
        }
        let answer = solver.enumerate(&puzzle, Some(2), 1).expect("a puzzle");
        total += started.elapsed().as_secs_f64();
        assert_eq!(answer.count, 1, "not unique: {puzzle}");
        validate(&rules, &puzzle, &answer.solutions[0]).expect("a valid solution");
        nodes += answer.stats.nodes;
        count += 1;
    }
    let what = if paths.len() == 1 {
        paths[0].to_string()
    } else {
        format!("{} files", paths.len())
    };
    println!("prove {what}: {count} puzzles, {total:.2} s in total, {nodes} nodes");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).map(|k| &args[k + 1]);
    let base = value("--base").map(|b| b.parse().expect("a number of nodes"));
    let domination = value("--domination").map(|d| match d.as_str() {
        "off" => None,
        k => Some(k.parse().expect("off or a number of options")),
    });
    let flag = |a: &str| a == "--base" || a == "--domination";
    let rest: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(k, a)| !flag(a) && (k == 0 || !flag(&args[k - 1])))
        .map(|(_, a)| a)
        .collect();
    let numbers = |from: usize| -> Vec<u64> {
        rest[from..]
            .iter()
            .map(|a| a.parse().expect("a number"))
            .collect()
    };
    match rest.first().map(|s| s.as_str()) {
        Some("empty") => {
            let n = numbers(1)[0] as usize;
            empty(n, &numbers(2), base, domination);
        }
        Some("generate") => {
            let n = numbers(1)[0] as usize;
            generate(n, &numbers(2));
        }
        Some("prove") => prove(&rest[1..], domination),
        _ => {
            eprintln!("usage: large empty N SEEDS... [--base B] | generate N SEEDS... | prove FILE... [--domination off|K]")
        }
    }
}
