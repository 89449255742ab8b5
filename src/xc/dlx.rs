//! The public face of the engine: [`Dlx`], a dancing-links matrix with the scratch space its
//! searches reuse.
//!
//! The matrix itself (`matrix`, `links`, `commit`) knows nothing of searches; the search
//! (`search`) and the memory of counts (`count::memo`) work on it; `Dlx` puts the matrix and their
//! scratch space side by side, so that searching again allocates nothing. The counting entry
//! point, [`Dlx::count`], is in `count::parallel`, above this module.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::commit::CommitError;
use super::count::bits::Bits;
use super::count::memo::Memo;
use super::matrix::Matrix;
use super::problem::{OptionId, Problem, ProblemError};
use super::reduce::automata::{AutomatonError, OptionAutomaton};
use super::reduce::exclusion::ExclusionError;
use super::reduce::relations::{OptionRelation, RelationError};
use super::search::{Search, SearchScratch, Solutions};
use super::stats::{Outcome, Stats, Visitor};
use super::sums::{OptionSum, SumError};

/// The dancing-links matrix of a [`Problem`], ready to search.
///
/// Build it once per problem (or per rule set) and reuse it: [`Dlx::commit`] fixes options
/// before a search (the givens of a puzzle), [`Dlx::reset`] takes them back, and every search
/// leaves the matrix as it found it (bit for bit: uncovering undoes covering exactly).
/// [`Dlx::check_links`] verifies the invariants of the links.
pub struct Dlx {
    /// The links, lengths and colors, with the options committed and removed.
    pub(crate) matrix: Matrix,
    /// What searches reuse: not part of the matrix, and not cloned.
    pub(crate) scratch: SearchScratch,
    /// The memory of the last count that had one, emptied, kept so that the next count
    /// allocates nothing; a clone starts without one.
    pub(crate) memo: Option<Box<Memo>>,
    /// The problem as bit sets, when it is small enough for counts to pay with them (see
    /// the `count::bits` module): counts use them instead of the links. Shared by clones.
    pub(crate) bits: Option<Arc<Bits>>,
}

/// A clone has the same matrix, the same settings of [`Dlx::set_domination`] and
/// [`Dlx::set_conflict_scores`], and fresh scratch space.
impl Clone for Dlx {
    fn clone(&self) -> Self {
        let mut dlx = Dlx {
            matrix: self.matrix.clone(),
            scratch: SearchScratch::with_capacity(self.matrix.primary as usize + 1),
            memo: None,
            bits: self.bits.clone(),
        };
        dlx.set_domination(self.domination());
        dlx.set_conflict_scores(self.conflict_scores());
        if !self.scratch.domination.sums.is_empty() {
            dlx.scratch.domination.sums = self.scratch.domination.sums.clone();
            dlx.scratch.domination.prepare(&dlx.matrix);
        }
        if !self.scratch.domination.relations.is_empty() {
            dlx.scratch.domination.relations = self.scratch.domination.relations.clone();
            dlx.scratch.domination.prepare(&dlx.matrix);
        }
        if !self.scratch.domination.automata.is_empty() {
            dlx.scratch.domination.automata = self.scratch.domination.automata.clone();
            dlx.scratch.domination.prepare(&dlx.matrix);
        }
        if !self.scratch.domination.exclusions.is_empty() {
            dlx.scratch.domination.exclusions = self.scratch.domination.exclusions.clone();
            dlx.scratch.domination.prepare(&dlx.matrix);
        }
        dlx
    }
}

/// Two matrices are equal when their links, lengths and committed options are; scratch space
/// does not count.
impl PartialEq for Dlx {
    fn eq(&self, other: &Self) -> bool {
        self.matrix == other.matrix
    }
}

impl Eq for Dlx {}

impl std::fmt::Debug for Dlx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.matrix.fmt(f)
    }
}

