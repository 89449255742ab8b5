//! Cage interaction: the cages of a house reasoned with together, as a killer solver does
//! when one cage's combination would leave another cage of the same row without one.
//!
//! A *house* is a complete unit (a row, column, box, region: as many cells as digits), so its
//! cells hold every digit once. The cages lying wholly inside it each add up to their sum; a
//! cage crossing its edge adds up, over its cells inside, to its sum less what its cells
//! outside can make (different digits from their candidates). A candidate of the house stays
//! only if some filling of the *whole house* (every digit once, from the candidates) meets
//! every one of those sums with it. That is every cage's combinations against the house's
//! digits and the other cages at once: the 45 rule of the house (its innies) is a case of it,
//! and so are "a cage of 17 in row 4 takes the 8 and the 9 from cage 3" and the hidden cages
//! a house's leftover cells make.
//!
//! The walk is the memoised one of `logic/fillings.rs`, with the house's digits used so far
//! and the partial sum of the current cage as its state.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex};

use crate::sudoku::grid::Cell;
use crate::sudoku::logic::fillings::WordHasher;
use crate::sudoku::logic::mask::{bit, digits_of};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;

/// Largest grid the step reasons on: the walk's state holds the digits used (2^n) and a
/// partial sum, which stays small up to 9 digits.
pub(super) const MAX_SIZE: usize = 9;

/// One cage as it meets a house: its cells inside (a run of the house's walk order), its sum,
/// and its cells outside the house (none when it lies wholly inside).
///
/// Invariants: `start < end` index [`House::order`]; the cells `order[start..end]` are the
/// cage's cells inside the house, `outside` the others, and the two make up the cage.
#[derive(Debug, Clone)]
pub(super) struct Part {
    /// The cage, as a person names it (`cage 3`).
    pub(super) name: String,
    /// Where its cells inside the house begin and end in the walk order.
    pub(super) start: usize,
    pub(super) end: usize,
    /// Its cells outside the house.
    pub(super) outside: Vec<usize>,
    /// The cage's sum.
    pub(super) sum: i64,
}

/// A house with the cages that meet it.
///
/// Invariants: `order` holds each cell of the house once, the cages' cells first (each cage's
/// a run, `parts` in order), then the cells of no cage; `cells[i]` names `order[i]`.
#[derive(Debug, Clone)]
pub(super) struct House {
    /// The house, as a person names it (`row 4`).
    pub(super) name: String,
    /// Its cells in the walk's order.
    pub(super) order: Vec<usize>,
    /// Their names.
    pub(super) cells: Vec<Cell>,
    /// The cages that meet it.
    pub(super) parts: Vec<Part>,
    /// What the step read the last time it found nothing: the masks of `order`, then of
    /// every part's `outside` (a position's candidates, or its digit once placed); empty
    /// before. Asked again with the same masks, it finds nothing again (the step reads
    /// nothing else), on any state: clones of a house share it.
    pub(super) found_nothing: Arc<Mutex<Vec<u64>>>,
}

