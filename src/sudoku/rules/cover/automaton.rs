//! Rules read along a sequence of cells by a finite automaton, compiled into the exact cover
//! as a chain of colored items: the piece the outside clues (sandwiches, X-sums, skyscrapers)
//! build on.
//!
//! An [`Automaton`] reads the digits of cells `c_0..c_{k-1}` in order, from a start state,
//! one [`Automaton::step`] per digit (a step may die), and accepts some of the states it ends
//! in. [`Chain::new`] unrolls it over the `k` cells: layer `i` holds the states reachable
//! after `i` digits *and* able to reach an accepted state with the remaining ones (pruned
//! forward, then backward), so a state no solution passes through never becomes a color.
//!
//! The encoding ([`Chain::encode`]) gives each inner layer `1..k` a secondary item `P_i`
//! whose color is the state after `i` digits. For cell `c_i` and digit `d`, the transitions
//! `s -d-> t` from layer `i` to layer `i + 1` are looked at through the items that exist
//! (`P_i` when `i > 0`, `P_{i+1}` when `i + 1 < k`):
//! - none: the option "`c_i` holds `d`" is left out;
//! - one (as seen through those items): the cell option itself takes `P_i:s` and `P_{i+1}:t`;
//! - several: the cell option takes a secondary item `D_i` colored `d`, and each transition
//!   becomes an option `{T_i, D_i:d, P_i:s, P_{i+1}:t}` of a primary item `T_i` that the cell
//!   options of the first kind also cover (so exactly one of them stands for the cell).
//!
//! The automaton is deterministic, so a filled line has exactly one run: every solution of
//! the sudoku has exactly one choice of transitions, and counts stay exact.
//!
//! Over a row or column, whose digits all differ, [`Chain::distinct`] unrolls the automaton
//! with the set of digits read beside its state: the transitions no line of different digits
//! takes are left out, and what the chain says about two cells ([`Chain::pairs_from`], which
//! the outside clues add as pairs) is exact for such lines.

use std::collections::{BTreeMap, BTreeSet};

use crate::xc::{Color, ItemId};

use crate::sudoku::rules::cover::encoder::Encoder;

/// A deterministic automaton reading digits along a sequence of cells.
pub trait Automaton {
    /// A state: what the automaton remembers of the digits read so far.
    type State: Ord + Clone;

    /// The state before any digit.
    fn start(&self) -> Self::State;

    /// The state after reading `digit` (1-based) as the `index`-th digit (0-based) in state
    /// `state`; `None` when no line going on from there can be accepted.
    fn step(&self, index: usize, state: &Self::State, digit: u8) -> Option<Self::State>;

    /// Whether a line may end in `state`.
    fn accepts(&self, state: &Self::State) -> bool;
}

/// One transition between two layers: from state `from` (an index into layer `i`) on
/// `digit` to state `to` (an index into layer `i + 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Transition {
    from: u32,
    digit: u8,
    to: u32,
}

/// An automaton unrolled over `k` cells, its states pruned both ways (see the module
/// documentation).
///
/// Invariants: `sizes[i]` is the number of states of layer `i` (`sizes[0] <= 1`, and every
/// layer is empty when no line is accepted); `transitions[i]` lists every transition from a
/// kept state of layer `i` to a kept state of layer `i + 1`, in increasing (from, digit)
/// order, and every kept state is on some path from the start to an accepted state.
#[derive(Debug, Clone)]
pub(crate) struct Chain {
    sizes: Vec<usize>,
    transitions: Vec<Vec<Transition>>,
    /// For a chain over cells whose digits all differ ([`Chain::distinct`]): `pairs[i][j][d -
    /// 1]` has bit `e - 1` when some accepted line of different digits puts `d` at `i` and `e`
    /// at `j` (`i < j`); empty otherwise.
    pairs: Vec<Vec<Vec<u64>>>,
    /// For a chain over cells whose digits all differ: the automaton of (digits read, state)
    /// itself, kept nodes numbered per layer, as the transitions `(from, digit - 1, to)` the
    /// search is promised ([`Chain::encode`]), when there are at most [`SEARCH_TRANSITIONS`];
    /// empty otherwise.
    search: Vec<Vec<(u32, u8, u32)>>,
}

/// The most transitions of (digits read, state) promised to the search for one line: on 9x9,
/// a sandwich's take at most 3,380, a skyscraper's 2,523 (a sweep walks only the states a
/// node's candidates reach, but a line with none placed walks them all).
const SEARCH_TRANSITIONS: usize = 40_000;