impl Dlx {
    /// Builds the matrix of a problem.
    ///
    /// # Panics
    ///
    /// If the problem needs more than `u32::MAX` nodes; use [`Dlx::try_new`] to get an error
    /// instead.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the problem (items plus item occurrences).
    pub fn new(problem: &Problem) -> Self {
        match Self::try_new(problem) {
            Ok(dlx) => dlx,
            Err(error) => panic!("{error}"),
        }
    }

    /// Builds the matrix of a problem.
    ///
    /// # Errors
    ///
    /// [`ProblemError::TooLarge`] if the nodes would not fit 32-bit indices.
    pub fn try_new(problem: &Problem) -> Result<Self, ProblemError> {
        Self::build(problem, (0..problem.option_count() as u32).map(OptionId))
    }

    /// Builds the matrix with the options linked in the order given, for a search that tries
    /// them in that order: options keep their [`OptionId`]s, so solutions name the same
    /// options as with [`Dlx::new`], but among the options of an item the search tries the
    /// earlier ones in `order` first. A shuffled order gives a randomised search (a random
    /// solution first), with no cost to the search itself.
    ///
    /// # Errors
    ///
    /// As [`Dlx::try_new`].
    ///
    /// # Panics
    ///
    /// If `order` is not a permutation of the problem's options.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{Dlx, OptionId, ProblemBuilder};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let x = b.primary();
    /// b.option([x]).unwrap();
    /// b.option([x]).unwrap();
    /// let problem = b.build();
    /// let mut dlx = Dlx::with_option_order(&problem, &[OptionId(1), OptionId(0)]).unwrap();
    /// assert_eq!(dlx.first().0, Some(vec![OptionId(1)]));
    /// ```
    pub fn with_option_order(problem: &Problem, order: &[OptionId]) -> Result<Self, ProblemError> {
        let mut seen = vec![false; problem.option_count()];
        for &option in order {
            let slot = seen
                .get_mut(option.index())
                .unwrap_or_else(|| panic!("{option} is not an option of the problem"));
            assert!(!*slot, "{option} appears twice in the order");
            *slot = true;
        }
        assert_eq!(
            order.len(),
            problem.option_count(),
            "the order must list every option once"
        );
        Self::build(problem, order.iter().copied())
    }

    fn build(
        problem: &Problem,
        order: impl Iterator<Item = OptionId>,
    ) -> Result<Self, ProblemError> {
        let matrix = Matrix::build(problem, order)?;
        let depth = matrix.primary as usize + 1;
        let bits = Bits::for_matrix(&matrix).map(Arc::new);
        Ok(Dlx {
            matrix,
            scratch: SearchScratch::with_capacity(depth),
            memo: None,
            bits,
        })
    }

    /// Turns locked candidates on the matrix (item domination) on or off for the searches and
    /// counts of this matrix; off when it is built. With `Some(k)`, every node of a search
    /// looks at the primary items with 2 to `k` options left whose lists changed: when all the
    /// options of such an item contain another item (without a color), that item's other
    /// options go, since no solution below the node can use them; the removals are undone on
    /// the way back. `None` turns it off.
    ///
    /// Answers do not change (solutions, counts with or without the memory of subproblems,
    /// splits, shards, proofs of uniqueness stay exact): only the search tree shrinks, at a
    /// cost per node. In a sudoku this is pointing and claiming: on the hard 16x16 and
    /// 25x25 proofs of BENCHMARKS.md it cuts nodes 3 to 200 times with `Some(2)`; on 9x9
    /// puzzles and on the packing problems of `examples/xc` it costs more time than it saves,
    /// so it is an opt-in (the sudoku [`Solver`](crate::sudoku::Solver) turns it on from
    /// 16x16). The restarting search ([`Dlx::first_restarting`]) uses it too.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, ProblemBuilder};
    ///
    /// // Items a, b, c. Both options of a hold b, so b's option {b c} goes: taking it would
    /// // leave a uncovered.
    /// let mut p = ProblemBuilder::new();
    /// let (a, b, c) = (p.primary(), p.primary(), p.primary());
    /// for option in [vec![a, b], vec![a, b, c], vec![b, c], vec![c]] {
    ///     p.option(option).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&p.build());
    /// let plain = dlx.count(CountOptions::new());
    /// dlx.set_domination(Some(2));
    /// assert_eq!(dlx.domination(), Some(2));
    /// let reduced = dlx.count(CountOptions::new());
    /// assert_eq!((plain.count, reduced.count), (2, 2));
    /// assert!(reduced.stats.nodes <= plain.stats.nodes);
    /// ```
    pub fn set_domination(&mut self, max_options: Option<u32>) {
        let k = max_options.unwrap_or(0);
        self.scratch.domination.max_len = k;
        if k >= 2 {
            self.scratch.domination.prepare(&self.matrix);
        }
    }

