//! One solution by a randomised search that restarts: for problems whose first solution lies
//! behind a heavy-tailed search (an empty large sudoku), where the plain search's first
//! dead end can trap it for millions of nodes.
//!
//! Three changes from the plain search, all for finding *one* solution (never for counts or
//! proofs, which must explore the whole tree):
//! - ties in the fewest-options rule go to a random item, and an item's options are tried in
//!   a random order, both from a seed;
//! - optionally, only the first `prefer` primary items are branched on unless another item is
//!   forced (one option or none): in a sudoku, cells rather than (unit, digit) items;
//! - the search gives up after a node limit and starts again from the top with other random
//!   choices, the limits following Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...) times a base, so
//!   that some run is long enough whatever the right length was (Luby, Sinclair and Zuckerman,
//!   1993). The matrix is never rebuilt: a restart uncovers what the run covered.
//!
//! The same seed gives the same solution on every machine: the random numbers are SplitMix64,
//! and nothing depends on time or threads (a deadline only stops the search).

use std::time::Instant;

use super::budget::{Budget, CLOCK_EVERY};
use super::dlx::Dlx;
use super::matrix::{at, length, link, Matrix, COVERED, ROOT};
use super::problem::OptionId;
use super::reduce::domination::Domination;
use super::stats::Stats;

/// How [`Dlx::first_restarting`] searches: its seed, the items it prefers to branch on, and
/// the base of its restart schedule.
///
/// # Examples
///
/// ```
/// use sudokux::xc::{Budget, Dlx, ProblemBuilder, Restarts};
///
/// // Two items, each with two options of its own: four solutions.
/// let mut b = ProblemBuilder::new();
/// let (x, y) = (b.primary(), b.primary());
/// for item in [x, x, y, y] {
///     b.option([item]).unwrap();
/// }
/// let mut dlx = Dlx::new(&b.build());
/// let found = dlx.first_restarting(&Restarts::new(7), Budget::UNLIMITED);
/// assert!(found.complete);
/// assert_eq!(found.solution.as_ref().unwrap().len(), 2);
/// // The same seed, the same solution.
/// let again = dlx.first_restarting(&Restarts::new(7), Budget::UNLIMITED);
/// assert_eq!(again.solution, found.solution);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restarts {
    /// Seed of the random ties and option orders.
    pub seed: u64,
    /// Branch only on the first `prefer` primary items unless another is forced (has at most
    /// one option left); 0 for no preference.
    pub prefer: usize,
    /// Nodes of the first run; run `k` may visit `base * luby(k)` nodes. 0 for the default,
    /// the number of primary items.
    pub base: u64,
}

impl Restarts {
    /// Restarts from `seed`, with no preferred items and the default base.
    pub fn new(seed: u64) -> Restarts {
        Restarts {
            seed,
            prefer: 0,
            base: 0,
        }
    }

    /// Branches only on the first `items` primary items unless another is forced.
    pub fn prefer(mut self, items: usize) -> Restarts {
        self.prefer = items;
        self
    }

    /// Sets the node limit of the first run (and the unit of the later ones).
    pub fn base(mut self, nodes: u64) -> Restarts {
        self.base = nodes;
        self
    }
}

/// What [`Dlx::first_restarting`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestartOutcome {
    /// A solution (committed options first, then those chosen), or `None`.
    pub solution: Option<Vec<OptionId>>,
    /// True when the answer is final: a solution, or a run that explored the whole tree and
    /// proved there is none. False when the budget stopped the search first.
    pub complete: bool,
    /// Runs started (1 when the first run ended the search).
    pub runs: u64,
    /// Work done over all runs.
    pub stats: Stats,
}

/// Term `k` (from 1) of Luby's sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
pub(crate) fn luby(k: u64) -> u64 {
    let mut k = k.max(1);
    loop {
        // The smallest power of two 2^j with k <= 2^j - 1.
        let mut j = 1u32;
        while (1u64 << j) - 1 < k {
            j += 1;
        }
        if k == (1u64 << j) - 1 {
            return 1u64 << (j - 1);
        }
        k -= (1u64 << (j - 1)) - 1;
    }
}

