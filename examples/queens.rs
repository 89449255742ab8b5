//! The n-queens problem as exact cover: the engine knows nothing about sudoku.
//!
//! Each row and each column holds exactly one queen (primary items); each diagonal holds at
//! most one (secondary items). One option per square covers its row, column and two
//! diagonals.
//!
//! ```text
//! cargo run --release --example queens -- 8      # 92 solutions, and the first one drawn
//! ```

use sudokux::xc::{CountOptions, Dlx, Problem, ProblemBuilder};

/// The n-queens problem; option `r * n + c` puts a queen on row `r`, column `c`.
pub fn queens(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let rows: Vec<_> = (0..n).map(|_| b.primary()).collect();
    let cols: Vec<_> = (0..n).map(|_| b.primary()).collect();
    let diagonals = (2 * n).saturating_sub(1);
    let down: Vec<_> = (0..diagonals).map(|_| b.secondary()).collect();
    let up: Vec<_> = (0..diagonals).map(|_| b.secondary()).collect();
    for r in 0..n {
        for c in 0..n {
            b.option([rows[r], cols[c], down[r + c], up[r + n - 1 - c]])
                .expect("distinct known items");
        }
    }
    b.build()
}

#[allow(dead_code)]
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("usage: queens N"))
        .unwrap_or(8);
    let mut dlx = Dlx::new(&queens(n));
    let count = dlx.count(CountOptions::new());
    println!(
        "{n}-queens: {} solutions ({} nodes, {} updates)",
        count.count, count.stats.nodes, count.stats.updates
    );
    if let (Some(solution), _) = dlx.first() {
        let mut board = vec![vec!['.'; n]; n];
        for option in solution {
            board[option.index() / n][option.index() % n] = 'Q';
        }
        for row in board {
            println!("{}", row.into_iter().collect::<String>());
        }
    }
}
