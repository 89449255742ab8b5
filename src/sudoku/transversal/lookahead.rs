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
//! The transversals are bits of fixed place in bitsets (the live ones, those through each
//! cell, those meeting each transversal, worked out once), so that a transversal strands cell
//! `c` exactly when it is in every set "meeting `u`" for the live transversals `u` through
//! `c`: a few bitset intersections per weak cell. A node costs a few hundred word operations
//! per thousand transversals, far more than a node of dancing links, but the lookahead cuts
//! the trees that matter by a hundred times and more: the 9x9 jigsaw layouts without a
//! solution that took dancing links 0.2 to 2 million nodes (1 to 13 s) take it a few
//! thousand (BENCHMARKS.md, "Empty jigsaw layouts").

use crate::xc::{Budget, Stats};

/// The open cells a round of the lookahead tests, those on the fewest live transversals:
/// the cells a transversal strands are nearly always among them, and testing all 81 cells of
/// a 9x9 costs more than it finds (0.93 s against 1.78 s on the hardest layout, with the
/// same 7,420 nodes; 4 cells let through three times as many nodes).
const WEAK_CELLS: usize = 16;

/// The most words the sets "meeting each transversal" may take (32 MB); past it they are
/// worked out at each use from the cells' sets instead.
const CONFLICT_WORDS: usize = 4 << 20;

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
    /// Words of a bitset of transversals (bit `t % 64` of word `t / 64` stands for `t`).
    words: usize,
    /// `through[c * words..][..words]`: the transversals through cell `c`.
    through: Vec<u64>,
    /// `meeting[t * words..][..words]`: the transversals sharing a cell with `t` (`t` among
    /// them); empty when they would take more than [`CONFLICT_WORDS`].
    meeting: Vec<u64>,
}

