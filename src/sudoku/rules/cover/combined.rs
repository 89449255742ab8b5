//! Sums made of sums: two sums over cells that do not overlap add up to a sum over their
//! union, and where many cells of one see cells of the other, the union's digits are bound
//! more tightly than each part's (cells that see one another take different digits, so a
//! group of `k` of them adds up to at least `1 + ... + k`). The Interactive Sudoku Solver
//! joins sums so (`_makeCombinedSumHandlers`); [`joined`] does the same, greedily:
//!
//! - every sum of unit weights is a *record*: its cells split into groups that see one
//!   another (greedily, [`groups`]), the least and greatest total those groups allow
//!   (`min`, `max`), its freedom `dof = min(target - min, max - target)`, and its score
//!   `sum over groups of k (n - k) - dof`: high when the groups are large and the target near
//!   an end of what they allow;
//! - two records are *related* when they share no cell and at least [`RELATED`] cells of the
//!   smaller see a cell of the larger; their union is a candidate when its score beats both
//!   parts' (or their total);
//! - the best candidate (highest score, then the greater key) replaces its two parts, and
//!   new candidates are made with it, until none is left;
//! - the unions with a positive score are the sums made of sums.
//!
//! Each union holds in every solution (it is the total of two sums that hold), so promising
//! it to the search keeps counts exact; what it adds is bounds the parts alone do not see.

use std::collections::BTreeMap;

use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::unit_index::UnitIndex;

/// Cells of the smaller sum that must see a cell of the larger for the two to be joined
/// (ISS's `MIN_OVERLAP_COUNT`).
const RELATED: usize = 6;

/// A sum of unit weights as [`joined`] weighs it.
///
/// Invariants: `cells` is in increasing order, each once; `key` is `cells` written out,
/// comma-separated (the order of ties); `score` is worked out from `cells` and `target` by
/// [`Record::new`].
#[derive(Debug, Clone)]
struct Record {
    cells: Vec<usize>,
    key: String,
    target: i64,
    score: i64,
    original: bool,
}

impl Record {
    /// The record of `cells` (increasing, each once) adding up to `target` on a grid of `n`
    /// digits, or `None` when the groups cannot make the target at all.
    fn new(
        cells: Vec<usize>,
        target: i64,
        n: i64,
        units: &UnitIndex,
        original: bool,
    ) -> Option<Self> {
        let groups = groups(&cells, units);
        let (mut min, mut range) = (0i64, 0i64);
        for &k in &groups {
            let k = k as i64;
            min += k * (k + 1) / 2;
            range += (n - k) * k;
        }
        let max = min + range;
        if target < min || target > max {
            return None;
        }
        let dof = (target - min).min(max - target);
        let score = groups
            .iter()
            .map(|&k| k as i64 * (n - k as i64) - dof)
            .sum();
        let key = cells
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",");
        Some(Record {
            cells,
            key,
            target,
            score,
            original,
        })
    }

    /// Whether `self` goes before `other`: the higher score, then the greater key.
    fn better(&self, other: &Record) -> bool {
        (self.score, &self.key) > (other.score, &other.key)
    }
}

/// The sizes of groups of `cells` that see one another, grown greedily: each group starts
/// from the cells left, and takes the cell that sees the most of the cells that could still
/// join (the first such in order), until none can (ISS's `findExclusionGroupsGreedy`).
fn groups(cells: &[usize], units: &UnitIndex) -> Vec<usize> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut sizes = Vec::new();
    while !left.is_empty() {
        let mut candidates = left.clone();
        let mut size = 0;
        while !candidates.is_empty() {
            let seen = |c: usize, among: &[usize]| {
                among
                    .iter()
                    .filter(|&&d| d != c && units.share(c, d))
                    .count()
            };
            let (best, _) = candidates.iter().map(|&c| (c, seen(c, &candidates))).fold(
                (usize::MAX, 0),
                |(b, bs), (c, s)| {
                    if b == usize::MAX || s > bs {
                        (c, s)
                    } else {
                        (b, bs)
                    }
                },
            );
            size += 1;
            left.retain(|&c| c != best);
            candidates.retain(|&c| c != best && units.share(c, best));
        }
        sizes.push(size);
    }
    sizes
}

/// Whether `a` and `b` share no cell and at least [`RELATED`] cells of the smaller see a cell
/// of the larger.
fn related(a: &Record, b: &Record, units: &UnitIndex) -> bool {
    if a.cells.iter().any(|c| b.cells.binary_search(c).is_ok()) {
        return false;
    }
    let (small, big) = if b.cells.len() < a.cells.len() {
        (b, a)
    } else {
        (a, b)
    };
    small.cells.len() >= RELATED
        && small
            .cells
            .iter()
            .filter(|&&c| big.cells.iter().any(|&d| units.share(c, d)))
            .count()
            >= RELATED
}

/// The union of `a` and `b` when it is worth joining (see the module documentation).
fn union(a: &Record, b: &Record, n: i64, units: &UnitIndex) -> Option<Record> {
    if !related(a, b, units) {
        return None;
    }
    let mut cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
    cells.sort_unstable();
    let joined = Record::new(cells, a.target + b.target, n, units, false)?;
    let beats_both = joined.score > a.score && joined.score > b.score;
    (beats_both || joined.score > a.score + b.score).then_some(joined)
}

