//! A count split into shards: independent subproblems, each counted on its own, anywhere.
//!
//! [`Dlx::shards`] walks the search tree to a split depth, as a parallel count does (see
//! `parallel`), and returns every path it stops at: the paths of that depth that are not yet
//! solutions, and the solutions completed above it. Each is a list of options to commit; the
//! subtrees below them are disjoint and together hold every solution, so the counts of the
//! shards by [`Dlx::count_shard`] add up to the count of the whole problem, exactly. A shard
//! that is a solution counts 1.
//!
//! The shards name options by their [`OptionId`]s, so a shard can be written down, sent to
//! another process or machine with the problem, and counted there: that is how a count is
//! spread over a cluster.

use super::options::CountOptions;
use crate::xc::commit::CommitError;
use crate::xc::dlx::Dlx;
use crate::xc::problem::OptionId;
use crate::xc::stats::{Count, Stats};

/// The shards of a count at one split depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shards {
    /// The shards, in the search's order: each the options to commit below the options
    /// committed when the split was made. Disjoint, and covering every solution.
    pub choices: Vec<Vec<OptionId>>,
    /// Work done walking the tree to the split depth.
    pub stats: Stats,
}

impl Dlx {
    /// Splits a count of the solutions below the committed options into shards, by fixing the
    /// first `depth` choices of the search (fewer on branches that end sooner): see the
    /// module's documentation. Depth 0 gives one shard, the whole problem. The matrix is left
    /// as it was.
    ///
    /// # Complexity
    ///
    /// A search of the tree down to `depth`: the number of shards can grow with the product
    /// of the branching factors of the first `depth` levels.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, ProblemBuilder};
    ///
    /// // Three independent items with two options each: 8 solutions, 4 shards at depth 2.
    /// let mut b = ProblemBuilder::new();
    /// for _ in 0..3 {
    ///     let item = b.primary();
    ///     b.option([item]).unwrap();
    ///     b.option([item]).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// let shards = dlx.shards(2);
    /// assert_eq!(shards.choices.len(), 4);
    /// let total: u128 = shards
    ///     .choices
    ///     .iter()
    ///     .map(|shard| dlx.count_shard(shard, CountOptions::new()).unwrap().count)
    ///     .sum();
    /// assert_eq!(total, 8);
    /// ```
    pub fn shards(&mut self, depth: usize) -> Shards {
        let base = self.matrix.committed.len();
        if depth == 0 {
            return Shards {
                choices: vec![Vec::new()],
                stats: Stats::default(),
            };
        }
        let mut choices = Vec::new();
        let mut search = self.search();
        search.split_at(depth);
        while let Some(path) = search.next_solution() {
            choices.push(path[base..].to_vec());
        }
        Shards {
            choices,
            stats: search.stats(),
        }
    }

    /// Counts the solutions of one shard: commits its options below the committed ones, counts
    /// as [`Dlx::count`] does with `options`, and takes them back. A shard that is a solution
    /// counts 1.
    ///
    /// # Errors
    ///
    /// [`CommitError`] if an option of the shard does not exist or conflicts with one before it
    /// (a shard made for another problem); the matrix is then left as it was.
    pub fn count_shard(
        &mut self,
        shard: &[OptionId],
        options: CountOptions<'_>,
    ) -> Result<Count, CommitError> {
        let base = self.matrix.committed.len();
        for &option in shard {
            if let Err(error) = self.commit(option) {
                self.uncommit_to(base);
                return Err(error);
            }
        }
        let count = self.count(options);
        self.uncommit_to(base);
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::xc::problem::{ItemId, ProblemBuilder};

    /// A random problem: `primary` primary and 2 secondary items, options over up to 3 items.
    fn random_problem(primary: u32, options: &[Vec<u32>]) -> Dlx {
        let mut b = ProblemBuilder::new();
        for _ in 0..primary {
            b.primary();
        }
        b.secondary();
        b.secondary();
        for option in options {
            let mut items: Vec<u32> = option.iter().map(|i| i % (primary + 2)).collect();
            items.sort_unstable();
            items.dedup();
            let _ = b.option(items.into_iter().map(ItemId));
        }
        Dlx::new(&b.build())
    }

    fn shard_total(dlx: &mut Dlx, depth: usize) -> u128 {
        let shards = dlx.shards(depth);
        let mut total = 0;
        for shard in &shards.choices {
            let count = dlx.count_shard(shard, CountOptions::new()).unwrap();
            assert!(count.complete);
            total += count.count;
        }
        total
    }

    #[test]
    fn depth_zero_is_the_whole_problem() {
        let mut dlx = random_problem(2, &[vec![0], vec![1], vec![0, 1]]);
        let shards = dlx.shards(0);
        assert_eq!(shards.choices, vec![Vec::<OptionId>::new()]);
        assert_eq!(shard_total(&mut dlx, 0), 2);
    }

    #[test]
    fn a_shard_of_another_problem_is_an_error_and_changes_nothing() {
        let mut dlx = random_problem(2, &[vec![0], vec![1], vec![0, 1]]);
        let before = dlx.clone();
        let conflict = dlx.count_shard(&[OptionId(0), OptionId(2)], CountOptions::new());
        assert!(matches!(conflict, Err(CommitError::Conflict { .. })));
        let unknown = dlx.count_shard(&[OptionId(0), OptionId(9)], CountOptions::new());
        assert!(matches!(unknown, Err(CommitError::UnknownOption { .. })));
        assert!(dlx == before);
        dlx.check_links().unwrap();
    }

    #[test]
    fn shards_below_committed_options_add_up_to_their_count() {
        // Four independent items with three options each; commit one: 27 solutions.
        let options: Vec<Vec<u32>> = (0..12).map(|k| vec![k / 3]).collect();
        let mut dlx = random_problem(4, &options);
        dlx.commit(OptionId(4)).unwrap();
        let shards = dlx.shards(2);
        assert_eq!(shards.choices.len(), 9);
        assert!(shards.choices.iter().all(|s| !s.contains(&OptionId(4))));
        assert_eq!(shard_total(&mut dlx, 2), 27);
        assert_eq!(dlx.committed().collect::<Vec<_>>(), [OptionId(4)]);
    }

    proptest! {
        /// Summing the shards' counts gives the plain count at every depth, including depths
        /// where some solutions end above the split; the matrix is left as it was.
        #[test]
        fn shards_add_up_to_the_plain_count(
            primary in 1u32..6,
            options in prop::collection::vec(prop::collection::vec(0u32..8, 1..4), 0..14),
            depth in 0usize..5,
        ) {
            let mut dlx = random_problem(primary, &options);
            let plain = dlx.count(CountOptions::new());
            let before = dlx.clone();
            let shards = dlx.shards(depth);
            // Disjoint: no shard is a prefix of another.
            for (i, a) in shards.choices.iter().enumerate() {
                for b in &shards.choices[i + 1..] {
                    prop_assert!(!a.starts_with(b) && !b.starts_with(a));
                }
            }
            prop_assert_eq!(shard_total(&mut dlx, depth), plain.count);
            prop_assert!(dlx == before);
            dlx.check_links().unwrap();
        }
    }
}
