//! The exact-cover sudoku solver: the rule set's matrix built once, givens committed per
//! puzzle.

use std::ops::ControlFlow;

use crate::xc::{Budget, CountOptions, Dlx, OptionId, Problem, Restarts, Stats, Watch};

use super::bands;
use super::candidates::Candidates;
use super::encode::{encode_with_promises, relations, Encoding, Numbering, Promises};
use super::engine::{Answer, Engine, Symmetry};
use super::grid::Grid;
use super::pattern::pattern_grid;
use super::relabel::Relabelling;
use super::rules::{PuzzleError, Rules};

mod race;
mod reductions;
mod roots;
mod shard;
mod symmetric;
pub use shard::ShardError;

/// Nodes a view may take in the first round of [`Solver::search_restarting`]; each round
/// doubles it.
const FIRST_CAP: u64 = 1 << 11;

/// Most placements of a view that a restarting search cycles through; past it, the first
/// view is searched alone.
const MAX_RESTART_PLACEMENTS: u128 = 8;

/// Most views a restarting search cycles through (rows first: enough to avoid a bad cell).
const MAX_VIEWS: usize = 9;

/// Solves puzzles of one rule set with dancing links.
///
/// The matrix is built once in [`Solver::new`]. For each puzzle the options of its givens are
/// committed, which covers their items and removes every option that contradicts a given, so
/// item lengths count only candidates that are still possible; after the search they are taken
/// back.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::{Engine, Grid, Rules, Solver, Verdict};
///
/// let puzzle = Grid::from_line(
///     "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
/// )
/// .unwrap();
/// let mut solver = Solver::new(Rules::classic());
/// let (verdict, _stats) = solver.check(&puzzle).unwrap();
/// let Verdict::Unique(solution) = verdict else { panic!("not unique") };
/// assert_eq!(
///     solution.to_line(),
///     "294518736615372894783964215357691482946823157821457963468239571139745628572186349"
/// );
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    rules: Rules,
    numbering: Numbering,
    dlx: Dlx,
    /// The options of a puzzle's givens; kept to allocate nothing per puzzle.
    givens: Vec<OptionId>,
    /// Whether counts and searches use the symmetries of the rules: digits that no given
    /// uses taken as interchangeable (see [`super::relabel`]), empty grids of plain boxes
    /// counted band by band (see [`super::bands`]).
    symmetry: bool,
}

impl Solver {
    /// Builds the matrix of a rule set.
    pub fn new(rules: Rules) -> Solver {
        let (problem, numbering, promises) = encode_with_promises(&rules);
        Solver::build(rules, &problem, numbering, promises)
    }

    /// [`Solver::new`] on an encoding made for the logic as well ([`Encoding::shared`],
    /// of these `rules`), without encoding the rules again.
    pub fn encoded(rules: Rules, encoding: &Encoding) -> Solver {
        let numbering = encoding.numbering.clone();
        Solver::build(
            rules,
            &encoding.problem,
            numbering,
            encoding.promises.clone(),
        )
    }

    /// The solver of `rules` encoded as `problem`, `numbering` and `promises`.
    fn build(rules: Rules, problem: &Problem, numbering: Numbering, promises: Promises) -> Solver {
        let (sums, automata) = (promises.sums, promises.automata);
        let mut dlx = Dlx::new(problem);
        let relations = relations(&rules, &numbering);
        let promised = !(sums.is_empty() && relations.is_empty() && automata.is_empty());
        dlx.set_domination(reductions::domination_for(&rules, promised));
        dlx.set_conflict_scores(reductions::marked_alone(&rules, promised));
        for sum in &sums {
            // Every slot is the options of one cell item, in a matrix as built.
            dlx.add_sum(sum).expect("a sum over cell options");
        }
        for relation in &relations {
            dlx.add_relation(relation).expect("cell relations");
        }
        for automaton in &automata {
            dlx.add_automaton(automaton)
                .expect("an automaton over cell options");
        }
        for options in &promises.exclusions {
            // Every option of an item only the line's cells take, with one digit.
            dlx.add_exclusion(options)
                .expect("every option of one primary item");
        }
        Solver {
            rules,
            numbering,
            dlx,
            givens: Vec::new(),
            symmetry: true,
        }
    }