/// SplitMix64, the engine's own (the engine imports nothing above it).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n >= 1`).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// One level of a run: the item branched on and its options, in the order tried.
struct Level {
    /// The item's header.
    item: u32,
    /// Its options' nodes are `tries[start..end]`, shuffled.
    start: usize,
    end: usize,
    /// Index in `tries` of the option committed now.
    at: usize,
}

impl Dlx {
    /// Finds one solution by a randomised search that restarts (see [`Restarts`]), within
    /// `budget`. The answer is `complete` when it is a solution, or when a run explored the
    /// whole tree without finding one (no solution at all).
    ///
    /// Meant for problems with many solutions and a heavy-tailed plain search; on a problem
    /// with one solution it costs a few restarts more than [`Dlx::first`]. The matrix is left
    /// as it was found.
    pub fn first_restarting(&mut self, restarts: &Restarts, budget: Budget) -> RestartOutcome {
        let domination = &mut self.scratch.domination;
        if self.matrix.colored() {
            run::<true>(&mut self.matrix, domination, restarts, budget)
        } else {
            run::<false>(&mut self.matrix, domination, restarts, budget)
        }
    }
}

/// How a run ended.
enum RunEnd {
    Solved,
    Exhausted,
    OutOfNodes,
    Stopped,
}

fn run<const COLORS: bool>(
    m: &mut Matrix,
    dom: &mut Domination,
    restarts: &Restarts,
    budget: Budget,
) -> RestartOutcome {
    let primary = m.primary as usize;
    let prefer = if restarts.prefer == 0 || restarts.prefer > primary {
        primary
    } else {
        restarts.prefer
    };
    let base = if restarts.base == 0 {
        primary.max(1) as u64
    } else {
        restarts.base
    };
    let mut rng = SplitMix(restarts.seed);
    let mut stats = Stats::default();
    let mut levels: Vec<Level> = Vec::with_capacity(primary + 1);
    let mut tries: Vec<u32> = Vec::new();
    let mut runs = 0u64;
    let mut next_check = CLOCK_EVERY;
    loop {
        runs += 1;
        let limit = base.saturating_mul(luby(runs));
        let run_start = stats.nodes;
        let mut end = RunEnd::Exhausted;
        // Descend, or backtrack when `descend` is false.
        let mut descend = true;
        loop {
            if descend {
                if dom.on() {
                    // Left when this level backtracks (or the run is taken back). The
                    // reductions (item domination, and the sums, relations, automata and
                    // exclusions the matrix was given) run as in the plain search; a dead end
                    // they find backtracks at once.
                    let last = levels.last().map(|l| tries[l.at]);
                    if !dom.enter::<COLORS>(m, last, &mut stats.updates) {
                        descend = false;
                        continue;
                    }
                }
                if link(&m.links, ROOT).right == ROOT {
                    end = RunEnd::Solved;
                    break;
                }
                if stats.nodes - run_start >= limit {
                    end = RunEnd::OutOfNodes;
                    break;
                }
                if budget.max_nodes.is_some_and(|max| stats.nodes >= max) {
                    end = RunEnd::Stopped;
                    break;
                }
                if stats.nodes >= next_check {
                    next_check = stats.nodes + CLOCK_EVERY;
                    if budget.deadline.is_some_and(|d| Instant::now() >= d)
                        || budget.stop.is_some_and(|w| w.stop_requested())
                    {
                        end = RunEnd::Stopped;
                        break;
                    }
                }
                let i = choose(m, prefer, &mut rng);
                if at(&m.nodes, i).down == i {
                    descend = false;
                    continue;
                }
                m.cover::<COLORS>(i, &mut stats.updates);
                let start = tries.len();
                let mut p = at(&m.nodes, i).down;
                while p != i {
                    tries.push(p);
                    p = at(&m.nodes, p).down;
                }
                let options = &mut tries[start..];
                for k in (1..options.len()).rev() {
                    options.swap(k, rng.below(k + 1));
                }
                let first = tries[start];
                stats.nodes += 1;
                stats.guesses += u64::from(tries.len() - start >= 2);
                m.commit_others::<COLORS>(first, &mut stats.updates);
                levels.push(Level {
                    item: i,
                    start,
                    end: tries.len(),
                    at: start,
                });
            } else {
                if dom.on() {
                    dom.leave::<COLORS>(m);
                }
                let Some(level) = levels.last_mut() else {
                    break;
                };
                m.uncommit_others::<COLORS>(tries[level.at]);
                level.at += 1;
                if level.at == level.end {
                    m.uncover::<COLORS>(level.item);
                    tries.truncate(level.start);
                    levels.pop();
                } else {
                    stats.nodes += 1;
                    stats.guesses += 1;
                    m.commit_others::<COLORS>(tries[level.at], &mut stats.updates);
                    descend = true;
                }
            }
        }
        let solution = matches!(end, RunEnd::Solved).then(|| {
            let mut solution: Vec<OptionId> = m.committed().collect();
            solution.extend(
                levels
                    .iter()
                    .map(|l| OptionId(m.node_option[tries[l.at] as usize])),
            );
            solution
        });
        // Take the run back, newest level first (the reduction entered one level per level
        // of the run, and one more unless the run ended on a backtrack).
        loop {
            if dom.depth() > levels.len() {
                dom.leave::<COLORS>(m);
                continue;
            }
            let Some(level) = levels.pop() else {
                break;
            };
            m.uncommit_others::<COLORS>(tries[level.at]);
            m.uncover::<COLORS>(level.item);
        }
        tries.clear();
        match end {
            RunEnd::Solved => stats.solutions = 1,
            RunEnd::Exhausted => {}
            RunEnd::OutOfNodes => continue,
            RunEnd::Stopped => {
                return RestartOutcome {
                    solution: None,
                    complete: false,
                    runs,
                    stats,
                }
            }
        }
        return RestartOutcome {
            solution,
            complete: true,
            runs,
            stats,
        };
    }
}

