//! The 45 rule: sums that killer cages imply over the rows, columns and boxes they nearly fill.
//!
//! A *house* is a row, a column, a box (or jigsaw region), or a union of a few neighbouring
//! ones: two to four consecutive rows or columns of a grid, two boxes side by side. Its `m`
//! units hold every digit `m` times, so its cells add up to `m * n * (n + 1) / 2` (45 per unit
//! on 9x9). With the cages lying wholly inside the house taken away, what is left over says:
//! - *innies*: the house's cells outside those cages add up to the house's total less the
//!   inside cages' sums;
//! - *innies and outies*: the house's cells in no cage, less the cells outside the house of the
//!   cages that cross its edge (the outies), add up to the house's total less the sums of every
//!   cage inside or crossing it. With every cell caged, that is a sum of the outies alone.
//!
//! Each small one (at most [`MAX_DERIVED`] cells) becomes a [`Derived`] sum, which the killer
//! family adds to the exact cover before the search (as a [`SetSum`] when its cells lie in one
//! row, column or box and all count once, else as a [`LinearSum`]), and which the human-style
//! logic reasons with. Larger ones, up to [`MAX_PROMISED`] cells, are only promised to the
//! search, which keeps them within bounds (no items or options for them). Cages that overlap
//! each other derive nothing: the rule needs each cell counted once.

use std::collections::BTreeSet;

use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::cover::set_sum::SetSum;
use crate::sudoku::rules::geometry::Geometry;

/// Most cells of a derived sum: larger ones tell the search little for their size.
pub(crate) const MAX_DERIVED: usize = 5;

/// Most cells of a derived sum promised to the search: on the published killers, larger ones
/// (up to a house of four rows) save under 2 % more nodes for twice the time (`tarek-all-09`:
/// 25,893 nodes without promises, 21,425 up to 9 cells in 1.45 times the time, 21,136 with
/// every size in 3.5 times; `hs-killers-09`: 164,692 nodes without, 168 up to 9 cells).
pub(crate) const MAX_PROMISED: usize = 9;

/// Most consecutive rows or columns in one house.
const MAX_SPAN: usize = 4;

/// A sum the 45 rule derives (see the module documentation).
///
/// Invariants: `terms` are distinct positions in increasing order, with weight `+1` or `-1`;
/// `distinct` only when every weight is `+1` and the positions lie in one row, column or box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Derived {
    /// The house it comes from, as a person names it (`rows 1-2`, `box 5`).
    pub house: String,
    /// Whether the cells are the house's innies (else innies less outies, or outies alone).
    pub innies: bool,
    /// The cells and their weights.
    pub terms: Vec<(usize, i64)>,
    /// What the weighted digits add up to.
    pub target: i64,
    /// Whether the cells hold different digits (they share a row, column or box).
    pub distinct: bool,
}

impl Derived {
    /// The sum as the exact cover takes it.
    pub(crate) fn linear(&self) -> LinearSum {
        LinearSum {
            terms: self.terms.clone(),
            target: self.target,
        }
    }

    /// The sum as set options, when its cells differ and all count once.
    pub(crate) fn set_sum(&self) -> Option<SetSum> {
        (self.distinct && self.target > 0).then(|| SetSum {
            cells: self.terms.iter().map(|&(p, _)| p).collect(),
            sum: self.target as u32,
        })
    }

    /// Entries its encoding adds, at most.
    pub(crate) fn entries(&self, n: usize) -> u64 {
        match self.set_sum() {
            Some(set) => set.entries(n),
            None => self.linear().entries(n),
        }
    }
}

/// One house: its name, its cells (increasing) and how many units it is made of.
struct House {
    name: String,
    cells: Vec<usize>,
    units: usize,
}