/// The sums made of `sums` on a grid of `n` digits whose cells see one another as `units`
/// say (see the module documentation): none of `sums` itself, each a union of two or more of
/// those with unit weights, in the order of their keys.
pub(crate) fn joined(sums: &[LinearSum], n: usize, units: &UnitIndex) -> Vec<LinearSum> {
    let n = n as i64;
    // The records in play, by key (a key twice is the first sum's).
    let mut active: BTreeMap<String, Record> = BTreeMap::new();
    for sum in sums {
        if sum.terms.is_empty() || sum.terms.iter().any(|&(_, w)| w != 1) {
            continue;
        }
        let mut cells: Vec<usize> = sum.terms.iter().map(|&(p, _)| p).collect();
        cells.sort_unstable();
        if let Some(r) = Record::new(cells, sum.target, n, units, true) {
            active.entry(r.key.clone()).or_insert(r);
        }
    }
    let mut candidates: Vec<(Record, String, String)> = Vec::new();
    let push = |candidates: &mut Vec<(Record, String, String)>,
                active: &BTreeMap<String, Record>,
                a: &Record,
                b: &Record| {
        if let Some(u) = union(a, b, n, units) {
            if !active.contains_key(&u.key) {
                candidates.push((u, a.key.clone(), b.key.clone()));
            }
        }
    };
    let records: Vec<Record> = active.values().cloned().collect();
    for (i, a) in records.iter().enumerate() {
        for b in &records[i + 1..] {
            push(&mut candidates, &active, a, b);
        }
    }
    loop {
        // Candidates whose parts are gone or whose union is in play already are dropped.
        candidates.retain(|(u, a, b)| {
            active.contains_key(a) && active.contains_key(b) && !active.contains_key(&u.key)
        });
        let Some(best) = (0..candidates.len()).reduce(|i, j| {
            if candidates[j].0.better(&candidates[i].0) {
                j
            } else {
                i
            }
        }) else {
            break;
        };
        let (u, a, b) = candidates.swap_remove(best);
        active.remove(&a);
        active.remove(&b);
        let others: Vec<Record> = active.values().cloned().collect();
        active.insert(u.key.clone(), u.clone());
        for other in &others {
            push(&mut candidates, &active, &u, other);
        }
    }
    active
        .into_values()
        .filter(|r| !r.original && r.score > 0)
        .map(|r| LinearSum {
            terms: r.cells.iter().map(|&p| (p, 1)).collect(),
            target: r.target,
        })
        .collect()
}

