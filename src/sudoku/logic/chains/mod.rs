//! Contradiction chains on the exact-cover matrix ([`super::matrix`]): a candidate whose
//! placement, followed by the only options it leaves for a few rounds, leaves some item with
//! no option at all, goes. They hold for every rule, since they only ask which options
//! conflict.
//!
//! A *sum chain* follows the same rounds and also keeps every sum the rules promise (arrows,
//! little killers, region-sum lines, cages: [`sums`]) within reach after each:
//! a digit the other cells' bounds cannot make up to the sum with goes from its cell, and a
//! sum that no digits left can reach ends the chain as an emptied item does. It is looked for
//! where the chains on the matrix alone find nothing.

mod nets;
mod sums;

use super::matrix::{bits, Matrix, View};
use super::state::State;
use super::step::Step;
use super::technique::Technique;
use sums::{ChainSums, Check};

/// Rounds of forced options a contradiction chain may take.
const CHAIN_ROUNDS: usize = 6;

/// Rounds of forced options a long contradiction chain may take, looked for only where
/// those of [`CHAIN_ROUNDS`] found nothing: 12 solve `hs-killers-07` (stalled after 48 steps
/// with 6).
const LONG_CHAIN_ROUNDS: usize = 12;

/// The work the sum chains of one step may take, whatever the caller allows: past it they
/// give up, and the step is looked for further on (the long chains). A hint's
/// ([`super::HINT_WORK`]): on killers whose 45 rule derives dozens of sums, following every
/// sum through every candidate took minutes where logic stalls (`tarek_all_05`).
const SUM_CHAIN_WORK: u64 = super::HINT_WORK;

/// The killer of an option that a domination took out in a chain.
const DOMINATED: u32 = u32::MAX - 1;

/// The killer of an option that a promised sum took out in a chain (out of its reach).
const OUT_OF_REACH: u32 = u32::MAX - 2;

impl State<'_> {
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
        self.chain_within(CHAIN_ROUNDS, Technique::ContradictionChain, None, work)
    }

    /// A contradiction chain of at most [`CHAIN_ROUNDS`] rounds whose rounds also keep the
    /// promised sums within reach ([`Technique::SumChain`]), and, where that finds none, to
    /// their combinations: tried where the chains on the matrix alone find nothing, and only
    /// on rules that promise sums.
    ///
    /// They take at most [`SUM_CHAIN_WORK`] of `work`: past it they find nothing, and
    /// `Err(CutShort)` only says that `work` ran out first.
    pub(super) fn sum_chain(&self, work: &mut u64) -> Result<Option<Step>, CutShort> {
        if self.sums.is_empty() {
            return Ok(None);
        }
        let given = (*work).min(SUM_CHAIN_WORK);
        let mut own = given;
        let found =
            match self.chain_within(CHAIN_ROUNDS, Technique::SumChain, Some(false), &mut own) {
                Ok(None) => {
                    self.chain_within(CHAIN_ROUNDS, Technique::SumChain, Some(true), &mut own)
                }
                found => found,
            };
        *work -= given - own;
        match found {
            Err(CutShort) if given == SUM_CHAIN_WORK => Ok(None),
            found => found,
        }
    }

    /// A contradiction chain of more than [`CHAIN_ROUNDS`] rounds and at most
    /// [`LONG_CHAIN_ROUNDS`], as [`State::contradiction_chain`] finds one: tried where no
    /// shorter chain is found ([`Technique::LongContradictionChain`]).
    pub(super) fn long_contradiction_chain(
        &self,
        work: &mut u64,
    ) -> Result<Option<Step>, CutShort> {
        self.chain_within(
            LONG_CHAIN_ROUNDS,
            Technique::LongContradictionChain,
            None,
            work,
        )
    }

    /// The shortest contradiction chain of at most `rounds` rounds, as a step of `technique`;
    /// with `sums`, its rounds keep the promised sums within reach, and to their combinations
    /// with `Some(true)`.
    fn chain_within(
        &self,
        rounds: usize,
        technique: Technique,
        sums: Option<bool>,
        work: &mut u64,
    ) -> Result<Option<Step>, CutShort> {
        let Some((matrix, view)) = self.matrix_view() else {
            return Ok(None);
        };
        let sums = match sums {
            Some(combinations) => {
                match ChainSums::new(matrix, &self.sums, &self.values, combinations) {
                    Some(sums) => Some(sums),
                    None => return Ok(None),
                }
            }
            None => None,
        };
        let sums = sums.as_ref();
        let mut scratch = Scratch::new(matrix, &view, sums);
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
                let ways = Ways { dominations, sums };
                match assume(matrix, &view, &mut scratch, o, limit, ways, work) {
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
            units: vec![match chain.emptied {
                Emptied::Item(i) => self.item_words(matrix, i),
                Emptied::Sum(k) => {
                    let promise = &self.sums[k].promise;
                    self.rules.constraints().all()[promise.family].words(promise.instance)
                }
            }],
            cells,
            digits,
        }))
    }
}