impl House {
    /// The house `name` over `cells` (positions), with the `cages` (name, positions, sum)
    /// that meet it; `None` when no cage meets it, when cages overlap in it (each cell must
    /// count once), or when it is larger than [`MAX_SIZE`].
    pub(super) fn new(
        name: String,
        cells: &[usize],
        cages: &[(String, Vec<usize>, u32)],
        cell: impl Fn(usize) -> Cell,
    ) -> Option<House> {
        if cells.len() > MAX_SIZE {
            return None;
        }
        let mut order = Vec::with_capacity(cells.len());
        let mut parts = Vec::new();
        let inside = |p: &usize| cells.contains(p);
        // Cages wholly inside first (their sums prune the walk soonest), then those crossing.
        let mut meeting: Vec<&(String, Vec<usize>, u32)> = cages
            .iter()
            .filter(|(_, positions, _)| positions.iter().any(inside))
            .collect();
        meeting.sort_by_key(|(_, positions, _)| !positions.iter().all(inside));
        for (cage, positions, sum) in meeting {
            let start = order.len();
            for &p in positions.iter().filter(|p| inside(p)) {
                if order.contains(&p) {
                    return None;
                }
                order.push(p);
            }
            parts.push(Part {
                name: cage.clone(),
                start,
                end: order.len(),
                outside: positions.iter().copied().filter(|p| !inside(p)).collect(),
                sum: i64::from(*sum),
            });
        }
        if parts.is_empty() {
            return None;
        }
        let free: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|p| !order.contains(p))
            .collect();
        order.extend(free);
        Some(House {
            name,
            cells: order.iter().map(|&p| cell(p)).collect(),
            order,
            parts,
            found_nothing: Arc::default(),
        })
    }

    /// For each cell of the walk order, the digits of its mask some filling of the house
    /// uses: every digit once, each cage's cells inside adding up to a sum its cells outside
    /// leave them. `mask(p)` is a position's candidates, or its digit once placed.
    fn supported(&self, mask: &impl Fn(usize) -> u64) -> Vec<u64> {
        let masks: Vec<u64> = self.order.iter().map(|&p| mask(p)).collect();
        let mut ends = vec![None; self.order.len()];
        for part in &self.parts {
            // The sums the cells inside may make: the cage's sum less what the cells outside
            // can make (bit s for sum s).
            let outside: Vec<u64> = part.outside.iter().map(|&p| mask(p)).collect();
            let made = sums_of(&outside);
            let mut allowed = 0u64;
            for s in 0..64 {
                let inner = part.sum - s;
                if made >> s & 1 == 1 && (0..64).contains(&inner) {
                    allowed |= 1 << inner;
                }
            }
            ends[part.end - 1] = Some(allowed);
        }
        let starts: Vec<bool> = (0..self.order.len())
            .map(|k| self.parts.iter().any(|part| part.start == k))
            .collect();
        let mut walk = Walk {
            masks: &masks,
            ends: &ends,
            starts: &starts,
            support: vec![0; masks.len()],
            memo: HashMap::default(),
        };
        walk.complete(0, 0, 0);
        walk.support
    }

    /// The step this house gives, if it rules out a candidate: `values` and `candidates` as
    /// the logic keeps them.
    pub(super) fn step(&self, values: &[u8], candidates: &[u64]) -> Option<Step> {
        if self.order.iter().all(|&p| values[p] != 0) {
            return None;
        }
        let mask = |p: usize| {
            if values[p] != 0 {
                bit(values[p])
            } else {
                candidates[p]
            }
        };
        let read: Vec<u64> = self
            .order
            .iter()
            .chain(self.parts.iter().flat_map(|part| &part.outside))
            .map(|&p| mask(p))
            .collect();
        let found_nothing = || {
            let mut known = self.found_nothing.lock().unwrap_or_else(|e| e.into_inner());
            known.clone_from(&read);
        };
        {
            let known = self.found_nothing.lock().unwrap_or_else(|e| e.into_inner());
            if *known == read {
                return None;
            }
        }
        let support = self.supported(&mask);
        if support.contains(&0) {
            // No filling at all: the puzzle is broken here, which other checks report.
            found_nothing();
            return None;
        }
        let eliminations: Vec<(Cell, u8)> = self
            .order
            .iter()
            .zip(&self.cells)
            .zip(&support)
            .filter(|((&p, _), _)| values[p] == 0)
            .flat_map(|((&p, &cell), &keep)| {
                digits_of(candidates[p] & !keep).map(move |d| (cell, d))
            })
            .collect();
        if eliminations.is_empty() {
            found_nothing();
            return None;
        }
        let mut units = vec![self.name.clone()];
        units.extend(self.parts.iter().map(|part| part.name.clone()));
        Some(Step {
            technique: Technique::CageInteraction,
            placements: Vec::new(),
            eliminations,
            units,
            cells: self.cells.clone(),
            digits: Vec::new(),
        })
    }
}

/// The sums (bit `s` for sum `s`, below 64) that cells with these candidate `masks`, all
/// holding different digits, can make.
fn sums_of(masks: &[u64]) -> u64 {
    type Memo = HashMap<(usize, u64), u64, BuildHasherDefault<WordHasher>>;
    fn go(masks: &[u64], used: u64, memo: &mut Memo) -> u64 {
        let Some((&first, rest)) = masks.split_first() else {
            return 1;
        };
        if let Some(&known) = memo.get(&(rest.len(), used)) {
            return known;
        }
        let mut sums = 0u64;
        for d in digits_of(first & !used) {
            sums |= go(rest, used | bit(d), memo) << d;
        }
        memo.insert((rest.len(), used), sums);
        sums
    }
    go(masks, 0, &mut HashMap::default())
}

/// One walk of [`House::supported`], with what it found so far.
struct Walk<'a> {
    /// The candidates of each cell of the walk order.
    masks: &'a [u64],
    /// At the last cell of a cage's run, the partial sums it may end on (bit `s`).
    ends: &'a [Option<u64>],
    /// Whether a cage's run begins at a cell (its partial sum starts from 0).
    starts: &'a [bool],
    support: Vec<u64>,
    memo: HashMap<(usize, u64, i64), bool, BuildHasherDefault<WordHasher>>,
}

