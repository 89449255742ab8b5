//! Exact cover with the caller's own labels for items and options.
//!
//! [`Labelled`] wraps [`ProblemBuilder`]: items are named by any hashable value (a square of a
//! board, a word, a `String`), options carry any value, and solutions come back as references
//! to those option values, through an iterator or a visitor.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;

use super::count::options::CountOptions;
use super::dlx::Dlx;
use super::problem::{Color, ItemId, ItemKind, OptionId, ProblemBuilder, ProblemError};
use super::stats::{Count, Outcome, Stats};

/// A problem under construction whose items are labelled by `I` and options by `O`.
///
/// # Examples
///
/// ```
/// use sudokux::xc::{CountOptions, Labelled};
///
/// // Tile a 1x4 strip with monominoes and dominoes: 5 ways.
/// let mut p = Labelled::new();
/// for square in 0..4 {
///     p.primary(square).unwrap();
/// }
/// for square in 0..4 {
///     p.option(format!("mono {square}"), [square]).unwrap();
/// }
/// for square in 0..3 {
///     p.option(format!("domino {square}"), [square, square + 1]).unwrap();
/// }
/// let mut solver = p.build();
/// assert_eq!(solver.count(CountOptions::new()).count, 5);
/// let with_two_dominoes = solver.solutions().filter(|s| s.len() == 2).count();
/// assert_eq!(with_two_dominoes, 1);
/// ```
#[derive(Debug, Clone)]
pub struct Labelled<I, O> {
    builder: ProblemBuilder,
    ids: HashMap<I, ItemId>,
    items: Vec<I>,
    options: Vec<O>,
}

impl<I: Hash + Eq + Clone + Debug, O> Default for Labelled<I, O> {
    fn default() -> Self {
        Self::new()
    }
}

impl<I: Hash + Eq + Clone + Debug, O> Labelled<I, O> {
    /// An empty problem.
    pub fn new() -> Self {
        Labelled {
            builder: ProblemBuilder::new(),
            ids: HashMap::new(),
            items: Vec::new(),
            options: Vec::new(),
        }
    }

    /// Adds an item to cover exactly once.
    ///
    /// # Errors
    ///
    /// [`ProblemError::DuplicateLabel`] if the label is taken.
    pub fn primary(&mut self, label: I) -> Result<ItemId, ProblemError> {
        self.item(label, ItemKind::Primary)
    }

    /// Adds an item to cover at most once (or by options that agree on its color).
    ///
    /// # Errors
    ///
    /// [`ProblemError::DuplicateLabel`] if the label is taken.
    pub fn secondary(&mut self, label: I) -> Result<ItemId, ProblemError> {
        self.item(label, ItemKind::Secondary)
    }

    fn item(&mut self, label: I, kind: ItemKind) -> Result<ItemId, ProblemError> {
        if self.ids.contains_key(&label) {
            return Err(ProblemError::DuplicateLabel {
                label: format!("{label:?}"),
            });
        }
        let id = self.builder.item(kind);
        self.ids.insert(label.clone(), id);
        self.items.push(label);
        Ok(id)
    }

    /// The id of a labelled item.
    pub fn id(&self, label: &I) -> Option<ItemId> {
        self.ids.get(label).copied()
    }

    /// Adds an option covering the labelled items.
    ///
    /// # Errors
    ///
    /// As [`ProblemBuilder::option`], and [`ProblemError::UnknownLabel`] for a label never
    /// added.
    pub fn option<L>(&mut self, option: O, items: L) -> Result<OptionId, ProblemError>
    where
        L: IntoIterator<Item = I>,
    {
        self.colored_option(option, items.into_iter().map(|i| (i, None)))
    }

    /// Adds an option whose secondary items may carry colors.
    ///
    /// # Errors
    ///
    /// As [`Labelled::option`], and a color on a primary item.
    pub fn colored_option<L>(&mut self, option: O, items: L) -> Result<OptionId, ProblemError>
    where
        L: IntoIterator<Item = (I, Option<Color>)>,
    {
        let mut ids = Vec::new();
        for (label, color) in items {
            let id = self
                .ids
                .get(&label)
                .ok_or_else(|| ProblemError::UnknownLabel {
                    option: self.options.len(),
                    label: format!("{label:?}"),
                })?;
            ids.push((*id, color));
        }
        let id = self.builder.colored_option(ids)?;
        self.options.push(option);
        Ok(id)
    }

    /// The finished problem, ready to search.
    ///
    /// # Panics
    ///
    /// If the problem needs more nodes than 32-bit indices allow.
    pub fn build(self) -> LabelledSolver<I, O> {
        LabelledSolver {
            dlx: Dlx::new(&self.builder.build()),
            items: self.items,
            options: self.options,
        }
    }
}

/// A labelled problem ready to search; solutions are lists of option labels.
#[derive(Debug, Clone)]
pub struct LabelledSolver<I, O> {
    dlx: Dlx,
    items: Vec<I>,
    options: Vec<O>,
}

impl<I, O> LabelledSolver<I, O> {
    /// The label of an item.
    pub fn item(&self, id: ItemId) -> &I {
        &self.items[id.index()]
    }

    /// The label of an option.
    pub fn option(&self, id: OptionId) -> &O {
        &self.options[id.index()]
    }

    /// Option labels, in the order the options were added.
    pub fn options(&self) -> &[O] {
        &self.options
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.options.len()
    }

    /// The matrix, for the full API of [`Dlx`], with the option labels to read its solutions.
    pub fn parts(&mut self) -> (&mut Dlx, &[O]) {
        (&mut self.dlx, &self.options)
    }

    /// Counts solutions as `options` say; see [`Dlx::count`].
    pub fn count(&mut self, options: CountOptions<'_>) -> Count {
        self.dlx.count(options)
    }

    /// The first solution found, if any.
    pub fn first(&mut self) -> (Option<Vec<&O>>, Stats) {
        let (found, stats) = self.dlx.first();
        let options = &self.options;
        let found = found.map(|ids| ids.iter().map(|id| &options[id.index()]).collect());
        (found, stats)
    }

    /// Every solution, as an iterator of option labels.
    pub fn solutions(&mut self) -> impl Iterator<Item = Vec<&O>> + '_ {
        let options = &self.options;
        self.dlx
            .solutions()
            .map(move |ids| ids.iter().map(|id| &options[id.index()]).collect())
    }

    /// Runs a search, handing each solution's option labels to `visitor` until it breaks.
    pub fn visit(&mut self, mut visitor: impl FnMut(&[&O]) -> ControlFlow<()>) -> Outcome {
        let options = &self.options;
        let mut labels: Vec<&O> = Vec::new();
        self.dlx.visit(&mut |ids: &[OptionId]| {
            labels.clear();
            labels.extend(ids.iter().map(|id| &options[id.index()]));
            visitor(&labels)
        })
    }
}
