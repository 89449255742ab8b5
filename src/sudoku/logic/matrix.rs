//! The rules as one exact-cover matrix, the way the generic techniques reason with it.
//!
//! Every rule is compiled into items and options ([`crate::sudoku::encode`]): one option per
//! (cell, digit), the constraints' own options after them, and items that solutions cover
//! exactly once (primary) or at most once, or in one color (secondary). Two options
//! *conflict* when no solution holds both: they share a primary or uncolored secondary item,
//! or give a colored item two colors. The logic keeps, beside the pencil marks, which of the
//! constraints' own options are still possible; a cell option is possible while its digit is
//! a candidate.
//!
//! The matrix is built for every rule set small enough ([`MAX_OPTIONS`]); where the rules
//! have more options, without the rule instances with the most options of their own, as
//! long as the rest fit ([`relaxed`]: what the techniques find on the rest holds). On classic rules
//! (rows, columns and boxes alone, with every digit possible in every cell:
//! [`Matrix::classic`]) the generic techniques come after every classic one, so that the
//! steps and grades of the classic puzzles the classic techniques solve stay what they always
//! were, and the generic ones (set pairs and triples over any items, contradiction chains)
//! go on where those stall. Units beyond them (jigsaw regions, diagonals, windows, extra
//! regions) take the generic techniques in their usual places.

use std::fmt;

use super::mask::spans;
use crate::sudoku::encode::{Numbering, Owners};
use crate::sudoku::rules::{Rules, UnitKind};
use crate::xc::{ItemKind, OptionId, Problem};

/// Options beyond which the matrix logic stays off: its conflict table grows as the square
/// of the options (16 000 options take 32 MB).
const MAX_OPTIONS: usize = 16_000;

/// What an item stands for, as a person names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum What {
    /// The cell at a position holds one digit.
    Cell(usize),
    /// Unit `u` holds digit `d` once.
    Unit(usize, u8),
    /// A rule between two cells: the index of the pair in [`Rules::pairs`].
    Pair(usize),
    /// An item a constraint family added: the family's index in the rule set's constraints,
    /// and the instance, when the family named it.
    Rule(usize, Option<usize>),
}

/// A primary item: what it stands for and the options that cover it.
#[derive(Debug, Clone)]
pub(super) struct Item {
    /// The item's id in the encoding.
    pub(super) id: u32,
    pub(super) what: What,
    pub(super) options: Vec<u32>,
    /// The same options as bits: each word of the option bit sets holding some, with those
    /// bits, in increasing order of word (the chains read an item a word at a time).
    pub(super) spans: Vec<(u32, u64)>,
}

/// The matrix of a rule set (see the module documentation).
///
/// Invariants: options `0..cell_options` are the cell options, `cell_digit[o]` the position
/// and digit of cell option `o`; `conflicts[o * words..(o + 1) * words]` has bit `q` for
/// every option `q != o` that no solution holds together with `o`, and `conflict_counts[o]`
/// is the number of those bits; `items` are the primary items, and
/// `items_of[o]` the indices in `items` of those option `o` covers.
pub(super) struct Matrix {
    pub(super) n: usize,
    pub(super) cell_options: usize,
    pub(super) count: usize,
    pub(super) words: usize,
    conflicts: Vec<u64>,
    /// How many options conflict with every option (the bits of its row: what a chain is
    /// charged for holding it).
    pub(super) conflict_counts: Vec<u32>,
    /// The words of every option's conflicts that hold some bit, in increasing order.
    pub(super) conflict_words: Vec<Vec<u32>>,
    pub(super) items: Vec<Item>,
    pub(super) items_of: Vec<Vec<u32>>,
    pub(super) cell_digit: Vec<(usize, u8)>,
    option_of: Vec<u32>,
    /// What every item stands for, by item id.
    pub(super) whats: Vec<What>,
    /// The items of every option, with their colors (0 for none).
    pub(super) option_items: Vec<Vec<(u32, u32)>>,
    /// The constraint that left out each cell option (position, digit) the rules forbid.
    pub(super) forbidden_by: std::collections::HashMap<(usize, u8), What>,
    /// The options of every item (by item id) that holds at most one option of a solution,
    /// the *lines* of [`super::covers`]: primary items and secondary items without colors
    /// (empty for an item with colors, whose options of one color may go together).
    pub(super) lines: Vec<Vec<u32>>,
    /// The lines (item ids) through every option, in increasing order.
    pub(super) lines_of: Vec<Vec<u32>>,
}

