//! Working a puzzle through: the easiest step that applies, again and again, and what the
//! steps add up to.

use crate::sudoku::grid::Grid;
use crate::sudoku::rules::{PuzzleError, Rules};

use super::grade::Grade;
use super::mask::{bit, digits_of};
use super::rule_sums::sum_step;
use super::state::State;
use super::step::Step;
use super::technique::Technique;

/// The work [`State::next_step_within`] is given for a hint (`sudokux hint`, the server's
/// `hint`): 30 to 70 ms of contradiction chains on a 9x9 (1.5 to 3 units a nanosecond on
/// the published killers and sandwiches), so that the hint comes at once; past it the hint
/// says that its search was cut short. A stalled `sandwich_snipe_18` takes 1.55 billion,
/// the longest chain step of `tarek_all_03` 174 million.
pub const HINT_WORK: u64 = 100_000_000;

/// The line saying that the hint's search was cut short: every technique but the
/// contradiction chains was tried, and the chains within [`HINT_WORK`] (`sudokux hint`, Python's `hint`).
pub const CUT_SHORT_NOTE: &str = "note: no technique applies but the contradiction chains, \
     whose search the hint cuts short to answer at once (`sudokux explain` searches them to \
     the end)\n";

/// What the search for the next step found within a bound on its work
/// ([`State::next_step_within`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NextStep {
    /// The easiest step that applies.
    Step(Step),
    /// No technique applies: logic stalls here (or the grid is full, or broken).
    Stalled,
    /// The work ran out in the contradiction chains, the last technique tried: every other
    /// technique was tried and none applies, but a longer search may find a chain.
    CutShort,
}

impl NextStep {
    /// The step, if one was found.
    pub fn step(self) -> Option<Step> {
        match self {
            NextStep::Step(step) => Some(step),
            NextStep::Stalled | NextStep::CutShort => None,
        }
    }
}

