//! Counting the filled grids of plain rules (rows, columns, boxes) band by band, from the
//! grid's symmetries, as Felgenhauer and Jarvis counted the 9x9 sudoku grids.
//!
//! A grid with `r x c` boxes is `c` bands of `r` rows and `r` stacks of `c` columns. Whether
//! the rows below a band can be filled depends only on which digits each column still needs
//! (a *state*, see [`split`]), not on the order of the band's rows. So the count is a sum over
//! the ways the next band takes `r` digits out of each column, of the bands that fit those
//! column sets ([`fill`]) times the count of the state left; the last band is fitted directly.
//!
//! Renaming the digits, permuting the columns within a stack and permuting the stacks map
//! the grids below one state to those below another, one to one: a state's count is its
//! class's, worked out once ([`canon`]). The top band starts from every column needing every
//! digit: renaming the digits fixes the column sets of its first stack (`n! / (r!)^c` choices
//! of them, each giving as many grids), and its other stacks are taken as partitions, each
//! standing for the `c!` orders of its columns and the orders of equal stacks. Rows within a
//! band are permuted by [`fill`], which counts the fillings of a band with its first column in
//! order and multiplies by `r!`.
//!
//! The 9x9 grid: 39,340 choices of the top band's other stacks, in 63 classes, each a sum
//! over `56^3` ways to split its state between the two bands left. The last two bands are
//! counted together from each stack's row maps ([`pair`]), not fitted one by one: the whole
//! 9x9 count is a few seconds of CPU.
//!
//! Symmetries that rules break are never used: [`Shape::of`] answers only for rules whose
//! units are exactly the rows, columns and boxes, with nothing else (no given, no region, no
//! diagonal, no pair rule, no other family).

pub mod canon;
pub mod fill;
pub mod pair;
pub mod pieces;
pub mod shape;
pub mod split;
mod states;
pub mod top;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::xc::{Budget, Watch};

use super::engine::{Answer, Symmetry};
use super::rules::{Constraints, Rules};
use canon::Canon;
use fill::bands;
use pair::Pair;
pub use pieces::{Piece, PieceError, PLAN_VERSION};
pub use shape::Shape;
use split::stack_splits;
use states::States;
pub use top::Plan;

/// Most digits of a grid counted by bands: past 10 the counts pass what a `u128` holds (and
/// no count would finish).
pub const MAX_SIZE: usize = 10;

/// The symmetries a count by bands uses, for a report.
pub const SYMMETRIES: [Symmetry; 4] = [
    Symmetry::Digits,
    Symmetry::RowsInBands,
    Symmetry::ColumnsInStacks,
    Symmetry::Stacks,
];

impl Shape {
    /// The box shape of `rules` when they are plain sudoku rules that a count by bands
    /// handles: one grid of boxes at least 2x2 and at most [`MAX_SIZE`] digits, no other
    /// constraint, and units that are exactly the rows, the columns and the boxes (checked
    /// cell by cell, whatever the rules say they are).
    pub fn of(rules: &Rules) -> Option<Shape> {
        let (rows, cols) = rules.box_shape();
        let shape = Shape { rows, cols };
        let n = shape.size();
        let spec = rules.spec();
        let plain = rows >= 2
            && cols >= 2
            && n <= MAX_SIZE
            && rules.size() == n
            && rules.rows() == n
            && rules.cols() == n
            && spec.regions.is_none()
            && rules.grids().len() <= 1
            && rules.grids().iter().all(|&g| g == (0, 0))
            && spec.constraints == Constraints::default()
            && rules.pairs().is_empty()
            && rules.cells().len() == n * n
            && Canon::orders(&shape) <= canon::MAX_ORDERS;
        if !plain {
            return None;
        }
        let mut units: Vec<Vec<usize>> = rules
            .units()
            .iter()
            .map(|u| {
                let mut cells = u.cells.clone();
                cells.sort_unstable();
                cells
            })
            .collect();
        units.sort();
        let mut expected: Vec<Vec<usize>> = Vec::with_capacity(3 * n);
        for i in 0..n {
            expected.push((0..n).map(|j| i * n + j).collect());
            expected.push((0..n).map(|j| j * n + i).collect());
            let (top, left) = ((i / rows) * rows, (i % rows) * cols);
            let mut cells: Vec<usize> = (0..n)
                .map(|k| (top + k / cols) * n + left + k % cols)
                .collect();
            cells.sort_unstable();
            expected.push(cells);
        }
        expected.sort();
        (units == expected).then_some(shape)
    }
}