impl fmt::Debug for Matrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Matrix({} options, {} primary items)",
            self.count,
            self.items.len()
        )
    }
}

/// What the matrix makes of a state: the possible options, the options chosen (the digits
/// placed), and the primary items they cover.
pub(super) struct View {
    pub(super) live: Vec<u64>,
    pub(super) chosen: Vec<usize>,
    pub(super) covered: Vec<bool>,
    /// A placed digit that no option puts there.
    pub(super) broken: bool,
}

impl View {
    pub(super) fn is_live(&self, o: usize) -> bool {
        self.live[o / 64] >> (o % 64) & 1 == 1
    }
}

impl Matrix {
    /// The matrix of a rule set, `None` when it is too large to reason with even without
    /// the largest rules ([`relaxed`]).
    pub(super) fn new(
        rules: &Rules,
        problem: &Problem,
        numbering: &Numbering,
        owners: &Owners,
    ) -> Option<Matrix> {
        let n = rules.size();
        let cells = rules.cells().len();
        let unit_items = cells + rules.units().len() * n;
        let cell_options = numbering.cell_options();
        let (kept, dropped) = relaxed(problem, cell_options, owners)?;
        let count = kept.len();
        let words = count.div_ceil(64);
        // The items of every option kept, with their colors (0 for none), less those of the
        // rules left out.
        let option_items: Vec<Vec<(u32, u32)>> = kept
            .iter()
            .map(|&o| {
                let option = OptionId(o);
                problem
                    .option(option)
                    .iter()
                    .zip(problem.option_colors(option))
                    .filter(|(item, _)| !dropped[item.index()])
                    .map(|(item, color)| (item.0, color.map_or(0, |c| c.get())))
                    .collect()
            })
            .collect();
        let mut occurrences: Vec<Vec<(u32, u32)>> = vec![Vec::new(); problem.item_count()];
        for (o, list) in option_items.iter().enumerate() {
            for &(x, c) in list {
                occurrences[x as usize].push((o as u32, c));
            }
        }
        let conflicts = conflict_rows(&occurrences, count, words);
        let conflict_counts = (0..count)
            .map(|o| {
                conflicts[o * words..(o + 1) * words]
                    .iter()
                    .map(|w| w.count_ones())
                    .sum()
            })
            .collect();
        let conflict_words = (0..count)
            .map(|o| {
                let row = &conflicts[o * words..(o + 1) * words];
                (0..words as u32)
                    .filter(|&w| row[w as usize] != 0)
                    .collect()
            })
            .collect();
        let mut whats = Vec::with_capacity(problem.item_count());
        for x in 0..cells {
            whats.push(What::Cell(rules.cells()[x]));
        }
        for x in cells..unit_items {
            whats.push(What::Unit((x - cells) / n, ((x - cells) % n) as u8 + 1));
        }
        for (k, pair) in rules.pairs().iter().enumerate() {
            for _ in rules.relation(pair).blocks() {
                whats.push(What::Pair(k));
            }
        }
        for x in whats.len()..problem.item_count() {
            let (family, instance) = owners.of(x).unwrap_or((0, None));
            whats.push(What::Rule(family, instance));
        }
        let forbidden_by = owners
            .forbidden
            .iter()
            .map(|&(p, d, family, instance)| ((p, d), What::Rule(family, instance)))
            .collect();
        let mut items = Vec::new();
        let mut items_of = vec![Vec::new(); count];
        for (x, list) in occurrences.iter().enumerate() {
            if dropped[x] || problem.kind(crate::xc::ItemId(x as u32)) != ItemKind::Primary {
                continue;
            }
            let what = whats[x];
            let k = items.len() as u32;
            for &(o, _) in list {
                items_of[o as usize].push(k);
            }
            items.push(Item {
                id: x as u32,
                what,
                options: list.iter().map(|&(o, _)| o).collect(),
                spans: spans(list.iter().map(|&(o, _)| o)),
            });
        }
        let lines: Vec<Vec<u32>> = occurrences
            .iter()
            .map(|list| {
                if list.iter().any(|&(_, c)| c != 0) {
                    Vec::new()
                } else {
                    list.iter().map(|&(o, _)| o).collect()
                }
            })
            .collect();
        let mut lines_of = vec![Vec::new(); count];
        for (x, list) in lines.iter().enumerate() {
            for &o in list {
                lines_of[o as usize].push(x as u32);
            }
        }
        let cell_digit = (0..cell_options)
            .map(|o| {
                numbering
                    .cell_digit(OptionId(o as u32))
                    .expect("a cell option")
            })
            .collect();
        let area = rules.rows() * rules.cols();
        let mut option_of = vec![u32::MAX; area * n];
        for p in 0..area {
            for d in 1..=n as u8 {
                if let Some(o) = numbering.option_of(p, d) {
                    option_of[p * n + d as usize - 1] = o.0;
                }
            }
        }
        Some(Matrix {
            n,
            cell_options,
            count,
            words,
            conflicts,
            conflict_counts,
            conflict_words,
            items,
            items_of,
            cell_digit,
            option_of,
            whats,
            option_items,
            forbidden_by,
            lines,
            lines_of,
        })
    }

