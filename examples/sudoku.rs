//! Solving a sudoku with the library, and proving its solution unique.
//!
//! ```text
//! cargo run --release --example sudoku -- 2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9
//! ```

use sudokux::sudoku::{pretty, validate, Engine, Grid, Rules, Solver, Verdict};

fn main() {
    let line = std::env::args().nth(1).unwrap_or_else(|| {
        "....6.7...59.......1.2........1.....6..5.....3.....46.................918..74....".into()
    });
    let Some(puzzle) = Grid::from_line(&line) else {
        eprintln!("expected 81 characters: 1-9, and . or 0 for blanks");
        std::process::exit(2);
    };
    let mut solver = Solver::new(Rules::classic());
    match solver.check(&puzzle) {
        Err(error) => eprintln!("bad puzzle: {error}"),
        Ok((Verdict::None, _)) => println!("no solution"),
        Ok((Verdict::Multiple(a, b), _)) => println!("several solutions, e.g.\n{a}\n{b}"),
        Ok((Verdict::Unique(solution), stats)) => {
            validate(solver.rules(), &puzzle, &solution).expect("solutions obey the rules");
            print!("{}", pretty(&solution, solver.rules()));
            println!("unique ({} nodes)", stats.nodes);
        }
    }
}
