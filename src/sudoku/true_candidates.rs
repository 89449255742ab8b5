//! True candidates: the digits each cell takes in at least one solution of a puzzle, whatever
//! its number of solutions; exact, not a logical approximation.
//!
//! A setter whose puzzle is not yet unique reads them as a map: a cell with one true candidate
//! is settled, the others show where a clue is still needed.
//!
//! The search runs on the solver's one matrix ([`Solver::true_candidates`]): the givens are
//! committed once, then each (cell, digit) not yet *seen* is committed in turn, a first
//! solution searched for, and the option taken back ([`Dlx::uncommit_to`]). Every solution
//! found marks all its (cell, digit) as seen, so that most candidates are never searched for
//! at all: a puzzle with many solutions takes a few dozen first-solution searches, each of them
//! short. A (cell, digit) whose search fails is not a candidate. With counts, each true
//! candidate's solutions are counted up to a limit on the same matrix, the digit committed.

use crate::xc::{Budget, CountOptions, Dlx, OptionId, Restarts, Stats, Watch};

use super::candidates::Candidates;
use super::encode::Numbering;
use super::engine::Engine;
use super::grid::Grid;
use super::pretty::marks_grid;
use super::rules::{PuzzleError, Rules};
use super::solver::{Solver, FIRST_SEED};

/// What to find for each (cell, digit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tally {
    /// Whether some solution puts the digit there.
    Digits,
    /// How many solutions put the digit there, counted up to `limit` (all for `None`).
    Counts {
        /// Count each (cell, digit) up to this many solutions.
        limit: Option<u128>,
    },
}

/// The true candidates of a puzzle (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Digits of the puzzle.
    pub size: usize,
    /// For each position of the grid, row-major, the digits some solution puts there: bit
    /// `d - 1` for digit `d`. Empty for positions outside every sub-grid, and everywhere when
    /// the puzzle has no solution. When the search was cut short ([`TrueCandidates::complete`]
    /// false), only the digits found so far: a lower bound.
    pub masks: Vec<u64>,
    /// With [`Tally::Counts`]: for each position `p` and digit `d`, at `p * size + d - 1`, the
    /// solutions that put `d` at `p`, up to the limit (reaching it means at least that many).
    pub counts: Option<Vec<u128>>,
    /// With [`Tally::Counts`]: the puzzle's solutions, up to the limit.
    pub solutions: Option<u128>,
    /// With [`Tally::Counts`]: the limit counts were taken to (`None` for none).
    pub limit: Option<u128>,
    /// False when the budget ran out before every (cell, digit) was decided.
    pub complete: bool,
    /// Work done by all the searches.
    pub stats: Stats,
}

impl TrueCandidates {
    /// Whether the puzzle has a solution (as far as the search got).
    pub fn has_solution(&self) -> bool {
        self.masks.iter().any(|&m| m != 0)
    }

    /// The true candidates as [`Candidates`] (positions outside every sub-grid get every
    /// digit), e.g. to be searched again or written as a pencilmark line.
    ///
    /// # Panics
    ///
    /// If the puzzle has no solution (no mask may be empty) or the grid is not square.
    pub fn to_candidates(&self, rows: usize, cols: usize) -> Candidates {
        assert_eq!(rows, cols, "a square grid");
        assert!(self.has_solution(), "a puzzle with a solution");
        let mut candidates = Candidates::all(self.size);
        for (p, &mask) in self.masks.iter().enumerate() {
            if mask != 0 {
                candidates.set(p, mask);
            }
        }
        candidates
    }

    /// The grid of settled cells: each position with exactly one true candidate holds it.
    pub fn settled(&self, rows: usize, cols: usize) -> Grid {
        let cells = self
            .masks
            .iter()
            .map(|&m| match m.count_ones() {
                1 => m.trailing_zeros() as u8 + 1,
                _ => 0,
            })
            .collect();
        Grid::from_area(rows, cols, cells).expect("the masks' shape")
    }