    /// Whether the logic reasons with a matrix of the rules: it is small enough.
    pub(super) fn holds(rules: &Rules) -> bool {
        let (problem, _) = crate::sudoku::encode::encode(rules);
        Matrix::holds_problem(&problem)
    }

    /// [`Matrix::holds`] of the rules' encoding, already made.
    pub(super) fn holds_problem(problem: &Problem) -> bool {
        problem.option_count() <= MAX_OPTIONS
    }

    /// Whether the rules are classic: their encoding has the units' items alone and every
    /// (cell, digit) option (no pair, cage, line or forbidden digit), and every unit is a row,
    /// a column or a box, at any size and on any number of grids. Jigsaw regions, diagonals,
    /// windows and extra regions are not classic. On classic rules the generic techniques
    /// come after every classic one ([`State`](super::state::State)'s `matrix_late`), so that
    /// classic grading stays as it was where the classic techniques solve.
    pub(super) fn classic(rules: &Rules, problem: &Problem) -> bool {
        let n = rules.size();
        let cells = rules.cells().len();
        let plain = problem.item_count() == cells + rules.units().len() * n
            && problem.option_count() == cells * n;
        plain
            && rules.units().iter().all(|u| {
                matches!(
                    u.kind,
                    UnitKind::Row(_) | UnitKind::Column(_) | UnitKind::Box(_)
                )
            })
    }

    /// The options no solution holds together with `o`, as a bit set over the options.
    pub(super) fn conflicts(&self, o: usize) -> &[u64] {
        &self.conflicts[o * self.words..(o + 1) * self.words]
    }

    /// The option "`position` holds `digit`", `None` when the rules leave it out.
    pub(super) fn option_of(&self, position: usize, digit: u8) -> Option<usize> {
        let o = *self.option_of.get(position * self.n + digit as usize - 1)?;
        (o != u32::MAX).then_some(o as usize)
    }

    /// The items through which options `a` and `b` conflict: shared, and not both in one
    /// color.
    pub(super) fn between(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        let other = &self.option_items[b];
        self.option_items[a].iter().filter_map(move |&(x, c)| {
            other
                .iter()
                .find(|&&(y, _)| y == x)
                .filter(|&&(_, c2)| c == 0 || c2 != c)
                .map(|_| x as usize)
        })
    }

