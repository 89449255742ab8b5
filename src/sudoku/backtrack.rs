//! The reference backtracker: the classic recursive sudoku solver, kept plain on purpose.
//!
//! Fill naked singles (cells with one candidate) until none is left, then branch on the empty
//! cell with the fewest candidates, recursing on a copy of the grid. Each constraint family
//! says by itself which digits a cell may still take ([`Reference`]), worked out from its
//! meaning and sharing no code with the exact-cover encoding, so that the property tests
//! compare two independent implementations.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::xc::{Budget, Watch};

use super::candidates::Candidates;
use super::engine::{Answer, Engine};
use super::grid::{Cell, Grid};
use super::rules::{PuzzleError, Reference, Rules};

/// The reference solver. Slow and obviously correct.
///
/// Its [`Stats`](crate::xc::Stats): `nodes` counts the digits tried at branching cells, `updates` the digits
/// written (naked singles and branches).
#[derive(Debug, Clone)]
pub struct Backtracker {
    rules: Rules,
    n: usize,
    rows: usize,
    cols: usize,
    /// Positions inside some sub-grid.
    active: Vec<bool>,
    /// Every constraint family's own view of a partial grid.
    references: Vec<Arc<dyn Reference>>,
}

struct Search<'w> {
    limit: Option<u128>,
    keep: usize,
    answer: Answer,
    /// Where progress is published, every [`PUBLISH_EVERY`] nodes, and a stop asked for.
    watch: Option<&'w Watch>,
    /// Nodes and solutions published so far.
    published: (u64, u128),
    /// How far the search may go.
    budget: Budget,
    /// Node count at which the watch and the budget are looked at next.
    next_check: u64,
    /// The candidates each position is restricted to; empty for no restriction.
    masks: Vec<u64>,
}

/// Nodes between two looks at the watch.
const PUBLISH_EVERY: u64 = 1 << 12;

