//! Counting with interchangeable digits: one solution of each class of relabellings.
//!
//! Under rules that only ask whether digits are equal ([`Rules::digit_blind`]), renaming the
//! digits of a solution throughout gives another solution; when the renaming moves only
//! digits that no given uses, the givens stay as they are, so it is a solution of the same
//! puzzle. With `u` such unused digits the solutions therefore fall into classes of `u!`
//! (a renaming that moves a digit changes every cell holding it, so the `u!` renamings of a
//! solution are `u!` different solutions).
//!
//! A unit of `n` cells holds every digit once, the unused ones in its empty cells. In every
//! class exactly one solution has them in increasing order along such a unit. Those solutions
//! are the ones counted: for each choice of `u` of the unit's empty cells, a puzzle with the
//! unused digits placed there in increasing order as extra givens. Their counts, summed and
//! multiplied by `u!`, give the count of the puzzle; the unit with the fewest empty cells
//! gives the fewest such puzzles.
//!
//! Counting all the filled 6x6 grids this way counts one puzzle (the first row 1 to 6) with
//! 39,168 solutions instead of 28,200,960.
//!
//! Searches for a few solutions (`solve`, `check`) use the same classes: a solution found
//! among the placements stands for `u!` solutions, which [`Relabelling::for_each_relabelling`]
//! writes out. An empty jigsaw then searches with one unit's digits fixed, which finds a
//! first solution (or proves there is none) far sooner than the free search, and a second
//! solution is the first with two unused digits swapped.

use std::ops::ControlFlow;

use super::grid::Grid;
use super::rules::Rules;

/// Most puzzles a count by classes may be split into; past it, the plain count is used.
pub const MAX_PLACEMENTS: u128 = 1024;

/// How a puzzle's count splits into classes of relabellings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relabelling {
    /// Solutions in a class: `u!` for `u` unused digits (at least 2).
    pub factor: u128,
    /// The digits no given uses, in increasing order.
    unused: Vec<u8>,
    /// The empty positions of the unit that orders them, in increasing order; at least as
    /// many as `unused`.
    empty: Vec<usize>,
}

impl Relabelling {
    /// The classes of a puzzle's solutions, when counting them pays: digit-blind rules, at
    /// least two unused digits, and at most [`MAX_PLACEMENTS`] puzzles to count. The givens
    /// must have passed [`Rules::check_givens`].
    pub fn of(rules: &Rules, puzzle: &Grid) -> Option<Relabelling> {
        if !rules.digit_blind() {
            return None;
        }
        let n = rules.size();
        let cells = puzzle.cells();
        let mut used = vec![false; n + 1];
        for &p in rules.cells() {
            used[cells[p] as usize] = true;
        }
        let unused: Vec<u8> = (1..=n as u8).filter(|&d| !used[d as usize]).collect();
        if unused.len() < 2 {
            return None;
        }
        // Every unit of n cells holds every digit: the unused ones are in its empty cells.
        let empty = rules
            .units()
            .iter()
            .filter(|unit| unit.cells.len() == n)
            .map(|unit| unit.cells.iter().copied().filter(|&p| cells[p] == 0))
            .map(Iterator::collect::<Vec<usize>>)
            .min_by_key(Vec::len)?;
        // u! overflows past 34 unused digits: such counts are not split.
        let factor = (2..=unused.len() as u128).try_fold(1u128, u128::checked_mul)?;
        let relabelling = Relabelling {
            factor,
            unused,
            empty,
        };
        (relabelling.placements() <= MAX_PLACEMENTS).then_some(relabelling)
    }

