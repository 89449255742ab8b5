//! Prints the first puzzles of a file on which a given technique fires (to pick test puzzles).
//!
//! `cargo run --release --example find_technique -- hidden-quad FILE...`

use sudokux::sudoku::logic::solve_logically;
use sudokux::sudoku::{Grid, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let wanted = args
        .next()
        .expect("usage: find_technique TECHNIQUE FILE...");
    let rules = Rules::classic();
    let mut found = 0;
    for path in args {
        let text = std::fs::read_to_string(&path).expect("readable file");
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
                    return;
                }
            }
        }
    }
}