    /// Whether counts and searches use the symmetries of the rules. The digits that no given
    /// uses: under rules that only ask whether digits are equal, a count with `u` such digits
    /// searches one solution in `u!` and multiplies, and a search for a few solutions
    /// ([`Engine::enumerate_bounded`], behind `solve_first` and `check`) looks for one
    /// solution of each class and writes out its relabellings (see [`super::relabel`]). And
    /// a whole count (no limit) of an empty grid under plain rules of boxes (rows, columns,
    /// boxes, nothing else) goes band by band, one state of each class under renaming the
    /// digits and permuting rows within bands, columns within stacks and the stacks (see
    /// [`super::bands`]). On by default; off, every solution is searched. Puzzles given as
    /// candidates are always searched whole. [`Answer::symmetries`] says what a count used.
    pub fn with_symmetry(mut self, on: bool) -> Solver {
        self.symmetry = on;
        self
    }

    /// Whether searches and counts use locked candidates on the matrix (item domination, see
    /// [`Dlx::set_domination`]), testing items with at most `max_options` options; `None`
    /// for off. Answers are the same either way, only the work differs. On by default for
    /// grids of 256 cells and more (16x16 and up, with 2), for puzzles with killer cages
    /// (with 3), for given pencil marks without sums or pairs (with 2) and for zipper lines
    /// and sandwich sums (with 2), off for the others.
    pub fn with_domination(mut self, max_options: Option<u32>) -> Solver {
        self.dlx.set_domination(max_options);
        self
    }
}

impl Solver {
    /// Commits the givens; `false` if they contradict each other through the rules.
    fn commit_givens(&mut self, puzzle: &Grid) -> bool {
        let Solver {
            rules,
            numbering,
            dlx,
            givens,
            ..
        } = self;
        commit_givens(dlx, rules, numbering, givens, puzzle, &[])
    }

