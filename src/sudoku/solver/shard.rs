//! A puzzle's count split into shards (see [`Dlx::shards`](crate::xc::Dlx::shards)):
//! counted anywhere, one by one, with the same rules, they add up to the puzzle's count.

use crate::xc::{CommitError, CountOptions, OptionId, Shards};

use super::Solver;
use crate::sudoku::engine::Answer;
use crate::sudoku::grid::Grid;
use crate::sudoku::rules::PuzzleError;

/// Why a shard of a puzzle's count could not be counted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// The givens break the rules.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A choice of the shard is not an option of this puzzle's matrix, or conflicts with the
    /// givens or an earlier choice: the shard was made for another puzzle or rules.
    #[error("the shard does not fit this puzzle: {0}")]
    Choice(#[from] CommitError),
}

impl Solver {
    /// Splits the count of a puzzle into shards by fixing the first `depth` choices of the
    /// search below its givens (see [`Dlx::shards`](crate::xc::Dlx::shards)): counted one by one with
    /// [`Solver::count_shard`], anywhere, with the same rules, the shards add up to the
    /// puzzle's count. Givens that contradict each other give no shard (no solution).
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::sudoku::{Engine, Grid, Rules, Solver};
    /// use sudokux::xc::CountOptions;
    ///
    /// // A classic puzzle with its last givens left out: several solutions.
    /// let puzzle = Grid::from_line(
    ///     "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62..........",
    /// )
    /// .unwrap();
    /// let mut solver = Solver::new(Rules::classic());
    /// let shards = solver.shards(&puzzle, 2).unwrap();
    /// let total: u128 = shards
    ///     .choices
    ///     .iter()
    ///     .map(|shard| solver.count_shard(&puzzle, shard, CountOptions::new()).unwrap().count)
    ///     .sum();
    /// assert_eq!(total, solver.count(&puzzle, None).unwrap().count);
    /// ```
    pub fn shards(&mut self, puzzle: &Grid, depth: usize) -> Result<Shards, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        if !self.commit_givens(puzzle) {
            return Ok(Shards {
                choices: Vec::new(),
                stats: Default::default(),
            });
        }
        let shards = self.dlx.shards(depth);
        self.dlx.reset();
        Ok(shards)
    }

    /// Counts the solutions of a puzzle in one shard made by [`Solver::shards`] for the same
    /// puzzle and rules: its choices committed below the givens, counted as [`Dlx::count`](crate::xc::Dlx::count)
    /// does with `options` (every solution searched: no classes of relabellings).
    ///
    /// # Errors
    ///
    /// [`ShardError::Puzzle`] when the givens break the rules; [`ShardError::Choice`] when
    /// the shard does not fit the puzzle.
    pub fn count_shard(
        &mut self,
        puzzle: &Grid,
        shard: &[OptionId],
        options: CountOptions<'_>,
    ) -> Result<Answer, ShardError> {
        self.rules.check_givens(puzzle)?;
        let mut answer = Answer::empty();
        if !self.commit_givens(puzzle) {
            // No solution, so no shard: any choice is one this puzzle cannot have.
            return match shard.first() {
                Some(&option) => Err(CommitError::Conflict { option }.into()),
                None => Ok(answer),
            };
        }
        let count = self.dlx.count_shard(shard, options);
        self.dlx.reset();
        let count = count?;
        answer.count = count.count;
        answer.complete = count.complete;
        answer.stats = count.stats;
        Ok(answer)
    }
}
