//! Automata over sequences of primary items, kept consistent at every node of a search
//! (Pesant's *regular* constraint): a reduction the search makes beside item domination, the
//! sums and the relations, on the same trail, undone when it backtracks.
//!
//! An [`OptionAutomaton`] is a promise the caller makes about the problem: it names a sequence
//! of *slots*, each every option of one primary item with a small value (below 64), and an
//! automaton unrolled over them in layers: `layers[i]` lists the transitions `(from, value,
//! to)` from a state of layer `i` to a state of layer `i + 1` when slot `i` takes `value`.
//! Layer 0 holds the start, state 0; every state of the last layer accepts. The promise is
//! that the options chosen for the slots, read in order, follow a path of transitions from
//! the start to the last layer. The exact cover already holds the rule (a sudoku encodes a
//! clue outside the grid as a chain of colored items), but the matrix applies it only as the
//! slots are chosen. The promise lets the search prune before that: at every node, a value of
//! a slot that lies on no path whose every value is still possible (an option in the matrix,
//! or the option chosen) is in no solution below the node, and its options go.
//!
//! The step is a pure function of the slots' sets of values (bit masks): [`regular`], one
//! sweep forward over the transitions (the states reachable from the start) and one backward
//! (those that reach the last layer), keeping the values of the transitions between the two.
//! Human-style logic on a candidate state can run it on its candidates (the cells of a
//! skyscraper's row: "this cell cannot be 9, no line of these candidates would show 3
//! towers").
//!
//! An automaton is tested again only when one of its slots' lists changed length (or its item
//! was covered) since its last test on the path from the root. As the removals depend on the
//! options chosen (a covered slot's value), not only the items covered, counts with automata do
//! without the memory of subproblems, as counts with sums do.

use super::trail::Trail;
use crate::xc::matrix::{at, length, Matrix, COVERED};
use crate::xc::problem::OptionId;
use crate::xc::sums::linked;

/// An automaton read along a sequence of slots (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OptionAutomaton {
    /// The slots in order, each every option of one primary item with its value (below 64).
    pub slots: Vec<Vec<(OptionId, u8)>>,
    /// `layers[i]` holds the transitions `(from, value, to)` of slot `i`: from state `from`
    /// of layer `i` to state `to` of layer `i + 1` when the slot takes `value`. Layer 0 has
    /// the start, state 0; every state of the last layer accepts.
    pub layers: Vec<Vec<(u32, u8, u32)>>,
}

/// Why [`crate::xc::Dlx::add_automaton`] refused an automaton.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AutomatonError {
    /// There is not one layer of transitions per slot.
    #[error("{slots} slots but {layers} layers of transitions")]
    Layers {
        /// Slots given.
        slots: usize,
        /// Layers given.
        layers: usize,
    },
    /// A slot names an option that does not exist.
    #[error("slot {slot}: no option {option}")]
    UnknownOption {
        /// The slot (0-based).
        slot: usize,
        /// The option named.
        option: OptionId,
    },
    /// A slot's options do not share a primary item, or leave some of its options out.
    #[error("slot {slot}: the options are not every option of one primary item")]
    NotAnItem {
        /// The slot (0-based).
        slot: usize,
    },
    /// A value is 64 or more.
    #[error("slot {slot}: value {value} is not below 64")]
    ValueTooLarge {
        /// The slot (0-based).
        slot: usize,
        /// The value given.
        value: u8,
    },
    /// Automata are added to a matrix as built, before any commit or removal.
    #[error("automata are added before options are committed or removed")]
    NotFresh,
}

/// The values of the slots that lie on some path of `layers` (see
/// [`OptionAutomaton::layers`]) whose every value is in its slot's mask: each `masks[i]` (bit
/// `x` for value `x`) keeps those values. `false` when no path is left (the masks are then
/// left empty or partly reduced). Reducing the result again changes nothing.
///
/// ```
/// use sudokux::xc::regular;
///
/// // Two slots of values 0..3 whose values increase: 0 -> 1 -> 2 as states.
/// let layers = vec![
///     vec![(0, 0, 0), (0, 1, 1), (0, 2, 2)],
///     vec![(0, 1, 0), (0, 2, 0), (1, 2, 0)],
/// ];
/// let mut masks = [0b111, 0b011];
/// assert!(regular(&layers, &mut masks));
/// assert_eq!(masks, [0b001, 0b010]);
/// ```
pub fn regular(layers: &[Vec<(u32, u8, u32)>], masks: &mut [u64]) -> bool {
    let mut graph = Graph::default();
    graph.add(layers);
    let states = graph.starts.len() - 1;
    Scratch::sized(states, layers.len()).sweep(&graph, 0, masks)
}

