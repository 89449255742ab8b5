//! Squeezed neighbours: a digit in a cell that leaves its neighbours on the rules within one
//! house fewer digits than there are of them.
//!
//! A cell of a German whisper with two neighbours on the line in one box cannot be 4: both
//! neighbours would have to be 9, and the box holds one 9; a cell between two black dots in
//! a row cannot be 3 (both would be 6), nor 1 (both 2). In general: with `d` in cell `t`,
//! each cell `q` of a house that a rule between two cells ties to `t` (a whisper, a dot, an
//! XV mark, a thermometer, non-consecutive neighbours) keeps only its candidates that every
//! rule between `t` and `q` allows beside `d` (and not `d` itself where `q` sees `t`). The
//! cells of a house hold different digits, so when some `m` of them keep fewer than `m`
//! digits together, `d` goes from `t`. The pairs alone see one neighbour at a time (a
//! neighbour left with no digit); a contradiction chain sees the rest, graded as a chain.
//! Only cells tied to `t` by a rule that says more than "the digits differ" count as its
//! neighbours (a knight's move alone makes no whisper), so chess rules keep their steps; and
//! the cells squeezed include one tied by a rule that does not order the two cells, since
//! cells all below (or above) `t`, as on thermometers, are the ordering across a house's
//! ([`super::ordering`]), tried later.

use crate::sudoku::grid::Cell;

use super::super::mask::{bit, digits_of};
use super::super::matrix::What;
use super::super::state::State;
use super::super::step::Step;
use super::super::technique::Technique;
use super::ordering::order;

/// Neighbours of one cell within one house looked at together, at most: their subsets are
/// tried one by one (`2^MAX_NEIGHBOURS` of them), and a cell has at most 8 neighbours by a
/// king's step.
const MAX_NEIGHBOURS: usize = 8;

/// A rule between two cells as one end sees it: the other cell, the pair's index in the
/// rules' list, and whether this end is the pair's first cell (`a`).
type Tie = (usize, usize, bool);