    /// Adds a weighted sum that the searches and counts of this matrix keep within bounds at
    /// every node (see [`OptionSum`]): each slot lists every option of one primary item with
    /// its weight, and the caller promises that in every solution the weights of the options
    /// chosen for the slots add up to the target. Options whose weight the other slots' least
    /// and greatest weights still in the matrix cannot make up to the target go, undone on the
    /// way back, as item domination's removals are. Answers do not change; counts with sums
    /// do without the memory of subproblems. The restarting search keeps them too.
    ///
    /// # Errors
    ///
    /// [`SumError`] if a slot names an unknown option or is not every option of one primary
    /// item, or if options were committed or removed already.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, OptionId, OptionSum, ProblemBuilder};
    ///
    /// // Items a, b, c take the values 1 to 3, each value once (items v1-v3): options 0-2 are
    /// // a = 1..3, options 3-5 b, options 6-8 c. Every solution adds up to 6.
    /// let mut p = ProblemBuilder::new();
    /// let cells: Vec<_> = (0..3).map(|_| p.primary()).collect();
    /// let values: Vec<_> = (0..3).map(|_| p.primary()).collect();
    /// for &cell in &cells {
    ///     for &value in &values {
    ///         p.option([cell, value]).unwrap();
    ///     }
    /// }
    /// let mut dlx = Dlx::new(&p.build());
    /// let slot = |c: u32| (0..3).map(|v| (OptionId(3 * c + v), i64::from(v) + 1)).collect();
    /// let sum = OptionSum { slots: (0..3).map(slot).collect(), target: 6 };
    /// dlx.add_sum(&sum).unwrap();
    /// assert_eq!(dlx.count(CountOptions::new()).count, 6);
    /// ```
    pub fn add_sum(&mut self, sum: &OptionSum) -> Result<(), SumError> {
        self.scratch.domination.sums.add(&self.matrix, sum)?;
        self.scratch.domination.prepare(&self.matrix);
        Ok(())
    }