/// A count by bands: exact when `complete`, else (stopped by the budget or the watch) a lower
/// bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BandCount {
    /// Filled grids counted.
    pub count: u128,
    /// Whether every class asked for was counted.
    pub complete: bool,
    /// Bands fitted to column sets: the work done.
    pub nodes: u64,
    /// Classes of states below the top band (the units of work shared among threads and
    /// shards); 0 when the top band was stopped before it was done.
    pub classes: usize,
    /// Classes (or pieces of classes, [`Plan::count_pieces`]) counted whole: the lower bound
    /// of a stopped count is theirs, and what was counted of those under way.
    pub finished: usize,
}

/// A class number that the top band does not have: a shard made for another shape (or by
/// another version of the count).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("class {class} does not exist: the top band of {rows}x{cols} boxes has {classes} classes (numbered from 0)")]
pub struct ClassError {
    /// The class asked for.
    pub class: usize,
    /// Classes the top band has.
    pub classes: usize,
    /// The shape's box rows and columns.
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
}

/// Pieces per thread that a count on several threads cuts the classes into (as
/// [`Plan::shards`] cuts them): the 5 classes of 8x8 do not split evenly between 2 threads,
/// 32 pieces of about one size do. Classes are not cut when there are that many already
/// (63 at 9x9).
const PIECES_PER_THREAD: usize = 16;

/// Counts the filled grids of `shape` on up to `threads` threads, publishing the grids
/// counted, the work and the share of classes done to `watch`, and stopping (with a lower
/// bound) when the watch asks or the budget runs out: the top band ([`Plan`]), then the
/// grids below each class (on several threads, below pieces of classes, sharing one memory
/// of states).
pub fn count(shape: &Shape, threads: usize, watch: &Watch, budget: Budget) -> BandCount {
    let plan = Plan::new(shape, watch, budget);
    let classes = plan.classes().len();
    let every: Vec<Piece> = if threads > 1 {
        plan.shards(PIECES_PER_THREAD * threads)
            .into_iter()
            .flatten()
            .collect()
    } else {
        (0..classes).map(Piece::whole).collect()
    };
    let (mut counted, done) = count_some(&plan, &every, threads, watch, budget.after(plan.nodes()));
    // Classes counted whole: every piece of them.
    counted.finished = (0..classes)
        .filter(|&k| every.iter().zip(&done).all(|(p, &d)| d || p.class != k))
        .count();
    counted.nodes += plan.nodes();
    counted.complete &= plan.complete();
    counted
}

/// The symmetries a count by bands of `shape` uses: [`SYMMETRIES`], and
/// [`Symmetry::Transpose`] when it goes through the transposed shape ([`Shape::oriented`]).
pub fn symmetries(shape: &Shape) -> Vec<Symmetry> {
    let mut used = SYMMETRIES.to_vec();
    if shape.oriented() != *shape {
        used.push(Symmetry::Transpose);
    }
    used
}

/// The count of the empty grid of `shape` as an engine answers it: through the shape's
/// quicker orientation ([`Shape::oriented`]), with the symmetries used and the classes
/// counted whole.
pub fn answer(shape: &Shape, threads: usize, watch: &Watch, budget: Budget) -> Answer {
    let oriented = shape.oriented();
    let counted = count(&oriented, threads, watch, budget);
    let mut answer = Answer::empty();
    answer.count = counted.count;
    answer.complete = counted.complete;
    answer.stats.nodes = counted.nodes;
    answer.stats.solutions = counted.count;
    answer.symmetries = symmetries(shape);
    answer.band_classes = Some((counted.finished, counted.classes));
    answer
}