/// The houses of a geometry: every row, column and box (or region) of every grid, then runs of
/// 2 to [`MAX_SPAN`] consecutive rows and columns, then pairs of boxes that touch.
fn houses(geometry: &Geometry) -> (Vec<House>, usize) {
    let n = geometry.size();
    let cols = geometry.cols();
    let several = geometry.grids().len() > 1;
    let mut singles = Vec::new();
    let mut unions = Vec::new();
    for (g, &(r0, c0)) in geometry.grids().iter().enumerate() {
        let of = |name: String| {
            if several {
                format!("{name} of grid {}", g + 1)
            } else {
                name
            }
        };
        let row = |r: usize| (0..n).map(move |c| (r0 + r) * cols + c0 + c);
        let column = |c: usize| (0..n).map(move |r| (r0 + r) * cols + c0 + c);
        for span in 1..=MAX_SPAN.min(n - 1) {
            for first in 0..=n - span {
                let last = first + span - 1;
                let (rows_name, cols_name) = if span == 1 {
                    (
                        format!("row {}", first + 1),
                        format!("column {}", first + 1),
                    )
                } else {
                    (
                        format!("rows {}-{}", first + 1, last + 1),
                        format!("columns {}-{}", first + 1, last + 1),
                    )
                };
                let mut rows: Vec<usize> = (first..=last).flat_map(row).collect();
                let mut columns: Vec<usize> = (first..=last).flat_map(column).collect();
                rows.sort_unstable();
                columns.sort_unstable();
                let target = if span == 1 { &mut singles } else { &mut unions };
                target.push(House {
                    name: of(rows_name),
                    cells: rows,
                    units: span,
                });
                target.push(House {
                    name: of(cols_name),
                    cells: columns,
                    units: span,
                });
            }
        }
        // Boxes or regions, as labelled cells of the grid.
        let labels: Vec<(String, Vec<usize>)> = match geometry.regions() {
            Some(labels) => {
                let set: BTreeSet<char> = labels.iter().copied().collect();
                set.into_iter()
                    .map(|l| {
                        let cells = (0..n * n)
                            .filter(|&k| labels[k] == l)
                            .map(|k| (r0 + k / n) * cols + c0 + k % n)
                            .collect();
                        (format!("region {l}"), cells)
                    })
                    .collect()
            }
            None => {
                let (br, bc) = geometry.box_shape();
                (0..n)
                    .map(|b| {
                        let (top, left) = (b / (n / bc) * br, b % (n / bc) * bc);
                        let mut cells: Vec<usize> = (0..br)
                            .flat_map(|r| {
                                (0..bc).map(move |c| (r0 + top + r) * cols + c0 + left + c)
                            })
                            .collect();
                        cells.sort_unstable();
                        (format!("box {}", b + 1), cells)
                    })
                    .collect()
            }
        };
        let touches = |a: &[usize], b: &[usize]| {
            a.iter().any(|&p| {
                b.iter().any(|&q| {
                    let (pr, pc, qr, qc) = (p / cols, p % cols, q / cols, q % cols);
                    pr.abs_diff(qr) + pc.abs_diff(qc) == 1
                })
            })
        };
        for (i, (name, cells)) in labels.iter().enumerate() {
            singles.push(House {
                name: of(name.clone()),
                cells: cells.clone(),
                units: 1,
            });
            for (other, more) in &labels[i + 1..] {
                if touches(cells, more) {
                    let mut both: Vec<usize> = cells.iter().chain(more).copied().collect();
                    both.sort_unstable();
                    let name = format!("{name} and {other}");
                    unions.push(House {
                        name: of(name),
                        cells: both,
                        units: 2,
                    });
                }
            }
        }
    }
    let count = singles.len();
    singles.extend(unions);
    (singles, count)
}

/// The sums the 45 rule derives from `cages` (sums and positions, increasing) on `geometry`,
/// each of at most [`MAX_DERIVED`] cells, none over the cells of a cage or of an earlier one.
pub(crate) fn derive(geometry: &Geometry, cages: &[(u32, Vec<usize>)]) -> Vec<Derived> {
    derive_sized(geometry, cages, 1..=MAX_DERIVED)
}

/// [`Derivations::larger`] alone.
#[cfg(test)]
pub(crate) fn derive_larger(geometry: &Geometry, cages: &[(u32, Vec<usize>)]) -> Vec<Derived> {
    derive_sized(geometry, cages, MAX_DERIVED + 1..=MAX_PROMISED)
}