    /// Adds a relation between two primary items that the searches and counts of this matrix
    /// keep arc consistent at every node (see [`OptionRelation`]): each slot lists every
    /// option of one item with a value below 64, and the caller promises that in every
    /// solution the values of the options chosen for the two slots are a pair the relation
    /// allows. An option of one slot whose value no option still in the matrix for the other
    /// slot allows goes, undone on the way back, as item domination's removals are. Answers do
    /// not change, counts keep the memory of subproblems (the removals depend only on the
    /// options in the matrix); the restarting search keeps them too.
    ///
    /// # Errors
    ///
    /// [`RelationError`] if a slot names an unknown option, is not every option of one
    /// primary item, has a value of 64 or more or other values than an earlier relation gave
    /// the same item, if both slots are one item, or if options were committed or removed
    /// already.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, OptionId, OptionRelation, ProblemBuilder};
    ///
    /// // Items a and b take the values 0 to 3 (options 0-3 are a = 0..3, options 4-7 b), and
    /// // a secondary item per pair of values with a >= b keeps those apart: a < b, 6 ways.
    /// let mut p = ProblemBuilder::new();
    /// let (a, b) = (p.primary(), p.primary());
    /// let pairs: Vec<_> = (0..16).map(|_| p.secondary()).collect();
    /// for (cell, first) in [(a, true), (b, false)] {
    ///     for v in 0..4usize {
    ///         let mut items = vec![cell];
    ///         for w in 0..4usize {
    ///             let (x, y) = if first { (v, w) } else { (w, v) };
    ///             if x >= y {
    ///                 items.push(pairs[4 * x + y]);
    ///             }
    ///         }
    ///         p.option(items).unwrap();
    ///     }
    /// }
    /// let mut dlx = Dlx::new(&p.build());
    /// let slot = |first: u32| (0..4).map(|v| (OptionId(first + v), v as u8)).collect();
    /// let allowed = (0..4).map(|x| 0b1111u64 & !((2u64 << x) - 1)).collect();
    /// dlx.add_relation(&OptionRelation { a: slot(0), b: slot(4), allowed }).unwrap();
    /// let count = dlx.count(CountOptions::new());
    /// assert_eq!(count.count, 6);
    /// // At the root a = 3 and b = 0 go: 3 choices for a, then 3 + 2 + 1 for b (10 without:
    /// // a = 3 is tried too, and finds b empty).
    /// assert_eq!(count.stats.nodes, 9);
    /// ```
    pub fn add_relation(&mut self, relation: &OptionRelation) -> Result<(), RelationError> {
        self.scratch
            .domination
            .relations
            .add(&self.matrix, relation)?;
        self.scratch.domination.prepare(&self.matrix);
        Ok(())
    }

    /// Adds an automaton over a sequence of primary items that the searches and counts of
    /// this matrix keep consistent at every node (see [`OptionAutomaton`]): each slot lists
    /// every option of one item with a value below 64, and the caller promises that in every
    /// solution the values of the options chosen for the slots, in order, follow a path of the
    /// automaton's transitions from its start to its last layer. An option whose value lies on
    /// no such path through the values still possible goes, undone on the way back, as item
    /// domination's removals are. Answers do not change; counts with automata do without the
    /// memory of subproblems (the removals depend on the options chosen); the restarting
    /// search keeps them too.
    ///
    /// # Errors
    ///
    /// [`AutomatonError`] if there is not one layer per slot, if a slot names an unknown
    /// option, is not every option of one primary item or has a value of 64 or more, or if
    /// options were committed or removed already.
    pub fn add_automaton(&mut self, automaton: &OptionAutomaton) -> Result<(), AutomatonError> {
        self.scratch
            .domination
            .automata
            .add(&self.matrix, automaton)?;
        self.scratch.domination.prepare(&self.matrix);
        Ok(())
    }

    /// Names a primary item, by its options (every option of the item, each once), whose
    /// *exclusions* the searches and counts of this matrix make at every node: an option that
    /// shares an item without a color with every option still left for the item is in no
    /// solution below, and goes, undone on the way back, as item domination's removals are
    /// (see [`clash_all`](crate::xc::clash_all) for the step as a function). Item domination
    /// needs the options to share one item; here each may clash through its own. Answers and
    /// counts do not change; the restarting search makes them too.
    ///
    /// # Errors
    ///
    /// [`ExclusionError`] if an option does not exist, or the options are not every option of
    /// one primary item of the matrix as it stands.
    pub fn add_exclusion(&mut self, options: &[OptionId]) -> Result<(), ExclusionError> {
        self.scratch
            .domination
            .exclusions
            .add(&self.matrix, options)?;
        self.scratch.domination.prepare(&self.matrix);
        Ok(())
    }

