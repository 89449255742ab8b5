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

/// Rounds of forced options a long contradiction chain may take, looked for only where
/// those of [`CHAIN_ROUNDS`] found nothing: 12 solve `hs-killers-07` (stalled after 48 steps
/// with 6).
const LONG_CHAIN_ROUNDS: usize = 12;

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
    /// first candidate among equals). `work` bounds the options the chains may visit, and
    /// what they visit is taken from it: `Err(CutShort)` when it runs out first.
    ///
    /// Once a chain is found, the candidates after it are followed only as far as a shorter
    /// one would go. (Trying every candidate one round deeper at a time, to find short
    /// chains first, was slower on the published killers: 5.2 s instead of 3.4 s for
    /// `tarek_all_03`.)
    pub(super) fn contradiction_chain(&self, work: &mut u64) -> Result<Option<Step>, CutShort> {
        self.chain_within(CHAIN_ROUNDS, Technique::ContradictionChain, work)
    }

    /// A contradiction chain of more than [`CHAIN_ROUNDS`] rounds and at most
    /// [`LONG_CHAIN_ROUNDS`], as [`State::contradiction_chain`] finds one: tried where no
    /// shorter chain is found ([`Technique::LongContradictionChain`]).
    pub(super) fn long_contradiction_chain(
        &self,
        work: &mut u64,
    ) -> Result<Option<Step>, CutShort> {
        self.chain_within(LONG_CHAIN_ROUNDS, Technique::LongContradictionChain, work)
    }

    /// The shortest contradiction chain of at most `rounds` rounds, as a step of `technique`.
    fn chain_within(
        &self,
        rounds: usize,
        technique: Technique,
        work: &mut u64,
    ) -> Result<Option<Step>, CutShort> {
        let Some((matrix, view)) = self.matrix_view() else {
            return Ok(None);
        };
        let mut scratch = Scratch::new(matrix, &view);
        let starts: Vec<usize> = bits(&view.live[..matrix.cell_words()])
            .map(|o| o as usize)
            .take_while(|&o| o < matrix.cell_options)
            .collect();
        let mut found = None;
        // Chains of only options first; where there is none, chains that also drop what every
        // way left for an item rules out (dominations along the way).
        for dominations in [false, true] {
            let mut limit = rounds;
            for &o in &starts {
                match assume(matrix, &view, &mut scratch, o, limit, dominations, work) {
                    Outcome::Chain(chain) => {
                        limit = chain.rounds - 1;
                        found = Some(chain);
                        if limit == 0 {
                            break;
                        }
                    }
                    Outcome::Limit | Outcome::Settled => {}
                    Outcome::CutShort => return Err(CutShort),
                }
            }
            if found.is_some() {
                break;
            }
        }
        let Some(chain) = found else {
            return Ok(None);
        };
        let mut cells = Vec::new();
        let mut digits = Vec::new();
        for &o in std::iter::once(&chain.start).chain(&chain.trail) {
            if let Some((cell, d)) = self.cell_of_option(matrix, o) {
                cells.push(cell);
                digits.push(d);
            }
        }
        let Some((cell, d)) = self.cell_of_option(matrix, chain.start) else {
            return Ok(None);
        };
        Ok(Some(Step {
            technique,
            placements: Vec::new(),
            eliminations: vec![(cell, d)],
            units: vec![self.item_words(matrix, chain.emptied)],
            cells,
            digits,
        }))
    }
}

/// The search for a step ran out of the work it was given before it had tried every
/// technique: it neither found a step nor showed that none applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutShort;

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
    /// The round it was left empty in.
    rounds: usize,
}

/// What following an assumed option found.
enum Outcome {
    /// An item left with no option.
    Chain(Chain),
    /// The forced options came to a rest without a contradiction: none at any depth.
    Settled,
    /// Still going after the rounds allowed.
    Limit,
    /// The work allowed ran out.
    CutShort,
}

/// The buffers of [`assume`], kept from one assumption to the next: each starts from the
/// view, and only what an assumption touched is set back.
///
/// Invariants between assumptions: `live` and `covered` are the view's, `killer` and
/// `dominated_by` are all `u32::MAX` (`killed` lists the entries set since the last reset).
struct Scratch {
    live: Vec<u64>,
    covered: Vec<bool>,
    killer: Vec<u32>,
    dominated_by: Vec<u32>,
    killed: Vec<u32>,
    acc: Vec<u64>,
    seen: Vec<bool>,
}

impl Scratch {
    fn new(matrix: &Matrix, view: &View) -> Scratch {
        Scratch {
            live: view.live.clone(),
            covered: view.covered.clone(),
            killer: vec![u32::MAX; matrix.count],
            dominated_by: vec![u32::MAX; matrix.count],
            killed: Vec::new(),
            acc: vec![0u64; matrix.words],
            seen: vec![false; matrix.items.len()],
        }
    }