/// The number of states of each layer `0..=k` of `layers` (at least one: the start's).
fn sizes(layers: &[Vec<(u32, u8, u32)>]) -> Vec<u32> {
    let mut sizes = vec![1u32; layers.len() + 1];
    for (i, layer) in layers.iter().enumerate() {
        for &(from, _, to) in layer {
            sizes[i] = sizes[i].max(from + 1);
            sizes[i + 1] = sizes[i + 1].max(to + 1);
        }
    }
    sizes
}

/// The states of automata unrolled in layers, numbered together (an automaton's layers one
/// after another, the next automaton's after its last), with the transitions out of each.
///
/// Invariants: state `g`'s transitions are `outs[starts[g] as usize..starts[g + 1] as
/// usize]`, each `(value, to)`: `to` is a state of the layer after `g`'s; a state of a last
/// layer has none. `starts` has one entry more than there are states (the first 0).
#[derive(Debug, Clone)]
struct Graph {
    starts: Vec<u32>,
    outs: Vec<(u8, u32)>,
}

impl Default for Graph {
    fn default() -> Self {
        Graph {
            starts: vec![0],
            outs: Vec::new(),
        }
    }
}

impl Graph {
    /// Numbers the states of `layers` (see [`OptionAutomaton::layers`]) after those held and
    /// adds their transitions: the start is the first of them. Gives the number of states of
    /// each layer ([`sizes`]).
    fn add(&mut self, layers: &[Vec<(u32, u8, u32)>]) -> Vec<u32> {
        let sizes = sizes(layers);
        let mut base = (self.starts.len() - 1) as u32;
        for (layer, &states) in layers.iter().zip(&sizes) {
            let next = base + states;
            let mut sorted: Vec<(u32, u8, u32)> = layer.clone();
            sorted.sort_unstable();
            let mut k = 0;
            for from in 0..states {
                while k < sorted.len() && sorted[k].0 == from {
                    let (_, value, to) = sorted[k];
                    self.outs.push((value, next + to));
                    k += 1;
                }
                self.starts.push(self.outs.len() as u32);
            }
            base = next;
        }
        let last = sizes.last().copied().unwrap_or(1);
        let end = self.outs.len() as u32;
        self.starts.extend((0..last).map(|_| end));
        sizes
    }

    /// The transitions out of state `g`.
    #[inline]
    fn outs(&self, g: u32) -> &[(u8, u32)] {
        &self.outs[self.starts[g as usize] as usize..self.starts[g as usize + 1] as usize]
    }
}

/// The scratch space of a sweep. Invariants between sweeps: `forward` and `backward` are
/// false on every state; `live` has room for the states of any one automaton, `at` for one
/// more entry than its layers.
#[derive(Debug, Clone, Default)]
struct Scratch {
    live: Vec<u32>,
    at: Vec<usize>,
    forward: Vec<bool>,
    backward: Vec<bool>,
}

impl Scratch {
    /// Scratch for `states` states in all, automata of at most `slots` slots.
    fn sized(states: usize, slots: usize) -> Self {
        Scratch {
            live: Vec::with_capacity(states),
            at: Vec::with_capacity(slots + 2),
            forward: vec![false; states],
            backward: vec![false; states],
        }
    }

    /// [`regular`] for the automaton of `graph` whose start is state `start`, one mask per
    /// slot. Walks only the states reachable from the start through the masks' values, so
    /// that a line with cells placed costs little: forward, the states reached, layer by
    /// layer (`live[at[i]..at[i + 1]]` for layer `i`); backward, those of them that reach the
    /// last layer, keeping the values of the transitions between the two.
    fn sweep(&mut self, graph: &Graph, start: u32, masks: &mut [u64]) -> bool {
        let alive = self.forward(graph, start, masks) && self.backward(graph, masks);
        for &g in &self.live {
            self.forward[g as usize] = false;
            self.backward[g as usize] = false;
        }
        alive
    }