impl State<'_> {
    /// The easiest step that applies, `None` when logic stalls (or the grid is full).
    pub fn next_step(&self) -> Option<Step> {
        self.next_step_within(u64::MAX).step()
    }

    /// The next step as a hint looks for it (`sudokux hint`, Python's `hint`): the
    /// contradiction chains within [`HINT_WORK`]. Returns the step, if one was found, and
    /// whether every technique was tried to the end (`false`: the chains were cut short).
    /// A solved grid has no step and nothing left to try.
    pub fn hint_step(&self) -> (Option<Step>, bool) {
        if self.is_solved() {
            return (None, true);
        }
        match self.next_step_within(HINT_WORK) {
            NextStep::Step(step) => (Some(step), true),
            NextStep::CutShort => (None, false),
            _ => (None, true),
        }
    }

    /// As [`State::next_step`], with the contradiction chains (tried last, the one technique
    /// whose search may be long) bounded to `work` options visited: a hint that must come
    /// at once says so when the bound cuts its search short ([`NextStep::CutShort`]). Every
    /// other technique is tried to the end.
    ///
    /// # Complexity
    ///
    /// The work counts the options the chains kill or look at in an item, and a word of bit
    /// set per option for a domination along a chain: 1.5 to 3 units a nanosecond on the
    /// published 9x9s ([`HINT_WORK`]). The other techniques take a few milliseconds.
    pub fn next_step_within(&self, work: u64) -> NextStep {
        if self.is_broken() {
            return NextStep::Stalled;
        }
        if let Some(step) = self.easier_step() {
            return NextStep::Step(step);
        }
        let mut work = work;
        let r = match self.contradiction_chain(&mut work) {
            Ok(None) => self.sum_chain(&mut work),
            r => r,
        };
        let r = match r {
            Ok(None) => self.long_contradiction_chain(&mut work),
            r => r,
        };
        let r = match r {
            Ok(None) => self.contradiction_net(&mut work),
            r => r,
        };
        match r {
            Ok(Some(step)) => NextStep::Step(step),
            Ok(None) => NextStep::Stalled,
            Err(_) => NextStep::CutShort,
        }
    }

    /// The easiest step of every technique but the contradiction chains. On classic rules
    /// (`matrix_late`) the techniques on the matrix come after every classic one.
    fn easier_step(&self) -> Option<Step> {
        let early = !self.matrix_late;
        self.naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.locked_candidates())
            .or_else(|| self.family_step())
            .or_else(|| early.then(|| self.forbidden()).flatten())
            .or_else(|| early.then(|| self.only_option()).flatten())
            .or_else(|| self.sum_rule(Technique::SumOutOfReach))
            .or_else(|| self.sum_rule(Technique::SumCombinations))
            .or_else(|| early.then(|| self.domination()).flatten())
            .or_else(|| self.naked_subset(2))
            .or_else(|| self.hidden_subset(2))
            .or_else(|| self.naked_subset(3))
            .or_else(|| self.hidden_subset(3))
            .or_else(|| self.fish(2))
            .or_else(|| self.xy_wing())
            .or_else(|| self.squeezed_neighbours())
            .or_else(|| early.then(|| self.cover(2)).flatten())
            .or_else(|| self.naked_subset(4))
            .or_else(|| self.hidden_subset(4))
            .or_else(|| self.fish(3))
            .or_else(|| self.xyz_wing())
            .or_else(|| self.fish(4))
            .or_else(|| early.then(|| self.cover(3)).flatten())
            .or_else(|| self.overlapping_sums())
            .or_else(|| self.house_sum_step())
            .or_else(|| self.family_late_step())
            .or_else(|| self.house_ordering())
            .or_else(|| self.late_matrix_step())
    }

    /// On classic rules, where every classic technique stalls: the techniques on the matrix
    /// in their order (what the classic ones already cover finds nothing new there).
    fn late_matrix_step(&self) -> Option<Step> {
        if !self.matrix_late {
            return None;
        }
        self.forbidden()
            .or_else(|| self.only_option())
            .or_else(|| self.domination())
            .or_else(|| self.cover(2))
            .or_else(|| self.cover(3))
    }

    /// The first step a constraint family offers of its own
    /// ([`Constraint::logic`](crate::sudoku::rules::Constraint::logic)): a killer cage's sum.
    fn family_step(&self) -> Option<Step> {
        self.families
            .iter()
            .find_map(|family| family.step(&self.values, &self.candidates))
    }

    /// The first harder step a constraint family offers of its own
    /// ([`Logic::late_step`](crate::sudoku::rules::constraint::Logic::late_step)): the
    /// killer cages of a house together.
    fn family_late_step(&self) -> Option<Step> {
        self.families
            .iter()
            .find_map(|family| family.late_step(&self.values, &self.candidates))
    }

    /// A sum step of `technique` ([`Technique::SumOutOfReach`]: candidates the other
    /// cells' bounds cannot make up to the target with; [`Technique::SumCombinations`]:
    /// candidates no filling of the sum's cells reaching the target uses; see
    /// [`super::rule_sums`]).
    fn sum_rule(&self, technique: Technique) -> Option<Step> {
        sum_step(
            &self.sums,
            technique,
            self.rules,
            &self.values,
            &self.candidates,
        )
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
    /// The constraints the steps do not reason with ([`unexplained`]): the steps are sound
    /// without them, but may stall where reasoning with them would go on.
    pub unexplained: Vec<String>,
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

    /// Whether [`Explanation::grade`] is the puzzle's grade: false when logic stalled and some
    /// constraint was left out of it (reasoning with it might have gone on).
    pub fn grade_is_exact(&self) -> bool {
        self.solved() || self.unexplained.is_empty()
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
    ///
    /// With [`Explanation::unexplained`] constraints the grade of a solved puzzle still holds
    /// (the steps did without them: a person needs no more), but `needs-search` only says that
    /// logic stalls without them; see [`Explanation::grade_is_exact`].
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
    Ok(explain_from(State::new(rules, puzzle)?, solution))
}

/// As [`solve_logically`] (`solution` `None`) or [`solve_with_guesses`], from a state
/// already made (the givens' pencil marks, a caller's copy of [`State::new`]).
pub fn explain_from<'r>(state: State<'r>, solution: Option<&Grid>) -> Explanation<'r> {
    let mut state = state;
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
    let unexplained = state.unexplained();
    Explanation {
        steps,
        end: state,
        unexplained,
    }
}