impl<'a> Lookahead<'a> {
    /// A search over `sets` (transversals of `cells` cells) within `budget`.
    pub(super) fn new(sets: &'a [Vec<usize>], cells: usize, budget: Budget) -> Lookahead<'a> {
        let words = sets.len().div_ceil(64);
        let mut through = vec![0u64; cells * words];
        for (t, set) in sets.iter().enumerate() {
            for &k in set {
                through[k * words + t / 64] |= 1 << (t % 64);
            }
        }
        let mut search = Lookahead {
            sets,
            cells,
            budget,
            stats: Stats::default(),
            stopped: false,
            words,
            through,
            meeting: Vec::new(),
        };
        if sets.len().saturating_mul(words) <= CONFLICT_WORDS {
            let mut meeting = vec![0u64; sets.len() * words];
            for (t, row) in meeting.chunks_exact_mut(words.max(1)).enumerate() {
                let mut buffer = vec![0u64; words];
                row.copy_from_slice(search.meets(t, &mut buffer));
            }
            search.meeting = meeting;
        }
        search
    }

    /// The transversals of cell `c`.
    fn through(&self, c: usize) -> &[u64] {
        &self.through[c * self.words..(c + 1) * self.words]
    }

    /// The transversals sharing a cell with `t`: worked out once, or into `buffer`.
    fn meets<'s>(&'s self, t: usize, buffer: &'s mut [u64]) -> &'s [u64] {
        if !self.meeting.is_empty() {
            return &self.meeting[t * self.words..(t + 1) * self.words];
        }
        buffer.fill(0);
        for &k in &self.sets[t] {
            for (w, m) in buffer.iter_mut().zip(self.through(k)) {
                *w |= m;
            }
        }
        buffer
    }

    /// Indices of disjoint transversals covering every cell, if there are any (and the
    /// budget did not stop the search first: see `stopped`).
    pub(super) fn split(&mut self) -> Option<Vec<usize>> {
        let mut live = vec![u64::MAX; self.words];
        if self.sets.len() % 64 != 0 {
            live[self.words - 1] = (1 << (self.sets.len() % 64)) - 1;
        }
        let open = vec![true; self.cells];
        let mut chosen = Vec::new();
        self.node(live, open, &mut chosen, usize::MAX)
            .then_some(chosen)
    }

    /// How many live transversals cell `c` is on.
    fn count(&self, live: &[u64], c: usize) -> u32 {
        self.through(c)
            .iter()
            .zip(live)
            .map(|(b, l)| (b & l).count_ones())
            .sum()
    }

    /// Searches below a node: `live` the transversals disjoint from those `chosen`, `open`
    /// the cells they leave; `rounds` of the lookahead. `true` when `chosen` is a split.
    fn node(
        &mut self,
        mut live: Vec<u64>,
        open: Vec<bool>,
        chosen: &mut Vec<usize>,
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
        let mut round = 0;
        let counts = loop {
            let counts: Vec<(u32, usize)> = (0..self.cells)
                .filter(|&c| open[c])
                .map(|c| (self.count(&live, c), c))
                .collect();
            if counts.iter().any(|&(k, _)| k == 0) {
                return false;
            }
            if round == rounds || !self.lookahead(&mut live, counts.clone()) {
                break counts;
            }
            round += 1;
        };
        // The open cell on the fewest live transversals.
        let Some(&(_, cell)) = counts.iter().min_by_key(|&&(k, _)| k) else {
            return true;
        };
        let branch: Vec<usize> = bits(self.through(cell), &live).collect();
        let mut buffer = vec![0u64; self.words];
        for t in branch {
            let meets = self.meets(t, &mut buffer);
            let next: Vec<u64> = live.iter().zip(meets).map(|(l, m)| l & !m).collect();
            let mut next_open = open.clone();
            for &k in &self.sets[t] {
                next_open[k] = false;
            }
            chosen.push(t);
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

    /// One round of the lookahead: drops from `live` every transversal that strands one of
    /// the weakest open cells (`counts`: the open cells with their live transversals), those
    /// on the fewest live transversals, which a transversal strands nearly always. A
    /// transversal strands `c` when it is not on `c` and meets every live transversal on
    /// `c`. Each cell's drops leave `live` at once, which only helps the cells after it.
    /// `true` when some transversal was dropped.
    fn lookahead(&mut self, live: &mut [u64], mut counts: Vec<(u32, usize)>) -> bool {
        counts.sort_unstable();
        counts.truncate(WEAK_CELLS);
        let mut buffer = vec![0u64; self.words];
        let mut strands = vec![0u64; self.words];
        let mut dropped = false;
        for (_, c) in counts {
            let on: Vec<usize> = bits(self.through(c), live).collect();
            if on.is_empty() {
                // Bare already: the node's next look at its cells says so.
                continue;
            }
            strands.copy_from_slice(live);
            for (s, b) in strands.iter_mut().zip(self.through(c)) {
                *s &= !b;
            }
            for t in on {
                for (s, m) in strands.iter_mut().zip(self.meets(t, &mut buffer)) {
                    *s &= m;
                }
            }
            let gone: u32 = strands.iter().map(|s| s.count_ones()).sum();
            if gone > 0 {
                self.stats.updates += u64::from(gone);
                dropped = true;
                for (l, s) in live.iter_mut().zip(&strands) {
                    *l &= !s;
                }
            }
        }
        dropped
    }
}

/// The places of the bits set in both `a` and `b`, in increasing order.
fn bits<'w>(a: &'w [u64], b: &'w [u64]) -> impl Iterator<Item = usize> + 'w {
    a.iter().zip(b).enumerate().flat_map(|(w, (x, y))| {
        let mut word = x & y;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + bit
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::{Rules, Spec};
    use crate::sudoku::transversal::Transversals;

    /// The sets "meeting each transversal" worked out once or at each use: the same search,
    /// node for node, on layouts with and without a split.
    #[test]
    fn the_table_of_meeting_transversals_changes_no_step() {
        let mut specs: Vec<Spec> = ["AABB AABB CCDD CCDD", "AAAB CCAB CDBB CDDD"]
            .into_iter()
            .map(|layout| {
                let mut spec = Spec::new(4);
                spec.regions = Some(layout.split(' ').flat_map(str::chars).collect());
                spec
            })
            .collect();
        specs.push(Spec::new(6));
        for spec in specs {
            let rules = Rules::new(spec).unwrap();
            let t = Transversals::of(&rules, Budget::UNLIMITED).unwrap();
            let cells = t.cells.len();
            let mut table = Lookahead::new(&t.sets, cells, Budget::UNLIMITED);
            assert!(!table.meeting.is_empty());
            let mut computed = Lookahead::new(&t.sets, cells, Budget::UNLIMITED);
            computed.meeting.clear();
            assert_eq!(table.split(), computed.split());
            assert_eq!(table.stats, computed.stats);
            assert!(table.stats.nodes > 0);
        }
    }
}