    fn forward(&mut self, graph: &Graph, start: u32, masks: &mut [u64]) -> bool {
        self.live.clear();
        self.at.clear();
        self.live.push(start);
        self.forward[start as usize] = true;
        self.at.push(0);
        for (i, mask) in masks.iter_mut().enumerate() {
            let (from, to) = (self.at[i], self.live.len());
            self.at.push(to);
            for k in from..to {
                for &(v, t) in graph.outs(self.live[k]) {
                    if *mask >> v & 1 != 0 && !self.forward[t as usize] {
                        self.forward[t as usize] = true;
                        self.live.push(t);
                    }
                }
            }
            if self.live.len() == to {
                *mask = 0;
                return false;
            }
        }
        self.at.push(self.live.len());
        true
    }

    fn backward(&mut self, graph: &Graph, masks: &mut [u64]) -> bool {
        let k = masks.len();
        for &g in &self.live[self.at[k]..self.at[k + 1]] {
            self.backward[g as usize] = true;
        }
        for i in (0..k).rev() {
            let mask = masks[i];
            let mut kept = 0u64;
            for &g in &self.live[self.at[i]..self.at[i + 1]] {
                let mut on = false;
                for &(v, t) in graph.outs(g) {
                    // Without a branch: the values and the states' fates mix at random.
                    let ok = mask >> v & 1 != 0 && self.backward[t as usize];
                    kept |= u64::from(ok) << v;
                    on |= ok;
                }
                self.backward[g as usize] = on;
            }
            masks[i] = kept;
            if kept == 0 {
                return false;
            }
        }
        true
    }
}

/// The automata of a matrix, ready for the search, with the scratch space of their tests.
///
/// Invariants: `automata[a]` is `(first, end, start)`: automaton `a`'s slots are
/// `first..end`, in order, its start state `start` of `graph`, where its layers are numbered
/// one after another; slot `s` is primary item `items[s]`, its options the nodes and values
/// `entries[entry_start[s]..entry_start[s + 1]]` (each node in `items[s]`'s list).
/// `by_option[o]` lists the `(slot, value)` of option `o` in
/// `choices[by_option[o]..by_option[o + 1]]`.
///
/// During a search `fixed[s]` is the value of the option chosen (or committed) for slot `s`,
/// `FREE` while there is none; `seen[s]` is the length of `items[s]`'s list when the slot's
/// automaton was last found consistent on the path from the root to the current node (`STALE`
/// before); `trail` holds, by level, the [`Undo`] of every change of `seen` and of every
/// fixing.
#[derive(Debug, Clone, Default)]
pub(crate) struct Automata {
    automata: Vec<(u32, u32, u32)>,
    items: Vec<u32>,
    entry_start: Vec<u32>,
    entries: Vec<(u32, u8)>,
    graph: Graph,
    by_option: Vec<u32>,
    choices: Vec<(u32, u8)>,
    fixed: Vec<u8>,
    seen: Vec<u32>,
    trail: Trail<Undo>,
    masks: Vec<u64>,
    scratch: Scratch,
}

/// The value of a slot with no option chosen.
const FREE: u8 = u8::MAX;

/// The length of no list: a slot not yet tested.
const STALE: u32 = u32::MAX;

/// What a level changed in [`Automata`], undone when the search leaves it.
#[derive(Debug, Clone, Copy)]
enum Undo {
    /// Slot `s` was fixed: it is free again.
    Fixed(u32),
    /// Slot `s`'s `seen` was the length given.
    Seen(u32, u32),
}

