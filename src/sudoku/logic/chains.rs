//! Contradiction chains on the exact-cover matrix: a candidate whose placement, followed by
//! the only options it leaves for a few rounds (and, where that finds nothing, what every way
//! left for an item rules out), leaves some item with no option at all, so it goes.
//!
//! A start that found nothing is remembered with the options and items its chain read
//! ([`super::failed`]): while they read the same it is not followed again.

use super::failed::{ChainRead, Chains};
use super::matrix::{bits, Matrix, View};
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
        // way left for an item rules out (dominations along the way). A start whose chain
        // read the same as when it last found nothing within as many rounds is skipped.
        let cut_short = self.failed.chains(|memo| {
            for dominations in [false, true] {
                let mut limit = rounds;
                for &o in &starts {
                    let key = Chains::key(o, dominations);
                    if memo.fails(key, limit, &view.live, &view.covered) {
                        continue;
                    }
                    let outcome = assume(matrix, &view, &mut scratch, o, limit, dominations, work);
                    let given = match outcome {
                        Outcome::Chain(chain) => {
                            limit = chain.rounds - 1;
                            found = Some(chain);
                            if limit == 0 {
                                break;
                            }
                            continue;
                        }
                        Outcome::Limit => limit,
                        Outcome::Settled => usize::MAX,
                        Outcome::CutShort => return true,
                    };
                    let read = scratch.seal(&view);
                    memo.remember(key, given, read);
                }
                if found.is_some() {
                    break;
                }
            }
            false
        });
        if cut_short {
            return Err(CutShort);
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
/// During an assumption, `read.options` and `read.items` hold every option whose liveness
/// and every item whose covering it has read so far (from the view, or as it changed them).
struct Scratch {
    live: Vec<u64>,
    covered: Vec<bool>,
    killer: Vec<u32>,
    dominated_by: Vec<u32>,
    killed: Vec<u32>,
    acc: Vec<u64>,
    seen: Vec<bool>,
    read: ChainRead,
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
            read: ChainRead {
                rounds: 0,
                options: vec![0; matrix.words],
                live: vec![0; matrix.words],
                items: vec![0; matrix.items.len().div_ceil(64)],
                covered: vec![0; matrix.items.len().div_ceil(64)],
            },
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
        self.read.options.fill(0);
        self.read.items.fill(0);
    }

    /// What the assumption read, with the view's values of it, for [`Chains::remember`].
    fn seal(&mut self, view: &View) -> &ChainRead {
        let read = &mut self.read;
        for ((l, &r), &v) in read.live.iter_mut().zip(&read.options).zip(&view.live) {
            *l = r & v;
        }
        for (w, (c, &r)) in read.covered.iter_mut().zip(&read.items).enumerate() {
            *c = bits(&[r])
                .filter(|&b| view.covered[w * 64 + b as usize])
                .fold(0, |acc, b| acc | 1 << b);
        }
        &self.read
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
            self.read.options[q / 64] |= 1 << (q % 64);
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
            scratch.read.items[i / 64] |= 1 << (i % 64);
            if scratch.covered[i] || scratch.seen[i] {
                continue;
            }
            scratch.seen[i] = true;
            let options = &matrix.items[i].options;
            if *work < options.len() as u64 {
                return Outcome::CutShort;
            }
            *work -= options.len() as u64;
            for &o in options {
                scratch.read.options[o as usize / 64] |= 1 << (o % 64);
            }
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
                    scratch.acc.fill(u64::MAX);
                    for o in options.iter().map(|&o| o as usize) {
                        if scratch.live[o / 64] >> (o % 64) & 1 == 1 {
                            for (a, &c) in scratch.acc.iter_mut().zip(matrix.conflicts(o)) {
                                *a &= c;
                            }
                        }
                    }
                    // What every way rules out, live or not: its liveness is read.
                    let read = scratch.read.options.iter_mut();
                    for ((a, r), &l) in scratch.acc.iter_mut().zip(read).zip(&scratch.live) {
                        *r |= *a;
                        *a &= l;
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