/// The item to branch on: an active primary item with no option or one (the first found), else
/// among the first `prefer` primary items (all of them when none of those is active) one with
/// the fewest options, the first at or after a random position.
#[inline]
fn choose(m: &Matrix, prefer: usize, rng: &mut SplitMix) -> u32 {
    let e = m.emptied;
    if e != ROOT && e <= m.primary && length(&m.len, e) == 0 && m.is_active(e) {
        return e;
    }
    let lens = &m.len[1..=m.primary as usize];
    #[cfg(target_arch = "x86_64")]
    if m.avx2 {
        // SAFETY: the processor has AVX2 (asked when the matrix was built).
        return unsafe { pick_avx2(lens, prefer, rng) };
    }
    pick(lens, prefer, rng)
}

/// [`pick`] compiled for AVX2.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pick_avx2(lens: &[u32], prefer: usize, rng: &mut SplitMix) -> u32 {
    pick(lens, prefer, rng)
}

/// [`choose`] over the lengths of the primary items (covered ones carry [`COVERED`]); returns
/// a 1-based item index. `lens` holds at least one active item.
#[inline(always)]
fn pick(lens: &[u32], prefer: usize, rng: &mut SplitMix) -> u32 {
    let least = |slice: &[u32]| slice.iter().fold(u32::MAX, |m, &len| m.min(len));
    let (preferred, others) = lens.split_at(prefer);
    let (low_preferred, low_others) = (least(preferred), least(others));
    if low_preferred.min(low_others) <= 1 {
        let k = lens.iter().position(|&len| len <= 1).unwrap_or(0);
        return k as u32 + 1;
    }
    let (pool, best) = if low_preferred < COVERED {
        (preferred, low_preferred)
    } else {
        (lens, low_others)
    };
    let from = rng.below(pool.len());
    let k = pool[from..]
        .iter()
        .position(|&len| len == best)
        .map(|k| from + k)
        .or_else(|| pool[..from].iter().position(|&len| len == best))
        .unwrap_or(0);
    k as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{CountOptions, ProblemBuilder};

    #[test]
    fn luby_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// n queens as exact cover: rows and columns primary, diagonals secondary.
    fn queens(n: usize) -> crate::xc::Problem {
        let mut b = ProblemBuilder::new();
        let rows: Vec<_> = (0..n).map(|_| b.primary()).collect();
        let cols: Vec<_> = (0..n).map(|_| b.primary()).collect();
        let diag: Vec<_> = (0..2 * n - 1).map(|_| b.secondary()).collect();
        let anti: Vec<_> = (0..2 * n - 1).map(|_| b.secondary()).collect();
        for r in 0..n {
            for c in 0..n {
                b.option([rows[r], cols[c], diag[r + c], anti[r + n - 1 - c]])
                    .unwrap();
            }
        }
        b.build()
    }

    #[test]
    fn a_solution_is_a_solution_and_the_matrix_is_left_as_found() {
        for (n, domination) in [
            (1, None),
            (4, None),
            (8, None),
            (20, None),
            (8, Some(2)),
            (20, Some(9)),
        ] {
            let problem = queens(n);
            let mut dlx = Dlx::new(&problem);
            dlx.set_domination(domination);
            let before = dlx.clone();
            for seed in 0..5 {
                let found = dlx.first_restarting(&Restarts::new(seed).base(8), Budget::UNLIMITED);
                assert!(found.complete);
                let solution = found.solution.expect("n queens has solutions from 4 on");
                // Checked apart: every row and column once, diagonals at most once.
                let mut seen = std::collections::HashSet::new();
                for option in &solution {
                    for item in problem.option(*option) {
                        assert!(seen.insert(*item), "{item} twice");
                    }
                }
                assert_eq!(solution.len(), n);
                dlx.check_links().unwrap();
                assert_eq!(dlx, before);
            }
        }
    }

    #[test]
    fn no_solution_is_proved_and_a_budget_stops_it() {
        for n in [2, 3] {
            let mut dlx = Dlx::new(&queens(n));
            let found = dlx.first_restarting(&Restarts::new(1).base(1), Budget::UNLIMITED);
            assert_eq!((found.solution, found.complete), (None, true));
        }
        let mut dlx = Dlx::new(&queens(30));
        let stopped = dlx.first_restarting(&Restarts::new(1).base(1), Budget::nodes(10));
        assert!(!stopped.complete);
        assert!(stopped.stats.nodes <= 10);
        assert_eq!(dlx.count(CountOptions::new().limit(Some(1))).count, 1);
    }

    proptest::proptest! {
        /// On random small problems, a solution exists exactly when the count says so, and
        /// the one found covers every primary item once and every item at most once.
        #[test]
        fn agrees_with_the_count(
            items in 1u32..8,
            options in proptest::collection::vec(
                proptest::collection::btree_set(0u32..8, 1..4), 1..14),
            seed in proptest::prelude::any::<u64>(),
            prefer in 0usize..8,
            domination in proptest::option::of(2u32..5),
        ) {
            let mut b = ProblemBuilder::new();
            let ids: Vec<_> = (0..items).map(|_| b.primary()).collect();
            for option in &options {
                let set: std::collections::BTreeSet<u32> = option.iter().map(|i| i % items).collect();
                b.option(set.into_iter().map(|i| ids[i as usize])).unwrap();
            }
            let problem = b.build();
            let mut dlx = Dlx::new(&problem);
            dlx.set_domination(domination);
            let before = dlx.clone();
            let count = dlx.count(CountOptions::new()).count;
            let found = dlx.first_restarting(
                &Restarts::new(seed).prefer(prefer).base(2),
                Budget::UNLIMITED,
            );
            proptest::prop_assert!(found.complete);
            proptest::prop_assert_eq!(found.solution.is_some(), count > 0);
            proptest::prop_assert!(dlx == before, "the matrix is left as found");
            if let Some(solution) = found.solution {
                let mut covered = vec![0; items as usize];
                for option in solution {
                    for item in problem.option(option) {
                        covered[item.index()] += 1;
                    }
                }
                proptest::prop_assert!(covered.iter().all(|&c| c == 1));
            }
        }
    }
}
