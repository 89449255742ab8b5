//! The generic techniques, on the exact-cover matrix ([`super::matrix`]): they hold for every
//! rule, present and future, because they only ask which options conflict.
//!
//! - *forbidden*: a candidate with no option (the rules leave no room for it: the bulb of a
//!   thermometer of four cells is below 7), or whose option conflicts with a placed digit;
//! - *only option*: a primary item with one possible option left: that option holds (naked
//!   and hidden singles are two cases; so is the only place on a line where a 9 fits);
//! - *domination*: every possible option of a primary item conflicts with an option, which
//!   therefore goes (pointing and claiming are cases, and so are most deductions of a rule
//!   between two cells);
//! - *contradiction chain*: a candidate whose placement, followed by the only options it
//!   leaves for a few rounds, leaves some item with no option at all.

use crate::sudoku::grid::Cell;

use super::matrix::{bits, Matrix, View, What};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

/// Rounds of forced options a contradiction chain may take.
const CHAIN_ROUNDS: usize = 6;

/// The killer of an option that a domination took out in a chain.
const DOMINATED: u32 = u32::MAX - 1;

impl State<'_> {
    pub(super) fn matrix_view(&self) -> Option<(&Matrix, View)> {
        let matrix = self.matrix.as_deref()?;
        let view = matrix.view(&self.values, &self.candidates, &self.alive);
        Some((matrix, view))
    }

    /// How a person names a primary item (index in the matrix's primary items): `r4c5`,
    /// `7 in box 3`, `thermometer 2`.
    fn item_words(&self, matrix: &Matrix, i: usize) -> String {
        self.what_words(matrix.items[i].what)
    }

    /// How a person names what an item stands for.
    pub(super) fn what_words(&self, what: What) -> String {
        match what {
            What::Cell(p) => self.cell(p).to_string(),
            What::Unit(u, d) => {
                format!("{} in {}", self.rules.symbols().name(d), self.unit_name(u))
            }
            What::Pair(k) => {
                let pair = &self.rules.pairs()[k];
                format!(
                    "{}, {}: {}",
                    self.cell(pair.a),
                    self.cell(pair.b),
                    self.rules.relation(pair).what()
                )
            }
            What::Rule(family, instance) => self.rules.constraints().all()[family].words(instance),
        }
    }

    /// The rules (units, rules between two cells, constraints) through which the options of
    /// each pair conflict, named once each in order of appearance; a cell's own item is left
    /// out (two digits of one cell need no rule).
    fn rules_between(
        &self,
        matrix: &Matrix,
        pairs: impl IntoIterator<Item = (usize, usize)>,
    ) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (a, b) in pairs {
            for x in matrix.between(a, b) {
                let what = matrix.whats[x];
                if matches!(what, What::Cell(_)) {
                    continue;
                }
                let words = self.what_words(what);
                if !names.contains(&words) {
                    names.push(words);
                }
            }
        }
        names
    }

    /// The cell and digit of a cell option, `None` for a constraint's own option.
    fn cell_of_option(&self, matrix: &Matrix, o: usize) -> Option<(Cell, u8)> {
        (o < matrix.cell_options).then(|| {
            let (p, d) = matrix.cell_digit[o];
            (self.cell(p), d)
        })
    }

    /// The live cell options among a bit set, as eliminations.
    pub(super) fn eliminations_in(&self, matrix: &Matrix, set: &[u64]) -> Vec<(Cell, u8)> {
        bits(&set[..matrix.cell_words()])
            .map(|o| o as usize)
            .filter(|&o| o < matrix.cell_options)
            .map(|o| {
                let (p, d) = matrix.cell_digit[o];
                (self.cell(p), d)
            })
            .collect()
    }

    /// Candidates the rules leave no option for, else those a placed digit's option
    /// conflicts with.
    pub(super) fn forbidden(&self) -> Option<Step> {
        let (matrix, view) = self.matrix_view()?;
        let mut none = Vec::new();
        let mut by = Vec::new();
        for &p in self.rules.cells() {
            if self.values[p] != 0 {
                continue;
            }
            for d in super::mask::digits_of(self.candidates[p]) {
                if matrix.option_of(p, d).is_none() {
                    none.push((self.cell(p), d));
                    if let Some(&what) = matrix.forbidden_by.get(&(p, d)) {
                        let words = self.what_words(what);
                        if !by.contains(&words) {
                            by.push(words);
                        }
                    }
                }
            }
        }
        if !none.is_empty() {
            return Some(Step {
                technique: Technique::Forbidden,
                placements: Vec::new(),
                eliminations: none,
                units: by,
                cells: Vec::new(),
                digits: Vec::new(),
            });
        }
        for &c in &view.chosen {
            let mut set: Vec<u64> = matrix.conflicts(c).to_vec();
            for (w, word) in set.iter_mut().enumerate() {
                *word &= view.live[w];
            }
            let eliminations = self.eliminations_in(matrix, &set);
            if !eliminations.is_empty() {
                let (cell, d) = self.cell_of_option(matrix, c).expect("a placed digit");
                let gone = cell_bits(matrix, &set);
                return Some(Step {
                    technique: Technique::Forbidden,
                    placements: Vec::new(),
                    eliminations,
                    units: self.rules_between(matrix, gone.map(|q| (c, q))),
                    cells: vec![cell],
                    digits: vec![d],
                });
            }
        }
        None
    }

    /// A primary item with one possible option left, when holding it places a digit or
    /// eliminates a candidate.
    pub(super) fn only_option(&self) -> Option<Step> {
        let (matrix, view) = self.matrix_view()?;
        for i in 0..matrix.items.len() {
            if view.covered[i] {
                continue;
            }
            let mut live = matrix.live_options(&view, i);
            let (Some(o), None) = (live.next(), live.next()) else {
                continue;
            };
            let words = vec![self.item_words(matrix, i)];
            if let Some((cell, d)) = self.cell_of_option(matrix, o) {
                return Some(Step {
                    technique: Technique::OnlyOption,
                    placements: vec![(cell, d)],
                    eliminations: Vec::new(),
                    units: words,
                    cells: vec![cell],
                    digits: vec![d],
                });
            }
            let mut set: Vec<u64> = matrix.conflicts(o).to_vec();
            for (w, word) in set.iter_mut().enumerate() {
                *word &= view.live[w];
            }
            let eliminations = self.eliminations_in(matrix, &set);
            if !eliminations.is_empty() {
                let mut words = words;
                words.extend(self.rules_between(matrix, cell_bits(matrix, &set).map(|q| (o, q))));
                return Some(Step {
                    technique: Technique::OnlyOption,
                    placements: Vec::new(),
                    eliminations,
                    units: words,
                    cells: Vec::new(),
                    digits: Vec::new(),
                });
            }
        }
        None
    }

    /// Candidates that conflict with every possible option of some primary item; of the
    /// items that rule something out, the one with the fewest options (the first of those).
    pub(super) fn domination(&self) -> Option<Step> {
        let (matrix, view) = self.matrix_view()?;
        let words = matrix.cell_words();
        let mut acc = vec![0u64; words];
        let mut best: Option<(usize, usize, Vec<u64>)> = None;
        for i in 0..matrix.items.len() {
            if view.covered[i] {
                continue;
            }
            acc.fill(u64::MAX);
            let mut count = 0;
            for o in matrix.live_options(&view, i) {
                count += 1;
                for (a, &c) in acc.iter_mut().zip(matrix.conflicts(o)) {
                    *a &= c;
                }
                if best.as_ref().is_some_and(|b| count >= b.1) {
                    break;
                }
            }
            if count < 2 || best.as_ref().is_some_and(|b| count >= b.1) {
                continue;
            }
            for (a, &l) in acc.iter_mut().zip(&view.live) {
                *a &= l;
            }
            if acc.iter().any(|&w| w != 0) {
                best = Some((i, count, acc.clone()));
            }
        }
        let (i, _, set) = best?;
        let (cells, digits) = matrix
            .live_options(&view, i)
            .filter_map(|o| self.cell_of_option(matrix, o))
            .unzip();
        let mut units = vec![self.item_words(matrix, i)];
        let ways: Vec<usize> = matrix.live_options(&view, i).collect();
        let pairs = ways
            .iter()
            .flat_map(|&p| cell_bits(matrix, &set).map(move |q| (p, q)));
        for words in self.rules_between(matrix, pairs) {
            if !units.contains(&words) {
                units.push(words);
            }
        }
        Some(Step {
            technique: Technique::Domination,
            placements: Vec::new(),
            eliminations: self.eliminations_in(matrix, &set),
            units,
            cells,
            digits,
        })
    }

    /// A candidate whose placement leads, through options left alone for their items, to an
    /// item with no option, within [`CHAIN_ROUNDS`] rounds; of those, the shortest chain (the
    /// first candidate among equals).
    pub(super) fn contradiction_chain(&self) -> Option<Step> {
        let (matrix, view) = self.matrix_view()?;
        let mut best: Option<Chain> = None;
        // Chains of only options first; where there is none, chains that also drop what every
        // way left for an item rules out (dominations along the way).
        for dominations in [false, true] {
            if best.is_some() {
                break;
            }
            for o in bits(&view.live[..matrix.cell_words()]) {
                let o = o as usize;
                if o >= matrix.cell_options {
                    break;
                }
                let limit = best.as_ref().map_or(CHAIN_ROUNDS, |b| b.rounds - 1);
                if limit == 0 {
                    break;
                }
                if let Some(chain) = assume(matrix, &view, o, limit, dominations) {
                    best = Some(chain);
                }
            }
        }
        let chain = best?;
        let mut cells = Vec::new();
        let mut digits = Vec::new();
        for &o in std::iter::once(&chain.start).chain(&chain.trail) {
            if let Some((cell, d)) = self.cell_of_option(matrix, o) {
                cells.push(cell);
                digits.push(d);
            }
        }
        let (cell, d) = self.cell_of_option(matrix, chain.start)?;
        Some(Step {
            technique: Technique::ContradictionChain,
            placements: Vec::new(),
            eliminations: vec![(cell, d)],
            units: vec![self.item_words(matrix, chain.emptied)],
            cells,
            digits,
        })
    }
}

