//! The sums the rules promise (arrows, little killers, region-sum lines, cages:
//! [`crate::sudoku::logic::rule_sums`]) as a sum chain reads them ([`super`]): after each round of
//! forced options, every sum whose cells lost a digit is kept within reach, as the *sum out
//! of reach* step keeps it: a digit that the other cells' least and greatest digits cannot
//! make up to the target with goes, and a sum with no digits left that reach it ends the
//! chain. Where that finds no chain, the sums are kept to their combinations, as the *sum
//! combinations* step keeps them (different digits where cells see each other), which costs
//! a walk through the fillings of the sum: those are remembered by the digits they read, for
//! the chains of one step.
//!
//! The chain's options are the matrix's: a term's digits are its cell's live cell options,
//! or the digit placed there before the chain began.

use std::cell::RefCell;

use crate::sudoku::logic::failed::{Failed, Walks, WALKS_KEPT};
use crate::sudoku::logic::mask::spans;
use crate::sudoku::logic::mask::{bit, digits_of};
use crate::sudoku::logic::matrix::Matrix;
use crate::sudoku::logic::rule_sums::{combinable, RuleSum};

/// One term of a sum: its cell's options by digit.
///
/// Invariants: `placed` is the digit the state placed in the term's cell (0 when empty); when
/// it is 0, `options` lists `(d, o)` for every digit `d` with a cell option `o`, in
/// increasing order of `d`; when it is not, `options` is empty.
#[derive(Debug)]
struct Term {
    placed: u8,
    options: Vec<(u8, u32)>,
}

/// The promised sums of a state, read through the matrix.
///
/// Invariants: `terms[k]` are the terms of `sums[k]` in order; `through[o]` lists the sums
/// (indices into `sums`) with a term on the cell of cell option `o`, each once; `spans[k]`
/// are the options of `terms[k]` as bits (word, bits; increasing words), `costs[k]` their
/// number (a placed term counts one); `walked`
/// holds, for a sum and its terms' digits, what [`RuleSum::combinations`] keeps of them
/// (`None` when some term keeps none), for the chains of one step (their work is charged
/// from it); `failed` keeps the same along the explanation.
#[derive(Debug)]
pub(super) struct ChainSums<'a> {
    sums: &'a [RuleSum],
    terms: Vec<Vec<Term>>,
    through: Vec<Vec<u32>>,
    spans: Vec<Vec<(u32, u64)>>,
    costs: Vec<u64>,
    /// Whether the sums are kept to their combinations, beyond their reach.
    combinations: bool,
    walked: RefCell<Walks>,
    /// The walks remembered along the explanation.
    failed: &'a Failed,
    /// The lists a check fills, kept between checks (no list made per check).
    scratch: RefCell<Scratch>,
}

/// What [`ChainSums::check`] works in: the terms' digits, the digits kept, and the key of
/// the walks (the sum's index, then the digits kept: [`Walks`]).
#[derive(Debug, Default)]
struct Scratch {
    masks: Vec<u64>,
    kept: Vec<u64>,
    key: Vec<u64>,
}

/// The work a walk through a sum's fillings is charged per cell option it reads, beyond the
/// reading itself.
const WALK_COST: u64 = 128;

/// What keeping a sum within reach found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Check {
    /// Every term keeps all its digits.
    Kept,
    /// The cell options out of reach.
    Kill(Vec<usize>),
    /// No digits left reach the sum.
    Broken,
}

