//! Building an exact-cover problem: items, options, and the checks that keep it well formed.
//!
//! A [`Problem`] is plain data (items and options as lists of item ids). It is checked once,
//! when it is built, so that the dancing-links matrix made from it ([`crate::xc::Dlx`]) can
//! trust it without further tests in the search.

use std::fmt;
use std::num::NonZeroU32;

use thiserror::Error;

/// Identifies an item of a [`Problem`], in the order the items were added (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub u32);

/// Identifies an option of a [`Problem`], in the order the options were added (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub u32);

impl ItemId {
    /// The id as an index into per-item arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl OptionId {
    /// The id as an index into per-option arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "item {}", self.0)
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option {}", self.0)
    }
}

/// A color for a secondary item in an option (Knuth's XCC, Algorithm C): options that share a
/// colored secondary item may all be chosen as long as they give it the same color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color(NonZeroU32);

impl Color {
    /// Color number `n`, for `1 <= n < u32::MAX`.
    pub fn new(n: u32) -> Option<Color> {
        (n != u32::MAX).then_some(())?;
        NonZeroU32::new(n).map(Color)
    }

    /// The color number.
    pub fn get(self) -> u32 {
        self.0.get()
    }
}

/// Whether an item must be covered exactly once or at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one option of every solution.
    Primary,
    /// Covered by at most one option of every solution.
    Secondary,
}

/// Why a problem could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProblemError {
    /// An option names an item that was never added.
    #[error("option {option}: unknown item {item} (the problem has {items} items)")]
    UnknownItem {
        /// The option being added (0-based).
        option: usize,
        /// The item it named.
        item: u32,
        /// How many items exist.
        items: usize,
    },
    /// An option names the same item twice.
    #[error("option {option}: item {item} appears twice")]
    DuplicateItem {
        /// The option being added (0-based).
        option: usize,
        /// The repeated item.
        item: u32,
    },
    /// An option with no items at all.
    #[error("option {option} is empty")]
    EmptyOption {
        /// The option being added (0-based).
        option: usize,
    },
    /// An option made only of secondary items: no search could ever choose it.
    #[error("option {option} has no primary item")]
    NoPrimaryItem {
        /// The option being added (0-based).
        option: usize,
    },
    /// A color on a primary item: only secondary items take colors.
    #[error("option {option}: item {item} is primary and cannot take a color")]
    ColorOnPrimary {
        /// The option being added (0-based).
        option: usize,
        /// The primary item.
        item: u32,
    },
    /// A label given to two items.
    #[error("item {label} is defined twice")]
    DuplicateLabel {
        /// The label, as debug text.
        label: String,
    },
    /// An option names a label no item has.
    #[error("option {option}: unknown item {label}")]
    UnknownLabel {
        /// The option being added (0-based).
        option: usize,
        /// The label, as debug text.
        label: String,
    },
    /// The problem is larger than the 32-bit node indices of the matrix allow.
    #[error("the problem is too large: {nodes} nodes, at most {max} are supported")]
    TooLarge {
        /// Nodes the matrix would need.
        nodes: u64,
        /// The limit.
        max: u64,
    },
}

/// Adds items and options one at a time and checks each option as it comes.
///
/// # Examples
///
/// ```
/// use sudokux::xc::{CountOptions, Dlx, ProblemBuilder};
///
/// // Items a, b, c; options {a, b}, {c}, {a}, {b, c}.
/// let mut builder = ProblemBuilder::new();
/// let [a, b, c] = [builder.primary(), builder.primary(), builder.primary()];
/// builder.option([a, b]).unwrap();
/// builder.option([c]).unwrap();
/// builder.option([a]).unwrap();
/// builder.option([b, c]).unwrap();
/// let mut dlx = Dlx::new(&builder.build());
/// assert_eq!(dlx.count(CountOptions::new()).count, 2);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ProblemBuilder {
    kinds: Vec<ItemKind>,
    /// Items of all options, one option after another.
    option_items: Vec<ItemId>,
    /// Color of each entry of `option_items`, 0 for none.
    option_colors: Vec<u32>,
    /// `option_ends[k]` is the end of option `k` in `option_items`; its start is
    /// `option_ends[k - 1]` (or 0).
    option_ends: Vec<u32>,
    /// `mark[item] == stamp` while `item` is in the option being checked.
    mark: Vec<u32>,
    stamp: u32,
}

impl ProblemBuilder {
    /// A builder with no items and no options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an item to be covered exactly once.
    pub fn primary(&mut self) -> ItemId {
        self.item(ItemKind::Primary)
    }

    /// Adds an item to be covered at most once.
    pub fn secondary(&mut self) -> ItemId {
        self.item(ItemKind::Secondary)
    }

    /// Adds an item of the given kind.
    pub fn item(&mut self, kind: ItemKind) -> ItemId {
        let id = ItemId(self.kinds.len() as u32);
        self.kinds.push(kind);
        self.mark.push(0);
        id
    }

    /// Number of items added so far.
    pub fn item_count(&self) -> usize {
        self.kinds.len()
    }

    /// Number of options added so far.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    /// Adds an option covering `items` and returns its id.
    ///
    /// # Errors
    ///
    /// An unknown item, an item named twice, an empty option or an option without a primary
    /// item is refused; the builder is then unchanged.
    pub fn option<I>(&mut self, items: I) -> Result<OptionId, ProblemError>
    where
        I: IntoIterator<Item = ItemId>,
    {
        self.colored_option(items.into_iter().map(|item| (item, None)))
    }

