//! Random sum lines cut from a solution of the plain rules (zipper lines, region-sum lines),
//! written here from each rule's meaning.

use sudokux::sudoku::rules::lines::line::Line;
use sudokux::sudoku::{Cell, Grid, Rules, Spec};

use super::{engine_solution, Rng};

/// A solution of `base`'s plain rules.
fn plain_solution(base: &Spec, seed: u64) -> Grid {
    let plain = Rules::new(base.clone()).unwrap();
    engine_solution(&plain, seed).expect("plain grids have solutions")
}

/// Zipper lines that `solution` keeps: mirrored pairs of random cells with one sum, around a
/// middle cell holding that sum (odd lines) or around the line's middle (even lines).
pub fn zipper_lines(solution: &Grid, rng: &mut Rng) -> Vec<Line> {
    let n = solution.rows();
    let digit = |p: usize| u32::from(solution.cells()[p]);
    let mut lines = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let mut order: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut order);
        let odd = rng.below(2) == 0;
        let (middle, target, start) = if odd {
            (vec![order[0]], digit(order[0]), 1)
        } else {
            (Vec::new(), digit(order[0]) + digit(order[1]), 0)
        };
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut used: Vec<usize> = middle.clone();
        for &a in &order[start..] {
            if used.contains(&a) || pairs.len() >= 3 {
                continue;
            }
            let partner = order[start..]
                .iter()
                .copied()
                .find(|&b| b != a && !used.contains(&b) && digit(a) + digit(b) == target);
            if let Some(b) = partner {
                used.extend([a, b]);
                pairs.push((a, b));
            }
        }
        if pairs.is_empty() {
            continue;
        }
        let cells: Vec<usize> = pairs
            .iter()
            .map(|&(a, _)| a)
            .chain(middle)
            .chain(pairs.iter().rev().map(|&(_, b)| b))
            .collect();
        lines.push(Line::new(
            cells.iter().map(|&p| Cell::from_index(p, n)).collect(),
        ));
    }
    lines
}

/// A random instance with zipper lines: its rules and a solution.
pub fn zipper(base: Spec, rng: &mut Rng, seed: u64) -> (Rules, Option<Grid>) {
    use sudokux::sudoku::rules::lines::line::Lines;
    let solution = plain_solution(&base, seed);
    let lines = zipper_lines(&solution, rng);
    let spec = base.with(|c| c.zipperline = Lines::from_lines(lines));
    (Rules::new(spec).unwrap(), Some(solution))
}

/// Region-sum lines that `solution` keeps: a first segment of random cells in one box, then
/// segments in other boxes (each different from the one before) with the same sum.
pub fn region_sum_lines(solution: &Grid, shape: (usize, usize), rng: &mut Rng) -> Vec<Line> {
    let n = solution.rows();
    let digit = |p: usize| u32::from(solution.cells()[p]);
    let box_of = |p: usize| (p / n / shape.0) * n + (p % n) / shape.1;
    let cells_of = |b: usize| (0..n * n).filter(move |&p| box_of(p) == b);
    let boxes: Vec<usize> = (0..n * n).map(box_of).collect();
    let mut used = vec![false; n * n];
    let mut lines = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let first = boxes[rng.below(n * n)];
        let mut free: Vec<usize> = cells_of(first).filter(|&p| !used[p]).collect();
        rng.shuffle(&mut free);
        free.truncate(1 + rng.below(3));
        if free.is_empty() {
            continue;
        }
        let target: u32 = free.iter().map(|&p| digit(p)).sum();
        let mut line = free.clone();
        let mut last = first;
        for _ in 0..2 + rng.below(3) {
            let next = boxes[rng.below(n * n)];
            if next == last {
                continue;
            }
            let mut order: Vec<usize> = cells_of(next)
                .filter(|&p| !used[p] && !line.contains(&p))
                .collect();
            rng.shuffle(&mut order);
            let mut segment = Vec::new();
            let mut sum = 0;
            for p in order {
                if sum + digit(p) <= target {
                    sum += digit(p);
                    segment.push(p);
                }
            }
            if sum == target {
                line.extend(segment);
                last = next;
            }
        }
        for &p in &line {
            used[p] = true;
        }
        lines.push(Line::new(
            line.iter().map(|&p| Cell::from_index(p, n)).collect(),
        ));
    }
    lines
}

/// A random instance with region-sum lines: its rules and a solution.
pub fn region_sum(base: Spec, rng: &mut Rng, seed: u64) -> (Rules, Option<Grid>) {
    let solution = plain_solution(&base, seed);
    let shape = base.box_shape.expect("the instances give their boxes");
    let lines = region_sum_lines(&solution, shape, rng);
    let spec = base.with(|c| c.regionsumline.lines = lines);
    (Rules::new(spec).unwrap(), Some(solution))
}