    /// Commits a puzzle's givens and removes the options its `candidates` exclude, for a
    /// search run outside this file (see [`super::true_candidates`]), and lends the matrix and
    /// its numbering; `None` when the givens contradict each other (no solution). The caller
    /// calls [`Dlx::reset`] when done.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules.
    pub(super) fn prepared(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&Candidates>,
    ) -> Result<Option<(&mut Dlx, &Numbering)>, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        if !self.commit_givens(puzzle) {
            return Ok(None);
        }
        if let Some(candidates) = candidates {
            self.remove_excluded(candidates);
        }
        Ok(Some((&mut self.dlx, &self.numbering)))
    }

    /// Whether `puzzle` has a solution without `digit` at `position`, within `budget`:
    /// `Some(answer)`, or `None` when the budget ran out first. For a puzzle that had one
    /// solution before `position` was emptied, a solution without its old digit there is a
    /// second solution, and none means the puzzle is still unique: a cheaper proof than a
    /// count to 2.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules.
    pub fn has_other(
        &mut self,
        puzzle: &Grid,
        position: usize,
        digit: u8,
        budget: Budget,
    ) -> Result<Option<bool>, PuzzleError> {
        let Some((dlx, numbering)) = self.prepared(puzzle, None)? else {
            return Ok(Some(false));
        };
        if let Some(option) = numbering.option_of(position, digit) {
            // Already gone when a given rules it out: nothing to do.
            let _ = dlx.remove(option);
        }
        let mut search = dlx.search();
        search.bound(budget);
        let found = search.next_solution().is_some();
        let stopped = search.stopped();
        drop(search);
        dlx.reset();
        Ok(if found {
            Some(true)
        } else if stopped {
            None
        } else {
            Some(false)
        })
    }

    /// Removes the options of every digit that is not a candidate of its cell (after the
    /// givens are committed; [`Dlx::reset`] puts them back).
    fn remove_excluded(&mut self, candidates: &Candidates) {
        let full = Candidates::full(candidates.size());
        for (position, &mask) in candidates.masks().iter().enumerate() {
            if mask == full || mask.count_ones() == 1 {
                continue;
            }
            for digit in 1..=candidates.size() as u8 {
                if mask >> (digit - 1) & 1 == 1 {
                    continue;
                }
                if let Some(option) = self.numbering.option_of(position, digit) {
                    // Already gone when a given rules it out: nothing to do.
                    let _ = self.dlx.remove(option);
                }
            }
        }
    }

    /// Counts one solution of each class of `relabelling` (see [`super::relabel`]): one puzzle
    /// per placement of the unused digits, each solution worth the relabelling's factor,
    /// counted by [`Dlx::count_each`] (which runs the threads and forwards progress).
    fn count_classes(
        &mut self,
        puzzle: &Grid,
        relabelling: &Relabelling,
        options: CountOptions<'_>,
    ) -> Answer {
        let mut placements: Vec<Vec<(usize, u8)>> = Vec::new();
        relabelling.for_each_placement(|extra| placements.push(extra.to_vec()));
        let Solver {
            rules,
            numbering,
            dlx,
            givens,
            ..
        } = self;
        let setup = |dlx: &mut Dlx, k: usize| {
            commit_givens(dlx, rules, numbering, givens, puzzle, &placements[k])
        };
        let count = dlx.count_each(placements.len(), relabelling.factor, setup, options);
        let mut answer = Answer::empty();
        answer.count = count.count;
        answer.complete = count.complete;
        answer.stats = count.stats;
        answer.symmetries = vec![Symmetry::Digits];
        answer
    }

    /// Searches for up to `limit` solutions one class of relabellings at a time (see
    /// [`super::relabel`]): one search per placement of the unused digits, each solution found
    /// standing for `relabelling.factor` solutions, the first `keep` written out. `limit` is
    /// not 0.
    fn search_classes(
        &mut self,
        puzzle: &Grid,
        relabelling: &Relabelling,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Answer {
        let mut placements: Vec<Vec<(usize, u8)>> = Vec::new();
        relabelling.for_each_placement(|extra| placements.push(extra.to_vec()));
        let mut answer = Answer::empty();
        for extra in &placements {
            let Solver {
                rules,
                numbering,
                dlx,
                givens,
                ..
            } = self;
            if !commit_givens(dlx, rules, numbering, givens, puzzle, extra) {
                continue;
            }
            let mut search = dlx.search();
            search.bound(budget.after(answer.stats.nodes));
            let outcome = search.visit(&mut |chosen: &[OptionId]| {
                // The class's solutions, as many as the limit leaves room for.
                let room = limit.map_or(relabelling.factor, |l| {
                    (l - answer.count).min(relabelling.factor)
                });
                answer.count += room;
                if answer.solutions.len() < keep {
                    let mut left = room;
                    let _ = relabelling.for_each_relabelling(&numbering.decode(chosen), |grid| {
                        answer.solutions.push(grid);
                        left -= 1;
                        if left == 0 || answer.solutions.len() == keep {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                }
                if Some(answer.count) == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            self.dlx.reset();
            answer.stats += outcome.stats;
            if !outcome.complete {
                answer.complete = false;
                break;
            }
        }
        answer
    }

    /// [`Solver::search_classes`] with restarts: each view (a unit whose digits are fixed;
    /// see [`Relabelling::views`]) is searched in turn up to a node cap, which doubles after
    /// every round, until one answers or `budget` runs out. Every view's canonical solutions
    /// stand for all the solutions, so any one view that answers answers the puzzle; the
    /// restarts cut off the heavy tail of a first choice that sends the search into a huge
    /// barren subtree (an empty jigsaw whose row 1 fixed takes minutes, row 2 fixed a few
    /// hundred nodes). `limit` is not 0.
    fn search_restarting(
        &mut self,
        puzzle: &Grid,
        views: &[Relabelling],
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Answer {
        // Restarts pay where a view is a few searches; a view of many placements is searched
        // alone, without a cap.
        let few = views
            .iter()
            .take(MAX_VIEWS)
            .take_while(|view| view.placements() <= MAX_RESTART_PLACEMENTS)
            .count();
        let views = if few >= 2 { &views[..few] } else { &views[..1] };
        let mut stats = Stats::default();
        let mut cap = FIRST_CAP;
        loop {
            for view in views {
                let mut bound = budget.after(stats.nodes);
                if views.len() > 1 {
                    bound.max_nodes = Some(bound.max_nodes.map_or(cap, |max| max.min(cap)));
                }
                let mut answer = self.search_classes(puzzle, view, limit, keep, bound);
                stats += answer.stats;
                // Stopped by the cap alone: the next view; else this is the answer.
                if !answer.cut_short(limit) || budget.exhausted(stats.nodes) || views.len() == 1 {
                    answer.stats = stats;
                    return answer;
                }
            }
            cap = cap.saturating_mul(2);
        }
    }

    fn search(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&Candidates>,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        let mut answer = Answer::empty();
        if limit == Some(0) {
            answer.complete = false;
            return Ok(answer);
        }
        if self.symmetry && candidates.is_none() {
            let views = Relabelling::views(&self.rules, puzzle);
            if !views.is_empty() {
                return Ok(self.search_symmetric(puzzle, &views, limit, keep, budget));
            }
        }
        if !self.commit_givens(puzzle) {
            // Givens that contradict each other through the rules: no solution.
            return Ok(answer);
        }
        if let Some(candidates) = candidates {
            self.remove_excluded(candidates);
        }
        if limit == Some(1) && self.rules.cell_count() >= RESTARTS_FROM {
            if candidates.is_none() && puzzle.filled() == 0 {
                // No givens and plain rules: a pattern grid, without a search.
                let mut rng = FIRST_SEED;
                if let Some(grid) = pattern_grid(&self.rules, |n| next_below(&mut rng, n)) {
                    self.dlx.reset();
                    let mut answer = Answer::empty();
                    answer.count = 1;
                    answer.complete = false;
                    if keep > 0 {
                        answer.solutions.push(grid);
                    }
                    return Ok(answer);
                }
            }
            return Ok(self.first_restarting(keep, budget));
        }
        let answer = match limit {
            // A few solutions: without the plain search's heavy tail.
            Some(limit @ 1..=Self::RACE_LIMIT) => self.race(limit, keep, budget),
            _ => self.plain(limit, keep, budget),
        };
        self.dlx.reset();
        Ok(answer)
    }
}

/// Grids with at least this many cells (32x32 and up) look for a single solution by the
/// restarting search ([`Dlx::first_restarting`]): an empty 64x64 traps the plain search in its
/// first dead end for millions of nodes. An empty grid of plain rules (rows, columns, boxes)
/// gets a pattern grid instead ([`pattern_grid`]), with no search at all. Smaller grids keep the plain search, which is as fast
/// there and finds the same first solution as before (figures in BENCHMARKS.md).
pub const RESTARTS_FROM: usize = 1024;

/// The seed of the restarting search for one solution: fixed, so that `solve --first` gives the
/// same solution on every run.
pub(crate) const FIRST_SEED: u64 = 0x5EED;

/// A number in `0..n` from a SplitMix64 state, for the pattern grid's fixed shuffle.
fn next_below(state: &mut u64, n: usize) -> usize {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    ((u128::from(z) * n as u128) >> 64) as usize
}

impl Solver {
    /// One solution by the restarting search, branching on cells (the first items, see
    /// [`encode`]), with the givens committed; the matrix is reset after.
    fn first_restarting(&mut self, keep: usize, budget: Budget) -> Answer {
        let cells = self.rules.cell_count();
        let restarts = Restarts::new(FIRST_SEED)
            .prefer(cells)
            .base(2 * cells as u64);
        let found = self.dlx.first_restarting(&restarts, budget);
        self.dlx.reset();
        let mut answer = Answer::empty();
        // As the plain search: a search stopped at its first solution has not explored the
        // whole tree.
        answer.complete = found.complete && found.solution.is_none();
        answer.stats = found.stats;
        if let Some(chosen) = found.solution {
            answer.count = 1;
            if keep > 0 {
                answer.solutions.push(self.numbering.decode(&chosen));
            }
        }
        answer
    }
}

impl Engine for Solver {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Through [`Engine::count_bounded`], on this thread: with the memory of subproblems
    /// and the classes of relabellings that enumerations do without.
    fn count(&mut self, puzzle: &Grid, limit: Option<u128>) -> Result<Answer, PuzzleError> {
        self.count_bounded(puzzle, limit, 1, &Watch::new(), Budget::UNLIMITED)
    }

    fn count_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.rules.check_givens(puzzle)?;
        let options = CountOptions::new()
            .limit(limit)
            .threads(threads)
            .watch(watch)
            .budget(budget);
        if self.symmetry && limit.is_none() && puzzle.cells().iter().all(|&d| d == 0) {
            if let Some(shape) = bands::Shape::of(&self.rules) {
                return Ok(bands::answer(&shape, threads, watch, budget));
            }
        }
        if self.symmetry {
            let views = Relabelling::views(&self.rules, puzzle);
            if let Some(relabelling) = views.first() {
                if limit.is_some_and(|l| l <= relabelling.factor) {
                    // One solution of one class reaches the limit: a count is then the search
                    // for a first solution, with its restarts (so that `check` and
                    // `count --limit 2` do the same work). The watch sees its work at the end.
                    let mut answer = self.search_symmetric(puzzle, &views, limit, 0, budget);
                    watch.add(answer.stats.nodes, answer.count);
                    answer.symmetries = vec![Symmetry::Digits];
                    return Ok(answer);
                }
                return Ok(self.count_classes(puzzle, relabelling, options));
            }
        }
        if limit.is_some_and(|l| l <= Self::RACE_LIMIT) {
            // A few solutions are found faster one by one, with the restarting search's help,
            // than by the count (see `race`). The watch sees the work at the end.
            let answer = self.search(puzzle, None, limit, 0, budget)?;
            watch.add(answer.stats.nodes, answer.count);
            return Ok(answer);
        }
        let mut answer = Answer::empty();
        if self.commit_givens(puzzle) {
            let count = self.dlx.count(options);
            self.dlx.reset();
            answer.count = count.count;
            answer.complete = count.complete;
            answer.stats = count.stats;
        }
        Ok(answer)
    }

    fn enumerate_bounded(
        &mut self,
        puzzle: &Grid,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.search(puzzle, None, limit, keep, budget)
    }

    fn enumerate_candidates_bounded(
        &mut self,
        candidates: &Candidates,
        limit: Option<u128>,
        keep: usize,
        budget: Budget,
    ) -> Result<Answer, PuzzleError> {
        self.search(&candidates.givens(), Some(candidates), limit, keep, budget)
    }
}

/// Commits the givens of `puzzle` and `extra` ones (position, digit) on `dlx`, from the
/// matrix as built, collecting their options in `givens`; `false` (the matrix reset) if they
/// contradict each other through the rules.
fn commit_givens(
    dlx: &mut Dlx,
    rules: &Rules,
    numbering: &Numbering,
    givens: &mut Vec<OptionId>,
    puzzle: &Grid,
    extra: &[(usize, u8)],
) -> bool {
    dlx.reset();
    givens.clear();
    for (position, digit) in puzzle
        .cells()
        .iter()
        .copied()
        .enumerate()
        .chain(extra.iter().copied())
    {
        // Positions outside every sub-grid have no option: their digits are ignored. A digit
        // a constraint rules out of its cell has none either: no solution.
        if digit == 0 || !rules.is_active(position) {
            continue;
        }
        match numbering.option_of(position, digit) {
            Some(option) => givens.push(option),
            None => return false,
        }
    }
    if dlx.commit_all(givens).is_err() {
        dlx.reset();
        return false;
    }
    true
}
