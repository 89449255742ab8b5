//! The top band of a count by bands: every way to fill it, up to the symmetries, gathered
//! into the classes of states it leaves below ([`Plan`]). The classes are the units of work a
//! count shares among threads, and the shards it is split into across processes or machines.

use std::collections::HashMap;

use crate::xc::{Budget, Watch};

use super::canon::Canon;
use super::fill::bands;
use super::shape::Shape;
use super::split::partitions;

/// Nodes of the top band between two reports to the watch.
const LOOK_TOP: u64 = 1 << 4;

/// The classes of states below the top band of a shape, each with its weight: the top bands
/// (with the first stack's column sets fixed, see [`super`]) that leave a state of the class.
///
/// Invariants: `classes` are canonical states ([`Canon::of`]), distinct, in increasing order,
/// each of weight at least 1; when `complete` is false the enumeration was stopped and the
/// classes are left out (none is known whole).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    shape: Shape,
    classes: Vec<(Vec<u32>, u128)>,
    /// Top bands fitted.
    nodes: u64,
    /// Choices of the top band's other stacks looked at, and how many there are.
    looked: u64,
    choices: u64,
    complete: bool,
}

impl Plan {
    /// Fills the top band of `shape` every way up to the symmetries and gathers the states
    /// it leaves into classes; stops (incomplete, no class) when the watch asks or the budget
    /// runs out. Deterministic: the same shape gives the same classes in the same order,
    /// whatever the machine, so that class numbers name shards.
    ///
    /// # Complexity
    ///
    /// One band fitted for each multiset of `r - 1` partitions of the digits into blocks of
    /// `r` (9x9: 39,340, a few seconds), and a canonical form of each state it leaves.
    pub fn new(shape: &Shape, watch: &Watch, budget: Budget) -> Plan {
        let (r, c, n) = (shape.rows, shape.cols, shape.size());
        let canon = Canon::new(shape);
        let all = (1u32 << n) - 1;
        let fact = |k: usize| (1..=k as u128).product::<u128>();
        // The first stack's columns fixed, digits 0..r, r..2r, ... (the other
        // n! / (r!)^c column sets of the first stack are renamings of it).
        let first: Vec<u32> = (0..c).map(|j| ((1u32 << r) - 1) << (j * r)).collect();
        let parts = partitions(n, r);
        let mut plan = Plan {
            shape: *shape,
            classes: Vec::new(),
            nodes: 0,
            looked: 0,
            choices: multisets(parts.len() as u64, (r - 1) as u64),
            complete: true,
        };
        let mut classes: HashMap<Vec<u32>, u128> = HashMap::new();
        for_each_multiset(parts.len(), r - 1, &mut |chosen| {
            // The 9x9 top band takes seconds: the watch sees it go, and may stop it; the node
            // limit holds exactly here.
            if plan.nodes > 0 && plan.nodes % LOOK_TOP == 0 {
                watch.add(LOOK_TOP, 0);
            }
            plan.complete =
                plan.complete && !watch.stop_requested() && !budget.exhausted(plan.nodes);
            if !plan.complete {
                return;
            }
            plan.looked += 1;
            // Each partition stands for its c! orders of columns; equal stacks for fewer
            // orders.
            let mut weight = fact(r - 1) * fact(c).pow((r - 1) as u32);
            let mut run = 1;
            for k in 1..chosen.len() {
                run = if chosen[k] == chosen[k - 1] {
                    run + 1
                } else {
                    1
                };
                weight /= run as u128;
            }
            let mut top = first.clone();
            for &p in chosen {
                top.extend_from_slice(&parts[p]);
            }
            plan.nodes += 1;
            let fitted = u128::from(bands(shape, &top));
            if fitted == 0 {
                return;
            }
            let state: Vec<u32> = top.iter().map(|&s| all & !s).collect();
            *classes.entry(canon.of(&state)).or_insert(0) += weight * fitted;
        });
        watch.add(plan.nodes % LOOK_TOP, 0);
        if plan.complete {
            plan.classes = classes.into_iter().collect();
            plan.classes.sort();
        }
        plan
    }

    /// The shape whose top band this is.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The classes of states below the top band, canonical, in increasing order, with their
    /// weights; none when the enumeration was stopped.
    pub fn classes(&self) -> &[(Vec<u32>, u128)] {
        &self.classes
    }

    /// Whether every top band was looked at.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Top bands fitted.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Choices of the top band's other stacks looked at, and how many there are (9x9: 39,340).
    pub fn looked(&self) -> (u64, u64) {
        (self.looked, self.choices)
    }
}

/// The number of non-decreasing sequences of `len` indices below `count`: `C(count+len-1, len)`.
fn multisets(count: u64, len: u64) -> u64 {
    (0..len).fold(1u64, |acc, i| acc * (count + i) / (i + 1))
}

/// Calls `f` with every non-decreasing sequence of `len` indices below `count`.
fn for_each_multiset(count: usize, len: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(count: usize, len: usize, seq: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if seq.len() == len {
            f(seq);
            return;
        }
        let from = seq.last().copied().unwrap_or(0);
        for i in from..count {
            seq.push(i);
            go(count, len, seq, f);
            seq.pop();
        }
    }
    go(count, len, &mut Vec::with_capacity(len), f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_are_counted_as_enumerated() {
        for (count, len) in [(3, 1), (15, 1), (10, 2), (280, 2), (105, 1), (35, 3)] {
            let mut seen = 0u64;
            for_each_multiset(count, len, &mut |_| seen += 1);
            assert_eq!(multisets(count as u64, len as u64), seen, "{count} {len}");
        }
        assert_eq!(multisets(280, 2), 39_340);
    }

    #[test]
    fn a_plan_is_the_same_every_time_and_stops_when_asked() {
        let shape = Shape { rows: 2, cols: 3 };
        let plan = Plan::new(&shape, &Watch::new(), Budget::UNLIMITED);
        assert!(plan.complete());
        assert!(!plan.classes().is_empty());
        assert!(plan.classes().windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(plan, Plan::new(&shape, &Watch::new(), Budget::UNLIMITED));
        assert_eq!(plan.looked().0, plan.looked().1);
        let watch = Watch::new();
        watch.stop();
        let stopped = Plan::new(&shape, &watch, Budget::UNLIMITED);
        assert!(!stopped.complete());
        assert!(stopped.classes().is_empty());
        assert_eq!(stopped.looked().0, 0);
    }
}