impl Plan {
    /// Counts the grids whose top band leaves a state of one of the classes `which` (class
    /// numbers from 0, in the plan's order; a number given twice is counted twice), on up to
    /// `threads` threads: the count of a shard. The counts of classes that partition
    /// `0..classes` add up to the whole count, exactly. The watch sees the work, the grids and
    /// the share of these classes done; a stopped count is a lower bound.
    ///
    /// # Errors
    ///
    /// [`ClassError`] when a number is not a class of the plan (none counted then).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::sudoku::bands::{count, Plan, Shape};
    /// use sudokux::xc::{Budget, Watch};
    ///
    /// // The 6x6 grids (2x3 boxes), one shard per class of their top band.
    /// let shape = Shape { rows: 2, cols: 3 };
    /// let plan = Plan::new(&shape, &Watch::new(), Budget::UNLIMITED);
    /// let total: u128 = (0..plan.classes().len())
    ///     .map(|k| plan.count(&[k], 1, &Watch::new(), Budget::UNLIMITED).unwrap().count)
    ///     .sum();
    /// assert_eq!(total, 28_200_960);
    /// assert!(plan.count(&[plan.classes().len()], 1, &Watch::new(), Budget::UNLIMITED).is_err());
    /// ```
    pub fn count(
        &self,
        which: &[usize],
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Result<BandCount, ClassError> {
        let classes = self.classes().len();
        if let Some(&class) = which.iter().find(|&&k| k >= classes) {
            return Err(ClassError {
                class,
                classes,
                rows: self.shape().rows,
                cols: self.shape().cols,
            });
        }
        let pieces: Vec<Piece> = which.iter().map(|&k| Piece::whole(k)).collect();
        Ok(count_some(self, &pieces, threads, watch, budget).0)
    }

    /// Counts the grids of `pieces` (see [`Piece`]; a piece given twice is counted twice) on
    /// up to `threads` threads: the count of a shard of [`Plan::shards`]. The counts of pieces
    /// that cut `0..classes` add up to the whole count, exactly. The watch sees the work, the
    /// grids and the share of these pieces done; a stopped count is a lower bound.
    ///
    /// # Errors
    ///
    /// [`PieceError`] when a piece is not one of the plan's (none counted then).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudokux::sudoku::bands::{Plan, Shape};
    /// use sudokux::xc::{Budget, Watch};
    ///
    /// // The 6x6 grids (2x3 boxes) in 10 shards: classes cut into pieces.
    /// let plan = Plan::new(&Shape { rows: 2, cols: 3 }, &Watch::new(), Budget::UNLIMITED);
    /// let shards = plan.shards(10);
    /// assert_eq!(shards.len(), 10);
    /// let total: u128 = shards
    ///     .iter()
    ///     .map(|pieces| plan.count_pieces(pieces, 1, &Watch::new(), Budget::UNLIMITED).unwrap().count)
    ///     .sum();
    /// assert_eq!(total, 28_200_960);
    /// ```
    pub fn count_pieces(
        &self,
        pieces: &[Piece],
        threads: usize,
        watch: &Watch,
        budget: Budget,
    ) -> Result<BandCount, PieceError> {
        for piece in pieces {
            self.check(piece)?;
        }
        Ok(count_some(self, pieces, threads, watch, budget).0)
    }
}

/// The count of the pieces `which` of `plan` (checked by the caller), the threads sharing one
/// memory of states, and which pieces were counted whole.
fn count_some(
    plan: &Plan,
    which: &[Piece],
    threads: usize,
    watch: &Watch,
    budget: Budget,
) -> (BandCount, Vec<bool>) {
    let shape = plan.shape();
    let (r, c, n) = (shape.rows, shape.cols, shape.size());
    let canon = Canon::new(&shape);
    let fact = |k: usize| (1..=k as u128).product::<u128>();
    // Each top band stands for the n! / (r!)^c column sets of the first stack.
    let renamings = fact(n) / fact(r).pow(c as u32);
    let total = which.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let whole: Vec<AtomicBool> = which.iter().map(|_| AtomicBool::new(false)).collect();
    let states = States::new();
    let sum = Mutex::new((0u128, true, 0u64));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, total.max(1)) {
            scope.spawn(|| {
                let mut counter = Counter {
                    shape: &shape,
                    canon: &canon,
                    memo: &states,
                    nodes: 0,
                    next_look: 0,
                    published: 0,
                    watch,
                    // Split across threads, the node limit may be passed by a class per thread.
                    budget,
                    stopped: false,
                };
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= total || counter.stop() {
                        break;
                    }
                    let piece = &which[k];
                    let (state, weight) = &plan.classes()[piece.class];
                    let before = counter.nodes;
                    let below = counter.count(state, c - 1, piece.first.as_ref());
                    let grids = below.saturating_mul(*weight);
                    watch.add(
                        counter.nodes - counter.published,
                        grids.saturating_mul(renamings),
                    );
                    counter.published = counter.nodes;
                    let mut sum = sum.lock().expect("no thread panics holding it");
                    sum.0 = sum.0.saturating_add(grids);
                    sum.2 += counter.nodes - before;
                    if counter.stopped {
                        sum.1 = false;
                        break;
                    }
                    whole[k].store(true, Ordering::Relaxed);
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    watch.raise_explored(finished as f64 / total as f64);
                }
            });
        }
    });
    let (below, mut complete, nodes) = sum.into_inner().expect("no thread panicked");
    let finished = done.load(Ordering::Relaxed);
    if finished < total {
        complete = false;
    }
    let counted = BandCount {
        count: below.saturating_mul(renamings),
        complete,
        nodes,
        classes: plan.classes().len(),
        finished,
    };
    (
        counted,
        whole.into_iter().map(AtomicBool::into_inner).collect(),
    )
}

