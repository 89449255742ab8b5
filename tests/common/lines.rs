//! Random line constraints (thermometers, whispers, renban, ...) cut from a solution: random
//! king-step paths whose digits in the solution keep the rule, written here from each rule's
//! meaning.

use sudokux::sudoku::rules::lines::line::{Line, Lines};
use sudokux::sudoku::{Cell, Grid, Rules, Spec};

use super::{engine_solution, Rng};

/// Number of line families [`instance`] makes.
pub const FAMILIES: usize = 10;

/// The line families by name (their field and key), in the order of the numbers here.
pub const NAMES: [&str; FAMILIES] = [
    "thermometer",
    "slowthermometer",
    "whispers",
    "nabner",
    "palindrome",
    "renban",
    "entropicline",
    "modularline",
    "betweenline",
    "lockout",
];

/// Whether the digits of a line keep family `family`'s rule (on an `n`-digit grid, whispers
/// with `value`).
pub fn keeps(family: usize, n: usize, value: u32, ds: &[u8]) -> bool {
    let len = ds.len();
    let mut pairs = (0..len).flat_map(|i| (i + 1..len).map(move |j| (i, j)));
    let third = |d: u8| {
        let (q, r) = (n / 3, n % 3);
        let low = if r == 2 { q + 1 } else { q };
        let middle = if r == 1 { q + 1 } else { q };
        let d = usize::from(d);
        usize::from(d > low) + usize::from(d > low + middle)
    };
    let (lo, hi) = (ds[0].min(ds[len - 1]), ds[0].max(ds[len - 1]));
    let inner = &ds[1..len - 1];
    match family {
        0 => ds.windows(2).all(|w| w[0] < w[1]),
        1 => ds.windows(2).all(|w| w[0] <= w[1]),
        2 => ds
            .windows(2)
            .all(|w| u32::from(w[0].abs_diff(w[1])) >= value),
        3 => pairs.all(|(i, j)| ds[i].abs_diff(ds[j]) >= 2),
        4 => (0..len).all(|i| ds[i] == ds[len - 1 - i]),
        5 => {
            pairs.all(|(i, j)| ds[i] != ds[j])
                && usize::from(ds.iter().max().unwrap() - ds.iter().min().unwrap()) == len - 1
        }
        6 => pairs.all(|(i, j)| (third(ds[i]) == third(ds[j])) == ((j - i) % 3 == 0)),
        7 => pairs.all(|(i, j)| (ds[i] % 3 == ds[j] % 3) == ((j - i) % 3 == 0)),
        8 => len == 2 || inner.iter().all(|&e| lo < e && e < hi),
        _ => usize::from(hi - lo) >= n / 2 && inner.iter().all(|&e| e < lo || e > hi),
    }
}

/// A random path of `len` cells by king steps, avoiding `used`.
fn path(n: usize, len: usize, used: &[bool], rng: &mut Rng) -> Option<Vec<usize>> {
    let mut p = rng.below(n * n);
    if used[p] {
        return None;
    }
    let mut cells = vec![p];
    while cells.len() < len {
        let (r, c) = ((p / n) as isize, (p % n) as isize);
        let next: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .filter(|&(dr, dc)| (dr, dc) != (0, 0))
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0 && r < n as isize && c < n as isize)
            .map(|(r, c)| r as usize * n + c as usize)
            .filter(|q| !used[*q] && !cells.contains(q))
            .collect();
        if next.is_empty() {
            return None;
        }
        p = next[rng.below(next.len())];
        cells.push(p);
    }
    Some(cells)
}

/// Up to `count` lines of family `family` that `solution` keeps.
pub fn lines(family: usize, solution: &Grid, count: usize, rng: &mut Rng) -> Vec<Line> {
    let n = solution.rows();
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..400 {
        if out.len() >= count {
            break;
        }
        let len = 2 + rng.below(n - 1);
        let value = if rng.below(2) == 0 {
            None
        } else {
            Some(1 + rng.below(n / 2) as u32)
        };
        let Some(cells) = path(n, len, &used, rng) else {
            continue;
        };
        let ds: Vec<u8> = cells.iter().map(|&p| solution.cells()[p]).collect();
        let effective = value.unwrap_or(n.div_ceil(2) as u32);
        if !keeps(family, n, effective, &ds) {
            continue;
        }
        for &p in &cells {
            used[p] = true;
        }
        let cells: Vec<Cell> = cells.iter().map(|&p| Cell::from_index(p, n)).collect();
        out.push(Line {
            cells,
            value: value.filter(|_| takes_value(family)),
        });
    }
    out
}

/// Whether family `family` takes a value.
pub fn takes_value(family: usize) -> bool {
    family == 2
}

/// `base` with `lines` as family `family`.
pub fn with_lines(base: Spec, family: usize, lines: Vec<Line>) -> Spec {
    base.with(|c| match family {
        0 => c.thermometer = Lines::from_lines(lines),
        1 => c.slowthermometer = Lines::from_lines(lines),
        2 => c.whispers = Lines::from_lines(lines),
        3 => c.nabner = Lines::from_lines(lines),
        4 => c.palindrome = Lines::from_lines(lines),
        5 => c.renban = Lines::from_lines(lines),
        6 => c.entropicline = Lines::from_lines(lines),
        7 => c.modularline = Lines::from_lines(lines),
        8 => c.betweenline = Lines::from_lines(lines),
        _ => c.lockout = Lines::from_lines(lines),
    })
}

/// A random instance of line family `family` (its number in [`NAMES`]) on `base`: its rules
/// and a solution, if one was found.
pub fn instance(base: Spec, family: usize, rng: &mut Rng, seed: u64) -> (Rules, Option<Grid>) {
    let plain = Rules::new(base.clone()).unwrap();
    let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
    let count = 1 + rng.below(4);
    let lines = lines(family, &solution, count, rng);
    let rules = Rules::new(with_lines(base, family, lines)).unwrap();
    (rules, Some(solution))
}
