//! How hard a puzzle is for a person: the grade, and reading a grade's name.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// How hard a puzzle is for a person: the level of the hardest technique it needs, `expert`
/// when it needs hard techniques [`Grade::REPEATS`] times or more, and `needs-search` when
/// logic alone does not solve it.
///
/// Ordered from easiest: `easy < medium < hard < expert < needs-search`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// Singles only: naked and hidden singles, and candidates the rules leave no room for
    /// (forbidden).
    Easy,
    /// Locked candidates (pointing, claiming), cage sums, naked and hidden pairs, and on
    /// the exact-cover matrix a requirement's only option and domination.
    Medium,
    /// Naked and hidden triples, X-wing, XY-wing, the 45 rule, set pairs (pairs and X-wings
    /// over any items) and contradiction chains.
    Hard,
    /// Naked and hidden quads, swordfish, jellyfish, XYZ-wing, set triples, long
    /// contradiction chains.
    Expert,
    /// Logic stalls: the puzzle needs search (or techniques this solver does not know).
    NeedsSearch,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 5] = [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Expert,
        Grade::NeedsSearch,
    ];

    /// How many steps with hard techniques make a puzzle expert.
    pub const REPEATS: usize = 3;

    /// The name: `easy`, `medium`, `hard`, `expert`, `needs-search`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
            Grade::NeedsSearch => "needs-search",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A grade name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown grade {0:?}: easy, medium, hard, expert or needs-search")]
pub struct GradeError(pub String);

impl FromStr for Grade {
    type Err = GradeError;

    /// Reads a grade's name, in any case; `needs_search` and `search` also name the last.
    fn from_str(text: &str) -> Result<Grade, GradeError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Grade::Easy),
            "medium" => Ok(Grade::Medium),
            "hard" => Ok(Grade::Hard),
            "expert" => Ok(Grade::Expert),
            "needs-search" | "needs_search" | "search" => Ok(Grade::NeedsSearch),
            _ => Err(GradeError(text.to_string())),
        }
    }
}