/// The cell options of a bit set.
fn cell_bits<'a>(matrix: &'a Matrix, set: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
    bits(&set[..matrix.cell_words()])
        .map(|o| o as usize)
        .filter(|&o| o < matrix.cell_options)
}

/// A contradiction found from an assumed option.
struct Chain {
    start: usize,
    /// The forced options the contradiction needs, in the order they were forced.
    trail: Vec<usize>,
    /// The item left with no option.
    emptied: usize,
    rounds: usize,
}

/// Assumes option `start` and forces, round after round, the one option left to any item,
/// for at most `limit` rounds; the contradiction if some item loses all its options.
fn assume(
    matrix: &Matrix,
    view: &View,
    start: usize,
    limit: usize,
    dominations: bool,
) -> Option<Chain> {
    let mut live = view.live.clone();
    let mut covered = view.covered.clone();
    let mut killer = vec![u32::MAX; matrix.count];
    let mut dominated_by = vec![u32::MAX; matrix.count];
    let mut acc = vec![0u64; matrix.words];
    let mut forced: Vec<(usize, usize)> = Vec::new();
    let mut frontier: Vec<u32> = Vec::new();
    let mut seen = vec![false; matrix.items.len()];
    let force = |o: usize,
                 live: &mut Vec<u64>,
                 covered: &mut Vec<bool>,
                 killer: &mut Vec<u32>,
                 next: &mut Vec<u32>| {
        for &i in &matrix.items_of[o] {
            covered[i as usize] = true;
        }
        for &q in &matrix.conflict_lists[o] {
            let q = q as usize;
            if live[q / 64] >> (q % 64) & 1 == 1 {
                live[q / 64] &= !(1 << (q % 64));
                killer[q] = o as u32;
                next.extend(matrix.items_of[q].iter().copied());
            }
        }
    };
    force(start, &mut live, &mut covered, &mut killer, &mut frontier);
    for round in 1..=limit {
        let mut next = Vec::new();
        seen.fill(false);
        for &i in &frontier {
            let i = i as usize;
            if covered[i] || seen[i] {
                continue;
            }
            seen[i] = true;
            let mut options = matrix.items[i]
                .options
                .iter()
                .map(|&o| o as usize)
                .filter(|&o| live[o / 64] >> (o % 64) & 1 == 1);
            match (options.next(), options.next()) {
                (None, _) => {
                    return Some(Chain {
                        start,
                        trail: needed(matrix, view, &killer, &dominated_by, &forced, start, i),
                        emptied: i,
                        rounds: round,
                    })
                }
                (Some(o), None) => {
                    forced.push((o, i));
                    force(o, &mut live, &mut covered, &mut killer, &mut next);
                }
                _ if dominations => {
                    acc.copy_from_slice(&live);
                    for o in matrix.items[i].options.iter().map(|&o| o as usize) {
                        if live[o / 64] >> (o % 64) & 1 == 1 {
                            for (a, &c) in acc.iter_mut().zip(matrix.conflicts(o)) {
                                *a &= c;
                            }
                        }
                    }
                    for q in bits(&acc).map(|q| q as usize).collect::<Vec<_>>() {
                        live[q / 64] &= !(1 << (q % 64));
                        killer[q] = DOMINATED;
                        dominated_by[q] = i as u32;
                        next.extend(matrix.items_of[q].iter().copied());
                    }
                }
                _ => {}
            }
        }
        if next.is_empty() {
            return None;
        }
        frontier = next;
    }
    None
}

