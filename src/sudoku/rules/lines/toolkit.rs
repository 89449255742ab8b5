//! What the shape of lines ([`line`](super::line)) and the files of line kinds share below
//! it: a line itself ([`Line`]), the placed digits along one, and random lines that keep a
//! rule (what [`LineKind::random`](super::line::LineKind::random) makes by default).

use crate::sudoku::grid::Cell;
use crate::sudoku::rules::sample::Sample;

/// One line: its cells in order (a thermometer's bulb first), and its number where the kind
/// takes one (a whisper's least difference).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The cells, in order along the line.
    pub cells: Vec<Cell>,
    /// The kind's number, if given (`None`: the kind's default).
    pub value: Option<u32>,
}

impl Line {
    /// A line without a number.
    pub fn new(cells: Vec<Cell>) -> Line {
        Line { cells, value: None }
    }
}

/// The placed digits of a line with their indices.
pub(crate) fn placed(digits: &[u8]) -> impl Iterator<Item = (usize, u8)> + Clone + '_ {
    digits.iter().copied().enumerate().filter(|&(_, d)| d != 0)
}

/// Up to four lines on paths of king steps (each cell a neighbour of the one before, as a
/// puzzle file's lines must be) through cells no other line uses, of at least `min_cells`
/// (and 2) cells, with a random number at times when `takes_value`, that `keeps` takes: it
/// is given a path's positions, their digits in `sample`'s solution and the number. Every
/// family whose instances are drawn as paths makes them here: the line kinds (by default,
/// [`LineKind::random`](super::line::LineKind::random)), region-sum lines, arrows.
pub(crate) fn kept_paths(
    sample: &mut Sample<'_>,
    min_cells: usize,
    takes_value: bool,
    keeps: impl Fn(&[usize], &[u8], Option<u32>) -> bool,
) -> Vec<Line> {
    let n = sample.size();
    let count = 1 + sample.below(4);
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..400 {
        if out.len() >= count {
            break;
        }
        let len = min_cells.max(2) + sample.below(n - 1);
        let value = (takes_value && sample.one_in(2)).then(|| 1 + sample.below(n / 2) as u32);
        let Some(cells) = path(sample, len, &used) else {
            continue;
        };
        let digits: Vec<u8> = cells.iter().map(|&p| sample.digit(p) as u8).collect();
        if !keeps(&cells, &digits, value) {
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
