//! Contradiction nets: a candidate whose placement, followed as a contradiction chain follows
//! it, leaves a requirement of the rules (an item of the matrix: a cell, a digit in a house, a
//! cage) two or three ways to be met, each of which breaks the rules when followed in turn.
//!
//! Where a contradiction chain follows one line of forced options to an item left empty, a
//! net branches once: `r3c6 = 1` leaves `r2c5` 4 or 7, `r2c5 = 4` leaves no way for cage 2
//! and `r2c5 = 7` none for 7 in box 2, so `r3c6 <> 1`. They are looked for where no
//! contradiction chain is found (the last technique tried), and graded as the long chains.

use super::super::mask::bits;
use super::super::matrix::{Matrix, View};
use super::super::state::State;
use super::super::step::Step;
use super::super::technique::Technique;
use super::{CutShort, Emptied, Follow, Outcome, Scratch, Ways, CHAIN_ROUNDS, LONG_CHAIN_ROUNDS};

/// Most ways left to the item a net splits.
const MAX_WAYS: usize = 3;

/// The work the nets of one step may take, whatever the caller allows: past it they find
/// nothing (as the sum chains). 40 solve `tarek-all-05` and `tarek-all-07` (a net step took
/// up to 1.5 s there); a stall with no net costs an explanation about 1 s more.
const NET_WORK: u64 = 40 * super::super::HINT_WORK;

/// What a net found: the candidate's option, the options its placement forced (in order),
/// the item it left two or three ways, and each way's contradiction (its forced options, in order,
/// and the item it left empty).
struct Net {
    start: usize,
    forced: Vec<usize>,
    item: usize,
    ways: Vec<(usize, Vec<usize>, usize)>,
}

impl State<'_> {
    /// The first candidate (in the matrix's order) whose placement, followed for
    /// [`CHAIN_ROUNDS`] rounds (with what every way left to an item rules out), leaves an item
    /// it took a way from with two or three ways left, each leading to a contradiction chain
    /// of at most [`LONG_CHAIN_ROUNDS`] rounds ([`Technique::ContradictionNet`]): only the
    /// items the placement touched are split, as a person looks there (`tarek-all-05`
    /// explained in 15.6 s instead of 18 s with every item split, 0.07 to 1.5 s a net step).
    /// `work` bounds the options visited, as for the contradiction chains; they take at most [`NET_WORK`] of it,
    /// past which they find nothing.
    pub(in crate::sudoku::logic) fn contradiction_net(
        &self,
        work: &mut u64,
    ) -> Result<Option<Step>, CutShort> {
        let given = (*work).min(NET_WORK);
        let mut own = given;
        let found = self.net_within(&mut own);
        *work -= given - own;
        match found {
            Err(CutShort) if given == NET_WORK => Ok(None),
            found => found,
        }
    }

    /// [`State::contradiction_net`] within `work`.
    fn net_within(&self, work: &mut u64) -> Result<Option<Step>, CutShort> {
        let Some((matrix, view)) = self.matrix_view() else {
            return Ok(None);
        };
        let mut outer = Scratch::new(matrix, &view, None);
        let mut inner = Scratch::new(matrix, &view, None);
        let mut seen = vec![false; matrix.items.len()];
        let mut tried = Tried::new(matrix.count);
        let ways = Ways {
            dominations: true,
            sums: None,
        };
        let starts: Vec<usize> = bits(&view.live[..matrix.cell_words()])
            .map(|o| o as usize)
            .take_while(|&o| o < matrix.cell_options)
            .collect();
        for &start in &starts {
            let mut follow = Follow::new(matrix, &view, &mut outer, ways, work, start);
            match follow.rounds(CHAIN_ROUNDS)? {
                Outcome::Settled | Outcome::Limit => {}
                Outcome::Chain(_) => continue,
                Outcome::CutShort => return Err(CutShort),
            }
            let forced: Vec<usize> = follow.forced.iter().map(|&(o, _)| o).collect();
            let after = View {
                live: outer.live.clone(),
                chosen: Vec::new(),
                covered: outer.covered.clone(),
                broken: false,
            };
            // The items the placement took a way from, uncovered: where a person looks for
            // what it leaves two or three ways.
            let mut touched: Vec<usize> = Vec::new();
            for &q in &outer.killed {
                for &i in &matrix.items_of[q as usize] {
                    let i = i as usize;
                    if !after.covered[i] && !seen[i] {
                        seen[i] = true;
                        touched.push(i);
                    }
                }
            }
            for &i in &touched {
                seen[i] = false;
            }
            touched.sort_unstable();
            inner.reset(&after);
            tried.clear();
            let found = split(matrix, &after, &touched, &mut inner, &mut tried, ways, work)?;
            if let Some((item, broken)) = found {
                let net = Net {
                    start,
                    forced,
                    item,
                    ways: broken,
                };
                return Ok(Some(self.net_step(matrix, &net)));
            }
        }
        Ok(None)
    }

    /// The step of a net: its candidate goes; the words name the item it split and the items
    /// each way left empty, then the chains (`units`: the split item, the emptied items, the
    /// placement's chain, each way's chain).
    fn net_step(&self, matrix: &Matrix, net: &Net) -> Step {
        let chain = |options: &mut dyn Iterator<Item = usize>| -> String {
            options
                .filter_map(|o| self.cell_of_option(matrix, o))
                .map(|(cell, d)| format!("{cell} = {}", self.rules.symbols().name(d)))
                .collect::<Vec<_>>()
                .join(" => ")
        };
        let mut units = vec![self.item_words(matrix, net.item)];
        units.extend(net.ways.iter().map(|w| self.item_words(matrix, w.2)));
        units.push(chain(
            &mut std::iter::once(net.start).chain(net.forced.iter().copied()),
        ));
        units.extend(
            net.ways
                .iter()
                .map(|(o, trail, _)| chain(&mut std::iter::once(*o).chain(trail.iter().copied()))),
        );
        let (cell, d) = self
            .cell_of_option(matrix, net.start)
            .expect("a net starts from a cell option");
        Step {
            technique: Technique::ContradictionNet,
            placements: Vec::new(),
            eliminations: vec![(cell, d)],
            units,
            cells: vec![cell],
            digits: vec![d],
        }
    }
}