/// Every sum the 45 rule derives from some cages (what the killer family encodes), each kind
/// worked out once, the later kinds leaving out the cells of the earlier ones.
#[derive(Debug, Default)]
pub(crate) struct Derivations {
    /// [`derive`]'s sums, encoded.
    pub small: Vec<Derived>,
    /// The sums over more than [`MAX_DERIVED`] cells and at most [`MAX_PROMISED`], none over
    /// the cells of a cage or of an earlier one: too large to encode, they are promised to the
    /// search, which keeps them within bounds (`Encoder::promise_sum`).
    pub larger: Vec<Derived>,
    /// The sums from each cage that crosses the edge of a row, column or box (or region) by
    /// one cell, as the Interactive Sudoku Solver's hidden cages: the unit's cells outside the
    /// cages inside it and outside that cage, less the cage's cell outside the unit, add up to
    /// the unit's total less the sums of the cages inside it and of that cage. Those of 2 to
    /// [`MAX_PROMISED`] cells that no cage and no sum of `small` or `larger` is over are
    /// promised to the search. Where one cage crosses a unit's edge among others, this is one
    /// cage's outie where innies and outies sum them all.
    pub outies: Vec<Derived>,
    /// The sums over growing bands of the grid, as the Interactive Sudoku Solver's innies and
    /// outies: the first `i` rows (for `i` from 2 to `n - 1`), the last `i` rows, the first
    /// and last `i` columns, the first `i` boxes (or regions) in order. A cage joins the band
    /// once more than half its cells lie in it, and stays in. The band's cells outside the
    /// cages joined (`a`) and the cages' cells outside the band (`b`) then satisfy `sum(b) -
    /// sum(a) = (the cages' sums) - i * n * (n + 1) / 2`, kept when one side has at most 2
    /// cells, both together at most `n`, and at most [`MAX_OVERLAP_CAGED`] when every cell is
    /// caged. Where cages cross two rows and several boxes, as in the MATHEMAGIC killers, these
    /// are small where the houses' own innies and outies take every crossing cage whole.
    /// Written with the larger side positive; those over the cells of a cage or of a sum of
    /// `small`, `larger` or `outies` are left out. One grid only (none for several).
    pub overlaps: Vec<Derived>,
}

/// [`Derivations`] of `cages` on `geometry`.
pub(crate) fn derive_every(geometry: &Geometry, cages: &[(u32, Vec<usize>)]) -> Derivations {
    let Some(layout) = Layout::new(geometry, cages) else {
        return Derivations::default();
    };
    let sized = sized_in(&layout, 1..=MAX_PROMISED);
    let outies = outies_in(&layout, &sized);
    let overlaps = if geometry.grids().len() == 1 {
        overlaps_in(geometry, &layout, sized.iter().chain(&outies))
    } else {
        Vec::new()
    };
    let (small, larger) = sized
        .into_iter()
        .partition(|d| d.terms.len() <= MAX_DERIVED);
    Derivations {
        small,
        larger,
        outies,
        overlaps,
    }
}

/// [`Derivations::outies`] alone.
#[cfg(test)]
pub(crate) fn derive_outies(geometry: &Geometry, cages: &[(u32, Vec<usize>)]) -> Vec<Derived> {
    let Some(layout) = Layout::new(geometry, cages) else {
        return Vec::new();
    };
    outies_in(&layout, &sized_in(&layout, 1..=MAX_PROMISED))
}

/// [`Derivations::outies`] on `layout`, leaving out the cells of `earlier` (the sums of
/// [`derive_sized`] up to [`MAX_PROMISED`] cells).
fn outies_in(layout: &Layout<'_>, earlier: &[Derived]) -> Vec<Derived> {
    let cages = layout.cages;
    let mut seen = layout.seen();
    for derived in earlier {
        seen.insert(derived.terms.iter().map(|&(p, _)| p).collect());
    }
    let (cage_of, singles) = (&layout.cage_of, &layout.houses[..layout.singles]);
    let mut out = Vec::new();
    layout.each_house(singles, |house, in_house, split| {
        for &k in &split.crossing {
            let outside: Vec<usize> = cages[k]
                .1
                .iter()
                .copied()
                .filter(|&q| !in_house[q])
                .collect();
            let [outie] = outside[..] else {
                continue;
            };
            let mut terms: Vec<(usize, i64)> = house
                .cells
                .iter()
                .filter(|&&p| cage_of[p] != k && !split.inside.contains(&cage_of[p]))
                .map(|&p| (p, 1))
                .chain([(outie, -1)])
                .collect();
            terms.sort_unstable();
            if !(2..=MAX_PROMISED).contains(&terms.len())
                || !seen.insert(terms.iter().map(|&(p, _)| p).collect())
            {
                continue;
            }
            out.push(Derived {
                house: house.name.clone(),
                innies: false,
                terms,
                target: split.left - i64::from(cages[k].0),
                distinct: false,
            });
        }
    });
    out
}