impl Walk<'_> {
    /// Whether cells `k..` can be filled, the house's digits `used` taken and the current
    /// cage's cells so far adding up to `sum`; marks the digits of the fillings found.
    fn complete(&mut self, k: usize, sum: i64, used: u64) -> bool {
        if k == self.masks.len() {
            return true;
        }
        let sum = if self.starts[k] { 0 } else { sum };
        if let Some(&known) = self.memo.get(&(k, used, sum)) {
            return known;
        }
        let mut any = false;
        for d in digits_of(self.masks[k] & !used) {
            let next = sum + i64::from(d);
            if let Some(allowed) = self.ends[k] {
                if !(0..64).contains(&next) || allowed >> next & 1 == 0 {
                    continue;
                }
            }
            if self.complete(k + 1, next, used | bit(d)) {
                self.support[k] |= bit(d);
                any = true;
            }
        }
        self.memo.insert((k, used, sum), any);
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row1() -> Vec<usize> {
        (0..9).collect()
    }

    fn cell(p: usize) -> Cell {
        Cell::from_index(p, 9)
    }

    #[test]
    fn sums_of_different_digits() {
        // {1, 2} and {2, 3}, different: 1 + 2, 1 + 3, 2 + 3.
        assert_eq!(sums_of(&[0b11, 0b110]), 1 << 3 | 1 << 4 | 1 << 5);
        assert_eq!(sums_of(&[]), 1);
        assert_eq!(sums_of(&[0b1, 0b1]), 0);
    }

    #[test]
    fn two_cages_in_a_row_take_their_digits_from_each_other() {
        // Row 1: cage 1 = r1c1 + r1c2 = 17 (8 and 9), cage 2 = r1c3 + r1c4 = 13 (4 9, 5 8 or
        // 6 7): only 6 7 fits beside 8 9, and the rest of the row holds 1 to 5.
        let cages = vec![
            ("cage 1".to_string(), vec![0, 1], 17),
            ("cage 2".to_string(), vec![2, 3], 13),
        ];
        let house = House::new("row 1".into(), &row1(), &cages, cell).unwrap();
        let mut candidates = vec![0x1ff; 81];
        let step = house.step(&[0; 81], &candidates).unwrap();
        assert_eq!(step.technique, Technique::CageInteraction);
        let support = house.supported(&|p| candidates[p]);
        assert_eq!(support[0..2], [0b1_1000_0000; 2]);
        assert_eq!(support[2..4], [0b110_0000; 2]);
        // The other cells hold 1 to 5.
        assert!(support[4..].iter().all(|&m| m == 0b1_1111));
        assert_eq!(
            step.to_string(),
            "r1c1 <> 1, 2, 3, 4, 5, 6, 7; r1c2 <> 1, 2, 3, 4, 5, 6, 7; \
             r1c3 <> 1, 2, 3, 4, 5, 8, 9; r1c4 <> 1, 2, 3, 4, 5, 8, 9; \
             r1c5 <> 6, 7, 8, 9; r1c6 <> 6, 7, 8, 9; r1c7 <> 6, 7, 8, 9; \
             r1c8 <> 6, 7, 8, 9; r1c9 <> 6, 7, 8, 9: cage interaction in row 1 (cage 1, cage 2)"
        );
        // Once the row is filled that way, nothing is left to say.
        for (p, d) in [(0, 8), (1, 9), (2, 6), (3, 7)] {
            candidates[p] = bit(d);
        }
        candidates[4..9].fill(0b1_1111);
        assert!(house.step(&[0; 81], &candidates).is_none());
    }

    #[test]
    fn a_cage_crossing_the_house_keeps_what_its_outside_cells_leave() {
        // Cage 1 = r1c1 + r2c1 = 10, with r2c1 in {8, 9}: r1c1 is 1 or 2.
        let cages = vec![("cage 1".to_string(), vec![0, 9], 10)];
        let house = House::new("row 1".into(), &row1(), &cages, cell).unwrap();
        let mut candidates = vec![0x1ff; 81];
        candidates[9] = 0b1_1000_0000;
        let support = house.supported(&|p| candidates[p]);
        assert_eq!(support[0], 0b11);
        assert_eq!(house.parts[0].outside, [9]);
        // No cage meets row 3: no house.
        let row3: Vec<usize> = (18..27).collect();
        assert!(House::new("row 3".into(), &row3, &cages, cell).is_none());
    }

    #[test]
    fn overlapping_cages_make_no_house() {
        let cages = vec![
            ("cage 1".to_string(), vec![0, 1], 3),
            ("cage 2".to_string(), vec![1, 2], 3),
        ];
        assert!(House::new("row 1".into(), &row1(), &cages, cell).is_none());
    }
}
