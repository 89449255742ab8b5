//! Implied houses: where houses lie inside a few whole rows (or columns), the rest of those
//! rows holds every digit once too.
//!
//! `m` rows of one grid hold every digit `m` times. When `m - 1` houses of `n` cells (boxes,
//! jigsaw regions, windoku windows, a file's units: anything that holds every digit once) lie
//! inside those rows and share no cell, they hold every digit `m - 1` times, so the `n` cells
//! of the rows they leave hold every digit exactly once: a house no rule names. In a 16x16
//! windoku the windows of columns 2 to 5 leave rows 1, 6, 11 and 16 of those columns; in a
//! 9x9 windoku, rows 1, 5 and 9 of columns 2 to 4 (and once those are houses, the cells of
//! rows 1, 5 and 9 in columns 1, 5 and 9 too, found by going again over the houses found).
//! Jigsaw regions are left out (measured worse, see [`implied_houses`]). The Interactive Sudoku
//! Solver does not add these; as primary items they make the search
//! see a digit's last place in such a house (`16x16_windoku`: 8,367,043 nodes without, 30,313
//! with), and item domination its locked candidates.
//!
//! [`implied_houses`] finds them from the units alone; each holds in every solution (it follows
//! from houses that do), so adding it to the search keeps counts exact. It is found greedily:
//! for each house, the lines it touches and the disjoint houses inside them, in the order of
//! the units; a layout whose `m - 1` houses only a cleverer choice would find is missed, never
//! wrong.

use std::collections::HashSet;

use crate::sudoku::rules::unit_index::{UnitIndex, UnitKind};

/// Most lines a set of houses is looked for in: 4 covers the windows of a 16x16 windoku; more
/// costs time before the search for layouts no published puzzle has shown.
const MAX_LINES: usize = 6;

/// Most implied houses kept (a bound on the rounds that find houses from houses).
const MAX_HOUSES: usize = 64;

/// Rows (`true`) or columns, of one grid (`None`: the only one).
type LineFamily = (bool, Option<usize>);

/// The cell sets (positions, increasing) that hold every digit once in every solution without
/// being a unit of `units`, on a grid of `n` digits (see the module documentation).
pub(crate) fn implied_houses(units: &UnitIndex, n: usize) -> Vec<Vec<usize>> {
    let area = units_area(units);
    // The line families: the rows of one grid, the columns of one grid.
    let mut families: Vec<(LineFamily, Vec<&[usize]>)> = Vec::new();
    for unit in units.all() {
        let key = match unit.kind {
            UnitKind::Row(_) => (true, unit.grid),
            UnitKind::Column(_) => (false, unit.grid),
            _ => continue,
        };
        if unit.cells.len() != n {
            continue;
        }
        match families.iter_mut().find(|(k, _)| *k == key) {
            Some((_, lines)) => lines.push(&unit.cells),
            None => families.push((key, vec![&unit.cells])),
        }
    }
    // The houses lines are tested with: units of n cells that are not lines, then those found.
    // Not jigsaw regions: on a layout without solutions that item domination proves in 8,235
    // nodes, the houses its regions imply took 73,901 (and `16x16_jigsaw` gained only 221 ->
    // 160 nodes).
    let mut houses: Vec<Vec<usize>> = units
        .all()
        .iter()
        .filter(|u| {
            u.cells.len() == n
                && !matches!(
                    u.kind,
                    UnitKind::Row(_) | UnitKind::Column(_) | UnitKind::Region(_)
                )
        })
        .map(|u| u.cells.clone())
        .collect();
    let mut known: HashSet<Vec<usize>> = units.all().iter().map(|u| u.cells.clone()).collect();
    let mut found = Vec::new();
    let mut start = 0;
    while start < houses.len() && found.len() < MAX_HOUSES {
        let end = houses.len();
        for (_, lines) in &families {
            let mut line_of = vec![usize::MAX; area];
            for (k, cells) in lines.iter().enumerate() {
                for &p in *cells {
                    line_of[p] = k;
                }
            }
            // Each house's lines as a bit set, or None if it leaves the lines.
            let spans: Vec<Option<u64>> = houses[..end].iter().map(|h| span(h, &line_of)).collect();
            for h in start..end {
                let Some(lines_h) = spans[h] else { continue };
                let m = lines_h.count_ones() as usize;
                if !(2..=MAX_LINES).contains(&m) {
                    continue;
                }
                // The house itself, then the first houses inside its lines that share no cell
                // with those taken, until m - 1.
                let mut taken = vec![false; area];
                houses[h].iter().for_each(|&p| taken[p] = true);
                let mut inside = 1;
                for (k, house) in houses[..end].iter().enumerate() {
                    if inside == m - 1 {
                        break;
                    }
                    let within = spans[k].is_some_and(|s| s & !lines_h == 0);
                    if k != h && within && house.iter().all(|&p| !taken[p]) {
                        house.iter().for_each(|&p| taken[p] = true);
                        inside += 1;
                    }
                }
                if inside != m - 1 {
                    continue;
                }
                let mut rest: Vec<usize> = (0..lines.len())
                    .filter(|&k| lines_h >> k & 1 == 1)
                    .flat_map(|k| lines[k].iter().copied())
                    .filter(|&p| !taken[p])
                    .collect();
                rest.sort_unstable();
                if rest.len() == n && known.insert(rest.clone()) {
                    found.push(rest.clone());
                    houses.push(rest);
                    if found.len() == MAX_HOUSES {
                        break;
                    }
                }
            }
        }
        start = end;
    }
    found
}

