//! What the search knows at its root: the candidates left after the reductions it makes there
//! (item domination and the promised sums, relations and automata), before any move. A
//! diagnostic (`examples/roots.rs`): set beside another solver's root, a candidate it removes
//! and this keeps names a deduction the search lacks.

use crate::sudoku::grid::Grid;
use crate::sudoku::rules::PuzzleError;

use super::Solver;

impl Solver {
    /// The candidates left at the root of the search, after the reductions the search makes
    /// there and before any move, forced or chosen: per position of the area, the digits
    /// left as a mask (bit `d - 1` for digit `d`; a given's digit for a given, 0 outside the
    /// grid). `None` when the givens contradict each other or the root is a dead end.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules.
    pub fn root_candidates(&mut self, puzzle: &Grid) -> Result<Option<Vec<u64>>, PuzzleError> {
        let area = self.rules.geometry().rows() * self.rules.geometry().cols();
        let Some((dlx, numbering)) = self.prepared(puzzle, None)? else {
            return Ok(None);
        };
        let mut search = dlx.search();
        search.split_at(0);
        let left = search
            .next_solution()
            .is_some()
            .then(|| search.options_left());
        drop(search);
        dlx.reset();
        Ok(left.map(|left| {
            let mut masks = vec![0u64; area];
            for option in left {
                if let Some((p, d)) = numbering.cell_digit(option) {
                    masks[p] |= 1 << (d - 1);
                }
            }
            masks
        }))
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::file::from_toml;
    use crate::sudoku::{Engine, Solver};

    #[test]
    fn the_root_of_a_little_killer_keeps_only_what_its_sum_allows() {
        // A little killer of 6 along the three cells r1c3, r2c2, r3c1 (one box): 1, 2 and 3
        // in some order; an empty classic grid keeps every digit everywhere.
        let text =
            "size = 9\n\n[[littlekillersum]]\ncell = \"r0c4\"\ndirection = \"DL\"\nvalue = 6\n";
        let file = from_toml(text).unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let masks = solver.root_candidates(&file.givens).unwrap().unwrap();
        for p in [2, 10, 18] {
            assert_eq!(masks[p], 0b111, "position {p}");
        }
        // Their box's other cells lose 1, 2 and 3 (held by the diagonal), the rest of the
        // grid keeps every digit.
        assert_eq!(masks[0], 0b1_1111_1000);
        assert_eq!(masks[80], 0b1_1111_1111);
        let mut plain = Solver::new(crate::sudoku::rules::Rules::classic());
        let empty = plain.root_candidates(&file.givens).unwrap().unwrap();
        assert!(empty.iter().all(|&m| m == 0b1_1111_1111));
        // The matrix is left as found: the puzzle still counts.
        assert!(solver.count(&file.givens, Some(2)).unwrap().count >= 1);
    }
}
