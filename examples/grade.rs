//! Grades every 9x9 puzzle of a file with human-style logic and reports the share that logic
//! solves without search, the grades, the techniques used and the time per puzzle. Each step is
//! checked against the solution the exact-cover engine proves unique.
//!
//! `cargo run --example grade -- ../shared/data/puzzles3_magictour_top1465`

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use sudokux::sudoku::logic::{solve_logically, Grade, Technique};
use sudokux::sudoku::{Engine, Grid, Rules, Solver, Verdict};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = &args[..] else {
        eprintln!("usage: grade FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("grade: {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let rules = Rules::classic();
    let mut solver = Solver::new(rules.clone());
    let mut grades: BTreeMap<Grade, usize> = BTreeMap::new();
    let mut used: BTreeMap<Technique, usize> = BTreeMap::new();
    let (mut total, mut solved) = (0usize, 0usize);
    let mut elapsed = std::time::Duration::ZERO;
    for line in text.lines().map(str::trim) {
        let Some(puzzle) = Grid::from_line(line.get(..81).unwrap_or(line)) else {
            continue;
        };
        let solution = match solver.check(&puzzle) {
            Ok((Verdict::Unique(solution), _)) => solution,
            Ok(_) => {
                eprintln!("not unique: {line}");
                continue;
            }
            Err(error) => {
                eprintln!("{line}: {error}");
                continue;
            }
        };
        total += 1;
        let start = Instant::now();
        let explanation = match solve_logically(&rules, &puzzle) {
            Ok(explanation) => explanation,
            Err(error) => {
                eprintln!("{line}: {error}");
                continue;
            }
        };
        elapsed += start.elapsed();
        for step in &explanation.steps {
            for &(cell, d) in &step.placements {
                assert_eq!(solution.get(cell.row, cell.col), d, "{line}: {step}");
            }
            for &(cell, d) in &step.eliminations {
                assert_ne!(solution.get(cell.row, cell.col), d, "{line}: {step}");
            }
            *used.entry(step.technique).or_default() += 1;
        }
        if explanation.solved() {
            solved += 1;
        }
        *grades.entry(explanation.grade()).or_default() += 1;
    }
    println!(
        "{path}: {solved} of {total} solved by logic alone ({:.1}%), {:.2} ms per puzzle",
        100.0 * solved as f64 / total.max(1) as f64,
        elapsed.as_secs_f64() * 1000.0 / total.max(1) as f64
    );
    for (grade, count) in grades {
        println!("  {grade}: {count}");
    }
    println!("steps by technique:");
    for (technique, count) in used {
        println!("  {technique}: {count}");
    }
    ExitCode::SUCCESS
}