/// What following an option as a way of a split item found, in one placement's view: the
/// work it took, and its contradiction (the forced options it needs, the item it left empty)
/// or `None` when it found none.
type Way = (u64, Option<(Vec<usize>, usize)>);

/// The ways followed in one placement's view, by option: an option is a way of several of
/// the items split (its cell, its digit in each house), and followed again in the same view
/// it does the same work and finds the same.
///
/// Invariant: `known[o]` is some only for the options listed in `set`, and then what
/// following `o` in the current view for [`LONG_CHAIN_ROUNDS`] rounds found.
struct Tried {
    known: Vec<Option<Way>>,
    set: Vec<usize>,
}

impl Tried {
    fn new(count: usize) -> Tried {
        Tried {
            known: vec![None; count],
            set: Vec::new(),
        }
    }

    /// Forgets every way: the view changed.
    fn clear(&mut self) {
        for &o in &self.set {
            self.known[o] = None;
        }
        self.set.clear();
    }
}

/// The first of `items` (uncovered in `view`) with two or three ways left each of which leads to
/// a contradiction chain of at most [`LONG_CHAIN_ROUNDS`] rounds: the item, and each way (its option, the forced options the
/// contradiction needs, the item it left empty). A way followed before in this view
/// (`tried`) is charged the work it took then and not followed again.
#[allow(clippy::type_complexity)]
fn split(
    matrix: &Matrix,
    view: &View,
    items: &[usize],
    scratch: &mut Scratch,
    tried: &mut Tried,
    ways: Ways<'_, '_>,
    work: &mut u64,
) -> Result<Option<(usize, Vec<(usize, Vec<usize>, usize)>)>, CutShort> {
    for &i in items {
        let item = &matrix.items[i];
        let mut live = item
            .options
            .iter()
            .map(|&o| o as usize)
            .filter(|&o| view.is_live(o));
        let options: Vec<usize> = live.by_ref().take(MAX_WAYS + 1).collect();
        if !(2..=MAX_WAYS).contains(&options.len()) {
            continue;
        }
        let mut broken = Vec::new();
        for &o in &options {
            if tried.known[o].is_none() {
                let before = *work;
                let found = match Follow::new(matrix, view, scratch, ways, work, o)
                    .run(LONG_CHAIN_ROUNDS)
                {
                    Outcome::Chain(chain) => match chain.emptied {
                        Emptied::Item(emptied) => Some((chain.trail, emptied)),
                        Emptied::Sum(_) => None,
                    },
                    Outcome::CutShort => return Err(CutShort),
                    Outcome::Settled | Outcome::Limit => None,
                };
                tried.known[o] = Some((before - *work, found));
                tried.set.push(o);
            } else if let Some((cost, _)) = &tried.known[o] {
                *work = work.checked_sub(*cost).ok_or(CutShort)?;
            }
            match &tried.known[o] {
                Some((_, Some((trail, emptied)))) => broken.push((o, trail.clone(), *emptied)),
                _ => break,
            }
        }
        if broken.len() == options.len() {
            return Ok(Some((i, broken)));
        }
    }
    Ok(None)
}