impl Automata {
    /// Whether there are any automata.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.automata.is_empty()
    }

    /// Checks `automaton` against the matrix as built and adds it.
    pub(crate) fn add(
        &mut self,
        m: &Matrix,
        automaton: &OptionAutomaton,
    ) -> Result<(), AutomatonError> {
        if !m.committed.is_empty() || !m.removed.is_empty() {
            return Err(AutomatonError::NotFresh);
        }
        let k = automaton.slots.len();
        if automaton.layers.len() != k {
            return Err(AutomatonError::Layers {
                slots: k,
                layers: automaton.layers.len(),
            });
        }
        let mut found = Vec::with_capacity(k);
        for (s, slot) in automaton.slots.iter().enumerate() {
            if let Some(&(_, value)) = slot.iter().find(|&&(_, v)| v >= 64) {
                return Err(AutomatonError::ValueTooLarge { slot: s, value });
            }
            found.push(slot_nodes(m, s, slot)?);
        }
        if self.entry_start.is_empty() {
            self.entry_start.push(0);
        }
        let first = self.items.len() as u32;
        for (slot, (item, nodes)) in automaton.slots.iter().zip(found) {
            self.items.push(item);
            self.entries
                .extend(nodes.iter().zip(slot).map(|(&p, &(_, v))| (p, v)));
            self.entry_start.push(self.entries.len() as u32);
        }
        let start = (self.graph.starts.len() - 1) as u32;
        self.graph.add(&automaton.layers);
        self.automata.push((first, self.items.len() as u32, start));
        // The options' slots, made again (additions come before any search).
        let options = m.option_count();
        let mut counts = vec![0u32; options + 1];
        let mut pairs: Vec<(u32, u32, u8)> = Vec::new();
        for &(first, end, _) in &self.automata {
            for s in first..end {
                let (from, to) = (
                    self.entry_start[s as usize] as usize,
                    self.entry_start[s as usize + 1] as usize,
                );
                for &(p, v) in &self.entries[from..to] {
                    let o = m.node_option[p as usize];
                    counts[o as usize + 1] += 1;
                    pairs.push((o, s, v));
                }
            }
        }
        for o in 0..options {
            counts[o + 1] += counts[o];
        }
        self.by_option = counts.clone();
        self.choices = vec![(0, 0); pairs.len()];
        for (o, s, v) in pairs {
            self.choices[counts[o as usize] as usize] = (s, v);
            counts[o as usize] += 1;
        }
        let slots = self.items.len();
        self.fixed = vec![FREE; slots];
        self.seen = vec![STALE; slots];
        self.masks = vec![0; slots];
        let longest = self.automata.iter().map(|&(f, e, _)| e - f).max();
        self.scratch = Scratch::sized(self.graph.starts.len() - 1, longest.unwrap_or(0) as usize);
        self.trail = Trail::default();
        self.trail.reserve(3 * slots, m.primary as usize + 2);
        Ok(())
    }

    /// Enters a level: fixes the slots of the option of node `last` (at the root, where `last`
    /// is `None`, those of every committed option, and every automaton is tested anew).
    pub(crate) fn enter(&mut self, m: &Matrix, last: Option<u32>) {
        self.trail.enter();
        match last {
            Some(x) => self.fix(m.node_option[x as usize]),
            None => {
                self.seen.fill(STALE);
                self.fixed.fill(FREE);
                for k in 0..m.committed.len() {
                    self.fix(m.node_option[m.committed[k] as usize]);
                }
            }
        }
    }

    fn fix(&mut self, option: u32) {
        let (from, to) = match (
            self.by_option.get(option as usize),
            self.by_option.get(option as usize + 1),
        ) {
            (Some(&from), Some(&to)) => (from as usize, to as usize),
            _ => return,
        };
        for c in from..to {
            let (s, v) = self.choices[c];
            self.fixed[s as usize] = v;
            self.trail.push(Undo::Fixed(s));
        }
    }

    /// Leaves the level entered last: frees the slots fixed there and forgets its tests.
    pub(crate) fn leave(&mut self) {
        self.trail.leave(|undo| match undo {
            Undo::Fixed(s) => self.fixed[s as usize] = FREE,
            Undo::Seen(s, old) => self.seen[s as usize] = old,
        });
    }

    /// Makes every automaton whose slots changed consistent with the options still in the
    /// matrix: puts into `out` the node (in its slot's list) of every option on no path.
    /// `false` at a dead end (no path left), where the search backtracks.
    pub(crate) fn prune(&mut self, m: &Matrix, out: &mut Vec<u32>) -> bool {
        for a in 0..self.automata.len() {
            let (first, end, start) = self.automata[a];
            let (first, end) = (first as usize, end as usize);
            if (first..end).all(|s| length(&m.len, self.items[s]) == self.seen[s]) {
                continue;
            }
            for s in first..end {
                let len = length(&m.len, self.items[s]);
                if len != self.seen[s] {
                    self.trail.push(Undo::Seen(s as u32, self.seen[s]));
                    self.seen[s] = len;
                }
                self.masks[s] = if self.fixed[s] != FREE {
                    1 << self.fixed[s]
                } else if len >= COVERED {
                    // Covered by an option outside the slot: no promise to keep here.
                    u64::MAX
                } else {
                    self.entries[self.entry_start[s] as usize..self.entry_start[s + 1] as usize]
                        .iter()
                        .filter(|&&(p, _)| linked(m, p))
                        .fold(0u64, |mask, &(_, v)| mask | 1 << v)
                };
            }
            let alive = self
                .scratch
                .sweep(&self.graph, start, &mut self.masks[first..end]);
            if !alive {
                return false;
            }
            for s in first..end {
                let len = length(&m.len, self.items[s]);
                if self.fixed[s] != FREE || len >= COVERED {
                    continue;
                }
                let mask = self.masks[s];
                let mut gone = 0;
                for &(p, v) in
                    &self.entries[self.entry_start[s] as usize..self.entry_start[s + 1] as usize]
                {
                    if mask >> v & 1 == 0 && linked(m, p) {
                        out.push(p);
                        gone += 1;
                    }
                }
                // The slot's list once these go: the automaton is consistent with it (a sweep
                // keeps what a sweep keeps), so only another reduction's removal tests it again.
                if gone > 0 {
                    self.trail.push(Undo::Seen(s as u32, self.seen[s]));
                    self.seen[s] = len - gone;
                }
            }
        }
        true
    }
}