    /// Adds an option whose secondary items may carry colors.
    ///
    /// # Errors
    ///
    /// As [`ProblemBuilder::option`], and a color on a primary item is refused.
    pub fn colored_option<I>(&mut self, items: I) -> Result<OptionId, ProblemError>
    where
        I: IntoIterator<Item = (ItemId, Option<Color>)>,
    {
        let option = self.option_ends.len();
        let start = self.option_items.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let mut has_primary = false;
        for (item, color) in items {
            let kind = self.kinds.get(item.index()).copied();
            let error = match kind {
                None => Some(ProblemError::UnknownItem {
                    option,
                    item: item.0,
                    items: self.kinds.len(),
                }),
                Some(_) if self.mark[item.index()] == self.stamp => {
                    Some(ProblemError::DuplicateItem {
                        option,
                        item: item.0,
                    })
                }
                Some(ItemKind::Primary) if color.is_some() => Some(ProblemError::ColorOnPrimary {
                    option,
                    item: item.0,
                }),
                Some(_) => None,
            };
            if let Some(error) = error {
                self.option_items.truncate(start);
                self.option_colors.truncate(start);
                return Err(error);
            }
            self.mark[item.index()] = self.stamp;
            has_primary |= kind == Some(ItemKind::Primary);
            self.option_items.push(item);
            self.option_colors.push(color.map_or(0, Color::get));
        }
        let error = if self.option_items.len() == start {
            Some(ProblemError::EmptyOption { option })
        } else if !has_primary {
            Some(ProblemError::NoPrimaryItem { option })
        } else {
            None
        };
        if let Some(error) = error {
            self.option_items.truncate(start);
            self.option_colors.truncate(start);
            return Err(error);
        }
        self.option_ends.push(self.option_items.len() as u32);
        Ok(OptionId(option as u32))
    }

    /// The finished problem.
    pub fn build(self) -> Problem {
        let colored = self.option_colors.iter().any(|&c| c != 0);
        Problem {
            kinds: self.kinds,
            option_items: self.option_items,
            option_colors: if colored {
                self.option_colors
            } else {
                Vec::new()
            },
            option_ends: self.option_ends,
        }
    }
}

/// A well-formed exact-cover problem: every option is non-empty, names known items only, each
/// at most once, and at least one primary item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    kinds: Vec<ItemKind>,
    option_items: Vec<ItemId>,
    /// Parallel to `option_items`, 0 for no color; empty when no option has a color.
    option_colors: Vec<u32>,
    option_ends: Vec<u32>,
}

impl Problem {
    /// Number of items.
    pub fn item_count(&self) -> usize {
        self.kinds.len()
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.kinds
            .iter()
            .filter(|&&k| k == ItemKind::Primary)
            .count()
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    /// Kind of an item.
    ///
    /// # Panics
    ///
    /// If `item` is not an item of this problem.
    pub fn kind(&self, item: ItemId) -> ItemKind {
        self.kinds[item.index()]
    }

    /// The items of an option, in the order they were given.
    ///
    /// # Panics
    ///
    /// If `option` is not an option of this problem.
    pub fn option(&self, option: OptionId) -> &[ItemId] {
        &self.option_items[self.range(option)]
    }

    /// The colors of an option's items, parallel to [`Problem::option`].
    ///
    /// # Panics
    ///
    /// If `option` is not an option of this problem.
    pub fn option_colors(&self, option: OptionId) -> impl Iterator<Item = Option<Color>> + '_ {
        let range = self.range(option);
        let len = range.len();
        let colors = self.option_colors.get(range).unwrap_or(&[]);
        (0..len).map(move |k| colors.get(k).and_then(|&c| Color::new(c)))
    }

    /// Whether any option gives an item a color.
    pub fn has_colors(&self) -> bool {
        !self.option_colors.is_empty()
    }

    fn range(&self, option: OptionId) -> std::ops::Range<usize> {
        let k = option.index();
        let start = if k == 0 {
            0
        } else {
            self.option_ends[k - 1] as usize
        };
        start..self.option_ends[k] as usize
    }

    /// All options in order.
    pub fn options(&self) -> impl Iterator<Item = &[ItemId]> + '_ {
        (0..self.option_count() as u32).map(|k| self.option(OptionId(k)))
    }

    /// Total number of item occurrences over all options.
    pub fn size(&self) -> usize {
        self.option_items.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_options_are_refused_and_leave_the_builder_unchanged() {
        let mut b = ProblemBuilder::new();
        let a = b.primary();
        let s = b.secondary();
        assert_eq!(
            b.option([a, ItemId(7)]),
            Err(ProblemError::UnknownItem {
                option: 0,
                item: 7,
                items: 2
            })
        );
        assert_eq!(
            b.option([a, s, a]),
            Err(ProblemError::DuplicateItem { option: 0, item: 0 })
        );
        assert_eq!(b.option([]), Err(ProblemError::EmptyOption { option: 0 }));
        assert_eq!(
            b.option([s]),
            Err(ProblemError::NoPrimaryItem { option: 0 })
        );
        assert_eq!(b.option([s, a]), Ok(OptionId(0)));
        let p = b.build();
        assert_eq!(p.option_count(), 1);
        assert_eq!(p.option(OptionId(0)), &[s, a]);
        assert_eq!(
            ProblemError::DuplicateItem { option: 3, item: 2 }.to_string(),
            "option 3: item 2 appears twice"
        );
    }
}