/// One state of an automaton reading different digits: the digits read (bit `d - 1`) and the
/// automaton's state.
type Node<S> = (u64, S);

impl Chain {
    /// Unrolls `automaton` over `len` cells with digits `1..=n`.
    pub(crate) fn new<A: Automaton>(automaton: &A, len: usize, n: usize) -> Chain {
        // Forward: the states reachable from the start.
        let mut forward: Vec<BTreeSet<A::State>> = vec![BTreeSet::from([automaton.start()])];
        for i in 0..len {
            let next: BTreeSet<A::State> = forward[i]
                .iter()
                .flat_map(|s| (1..=n as u8).filter_map(move |d| automaton.step(i, s, d)))
                .collect();
            forward.push(next);
        }
        // Backward: keep the states from which an accepted one can be reached.
        let mut kept: Vec<BTreeSet<A::State>> = vec![BTreeSet::new(); len + 1];
        kept[len] = forward[len]
            .iter()
            .filter(|s| automaton.accepts(s))
            .cloned()
            .collect();
        for i in (0..len).rev() {
            let after = &kept[i + 1];
            kept[i] = forward[i]
                .iter()
                .filter(|s| {
                    (1..=n as u8)
                        .any(|d| automaton.step(i, s, d).is_some_and(|t| after.contains(&t)))
                })
                .cloned()
                .collect();
        }
        let index: Vec<BTreeMap<&A::State, u32>> = kept
            .iter()
            .map(|layer| layer.iter().zip(0u32..).collect())
            .collect();
        let mut transitions = Vec::with_capacity(len);
        for i in 0..len {
            let mut layer = Vec::new();
            for (s, &from) in &index[i] {
                for digit in 1..=n as u8 {
                    let Some(t) = automaton.step(i, s, digit) else {
                        continue;
                    };
                    if let Some(&to) = index[i + 1].get(&t) {
                        layer.push(Transition { from, digit, to });
                    }
                }
            }
            transitions.push(layer);
        }
        Chain {
            sizes: kept.iter().map(BTreeSet::len).collect(),
            transitions,
            pairs: Vec::new(),
            search: Vec::new(),
        }
    }