    /// Every way to split the puzzle's solutions into classes: one per unit of `n` cells
    /// (rows first, in the order of [`Rules::units`]), fewest placements first, those over
    /// [`MAX_PLACEMENTS`] left out; empty where [`Relabelling::of`] is `None`. Each one's
    /// canonical solutions stand for all the solutions, so a search may use any of them: a
    /// search that a first choice sends into a barren subtree often has none with another
    /// unit fixed (see [`Solver`](super::Solver)).
    pub fn views(rules: &Rules, puzzle: &Grid) -> Vec<Relabelling> {
        let Some(first) = Relabelling::of(rules, puzzle) else {
            return Vec::new();
        };
        let cells = puzzle.cells();
        let n = rules.size();
        let mut views: Vec<Relabelling> = rules
            .units()
            .iter()
            .filter(|unit| unit.cells.len() == n)
            .map(|unit| Relabelling {
                factor: first.factor,
                unused: first.unused.clone(),
                empty: unit
                    .cells
                    .iter()
                    .copied()
                    .filter(|&p| cells[p] == 0)
                    .collect(),
            })
            .filter(|view| view.placements() <= MAX_PLACEMENTS)
            .collect();
        views.sort_by_key(Relabelling::placements);
        views
    }

    /// The number of puzzles to count: the ways to choose the unused digits' cells in the unit.
    pub fn placements(&self) -> u128 {
        let (e, u) = (self.empty.len() as u128, self.unused.len() as u128);
        // C(e, u) as a running product; each partial product is itself a binomial coefficient,
        // so the divisions are exact. Saturates (far past MAX_PLACEMENTS) instead of
        // overflowing.
        (0..u).fold(1u128, |c, i| {
            c.checked_mul(e - i).map_or(u128::MAX, |c| c / (i + 1))
        })
    }

    /// Calls `f` with the extra givens (position, digit) of each puzzle to count, in turn.
    pub fn for_each_placement(&self, mut f: impl FnMut(&[(usize, u8)])) {
        let u = self.unused.len();
        let e = self.empty.len();
        // Indices into `empty` of the cells chosen, increasing: combinations in lexicographic
        // order.
        let mut chosen: Vec<usize> = (0..u).collect();
        let mut givens: Vec<(usize, u8)> = Vec::with_capacity(u);
        loop {
            givens.clear();
            givens.extend(
                chosen
                    .iter()
                    .zip(&self.unused)
                    .map(|(&k, &digit)| (self.empty[k], digit)),
            );
            f(&givens);
            // The last index that can still move right, then everything after it packed
            // behind it.
            let Some(i) = (0..u).rev().find(|&i| chosen[i] < e - u + i) else {
                return;
            };
            chosen[i] += 1;
            for j in i + 1..u {
                chosen[j] = chosen[j - 1] + 1;
            }
        }
    }
}

