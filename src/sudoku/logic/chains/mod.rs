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
//!
//! A start that found nothing is remembered with the options and items its chain read
//! ([`super::failed`]): while they read the same it is not followed again, and it is charged
//! the work it took then.

mod nets;
mod scratch;
mod sums;

use super::mask::bits;
use super::matrix::{Matrix, View};
use super::state::State;
use super::step::Step;
use super::technique::Technique;
use scratch::Scratch;
use sums::{ChainSums, Check};

/// Rounds of forced options a contradiction chain may take.
const CHAIN_ROUNDS: usize = 6;

/// Rounds of forced options a long contradiction chain may take, looked for only where
/// those of [`CHAIN_ROUNDS`] found nothing: 12 solve `hs-killers-07` (stalled after 48 steps
/// with 6).
const LONG_CHAIN_ROUNDS: usize = 12;

/// The work the sum chains of one step may take, in their own units, whatever the caller
/// allows: past it they give up, and the step is looked for further on (the long chains).
/// On killers whose 45 rule derives dozens of sums, following every sum through every
/// candidate took minutes where logic stalls (`tarek_all_05`); with this bound the sum
/// chains of one step take up to 1 to 2 s there (an explanation that stalls pays it once).
const SUM_CHAIN_WORK: u64 = super::HINT_WORK;

