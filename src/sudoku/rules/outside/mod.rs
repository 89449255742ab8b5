//! Families of clues written outside the grid: the shape of a clue facing a row or column
//! ([`clues`]: an [`OutsideKind`](clues::OutsideKind) gives a family its rule, with the
//! reference backtracker's view in `reference`), then one module per family. Little killers
//! face a diagonal instead, and have a shape of their own.

pub mod clues;
mod reference;

pub mod littlekillersum;
pub mod sandwichsum;
pub mod skyscraper;
pub mod xsum;
