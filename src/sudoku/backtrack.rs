//! The reference backtracker: the classic recursive sudoku solver, kept plain on purpose.
//!
//! Fill naked singles (cells with one candidate) until none is left, then branch on the empty
//! cell with the fewest candidates, recursing on a copy of the grid. It reads the rules' size
//! and box shape and works out rows, columns and boxes by itself, sharing no code with the
//! exact-cover encoding, so that the property tests compare two independent implementations.

use std::ops::ControlFlow;

use crate::xc::Stats;

use super::engine::{Answer, Engine};
use super::grid::{symbol, Cell, Grid};
use super::rules::{PuzzleError, Rules, UnitKind};

/// The reference solver. Slow and obviously correct.
///
/// Its [`Stats`]: `nodes` counts the digits tried at branching cells, `updates` the digits
/// written (naked singles and branches).
#[derive(Debug, Clone)]
pub struct Backtracker {
    rules: Rules,
    /// `peers[cell]`: every other cell in its row, column or box.
    peers: Vec<Vec<usize>>,
}

struct Search {
    limit: Option<u128>,
    keep: usize,
    answer: Answer,
}

impl Backtracker {
    /// A backtracker for a rule set.
    pub fn new(rules: Rules) -> Backtracker {
        let n = rules.size();
        let (box_rows, box_cols) = rules.box_shape();
        let peers = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                (0..n * n)
                    .filter(|&other| {
                        let (r2, c2) = (other / n, other % n);
                        let same_box =
                            r / box_rows == r2 / box_rows && c / box_cols == c2 / box_cols;
                        other != cell && (r == r2 || c == c2 || same_box)
                    })
                    .collect()
            })
            .collect();
        Backtracker { rules, peers }
    }

    /// Digits (as bits `1 << (d - 1)`) that no peer of `cell` holds.
    fn candidates(&self, cells: &[u8], cell: usize) -> u64 {
        let n = self.rules.size();
        let mut free = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for &peer in &self.peers[cell] {
            if cells[peer] != 0 {
                free &= !(1u64 << (cells[peer] - 1));
            }
        }
        free
    }

    fn search(&self, mut cells: Vec<u8>, search: &mut Search) -> ControlFlow<()> {
        // Naked singles until none is left; remember the cell with fewest candidates.
        let (branch_cell, branch_digits) = loop {
            let mut best: Option<(usize, u64)> = None;
            let mut single = None;
            for cell in 0..cells.len() {
                if cells[cell] != 0 {
                    continue;
                }
                let free = self.candidates(&cells, cell);
                match free.count_ones() {
                    0 => return ControlFlow::Continue(()),
                    1 => {
                        single = Some((cell, free));
                        break;
                    }
                    k => {
                        if best.is_none_or(|(_, b)| k < b.count_ones()) {
                            best = Some((cell, free));
                        }
                    }
                }
            }
            match (single, best) {
                (Some((cell, free)), _) => {
                    cells[cell] = free.trailing_zeros() as u8 + 1;
                    search.answer.stats.updates += 1;
                }
                (None, Some(branch)) => break branch,
                (None, None) => {
                    // No empty cell, and every digit was a candidate when written: solved.
                    return self.found(cells, search);
                }
            }
        };
        for digit in 1..=self.rules.size() as u8 {
            if branch_digits & (1u64 << (digit - 1)) == 0 {
                continue;
            }
            search.answer.stats.nodes += 1;
            search.answer.stats.updates += 1;
            let mut next = cells.clone();
            next[branch_cell] = digit;
            self.search(next, search)?;
        }
        ControlFlow::Continue(())
    }

    fn found(&self, cells: Vec<u8>, search: &mut Search) -> ControlFlow<()> {
        let answer = &mut search.answer;
        answer.count += 1;
        answer.stats.solutions += 1;
        if answer.solutions.len() < search.keep {
            let grid = Grid::from_cells(self.rules.size(), cells).expect("digits in range");
            answer.solutions.push(grid);
        }
        if Some(answer.count) == search.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Its own check of the givens: the first given (row-major) that a later peer repeats,
    /// with the unit they share (row before column before box).
    fn conflict(&self, puzzle: &Grid) -> Option<PuzzleError> {
        let n = self.rules.size();
        let (box_rows, box_cols) = self.rules.box_shape();
        let cells = puzzle.cells();
        (0..cells.len()).find_map(|a| {
            let d = cells[a];
            let &b = self.peers[a]
                .iter()
                .find(|&&p| p > a && d != 0 && cells[p] == d)?;
            let (first, second) = (Cell::from_index(a, n), Cell::from_index(b, n));
            let unit = if first.row == second.row {
                UnitKind::Row(first.row)
            } else if first.col == second.col {
                UnitKind::Column(first.col)
            } else {
                UnitKind::Box((first.row / box_rows) * (n / box_cols) + first.col / box_cols)
            };
            Some(PuzzleError::Conflict {
                first,
                second,
                symbol: symbol(d),
                unit,
            })
        })
    }
}

impl Engine for Backtracker {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn enumerate(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        keep: usize,
    ) -> Result<Answer, PuzzleError> {
        let n = self.rules.size();
        if puzzle.size() != n {
            return Err(PuzzleError::WrongSize {
                expected: n,
                found: puzzle.size(),
            });
        }
        if let Some(conflict) = self.conflict(puzzle) {
            return Err(conflict);
        }
        let mut search = Search {
            limit,
            keep,
            answer: Answer {
                count: 0,
                complete: true,
                solutions: Vec::new(),
                stats: Stats::default(),
            },
        };
        if limit == Some(0) {
            search.answer.complete = false;
            return Ok(search.answer);
        }
        let stopped = self.search(puzzle.cells().to_vec(), &mut search).is_break();
        search.answer.complete = !stopped;
        Ok(search.answer)
    }
}