/// Sums the houses make of the sums inside them: where sums of unit weights that share no
/// cell lie whole inside a house of `n` cells (every digit once, `1 + ... + n` in all), the
/// house's other cells add up to the rest (ISS's hidden cages, `_makeHiddenCageHandlers`).
/// One sum per house whose sums inside hold two cells or more and leave a cell over; the
/// sums inside are taken in order, each unless it shares a cell with one taken before.
pub(crate) fn complements(sums: &[LinearSum], n: usize, units: &UnitIndex) -> Vec<LinearSum> {
    let total = (n * (n + 1) / 2) as i64;
    let mut out = Vec::new();
    for unit in units.all().iter().filter(|u| u.cells.len() == n) {
        let mut inside: Vec<usize> = Vec::new();
        let mut target = total;
        for sum in sums {
            let whole = sum
                .terms
                .iter()
                .all(|&(p, w)| w == 1 && unit.cells.contains(&p));
            if sum.terms.is_empty() || !whole || sum.terms.iter().any(|(p, _)| inside.contains(p)) {
                continue;
            }
            inside.extend(sum.terms.iter().map(|&(p, _)| p));
            target -= sum.target;
        }
        if inside.len() < 2 || inside.len() >= n {
            continue;
        }
        out.push(LinearSum {
            terms: unit
                .cells
                .iter()
                .filter(|p| !inside.contains(p))
                .map(|&p| (p, 1))
                .collect(),
            target,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::Rules;

    fn units() -> UnitIndex {
        Rules::classic().unit_index().clone()
    }

    fn sum(cells: &[usize], target: i64) -> LinearSum {
        LinearSum {
            terms: cells.iter().map(|&p| (p, 1)).collect(),
            target,
        }
    }

    #[test]
    fn a_row_is_one_group_and_cells_apart_are_groups_of_one() {
        let u = units();
        assert_eq!(groups(&(0..9).collect::<Vec<_>>(), &u), [9]);
        // A diagonal: no two cells share a row, column or box but within a box.
        assert_eq!(groups(&[0, 10, 20, 30, 40, 50, 60, 70, 80], &u), [3, 3, 3]);
    }

    #[test]
    fn two_diagonals_through_the_same_boxes_join_where_the_total_is_tight() {
        let u = units();
        // Two diagonals of 8 cells beside the main one, 20 each: apart, each splits into
        // groups of 2, 2, 2, 1, 1 (least 11, greatest 69: score 58 - 5 * 9 = 13); together
        // into groups of 4, 4, 4, 1, 1, 1, 1 (least 34, greatest 126, 40 six from the least:
        // score 92 - 7 * 6 = 50).
        let a: Vec<usize> = (0..8).map(|i| i * 9 + i + 1).collect();
        let b: Vec<usize> = (0..8).map(|i| (i + 1) * 9 + i).collect();
        assert_eq!(groups(&a, &u), [2, 2, 2, 1, 1]);
        let mut cells: Vec<usize> = a.iter().chain(&b).copied().collect();
        cells.sort_unstable();
        assert_eq!(groups(&cells, &u), [4, 4, 4, 1, 1, 1, 1]);
        let out = joined(&[sum(&a, 20), sum(&b, 20)], 9, &u);
        assert_eq!(out, [sum(&cells, 40)]);
        // A loose total (72: 38 from the least) scores below 0 and is not promised.
        assert!(joined(&[sum(&a, 36), sum(&b, 36)], 9, &u).is_empty());
        // Weighted sums and overlapping ones are left alone.
        let mut weighted = sum(&a, 20);
        weighted.terms[0].1 = 2;
        assert!(joined(&[weighted, sum(&b, 20)], 9, &u).is_empty());
        assert!(joined(&[sum(&a, 20), sum(&a, 20)], 9, &u).is_empty());
    }

    #[test]
    fn sums_made_of_sums_keep_the_count_and_cut_the_tree_of_a_published_little_killer() {
        use crate::sudoku::encode::{encode_with_owners, encode_with_sums};
        use crate::sudoku::file::PuzzleFile;
        use crate::sudoku::validate::validate;
        use crate::xc::{CountOptions, Dlx, OptionSum};
        // little_killer_snipes_05: ISS joins two of its diagonals; so does `joined`, and
        // `complements` adds the rest of a box around two short diagonals in it.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/logic/little_killer_snipes_05.json"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let file: PuzzleFile = crate::sudoku::fpuzzles::read(&text).unwrap().into();
        let (problem, numbering, sums) = encode_with_sums(&file.rules);
        let (_, _, owners) = encode_with_owners(&file.rules);
        let cells = |sum: &OptionSum| -> Vec<usize> {
            let mut cells: Vec<usize> = sum
                .slots
                .iter()
                .map(|slot| numbering.cell_digit(slot[0].0).unwrap().0)
                .collect();
            cells.sort_unstable();
            cells
        };
        let clues: Vec<Vec<usize>> = owners
            .sums
            .iter()
            .map(|p| {
                let mut c: Vec<usize> = p.terms.iter().map(|&(q, _)| q).collect();
                c.sort_unstable();
                c
            })
            .collect();
        let (plain, made): (Vec<&OptionSum>, Vec<&OptionSum>) =
            sums.iter().partition(|s| clues.contains(&cells(s)));
        assert!(!made.is_empty(), "a sum made of sums");
        let search = |with: &[&OptionSum]| {
            let mut dlx = Dlx::new(&problem);
            for sum in with {
                dlx.add_sum(sum).unwrap();
            }
            for (p, &d) in file.givens.cells().iter().enumerate() {
                if d != 0 {
                    dlx.commit(numbering.option_of(p, d).unwrap()).unwrap();
                }
            }
            let counted = dlx.count(CountOptions::new());
            let solution = numbering.decode(&dlx.first().0.unwrap());
            validate(&file.rules, &file.givens, &solution).unwrap();
            (counted.count, counted.stats.nodes, solution)
        };
        let without = search(&plain);
        let all: Vec<&OptionSum> = sums.iter().collect();
        let with = search(&all);
        assert_eq!((without.0, with.0), (1, 1));
        assert_eq!(without.2, with.2);
        assert!(with.1 < without.1, "{} nodes against {}", with.1, without.1);
    }

    #[test]
    fn the_rest_of_a_box_around_two_diagonals_adds_up_to_the_rest_of_45() {
        let u = units();
        // Box 1 (cells 0, 1, 2, 9, 10, 11, 18, 19, 20) holds the diagonals 2-10-18 (12) and
        // 1-9 (11): its other cells add up to 45 - 23 (ISS's hidden cage [0, 11, 19, 20]).
        let sums = [
            sum(&[2, 10, 18], 12),
            sum(&[1, 9], 11),
            sum(&[3, 11, 19], 14),
        ];
        assert_eq!(complements(&sums, 9, &u), [sum(&[0, 11, 19, 20], 22)]);
        // A sum that leaves the box, or a lone cell inside it, makes none.
        assert!(complements(&sums[2..], 9, &u).is_empty());
        assert!(complements(&[sum(&[0], 5)], 9, &u).is_empty());
        // Overlapping sums inside: the first is taken, the other left out.
        let overlapping = [sum(&[2, 10, 18], 12), sum(&[2, 10], 8)];
        assert_eq!(
            complements(&overlapping, 9, &u),
            [sum(&[0, 1, 9, 11, 19, 20], 33)]
        );
    }
}
