//! The building blocks constraints encode themselves with: a sudoku-shaped exact cover under
//! construction.
//!
//! The [`Encoder`] starts from the classic encoding, one option per (cell, digit) holding one
//! primary item for the cell and one item per unit of the cell and digit (primary for units of
//! `n` cells, which hold every digit, secondary for smaller ones). A constraint then adds what
//! it needs:
//! - items of its own ([`Encoder::primary`], [`Encoder::secondary`]), put into cell options
//!   with [`Encoder::on`] (an item in "a holds d" and "b holds e" keeps the two apart; a
//!   colored item lets options agree on a color instead);
//! - options of its own ([`Encoder::option`]), which the search must choose alongside the
//!   cell options (a killer cage's digit sets);
//! - cell options that do not exist at all ([`Encoder::forbid`]: an odd cell has no option
//!   for an even digit);
//! - rules between two cells ([`Encoder::relation`]), one secondary item per block of
//!   forbidden digit pairs.
//!
//! Options are numbered cell options first (cell by cell in increasing position, digits in
//! increasing order, forbidden ones left out), then the constraints' own options in the order
//! they were added. [`Numbering`] maps between cell options and (position, digit).

use crate::xc::{
    Color, ItemId, ItemKind, OptionAutomaton, OptionId, OptionSum, Problem, ProblemBuilder,
};

use crate::sudoku::grid::Grid;

use crate::sudoku::rules::geometry::Geometry;
use crate::sudoku::rules::pair::Relation;
use crate::sudoku::rules::unit_index::UnitIndex;

/// An item of an option, with its color (secondary items only).
type Entry = (ItemId, Option<Color>);

/// A sudoku exact cover being built (see the module documentation).
///
/// Invariants: items `0..cells` are the cells' primary items, in increasing position; the
/// items of unit `u` and digit `d` are `unit_base[u] + d - 1`; `extra[k * n + d - 1]` holds the
/// items constraints added to the option "cell `k` holds `d`"; `allowed[k]` has bit `d - 1`
/// unless that option is forbidden.
pub struct Encoder<'r> {
    geometry: &'r Geometry,
    units: &'r UnitIndex,
    builder: ProblemBuilder,
    unit_base: Vec<u32>,
    index_of: Vec<u32>,
    extra: Vec<Vec<Entry>>,
    allowed: Vec<u64>,
    options: Vec<Vec<Entry>>,
    /// Sums the encoding holds, promised to the search (see [`Encoder::promise_sum`]).
    sums: Vec<(Vec<(usize, i64)>, i64)>,
    /// Automata the encoding holds, promised to the search (see
    /// [`Encoder::promise_automaton`]).
    automata: Vec<Automaton>,
    /// Primary items whose exclusions the search makes (see [`Encoder::promise_exclusion`]).
    exclusions: Vec<ItemId>,
    owners: Owners,
}

/// What an encoding promises the search beside its matrix: sums, automata, and the items
/// whose exclusions it makes (each as every option of the item).
#[derive(Debug, Clone, Default)]
pub struct Promises {
    /// The sums ([`Encoder::promise_sum`]).
    pub sums: Vec<OptionSum>,
    /// The automata ([`Encoder::promise_automaton`]).
    pub automata: Vec<OptionAutomaton>,
    /// The items whose exclusions the search makes ([`Encoder::promise_exclusion`]).
    pub exclusions: Vec<Vec<OptionId>>,
}

/// An automaton promised to the search: the cells at the positions and the transitions of
/// each, `(from, digit - 1, to)`.
type Automaton = (Vec<usize>, Vec<Vec<(u32, u8, u32)>>);