/// The lines (bit `k` for line `k`, below 64) that a house's cells lie on, or `None` if one
/// lies on none.
fn span(house: &[usize], line_of: &[usize]) -> Option<u64> {
    let mut lines = 0u64;
    for &p in house {
        let k = *line_of.get(p)?;
        if k >= 64 {
            return None;
        }
        lines |= 1 << k;
    }
    Some(lines)
}

/// One past the greatest position of any unit.
fn units_area(units: &UnitIndex) -> usize {
    units
        .all()
        .iter()
        .filter_map(|u| u.cells.last())
        .max()
        .map_or(0, |&p| p + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::encode::{encode, encode_with_promises};
    use crate::sudoku::grid::Grid;
    use crate::sudoku::rng::Rng;
    use crate::sudoku::rules::{Rules, Spec};
    use crate::sudoku::{validate, Engine, Solver};
    use crate::xc::{CountOptions, Dlx, OptionId, Problem};

    fn windoku(n: usize) -> Rules {
        Rules::new(Spec::new(n).with(|c| c.grid_units.windoku = true)).unwrap()
    }

    /// The positions of rows `rows` and columns `cols` (0-based) of a grid of `n` columns.
    fn block(n: usize, rows: &[usize], cols: &[usize]) -> Vec<usize> {
        let mut cells: Vec<usize> = rows
            .iter()
            .flat_map(|&r| cols.iter().map(move |&c| r * n + c))
            .collect();
        cells.sort_unstable();
        cells
    }

    #[test]
    fn a_windoku_implies_the_cells_its_windows_leave() {
        let rules = windoku(9);
        let mut found = implied_houses(rules.unit_index(), 9);
        found.sort();
        let (edges, a, b) = ([0, 4, 8], [1, 2, 3], [5, 6, 7]);
        let mut expected = vec![
            block(9, &edges, &a),
            block(9, &edges, &b),
            block(9, &a, &edges),
            block(9, &b, &edges),
            block(9, &edges, &edges),
        ];
        expected.sort();
        assert_eq!(found, expected);
        let rules = windoku(16);
        let found = implied_houses(rules.unit_index(), 16);
        // Three per orientation, and rows 1, 6, 11, 16 in columns 1, 6, 11, 16.
        assert_eq!(found.len(), 7);
        assert!(found.contains(&block(16, &[0, 5, 10, 15], &[1, 2, 3, 4])));
        assert!(found.contains(&block(16, &[0, 5, 10, 15], &[0, 5, 10, 15])));
    }

    #[test]
    fn boxes_alone_imply_nothing() {
        for n in [4, 6, 9, 16] {
            let rules = Rules::new(Spec::new(n)).unwrap();
            assert_eq!(
                implied_houses(rules.unit_index(), n),
                Vec::<Vec<usize>>::new()
            );
        }
        let diagonals = Rules::new(Spec::new(9).with(|c| c.grid_units.diagonals = true)).unwrap();
        assert!(implied_houses(diagonals.unit_index(), 9).is_empty());
    }

    /// A 6x6 jigsaw whose top regions lie in two columns each.
    fn jigsaw() -> Rules {
        let regions = "AABBCC\nAABBCC\nAABBCC\nDDDEEE\nDDDEEE\nFFFFFF";
        let text = format!("size = 6\nregions = \"\"\"\n{regions}\n\"\"\"\n");
        crate::sudoku::file::from_toml(&text).unwrap().rules
    }

    #[test]
    fn jigsaw_regions_imply_nothing() {
        // Region A takes columns 1 and 2 of rows 1 to 3: the rest of those columns is a house,
        // left out with every house jigsaw regions imply.
        let found = implied_houses(jigsaw().unit_index(), 6);
        assert!(found.is_empty());
    }

    /// Counts of `problem` with the options of `givens` committed (every solution when
    /// below `limit`).
    fn count(problem: &Problem, options: &[OptionId], limit: u128) -> (u128, bool) {
        let mut dlx = Dlx::new(problem);
        if dlx.commit_all(options).is_err() {
            return (0, true);
        }
        let count = dlx.count(CountOptions::new().limit(Some(limit)));
        (count.count, count.complete)
    }

    #[test]
    fn counts_with_and_without_the_implied_houses_agree() {
        let mut rng = Rng::new(31);
        for rules in [windoku(9)] {
            let n = rules.size();
            let (without, numbering) = encode(&rules);
            let (with, numbering_with, _) = encode_with_promises(&rules);
            assert!(with.item_count() > without.item_count());
            let solution = Solver::new(rules.clone())
                .solve_first(&rules.empty_grid())
                .unwrap()
                .0
                .unwrap();
            validate(&rules, &rules.empty_grid(), &solution).unwrap();
            for round in 0..12 {
                // From none to half of the solution's cells as givens.
                let area = n * n;
                let keep = area * round / 24;
                let mut cells: Vec<usize> = (0..area).collect();
                rng.shuffle(&mut cells);
                let mut givens = vec![0; area];
                let (mut options, mut options_with) = (Vec::new(), Vec::new());
                for &p in &cells[..keep] {
                    let d = solution.cells()[p];
                    givens[p] = d;
                    options.push(numbering.option_of(p, d).unwrap());
                    options_with.push(numbering_with.option_of(p, d).unwrap());
                }
                let puzzle = Grid::from_cells(n, givens).unwrap();
                let a = count(&without, &options, 40);
                assert_eq!(a, count(&with, &options_with, 40), "puzzle {puzzle}");
                assert!(a.0 >= 1);
                // The solver (which searches with the houses) finds solutions the validator takes.
                let (found, _) = Solver::new(rules.clone()).solve_first(&puzzle).unwrap();
                validate(&rules, &puzzle, &found.unwrap()).unwrap();
            }
        }
    }
}
