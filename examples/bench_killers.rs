//! The hard killer benchmark: proves every puzzle of `bench/killers/` unique on one thread, one
//! puzzle at a time, and prints nodes and time per puzzle, then the median and the largest.
//! It also makes that set, reproducibly from a seed.
//!
//! ```text
//! cargo run --release --example bench_killers -- run [--timeout SECONDS] [--runs R] FILE...
//! cargo run --release --example bench_killers -- make SEED GIVENS MAX_CAGE > bench/killers/NAME.toml
//! ```
//!
//! `run` counts each puzzle's solutions up to 2 (a proof of uniqueness) R times (default 3)
//! and keeps the median CPU time of the thread (wall time where Linux does not tell it); a count cut short by the timeout (default 60 s) is shown as
//! `timeout`. Every solution is checked by the independent validator outside the timed region.
//!
//! `make` makes one hard killer: a random solution, random small cages over it (1 to 5
//! cells), then neighbouring cages merged, one merge at a time in random order, for as long as
//! the puzzle stays unique (each merge proved by counting to 2 within a budget of nodes; a
//! merge whose proof runs out of it is refused), up to cages of `MAX_CAGE` cells. `GIVENS`
//! digits of the solution are kept as givens. Fewer, larger cages make harder puzzles.

use std::time::{Duration, Instant};

use sudokux::sudoku::file::{from_toml, to_toml};
use sudokux::sudoku::generate::{random_cages, random_solution, Rng};
use sudokux::sudoku::{validate, Cage, Cell, Engine, Grid, Rules, Solver, Spec};
use sudokux::xc::Budget;

/// Nodes a proof of uniqueness may take while making a puzzle.
const MAKE_BUDGET: u64 = 2_000_000;

fn usage() -> ! {
    eprintln!(
        "usage: bench_killers run [--timeout SECONDS] [--runs R] FILE...\n       \
         bench_killers make SEED GIVENS MAX_CAGE"
    );
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("make") => make(&args[1..]),
        _ => usage(),
    }
}

/// CPU time of this thread so far, where Linux tells it (`/proc/thread-self/schedstat`, in
/// nanoseconds): on a loaded machine it is steadier than wall time.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Counts up to 2 within `timeout`; the answer's count, completeness and nodes, and the time
/// (CPU time of the thread where available, else wall time).
fn prove(solver: &mut Solver, givens: &Grid, timeout: Duration) -> (u128, bool, u64, Duration) {
    let (start, cpu) = (Instant::now(), cpu_time());
    let answer = solver
        .enumerate_bounded(givens, Some(2), 1, Budget::time(timeout))
        .expect("valid givens");
    let time = match (cpu, cpu_time()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => start.elapsed(),
    };
    for solution in &answer.solutions {
        validate(solver.rules(), givens, solution).expect("a valid solution");
    }
    (answer.count, answer.complete, answer.stats.nodes, time)
}

fn run(args: &[String]) {
    let mut timeout = Duration::from_secs(60);
    let mut runs = 3usize;
    let mut files = Vec::new();
    let mut at = 0;
    while at < args.len() {
        match args[at].as_str() {
            "--timeout" => {
                at += 1;
                let s: f64 = args
                    .get(at)
                    .and_then(|a| a.parse().ok())
                    .unwrap_or_else(|| usage());
                timeout = Duration::from_secs_f64(s);
            }
            "--runs" => {
                at += 1;
                runs = args
                    .get(at)
                    .and_then(|a| a.parse().ok())
                    .unwrap_or_else(|| usage());
            }
            file => files.push(file.to_string()),
        }
        at += 1;
    }
    let mut times = Vec::new();
    let mut nodes_all = Vec::new();
    let mut timeouts = 0;
    println!("puzzle\tcages\tgivens\tnodes\tms");
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable file");
        let puzzle = from_toml(&text).expect("a puzzle file");
        let cages = puzzle.rules.constraints().cage.cages.len();
        let givens = puzzle.givens.filled();
        let mut solver = Solver::new(puzzle.rules.clone());
        let mut measured = Vec::new();
        let mut nodes = 0;
        let mut done = true;
        for _ in 0..runs.max(1) {
            let (count, complete, n, time) = prove(&mut solver, &puzzle.givens, timeout);
            nodes = n;
            if !complete && count < 2 {
                done = false;
                break;
            }
            assert_eq!(count, 1, "{file}: not unique");
            measured.push(time);
        }
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |f| f.to_string_lossy().into_owned());
        if done {
            measured.sort();
            let median = measured[measured.len() / 2];
            times.push(median);
            nodes_all.push(nodes);
            println!(
                "{name}\t{cages}\t{givens}\t{nodes}\t{:.1}",
                median.as_secs_f64() * 1e3
            );
        } else {
            timeouts += 1;
            times.push(timeout);
            nodes_all.push(nodes);
            println!("{name}\t{cages}\t{givens}\t>{nodes}\ttimeout");
        }
    }
    if times.is_empty() {
        return;
    }
    times.sort();
    nodes_all.sort_unstable();
    println!(
        "{} puzzles, {} timeouts (>{} s): median {:.1} ms, largest {:.1} ms, total {:.2} s; \
         nodes median {}, largest {}",
        times.len(),
        timeouts,
        timeout.as_secs_f64(),
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        times.iter().map(Duration::as_secs_f64).sum::<f64>(),
        nodes_all[nodes_all.len() / 2],
        nodes_all[nodes_all.len() - 1],
    );
}