impl Search<'_> {
    /// The digits position `p` may hold at all.
    fn allowed(&self, p: usize) -> u64 {
        self.masks.get(p).copied().unwrap_or(u64::MAX)
    }

    /// The periodic checkpoint: publishes the work done and looks at the budget; `Break`
    /// when the search must stop.
    fn checkpoint(&mut self) -> ControlFlow<()> {
        let nodes = self.answer.stats.nodes;
        self.next_check = (nodes + PUBLISH_EVERY).min(self.budget.next_check(nodes));
        self.publish()?;
        if self.budget.exhausted(nodes) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Publishes the work done since the last call; `Break` when a stop was asked for.
    fn publish(&mut self) -> ControlFlow<()> {
        let Some(watch) = self.watch else {
            return ControlFlow::Continue(());
        };
        let stats = self.answer.stats;
        watch.add(
            stats.nodes - self.published.0,
            stats.solutions - self.published.1,
        );
        self.published = (stats.nodes, stats.solutions);
        if watch.stop_requested() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Backtracker {
    /// A backtracker for a rule set.
    pub fn new(rules: Rules) -> Backtracker {
        let spec = rules.spec();
        let n = spec.size;
        // The area, worked out again from the description.
        let grids = if spec.grids.is_empty() {
            vec![(0, 0)]
        } else {
            spec.grids.clone()
        };
        let rows = grids.iter().map(|g| g.0 + n).max().unwrap_or(n);
        let cols = grids.iter().map(|g| g.1 + n).max().unwrap_or(n);
        let mut active = vec![false; rows * cols];
        for &(r0, c0) in &grids {
            for r in r0..r0 + n {
                active[r * cols + c0..r * cols + c0 + n].fill(true);
            }
        }
        let references = spec
            .constraints
            .all()
            .iter()
            .filter_map(|family| family.reference(rules.geometry()))
            .map(Arc::from)
            .collect();
        Backtracker {
            rules,
            n,
            rows,
            cols,
            active,
            references,
        }
    }

    /// Digits (as bits `1 << (d - 1)`) that position `p` can still take.
    fn candidates(&self, cells: &[u8], p: usize) -> u64 {
        let n = self.n;
        let mut free = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for reference in &self.references {
            free &= reference.allowed(cells, p);
        }
        free
    }

    fn search(&self, mut cells: Vec<u8>, search: &mut Search) -> ControlFlow<()> {
        // Naked singles until none is left; remember the cell with fewest candidates.
        let (branch_cell, branch_digits) = loop {
            let mut best: Option<(usize, u64)> = None;
            let mut single = None;
            for p in 0..cells.len() {
                if !self.active[p] || cells[p] != 0 {
                    continue;
                }
                let free = self.candidates(&cells, p) & search.allowed(p);
                match free.count_ones() {
                    0 => return ControlFlow::Continue(()),
                    1 => {
                        single = Some((p, free));
                        break;
                    }
                    k => {
                        if best.is_none_or(|(_, b)| k < b.count_ones()) {
                            best = Some((p, free));
                        }
                    }
                }
            }
            match (single, best) {
                (Some((p, free)), _) => {
                    cells[p] = free.trailing_zeros() as u8 + 1;
                    search.answer.stats.updates += 1;
                }
                (None, Some(branch)) => break branch,
                (None, None) => {
                    // No empty cell, and every digit was a candidate when written: solved.
                    return self.found(cells, search);
                }
            }
        };
        for digit in 1..=self.n as u8 {
            if branch_digits & (1u64 << (digit - 1)) == 0 {
                continue;
            }
            if search.answer.stats.nodes >= search.next_check {
                search.checkpoint()?;
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
            let grid = Grid::from_area(self.rows, self.cols, cells).expect("the area's shape");
            answer.solutions.push(grid);
        }
        if Some(answer.count) == search.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Its own check of the givens: whether any given breaks a rule. `Some(p)` names the
    /// position at fault.
    fn broken_given(&self, cells: &[u8]) -> Option<usize> {
        (0..cells.len()).find(|&p| {
            let d = cells[p];
            if !self.active[p] || d == 0 {
                return false;
            }
            d as usize > self.n || self.references.iter().any(|r| r.broken(cells, p))
        })
    }
}

impl Engine for Backtracker {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn enumerate_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.run(puzzle, Vec::new(), limit, keep, None, budget)
    }

    fn count_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        _threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.run(puzzle, Vec::new(), limit, 0, Some(watch), budget)
    }

    fn enumerate_candidates_bounded(
        &mut self,
        candidates: &Candidates,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        let givens = candidates.givens();
        self.run(
            &givens,
            candidates.masks().to_vec(),
            limit,
            keep,
            None,
            budget,
        )
    }
}

impl Backtracker {
    /// Answers a puzzle whose positions may hold only the digits of `masks` (all digits when
    /// `masks` is empty), publishing to `watch` if given, within `budget`.
    fn run(
        &self,
        puzzle: &Grid,
        masks: Vec<u64>,
        limit: Option<u128>,
        keep: usize,
        watch: Option<&Watch>,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        if (puzzle.rows(), puzzle.cols()) != (self.rows, self.cols) {
            return Err(PuzzleError::WrongSize {
                rows: self.rows,
                cols: self.cols,
                found_rows: puzzle.rows(),
                found_cols: puzzle.cols(),
            });
        }
        // Positions outside every sub-grid are ignored.
        let cells: Vec<u8> = puzzle
            .cells()
            .iter()
            .enumerate()
            .map(|(p, &d)| if self.active[p] { d } else { 0 })
            .collect();
        // The same inputs are refused as by the exact-cover engine (a clue no digits can
        // make, say); a given that breaks a unit is also found independently.
        self.rules.check_givens(puzzle)?;
        if let Some(p) = self.broken_given(&cells) {
            return Err(PuzzleError::Given {
                cell: Cell::from_index(p, self.cols),
            });
        }
        let mut search = Search {
            limit,
            keep,
            answer: Answer::empty(),
            watch,
            published: (0, 0),
            next_check: PUBLISH_EVERY.min(budget.next_check(0)),
            budget,
            masks,
        };
        if limit == Some(0) {
            search.answer.complete = false;
            return Ok(search.answer);
        }
        let stopped = self.search(cells, &mut search).is_break();
        // The last nodes and solutions since the last publication.
        let _ = search.publish();
        search.answer.complete = !stopped;
        Ok(search.answer)
    }
}
