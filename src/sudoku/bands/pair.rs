//! The last two bands at once: the sum, over the ways the next band takes its digits out of
//! each stack, of the bands that fit those column sets times the bands that fit the rest,
//! worked out from each stack's row maps instead of fitting `2 * 56^3` bands one by one (9x9).
//!
//! A band is filled when every column's digits are given rows (one each) so that each digit
//! sits in a different row in each stack ([`super::fill`]). The rows a stack gives its digits,
//! over all its columns, are its *row map*: `r` masks of digits, one per row, packed `n` bits
//! each into a `u64`. A band's fillings are the tuples of one row map per stack whose rows are
//! disjoint (each digit once per row): all stacks but the last are chosen, and the last
//! stack's map is then the complement, looked up among the maps its choices have. Row maps of
//! the first stack keep its first column's digits in rows `0, 1, ...` (the fillings are
//! counted up to the `r!` orders of the rows, then multiplied).
//!
//! For each choice of the first stack, [`Pair::row`] counts the bands of every choice of the
//! other stacks at once, for the next band and for the one below it, and adds their products.
//! Exact: the same sum as fitting every band ([`super::fill::bands`]), compared in the tests.

use super::shape::Shape;

/// Most rows per band (= stacks) handled here; taller bands are fitted one by one.
pub const MAX_ROWS: usize = 3;
/// Most bits of a last stack's row map looked up in a table (rows `0..r - 1`, `n` bits each).
const MAX_KEY_BITS: usize = 20;
/// Most row maps of one stack's choice: `(r!)^c`.
const MAX_MAPS: usize = 4096;
/// Most combinations of the other stacks' choices counted at once for one first-stack choice.
const MAX_ROW: usize = 1 << 22;

/// The row maps of one band's stacks, for every choice of each stack, and a table of the last
/// stack's maps.
///
/// Invariants: `maps[s][x]` are the packed row maps of choice `x` of stack `s` for `s < r - 1`
/// (stack 0: first column in order); `last_start[key]..last_start[key + 1]` indexes
/// `last_choices`, the choices of the last stack one of whose maps has rows `0..r - 1` equal to
/// `key` (a choice once per such map).
struct Band {
    maps: Vec<Vec<Vec<u64>>>,
    last_start: Vec<u32>,
    last_choices: Vec<u32>,
}

/// The two last bands below one state, ready to be counted choice by choice of the first
/// stack.
pub struct Pair {
    r: usize,
    n: usize,
    /// Choices of each stack.
    sizes: Vec<usize>,
    /// Every digit in every row, packed.
    full: u64,
    /// The next band (column sets = the choices) and the one below (the rest of the state).
    bands: [Band; 2],
}

/// Result of counting one choice of the first stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// Grids: the sum over the other stacks' choices of the products of the two bands.
    pub grids: u128,
    /// Bands fitted as [`super::fill::bands`] one by one would: one per choice of the other
    /// stacks, and one more where the next band fits.
    pub nodes: u64,
}

