//! The generic techniques, on the exact-cover matrix ([`super::matrix`]): they hold for every
//! rule, present and future, because they only ask which options conflict.
//!
//! - *forbidden*: a candidate with no option (the rules leave no room for it: the bulb of a
//!   thermometer of four cells is below 7), or whose option conflicts with a placed digit;
//! - *only option*: a primary item with one possible option left: that option holds (naked
//!   and hidden singles are two cases; so is the only place on a line where a 9 fits);
//! - *domination*: every possible option of a primary item conflicts with an option, which
//!   therefore goes (pointing and claiming are cases, and so are most deductions of a rule
//!   between two cells).
//!
//! The contradiction chains on the same matrix are in [`super::chains`].

use crate::sudoku::grid::Cell;

use super::mask::bits;
use super::matrix::{Matrix, View, What};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    pub(super) fn matrix_view(&self) -> Option<(&Matrix, View)> {
        let matrix = self.matrix.as_deref()?;
        let view = matrix.view(&self.values, &self.candidates, &self.alive);
        Some((matrix, view))
    }

    /// How a person names a primary item (index in the matrix's primary items): `r4c5`,
    /// `7 in box 3`, `thermometer 2`.
    pub(super) fn item_words(&self, matrix: &Matrix, i: usize) -> String {
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
    pub(super) fn cell_of_option(&self, matrix: &Matrix, o: usize) -> Option<(Cell, u8)> {
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
}

/// The cell options of a bit set.
fn cell_bits<'a>(matrix: &'a Matrix, set: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
    bits(&set[..matrix.cell_words()])
        .map(|o| o as usize)
        .filter(|&o| o < matrix.cell_options)
}
