//! Prints the first puzzles of a file on which a given technique fires (to pick test puzzles).
//!
//! `cargo run --release --example find_technique -- hidden-quad FILE...`

use std::process::ExitCode;

use sudokux::sudoku::logic::solve_logically;
use sudokux::sudoku::{Grid, Rules};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(wanted) = args.next() else {
        eprintln!("usage: find_technique TECHNIQUE FILE...");
        return ExitCode::from(2);
    };
    let rules = Rules::classic();
    let mut found = 0;
    for path in args {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("find_technique: {path}: {error}");
                return ExitCode::from(2);
            }
        };
        for line in text.lines().map(str::trim) {
            let Some(puzzle) = Grid::from_line(line.get(..81).unwrap_or(line)) else {
                continue;
            };
            let Ok(explanation) = solve_logically(&rules, &puzzle) else {
                continue;
            };
            if let Some(step) = explanation
                .steps
                .iter()
                .find(|s| format!("{:?}", s.technique).to_lowercase() == wanted.replace('-', ""))
            {
                println!("{}  {step}", &line[..81]);
                found += 1;
                if found == 3 {
                    return ExitCode::SUCCESS;
                }
            }
        }
    }
    ExitCode::SUCCESS
}