impl State<'_> {
    /// The first cell one of whose digits leaves some of its neighbours on the rules within
    /// one house fewer digits than cells ([`Technique::SqueezedNeighbours`]): every such
    /// digit of that cell and house goes in one step.
    pub(in crate::sudoku::logic) fn squeezed_neighbours(&self) -> Option<Step> {
        let rules = self.rules;
        let area = self.values.len();
        let mut ties: Vec<Vec<Tie>> = vec![Vec::new(); area];
        // Per pair: whether its rule says more than "differ", and whether it orders its cells.
        let mut kinds: Vec<(bool, bool)> = Vec::with_capacity(rules.pairs().len());
        for (k, pair) in rules.pairs().iter().enumerate() {
            ties[pair.a].push((pair.b, k, true));
            ties[pair.b].push((pair.a, k, false));
            let relation = rules.relation(pair);
            let ordered = order(|d| relation.allowed(d), self.n).is_some();
            kinds.push((!relation.is_difference(), ordered));
        }
        if !kinds.iter().any(|&(more, ordered)| more && !ordered) {
            return None;
        }
        let mut member = vec![false; area];
        for &u in &self.order {
            let cells = &rules.units()[u].cells;
            for &p in cells {
                member[p] = true;
            }
            let found = self.squeezed_in(u, &ties, &kinds, &member);
            for &p in cells {
                member[p] = false;
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// [`State::squeezed_neighbours`] within unit `u` (`member` marks its cells; `kinds`
    /// says of each pair whether its rule says more than "differ" and whether it orders).
    fn squeezed_in(
        &self,
        u: usize,
        ties: &[Vec<Tie>],
        kinds: &[(bool, bool)],
        member: &[bool],
    ) -> Option<Step> {
        let rules = self.rules;
        let mut neighbours: Vec<usize> = Vec::with_capacity(MAX_NEIGHBOURS);
        let mut masks = [0u64; MAX_NEIGHBOURS];
        for &t in rules.cells() {
            if self.values[t] != 0 || ties[t].len() < 2 {
                continue;
            }
            // The open cells of the house tied to t by a rule that says more than "differ".
            neighbours.clear();
            // The neighbours (bits over `neighbours`) tied to t by a rule that does not order
            // the two cells: a subset squeezed holds one of them.
            let mut unordered = 0usize;
            for &(q, k, _) in &ties[t] {
                let (more, ordered) = kinds[k];
                if !member[q] || self.values[q] != 0 || !more {
                    continue;
                }
                let i = match neighbours.iter().position(|&o| o == q) {
                    Some(i) => i,
                    None if neighbours.len() < MAX_NEIGHBOURS => {
                        neighbours.push(q);
                        neighbours.len() - 1
                    }
                    None => continue,
                };
                if !ordered {
                    unordered |= 1 << i;
                }
            }
            if neighbours.len() < 2 || unordered == 0 {
                continue;
            }
            let mut out = 0u64;
            let mut squeezed = 0usize;
            for d in digits_of(self.candidates[t]) {
                for (i, &q) in neighbours.iter().enumerate() {
                    let mut mask = self.candidates[q];
                    if self.sees(t, q) {
                        mask &= !bit(d);
                    }
                    for &(o, k, t_first) in &ties[t] {
                        if o != q {
                            continue;
                        }
                        let relation = rules.relation(&rules.pairs()[k]);
                        mask &= if t_first {
                            relation.allowed(d)
                        } else {
                            relation.allowed_back(d)
                        };
                    }
                    masks[i] = mask;
                }
                // The subsets of two or more neighbours, each a set of bits over
                // `neighbours`: one with fewer digits together than cells rules d out.
                let short = (1usize..1 << neighbours.len())
                    .filter(|s| s.count_ones() >= 2 && s & unordered != 0)
                    .find(|&s| {
                        let together = (0..neighbours.len())
                            .filter(|i| s & 1 << i != 0)
                            .fold(0, |m, i| m | masks[i]);
                        together.count_ones() < s.count_ones()
                    });
                if let Some(s) = short {
                    out |= bit(d);
                    squeezed |= s;
                }
            }
            if out == 0 {
                continue;
            }
            let cell = self.cell(t);
            let used: Vec<usize> = (0..neighbours.len())
                .filter(|i| squeezed & 1 << i != 0)
                .map(|i| neighbours[i])
                .collect();
            let mut units = vec![self.unit_name(u)];
            for &(q, k, _) in &ties[t] {
                if used.contains(&q) {
                    let words = self.what_words(What::Pair(k));
                    if !units.contains(&words) {
                        units.push(words);
                    }
                }
            }
            let mut cells = vec![cell];
            cells.extend(used.iter().map(|&q| self.cell(q)));
            let digits: Vec<u8> = digits_of(out).collect();
            return Some(Step {
                technique: Technique::SqueezedNeighbours,
                placements: Vec::new(),
                eliminations: digits
                    .iter()
                    .map(|&d| (cell, d))
                    .collect::<Vec<(Cell, u8)>>(),
                units,
                cells,
                digits,
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A German whisper `r1c1 r1c2 r1c3` on an empty grid: `r1c2` has two neighbours on it
    /// in row 1 (and box 1); with 4 or 6 both would need 9 or 1, with 5 they would have
    /// nothing. The ends, with one neighbour each, keep every digit but 5 (the pairs' step).
    #[test]
    fn a_whisper_cell_between_two_neighbours_of_a_house_is_not_4_5_or_6() {
        let file = super::super::empty_9x9("[[whispers]]\ncells = \"r1c1 r1c2 r1c3\"\n");
        let mut state = State::new(&file.rules, &file.givens).unwrap();
        let step = state.squeezed_neighbours().unwrap();
        assert_eq!(step.technique, Technique::SqueezedNeighbours);
        assert_eq!(
            step.eliminations,
            vec![
                (Cell { row: 0, col: 1 }, 4),
                (Cell { row: 0, col: 1 }, 5),
                (Cell { row: 0, col: 1 }, 6)
            ]
        );
        let text = step.to_string();
        assert!(
            text.starts_with("r1c2 <> 4, 5, 6: squeezed neighbours in box 1: with 4 or 5 or 6 in r1c2, its neighbours r1c1, r1c3 would keep fewer digits than cells ["),
            "{text}"
        );
        assert!(text.contains("whisper"), "{text}");
        state.apply(&step);
        // Nothing more: the ends have one neighbour each.
        assert_eq!(state.squeezed_neighbours(), None);
        assert_eq!(state.candidates(0), (1 << 9) - 1);
    }

    /// Two thermometers into `r2c2` from `r1c1` and `r1c2`: the cells below it are left to
    /// the ordering across a house, tried later; squeezed neighbours needs a rule that does
    /// not order its cells.
    #[test]
    fn thermometers_alone_are_left_to_the_ordering() {
        let file = super::super::empty_9x9(
            "[[thermometer]]\ncells = \"r1c1 r2c2\"\n\
            [[thermometer]]\ncells = \"r1c2 r2c2\"\n",
        );
        let state = State::new(&file.rules, &file.givens).unwrap();
        assert_eq!(state.squeezed_neighbours(), None);
        assert!(state.house_ordering().is_some());
    }

    /// Anti-knight rules alone (pairs that only say "differ") give no step.
    #[test]
    fn rules_that_only_say_differ_give_no_step() {
        let file = crate::sudoku::file::from_toml(
            "givens = \"\"\"\n12.......\n.........\n.........\n.........\n.........\n\
             .........\n.........\n.........\n.........\n\"\"\"\nanti_knight = true\n",
        )
        .unwrap();
        let state = State::new(&file.rules, &file.givens).unwrap();
        assert_eq!(state.squeezed_neighbours(), None);
    }
}
