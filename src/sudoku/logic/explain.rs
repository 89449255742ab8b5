//! Working a puzzle through: the easiest step that applies, again and again, and what the
//! steps add up to.

use crate::sudoku::grid::Grid;
use crate::sudoku::rules::{PuzzleError, Rules};

use super::grade::Grade;
use super::mask::{bit, digits_of};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

impl State<'_> {
    /// The easiest step that applies, `None` when logic stalls (or the grid is full).
    pub fn next_step(&self) -> Option<Step> {
        if self.is_broken() {
            return None;
        }
        self.naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.locked_candidates())
            .or_else(|| self.family_step())
            .or_else(|| self.naked_subset(2))
            .or_else(|| self.hidden_subset(2))
            .or_else(|| self.naked_subset(3))
            .or_else(|| self.hidden_subset(3))
            .or_else(|| self.fish(2))
            .or_else(|| self.xy_wing())
            .or_else(|| self.naked_subset(4))
            .or_else(|| self.hidden_subset(4))
            .or_else(|| self.fish(3))
            .or_else(|| self.xyz_wing())
            .or_else(|| self.fish(4))
    }

    /// The first step a constraint family offers of its own
    /// ([`Constraint::logic`](crate::sudoku::rules::Constraint::logic)): a killer cage's sum.
    fn family_step(&self) -> Option<Step> {
        self.families
            .iter()
            .find_map(|family| family.step(&self.values, &self.candidates))
    }

    /// A guess where logic stalls: the empty cell with the fewest candidates (the first in
    /// row-major order among equals), holding the digit `solution` gives it.
    ///
    /// Returns `None` when the grid is full, or when `solution` does not fit the candidates
    /// (it is not a solution of this puzzle).
    pub fn guess(&self, solution: &Grid) -> Option<Step> {
        let p = self
            .rules
            .cells()
            .iter()
            .copied()
            .filter(|&p| self.values[p] == 0)
            .min_by_key(|&p| self.candidates[p].count_ones())?;
        let d = *solution.cells().get(p)?;
        if d == 0 || self.candidates[p] & bit(d) == 0 {
            return None;
        }
        Some(Step {
            technique: Technique::Guess,
            placements: vec![(self.cell(p), d)],
            eliminations: Vec::new(),
            units: Vec::new(),
            cells: vec![self.cell(p)],
            digits: digits_of(self.candidates[p]).collect(),
        })
    }
}

/// A puzzle worked through step by step.
#[derive(Debug, Clone)]
pub struct Explanation<'r> {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The pencil marks after the last step: the solution when solved, where logic stalled
    /// otherwise.
    pub end: State<'r>,
}

impl Explanation<'_> {
    /// Whether the steps fill the grid.
    pub fn solved(&self) -> bool {
        self.end.is_solved()
    }

    /// Whether any step is a guess.
    pub fn guessed(&self) -> bool {
        self.steps.iter().any(|s| s.technique == Technique::Guess)
    }

    /// The hardest technique used, and how many steps used it; `None` for no step.
    pub fn hardest(&self) -> Option<(Technique, usize)> {
        let hardest = self.steps.iter().map(|s| s.technique).max()?;
        let count = self.steps.iter().filter(|s| s.technique == hardest).count();
        Some((hardest, count))
    }

    /// The grade: `needs-search` unless logic alone solved the puzzle, else the level of the
    /// hardest technique, `expert` when hard techniques are used [`Grade::REPEATS`] times or
    /// more.
    pub fn grade(&self) -> Grade {
        if !self.solved() || self.guessed() {
            return Grade::NeedsSearch;
        }
        let level = self
            .steps
            .iter()
            .map(|s| s.technique.level())
            .max()
            .unwrap_or(Grade::Easy);
        let at_level = self
            .steps
            .iter()
            .filter(|s| s.technique.level() == level)
            .count();
        match level {
            Grade::Hard if at_level >= Grade::REPEATS => Grade::Expert,
            level => level,
        }
    }
}

/// Works a puzzle through with logic alone, step after step, until it is solved or no
/// technique applies.
///
/// # Errors
///
/// [`PuzzleError`] when the givens break the rules.
///
/// # Complexity
///
/// Each step looks for the easiest technique that applies, from scratch; subsets and fish
/// look at combinations of up to four cells, digits or lines. A hard 9x9 takes milliseconds.
pub fn solve_logically<'r>(
    rules: &'r Rules,
    puzzle: &Grid,
) -> Result<Explanation<'r>, PuzzleError> {
    explain(rules, puzzle, None)
}

/// As [`solve_logically`], but where logic stalls it goes on with a [`Technique::Guess`]: the
/// empty cell with the fewest candidates takes its digit from `solution`, which the caller
/// found by search (and should have proved unique), then logic resumes.
///
/// # Errors
///
/// [`PuzzleError`] when the givens break the rules.
pub fn solve_with_guesses<'r>(
    rules: &'r Rules,
    puzzle: &Grid,
    solution: &Grid,
) -> Result<Explanation<'r>, PuzzleError> {
    explain(rules, puzzle, Some(solution))
}

fn explain<'r>(
    rules: &'r Rules,
    puzzle: &Grid,
    solution: Option<&Grid>,
) -> Result<Explanation<'r>, PuzzleError> {
    let mut state = State::new(rules, puzzle)?;
    let mut steps = Vec::new();
    while !state.is_solved() {
        let step = match state.next_step() {
            Some(step) => step,
            None => match solution.and_then(|s| state.guess(s)) {
                Some(guess) if !state.is_broken() => guess,
                _ => break,
            },
        };
        state.apply(&step);
        steps.push(step);
    }
    Ok(Explanation { steps, end: state })
}

/// The difficulty of a puzzle for a person ([`Explanation::grade`] of [`solve_logically`]).
///
/// The grade means something only for a puzzle with exactly one solution: check that first
/// with an [`Engine`](crate::sudoku::engine::Engine). (Logic that fills the grid proves the
/// solution unique; a puzzle with several solutions always grades `needs-search`.)
///
/// # Errors
///
/// [`PuzzleError`] when the givens break the rules.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::logic::{grade, Grade};
/// use sudokux::sudoku::{Grid, Rules};
///
/// let puzzle = Grid::from_line(
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// )
/// .unwrap();
/// assert_eq!(grade(&Rules::classic(), &puzzle).unwrap(), Grade::NeedsSearch);
/// assert!(Grade::Easy < Grade::NeedsSearch);
/// assert_eq!("needs-search".parse::<Grade>().unwrap(), Grade::NeedsSearch);
/// ```
pub fn grade(rules: &Rules, puzzle: &Grid) -> Result<Grade, PuzzleError> {
    Ok(solve_logically(rules, puzzle)?.grade())
}
