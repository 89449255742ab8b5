//! One state for each class of states that the grid's symmetries map to each other: the
//! canonical form under renaming the digits, permuting the columns within each stack and
//! permuting the stacks.
//!
//! Fix an order of the columns (a permutation of the stacks and of the columns within each).
//! A digit's *signature* is the set of column places that need it; renaming the digits only
//! permutes the signatures, so their sorted list does not depend on the names. The smallest
//! such list over all the orders of the columns depends only on the class, and the state it
//! describes (digit `i` the one of the `i`-th signature) is the class's canonical state.
//!
//! # Complexity
//!
//! At most `r! (c!)^r` orders of the columns (1,296 for 3x3 boxes, 1,152 for 2x4), laid one
//! column at a time and dropped as soon as their first columns sort above the best so far:
//! most are dropped after a few columns.

use super::shape::Shape;

/// Most orders of the columns a canonical form tries; shapes with more are not counted by
/// bands (2x6: over a million).
pub const MAX_ORDERS: usize = 100_000;

/// The canonical forms of one shape's states.
#[derive(Debug, Clone)]
pub struct Canon {
    rows: usize,
    cols: usize,
}

impl Canon {
    /// The canonical forms of `shape`'s states.
    pub fn new(shape: &Shape) -> Canon {
        Canon {
            rows: shape.rows,
            cols: shape.cols,
        }
    }

    /// Orders of the columns a canonical form tries: `r! (c!)^r`.
    pub fn orders(shape: &Shape) -> usize {
        let fact = |k: usize| (1..=k).product::<usize>();
        (0..shape.rows).fold(fact(shape.rows), |acc, _| {
            acc.saturating_mul(fact(shape.cols))
        })
    }

    /// The canonical state of the class of `state` (digit sets by column, stacks of `c`
    /// consecutive columns).
    pub fn of(&self, state: &[u32]) -> Vec<u32> {
        let n = self.rows * self.cols;
        let mut search = Search {
            state,
            cols: self.cols,
            n,
            sig: vec![0u32; n],
            sorted: vec![0u32; n],
            best: vec![u32::MAX; n],
            stack_used: 0,
            col_used: 0,
        };
        search.place(0, 0);
        let best = search.best;
        (0..n)
            .map(|place| {
                let bit = n - 1 - place;
                best.iter()
                    .enumerate()
                    .fold(0u32, |m, (d, &s)| m | (((s >> bit) & 1) << d))
            })
            .collect()
    }
}

/// The search for the smallest sorted list of signatures. Place `p` of the column order is
/// bit `n - 1 - p` of a signature, so that the first places decide the order: once the sorted
/// signatures of the places laid so far exceed the best list's, no order that goes on from
/// them can do better (sorting refines the order of the first bits), and they are dropped.
struct Search<'a> {
    state: &'a [u32],
    cols: usize,
    n: usize,
    /// Signatures of the places laid so far.
    sig: Vec<u32>,
    sorted: Vec<u32>,
    /// The smallest full list found (all ones before the first).
    best: Vec<u32>,
    /// Stacks laid, as a mask; and the columns of the stack being laid.
    stack_used: u32,
    col_used: u32,
}

impl Search<'_> {
    /// Lays place `p` on, the stack being laid `stack` (any, when `p` starts a stack).
    fn place(&mut self, p: usize, stack: usize) {
        if p == self.n {
            // The last comparison (in `lay`) left `sorted` no larger than `best`.
            self.best.copy_from_slice(&self.sorted);
            return;
        }
        let stacks = self.n / self.cols;
        if p % self.cols == 0 {
            for s in 0..stacks {
                if self.stack_used & (1 << s) == 0 {
                    self.stack_used |= 1 << s;
                    let cols = self.col_used;
                    self.col_used = 0;
                    self.column(p, s);
                    self.col_used = cols;
                    self.stack_used ^= 1 << s;
                }
            }
        } else {
            self.column(p, stack);
        }
    }

    /// Lays each column of stack `s` not yet laid at place `p`.
    fn column(&mut self, p: usize, s: usize) {
        let bit = self.n - 1 - p;
        for j in 0..self.cols {
            if self.col_used & (1 << j) != 0 {
                continue;
            }
            let set = self.state[s * self.cols + j];
            for (d, sig) in self.sig.iter_mut().enumerate() {
                *sig |= ((set >> d) & 1) << bit;
            }
            self.sorted.copy_from_slice(&self.sig);
            self.sorted.sort_unstable();
            let shift = bit as u32;
            let worse = self
                .sorted
                .iter()
                .zip(&self.best)
                .map(|(&a, &b)| (a >> shift).cmp(&(b >> shift)))
                .find(|o| o.is_ne())
                .is_some_and(|o| o.is_gt());
            if !worse {
                self.col_used |= 1 << j;
                self.place(p + 1, s);
                self.col_used ^= 1 << j;
            }
            let clear = !(1u32 << bit);
            for sig in &mut self.sig {
                *sig &= clear;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state a 9x9 top band (digits 1 to 9) leaves: each column needs the six digits the
    /// band does not hold there.
    fn state_below(band: &[[u32; 9]; 3]) -> Vec<u32> {
        (0..9)
            .map(|j| 0x1ff & !band.iter().fold(0, |m, row| m | 1 << (row[j] - 1)))
            .collect()
    }

    #[test]
    fn states_of_one_class_have_one_canonical_form() {
        let shape = Shape { rows: 3, cols: 3 };
        let canon = Canon::new(&shape);
        // After the band 123/456/789 in order: each column needs the six other digits.
        let band = [
            [1, 2, 3, 4, 5, 6, 7, 8, 9],
            [4, 5, 6, 7, 8, 9, 1, 2, 3],
            [7, 8, 9, 1, 2, 3, 4, 5, 6],
        ];
        let state = state_below(&band);
        let form = canon.of(&state);
        assert_eq!(canon.of(&form), form);
        // Rename the digits (d -> 8 - d), swap two stacks and two columns of a stack.
        let renamed: Vec<u32> = state
            .iter()
            .map(|&s| (0..9).fold(0, |m, d| m | (((s >> d) & 1) << (8 - d))))
            .collect();
        let mut moved = renamed.clone();
        moved[0..3].copy_from_slice(&renamed[6..9]);
        moved[6..9].copy_from_slice(&renamed[0..3]);
        moved.swap(3, 5);
        assert_eq!(canon.of(&moved), form);
        // A band whose stacks split the digits differently is in another class.
        let mixed = [
            [1, 2, 3, 4, 5, 6, 7, 8, 9],
            [4, 5, 6, 8, 9, 7, 2, 3, 1],
            [7, 8, 9, 1, 2, 3, 5, 6, 4],
        ];
        let other = state_below(&mixed);
        assert_ne!(canon.of(&other), form);
        assert_eq!(Canon::orders(&shape), 1296);
    }
}