/// Which constraint (family and instance) made each item and forbade each cell option, for
/// the words of the logic's steps ([`Constraint::words`](crate::sudoku::rules::Constraint::words)).
///
/// Invariants: `marks` is in increasing order of first item; the items from one mark's first
/// item to the next mark's belong to its family and instance (`None`: the family as a whole);
/// items before the first mark belong to no family.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Owners {
    /// (first item, family, instance).
    pub marks: Vec<(usize, usize, Option<usize>)>,
    /// (position, digit, family, instance) of every forbidden cell option.
    pub forbidden: Vec<(usize, u8, usize, Option<usize>)>,
    /// Every sum promised ([`Encoder::promise_sum`]), in order, with who promised it.
    pub sums: Vec<Promise>,
}

/// A sum promised to the search ([`Encoder::promise_sum`]): the digits of the cells at
/// `terms` (positions, each once), times their weights, add up to `target`; `family` (its
/// index in the rule set's constraints) and `instance` promised it, as they own items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promise {
    /// The cells (positions) and their weights.
    pub terms: Vec<(usize, i64)>,
    /// What the weighted digits add up to.
    pub target: i64,
    /// The family that promised it.
    pub family: usize,
    /// Its instance, `None` for the family as a whole.
    pub instance: Option<usize>,
}

impl Owners {
    /// The family and instance that made `item`, `None` for the cells', units' and pairs'
    /// items.
    pub fn of(&self, item: usize) -> Option<(usize, Option<usize>)> {
        let k = self.marks.partition_point(|m| m.0 <= item);
        k.checked_sub(1).map(|k| (self.marks[k].1, self.marks[k].2))
    }
}