/// Most cells of a sum of [`Derivations::overlaps`] where every one of its cells is in a cage
/// (the Interactive Sudoku Solver's bound on such sums); one over a cell in no cage may take
/// up to a unit's number of cells.
pub(crate) const MAX_OVERLAP_CAGED: usize = 6;

/// [`Derivations::overlaps`] alone.
#[cfg(test)]
pub(crate) fn derive_overlaps(geometry: &Geometry, cages: &[(u32, Vec<usize>)]) -> Vec<Derived> {
    if geometry.grids().len() != 1 {
        return Vec::new();
    }
    let Some(layout) = Layout::new(geometry, cages) else {
        return Vec::new();
    };
    let sized = sized_in(&layout, 1..=MAX_PROMISED);
    let outies = outies_in(&layout, &sized);
    overlaps_in(geometry, &layout, sized.iter().chain(&outies))
}

/// [`Derivations::overlaps`] on `layout` (of a geometry of one grid), leaving out the cells
/// of `earlier` (the sums of [`derive_sized`] up to [`MAX_PROMISED`] cells and the outies).
fn overlaps_in<'d>(
    geometry: &Geometry,
    layout: &Layout<'_>,
    earlier: impl Iterator<Item = &'d Derived>,
) -> Vec<Derived> {
    let cages = layout.cages;
    let (n, area, cage_of) = (geometry.size(), layout.cage_of.len(), &layout.cage_of);
    let mut seen = layout.seen();
    for derived in earlier {
        seen.insert(derived.terms.iter().map(|&(p, _)| p).collect());
    }
    // The singles are row 1, column 1, row 2, column 2, ..., then the boxes or regions.
    let units: Vec<&House> = layout.houses[..layout.singles].iter().collect();
    let rows: Vec<&House> = units[..2 * n].iter().step_by(2).copied().collect();
    let columns: Vec<&House> = units[..2 * n].iter().skip(1).step_by(2).copied().collect();
    let boxes: Vec<&House> = units[2 * n..].to_vec();
    let mut orders: Vec<(Vec<&House>, &str)> = vec![
        (rows.clone(), "the first rows"),
        (rows.into_iter().rev().collect(), "the last rows"),
        (columns.clone(), "the first columns"),
        (columns.into_iter().rev().collect(), "the last columns"),
    ];
    if boxes.len() == n {
        orders.push((boxes, "the first boxes"));
    }
    let caged = |p: &usize| cage_of[*p] != usize::MAX;
    let mut out = Vec::new();
    for (order, name) in orders {
        let mut in_band = vec![false; area];
        let mut joined = vec![false; cages.len()];
        let mut in_cages = vec![false; area];
        let mut sum = 0i64;
        for (i, unit) in order.iter().enumerate().take(n - 1) {
            for &p in &unit.cells {
                in_band[p] = true;
            }
            for (k, (cage_sum, cells)) in cages.iter().enumerate() {
                if !joined[k] && 2 * cells.iter().filter(|&&q| in_band[q]).count() > cells.len() {
                    joined[k] = true;
                    sum += i64::from(*cage_sum);
                    cells.iter().for_each(|&q| in_cages[q] = true);
                }
            }
            if i == 0 {
                continue;
            }
            let a: Vec<usize> = (0..area).filter(|&p| in_band[p] && !in_cages[p]).collect();
            let b: Vec<usize> = (0..area).filter(|&p| in_cages[p] && !in_band[p]).collect();
            let size = a.len() + b.len();
            if size == 0
                || size > n
                || (a.len() > 2 && b.len() > 2)
                || (a.iter().chain(&b).all(caged) && size > MAX_OVERLAP_CAGED)
            {
                continue;
            }
            let band = layout.total * (i as i64 + 1);
            let (plus, minus, target) = if a.len() <= b.len() {
                (b, a, sum - band)
            } else {
                (a, b, band - sum)
            };
            let mut terms: Vec<(usize, i64)> = plus
                .iter()
                .map(|&p| (p, 1))
                .chain(minus.iter().map(|&p| (p, -1)))
                .collect();
            terms.sort_unstable();
            if !seen.insert(terms.iter().map(|&(p, _)| p).collect()) {
                continue;
            }
            out.push(Derived {
                house: format!("{name} {}", i + 1),
                innies: false,
                terms,
                target,
                distinct: false,
            });
        }
    }
    out
}