/// Whether the killer of `cages` and `givens` has one solution, proved within the budget.
fn unique(cages: &[Cage], givens: &Grid) -> bool {
    let spec = Spec::new(9).with(|c| c.cage.cages = cages.to_vec());
    let Ok(rules) = Rules::new(spec) else {
        return false;
    };
    let mut solver = Solver::new(rules);
    let answer = solver
        .enumerate_bounded(givens, Some(2), 0, Budget::nodes(MAKE_BUDGET))
        .expect("valid givens");
    answer.complete && answer.count == 1
}

fn make(args: &[String]) {
    let numbers: Vec<u64> = args
        .iter()
        .map(|a| a.parse().unwrap_or_else(|_| usage()))
        .collect();
    let [seed, givens, max_cage] = numbers[..] else {
        usage()
    };
    let rules = Rules::classic();
    let mut rng = Rng::new(seed);
    let solution = random_solution(&rules, &mut rng).expect("a solution");
    let digits = solution.cells().to_vec();
    let mut puzzle = rules.empty_grid();
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for &p in order.iter().take(givens as usize) {
        puzzle.set(p / 9, p % 9, digits[p]);
    }
    let as_cages = |cages: &[Vec<usize>]| -> Vec<Cage> {
        cages
            .iter()
            .map(|cells| Cage {
                sum: cells.iter().map(|&p| u32::from(digits[p])).sum(),
                cells: cells.iter().map(|&p| Cell::from_index(p, 9)).collect(),
            })
            .collect()
    };
    // Small cages as sorted positions, drawn again until they make a unique puzzle.
    let mut cages: Vec<Vec<usize>> = loop {
        let cages: Vec<Vec<usize>> = random_cages(&rules, &solution, &mut rng)
            .into_iter()
            .map(|c| c.cells.iter().map(|cell| cell.row * 9 + cell.col).collect())
            .collect();
        if unique(&as_cages(&cages), &puzzle) {
            break cages;
        }
    };
    loop {
        // Neighbouring cages whose digits differ and whose union is small enough.
        let mut owner = [0usize; 81];
        for (k, cells) in cages.iter().enumerate() {
            for &p in cells {
                owner[p] = k;
            }
        }
        let mut pairs = Vec::new();
        for p in 0..81 {
            for q in [p + 1, p + 9] {
                if q >= 81 || (q == p + 1 && q % 9 == 0) {
                    continue;
                }
                let (a, b) = (owner[p].min(owner[q]), owner[p].max(owner[q]));
                if a == b || pairs.contains(&(a, b)) {
                    continue;
                }
                let used = |k: usize| cages[k].iter().fold(0u32, |m, &p| m | 1 << digits[p]);
                if used(a) & used(b) == 0 && cages[a].len() + cages[b].len() <= max_cage as usize {
                    pairs.push((a, b));
                }
            }
        }
        rng.shuffle(&mut pairs);
        let mut merged = false;
        for (a, b) in pairs {
            let mut trial = cages.clone();
            let moved = trial.remove(b);
            trial[a].extend(moved);
            trial[a].sort_unstable();
            if unique(&as_cages(&trial), &puzzle) {
                cages = trial;
                merged = true;
                break;
            }
        }
        if !merged {
            break;
        }
    }
    let spec = Spec::new(9).with(|c| c.cage.cages = as_cages(&cages));
    let rules = Rules::new(spec).expect("checked cages");
    print!("{}", to_toml(&rules, &puzzle));
}