/// The grids below `state`: the ways to fill the bands left when column `j` still needs the
/// digits of `state[j]` (bit `d` for digit `d`, `k * r` of them with `k` bands left, as the
/// bands above leave them), counted on this thread without limit. The grids whose top band is
/// given are counted by the state it leaves.
///
/// ```
/// use sudokux::sudoku::bands::{below, Shape};
///
/// // 6x6 with 2x3 boxes (digits 0 to 5 here), the top band 012345 / 345012: each column
/// // needs the four digits the band leaves it.
/// let shape = Shape { rows: 2, cols: 3 };
/// let top = [[0, 1, 2, 3, 4, 5], [3, 4, 5, 0, 1, 2]];
/// let state: Vec<u32> = (0..6)
///     .map(|j| 0b111111 & !(1 << top[0][j] | 1 << top[1][j]))
///     .collect();
/// assert_eq!(below(&shape, &state), 1_408);
/// ```
pub fn below(shape: &Shape, state: &[u32]) -> u128 {
    let k = state.first().map_or(0, |s| s.count_ones() as usize) / shape.rows;
    if k == 0 || state.len() != shape.size() {
        return 0;
    }
    let canon = Canon::new(shape);
    let watch = Watch::new();
    let states = States::new();
    let mut counter = Counter {
        shape,
        canon: &canon,
        memo: &states,
        nodes: 0,
        next_look: 0,
        published: 0,
        watch: &watch,
        budget: Budget::UNLIMITED,
        stopped: false,
    };
    counter.count(state, k, None)
}

/// Nodes between two looks at the budget and the watch.
const LOOK_EVERY: u64 = 1 << 12;

/// The count of states below the top band, with the classes already counted.
struct Counter<'a> {
    shape: &'a Shape,
    canon: &'a Canon,
    /// Grids below canonical states, shared with the count's other threads.
    memo: &'a States,
    nodes: u64,
    /// The node count at which the budget and the watch are looked at next.
    next_look: u64,
    /// Nodes already added to the watch.
    published: u64,
    watch: &'a Watch,
    budget: Budget,
    /// The budget ran out or the watch asked to stop: what was counted is a lower bound.
    stopped: bool,
}