    /// Unrolls `automaton` over `len` cells with digits `1..=n` that all differ (a row or a
    /// column), if that takes at most `budget` states of (digits read, automaton state): the
    /// chain's transitions are those some line of different digits takes, and
    /// [`Chain::pairs_from`] is exact for such lines. `None` over the budget.
    ///
    /// # Complexity
    ///
    /// `len` times the transitions between pairs of (digits read, state), at most `budget * n`
    /// each.
    pub(crate) fn distinct<A: Automaton>(
        automaton: &A,
        len: usize,
        n: usize,
        budget: usize,
    ) -> Option<Chain> {
        // Forward: the (digits read, state) pairs reachable from the start, and the steps
        // between them.
        let mut layers: Vec<Vec<Node<A::State>>> = vec![vec![(0, automaton.start())]];
        let mut steps: Vec<Vec<(u32, u8, u32)>> = Vec::with_capacity(len);
        let mut total = 1;
        for i in 0..len {
            let mut index: BTreeMap<Node<A::State>, u32> = BTreeMap::new();
            let mut next = Vec::new();
            let mut layer = Vec::new();
            for (from, (used, s)) in layers[i].iter().enumerate() {
                for digit in (1..=n as u8).filter(|d| used >> (d - 1) & 1 == 0) {
                    let Some(t) = automaton.step(i, s, digit) else {
                        continue;
                    };
                    let node = (used | 1 << (digit - 1), t);
                    let to = *index.entry(node.clone()).or_insert_with(|| {
                        next.push(node);
                        next.len() as u32 - 1
                    });
                    layer.push((from as u32, digit, to));
                }
            }
            total += next.len();
            if total > budget {
                return None;
            }
            layers.push(next);
            steps.push(layer);
        }
        // Backward: keep the nodes from which an accepted one is reached.
        let mut live: Vec<Vec<bool>> = layers.iter().map(|l| vec![false; l.len()]).collect();
        for (k, (_, s)) in layers[len].iter().enumerate() {
            live[len][k] = automaton.accepts(s);
        }
        for i in (0..len).rev() {
            for &(from, _, to) in &steps[i] {
                if live[i + 1][to as usize] {
                    live[i][from as usize] = true;
                }
            }
        }
        // The automaton's states of the live nodes, and the steps between them.
        let states: Vec<BTreeMap<&A::State, u32>> = layers
            .iter()
            .zip(&live)
            .map(|(layer, live)| {
                let kept: BTreeSet<&A::State> = layer
                    .iter()
                    .zip(live)
                    .filter(|(_, &l)| l)
                    .map(|((_, s), _)| s)
                    .collect();
                kept.into_iter().zip(0u32..).collect()
            })
            .collect();
        let mut transitions = Vec::with_capacity(len);
        for i in 0..len {
            let kept: BTreeSet<(u32, u8, u32)> = steps[i]
                .iter()
                .filter(|&&(from, _, to)| live[i][from as usize] && live[i + 1][to as usize])
                .map(|&(from, digit, to)| {
                    let state = |layer: usize, k: u32| states[layer][&layers[layer][k as usize].1];
                    (state(i, from), digit, state(i + 1, to))
                })
                .collect();
            transitions.push(
                kept.into_iter()
                    .map(|(from, digit, to)| Transition { from, digit, to })
                    .collect(),
            );
        }
        // Pairs: seen[node][i] holds the digits cell i takes on some way to the node.
        let mut pairs = vec![vec![vec![0u64; n]; len]; len];
        let mut seen: Vec<Vec<u64>> = vec![Vec::new()];
        for j in 0..len {
            let mut next = vec![vec![0u64; j + 1]; layers[j + 1].len()];
            // back[i][e - 1]: the digits cell i takes on a line with e at j.
            let mut back = vec![vec![0u64; n]; j];
            for &(from, digit, to) in &steps[j] {
                if !(live[j][from as usize] && live[j + 1][to as usize]) {
                    continue;
                }
                let before = &seen[from as usize];
                for (i, &mask) in before.iter().enumerate() {
                    back[i][usize::from(digit) - 1] |= mask;
                    next[to as usize][i] |= mask;
                }
                next[to as usize][j] |= 1 << (digit - 1);
            }
            for (i, back) in back.iter().enumerate() {
                for (e, &ds) in back.iter().enumerate() {
                    for d in (0..n).filter(|d| ds >> d & 1 == 1) {
                        pairs[i][j][d] |= 1 << e;
                    }
                }
            }
            seen = next;
        }
        // The search keeps the nodes themselves: the digits differ and the clue holds together.
        let number: Vec<Vec<u32>> = live
            .iter()
            .map(|layer| {
                let mut next = 0;
                // A kept node's number: the kept nodes before it (the others' is not used).
                let mut number = |&kept: &bool| {
                    let here = next;
                    next += u32::from(kept);
                    here
                };
                layer.iter().map(&mut number).collect()
            })
            .collect();
        let search: Vec<Vec<(u32, u8, u32)>> = (0..len)
            .map(|i| {
                steps[i]
                    .iter()
                    .filter(|&&(from, _, to)| live[i][from as usize] && live[i + 1][to as usize])
                    .map(|&(from, digit, to)| {
                        let (from, to) = (number[i][from as usize], number[i + 1][to as usize]);
                        (from, digit - 1, to)
                    })
                    .collect()
            })
            .collect();
        let small = search.iter().map(Vec::len).sum::<usize>() <= SEARCH_TRANSITIONS;
        Some(Chain {
            sizes: states.iter().map(BTreeMap::len).collect(),
            transitions,
            pairs,
            search: if small { search } else { Vec::new() },
        })
    }

    /// Whether some line of digits is accepted.
    pub(crate) fn feasible(&self) -> bool {
        self.sizes[0] > 0
    }

    /// The number of states in each layer, `0..=len` (for the tests).
    #[cfg(test)]
    pub(crate) fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The digits cell `i` may take on some accepted line (bit `d - 1` for digit `d`), for the
    /// tests.
    #[cfg(test)]
    pub(crate) fn digits(&self, i: usize) -> u64 {
        self.transitions[i]
            .iter()
            .fold(0, |mask, t| mask | 1 << (t.digit - 1))
    }

    /// What the chain says about two of its cells: for cell `i` and each later cell `j`,
    /// `allowed[j][d - 1]` has bit `e - 1` when some accepted line (of different digits, for a
    /// [`Chain::distinct`] chain) puts `d` at `i` and `e` at `j` (entries `0..=i` are empty).
    ///
    /// # Complexity
    ///
    /// `n` sweeps over the transitions after `i`.
    pub(crate) fn pairs_from(&self, i: usize, n: usize) -> Vec<Vec<u64>> {
        if !self.pairs.is_empty() {
            return self.pairs[i].clone();
        }
        let k = self.transitions.len();
        let mut allowed = vec![vec![0u64; n]; k];
        for d in 1..=n as u8 {
            let mut live = vec![false; self.sizes[i + 1]];
            for t in self.transitions[i].iter().filter(|t| t.digit == d) {
                live[t.to as usize] = true;
            }
            for (j, layer) in self.transitions.iter().enumerate().skip(i + 1) {
                let mut next = vec![false; self.sizes[j + 1]];
                for t in layer.iter().filter(|t| live[t.from as usize]) {
                    allowed[j][usize::from(d) - 1] |= 1 << (t.digit - 1);
                    next[t.to as usize] = true;
                }
                live = next;
            }
        }
        allowed
    }