    /// Back to the view, for the next assumption.
    fn reset(&mut self, view: &View) {
        self.live.copy_from_slice(&view.live);
        self.covered.copy_from_slice(&view.covered);
        for &q in &self.killed {
            self.killer[q as usize] = u32::MAX;
            self.dominated_by[q as usize] = u32::MAX;
        }
        self.killed.clear();
    }

    /// Takes out live option `q`, killed by `by` (an option, or [`DOMINATED`] by item
    /// `item`), and puts its items on the frontier `next`.
    fn kill(&mut self, matrix: &Matrix, q: usize, by: u32, item: u32, next: &mut Vec<u32>) {
        self.live[q / 64] &= !(1 << (q % 64));
        self.killer[q] = by;
        self.dominated_by[q] = item;
        self.killed.push(q as u32);
        next.extend(matrix.items_of[q].iter().copied());
    }

    /// Holds option `o`: covers its items and kills what conflicts with it.
    fn force(&mut self, matrix: &Matrix, o: usize, next: &mut Vec<u32>) {
        for &i in &matrix.items_of[o] {
            self.covered[i as usize] = true;
        }
        for &q in &matrix.conflict_lists[o] {
            let q = q as usize;
            if self.live[q / 64] >> (q % 64) & 1 == 1 {
                self.kill(matrix, q, o as u32, u32::MAX, next);
            }
        }
    }
}

/// Assumes option `start` and forces, round after round, the one option left to any item,
/// for at most `limit` rounds; the contradiction if some item loses all its options. Each
/// option visited (killed, or looked at in an item) takes one from `work`.
fn assume(
    matrix: &Matrix,
    view: &View,
    scratch: &mut Scratch,
    start: usize,
    limit: usize,
    dominations: bool,
    work: &mut u64,
) -> Outcome {
    scratch.reset(view);
    let mut forced: Vec<(usize, usize)> = Vec::new();
    let mut frontier: Vec<u32> = Vec::new();
    let mut next = Vec::new();
    let cost = matrix.conflict_lists[start].len() as u64;
    if *work < cost {
        return Outcome::CutShort;
    }
    *work -= cost;
    scratch.force(matrix, start, &mut frontier);
    for round in 1..=limit {
        next.clear();
        scratch.seen.fill(false);
        for &i in &frontier {
            let i = i as usize;
            if scratch.covered[i] || scratch.seen[i] {
                continue;
            }
            scratch.seen[i] = true;
            let options = &matrix.items[i].options;
            if *work < options.len() as u64 {
                return Outcome::CutShort;
            }
            *work -= options.len() as u64;
            let live = &scratch.live;
            let mut alive = options
                .iter()
                .map(|&o| o as usize)
                .filter(|&o| live[o / 64] >> (o % 64) & 1 == 1);
            match (alive.next(), alive.next()) {
                (None, _) => {
                    let trail = needed(matrix, view, scratch, &forced, start, i);
                    return Outcome::Chain(Chain {
                        start,
                        trail,
                        emptied: i,
                        rounds: round,
                    });
                }
                (Some(o), None) => {
                    let cost = matrix.conflict_lists[o].len() as u64;
                    if *work < cost {
                        return Outcome::CutShort;
                    }
                    *work -= cost;
                    forced.push((o, i));
                    scratch.force(matrix, o, &mut next);
                }
                _ if dominations => {
                    let cost = (options.len() * matrix.words) as u64;
                    if *work < cost {
                        return Outcome::CutShort;
                    }
                    *work -= cost;
                    scratch.acc.copy_from_slice(&scratch.live);
                    for o in options.iter().map(|&o| o as usize) {
                        if scratch.live[o / 64] >> (o % 64) & 1 == 1 {
                            for (a, &c) in scratch.acc.iter_mut().zip(matrix.conflicts(o)) {
                                *a &= c;
                            }
                        }
                    }
                    let gone: Vec<usize> = bits(&scratch.acc).map(|q| q as usize).collect();
                    for q in gone {
                        scratch.kill(matrix, q, DOMINATED, i as u32, &mut next);
                    }
                }
                _ => {}
            }
        }
        if next.is_empty() {
            return Outcome::Settled;
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    Outcome::Limit
}

/// The forced options a contradiction at item `emptied` rests on, in the order forced: the
/// options that killed its options, the options that killed the other options of the items
/// that forced those, and so on back to the assumption.
fn needed(
    matrix: &Matrix,
    view: &View,
    scratch: &Scratch,
    forced: &[(usize, usize)],
    start: usize,
    emptied: usize,
) -> Vec<usize> {
    let (killer, dominated_by) = (&scratch.killer, &scratch.dominated_by);
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