impl Pair {
    /// The two bands below `state` (each column's set of `2r` digits) when the stacks'
    /// choices are `choices` (as [`super::split::stack_splits`] gives them, `c` masks each),
    /// or `None` when the shape is beyond what this handles (too many rows per band, or too
    /// many maps or combinations): then bands are fitted one by one.
    pub fn new(shape: &Shape, state: &[u32], choices: &[Vec<u32>]) -> Option<Pair> {
        let (r, c, n) = (shape.rows, shape.cols, shape.size());
        let fact = (1..=r).product::<usize>();
        if r > MAX_ROWS || (r - 1) * n > MAX_KEY_BITS || fact.checked_pow(c as u32)? > MAX_MAPS {
            return None;
        }
        let sizes: Vec<usize> = choices.iter().map(|x| x.len() / c).collect();
        let row_size = sizes[1..]
            .iter()
            .try_fold(1usize, |acc, &m| acc.checked_mul(m))?;
        if row_size > MAX_ROW {
            return None;
        }
        let perms = permutations(r);
        let band = |below: bool| -> Band {
            let sets = |s: usize, x: usize| -> Vec<u32> {
                let chosen = &choices[s][x * c..(x + 1) * c];
                if below {
                    let stack = &state[s * c..(s + 1) * c];
                    chosen.iter().zip(stack).map(|(&a, &b)| a ^ b).collect()
                } else {
                    chosen.to_vec()
                }
            };
            let maps = (0..r - 1)
                .map(|s| {
                    (0..sizes[s])
                        .map(|x| row_maps(n, &sets(s, x), s == 0, &perms))
                        .collect()
                })
                .collect();
            let key_bits = (r - 1) * n;
            let mut last_start = vec![0u32; (1 << key_bits) + 1];
            let mut keyed: Vec<(u32, u32)> = Vec::new();
            for x in 0..sizes[r - 1] {
                for map in row_maps(n, &sets(r - 1, x), false, &perms) {
                    let key = (map & ((1u64 << key_bits) - 1)) as u32;
                    keyed.push((key, x as u32));
                    last_start[key as usize + 1] += 1;
                }
            }
            for k in 1..last_start.len() {
                last_start[k] += last_start[k - 1];
            }
            let mut last_choices = vec![0u32; keyed.len()];
            let mut at = last_start.clone();
            for (key, x) in keyed {
                last_choices[at[key as usize] as usize] = x;
                at[key as usize] += 1;
            }
            Band {
                maps,
                last_start,
                last_choices,
            }
        };
        let full = (0..r).fold(0u64, |m, i| m | (((1u64 << n) - 1) << (i * n)));
        let bands = [band(false), band(true)];
        Some(Pair {
            r,
            n,
            sizes,
            full,
            bands,
        })
    }

    /// Choices of the first stack.
    pub fn choices(&self) -> usize {
        self.sizes[0]
    }

    /// The grids whose first stack takes choice `x`.
    pub fn row(&self, x: usize) -> Row {
        let size: usize = self.sizes[1..].iter().product();
        let fact = (2..=self.r as u64).product::<u64>();
        let mut counts = [vec![0u64; size], vec![0u64; size]];
        for (band, tally) in self.bands.iter().zip(counts.iter_mut()) {
            for &map in &band.maps[0][x] {
                self.middle(band, 1, map, 0, tally);
            }
        }
        let [next, below] = counts;
        let mut grids = 0u128;
        let mut fitted = 0u64;
        for (&a, &b) in next.iter().zip(&below) {
            if a != 0 {
                fitted += 1;
                grids += u128::from(a * fact) * u128::from(b * fact);
            }
        }
        Row {
            grids,
            nodes: size as u64 + fitted,
        }
    }

    /// Adds the fillings of `band` whose stacks before `s` have the maps joined in `used`
    /// and the choices numbered `index` (mixed radix over stacks `1..s`).
    fn middle(&self, band: &Band, s: usize, used: u64, index: usize, tally: &mut [u64]) {
        if s == self.r - 1 {
            let key = ((self.full ^ used) & ((1u64 << ((self.r - 1) * self.n)) - 1)) as usize;
            let base = index * self.sizes[s];
            let (from, to) = (band.last_start[key], band.last_start[key + 1]);
            for &x in &band.last_choices[from as usize..to as usize] {
                tally[base + x as usize] += 1;
            }
            return;
        }
        for (x, maps) in band.maps[s].iter().enumerate() {
            let next = index * self.sizes[s] + x;
            for &map in maps {
                if map & used == 0 {
                    self.middle(band, s + 1, used | map, next, tally);
                }
            }
        }
    }
}

/// The row maps of a stack whose columns hold the digit sets `cols` (`r` digits each): every
/// way to give each column's digits different rows, packed (row `i`'s digits at bits
/// `i * n..`); with `first_in_order`, only those with the first column's digits in rows
/// `0, 1, ...` in increasing order.
fn row_maps(n: usize, cols: &[u32], first_in_order: bool, perms: &[Vec<usize>]) -> Vec<u64> {
    let mut out = vec![0u64];
    for (j, &set) in cols.iter().enumerate() {
        let digits: Vec<usize> = (0..n).filter(|d| set >> d & 1 == 1).collect();
        let ways: Vec<u64> = perms
            .iter()
            .take(if j == 0 && first_in_order {
                1
            } else {
                perms.len()
            })
            .map(|p| {
                digits
                    .iter()
                    .zip(p)
                    .fold(0u64, |m, (&d, &row)| m | 1u64 << (row * n + d))
            })
            .collect();
        out = out
            .iter()
            .flat_map(|&m| ways.iter().map(move |&w| m | w))
            .collect();
    }
    out
}

