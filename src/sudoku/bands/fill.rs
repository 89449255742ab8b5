//! The bands that fit given column sets: in how many ways `r` rows of a band can be filled when
//! the digits of every column are known (as a set) and the rows are not.
//!
//! A band of a grid with `r x c` boxes has `r` rows and `r` stacks of `c` columns. Its rows
//! hold every digit once and its boxes hold every digit once, so a digit sits once in each
//! stack, in a different row each time; a column holds the `r` digits of its set, one per row.
//! Filling the band is therefore giving every (digit, stack) a row such that the rows of a
//! digit differ across the stacks and the rows of a column's digits differ. Permuting the
//! rows maps fillings to fillings, `r!` of them to each other, so the first column's digits
//! are put in rows 0, 1, ... in increasing order and the count multiplied by `r!`; in the last
//! stack each digit has one row left, and the fill is complete when those rows differ along
//! every column.

use super::shape::Shape;

/// Most digits the band count handles (the column sets are `u32` masks).
pub const MAX_DIGITS: usize = 16;

/// Fillings of one band whose columns hold the digit sets `cols` (masks, bit `d` for digit
/// `d`, `r` digits each; stacks of `c` consecutive columns). Zero when no filling exists, in
/// particular when a stack's sets are not a partition of the digits (its box could not hold
/// them all).
///
/// # Complexity
///
/// A search over the columns of every stack but the last, each column's digits matched to
/// the rows they have not used yet: for 3x3 boxes at most `(3!)^5` leaves, in practice a few
/// hundred nodes.
pub fn bands(shape: &Shape, cols: &[u32]) -> u64 {
    let (r, n) = (shape.rows, shape.size());
    debug_assert_eq!(cols.len(), n);
    let mut digits = [[0u8; MAX_DIGITS]; MAX_DIGITS];
    for (j, &set) in cols.iter().enumerate() {
        if set.count_ones() as usize != r {
            return 0;
        }
        let mut rest = set;
        for slot in digits[j].iter_mut().take(r) {
            *slot = rest.trailing_zeros() as u8;
            rest &= rest - 1;
        }
    }
    // A stack of c sets of r digits covers all n digits only when the sets are disjoint.
    let all = (1u32 << n) - 1;
    if cols
        .chunks(shape.cols)
        .any(|stack| stack.iter().fold(0, |m, &s| m | s) != all)
    {
        return 0;
    }
    let mut used = [0u32; MAX_DIGITS];
    for (row, &d) in digits[0][..r].iter().enumerate() {
        used[d as usize] = 1 << row;
    }
    let search = Search {
        r,
        full: (1u32 << r) - 1,
        last_stack: n - shape.cols,
        n,
        digits: &digits,
    };
    let fixed = (2..=r as u64).product::<u64>();
    search.column(1, &mut used) * fixed
}

/// The search of [`bands`]: the digits of each column, by column.
struct Search<'a> {
    r: usize,
    /// All rows, as a mask.
    full: u32,
    /// The first column of the last stack.
    last_stack: usize,
    n: usize,
    digits: &'a [[u8; MAX_DIGITS]; MAX_DIGITS],
}

impl Search<'_> {
    /// Fillings from column `j` on, with `used[d]` the rows digit `d` has taken so far.
    fn column(&self, j: usize, used: &mut [u32; MAX_DIGITS]) -> u64 {
        if j == self.last_stack {
            // Each digit has one row left: the column's digits must leave different ones.
            let ok = (self.last_stack..self.n).all(|j| {
                let rows = self.digits[j][..self.r]
                    .iter()
                    .fold(0u32, |acc, &d| acc | (self.full & !used[d as usize]));
                rows == self.full
            });
            return u64::from(ok);
        }
        self.place(j, 0, 0, used)
    }

    /// Rows for the digits of column `j` from its `i`-th on, `taken` the rows already given
    /// to its earlier digits.
    fn place(&self, j: usize, i: usize, taken: u32, used: &mut [u32; MAX_DIGITS]) -> u64 {
        if i == self.r {
            return self.column(j + 1, used);
        }
        let d = self.digits[j][i] as usize;
        let mut free = self.full & !taken & !used[d];
        let mut total = 0;
        while free != 0 {
            let row = free & free.wrapping_neg();
            free ^= row;
            used[d] |= row;
            total += self.place(j, i + 1, taken | row, used);
            used[d] ^= row;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every band of a shape, by brute force over the rows (each row a permutation), tallied
    /// by its column sets.
    fn brute(shape: &Shape) -> std::collections::HashMap<Vec<u32>, u64> {
        let n = shape.size();
        let perms = permutations(n);
        let mut tally = std::collections::HashMap::new();
        let mut rows: Vec<&Vec<u8>> = Vec::new();
        fn go<'p>(
            shape: &Shape,
            perms: &'p [Vec<u8>],
            rows: &mut Vec<&'p Vec<u8>>,
            tally: &mut std::collections::HashMap<Vec<u32>, u64>,
        ) {
            let n = shape.size();
            if rows.len() == shape.rows {
                let cols: Vec<u32> = (0..n)
                    .map(|j| rows.iter().fold(0, |m, row| m | 1 << row[j]))
                    .collect();
                // Boxes: each stack's column sets partition the digits.
                let boxes_ok = (0..shape.rows).all(|s| {
                    cols[s * shape.cols..(s + 1) * shape.cols]
                        .iter()
                        .fold(0u32, |m, &c| m | c)
                        == (1 << n) - 1
                });
                let cols_ok = cols.iter().all(|c| c.count_ones() as usize == shape.rows);
                if boxes_ok && cols_ok {
                    *tally.entry(cols).or_insert(0) += 1;
                }
                return;
            }
            for p in perms {
                // A box holds each digit once: prune rows that repeat one in a box.
                let clash = rows.iter().any(|row| {
                    (0..n).any(|j| {
                        let box_cols =
                            (j / shape.cols) * shape.cols..(j / shape.cols + 1) * shape.cols;
                        box_cols.clone().any(|k| row[k] == p[j])
                    })
                });
                if clash {
                    continue;
                }
                rows.push(p);
                go(shape, perms, rows, tally);
                rows.pop();
            }
        }
        go(shape, &perms, &mut rows, &mut tally);
        tally
    }

    fn permutations(n: usize) -> Vec<Vec<u8>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for at in 0..n {
                let mut q = p.clone();
                q.insert(at, (n - 1) as u8);
                out.push(q);
            }
        }
        out
    }

    #[test]
    fn the_count_of_every_column_set_matches_brute_force() {
        for (r, c) in [(2, 2), (2, 3), (3, 2)] {
            let shape = Shape { rows: r, cols: c };
            let tally = brute(&shape);
            assert!(!tally.is_empty());
            for (cols, &count) in &tally {
                assert_eq!(bands(&shape, cols), count, "{r}x{c} {cols:?}");
            }
            // A set that no band has: a digit twice in one stack.
            let mut bad = tally.keys().next().unwrap().clone();
            bad.swap(0, shape.cols);
            if !tally.contains_key(&bad) {
                assert_eq!(bands(&shape, &bad), 0, "{r}x{c} {bad:?}");
            }
        }
    }
}