/// The primary item of slot `s` and the node of each of its options in that item's list, in
/// the slot's order; the slot must list every option of the item once.
fn slot_nodes(
    m: &Matrix,
    s: usize,
    slot: &[(OptionId, u8)],
) -> Result<(u32, Vec<u32>), AutomatonError> {
    let mut item = None;
    let mut nodes = Vec::with_capacity(slot.len());
    for &(option, _) in slot {
        let Some(&first) = m.option_first.get(option.index()) else {
            return Err(AutomatonError::UnknownOption { slot: s, option });
        };
        let i = *item.get_or_insert(at(&m.nodes, first).top);
        let mut p = first;
        while at(&m.nodes, p).top != 0 && at(&m.nodes, p).top != i {
            p += 1;
        }
        if at(&m.nodes, p).top != i {
            return Err(AutomatonError::NotAnItem { slot: s });
        }
        nodes.push(p);
    }
    let Some(i) = item else {
        return Err(AutomatonError::NotAnItem { slot: s });
    };
    let mut distinct = nodes.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if i > m.primary || length(&m.len, i) as usize != nodes.len() || distinct.len() != nodes.len() {
        return Err(AutomatonError::NotAnItem { slot: s });
    }
    Ok((i, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::{Color, CountOptions, Dlx, ProblemBuilder};

    /// `k` cells taking the values `0..v`, each value at most once when `distinct`, and an
    /// automaton over the cells held in the matrix as a chain of colored items (the state
    /// after each cell), as a sudoku holds its clues: one option per transition, "cell `c`
    /// takes the value by this transition". Returns the problem and its automaton.
    fn problem(v: u32, distinct: bool, layers: &[Vec<(u32, u8, u32)>]) -> (Dlx, OptionAutomaton) {
        let k = layers.len();
        let mut p = ProblemBuilder::new();
        let cells: Vec<_> = (0..k).map(|_| p.primary()).collect();
        let values: Vec<_> = (0..v).map(|_| p.secondary()).collect();
        let states: Vec<_> = (0..=k).map(|_| p.secondary()).collect();
        let mut slots = vec![Vec::new(); k];
        let mut option = 0u32;
        for (c, layer) in layers.iter().enumerate() {
            for &(from, value, to) in layer {
                let mut items = vec![(cells[c], None)];
                if distinct {
                    items.push((values[usize::from(value)], None));
                }
                // The start is state 0 of layer 0.
                items.push((states[c], Color::new(from + 1)));
                items.push((states[c + 1], Color::new(to + 1)));
                if c == 0 && from != 0 {
                    continue;
                }
                p.colored_option(items).unwrap();
                slots[c].push((OptionId(option), value));
                option += 1;
            }
        }
        let automaton = OptionAutomaton {
            slots,
            layers: layers.to_vec(),
        };
        (Dlx::new(&p.build()), automaton)
    }

    /// A small random generator (xorshift), so that the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn regular_keeps_the_values_on_paths() {
        // Values along three slots add up to 2 (states: the sum so far, capped).
        let layer = |last: bool| -> Vec<(u32, u8, u32)> {
            let mut t = Vec::new();
            for s in 0..=2u32 {
                for x in 0..=2u8 {
                    let to = s + u32::from(x);
                    if to <= 2 && (!last || to == 2) {
                        t.push((s, x, if last { 0 } else { to }));
                    }
                }
            }
            t
        };
        let layers = vec![layer(false), layer(false), layer(true)];
        let mut masks = [0b111, 0b001, 0b110];
        assert!(regular(&layers, &mut masks));
        assert_eq!(masks, [0b011, 0b001, 0b110]);
        let mut masks = [0b100, 0b010, 0b111];
        assert!(!regular(&layers, &mut masks));
        let mut again = [0b011, 0b001, 0b110];
        assert!(regular(&layers, &mut again));
        assert_eq!(again, [0b011, 0b001, 0b110]);
    }

    #[test]
    fn random_automata_change_no_count_and_leave_the_matrix_as_found() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut pruned = false;
        for round in 0..80u32 {
            let (k, v, states) = (3 + round % 3, 3 + round % 2, 1 + round % 3);
            let layers: Vec<Vec<(u32, u8, u32)>> = (0..k)
                .map(|c| {
                    let mut layer = Vec::new();
                    let froms = if c == 0 { 1 } else { states };
                    let tos = if c + 1 == k { 1 + round % 2 } else { states };
                    for from in 0..froms {
                        for x in 0..v as u8 {
                            for to in 0..tos {
                                if next(&mut state) % 3 == 0 {
                                    layer.push((from, x, to));
                                }
                            }
                        }
                    }
                    layer
                })
                .collect();
            let distinct = round % 2 == 0;
            let (mut plain, automaton) = problem(v, distinct, &layers);
            if automaton.slots.iter().any(Vec::is_empty) {
                continue;
            }
            let mut kept = plain.clone();
            kept.add_automaton(&automaton).unwrap();
            let without = plain.count(CountOptions::new());
            let with = kept.count(CountOptions::new());
            assert_eq!(with.count, without.count, "round {round}");
            pruned |= with.stats.nodes < without.stats.nodes;
            assert_eq!(
                kept.collect(1000).0.len(),
                plain.collect(1000).0.len(),
                "round {round}"
            );
            // With a commit, and again after a reset and in a clone.
            if plain.commit(OptionId(0)).is_ok() {
                kept.commit(OptionId(0)).unwrap();
                assert_eq!(
                    kept.count(CountOptions::new()).count,
                    plain.count(CountOptions::new()).count,
                    "round {round}, committed"
                );
                plain.reset();
                kept.reset();
            }
            assert_eq!(kept.count(CountOptions::new()).count, without.count);
            kept.check_links().unwrap();
            assert_eq!(kept.clone().count(CountOptions::new()).count, without.count);
        }
        assert!(pruned, "some automaton cut the tree");
    }

    #[test]
    fn automata_are_checked_against_the_matrix() {
        let layers = vec![vec![(0, 0, 0), (0, 1, 0)], vec![(0, 0, 0), (0, 1, 0)]];
        let (mut dlx, automaton) = problem(2, false, &layers);
        let mut short = automaton.clone();
        short.layers.pop();
        assert_eq!(
            dlx.add_automaton(&short),
            Err(AutomatonError::Layers {
                slots: 2,
                layers: 1
            })
        );
        let mut wrong = automaton.clone();
        wrong.slots[1].pop();
        assert_eq!(
            dlx.add_automaton(&wrong),
            Err(AutomatonError::NotAnItem { slot: 1 })
        );
        wrong.slots[1] = vec![(OptionId(99), 0)];
        assert_eq!(
            dlx.add_automaton(&wrong),
            Err(AutomatonError::UnknownOption {
                slot: 1,
                option: OptionId(99)
            })
        );
        let mut large = automaton.clone();
        large.slots[0][0].1 = 64;
        assert_eq!(
            dlx.add_automaton(&large),
            Err(AutomatonError::ValueTooLarge { slot: 0, value: 64 })
        );
        dlx.add_automaton(&automaton).unwrap();
        dlx.commit(OptionId(0)).unwrap();
        assert_eq!(dlx.add_automaton(&automaton), Err(AutomatonError::NotFresh));
    }
}