/// What every derivation starts from: the cages, the cage of each cell, the houses.
struct Layout<'a> {
    cages: &'a [(u32, Vec<usize>)],
    /// Each cell's cage (its index in `cages`), `usize::MAX` for a cell in none: one entry a
    /// position of the geometry's rows and columns.
    cage_of: Vec<usize>,
    /// What the digits of one unit add up to, `n * (n + 1) / 2`.
    total: i64,
    /// The houses ([`houses`]): the single units first, then their unions.
    houses: Vec<House>,
    /// How many of `houses` are single units.
    singles: usize,
}

/// A house's cages: those lying wholly inside it, those crossing its edge, and what its cells
/// outside the cages inside it add up to.
struct Split {
    /// The cages wholly inside the house (indices in `cages`).
    inside: BTreeSet<usize>,
    /// The cages with cells inside the house and outside it.
    crossing: BTreeSet<usize>,
    /// The house's total less the sums of the cages inside it.
    left: i64,
}

impl<'a> Layout<'a> {
    /// The layout of `cages` on `geometry`; `None` where there are none or two share a cell
    /// (the 45 rule then derives nothing).
    fn new(geometry: &Geometry, cages: &'a [(u32, Vec<usize>)]) -> Option<Layout<'a>> {
        if cages.is_empty() {
            return None;
        }
        let mut cage_of = vec![usize::MAX; geometry.rows() * geometry.cols()];
        for (k, (_, cells)) in cages.iter().enumerate() {
            for &p in cells {
                if cage_of[p] != usize::MAX {
                    return None;
                }
                cage_of[p] = k;
            }
        }
        let n = geometry.size();
        let (houses, singles) = houses(geometry);
        Some(Layout {
            cages,
            cage_of,
            total: (n * (n + 1) / 2) as i64,
            houses,
            singles,
        })
    }

    /// The cells of each cage: sums a derivation leaves out, as the cages say them already.
    fn seen(&self) -> BTreeSet<Vec<usize>> {
        self.cages.iter().map(|(_, cells)| cells.clone()).collect()
    }

    /// Calls `visit` with each of `houses` in turn, the mask of its cells (by position) and
    /// its [`Split`].
    fn each_house(&self, houses: &[House], mut visit: impl FnMut(&House, &[bool], &Split)) {
        let mut in_house = vec![false; self.cage_of.len()];
        for house in houses {
            for &p in &house.cells {
                in_house[p] = true;
            }
            let mut inside = BTreeSet::new();
            let mut crossing = BTreeSet::new();
            for &p in &house.cells {
                let k = self.cage_of[p];
                if k != usize::MAX {
                    if self.cages[k].1.iter().all(|&q| in_house[q]) {
                        inside.insert(k);
                    } else {
                        crossing.insert(k);
                    }
                }
            }
            let inside_sum: i64 = inside.iter().map(|&k| i64::from(self.cages[k].0)).sum();
            let left = self.total * house.units as i64 - inside_sum;
            visit(
                house,
                &in_house,
                &Split {
                    inside,
                    crossing,
                    left,
                },
            );
            for &p in &house.cells {
                in_house[p] = false;
            }
        }
    }
}

/// The sums the 45 rule derives from `cages` whose number of cells lies in `sizes`.
fn derive_sized(
    geometry: &Geometry,
    cages: &[(u32, Vec<usize>)],
    sizes: std::ops::RangeInclusive<usize>,
) -> Vec<Derived> {
    let Some(layout) = Layout::new(geometry, cages) else {
        return Vec::new();
    };
    sized_in(&layout, sizes)
}

/// [`derive_sized`] on `layout`.
fn sized_in(layout: &Layout<'_>, sizes: std::ops::RangeInclusive<usize>) -> Vec<Derived> {
    let cages = layout.cages;
    let (cage_of, singles) = (&layout.cage_of, &layout.houses[..layout.singles]);
    let mut seen = layout.seen();
    let mut out = Vec::new();
    layout.each_house(&layout.houses, |house, in_house, split| {
        let (crossing, left) = (&split.crossing, split.left);
        let innies: Vec<(usize, i64)> = house
            .cells
            .iter()
            .filter(|&&p| cage_of[p] == usize::MAX || crossing.contains(&cage_of[p]))
            .map(|&p| (p, 1))
            .collect();
        let mut mixed: Vec<(usize, i64)> = house
            .cells
            .iter()
            .filter(|&&p| cage_of[p] == usize::MAX)
            .map(|&p| (p, 1))
            .chain(
                crossing
                    .iter()
                    .flat_map(|&k| cages[k].1.iter())
                    .filter(|&&q| !in_house[q])
                    .map(|&q| (q, -1)),
            )
            .collect();
        mixed.sort_unstable();
        let crossing_sum: i64 = crossing.iter().map(|&k| i64::from(cages[k].0)).sum();
        // Outies alone read better with positive weights.
        let outies_only = mixed.iter().all(|&(_, w)| w < 0);
        let mixed_target = if outies_only {
            crossing_sum - left
        } else {
            left - crossing_sum
        };
        if outies_only {
            mixed.iter_mut().for_each(|t| t.1 = 1);
        }
        for (innie, terms, target) in [(true, innies, left), (false, mixed, mixed_target)] {
            if terms.is_empty() || !sizes.contains(&terms.len()) {
                continue;
            }
            let cells: Vec<usize> = terms.iter().map(|&(p, _)| p).collect();
            if !seen.insert(cells.clone()) {
                continue;
            }
            let distinct = terms.iter().all(|&(_, w)| w == 1)
                && singles
                    .iter()
                    .any(|h| cells.iter().all(|p| h.cells.binary_search(p).is_ok()));
            out.push(Derived {
                house: house.name.clone(),
                innies: innie,
                terms,
                target,
                distinct,
            });
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions of cells of row 1 (0-based columns) on 9x9.
    fn row1(cols: &[usize]) -> Vec<usize> {
        cols.to_vec()
    }

    #[test]
    fn a_row_nearly_filled_by_cages_gives_its_innies_and_outies() {
        let geometry = Geometry::new(9, None, None, &[], None).unwrap();
        // r1c1-r1c4 add up to 10; r1c5-r1c8 with r2c8 add up to 35; r1c9 is in no cage.
        let mut crossing = row1(&[4, 5, 6, 7]);
        crossing.push(9 + 7);
        let cages = vec![(10, row1(&[0, 1, 2, 3])), (35, crossing)];
        let derived = derive(&geometry, &cages);
        let row: Vec<&Derived> = derived.iter().filter(|d| d.house == "row 1").collect();
        assert_eq!(row.len(), 2, "{derived:?}");
        // Innies: r1c5..r1c9 add up to 45 - 10.
        assert!(row[0].innies && row[0].distinct);
        assert_eq!(row[0].terms, [(4, 1), (5, 1), (6, 1), (7, 1), (8, 1)]);
        assert_eq!(row[0].target, 35);
        // Innies less outies: r1c9 - r2c8 = 45 - 10 - 35.
        assert!(!row[1].innies && !row[1].distinct);
        assert_eq!(row[1].terms, [(8, 1), (16, -1)]);
        assert_eq!(row[1].target, 0);
        assert!(row[1].set_sum().is_none());
        assert!(derived.iter().all(|d| d.terms.len() <= MAX_DERIVED));
        // No derived sum repeats the cells of a cage or of another one.
        let mut cells: Vec<Vec<usize>> = derived
            .iter()
            .map(|d| d.terms.iter().map(|t| t.0).collect())
            .collect();
        cells.extend(cages.iter().map(|c| c.1.clone()));
        let all = cells.len();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), all);
    }

    #[test]
    fn outies_alone_have_positive_weights_and_overlapping_cages_derive_nothing() {
        let geometry = Geometry::new(4, None, None, &[], None).unwrap();
        // 4x4: row 1 is r1c1 r1c2 (3) and r1c3 r1c4 r2c4 (9): r2c4 = 9 - (10 - 3).
        let cages = vec![(3, vec![0, 1]), (9, vec![2, 3, 7])];
        let derived = derive(&geometry, &cages);
        let outies = derived
            .iter()
            .find(|d| d.house == "row 1" && !d.innies)
            .unwrap();
        assert_eq!(outies.terms, [(7, 1)]);
        assert_eq!(outies.target, 2);
        assert!(outies.distinct);
        assert_eq!(outies.set_sum().unwrap().cells, [7]);
        let overlapping = vec![(3, vec![0, 1]), (7, vec![1, 2])];
        assert!(derive(&geometry, &overlapping).is_empty());
    }

    #[test]
    fn larger_sums_are_derived_apart_up_to_the_promised_size() {
        let geometry = Geometry::new(9, None, None, &[], None).unwrap();
        // One cage r1c1 r1c2 (3) in row 1: the 7 innies r1c3..r1c9 add up to 42, too many
        // cells to encode; its innies and outies are the same cells.
        let cages = vec![(3, row1(&[0, 1]))];
        assert!(derive(&geometry, &cages)
            .iter()
            .all(|d| d.terms.len() <= MAX_DERIVED));
        let larger = derive_larger(&geometry, &cages);
        let row = larger.iter().find(|d| d.house == "row 1").unwrap();
        assert_eq!(row.terms, (2..9).map(|p| (p, 1)).collect::<Vec<_>>());
        assert_eq!(row.target, 42);
        assert!(row.distinct);
        assert!(larger
            .iter()
            .all(|d| (MAX_DERIVED + 1..=MAX_PROMISED).contains(&d.terms.len())));
        // The box 1 innies: its 7 other cells add up to 42 as well.
        assert!(larger.iter().any(|d| d.house == "box 1" && d.target == 42));
    }

    #[test]
    fn a_cage_crossing_a_unit_by_one_cell_gives_its_own_outie_sum() {
        let geometry = Geometry::new(9, None, None, &[], None).unwrap();
        // Row 1: r1c1-r1c4 with r2c1 add up to 27, r1c5-r1c8 with r2c6 to 22; r1c9 is in
        // no cage. The first cage's outie: r1c5..r1c9 - r2c1 = 45 - 27; the second's:
        // r1c1..r1c4 + r1c9 - r2c6 = 45 - 22.
        let mut first = row1(&[0, 1, 2, 3]);
        first.push(9);
        let mut second = row1(&[4, 5, 6, 7]);
        second.push(9 + 5);
        let cages = vec![(27, first), (22, second)];
        let outies = derive_outies(&geometry, &cages);
        let row: Vec<&Derived> = outies.iter().filter(|d| d.house == "row 1").collect();
        assert_eq!(row.len(), 2, "{outies:?}");
        assert_eq!(
            row[0].terms,
            [(4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, -1)]
        );
        assert_eq!(row[0].target, 18);
        assert_eq!(
            row[1].terms,
            [(0, 1), (1, 1), (2, 1), (3, 1), (8, 1), (14, -1)]
        );
        assert_eq!(row[1].target, 23);
        // Both hold on digits that keep the cages: row 1 = 5 6 7 1 2 3 4 8 9, r2c1 = 8
        // (5 + 6 + 7 + 1 + 8 = 27), r2c6 = 5 (2 + 3 + 4 + 8 + 5 = 22).
        let digit = |p: usize| -> i64 {
            match p {
                9 => 8,
                14 => 5,
                _ => [5, 6, 7, 1, 2, 3, 4, 8, 9][p],
            }
        };
        for d in &row {
            let sum: i64 = d.terms.iter().map(|&(p, w)| w * digit(p)).sum();
            assert_eq!(sum, d.target);
        }
        // None repeats the cells of a cage or of a sum derived otherwise.
        let mut others: Vec<Vec<usize>> = derive_sized(&geometry, &cages, 1..=MAX_PROMISED)
            .iter()
            .map(|d| d.terms.iter().map(|t| t.0).collect())
            .collect();
        others.extend(cages.iter().map(|c| c.1.clone()));
        assert!(outies
            .iter()
            .all(|d| !others.contains(&d.terms.iter().map(|t| t.0).collect())));
        assert!(outies
            .iter()
            .all(|d| (2..=MAX_PROMISED).contains(&d.terms.len())));
    }

    #[test]
    fn bands_give_the_small_innies_and_outies_of_cages_mostly_inside() {
        // mathemagic-killers-01's first two rows: four cages of five cells lie mostly in them
        // (the fourth with r3c4 below), with r2c7 in a cage mostly below; the band's innie
        // r2c7 and the outies r3c4 r3c9 r4c9 give r3c4 + r3c9 + r4c9 - r2c7 = 27 + 22 + 30 +
        // 22 - 90 = 11.
        let geometry = Geometry::new(9, None, None, &[], None).unwrap();
        let at = |r: usize, c: usize| (r - 1) * 9 + c - 1;
        let cage = |sum: u32, cells: &[(usize, usize)]| {
            let mut cells: Vec<usize> = cells.iter().map(|&(r, c)| at(r, c)).collect();
            cells.sort_unstable();
            (sum, cells)
        };
        let cages = vec![
            cage(27, &[(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)]),
            cage(22, &[(1, 5), (1, 6), (1, 7), (1, 8), (2, 6)]),
            cage(30, &[(1, 9), (2, 8), (2, 9), (3, 9), (4, 9)]),
            cage(22, &[(2, 2), (2, 3), (2, 4), (2, 5), (3, 4)]),
            cage(19, &[(2, 7), (3, 7), (4, 6), (4, 7), (5, 6)]),
        ];
        let bands = derive_overlaps(&geometry, &cages);
        let two = bands
            .iter()
            .find(|d| d.house == "the first rows 2")
            .unwrap();
        let mut terms = vec![(at(3, 4), 1), (at(3, 9), 1), (at(4, 9), 1), (at(2, 7), -1)];
        terms.sort_unstable();
        assert_eq!(two.terms, terms);
        assert_eq!(two.target, 11);
        // None repeats the cells of a cage or of a sum derived otherwise, each is small.
        let mut others: Vec<Vec<usize>> = derive_sized(&geometry, &cages, 1..=MAX_PROMISED)
            .iter()
            .chain(&derive_outies(&geometry, &cages))
            .map(|d| d.terms.iter().map(|t| t.0).collect())
            .collect();
        others.extend(cages.iter().map(|c| c.1.clone()));
        for d in &bands {
            assert!(!others.contains(&d.terms.iter().map(|t| t.0).collect()));
            assert!(d.terms.len() <= 9);
            let minus = d.terms.iter().filter(|t| t.1 < 0).count();
            assert!(minus <= 2 || d.terms.len() - minus <= 2);
            assert!(minus <= d.terms.len() - minus);
        }
        // Several grids or overlapping cages: none.
        let overlapping = vec![(3, vec![0, 1]), (7, vec![1, 2])];
        assert!(derive_overlaps(&geometry, &overlapping).is_empty());
    }

    #[test]
    fn houses_are_units_runs_of_lines_and_touching_boxes() {
        let geometry = Geometry::new(4, None, None, &[], None).unwrap();
        let (houses, singles) = houses(&geometry);
        // 4 rows, 4 columns, 4 boxes; runs of 2 and 3 rows and columns; 4 touching box pairs.
        assert_eq!(singles, 12);
        assert_eq!(houses.len(), 12 + 2 * (3 + 2) + 4);
        let names: Vec<&str> = houses.iter().map(|h| h.name.as_str()).collect();
        assert!(names.contains(&"rows 2-4") && names.contains(&"box 1 and box 3"));
        assert!(houses.iter().all(|h| h.cells.len() == 4 * h.units));
    }
}