    /// Whether searches choose the item to branch on by conflict scores even without sums,
    /// relations or automata (which always do): each primary item counts the dead ends
    /// charged to it, halved now and then so that the recent weigh most, and the search
    /// branches on the item with the most per option left (an item with 0 or 1 options
    /// first), instead of the item with the fewest options. Where dead ends cluster on a few
    /// items (sudoku given as pencil marks) the tree is much smaller; on classic sudoku the
    /// scan of the fewest options is cheaper. Solutions are the same, found in another order;
    /// counts and searches that split (whose paths must not depend on what came before)
    /// choose by the fewest options as before. Off by default.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, ProblemBuilder};
    ///
    /// let mut p = ProblemBuilder::new();
    /// let (a, b) = (p.primary(), p.primary());
    /// for option in [vec![a], vec![b], vec![a, b]] {
    ///     p.option(option).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&p.build());
    /// dlx.set_conflict_scores(true);
    /// assert!(dlx.conflict_scores());
    /// assert_eq!(dlx.solutions().count(), 2);
    /// assert_eq!(dlx.count(CountOptions::new()).count, 2);
    /// ```
    pub fn set_conflict_scores(&mut self, on: bool) {
        self.scratch.domination.scores = on;
        if on {
            self.scratch.domination.prepare(&self.matrix);
        }
    }

    /// Whether searches choose by conflict scores when nothing else asks for them; see
    /// [`Dlx::set_conflict_scores`].
    pub fn conflict_scores(&self) -> bool {
        self.scratch.domination.scores
    }

    /// The largest number of options of the items that item domination tests, or `None` when
    /// it is off; see [`Dlx::set_domination`].
    pub fn domination(&self) -> Option<u32> {
        let k = self.scratch.domination.max_len;
        (k >= 2).then_some(k)
    }

    /// Number of items.
    pub fn item_count(&self) -> usize {
        self.matrix.items as usize
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.matrix.option_count()
    }

    /// Options fixed by [`Dlx::commit`] so far, in order.
    pub fn committed(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.matrix.committed()
    }