    /// The words of bit set that cover the cell options.
    pub(super) fn cell_words(&self) -> usize {
        self.cell_options.div_ceil(64)
    }

    /// Every constraint option possible: the start of [`Matrix::settle`].
    pub(super) fn all_alive(&self) -> Vec<u64> {
        let mut alive = vec![0u64; self.words];
        for o in self.cell_options..self.count {
            alive[o / 64] |= 1 << (o % 64);
        }
        alive
    }

    /// What the matrix makes of a state: `alive` says which constraint options are possible
    /// (its cell bits are ignored), the candidates which cell options are.
    pub(super) fn view(&self, values: &[u8], candidates: &[u64], alive: &[u64]) -> View {
        let mut live = alive.to_vec();
        for (o, &(p, d)) in self.cell_digit.iter().enumerate() {
            let bit = 1u64 << (o % 64);
            if values[p] == 0 && candidates[p] >> (d - 1) & 1 == 1 {
                live[o / 64] |= bit;
            } else {
                live[o / 64] &= !bit;
            }
        }
        let mut chosen = Vec::new();
        let mut broken = false;
        for (p, &v) in values.iter().enumerate() {
            if v != 0 {
                match self.option_of(p, v) {
                    Some(o) => chosen.push(o),
                    None => broken = true,
                }
            }
        }
        let mut covered = vec![false; self.items.len()];
        for &c in &chosen {
            for &i in &self.items_of[c] {
                covered[i as usize] = true;
            }
        }
        View {
            live,
            chosen,
            covered,
            broken,
        }
    }