    /// Whether the chain was unrolled over different digits ([`Chain::distinct`]).
    pub(crate) fn is_distinct(&self) -> bool {
        !self.pairs.is_empty()
    }

    /// The number of transitions, all layers together.
    pub(crate) fn transitions(&self) -> usize {
        self.transitions.iter().map(Vec::len).sum()
    }

    /// Entries [`Chain::encode`] adds, at most.
    pub(crate) fn entries(&self) -> u64 {
        // Per transition at most one option of 4 items and 3 items on a cell option.
        self.transitions
            .iter()
            .map(|layer| 7 * layer.len() as u64)
            .sum()
    }

    /// The color of state `s` (1 for the first).
    fn color(s: u32) -> Option<Color> {
        Color::new(s + 1)
    }

    /// Encodes the chain over the cells at `positions` (one per layer step, in order; see
    /// the module documentation). An infeasible chain forbids every digit of every cell.
    ///
    /// # Panics
    ///
    /// If `positions` does not have one position per cell the chain was unrolled over.
    pub(crate) fn encode(&self, encoder: &mut Encoder<'_>, positions: &[usize]) {
        let k = self.transitions.len();
        assert_eq!(positions.len(), k, "one position per cell of the chain");
        let n = encoder.geometry().size() as u8;
        // prefix[i] is P_i for 1 <= i < k.
        let prefix: Vec<Option<ItemId>> = (0..k)
            .map(|i| (i > 0).then(|| encoder.secondary()))
            .collect();
        for (i, &p) in positions.iter().enumerate() {
            let source = prefix[i];
            let target = prefix.get(i + 1).copied().flatten();
            // What each digit's transitions look like through the items that exist.
            let seen = |t: &Transition| (source.map(|_| t.from), target.map(|_| t.to));
            let mut by_digit: Vec<BTreeSet<(Option<u32>, Option<u32>)>> =
                vec![BTreeSet::new(); n as usize + 1];
            for t in &self.transitions[i] {
                by_digit[t.digit as usize].insert(seen(t));
            }
            let several = by_digit.iter().any(|views| views.len() > 1);
            let (step, digit_item) = if several {
                (Some(encoder.primary()), Some(encoder.secondary()))
            } else {
                (None, None)
            };
            for d in 1..=n {
                let views = &by_digit[d as usize];
                match views.len() {
                    0 => encoder.forbid(p, d),
                    1 => {
                        let &(from, to) = views.first().expect("one view");
                        if let Some(step) = step {
                            encoder.on(p, d, step, None);
                        }
                        if let (Some(item), Some(from)) = (source, from) {
                            encoder.on(p, d, item, Chain::color(from));
                        }
                        if let (Some(item), Some(to)) = (target, to) {
                            encoder.on(p, d, item, Chain::color(to));
                        }
                    }
                    _ => {
                        let (step, digit_item) = (
                            step.expect("made for several views"),
                            digit_item.expect("made for several views"),
                        );
                        let color = Color::new(u32::from(d));
                        encoder.on(p, d, digit_item, color);
                        for &(from, to) in views {
                            let mut items = vec![(step, None), (digit_item, color)];
                            if let (Some(item), Some(from)) = (source, from) {
                                items.push((item, Chain::color(from)));
                            }
                            if let (Some(item), Some(to)) = (target, to) {
                                items.push((item, Chain::color(to)));
                            }
                            encoder.option(items);
                        }
                    }
                }
            }
        }
        // The search keeps the chain consistent over the cells' candidates at every node: with
        // the digits read when they differ.
        let layers = if self.search.is_empty() {
            self.transitions
                .iter()
                .map(|layer| layer.iter().map(|t| (t.from, t.digit - 1, t.to)).collect())
                .collect()
        } else {
            self.search.clone()
        };
        encoder.promise_automaton(positions, layers);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digits adding up to a target (the linear sums' automaton, as a check).
    struct Total(i64);

    impl Automaton for Total {
        type State = i64;
        fn start(&self) -> i64 {
            0
        }
        fn step(&self, _: usize, s: &i64, d: u8) -> Option<i64> {
            let t = s + i64::from(d);
            (t <= self.0).then_some(t)
        }
        fn accepts(&self, s: &i64) -> bool {
            *s == self.0
        }
    }

    #[test]
    fn states_are_pruned_both_ways() {
        // Three digits of 1..=4 adding up to 4: 1+1+2 in some order.
        let chain = Chain::new(&Total(4), 3, 4);
        assert!(chain.feasible());
        assert_eq!(chain.sizes(), &[1, 2, 2, 1]);
        assert_eq!(chain.digits(0), 0b11);
        assert_eq!(chain.digits(2), 0b11);
        let never = Chain::new(&Total(13), 3, 4);
        assert!(!never.feasible());
        assert_eq!(never.sizes(), &[0, 0, 0, 0]);
        assert_eq!(never.digits(1), 0);
    }

    /// Every permutation of `1..=n`, in some order.
    fn permutations(n: u8) -> Vec<Vec<u8>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for shorter in permutations(n - 1) {
            for at in 0..=shorter.len() {
                let mut line = shorter.clone();
                line.insert(at, n);
                out.push(line);
            }
        }
        out
    }

    /// Whether `automaton` accepts `line`.
    fn runs<A: Automaton>(automaton: &A, line: &[u8]) -> bool {
        let mut state = automaton.start();
        for (i, &d) in line.iter().enumerate() {
            match automaton.step(i, &state, d) {
                Some(t) => state = t,
                None => return false,
            }
        }
        automaton.accepts(&state)
    }

    #[test]
    fn distinct_chains_know_the_lines_of_different_digits() {
        // The first three of five different digits add up to 8: {1, 2, 5} or {1, 3, 4}.
        struct Prefix;
        impl Automaton for Prefix {
            type State = i64;
            fn start(&self) -> i64 {
                0
            }
            fn step(&self, i: usize, s: &i64, d: u8) -> Option<i64> {
                let t = if i < 3 { s + i64::from(d) } else { *s };
                (t <= 8).then_some(t)
            }
            fn accepts(&self, s: &i64) -> bool {
                *s == 8
            }
        }
        let chain = Chain::distinct(&Prefix, 5, 5, 1000).unwrap();
        assert!(chain.is_distinct() && chain.feasible());
        let lines: Vec<Vec<u8>> = permutations(5)
            .into_iter()
            .filter(|line| runs(&Prefix, line))
            .collect();
        for i in 0..5 {
            let want = lines.iter().fold(0u64, |m, l| m | 1 << (l[i] - 1));
            assert_eq!(chain.digits(i), want, "cell {i}");
            let pairs = chain.pairs_from(i, 5);
            for (j, table) in pairs.iter().enumerate().skip(i + 1) {
                for d in 1..=5u8 {
                    let want = lines
                        .iter()
                        .filter(|l| l[i] == d)
                        .fold(0u64, |m, l| m | 1 << (l[j] - 1));
                    assert_eq!(table[usize::from(d) - 1], want, "cells {i}, {j}, digit {d}");
                }
            }
        }
        // The search's automaton reads the digits read too: a line passes it if and only if
        // its digits differ and the automaton accepts it, and it keeps a digit a Hall set of
        // the line holds out of the other cells.
        for line in permutations(5) {
            let mut masks: Vec<u64> = line.iter().map(|&d| 1 << (d - 1)).collect();
            let passes = crate::xc::regular(&chain.search, &mut masks);
            assert_eq!(passes, runs(&Prefix, &line), "{line:?}");
        }
        assert!(!crate::xc::regular(
            &chain.search,
            &mut [0b1, 0b1, 0b11111, 0b11111, 0b11111]
        ));
        let mut masks = [0b11, 0b11, 0b11111, 0b11111, 0b11111];
        assert!(crate::xc::regular(&chain.search, &mut masks));
        assert_eq!(
            masks[2], 0b10000,
            "{{1, 2}} in the first two cells: 5 third"
        );
        // Every such line has its 1 among the first three, which only different digits say.
        assert_eq!(Chain::new(&Prefix, 5, 5).digits(3), 0b11111);
        assert_eq!(chain.digits(3), 0b11110);
        // Over the budget there is no chain.
        assert!(Chain::distinct(&Prefix, 5, 5, 10).is_none());
        assert!(!Chain::distinct(&Total(100), 4, 4, 1000).unwrap().feasible());
    }
}