/// The search for a step ran out of the work it was given before it had tried every
/// technique: it neither found a step nor showed that none applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutShort;

/// What a chain's rounds follow besides the options left alone for their items.
#[derive(Clone, Copy)]
struct Ways<'s, 'a> {
    /// What every way left for an item rules out.
    dominations: bool,
    /// The promised sums, kept within reach.
    sums: Option<&'s ChainSums<'a>>,
}

/// What a chain left with no way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Emptied {
    /// A primary item (index in the matrix's items) with no option.
    Item(usize),
    /// A promised sum (index in the state's sums) that no digits left reach.
    Sum(usize),
}

/// A contradiction found from an assumed option.
struct Chain {
    start: usize,
    /// The forced options the contradiction needs, in the order they were forced.
    trail: Vec<usize>,
    /// What was left with no way.
    emptied: Emptied,
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
/// `dominated_by` are all `u32::MAX` (`killed` lists the entries set since the last reset),
/// `dirty` is all false and `swept` 0. During one, `killed[..swept]` are the kills whose sums
/// were marked `dirty` (or checked since), and `dominated_by[q]` is the item that dominated
/// `q` when `killer[q]` is [`DOMINATED`], the sum that put it out of reach when it is
/// [`OUT_OF_REACH`].
struct Scratch {
    live: Vec<u64>,
    covered: Vec<bool>,
    killer: Vec<u32>,
    dominated_by: Vec<u32>,
    killed: Vec<u32>,
    acc: Vec<u64>,
    seen: Vec<bool>,
    /// The promised sums whose cells lost a digit since they were last kept within reach.
    dirty: Vec<bool>,
    swept: usize,
    /// The options the last assumption forced, in order, with the item that forced each,
    /// when it came to a rest or to its last round without a contradiction (`nets.rs`
    /// follows on from there).
    forced: Vec<(usize, usize)>,
}

impl Scratch {
    fn new(matrix: &Matrix, view: &View, sums: Option<&ChainSums<'_>>) -> Scratch {
        Scratch {
            live: view.live.clone(),
            covered: view.covered.clone(),
            killer: vec![u32::MAX; matrix.count],
            dominated_by: vec![u32::MAX; matrix.count],
            killed: Vec::new(),
            acc: vec![0u64; matrix.words],
            seen: vec![false; matrix.items.len()],
            dirty: vec![false; sums.map_or(0, |s| s.len())],
            swept: 0,
            forced: Vec::new(),
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
        self.swept = 0;
    }

    /// Keeps every sum whose cells lost a digit within reach, again until none loses one
    /// more; the sum out of reach if one is. What the sums take out goes on `next`.
    fn keep_sums(
        &mut self,
        matrix: &Matrix,
        sums: &ChainSums<'_>,
        next: &mut Vec<u32>,
        work: &mut u64,
    ) -> Result<Option<usize>, CutShort> {
        loop {
            for &q in &self.killed[self.swept..] {
                for &k in sums.through(q as usize) {
                    self.dirty[k as usize] = true;
                }
            }
            self.swept = self.killed.len();
            let Some(k) = self.dirty.iter().position(|&d| d) else {
                return Ok(None);
            };
            self.dirty[k] = false;
            if *work < sums.cost(k) {
                self.dirty.fill(false);
                return Err(CutShort);
            }
            let mut cost = 0;
            let check = sums.check(k, &self.live, &mut cost);
            *work = work.saturating_sub(cost);
            match check {
                Check::Kept => {}
                Check::Broken => {
                    self.dirty.fill(false);
                    return Ok(Some(k));
                }
                Check::Kill(options) => {
                    for q in options {
                        self.kill(matrix, q, OUT_OF_REACH, k as u32, next);
                    }
                }
            }
        }
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
    ways: Ways<'_, '_>,
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
                    let emptied = Emptied::Item(i);
                    let trail = needed(matrix, view, scratch, ways, &forced, start, emptied);
                    return Outcome::Chain(Chain {
                        start,
                        trail,
                        emptied,
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
                _ if ways.dominations => {
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
        if let Some(sums) = ways.sums {
            match scratch.keep_sums(matrix, sums, &mut next, work) {
                Ok(None) => {}
                Ok(Some(k)) => {
                    let emptied = Emptied::Sum(k);
                    let trail = needed(matrix, view, scratch, ways, &forced, start, emptied);
                    return Outcome::Chain(Chain {
                        start,
                        trail,
                        emptied,
                        rounds: round,
                    });
                }
                Err(CutShort) => return Outcome::CutShort,
            }
        }
        if next.is_empty() {
            scratch.forced = forced;
            return Outcome::Settled;
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    scratch.forced = forced;
    Outcome::Limit
}

/// The forced options a contradiction at `emptied` rests on, in the order forced: the
/// options that killed its options, the options that killed the other options of the items
/// that forced those, and so on back to the assumption. An option a sum put out of reach
/// rests on what killed the other digits of the sum's cells, as a sum left out of reach does.
fn needed(
    matrix: &Matrix,
    view: &View,
    scratch: &Scratch,
    ways: Ways<'_, '_>,
    forced: &[(usize, usize)],
    start: usize,
    emptied: Emptied,
) -> Vec<usize> {
    let (killer, dominated_by) = (&scratch.killer, &scratch.dominated_by);
    let reason: std::collections::HashMap<usize, usize> = forced.iter().copied().collect();
    let mut need = std::collections::HashSet::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut explained = std::collections::HashSet::new();
    let killed = |q: &usize| view.is_live(*q) && killer[*q] != u32::MAX;
    let sum_options = |k: u32| {
        ways.sums
            .into_iter()
            .flat_map(move |sums| sums.options(k as usize))
    };
    // Why option q died: the forced option that killed it, or, for a domination, why the
    // dominating item's other options died (for a sum, why its cells' other digits died).
    let mut push_killers = |dead: Vec<usize>, stack: &mut Vec<usize>| {
        let mut dead = dead;
        while let Some(q) = dead.pop() {
            if !killed(&q) || !explained.insert(q) {
                continue;
            }
            match killer[q] {
                DOMINATED => {
                    let j = dominated_by[q] as usize;
                    let options = matrix.items[j].options.iter().map(|&r| r as usize);
                    dead.extend(options.filter(killed));
                }
                OUT_OF_REACH => dead.extend(sum_options(dominated_by[q]).filter(killed)),
                by => stack.push(by as usize),
            }
        }
    };
    let first = match emptied {
        Emptied::Item(i) => matrix.items[i]
            .options
            .iter()
            .map(|&q| q as usize)
            .collect(),
        Emptied::Sum(k) => sum_options(k as u32).collect(),
    };
    push_killers(first, &mut stack);
    while let Some(f) = stack.pop() {
        if f == start || !need.insert(f) {
            continue;
        }
        if let Some(&i) = reason.get(&f) {
            let options = matrix.items[i].options.iter().map(|&q| q as usize);
            push_killers(options.filter(|&q| q != f).collect(), &mut stack);
        }
    }
    forced
        .iter()
        .map(|&(o, _)| o)
        .filter(|o| need.contains(o))
        .collect()
}