/// The permutations of `0..r`, the identity first.
fn permutations(r: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for k in 0..r {
        out = out
            .into_iter()
            .flat_map(|p: Vec<usize>| {
                (0..=k).rev().map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, k);
                    q
                })
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::fill::bands;
    use super::super::split::stack_splits;
    use super::*;

    /// The sum fitted band by band, with the nodes the old way counted.
    fn one_by_one(shape: &Shape, state: &[u32], choices: &[Vec<u32>], x: usize) -> Row {
        let c = shape.cols;
        let mut row = Row { grids: 0, nodes: 0 };
        let mut index = vec![0usize; choices.len()];
        index[0] = x;
        loop {
            let band: Vec<u32> = (0..choices.len())
                .flat_map(|s| choices[s][index[s] * c..(index[s] + 1) * c].to_vec())
                .collect();
            row.nodes += 1;
            let fitted = bands(shape, &band);
            if fitted != 0 {
                row.nodes += 1;
                let rest: Vec<u32> = state.iter().zip(&band).map(|(&a, &b)| a ^ b).collect();
                row.grids += u128::from(fitted) * u128::from(bands(shape, &rest));
            }
            // The next combination of stacks 1.. (the first stays at x).
            let mut s = choices.len() - 1;
            loop {
                if s == 0 {
                    return row;
                }
                index[s] += 1;
                if index[s] < choices[s].len() / c {
                    break;
                }
                index[s] = 0;
                s -= 1;
            }
        }
    }

    /// A state below a random band: each column needs all digits but those of a band built
    /// from random rows of a shuffled solution-like pattern.
    fn states(shape: &Shape, seed: u64) -> Vec<u32> {
        let (r, c, n) = (shape.rows, shape.cols, shape.size());
        // The pattern grid: cell (i, j) holds (c * (i % r) + i / r + j) % n; its bands are
        // valid, and relabelling digits and permuting columns within stacks keeps them so.
        let mut rng = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = |m: usize| {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((rng >> 33) % m as u64) as usize
        };
        let mut label: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            label.swap(i, next(i + 1));
        }
        let mut order: Vec<usize> = (0..n).collect();
        for s in 0..r {
            for i in (1..c).rev() {
                order.swap(s * c + i, s * c + next(i + 1));
            }
        }
        let band = next(c);
        let all = (1u32 << n) - 1;
        (0..n)
            .map(|j| {
                let used = (band * r..band * r + r).fold(0u32, |m, i| {
                    m | 1 << label[(c * (i % r) + i / r + order[j]) % n]
                });
                all & !used
            })
            .collect()
    }

    #[test]
    fn the_two_bands_at_once_are_the_bands_fitted_one_by_one() {
        // Shapes of three bands, so that a state below one band leaves two.
        for (rows, cols, seeds) in [(2, 3, 8), (3, 3, 3)] {
            let shape = Shape { rows, cols };
            for seed in 0..seeds {
                let state = states(&shape, seed);
                let choices: Vec<Vec<u32>> = state
                    .chunks(cols)
                    .map(|stack| stack_splits(rows, stack))
                    .collect();
                let pair = Pair::new(&shape, &state, &choices).expect("a shape handled");
                // 9x9: a few choices of the first stack (each fits 2 * 56^2 bands one by one).
                let step = if rows == 3 { 19 } else { 1 };
                let mut grids = 0;
                for x in (0..pair.choices()).step_by(step) {
                    let fast = pair.row(x);
                    assert_eq!(
                        fast,
                        one_by_one(&shape, &state, &choices, x),
                        "{rows}x{cols} {seed} {x}"
                    );
                    grids += fast.grids;
                }
                assert!(grids > 0, "{rows}x{cols} {seed}");
            }
        }
    }

    #[test]
    fn tall_bands_are_left_to_the_fit_one_by_one() {
        let shape = Shape { rows: 4, cols: 2 };
        let state = vec![0xff; 8];
        assert!(Pair::new(&shape, &state, &vec![vec![0; 2]; 4]).is_none());
    }

    #[test]
    fn permutations_start_with_the_identity() {
        let p = permutations(3);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![0, 1, 2]);
    }
}
