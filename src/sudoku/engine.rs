//! What every sudoku engine answers: solutions counted up to a limit, a uniqueness verdict.

use crate::xc::{Budget, Stats, Watch};

use super::candidates::Candidates;
use super::grid::Grid;
use super::rules::{PuzzleError, Rules};

/// Solutions of a puzzle, counted up to a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Solutions found.
    pub count: u128,
    /// True when `count` is exact, false when the limit stopped the search (a lower bound).
    pub complete: bool,
    /// The first solutions found, as many as were asked to be kept.
    pub solutions: Vec<Grid>,
    /// Work done.
    pub stats: Stats,
    /// The symmetries of the rules the count used to count fewer solutions than it reports
    /// (none for a plain search).
    pub symmetries: Vec<Symmetry>,
    /// Of a count by bands ([`bands`](super::bands)): the classes of its top band counted
    /// whole, and how many there are (0 of 0 when it was stopped in the top band, before any
    /// class was known: it has counted nothing yet); `None` for other counts. A stopped count
    /// by bands is a lower bound: the grids of the classes counted whole and of those under
    /// way so far.
    pub band_classes: Option<(usize, usize)>,
}

/// A symmetry of the rules: a map of solutions to solutions that a count may use to count
/// one solution of each class and multiply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// Renaming the digits throughout.
    Digits,
    /// Permuting the rows within a band (of boxes).
    RowsInBands,
    /// Permuting the columns within a stack (of boxes).
    ColumnsInStacks,
    /// Permuting the stacks.
    Stacks,
    /// Transposing the grid: the grids of `r x c` boxes map one to one to those of `c x r`
    /// boxes, so a count by bands may count whichever shape is quicker.
    Transpose,
}

impl Symmetry {
    /// The name reports use: `digits`, `rows-in-bands`, `columns-in-stacks`, `stacks`,
    /// `transpose`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Digits => "digits",
            Symmetry::RowsInBands => "rows-in-bands",
            Symmetry::ColumnsInStacks => "columns-in-stacks",
            Symmetry::Stacks => "stacks",
            Symmetry::Transpose => "transpose",
        }
    }
}

impl std::fmt::Display for Symmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Answer {
    /// No solution found yet, no work done; complete until a limit says otherwise.
    pub fn empty() -> Answer {
        Answer {
            count: 0,
            complete: true,
            solutions: Vec::new(),
            stats: Stats::default(),
            symmetries: Vec::new(),
            band_classes: None,
        }
    }

    /// Whether something other than `limit` cut the search short (a [`Budget`] running out,
    /// a [`Watch`] asking it to stop): the answer is then open beyond the solutions found.
    /// A search stopped by its limit has exactly `limit` solutions and is not cut short.
    pub fn cut_short(&self, limit: Option<u128>) -> bool {
        !self.complete && limit.is_none_or(|l| self.count < l)
    }
}

/// Whether a puzzle has exactly one solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No solution.
    None,
    /// Exactly one solution, proved by searching the whole tree.
    Unique(Grid),
    /// At least two solutions; two that differ, as witnesses.
    Multiple(Grid, Grid),
}

/// A sudoku solver: the exact-cover [`Solver`](super::Solver) or the reference
/// [`Backtracker`](super::Backtracker).
pub trait Engine {
    /// The rules puzzles are solved under.
    fn rules(&self) -> &Rules;

    /// Counts solutions up to `limit` (all of them for `None`), keeping the first `keep`.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules (checked before any search) or the grid
    /// has the wrong size.
    fn enumerate(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        keep: usize,
    ) -> Result<Answer, PuzzleError> {
        self.enumerate_bounded(puzzle, limit, keep, Budget::UNLIMITED)
    }

    /// [`Engine::enumerate`] within a [`Budget`]: a search that runs out of it stops, and its
    /// answer is incomplete and [cut short](Answer::cut_short).
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn enumerate_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError>;

    /// As [`Engine::enumerate`], for a puzzle given as candidates: cells with one candidate are
    /// the givens, and every other cell may hold only its candidates.
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`], for the givens.
    fn enumerate_candidates(
        &mut self,
        candidates: &Candidates,
        limit: Option<u128>,
        keep: usize,
    ) -> Result<Answer, PuzzleError> {
        self.enumerate_candidates_bounded(candidates, limit, keep, Budget::UNLIMITED)
    }

    /// [`Engine::enumerate_candidates`] within a [`Budget`].
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`], for the givens.
    fn enumerate_candidates_bounded(
        &mut self,
        candidates: &Candidates,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError>;

    /// Any one solution, without proving it unique.
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn solve_first(&mut self, puzzle: &Grid) -> Result<(Option<Grid>, Stats), PuzzleError> {
        let answer = self.enumerate(puzzle, Some(1), 1)?;
        Ok((answer.solutions.into_iter().next(), answer.stats))
    }

    /// Counts solutions up to `limit` (all for `None`).
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn count(&mut self, puzzle: &Grid, limit: Option<u128>) -> Result<Answer, PuzzleError> {
        self.enumerate(puzzle, limit, 0)
    }

    /// Counts solutions up to `limit` on up to `threads` threads, splitting the search tree;
    /// engines that cannot split count on one.
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn count_threads(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        threads: usize,
    ) -> Result<Answer, PuzzleError> {
        self.count_watched(puzzle, limit, threads, &Watch::new())
    }

    /// [`Engine::count_threads`], publishing progress to `watch` (solutions and nodes so far,
    /// and the share of the tree explored where the engine can estimate it) and stopping when
    /// the watch asks: the count is then incomplete, a lower bound.
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn count_watched(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
    ) -> Result<Answer, PuzzleError> {
        self.count_bounded(puzzle, limit, threads, watch, Budget::UNLIMITED)
    }

    /// [`Engine::count_watched`] within a [`Budget`]: a count that runs out of it stops, and
    /// is then a lower bound ([cut short](Answer::cut_short)). Split across threads, the node
    /// limit may be passed by up to a subtree per thread.
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn count_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Result<Answer, PuzzleError>;

    /// Proves that a puzzle has no, one, or several solutions, by counting to 2.
    ///
    /// # Errors
    ///
    /// As [`Engine::enumerate`].
    fn check(&mut self, puzzle: &Grid) -> Result<(Verdict, Stats), PuzzleError> {
        let answer = self.enumerate(puzzle, Some(2), 2)?;
        let mut solutions = answer.solutions.into_iter();
        let verdict = match (solutions.next(), solutions.next()) {
            (None, _) => Verdict::None,
            (Some(one), None) => Verdict::Unique(one),
            (Some(one), Some(two)) => Verdict::Multiple(one, two),
        };
        Ok((verdict, answer.stats))
    }
}