impl Relabelling {
    /// Calls `f` with `solution` and then its relabellings by every other permutation of the
    /// unused digits (in lexicographic order of the permutations: `u!` grids in all), until
    /// `f` breaks. The grids differ pairwise, and each is a solution of the puzzle whenever
    /// `solution` is (the givens do not use the digits moved).
    pub fn for_each_relabelling(
        &self,
        solution: &Grid,
        mut f: impl FnMut(Grid) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let u = self.unused.len();
        let mut to = self.unused.clone();
        // Where each digit goes: itself, except for the unused ones.
        let mut map: Vec<u8> = (0..=u8::MAX).collect();
        loop {
            for (&from, &digit) in self.unused.iter().zip(&to) {
                map[from as usize] = digit;
            }
            let cells = solution.cells().iter().map(|&d| map[d as usize]).collect();
            f(Grid::from_area(solution.rows(), solution.cols(), cells).expect("same shape"))?;
            // The next permutation of `to` in lexicographic order.
            let Some(i) = (0..u.saturating_sub(1)).rev().find(|&i| to[i] < to[i + 1]) else {
                return ControlFlow::Continue(());
            };
            let j = (i + 1..u)
                .rev()
                .find(|&j| to[j] > to[i])
                .expect("to[i + 1] is");
            to.swap(i, j);
            to[i + 1..].reverse();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::Spec;

    fn all_placements(r: &Relabelling) -> Vec<Vec<(usize, u8)>> {
        let mut out = Vec::new();
        r.for_each_placement(|givens| out.push(givens.to_vec()));
        out
    }

    #[test]
    fn an_empty_grid_is_one_puzzle_of_n_factorial_classes() {
        let rules = Rules::with_boxes(2, 3).unwrap();
        let r = Relabelling::of(&rules, &rules.empty_grid()).unwrap();
        assert_eq!(r.factor, 720);
        assert_eq!(r.placements(), 1);
        // The first unit with all six cells empty: row 1, digits 1 to 6 in order.
        let expected: Vec<(usize, u8)> = (0..6).map(|c| (c, c as u8 + 1)).collect();
        assert_eq!(all_placements(&r), vec![expected]);
    }

    #[test]
    fn unused_digits_take_every_choice_of_cells_in_increasing_order() {
        let rules = Rules::classic();
        // Digits 1 to 7 given in the first row: 8 and 9 unused, the row's last two cells.
        // Row 2 (one given) has 8 empty cells; the first row has 2.
        let mut puzzle = rules.empty_grid();
        for c in 0..7 {
            puzzle.set(0, c, c as u8 + 1);
        }
        puzzle.set(1, 8, 1);
        let r = Relabelling::of(&rules, &puzzle).unwrap();
        assert_eq!(r.factor, 2);
        assert_eq!(all_placements(&r), vec![vec![(7, 8), (8, 9)]]);

        // Three unused digits among the four empty cells of the first row: C(4, 3) = 4
        // placements (box 1 and column 1, with two givens each, have more empty cells).
        let mut puzzle = rules.empty_grid();
        for (c, d) in [(0, 1), (2, 2), (4, 3), (6, 4), (8, 5), (9, 6)] {
            puzzle.set(c / 9, c % 9, d);
        }
        let r = Relabelling::of(&rules, &puzzle).unwrap();
        assert_eq!(r.factor, 6);
        let placements = all_placements(&r);
        assert_eq!(r.placements(), 4);
        assert_eq!(placements.len(), 4);
        let distinct: std::collections::HashSet<_> = placements.iter().collect();
        assert_eq!(distinct.len(), 4);
        for givens in &placements {
            let digits: Vec<u8> = givens.iter().map(|&(_, d)| d).collect();
            assert_eq!(digits, [7, 8, 9]);
            assert!(givens.windows(2).all(|w| w[0].0 < w[1].0));
            assert!(givens.iter().all(|&(p, _)| [1, 3, 5, 7].contains(&p)));
        }
    }

    #[test]
    fn rules_that_look_at_digits_or_puzzles_using_them_all_but_one_are_left_alone() {
        let rules = Rules::classic();
        let mut puzzle = rules.empty_grid();
        for c in 0..8 {
            puzzle.set(0, c, c as u8 + 1);
        }
        assert_eq!(Relabelling::of(&rules, &puzzle), None);
        let non_consecutive =
            Rules::new(Spec::new(4).with(|c| c.kropki.non_consecutive = true)).unwrap();
        assert_eq!(
            Relabelling::of(&non_consecutive, &non_consecutive.empty_grid()),
            None
        );
        let anti_king = Rules::new(Spec::new(4).with(|c| c.chess.anti_king = true)).unwrap();
        assert!(Relabelling::of(&anti_king, &anti_king.empty_grid()).is_some());
    }

    #[test]
    fn too_many_placements_are_not_split() {
        // 16x16, one given per row, column and box, digits 1 and 2: 14 unused digits, and
        // every row, column and box has 15 empty cells: C(15, 14) = 15 puzzles.
        let rules = Rules::with_boxes(4, 4).unwrap();
        let mut puzzle = rules.empty_grid();
        for r in 0..16 {
            puzzle.set(r, (r * 5) % 16, 1 + (r % 2) as u8);
        }
        rules.check_givens(&puzzle).unwrap();
        let r = Relabelling::of(&rules, &puzzle).unwrap();
        assert_eq!((r.factor, r.placements()), ((2..=14).product(), 15));
        assert_eq!(all_placements(&r).len(), 15);
        // 25x25, five givens in different rows, columns and boxes, digits 1 to 5: 20 unused
        // digits among at least 24 empty cells, C(24, 20) = 10,626 puzzles: too many.
        let rules = Rules::with_boxes(5, 5).unwrap();
        let mut puzzle = rules.empty_grid();
        for k in 0..5 {
            puzzle.set(k * 6, k * 6, k as u8 + 1);
        }
        rules.check_givens(&puzzle).unwrap();
        assert_eq!(Relabelling::of(&rules, &puzzle), None);
    }
}