    /// Fixes an option before searching: its items are covered (or, for colored ones,
    /// purified) and every option that conflicts with it disappears, as if a search had chosen
    /// it. Later searches only find solutions that contain it, and report it first.
    ///
    /// # Errors
    ///
    /// [`CommitError::Conflict`] if the option conflicts with one committed earlier (no
    /// solution can contain both); the matrix is then unchanged.
    pub fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        self.matrix.commit(option)
    }

    /// Commits options in order, as [`Dlx::commit`] one by one would, stopping at the first
    /// that fails.
    ///
    /// From the matrix as built (nothing committed or removed) and without colors, it does so
    /// in one pass over the matrix that links up only the options that survive, instead of
    /// hiding the others one by one: faster when many options are committed (a puzzle's
    /// givens). The next [`Dlx::reset`] then copies the links as built back.
    ///
    /// # Errors
    ///
    /// As [`Dlx::commit`], for the first option that fails; the options before it stay
    /// committed.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, OptionId, ProblemBuilder};
    ///
    /// // Items a b c; options {a}, {b}, {c}, {a b}.
    /// let mut b = ProblemBuilder::new();
    /// let (x, y, z) = (b.primary(), b.primary(), b.primary());
    /// for option in [vec![x], vec![y], vec![z], vec![x, y]] {
    ///     b.option(option).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// dlx.commit_all(&[OptionId(2)]).unwrap();
    /// assert_eq!(dlx.count(CountOptions::new()).count, 2);
    /// ```
    pub fn commit_all(&mut self, options: &[OptionId]) -> Result<(), CommitError> {
        self.matrix.commit_all(options)
    }

    /// Takes an option out before searching: later searches find only solutions without it.
    /// Unlike [`Dlx::commit`] it covers nothing; it only shortens the lists of its items, so
    /// that the fewest-options rule sees it gone. Undone by [`Dlx::reset`], in reverse order
    /// with the commits.
    ///
    /// Returns `false`, changing nothing, when the option is already unavailable (it
    /// conflicts with a committed option, or was removed before).
    ///
    /// # Errors
    ///
    /// [`CommitError::UnknownOption`] if there is no such option.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::xc::{CountOptions, Dlx, OptionId, ProblemBuilder};
    ///
    /// // One item, three options: three solutions, two once one option is removed.
    /// let mut b = ProblemBuilder::new();
    /// let item = b.primary();
    /// for _ in 0..3 {
    ///     b.option([item]).unwrap();
    /// }
    /// let mut dlx = Dlx::new(&b.build());
    /// assert_eq!(dlx.remove(OptionId(1)), Ok(true));
    /// assert_eq!(dlx.remove(OptionId(1)), Ok(false));
    /// assert_eq!(dlx.count(CountOptions::new()).count, 2);
    /// dlx.reset();
    /// assert_eq!(dlx.count(CountOptions::new()).count, 3);
    /// ```
    pub fn remove(&mut self, option: OptionId) -> Result<bool, CommitError> {
        self.matrix.remove(option)
    }

    /// Takes back every committed and removed option, newest first, restoring the matrix as
    /// built.
    ///
    /// # Complexity
    ///
    /// Linear in the link updates the commits and removals made, or in the size of the matrix
    /// (a plain copy) when that is less.
    pub fn reset(&mut self) {
        self.matrix.reset();
    }

    /// Takes back committed options, newest first, until `len` remain; options removed after
    /// the last of those are put back too, in reverse order with the commits.
    pub fn uncommit_to(&mut self, len: usize) {
        self.matrix.uncommit_to(len);
    }

    /// Checks the invariants of the links and returns the first violation found: every list
    /// of active items and of options closes, neighbours agree on their links, every active
    /// item's length counts the nodes in its list, and the covered flag in the lengths says
    /// exactly which items are covered.
    ///
    /// Meant for tests and debugging.
    ///
    /// # Errors
    ///
    /// A description of the first broken invariant.
    ///
    /// # Complexity
    ///
    /// Linear in the number of nodes.
    pub fn check_links(&self) -> Result<(), String> {
        self.matrix.check_links()
    }

    /// Starts a search; see [`Search`].
    pub fn search(&mut self) -> Search<'_> {
        Search::new(&mut self.matrix, &mut self.scratch)
    }

    /// Every solution, as an iterator (each solution a new `Vec`; [`Dlx::search`] lends
    /// slices instead).
    ///
    /// ```
    /// use sudokux::xc::{Dlx, ProblemBuilder};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let x = b.primary();
    /// b.option([x]).unwrap();
    /// b.option([x]).unwrap();
    /// let mut dlx = Dlx::new(&b.build());
    /// assert_eq!(dlx.solutions().count(), 2);
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions(self.search())
    }

    /// Runs a search to its end or until `visitor` breaks.
    pub fn visit<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> Outcome {
        self.search().visit(visitor)
    }

    /// The first solution found, if any.
    pub fn first(&mut self) -> (Option<Vec<OptionId>>, Stats) {
        let mut search = self.search();
        let found = search.next_solution().map(<[OptionId]>::to_vec);
        (found, search.stats())
    }

    /// Up to `limit` solutions; `complete` is true when there are no others.
    ///
    /// The search stops as soon as it has `limit` solutions, so with `limit` solutions found
    /// `complete` is false even when no further solution exists.
    pub fn collect(&mut self, limit: usize) -> (Vec<Vec<OptionId>>, Outcome) {
        let mut found = Vec::new();
        if limit == 0 {
            return (found, incomplete());
        }
        let outcome = self.visit(&mut |solution: &[OptionId]| {
            found.push(solution.to_vec());
            if found.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (found, outcome)
    }
}

fn incomplete() -> Outcome {
    Outcome {
        complete: false,
        stats: Stats::default(),
    }
}
