//! Makes the 16x16 and 25x25 benchmark sets in `bench/`, reproducibly from a seed: each puzzle
//! is a random solution (random givens completed by the solver) with givens removed in random
//! order while the solution stays unique, each removal proved by counting to 2, down to a
//! floor of givens (below it, proving uniqueness of 25x25 puzzles gets slow).
//!
//! ```text
//! cargo run --release --example bench_sets -- 16 100 90 > bench/16x16.txt
//! cargo run --release --example bench_sets -- 25 100 330 > bench/25x25.txt
//! ```

use std::process::ExitCode;

use sudokux::sudoku::{Engine, Grid, Rules, Solver, Spec};

/// xorshift64*: the same puzzles on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_solution(rules: &Rules, solver: &mut Solver, rng: &mut Rng) -> Grid {
    let n = rules.size();
    loop {
        let mut grid = rules.empty_grid();
        for _ in 0..n {
            let p = rng.below(n * n);
            let d = 1 + rng.below(n) as u8;
            let before = grid.cells()[p];
            grid.set(p / n, p % n, d);
            if rules.check_givens(&grid).is_err() {
                grid.set(p / n, p % n, before);
            }
        }
        if let Some(solution) = solver.solve_first(&grid).expect("valid givens").0 {
            return solution;
        }
    }
}

fn main() -> ExitCode {
    const USAGE: &str = "usage: bench_sets SIZE COUNT FLOOR [SEED]";
    let numbers: Option<Vec<usize>> = std::env::args().skip(1).map(|a| a.parse().ok()).collect();
    let args = match numbers {
        Some(args) if (3..=4).contains(&args.len()) => args,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (size, count, floor) = (args[0], args[1], args[2]);
    let mut rng = Rng((args.get(3).copied().unwrap_or(2026) as u64 * 0x9E37_79B9) | 1);
    // Boxes of the most square shape, as for puzzle lines.
    let rules = match Rules::new(Spec::new(size)) {
        Ok(rules) => rules,
        Err(error) => {
            eprintln!("bench_sets: {error}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(rules.clone());
    for _ in 0..count {
        let mut puzzle = random_solution(&rules, &mut solver, &mut rng);
        let mut order: Vec<usize> = (0..size * size).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for p in order {
            if puzzle.filled() <= floor {
                break;
            }
            let d = puzzle.cells()[p];
            puzzle.set(p / size, p % size, 0);
            if solver.count(&puzzle, Some(2)).expect("valid").count != 1 {
                puzzle.set(p / size, p % size, d);
            }
        }
        println!("{}", rules.format_line(&puzzle));
    }
    ExitCode::SUCCESS
}