impl<'a> ChainSums<'a> {
    /// The sums of a state with `values` placed, kept within reach, and to their
    /// combinations with `combinations`; `None` without a sum to follow.
    pub(super) fn new(
        matrix: &Matrix,
        sums: &'a [RuleSum],
        values: &[u8],
        combinations: bool,
        failed: &'a Failed,
    ) -> Option<ChainSums<'a>> {
        let mut through: Vec<Vec<u32>> = vec![Vec::new(); matrix.cell_options];
        let mut terms = Vec::with_capacity(sums.len());
        let mut any = false;
        for (k, sum) in sums.iter().enumerate() {
            let mut list = Vec::with_capacity(sum.promise.terms.len());
            for &(p, _) in &sum.promise.terms {
                let placed = values[p];
                let mut options = Vec::new();
                if placed == 0 {
                    for d in 1..=matrix.n as u8 {
                        if let Some(o) = matrix.option_of(p, d) {
                            options.push((d, o as u32));
                            if through[o].last() != Some(&(k as u32)) {
                                through[o].push(k as u32);
                            }
                        }
                    }
                    any = true;
                }
                list.push(Term { placed, options });
            }
            terms.push(list);
        }
        let spans = terms
            .iter()
            .map(|list: &Vec<Term>| {
                spans(list.iter().flat_map(|t| t.options.iter().map(|&(_, o)| o)))
            })
            .collect();
        let costs = terms
            .iter()
            .map(|list| list.iter().map(|t| t.options.len().max(1) as u64).sum())
            .collect();
        any.then(|| ChainSums {
            sums,
            terms,
            through,
            spans,
            costs,
            combinations,
            walked: RefCell::new(Walks::default()),
            failed,
            scratch: RefCell::default(),
        })
    }

    /// Whether the sums are kept to their combinations, beyond their reach.
    pub(super) fn combinations(&self) -> bool {
        self.combinations
    }

    /// How many sums there are.
    pub(super) fn len(&self) -> usize {
        self.sums.len()
    }

    /// The sums through the cell of cell option `o` (none for a constraint's own option).
    pub(super) fn through(&self, o: usize) -> &[u32] {
        self.through.get(o).map_or(&[], Vec::as_slice)
    }

    /// The cell options of sum `k`'s empty cells.
    pub(super) fn options(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.terms[k]
            .iter()
            .flat_map(|t| t.options.iter().map(|&(_, o)| o as usize))
    }

    /// The cell options of sum `k`'s empty cells as bits: each word holding some, with them.
    pub(super) fn spans(&self, k: usize) -> &[(u32, u64)] {
        &self.spans[k]
    }

    /// How many cell options sum `k` reads: the work of [`ChainSums::check`].
    pub(super) fn cost(&self, k: usize) -> u64 {
        self.costs[k]
    }

    /// Sum `k` kept within reach of its terms' digits, read from `live` (a bit per option),
    /// and to its combinations when the chains keep them; the work it took is added to
    /// `work`.
    pub(super) fn check(&self, k: usize, live: &[u64], work: &mut u64) -> Check {
        *work += self.cost(k);
        let is_live = |o: u32| live[o as usize / 64] >> (o % 64) & 1 == 1;
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { masks, kept, key } = &mut *scratch;
        masks.clear();
        masks.extend(self.terms[k].iter().map(|t| {
            match t.placed {
                0 => t
                    .options
                    .iter()
                    .filter(|&&(_, o)| is_live(o))
                    .fold(0, |m, &(d, _)| m | bit(d)),
                v => bit(v),
            }
        }));
        if masks.contains(&0) || !self.sums[k].within_reach_into(masks, kept) {
            return Check::Broken;
        }
        if self.combinations && combinable(&self.sums[k]) && !kept.contains(&0) {
            key.clear();
            key.push(k as u64);
            key.extend_from_slice(kept);
            let mut walked = self.walked.borrow_mut();
            if !walked.contains_key(key.as_slice()) {
                // Charged as a walk the first time in a step's chains, though the walk itself
                // is remembered along the explanation: the work stays what the chains read.
                *work += WALK_COST * self.cost(k);
                let known = self.failed.walks(|walks| {
                    if let Some(known) = walks.get(key.as_slice()) {
                        return known.clone();
                    }
                    let walk = self.sums[k].combinations(kept);
                    let known = (!walk.contains(&0)).then_some(walk);
                    if walks.len() >= WALKS_KEPT {
                        walks.clear();
                    }
                    walks.insert(key.clone(), known.clone());
                    known
                });
                walked.insert(key.clone(), known);
            }
            match &walked[key.as_slice()] {
                Some(walk) => kept.clone_from(walk),
                None => return Check::Broken,
            }
        }
        let mut kill = Vec::new();
        for ((t, &m), &keep) in self.terms[k].iter().zip(masks.iter()).zip(kept.iter()) {
            if keep == 0 {
                return Check::Broken;
            }
            for d in digits_of(m & !keep) {
                if let Some(&(_, o)) = t.options.iter().find(|&&(e, _)| e == d) {
                    kill.push(o as usize);
                }
            }
        }
        if kill.is_empty() {
            Check::Kept
        } else {
            Check::Kill(kill)
        }
    }
}