/// The constraints of a rule set that the human-style logic does not reason with, by name
/// (`"thermometer 1"`), family by family ([`Constraint::unexplained`]). Every step is sound
/// without them (a step only uses units, pairs and the families' own steps), so a solved
/// puzzle is solved right; but where logic stalls they might have taken it further.
///
/// None when the logic reasons on the rules' exact-cover matrix, which holds every rule
/// (all but rule sets too large for it).
///
/// [`Constraint::unexplained`]: crate::sudoku::rules::Constraint::unexplained
pub fn unexplained(rules: &Rules) -> Vec<String> {
    if super::matrix::Matrix::holds(rules) {
        return Vec::new();
    }
    let mut names = Vec::new();
    for family in rules.constraints().all() {
        family.unexplained(&mut names);
    }
    names
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
///     ".......24..3...7..41..7...6.....3.....5.9.8.....8.5...2...4...9..7...4..96.....1.",
/// )
/// .unwrap();
/// assert_eq!(grade(&Rules::classic(), &puzzle).unwrap(), Grade::NeedsSearch);
/// assert!(Grade::Easy < Grade::NeedsSearch);
/// assert_eq!("needs-search".parse::<Grade>().unwrap(), Grade::NeedsSearch);
/// ```
pub fn grade(rules: &Rules, puzzle: &Grid) -> Result<Grade, PuzzleError> {
    Ok(solve_logically(rules, puzzle)?.grade())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::file::from_toml;
    use crate::sudoku::rules::cages::cage::SUMS_LEFT_OUT;

    /// Every placement is the solution's digit and no elimination removes it.
    fn sound(explanation: &Explanation<'_>, solution: &Grid) {
        for step in &explanation.steps {
            for (cell, d) in &step.placements {
                assert_eq!(solution.get(cell.row, cell.col), *d, "{step:?}");
            }
            for (cell, d) in &step.eliminations {
                assert_ne!(solution.get(cell.row, cell.col), *d, "{step:?}");
            }
        }
    }

    /// The killer example with the logic made to leave the cage sums' own steps out (the test
    /// hook): the matrix still reasons with the sums, so nothing is left out and it stays
    /// sound.
    #[test]
    fn constraints_left_out_are_named_and_the_grade_says_what_it_means() {
        let file = from_toml(include_str!("../../../examples/killer.toml")).unwrap();
        let text = include_str!("../../../examples/killer.solution");
        let solution = Grid::from_line(text.lines().next().unwrap()).unwrap();
        let full = solve_logically(&file.rules, &file.givens).unwrap();
        assert!(full.unexplained.is_empty() && full.grade_is_exact());
        sound(&full, &solution);

        SUMS_LEFT_OUT.with(|hook| hook.set(true));
        let partial = solve_logically(&file.rules, &file.givens);
        let names = unexplained(&file.rules);
        SUMS_LEFT_OUT.with(|hook| hook.set(false));
        let partial = partial.unwrap();
        // The exact-cover matrix holds the cage sums: even without the family's own steps the
        // logic reasons with them through the generic techniques, and leaves nothing out.
        assert!(partial.unexplained.is_empty() && names.is_empty());
        sound(&partial, &solution);
        assert!(partial.grade_is_exact());
    }

    /// The killer example, which has one given, is solved by logic alone: cage combinations
    /// and the 45 rule, without a guess.
    #[test]
    fn the_killer_example_is_solved_logically() {
        let file = from_toml(include_str!("../../../examples/killer.toml")).unwrap();
        let text = include_str!("../../../examples/killer.solution");
        let solution = Grid::from_line(text.lines().next().unwrap()).unwrap();
        let explanation = solve_logically(&file.rules, &file.givens).unwrap();
        sound(&explanation, &solution);
        assert!(explanation.solved() && !explanation.guessed());
        assert_eq!(explanation.end.grid(), solution);
        assert!(explanation
            .steps
            .iter()
            .any(|s| s.technique == Technique::InniesOuties));
    }

    /// Logic that solves a puzzle without a constraint it leaves out solves it right: the
    /// grade holds (the constraint was not needed).
    #[test]
    fn a_puzzle_solved_without_a_left_out_constraint_keeps_its_grade() {
        let solution =
            "153782469624539178789614253865147392237968541491253786342876915916425837578391624";
        let solution = Grid::from_line(solution).unwrap();
        let mut givens = solution.clone();
        for p in (0..81).filter(|p| p % 3 == 1) {
            givens.set(p / 9, p % 9, 0);
        }
        let line = givens.to_line();
        let rows: Vec<&str> = (0..9).map(|r| &line[9 * r..9 * r + 9]).collect();
        let text = format!(
            "givens = \"\"\"\n{}\n\"\"\"\n[[cage]]\nsum = {}\ncells = \"r1c1 r1c2\"\n",
            rows.join("\n"),
            solution.get(0, 0) + solution.get(0, 1)
        );
        let file = from_toml(&text).unwrap();
        SUMS_LEFT_OUT.with(|hook| hook.set(true));
        let explanation = solve_logically(&file.rules, &file.givens);
        SUMS_LEFT_OUT.with(|hook| hook.set(false));
        let explanation = explanation.unwrap();
        // The exact-cover matrix holds the cage's sum, so the logic still reasons with it
        // through the generic techniques: nothing is left out.
        assert!(explanation.unexplained.is_empty());
        sound(&explanation, &solution);
        assert!(explanation.solved() && explanation.grade_is_exact());
        assert_eq!(explanation.end.grid(), solution);
    }
}
