//! What the files of line kinds use beside the shape ([`line`](super::line)): the placed
//! digits of a line, and random lines that keep a kind's rule (the usual
//! [`LineKind::random`]).

use crate::sudoku::rules::lines::line::{Line, LineKind};
use crate::sudoku::rules::sample::Sample;

/// The placed digits of a line with their indices.
pub(crate) fn placed(digits: &[u8]) -> impl Iterator<Item = (usize, u8)> + Clone + '_ {
    digits.iter().copied().enumerate().filter(|&(_, d)| d != 0)
}

/// Up to four lines of kind `K` on paths of king steps through cells no other line uses,
/// whose digits in `sample`'s solution keep the rule ([`LineKind::consistent`]), with a
/// random number at times where the kind takes one.
pub(crate) fn kept_paths<K: LineKind>(sample: &mut Sample<'_>) -> Vec<Line> {
    let n = sample.size();
    let count = 1 + sample.below(4);
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..400 {
        if out.len() >= count {
            break;
        }
        let len = K::MIN_CELLS.max(2) + sample.below(n - 1);
        let value = (K::VALUE && sample.one_in(2)).then(|| 1 + sample.below(n / 2) as u32);
        let Some(cells) = path(sample, len, &used) else {
            continue;
        };
        let digits: Vec<u8> = cells.iter().map(|&p| sample.digit(p) as u8).collect();
        let effective = value.unwrap_or_else(|| K::default_value(n, K::FPUZZLES_KEYS[0]));
        if K::check(n, len, effective).is_err() || K::consistent(n, effective, &digits).is_err() {
            continue;
        }
        for &p in &cells {
            used[p] = true;
        }
        let cells = cells.into_iter().map(|p| sample.cell(p)).collect();
        out.push(Line { cells, value });
    }
    out
}

/// A random path of `len` cells by king steps, avoiding `used`.
fn path(sample: &mut Sample<'_>, len: usize, used: &[bool]) -> Option<Vec<usize>> {
    let n = sample.size();
    let mut p = sample.position();
    if used[p] {
        return None;
    }
    let mut cells = vec![p];
    while cells.len() < len {
        let (r, c) = ((p / n) as isize, (p % n) as isize);
        let next: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(|&(r2, c2)| (r2, c2) != (r, c))
            .filter(|&(r2, c2)| r2 >= 0 && c2 >= 0 && r2 < n as isize && c2 < n as isize)
            .map(|(r2, c2)| r2 as usize * n + c2 as usize)
            .filter(|q| !used[*q] && !cells.contains(q))
            .collect();
        if next.is_empty() {
            return None;
        }
        p = next[sample.below(next.len())];
        cells.push(p);
    }
    Some(cells)
}