/// What a unit of the sum chains' own work costs of the caller's work (whose unit is a
/// chain on the matrix's: an option visited, about half a nanosecond): a sum kept within
/// reach, or walked to its combinations, takes 10 to 20 ns per unit its charge counts
/// (measured at the stalls of `tarek_all_39` and `mathemagic_killers_01`: 100 million units
/// of theirs took 1.6 and 1.1 s, 10 million 44 and 115 ms, under a load of 14 on 2 cores).
/// So a hint ([`super::HINT_WORK`], 30 to 70 ms of chains on the matrix) gives them a 32nd of
/// its work in their units.
const SUM_CHAIN_UNIT: u64 = 32;

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
    /// They take at most [`SUM_CHAIN_WORK`] of their own work, each unit [`SUM_CHAIN_UNIT`]
    /// of `work`: past the first they find nothing, and `Err(CutShort)` only says that
    /// `work` ran out first.
    pub(super) fn sum_chain(&self, work: &mut u64) -> Result<Option<Step>, CutShort> {
        if self.sums.is_empty() {
            return Ok(None);
        }
        let given = (*work / SUM_CHAIN_UNIT).min(SUM_CHAIN_WORK);
        let mut own = given;
        let found =
            match self.chain_within(CHAIN_ROUNDS, Technique::SumChain, Some(false), &mut own) {
                Ok(None) => {
                    self.chain_within(CHAIN_ROUNDS, Technique::SumChain, Some(true), &mut own)
                }
                found => found,
            };
        *work = work.saturating_sub((given - own).saturating_mul(SUM_CHAIN_UNIT));
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
                match ChainSums::new(matrix, &self.sums, &self.values, combinations, &self.failed) {
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
        // way left for an item rules out (dominations along the way). A start whose chain
        // read the same as when it last found nothing within as many rounds is skipped, and
        // charged the work it took then.
        let cut_short = self.failed.chains(|memo| {
            for dominations in [false, true] {
                let ways = Ways { dominations, sums };
                let mut limit = rounds;
                for &o in &starts {
                    let key = ways.key(o);
                    if let Some(cost) = memo.fails(key, limit, &view.live, &view.covered) {
                        if *work < cost {
                            return true;
                        }
                        *work -= cost;
                        continue;
                    }
                    let before = *work;
                    let follow = Follow::new(matrix, &view, &mut scratch, ways, work, o);
                    let given = match follow.run(limit) {
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
                    scratch.read.seal(&view.live, &view.covered);
                    memo.remember(key, given, before - *work, &scratch.read);
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
pub(crate) struct CutShort;

/// What a chain's rounds follow besides the options left alone for their items.
#[derive(Clone, Copy)]
struct Ways<'s, 'a> {
    /// What every way left for an item rules out.
    dominations: bool,
    /// The promised sums, kept within reach.
    sums: Option<&'s ChainSums<'a>>,
}

impl Ways<'_, '_> {
    /// The number the chains' memory ([`Chains`](super::failed::Chains)) knows the chain from option `start`
    /// following these ways by.
    fn key(&self, start: usize) -> usize {
        let sums = self.sums.map_or(0, |s| 1 + usize::from(s.combinations()));
        (start * 3 + sums) * 2 + usize::from(self.dominations)
    }
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

/// One assumed option followed: option `start` held, then, round after round, the one option
/// left to any item (and what the ways drop), until some item (or sum) has no way left.
/// Each option visited (killed, or looked at in an item) takes one from `work`.
///
/// Invariant: `forced` lists the options forced so far with the item that forced each, in
/// the order forced; `scratch` holds what they killed and why.
struct Follow<'f, 'a> {
    matrix: &'f Matrix,
    view: &'f View,
    scratch: &'f mut Scratch,
    ways: Ways<'f, 'a>,
    work: &'f mut u64,
    start: usize,
    forced: Vec<(usize, usize)>,
}

impl<'f, 'a> Follow<'f, 'a> {
    fn new(
        matrix: &'f Matrix,
        view: &'f View,
        scratch: &'f mut Scratch,
        ways: Ways<'f, 'a>,
        work: &'f mut u64,
        start: usize,
    ) -> Self {
        scratch.reset(view);
        Follow {
            matrix,
            view,
            scratch,
            ways,
            work,
            start,
            forced: Vec::new(),
        }
    }

    /// Takes `cost` from the work, `Err` when there is not as much left.
    fn charge(&mut self, cost: u64) -> Result<(), CutShort> {
        *self.work = self.work.checked_sub(cost).ok_or(CutShort)?;
        Ok(())
    }

    /// Follows the start for at most `limit` rounds.
    fn run(mut self, limit: usize) -> Outcome {
        match self.rounds(limit) {
            Ok(outcome) => outcome,
            Err(CutShort) => Outcome::CutShort,
        }
    }

    fn rounds(&mut self, limit: usize) -> Result<Outcome, CutShort> {
        let matrix = self.matrix;
        let mut frontier: Vec<u32> = Vec::new();
        let mut next = Vec::new();
        self.charge(u64::from(matrix.conflict_counts[self.start]))?;
        self.scratch.force(matrix, self.start, &mut frontier);
        for round in 1..=limit {
            next.clear();
            self.scratch.seen.fill(false);
            for &i in &frontier {
                let i = i as usize;
                self.scratch.read.items[i / 64] |= 1 << (i % 64);
                if self.scratch.covered[i] || self.scratch.seen[i] {
                    continue;
                }
                self.scratch.seen[i] = true;
                let item = &matrix.items[i];
                self.charge(item.options.len() as u64)?;
                // Its options read, and the one live (`alive`, when `more` is 0) if any.
                let (read, live) = (&mut self.scratch.read.options, &self.scratch.live);
                let (mut alive, mut more) = (None, 0u64);
                for &(w, bits) in &item.spans {
                    let w = w as usize;
                    read[w] |= bits;
                    let l = bits & live[w];
                    if l != 0 {
                        match alive {
                            None => {
                                alive = Some(w * 64 + l.trailing_zeros() as usize);
                                more |= l & (l - 1);
                            }
                            Some(_) => more |= l,
                        }
                    }
                }
                match (alive, more) {
                    (None, _) => return Ok(self.chain(Emptied::Item(i), round)),
                    (Some(o), 0) => {
                        self.charge(u64::from(matrix.conflict_counts[o]))?;
                        self.forced.push((o, i));
                        self.scratch.force(matrix, o, &mut next);
                    }
                    _ if self.ways.dominations => {
                        self.charge((item.options.len() * matrix.words) as u64)?;
                        self.dominate(i, &mut next);
                    }
                    _ => {}
                }
            }
            if let Some(k) = self.keep_sums(&mut next)? {
                return Ok(self.chain(Emptied::Sum(k), round));
            }
            if next.is_empty() {
                return Ok(Outcome::Settled);
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        Ok(Outcome::Limit)
    }

    /// Takes out what every way left for item `i` rules out (its live options read a word
    /// at a time, what they rule out taken out in increasing order of option, with no list
    /// made). Only the words where the way with the fewest words of conflicts has some are
    /// ANDed and read: elsewhere that way rules nothing out, so neither do all of them.
    fn dominate(&mut self, i: usize, next: &mut Vec<u32>) {
        let scratch = &mut *self.scratch;
        let matrix = self.matrix;
        let spans = &matrix.items[i].spans;
        let ways = || {
            spans.iter().flat_map(|&(w, bits)| {
                let mut ways = bits & scratch.live[w as usize];
                std::iter::from_fn(move || {
                    (ways != 0).then(|| {
                        let o = w as usize * 64 + ways.trailing_zeros() as usize;
                        ways &= ways - 1;
                        o
                    })
                })
            })
        };
        let Some(least) = ways().min_by_key(|&o| matrix.conflict_words[o].len()) else {
            return;
        };
        let words = &matrix.conflict_words[least];
        let row = matrix.conflicts(least);
        let mut acc = std::mem::take(&mut scratch.acc);
        for &w in words {
            acc[w as usize] = row[w as usize];
        }
        for o in ways().filter(|&o| o != least) {
            let row = matrix.conflicts(o);
            for &w in words {
                acc[w as usize] &= row[w as usize];
            }
        }
        // What every way rules out, live or not: its liveness is read.
        for &w in words {
            let w = w as usize;
            let all = acc[w];
            scratch.read.options[w] |= all;
            let mut gone = all & scratch.live[w];
            while gone != 0 {
                let q = w * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                scratch.kill(matrix, q, DOMINATED, i as u32, next);
            }
        }
        scratch.acc = acc;
    }

    /// Keeps every sum whose cells lost a digit within reach, again until none loses one
    /// more; the sum out of reach if one is. What the sums take out goes on `next`.
    fn keep_sums(&mut self, next: &mut Vec<u32>) -> Result<Option<usize>, CutShort> {
        let Some(sums) = self.ways.sums else {
            return Ok(None);
        };
        let scratch = &mut *self.scratch;
        loop {
            for &q in &scratch.killed[scratch.swept..] {
                for &k in sums.through(q as usize) {
                    scratch.dirty[k as usize / 64] |= 1 << (k % 64);
                }
            }
            scratch.swept = scratch.killed.len();
            let Some(w) = scratch.dirty.iter().position(|&d| d != 0) else {
                return Ok(None);
            };
            let k = w * 64 + scratch.dirty[w].trailing_zeros() as usize;
            scratch.dirty[w] &= scratch.dirty[w] - 1;
            if *self.work < sums.cost(k) {
                scratch.dirty.fill(0);
                return Err(CutShort);
            }
            for &(w, bits) in sums.spans(k) {
                scratch.read.options[w as usize] |= bits;
            }
            let mut cost = 0;
            let check = sums.check(k, &scratch.live, &mut cost);
            *self.work = self.work.saturating_sub(cost);
            match check {
                Check::Kept => {}
                Check::Broken => {
                    scratch.dirty.fill(0);
                    return Ok(Some(k));
                }
                Check::Kill(options) => {
                    for q in options {
                        scratch.kill(self.matrix, q, OUT_OF_REACH, k as u32, next);
                    }
                }
            }
        }
    }

    /// The chain that left `emptied` with no way in round `rounds`.
    fn chain(&self, emptied: Emptied, rounds: usize) -> Outcome {
        Outcome::Chain(Chain {
            start: self.start,
            trail: self.needed(emptied),
            emptied,
            rounds,
        })
    }

    /// The forced options a contradiction at `emptied` rests on, in the order forced: the
    /// options that killed its options, the options that killed the other options of the
    /// items that forced those, and so on back to the assumption. An option a sum put out of
    /// reach rests on what killed the other digits of the sum's cells, as a sum left out of
    /// reach does.
    fn needed(&self, emptied: Emptied) -> Vec<usize> {
        let (matrix, view) = (self.matrix, self.view);
        let (killer, dominated_by) = (&self.scratch.killer, &self.scratch.dominated_by);
        let reason: std::collections::HashMap<usize, usize> = self.forced.iter().copied().collect();
        let mut need = std::collections::HashSet::new();
        let mut stack: Vec<usize> = Vec::new();
        let mut explained = std::collections::HashSet::new();
        let killed = |q: &usize| view.is_live(*q) && killer[*q] != u32::MAX;
        let sums = self.ways.sums;
        let sum_options = |k: u32| {
            sums.into_iter()
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
            if f == self.start || !need.insert(f) {
                continue;
            }
            if let Some(&i) = reason.get(&f) {
                let options = matrix.items[i].options.iter().map(|&q| q as usize);
                push_killers(options.filter(|&q| q != f).collect(), &mut stack);
            }
        }
        self.forced
            .iter()
            .map(|&(o, _)| o)
            .filter(|o| need.contains(o))
            .collect()
    }
}