/// The forced options a contradiction at item `emptied` rests on, in the order forced: the
/// options that killed its options, the options that killed the other options of the items
/// that forced those, and so on back to the assumption.
fn needed(
    matrix: &Matrix,
    view: &View,
    killer: &[u32],
    dominated_by: &[u32],
    forced: &[(usize, usize)],
    start: usize,
    emptied: usize,
) -> Vec<usize> {
    let reason: std::collections::HashMap<usize, usize> = forced.iter().copied().collect();
    let mut need = std::collections::HashSet::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut explained = std::collections::HashSet::new();
    // Why option q died: the forced option that killed it, or, for a domination, why the
    // dominating item's other options died.
    let mut push_killers = |i: usize, except: Option<usize>, stack: &mut Vec<usize>| {
        let mut dead: Vec<usize> = matrix.items[i]
            .options
            .iter()
            .map(|&q| q as usize)
            .filter(|&q| Some(q) != except && view.is_live(q) && killer[q] != u32::MAX)
            .collect();
        while let Some(q) = dead.pop() {
            if !explained.insert(q) {
                continue;
            }
            if killer[q] == DOMINATED {
                let j = dominated_by[q] as usize;
                dead.extend(
                    matrix.items[j]
                        .options
                        .iter()
                        .map(|&r| r as usize)
                        .filter(|&r| view.is_live(r) && killer[r] != u32::MAX),
                );
            } else {
                stack.push(killer[q] as usize);
            }
        }
    };
    push_killers(emptied, None, &mut stack);
    while let Some(f) = stack.pop() {
        if f == start || !need.insert(f) {
            continue;
        }
        if let Some(&i) = reason.get(&f) {
            push_killers(i, Some(f), &mut stack);
        }
    }
    forced
        .iter()
        .map(|&(o, _)| o)
        .filter(|o| need.contains(o))
        .collect()
}