impl<'r> Encoder<'r> {
    /// The classic encoding of a shape and its units: cell items, then unit items.
    pub fn new(geometry: &'r Geometry, units: &'r UnitIndex) -> Encoder<'r> {
        let n = geometry.size();
        let mut builder = ProblemBuilder::new();
        let cells = geometry.cells();
        for _ in cells {
            builder.primary();
        }
        let mut unit_base = Vec::with_capacity(units.all().len());
        for unit in units.all() {
            let kind = if unit.cells.len() == n {
                ItemKind::Primary
            } else {
                ItemKind::Secondary
            };
            unit_base.push(builder.item_count() as u32);
            for _ in 0..n {
                builder.item(kind);
            }
        }
        let mut index_of = vec![u32::MAX; geometry.rows() * geometry.cols()];
        for (k, &p) in cells.iter().enumerate() {
            index_of[p] = k as u32;
        }
        let full = full_mask(n);
        Encoder {
            geometry,
            units,
            builder,
            unit_base,
            index_of,
            extra: vec![Vec::new(); cells.len() * n],
            allowed: vec![full; cells.len()],
            options: Vec::new(),
            sums: Vec::new(),
            automata: Vec::new(),
            exclusions: Vec::new(),
            owners: Owners::default(),
        }
    }

    /// Starts the items of family `family` (its index in the rule set's constraints): what
    /// follows belongs to the family as a whole until [`Encoder::instance`] names one.
    pub fn family(&mut self, family: usize) {
        let first = self.item_count();
        self.owners.marks.push((first, family, None));
    }

    /// Starts the items of instance `k` of the current family (its index, from 0, as
    /// [`Constraint::words`](crate::sudoku::rules::Constraint::words) takes it): the items
    /// and forbidden digits that follow are its own.
    pub fn instance(&mut self, k: usize) {
        let first = self.item_count();
        let family = self.owners.marks.last().map_or(0, |m| m.1);
        self.owners.marks.push((first, family, Some(k)));
    }

    /// Who made which item so far.
    pub fn owners(&self) -> &Owners {
        &self.owners
    }

    /// Promises the search that the digits of the cells at `terms` (positions, each once),
    /// times their weights, add up to `target`: a sum the options added already hold, which
    /// the search then keeps within bounds at every node ([`crate::xc::Dlx::add_sum`]).
    pub fn promise_sum(&mut self, terms: &[(usize, i64)], target: i64) {
        self.sums.push((terms.to_vec(), target));
        if let Some(&(_, family, instance)) = self.owners.marks.last() {
            self.owners.sums.push(Promise {
                terms: terms.to_vec(),
                target,
                family,
                instance,
            });
        }
    }

    /// [`Encoder::promise_sum`] to the search only: a sum that follows from several
    /// constraints together (sums made of sums), which no one constraint's words could name,
    /// so the logic does not reason with it.
    pub fn promise_search_sum(&mut self, terms: &[(usize, i64)], target: i64) {
        self.sums.push((terms.to_vec(), target));
    }

    /// Promises the search that the digits of the cells at `positions`, read in order, follow
    /// a path of `layers` from state 0 to the last layer (`layers[i]` the transitions `(from,
    /// digit - 1, to)` of the `i`-th cell, as in [`OptionAutomaton::layers`]): a rule the
    /// options added already hold, which the search then keeps consistent at every node
    /// ([`crate::xc::Dlx::add_automaton`]).
    pub fn promise_automaton(&mut self, positions: &[usize], layers: Vec<Vec<(u32, u8, u32)>>) {
        self.automata.push((positions.to_vec(), layers));
    }

    /// Asks the search to make the exclusions of primary item `item`
    /// ([`crate::xc::Dlx::add_exclusion`]): an option that clashes with every option left for
    /// it goes (a cell that sees every place left for a digit a line must hold loses it). An
    /// item with no option is left out.
    pub fn promise_exclusion(&mut self, item: ItemId) {
        self.exclusions.push(item);
    }

    /// The shape being encoded.
    pub fn geometry(&self) -> &'r Geometry {
        self.geometry
    }

    /// The units being encoded.
    pub fn units(&self) -> &'r UnitIndex {
        self.units
    }

    /// The items made so far.
    pub fn item_count(&self) -> usize {
        self.builder.item_count()
    }

    /// A new item that every solution covers exactly once.
    pub fn primary(&mut self) -> ItemId {
        self.builder.primary()
    }

    /// A new item that every solution covers at most once (or, with colors, in one color).
    pub fn secondary(&mut self) -> ItemId {
        self.builder.secondary()
    }

    /// The item "unit `unit` holds `digit`".
    pub fn unit_item(&self, unit: usize, digit: u8) -> ItemId {
        ItemId(self.unit_base[unit] + u32::from(digit) - 1)
    }

    /// The index of an active position among the cells.
    fn index(&self, position: usize) -> usize {
        let k = self.index_of[position];
        assert!(k != u32::MAX, "position {position} is in no sub-grid");
        k as usize
    }

    /// Puts `item` (with `color`, for a secondary item) into the option "`position` holds
    /// `digit`".
    ///
    /// # Panics
    ///
    /// If the position is in no sub-grid.
    pub fn on(&mut self, position: usize, digit: u8, item: ItemId, color: Option<Color>) {
        let n = self.geometry.size();
        let k = self.index(position);
        self.extra[k * n + digit as usize - 1].push((item, color));
    }

    /// Leaves out the option "`position` holds `digit`": no solution puts the digit there.
    pub fn forbid(&mut self, position: usize, digit: u8) {
        let k = self.index(position);
        if self.allowed[k] & 1 << (digit - 1) != 0 {
            if let Some(&(_, family, instance)) = self.owners.marks.last() {
                self.owners
                    .forbidden
                    .push((position, digit, family, instance));
            }
        }
        self.allowed[k] &= !(1 << (digit - 1));
    }

    /// Adds an option of the constraint's own, after the cell options.
    pub fn option(&mut self, items: impl IntoIterator<Item = Entry>) {
        self.options.push(items.into_iter().collect());
    }

    /// Encodes a rule between two positions: one secondary item per block of the relation,
    /// in the options of `a` for the block's first digits and of `b` for its second.
    pub fn relation(&mut self, a: usize, b: usize, relation: &Relation) {
        let n = self.geometry.size();
        for &(ds, es) in relation.blocks() {
            let item = self.secondary();
            for d in 1..=n as u8 {
                if ds >> (d - 1) & 1 == 1 {
                    self.on(a, d, item, None);
                }
            }
            for e in 1..=n as u8 {
                if es >> (e - 1) & 1 == 1 {
                    self.on(b, e, item, None);
                }
            }
        }
    }

    /// The finished problem and the numbering of its cell options.
    pub fn finish(self) -> (Problem, Numbering) {
        let (problem, numbering, _) = self.finish_with_sums();
        (problem, numbering)
    }

    /// [`Encoder::finish`], with the sums promised ([`Encoder::promise_sum`]) over the cell
    /// options, each digit `d` of a cell of weight `w` weighing `w * d`. A sum over a cell
    /// with no option left (no solution) or outside the sub-grids is left out.
    pub fn finish_with_sums(self) -> (Problem, Numbering, Vec<OptionSum>) {
        let (problem, numbering, promises) = self.finish_with_promises();
        (problem, numbering, promises.sums)
    }

    /// [`Encoder::finish_with_sums`], with the automata promised
    /// ([`Encoder::promise_automaton`]) over the cell options, digit `d` the value `d - 1`. An
    /// automaton over a cell with no option left is left out. The same for the items of
    /// [`Encoder::promise_exclusion`], each as its options.
    pub fn finish_with_promises(mut self) -> (Problem, Numbering, Promises) {
        let n = self.geometry.size();
        let cells = self.geometry.cells();
        let mut items: Vec<Entry> = Vec::new();
        // The options of the items promised exclusions, by item, as they are added.
        let mut excluded: Vec<Option<usize>> = vec![None; self.builder.item_count()];
        for (k, &i) in self.exclusions.iter().enumerate() {
            excluded[i.index()] = Some(k);
        }
        let mut exclusions = vec![Vec::new(); self.exclusions.len()];
        let mut option = 0u32;
        let mut note = |entries: &[Entry]| {
            for &(i, _) in entries {
                if let Some(k) = excluded[i.index()] {
                    exclusions[k].push(OptionId(option));
                }
            }
            option += 1;
        };
        for (k, &p) in cells.iter().enumerate() {
            for digit in 1..=n as u8 {
                if self.allowed[k] >> (digit - 1) & 1 == 0 {
                    continue;
                }
                items.clear();
                items.push((ItemId(k as u32), None));
                items.extend(
                    self.units
                        .of(p)
                        .iter()
                        .map(|&u| (ItemId(self.unit_base[u] + u32::from(digit) - 1), None)),
                );
                items.append(&mut self.extra[k * n + digit as usize - 1]);
                note(&items);
                self.builder
                    .colored_option(items.iter().copied())
                    .expect("sudoku options name distinct known items");
            }
        }
        for option in &self.options {
            note(option);
            self.builder
                .colored_option(option.iter().copied())
                .expect("constraint options name distinct known items");
        }
        let numbering = Numbering::new(self.geometry, &self.allowed);
        let sums = self
            .sums
            .iter()
            .filter_map(|(terms, target)| {
                let slots = terms
                    .iter()
                    .map(|&(p, w)| {
                        (1..=n as u8)
                            .filter_map(|d| {
                                numbering.option_of(p, d).map(|o| (o, w * i64::from(d)))
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>();
                slots
                    .iter()
                    .all(|slot| !slot.is_empty())
                    .then_some(OptionSum {
                        slots,
                        target: *target,
                    })
            })
            .collect();
        let automata = self
            .automata
            .iter()
            .filter_map(|(positions, layers)| {
                let slots: Vec<Vec<(OptionId, u8)>> = positions
                    .iter()
                    .map(|&p| {
                        (1..=n as u8)
                            .filter_map(|d| numbering.option_of(p, d).map(|o| (o, d - 1)))
                            .collect()
                    })
                    .collect();
                slots
                    .iter()
                    .all(|slot| !slot.is_empty())
                    .then(|| OptionAutomaton {
                        slots,
                        layers: layers.clone(),
                    })
            })
            .collect();
        exclusions.retain(|options| !options.is_empty());
        let promises = Promises {
            sums,
            automata,
            exclusions,
        };
        (self.builder.build(), numbering, promises)
    }
}

/// The mask of every digit of `n`.
pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// Maps grid positions and digits to the cell options of an encoding, and back.
///
/// Invariants: `first[k]` is the first option of cell `k` (cells in increasing position) and
/// `first[cells]` the number of cell options; cell `k` has one option per digit of
/// `digits[k]`, in increasing digit order; `index_of[p]` is the cell index of position `p`,
/// `u32::MAX` outside the sub-grids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbering {
    size: usize,
    rows: usize,
    cols: usize,
    index_of: Vec<u32>,
    cells: Vec<usize>,
    first: Vec<u32>,
    digits: Vec<u64>,
    /// Whether every cell has every digit (then `first[k] == k * size`).
    full: bool,
}

impl Numbering {
    fn new(geometry: &Geometry, digits: &[u64]) -> Numbering {
        let mut index_of = vec![u32::MAX; geometry.rows() * geometry.cols()];
        for (k, &p) in geometry.cells().iter().enumerate() {
            index_of[p] = k as u32;
        }
        let mut first = Vec::with_capacity(digits.len() + 1);
        let mut next = 0u32;
        for &mask in digits {
            first.push(next);
            next += mask.count_ones();
        }
        first.push(next);
        let n = geometry.size();
        Numbering {
            size: n,
            rows: geometry.rows(),
            cols: geometry.cols(),
            index_of,
            cells: geometry.cells().to_vec(),
            first,
            full: digits.iter().all(|&m| m == full_mask(n)),
            digits: digits.to_vec(),
        }
    }

    /// The option that puts `digit` (1-based) at `position`, if the position is in a sub-grid
    /// and the digit may go there at all.
    pub fn option_of(&self, position: usize, digit: u8) -> Option<OptionId> {
        let k = *self.index_of.get(position)?;
        if k == u32::MAX || digit == 0 || digit as usize > self.size {
            return None;
        }
        let k = k as usize;
        let mask = self.digits[k];
        let bit = 1u64 << (digit - 1);
        (mask & bit != 0).then(|| OptionId(self.first[k] + (mask & (bit - 1)).count_ones()))
    }

    /// The number of cell options; the constraints' own options follow them.
    pub fn cell_options(&self) -> usize {
        self.first[self.cells.len()] as usize
    }

    /// The position and digit of a cell option; `None` for a constraint's option.
    pub fn cell_digit(&self, option: OptionId) -> Option<(usize, u8)> {
        let o = option.0;
        if o as usize >= self.cell_options() {
            return None;
        }
        if self.full {
            // Every cell has all its digits: option k * n + d - 1 is (cell k, digit d).
            let (k, d) = (o as usize / self.size, o as usize % self.size);
            return Some((self.cells[k], d as u8 + 1));
        }
        let k = self.first.partition_point(|&f| f <= o) - 1;
        let mut mask = self.digits[k];
        for _ in 0..o - self.first[k] {
            mask &= mask - 1;
        }
        Some((self.cells[k], mask.trailing_zeros() as u8 + 1))
    }

    /// The grid that a set of options describes: each cell option writes its digit; other
    /// options (a constraint's own) write nothing.
    pub fn decode(&self, options: &[OptionId]) -> Grid {
        let mut cells = vec![0u8; self.rows * self.cols];
        for &option in options {
            if let Some((p, d)) = self.cell_digit(option) {
                cells[p] = d;
            }
        }
        Grid::from_area(self.rows, self.cols, cells).expect("the area's shape")
    }
}
