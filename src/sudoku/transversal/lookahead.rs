//! The split of a grid's cells into transversals, searched with a lookahead at every node.
//!
//! The search chooses, at each node, the open cell on the fewest live transversals (those
//! that meet no transversal chosen so far) and tries each of them in turn, as dancing links
//! would. Before choosing, it drops every live transversal `t` that *strands* an open cell:
//! a cell outside `t` all of whose live transversals meet `t` (once `t` is chosen, that cell
//! has no digit left). At the root the test is taken to a fixed point, below it one round; a
//! round tests only the [`WEAK_CELLS`] open cells on the fewest live transversals. Skipping a
//! test keeps a transversal that could have gone, never drops one that could not: the search
//! answers the same, only its work differs.
//!
//! The lookahead costs about `t * c * t / 64` word operations at a node of `t` live
//! transversals and `c` cells, far more than a node of dancing links, but it cuts the trees
//! that matter by a hundred times and more: the 9x9 jigsaw layouts without a solution that
//! took dancing links 0.2 to 2 million nodes (1 to 13 s) take it a few thousand
//! (BENCHMARKS.md, "Empty jigsaw layouts").

use crate::xc::{Budget, Stats};

/// The open cells a round of the lookahead tests, those on the fewest live transversals:
/// the cells a transversal strands are nearly always among them, and testing all 81 cells of
/// a 9x9 costs more than it finds (0.93 s against 1.78 s on the hardest layout, with the
/// same 7,420 nodes; 4 cells let through three times as many nodes).
const WEAK_CELLS: usize = 16;

/// A search for `n` disjoint transversals covering every cell.
pub(super) struct Lookahead<'a> {
    /// The transversals, each as indices of cells.
    sets: &'a [Vec<usize>],
    /// How many cells there are.
    cells: usize,
    budget: Budget,
    /// Nodes visited, transversals dropped (as `updates`).
    pub(super) stats: Stats,
    /// Whether the budget stopped the search.
    pub(super) stopped: bool,
    /// Per cell, whether it lies in the transversal being tested (all false between tests).
    inside: Vec<bool>,
}

impl<'a> Lookahead<'a> {
    /// A search over `sets` (transversals of `cells` cells) within `budget`.
    pub(super) fn new(sets: &'a [Vec<usize>], cells: usize, budget: Budget) -> Lookahead<'a> {
        Lookahead {
            sets,
            cells,
            budget,
            stats: Stats::default(),
            stopped: false,
            inside: vec![false; cells],
        }
    }

    /// Indices of disjoint transversals covering every cell, if there are any (and the
    /// budget did not stop the search first: see `stopped`).
    pub(super) fn split(&mut self) -> Option<Vec<usize>> {
        let live: Vec<u32> = (0..self.sets.len() as u32).collect();
        let open = vec![true; self.cells];
        let mut chosen = Vec::new();
        self.node(live, open, &mut chosen, usize::MAX)
            .then(|| chosen.iter().map(|&t| t as usize).collect())
    }

    /// Searches below a node: `live` the transversals disjoint from those `chosen`, `open`
    /// the cells they leave; `rounds` of the lookahead. `true` when `chosen` is a split.
    fn node(
        &mut self,
        mut live: Vec<u32>,
        open: Vec<bool>,
        chosen: &mut Vec<u32>,
        rounds: usize,
    ) -> bool {
        self.stats.nodes += 1;
        if self.budget.exhausted(self.stats.nodes) {
            self.stopped = true;
            return false;
        }
        if !open.contains(&true) {
            return true;
        }
        // through[c * words..]: the live transversals (by their place in `live`) on cell c.
        let mut words;
        let mut through = Vec::new();
        let mut round = 0;
        loop {
            words = live.len().div_ceil(64);
            through.clear();
            through.resize(self.cells * words, 0u64);
            for (i, &t) in live.iter().enumerate() {
                for &k in &self.sets[t as usize] {
                    through[k * words + i / 64] |= 1 << (i % 64);
                }
            }
            let bare = (0..self.cells)
                .any(|c| open[c] && through[c * words..(c + 1) * words].iter().all(|&w| w == 0));
            if bare {
                return false;
            }
            if round == rounds {
                break;
            }
            round += 1;
            let kept = self.lookahead(&live, &open, &mut through, words);
            if kept.len() == live.len() {
                break;
            }
            live = kept;
        }
        // The open cell on the fewest live transversals.
        let ones = |c: usize| -> u32 {
            through[c * words..(c + 1) * words]
                .iter()
                .map(|w| w.count_ones())
                .sum()
        };
        let Some(cell) = (0..self.cells)
            .filter(|&c| open[c])
            .min_by_key(|&c| ones(c))
        else {
            return true;
        };
        let branch: Vec<usize> = (0..live.len())
            .filter(|&i| through[cell * words + i / 64] >> (i % 64) & 1 == 1)
            .collect();
        let mut meets = vec![0u64; words];
        for i in branch {
            let set = &self.sets[live[i] as usize];
            meets.iter_mut().for_each(|w| *w = 0);
            for &k in set {
                for (w, m) in meets.iter_mut().zip(&through[k * words..(k + 1) * words]) {
                    *w |= m;
                }
            }
            let next: Vec<u32> = (0..live.len())
                .filter(|&j| meets[j / 64] >> (j % 64) & 1 == 0)
                .map(|j| live[j])
                .collect();
            let mut next_open = open.clone();
            for &k in set {
                next_open[k] = false;
            }
            chosen.push(live[i]);
            if self.node(next, next_open, chosen, 1) {
                return true;
            }
            chosen.pop();
            if self.stopped {
                return false;
            }
        }
        false
    }

    /// One round of the lookahead: the live transversals that strand no open cell, tested
    /// in turn, each one dropped taken out of `through` at once (which only helps the tests
    /// after it).
    fn lookahead(
        &mut self,
        live: &[u32],
        open: &[bool],
        through: &mut [u64],
        words: usize,
    ) -> Vec<u32> {
        let mut meets = vec![0u64; words];
        let mut kept = Vec::with_capacity(live.len());
        // The open cells most easily stranded: those on the fewest live transversals.
        let mut weak: Vec<(u32, usize)> = (0..self.cells)
            .filter(|&c| open[c])
            .map(|c| {
                let ones = through[c * words..(c + 1) * words]
                    .iter()
                    .map(|w| w.count_ones())
                    .sum();
                (ones, c)
            })
            .collect();
        weak.sort_unstable();
        weak.truncate(WEAK_CELLS);
        for (i, &t) in live.iter().enumerate() {
            let set = &self.sets[t as usize];
            meets.iter_mut().for_each(|w| *w = 0);
            for &k in set {
                self.inside[k] = true;
                for (w, m) in meets.iter_mut().zip(&through[k * words..(k + 1) * words]) {
                    *w |= m;
                }
            }
            let stranded = weak.iter().any(|&(_, c)| {
                !self.inside[c]
                    && through[c * words..(c + 1) * words]
                        .iter()
                        .zip(&meets)
                        .all(|(b, m)| b & !m == 0)
            });
            for &k in set {
                self.inside[k] = false;
            }
            if stranded {
                self.stats.updates += 1;
                for &k in set {
                    through[k * words + i / 64] &= !(1 << (i % 64));
                }
            } else {
                kept.push(t);
            }
        }
        kept
    }
}