    /// The live options of item `i`.
    pub(super) fn live_options<'a>(
        &'a self,
        view: &'a View,
        i: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        self.items[i]
            .options
            .iter()
            .map(|&o| o as usize)
            .filter(|&o| view.is_live(o))
    }

    /// Takes out of `alive` the constraint options that cannot be part of a solution given
    /// the state: those conflicting with a placed digit, and, until nothing changes, those
    /// that conflict with every possible option of some primary item. This is the silent
    /// bookkeeping of the constraints' own options (a person never sees them); the
    /// candidates it rules out are left for the steps to say.
    pub(super) fn settle(&self, values: &[u8], candidates: &[u64], alive: &mut [u64]) {
        let mut view = self.view(values, candidates, alive);
        if view.broken {
            return;
        }
        let first = self.cell_options / 64;
        for &c in &view.chosen {
            let row = self.conflicts(c);
            for w in first..self.words {
                alive[w] &= !row[w];
                view.live[w] &= !row[w];
            }
        }
        let mut acc = vec![0u64; self.words];
        loop {
            let mut changed = false;
            for (i, item) in self.items.iter().enumerate() {
                if view.covered[i] {
                    continue;
                }
                acc[first..].fill(u64::MAX);
                let mut any = false;
                for &o in &item.options {
                    let o = o as usize;
                    if view.is_live(o) {
                        any = true;
                        let row = self.conflicts(o);
                        for w in first..self.words {
                            acc[w] &= row[w];
                        }
                    }
                }
                if !any {
                    return;
                }
                for w in first..self.words {
                    let kill = acc[w] & alive[w];
                    if kill != 0 {
                        alive[w] &= !kill;
                        view.live[w] &= !kill;
                        changed = true;
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// Whether the state has no solution as the matrix sees it: a placed digit no option
    /// puts there, or a primary item left uncovered with no possible option.
    pub(super) fn is_broken(&self, view: &View) -> bool {
        view.broken
            || (0..self.items.len())
                .any(|i| !view.covered[i] && self.live_options(view, i).next().is_none())
    }
}

/// The conflict rows of the options (`count` rows of `words` words; see [`Matrix`]), from the
/// options of every item with their colors (0 for none; `occurrences`). Two options conflict through an item they share unless both
/// give it one color.
///
/// An item with few options sets its conflicts bit by bit; one with more options than the
/// words its options span (the constraints' own options are numbered together, so a rule's
/// large item spans few words) ORs the words of its options into each of their rows, less
/// those of the option's own color: the same bits, in far fewer steps.
fn conflict_rows(occurrences: &[Vec<(u32, u32)>], count: usize, words: usize) -> Vec<u64> {
    let mut conflicts = vec![0u64; count * words];
    // The words of an item's options (from its first word), and of those of each color.
    let mut all: Vec<u64> = Vec::new();
    let mut colors: Vec<(u32, Vec<u64>)> = Vec::new();
    for list in occurrences {
        let (Some(first), Some(last)) = (
            list.iter().map(|&(q, _)| q as usize / 64).min(),
            list.iter().map(|&(q, _)| q as usize / 64).max(),
        ) else {
            continue;
        };
        let width = last - first + 1;
        if list.len() <= width {
            for &(o, c) in list {
                let row = &mut conflicts[o as usize * words..(o as usize + 1) * words];
                for &(q, c2) in list {
                    if c == 0 || c2 != c {
                        row[q as usize / 64] |= 1 << (q % 64);
                    }
                }
            }
            continue;
        }
        all.clear();
        all.resize(width, 0);
        colors.clear();
        for &(q, c) in list {
            let (w, bit) = (q as usize / 64 - first, 1u64 << (q % 64));
            all[w] |= bit;
            if c != 0 {
                let k = match colors.iter().position(|&(d, _)| d == c) {
                    Some(k) => k,
                    None => {
                        colors.push((c, vec![0; width]));
                        colors.len() - 1
                    }
                };
                colors[k].1[w] |= bit;
            }
        }
        for &(o, c) in list {
            let row = &mut conflicts[o as usize * words + first..][..width];
            let own = colors.iter().find(|&&(d, _)| c != 0 && d == c);
            match own {
                Some((_, same)) => {
                    for ((r, a), s) in row.iter_mut().zip(&all).zip(same) {
                        *r |= a & !s;
                    }
                }
                None => {
                    for (r, a) in row.iter_mut().zip(&all) {
                        *r |= a;
                    }
                }
            }
        }
    }
    for o in 0..count {
        conflicts[o * words + o / 64] &= !(1 << (o % 64));
    }
    conflicts
}

/// The options of the matrix (ids in `problem`, in order) and the items left out of it (by
/// item id), `None` when the cell options alone are more than [`MAX_OPTIONS`].
///
/// Where the whole encoding has more options than that (an arrow through most of the grid,
/// whose partial sums take thousands of options), the rule instances with the most options
/// of their own are left out, the largest first, until the rest fit: their items go from
/// every option, and their options with them. What is left is a relaxation of the rules (every
/// solution, less the options left out, still meets every item kept exactly once, or at most
/// once), so whatever the techniques rule out on it is ruled out by the rules; the sums the
/// instances left out promise are still reasoned with by the sum steps and the sum chains.
fn relaxed(
    problem: &Problem,
    cell_options: usize,
    owners: &Owners,
) -> Option<(Vec<u32>, Vec<bool>)> {
    let total = problem.option_count();
    let mut dropped = vec![false; problem.item_count()];
    if total <= MAX_OPTIONS {
        return Some(((0..total as u32).collect(), dropped));
    }
    // The options of each rule instance: those whose first item with an owner it owns.
    let owner = |o: usize| {
        problem
            .option(OptionId(o as u32))
            .iter()
            .find_map(|item| owners.of(item.index()))
    };
    let mut sizes: std::collections::HashMap<(usize, Option<usize>), usize> =
        std::collections::HashMap::new();
    for o in cell_options..total {
        if let Some(who) = owner(o) {
            *sizes.entry(who).or_default() += 1;
        }
    }
    let mut largest: Vec<((usize, Option<usize>), usize)> = sizes.into_iter().collect();
    largest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut left = total;
    let mut out = std::collections::HashSet::new();
    for (who, size) in largest {
        if left <= MAX_OPTIONS {
            break;
        }
        out.insert(who);
        left -= size;
    }
    if left > MAX_OPTIONS {
        return None;
    }
    for (x, flag) in dropped.iter_mut().enumerate() {
        *flag = owners.of(x).is_some_and(|who| out.contains(&who));
    }
    let kept: Vec<u32> = (0..total)
        .filter(|&o| {
            o < cell_options
                || problem
                    .option(OptionId(o as u32))
                    .iter()
                    .any(|item| !dropped[item.index()])
        })
        .map(|o| o as u32)
        .collect();
    (kept.len() <= MAX_OPTIONS).then_some((kept, dropped))
}

#[cfg(test)]
mod tests {
    use super::super::mask::bits;
    use super::*;
    use crate::sudoku::file::from_toml;

    /// An item's options as words of bits: each word once, in increasing order, whatever
    /// the order of the options; and the conflict words of an option are those its row has.
    #[test]
    fn options_become_words_of_bits() {
        assert_eq!(spans([].into_iter()), vec![]);
        assert_eq!(
            spans([3, 70, 5, 64, 200, 1].into_iter()),
            vec![(0, 0b101010), (1, 0b1000001), (3, 1 << 8)]
        );
        let file = from_toml(
            &std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/killer.toml"),
            )
            .unwrap(),
        )
        .unwrap();
        let (problem, numbering, owners) = crate::sudoku::encode::encode_with_owners(&file.rules);
        let matrix = Matrix::new(&file.rules, &problem, &numbering, &owners).unwrap();
        for o in 0..matrix.count {
            let row = matrix.conflicts(o);
            let words: Vec<u32> = (0..matrix.words as u32)
                .filter(|&w| row[w as usize] != 0)
                .collect();
            assert_eq!(matrix.conflict_words[o], words);
        }
        for item in &matrix.items {
            let mut options = Vec::new();
            for &(w, b) in &item.spans {
                options.extend(bits(&[b]).map(|q| w * 64 + q));
            }
            assert_eq!(options, item.options);
        }
    }

    /// Calls `check` with every example (`examples/*.toml`) whose rules fit in a matrix, and
    /// says how many it was called with.
    fn each_example_matrix(
        mut check: impl FnMut(&std::path::Path, &crate::sudoku::file::PuzzleFile, &Matrix),
    ) -> usize {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let file = from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let (problem, numbering, owners) =
                crate::sudoku::encode::encode_with_owners(&file.rules);
            if let Some(matrix) = Matrix::new(&file.rules, &problem, &numbering, &owners) {
                check(&path, &file, &matrix);
                seen += 1;
            }
        }
        seen
    }

    /// The conflict rows, made word-wise for items with many options, are those made option
    /// by option from every option's items and colors (two options conflict through an item
    /// they share unless both give it one color), and the counts are their bits, on every
    /// example with a matrix (cages, arrows, lines and sums with their colored items).
    #[test]
    fn conflict_rows_are_the_shared_items_of_two_options() {
        let checked = each_example_matrix(|path, _, matrix| {
            let mut of_item: std::collections::HashMap<u32, Vec<(usize, u32)>> =
                std::collections::HashMap::new();
            for (o, list) in matrix.option_items.iter().enumerate() {
                for &(x, c) in list {
                    of_item.entry(x).or_default().push((o, c));
                }
            }
            for (o, list) in matrix.option_items.iter().enumerate() {
                let mut row = vec![0u64; matrix.words];
                for &(x, c) in list {
                    for &(q, c2) in &of_item[&x] {
                        if q != o && (c == 0 || c2 != c) {
                            row[q / 64] |= 1 << (q % 64);
                        }
                    }
                }
                assert_eq!(
                    matrix.conflicts(o),
                    &row[..],
                    "{}: option {o}",
                    path.display()
                );
                let ones: u32 = row.iter().map(|w| w.count_ones()).sum();
                assert_eq!(matrix.conflict_counts[o], ones);
            }
        });
        assert!(checked > 20, "{checked} examples with a matrix");
    }

    /// Every item and every forbidden digit that a constraint family adds to the matrix of an
    /// example (`examples/*.toml`, one or more per family) belongs to an instance the family
    /// names in a person's words (`cage 3`, `quadruple 1`, `odd cell r1c1`), not to the
    /// family as a whole: every step that uses it can say which rule it used.
    #[test]
    fn every_familys_items_get_words() {
        let mut families = std::collections::BTreeSet::new();
        each_example_matrix(|path, file, matrix| {
            let all = file.rules.constraints().all();
            let whats = matrix.whats.iter().chain(matrix.forbidden_by.values());
            for &what in whats {
                let What::Rule(family, instance) = what else {
                    continue;
                };
                let name = path.display();
                assert!(
                    instance.is_some(),
                    "{name}: an item of family {family} unnamed"
                );
                let words = all[family].words(instance);
                assert!(
                    !words.is_empty() && words != all[family].words(None),
                    "{name}: {words:?} names no instance"
                );
                families.insert(words.split(' ').next().unwrap_or("").to_string());
            }
        });
        for family in [
            "cage",
            "clone",
            "quadruple",
            "odd",
            "pencilmarks",
            "thermometer",
        ] {
            assert!(
                families.contains(family),
                "no example with {family}: {families:?}"
            );
        }
    }

    /// An arrow whose pill circle reads three digits and whose shaft runs through the rest
    /// of the grid takes more options than the matrix holds: the matrix is made without it
    /// (none of its items, none of its own options), and the thermometer beside it is kept.
    #[test]
    fn the_largest_rules_are_left_out_where_the_whole_does_not_fit() {
        // The shaft snakes through the grid from r1c4: rows left to right, then right to left.
        let shaft: Vec<String> = (1..=9)
            .flat_map(|r| (1..=9).map(move |c| (r, if r % 2 == 1 { c } else { 10 - c })))
            .filter(|&(r, c)| r > 1 || c > 3)
            .map(|(r, c)| format!("r{r}c{c}"))
            .collect();
        let text = format!(
            "givens = \"{}\"\n[[arrow]]\ncircle = \"r1c1 r1c2 r1c3\"\nshaft = \"{}\"\n\
             [[thermometer]]\ncells = \"r5c5 r5c6 r5c7\"\n",
            ".".repeat(81),
            shaft.join(" ")
        );
        let file = from_toml(&text).unwrap();
        let (problem, numbering, owners) = crate::sudoku::encode::encode_with_owners(&file.rules);
        assert!(problem.option_count() > MAX_OPTIONS);
        let matrix = Matrix::new(&file.rules, &problem, &numbering, &owners).expect("a matrix");
        assert!(matrix.count <= MAX_OPTIONS);
        assert_eq!(matrix.cell_options, numbering.cell_options());
        let all = file.rules.constraints().all();
        let named: std::collections::BTreeSet<String> = matrix
            .items
            .iter()
            .filter_map(|item| match item.what {
                What::Rule(family, instance) => Some(all[family].words(instance)),
                _ => None,
            })
            .collect();
        assert!(named.iter().all(|w| !w.starts_with("arrow")), "{named:?}");
        // The cells are kept, and the thermometer's pairs: `r5c5 = 5` and `r5c6 = 4` conflict.
        assert!(matrix
            .items
            .iter()
            .any(|item| matches!(item.what, What::Cell(_))));
        let bulb = matrix.option_of(4 * 9 + 4, 5).expect("r5c5 = 5");
        let next = matrix.option_of(4 * 9 + 5, 4).expect("r5c6 = 4");
        assert!(matrix.conflicts(bulb)[next / 64] >> (next % 64) & 1 == 1);
        // A rule set that fits is made whole.
        let classic = Rules::classic();
        let (problem, numbering, owners) = crate::sudoku::encode::encode_with_owners(&classic);
        let matrix = Matrix::new(&classic, &problem, &numbering, &owners).expect("a matrix");
        assert_eq!(matrix.count, problem.option_count());
    }
}