    /// The true candidates drawn as a pencilmark grid in the rules' symbols (see
    /// [`marks_grid`]); positions outside every sub-grid blank.
    pub fn pencil_marks(&self, rules: &Rules) -> String {
        let symbols = rules.symbols();
        let sep = if symbols.is_single_char() { "" } else { "," };
        let text: Vec<String> = self
            .masks
            .iter()
            .map(|&mask| {
                (1..=self.size as u8)
                    .filter(|d| mask >> (d - 1) & 1 == 1)
                    .map(|d| symbols.name(d))
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect();
        marks_grid(rules, &text)
    }

    /// With counts, how many solutions put `digit` at `position` (up to the limit).
    pub fn count(&self, position: usize, digit: u8) -> Option<u128> {
        let counts = self.counts.as_ref()?;
        Some(counts[position * self.size + digit as usize - 1])
    }
}

impl Solver {
    /// The true candidates of a puzzle (see the [module docs](super::true_candidates)): for
    /// each cell, the digits it takes in at least one solution; with [`Tally::Counts`] also how
    /// many solutions put each digit in each cell. `candidates`, if given, restricts the
    /// puzzle further (as [`Engine::enumerate_candidates`] does; its single candidates should
    /// be the givens of `puzzle`).
    ///
    /// A search that runs out of `budget` stops with what it found,
    /// [`TrueCandidates::complete`] false.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules or the grid has the wrong size.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::sudoku::true_candidates::Tally;
    /// use sudokux::sudoku::parse::parse_one;
    /// use sudokux::sudoku::{Rules, Solver};
    /// use sudokux::xc::Budget;
    ///
    /// // A 4x4 with nine solutions.
    /// let puzzle = parse_one("1.3.......4.....", 4).unwrap();
    /// let mut solver = Solver::new(Rules::with_boxes(2, 2).unwrap());
    /// let found = solver
    ///     .true_candidates(&puzzle, None, Tally::Digits, Budget::UNLIMITED)
    ///     .unwrap();
    /// assert!(found.complete);
    /// assert_eq!(found.masks[2], 0b0100); // r1c3 is the given 3
    /// assert_eq!(found.masks[1], 0b1010); // r1c2 is 2 or 4
    /// ```
    pub fn true_candidates(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&Candidates>,
        tally: Tally,
        budget: Budget,
    ) -> Result<TrueCandidates, PuzzleError> {
        let size = self.rules().size();
        let positions: Vec<usize> = self.rules().cells().to_vec();
        let cells = self.rules().cell_count();
        let mut found = TrueCandidates {
            size,
            masks: vec![0; puzzle.cells().len()],
            counts: None,
            solutions: None,
            limit: match tally {
                Tally::Digits => None,
                Tally::Counts { limit } => limit,
            },
            complete: true,
            stats: Stats::default(),
        };
        let Some((dlx, numbering)) = self.prepared(puzzle, candidates)? else {
            if let Tally::Counts { .. } = tally {
                found.counts = Some(vec![0; found.masks.len() * size]);
                found.solutions = Some(0);
            }
            return Ok(found);
        };
        let mut run = Run {
            dlx,
            numbering,
            cells,
            budget,
            found: &mut found,
        };
        run.digits(&positions, size);
        if let Tally::Counts { limit } = tally {
            if run.found.complete {
                run.counts(&positions, size, limit);
            }
        }
        run.dlx.reset();
        Ok(found)
    }
}

/// One puzzle's searches on the committed matrix.
struct Run<'a> {
    dlx: &'a mut Dlx,
    numbering: &'a Numbering,
    /// The puzzle's cells, the first items of the matrix (for the restarting search).
    cells: usize,
    budget: Budget,
    found: &'a mut TrueCandidates,
}

impl Run<'_> {
    /// The budget left.
    fn left(&self) -> Budget {
        self.budget.after(self.found.stats.nodes)
    }

    /// One first-solution search on the matrix as it stands; marks the solution's digits.
    /// `None` when the budget stopped it, else whether there was a solution. The plain search
    /// and the restarting search take turns within growing caps, as for `solve` (see
    /// `solver/race.rs`): a (cell, digit) of a nearly empty grid can send the plain search
    /// into a barren subtree of millions of nodes, where a restart finds a solution at once.
    fn first(&mut self) -> Option<bool> {
        let mut cap = Solver::CANDIDATES_RACE_FROM;
        let mut seed = FIRST_SEED;
        loop {
            let mut left = self.left();
            left.max_nodes = Some(left.max_nodes.map_or(cap, |max| max.min(cap)));
            let mut search = self.dlx.search();
            search.bound(left);
            if let Some(options) = search.next_solution() {
                mark(&mut self.found.masks, self.numbering, options);
                self.found.stats += search.stats();
                return Some(true);
            }
            let stopped = search.stopped();
            self.found.stats += search.stats();
            drop(search);
            if !stopped {
                return Some(false);
            }
            if self.budget.exhausted(self.found.stats.nodes) {
                return None;
            }
            let restarts = Restarts::new(seed)
                .prefer(self.cells)
                .base(2 * self.cells as u64);
            let mut left = self.left();
            left.max_nodes = Some(left.max_nodes.map_or(cap / 2, |max| max.min(cap / 2)));
            let outcome = self.dlx.first_restarting(&restarts, left);
            self.found.stats += outcome.stats;
            match outcome.solution {
                Some(options) => {
                    mark(&mut self.found.masks, self.numbering, &options);
                    return Some(true);
                }
                None if outcome.complete => return Some(false),
                None if self.budget.exhausted(self.found.stats.nodes) => return None,
                None => {}
            }
            seed = seed.wrapping_add(1);
            cap = cap.saturating_mul(Solver::RACE_GROWTH);
        }
    }

