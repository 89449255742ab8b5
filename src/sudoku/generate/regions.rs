//! Random jigsaw regions: the boxes, stirred by trades along their borders.

use crate::sudoku::rules::default_box;

use super::rng::Rng;

/// Labels of random jigsaw regions, one per region.
pub(super) const REGION_LABELS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&";

/// Orthogonal neighbours of position `p` in an area `cols` wide and `rows` high.
pub(super) fn neighbours(p: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / cols, p % cols);
    [
        (r > 0).then(|| p - cols),
        (r + 1 < rows).then(|| p + cols),
        (c > 0).then(|| p - 1),
        (c + 1 < cols).then(|| p + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random jigsaw regions for an `n`x`n` grid: `n` connected regions of `n` cells each. They
/// start as the boxes and are stirred by random trades along their borders: a cell of one
/// region passes to a neighbouring region, which gives back one of its cells that touches the
/// first, and the trade stands only when both regions stay connected. Every state is a valid
/// set of regions, so this always succeeds.
///
/// # Complexity
///
/// `10 n^2` trades, each checked in `O(n^2)`.
pub fn random_regions(n: usize, rng: &mut Rng) -> Vec<char> {
    let labels: Vec<char> = REGION_LABELS.chars().collect();
    let (box_rows, box_cols) = default_box(n);
    let stacks = n / box_cols;
    let mut region: Vec<usize> = (0..n * n)
        .map(|p| (p / n / box_rows) * stacks + (p % n) / box_cols)
        .collect();
    let connected = |region: &[usize], g: usize| {
        let cells: Vec<usize> = (0..n * n).filter(|&p| region[p] == g).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 1;
        while let Some(p) = stack.pop() {
            for q in neighbours(p, n, n) {
                if region[q] == g && !seen[q] {
                    seen[q] = true;
                    reached += 1;
                    stack.push(q);
                }
            }
        }
        reached == cells.len()
    };
    let mut foreign = Vec::new();
    for _ in 0..10 * n * n {
        let a = rng.below(n * n);
        let ra = region[a];
        foreign.clear();
        foreign.extend(neighbours(a, n, n).filter(|&q| region[q] != ra));
        if foreign.is_empty() {
            continue;
        }
        let rb = region[foreign[rng.below(foreign.len())]];
        // The cells of region rb that touch region ra, one of which goes back.
        let back: Vec<usize> = (0..n * n)
            .filter(|&p| region[p] == rb && neighbours(p, n, n).any(|q| region[q] == ra && q != a))
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.below(back.len())];
        region[a] = rb;
        region[c] = ra;
        if !connected(&region, ra) || !connected(&region, rb) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    region.into_iter().map(|g| labels[g]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::{Rules, Spec};

    #[test]
    fn random_regions_tile_the_grid() {
        let mut rng = Rng::new(7);
        for n in [4, 5, 6, 9, 16] {
            for _ in 0..20 {
                let labels = random_regions(n, &mut rng);
                let spec = Spec {
                    regions: Some(labels),
                    ..Spec::new(n)
                };
                Rules::new(spec).expect("n regions of n cells");
            }
        }
    }
}