impl Counter<'_> {
    fn stop(&mut self) -> bool {
        self.stopped =
            self.stopped || self.watch.stop_requested() || self.budget.exhausted(self.nodes);
        self.stopped
    }

    /// Grids below `state` with `k` bands left; with `first`, only those whose next band's
    /// first stack takes one of these choices (of [`stack_splits`], numbered from 0).
    fn count(&mut self, state: &[u32], k: usize, first: Option<&Range<usize>>) -> u128 {
        if k == 1 {
            self.nodes += 1;
            return u128::from(bands(self.shape, state));
        }
        let (r, c) = (self.shape.rows, self.shape.cols);
        let mut choices: Vec<Vec<u32>> = state
            .chunks(c)
            .map(|stack| stack_splits(r, stack))
            .collect();
        if let Some(first) = first {
            let end = (first.end * c).min(choices[0].len());
            choices[0] = choices[0][(first.start * c).min(end)..end].to_vec();
        }
        if choices.iter().any(Vec::is_empty) {
            return 0;
        }
        if k == 2 {
            if let Some(pair) = Pair::new(self.shape, state, &choices) {
                return self.pair(&pair);
            }
        }
        let mut band = vec![0u32; state.len()];
        self.stacks(state, k, &choices, 0, &mut band)
    }

    /// The grids of the last two bands, choice by choice of the first stack, looking at the
    /// budget and the watch between choices.
    fn pair(&mut self, pair: &Pair) -> u128 {
        let mut total = 0u128;
        for x in 0..pair.choices() {
            if self.nodes >= self.next_look {
                self.next_look = self.nodes + LOOK_EVERY;
                self.watch.add(self.nodes - self.published, 0);
                self.published = self.nodes;
                self.stop();
            }
            if self.stopped {
                break;
            }
            let row = pair.row(x);
            self.nodes += row.nodes;
            total = total.saturating_add(row.grids);
        }
        total
    }

    /// The sum over the choices of stacks `s..` (those before already in `band`).
    fn stacks(
        &mut self,
        state: &[u32],
        k: usize,
        choices: &[Vec<u32>],
        s: usize,
        band: &mut [u32],
    ) -> u128 {
        let c = self.shape.cols;
        if s == choices.len() {
            if self.nodes >= self.next_look {
                self.next_look = self.nodes + LOOK_EVERY;
                self.watch.add(self.nodes - self.published, 0);
                self.published = self.nodes;
                self.stop();
            }
            if self.stopped {
                return 0;
            }
            self.nodes += 1;
            let fitted = bands(self.shape, band);
            if fitted == 0 {
                return 0;
            }
            let rest: Vec<u32> = state
                .iter()
                .zip(band.iter())
                .map(|(&a, &b)| a ^ b)
                .collect();
            let below = if k == 2 {
                self.nodes += 1;
                u128::from(bands(self.shape, &rest))
            } else {
                let key = self.canon.of(&rest);
                match self.memo.get(&key) {
                    Some(known) => known,
                    None => {
                        let known = self.count(&key, k - 1, None);
                        if !self.stopped {
                            self.memo.insert(key, known);
                        }
                        known
                    }
                }
            };
            return u128::from(fitted).saturating_mul(below);
        }
        let mut total = 0u128;
        for choice in choices[s].chunks(c) {
            band[s * c..(s + 1) * c].copy_from_slice(choice);
            total = total.saturating_add(self.stacks(state, k, choices, s + 1, band));
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted(rows: usize, cols: usize) -> BandCount {
        count(&Shape { rows, cols }, 2, &Watch::new(), Budget::UNLIMITED)
    }

    #[test]
    fn small_grids_count_as_published() {
        assert_eq!(counted(2, 2).count, 288);
        assert_eq!(counted(2, 3).count, 28_200_960);
        let six = counted(3, 2);
        assert_eq!(six.count, 28_200_960);
        assert!(six.complete);
    }

    #[test]
    fn a_stopped_count_is_a_lower_bound() {
        let watch = Watch::new();
        watch.stop();
        let stopped = count(&Shape { rows: 2, cols: 3 }, 1, &watch, Budget::UNLIMITED);
        assert!(!stopped.complete);
        assert!(stopped.count <= 28_200_960);
    }
}