    /// The true candidates: one solution, then every (cell, digit) not yet seen committed in
    /// turn.
    fn digits(&mut self, positions: &[usize], size: usize) {
        let base = self.dlx.committed().count();
        match self.first() {
            None => {
                self.found.complete = false;
                return;
            }
            Some(false) => return,
            Some(true) => {}
        }
        for &p in positions {
            for d in 1..=size as u8 {
                if self.found.masks[p] >> (d - 1) & 1 == 1 {
                    continue;
                }
                let Some(option) = self.numbering.option_of(p, d) else {
                    continue;
                };
                // An option the givens (or the candidates) already exclude: no solution.
                if self.dlx.commit(option).is_err() {
                    continue;
                }
                let outcome = self.first();
                self.dlx.uncommit_to(base);
                if outcome.is_none() {
                    self.found.complete = false;
                    return;
                }
            }
        }
    }

    /// The solutions of the puzzle and of each true candidate, up to `limit`.
    fn counts(&mut self, positions: &[usize], size: usize, limit: Option<u128>) {
        let base = self.dlx.committed().count();
        let mut counts = vec![0u128; self.found.masks.len() * size];
        let watch = Watch::new();
        let total = self.dlx.count(
            CountOptions::new()
                .limit(limit)
                .watch(&watch)
                .budget(self.left()),
        );
        self.found.stats += total.stats;
        let cut =
            |count: &crate::xc::Count| !count.complete && limit.is_none_or(|l| count.count < l);
        if cut(&total) {
            self.found.complete = false;
            return;
        }
        self.found.solutions = Some(total.count);
        for &p in positions {
            let mask = self.found.masks[p];
            if mask.count_ones() == 1 {
                // Settled: every solution puts its digit there.
                counts[p * size + mask.trailing_zeros() as usize] = total.count;
                continue;
            }
            for d in 1..=size as u8 {
                if mask >> (d - 1) & 1 == 0 {
                    continue;
                }
                let option = self.numbering.option_of(p, d).expect("a true candidate");
                self.dlx
                    .commit(option)
                    .expect("a true candidate is available");
                let count = self.dlx.count(
                    CountOptions::new()
                        .limit(limit)
                        .watch(&watch)
                        .budget(self.left()),
                );
                self.dlx.uncommit_to(base);
                self.found.stats += count.stats;
                if cut(&count) {
                    self.found.complete = false;
                    return;
                }
                counts[p * size + d as usize - 1] = count.count;
            }
        }
        self.found.counts = Some(counts);
    }
}

/// Marks the (cell, digit) of every option of a solution as seen.
fn mark(masks: &mut [u64], numbering: &Numbering, options: &[OptionId]) {
    for &option in options {
        if let Some((p, d)) = numbering.cell_digit(option) {
            masks[p] |= 1 << (d - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::parse::parse_one;

    #[test]
    fn an_empty_4x4_has_every_digit_everywhere_in_72_of_its_288_solutions() {
        let mut solver = Solver::new(Rules::with_boxes(2, 2).unwrap());
        let empty = parse_one("................", 4).unwrap();
        let found = solver
            .true_candidates(
                &empty,
                None,
                Tally::Counts { limit: None },
                Budget::UNLIMITED,
            )
            .unwrap();
        assert!(found.complete);
        assert!(found.masks.iter().all(|&m| m == 0b1111));
        assert_eq!(found.solutions, Some(288));
        assert!(found.counts.as_ref().unwrap().iter().all(|&c| c == 72));
    }

    #[test]
    fn no_solution_leaves_every_mask_empty() {
        let mut solver = Solver::new(Rules::with_boxes(2, 2).unwrap());
        // r1c1 must be 4 (row 1 has 1 2 3), but column 1 has a 4.
        let puzzle = parse_one(".123....4.......", 4).unwrap();
        let found = solver
            .true_candidates(&puzzle, None, Tally::Digits, Budget::UNLIMITED)
            .unwrap();
        assert!(found.complete && !found.has_solution());
    }

    #[test]
    fn a_node_budget_cuts_the_search_short() {
        let mut solver = Solver::new(Rules::classic());
        let found = solver
            .true_candidates(
                &Rules::classic().empty_grid(),
                None,
                Tally::Digits,
                Budget::nodes(10),
            )
            .unwrap();
        assert!(!found.complete);
        assert!(found.stats.nodes <= 10);
    }
}
